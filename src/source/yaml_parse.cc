// parse_yaml: yaml-cpp's event parser -> YamlNode tree. Using events rather than YAML::Node
// lets us see duplicate keys (YAML::Node silently keeps both), know how each scalar was
// quoted, and keep exact positions.
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <fmt/format.h>

#include <map>
#include <sstream>

#include "source/yaml_tree.h"

namespace hanji::source {

namespace {

RawMark raw(const YAML::Mark& mark) { return RawMark{mark.line, mark.column}; }

// yaml-cpp accepts a quoted scalar that runs to the end of the file without its closing
// quote; we look for the quote ourselves. Linear in the scalar's length.
bool has_closing_quote(std::string_view text, size_t content_begin, ScalarStyle style) {
  char quote = style == ScalarStyle::DoubleQuoted ? '"' : '\'';
  for (size_t i = content_begin; i < text.size(); ++i) {
    if (style == ScalarStyle::DoubleQuoted && text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      if (style == ScalarStyle::SingleQuoted && i + 1 < text.size() && text[i + 1] == '\'') {
        ++i;  // '' is an escaped quote inside single quotes
        continue;
      }
      return true;
    }
  }
  return false;
}

class TreeBuilder final : public YAML::EventHandler {
 public:
  TreeBuilder(const SourceText& source, Diagnostics& diags) : source_(source), diags_(diags) {}

  std::optional<YamlNode> take_root() { return std::move(root_); }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override {
    YamlNode node;
    node.raw = raw(mark);
    node.span = source_.span_at(node.raw);
    add(std::move(node));
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    diags_.error(source_.span_at(raw(mark)), "YAML aliases (*name) are not supported",
                 {"write the value out in full; if '*' is part of the text, put the value in quotes"});
    OnNull(mark, 0);
  }

  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string& value) override {
    YamlNode node;
    node.kind = YamlNode::Kind::Scalar;
    node.scalar = value;
    node.raw = source_.content_start(raw(mark), &node.style);
    node.span = source_.span_at(node.raw);
    check_quotes_closed(mark, node);
    add(std::move(node));
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    open(YamlNode::Kind::Sequence, mark);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    open(YamlNode::Kind::Map, mark);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Frame {
    YamlNode node;
    std::optional<YamlNode> pending_key;
    std::map<std::string, int> first_line;  // key -> line, to report duplicates
  };

  void open(YamlNode::Kind kind, const YAML::Mark& mark) {
    Frame frame;
    frame.node.kind = kind;
    frame.node.raw = raw(mark);
    frame.node.span = source_.span_at(frame.node.raw);
    stack_.push_back(std::move(frame));
  }

  void close() {
    YamlNode node = std::move(stack_.back().node);
    stack_.pop_back();
    add(std::move(node));
  }

  void add(YamlNode node) {
    if (stack_.empty()) {
      root_ = std::move(node);
      return;
    }
    Frame& frame = stack_.back();
    if (frame.node.is_sequence()) {
      if (node.is_null()) node.span = empty_item_span(node.raw);
      frame.node.items.push_back(std::move(node));
    } else if (!frame.pending_key) {
      frame.pending_key = std::move(node);
    } else {
      YamlNode key = std::move(*frame.pending_key);
      frame.pending_key.reset();
      add_pair(frame, std::move(key), std::move(node));
    }
  }

  void add_pair(Frame& frame, YamlNode key, YamlNode value) {
    if (!key.is_scalar()) {
      diags_.error(key.span, fmt::format("a key must be text, found {}", describe_kind(key)),
                   {"write the key as plain text followed by ':'"});
      return;
    }
    auto [it, inserted] = frame.first_line.emplace(key.scalar, key.span.line);
    if (!inserted) {
      diags_.error(key.span, fmt::format("duplicate key '{}' (first at line {})", key.scalar, it->second),
                   {"YAML keeps only one of them; remove or rename one"});
      return;
    }
    // An empty value has no position of its own; the key is where the user looks.
    if (value.is_null()) value.span = key.span;
    frame.node.keys.push_back(std::move(key.scalar));
    frame.node.key_spans.push_back(key.span);
    frame.node.items.push_back(std::move(value));
  }

  // yaml-cpp places an empty list item ("-" alone) at the next token, often lines later;
  // the '-' itself is where the user should look.
  Span empty_item_span(RawMark mark) const {
    std::string_view text = source_.text();
    size_t p = source_.offset_of(mark);
    while (p > 0 && (text[p - 1] == ' ' || text[p - 1] == '\t' || text[p - 1] == '\n' || text[p - 1] == '\r')) --p;
    if (p > 0 && text[p - 1] == '-') return source_.span_at(source_.mark_at(p - 1));
    return source_.span_at(mark);
  }

  void check_quotes_closed(const YAML::Mark& mark, const YamlNode& node) {
    if (node.style != ScalarStyle::DoubleQuoted && node.style != ScalarStyle::SingleQuoted) return;
    if (has_closing_quote(source_.text(), source_.offset_of(node.raw), node.style)) return;
    char quote = node.style == ScalarStyle::DoubleQuoted ? '"' : '\'';
    diags_.error(source_.span_at(raw(mark)), fmt::format("this quoted text has no closing {}", quote),
                 {fmt::format("add the closing {} at the end of the value", quote)});
  }

  const SourceText& source_;
  Diagnostics& diags_;
  std::vector<Frame> stack_;
  std::optional<YamlNode> root_;
};

// Counts a second document without building it.
class DocumentProbe final : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark& mark) override { start = raw(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
  RawMark start;
};

}  // namespace

std::optional<YamlNode> parse_yaml(const SourceText& source, Diagnostics& diags) {
  Diagnostics local;
  std::optional<YamlNode> root;
  std::istringstream stream(source.text());
  try {
    YAML::Parser parser(stream);
    TreeBuilder builder(source, local);
    if (!parser.HandleNextDocument(builder)) return YamlNode{};
    root = builder.take_root();
    DocumentProbe probe;
    if (parser.HandleNextDocument(probe))
      local.error(source.span_at(probe.start), "the file holds more than one YAML document",
                  {"keep one document: remove the '---' line and what follows, or merge them"});
  } catch (const YAML::Exception& e) {
    local.add(e.mark.is_null() ? syntax_error(source, -1, 0, e.msg)
                               : syntax_error(source, e.mark.line, e.mark.column, e.msg));
  }
  for (const auto& d : local.all()) diags.add(d);
  if (local.has_errors()) return std::nullopt;
  return root ? std::move(root) : YamlNode{};
}

}  // namespace hanji::source
