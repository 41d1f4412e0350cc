// Private to the source module: RenderCV's entry types as data (keys, required keys, the keys
// that identify a type), its type inference and its section-title formatting.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "source/source.h"
#include "config/yaml_tree.h"

namespace hanji::source {

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

/// RenderCV's dictionary_key_to_proper_section_title: a key with a space or an uppercase
/// letter stays as written; otherwise '_' becomes ' ' and lowercase words are capitalised,
/// except short function words ("and", "of", ...).
std::string section_title(std::string_view key);

}  // namespace hanji::source
