// The layout parameter registry: one row per key of layouts/classic.yaml.
#include "theme/params.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/limits.h"

namespace hanji::theme {
namespace {

// Stores a value into a Theme member, or into a member of a member (a TextStyle, Fonts), and
// reads it back (for the defaults `hanji layouts --parameters` shows).
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
template <typename E>
Access enum_member(E Theme::*field) {
  return {[field](Theme& theme, const ParamValue& value) { theme.*field = static_cast<E>(std::get<int>(value)); },
          [field](const Theme& theme) -> std::optional<ParamValue> { return static_cast<int>(theme.*field); }};
}
// The lines of one slot of an entry template.
Access template_lines(EntryTemplate Theme::*kind, std::vector<std::string> EntryTemplate::*slot) {
  return member(kind, slot);
}

// The ranges numeric parameters accept. Lengths go up to 1000 pt (35 cm, more than a page
// side); a page's own margins and columns are checked against it once all values are known.
constexpr Range kLength{0, 1000, false, false, "pt"};
constexpr Range kFontSize{2, 200, false, false, "pt"};
constexpr Range kPhotoWidth{1, 600, false, false, "pt"};
constexpr Range kLineHeight{0.5, 5};
constexpr Range kLatinScale{0.5, 2};
constexpr Range kLatinBaseline{-0.5, 0.5, false, false, "em"};
constexpr Range kHangulLatinGap{-0.25, 1, false, false, "em"};
constexpr Range kFitPages{0, static_cast<double>(limits::kMaxPages), false, true};
constexpr Range kShrinkFraction{0.5, 1};  // text sizes and leading: below half is unreadable
constexpr Range kSpaceFraction{0, 1};
constexpr Range kAccentLetters{0, 20, false, true};
constexpr Range kWeight{0, 100, true};  // a relative width: more than zero
constexpr Range kOneLineColumns{1, 2, false, true};

// The fields entry templates may name, for the help text.
constexpr const char* kFields = "POSITION, COMPANY, INSTITUTION, DEGREE, AREA, DEGREE_WITH_AREA, NAME, TITLE, "
                                "AUTHORS, JOURNAL, DOI, URL, DATES, START_DATE, END_DATE, DURATION, LOCATION";

Param length(std::string key, Access access, std::string help, Range range = kLength, FitRole fit = FitRole::None) {
  return Param{std::move(key), ParamType::Length, std::move(help), range, {}, {}, std::move(access), fit};
}
/// A vertical space between blocks: fitting shrinks it.
Param space(std::string key, Access access, std::string help) {
  return length(std::move(key), std::move(access), std::move(help), kLength, FitRole::VerticalSpace);
}
Param number(std::string key, Access access, std::string help, Range range, FitRole fit = FitRole::None) {
  return Param{std::move(key), ParamType::Number, std::move(help), range, {}, {}, std::move(access), fit};
}
Param simple(std::string key, ParamType type, Access access, std::string help) {
  return Param{std::move(key), type, std::move(help), Range{}, {}, {}, std::move(access)};
}
Param choice(std::string key, std::vector<std::string> choices, Access access, std::string help,
             std::vector<std::pair<std::string, std::string>> aliases = {}) {
  return Param{std::move(key),     ParamType::Enum,    std::move(help), Range{},
               std::move(choices), std::move(aliases), std::move(access)};
}

const std::vector<std::string> kAlignChoices{"left", "center", "right", "justify"};
const std::vector<std::pair<std::string, std::string>> kAlignAliases{{"centre", "center"}, {"justified", "justify"}};

void add_page(std::vector<Param>& out) {
  out.push_back(choice("page.paper", {"a4", "letter", "a5", "executive"},
                       {[](Theme& t, const ParamValue& v) { apply_paper(t, static_cast<Paper>(std::get<int>(v))); },
                        [](const Theme& t) -> std::optional<ParamValue> { return static_cast<int>(t.paper); }},
                       "paper size (ISO A4 or A5, US Letter or Executive); sets the page width and height",
                       {{"us-letter", "letter"}, {"us-executive", "executive"}}));
  out.push_back(length("page.margin_top", member(&Theme::margin_top), "top margin"));
  out.push_back(length("page.margin_bottom", member(&Theme::margin_bottom), "bottom margin"));
  out.push_back(length("page.margin_left", member(&Theme::margin_left), "left margin"));
  out.push_back(length("page.margin_right", member(&Theme::margin_right), "right margin"));
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
  out.push_back(simple("fonts.fallback", ParamType::FontList,
                       member<std::vector<std::string>>(&Theme::fonts, &Fonts::fallback),
                       "TrueType files tried in order for characters the other fonts lack"));
  out.push_back(simple("fonts.mono", ParamType::Font, member<std::string>(&Theme::fonts, &Fonts::mono),
                       "monospaced TrueType face for `code` in the text (Latin; Hangul keeps its font)"));
  out.push_back(number("fonts.latin_scale", member(&Theme::fonts, &Fonts::latin_scale),
                       "Latin drawn at size x this, to match the Hangul font", kLatinScale));
  out.push_back(number("fonts.latin_baseline", member(&Theme::fonts, &Fonts::latin_baseline),
                       "Latin baseline shift in em (negative = down)", kLatinBaseline));
}

void add_colors(std::vector<Param>& out) {
  out.push_back(simple("colors.link", ParamType::Color, member(&Theme::link_color), "colour of links in the text"));
  out.push_back(simple("colors.emphasis", ParamType::Color, member(&Theme::emphasis_color),
                       "colour of Hangul inside *emphasis* (Hangul has no italics)"));
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

void add_header(std::vector<Param>& out) {
  out.push_back(choice("header.align", {"left", "center", "right"}, enum_member(&Theme::header_align),
                       "alignment of the name, headline and contact line", {{"centre", "center"}}));
  out.push_back(simple("header.separator", ParamType::String, member(&Theme::contact_separator),
                       "text between two contact items"));
  out.push_back(choice("header.arrangement", {"stacked", "split"},
                       {[](Theme& t, const ParamValue& v) { t.header_split = std::get<int>(v) == 1; },
                        [](const Theme& t) -> std::optional<ParamValue> { return t.header_split ? 1 : 0; }},
                       "stacked: name, headline and a contact line one under the other; split: the name and "
                       "headline on the left, the contacts one per line on the right"));
  out.push_back(length("header.contacts_width", member(&Theme::header_contacts_width),
                       "width of the contacts' column in a split header"));
  out.push_back(space("header.headline_space", member(&Theme::headline_space), "space between name and headline"));
  out.push_back(space("header.contact_space", member(&Theme::contact_space), "space between headline and contacts"));
  out.push_back(space("header.space_below", member(&Theme::header_space_below), "space after the header"));
  out.push_back(
      length("header.photo_width", member(&Theme::photo_width), "photo width (height is 4/3 of it)", kPhotoWidth));
  out.push_back(choice("header.photo_position", {"left", "right"},
                       {[](Theme& t, const ParamValue& v) { t.photo_right = std::get<int>(v) == 1; },
                        [](const Theme& t) -> std::optional<ParamValue> { return t.photo_right ? 1 : 0; }},
                       "side of the photo"));
  out.push_back(length("header.photo_gap", member(&Theme::photo_gap), "space between the photo and the text beside it"));
  out.push_back(choice("header.photo_shape", {"rectangle", "rounded", "circle"}, enum_member(&Theme::photo_shape),
                       "outline of the photo (a circle is cut from the middle of the picture)",
                       {{"square", "rectangle"}, {"rect", "rectangle"}, {"round", "circle"}}));
  out.push_back(simple("header.title", ParamType::String, member(&Theme::document_title),
                       "a title centred above everything (\"이 력 서|Résumé\": the CV's language picks)"));
  out.push_back(simple("header.table", ParamType::Bool, member(&Theme::header_table),
                       "the name and contacts as a table of labelled rows beside the photo (인적사항)"));
  out.push_back(simple("header.table_labels", ParamType::TextList, member(&Theme::header_table_labels),
                       "labels of the header table's rows: name, address, e-mail, phone, website, headline"));
  out.push_back(simple("header.icons", ParamType::Bool, member(&Theme::contact_icons),
                       "an icon before each contact; needs ForkAwesome.ttf in fonts.fallback"));
  out.push_back(simple("header.icon_color", ParamType::Color, member(&Theme::icon_color), "colour of the icons"));
  out.push_back(simple("header.two_tone_name", ParamType::Bool, member(&Theme::two_tone_name),
                       "a Latin name's last word in the name_accent style"));
  out.push_back(simple("header.contact_links", ParamType::Bool, member(&Theme::contact_links),
                       "contacts as links (mailto:, tel:, the profile's address); false: plain text"));
  out.push_back(simple("header.social_usernames", ParamType::Bool, member(&Theme::social_usernames),
                       "social networks shown by username (jane) instead of address (github.com/jane)"));
}

void add_section(std::vector<Param>& out) {
  out.push_back(simple("section.rule", ParamType::Bool, member(&Theme::section_rule),
                       "rules with section titles (false: none, whatever title_style says)"));
  out.push_back(simple("section.centered", ParamType::Bool, member(&Theme::section_title_centered),
                       "section titles centred, whatever their rules (rules-around always is)"));
  out.push_back(choice("section.title_style", {"rule-below", "rule-after", "rules-around", "bar-before", "plain"},
                       enum_member(&Theme::section_title_style),
                       "rule-below: a rule under the title; rule-after: a rule continuing on the title's line; "
                       "rules-around: the title centred between two rules; bar-before: a bar in the date column "
                       "before the title; plain: no rule",
                       {{"rule_below", "rule-below"}, {"rule_after", "rule-after"}, {"rules_around", "rules-around"},
                        {"bar_before", "bar-before"}, {"none", "plain"}}));
  out.push_back(number("section.accent_letters",
                       {[](Theme& t, const ParamValue& v) { t.section_accent_letters = static_cast<int>(std::get<double>(v)); },
                        [](const Theme& t) -> std::optional<ParamValue> { return static_cast<double>(t.section_accent_letters); }},
                       "the first N Latin letters (or first Hangul syllable) of a title in accent_color", kAccentLetters));
  out.push_back(simple("section.accent_color", ParamType::Color, member(&Theme::section_accent_color),
                       "colour of a title's first letters (accent_letters)"));
  out.push_back(length("section.rule_thickness", member(&Theme::section_rule_thickness), "rule thickness"));
  out.push_back(simple("section.rule_color", ParamType::Color, member(&Theme::section_rule_color), "rule colour"));
  out.push_back(space("section.rule_gap", member(&Theme::section_rule_gap), "space between title and rule"));
  out.push_back(simple("section.titles", ParamType::TextList, member(&Theme::section_titles),
                       "the layout's titles for sections by their key, each \"key: 한국어|English\" (the CV's "
                       "language picks), over the locale's; a title the CV writes itself stays"));
  out.push_back(simple("section.order", ParamType::TextList, member(&Theme::section_order),
                       "the order of sections by the type of their entries, as a form puts them, e.g. [education, "
                       "experience, one-line, normal, publication, text]; types not listed come after, in the CV's "
                       "order; empty: the CV's order"));
  out.push_back(space("section.space_above", member(&Theme::section_space_above), "space above a section title"));
  out.push_back(space("section.space_below", member(&Theme::section_space_below), "space before the first entry"));
}

void add_entry(std::vector<Param>& out) {
  out.push_back(space("entry.space", member(&Theme::entry_space), "space between regular entries"));
  out.push_back(space("entry.text_space", member(&Theme::text_entry_space),
                       "space between text, bullet, numbered and one-line entries"));
  out.push_back(length("entry.aside_width", member(&Theme::aside_width), "width of the date/location column"));
  out.push_back(length("entry.column_gap", member(&Theme::column_gap), "gap between main and date columns"));
  out.push_back(space("entry.summary_space", member(&Theme::summary_space), "space above summary and highlights"));
  out.push_back(simple("entry.bullet", ParamType::String, member(&Theme::bullet), "highlight bullet"));
  out.push_back(length("entry.highlight_indent", member(&Theme::highlight_indent), "left edge of highlight text"));
  out.push_back(space("entry.highlight_space", member(&Theme::highlight_space), "space between highlights"));
  out.push_back(length("entry.nested_indent", member(&Theme::nested_indent), "extra indent of nested highlights"));
  out.push_back(length("entry.summary_indent", member(&Theme::summary_indent), "extra left indent of an entry's summary"));
  out.push_back(simple("entry.short_rows", ParamType::Bool, member(&Theme::short_rows),
                       "summary and highlights beside a right-hand date column, as wide as the title (false: below "
                       "it, full width)"));
  out.push_back(simple("entry.keep_together", ParamType::Bool, member(&Theme::keep_entries_together),
                       "never break an entry across pages (false: its title stays with its first two highlights)"));
  out.push_back(simple("entry.bold_owner_in_authors", ParamType::Bool, member(&Theme::bold_owner_in_authors),
                       "set the CV owner's name in bold in publication authors"));
  out.push_back(simple("entry.nested_bullet", ParamType::String, member(&Theme::nested_bullet),
                       "bullet of nested highlights"));
  out.push_back(choice("entry.aside_position", {"right", "left"}, enum_member(&Theme::aside_side),
                       "where dates and places go: a column on the right, or on the left with the entry beside it"));
  out.push_back(choice("entry.aside_align", {"left", "center", "right"}, enum_member(&Theme::aside_align),
                       "alignment of the date and place column", {{"centre", "center"}}));
  out.push_back(simple("entry.time_spans_in", ParamType::TextList, member(&Theme::time_spans_in),
                       "sections (title or key, any case) whose dated entries also show their length, e.g. "
                       "[experience]"));
  out.push_back(choice("entry.date_format", {"locale", "month-year", "dotted", "words", "numeric", "year"},
                       enum_member(&Theme::date_format),
                       "locale: as the CV's language writes dates; month-year: Sept 2018 (Korean 2018년 9월); "
                       "dotted: 2018. 9.; words: September 2018 (Korean 2018년 9월); numeric: 09/2018; year: 2018",
                       {{"month_year", "month-year"}, {"korean", "words"}}));
  out.push_back(simple("entry.range_separator", ParamType::String, member(&Theme::range_separator),
                       "text between the two dates of a range, e.g. \" ~ \" (empty: the locale's \" – \")"));
  out.push_back(simple("entry.number_publications", ParamType::Bool, member(&Theme::number_publications),
                       "number publications (1., 2., ...) in the margin"));
  out.push_back(number("entry.one_line_columns",
                       {[](Theme& t, const ParamValue& v) { t.one_line_columns = static_cast<int>(std::get<double>(v)); },
                        [](const Theme& t) -> std::optional<ParamValue> { return static_cast<double>(t.one_line_columns); }},
                       "sections of one-line entries (skills) in 1 or 2 columns, side by side row by row",
                       kOneLineColumns));
  out.push_back(simple("entry.timeline", ParamType::Bool, member(&Theme::timeline),
                       "with dates on the left (entry.aside_side: left): a rule down each dated section in the gap "
                       "between the dates and the text, with a dot at each entry"));
  out.push_back(simple("entry.timeline_color", ParamType::Color, member(&Theme::timeline_color),
                       "colour of the timeline's rule and dots"));
  out.push_back(length("entry.timeline_thickness", member(&Theme::timeline_thickness),
                       "thickness of the timeline's rule"));
  out.push_back(length("entry.timeline_dot", member(&Theme::timeline_dot), "diameter of the timeline's dots"));
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
                         std::string("header row of a ") + table.name + " section set as a table (\"한국어|English\")"));
    out.push_back(simple(prefix + "cells", ParamType::TextList, member(table.table, &TableTemplate::cells),
                         "one template per column; set: the section is a table, one row per entry"));
    out.push_back(Param{prefix + "widths", ParamType::NumberList, "relative widths of the columns", kWeight, {}, {},
                        member(table.table, &TableTemplate::widths)});
  }
  out.push_back(simple("entry.table_rule_color", ParamType::Color, member(&Theme::table_rule_color),
                       "colour of table rules"));
  out.push_back(simple("entry.table_header_fill", ParamType::Color, member(&Theme::table_header_fill),
                       "shade of header cells and label cells"));
  out.push_back(length("entry.table_rule", member(&Theme::table_rule), "thickness of inner table rules"));
  out.push_back(length("entry.table_frame", member(&Theme::table_frame), "thickness of a table's outer frame"));
  out.push_back(length("entry.table_padding", member(&Theme::table_padding), "space inside a table cell"));
}

// The header beside a photo: a function of its own, beside add_header's.
void add_header_beside_photo(std::vector<Param>& out) {
  out.push_back(choice("header.align_beside_photo", {"left", "center", "right"},
                       enum_member(&Theme::header_align_beside_photo),
                       "alignment of the name, headline and contacts beside a photo", {{"centre", "center"}}));
}

// Page breaks inside entries: a function of its own, beside add_entry's spacing and columns.
void add_entry_page_breaks(std::vector<Param>& out) {
  out.push_back(simple("entry.split_across_pages", ParamType::Bool, member(&Theme::split_entries),
                       "an entry may break wherever the page ends, its title kept with the first line below it "
                       "(false: an entry that fits on a page moves whole to the next)"));
}

void add_text_and_footer(std::vector<Param>& out) {
  out.push_back(
      choice("text.align", kAlignChoices, enum_member(&Theme::body_align), "alignment of body text", kAlignAliases));
  const std::pair<const char*, std::optional<Align> Theme::*> per_block[] = {
      {"text.align_summary", &Theme::summary_align},
      {"text.align_highlights", &Theme::highlight_align},
      {"text.align_text", &Theme::text_align}};
  for (const auto& [key, field] : per_block)
    out.push_back(choice(key, kAlignChoices,
                         {[field = field](Theme& t, const ParamValue& v) { t.*field = static_cast<Align>(std::get<int>(v)); },
                          [field = field](const Theme& t) -> std::optional<ParamValue> {
                            if (!(t.*field)) return std::nullopt;
                            return static_cast<int>(*(t.*field));
                          }},
                         "alignment of this kind of block; default: text.align", kAlignAliases));
  out.push_back(choice("text.line_breaking", {"total-fit", "first-fit"}, enum_member(&Theme::line_breaking),
                       "total-fit: Knuth-Plass over the whole paragraph; first-fit: greedy, for comparison",
                       {{"knuth-plass", "total-fit"}, {"optimal", "total-fit"}, {"greedy", "first-fit"}}));
  out.push_back(simple("text.underline_links", ParamType::Bool, member(&Theme::underline_links),
                       "a thin rule under every link, in the link's colour"));
  out.push_back(simple("text.link_icon", ParamType::Bool, member(&Theme::link_icon),
                       "a small arrow after every link in the text, from the icon font (ForkAwesome.ttf, added to "
                       "fonts.fallback when missing); it reads as nothing in the text"));
  out.push_back(simple("text.hyphenate", ParamType::Bool, member(&Theme::hyphenate),
                       "hyphenate English words (never Korean, names, URLs or code)"));
  out.push_back(choice("text.korean_line_break", {"word", "character"}, enum_member(&Theme::korean_break),
                       "break Korean between words (default) or between any syllables",
                       {{"keep-all", "word"}, {"eojeol", "word"}}));
  out.push_back(number("text.hangul_latin_gap", member(&Theme::hangul_latin_gap),
                       "extra space between Hangul and Latin, em (0.05 is subtle)", kHangulLatinGap));
  out.push_back(number("fit_pages",
                       {[](Theme& t, const ParamValue& v) { t.fit_pages = static_cast<int>(std::get<double>(v)); },
                        [](const Theme& t) -> std::optional<ParamValue> { return static_cast<double>(t.fit_pages); }},
                       "fit the CV on this many pages by shrinking within the fit.* bounds (0 = off)", kFitPages));
  out.push_back(number("fit.min_font_scale", member(&Theme::fit_min_font_scale),
                       "smallest fraction of the text sizes fitting may use", kShrinkFraction));
  out.push_back(number("fit.min_leading_scale", member(&Theme::fit_min_leading_scale),
                       "smallest fraction of the line heights fitting may use", kShrinkFraction));
  out.push_back(number("fit.min_space_scale", member(&Theme::fit_min_space_scale),
                       "smallest fraction of the vertical spaces fitting may use", kSpaceFraction));
  out.push_back(length("fit.min_margin", member(&Theme::fit_min_margin), "margins fitting may not go below"));
  out.push_back(simple("fit.spare_last_page", ParamType::Bool, member(&Theme::fit_spare_last_page),
                       "without fit_pages, tighten a little (a third of the way to the fit.* bounds at most) when "
                       "that spares a last page holding less than a quarter of a page"));
  out.push_back(simple("footer.page_numbers", ParamType::Bool, member(&Theme::page_numbers),
                       "\"N / M\" footer when there is more than one page"));
  out.push_back(length("footer.offset", member(&Theme::footer_offset), "footer baseline above the page's bottom edge"));
  out.push_back(simple("footer.text", ParamType::String, member(&Theme::footer_text),
                       "footer text with NAME, PAGE, TOTAL and LAST_UPDATED filled in (empty: the page numbers)"));
  out.push_back(simple("footer.declaration", ParamType::String, member(&Theme::declaration),
                       "a closing statement after the last section, then the date and the signature"));
  out.push_back(simple("footer.signature", ParamType::String, member(&Theme::signature),
                       "the signature line after the declaration; NAME is filled in"));
  out.push_back(simple("footer.top_note", ParamType::String, member(&Theme::top_note),
                       "a note at the top right of the first page, e.g. LAST_UPDATED (needs settings.current_date)"));
}

void add_pdf(std::vector<Param>& out) {
  out.push_back(choice("pdf.standard", {"none", "ua-1", "a-2b", "a-2a"},
                       {[](Theme& t, const ParamValue& v) { t.pdf_standard = std::get<int>(v); },
                        [](const Theme& t) -> std::optional<ParamValue> { return t.pdf_standard; }},
                       "a standard the PDF meets: ua-1 (PDF/UA-1, accessible), a-2b (PDF/A-2b, archival), a-2a "
                       "(PDF/A-2a, both); settings.pdf_standard and --pdf-standard choose too"));
  out.push_back(simple("pdf.tagged", ParamType::Bool, member(&Theme::pdf_tagged),
                       "a tagged PDF: headings, lists, tables and links in a structure tree for screen readers "
                       "(false saves 5-17% of the file)"));
}

std::vector<Param> build_parameters() {
  std::vector<Param> out;
  add_page(out);
  add_fonts(out);
  add_colors(out);
  add_styles(out);
  add_header(out);
  add_header_beside_photo(out);
  add_section(out);
  add_entry(out);
  add_entry_page_breaks(out);
  add_text_and_footer(out);
  add_pdf(out);
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
  out.push_back(choice(prefix + "dock", {"top", "left", "right", "fill"}, std::move(dock_access),
                       "where the region stands within the margins: across the top (as tall as its content), a "
                       "column on the left or right, or what the others leave (fill)"));
  out.push_back(length(prefix + "width", field(&Region::width), "a column's width, from its margin"));
  out.push_back(number(prefix + "share", field(&Region::share),
                       "a column's width as a fraction of what is left after its gap (0.5: two equal columns); "
                       "used instead of width when set",
                       kSpaceFraction));
  out.push_back(length(prefix + "gap", field(&Region::gap), "space between this region and the regions docked after it"));
  out.push_back(choice(prefix + "pages", {"all", "first", "rest", "none"}, choice_field(&Region::pages),
                       "the pages the region is on (none: a region of the layout this one extends, taken away)"));
  out.push_back(simple(prefix + "background", ParamType::Color, field(&Region::background),
                       "a colour behind the region, to the paper's edge on its outer sides, on pages where it has "
                       "content (white: none)"));
  out.push_back(length(prefix + "padding", field(&Region::padding),
                       "a column's text keeps this far from its inner edge; a top region's background reaches this "
                       "far below its content"));
  out.push_back(choice(prefix + "background_to", {"content", "foot"},
                       {[at](Theme& theme, const ParamValue& value) { at(theme).background_to_foot = std::get<int>(value) == 1; },
                        [find](const Theme& theme) -> std::optional<ParamValue> {
                          const Region* region = find(theme);
                          if (!region) return std::nullopt;
                          return region->background_to_foot ? 1 : 0;
                        }},
                       "how far down a column's background runs: to the paper's foot, or to `padding` below what "
                       "the column holds on the page"));
  out.push_back(length(prefix + "indent", field(&Region::indent),
                       "in a narrow region, entries stand this far in from their section titles"));
  out.push_back(simple(prefix + "takes", ParamType::TextList, field(&Region::takes),
                       "what the region takes: header (the name, headline and contacts), contacts (one per line), "
                       "photo, rest (the sections no other region takes)"));
  out.push_back(simple(prefix + "sections", ParamType::TextList, field(&Region::sections),
                       "sections whose title or key contains one of these words (any case) go here"));
  out.push_back(simple(prefix + "overflow", ParamType::String, field(&Region::overflow),
                       "a region to continue in when this one is full (a second column); empty: this region on the "
                       "next page"));
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
    case ParamType::TextList: return "a list of texts (a single text is a list of one)";
    case ParamType::NumberList: return "a list of numbers such as [2, 3, 1]";
    case ParamType::Enum: {
      std::string words;
      for (const auto& c : param.choices) words += (words.empty() ? "" : ", ") + c;
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
      const int index = std::get<int>(value);
      return index >= 0 && static_cast<size_t>(index) < param.choices.size() ? param.choices[static_cast<size_t>(index)] : "?";
    }
    case ParamType::Font: {
      const std::string& path = std::get<std::string>(value);
      return path.empty() ? "none" : std::filesystem::path(path).filename().string();
    }
    case ParamType::FontList: return list_text(std::get<std::vector<std::string>>(value), true);
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
  const Param* p = find_parameter("page.paper");
  for (size_t i = 0; i < p->choices.size(); ++i)
    if (name == p->choices[i]) return static_cast<Paper>(i);
  for (const auto& [alias, word] : p->aliases)
    if (name == alias) return paper_from_name(word);
  return std::nullopt;
}

}  // namespace hanji::theme
