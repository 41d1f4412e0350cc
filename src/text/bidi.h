// Private to the text module: the Unicode bidirectional algorithm (through GNU FriBidi), for
// right-to-left words (a Hebrew or Arabic name, employer or place) in a left-to-right CV.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hanji::text::detail {

/// A letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
/// Mandaic, their presentation forms, the historic ones above U+10800). A paragraph without
/// any needs no bidi at all. Inline: itemizing asks it of every char.
inline bool right_to_left_script(char32_t c) {
  return c >= 0x0590 && ((c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF) ||
                         (c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF));
}

/// The embedding level of each char of a paragraph (UAX #9). Left to right: 0 for its own
/// text, 1 for right-to-left runs, 2 for numbers and Latin inside those; empty when the text
/// has no right-to-left char (the common case, at the cost of one scan). Right to left (the
/// paragraphs of a Hebrew or Arabic CV): 1 for its own text, 2 for Latin and numbers; a
/// paragraph without right-to-left letters reads left to right there too (empty).
std::vector<uint8_t> bidi_levels(const std::u32string& chars, bool right_to_left = false);

/// Visual order of `count` pieces of a line from their levels (UAX #9 rule L2): from the
/// highest level down to 1, every run of pieces at that level or above is reversed.
std::vector<std::size_t> visual_order(const std::vector<uint8_t>& levels);

}  // namespace hanji::text::detail
