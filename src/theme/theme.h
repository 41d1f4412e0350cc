// layout: themes as data. A theme is layouts/NAME.yaml (optionally `extends:` another theme),
// checked against a registry of parameters (params.def: type, range, help), with overrides from
// the CV file's `layout:` key and the command line. Produces a plain Theme. The values are all
// in the layout files: layouts/classic.yaml sets every parameter.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
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
  Rail,         // the title in a left rail beside its entries, which stand indented past it
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
/// on the next page where it is, or in the region its `overflow` names (a second column). A
/// column with nothing left to show on a page is not there, and the regions docked after it
/// take its room (layout::paginate), unless the layout chains regions by `overflow` or the
/// column keeps the grid (`keep`).
struct Region {
  std::string name;
  RegionDock dock = RegionDock::Fill;
  double width = 0;   // left/right: the column's width from its margin, pt
  double share = 0;   // left/right: instead of width, this fraction of what is left after the gap
  double gap = 0;     // space between this region and the ones docked after it
  RegionPages pages = RegionPages::All;
  /// Behind the region, to the paper's edge on its outer sides, on pages where it has content
  /// (white: none): a column's from the paper's top (or below the top regions) to its foot.
  Rgb background{1, 1, 1};
  /// Inside the background: a column's text keeps this far from its inner edge; a top
  /// region's background (a band) reaches this far below its content, and first on its page
  /// it holds its content this far below the paper's top.
  double padding = 0;
  /// Entries in a narrow region stand this far in from their section titles.
  double indent = 0;
  std::vector<std::string> takes;     // header, contacts, photo, rest
  std::vector<std::string> sections;  // words of section titles or keys (any case)
  std::string overflow;               // a region to continue in; empty: itself, on the next page
  /// A column beside the main flow that may end it: the main flow's last sections move whole
  /// to this column's foot when the two columns then end nearer each other (paginate).
  bool balance = false;
  /// A column that keeps its place on every page once it has content: on a page after its
  /// content ends it is still drawn (its background, empty) and the regions docked after it
  /// keep their measure and position, as a designer keeps a page's grid (paginate).
  bool keep = false;
  /// Words of the main flow's sections (title or key, any case) this column takes as well, one
  /// word at a time in this order, each only while the column still ends on a page it is on:
  /// when the main flow runs onto a page without the column, the column is filled with short
  /// sections (awards, honours) before the main flow takes another page, and only where
  /// poppler would not read more of the two columns as a table's rows (engine).
  std::vector<std::string> fill_with;
  /// A column the main flow goes on under: on the page where the column's content ends, the
  /// main flow takes the page's width below it, from the start of an entry or section, rather
  /// than stand narrow beside an empty foot (paginate).
  bool wrap_under = false;
};

/// A photo's outline.
enum class PhotoShape { Rectangle, Rounded, Circle };

/// Where a letter's date stands: on a line of its own after the recipient (left or right), on
/// the recipient's first line at the right (Awesome-CV), or before the signature (a Korean letter).
enum class LetterDate { Left, Right, Beside, Closing };

/// How the header shows phone numbers: as the CV writes them, or formatted (RenderCV's forms).
enum class PhoneFormat { AsWritten, National, International, E164 };

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
  double lead_width{};
  /// Whether the entry's summary and its highlights are shown under the lines (a RenderCV
  /// template without SUMMARY or HIGHLIGHTS leaves them out).
  bool summary{};
  bool highlights{};
};

/// A section set as a ruled table, one row per entry (the Korean 이력서 form): a header row
/// of `headers`, and cells filled from the entry templates in `cells`, `widths` apart
/// (relative). Headers may be written "한국어|English": the CV's language picks one. No cells:
/// the section is not a table. `below`, where set and the CV is not in one of the form's own
/// languages (section.order_languages; every CV when that is empty): the column whose cell
/// template is the same goes, and its text is set under each row across the whole table (an
/// English form's duties under the period, company and position, at the table's width rather
/// than in a fifth of it).
struct TableTemplate {
  std::vector<std::string> headers;
  std::vector<std::string> cells;
  std::vector<double> widths;
  std::string below;
};

/// Font files (absolute paths) for one family. Missing styles fall back: bold_italic -> bold,
/// italic -> regular (Hangul has no italics; emphasis becomes colour).
struct FontFaces {
  std::string regular, bold, italic, bold_italic;
};

/// The text roles that may be set in a Latin family of their own (fonts.roles.*), as
/// RenderCV's per-part families are; Body: the layout's fonts.latin.
enum class LatinRole : std::uint8_t { Body, Name, Headline, Contact, SectionTitle };
inline constexpr std::size_t kLatinRoles = 4;  // every LatinRole but Body

struct Fonts {
  FontFaces hangul;                   // Hangul syllables and jamo, Hanja, CJK punctuation
  FontFaces latin;                    // Latin letters, digits and Latin punctuation
  /// A Latin family for a role, by LatinRole - 1 (name, headline, contact, section title); an
  /// empty one (no regular face) leaves the role in `latin`. Hangul keeps `hangul` in every role.
  std::array<FontFaces, kLatinRoles> roles;
  std::vector<std::string> fallback;  // regular faces tried in order for anything else (symbols)
  /// hanji's own faces for scripts the layout's fonts may lack (Hebrew, Arabic): tried after
  /// the fallbacks, in the style asked for (bold for a bold role).
  std::vector<FontFaces> scripts;
  /// Hebrew in hanji's Noto Serif Hebrew rather than its Noto Sans Hebrew, beside a serif Latin
  /// (Arabic keeps Noto Sans Arabic: hanji ships no Naskh).
  bool serif_scripts{};
  std::string mono;                   // `code` in the text; empty: the Latin face
  double latin_scale{};               // Latin drawn at size * latin_scale
  double latin_baseline{};            // Latin baseline shift, em of the nominal size (negative = down)
};

/// One text role (name, body, section title, ...). Sizes are nominal (Hangul) sizes in pt.
/// No defaults: layouts/classic.yaml gives every role every value.
struct TextStyle {
  double size{};
  bool bold{};
  bool italic{};        // Latin only
  Rgb color;
  double line_height{};  // baseline-to-baseline distance as a multiple of size
  bool small_caps{};    // the Latin font's own small capitals (smcp), where it has them
  /// Set from fonts.roles, not by a key of the style's own: the role's Latin family.
  LatinRole latin = LatinRole::Body;
};

/// text.align_summary and its kind: this value of a choice leaves the block's alignment unset,
/// so it follows text.align.
inline constexpr int kInherit = -1;

/// All values a layout may set. Lengths are in PostScript points. Every parameter's member is
/// declared by its row in params.def and value-initialised: the values are the layout files',
/// and layouts/classic.yaml, which every built-in layout extends, sets each one.
struct Theme {
  std::string id;  // the layout's file stem, e.g. "classic"
  std::string description;

  // Set by page.paper (and --paper), not by a key of their own.
  double page_width{}, page_height{};

  // Families of parameters (params.cc declares their keys in a loop each).
  Fonts fonts;
  TextStyle name, headline, contact, section_title, entry_title, entry_subtitle, body, aside, footer;
  /// The last word of a Latin name in a two-tone header (header.two_tone_name).
  TextStyle name_accent;
  /// The date column's lines after its first (the first is `aside`).
  TextStyle aside_detail;
  /// Per entry kind: what goes where (see EntryTemplate), and the one-line entry's template.
  EntryTemplate experience_template, education_template, normal_template, publication_template;
  std::string one_line_template;
  /// Per entry kind: set the section as a table instead (see TableTemplate).
  TableTemplate experience_table, education_table, normal_table, publication_table, one_line_table;

  // Every other parameter: one member per row of params.def.
#define HANJI_PARAM(member, type, ...) type member{};
#define HANJI_CHOICE(member, type, ...) type member{};
#define HANJI_FAMILY(function)
#include "theme/params.def"
#undef HANJI_PARAM
#undef HANJI_CHOICE
#undef HANJI_FAMILY

  // the page grid: where content goes (see Region); a layout without regions has one
  std::vector<Region> regions{Region{"main", RegionDock::Fill, 0, 0, 0, RegionPages::All, {1, 1, 1}, 0, 0, {"rest"}, {}, {}, false, false, {}}};

  /// Set from the CV's language, not by the layout: the CV is written right to left (Hebrew,
  /// Arabic, Persian). Paragraphs take a right-to-left base direction and the pages are set as
  /// the layout's mirror image: text to the right, a side column on the other side, dates on
  /// the left.
  bool right_to_left = false;
  /// Set from the CV's language (its locale's `emphasis: color`), not by the layout: nothing
  /// is set in italics, Latin included; *emphasis* takes colors.emphasis and a role the layout
  /// sets in italics stays upright in its colour. Hangul has no italics, so a Korean CV's
  /// English venue in italics read as another kind of line beside its Hangul ones.
  bool italics = true;

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
/// The paper sizes' names, as page.paper lists them (its choices): "a4", "letter", ...
std::vector<std::string> paper_names();
/// The same for messages and help: "a4, letter, a5 or executive".
std::string paper_names_text();

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
/// Regions in `left_out` are not on the page (a column with nothing left to show): the
/// regions docked after them take their room.
std::vector<RegionFrame> region_frames(const Theme& theme, std::size_t page,
                                       const std::vector<const Region*>& left_out = {});
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
/// the bare value (what a layout without `extends:` starts from: zero, false, empty).
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
/// key with its type, range or choices, default (its value in `defaults`, classic's) and help.
/// The definitions it refers to (#/definitions/layout.page.margin_top, ...) are added to the
/// object `definitions`.
Json layout_schema(LayoutSchemaFor use, const Theme& defaults, Json& definitions);

/// The values a layout that extends classic starts from: the built-in classic layout of
/// `dirs.layouts` as loaded (fonts resolved against `dirs.fonts`); nullopt where it does not load.
std::optional<Theme> classic_values(const DataDirs& dirs);

/// A length such as "12pt", "0.7in", "2cm", "18mm", or a bare number (points); nullopt if malformed.
std::optional<double> parse_length(std::string_view text);
/// "#1f4e79", "#333", "rgb(0, 79, 144)" or an SVG/CSS colour name; nullopt if malformed.
std::optional<Rgb> parse_color(std::string_view text);

}  // namespace hanji::theme
