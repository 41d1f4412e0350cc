// SourceText: raw yaml-cpp marks -> Spans, and positions inside scalars.
#include <algorithm>
#include <filesystem>

#include "config/yaml_tree.h"

namespace hanji::config {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }
bool is_fold_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }


}  // namespace

std::string_view describe_kind(const YamlNode& node) {
  switch (node.kind) {
    case YamlNode::Kind::Null: return "nothing";
    case YamlNode::Kind::Scalar: return "text";
    case YamlNode::Kind::Sequence: return "a list";
    case YamlNode::Kind::Map: return "a map";
  }
  return "nothing";
}

// yaml-cpp skips a byte-order mark without counting it, so we drop it too to keep
// columns aligned with its marks.
SourceText::SourceText(std::string text, std::string file)
    : text_(std::move(text)), file_(std::move(file)) {
  if (text_.starts_with("\xEF\xBB\xBF")) text_.erase(0, 3);
  line_starts_.push_back(0);
  bool ascii = true;
  for (size_t i = 0; i < text_.size(); ++i) {
    if (static_cast<unsigned char>(text_[i]) >= 0x80) ascii = false;
    if (text_[i] != '\n') continue;
    line_starts_.push_back(i + 1);
    ascii_line_.push_back(ascii);
    ascii = true;
  }
  ascii_line_.push_back(ascii);
}

std::string_view SourceText::line(int line) const {
  if (line < 0 || line >= line_count()) return {};
  size_t begin = line_starts_[line];
  size_t end = line + 1 < line_count() ? line_starts_[line + 1] - 1 : text_.size();
  std::string_view view(text_.data() + begin, end - begin);
  if (!view.empty() && view.back() == '\r') view.remove_suffix(1);
  return view;
}

Span SourceText::span_at(int line, int byte_col) const {
  if (line < 0) return Span{file_, 0, 0};
  std::string_view text = this->line(line);
  size_t clamped = std::min<size_t>(static_cast<size_t>(std::max(byte_col, 0)), text.size());
  int beyond = std::max(byte_col, 0) - static_cast<int>(clamped);
  if (line >= line_count() || ascii_line_[static_cast<size_t>(line)])
    return Span{file_, line + 1, static_cast<int>(clamped) + 1 + beyond};
  if (cursor_.line != line || cursor_.byte > clamped) cursor_ = ColumnCursor{line, 0, 0};
  cursor_.column += utf8_length(text.substr(cursor_.byte, clamped - cursor_.byte));
  cursor_.byte = clamped;
  return Span{file_, line + 1, cursor_.column + 1 + beyond};
}

size_t SourceText::offset_of(RawMark mark) const {
  if (mark.line < 0 || mark.line >= line_count()) return text_.size();
  return std::min(text_.size(), line_starts_[mark.line] + static_cast<size_t>(std::max(mark.byte_col, 0)));
}

RawMark SourceText::mark_at(size_t offset) const {
  offset = std::min(offset, text_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  int line = static_cast<int>(it - line_starts_.begin()) - 1;
  return RawMark{line, static_cast<int>(offset - line_starts_[static_cast<size_t>(line)])};
}

RawMark SourceText::content_start(RawMark mark, ScalarStyle* style) const {
  *style = ScalarStyle::Plain;
  if (mark.line < 0 || mark.line >= line_count()) return mark;
  size_t pos = offset_of(mark);
  auto at = [&](size_t p) { return p < text_.size() ? text_[p] : '\0'; };
  // A tag (!!str) or an anchor (&name) may come before the content.
  while (at(pos) == '!' || at(pos) == '&') {
    while (pos < text_.size() && !is_fold_space(text_[pos])) ++pos;
    while (pos < text_.size() && is_fold_space(text_[pos])) ++pos;
  }
  char first = at(pos);
  if (first == '"' || first == '\'') {
    *style = first == '"' ? ScalarStyle::DoubleQuoted : ScalarStyle::SingleQuoted;
    return mark_at(pos + 1);
  }
  if (first == '|' || first == '>') {
    *style = first == '|' ? ScalarStyle::Literal : ScalarStyle::Folded;
    // The content starts on the first non-blank line after the indicator line.
    RawMark indicator = mark_at(pos);
    for (int l = indicator.line + 1; l < line_count(); ++l) {
      std::string_view text = line(l);
      size_t indent = 0;
      while (indent < text.size() && is_blank(text[indent])) ++indent;
      if (indent < text.size()) return RawMark{l, static_cast<int>(indent)};
    }
    return indicator;
  }
  return mark_at(pos);
}

Span SourceText::locate_in_scalar(const YamlNode& scalar, size_t offset) const {
  return ScalarLocator(*this, scalar).at(offset);
}

void ScalarLocator::reset() {
  line_ = scalar_.raw.line;
  col_ = static_cast<size_t>(std::max(scalar_.raw.byte_col, 0));
  vi_ = 0;
  lost_ = false;
}

// Walks the value and the source side by side. They agree character for character except
// where YAML folded a line break (and the next line's indentation) into a space or newline.
Span ScalarLocator::at(size_t offset) {
  const std::string& value = scalar_.scalar;
  if (offset == 0 || offset >= value.size()) return scalar_.span;
  if (offset < vi_) reset();
  while (!lost_) {
    if (line_ >= source_.line_count()) break;
    std::string_view text = source_.line(line_);
    while (vi_ < offset && col_ < text.size() && text[col_] == value[vi_]) {
      ++col_;
      ++vi_;
    }
    if (vi_ == offset && col_ < text.size() && text[col_] == value[vi_])
      return source_.span_at(line_, static_cast<int>(col_));
    // Anything but a fold (rest of the line blank, value at whitespace) means escapes or
    // quoting changed the text: give the scalar's start instead of a wrong column.
    if (!is_fold_space(value[vi_])) break;
    if (!std::all_of(text.begin() + static_cast<long>(col_), text.end(), is_blank)) break;
    while (vi_ < value.size() && is_fold_space(value[vi_])) ++vi_;
    if (vi_ >= value.size()) break;
    do {
      ++line_;
    } while (line_ < source_.line_count() &&
             std::all_of(source_.line(line_).begin(), source_.line(line_).end(), is_blank));
    if (line_ >= source_.line_count()) break;
    std::string_view next = source_.line(line_);
    col_ = 0;
    while (col_ < next.size() && is_blank(next[col_])) ++col_;
    if (vi_ > offset) return scalar_.span;  // the offset is inside folded whitespace
  }
  lost_ = true;
  return scalar_.span;
}

}  // namespace hanji::config
