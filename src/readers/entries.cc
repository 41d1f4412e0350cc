// cv.sections: titles, the section's entry type (RenderCV's inference), and each entry's fields.
#include <fmt/format.h>

#include <algorithm>

#include "core/links.h"
#include "readers/entry_types.h"
#include "readers/fields.h"
#include "readers/reader.h"

namespace hanji::readers {

const std::vector<Field>& section_fields() {
  static const std::vector<Field> kFields = {
      {"title", Shape::Text, "the section's title, as written, e.g. {ko: 경력, en: Experience}; without it, the title comes from the key"},
      {"entries", Shape::Anything, "the section's entries"},
      {"tags", tags_field().shape, tags_field().help},
  };
  return kFields;
}

namespace {

struct TextField {
  std::string_view key;
  Text Entry::*member;
};

constexpr std::array<TextField, 17> kTextFields = {{
    {"label", &Entry::label},         {"details", &Entry::details},
    {"name", &Entry::name},           {"company", &Entry::company},
    {"position", &Entry::position},   {"institution", &Entry::institution},
    {"area", &Entry::area},           {"degree", &Entry::degree},
    {"title", &Entry::title},         {"journal", &Entry::journal},
    {"doi", &Entry::doi},             {"url", &Entry::url},
    {"location", &Entry::location},   {"summary", &Entry::summary},
    {"bullet", &Entry::text},         {"number", &Entry::text},
    {"reversed_number", &Entry::text},
}};

// "an experience entry", "a one-line entry".
std::string_view article(std::string_view type) { return type.starts_with('e') ? "an" : "a"; }

bool contains(const std::vector<std::string>& words, std::string_view word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

// Reads a key the entry type knows into its slot, as its shape in entry_fields() says.
void read_field(const std::string& key, const YamlNode& value, Entry& entry, Reader& reader) {
  const Field* field = find_field(entry_fields(), key);
  if (!field) return;
  switch (field->shape) {
    case Shape::Text:
      for (const TextField& slot : kTextFields)
        if (slot.key == key) {
          if (auto text = reader.text(value, key)) entry.*slot.member = std::move(*text);
          return;
        }
      return;
    case Shape::FreeDate: entry.date = read_date(value, DateField::Date, reader); return;
    case Shape::StartDate: entry.start_date = read_date(value, DateField::StartDate, reader); return;
    case Shape::EndDate: entry.end_date = read_date(value, DateField::EndDate, reader); return;
    case Shape::Highlights: entry.highlights = read_highlights(value, reader); return;
    case Shape::Texts: entry.authors = reader.text_list(value, key, true); return;  // authors, the one list
    default: return;  // no entry field has another shape
  }
}

// RenderCV allows keys of its own invention on entries (custom templates print them). A key
// one typo away from a real one is almost surely that typo, so that is an error; anything
// else is kept, with a warning that hanji will not print it. Returns the key it was taken
// for, if any.
std::string read_extra(const std::string& key, const Span& key_span, const YamlNode& value, Entry& entry,
                       const EntrySchema& schema, Reader& reader) {
  std::string_view type = entry_kind_name(schema.kind);
  if (std::string guess = closest_match(key, schema.fields); !guess.empty()) {
    reader.diags.error(key_span, fmt::format("unknown key '{}' in {} entry", key, type),
                       {fmt::format("did you mean '{}'?", guess)});
    return guess;
  }
  if (value.is_null()) return {};  // RenderCV skips keys without a value
  // A text is kept for templates that name it (GPA for `gpa`); whether the layout's do is
  // said when the CV is set. Anything else cannot be printed by any template.
  if (value.is_scalar()) {
    entry.extra.emplace_back(key, make_text(value));
    entry.extra_spans.push_back(key_span);
    return {};
  }
  reader.diags.warning(key_span, fmt::format("key '{}' in {} entry is not shown by hanji's layouts", key, type),
                       {fmt::format("{} {} entry shows {}", article(type), type, quoted_list(schema.fields, "and")),
                        "hanji ignores it: only text values are kept, for templates that name them"});
  return {};
}

// A DOI is written bare ("10.1145/..."); a pasted link or "doi:" prefix is tolerated.
void link_doi(Entry& entry, Reader& reader) {
  if (entry.doi.empty()) return;
  for (std::string_view prefix : {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/",
                                  "http://dx.doi.org/", "doi:"}) {
    if (entry.doi.value.starts_with(prefix)) {
      entry.doi.value.erase(0, prefix.size());
      entry.doi.span = entry.doi.span.shifted(static_cast<int>(prefix.size()));
      break;
    }
  }
  if (!entry.doi.value.starts_with("10.") || entry.doi.value.size() < 4) {
    reader.diags.error(entry.doi.span, fmt::format("'{}' is not a DOI", excerpt(entry.doi.value)),
                       {"a DOI starts with '10.', e.g. 10.1145/3290605.3300233"});
    return;
  }
  // RenderCV links the DOI and drops any url.
  entry.url = Text{"https://doi.org/" + entry.doi.value, entry.doi.span};
}

// A publication's url shown without a DOI is linked only when it is a web, mail or phone
// address (see core/links.h); otherwise it is shown as plain text, and the warning says why.
void check_url(const Entry& entry, Reader& reader) {
  if (entry.url.empty() || !entry.doi.empty()) return;  // a DOI's link replaces the url
  const LinkTarget target = link_target(entry.url.value);
  if (!target.problem.empty())
    reader.diags.warning(entry.url.span,
                         fmt::format("no link to url '{}': {}; it is shown as plain text", excerpt(entry.url.value),
                                     target.problem),
                         {target.hint});
}

// `misspelt`: keys already reported as typos ("compnay" for "company"), not reported again.
void check_required(const YamlNode& node, const EntrySchema& schema, const std::vector<std::string>& misspelt,
                    Reader& reader) {
  std::vector<std::string> missing;
  for (const std::string& key : schema.required) {
    if (contains(misspelt, key)) continue;
    auto it = std::find(node.keys.begin(), node.keys.end(), key);
    if (it == node.keys.end() || node.items[static_cast<size_t>(it - node.keys.begin())].is_null())
      missing.push_back(key);
  }
  if (missing.empty()) return;
  std::string_view type = entry_kind_name(schema.kind);
  reader.diags.error(node.span,
                     fmt::format("{} entry is missing {} {}", type, missing.size() == 1 ? "key" : "keys",
                                 quoted_list(missing, "and")),
                     {fmt::format("{} {} entry needs {}", article(type), type, quoted_list(schema.required, "and"))});
}

std::string mismatch_hint(EntryKind section_kind, int decided_line) {
  return fmt::format("a section holds one type of entry; the entry at line {} made this {} {} section, "
                     "so move this entry to a section of its own",
                     decided_line, article(entry_kind_name(section_kind)), entry_kind_name(section_kind));
}

// Whether `node` can be an entry of the section's type; reports why not.
bool fits_section(const YamlNode& node, const Section& section, int decided_line, Reader& reader) {
  if (node.is_null()) {
    reader.diags.error(node.span, "empty entry", {"remove the empty '- ' line or write the entry"});
    return false;
  }
  if (node.is_sequence()) {
    reader.diags.error(node.span, "expected an entry, found a list", {"remove the extra '- ' in front of the entry"});
    return false;
  }
  std::optional<EntryKind> own = identify_entry(node);
  if (own == section.kind) return true;
  if (node.is_map() && section.kind != EntryKind::Text) {
    // Like RenderCV, an entry that has the section type's keys is read as that type even if
    // other keys would identify it differently when alone.
    const EntrySchema& schema = schema_of(section.kind);
    bool complete = std::all_of(schema.required.begin(), schema.required.end(),
                                [&](const std::string& key) { return contains(node.keys, key); });
    if (complete || !own) return true;
  }
  if (section.kind == EntryKind::Text && reader.report_comma_cut(node, "a text entry")) return false;
  std::string found = own ? fmt::format("{} entry", entry_kind_name(*own)) : std::string("entry of unknown type");
  reader.diags.error(node.span,
                     fmt::format("{} in section '{}', which holds {} entries", found, section.title.value,
                                 entry_kind_name(section.kind)),
                     {mismatch_hint(section.kind, decided_line)});
  return false;
}

// The type RenderCV gives the section: that of its first identifiable entry.
const YamlNode* first_identifiable(const YamlNode& entries) {
  for (const YamlNode& entry : entries.items)
    if (identify_entry(entry)) return &entry;
  return nullptr;
}

void read_section(const std::string& key, const Span& key_span, const YamlNode& entries, Reader& reader,
                  const Settings& settings, std::vector<Section>& sections) {
  if (!reader.count_parts(key_span)) return;
  Section section;
  // Known keys take their title in the CV's language once that is settled (title_sections).
  section.title = Text{section_title(key), key_span};
  if (entries.is_null()) {  // `projects:` with nothing yet: an empty section
    sections.push_back(std::move(section));
    return;
  }
  if (!reader.expect_list(entries, key, "write the section's entries as a list, each starting with '- '")) return;
  const YamlNode* decider = first_identifiable(entries);
  if (!decider) {
    // `- {ko: 안녕, en: Hello, world}`: a text per language a comma broke into a map.
    bool cut = false;
    for (const YamlNode& entry : entries.items) cut = reader.report_comma_cut(entry, "a text entry") || cut;
    if (!entries.items.empty() && !cut)
      reader.diags.error(key_span, fmt::format("cannot tell the type of the entries in section '{}'", key),
                         {"give the entries the keys of one type, e.g. company and position (experience), "
                          "institution and area (education), name (normal) or label and details (one-line)"});
    sections.push_back(std::move(section));
    return;
  }
  section.kind = *identify_entry(*decider);
  for (const YamlNode& node : entries.items) {
    if (!reader.count_parts(node.span)) break;
    if (!fits_section(node, section, decider->span.line, reader)) continue;
    if (auto entry = read_entry(node, section.kind, reader, settings)) section.entries.push_back(std::move(*entry));
  }
  sections.push_back(std::move(section));
}

}  // namespace

std::optional<Entry> read_entry(const YamlNode& node, EntryKind kind, Reader& reader, const Settings& settings) {
  Entry entry;
  entry.kind = kind;
  entry.span = node.span;
  if (kind == EntryKind::Text) {
    if (!node.is_scalar()) return std::nullopt;
    entry.text = make_text(node);
    return entry;
  }
  if (!node.is_map()) return std::nullopt;
  const EntrySchema& schema = schema_of(kind);
  std::vector<std::string> misspelt;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    if (contains(schema.fields, key)) {
      read_field(key, node.items[i], entry, reader);
      continue;
    }
    std::string meant = read_extra(key, node.key_spans[i], node.items[i], entry, schema, reader);
    if (!meant.empty()) misspelt.push_back(std::move(meant));
  }
  check_required(node, schema, misspelt, reader);
  if (kind == EntryKind::Publication) {
    check_url(entry, reader);
    link_doi(entry, reader);
  }
  normalise_dates(entry, reader, settings);
  return entry;
}

namespace {

// A section written as a map: its own title (per language: {ko: 경력, en: Experience}) and
// its entries, so that the key can stay a plain name; `tags:` was read before. Without a key
// (sections written as a list) the title is required and names the section.
void read_titled_section(const std::string* key, const Span& key_span, const YamlNode& value, Reader& reader,
                         const Settings& settings, std::vector<Section>& sections) {
  static const YamlNode kNoEntries;
  const YamlNode* entries = &kNoEntries;
  std::optional<Text> title;
  for (size_t k = 0; k < value.keys.size(); ++k) {
    if (value.keys[k] == "title") title = reader.text(value.items[k], "title");
    else if (value.keys[k] == "entries") entries = &value.items[k];
    else reader.unknown_key(value.key_spans[k], value.keys[k], "a section", keys_of(section_fields()));
  }
  if (!key && (!title || title->empty())) {
    reader.diags.error(value.span, "a section in the list of sections has no title",
                       {"give it one: '- title: Experience' with its 'entries:' under it"});
    return;
  }
  const size_t before = sections.size();
  read_section(key ? *key : title->value, key ? key_span : title->span, *entries, reader, settings, sections);
  if (sections.size() == before) return;  // not read: an error was reported
  if (key) sections.back().key = *key;
  if (title && !title->empty()) {
    sections.back().title = *title;
    sections.back().title_given = true;
  }
  if (!key) sections.back().title_given = true;
}

}  // namespace

void read_sections(const YamlNode& node, Reader& reader, const Settings& settings, std::vector<Section>& sections) {
  if (node.is_null()) return;
  // Sections as a list keep their order in any tool: each is {title:, entries:}.
  if (node.is_sequence()) {
    for (const YamlNode& item : node.items) {
      if (!item.is_map()) {
        reader.diags.error(item.span, "a section in the list of sections is not a map",
                           {"write each section as '- title: NAME' with its 'entries:' under it"});
        continue;
      }
      read_titled_section(nullptr, item.span, item, reader, settings, sections);
    }
    return;
  }
  if (!reader.expect_map(node, "sections", "write each section as 'title:' followed by its list of entries"))
    return;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const YamlNode& value = node.items[i];
    auto has = [&](std::string_view key) { return std::find(value.keys.begin(), value.keys.end(), key) != value.keys.end(); };
    if (!value.is_map() || !(has("entries") || has("title"))) {
      const size_t before = sections.size();
      read_section(node.keys[i], node.key_spans[i], value, reader, settings, sections);
      if (sections.size() > before) sections.back().key = node.keys[i];
      continue;
    }
    read_titled_section(&node.keys[i], node.key_spans[i], value, reader, settings, sections);
  }
}

void title_sections(std::vector<Section>& sections, const Locale& locale) {
  for (Section& section : sections)
    if (!section.title_given && !section.key.empty()) section.title.value = section_title(section.key, locale);
}

}  // namespace hanji::readers
