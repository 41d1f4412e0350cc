// Right-to-left runs in a left-to-right paragraph: levels from FriBidi, visual order by L2.
#include "text/bidi.h"

#include <fribidi.h>

#include <algorithm>

#include "text/char_class.h"

namespace hanji::text::detail {

namespace {

bool latin_letter(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'); }

// Whether the full stop at `i` ends a Latin abbreviation written with full stops inside it
// ("B.Sc.", "Ph.D.", "e.g."): a letter before it, none after it, and a full stop between two
// letters earlier in the same word. A sentence's full stop after a Latin word ("... ב-Figma.")
// has no full stop inside its word, and stays with the sentence.
bool ends_latin_abbreviation(const std::u32string& chars, std::size_t i) {
  if (chars[i] != U'.' || i == 0 || !latin_letter(chars[i - 1])) return false;
  if (i + 1 < chars.size() && latin_letter(chars[i + 1])) return false;
  for (std::size_t j = i - 1; j > 0 && (latin_letter(chars[j]) || chars[j] == U'.'); --j)
    if (chars[j] == U'.' && latin_letter(chars[j - 1]) && latin_letter(chars[j + 1])) return true;
  return false;
}

}  // namespace

std::vector<uint8_t> bidi_levels(const std::u32string& chars, bool right_to_left) {
  // Without a right-to-left letter a paragraph reads left to right, in a right-to-left CV too
  // (an English sentence keeps its full stop at its end).
  if (std::none_of(chars.begin(), chars.end(), right_to_left_script)) return {};
  const auto length = static_cast<FriBidiStrIndex>(chars.size());
  std::vector<FriBidiChar> text(chars.begin(), chars.end());
  std::vector<FriBidiCharType> types(chars.size());
  std::vector<FriBidiBracketType> brackets(chars.size());
  std::vector<FriBidiLevel> levels(chars.size());
  fribidi_get_bidi_types(text.data(), length, types.data());
  // An icon (a Private Use Area glyph, which Unicode classes as left to right) leads its
  // contact item in the paragraph's direction: in a left-to-right paragraph it goes with the
  // text around it; in a right-to-left one it is a right-to-left mark of its own, so that two
  // left-to-right items beside each other ("a@b.c", "+971 50") stay apart, each after its icon.
  for (std::size_t i = 0; i < chars.size(); ++i)
    if (is_private_use(chars[i])) types[i] = right_to_left ? FRIBIDI_TYPE_RTL : FRIBIDI_TYPE_ON;
  // An abbreviation's last full stop is part of it (as a left-to-right mark after it would make
  // it): in a right-to-left paragraph "B.Sc., מדעי המחשב" reads "B.Sc." whole, then the comma
  // on the Hebrew side, where UAX #9 alone set the full stop and comma apart from "B.Sc" as
  // ".,B.Sc".
  if (right_to_left)
    for (std::size_t i = 0; i < chars.size(); ++i)
      if (ends_latin_abbreviation(chars, i)) types[i] = FRIBIDI_TYPE_LTR;
  fribidi_get_bracket_types(text.data(), length, types.data(), brackets.data());
  FriBidiParType direction = right_to_left ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;  // the CV's language's
  if (fribidi_get_par_embedding_levels_ex(types.data(), brackets.data(), length, &direction, levels.data()) == 0)
    return {};  // FriBidi could not (out of memory): left to right, as before
  std::vector<uint8_t> out(chars.size());
  for (std::size_t i = 0; i < chars.size(); ++i) out[i] = static_cast<uint8_t>(std::min<int>(levels[i], 125));
  return out;
}

std::vector<std::size_t> visual_order(const std::vector<uint8_t>& levels) {
  std::vector<std::size_t> order(levels.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const uint8_t highest = levels.empty() ? 0 : *std::max_element(levels.begin(), levels.end());
  for (int level = highest; level >= 1; --level)
    for (std::size_t i = 0; i < order.size();) {
      if (levels[order[i]] < level) {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < order.size() && levels[order[j]] >= level) ++j;
      std::reverse(order.begin() + static_cast<std::ptrdiff_t>(i), order.begin() + static_cast<std::ptrdiff_t>(j));
      i = j;
    }
  return order;
}

}  // namespace hanji::text::detail
