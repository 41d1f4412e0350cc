// Unicode character classes the text module needs (private to the module): which font
// family draws a character, which characters are spaces, marks or brackets, and the Korean
// line-breaking sets of KLREQ. Ranges, not tables: the module
// only needs a handful of coarse questions answered.
#pragma once

namespace hanji::text::detail {

/// Hangul syllables, conjoining jamo and compatibility jamo.
bool is_hangul_letter(char32_t c);
/// Hangul letters, Hanja (CJK ideographs) and kana: the characters Korean word rules apply to.
bool is_cjk_letter(char32_t c);
/// Anything the Korean font draws by preference: CJK letters, CJK symbols and punctuation,
/// full-width and half-width forms, enclosed and compatibility CJK.
bool is_cjk_char(char32_t c);
/// Letters and digits of the Latin font's scripts: Latin, Greek, Cyrillic, IPA, super/subscripts.
bool is_latin_char(char32_t c);
/// A letter of the Latin font's scripts (no digits).
bool is_latin_letter(char32_t c);
bool is_ascii_digit(char32_t c);

/// Combining marks: drawn by the font of their base character.
bool is_combining_mark(char32_t c);
/// Invisible format characters (ZWJ, ZWSP, variation selectors, soft hyphen, ...).
bool is_default_ignorable(char32_t c);
/// A mandatory line break (LF, CR, NEL, LS, PS, VT, FF): never drawn.
bool is_newline(char32_t c);
/// An inter-word space that a line may break at (U+0020, tab, U+3000, U+2000..U+200A ...).
bool is_breakable_space(char32_t c);
/// A space no line may break at (NBSP, narrow NBSP, figure space).
bool is_nobreak_space(char32_t c);
inline bool is_space(char32_t c) { return is_breakable_space(c) || is_nobreak_space(c); }

/// Brackets and quotes that open (take the font of what follows) or close (of what precedes).
/// ASCII ' and " are neither: their role depends on context (see itemize.cc).
bool is_opening_bracket(char32_t c);
bool is_closing_bracket(char32_t c);

/// Full-width CJK brackets whose glyph is drawn in one half of the em, the other half blank:
/// opening ones (「 『 〈 （ ...) blank on the left, closing ones (」 』 〉 ） ...) on the right.
/// Korean text sets them half-width, as the OpenType `halt` feature would.
bool is_cjk_opening_bracket(char32_t c);
bool is_cjk_closing_bracket(char32_t c);

/// KLREQ line-head prohibitions UAX #14 misses: · ‧ ・ ･ ㆍ — ― ～ 〜 ~ ’ ”.
bool is_no_break_before(char32_t c);
/// KLREQ line-end prohibitions UAX #14 misses: ‘ “.
bool is_no_break_after(char32_t c);
/// Dashes and tildes used for ranges ("2018 – 2020", "2020. 3. ~ 2023. 7.").
bool is_range_dash(char32_t c);
/// A character that, standing alone between spaces, separates items ("a | b", "서울 · 부산"):
/// the line should end after it, never start with it.
bool is_separator(char32_t c);
/// A Private Use Area character: an icon font's glyph (Fork Awesome's contact icons).
inline bool is_private_use(char32_t c) { return c >= 0xE000 && c <= 0xF8FF; }
/// Characters after which a long URL or path may be broken in an emergency.
bool is_url_break_after(char32_t c);
/// Western punctuation that some Korean fonts draw full-width; prefer the Latin font's
/// proportional glyph then (w3c/klreq#11).
bool prefers_proportional(char32_t c);
/// Punctuation and brackets (for the KLREQ no-expansion rule in justification).
bool is_punctuation(char32_t c);

}  // namespace hanji::text::detail
