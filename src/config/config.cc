// Any YAML file (a layout) as a ConfigNode tree, for the layout module to check.
#include "config/config.h"

#include <algorithm>
#include <string_view>
#include "config/prebuilt.h"
#include "config/yaml_tree.h"

namespace hanji::config {

const ConfigNode* ConfigNode::find(std::string_view key) const {
  if (kind != Kind::Map) return nullptr;
  for (size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) return &children[i];
  return nullptr;
}

ConfigNode to_config(const YamlNode& node) {
  ConfigNode out;
  out.span = node.span;
  switch (node.kind) {
    case YamlNode::Kind::Null: out.kind = ConfigNode::Kind::Null; break;
    case YamlNode::Kind::Scalar:
      out.kind = ConfigNode::Kind::Scalar;
      out.scalar = node.scalar;
      break;
    case YamlNode::Kind::Sequence: out.kind = ConfigNode::Kind::Sequence; break;
    case YamlNode::Kind::Map:
      out.kind = ConfigNode::Kind::Map;
      out.keys = node.keys;
      out.key_spans = node.key_spans;
      break;
  }
  out.children.reserve(node.items.size());
  for (const YamlNode& item : node.items) out.children.push_back(to_config(item));
  return out;
}

namespace {

std::string_view trim_left(std::string_view text) {
  const size_t start = text.find_first_not_of(" \t");
  return start == std::string_view::npos ? std::string_view() : text.substr(start);
}

// The key at the start of `line` (after a '{' that opens a flow map): the text before the
// first ':' that ends the line or is followed by a blank, or the text in quotes before one.
std::optional<std::string> key_at_start(std::string_view line) {
  if (line.starts_with('{')) line = trim_left(line.substr(1));
  if (line.empty()) return std::nullopt;
  if (line[0] == '"' || line[0] == '\'') {
    const size_t close = line.find(line[0], 1);
    if (close == std::string_view::npos || !trim_left(line.substr(close + 1)).starts_with(':')) return std::nullopt;
    return std::string(line.substr(1, close - 1));
  }
  if (line[0] == '-' || line[0] == '[' || line[0] == '|' || line[0] == '>') return std::nullopt;  // not a map
  for (size_t at = line.find(':'); at != std::string_view::npos; at = line.find(':', at + 1)) {
    if (at + 1 == line.size() || line[at + 1] == ' ' || line[at + 1] == '\t') {
      std::string_view key = line.substr(0, at);
      while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.remove_suffix(1);
      return std::string(key);
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> first_key(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte-order mark
  while (!text.empty()) {
    const size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(text.size(), end + 1));
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    line = trim_left(line);
    if (line.empty()) continue;
    if (line[0] == '#' || line[0] == '%' || line == "..." || line == "---") continue;
    if (line.starts_with("--- ")) line.remove_prefix(4);
    return key_at_start(line);
  }
  return "";
}

std::optional<ConfigNode> load_config_from_string(const std::string& text, const std::string& path,
                                                  Diagnostics& diags, std::span<const PrebuiltTree> prebuilt) {
  SourceText source(text, path);
  std::optional<YamlNode> root = parse_yaml_or_prebuilt(source, prebuilt, diags);
  if (!root) return std::nullopt;
  return to_config(*root);
}

std::optional<ConfigNode> load_config(const std::string& path, Diagnostics& diags, const Span& named_at) {
  std::optional<std::string> text = read_input_file(path, named_at, diags);
  if (!text) return std::nullopt;
  return load_config_from_string(*text, path, diags);
}

}  // namespace hanji::config
