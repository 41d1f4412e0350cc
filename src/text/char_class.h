// Unicode character classes the text module needs (private to the module): which font
// family draws a character, which characters are spaces, marks or brackets, and the Korean
// line-breaking sets of KLREQ. Ranges, not tables: the module
// only needs a handful of coarse questions answered.
//
// Inline, each with a cheap first test that settles ASCII (most of what a résumé holds):
// itemizing, break finding and line building ask several of these for every character,
// and as calls into another file they cost more than their answers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace hanji::text::detail {

namespace char_tables {

struct Range {
  char32_t first, last;
};

template <size_t N>
constexpr bool in_ranges(char32_t c, const std::array<Range, N>& ranges) {
  for (const Range& r : ranges)
    if (c >= r.first && c <= r.last) return true;
  return false;
}

// A handful of characters: the ASCII ones found by a bit mask, the others by a scan (after
// one comparison that settles everything below the least of them).
template <size_t N>
struct CharSet {
  std::array<char32_t, N> members{};
  std::uint64_t ascii_low = 0, ascii_high = 0;  // bit c for members c < 64; bit c - 64 below 128
  char32_t least_beyond_ascii = 0x110000;

  template <class... Chars>
  constexpr CharSet(Chars... chars) : members{static_cast<char32_t>(chars)...} {
    for (char32_t c : members) {
      if (c < 64) ascii_low |= std::uint64_t{1} << c;
      else if (c < 128) ascii_high |= std::uint64_t{1} << (c - 64);
      else if (c < least_beyond_ascii) least_beyond_ascii = c;
    }
  }

  constexpr bool contains(char32_t c) const {
    if (c < 64) return (ascii_low >> c) & 1;
    if (c < 128) return (ascii_high >> (c - 64)) & 1;
    if (c < least_beyond_ascii) return false;
    for (char32_t member : members)
      if (c == member) return true;
    return false;
  }
};
template <class... Chars>
CharSet(Chars...) -> CharSet<sizeof...(Chars)>;

inline constexpr std::array<Range, 5> kHangulLetters{{
    {0xAC00, 0xD7A3},  // syllables
    {0x1100, 0x11FF},  // conjoining jamo
    {0xA960, 0xA97F},  // jamo extended-A
    {0xD7B0, 0xD7FF},  // jamo extended-B
    {0x3131, 0x318E},  // compatibility jamo
}};

inline constexpr std::array<Range, 8> kHanAndKana{{
    {0x3400, 0x4DBF},   // CJK extension A
    {0x4E00, 0x9FFF},   // CJK unified ideographs
    {0xF900, 0xFAFF},   // CJK compatibility ideographs
    {0x20000, 0x3FFFF}, // CJK extensions B..
    {0x3041, 0x3096},   // hiragana
    {0x30A1, 0x30FA},   // katakana (without the middle dot 30FB)
    {0x30FC, 0x30FF},
    {0x31F0, 0x31FF},   // katakana extension
}};

inline constexpr std::array<Range, 8> kCjkSymbols{{
    {0x2E80, 0x2FDF},  // radicals
    {0x3000, 0x303F},  // CJK symbols and punctuation
    {0x3040, 0x30FF},  // kana block (incl. ・)
    {0x3100, 0x312F},  // bopomofo
    {0x3190, 0x31EF},  // kanbun, CJK strokes
    {0x3200, 0x33FF},  // enclosed CJK, CJK compatibility
    {0xFE30, 0xFE4F},  // CJK compatibility forms
    {0xFF00, 0xFFEF},  // full-width and half-width forms
}};

inline constexpr std::array<Range, 16> kLatinLetters{{
    {'A', 'Z'},        {'a', 'z'},        {0x00AA, 0x00AA}, {0x00B5, 0x00B5},
    {0x00BA, 0x00BA},  {0x00C0, 0x00D6},  {0x00D8, 0x00F6}, {0x00F8, 0x02AF},  // Latin-1, Ext-A/B, IPA
    {0x0370, 0x037D},  {0x0388, 0x03FF},  // Greek (without ; and ·)
    {0x0400, 0x052F},  // Cyrillic
    {0x1E00, 0x1FFF},  // Latin extended additional, Greek extended
    {0x2C60, 0x2C7F},  {0xA720, 0xA7FF},  {0xAB30, 0xAB6F}, {0xFB00, 0xFB06},  // Latin ligatures
}};

inline constexpr std::array<Range, 3> kLatinDigits{{
    {'0', '9'},
    {0x00B2, 0x00B3},  // superscript two, three
    {0x2070, 0x209F},  // superscripts and subscripts
}};

inline constexpr std::array<Range, 6> kCombiningMarks{{
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x1AB0, 0x1AFF},
    {0x1DC0, 0x1DFF}, {0x20D0, 0x20FF}, {0xFE20, 0xFE2F},
}};

inline constexpr std::array<Range, 9> kDefaultIgnorables{{
    {0x00AD, 0x00AD}, {0x034F, 0x034F}, {0x180B, 0x180E}, {0x200B, 0x200F}, {0x202A, 0x202E},
    {0x2060, 0x206F}, {0xFE00, 0xFE0F}, {0xFEFF, 0xFEFF}, {0xE0100, 0xE01EF},
}};

inline constexpr CharSet kNewlines{0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029};

inline constexpr CharSet kOpening{'(', '[', '{', 0x2018, 0x201C, 0x201A, 0x201E, 0x00AB, 0x2039, 0x2045, 0x207D,
                                  0x208D};
inline constexpr CharSet kClosing{')', ']', '}', 0x2019, 0x201D, 0x00BB, 0x203A, 0x2046, 0x207E, 0x208E};

inline constexpr CharSet kCjkOpening{0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
                                     0xFF08, 0xFF3B, 0xFF5B, 0xFF5F};
// Brackets only: a full stop or comma (、。) keeps its blank, as Japanese and Chinese set them.
inline constexpr CharSet kCjkClosing{0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E,
                                     0x301F, 0xFF09, 0xFF3D, 0xFF5D, 0xFF60};

inline constexpr CharSet kNoBreakBefore{0x00B7, 0x2027, 0x30FB, 0xFF65, 0x318D, 0x2014, 0x2015, 0xFF5E, 0x301C, 0x007E,
                                        0x2019, 0x201D};
inline constexpr CharSet kNoBreakAfter{0x2018, 0x201C};
inline constexpr CharSet kRangeDashes{'-', '~', 0x2010, 0x2012, 0x2013, 0x2014, 0x2015, 0xFF5E, 0x301C};
inline constexpr CharSet kSeparators{'|', '/', 0x00B7, 0x2022, 0x2027, 0x2219, 0x22C5, 0x30FB, 0x318D, 0x25E6};
inline constexpr CharSet kUrlBreakAfter{'/', '.', '-', '_', '?', '&', '=', '#', ':', '@', '~', ','};
inline constexpr CharSet kProportionalPreferred{0x2018, 0x2019, 0x201C, 0x201D, 0x00B7, 0x2013, 0x2022};

}  // namespace char_tables

/// Hangul syllables, conjoining jamo and compatibility jamo.
inline bool is_hangul_letter(char32_t c) {
  return c >= 0x1100 && char_tables::in_ranges(c, char_tables::kHangulLetters);
}
/// Hangul letters, Hanja (CJK ideographs) and kana: the characters Korean word rules apply to.
inline bool is_cjk_letter(char32_t c) {
  return c >= 0x1100 && (is_hangul_letter(c) || char_tables::in_ranges(c, char_tables::kHanAndKana));
}
/// Anything the Korean font draws by preference: CJK letters, CJK symbols and punctuation,
/// full-width and half-width forms, enclosed and compatibility CJK.
inline bool is_cjk_char(char32_t c) {
  return c >= 0x1100 && (is_cjk_letter(c) || char_tables::in_ranges(c, char_tables::kCjkSymbols));
}
/// A letter of the Latin font's scripts (no digits).
inline bool is_latin_letter(char32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  return c < 0xFB07 && char_tables::in_ranges(c, char_tables::kLatinLetters);
}
inline bool is_ascii_digit(char32_t c) { return c >= '0' && c <= '9'; }
/// Letters and digits of the Latin font's scripts: Latin, Greek, Cyrillic, IPA, super/subscripts.
inline bool is_latin_char(char32_t c) {
  if (c < 0x80) return is_latin_letter(c) || is_ascii_digit(c);
  return is_latin_letter(c) || char_tables::in_ranges(c, char_tables::kLatinDigits);
}

/// Combining marks: drawn by the font of their base character.
inline bool is_combining_mark(char32_t c) {
  return c >= 0x0300 && char_tables::in_ranges(c, char_tables::kCombiningMarks);
}
/// Invisible format characters (ZWJ, ZWSP, variation selectors, soft hyphen, ...).
inline bool is_default_ignorable(char32_t c) {
  return c >= 0x00AD && char_tables::in_ranges(c, char_tables::kDefaultIgnorables);
}
/// A mandatory line break (LF, CR, NEL, LS, PS, VT, FF): never drawn.
inline bool is_newline(char32_t c) {
  return (c >= 0x0A && c <= 0x0D) || (c >= 0x85 && char_tables::kNewlines.contains(c));
}
/// An inter-word space that a line may break at (U+0020, tab, U+3000, U+2000..U+200A ...).
inline bool is_breakable_space(char32_t c) {
  if (c < 0x80) return c == ' ' || c == '\t';
  return c == 0x1680 || c == 0x205F || c == 0x3000 || (c >= 0x2000 && c <= 0x200A && c != 0x2007);
}
/// A space no line may break at (NBSP, narrow NBSP, figure space).
inline bool is_nobreak_space(char32_t c) { return c >= 0x00A0 && (c == 0x00A0 || c == 0x202F || c == 0x2007); }
inline bool is_space(char32_t c) { return is_breakable_space(c) || is_nobreak_space(c); }

/// Brackets and quotes that open (take the font of what follows) or close (of what precedes).
/// ASCII ' and " are neither: their role depends on context (see itemize.cc).
inline bool is_opening_bracket(char32_t c) { return char_tables::kOpening.contains(c); }
inline bool is_closing_bracket(char32_t c) { return char_tables::kClosing.contains(c); }

/// Full-width CJK brackets whose glyph is drawn in one half of the em, the other half blank:
/// opening ones (「 『 〈 （ ...) blank on the left, closing ones (」 』 〉 ） ...) on the right.
/// Korean text sets them half-width, as the OpenType `halt` feature would.
inline bool is_cjk_opening_bracket(char32_t c) { return char_tables::kCjkOpening.contains(c); }
inline bool is_cjk_closing_bracket(char32_t c) { return char_tables::kCjkClosing.contains(c); }

/// KLREQ line-head prohibitions UAX #14 misses: · ‧ ・ ･ ㆍ — ― ～ 〜 ~ ’ ”.
inline bool is_no_break_before(char32_t c) { return char_tables::kNoBreakBefore.contains(c); }
/// KLREQ line-end prohibitions UAX #14 misses: ‘ “.
inline bool is_no_break_after(char32_t c) { return char_tables::kNoBreakAfter.contains(c); }
/// Dashes and tildes used for ranges ("2018 – 2020", "2020. 3. ~ 2023. 7.").
inline bool is_range_dash(char32_t c) { return char_tables::kRangeDashes.contains(c); }
/// A character that, standing alone between spaces, separates items ("a | b", "서울 · 부산"):
/// the line should end after it, never start with it.
inline bool is_separator(char32_t c) { return char_tables::kSeparators.contains(c) || is_range_dash(c); }
/// A Private Use Area character: an icon font's glyph (Fork Awesome's contact icons).
inline bool is_private_use(char32_t c) { return c >= 0xE000 && c <= 0xF8FF; }
/// Characters after which a long URL or path may be broken in an emergency.
inline bool is_url_break_after(char32_t c) { return char_tables::kUrlBreakAfter.contains(c); }
/// Western punctuation that some Korean fonts draw full-width; prefer the Latin font's
/// proportional glyph then (w3c/klreq#11).
inline bool prefers_proportional(char32_t c) { return char_tables::kProportionalPreferred.contains(c); }
/// Punctuation and brackets (for the KLREQ no-expansion rule in justification).
inline bool is_punctuation(char32_t c) {
  if (c < 0x80) return c > ' ' && !is_latin_char(c);
  return (c >= 0x00A1 && c <= 0x00BF) || (c >= 0x2010 && c <= 0x205E) || (c >= 0x3001 && c <= 0x303F) ||
         (c >= 0xFF01 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40) ||
         (c >= 0xFF5B && c <= 0xFF65) || c == 0x318D || c == 0x30FB;
}

}  // namespace hanji::text::detail
