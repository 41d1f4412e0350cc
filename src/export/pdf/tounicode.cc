#include "export/pdf/tounicode.h"

#include <algorithm>
#include <cstddef>

namespace hanji::pdf {
namespace {

// The PDF spec (9.10.3) and veraPDF/PDFium expect at most 100 entries per bfchar block and
// a count that matches the entries exactly.
constexpr std::size_t kMaxBlockEntries = 100;

void append_hex16(std::string& out, uint32_t unit) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  for (int shift = 12; shift >= 0; shift -= 4) out += kDigits[(unit >> shift) & 0xF];
}

const char* const kHeader =
    "/CIDInit /ProcSet findresource begin\n"
    "12 dict begin\n"
    "begincmap\n"
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
    "/CMapName /Adobe-Identity-UCS def\n"
    "/CMapType 2 def\n"
    "1 begincodespacerange\n"
    "<0000> <FFFF>\n"
    "endcodespacerange\n";

const char* const kFooter =
    "endcmap\n"
    "CMapName currentdict /CMap defineresource pop\n"
    "end\n"
    "end\n";

}  // namespace

std::string utf16be_hex(std::u32string_view text) {
  std::string out;
  out.reserve(text.size() * 4);
  for (char32_t c : text) {
    uint32_t cp = c;
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;  // not encodable
    if (cp >= 0x10000) {
      cp -= 0x10000;
      append_hex16(out, 0xD800 + (cp >> 10));
      append_hex16(out, 0xDC00 + (cp & 0x3FF));
    } else {
      append_hex16(out, cp);
    }
  }
  return out;
}

std::string to_unicode_cmap(std::vector<CodeText> entries) {
  std::sort(entries.begin(), entries.end(),
            [](const CodeText& a, const CodeText& b) { return a.first < b.first; });
  std::string out = kHeader;
  for (std::size_t begin = 0; begin < entries.size(); begin += kMaxBlockEntries) {
    std::size_t end = std::min(entries.size(), begin + kMaxBlockEntries);
    out += std::to_string(end - begin) + " beginbfchar\n";
    for (std::size_t i = begin; i < end; ++i) {
      out += '<';
      append_hex16(out, entries[i].first);
      out += "> <";
      out += utf16be_hex(entries[i].second);
      out += ">\n";
    }
    out += "endbfchar\n";
  }
  out += kFooter;
  return out;
}

}  // namespace hanji::pdf
