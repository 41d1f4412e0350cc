#include "text/char_class.h"

#include <algorithm>
#include <array>

namespace hanji::text::detail {

namespace {

struct Range {
  char32_t first, last;
};

template <size_t N>
bool in_ranges(char32_t c, const std::array<Range, N>& ranges) {
  return std::any_of(ranges.begin(), ranges.end(), [c](const Range& r) { return c >= r.first && c <= r.last; });
}

template <size_t N>
bool in_set(char32_t c, const std::array<char32_t, N>& set) {
  return std::find(set.begin(), set.end(), c) != set.end();
}

constexpr std::array<Range, 5> kHangulLetters{{
    {0xAC00, 0xD7A3},  // syllables
    {0x1100, 0x11FF},  // conjoining jamo
    {0xA960, 0xA97F},  // jamo extended-A
    {0xD7B0, 0xD7FF},  // jamo extended-B
    {0x3131, 0x318E},  // compatibility jamo
}};

constexpr std::array<Range, 8> kHanAndKana{{
    {0x3400, 0x4DBF},   // CJK extension A
    {0x4E00, 0x9FFF},   // CJK unified ideographs
    {0xF900, 0xFAFF},   // CJK compatibility ideographs
    {0x20000, 0x3FFFF}, // CJK extensions B..
    {0x3041, 0x3096},   // hiragana
    {0x30A1, 0x30FA},   // katakana (without the middle dot 30FB)
    {0x30FC, 0x30FF},
    {0x31F0, 0x31FF},   // katakana extension
}};

constexpr std::array<Range, 8> kCjkSymbols{{
    {0x2E80, 0x2FDF},  // radicals
    {0x3000, 0x303F},  // CJK symbols and punctuation
    {0x3040, 0x30FF},  // kana block (incl. ・)
    {0x3100, 0x312F},  // bopomofo
    {0x3190, 0x31EF},  // kanbun, CJK strokes
    {0x3200, 0x33FF},  // enclosed CJK, CJK compatibility
    {0xFE30, 0xFE4F},  // CJK compatibility forms
    {0xFF00, 0xFFEF},  // full-width and half-width forms
}};

constexpr std::array<Range, 16> kLatinLetters{{
    {'A', 'Z'},        {'a', 'z'},        {0x00AA, 0x00AA}, {0x00B5, 0x00B5},
    {0x00BA, 0x00BA},  {0x00C0, 0x00D6},  {0x00D8, 0x00F6}, {0x00F8, 0x02AF},  // Latin-1, Ext-A/B, IPA
    {0x0370, 0x037D},  {0x0388, 0x03FF},  // Greek (without ; and ·)
    {0x0400, 0x052F},  // Cyrillic
    {0x1E00, 0x1FFF},  // Latin extended additional, Greek extended
    {0x2C60, 0x2C7F},  {0xA720, 0xA7FF},  {0xAB30, 0xAB6F}, {0xFB00, 0xFB06},  // Latin ligatures
}};

constexpr std::array<Range, 3> kLatinDigits{{
    {'0', '9'},
    {0x00B2, 0x00B3},  // superscript two, three
    {0x2070, 0x209F},  // superscripts and subscripts
}};

constexpr std::array<Range, 6> kCombiningMarks{{
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x1AB0, 0x1AFF},
    {0x1DC0, 0x1DFF}, {0x20D0, 0x20FF}, {0xFE20, 0xFE2F},
}};

constexpr std::array<Range, 9> kDefaultIgnorables{{
    {0x00AD, 0x00AD}, {0x034F, 0x034F}, {0x180B, 0x180E}, {0x200B, 0x200F}, {0x202A, 0x202E},
    {0x2060, 0x206F}, {0xFE00, 0xFE0F}, {0xFEFF, 0xFEFF}, {0xE0100, 0xE01EF},
}};

constexpr std::array<char32_t, 7> kNewlines{0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029};

constexpr std::array<char32_t, 12> kOpening{'(', '[', '{', 0x2018, 0x201C, 0x201A, 0x201E,
                                            0x00AB, 0x2039, 0x2045, 0x207D, 0x208D};
constexpr std::array<char32_t, 10> kClosing{')', ']', '}', 0x2019, 0x201D, 0x00BB, 0x203A,
                                            0x2046, 0x207E, 0x208E};

constexpr std::array<char32_t, 14> kCjkOpening{0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016,
                                               0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F};
// Brackets only: a full stop or comma (、。) keeps its blank, as Japanese and Chinese set them.
constexpr std::array<char32_t, 15> kCjkClosing{0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017,
                                               0x3019, 0x301B, 0x301E, 0x301F, 0xFF09, 0xFF3D, 0xFF5D,
                                               0xFF60};

constexpr std::array<char32_t, 12> kNoBreakBefore{0x00B7, 0x2027, 0x30FB, 0xFF65, 0x318D, 0x2014,
                                                  0x2015, 0xFF5E, 0x301C, 0x007E, 0x2019, 0x201D};
constexpr std::array<char32_t, 2> kNoBreakAfter{0x2018, 0x201C};
constexpr std::array<char32_t, 9> kRangeDashes{'-', '~', 0x2010, 0x2012, 0x2013, 0x2014,
                                               0x2015, 0xFF5E, 0x301C};
constexpr std::array<char32_t, 10> kSeparators{'|', '/', 0x00B7, 0x2022, 0x2027, 0x2219,
                                               0x22C5, 0x30FB, 0x318D, 0x25E6};
constexpr std::array<char32_t, 12> kUrlBreakAfter{'/', '.', '-', '_', '?', '&', '=', '#', ':', '@', '~', ','};
constexpr std::array<char32_t, 7> kProportionalPreferred{0x2018, 0x2019, 0x201C, 0x201D,
                                                         0x00B7, 0x2013, 0x2022};

}  // namespace

// ASCII comes first in every test: most text a résumé holds is ASCII or Hangul syllables.
bool is_hangul_letter(char32_t c) { return c >= 0x1100 && in_ranges(c, kHangulLetters); }
bool is_cjk_letter(char32_t c) { return c >= 0x1100 && (is_hangul_letter(c) || in_ranges(c, kHanAndKana)); }
bool is_cjk_char(char32_t c) { return c >= 0x1100 && (is_cjk_letter(c) || in_ranges(c, kCjkSymbols)); }
bool is_ascii_digit(char32_t c) { return c >= '0' && c <= '9'; }

bool is_latin_letter(char32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  return c < 0xFB07 && in_ranges(c, kLatinLetters);
}

bool is_latin_char(char32_t c) {
  if (c < 0x80) return is_latin_letter(c) || is_ascii_digit(c);
  return is_latin_letter(c) || in_ranges(c, kLatinDigits);
}

bool is_combining_mark(char32_t c) { return c >= 0x0300 && in_ranges(c, kCombiningMarks); }
bool is_default_ignorable(char32_t c) { return c >= 0x00AD && in_ranges(c, kDefaultIgnorables); }
bool is_newline(char32_t c) { return (c >= 0x0A && c <= 0x0D) || (c >= 0x85 && in_set(c, kNewlines)); }

bool is_breakable_space(char32_t c) {
  if (c < 0x80) return c == ' ' || c == '\t';
  return c == 0x1680 || c == 0x205F || c == 0x3000 || (c >= 0x2000 && c <= 0x200A && c != 0x2007);
}

bool is_nobreak_space(char32_t c) { return c >= 0x00A0 && (c == 0x00A0 || c == 0x202F || c == 0x2007); }
bool is_opening_bracket(char32_t c) { return in_set(c, kOpening); }
bool is_closing_bracket(char32_t c) { return in_set(c, kClosing); }
bool is_cjk_opening_bracket(char32_t c) { return in_set(c, kCjkOpening); }
bool is_cjk_closing_bracket(char32_t c) { return in_set(c, kCjkClosing); }
bool is_no_break_before(char32_t c) { return in_set(c, kNoBreakBefore); }
bool is_no_break_after(char32_t c) { return in_set(c, kNoBreakAfter); }
bool is_range_dash(char32_t c) { return in_set(c, kRangeDashes); }
bool is_separator(char32_t c) { return in_set(c, kSeparators) || is_range_dash(c); }
bool is_url_break_after(char32_t c) { return in_set(c, kUrlBreakAfter); }
bool prefers_proportional(char32_t c) { return in_set(c, kProportionalPreferred); }

bool is_punctuation(char32_t c) {
  if (c < 0x80) return c > ' ' && !is_latin_char(c);
  return (c >= 0x00A1 && c <= 0x00BF) || (c >= 0x2010 && c <= 0x205E) || (c >= 0x3001 && c <= 0x303F) ||
         (c >= 0xFF01 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40) ||
         (c >= 0xFF5B && c <= 0xFF65) || c == 0x318D || c == 0x30FB;
}

}  // namespace hanji::text::detail
