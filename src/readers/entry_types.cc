// RenderCV's entry types (schema/models/cv/entries/*.py and section.py, version 2.8).
#include "readers/entry_types.h"

#include <algorithm>
#include <array>

#include "readers/fields.h"

namespace hanji::readers {

const std::vector<Field>& entry_fields() {
  static const std::vector<Field> kFields = {
      {"label", Shape::Text, "the bold start of a one-line entry: 'Languages'"},
      {"details", Shape::Text, "the rest of the line: 'C++, Python, Rust'"},
      {"name", Shape::Text, "what the entry is: a project, an award, a talk"},
      {"company", Shape::Text, "the employer"},
      {"position", Shape::Text, "the job title"},
      {"institution", Shape::Text, "the school or university"},
      {"area", Shape::Text, "the field of study: 'Computer Science'"},
      {"degree", Shape::Text, "the degree: BS, MS, PhD"},
      {"title", Shape::Text, "the publication's title"},
      {"authors", Shape::Texts, "the authors in order; the CV's own name is set in bold"},
      {"doi", Shape::Text, "the DOI, e.g. 10.1145/3290605.3300233; it is linked, and replaces url"},
      {"url", Shape::Text, "a link to the publication when it has no DOI"},
      {"journal", Shape::Text, "where it was published: a journal, conference or venue"},
      {"date", Shape::FreeDate, "one date: 2023-09, 2023, or free text such as 'Fall 2023'"},
      {"start_date", Shape::StartDate, "when it started: YYYY-MM-DD, YYYY-MM or YYYY"},
      {"end_date", Shape::EndDate, "when it ended: YYYY-MM-DD, YYYY-MM, YYYY, or present (also now, or the CV's language's word, "
                                        "such as 현재)"},
      {"location", Shape::Text, "where: 'Seoul, South Korea'"},
      {"summary", Shape::Text, "a sentence or two under the title"},
      {"highlights", Shape::Highlights,
       "bullet points; continuation lines starting with '- ' under one become nested bullets"},
      {"bullet", Shape::Text, "the text of one bullet point"},
      {"number", Shape::Text, "the text of one item of a numbered list"},
      {"reversed_number", Shape::Text, "the text of one item of a list numbered downward (3, 2, 1)"},
  };
  return kFields;
}

std::string_view text_entry_help() { return "paragraphs: each entry is a text, with **bold**, *italic* and [links](https://...)"; }

namespace {

// The keys Normal, Experience and Education entries share; they never decide a type.
std::vector<std::string> with_dated_fields(std::vector<std::string> own) {
  for (const char* key : {"date", "start_date", "end_date", "location", "summary", "highlights"})
    own.emplace_back(key);
  return own;
}

// In RenderCV's order of checking: the first type whose characteristic keys appear wins.
const std::vector<EntrySchema>& schemas() {
  static const std::vector<EntrySchema> kSchemas = {
      {EntryKind::OneLine, {"label", "details"}, {"label", "details"}, {"label", "details"},
       "one-line entries: a bold label and its details (skills, languages)"},
      {EntryKind::Normal, {"name"}, {"name"}, with_dated_fields({"name"}),
       "normal entries: a name with dates, a place, a summary and highlights (projects, awards, talks)"},
      {EntryKind::Experience, {"company", "position"}, {"company", "position"},
       with_dated_fields({"company", "position"}), "experience entries: a position at a company"},
      {EntryKind::Education, {"institution", "area", "degree"}, {"institution"},
       with_dated_fields({"institution", "area", "degree"}), "education entries: a degree in an area at an institution"},
      {EntryKind::Publication, {"title", "authors", "doi", "url", "journal"}, {"title", "authors"},
       {"title", "authors", "doi", "url", "journal", "date", "summary"}, "publication entries: a title and its authors"},
      {EntryKind::Bullet, {"bullet"}, {"bullet"}, {"bullet"}, "bullet entries: a bulleted list"},
      {EntryKind::Numbered, {"number"}, {"number"}, {"number"}, "numbered entries: a list numbered 1, 2, 3"},
      {EntryKind::ReversedNumbered, {"reversed_number"}, {"reversed_number"}, {"reversed_number"},
       "reversed-numbered entries: a list numbered downward to 1"},
  };
  return kSchemas;
}

bool contains(const std::vector<std::string>& words, std::string_view word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

// Python's str.isupper / islower per character, for ASCII and Latin-1 letters; other
// scripts (Hangul) have no case, as in Python.
bool is_upper(char32_t c) { return (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7); }
bool is_lower(char32_t c) { return (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7); }

// Python's word.islower(): some cased letter and no uppercase one.
bool python_islower(const std::u32string& word) {
  bool cased = false;
  for (char32_t c : word) {
    if (is_upper(c)) return false;
    cased = cased || is_lower(c);
  }
  return cased;
}

// Python's str.capitalize() on the first letter (the rest is already lowercase).
char32_t capital(char32_t c) {
  if (c == 0xDF) return c;     // ß has no one-letter capital
  if (c == 0xFF) return 0x178;  // ÿ -> Ÿ
  return c - 0x20;
}

std::string encode(const std::u32string& text) {
  std::string out;
  for (char32_t c : text) utf8_append(out, c);
  return out;
}

}  // namespace


const std::vector<EntrySchema>& entry_schemas() { return schemas(); }

const EntrySchema& schema_of(EntryKind kind) {
  for (const EntrySchema& schema : schemas())
    if (schema.kind == kind) return schema;
  return schemas().front();
}

std::optional<EntryKind> identify_entry(const YamlNode& entry) {
  if (entry.is_scalar()) return EntryKind::Text;
  if (!entry.is_map()) return std::nullopt;
  for (const EntrySchema& schema : schemas())
    for (const std::string& key : entry.keys)
      if (contains(schema.characteristic, key)) return schema.kind;
  return std::nullopt;
}

std::string section_title(std::string_view key) {
  static const std::vector<std::string> kLowercaseWords = {
      "a",    "and",  "as",   "at",  "but", "by",   "for",  "from", "if",   "in",
      "into", "like", "near", "nor", "of",  "off",  "on",   "onto", "or",   "over",
      "so",   "than", "that", "to",  "upon", "when", "with", "yet"};
  std::u32string text = utf8_decode(key);
  // A capital letter anywhere: a title its writer spelt out.
  if (std::any_of(text.begin(), text.end(), is_upper)) return std::string(key);
  std::string title;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find_first_of(U"_ ", start);
    if (end == std::u32string::npos) end = text.size();
    std::u32string word = text.substr(start, end - start);
    const bool first = start == 0;
    if (python_islower(word) && is_lower(word[0]) && (first || !contains(kLowercaseWords, encode(word))))
      word[0] = capital(word[0]);
    if (!first) title += ' ';
    title += encode(word);
    start = end + 1;
  }
  return title;
}

std::string known_section_key(std::string_view key) {
  std::string name;
  for (char c : key) {
    if (c == ' ' || c == '_') name += '_';
    else if (c >= 'a' && c <= 'z') name += c;
    else return "";
  }
  return name;
}

std::string section_title(std::string_view key, const Locale& locale) {
  const std::string name = known_section_key(key);
  if (auto it = locale.section_titles.find(name); !name.empty() && it != locale.section_titles.end())
    return it->second;
  return section_title(key);
}

}  // namespace hanji::readers
