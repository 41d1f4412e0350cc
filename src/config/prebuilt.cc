#include "config/prebuilt.h"

#include <cstdint>
#include <stdexcept>

namespace hanji::config {
namespace {

enum Flags : uint8_t { kFromAlias = 1, kPlain = 2 };

class Writer {
 public:
  void number(uint64_t value) {
    while (value >= 0x80) {
      out_.push_back(static_cast<char>(0x80 | (value & 0x7f)));
      value >>= 7;
    }
    out_.push_back(static_cast<char>(value));
  }
  void byte(uint8_t value) { out_.push_back(static_cast<char>(value)); }
  void text(std::string_view value) {
    number(value.size());
    out_.append(value);
  }
  void place(const Span& span) {
    number(static_cast<uint64_t>(span.line));
    number(static_cast<uint64_t>(span.col));
  }
  void node(const YamlNode& node) {
    byte(static_cast<uint8_t>(node.kind));
    byte(static_cast<uint8_t>(node.style));
    byte(static_cast<uint8_t>((node.from_alias ? kFromAlias : 0) | (node.plain ? kPlain : 0)));
    place(node.span);
    number(static_cast<uint64_t>(node.raw.line));
    number(static_cast<uint64_t>(node.raw.byte_col));
    text(node.scalar);
    number(node.items.size());
    const bool map = node.kind == YamlNode::Kind::Map;
    for (size_t i = 0; i < node.items.size(); ++i) {
      if (map) {
        text(node.keys[i]);
        place(node.key_spans[i]);
      }
      this->node(node.items[i]);
    }
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

// Reads what Writer wrote. The bytes are the build's own output, so a reader past the end
// means a build gone wrong, not bad input: it throws.
class Reader {
 public:
  Reader(std::string_view bytes, const std::string& file) : bytes_(bytes), file_(file) {}

  YamlNode node() {
    YamlNode node;
    node.kind = static_cast<YamlNode::Kind>(byte());
    node.style = static_cast<ScalarStyle>(byte());
    const uint8_t flags = byte();
    node.from_alias = flags & kFromAlias;
    node.plain = flags & kPlain;
    node.span = place();
    node.raw.line = static_cast<int>(number());
    node.raw.byte_col = static_cast<int>(number());
    node.scalar = text();
    const size_t count = number();
    const bool map = node.kind == YamlNode::Kind::Map;
    node.items.reserve(count);
    if (map) {
      node.keys.reserve(count);
      node.key_spans.reserve(count);
    }
    for (size_t i = 0; i < count; ++i) {
      if (map) {
        node.keys.push_back(text());
        node.key_spans.push_back(place());
      }
      node.items.push_back(this->node());
    }
    return node;
  }
  bool at_end() const { return at_ == bytes_.size(); }

 private:
  uint8_t byte() {
    if (at_ >= bytes_.size()) throw std::logic_error("a prebuilt YAML tree ends early");
    return static_cast<uint8_t>(bytes_[at_++]);
  }
  uint64_t number() {
    uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
      const uint8_t b = byte();
      value |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return value;
    }
  }
  std::string text() {
    const size_t size = number();
    if (size > bytes_.size() - at_) throw std::logic_error("a prebuilt YAML tree ends early");
    std::string value(bytes_.substr(at_, size));
    at_ += size;
    return value;
  }
  Span place() {
    const int line = static_cast<int>(number());
    const int col = static_cast<int>(number());
    return Span{file_, line, col};
  }

  std::string_view bytes_;
  const std::string& file_;
  size_t at_ = 0;
};

}  // namespace

std::string serialize_tree(const YamlNode& root) {
  Writer writer;
  writer.node(root);
  return writer.take();
}

std::optional<YamlNode> prebuilt_tree(const SourceText& source, std::span<const PrebuiltTree> trees) {
  for (const PrebuiltTree& prebuilt : trees) {
    if (prebuilt.text != source.text()) continue;
    Reader reader(prebuilt.tree, source.file());
    YamlNode root = reader.node();
    if (!reader.at_end()) throw std::logic_error("a prebuilt YAML tree has bytes past its end");
    return root;
  }
  return std::nullopt;
}

std::optional<YamlNode> parse_yaml_or_prebuilt(const SourceText& source, std::span<const PrebuiltTree> trees,
                                               Diagnostics& diags) {
  if (std::optional<YamlNode> root = prebuilt_tree(source, trees)) return root;
  return parse_yaml(source, diags);
}

}  // namespace hanji::config
