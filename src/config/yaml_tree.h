// Private to the source module: the YAML text as a small tree of our own, so that the rest of
// the module never touches yaml-cpp. yaml-cpp's event parser gives only raw marks (0-based
// line, byte column, pointing at a quote or a block indicator); SourceText turns them into the
// Spans of core (1-based, code-point columns, at the first character of the content).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "core/core.h"

namespace hanji::config {

/// How a scalar was written; decides whether `~` means null and how positions map back.
enum class ScalarStyle { Plain, SingleQuoted, DoubleQuoted, Literal, Folded };

/// A 0-based position as yaml-cpp reports it (column in bytes).
struct RawMark {
  int line = 0;
  int byte_col = 0;
};

struct YamlNode {
  enum class Kind { Null, Scalar, Sequence, Map };
  Kind kind = Kind::Null;
  std::string scalar;
  ScalarStyle style = ScalarStyle::Plain;
  Span span;     // first character of the content
  RawMark raw;   // where the content starts, for locating characters inside the scalar
  std::vector<YamlNode> items;     // Sequence: items; Map: the value of keys[i]
  std::vector<std::string> keys;   // Map: keys in file order
  std::vector<Span> key_spans;     // Map: where keys[i] is written
  bool from_alias = false;         // a copy made for a YAML alias (*name)
  bool plain = false;              // a text taken as written: no RenderCV " - " nesting (JSON Resume)

  bool is_null() const { return kind == Kind::Null; }
  bool is_scalar() const { return kind == Kind::Scalar; }
  bool is_sequence() const { return kind == Kind::Sequence; }
  bool is_map() const { return kind == Kind::Map; }
};

/// "text", "a list", "a map", "nothing": for "expected X, found Y" messages.
std::string_view describe_kind(const YamlNode& node);

/// The text of one file with an index of its lines, to turn raw marks into Spans.
class SourceText {
 public:
  SourceText(std::string text, std::string file);

  const std::string& text() const { return text_; }
  const std::string& file() const { return file_; }
  int line_count() const { return static_cast<int>(line_starts_.size()); }
  /// Line `line` (0-based) without its line break; empty past the end.
  std::string_view line(int line) const;
  /// Span of a raw position (column converted from bytes to code points).
  Span span_at(int line, int byte_col) const;
  Span span_at(RawMark mark) const { return span_at(mark.line, mark.byte_col); }
  /// Byte offset of a raw position in text() (the end of the text past the last line).
  size_t offset_of(RawMark mark) const;
  /// The raw position of a byte offset in text().
  RawMark mark_at(size_t offset) const;
  /// Where the content of a node starts, given yaml-cpp's mark (which may point at a tag, an
  /// anchor, a quote or a block-scalar indicator). Also reports the scalar's style.
  RawMark content_start(RawMark mark, ScalarStyle* style) const;
  /// Span of byte `offset` into a scalar's value, following the source lines for plain and
  /// simple quoted scalars; falls back to the scalar's start when the mapping is unclear.
  Span locate_in_scalar(const YamlNode& scalar, size_t offset) const;

 private:
  std::string text_;
  std::string file_;
  std::vector<size_t> line_starts_;
  std::vector<bool> ascii_line_;  // lines whose columns are their byte offsets
  // The last column counted on a line that is not ASCII: spans are mostly asked for left to
  // right, so each is counted from there (one 250 KB line of 50,000 list items was counted
  // from its start 50,000 times).
  struct ColumnCursor {
    int line = -1;
    size_t byte = 0;
    int column = 0;  // code points before `byte`
  };
  mutable ColumnCursor cursor_;
};

/// Spans of positions in one scalar, asked for in increasing order: each walk resumes where
/// the last one stopped, so locating every part of a value costs time in proportion to it.
class ScalarLocator {
 public:
  ScalarLocator(const SourceText& source, const YamlNode& scalar) : source_(source), scalar_(scalar) { reset(); }
  Span at(size_t offset);

 private:
  void reset();
  const SourceText& source_;
  const YamlNode& scalar_;
  int line_ = 0;
  size_t col_ = 0, vi_ = 0;  // byte column in the line, index in the value
  bool lost_ = false;        // the value no longer follows the source (escapes): spans are its start
};

/// The work parse_yaml did on the tree, in nodes: a test checks that aliases stop at their
/// budget (a count shows that on any machine, a time only on an idle one).
struct YamlWork {
  size_t nodes_built = 0;     // nodes made for the file's own text, plus those copied for aliases
  size_t nodes_measured = 0;  // nodes looked at to charge aliases for their copies
};

/// Parses one YAML document into a tree. Syntax errors, duplicate keys, non-text keys and
/// aliases are reported to `diags` with their location; returns nullopt if any was found.
/// An empty document yields a Null node. `work`, when given, gets the work done added to it.
std::optional<YamlNode> parse_yaml(const SourceText& source, Diagnostics& diags, YamlWork* work = nullptr);

/// parse_yaml, reusing the pieces of the file `pieces` kept from earlier parses and keeping
/// its own (yaml_pieces.cc): the same tree and the same messages as parse_yaml, at the cost
/// of parsing only what changed. Null `pieces`: parse_yaml.
std::optional<YamlNode> parse_yaml_in_pieces(const SourceText& source, Diagnostics& diags, YamlPieces* pieces);

/// A diagnostic for a yaml-cpp syntax error `message` at a raw position (line -1: unknown):
/// what went wrong in our words, with hints on what to write instead.
Diagnostic syntax_error(const SourceText& source, int line, int byte_col, const std::string& message);

/// A value a comma cut short in a {...} map, which YAML still reads: in
/// `{ko: 서울 마포구, en: Mapo-gu, Seoul}` the comma ends the value of `en`, and `Seoul` becomes
/// a key without a value (and the map no text per language).
struct CommaCutValue {
  Span span;         // where the cut-off text starts ("Seoul")
  std::string key;   // the key whose value was cut short ("en")
  std::string stray;  // the text after the comma, read as a key ("Seoul")
  std::string hint;  // how to write it: quote the whole value
};
/// The first such value in `map`, judged from the tree alone: a key without a value on the
/// line of the text value before it, which no block map can have. nullopt if there is none.
std::optional<CommaCutValue> comma_cut_value(const YamlNode& map);

/// False, with an error at the first offending position, unless the text is UTF-8 without
/// NUL bytes (a UTF-16 or EUC-KR file gets a hint on converting it).
bool check_encoding(const SourceText& source, Diagnostics& diags);

/// Reads a CV or layout file (a regular file); when it cannot, reports why at the file (or
/// at `named_at`, where another file names it). A file longer than limits::kMaxInputBytes is
/// refused at `named_at` if there is one; otherwise its first kMaxInputBytes + 1 bytes come
/// back, for parse_yaml to report where the file crosses the limit.
std::optional<std::string> read_input_file(const std::string& path, const Span& named_at, Diagnostics& diags);

/// The hint for a file over limits::kMaxInputBytes.
std::string too_large_hint();

ConfigNode to_config(const YamlNode& node);

}  // namespace hanji::config
