// Private to the source module: RenderCV's entry types as data (keys, required keys, the keys
// that identify a type), its type inference and its section-title formatting.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "readers/source.h"
#include "config/yaml_tree.h"

namespace hanji::readers {

using namespace hanji::config;  // the YAML tree the reader walks

struct EntrySchema {
  EntryKind kind;
  std::vector<std::string> characteristic;  // keys no other type has: they decide the type
  std::vector<std::string> required;
  std::vector<std::string> fields;  // every key the type knows, in RenderCV's order (see entry_fields())
  std::string_view help;            // what such an entry is for
};

/// The schema of a mapping entry type (not EntryKind::Text).
const EntrySchema& schema_of(EntryKind kind);
/// Every mapping entry type, in RenderCV's order of checking.
const std::vector<EntrySchema>& entry_schemas();
/// What a text entry is for (a text entry has no keys).
std::string_view text_entry_help();

/// RenderCV's inference for one entry: a string is Text; a map is the first type, in
/// RenderCV's order (one-line, normal, experience, education, publication, bullet, numbered,
/// reversed-numbered), that has any of its characteristic keys; nullopt if none.
std::optional<EntryKind> identify_entry(const YamlNode& entry);

/// A section key as a title, RenderCV's way (dictionary_key_to_proper_section_title) for
/// what it changes: a key with a capital letter stays as written; otherwise '_' becomes ' '
/// and every lower-case word is capitalised except short function words ("and", "of", ...),
/// the first word always ("work_and_study" -> "Work and Study"). Unlike RenderCV, a key
/// with spaces is capitalised too ("research interests" -> "Research Interests").
std::string section_title(std::string_view key);

/// The name a locale's section_titles knows a plain key by: ASCII lower case with '_' or
/// spaces ("work experience" -> "work_experience"); "" for any other key ("Experience", "경력").
std::string known_section_key(std::string_view key);

/// The title of a section written under `key` without a title of its own: the locale's
/// title for a known key, else section_title(key).
std::string section_title(std::string_view key, const Locale& locale);

}  // namespace hanji::readers
