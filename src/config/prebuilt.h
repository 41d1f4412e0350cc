// The YAML files hanji ships (layouts/, locales/) parsed when hanji is built, so that a build
// does not run yaml-cpp over them again: yaml-cpp's scanner costs about 1,300 instructions a
// byte, and the layout and locale of one CV came to 6 M instructions, a twelfth of a build.
// A file is taken from its prebuilt tree only when its text is byte for byte the text that
// was parsed, so an edited file (a shipped layout changed in place, a copy beside the CV
// with one line more) is parsed as it is.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "config/yaml_tree.h"

namespace hanji::config {

/// A shipped file's text and its parsed tree, serialized (serialize_tree).
struct PrebuiltTree {
  std::string_view text;
  std::string_view tree;
};

/// The tree in a compact form: kinds, styles and flags as bytes, positions and lengths as
/// variable-length numbers, no file name (a Span's file is given back when it is read).
std::string serialize_tree(const YamlNode& root);

/// The tree of `source` if one of `trees` was parsed from exactly its text, with every Span
/// naming `source.file()`; nullopt otherwise.
std::optional<YamlNode> prebuilt_tree(const SourceText& source, std::span<const PrebuiltTree> trees);

/// prebuilt_tree, else parse_yaml.
std::optional<YamlNode> parse_yaml_or_prebuilt(const SourceText& source, std::span<const PrebuiltTree> trees,
                                               Diagnostics& diags);

}  // namespace hanji::config
