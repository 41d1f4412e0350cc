// compose(): the header, every section, then the PDF metadata and the page furniture.
#include "compose/compose.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "compose/builder.h"
#include "compose/markup.h"
#include "compose/templates.h"

namespace hanji::compose {
namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (size_t pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size()))
    text.replace(pos, from.size(), to);
}

std::string current_date_text(const model::CvFile& file) {
  if (!file.settings.current_date) return "";
  model::Entry dated;
  dated.date = file.settings.current_date;
  return format_dates(dated, file.locale);
}

// settings.pdf_title with NAME (and CURRENT_DATE) filled in, else the locale's title ("NAME – CV",
// "NAME 이력서"), or its title for a CV without a name.
std::string document_title(const model::CvFile& file, const std::string& name) {
  std::string title = file.settings.pdf_title;
  if (title.empty()) title = name.empty() ? file.locale.cv_title : file.locale.cv_title_with_name;
  replace_all(title, "CURRENT_DATE", current_date_text(file));
  replace_all(title, "NAME", name);
  return title;
}

Metadata metadata(const model::CvFile& file) {
  Metadata meta;
  meta.author = plain_text(file.cv.name.value);
  meta.title = document_title(file, meta.author);
  meta.subject = plain_text(file.cv.headline.value);
  for (const auto& section : file.cv.sections)
    if (!section.entries.empty())
      meta.keywords += (meta.keywords.empty() ? "" : ", ") + plain_text(section.title.value);
  meta.language = file.locale.language;
  return meta;
}

// "Last updated in Mar 2026" from settings.current_date, or "".
std::string last_updated(const model::CvFile& file) {
  const std::string date = current_date_text(file);
  return date.empty() ? "" : file.locale.last_updated + " " + date;
}

// The CV's name as the page shows it (typographic quotes) and as it reads (as typed).
struct ShownName {
  std::string shown, read;
};

ShownName shown_name(const model::CvFile& file) {
  Diagnostics ignored;  // the header reports the name's markup problems
  ShownName name;
  for (const Inline& in : parse_inline(file.cv.name, {}, {}, ignored)) {
    name.shown += in.text;
    name.read += in.reads_as.empty() ? in.text : in.reads_as;
  }
  return name;
}

// RenderCV's placeholders for a day, longer names first (MONTH is in MONTH_NAME, YEAR in
// YEAR_IN_TWO_DIGITS): CURRENT_DATE in the CV's date form, and the day's parts.
std::vector<std::pair<std::string, std::string>> date_placeholders(const model::Date& day, const model::CvFile& file) {
  model::Entry dated;
  dated.date = day;
  std::vector<std::pair<std::string, std::string>> out{{"CURRENT_DATE", format_dates(dated, file.locale)}};
  if (day.month >= 1 && day.month <= 12) {
    const auto month = static_cast<size_t>(day.month - 1);
    out.insert(out.end(), {{"MONTH_ABBREVIATION", file.locale.month_abbreviations[month]},
                           {"MONTH_NAME", file.locale.month_names[month]},
                           {"MONTH_IN_TWO_DIGITS", fmt::format("{:02}", day.month)},
                           {"MONTH", std::to_string(day.month)}});
  }
  if (day.day >= 1)
    out.insert(out.end(), {{"DAY_IN_TWO_DIGITS", fmt::format("{:02}", day.day)}, {"DAY", std::to_string(day.day)}});
  out.insert(out.end(), {{"YEAR_IN_TWO_DIGITS", fmt::format("{:02}", day.year % 100)},
                         {"YEAR", std::to_string(day.year)}});
  return out;
}

// Each placeholder replaced by its value in one pass: a value is never read for placeholders.
std::string substituted(const std::string& text, const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out;
  for (size_t at = 0; at < text.size();) {
    auto found = std::find_if(values.begin(), values.end(),
                              [&](const auto& value) { return text.compare(at, value.first.size(), value.first) == 0; });
    if (found == values.end()) {
      out += text[at++];
    } else {
      out += found->second;
      at += found->first.size();
    }
  }
  return out;
}

bool names_a_date(const std::string& text) {
  for (std::string_view name : {"CURRENT_DATE", "MONTH", "YEAR", "DAY"})
    if (text.find(name) != std::string::npos) return true;
  return false;
}

// A footer or note template with the CV's NAME, LAST_UPDATED and RenderCV's date placeholders
// filled in (PAGE and TOTAL are the paginator's), as shown and as read. hanji's LAST_UPDATED
// alone is "Last updated in" and settings.current_date; beside CURRENT_DATE (RenderCV's
// "LAST_UPDATED CURRENT_DATE") it is the words alone, as RenderCV has it. RenderCV's
// placeholders are dated as RenderCV dates them: current_date, else the day of the build. A
// template that needs a date the CV does not give is left out.
std::pair<std::string, std::string> furniture_text(std::string text, const model::CvFile& file) {
  const bool renders_date = names_a_date(text);
  if (text.find("LAST_UPDATED") != std::string::npos) {
    const std::string updated = text.find("CURRENT_DATE") != std::string::npos ? file.locale.last_updated
                                                                                : last_updated(file);
    if (updated.empty()) return {};
    replace_all(text, "LAST_UPDATED", updated);
  }
  if (renders_date) {
    const std::optional<model::Date>& day = count_to(file.settings);
    if (!day || day->year == 0) return {};
    text = substituted(text, date_placeholders(*day, file));
  }
  if (text.find("NAME") == std::string::npos) return {text, ""};
  const ShownName name = shown_name(file);
  std::string read = text;
  replace_all(text, "NAME", name.shown);
  replace_all(read, "NAME", name.read);
  return {text, read == text ? "" : read};
}

Furniture furniture(const model::CvFile& file, const theme::Theme& theme) {
  Furniture f;
  f.page_numbers = theme.page_numbers;
  f.page_number_format.clear();
  if (!theme.footer_text.empty())
    std::tie(f.page_number_format, f.page_number_reads_as) = furniture_text(theme.footer_text, file);
  if (f.page_number_format.empty()) f.page_number_format = file.locale.page_number;
  f.footer_font = font_of(theme.footer);
  std::tie(f.top_note, f.top_note_reads_as) = furniture_text(theme.top_note, file);
  return f;
}

}  // namespace

Metadata metadata_of(const model::CvFile& file) { return metadata(file); }

Furniture furniture_of(const model::CvFile& file, const theme::Theme& theme) { return furniture(file, theme); }

// The day a form is signed, in the locale's words: "2026년 11월 23일", "23 November 2026": the
// CV's current_date, else the day of the build.
std::string signing_date(const model::CvFile& file) {
  const auto& date = count_to(file.settings);
  if (!date || date->year == 0) return "";
  return date_in_words(*date, file.locale);
}


// Every template line of the layout: where a key of the CV's own can be named.
std::vector<const std::string*> template_lines(const theme::Theme& theme) {
  std::vector<const std::string*> lines{&theme.one_line_template};
  for (const theme::EntryTemplate* t : {&theme.experience_template, &theme.education_template, &theme.normal_template,
                                         &theme.publication_template})
    for (const auto* slot : {&t->main, &t->aside, &t->lead})
      for (const std::string& line : *slot) lines.push_back(&line);
  for (const theme::TableTemplate* t : {&theme.experience_table, &theme.education_table, &theme.normal_table,
                                         &theme.publication_table, &theme.one_line_table})
    for (const std::string& cell : t->cells) lines.push_back(&cell);
  return lines;
}

// A key of the CV's own (`gpa`) is printed where a template names it in capitals (GPA); one
// no template of the layout names is said once, where it is first written.
void report_unshown_keys(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags) {
  const std::vector<const std::string*> lines = template_lines(theme);
  std::set<std::string> said;
  for (const auto& section : file.cv.sections)
    for (const auto& entry : section.entries)
      for (size_t k = 0; k < entry.extra.size(); ++k) {
        const std::string& key = entry.extra[k].first;
        const std::string field = custom_field_name(key);
        const bool shown = !field.empty() && std::any_of(lines.begin(), lines.end(), [&](const std::string* line) {
          return template_names(*line, field);
        });
        if (shown || !said.insert(key).second) continue;
        const Span where = k < entry.extra_spans.size() ? entry.extra_spans[k] : entry.extra[k].second.span;
        const std::string kind(model::entry_kind_name(entry.kind));
        diags.warning(where, "key '" + key + "' is shown by no template of this layout",
                      {field.empty() ? "a template names a key in capitals; this key has characters a field cannot have"
                                     : "name it as " + field + " in one of the layout's entry templates (entry." +
                                           (kind == "one-line" ? std::string("one_line") : kind) +
                                           ".main, for one), or remove it"});
      }
}

namespace {

// The names a layout's section.order may know a section by: its key as written, lower-cased
// with spaces as underscores ("Experience", "Work experience": experience, work_experience),
// and every usual key the locale titles its key or title by (자격증: certifications and
// certificates; כישורים: skills), so that one order serves a CV in any language.
std::vector<std::string> order_names(const model::Section& section, const model::Locale& locale) {
  std::string written = section.key;
  for (char& c : written) c = c == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::vector<std::string> names{written};
  const std::string title = plain_text(section.title.value);
  for (const auto& [key, words] : locale.section_titles)
    if (words == section.key || words == title) names.push_back(key);
  return names;
}

}  // namespace

// The sections in the order the layout gives (section.order): each in the place of the first
// item that names it, by one of its keys (order_names) or the type of its entries; the CV's
// order among sections of one place and for those the order does not name. A layout may keep
// that order to the languages whose form it is (section.order_languages): other CVs keep theirs,
// or take the order it gives them (section.order_elsewhere).
std::vector<const model::Section*> ordered_sections(const model::CvFile& file, const theme::Theme& theme) {
  std::vector<const model::Section*> sections;
  for (const auto& section : file.cv.sections) sections.push_back(&section);
  const bool elsewhere = outside_form_languages(theme, file.locale.language);
  const std::vector<std::string>& order = elsewhere ? theme.section_order_elsewhere : theme.section_order;
  if (order.empty()) return sections;
  std::map<const model::Section*, std::size_t> ranks;
  for (const model::Section* section : sections) {
    const std::string_view kind = model::entry_kind_name(section->kind);
    const std::vector<std::string> names = order_names(*section, file.locale);
    std::size_t rank = order.size();
    for (std::size_t i = 0; i < order.size() && rank == order.size(); ++i) {
      const std::string& item = order[i];
      if (item == kind || (kind == "one-line" && item == "one_line") ||
          std::find(names.begin(), names.end(), item) != names.end())
        rank = i;
    }
    ranks[section] = rank;
  }
  std::stable_sort(sections.begin(), sections.end(),
                   [&](const model::Section* a, const model::Section* b) { return ranks[a] < ranks[b]; });
  return sections;
}

// The layout's own title for a section the CV did not title itself (section.titles), in the
// CV's language; nullopt when the layout has none for its key.
std::optional<std::string> layout_title(const model::Section& section, const theme::Theme& theme,
                                        const model::Locale& locale) {
  if (section.title_given || section.key.empty()) return std::nullopt;
  for (const std::string& entry : theme.section_titles) {
    const size_t colon = entry.find(':');
    if (colon == std::string::npos) continue;
    const auto trimmed = [](std::string text) {
      const size_t begin = text.find_first_not_of(' '), end = text.find_last_not_of(' ');
      return begin == std::string::npos ? std::string() : text.substr(begin, end - begin + 1);
    };
    if (trimmed(entry.substr(0, colon)) != section.key) continue;
    std::string title = in_language(trimmed(entry.substr(colon + 1)), locale);
    if (!title.empty()) return title;
  }
  return std::nullopt;
}

namespace {

// What a layout's regions know a section by: its key, and, for a key or title written in the
// CV's language (כישורים, Fähigkeiten), the usual key the locale titles so ("skills"): a
// layout names the sections of its side column by the usual keys, whatever the language.
std::string region_key(const std::string& section_key, const std::string& title, const model::Locale& locale) {
  for (const auto& [key, words] : locale.section_titles)
    if (key != section_key && (words == section_key || words == title)) return section_key + " " + key;
  return section_key;
}

// The region a section goes to, by its key and the title it is shown under (the layout's own
// when the CV gives none: layout_title).
const theme::Region* region_of(const std::string& key, const std::string& shown_title, const theme::Theme& theme,
                               const model::Locale& locale) {
  const std::string title = plain_text(shown_title);
  return theme::region_for_section(theme, title, region_key(key, title, locale));
}

}  // namespace

std::vector<std::string> section_regions(const model::CvFile& file, const theme::Theme& theme) {
  std::vector<std::string> regions;
  for (const model::Section* section : ordered_sections(file, theme)) {
    if (section->entries.empty()) continue;
    const std::optional<std::string> retitled = layout_title(*section, theme, file.locale);
    const theme::Region* region =
        region_of(section->key, retitled ? *retitled : section->title.value, theme, file.locale);
    regions.push_back(region ? region->name : "");
  }
  return regions;
}

Composition compose(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags, MarkupMemo* memo) {
  Builder builder(file, theme, diags, memo);
  add_header(builder);
  const theme::Region* header_region = theme::region_taking(theme, "header");
  const std::string header_flow = header_region ? header_region->name : builder.main_region().name;
  // The first section of each region follows the header (or a side column's photo and
  // contacts) with header.space_below instead of section.space_above.
  std::set<std::string, std::less<>> with_sections;
  int part = 0;
  for (const model::Section* ordered : ordered_sections(file, theme)) {
    std::optional<model::Section> retitled;
    if (std::optional<std::string> title = layout_title(*ordered, theme, builder.locale())) {
      retitled = *ordered;
      retitled->title.value = std::move(*title);
    }
    const model::Section& section = retitled ? *retitled : *ordered;
    // A title over nothing looks like a mistake on paper; say so rather than print it.
    if (section.entries.empty()) {
      diags.warning(section.title.span, "section '" + excerpt(section.title.value) + "' has no entries and is left out",
                    {"add entries to it, or delete the section"});
      continue;
    }
    builder.set_region(region_of(section.key, section.title.value, theme, builder.locale()));
    builder.set_part(part++);
    const std::string& flow = builder.region().name;
    const bool first = !with_sections.contains(flow) && (builder.empty_region() || flow == header_flow);
    add_section(builder, section, first);
    with_sections.insert(flow);
  }
  builder.set_region(nullptr);
  builder.set_part(kClosingPart);
  add_declaration(builder);
  report_unshown_keys(file, theme, diags);
  Composition composition{builder.take_flows(), builder.main_region().name, metadata(file), furniture(file, theme), {}};
  std::string photo_alt = builder.locale().photo_of;
  replace_all(photo_alt, "NAME", plain_text(file.cv.name.value));
  tag_structure(composition, photo_alt);
  return composition;
}

void add_declaration(Builder& b) {
  const auto& theme = b.theme();
  const std::string statement = in_language(theme.declaration, b.locale());
  if (statement.empty()) return;
  const int group = b.new_group();
  auto add_line = [&](std::string text, theme::Align align, double space) {
    if (text.empty()) return;
    Paragraph p = b.paragraph({Inline{std::move(text), font_of(theme.body), "", {}}}, theme.body, align, {});
    b.add(std::move(p), space, {}).group = group;
  };
  add_line(statement, theme::Align::Center, theme.section_space_above * 1.5);
  add_line(signing_date(b.file()), theme::Align::Center, theme.section_space_below * 2);
  std::string signature = in_language(theme.signature, b.locale());
  replace_all(signature, "NAME", plain_text(b.cv().name.value));
  add_line(signature, theme::Align::Right, theme.section_space_below * 2);
}

}  // namespace hanji::compose
