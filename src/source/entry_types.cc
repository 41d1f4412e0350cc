// RenderCV's entry types (schema/models/cv/entries/*.py and section.py, version 2.8).
#include "source/entry_types.h"

#include <algorithm>
#include <array>

namespace hanji::source {

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
      {EntryKind::OneLine, {"label", "details"}, {"label", "details"}, {"label", "details"}},
      {EntryKind::Normal, {"name"}, {"name"}, with_dated_fields({"name"})},
      {EntryKind::Experience, {"company", "position"}, {"company", "position"},
       with_dated_fields({"company", "position"})},
      {EntryKind::Education, {"institution", "area", "degree"}, {"institution", "area"},
       with_dated_fields({"institution", "area", "degree"})},
      {EntryKind::Publication, {"title", "authors", "doi", "url", "journal"}, {"title", "authors"},
       {"title", "authors", "doi", "url", "journal", "date", "summary"}},
      {EntryKind::Bullet, {"bullet"}, {"bullet"}, {"bullet"}},
      {EntryKind::Numbered, {"number"}, {"number"}, {"number"}},
      {EntryKind::ReversedNumbered, {"reversed_number"}, {"reversed_number"}, {"reversed_number"}},
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
  if (std::any_of(text.begin(), text.end(), [](char32_t c) { return c == ' ' || is_upper(c); }))
    return std::string(key);
  std::string title;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(U'_', start);
    if (end == std::u32string::npos) end = text.size();
    std::u32string word = text.substr(start, end - start);
    if (python_islower(word) && !contains(kLowercaseWords, encode(word)) && is_lower(word[0]))
      word[0] = capital(word[0]);
    if (start > 0) title += ' ';
    title += encode(word);
    start = end + 1;
  }
  return title;
}

}  // namespace hanji::source
