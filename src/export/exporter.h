// export: what every output format is to the rest of hanji. A format is one Exporter: its
// names, the files it writes and how they are recognised, what it reads (the rendered
// document, the CV model or both) and the function that writes it. Each format lives in a
// folder of its own under src/export/ (export/<folder>/), which defines `const Exporter&
// <folder>_exporter()`; the build lists the folders into the registry (registry.h), where the
// command line, batch builds and the preview look formats up. Nothing here knows any format.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "image/reduced_copy.h"
#include "core/core.h"
#include "doc/doc.h"
#include "core/memo.h"
#include "model/model.h"

namespace hanji::text {
class FontService;
}

namespace hanji::exports {

/// What a format writes from.
enum class Needs : unsigned char {
  Document,  // the rendered pages (doc::Document): the CV as the PDF shows it
  Model,     // the CV's fields (model::CvFile), not typeset
  Both,
};

/// How a format's output is cut into files.
enum class Files : unsigned char {
  Paged,    // one file holding every page (a PDF): "cv.pdf: 2 pages"
  PerPage,  // a file per page: cv-1.svg, cv-2.svg, ...
  Single,   // one file without pages (text)
};

/// An output file's kind, for the rules that keep a write from replacing another kind of file
/// (cli/output.h): what messages call it, the names it may have, and how its first bytes look.
struct FileKind {
  std::string_view name;                     // "a PDF", "a Markdown file"
  std::vector<std::string_view> extensions;  // lower case, the first one written: ".md", ".markdown"
  /// True when an existing file's first bytes (up to 4 KiB) show it is of this kind.
  bool (*recognises)(std::string_view head) = nullptr;
  /// Known by its first bytes alone, whatever its name (a PDF); otherwise by its name too.
  bool known_by_content = false;
};

/// Settings of one format or another, apart from the document: each exporter reads those
/// that are its own.
/// How a PDF viewer numbers the pages from `first_page` (0-based) on, until the next label:
/// a bound application's parts each numbered from 1 as their folios are ("Cover letter 1",
/// "자기소개서 1"), not 1 to N across them.
struct PageLabel {
  enum class Style : uint8_t { Decimal, LowerRoman };
  int first_page = 0;
  Style style = Style::Decimal;
  std::string prefix;  // UTF-8, before the number
};

struct FormatOptions {
  /// PDF: the standard it meets and whether it is tagged (engine::Rendered::pdf, then the
  /// command line's --pdf-standard and --untagged).
  doc::PdfOutput pdf = {};
  /// PDF: seconds since the epoch for its dates; unset = none (SOURCE_DATE_EPOCH).
  std::optional<long long> creation_time;
  /// A warm engine's font service: fonts opened once, PDF subsets, SVG and PNG outlines and web
  /// fonts kept between documents (null: made for this document alone).
  text::FontService* fonts = nullptr;
  /// PDF: compressed streams kept between documents (a warm engine's; null: none).
  Memo<std::string, std::string>* streams = nullptr;
  /// PNG: dots per inch; 0: the format's default.
  int dpi = 0;
  /// SVG: each glyph as an outline path instead of embedded web fonts.
  bool svg_outlines = false;
  /// Where the file is written: a JSON Resume names the photo relative to it.
  std::string output_dir;
  /// PDF and PNG: photos reduced for print, made once for every output of one build (null:
  /// each output makes its own).
  image::PrintCopies* photo_copies = nullptr;
  /// PDF: the page labels (empty: none, the viewer numbers the pages 1 to N).
  std::vector<PageLabel> page_labels = {};
};

/// The pages of one part of a bound application (a letter, the CV, a 자기소개서) in the
/// document, as the engine laid them out (engine::Rendered::parts).
struct PartPages {
  model::Part part = model::Part::Cv;
  int first_page = 0;  // 0-based
  int pages = 0;
};

/// What an exporter is given: the document, the model, or both, as its Needs say (the other
/// may be null), and the parts bound in the document, in order, with their pages (given with
/// the document; a format that writes a part otherwise than as its pages, as the text format
/// writes a 자기소개서's answers ready to paste, finds it there).
struct ExportInput {
  const doc::Document* doc = nullptr;
  const model::CvFile* model = nullptr;
  std::vector<PartPages> parts = {};
};

struct Exporter {
  std::string_view name;                  // what --format takes, and the registry's key: "md"
  std::vector<std::string_view> aliases;  // other names --format takes: "markdown"
  std::string_view label;                 // what messages call the format: "PDF", "SVG", "Markdown"
  std::string_view summary;               // one line for `hanji --help`, at most 45 characters
  std::string_view media_type;            // for the preview's downloads: "text/markdown; charset=utf-8"
  FileKind file;
  Needs needs = Needs::Document;
  Files files = Files::Single;
  bool binary = false;  // never written to a terminal
  /// True for the file hanji writes when nothing else is asked for (pdf); one format is.
  bool is_default = false;
  /// Whether a file's first bytes (up to 4 KiB) show hanji wrote it: a page format's pages
  /// beyond the CV's last are removed only then. Null: never removed.
  bool (*made_by_hanji)(std::string_view head) = nullptr;
  /// The files (one, or one per page); nullopt when the format cannot be written, with
  /// `diags` saying why.
  std::optional<std::vector<std::string>> (*write)(const ExportInput& input, const FormatOptions& options,
                                                  Diagnostics& diags) = nullptr;

  bool needs_document() const { return needs != Needs::Model; }
  /// The extension written: ".md".
  std::string_view extension() const { return file.extensions.front(); }
};

/// Text as hanji writes it: UTF-8 without NUL bytes (the last character of a 4 KiB head may be
/// cut, so up to three bytes at its end are not judged). For the text formats' FileKind.
bool looks_like_text(std::string_view head);

}  // namespace hanji::exports
