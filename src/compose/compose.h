// compose: turns the CV model and a theme into styled blocks — paragraphs of styled text,
// two-column rows, rules and spaces, with keep-together information — without any geometry
// beyond what the theme states. Inline markup (**bold**, *italic*, [text](url)) is resolved
// here, as are dates, locale phrases and entry templates. It sees the CV model, never the
// file format the CV came from.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/core.h"
#include "doc/doc.h"
#include "theme/theme.h"
#include "model/model.h"

namespace hanji::compose {

/// How a piece of text is drawn. The font family follows from the characters (Hangul or
/// Latin, see theme::Fonts); this says weight, slant, size and colour.
struct FontSpec {
  double size = 10;  // nominal size, pt
  bool bold = false;
  bool italic = false;  // Latin only
  Rgb color;
  bool small_caps = false;  // the font's own small capitals, where it has them
  /// Italic because the text says so (*emphasis*), not because its role is set in italics:
  /// Hangul, which has no italics, then takes the emphasis colour; in an italic role (a date
  /// column set in italics) it stays upright in the role's colour.
  bool emphasized = false;
  bool mono = false;  // `code`: the layout's monospaced face
  /// The Latin family: the layout's, or its role's own (fonts.roles).
  theme::LatinRole latin = theme::LatinRole::Body;

  bool operator==(const FontSpec&) const = default;
};

/// A run of text with one style. `text` is exactly what the PDF's text layer must give back.
struct Inline {
  std::string text;
  FontSpec font;
  std::string link;  // URI ("https://…", "mailto:…", "tel:…") or empty
  Span span;         // source location of the first character
  bool unbreakable = false;  // no line break inside it (one contact item)
  /// What a text extractor should read for `text` where the two differ, char for char (the
  /// quotes as typed where `text` has typographic ones); empty when it reads as `text`.
  std::string reads_as = {};
  /// A line that must wrap prefers to wrap before it: the field after a wide gap in an entry's
  /// title line (serif's "**POSITION**   *COMPANY*", harvard's "**COMPANY**   POSITION"), so
  /// that a long title puts the second field on a line of its own rather than split it.
  bool preferred_break = false;
};

/// Rules drawn on a paragraph's first line, around its text: how section titles are set off.
struct LineRules {
  enum class Kind {
    After,   // from the end of the text to the column's right edge
    Around,  // from the column's left edge to the text, and from the text to the right edge
    Before,  // a bar from the column's left edge to `bar_width`, the text after it (moderncv)
  };
  Kind kind = Kind::After;
  double thickness = 0.6;
  Rgb color;
  double gap = 6;         // between text and rule
  double bar_width = 0;   // Before: the bar's length
};

/// A bullet or number hanging to the left of a paragraph's first line: drawn so that its
/// right edge sits `gap` points left of the paragraph's indent_left.
struct Marker {
  Inline text;
  double gap = 4;
  int tag = -1;  // its Lbl element (Composition::structure): -1 for a bullet, an artifact
  /// Whether its paragraph is an item of a list; a contact's icon hangs as a bullet does but
  /// marks no item (the contacts are paragraphs, as they are in a header's line).
  bool list_item = true;
};

struct Paragraph {
  std::vector<Inline> inlines;  // "\n" inside an inline forces a line break
  theme::Align align = theme::Align::Left;
  double indent_left = 0;   // from the column's left edge, all lines
  double indent_right = 0;  // from the column's right edge
  double line_height = 13.5;  // baseline to baseline, pt
  std::optional<Marker> marker;
  bool is_name = false;     // words here are names: never hyphenate (issue 3)
  /// Lines of even length: the narrowest measure that takes no more lines (a contact line that
  /// wraps does not leave one item alone on its last line).
  bool balance = false;
  /// A paragraph that would take more than one line is set smaller, its sizes scaled down to
  /// no less than this, when one line then holds it (a long e-mail address in a narrow column);
  /// 1: at its sizes always.
  double least_scale = 1;
  /// Lines that begin with a list marker ("· ", "  – ") after a forced break hang it: the
  /// item's later lines start under its text, not under the marker (a table cell's list).
  bool hanging_markers = false;
  /// The lines after the first start this far right of indent_left (LaTeX's \hangindent): a
  /// wrapped entry title's second line sits under its text, not back at the margin.
  double hang_indent = 0;
  /// The first line is this much narrower, at its right: a title beside a one-line date, whose
  /// later lines stand below the date and take the whole measure (layout sets it).
  double first_line_inset = 0;
  std::optional<LineRules> rules;  // rules on the first line's sides (section titles)
  /// In a stack of paragraphs (a Row's main column, the text beside a photo): space above this
  /// one (not above the first); a paragraph that is a block of its own takes the block's
  /// space_before instead.
  double space_before = 0;
  Span span;
  /// What the paragraph is in the document's structure: a heading (the name, a section
  /// title) or a paragraph; a list item follows from its marker, a cell from its table.
  doc::Role role = doc::Role::P;
  /// The structure element that holds its text (Composition::structure), set once the whole
  /// CV is composed (tag_structure).
  int tag = -1;
};

/// Two columns side by side, top-aligned: `main` and `aside` (dates, places), `aside_width`
/// wide, `gap` apart, the aside on the right (or on the left with aside_left). Each column is
/// a stack of paragraphs; each aside paragraph sits beside the main paragraph of its index.
/// Main paragraphs below the last aside one take the whole width. A lead column (RenderCV's
/// degree column) stands at the main column's left edge, `lead_width` wide: each lead
/// paragraph beside the main paragraph of its index, set within its own indents; the main
/// paragraphs' indents keep them clear of it. A row reads each main paragraph whole, what stands
/// beside its lines on the left (a lead, a date on the left) before it, on the right after it.
struct Row {
  std::vector<Paragraph> main;
  std::vector<Paragraph> aside;
  std::vector<Paragraph> lead;
  double lead_width = 0;  // from the main column's left edge: the lead paragraphs' measure
  double aside_width = 120;
  double gap = 12;
  bool aside_left = false;
  /// The aside keeps aside_width even where its text is wider (a matrix's second column, whose
  /// cells must line up), instead of widening to hold a date on one line.
  bool aside_fixed = false;
  /// A row of a matrix (a section of one-line entries in two columns): the layout sizes the
  /// two columns of the matrix's consecutive rows together, to the widest cells of each
  /// (layout::matrix_aside_width), in place of aside_width's even split of the width.
  bool matrix = false;
  /// A letterhead: the first main paragraph (the name) keeps the width it needs on one line.
  /// The aside takes what is left beside it, however wide its text, and goes under the main
  /// paragraphs, flush left, when that is less than aside_width.
  bool main_first = false;
  /// Under the main paragraphs, the aside's lines run on in one paragraph, joined by this
  /// (the header's separator) where it breaks them ("\n"), `under_space` below the headline.
  std::string under_separator;
  double under_space = 0;
};

/// A horizontal rule across the column (from indent_left to the right edge).
struct Rule {
  double thickness = 0.5;
  Rgb color;
  double indent_left = 0;
};


/// An image (the photo) beside the paragraphs of the header.
struct Figure {
  std::string path;  // PNG or JPEG
  Span span;         // where the CV names it
  double width = 85, height = 113;
  doc::ImageShape shape = doc::ImageShape::Rectangle;
  bool right = true;
  std::vector<Paragraph> beside;  // text set next to the image
  double gap = 14;
  int tag = -1;  // its Figure element (Composition::structure)
};

/// A table cell: its paragraphs one under the other (a summary, then its highlights as list
/// items with their markers); none, or one with no inlines, for an empty cell.
using Cell = std::vector<Paragraph>;

/// Whether a cell has nothing to draw.
bool is_empty_cell(const Cell& cell);

/// A ruled table: a header row, then rows of cells. Columns take their widths from their
/// content; `widths` are the layout's hints (the largest marks the running text). Rows break
/// between pages whole, and a table that continues on the next page repeats its header row
/// there.
struct Table {
  std::vector<double> widths;
  std::vector<Paragraph> header;             // empty: no header row
  std::vector<std::vector<Cell>> rows;
  /// Under each row (by index; none, or an empty cell, for nothing), a cell across the whole
  /// table: an English form's duties under the row that names the job. It goes with its row.
  std::vector<Cell> below;
  /// For each row with details below it, what stands above them where they go on at the top
  /// of a page: the row's cells on one line, then the locale's word for continued ("Northwind
  /// Logistics · Senior Engineer (cont.)"): the row drawn again whole read as a second job.
  std::vector<Paragraph> below_continued;
  /// The locale's word for continued ("(cont.)", "(계속)"), set under a split row's first
  /// cell where its cells are drawn again beside the row's rest on the next page; none: not.
  Paragraph continued_mark;
  std::vector<bool> shaded_columns;          // label columns, shaded like the header
  /// A first column spanning every row that holds a photo (the 인적사항 table); the table is
  /// then kept whole on one page.
  std::optional<Figure> photo;
  double rule = 0.4, frame = 1, padding = 4;
  Rgb rule_color, fill;
};

/// Fixed vertical space (discarded at the top of a page).
struct Space {
  double height = 0;
};

/// A timeline's vertical rule in the gap left of the text: drawn down the whole block and
/// through the space above it (unless the block starts a page), so that one section's
/// entries hang on one line; an entry's first block carries a dot on its first baseline.
struct SideRule {
  double x = 0;  // the rule's centre, from the column's left edge
  double thickness = 0.8;
  Rgb color;
  double dot = 0;            // > 0: a dot of this diameter on the block's first line
  bool starts_here = false;  // the rule begins at the dot (a section's first entry)
};

struct Block {
  std::variant<Paragraph, Row, Rule, Figure, Table, Space> content;
  /// A timeline's rule beside the block (dates-on-the-left layouts with entry.timeline).
  std::optional<SideRule> side_rule;
  /// Set in a column this much narrower, its left edge this far in (the entries of a section
  /// whose title stands in a rail beside them). A side rule's x stays from the column's edge.
  double inset_left = 0;
  /// > 0: a section title set in a left rail this wide, beside the blocks after it rather than
  /// above them: its first baseline level with the next block's first line, and those blocks
  /// kept on its page until they are as tall as it (a wrapped title never hangs past its
  /// section, nor stands alone at a page's foot). It takes no height of its own.
  double rail = 0;
  /// A rail title too long for the rail wraps in it; false: it is set on a line of its own
  /// above the blocks after it, across the whole column (section.rail_overflow: above).
  bool rail_wraps = true;
  /// A section's title (section.repeat_title): the title again with the locale's word for
  /// continued, drawn above a later piece of its section that starts a page. It is page
  /// furniture, not in the document's structure: the title is read once, where it stands first.
  std::shared_ptr<const Paragraph> continued_title;
  /// A rail title's (rail > 0) drawing again on a later page: the title, then the word for
  /// continued on a line of its own below it, smaller, as the rail is too narrow to add it to the
  /// title's line. Page furniture, as continued_title is.
  std::shared_ptr<const Paragraph> rail_continued_title;
  /// Space above this block; dropped when the block starts a page.
  double space_before = 0;
  /// Never break a page between this block and the next one (section titles, entry headers).
  bool keep_with_next = false;
  /// Blocks with the same non-negative group (one entry) go on one page when they fit on one.
  int group = -1;
  /// Non-empty: an outline entry (bookmark) with this title points at this block.
  std::string bookmark;
  Span span;
  /// Which part of the CV the block belongs to, in reading order: -1 the header, then the
  /// sections in the order they are set, kClosingPart what the layout ends with; and its
  /// place among the blocks composed (the sections of a page grid's regions are set region by
  /// region, but read in this order).
  int part = -1;
  int sequence = 0;
};

/// Block::part of the closing statement and signature.
constexpr int kClosingPart = 1 << 20;

/// Document information written into the PDF.
using doc::Metadata;

/// What appears on every page besides the flow.
struct Furniture {
  bool page_numbers = true;   // footer "N / M" when there is more than one page
  std::string page_number_format = "PAGE / TOTAL";  // PAGE and TOTAL are filled in per page
  FontSpec footer_font;
  std::string top_note;  // at the top right of the first page; empty: none
  /// What the two read as where that differs (the NAME's quotes as typed); empty: as shown.
  std::string page_number_reads_as, top_note_reads_as;
};

struct Composition {
  /// The blocks of each region of the layout's page grid (theme::Region), by its name; the
  /// paginator sets each flow into its region (and the regions its overflow chains to).
  std::map<std::string, std::vector<Block>, std::less<>> flows;
  /// The region that takes the rest: the main flow.
  std::string main_flow = "main";
  Metadata meta;
  Furniture furniture;
  /// The document's logical structure (doc::Document::structure): the blocks' paragraphs,
  /// markers and figures name their elements in it.
  std::vector<doc::StructNode> structure;

  std::vector<Block>& main() { return flows[main_flow]; }
  const std::vector<Block>& main() const { return flow(main_flow); }
  /// The blocks of region `name` (none when nothing went there).
  const std::vector<Block>& flow(std::string_view name) const {
    static const std::vector<Block> kNone;
    auto it = flows.find(name);
    return it == flows.end() ? kNone : it->second;
  }
};

/// Inline markup parsed before, by text, place, style, link colour and bold keywords: a warm
/// engine composes a CV again after every edit, and most of its texts did not change. A text
/// whose parsing said anything is not kept, so its message comes again. Safe to share
/// between threads; keeps about ten CVs' texts, the least recently used going first.
class MarkupMemo {
 public:
  MarkupMemo();
  ~MarkupMemo();
  MarkupMemo(const MarkupMemo&) = delete;
  MarkupMemo& operator=(const MarkupMemo&) = delete;

  /// Texts parsed, and texts found parsed before, so far.
  std::size_t parsed() const;
  std::size_t reused() const;
  MemoStats stats() const;

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

/// The CV's sections in the order the layout gives their types (section.order), the CV's
/// order among sections of one type and for types it does not list: the order they are set in.
std::vector<const model::Section*> ordered_sections(const model::CvFile& file, const theme::Theme& theme);

/// The region each section with entries goes to with `theme` (its name), in the order they are
/// set: two themes that give the same list place the CV's sections alike.
std::vector<std::string> section_regions(const model::CvFile& file, const theme::Theme& theme);

/// Builds the block list for `file` with `theme`. Problems with content (a bad link, an
/// unterminated **) are reported as warnings with their location; nothing is dropped.
Composition compose(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags,
                    MarkupMemo* memo = nullptr);

/// Builds the blocks of `file`'s 자기소개서 (file.self_introduction, which must be set): its title,
/// the company and the applicant, then each question as a title over its answer, as the
/// layout's self_introduction group says. `counts` are the answers' counts in their limits'
/// units (the count module's, which comes after compose), shown after each question where the
/// layout shows counts; empty: none shown.
Composition compose_self_introduction(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags,
                                      MarkupMemo* memo = nullptr, const std::vector<long>& counts = {});
/// A cover letter (file.letter) on the CV's letterhead: the CV's header as the layout composes
/// it, then the recipient, date, subject, salutation, body, closing, signature and enclosures
/// as the layout's `letter:` values place them. An empty composition for a file without one.
Composition compose_letter(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags,
                           MarkupMemo* memo = nullptr);
/// The theme a letter's page is set with (compose_letter's, which the paginator must share):
/// the layout's, without a form's title over the letterhead, without the columns that take only
/// sections (a letter has none), the header's table left out for a compact letterhead.
theme::Theme letter_page_theme(const theme::Theme& theme);

/// Parses RenderCV's inline Markdown subset (**bold**, *italic*, [text](url), backslash
/// escapes) in `text` into inlines based on `base`. Spans point into the source value.
std::vector<Inline> parse_inline(const model::Text& text, const FontSpec& base, const Rgb& link_color,
                                 Diagnostics& diags);

/// The visible text of `value` with its inline markup removed (**, *, `, [label](url) ->
/// label), as bookmarks, metadata and name comparisons use it.
std::string plain_text(const std::string& value);

/// `value` with its inline markup as written, but each [text](address) linked as the PDF
/// links it (the Markdown export): an address of a scheme that is no web, mail or phone
/// address (javascript:, file:, ...) leaves its text unlinked (or, for "[](address)", the
/// address as text), and a bare host name gets https://. One grammar for both, so the
/// Markdown never links what the PDF refused.
std::string markup_linked_as_set(const std::string& value);

/// A date or date range as the locale prints it ("Sep 2023 – present", "2020. 3. – 2023. 7."),
/// or in one of the layouts' date formats.
std::string format_dates(const model::Entry& entry, const model::Locale& locale,
                         theme::DateFormat format = theme::DateFormat::Locale);

/// A date written out in the locale's words, as a form is signed: "23 November 2026",
/// "2026년 11월 23일", "2026".
std::string date_in_words(const model::Date& date, const model::Locale& locale);

/// One date the same way.
std::string format_date(const model::Date& date, const model::Locale& locale,
                        theme::DateFormat format = theme::DateFormat::Locale);

}  // namespace hanji::compose
