// One file, several CVs: texts written per language ({ko: 박지민, en: Jimin Park}) and parts
// carrying `tags:`. Before any reader looks at the tree, this pass picks the language and
// drops what the tags leave out, so every reader (RenderCV, JSON Resume) and every field
// gets both features without knowing about them.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "readers/fields.h"
#include "readers/reader.h"

namespace hanji::readers {

namespace {

// ISO 639-1 codes of the languages a CV is plausibly written in. A map counts as texts per
// language only when every key is one of these (optionally with a region: en-US, pt-BR), so
// an ordinary map is never mistaken for one.
constexpr std::array<std::string_view, 64> kCodes = {
    "ar", "bg", "bn", "ca", "cs", "cy", "da", "de", "el", "en", "eo", "es", "et", "eu", "fa", "fi",
    "fr", "ga", "gl", "he", "hi", "hr", "hu", "hy", "id", "is", "it", "ja", "ka", "kk", "ko", "lt",
    "lv", "mk", "mn", "ms", "mt", "nb", "nl", "nn", "no", "pl", "pt", "ro", "ru", "sk", "sl", "sq",
    "sr", "sv", "sw", "ta", "th", "tl", "tr", "uk", "ur", "uz", "vi", "zh", "af", "az", "be", "bs"};

bool is_language_code(std::string_view key) {
  std::string_view base = key.substr(0, key.find('-'));
  if (base.size() != 2 || std::find(kCodes.begin(), kCodes.end(), base) == kCodes.end()) return false;
  if (base.size() == key.size()) return true;
  std::string_view region = key.substr(3);
  return region.size() >= 2 && region.size() <= 4 &&
         std::all_of(region.begin(), region.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
}

bool is_language_map(const YamlNode& node) {
  return node.is_map() && !node.keys.empty() && std::all_of(node.keys.begin(), node.keys.end(), is_language_code);
}

// "en-US" answers for "en" and the other way round.
bool same_language(std::string_view a, std::string_view b) {
  return a.substr(0, a.find('-')) == b.substr(0, b.find('-'));
}

class VariantPass {
 public:
  VariantPass(const ReadOptions& options, Reader& reader) : reader_(reader) {
    for (const std::string& tag : options.only_tags) wanted_.push_back(lowercase(tag));
  }

  /// The file's own language: a text that lacks the one asked for falls back to it.
  void set_main_language(std::string language) { main_language_ = std::move(language); }

  /// First pass: the languages the file carries, in the order they first appear.
  void collect_languages(const YamlNode& node, std::vector<std::string>& seen) const {
    if (is_language_map(node)) {
      for (const std::string& key : node.keys)
        if (std::find(seen.begin(), seen.end(), key) == seen.end()) seen.push_back(key);
    }
    for (const YamlNode& item : node.items) collect_languages(item, seen);
  }

  /// Second pass: every language map replaced by its text in `language`, every tagged part
  /// kept or dropped (a dropped map value takes its key with it).
  void resolve(YamlNode& node, const std::string& language) {
    if (is_language_map(node)) {
      YamlNode chosen = pick(node, language);
      node = std::move(chosen);
    }
    if (node.is_sequence()) resolve_list(node, language);
    else if (node.is_map()) resolve_map(node, language);
  }

  const std::vector<std::string>& tags_seen() const { return tags_seen_; }

 private:
  // The text in `language`; without it, the one in the file's main language, else the first.
  YamlNode pick(const YamlNode& map, const std::string& language) const {
    for (const std::string& wanted : {language, main_language_})
      for (size_t i = 0; i < map.keys.size(); ++i)
        if (!wanted.empty() && same_language(map.keys[i], wanted)) return map.items[i];
    return map.items.front();
  }

  void resolve_list(YamlNode& list, const std::string& language) {
    const bool had_items = !list.items.empty();
    std::vector<YamlNode> kept;
    for (YamlNode& item : list.items) {
      resolve(item, language);
      if (!keep_tagged(item)) continue;
      collapse_text_item(item);
      kept.push_back(std::move(item));
    }
    list.items = std::move(kept);
    emptied_ = had_items && list.items.empty();
  }

  void resolve_map(YamlNode& map, const std::string& language) {
    for (size_t i = 0; i < map.keys.size();) {
      YamlNode& value = map.items[i];
      resolve(value, language);
      const bool dropped = !keep_tagged(value) || emptied_;
      emptied_ = false;
      if (dropped) {
        map.keys.erase(map.keys.begin() + static_cast<long>(i));
        map.key_spans.erase(map.key_spans.begin() + static_cast<long>(i));
        map.items.erase(map.items.begin() + static_cast<long>(i));
        continue;
      }
      was_tagged_ = false;
      ++i;
    }
  }

  // Removes `tags:` from a map and says whether the map stays under --only.
  bool keep_tagged(YamlNode& node) {
    was_tagged_ = false;
    if (!node.is_map()) return true;
    auto it = std::find(node.keys.begin(), node.keys.end(), tags_field().key);
    if (it == node.keys.end()) return true;
    const size_t index = static_cast<size_t>(it - node.keys.begin());
    std::vector<Text> tags = reader_.text_list(node.items[index], "tags", true);
    node.keys.erase(node.keys.begin() + static_cast<long>(index));
    node.key_spans.erase(node.key_spans.begin() + static_cast<long>(index));
    node.items.erase(node.items.begin() + static_cast<long>(index));
    was_tagged_ = true;
    bool match = wanted_.empty();
    for (const Text& tag : tags) {
      std::string name = lowercase(tag.value);
      if (std::find(tags_seen_.begin(), tags_seen_.end(), name) == tags_seen_.end()) tags_seen_.push_back(name);
      if (std::find(wanted_.begin(), wanted_.end(), name) != wanted_.end()) match = true;
    }
    return match || tags.empty();
  }

  // A plain-text list item (a highlight, a text entry) written as {text: ..., tags: [...]}
  // (or {text: ...}) becomes the text once its tags are gone.
  static void collapse_text_item(YamlNode& item) {
    if (!item.is_map() || item.keys.size() != 1 || item.keys.front() != tagged_text_field().key) return;
    if (!item.items.front().is_scalar()) return;
    YamlNode text = std::move(item.items.front());
    item = std::move(text);
  }

 private:
  Reader& reader_;
  std::string main_language_;
  std::vector<std::string> wanted_;
  std::vector<std::string> tags_seen_;
  bool was_tagged_ = false;
  bool emptied_ = false;
};

}  // namespace

std::string language_key_pattern() {
  std::string codes;
  for (std::string_view code : kCodes) codes += (codes.empty() ? "" : "|") + std::string(code);
  return "^(" + codes + ")(-[A-Za-z0-9]{2,4})?$";  // is_language_code's region: 2 to 4 letters or digits
}

const Field& tags_field() {
  static const Field kField{"tags", Shape::Texts,
                            "the tailored versions this belongs to: `hanji build --only TAG` keeps what is tagged "
                            "TAG and everything untagged"};
  return kField;
}

const Field& tagged_text_field() {
  static const Field kField{"text", Shape::Text, "the text, when it carries tags", true};
  return kField;
}

std::string choose_variant(YamlNode& root, const ReadOptions& options, std::string_view file_language,
                           Reader& reader, std::vector<std::string>& languages) {
  VariantPass pass(options, reader);
  pass.collect_languages(root, languages);
  // The file's own language: the one its locale names, else the first one it writes.
  std::string main = languages.empty() ? std::string(file_language) : languages.front();
  for (const std::string& language : languages)
    if (!file_language.empty() && same_language(language, file_language)) main = language;
  pass.set_main_language(main);
  std::string chosen = options.language.empty() ? main : options.language;
  if (!options.language.empty() && !languages.empty() &&
      std::none_of(languages.begin(), languages.end(),
                   [&](const std::string& l) { return same_language(l, options.language); }))
    reader.diags.warning(Span{reader.source.file(), 1, 1},
                         fmt::format("--lang {}: the file has no text in '{}'; it is written in {}", options.language,
                                     options.language, quoted_list(languages, "and")),
                         {"texts are chosen per language when written as {ko: ..., en: ...}"});
  pass.resolve(root, chosen);
  for (const std::string& tag : options.only_tags) {
    const auto& seen = pass.tags_seen();
    if (std::find(seen.begin(), seen.end(), lowercase(tag)) == seen.end())
      reader.diags.warning(Span{reader.source.file(), 1, 1},
                           fmt::format("--only {}: no part of the CV is tagged '{}'", tag, tag),
                           {seen.empty() ? std::string("add 'tags: [" + tag + "]' to the entries, highlights or "
                                                       "sections this version should keep")
                                         : fmt::format("the tags in the file are {}", quoted_list(seen, "and"))});
  }
  return chosen;
}

}  // namespace hanji::readers
