// config: YAML text to a located value tree. The one place yaml-cpp is used: the CV reader
// walks the full tree (yaml_tree.h), layout files and a CV's `layout:` overrides arrive as
// this generic ConfigNode, so the layout module checks them without seeing yaml-cpp or the
// CV reader.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.h"
#include "core/memo.h"

namespace hanji::config {

struct PrebuiltTree;  // prebuilt.h

/// Pieces of CV files parsed before, kept by their text and place so that a file saved again
/// is parsed again only where it changed (an Engine's, shared by its threads; see
/// parse_yaml_in_pieces).
class YamlPieces {
 public:
  YamlPieces();
  ~YamlPieces();
  YamlPieces(const YamlPieces&) = delete;
  YamlPieces& operator=(const YamlPieces&) = delete;

  /// Pieces parsed, pieces found kept, and files parsed whole instead, so far.
  std::size_t pieces_parsed() const;
  std::size_t pieces_reused() const;
  std::size_t whole_parses() const;
  /// The pieces' and the placeholders' memos together.
  MemoStats stats() const;

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

/// A generic YAML tree, used for layout files and for layout overrides in a CV file.
struct ConfigNode {
  enum class Kind { Null, Scalar, Sequence, Map };
  Kind kind = Kind::Null;
  std::string scalar;              // Scalar
  std::vector<std::string> keys;   // Map: keys in file order
  std::vector<Span> key_spans;     // Map: where each key is written
  std::vector<ConfigNode> children;  // Map: value of keys[i]; Sequence: the items
  Span span;                       // where the node's value starts

  /// The value for `key` in a Map, or nullptr.
  const ConfigNode* find(std::string_view key) const;
};

/// The first key of a YAML file that is a map, read from its text without parsing it: what
/// tells a layout or a locale from any other file before a message could quote the file.
/// "" for a file of nothing but blank lines, comments and directives; nullopt when the
/// first thing in it is no key (a list, a plain text, binary data).
std::optional<std::string> first_key(std::string_view text);

/// Reads any YAML file (a layout) into a ConfigNode; syntax errors go to `diags`. A file that
/// cannot be read is reported at `named_at` (where another file names it), if known.
std::optional<ConfigNode> load_config(const std::string& path, Diagnostics& diags, const Span& named_at = {});
/// `prebuilt`: trees parsed when hanji was built (prebuilt.h), taken for a text they were parsed from.
std::optional<ConfigNode> load_config_from_string(const std::string& text, const std::string& path,
                                                  Diagnostics& diags, std::span<const PrebuiltTree> prebuilt = {});

}  // namespace hanji::config
