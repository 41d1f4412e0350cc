#include "text/breaks.h"

#include <linebreak.h>

#include <algorithm>

#include "text/char_class.h"
#include "text/tokens.h"

namespace hanji::text::detail {

namespace {

// Emergency break costs: after URL punctuation is best, then where UAX #14 would have broken
// (between syllables), then any grapheme; next to closing punctuation or after an opening
// bracket is worst, but still better than a line running into the margin.
constexpr int kUrlEmergency = 100;
constexpr int kUax14Emergency = 200;
constexpr int kGraphemeEmergency = 1000;
constexpr int kProhibitedEmergency = 2000;
// The longest word an amount and the currency sign after it hold between them ("מיליון",
// "Mio."): a longer one is running text, not the name of the amount's size.
constexpr size_t kShortWordChars = 8;

enum class Raw : char { None, Allowed, Forced };

// libunibreak 1.1 builds a lookup index in global state on init_linebreak(); it must run once
// before use. A function-local static gives that once, thread-safely.
void ensure_linebreak_initialised() {
  static const bool initialised = [] {
    init_linebreak();
    return true;
  }();
  (void)initialised;
}

// libunibreak 1.1 cannot take every code point: U+FFFF is its end-of-text marker, and its
// pair table stops before the regional indicators (flags such as 🇰🇷), so either one fails an
// assertion and aborts the program. It gets a stand-in of the same break behaviour instead:
// U+FFFD (class AI, like U+FFFF's XX resolved) and a letter for each regional indicator, so a
// flag's two halves stay together and break like a word. Code points past U+10FFFF and
// surrogates cannot come out of the decoder, but are replaced too.
utf32_t libunibreak_safe(char32_t c) {
  if (c >= 0x1F1E6 && c <= 0x1F1FF) return 'A';
  if (c == 0xFFFF || c == 0xFFFE || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0xFFFD;
  return static_cast<utf32_t>(c);
}

// UAX #14 opportunities per boundary (before char k), with the Korean resolution of
// ambiguous characters (AI -> ID; quotes stay QU).
std::vector<Raw> uax14_breaks(const SourceText& text) {
  ensure_linebreak_initialised();
  std::vector<utf32_t> safe(text.chars.size());
  std::transform(text.chars.begin(), text.chars.end(), safe.begin(), libunibreak_safe);
  std::vector<char> brks(safe.size());
  set_linebreaks_utf32(safe.data(), safe.size(), "ko", brks.data());
  std::vector<Raw> raw(text.size() + 1, Raw::None);
  for (size_t k = 1; k < text.size(); ++k) {
    const char status = brks[k - 1];  // after char k-1
    raw[k] = status == LINEBREAK_MUSTBREAK ? Raw::Forced : status == LINEBREAK_ALLOWBREAK ? Raw::Allowed : Raw::None;
  }
  return raw;
}

// KLREQ line-head / line-end prohibitions that UAX #14 misses (· ” ~ at a line start, “ at an end).
bool klreq_allows(const std::u32string& chars, size_t k) {
  return !is_no_break_before(chars[k]) && !is_no_break_after(chars[k - 1]);
}

bool is_latin_break_char(char32_t c) { return c == '-' || c == 0x2010 || c == 0x2013 || c == '/'; }

bool token_has_cjk(const std::u32string& chars, const Token& token) {
  return std::any_of(chars.begin() + static_cast<long>(token.begin), chars.begin() + static_cast<long>(token.end),
                     is_cjk_letter);
}

// Closing punctuation at a line start, an opening bracket at a line end: wrong even in an emergency.
bool is_awkward(const std::u32string& chars, size_t k) {
  const char32_t before = chars[k - 1], after = chars[k];
  return !klreq_allows(chars, k) || is_closing_bracket(after) || is_opening_bracket(before) ||
         (is_punctuation(after) && !is_punctuation(before));
}

void set_emergency(const std::u32string& chars, size_t k, bool raw_allowed, Boundary& b) {
  const int cost = is_url_break_after(chars[k - 1]) ? kUrlEmergency
                   : raw_allowed                     ? kUax14Emergency
                                                     : kGraphemeEmergency;
  b.awkward = is_awkward(chars, k);
  b.emergency = b.awkward ? cost + kProhibitedEmergency : cost;
}

// Inside a token with Hangul or Hanja. Word mode: never (eojeol stay whole). Character mode:
// between syllables, penalised so spaces win, never between Hangul and a Latin letter.
void tailor_cjk_token(const std::u32string& chars, const Token& token, theme::KoreanBreak mode,
                      const std::vector<Raw>& raw, std::vector<Boundary>& out) {
  for (size_t k = token.begin + 1; k < token.end; ++k) {
    Boundary& b = out[k];
    set_emergency(chars, k, raw[k] == Raw::Allowed, b);
    b.allowed = false;
    if (mode == theme::KoreanBreak::Word) continue;
    const char32_t before = chars[k - 1], after = chars[k];
    const bool next_to_syllable = is_cjk_letter(before) || is_cjk_letter(after);
    const bool mixed_word = (is_cjk_letter(before) && is_latin_char(after)) ||
                            (is_latin_char(before) && is_cjk_letter(after));
    b.allowed = raw[k] == Raw::Allowed && klreq_allows(chars, k) && next_to_syllable && !mixed_word;
    b.penalty = kIntraWordPenalty;
  }
}

// Inside a Latin token: no regular break at all. A résumé is read by applicant tracking
// systems through text extraction, and poppler joins "large-" + "scale" at a line end into
// "largescale"; ragged-right lines lose almost nothing by keeping "large-scale", "C++/Python"
// or "Node.js" whole. A token wider than the line still breaks in an emergency, best after a
// hyphen, en dash or slash before a letter, and its parts then carry ActualText.
// "example.com/path" as contact lines show addresses, without their scheme: a host name (letters,
// digits, hyphens, dots, a dot and two letters last) right before the first slash; an icon
// tied to the address by a no-break space may come first.
bool starts_with_host_and_path(std::u32string_view t) {
  const size_t slash = t.find(U'/');
  if (slash == std::u32string_view::npos) return false;
  const size_t tie = t.substr(0, slash).rfind(U'\u00A0');
  const size_t begin = tie == std::u32string_view::npos ? 0 : tie + 1;
  if (slash < begin + 4) return false;
  const std::u32string_view host = t.substr(begin, slash - begin);
  const size_t dot = host.rfind(U'.');
  if (dot == std::u32string_view::npos || host.size() - dot < 3) return false;
  for (size_t i = 0; i < host.size(); ++i) {
    const char32_t c = host[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (i > dot ? !letter : !(letter || (c >= '0' && c <= '9') || c == '-' || c == '.')) return false;
  }
  return true;
}

bool is_url_like(const std::u32string& chars, const Token& token) {
  std::u32string_view t(chars.data() + token.begin, token.end - token.begin);
  return t.find(U"://") != std::u32string_view::npos || t.starts_with(U"www.") ||
         (t.find(U'@') != std::u32string_view::npos && t.find(U'.') != std::u32string_view::npos) ||
         starts_with_host_and_path(t);
}

bool is_url_punctuation(char32_t c) {
  return c == '/' || c == '.' || c == '-' || c == '_' || c == '?' || c == '#' || c == '=' || c == '&' || c == '~' ||
         c == ',' || c == '%' || c == '@';
}

// Where an address may break, best first: after a slash (never between the two of "//"), or
// after a colon that no slash follows ("mailto:|jane"), so that every line but the last ends
// in "/" and reads as an address that goes on; then between its parts: before an "@", before
// a period or other punctuation, or after a hyphen ("studio-|mercer-lowe.example.com"), so that
// no line starts with a hyphen a reader would take for a list's dash or a minus, and no line
// ends in a period; then, only for a part with no punctuation to break at, between letters (a
// line never starts with the slash or the hyphen a line before could have ended with).
enum class UrlBreak { AfterSlash, BeforeAt, BetweenParts, Elsewhere };

UrlBreak url_break(const std::u32string& chars, size_t k) {
  const char32_t before = chars[k - 1], after = chars[k];
  if ((before == '/' || before == ':') && after != '/') return UrlBreak::AfterSlash;
  if (is_url_punctuation(before) || is_url_punctuation(after)) {
    if (after == '@' && !is_url_punctuation(before)) return UrlBreak::BeforeAt;
    if (before == '-' && !is_url_punctuation(after)) return UrlBreak::BetweenParts;
    if (after != '/' && after != '-' && !is_url_punctuation(before)) return UrlBreak::BetweenParts;
  }
  return UrlBreak::Elsewhere;
}

void tailor_latin_token(const std::u32string& chars, const Token& token, const std::vector<Raw>& raw,
                        std::vector<Boundary>& out) {
  const bool url = is_url_like(chars, token);
  for (size_t k = token.begin + 1; k < token.end; ++k) {
    Boundary& b = out[k];
    set_emergency(chars, k, raw[k] == Raw::Allowed, b);
    if (url) {
      // After a slash is cheap; between the address's parts dearer, so that a line ending in
      // "/" well short of the measure is preferred, and only inside a stretch between slashes
      // that is itself wider than the line (address_part): else a line filled by "example"
      // over ".com/…" would beat a line left short before the address. Between letters (or
      // before a slash or a hyphen) dearer still, and only inside a part still wider than the
      // line (awkward): "www.valdes-arch" over "itecture.example.co.uk" never, where the
      // hyphen before could end the line.
      const UrlBreak kind = url_break(chars, k);
      b.address_part = kind == UrlBreak::BeforeAt || kind == UrlBreak::BetweenParts;
      b.awkward = kind == UrlBreak::Elsewhere;
      switch (kind) {
        case UrlBreak::AfterSlash: b.emergency = kUrlEmergency / 2; break;
        case UrlBreak::BeforeAt: b.emergency = 2 * kUrlEmergency; break;
        case UrlBreak::BetweenParts: b.emergency = 3 * kUrlEmergency; break;
        case UrlBreak::Elsewhere:
          b.emergency = std::max(b.emergency, 6 * kUrlEmergency);
          if (chars[k] == '-') b.emergency += kProhibitedEmergency;  // a line starting with "-"
          break;
      }
    } else if (is_latin_break_char(chars[k - 1]) && is_latin_letter(chars[k]) && !b.awkward) {
      b.emergency = kUrlEmergency / 2;  // a compound: after its hyphen (state-of-the-|art)
      b.compound = true;
    } else {
      b.between_letters = is_latin_letter(chars[k - 1]) && is_latin_letter(chars[k]);
    }
    b.allowed = false;
  }
}

// An arrow between words ("Oracle → MySQL", "9 → 2 days"): like a separator, it ends a line
// rather than starting one ("→ MySQL)" at a line's start reads as a list's bullet).
bool is_arrow(char32_t c) {
  return (c >= 0x2190 && c <= 0x21FF) || (c >= 0x27F0 && c <= 0x27FF) || (c >= 0x2900 && c <= 0x297F);
}

bool is_lone_separator(const std::u32string& chars, const Token& token) {
  return token.end - token.begin == 1 && (is_separator(chars[token.begin]) || is_arrow(chars[token.begin]));
}

bool is_lone_range_dash(const std::u32string& chars, const Token& token) {
  return token.end - token.begin == 1 && is_range_dash(chars[token.begin]);
}

// A lone "@" between words reads "at" ("CS PhD @ CMU"): it joins the words on both sides,
// which a line that ends or starts with it parts ("CS PhD @ / CMU").
bool is_lone_at(const std::u32string& chars, const Token& token) {
  return token.end - token.begin == 1 && chars[token.begin] == U'@';
}

enum class SpaceBreak { Allowed, Discouraged, Forbidden };

// A number as a token ends: "610", "1,250", "6.3", "12".
bool ends_in_digit(const std::u32string& chars, const Token& token) {
  const char32_t last = chars[token.end - 1];
  return last >= '0' && last <= '9';
}

// A short unit of measure that a number before it governs ("610 ppm", "18 %", "3.5 kg"): a
// typesetter ties the two, a line never starts with the unit alone. The unit may be followed
// by punctuation ("ppm,", "GB)"). Letters that are also words ("a", "I") are not taken;
// the one-letter symbols of SI units that are no word ("86 m", "4,100 t", "24 h", "1.8 s") are.
bool is_unit(const std::u32string& chars, const Token& token) {
  static constexpr std::u32string_view kUnits[] = {
      U"%",   U"‰",   U"ppm", U"ppb", U"kg",  U"mg",   U"km",   U"cm",   U"mm",  U"µm",  U"μm",  U"nm",
      U"m²",  U"m2",  U"KB",  U"kB",  U"MB",  U"GB",   U"TB",   U"PB",   U"Kbps", U"Mbps", U"Gbps", U"ms",
      U"µs",  U"ns",  U"Hz",  U"kHz", U"MHz", U"GHz",  U"mV",   U"kV",   U"kW",  U"MW",  U"mW",  U"kWh",
      U"MWh", U"mA",  U"mAh", U"°C",  U"°F",  U"rpm",  U"dB",   U"nit",  U"lm",  U"cc",  U"ml",  U"mL",
      U"m",   U"t",   U"g",   U"h",   U"s",   U"L",   U"W",   U"V",    U"kN",   U"MN",  U"m³",  U"m3",  U"km²",
      U"ha",  U"kt",  U"Mt",  U"GW",  U"GWh", U"TWh", U"min",  U"pp",   U"bp",  U"bps", U"ft",  U"mi",
      U"lb",  U"lbs", U"oz",  U"mph", U"km/h"};
  std::u32string_view word(chars.data() + token.begin, token.end - token.begin);
  while (!word.empty() && is_punctuation(word.back()) && word.back() != U'%') word.remove_suffix(1);
  for (std::u32string_view unit : kUnits)
    if (word == unit) return true;
  return false;
}

// A span of time spelled out after a number ("9 days", "2 weeks", "18 months"): a typesetter
// ties the two as a unit's symbol ("24 h"); "days to 2" at a line's start reads as nothing.
bool is_time_word(std::u32string_view word) {
  static constexpr std::u32string_view kWords[] = {
      U"second", U"seconds", U"minute", U"minutes", U"hour",  U"hours", U"day",  U"days",
      U"week",   U"weeks",   U"month",  U"months",  U"year",  U"years", U"sec",  U"secs",
      U"mins",   U"hr",      U"hrs",    U"wk",      U"wks",   U"mo",    U"mos",  U"yr",   U"yrs"};
  return std::find(std::begin(kWords), std::end(kWords), word) != std::end(kWords);
}

// A token's word without the punctuation that may follow it ("ppm,", "GB)", "₪.").
std::u32string_view bare_word(const std::u32string& chars, const Token& token) {
  std::u32string_view word(chars.data() + token.begin, token.end - token.begin);
  while (word.size() > 1 && is_punctuation(word.back()) && word.back() != U'%') word.remove_suffix(1);
  return word;
}

// A currency sign standing alone ("20 ₪", "500 €"): Unicode's currency symbols (category Sc).
bool is_currency_sign(std::u32string_view word) {
  if (word.size() != 1) return false;
  const char32_t c = word[0];
  return c == U'$' || (c >= 0x00A2 && c <= 0x00A5) || c == 0x058F || c == 0x060B || c == 0x09F2 || c == 0x09F3 ||
         c == 0x0E3F || (c >= 0x20A0 && c <= 0x20C0) || c == 0xFDFC || c == 0xFE69 || c == 0xFF04 || c == 0xFFE0 ||
         c == 0xFFE1 || c == 0xFFE5 || c == 0xFFE6;
}

// A word of magnitude after a number ("20 million", "20 מיליון", "3 Mio."): the number alone
// at a line's end reads as a different amount. Korean writes its magnitudes (만, 억) inside the
// number's token ("20억"), so they need no entry here.
bool is_magnitude(std::u32string_view word) {
  static constexpr std::u32string_view kMagnitudes[] = {
      U"thousand", U"million",  U"billion", U"trillion", U"millions", U"billions", U"bn",        U"mn",
      U"Mio",      U"Mrd",      U"Million", U"Millionen", U"Milliarde", U"Milliarden", U"millones", U"mil",
      U"millón",   U"milliard", U"milliards", U"אלף",  U"מיליון",   U"מיליארד",  U"טריליון"};
  while (!word.empty() && word.back() == U'.') word.remove_suffix(1);
  for (std::u32string_view magnitude : kMagnitudes)
    if (word == magnitude) return true;
  return false;
}

// A Korean number with its counter or magnitude ("3시간", "10분", "2년", "5개월", "20억",
// "3천만"), a particle perhaps after it ("10분에서"): ASCII digits (with separators) then at
// most `syllables` Hangul syllables.
bool is_korean_count(std::u32string_view word, size_t syllables = 3) {
  size_t k = 0;
  while (k < word.size() && (is_ascii_digit(word[k]) || ((word[k] == ',' || word[k] == '.') && k > 0))) ++k;
  if (k == 0 || !is_ascii_digit(word[k - 1]) || k == word.size() || word.size() - k > syllables) return false;
  for (; k < word.size(); ++k)
    if (!is_hangul_letter(word[k])) return false;
  return true;
}

// The first part of a Korean count of several parts: a number and a counter of time or a
// magnitude alone ("3시간 10분", "2년 5개월", "1억 2천만 원"). One with a particle ("16주에서
// 9.5주로", "0.71에서 0.78로": from ... to ...) ends a phrase and may end a line.
bool is_korean_count_head(std::u32string_view word) {
  static constexpr std::u32string_view kCounters[] = {U"년", U"개월", U"달", U"주", U"일", U"시간", U"분",
                                                      U"초", U"천",   U"만", U"억", U"조"};
  if (!is_korean_count(word, 2)) return false;
  for (std::u32string_view counter : kCounters)
    if (word.ends_with(counter) && is_ascii_digit(word[word.size() - counter.size() - 1])) return true;
  return false;
}

std::u32string_view word_of(const std::u32string& chars, const Token& token) {
  return std::u32string_view(chars.data() + token.begin, token.end - token.begin);
}

// A token that reads as an amount: a number ("20", "1,250"), a Korean number with its
// counter ("20억"). Not one a comma or a stop ends ("3건, 5건" is a list).
bool is_amount(const std::u32string& chars, const Token& token) {
  return ends_in_digit(chars, token) || is_korean_count(word_of(chars, token));
}

// What an amount governs and keeps on its line: a unit ("610 ppm"), a currency sign ("20 ₪"),
// a word of magnitude ("20 million"), or one short word that a currency sign follows ("20
// מיליון ₪", "3 Mio. €"); the currency sign in turn stays with that word. Korean: the next
// part of a count ("3시간 10분", "2년 5개월") and a one-syllable counter ("20억 원", "3 명").
bool amount_keeps(const std::u32string& chars, const std::vector<Token>& tokens, size_t t) {
  const Token& token = tokens[t];
  const std::u32string_view word = bare_word(chars, token);
  const auto after_space = [&](size_t u) { return u < tokens.size() && tokens[u].after_space; };
  if (is_amount(chars, tokens[t - 1])) {
    if (is_unit(chars, token) || is_currency_sign(word) || is_magnitude(word) || is_time_word(word)) return true;
    if (is_korean_count_head(word_of(chars, tokens[t - 1])) && is_korean_count(word)) return true;
    if (word.size() == 1 && is_hangul_letter(word[0])) return true;
    if (word.size() <= kShortWordChars && after_space(t + 1) && is_currency_sign(bare_word(chars, tokens[t + 1])))
      return true;
  }
  // The sign after "amount word": "מיליון ₪" stays together as the amount before it does.
  return t >= 2 && is_currency_sign(word) && tokens[t - 1].after_space && is_amount(chars, tokens[t - 2]) &&
         bare_word(chars, tokens[t - 1]).size() <= kShortWordChars;
}

// The matching closing bracket of an opening one ('(' -> ')'), or 0.
char32_t closing_of(char32_t opening) {
  switch (opening) {
    case U'(': return U')';
    case U'[': return U']';
    case U'{': return U'}';
    case U'\uFF08': return U'\uFF09';  // fullwidth
    case U'\u3008': return U'\u3009';
    case U'\u300A': return U'\u300B';
    case U'\u300C': return U'\u300D';
    case U'\u300E': return U'\u300F';
    case U'\u3010': return U'\u3011';
    default: return 0;
  }
}

// An abbreviation that names the number after it ("pp. 91–104", "Vol. 12", "No. 3", "§ 5"):
// the line breaker keeps them together, as a typesetter ties them; "pp." alone at a line's end
// reads as nothing. An opening bracket before it ("(pp. 91–104)") does not count.
bool names_a_number(std::u32string_view word) {
  static constexpr std::u32string_view kAbbreviations[] = {
      U"p.",    U"pp.",  U"Vol.", U"vol.", U"Vols.", U"vols.", U"No.", U"no.",
      U"Nos.",  U"nos.", U"Nr.",  U"Fig.", U"Figs.", U"§",     U"§§",  U"№"};
  while (!word.empty() && closing_of(word.front()) != 0) word.remove_prefix(1);
  for (std::u32string_view abbreviation : kAbbreviations)
    if (word == abbreviation) return true;
  return false;
}

// An initial and the name after it ("H. Kerr", "J. Aboagye" in a list of authors): a
// typesetter ties them; an initial alone at a line's end reads as nothing.
bool initial_before_name(std::u32string_view initial, std::u32string_view name) {
  const auto capital = [](char32_t c) { return c >= U'A' && c <= U'Z'; };
  return initial.size() == 2 && capital(initial[0]) && initial[1] == U'.' && !name.empty() && capital(name[0]);
}

// A Korean amount in a magnitude and its unit ("42억 원을", "3만 명의"): the unit, with its
// particle, stays with the number (a one-syllable unit alone is kept by amount_keeps).
bool korean_unit_after_magnitude(std::u32string_view amount, std::u32string_view word) {
  static constexpr std::u32string_view kMagnitudes[] = {U"천", U"만", U"억", U"조"};
  static constexpr std::u32string_view kUnits[] = {U"원", U"달러", U"엔", U"명", U"건", U"개", U"회", U"대", U"톤"};
  if (!is_korean_count(amount, 2) || std::none_of(std::begin(kMagnitudes), std::end(kMagnitudes), [&](auto m) {
        return amount.ends_with(m);
      }))
    return false;
  for (std::u32string_view unit : kUnits)
    if (word.starts_with(unit) && word.size() <= unit.size() + 2 &&
        std::all_of(word.begin(), word.end(), [](char32_t c) { return is_hangul_letter(c); }))
      return true;
  return false;
}

// A one-syllable Korean word before the amount it qualifies ("월 340건" a month, "총 42억" in all,
// "약 3천" about, "연 2회" a year): a typesetter ties them; "월" alone at a line's end reads as
// the month, and "340건에서" at the next line's start loses its rate.
bool korean_word_before_amount(std::u32string_view word, std::u32string_view amount) {
  return word.size() == 1 && is_hangul_letter(word[0]) && !amount.empty() && is_ascii_digit(amount[0]);
}

// A standard's or test's name in capitals and the number after it ("ISO 14971", "RFC 9110",
// "TOEIC 915", "IELTS 7.5") are one name: a typesetter ties them, and a narrow column ended a
// line between "ISO" and "14971". The number: digits, with a version or year after a dot,
// colon or dash ("14971:2019", "27001-2"), at most twelve characters.
bool capitals_name_a_number(std::u32string_view name, std::u32string_view number) {
  if (name.size() < 2 || name.size() > 8 || number.empty() || number.size() > 12) return false;
  if (!std::all_of(name.begin(), name.end(), [](char32_t c) { return (c >= U'A' && c <= U'Z') || c == U'/'; }))
    return false;
  if (name.front() == U'/' || name.back() == U'/') return false;
  while (!number.empty() && (number.back() == U',' || number.back() == U';' || number.back() == U')'))
    number.remove_suffix(1);
  return !number.empty() && is_ascii_digit(number.front()) &&
         std::all_of(number.begin(), number.end(),
                     [](char32_t c) { return is_ascii_digit(c) || c == U'.' || c == U':' || c == U'-'; });
}

// Between tokens: the break after the spaces before token t. A lone separator ("a | b", a range
// dash) ends a line rather than starting one; dates ("2020. 3. – 2023. 7.", "Sep 2023 – present")
// stay whole: no break inside a date, and one after a range dash between two date-like tokens
// only when the range cannot fit on a line.
SpaceBreak space_break(const std::u32string& chars, const std::vector<Token>& tokens, size_t t) {
  const Token& token = tokens[t];
  // A lone hyphen used as a dash between words ("Factorization - Algorithm") starts a line
  // rather than ending one: text extractors take a hyphen at a line's end for a word broken
  // there and drop it (poppler read "Factorization Algorithm"). A range between dates keeps
  // the dash's rule below.
  const auto lone_hyphen_between_words = [&](std::size_t at) {
    return at >= 1 && at + 1 < tokens.size() && tokens[at].end - tokens[at].begin == 1 &&
           (chars[tokens[at].begin] == U'-' || chars[tokens[at].begin] == U'\u2010') &&
           tokens[at - 1].date == DateKind::None && tokens[at + 1].date == DateKind::None;
  };
  if (token.after_space && lone_hyphen_between_words(t)) return SpaceBreak::Allowed;
  if (token.after_space && t >= 1 && lone_hyphen_between_words(t - 1)) return SpaceBreak::Forbidden;
  if (is_lone_separator(chars, token)) return SpaceBreak::Forbidden;
  if (!token.after_space) return SpaceBreak::Allowed;
  if (is_lone_at(chars, token) || is_lone_at(chars, tokens[t - 1])) return SpaceBreak::Forbidden;
  if (amount_keeps(chars, tokens, t)) return SpaceBreak::Forbidden;
  if (is_ascii_digit(chars[token.begin]) && names_a_number(word_of(chars, tokens[t - 1]))) return SpaceBreak::Forbidden;
  if (capitals_name_a_number(word_of(chars, tokens[t - 1]), word_of(chars, token))) return SpaceBreak::Forbidden;
  if (initial_before_name(word_of(chars, tokens[t - 1]), word_of(chars, token))) return SpaceBreak::Forbidden;
  if (korean_unit_after_magnitude(word_of(chars, tokens[t - 1]), word_of(chars, token))) return SpaceBreak::Forbidden;
  if (korean_word_before_amount(word_of(chars, tokens[t - 1]), word_of(chars, token))) return SpaceBreak::Forbidden;
  if (token.date == DateKind::None) return SpaceBreak::Allowed;
  if (is_date_pair(tokens[t - 1].date, token.date)) return SpaceBreak::Forbidden;
  // The token after a range dash: the dash must sit between two date-like tokens.
  const bool after_range_dash = t >= 2 && tokens[t - 1].after_space && is_lone_range_dash(chars, tokens[t - 1]) &&
                                tokens[t - 2].date != DateKind::None;
  return after_range_dash ? SpaceBreak::Discouraged : SpaceBreak::Allowed;
}

// A short bracketed group of tokens ("(성남시 / 분당구)"): the breaks at its inner spaces
// become usable only where the group cannot fit on a line (Boundary::in_group). Without this,
// the spaces around "/" were ordinary break opportunities, and a narrow table column ended a
// line inside the brackets though it could hold the group whole.
void keep_short_groups(const std::u32string& chars, const std::vector<Token>& tokens, std::vector<Boundary>& out) {
  for (size_t t = 0; t < tokens.size(); ++t) {
    // The group opens at the token's last opening bracket: at its start ("(성남시"), or after
    // the word it names ("감사(VDA 6.3)": a short bracketed name stays with its number).
    size_t open = tokens[t].end;
    for (size_t k = tokens[t].begin; k < tokens[t].end; ++k)
      if (closing_of(chars[k]) != 0) open = k;
    if (open == tokens[t].end) continue;
    const char32_t closing = closing_of(chars[open]);
    const auto closes = [&](size_t u) {
      return chars[tokens[u].end - 1] == closing && tokens[u].end - (u == t ? open : tokens[u].begin) > (u == t ? 1u : 0u);
    };
    if (closes(t)) continue;  // "(Zürich)": one token already
    for (size_t u = t + 1; u < tokens.size() && tokens[u].after_space; ++u) {
      if (tokens[u].end - open > kShortGroupChars) break;
      if (closing_of(chars[tokens[u].begin]) != 0) break;  // another group opens: not a short one
      if (!closes(u)) continue;
      for (size_t v = t + 1; v <= u; ++v) {
        Boundary& b = out[tokens[v].begin];
        if (!b.allowed) continue;
        b.allowed = false;
        b.range = b.in_group = true;
        b.in_name_group = tokens[u].end - open <= kNameGroupChars;
        b.penalty = kGroupBreakPenalty;
      }
      t = u;
      break;
    }
  }
}

}  // namespace

bool looks_like_address(const std::u32string& chars, size_t begin, size_t end) {
  return is_url_like(chars, Token{begin, end, false, DateKind::None});
}

std::vector<Boundary> find_breaks(const SourceText& text, theme::KoreanBreak mode) {
  const std::u32string& chars = text.chars;
  std::vector<Boundary> out(text.size() + 1);
  if (text.size() == 0) return out;
  const std::vector<Raw> raw = uax14_breaks(text);
  for (size_t k = 1; k < text.size(); ++k) {
    out[k].forced = raw[k] == Raw::Forced;
    out[k].allowed = raw[k] == Raw::Allowed && klreq_allows(chars, k);
  }
  const std::vector<Token> tokens = split_tokens(chars);
  for (size_t t = 0; t < tokens.size(); ++t) {
    const Token& token = tokens[t];
    if (token_has_cjk(chars, token)) {
      tailor_cjk_token(chars, token, mode, raw, out);
    } else {
      tailor_latin_token(chars, token, raw, out);
    }
    if (t == 0) continue;
    switch (space_break(chars, tokens, t)) {
      case SpaceBreak::Forbidden: out[token.begin].allowed = false; break;
      case SpaceBreak::Discouraged:
        out[token.begin].range = out[token.begin].allowed;
        out[token.begin].allowed = false;
        out[token.begin].penalty = kDateRangePenalty;
        break;
      case SpaceBreak::Allowed: break;
    }
  }
  keep_short_groups(chars, tokens, out);
  for (Boundary& b : out)
    if (b.forced) b.allowed = false;
  return out;
}

}  // namespace hanji::text::detail
