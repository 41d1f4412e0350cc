#include "text/paragraph.h"

namespace hanji::text::detail {

SourceText gather_text(std::span<const compose::Inline> inlines) {
  SourceText out;
  out.inlines = inlines;
  size_t bytes = 0;
  for (const compose::Inline& in : inlines) bytes += in.text.size();
  out.text.reserve(bytes);  // an upper bound for every per-char array too
  out.chars.reserve(bytes);
  out.byte_of.reserve(bytes + 1);
  out.inline_of.reserve(bytes);
  out.column_of.reserve(bytes);
  for (size_t k = 0; k < inlines.size(); ++k) {
    int column = 0;
    for (char32_t c : utf8_decode(inlines[k].text)) {
      out.byte_of.push_back(static_cast<uint32_t>(out.text.size()));
      out.chars.push_back(c);
      out.inline_of.push_back(static_cast<int>(k));
      out.column_of.push_back(column++);
      utf8_append(out.text, c);
    }
  }
  out.byte_of.push_back(static_cast<uint32_t>(out.text.size()));
  return out;
}

Span SourceText::span_of(size_t i) const {
  const Span& start = inline_at(i).span;
  // Columns count code points (core's convention). Only known locations are shifted.
  return start.known() ? start.shifted(column_of[i]) : start;
}

}  // namespace hanji::text::detail
