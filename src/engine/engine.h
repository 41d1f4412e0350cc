// engine: the one place the stages are wired. Read the CV, build its theme, then compose,
// set and paginate it (fitting it to a page count when asked), giving a doc::Document for an
// exporter. The command line, the golden tests, the benchmark and the fuzzers all render
// through here, so they cannot drift apart.
#pragma once

#include <optional>
#include <string>

#include "core/core.h"
#include "doc/doc.h"
#include "fit/fit.h"
#include "layout/layout.h"
#include "source/source.h"

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
  source::ReadOptions read;
};

/// A rendered CV: the document and the (possibly squeezed) theme it was laid out with.
struct Rendered {
  doc::Document doc;
  layout::Theme theme;
  model::CvFile file;
};

/// The layout a request names for `file`: the request's, the file's, or classic, with the
/// place it is named (for messages about it) when it comes from the file.
struct LayoutChoice {
  std::string name;
  Span span;
};
LayoutChoice choose_layout(const model::CvFile& file, const Request& request);

/// Composes, sets and paginates a loaded CV with `theme`, fitting it to `pages` pages when
/// `pages` >= 1 (see fit::fit_to_pages). Every attempt shares one typesetter.
fit::FitResult lay_out(const model::CvFile& file, const layout::Theme& theme, int pages, Diagnostics& diags);

/// Renders a loaded CV: its theme (layouts from `dirs`), then lay_out(). nullopt when an
/// error was reported.
std::optional<Rendered> render(model::CvFile file, const Request& request, const layout::DataDirs& dirs,
                               Diagnostics& diags);

/// Reads the CV file at `path` as the request says (language, tags): what every exporter
/// starts from, so the PDF and the text exports hold the same CV.
/// Locale files come from `dirs.locales`.
std::optional<model::CvFile> load(const std::string& path, const Request& request, const layout::DataDirs& dirs,
                                  Diagnostics& diags);

/// Reads the CV file at `path` and renders it.
std::optional<Rendered> render_file(const std::string& path, const Request& request, const layout::DataDirs& dirs,
                                    Diagnostics& diags);

/// Renders a CV held in memory as if it were the file `path` (relative photos and layouts
/// resolve against its folder).
std::optional<Rendered> render_text(const std::string& text, const std::string& path, const Request& request,
                                    const layout::DataDirs& dirs, Diagnostics& diags);

}  // namespace hanji::engine
