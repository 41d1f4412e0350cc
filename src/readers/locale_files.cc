// Locale files: one YAML file per language (locales/german.yaml), found by the file's name,
// its ISO code or an alias. They use the keys of the CV's own `locale:` map plus code,
// script, aliases, date and date_with_day, so a user can copy one into a CV to change a word.
//
// Finding "ko" must not parse every file to learn which one says `code: ko`: the shipped
// folder has an index (index.txt: each name a file answers to, and the file), so one
// language costs one file. A folder of one's own (the CV's locales/, the user's) has no
// index and few files: those are read to find the name. An Engine keeps what it parsed
// (LocaleCache) while the files stay the same on disk.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "config/shipped_trees.h"
#include "core/files.h"
#include "core/limits.h"
#include "readers/fields.h"
#include "readers/reader.h"

namespace hanji::readers {

namespace {
namespace fs = std::filesystem;

constexpr const char* kIndexFile = "index.txt";

/// A locale file as parsed: its tree (null when it does not read as a map) and what reading
/// it reported, given again each time the file is used.
struct ParsedFile {
  std::shared_ptr<const YamlNode> root;
  Diagnostics diags;
  /// Read, but not a locale by its first key (another kind of YAML file in the folder): passed
  /// over unless it is named like the locale asked for. Null root otherwise means broken.
  bool foreign = false;
};

/// A folder's index: name -> file stem.
using LocaleIndex = std::map<std::string, std::string, std::less<>>;

// The keys a locale file may start with (a recogniser for files in folders of one's own: a
// link there named korean.yaml that leads to another kind of file is not read).
bool starts_like_a_locale(std::string_view text) {
  if (!utf8_valid(text) || text.find('\0') != std::string_view::npos) return true;
  const std::optional<std::string> key = config::first_key(text);
  if (!key) return false;
  static const std::set<std::string, std::less<>> kKeys = [] {
    std::set<std::string, std::less<>> keys;
    for (const auto* fields : {&locale_fields(), &locale_file_fields()})
      for (const Field& field : *fields) keys.emplace(field.key);
    return keys;
  }();
  return key->empty() || kKeys.contains(*key);
}

const FileKind& own_locale_kind() {
  static const FileKind kind{"a locale file", {".yaml", ".yml"}, limits::kMaxLayoutBytes, starts_like_a_locale};
  return kind;
}

const FileKind& index_kind() {
  static const FileKind kind{"a locale index", {".txt"}, limits::kMaxLayoutBytes, nullptr};
  return kind;
}

std::string folder_key(const std::string& dir) { return dir.empty() ? std::string(".") : dir; }

}  // namespace

// Every shipped locale, a CV's own and the user's; the index of each folder searched.
constexpr std::size_t kKeptLocaleFiles = 128;
constexpr std::size_t kKeptIndexes = 16;

struct LocaleCache::Impl {
  StampedFiles<std::shared_ptr<const ParsedFile>> files{kKeptLocaleFiles};
  StampedFiles<std::shared_ptr<const LocaleIndex>> indexes{kKeptIndexes};
};

LocaleCache::LocaleCache() : impl_(std::make_unique<Impl>()) {}
LocaleCache::~LocaleCache() = default;

std::size_t LocaleCache::parsed() const { return impl_->files.made() + impl_->indexes.made(); }

std::size_t LocaleCache::reused() const { return impl_->files.reused() + impl_->indexes.reused(); }

MemoStats LocaleCache::stats() const {
  MemoStats stats = impl_->files.stats();
  stats += impl_->indexes.stats();
  return stats;
}

namespace {

// What `cache` kept for `path` while it has `stamp`, else what `make()` makes (kept).
template <class T, class Make>
T kept_or_made(StampedFiles<T>& cache, const std::string& path, const std::optional<FileStamp>& stamp, Make make) {
  if (std::optional<T> kept = cache.find(path, stamp)) return *kept;
  T value = make();
  cache.keep(path, stamp, value);
  return value;
}

std::shared_ptr<const ParsedFile> parse_locale_file(const fs::path& file, const FileKind& kind) {
  auto parsed = std::make_shared<ParsedFile>();
  const bool own = &kind == &own_locale_kind();
  const std::string hint = own ? "fix the file, or move it out of the folder: hanji looks there for the locale a CV names"
                               : "fix or remove the file, or reinstall hanji's locales/ folder";
  std::string error;
  std::optional<std::string> text = read_data_file(file.string(), kind, error);
  if (!text) {
    // Where the file went wrong is its start: too large, a link to another kind of file, unreadable.
    parsed->foreign = error == "is not " + std::string(kind.what);
    parsed->diags.error(Span{file.string(), 1, 1},
                        parsed->foreign ? "the file is not a locale file: its first key is none of a locale's "
                                          "(language:, month_names:, section_titles:, ...)"
                                        : "locale file " + error,
                        {hint});
    return parsed;
  }
  SourceText source(*text, file.string());
  std::optional<YamlNode> root = config::parse_yaml_or_prebuilt(source, config::shipped_trees(), parsed->diags);
  if (root && root->is_map()) parsed->root = std::make_shared<const YamlNode>(std::move(*root));
  else if (root && !parsed->diags.has_errors())
    parsed->diags.error(Span{file.string(), 1, 1}, "a locale file holds keys such as 'language:' and 'month_names:'",
                        {hint});
  return parsed;
}

std::shared_ptr<const ParsedFile> locale_file(const fs::path& file, const FileKind& kind, Reader& reader) {
  if (!reader.locale_cache) return parse_locale_file(file, kind);
  return kept_or_made(reader.locale_cache->impl().files, file.string(), file_stamp(file.string()),
                      [&] { return parse_locale_file(file, kind); });
}

std::shared_ptr<const LocaleIndex> parse_index(const fs::path& file) {
  std::string error;
  std::optional<std::string> text = read_data_file(file.string(), index_kind(), error);
  if (!text) return nullptr;
  auto index = std::make_shared<LocaleIndex>();
  std::size_t start = 0;
  while (start < text->size()) {
    std::size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    const std::string_view line(text->data() + start, end - start);
    start = end + 1;
    if (line.empty() || line.front() == '#') continue;
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos) continue;
    index->emplace(std::string(line.substr(0, space)), std::string(line.substr(space + 1)));
  }
  return index;
}

/// The folder's index, or null when it has none (folders of one's own).
std::shared_ptr<const LocaleIndex> folder_index(const std::string& dir, Reader& reader) {
  const fs::path file = fs::path(folder_key(dir)) / kIndexFile;
  const std::optional<FileStamp> stamp = file_stamp(file.string());
  if (!stamp) return nullptr;
  if (!reader.locale_cache) return parse_index(file);
  return kept_or_made(reader.locale_cache->impl().indexes, file.string(), stamp,
                      [&] { return parse_index(file); });
}

// Every name a parsed locale file answers to.
std::vector<std::string> names_of(const YamlNode& root, const fs::path& file) {
  std::vector<std::string> names{lowercase(file.stem().string())};
  for (const char* key : {"language", "code"})
    if (std::string name = lowercase(scalar_of(root, key)); !name.empty()) names.push_back(name);
  if (const YamlNode* aliases = value_of(root, "aliases"); aliases && aliases->is_sequence())
    for (const YamlNode& alias : aliases->items)
      if (alias.is_scalar() && !alias.scalar.empty()) names.push_back(lowercase(alias.scalar));
  return names;
}

// Does the parsed file answer to `wanted` (already lower case)?
bool answers_to(const YamlNode& root, const fs::path& file, const std::string& wanted) {
  const std::vector<std::string> names = names_of(root, file);
  return std::find(names.begin(), names.end(), wanted) != names.end();
}

// English is built in: it answers without a file.
const std::vector<std::string>& builtin_names() {
  static const std::vector<std::string> kNames{"en", "english"};
  return kNames;
}

std::vector<fs::path> locale_files(const std::string& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(folder_key(dir), ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".yaml" && it->is_regular_file(ec)) files.push_back(it->path());
  std::sort(files.begin(), files.end());  // directory order is not deterministic
  return files;
}

// A name that can be a file's stem: letters, digits, '_' and '-' (never a path).
bool plain_name(std::string_view name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

std::string shipped_dir(const Reader& reader) {
  return reader.locales_dir.empty() ? default_locales_dir() : reader.locales_dir;
}

/// The files of `dir` that may answer to `wanted`, most likely first: the one named like it,
/// then the one the index names, or (without an index) all of them.
std::vector<fs::path> candidates(const std::string& dir, const std::string& wanted, Reader& reader) {
  std::vector<fs::path> files;
  const fs::path folder(folder_key(dir));
  // The file named so, a link that leads nowhere included: reading it says what is wrong.
  std::error_code ec;
  if (plain_name(wanted) && (file_stamp((folder / (wanted + ".yaml")).string()) ||
                             fs::is_symlink(folder / (wanted + ".yaml"), ec)))
    files.push_back(folder / (wanted + ".yaml"));
  if (std::shared_ptr<const LocaleIndex> index = folder_index(dir, reader)) {
    if (auto it = index->find(wanted); it != index->end() && plain_name(it->second) && it->second != wanted)
      files.push_back(folder / (it->second + ".yaml"));
    return files;
  }
  for (fs::path& file : locale_files(dir))
    if (files.empty() || file != files.front()) files.push_back(std::move(file));
  return files;
}

}  // namespace

const FileKind& shipped_yaml_kind() {
  static const FileKind kind{"a YAML file", {".yaml", ".yml"}, limits::kMaxInputBytes, nullptr};
  return kind;
}

std::string default_locales_dir() { return (fs::path(HANJI_SOURCE_DATA_DIR) / "locales").string(); }

std::vector<std::string> locale_search_dirs(const std::string& cv_path, const std::string& shipped) {
  std::vector<std::string> dirs;
  const fs::path folder = fs::path(cv_path).parent_path();
  dirs.push_back((folder.empty() ? fs::path("locales") : folder / "locales").string());
  if (std::string user = user_config_folder("locales"); !user.empty()) dirs.push_back(user);
  dirs.push_back(shipped.empty() ? default_locales_dir() : shipped);
  // A CV inside the shipped folder's parent (the checkout) must not read it twice.
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (std::string& dir : dirs) {
    std::error_code ec;
    const std::string key = fs::weakly_canonical(fs::absolute(dir, ec), ec).string();
    if (seen.insert(key).second) unique.push_back(std::move(dir));
  }
  return unique;
}

namespace {

std::optional<Locale> look_for_locale(const std::string& wanted, Reader& reader) {
  const std::string shipped = shipped_dir(reader);
  bool broken_file_reported = false;
  for (const std::string& dir : locale_search_dirs(reader.source.file(), shipped)) {
    const FileKind& kind = dir == shipped ? shipped_yaml_kind() : own_locale_kind();
    for (const fs::path& file : candidates(dir, wanted, reader)) {
      std::shared_ptr<const ParsedFile> parsed = locale_file(file, kind, reader);
      if (!parsed->root) {
        // A file of one's own named like the locale asked for that cannot be read as one (a
        // YAML error, too large, a link to another kind of file, no locale's keys) is an
        // error, as a misspelt key in it would be, not a silent fall back to English. A broken
        // file of another name, which may or may not be the one meant, is passed over with a
        // warning, as a layout is; another kind of YAML file there, in silence. A broken
        // shipped file is hanji's, not the CV's.
        if (&kind != &own_locale_kind()) continue;
        if (lowercase(file.stem().string()) == wanted) {
          for (const Diagnostic& d : parsed->diags.all()) reader.diags.add(d);
          broken_file_reported = true;
        } else if (!parsed->foreign) {
          for (Diagnostic d : parsed->diags.all()) {
            d.severity = Severity::Warning;
            d.message = "passed over as a locale: " + d.message;
            reader.diags.add(std::move(d));
          }
        }
        continue;
      }
      if (!answers_to(*parsed->root, file, wanted)) continue;
      for (const Diagnostic& d : parsed->diags.all()) reader.diags.add(d);
      SourceText source("", file.string());
      Reader file_reader{source, reader.diags, reader.locales_dir, reader.layouts_dir, reader.today, reader.locale_cache};
      file_reader.from_rendercv = reader.from_rendercv;
      Locale locale = *builtin_locale("en");
      // A file's short units are its own: one that gives none writes its full words ("1년
      // 9개월"), never English's "yr" and "mos".
      locale.year_short.clear(), locale.years_short.clear(), locale.month_short.clear(), locale.months_short.clear();
      read_locale_map(*parsed->root, file_reader, locale, /*locale_file=*/true);
      return locale;
    }
  }
  // After a broken file's error, "no such locale" would only contradict it.
  if (broken_file_reported || std::find(builtin_names().begin(), builtin_names().end(), wanted) != builtin_names().end())
    return builtin_locale("en");
  return std::nullopt;
}

}  // namespace

std::optional<Locale> find_locale(std::string_view name, Reader& reader) {
  const std::string wanted = lowercase(name);
  if (wanted.empty()) return std::nullopt;
  if (!reader.found_locales) return look_for_locale(wanted, reader);
  auto [kept, added] = reader.found_locales->by_name.try_emplace(wanted);
  if (added) {
    try {
      Diagnostics said;
      Reader asking = reader.probe(said);
      kept->second.locale = look_for_locale(wanted, asking);
      kept->second.said = said.all();
    } catch (...) {
      reader.found_locales->by_name.erase(kept);
      throw;
    }
  }
  for (const Diagnostic& d : kept->second.said) reader.diags.add(d);
  return kept->second.locale;
}

std::vector<std::string> locale_spellings(const std::string& locales_dir) {
  std::vector<std::string> spellings = builtin_names();
  for (const fs::path& file : locale_files(locales_dir.empty() ? default_locales_dir() : locales_dir))
    if (std::shared_ptr<const ParsedFile> parsed = parse_locale_file(file, shipped_yaml_kind()); parsed->root) {
      const std::vector<std::string> names = names_of(*parsed->root, file);
      spellings.insert(spellings.end(), names.begin(), names.end());
    }
  std::sort(spellings.begin(), spellings.end());
  spellings.erase(std::unique(spellings.begin(), spellings.end()), spellings.end());
  return spellings;
}

std::vector<std::string> locale_present_words(const std::string& locales_dir) {
  std::vector<std::string> words;
  for (const fs::path& file : locale_files(locales_dir.empty() ? default_locales_dir() : locales_dir))
    if (std::shared_ptr<const ParsedFile> parsed = parse_locale_file(file, shipped_yaml_kind()); parsed->root)
      if (std::string word = lowercase(scalar_of(*parsed->root, "present")); !word.empty()) words.push_back(word);
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  return words;
}

std::vector<std::string> locale_names(Reader& reader) {
  std::set<std::string> names;
  for (const std::string& dir : locale_search_dirs(reader.source.file(), shipped_dir(reader)))
    for (const fs::path& file : locale_files(dir)) names.insert(file.stem().string());
  return {names.begin(), names.end()};
}

std::string locale_index(const std::string& locales_dir, Diagnostics& diags) {
  std::string out =
      "# Every name a locale file here answers to (its file name, language, code and aliases, in\n"
      "# lower case) and the file, so that hanji reads one file to find a language. Generated\n"
      "# by `make locales-index`; a test checks it is current.\n";
  std::map<std::string, std::string> index;
  for (const fs::path& file : locale_files(locales_dir)) {
    std::shared_ptr<const ParsedFile> parsed = parse_locale_file(file, shipped_yaml_kind());
    for (const Diagnostic& d : parsed->diags.all()) diags.add(d);
    if (!parsed->root) continue;
    for (const std::string& name : names_of(*parsed->root, file)) {
      auto [it, added] = index.emplace(name, file.stem().string());
      if (!added && it->second != file.stem().string())
        diags.error(Span{file.string(), 0, 0},
                    fmt::format("'{}' is a name of both {}.yaml and {}.yaml", name, it->second, file.stem().string()),
                    {"give each locale file names of its own"});
    }
  }
  for (const auto& [name, stem] : index) out += name + " " + stem + "\n";
  return out;
}

}  // namespace hanji::readers
