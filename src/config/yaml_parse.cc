// parse_yaml: yaml-cpp's event parser -> YamlNode tree. Using events rather than YAML::Node
// lets us see duplicate keys (YAML::Node silently keeps both), know how each scalar was
// quoted, and keep exact positions.
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "core/files.h"
#include "core/limits.h"
#include "config/yaml_tree.h"

namespace hanji::config {

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

// Aborts the parse from inside an event handler: yaml-cpp unwinds, parse_yaml reports it.
struct LimitExceeded {
  RawMark mark;
  std::string message;
  std::string hint;
};

// How many nodes and bytes a subtree holds, to charge an alias for copying it (each node
// counted is a node looked at).
void measure(const YamlNode& node, size_t& nodes, size_t& bytes) {
  ++nodes;
  bytes += node.scalar.size();
  for (const std::string& key : node.keys) bytes += key.size();
  for (const YamlNode& item : node.items) measure(item, nodes, bytes);
}

// Characters that have no business in a CV and that the libraries after us handle badly or
// not at all: C0 and C1 controls (but tab and line breaks), DEL, and the noncharacters
// (U+FFFE, U+FFFF, U+FDD0..U+FDEF and their kin on every plane). They arrive with text
// pasted from other programs or through "\u" escapes; U+FFFD stands for bytes that are not
// UTF-8 at all (a "\uD800" escape).
bool is_unwanted(char32_t c) {
  if (c < 0x20) return c != '\t' && c != '\n' && c != '\r';
  if (c >= 0x7F && c <= 0x9F) return true;
  if (c >= 0xFDD0 && c <= 0xFDEF) return true;
  return (c & 0xFFFE) == 0xFFFE;
}

std::string code_point_name(char32_t c) { return fmt::format("U+{:04X}", static_cast<uint32_t>(c)); }

class TreeBuilder final : public YAML::EventHandler {
 public:
  TreeBuilder(const SourceText& source, Diagnostics& diags, YamlWork& work)
      : source_(source), diags_(diags), work_(work) {}

  std::optional<YamlNode> take_root() { return std::move(root_); }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    ++work_.nodes_built;
    YamlNode node;
    node.raw = raw(mark);
    node.span = source_.span_at(node.raw);
    add(std::move(node), anchor);
  }

  // An alias stands for a copy of its anchor's node, which keeps the spans where the anchor's
  // text is written. Copies are charged against a budget, so nested aliases (the "billion
  // laughs") stop at a bounded size instead of growing the tree exponentially.
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto found = anchors_.find(anchor);
    if (found == anchors_.end()) {  // an alias inside its own anchor's node: a cycle
      throw LimitExceeded{raw(mark), "this alias refers to the node it is part of",
                          "an alias may only repeat a node that is complete before it"};
    }
    size_t nodes = 0, bytes = 0;
    measure(found->second, nodes, bytes);
    work_.nodes_measured += nodes;
    alias_nodes_ += nodes;
    alias_bytes_ += bytes;
    if (alias_nodes_ > limits::kMaxAliasNodes || alias_bytes_ > limits::kMaxAliasBytes) {
      throw LimitExceeded{
          raw(mark),
          fmt::format("YAML aliases here expand the file beyond {} nodes or {} of text", limits::kMaxAliasNodes,
                      describe_bytes(limits::kMaxAliasBytes)),
          "aliases that repeat aliases grow exponentially; write the repeated part out, or repeat it fewer times"};
    }
    YamlNode copy = found->second;
    work_.nodes_built += nodes;
    copy.from_alias = true;
    add(std::move(copy), 0);
  }

  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                const std::string& value) override {
    ++work_.nodes_built;
    YamlNode node;
    node.kind = YamlNode::Kind::Scalar;
    node.scalar = value;
    node.raw = source_.content_start(raw(mark), &node.style);
    node.span = source_.span_at(node.raw);
    check_quotes_closed(mark, node);
    clean_scalar(node);
    check_word_length(node);
    add(std::move(node), anchor);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(YamlNode::Kind::Sequence, mark, anchor);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(YamlNode::Kind::Map, mark, anchor);
  }
  void OnMapEnd() override { close(); }

 private:
  // A merge (`<<: *base`) waiting for its map to end: explicit keys win wherever they stand.
  struct Merge {
    size_t position;  // the merged keys go where the `<<` was written
    std::vector<YamlNode> sources;  // maps, earlier ones winning over later ones
  };

  struct Frame {
    YamlNode node;
    YAML::anchor_t anchor = 0;
    std::optional<YamlNode> pending_key;
    struct Seen {
      int line = 0;       // where the key was first written, to report duplicates
      size_t index = 0;   // its place in node.keys
    };
    std::map<std::string, Seen> seen;
    std::vector<Merge> merges;
  };

  void open(YamlNode::Kind kind, const YAML::Mark& mark, YAML::anchor_t anchor) {
    if (stack_.size() >= static_cast<size_t>(limits::kMaxNestingDepth)) {
      throw LimitExceeded{raw(mark), fmt::format("lists and maps nest deeper than {} levels here", limits::kMaxNestingDepth),
                          "a CV needs about six levels; check the indentation and the brackets"};
    }
    ++work_.nodes_built;
    Frame frame;
    frame.node.kind = kind;
    frame.node.raw = raw(mark);
    frame.node.span = source_.span_at(frame.node.raw);
    frame.anchor = anchor;
    stack_.push_back(std::move(frame));
  }

  void close() {
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    if (!frame.merges.empty()) apply_merges(frame);
    add(std::move(frame.node), frame.anchor);
  }

  void add(YamlNode node, YAML::anchor_t anchor) {
    if (anchor != 0) anchors_[anchor] = node;  // complete now; later aliases copy it
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

  bool is_json_file() const {
    const std::string& file = source_.file();
    return file.size() >= 5 && (file.ends_with(".json") || file.ends_with(".JSON"));
  }

  static bool is_merge_key(const YamlNode& key) {
    return key.is_scalar() && key.scalar == "<<" && key.style == ScalarStyle::Plain && !key.from_alias;
  }

  void add_pair(Frame& frame, YamlNode key, YamlNode value) {
    if (!key.is_scalar()) {
      diags_.error(key.span, fmt::format("a key must be text, found {}", describe_kind(key)),
                   {"write the key as plain text followed by ':'"});
      return;
    }
    if (is_merge_key(key)) return add_merge(frame, key, std::move(value));
    auto [it, inserted] = frame.seen.emplace(key.scalar, Frame::Seen{key.span.line, frame.node.keys.size()});
    if (!inserted && is_json_file()) {
      // JSON readers keep the last of two equal keys; a JSON Resume written that way is read
      // as its other tools read it, with a warning.
      diags_.warning(key.span, fmt::format("duplicate key '{}' (first at line {}); the last one is used, as JSON "
                                           "readers do", excerpt(key.scalar), it->second.line),
                     {"remove one of them"});
      const size_t i = it->second.index;
      if (value.is_null()) value.span = key.span;
      frame.node.key_spans[i] = key.span;
      frame.node.items[i] = std::move(value);
      return;
    }
    if (!inserted) {
      diags_.error(key.span, fmt::format("duplicate key '{}' (first at line {})", excerpt(key.scalar), it->second.line),
                   {"YAML keeps only one of them; remove or rename one"});
      return;
    }
    // An empty value has no position of its own; the key is where the user looks.
    if (value.is_null()) value.span = key.span;
    frame.node.keys.push_back(std::move(key.scalar));
    frame.node.key_spans.push_back(key.span);
    frame.node.items.push_back(std::move(value));
  }

  // `<<: *base` or `<<: [*a, *b]` (YAML's merge key): the keys of the maps named, unless the
  // map sets them itself.
  void add_merge(Frame& frame, const YamlNode& key, YamlNode value) {
    Merge merge{frame.node.keys.size(), {}};
    if (value.is_map()) {
      merge.sources.push_back(std::move(value));
    } else if (value.is_sequence() && std::all_of(value.items.begin(), value.items.end(),
                                                   [](const YamlNode& item) { return item.is_map(); })) {
      merge.sources = std::move(value.items);
    } else {
      diags_.error(value.span.known() ? value.span : key.span,
                   fmt::format("'<<' merges a map into this one, but here it is given {}", describe_kind(value)),
                   {"write '<<: *name' where '&name' marks a map, or '<<: [*a, *b]'"});
      return;
    }
    frame.merges.push_back(std::move(merge));
  }

  static void apply_merges(Frame& frame) {
    YamlNode& map = frame.node;
    std::vector<std::string> keys;
    std::vector<Span> key_spans;
    std::vector<YamlNode> items;
    std::set<std::string> taken(map.keys.begin(), map.keys.end());
    auto take_merges_at = [&](size_t position) {
      for (Merge& merge : frame.merges) {
        if (merge.position != position) continue;
        for (YamlNode& source : merge.sources)
          for (size_t i = 0; i < source.keys.size(); ++i) {
            if (!taken.insert(source.keys[i]).second) continue;
            keys.push_back(std::move(source.keys[i]));
            key_spans.push_back(source.key_spans[i]);
            items.push_back(std::move(source.items[i]));
          }
      }
    };
    for (size_t i = 0; i < map.keys.size(); ++i) {
      take_merges_at(i);
      keys.push_back(std::move(map.keys[i]));
      key_spans.push_back(map.key_spans[i]);
      items.push_back(std::move(map.items[i]));
    }
    take_merges_at(map.keys.size());
    map.keys = std::move(keys);
    map.key_spans = std::move(key_spans);
    map.items = std::move(items);
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

  // Drops the characters is_unwanted() names, with one warning per value at the first.
  void clean_scalar(YamlNode& node) {
    const std::string& value = node.scalar;
    size_t first = std::string::npos;
    char32_t first_char = 0;
    int removed = 0;
    std::string cleaned;
    // Printable ASCII, tabs and line breaks are never removed: decoding starts at the first
    // other byte (none, in most values).
    const auto kept_ascii = [](char c) { return (c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\r'; };
    const size_t other = static_cast<size_t>(std::find_if_not(value.begin(), value.end(), kept_ascii) - value.begin());
    for (size_t at = other; at < value.size();) {
      const size_t start = at;
      const char32_t c = utf8_next(value, at);
      const bool ill_formed = c == 0xFFFD && at == start + 1;
      if (!ill_formed && !is_unwanted(c)) {
        if (removed > 0) cleaned.append(value, start, at - start);
        continue;
      }
      if (removed++ == 0) {
        first = start;
        first_char = ill_formed ? 0xD800 : c;
        cleaned.assign(value, 0, start);
      }
    }
    if (removed == 0) return;
    const std::string what = first_char == 0xD800 ? "a surrogate or other invalid escape"
                                                  : fmt::format("the control character {}", code_point_name(first_char));
    diags_.warning(source_.locate_in_scalar(node, first),
                   removed == 1 ? fmt::format("{} is removed from this text", what)
                                : fmt::format("{} and {} other invisible character{} are removed from this text", what,
                                              removed - 1, removed == 2 ? "" : "s"),
                   {"such characters come with text pasted from other programs; delete them from the file"});
    node.scalar = std::move(cleaned);
  }

  // Where a line may break without a space: a zero-width space, and around each Chinese
  // character and kana (Japanese and Chinese are written without spaces).
  static bool opens_a_break(char32_t c) {
    return c == 0x200B || (c >= 0x3040 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3134F);
  }

  // One word (a run without spaces or line breaks) as long as a page of text is a paste gone
  // wrong, and each of its characters would be a place to break it in an emergency. The
  // address of a link, [text](https://...), is no word on the page: the markup checks it as a
  // link (limits::kMaxUrlLength), so it is left out of the count, unless the link shows it
  // ("[](address)") or it never closes before a blank (then it is text).
  void check_word_length(const YamlNode& node) {
    const std::string& value = node.scalar;
    // A word counts characters, at most one per byte: a value of no more bytes than the limit
    // has no word past it (nearly every value).
    if (value.size() <= limits::kMaxWordLength) return;
    WordCount word;
    for (size_t at = 0; at < value.size();) {
      const size_t start = at;
      const char32_t c = utf8_next(value, at);
      const bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x3000 || opens_a_break(c);
      if (word.in_address()) {
        if (!blank) {
          word.address_char(c);
          continue;
        }
        word.address_is_text();
      }
      if (blank) {
        if (word.length > limits::kMaxWordLength) break;
        word = WordCount{};
      } else if (c == '(' && word.previous == ']' && word.length > 0) {
        word.open_address();
      } else {
        word.add(c, start);
      }
      if (word.length > limits::kMaxWordLength) break;
    }
    if (word.in_address()) word.address_is_text();
    if (word.length > limits::kMaxWordLength)
      diags_.error(source_.locate_in_scalar(node, word.start),
                   fmt::format("a word here runs past {} characters without a space", limits::kMaxWordLength),
                   {"put spaces between the words; for a long web address, link a short text: [text](https://...)"});
  }

  // The characters of one word so far, a link's address aside.
  struct WordCount {
    size_t length = 0, start = 0;
    char32_t previous = 0, before_previous = 0;
    int depth = 0;          // > 0: inside a link's address, this many '(' deep
    size_t address = 0;     // its characters so far
    bool shows_address = false;

    bool in_address() const { return depth > 0; }
    void add(char32_t c, size_t at) {
      if (length++ == 0) start = at;
      before_previous = previous;
      previous = c;
    }
    void open_address() {
      depth = 1;
      address = 1;
      shows_address = previous == ']' && before_previous == '[';
    }
    void address_char(char32_t c) {
      ++address;
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (depth > 0) return;
      if (shows_address) length += address;  // "[](address)": the address is the text
      address = 0;
      before_previous = previous;
      previous = c;
    }
    void address_is_text() {
      length += address;
      depth = 0;
      address = 0;
    }
  };

  const SourceText& source_;
  Diagnostics& diags_;
  std::vector<Frame> stack_;
  std::optional<YamlNode> root_;
  std::map<YAML::anchor_t, YamlNode> anchors_;
  size_t alias_nodes_ = 0, alias_bytes_ = 0;
  YamlWork& work_;
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

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The 16-bit value of "\uXXXX" at `at`, or -1.
long escape_at(const std::string& text, size_t at) {
  if (at + 6 > text.size() || text[at] != '\\' || text[at + 1] != 'u') return -1;
  long value = 0;
  for (size_t i = at + 2; i < at + 6; ++i) {
    const int digit = hex_value(text[i]);
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

// JSON writes a character beyond U+FFFF as two escapes, a UTF-16 surrogate pair ("\ud83d\ude00",
// as Python's json.dumps does by default); YAML takes one escape for it ("\U0001F600"). The
// pairs inside double-quoted strings are joined, so a JSON Resume with an emoji reads as JSON
// does. A lone half stays, and is reported where it is.
std::string join_surrogate_escapes(const std::string& text) {
  if (text.find("\\u") == std::string::npos) return text;
  std::string out;
  out.reserve(text.size());
  bool quoted = false, comment = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (comment) {
      comment = c != '\n';
    } else if (!quoted && c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n')) {
      comment = true;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (quoted && c == '\\') {
      const long high = escape_at(text, i), low = escape_at(text, i + 6);
      if (high >= 0xD800 && high <= 0xDBFF && low >= 0xDC00 && low <= 0xDFFF) {
        const long code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
        out += fmt::format("\\U{:08X}", code);
        i += 11;
        continue;
      }
      out += c;
      if (i + 1 < text.size()) out += text[++i];  // an escaped quote or backslash is no end
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace

std::optional<YamlNode> parse_yaml(const SourceText& source, Diagnostics& diags, YamlWork* work) {
  Diagnostics local;
  std::optional<YamlNode> root;
  if (source.text().size() > limits::kMaxInputBytes) {
    diags.error(source.span_at(source.mark_at(limits::kMaxInputBytes)),
                fmt::format("the file is larger than {}; this is where it crosses that", describe_bytes(limits::kMaxInputBytes)),
                {too_large_hint()});
    return std::nullopt;
  }
  if (!check_encoding(source, diags)) return std::nullopt;
  std::istringstream stream(join_surrogate_escapes(std::string(source.text())));
  try {
    YAML::Parser parser(stream);
    YamlWork uncounted;
    TreeBuilder builder(source, local, work ? *work : uncounted);
    if (!parser.HandleNextDocument(builder)) return YamlNode{};
    root = builder.take_root();
    DocumentProbe probe;
    if (parser.HandleNextDocument(probe))
      local.error(source.span_at(probe.start), "the file holds more than one YAML document",
                  {"keep one document: remove the '---' line and what follows, or merge them"});
  } catch (const LimitExceeded& e) {
    local.error(source.span_at(e.mark), e.message, {e.hint});
  } catch (const YAML::Exception& e) {
    local.add(e.mark.is_null() ? syntax_error(source, -1, 0, e.msg)
                               : syntax_error(source, e.mark.line, e.mark.column, e.msg));
  }
  for (const auto& d : local.all()) diags.add(d);
  if (local.has_errors()) return std::nullopt;
  return root ? std::move(root) : YamlNode{};
}

}  // namespace hanji::config
