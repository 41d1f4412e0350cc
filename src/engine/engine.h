// engine: the one place the stages are wired. Read the CV, build its theme, then compose,
// set and paginate it (fitting it to a page count when asked), giving a doc::Document for an
// exporter. The command line (build, batch, watch), the tests, the benchmark and the fuzzers
// all render through an Engine, so they cannot drift apart.
//
// An Engine is warm: it owns every memo of the pipeline (core/memo.h: bounded, least recently
// used first, counted), the layout and locale files it parsed (while they stay the same on
// disk), pieces of CV files, parsed markup, typesetters with their shaped paragraphs (one per
// set of fonts and text settings), and the font service (each font file opened once, its
// subsets and outlines) and compressed streams the exporters take from it, so that rendering
// a CV again after an edit costs only what the edit changed plus the layout of the pages. Its threads may render at once (`build -j N`):
// each render takes a typesetter of its own from the pool and gives it back.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/core.h"
#include "doc/doc.h"
#include "fit/fit.h"
#include "theme/theme.h"
#include "readers/source.h"
#include "text/font_service.h"

namespace hanji::engine {

/// What the caller chooses over the CV file (the command line's options).
struct Request {
  /// A layout name or a path to a layout file; empty = the CV's `layout:`, else classic.
  std::string layout;
  /// "a4" or "letter" over the layout's paper; empty = the layout's.
  std::string paper;
  /// Fit on at most this many pages; 0 = as the layout says (its fit_pages).
  int fit_pages = 0;
  /// --lang and --only: which language of a bilingual CV, which tagged parts to keep.
  readers::ReadOptions read;
  /// A 자기소개서's limits are checked when the file is read (count::check_limits): an answer
  /// over its max is an error, or with `allow_over` (--allow-over: a draft; watch and serve,
  /// which render it anyway) a warning that says the same. `check_limits` false: not checked
  /// (`hanji count`, which reports them itself).
  bool allow_over = false;
  bool check_limits = true;
};

/// Where one part of a bound application (model::Part) stands in the document: for page
/// labels, and for writing each part as a file of its own.
struct PartPages {
  model::Part part = model::Part::Cv;
  int first_page = 0;  // 0-based
  int pages = 0;
};

/// A rendered CV: the document and the (possibly squeezed) theme it was laid out with.
struct Rendered {
  doc::Document doc;
  theme::Theme theme;
  model::CvFile file;
  /// How the PDF is to be written (the layout's pdf.standard and pdf.tagged, the CV's
  /// settings.pdf_standard): the PDF writer's settings, beside the document.
  doc::PdfOutput pdf = {};
  /// The parts bound in `doc` (file.parts), in order, with their pages.
  std::vector<PartPages> parts = {};
};

/// The layout a request names for `file`: the request's, the file's, or classic, with the
/// place it is named (for messages about it) when it comes from the file.
struct LayoutChoice {
  std::string name;
  Span span;
};
LayoutChoice choose_layout(const model::CvFile& file, const Request& request);

/// How much an Engine had to do from scratch and how much it found ready, for tests that
/// check it stays warm (counts, never times) and for `make bench`.
struct EngineWork {
  std::size_t renders = 0;
  /// CVs composed and paginated: a render tries several (fitting to pages, filling a column).
  std::size_t layouts = 0;
  std::size_t typesetters_made = 0, typesetters_reused = 0;
  std::size_t layout_files_parsed = 0, layout_files_reused = 0;
  std::size_t locale_files_parsed = 0, locale_files_reused = 0;
  /// Pieces of CV files (entries, list items) parsed, and found unchanged since a parse before.
  std::size_t yaml_pieces_parsed = 0, yaml_pieces_reused = 0;
  /// Shaped paragraphs the idle typesetters hold.
  std::size_t shaped_paragraphs_kept = 0;
};

/// One of an engine's memos by name ("markup", "font faces", ...) and its counts: what
/// `--trace` and `make bench` print, and what tests of a warm rebuild check.
struct MemoReport {
  std::string name;
  MemoStats stats;
};

/// How many builds an engine serves: Many (watch, serve, a batch) keeps what makes the next
/// build cheaper; One (a single `hanji build`) does not keep what only a later build would use.
enum class Builds { One, Many };

class Engine {
 public:
  /// `dirs`: the built-in layouts, fonts and locales (theme::find_data_dirs).
  explicit Engine(theme::DataDirs dirs, Builds builds = Builds::Many);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  const theme::DataDirs& dirs() const;

  /// Reads the CV file at `path` as the request says (language, tags): what every exporter
  /// starts from, so the PDF and the text exports hold the same CV. nullopt after an error.
  std::optional<model::CvFile> load(const std::string& path, const Request& request, Diagnostics& diags);
  /// The same from text in memory, read as if it were the file `path` (relative photos,
  /// layouts and locales resolve against its folder).
  std::optional<model::CvFile> load_text(const std::string& text, const std::string& path, const Request& request,
                                         Diagnostics& diags);

  /// The theme `file` is laid out with (before any fitting squeezes it): the request's
  /// layout, else the file's, else classic; names looked up beside the CV and in the user's
  /// folder before the built-in layouts. nullopt when an error was reported.
  std::optional<theme::Theme> theme_for(const model::CvFile& file, const Request& request, Diagnostics& diags);

  /// Renders a loaded CV: its theme, then lay_out(). nullopt when an error was reported.
  std::optional<Rendered> render(model::CvFile file, const Request& request, Diagnostics& diags);
  std::optional<Rendered> render_file(const std::string& path, const Request& request, Diagnostics& diags);
  std::optional<Rendered> render_text(const std::string& text, const std::string& path, const Request& request,
                                      Diagnostics& diags);

  /// Composes, sets and paginates a loaded CV with `theme`, fitting it to `pages` pages when
  /// `pages` >= 1 (see fit::fit_to_pages). Every attempt shares one typesetter.
  fit::FitResult lay_out(const model::CvFile& file, const theme::Theme& theme, int pages, Diagnostics& diags);

  /// Composes, sets and paginates the file's cover letter with `theme` as it is: a letter is
  /// never shrunk; one that runs past a page is warned about, saying by how much.
  doc::Document lay_out_letter(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags);

  /// Composes, sets and paginates the file's 자기소개서 (file.self_introduction, which must be
  /// set) with `theme`, each answer's count shown where the layout shows counts.
  doc::Document lay_out_self_introduction(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags);

  /// The files a rendered CV was made from: the CV, its design and locale files, its layout
  /// files, its photo and fonts (what `hanji watch` watches besides the locale folders).
  static std::vector<std::string> inputs_of(const Rendered& rendered);

  EngineWork work() const;

  /// Every memo the engine keeps warm things in, in pipeline order: the CV's pieces, locale and
  /// layout files, markup, shaped paragraphs and their lines (summed over the idle
  /// typesetters), font faces, subsets, glyph outlines, web fonts and compressed PDF streams.
  std::vector<MemoReport> stats() const;

  /// The font service every stage opens fonts through: shaping, the PDF's subsets, the SVG's
  /// outlines and web fonts. Pass it to the exporters (pdf::WriteMemo, svg::write_pages).
  text::FontService& fonts();
  /// Compressed PDF streams kept between builds (pdf::WriteMemo); null for an engine of one
  /// build, which would never find one again.
  Memo<std::string, std::string>* kept_streams();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hanji::engine
