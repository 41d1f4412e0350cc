// layout: themes as data. A theme is layouts/NAME.yaml (optionally `extends:` another theme),
// checked against a registry of parameters (type, default, help), with overrides from the CV
// file's `layout:` key and the command line. Produces a plain Theme.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/core.h"
#include "core/json.h"
#include "config/config.h"

namespace hanji::theme {

/// The paper sizes a layout may name: ISO A4 and A5, US Letter and US Executive.
enum class Paper { A4, Letter, A5, Executive };
enum class Align { Left, Center, Right, Justify };
/// How a paragraph's line breaks are chosen: Knuth–Plass total fit over the whole paragraph
/// (default), or first fit (each line as full as it goes; kept for comparison).
enum class LineBreaking { TotalFit, FirstFit };
/// How Korean text may break: between words only (default; an overlong word still breaks
/// between syllables) or between any two syllables.
enum class KoreanBreak { Word, Character };

/// How a section title is set off from its entries.
enum class TitleStyle {
  RuleBelow,    // a rule under the title, across the column
  RuleAfter,    // a rule continuing on the title's line, from its end to the column's edge
  RulesAround,  // the title centred, a rule on each side of it on its line
  BarBefore,    // a coloured bar in the date column before the title (moderncv)
  Plain,        // the title alone
};
/// Where an entry's dates and places go: a column on the right, or on the left (moderncv).
enum class AsideSide { Right, Left };
/// How dates print: as the locale prints them, or in one of these forms.
enum class DateFormat {
  Locale,        // English "Sept 2018", Korean "2018. 9."
  MonthYear,     // the locale's month_year: "Sept 2018", "2018년 9월"
  Dotted,        // "2018. 9."
  Words,         // the locale's date in words: "September 2018", "2018년 9월"
  Numeric,       // "09/2018"
  Year,          // "2018"
};
/// Where a region of the page stands within the margins (see Region).
enum class RegionDock { Top, Left, Right, Fill };
/// On which pages a region is.
enum class RegionPages { All, First, Rest, None };

/// A part of the page that content flows into: the page grid as data. The regions of a page
/// are docked in the order the layout declares them (setting a region's `dock` declares it
/// anew, after the others), within the margins: a `top` region
/// spans what is left of the width and is as tall as its content; a `left` or `right` one is
/// a column of `width` (or of `share` of what is left after its gap) down to the bottom
/// margin; the `fill` region takes the rest. Content goes to the first region that takes it:
/// the header, the contacts, the photo, sections by words of their title or key, and the
/// `rest` (the region that takes the rest is the main flow). A region that runs out continues
/// on the next page where it is, or in the region its `overflow` names (a second column).
struct Region {
  std::string name;
  RegionDock dock = RegionDock::Fill;
  double width = 0;   // left/right: the column's width from its margin, pt
  double share = 0;   // left/right: instead of width, this fraction of what is left after the gap
  double gap = 0;     // space between this region and the ones docked after it
  RegionPages pages = RegionPages::All;
  /// Behind the region, to the paper's edge on its outer sides, on pages where it has content
  /// (white: none).
  Rgb background{1, 1, 1};
  /// Inside the background: a column's text keeps this far from its inner edge; a top
  /// region's background reaches this far below its content.
  double padding = 0;
  /// A column's background runs to the paper's foot (true), or ends `padding` below what the
  /// column holds on the page (false).
  bool background_to_foot = true;
  /// Entries in a narrow region stand this far in from their section titles.
  double indent = 0;
  std::vector<std::string> takes;     // header, contacts, photo, rest
  std::vector<std::string> sections;  // words of section titles or keys (any case)
  std::string overflow;               // a region to continue in; empty: itself, on the next page
};

/// A photo's outline.
enum class PhotoShape { Rectangle, Rounded, Circle };

/// What an entry of one kind shows, as templates over its fields: UPPER-CASE field names
/// (POSITION, COMPANY, DATES, ...) in text with **bold** and *italic*. A separator between two
/// fields goes away with a field that is empty. `main` lines fill the wide column (the first
/// in the entry_title style, the rest in entry_subtitle); `aside` lines the date column, each
/// beside the main line of the same index; `lead` lines a narrow column `lead_width` wide left
/// of the main one (RenderCV's degree column: "PhD | Princeton University"), styled as the
/// main line they stand beside. With lead lines, everything the entry shows under its main
/// column (summary, highlights) starts where the main column does, past the lead column.
struct EntryTemplate {
  std::vector<std::string> main;
  std::vector<std::string> aside;
  std::vector<std::string> lead = {};
  double lead_width = 72 / 2.54;  // 1 cm, RenderCV's degree_width
  /// Whether the entry's summary and its highlights are shown under the lines (a RenderCV
  /// template without SUMMARY or HIGHLIGHTS leaves them out).
  bool summary = true;
  bool highlights = true;
};

/// A section set as a ruled table, one row per entry (the Korean 이력서 form): a header row
/// of `headers`, and cells filled from the entry templates in `cells`, `widths` apart
/// (relative). Headers may be written "한국어|English": the CV's language picks one. No cells:
/// the section is not a table.
struct TableTemplate {
  std::vector<std::string> headers;
  std::vector<std::string> cells;
  std::vector<double> widths;
};

/// Font files (absolute paths) for one family. Missing styles fall back: bold_italic -> bold,
/// italic -> regular (Hangul has no italics; emphasis becomes colour).
struct FontFaces {
  std::string regular, bold, italic, bold_italic;
};

struct Fonts {
  FontFaces hangul;                   // Hangul syllables and jamo, Hanja, CJK punctuation
  FontFaces latin;                    // Latin letters, digits and Latin punctuation
  std::vector<std::string> fallback;  // regular faces tried in order for anything else (symbols)
  /// hanji's own faces for scripts the layout's fonts may lack (Hebrew, Arabic): tried after
  /// the fallbacks, in the style asked for (bold for a bold role).
  std::vector<FontFaces> scripts;
  std::string mono;                   // `code` in the text; empty: the Latin face
  double latin_scale = 1.0;           // Latin drawn at size * latin_scale
  double latin_baseline = 0.0;        // Latin baseline shift, em of the nominal size (negative = down)
};

/// One text role (name, body, section title, ...). Sizes are nominal (Hangul) sizes in pt.
struct TextStyle {
  double size = 10;
  bool bold = false;
  bool italic = false;        // Latin only
  Rgb color;
  double line_height = 1.35;  // baseline-to-baseline distance as a multiple of size
  bool small_caps = false;    // the Latin font's own small capitals (smcp), where it has them
};

/// All values a layout may set. Lengths are in PostScript points.
struct Theme {
  std::string id;  // the layout's file stem, e.g. "classic"
  std::string description;

  // page
  Paper paper = Paper::A4;
  double page_width = 595.276, page_height = 841.89;
  double margin_top = 51, margin_bottom = 51, margin_left = 54, margin_right = 54;

  Fonts fonts;
  Rgb link_color;
  /// Hangul has no italics: Hangul inside *emphasis* is drawn upright in this colour instead.
  Rgb emphasis_color{0.12, 0.23, 0.37};

  // text roles
  TextStyle name, headline, contact, section_title, entry_title, entry_subtitle, body, aside, footer;
  /// The last word of a Latin name in a two-tone header (header.two_tone_name).
  TextStyle name_accent;
  /// The date column's lines after its first (the first is `aside`).
  TextStyle aside_detail;

  // header
  Align header_align = Align::Center;
  /// The header in two columns: the name and headline on the left, the contacts one per line
  /// on the right (a letterhead), instead of stacked.
  bool header_split = false;
  double header_contacts_width = 170;  // the contacts' column in a split header
  /// The name, headline and contacts beside a photo (RenderCV aligns them there as elsewhere).
  Align header_align_beside_photo = Align::Left;
  std::string contact_separator = "  |  ";
  double headline_space = 2;       // between name and headline
  double contact_space = 4;        // between headline and the contact line
  double header_space_below = 14;  // after the header
  double photo_width = 85;         // 3 cm
  bool photo_right = true;
  double photo_gap = 14;           // between the photo and the text beside it
  PhotoShape photo_shape = PhotoShape::Rectangle;
  /// A title above everything, centred ("이 력 서|Résumé"); empty: none.
  std::string document_title;
  /// The header as a table of labelled rows beside the photo (인적사항) instead of a name
  /// over a contact line. Labels in order: name, location, e-mail, phone, website, headline
  /// (social networks are labelled with their own names).
  bool header_table = false;
  std::vector<std::string> header_table_labels{"성명|Name",        "주소|Address",    "이메일|E-mail",
                                               "연락처|Phone",     "웹사이트|Website", "희망 직무|Profile"};
  /// An icon before each contact (from an icon font in fonts.fallback, e.g. ForkAwesome.ttf).
  bool contact_icons = false;
  Rgb icon_color;
  /// A Latin name of two or more words: the last one in the name_accent style (Awesome-CV).
  bool two_tone_name = false;
  /// Contacts as links (mailto:, tel:, the profile's address); false: plain text.
  bool contact_links = true;
  /// Social networks shown by their username ("jane") rather than their address.
  bool social_usernames = false;

  // sections
  bool section_rule = true;        // false: TitleStyle::Plain whatever title_style says
  TitleStyle section_title_style = TitleStyle::RuleBelow;
  /// The first letters of each section title in this colour (Awesome-CV's "Exp|erience"):
  /// section_accent_letters Latin letters, or one Hangul syllable. 0 = none.
  int section_accent_letters = 0;
  Rgb section_accent_color;
  double section_rule_thickness = 0.6;
  Rgb section_rule_color;
  double section_rule_gap = 3;      // title baseline area to rule
  double section_space_above = 14;
  double section_space_below = 6;   // rule to the first entry

  // entries
  double entry_space = 9;        // between regular entries
  double text_entry_space = 4;   // between text, bullet, one-line entries
  double aside_width = 120;      // the date/location column
  double column_gap = 12;
  double summary_space = 2;      // title block to summary / highlights
  std::string bullet = "\u2022";
  double highlight_indent = 12;  // left edge of highlight text, from the text column
  double highlight_space = 1.5;  // between highlights
  double nested_indent = 12;     // extra indent of nested highlights
  double summary_indent = 0;     // extra indent of an entry's summary
  /// A right-hand date column beside the whole entry: summary and highlights stay in the
  /// title's column (RenderCV's short_second_row) instead of running full width below.
  bool short_rows = false;
  /// An entry never breaks across pages (one taller than a page still continues).
  bool keep_entries_together = false;
  /// An entry may break wherever the page ends (only its title keeps the first line below
  /// it), as RenderCV's allow_page_break lets it; otherwise one that fits on a page moves
  /// whole to the next.
  bool split_entries = false;
  bool bold_owner_in_authors = true;  // publications: the CV owner's name in bold
  std::string nested_bullet = "\u25E6";  // ◦
  AsideSide aside_side = AsideSide::Right;
  /// Section titles centred whatever their rules (rules-around always centres them).
  bool section_title_centered = false;
  /// Alignment of the date and place column's lines.
  Align aside_align = Align::Right;
  /// The order of sections by their entries' type ("education", "experience", "one-line",
  /// ... "text"), as a form puts them (the 이력서: education, then work history, then
  /// certificates, then the self-introduction); sections of a type not listed come after, and
  /// sections of one type keep the CV's order. Empty: the CV's order.
  std::vector<std::string> section_order;
  /// The layout's own titles for sections by key, as "key: 한국어|English" (a form's 자기소개
  /// for `summary`); a title the CV writes itself stays as written.
  std::vector<std::string> section_titles;
  /// Sections (by title, any case, or their key: "experience") whose dated entries show how
  /// long they lasted in the date column ("2 yrs 3 mos").
  std::vector<std::string> time_spans_in;
  DateFormat date_format = DateFormat::Locale;
  std::string range_separator;  // between two dates ("2018. 3. ~ 2023. 5."); empty: the locale's
  /// Per entry kind: what goes where (see EntryTemplate).
  EntryTemplate experience_template{{"POSITION", "COMPANY"}, {"DATES", "LOCATION"}};
  EntryTemplate education_template{{"INSTITUTION", "DEGREE_WITH_AREA"}, {"DATES", "LOCATION"}};
  EntryTemplate normal_template{{"NAME"}, {"DATES", "LOCATION"}};
  EntryTemplate publication_template{{"TITLE", "AUTHORS", "JOURNAL, DOI, URL"}, {"DATES"}};
  std::string one_line_template = "**LABEL:** DETAILS";
  /// A timeline: with dates on the left, a rule in the gap between the dates and the text down
  /// each dated section, with a dot at each entry's first line.
  bool timeline = false;
  Rgb timeline_color{0.12, 0.23, 0.37};
  double timeline_thickness = 0.8;
  double timeline_dot = 5;
  /// Sections of one-line entries (skills, languages) set in this many columns, the entries
  /// side by side row by row: a matrix (1 or 2).
  int one_line_columns = 1;
  /// Publications numbered ("1." hanging in the margin), as academic CVs list them.
  bool number_publications = false;
  /// Per entry kind: set the section as a table instead (see TableTemplate).
  TableTemplate experience_table, education_table, normal_table, publication_table, one_line_table;
  Rgb table_rule_color{0.35, 0.35, 0.35};
  Rgb table_header_fill{0.93, 0.93, 0.93};
  double table_rule = 0.4;   // inner rules
  double table_frame = 1.0;  // the outer frame
  double table_padding = 4;  // inside a cell, each side

  // paragraphs
  Align body_align = Align::Left;
  /// Per kind of block; unset = body_align. Summaries, highlights, and text entries (the
  /// paragraphs of e.g. a 자기소개 section) can be justified while the rest stays ragged.
  std::optional<Align> summary_align, highlight_align, text_align;
  LineBreaking line_breaking = LineBreaking::TotalFit;
  /// English hyphenation (libhyphen, en-US patterns), opt-in; never Korean, names, URLs,
  /// code-like or CamelCase tokens.
  bool hyphenate = false;
  /// A thin rule under the text of every link, in the link's colour.
  bool underline_links = false;
  /// A small arrow after every link in the text (RenderCV's links.show_external_link_icon),
  /// from the icon font, which is added to fonts.fallback when missing; it reads as nothing.
  bool link_icon = false;
  KoreanBreak korean_break = KoreanBreak::Word;
  double hangul_latin_gap = 0;   // em, inserted as positioning between Hangul and Latin

  // fitting the CV to a number of pages (--fit-pages N or fit_pages: N)
  int fit_pages = 0;                  // 0 = no fitting
  double fit_min_font_scale = 0.9;    // text sizes may shrink down to this fraction
  double fit_min_leading_scale = 0.92;  // line heights (as multiples of size) down to this fraction
  double fit_min_space_scale = 0.5;   // vertical spaces down to this fraction
  double fit_min_margin = 34;         // margins may shrink to this (pt; 12 mm), never below
  /// Unasked, tighten a little (a third of the way to the bounds above, at most) when that
  /// spares a last page holding less than a quarter of a page.
  bool fit_spare_last_page = true;

  // the page grid: where content goes (see Region); a layout without regions has one
  std::vector<Region> regions{Region{"main", RegionDock::Fill, 0, 0, 0, RegionPages::All, {1, 1, 1}, 0, true, 0, {"rest"}, {}, {}}};

  // footer
  bool page_numbers = true;      // "N / M" when there is more than one page
  /// pdf.standard: 0 none, 1 PDF/UA-1, 2 PDF/A-2b, 3 PDF/A-2a (doc::PdfStandard's order).
  int pdf_standard = 0;
  bool pdf_tagged = true;        // pdf.tagged
  /// Set from the CV's language, not by the layout: the CV is written right to left (Hebrew,
  /// Arabic, Persian). Paragraphs take a right-to-left base direction and the pages are set as
  /// the layout's mirror image: text to the right, a side column on the other side, dates on
  /// the left.
  bool right_to_left = false;
  double footer_offset = 24;     // footer baseline above the bottom edge
  /// The footer's text: NAME, PAGE, TOTAL and LAST_UPDATED are filled in; empty: the
  /// locale's page numbers ("PAGE / TOTAL").
  std::string footer_text;
  /// A note at the top right of the first page, in the footer style ("LAST_UPDATED"); empty: none.
  std::string top_note;
  /// A closing statement after the last section, with the date (settings.current_date) and a
  /// signature line (NAME is filled in), as a Korean form ends; empty: none.
  std::string declaration;
  std::string signature;

  /// Where each value was last set (dotted key such as "page.margin_left"), for messages
  /// about values that are only wrong together (margins wider than the page).
  std::map<std::string, Span, std::less<>> value_spans;
  /// The layout files read for it, the most basic first (what `hanji watch` watches).
  std::vector<std::string> files;
};

/// Layout files parsed once and kept while they stay the same on disk (FileStamp): an
/// Engine's, shared by its threads. A file whose reading reported anything is not kept, so
/// its messages come again each time, as without the cache.
class LayoutFileCache {
 public:
  LayoutFileCache();
  ~LayoutFileCache();
  LayoutFileCache(const LayoutFileCache&) = delete;
  LayoutFileCache& operator=(const LayoutFileCache&) = delete;

  /// The layout file at `path` as read_layout_file reads it (null where that gives nothing),
  /// from the cache when unchanged. The cache and its readers share one tree, never copied.
  std::shared_ptr<const config::ConfigNode> read(const std::string& path, const Span& named_at, Diagnostics& diags);

  /// Files parsed, and reads answered from the cache, so far (tests count them).
  std::size_t parsed() const;
  std::size_t reused() const;
  MemoStats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Where hanji finds its data (layouts/ and fonts/).
struct DataDirs {
  std::string layouts;  // the built-in layouts
  std::string fonts;
  std::string locales = {};  // the locale files (locales/*.yaml)
  /// Folders searched for a layout name before the built-in ones, in order: next to the CV,
  /// then the user's ($XDG_CONFIG_HOME/hanji/layouts). A file there named like a built-in
  /// layout replaces it, and may `extends:` the built-in one of its name.
  std::vector<std::string> user_layouts = {};
  /// The CV file itself: next to it, "classic.yaml" may be the CV, never a layout to load.
  std::string cv_file = {};
  /// Where parsed layout files are kept between renders (the Engine's); null: read each time.
  LayoutFileCache* cache = nullptr;
};

/// The user's layout folder: $XDG_CONFIG_HOME/hanji/layouts, else ~/.config/hanji/layouts;
/// empty when neither variable is set.
std::string user_layouts_dir();

/// The folders searched for a CV's layout names: the CV's own folder and its layouts/
/// subfolder, then the user's layout folder.
std::vector<std::string> layout_search_dirs(const std::string& cv_path);

/// Resolves the data directories: $HANJI_DATA_DIR, then the directory of the executable and
/// its parents / share/hanji, then the source tree the binary was built from.
DataDirs find_data_dirs(const std::string& argv0);

/// Names of the layouts in the user's folders and `dirs.layouts` (file stems), sorted, each
/// with its description and where it comes from.
struct LayoutInfo {
  std::string name, description;
  std::string path;  // the file
};
std::vector<LayoutInfo> list_layouts(const DataDirs& dirs, Diagnostics& diags);

/// True for a paper size's name as a layout, a CV or --paper may give it ("a4", "letter",
/// "a5", "executive"; RenderCV's "us-letter" and "us-executive" too).
bool is_paper_name(std::string_view name);

/// What fitting a CV to fewer pages may shrink, as each parameter's one declaration in the
/// registry says: every text style's size, every style's leading, every vertical space
/// between blocks. (The margins, which have floors of their own, fitting moves itself.)
enum class FitRole { None, TextSize, Leading, VerticalSpace };
/// Multiplies every parameter of `role` in `theme` by `factor`.
void scale_parameters(Theme& theme, FitRole role, double factor);
/// The values of the parameters of `role` in `theme`, in the registry's order.
std::vector<double> parameter_values(const Theme& theme, FitRole role);

/// A region's frame on one page: where its text goes (x and width, the padding taken off) and,
/// for columns, the strip its background covers. Tops are as tall as their content, so their
/// vertical place is paginate's; columns run from `top` (below the tops) to the bottom margin.
struct RegionFrame {
  const Region* region = nullptr;
  double x = 0, width = 0;        // the text inside it
  double outer_x = 0, outer_width = 0;  // the region with its padding (and its bleed to the paper's edge)
};
/// The frames of the regions on page `page` (0-based), in docking order: the regions as
/// declared, the fill region last. A top region pushes down the ones docked after it.
std::vector<RegionFrame> region_frames(const Theme& theme, std::size_t page);
/// The region named `name`, on any page or none, or null.
const Region* find_region(const Theme& theme, std::string_view name);
/// The region that takes `what` (header, contacts, photo, rest), or null: the first one that
/// is on any page and lists it.
const Region* region_taking(const Theme& theme, std::string_view what);
/// The region a section goes to: the first whose `sections` words occur in its title or key
/// (any case), else the one that takes the rest.
const Region* region_for_section(const Theme& theme, std::string_view title, std::string_view key);
/// The region whose content a region shows: itself, or the one whose overflow reaches it.
const Region& flow_head(const Theme& theme, const Region& region);
/// The width of the text in region `name` on the first page it is on (0: no such region).
double region_text_width(const Theme& theme, std::string_view name);

/// Builds the theme: defaults, then layouts/`name`.yaml (following `extends:`), then
/// `overrides` (the CV's `layout:` values), then `paper_override` ("a4"/"letter", from the
/// command line). Font file names are resolved against dirs.fonts (or the CV's directory).
/// Unknown keys, wrong types and missing font files are errors with a location.
std::optional<Theme> load_theme(const std::string& name, const config::ConfigNode& overrides,
                                const std::string& paper_override, const DataDirs& dirs,
                                Diagnostics& diags);

/// Same, with the location of the layout name (in the CV file, or none from the command
/// line): an unknown name is reported there, and a name that is a path to a layout file of
/// one's own ("./mine.yaml", which may `extends: classic`) is relative to that file.
std::optional<Theme> load_theme(const std::string& name, const Span& name_span, const config::ConfigNode& overrides,
                                const std::string& paper_override, const DataDirs& dirs, Diagnostics& diags);

/// One layout parameter, for documentation (`hanji layouts --help`, docs generation).
struct ParameterInfo {
  std::string key;       // dotted path, e.g. "page.margin_top"
  std::string expected;  // "a length such as 12pt, 0.5in, 1cm or 18mm"
  std::string help;      // what it does
  std::string default_value;  // as a layout file writes it, when no layout sets it
};
/// Every parameter a layout file or a CV's `layout:` key may set, in classic.yaml order, with
/// the built-in value (what a layout without `extends:` starts from).
std::vector<ParameterInfo> describe_parameters();
/// The same, with the values of `values` (a loaded theme) as the defaults.
std::vector<ParameterInfo> describe_parameters(const Theme& values);

/// layouts/README.md: the layouts in `layouts` and a table of every parameter (its key, what
/// it takes, the value a layout that extends classic gets and what it does), generated from
/// the registry and classic.yaml so it cannot go stale.
std::string layout_reference(const std::vector<LayoutInfo>& layouts);

/// Whose keys a layout schema describes.
enum class LayoutSchemaFor {
  LayoutFile,   // a layout file: `description`, `extends` and the values
  CvOverrides,  // the values a CV's `layout:` map may set (the CV reader adds `name`)
};
/// The JSON Schema (draft-07) of a layout's map, generated from the parameter registry: each
/// key with its type, range or choices, default and help. The definitions it refers to
/// (#/definitions/layout.page.margin_top, ...) are added to the object `definitions`.
Json layout_schema(LayoutSchemaFor use, Json& definitions);

/// A length such as "12pt", "0.7in", "2cm", "18mm", or a bare number (points); nullopt if malformed.
std::optional<double> parse_length(std::string_view text);
/// "#1f4e79", "#333", "rgb(0, 79, 144)" or an SVG/CSS colour name; nullopt if malformed.
std::optional<Rgb> parse_color(std::string_view text);

}  // namespace hanji::theme
