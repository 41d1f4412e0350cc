#include "text/paragraph.h"

#include <algorithm>
#include <numeric>

namespace hanji::text::detail {

namespace {

// The extraction text, char for char beside `out.chars`: an inline's reads_as where it has one
// of as many chars as its text, else the chars it shows.
void gather_reads_as(std::span<const compose::Inline> inlines, SourceText& out) {
  out.reads_as.reserve(out.text.size());
  out.reads_as_byte_of.reserve(out.byte_of.size());
  size_t next = 0;
  for (const compose::Inline& in : inlines) {
    const std::u32string shown = utf8_decode(in.text);
    std::u32string read = in.reads_as.empty() ? shown : utf8_decode(in.reads_as);
    if (read.size() != shown.size()) read = shown;
    for (char32_t c : read) {
      out.reads_as_byte_of.push_back(static_cast<uint32_t>(out.reads_as.size()));
      utf8_append(out.reads_as, c);
      ++next;
    }
  }
  out.reads_as_byte_of.push_back(static_cast<uint32_t>(out.reads_as.size()));
  if (next != out.chars.size()) {  // cannot happen: both decode the same inlines
    out.reads_as.clear();
    out.reads_as_byte_of.clear();
  }
}

}  // namespace

void gather_text(std::span<const compose::Inline> inlines, SourceText& out) {
  out.inlines = inlines;
  out.text.clear();
  out.chars.clear();
  out.byte_of.clear();
  out.inline_of.clear();
  out.inline_start.clear();
  out.reads_as.clear();
  out.reads_as_byte_of.clear();
  size_t bytes = 0;
  for (const compose::Inline& in : inlines) bytes += in.text.size();
  out.text.reserve(bytes);  // an upper bound for every per-char array too
  out.chars.reserve(bytes);
  out.byte_of.reserve(bytes + 1);
  out.inline_of.reserve(bytes);
  out.inline_start.reserve(inlines.size());
  for (size_t k = 0; k < inlines.size(); ++k) {
    const std::string& in = inlines[k].text;
    out.inline_start.push_back(static_cast<uint32_t>(out.chars.size()));
    // Most inlines are ASCII: a char a byte, so every array takes the inline whole.
    if (std::all_of(in.begin(), in.end(), [](char byte) { return static_cast<unsigned char>(byte) < 0x80; })) {
      const size_t first_byte = out.byte_of.size();
      out.byte_of.resize(first_byte + in.size());
      std::iota(out.byte_of.begin() + static_cast<std::ptrdiff_t>(first_byte), out.byte_of.end(),
                static_cast<uint32_t>(out.text.size()));
      out.chars.append(in.begin(), in.end());
      out.inline_of.insert(out.inline_of.end(), in.size(), static_cast<int>(k));
      out.text += in;
      continue;
    }
    for (size_t at = 0; at < in.size();) {
      const char32_t c = utf8_next(in, at);
      out.byte_of.push_back(static_cast<uint32_t>(out.text.size()));
      out.chars.push_back(c);
      out.inline_of.push_back(static_cast<int>(k));
      if (c < 0x80) out.text += static_cast<char>(c);  // most chars: utf8_append's first case, inline
      else utf8_append(out.text, c);
    }
  }
  out.byte_of.push_back(static_cast<uint32_t>(out.text.size()));
  if (std::any_of(inlines.begin(), inlines.end(), [](const compose::Inline& in) { return !in.reads_as.empty(); }))
    gather_reads_as(inlines, out);
}

Span SourceText::span_of(size_t i) const {
  const Span& start = inline_at(i).span;
  // Columns count code points (core's convention). Only known locations are shifted.
  const int column = static_cast<int>(i - inline_start[static_cast<size_t>(inline_of[i])]);
  return start.known() ? start.shifted(column) : start;
}

}  // namespace hanji::text::detail
