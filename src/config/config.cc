// Any YAML file (a layout) as a ConfigNode tree, for the layout module to check.
#include "config/config.h"
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

std::optional<ConfigNode> load_config_from_string(const std::string& text, const std::string& path,
                                                  Diagnostics& diags) {
  SourceText source(text, path);
  std::optional<YamlNode> root = parse_yaml(source, diags);
  if (!root) return std::nullopt;
  return to_config(*root);
}

std::optional<ConfigNode> load_config(const std::string& path, Diagnostics& diags, const Span& named_at) {
  std::optional<std::string> text = read_input_file(path, named_at, diags);
  if (!text) return std::nullopt;
  return load_config_from_string(*text, path, diags);
}

}  // namespace hanji::config
