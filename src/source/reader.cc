// Typed reads of YamlNodes with one wording for every "wrong type" and "unknown key" message.
#include <fmt/format.h>

#include <cctype>
#include <filesystem>

#include "source/reader.h"

#include <utility>

namespace hanji::source {

namespace {

std::string found_hint(const YamlNode& node) {
  if (node.is_sequence()) return "write a single value here, not a list of lines starting with '- '";
  if (node.is_map()) return "write a single value here; if it contains ': ', put it in quotes";
  return "write a value after the ':'";
}

}  // namespace

Text make_text(const YamlNode& scalar) { return Text{scalar.scalar, scalar.span}; }

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

const YamlNode* value_of(const YamlNode& map, std::string_view key) {
  if (!map.is_map()) return nullptr;
  for (size_t i = 0; i < map.keys.size(); ++i)
    if (map.keys[i] == key) return &map.items[i];
  return nullptr;
}

YamlNode* value_of(YamlNode& map, std::string_view key) {
  return const_cast<YamlNode*>(value_of(std::as_const(map), key));
}

std::string scalar_of(const YamlNode& map, std::string_view key) {
  const YamlNode* node = value_of(map, key);
  return node && node->is_scalar() ? node->scalar : "";
}

std::string quoted_list(const std::vector<std::string>& words, std::string_view conjunction) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? fmt::format(" {} ", conjunction) : std::string(", ");
    out += fmt::format("'{}'", words[i]);
  }
  return out;
}

std::string directory_of(const std::string& path) {
  return std::filesystem::path(path).parent_path().string();
}

std::string_view Reader::shown(std::string_view key) const {
  if (!json_resume) return key;
  static constexpr std::pair<std::string_view, std::string_view> kJsonResumeNames[] = {
      {"start_date", "startDate"}, {"end_date", "endDate"}, {"headline", "label"}, {"website", "url"},
      {"photo", "image"},          {"degree", "studyType"}, {"journal", "publisher"}};
  for (const auto& [rendercv, json_resume_name] : kJsonResumeNames)
    if (key == rendercv) return json_resume_name;
  return key;
}

std::optional<Text> Reader::text(const YamlNode& node, std::string_view key) {
  if (node.is_scalar()) return make_text(node);
  if (node.is_null()) return std::nullopt;
  diags.error(node.span, fmt::format("expected text for '{}', found {}", shown(key), describe_kind(node)),
              {found_hint(node)});
  return std::nullopt;
}

std::vector<Text> Reader::text_list(const YamlNode& node, std::string_view key, bool single_ok) {
  std::vector<Text> out;
  if (node.is_null()) return out;
  if (node.is_scalar() && single_ok) {
    out.push_back(make_text(node));
    return out;
  }
  if (!node.is_sequence()) {
    diags.error(node.span, fmt::format("expected a list of text for '{}', found {}", shown(key), describe_kind(node)),
                {fmt::format("write each item of '{}' on its own line starting with '- '", shown(key))});
    return out;
  }
  for (const YamlNode& item : node.items) {
    if (item.is_scalar()) {
      out.push_back(make_text(item));
    } else {
      diags.error(item.span, fmt::format("expected text in the list '{}', found {}", shown(key), describe_kind(item)),
                  {item.is_null() ? "remove the empty '- ' line" : found_hint(item)});
    }
  }
  return out;
}

bool Reader::expect_map(const YamlNode& node, std::string_view key, std::string_view hint) {
  if (node.is_map()) return true;
  diags.error(node.span, fmt::format("expected a map for '{}', found {}", shown(key), describe_kind(node)),
              {std::string(hint)});
  return false;
}

bool Reader::expect_list(const YamlNode& node, std::string_view key, std::string_view hint) {
  if (node.is_sequence()) return true;
  diags.error(node.span, fmt::format("expected a list for '{}', found {}", shown(key), describe_kind(node)),
              {std::string(hint)});
  return false;
}

void Reader::unknown_key(const Span& span, std::string_view key, std::string_view where,
                         const std::vector<std::string>& known) {
  std::string guess = closest_match(key, known);
  std::string hint = guess.empty() ? fmt::format("the keys allowed here are {}", quoted_list(known))
                                   : fmt::format("did you mean '{}'?", guess);
  diags.error(span, fmt::format("unknown key '{}' in {}", excerpt(key), where), {hint});
}

}  // namespace hanji::source
