// The layout parameter registry: one row per key of layouts/classic.yaml, from params.def.
#include "theme/params.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <type_traits>

#include "core/limits.h"

namespace hanji::theme {
namespace {

// Stores a value into a Theme member, or into a member of a member (a TextStyle, Fonts), and
// reads it back (for `hanji layouts --parameters`, the reference and fitting).
template <typename T>
Access member(T Theme::*field) {
  return {[field](Theme& theme, const ParamValue& value) { theme.*field = std::get<T>(value); },
          [field](const Theme& theme) -> std::optional<ParamValue> { return theme.*field; }};
}
template <typename T, typename Outer>
Access member(Outer Theme::*outer, T Outer::*field) {
  return {[outer, field](Theme& theme, const ParamValue& value) { (theme.*outer).*field = std::get<T>(value); },
          [outer, field](const Theme& theme) -> std::optional<ParamValue> { return (theme.*outer).*field; }};
}
Access font_face(FontFaces Fonts::*family, std::string FontFaces::*face) {
  return {[family, face](Theme& theme, const ParamValue& value) { theme.fonts.*family.*face = std::get<std::string>(value); },
          [family, face](const Theme& theme) -> std::optional<ParamValue> { return theme.fonts.*family.*face; }};
}
// A role's Latin family: its four faces as a list (regular, bold, italic, bold italic), the
// faces it lacks left out at the end.
Access role_faces(std::size_t role) {
  return {[role](Theme& theme, const ParamValue& value) {
            const auto& files = std::get<std::vector<std::string>>(value);
            FontFaces& faces = theme.fonts.roles[role];
            faces = FontFaces{};
            std::string* slots[] = {&faces.regular, &faces.bold, &faces.italic, &faces.bold_italic};
            for (std::size_t i = 0; i < files.size() && i < std::size(slots); ++i) *slots[i] = files[i];
          },
          [role](const Theme& theme) -> std::optional<ParamValue> {
            const FontFaces& faces = theme.fonts.roles[role];
            std::vector<std::string> files{faces.regular, faces.bold, faces.italic, faces.bold_italic};
            while (!files.empty() && files.back().empty()) files.pop_back();
            return files;
          }};
}
// The lines of one slot of an entry template.
Access template_lines(EntryTemplate Theme::*kind, std::vector<std::string> EntryTemplate::*slot) {
  return member(kind, slot);
}

template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};

// A parsed value into a member of params.def's C++ type: a choice's value (an int) into an
// enum, a bool or an int; a whole Number into an int; kInherit into an unset optional.
template <typename T>
void store_value(Theme&, T& field, const ParamValue& value) {
  if constexpr (std::is_same_v<T, int>)
    field = std::holds_alternative<int>(value) ? std::get<int>(value) : static_cast<int>(std::get<double>(value));
  else if constexpr (std::is_same_v<T, bool>)
    field = std::holds_alternative<int>(value) ? std::get<int>(value) != 0 : std::get<bool>(value);
  else if constexpr (std::is_enum_v<T>)
    field = static_cast<T>(std::get<int>(value));
  else if constexpr (IsOptional<T>::value) {
    const int chosen = std::get<int>(value);
    field = chosen == kInherit ? T{} : T{static_cast<typename T::value_type>(chosen)};
  } else
    field = std::get<T>(value);
}
// The paper also sets the page's size.
void store_value(Theme& theme, Paper&, const ParamValue& value) { apply_paper(theme, static_cast<Paper>(std::get<int>(value))); }

// A member back as the value its parameter parses to.
template <typename T>
ParamValue read_value(ParamType type, const T& field) {
  if constexpr (std::is_same_v<T, int> || std::is_same_v<T, bool>) {
    if (type == ParamType::Enum) return static_cast<int>(field);
    if constexpr (std::is_same_v<T, int>) return static_cast<double>(field);
    else return field;
  } else if constexpr (std::is_enum_v<T>)
    return static_cast<int>(field);
  else if constexpr (IsOptional<T>::value)
    return field ? static_cast<int>(*field) : kInherit;
  else
    return field;
}

// The ranges numeric parameters accept. Lengths go up to 1000 pt (35 cm, more than a page
// side); a page's own margins and columns are checked against it once all values are known.
constexpr Range kAny{};
constexpr Range kLength{0, 1000, false, false, "pt"};
constexpr Range kFontSize{2, 200, false, false, "pt"};
constexpr Range kPhotoWidth{1, 600, false, false, "pt"};
constexpr Range kLineHeight{0.5, 5};
constexpr Range kLetterLineHeight{0, 5};  // 0: the body's own
constexpr Range kLatinScale{0.5, 2};
constexpr Range kLatinBaseline{-0.5, 0.5, false, false, "em"};
constexpr Range kHangulLatinGap{-0.25, 1, false, false, "em"};
constexpr Range kRaggedMeasure{0, 200, false, false, "em"};
constexpr Range kFitPages{0, static_cast<double>(limits::kMaxPages), false, true};
constexpr Range kShrinkFraction{0.5, 1};  // text sizes and leading: below half is unreadable
constexpr Range kSpaceFraction{0, 1};
constexpr Range kSqueezeStep{0.01, 1};  // a step: at most a hundred tries
constexpr Range kAccentLetters{0, 20, false, true};
constexpr Range kWeight{0, 100, true};  // a relative width: more than zero
constexpr Range kOneLineColumns{1, 2, false, true};

// The fields entry templates may name, for the help text.
constexpr const char* kFields = "POSITION, COMPANY, INSTITUTION, DEGREE, AREA, DEGREE_WITH_AREA, NAME, TITLE, "
                                "AUTHORS, JOURNAL, DOI, URL, DATES, START_DATE, END_DATE, DURATION, DURATION_SHORT, LOCATION";

Param length(std::string key, Access access, std::string help, Range range = kLength, FitRole fit = FitRole::None) {
  return Param{std::move(key), ParamType::Length, std::move(help), range, {}, {}, std::move(access), fit};
}
Param number(std::string key, Access access, std::string help, Range range, FitRole fit = FitRole::None) {
  return Param{std::move(key), ParamType::Number, std::move(help), range, {}, {}, std::move(access), fit};
}
Param simple(std::string key, ParamType type, Access access, std::string help) {
  return Param{std::move(key), type, std::move(help), Range{}, {}, {}, std::move(access)};
}
Param choice(std::string key, std::vector<Choice> choices, Access access, std::string help,
             std::vector<std::pair<std::string, std::string>> aliases = {}) {
  return Param{std::move(key),     ParamType::Enum,    std::move(help), Range{},
               std::move(choices), std::move(aliases), std::move(access)};
}

void add_fonts(std::vector<Param>& out) {
  struct Family {
    const char* name;
    FontFaces Fonts::*faces;
    const char* what;
  };
  struct Face {
    const char* name;
    std::string FontFaces::*file;
  };
  const Family families[] = {{"hangul", &Fonts::hangul, "Hangul, Hanja and CJK punctuation"},
                             {"latin", &Fonts::latin, "Latin letters, digits and punctuation"}};
  const Face faces[] = {{"regular", &FontFaces::regular},
                        {"bold", &FontFaces::bold},
                        {"italic", &FontFaces::italic},
                        {"bold_italic", &FontFaces::bold_italic}};
  for (const auto& family : families)
    for (const auto& face : faces)
      out.push_back(simple(std::string("fonts.") + family.name + "." + face.name, ParamType::Font,
                           font_face(family.faces, face.file),
                           std::string(face.name) + " TrueType face for " + family.what));
  // RenderCV's per-part families (name, headline, connections, section titles).
  const char* roles[kLatinRoles] = {"name", "headline", "contact", "section_title"};
  for (std::size_t role = 0; role < kLatinRoles; ++role)
    out.push_back(simple(std::string("fonts.roles.") + roles[role], ParamType::FontFamily, role_faces(role),
                         std::string("Latin family of styles.") + roles[role] +
                             (role == 0 ? " (and name_accent)" : "") +
                             ", its faces found as fonts.latin's are; none: fonts.latin (Hangul keeps fonts.hangul)"));
  out.push_back(simple("fonts.fallback", ParamType::FontList,
                       member<std::vector<std::string>>(&Theme::fonts, &Fonts::fallback),
                       "TrueType files tried in order for characters the other fonts lack"));
  out.push_back(simple("fonts.serif_scripts", ParamType::Bool, member<bool>(&Theme::fonts, &Fonts::serif_scripts),
                       "Hebrew letters the layout's fonts lack in hanji's Noto Serif Hebrew (else Noto Sans Hebrew), "
                       "beside a serif Latin; Arabic stays in Noto Sans Arabic"));
  out.push_back(simple("fonts.mono", ParamType::Font, member<std::string>(&Theme::fonts, &Fonts::mono),
                       "monospaced TrueType face for `code` in the text (Latin; Hangul keeps its font)"));
  out.push_back(number("fonts.latin_scale", member(&Theme::fonts, &Fonts::latin_scale),
                       "Latin drawn at size x this, to match the Hangul font", kLatinScale));
  out.push_back(number("fonts.latin_baseline", member(&Theme::fonts, &Fonts::latin_baseline),
                       "Latin baseline shift in em (negative = down)", kLatinBaseline));
}


void add_styles(std::vector<Param>& out) {
  struct Role {
    const char* name;
    TextStyle Theme::*style;
  };
  const Role roles[] = {{"name", &Theme::name},
                        {"name_accent", &Theme::name_accent},
                        {"headline", &Theme::headline},
                        {"contact", &Theme::contact},
                        {"section_title", &Theme::section_title},
                        {"entry_title", &Theme::entry_title},
                        {"entry_subtitle", &Theme::entry_subtitle},
                        {"body", &Theme::body},
                        {"aside", &Theme::aside},
                        {"aside_detail", &Theme::aside_detail},
                        {"footer", &Theme::footer}};
  for (const auto& role : roles) {
    std::string prefix = std::string("styles.") + role.name + ".";
    out.push_back(
        length(prefix + "size", member(role.style, &TextStyle::size), "nominal (Hangul) size", kFontSize, FitRole::TextSize));
    out.push_back(simple(prefix + "bold", ParamType::Bool, member(role.style, &TextStyle::bold), "bold face"));
    out.push_back(simple(prefix + "italic", ParamType::Bool, member(role.style, &TextStyle::italic),
                         "italic face (Latin only; Hangul stays upright)"));
    out.push_back(simple(prefix + "color", ParamType::Color, member(role.style, &TextStyle::color), "text colour"));
    out.push_back(simple(prefix + "small_caps", ParamType::Bool, member(role.style, &TextStyle::small_caps),
                         "lower-case letters as the font's small capitals (Noto Serif has them, Lato does not)"));
    out.push_back(number(prefix + "line_height", member(role.style, &TextStyle::line_height),
                         "baseline-to-baseline distance as a multiple of size", kLineHeight, FitRole::Leading));
  }
}

void add_entry_templates(std::vector<Param>& out) {
  struct Kind {
    const char* name;
    EntryTemplate Theme::*kind;
  };
  const Kind kinds[] = {{"experience", &Theme::experience_template},
                        {"education", &Theme::education_template},
                        {"normal", &Theme::normal_template},
                        {"publication", &Theme::publication_template}};
  for (const auto& kind : kinds) {
    const std::string prefix = std::string("entry.") + kind.name + ".";
    out.push_back(simple(prefix + "main", ParamType::TextList, template_lines(kind.kind, &EntryTemplate::main),
                         std::string("lines of a ") + kind.name +
                             " entry's main column: field names such as " + kFields + " with **bold** and *italic*"));
    out.push_back(simple(prefix + "aside", ParamType::TextList, template_lines(kind.kind, &EntryTemplate::aside),
                         std::string("lines of a ") + kind.name + " entry's date column, each beside the main line of "
                                                                  "the same index"));
    out.push_back(simple(prefix + "lead", ParamType::TextList, template_lines(kind.kind, &EntryTemplate::lead),
                         std::string("lines of a narrow column left of a ") + kind.name +
                             " entry's main column (RenderCV's degree column: [\"**DEGREE**\"]), each beside the main "
                             "line of the same index; the column keeps its width where an entry leaves it empty, and "
                             "the summary and highlights start past it (empty: no such column)"));
    out.push_back(length(prefix + "lead_width", member(kind.kind, &EntryTemplate::lead_width),
                         std::string("width of a ") + kind.name + " entry's lead column; entry.column_gap follows it"));
    out.push_back(simple(prefix + "summary", ParamType::Bool, member(kind.kind, &EntryTemplate::summary),
                         std::string("show a ") + kind.name + " entry's summary under its lines"));
    out.push_back(simple(prefix + "highlights", ParamType::Bool, member(kind.kind, &EntryTemplate::highlights),
                         std::string("show a ") + kind.name + " entry's highlights under its lines"));
  }
  out.push_back(simple("entry.one_line.main", ParamType::String, member(&Theme::one_line_template),
                       "template of a one-line entry (LABEL, DETAILS)"));
  struct Table {
    const char* name;
    TableTemplate Theme::*table;
  };
  const Table tables[] = {{"experience", &Theme::experience_table},
                          {"education", &Theme::education_table},
                          {"normal", &Theme::normal_table},
                          {"publication", &Theme::publication_table},
                          {"one_line", &Theme::one_line_table}};
  for (const auto& table : tables) {
    const std::string prefix = std::string("entry.") + table.name + ".table_";
    out.push_back(simple(prefix + "headers", ParamType::TextList, member(table.table, &TableTemplate::headers),
                         std::string("header row of a ") + table.name +
                             " section set as a table (label:KEY: the locale's label; or \"한국어|English\")"));
    out.push_back(simple(prefix + "cells", ParamType::TextList, member(table.table, &TableTemplate::cells),
                         "one template per column; set: the section is a table, one row per entry"));
    out.push_back(Param{prefix + "widths", ParamType::NumberList, "hints only: columns take their widths from their content (between their longest word and their longest line); these weigh how the room left is shared among columns of running text, and the widest takes what an entry says beyond its cells", kWeight, {}, {},
                        member(table.table, &TableTemplate::widths)});
    out.push_back(simple(prefix + "below", ParamType::String, member(table.table, &TableTemplate::below),
                         "a cell template (one of table_cells) set under each row across the whole table, its "
                         "column dropped, for a CV in a language other than section.order_languages (the form's "
                         "own; every CV when that is empty)"));
  }
}

std::vector<Param> build_parameters() {
  std::vector<Param> out;
#define HANJI_LIST(...) __VA_ARGS__
#define HANJI_ACCESS(member_, kind)                                                                     \
  Access {                                                                                               \
    [](Theme& theme, const ParamValue& value) { store_value(theme, theme.member_, value); },             \
        [](const Theme& theme) -> std::optional<ParamValue> { return read_value(kind, theme.member_); } \
  }
#define HANJI_PARAM(member_, type_, key, kind, range, fit, help) \
  out.push_back(Param{key, ParamType::kind, help, range, {}, {}, HANJI_ACCESS(member_, ParamType::kind), FitRole::fit});
#define HANJI_CHOICE(member_, type_, key, choices, aliases, help)                                          \
  out.push_back(Param{key, ParamType::Enum, help, kAny, {HANJI_LIST choices}, {HANJI_LIST aliases}, \
                      HANJI_ACCESS(member_, ParamType::Enum)});
#define HANJI_FAMILY(function) function(out);
#include "theme/params.def"
#undef HANJI_FAMILY
#undef HANJI_CHOICE
#undef HANJI_PARAM
#undef HANJI_ACCESS
#undef HANJI_LIST
  return out;
}
}  // namespace

const std::vector<Param>& parameters() {
  static const std::vector<Param> table = build_parameters();  // immutable once built
  return table;
}

void scale_parameters(Theme& theme, FitRole role, double factor) {
  for (const Param& p : parameters())
    if (p.fit == role)
      if (std::optional<ParamValue> value = p.read(theme); value && std::holds_alternative<double>(*value))
        p.store(theme, std::get<double>(*value) * factor);
}

std::vector<double> parameter_values(const Theme& theme, FitRole role) {
  std::vector<double> values;
  for (const Param& p : parameters())
    if (p.fit == role)
      if (std::optional<ParamValue> value = p.read(theme); value && std::holds_alternative<double>(*value))
        values.push_back(std::get<double>(*value));
  return values;
}

// A region's fields, for the region named `name`: each stores into that region of the theme,
// which it adds (after the ones before it) when the theme has none of that name yet.
std::vector<Param> region_fields(const std::string& name) {
  auto at = [name](Theme& theme) -> Region& {
    for (Region& region : theme.regions)
      if (region.name == name) return region;
    Region& added = theme.regions.emplace_back();
    added.name = name;
    added.takes.clear();
    return added;
  };
  auto find = [name](const Theme& theme) { return find_region(theme, name); };
  auto field = [at, find]<typename T>(T Region::*member) {
    return Access{[at, member](Theme& theme, const ParamValue& value) { at(theme).*member = std::get<T>(value); },
                  [find, member](const Theme& theme) -> std::optional<ParamValue> {
                    const Region* region = find(theme);
                    if (!region) return std::nullopt;
                    return region->*member;
                  }};
  };
  auto choice_field = [at, find]<typename E>(E Region::*member) {
    return Access{[at, member](Theme& theme, const ParamValue& value) { at(theme).*member = static_cast<E>(std::get<int>(value)); },
                  [find, member](const Theme& theme) -> std::optional<ParamValue> {
                    const Region* region = find(theme);
                    if (!region) return std::nullopt;
                    return static_cast<int>(region->*member);
                  }};
  };
  const std::string prefix = "regions." + name + ".";
  std::vector<Param> out;
  // Saying where a region docks declares it anew: it moves after the regions declared so far,
  // so a layout that redocks an inherited region (the default `main`) orders it as written.
  Access dock_access{[at, name](Theme& theme, const ParamValue& value) {
                       Region region = at(theme);
                       region.dock = static_cast<RegionDock>(std::get<int>(value));
                       std::erase_if(theme.regions, [&](const Region& r) { return r.name == name; });
                       theme.regions.push_back(std::move(region));
                     },
                     choice_field(&Region::dock).read};
  out.push_back(choice(prefix + "dock",
                       {{"top", RegionDock::Top}, {"left", RegionDock::Left}, {"right", RegionDock::Right},
                        {"fill", RegionDock::Fill}},
                       std::move(dock_access),
                       "where the region stands within the margins: across the top (as tall as its content), a "
                       "column on the left or right, or what the others leave (fill)"));
  out.push_back(length(prefix + "width", field(&Region::width), "a column's width, from its margin"));
  out.push_back(number(prefix + "share", field(&Region::share),
                       "a column's width as a fraction of what is left after its gap (0.5: two equal columns); "
                       "used instead of width when set",
                       kSpaceFraction));
  out.push_back(length(prefix + "gap", field(&Region::gap), "space between this region and the regions docked after it"));
  out.push_back(choice(prefix + "pages",
                       {{"all", RegionPages::All}, {"first", RegionPages::First}, {"rest", RegionPages::Rest},
                        {"none", RegionPages::None}},
                       choice_field(&Region::pages),
                       "the pages the region is on (none: a region of the layout this one extends, taken away)"));
  out.push_back(simple(prefix + "background", ParamType::Color, field(&Region::background),
                       "a colour behind the region, to the paper's edge on its outer sides, on pages where it has "
                       "content (white: none)"));
  out.push_back(length(prefix + "padding", field(&Region::padding),
                       "a column's text keeps this far from its inner edge; a top region with a background (a band) "
                       "holds its content this far below the paper's top, first on its page, and its background reaches "
                       "this far below its content"));
  out.push_back(length(prefix + "indent", field(&Region::indent),
                       "entries stand this far in from their section titles (in a narrow region in place of its date column, in a "
                       "wide one past it)"));
  out.push_back(simple(prefix + "takes", ParamType::TextList, field(&Region::takes),
                       "what the region takes: header (the name, headline and contacts), contacts (one per line), "
                       "photo, rest (the sections no other region takes)"));
  out.push_back(simple(prefix + "sections", ParamType::TextList, field(&Region::sections),
                       "sections whose title or key contains one of these words (any case) go here"));
  out.push_back(simple(prefix + "overflow", ParamType::String, field(&Region::overflow),
                       "a region to continue in when this one is full (a second column); empty: this region on the "
                       "next page"));
  out.push_back(simple(prefix + "balance", ParamType::Bool, field(&Region::balance),
                       "a column beside the one that takes the rest: the rest's last sections move whole to this "
                       "column's foot (read after its own) when the columns then end nearer each other on their last "
                       "page, in no more pages (with wrap_under: only whole, where that spares a page)"));
  out.push_back(simple(prefix + "keep", ParamType::Bool, field(&Region::keep),
                       "a column that stays on every page once it has content: on a page after its content ends it "
                       "is drawn empty (its background the page's height) and the regions beside it keep their width "
                       "and place; unset: it is left out there and the regions beside it take its room"));
  out.push_back(simple(prefix + "wrap_under", ParamType::Bool, field(&Region::wrap_under),
                       "a column beside the one that takes the rest: on the page where this column's content ends, "
                       "the rest goes on under it at the page's width, from the start of a section (the two columns "
                       "then ending level, their spaces between entries and sections grown) or of an entry (two "
                       "entries or more of its section going across, its title some 30 mm above, under its section's title again) "
                       "at or a little below the column's foot, where that leaves less room empty than going on narrow beside the column's "
                       "empty foot; not beside a column under a quarter of its page, nor for less than a tenth of a "
                       "page"));
  out.push_back(simple(prefix + "fill_with", ParamType::TextList, field(&Region::fill_with),
                       "a column beside the one that takes the rest: when the rest runs onto a page without this "
                       "column, the rest's sections whose title or key contains one of these words (any case) move to "
                       "this column, one word at a time in this order, each while the column still ends on a "
                       "page it is on, the CV takes no more pages and poppler would read no more of the two columns as "
                       "a table's rows; in a column that balances (balance: true), whenever the two are then set "
                       "fuller: fewer pages, less room empty before the last page, or ends nearer"));
  return out;
}

std::optional<Param> region_parameter(std::string_view key) {
  constexpr std::string_view kPrefix = "regions.";
  if (!key.starts_with(kPrefix)) return std::nullopt;
  const std::string_view rest = key.substr(kPrefix.size());
  const std::size_t dot = rest.find('.');
  if (dot == std::string_view::npos || dot == 0) return std::nullopt;
  for (Param& param : region_fields(std::string(rest.substr(0, dot))))
    if (param.key == key) return std::move(param);
  return std::nullopt;
}

bool is_region_name(std::string_view name) {
  if (name.empty() || name.size() > 32) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

const Param* find_parameter(std::string_view key) {
  for (const auto& p : parameters())
    if (p.key == key) return &p;
  return nullptr;
}

const std::vector<FileKey>& layout_file_keys() {
  static const std::vector<FileKey> keys = {
      {"description", "what the layout looks like, in one line (`hanji layouts` lists it)"},
      {"extends", "a layout this one starts from (a name such as classic, or a path): only the values written "
                  "here change"}};
  return keys;
}

bool is_layout_file_key(std::string_view key) {
  const auto& keys = layout_file_keys();
  return std::any_of(keys.begin(), keys.end(), [&](const FileKey& k) { return k.key == key; });
}

bool has_child_keys(std::string_view prefix) {
  if (prefix.empty() || prefix == "regions") return true;
  if (prefix.starts_with("regions.") && prefix.find('.', 8) == std::string_view::npos)
    return !region_fields(std::string(prefix.substr(8))).empty();
  return std::any_of(parameters().begin(), parameters().end(), [&](const Param& p) {
    return p.key.size() > prefix.size() && p.key[prefix.size()] == '.' && p.key.starts_with(prefix);
  });
}

std::vector<std::string> child_keys(std::string_view prefix) {
  std::vector<std::string> keys;
  if (prefix == "regions") return {"NAME"};
  if (prefix.starts_with("regions.") && prefix.find('.', 8) == std::string_view::npos) {
    for (const Param& field : region_fields(std::string(prefix.substr(8)))) keys.push_back(field.key.substr(prefix.size() + 1));
    return keys;
  }
  for (const auto& p : parameters()) {
    std::string_view key = p.key;
    if (!prefix.empty()) {
      if (!key.starts_with(prefix) || key.size() <= prefix.size() || key[prefix.size()] != '.') continue;
      key.remove_prefix(prefix.size() + 1);
    }
    std::string segment(key.substr(0, key.find('.')));
    if (std::find(keys.begin(), keys.end(), segment) == keys.end()) keys.push_back(segment);
  }
  if (prefix.empty()) keys.push_back("regions");
  return keys;
}

std::string expected_form(const Param& param) {
  switch (param.type) {
    case ParamType::Length: return "a length such as 12pt, 0.5in, 1cm or 18mm";
    case ParamType::Number: return "a number such as 1.35";
    case ParamType::Bool: return "true or false";
    case ParamType::String: return "a text";
    case ParamType::Color: return "a colour such as \"#1f3a5f\", \"#333\", rgb(31, 58, 95) or navy";
    case ParamType::Font: return "a TrueType font file such as NanumMyeongjo.ttf, or an installed family such as \"DejaVu Serif\"";
    case ParamType::FontList: return "a list of TrueType font files or installed families";
    case ParamType::FontFamily:
      return "an installed family such as \"DejaVu Sans\" (its regular, bold and italic faces), a list of TrueType "
             "files [regular, bold, italic, bold italic], or none";
    case ParamType::TextList: return "a list of texts (a single text is a list of one)";
    case ParamType::NumberList: return "a list of numbers such as [2, 3, 1]";
    case ParamType::Enum: {
      std::string words;
      for (const auto& c : param.choices) words += (words.empty() ? "" : ", ") + c.word;
      return "one of " + words;
    }
  }
  return "a value";
}

namespace {

std::string number_text(double value) {
  std::string text = fmt::format("{:.3f}", value);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

std::string list_text(const std::vector<std::string>& items, bool file_names) {
  std::string out = "[";
  for (const auto& item : items) {
    if (out.size() > 1) out += ", ";
    out += file_names ? std::filesystem::path(item).filename().string() : "\"" + item + "\"";
  }
  return out + "]";
}

// In points, or in millimetres when the length is a whole or half millimetre and no whole
// point (classic's 15mm margins, not 42.52pt).
std::string length_text(double points) {
  const double mm = points * 25.4 / 72;
  if (std::abs(points - std::round(points)) > 1e-6 && std::abs(mm * 2 - std::round(mm * 2)) < 1e-6)
    return number_text(mm) + "mm";
  return number_text(points) + "pt";
}

}  // namespace

std::string format_value(const Param& param, const ParamValue& value) {
  switch (param.type) {
    case ParamType::Length: return length_text(std::get<double>(value));
    case ParamType::Number: return number_text(std::get<double>(value));
    case ParamType::Bool: return std::get<bool>(value) ? "true" : "false";
    case ParamType::String: return "\"" + std::get<std::string>(value) + "\"";
    case ParamType::Color: {
      const Rgb& c = std::get<Rgb>(value);
      auto channel = [](double v) { return static_cast<int>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
      return fmt::format("\"#{:02x}{:02x}{:02x}\"", channel(c.r), channel(c.g), channel(c.b));
    }
    case ParamType::Enum: {
      const int chosen = std::get<int>(value);
      for (const Choice& c : param.choices)
        if (c.value == chosen) return c.word;
      return "?";
    }
    case ParamType::Font: {
      const std::string& path = std::get<std::string>(value);
      return path.empty() ? "none" : std::filesystem::path(path).filename().string();
    }
    case ParamType::FontList: return list_text(std::get<std::vector<std::string>>(value), true);
    case ParamType::FontFamily: {
      const auto& files = std::get<std::vector<std::string>>(value);
      return files.empty() ? "none" : list_text(files, true);
    }
    case ParamType::TextList: return list_text(std::get<std::vector<std::string>>(value), false);
    case ParamType::NumberList: {
      std::string out = "[";
      for (double n : std::get<std::vector<double>>(value)) out += (out.size() > 1 ? ", " : "") + number_text(n);
      return out + "]";
    }
  }
  return "";
}

void apply_paper(Theme& theme, Paper paper) {
  theme.paper = paper;
  constexpr double kMm = 72 / 25.4;
  switch (paper) {  // ISO 216 in mm, US sizes in inches (72 pt each)
    case Paper::A4: theme.page_width = 210 * kMm, theme.page_height = 297 * kMm; break;
    case Paper::A5: theme.page_width = 148 * kMm, theme.page_height = 210 * kMm; break;
    case Paper::Letter: theme.page_width = 8.5 * 72, theme.page_height = 11 * 72; break;
    case Paper::Executive: theme.page_width = 7.25 * 72, theme.page_height = 10.5 * 72; break;
  }
}

bool is_paper_name(std::string_view name) { return paper_from_name(name).has_value(); }

std::optional<Paper> paper_from_name(std::string_view name) {
  if (std::optional<int> value = choice_value(*find_parameter("page.paper"), name)) return static_cast<Paper>(*value);
  return std::nullopt;
}

std::vector<std::string> paper_names() { return choice_words(*find_parameter("page.paper")); }

std::string paper_names_text() {
  const std::vector<std::string> names = paper_names();
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return text;
}

std::vector<std::string> choice_words(const Param& param) {
  std::vector<std::string> words;
  for (const Choice& c : param.choices) words.push_back(c.word);
  return words;
}

std::optional<int> choice_value(const Param& param, std::string_view word) {
  for (const auto& [alias, canonical] : param.aliases)
    if (word == alias) return choice_value(param, canonical);
  for (const Choice& c : param.choices)
    if (word == c.word) return c.value;
  return std::nullopt;
}

}  // namespace hanji::theme
