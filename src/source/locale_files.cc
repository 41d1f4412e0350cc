// Locale files: one YAML file per language in the locales folder (locales/german.yaml),
// found by the file's name, its ISO code or an alias. They use the keys of the CV's own
// `locale:` map plus code, script, aliases, date and date_with_day, so a user can copy one
// into a CV to change a word.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/files.h"
#include "core/limits.h"
#include "source/reader.h"

namespace hanji::source {

namespace {
namespace fs = std::filesystem;

// Does the parsed file answer to `wanted` (already lower case)?
bool answers_to(const YamlNode& root, const fs::path& file, const std::string& wanted) {
  if (lowercase(file.stem().string()) == wanted) return true;
  if (lowercase(scalar_of(root, "language")) == wanted || lowercase(scalar_of(root, "code")) == wanted) return true;
  if (const YamlNode* aliases = value_of(root, "aliases"); aliases && aliases->is_sequence())
    for (const YamlNode& alias : aliases->items)
      if (alias.is_scalar() && lowercase(alias.scalar) == wanted) return true;
  return false;
}

std::vector<fs::path> locale_files(const std::string& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".yaml" && it->is_regular_file(ec)) files.push_back(it->path());
  std::sort(files.begin(), files.end());  // directory order is not deterministic
  return files;
}

std::optional<YamlNode> parse_locale_file(const fs::path& file, Diagnostics& diags) {
  std::string error;
  std::optional<std::string> text = read_data_file(file.string(), shipped_yaml_kind(), error);
  if (!text) {
    diags.error(Span{file.string(), 0, 0}, "locale file " + error, {"reinstall hanji's locales/ folder"});
    return std::nullopt;
  }
  SourceText source(*text, file.string());
  std::optional<YamlNode> root = parse_yaml(source, diags);
  if (root && !root->is_map()) return std::nullopt;
  return root;
}

}  // namespace

const FileKind& shipped_yaml_kind() {
  static const FileKind kind{"a YAML file", {".yaml", ".yml"}, limits::kMaxInputBytes, nullptr};
  return kind;
}

std::string default_locales_dir() { return (fs::path(HANJI_SOURCE_DATA_DIR) / "locales").string(); }

std::optional<Locale> find_locale(std::string_view name, Reader& reader) {
  const std::string wanted = lowercase(name);
  if (wanted.empty()) return std::nullopt;
  const std::string dir = reader.locales_dir.empty() ? default_locales_dir() : reader.locales_dir;
  // The file named like the language first: one file read for the common case.
  std::vector<fs::path> files = locale_files(dir);
  std::stable_partition(files.begin(), files.end(), [&](const fs::path& f) { return lowercase(f.stem().string()) == wanted; });
  for (const fs::path& file : files) {
    Diagnostics quiet;  // a broken locale file that is not the one asked for says nothing
    std::optional<YamlNode> root = parse_locale_file(file, quiet);
    if (!root || !answers_to(*root, file, wanted)) continue;
    SourceText source("", file.string());
    Reader file_reader{source, reader.diags, reader.locales_dir, reader.layouts_dir, reader.today};
    for (const Diagnostic& d : quiet.all()) reader.diags.add(d);
    Locale locale = *builtin_locale("en");
    read_locale_map(*root, file_reader, locale, /*locale_file=*/true);
    return locale;
  }
  if (wanted == "en" || wanted == "english") return builtin_locale("en");
  return std::nullopt;
}

std::vector<std::string> locale_names(Reader& reader) {
  const std::string dir = reader.locales_dir.empty() ? default_locales_dir() : reader.locales_dir;
  std::vector<std::string> names;
  for (const fs::path& file : locale_files(dir)) names.push_back(file.stem().string());
  return names;
}

}  // namespace hanji::source
