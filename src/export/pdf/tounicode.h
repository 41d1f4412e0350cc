// PDF text strings and ToUnicode CMaps: how extractors (copy-paste, search, pdftotext)
// get from the glyph codes we draw back to the characters of the CV.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hanji::pdf {

/// Uppercase hex of `text` in UTF-16BE (surrogate pairs above U+FFFF), no brackets.
std::string utf16be_hex(std::u32string_view text);

/// One code of a font and the text it stands for (empty = the glyph carries no characters).
using CodeText = std::pair<uint16_t, std::u32string>;

/// A complete ToUnicode CMap (CMapType 2, 2-byte codespace) mapping each code to its text.
/// Entries are written as bfchar blocks of at most 100, each with its exact count, sorted by
/// code; `entries` must not repeat a code.
std::string to_unicode_cmap(std::vector<CodeText> entries);

}  // namespace hanji::pdf
