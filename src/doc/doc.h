// doc: the output vocabulary. A Document is pages of positioned glyph runs, filled
// rectangles, images and link areas, plus bookmarks and metadata: everything an exporter
// (PDF, text trace) needs and nothing about how it was made. It depends only on core, so an
// exporter sees this and a font service, never the pipeline.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.h"

namespace hanji::doc {

/// A font file runs refer to, by its index in Document::fonts.
struct FontInfo {
  std::string path;
  std::string postscript_name;
  int units_per_em = 1000;
  Span origin;  // where the layout (or the CV's layout: key) names the file, for messages
  /// How far the font's lines reach above and below the baseline, in ems (hhea's ascender and
  /// descender, positive both, in the thousandths the PDF's font descriptor declares): what
  /// a text extractor (poppler) takes for the height of a word set in it.
  double ascent = 0.987, descent = 0.213;

  /// Where to report a problem with the file: where it is named, else the file itself.
  Span where() const { return origin.known() ? origin : Span{path, 0, 0}; }
};

/// One positioned glyph. Lengths in pt; x_offset/y_offset as HarfBuzz gives them (y up).
struct Glyph {
  uint32_t id = 0;       // glyph id in the original font file
  double advance = 0;    // pen advance after this glyph (includes justification and gaps)
  double x_offset = 0;
  double y_offset = 0;
  /// Byte offset into GlyphRun::text where this glyph's characters start.
  uint32_t cluster = 0;
};

/// Glyphs of one font, size and colour on one line, with the exact text they stand for.
/// Several glyphs may share a cluster (marks) and one glyph may stand for several characters
/// (ligatures): the characters of a cluster run from its offset to the next cluster's.
struct GlyphRun {
  int font = 0;        // index into Document::fonts (the typesetter's font list)
  double size = 10;    // the size the font is drawn at (Latin already scaled), pt
  double x = 0;        // pen position of the first glyph, from the paragraph's left edge, pt
  double rise = 0;     // baseline shift, pt, positive = up
  Rgb color;
  std::string text;    // UTF-8, exactly the characters these glyphs draw: the source's, a
                       // forced line break kept as an invisible space at its line's end (" "),
                       // the hyphen a hyphenated line ends with ("-")
  std::vector<Glyph> glyphs;
  std::string link;    // URI or empty
  Span span;           // source location of text[0]
  /// What text extraction should read for this run instead of `text` where a reader honours
  /// it (a PDF's /ActualText; the SVG's text layer), when a word is broken across lines (an
  /// overlong URL or Korean word, a hyphenated English word): the run holding the word's first
  /// part reads as the whole word, the runs with its other parts as nothing. So "large-" +
  /// "scale" on two lines extracts as "large-scale", "devel-" + "opment" as "development"
  /// (the inserted hyphen is the last glyph of the first part's run). Readers that do not
  /// honour it read `text`: "devel-", then "opment". An icon's run reads as "" (drawn, not text).
  std::optional<std::string> actual_text;
  /// The run ends with the hyphen of a hyphenated line end: its last glyph and the "-" that
  /// ends `text`, which the source does not have.
  bool hyphen_inserted = false;
  /// Right-to-left text (Hebrew, Arabic): its glyphs are stored in visual order, left to right
  /// as drawn, and the writer gives extractors the text in logical order beside them.
  bool right_to_left = false;
  /// Drawn, not text: a contact's icon. A tagged PDF marks it as an artifact, which a screen
  /// reader skips.
  bool decoration = false;

  double width() const;  // sum of glyph advances
};

/// A glyph run placed on a page. Coordinates in pt from the page's top-left corner, y down;
/// (x, baseline) is the pen position of the run's first glyph.
struct PlacedRun {
  GlyphRun run;
  double x = 0;
  double baseline = 0;
  /// The structure element (Document::structure) whose text this is; -1: page furniture
  /// (a page number, a running note, a bullet), which a tagged PDF marks as an artifact.
  int tag = -1;
};

/// A filled rectangle (rules, tinted panels, table borders). Top-left corner, y down;
/// `radius` > 0 rounds its corners.
struct FilledRect {
  double x = 0, y = 0, width = 0, height = 0;
  Rgb color;
  double radius = 0;
};

/// A clickable area. Top-left corner, y down.
struct LinkArea {
  double x = 0, y = 0, width = 0, height = 0;
  std::string uri;
  int tag = -1;  // the structure element whose text carries the link (-1: none)
};

/// How an image is cut to its box.
enum class ImageShape { Rectangle, Rounded, Circle };

struct PlacedImage {
  std::string path;
  double x = 0, y = 0, width = 0, height = 0;
  Span span;  // where the CV names the picture, for problems found when it is embedded
  ImageShape shape = ImageShape::Rectangle;
  int tag = -1;  // its Figure element (Document::structure); -1: decoration, an artifact
};

struct Page {
  /// Drawn first, under everything else (a tinted side column).
  std::vector<FilledRect> backgrounds;
  std::vector<PlacedRun> runs;  // in reading order
  std::vector<FilledRect> rects;
  std::vector<LinkArea> links;
  std::vector<PlacedImage> images;
  /// How far the flow reaches below the top margin on this page, pt (more than
  /// Document::flow_height only when a piece taller than a page runs past the bottom margin).
  double content_height = 0;
  /// Of that, what is drawn again at the top of the page because content goes on from the page
  /// before (a continued section's title, a table's header row): gone if that content fit
  /// there, so the fit module leaves it out of what runs past a page limit.
  double repeated_height = 0;
  /// The layout's regions (the heads of their flows) that hold content on this page, in
  /// drawing order: where a column is, and where it is not.
  std::vector<std::string> regions;
};

/// An outline entry: a title and where it points.
struct Bookmark {
  std::string title;
  int page = 0;  // 0-based
  double y = 0;  // from the top of the page
  /// 0: at the outline's top; 1: beneath the bookmark of level 0 before it (a CV's sections
  /// beneath the CV in a bound application).
  int level = 0;
};

/// What a structure element is, in the standard structure types of a tagged PDF (ISO
/// 32000-1, 14.8.4): what a screen reader announces and an extractor maps to HTML.
enum class Role : uint8_t {
  Document,
  Sect,    // a CV section: its heading and entries
  Div,     // one entry
  H1,      // the name
  H2,      // a section title
  P,
  L,       // a list (an entry's highlights)
  LI,
  Lbl,     // a list item's number ("1.")
  LBody,
  Table,
  TR,
  TH,
  TD,
  Figure,  // the photo, with alternative text
};

/// The standard structure type's name ("H1", "LBody").
const char* role_name(Role role);

/// One element of the document's logical structure. Elements are listed parents first, and
/// siblings in reading order; element 0 is the Document.
struct StructNode {
  Role role = Role::P;
  int parent = -1;          // index in Document::structure; -1 for the Document
  std::string alt;          // a Figure's alternative text
  bool row_header = false;  // a TH that labels its row (the 인적사항 table's labels), not its column
  int column_span = 1;      // a TD across this many columns (a row's details under it)
};

/// A PDF standard the file is to meet: PDF/UA-1 (accessible), PDF/A-2b (archival: looks the
/// same in years) or PDF/A-2a (archival and accessible).
enum class PdfStandard : uint8_t { None, Ua1, A2b, A2a };

/// The standard's name as the command line and the files write it ("ua-1"), and back
/// (nullopt for a name that is none of "none", "ua-1", "a-2b", "a-2a").
const char* pdf_standard_name(PdfStandard standard);
std::optional<PdfStandard> pdf_standard_named(std::string_view name);

/// How the PDF is to be written, as the layout, the CV's settings or the command line ask: the
/// PDF writer's own settings, which travel beside the document (engine::Rendered::pdf, the PDF
/// exporter's FormatOptions, pdf::Options), never in it.
struct PdfOutput {
  PdfStandard standard = PdfStandard::None;
  Span standard_span;  // where it is asked for, for a refusal's message
  bool tagged = true;  // a structure tree (turning it off saves its bytes: 5-17%)
};

/// Document information written into the PDF.
struct Metadata {
  std::string title, author, subject, keywords, language;
};

struct Document {
  double page_width = 595.276, page_height = 841.89;
  double flow_height = 0;  // the flow area between the top and bottom margins, pt
  std::vector<Page> pages;
  std::vector<Bookmark> bookmarks;
  std::vector<FontInfo> fonts;  // indexed by GlyphRun::font
  /// The rows poppler would read across a column and the main flow beside it as a table's, on
  /// every page (the layout's reading model, with its slack): a layout choosing between two
  /// placements keeps the one read column by column. Counted where a column may be filled,
  /// balances or wraps (regions.NAME.fill_with, balance, wrap_under); 0 elsewhere.
  std::size_t rows_read_across_columns = 0;
  /// Where a column balances the main flow (regions.NAME.balance): the room the two leave
  /// empty on the pages before the last, and how far apart they end on their last page (pt).
  /// A layout choosing between two placements of the columns keeps the fuller one.
  struct Balance {
    double empty_room = 0, ends_apart = 0;
  };
  std::optional<Balance> balance;
  Metadata meta;
  /// The logical structure, in reading order (empty: none known, the PDF is not tagged).
  /// Runs, images and links name their element by index.
  std::vector<StructNode> structure;
};

/// What a reader takes `run` to say: its actual text when it has one (a word broken across
/// lines reads whole in its first part, as nothing in the others; an icon reads as nothing),
/// else its characters. The SVG's text layer and the text exports read runs so.
const std::string& reads_as(const GlyphRun& run);

/// Whether words would run together between `run` and `next` (the run read after it, or null
/// at the end) without a space: `next` starts on another line, or away from where `run` ends
/// (a tab stop, another column), and neither side brings a space of its own.
bool needs_space_between(const PlacedRun& run, const PlacedRun* next);

/// A link area a file may make clickable, and its address as the file writes it (in ASCII).
struct ClickableLink {
  const LinkArea* area = nullptr;
  std::string uri;
};

/// The areas of `links` that a PDF or SVG makes clickable: those with a size and an address
/// core/links.h allows (http, https, mailto, tel). Each other address is left out with a
/// warning saying it is not linked in `medium` ("the PDF"), once for a link over several lines.
std::vector<ClickableLink> clickable_links(const std::vector<LinkArea>& links, std::string_view medium,
                                           Diagnostics& diags);

/// Moves everything on `page` by (dx, dy).
void translate(Page& page, double dx, double dy);
/// Moves the contents of `from` onto `into` (after what `into` holds).
void append(Page& into, Page from);

/// One document of several bound into one (doc::join), and the bookmark it is found by.
struct BoundPart {
  Document doc;
  std::string bookmark;  // empty: no bookmark of its own (its own bookmarks stay at the top)
};

/// The documents one after the other as one: their pages in order; fonts merged (one entry per
/// file and face) and the runs renumbered; a bookmark per part at its first page with the part's
/// own bookmarks beneath it; the structure trees under one Document element. The page size and
/// metadata are the first part's (the caller may set the metadata).
Document join(std::vector<BoundPart> parts);

/// Numbers the fonts in the order the pages first draw them and drops those no run draws:
/// a typesetter kept warm between documents loads fonts in the order of every document it
/// set, and the same CV must give the same PDF however it was made.
void number_fonts_by_first_use(Document& doc);

}  // namespace hanji::doc
