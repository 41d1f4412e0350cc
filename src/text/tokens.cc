#include "text/tokens.h"

#include <algorithm>
#include <array>

#include "text/char_class.h"

namespace hanji::text::detail {

namespace {

bool is_delimiter(char32_t c) { return is_breakable_space(c) || is_newline(c) || c == 0x200B; }

constexpr std::array<std::u32string_view, 21> kMonthNames{
    U"jan", U"feb", U"mar", U"apr", U"may", U"jun", U"jul", U"aug", U"sep", U"sept", U"oct", U"nov",
    U"dec", U"january", U"february", U"march", U"april", U"june", U"july", U"august", U"september"};
constexpr std::array<std::u32string_view, 3> kMoreMonthNames{U"october", U"november", U"december"};
constexpr std::array<std::u32string_view, 10> kKeywords{U"present", U"now", U"today", U"current", U"ongoing",
                                                         U"현재", U"재직", U"재직중", U"재학", U"재학중"};

template <size_t N>
bool contains(const std::array<std::u32string_view, N>& list, std::u32string_view word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

// Brackets and list punctuation around a date do not change what it is: "(2020.", "2023,".
std::u32string_view strip_wrapping(std::u32string_view s) {
  while (!s.empty() && (s.front() == '(' || s.front() == '[')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ')' || s.back() == ']' || s.back() == ',' || s.back() == ';'))
    s.remove_suffix(1);
  return s;
}

bool is_numeric(std::u32string_view s) {
  bool digit = false;
  for (char32_t c : s) {
    if (is_ascii_digit(c)) digit = true;
    else if (c != '.' && c != '/' && c != '-') return false;
  }
  return digit;
}

bool all_digits(std::u32string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char32_t c) { return is_ascii_digit(c); });
}

// Lower-cases ASCII into `buffer` (long enough for any month name or keyword).
std::u32string_view ascii_lower(std::u32string_view s, std::array<char32_t, 16>& buffer) {
  const size_t n = std::min(s.size(), buffer.size());
  for (size_t i = 0; i < n; ++i) buffer[i] = s[i] >= 'A' && s[i] <= 'Z' ? s[i] + ('a' - 'A') : s[i];
  return std::u32string_view(buffer.data(), n);
}

}  // namespace

std::vector<Token> split_tokens(const std::u32string& chars) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < chars.size()) {
    if (is_delimiter(chars[i])) {
      ++i;
      continue;
    }
    Token token;
    token.begin = i;
    while (i < chars.size() && !is_delimiter(chars[i])) ++i;
    token.end = i;
    token.date = date_kind(std::u32string_view(chars).substr(token.begin, token.end - token.begin));
    tokens.push_back(token);
  }
  // A token follows "after a space" when the delimiters before it are all breakable spaces.
  for (size_t t = 1; t < tokens.size(); ++t) {
    bool spaces = true;
    for (size_t k = tokens[t - 1].end; k < tokens[t].begin; ++k) spaces = spaces && is_breakable_space(chars[k]);
    tokens[t].after_space = spaces;
  }
  return tokens;
}

DateKind date_kind(std::u32string_view token) {
  constexpr size_t kLongestDateWord = 12;  // "2020.03.01.)" — longer tokens are never dates
  if (token.size() > kLongestDateWord) return DateKind::None;
  const std::u32string_view s = strip_wrapping(token);
  if (s.empty()) return DateKind::None;
  if (is_numeric(s)) return s.back() == '.' ? DateKind::DottedNumber : DateKind::Number;
  if ((s.back() == U'년' || s.back() == U'월' || s.back() == U'일') && all_digits(s.substr(0, s.size() - 1)))
    return DateKind::KoreanUnit;
  std::array<char32_t, 16> buffer;
  std::u32string_view word = ascii_lower(s, buffer);
  if (!word.empty() && word.back() == '.') word.remove_suffix(1);
  if (contains(kMonthNames, word) || contains(kMoreMonthNames, word)) return DateKind::MonthName;
  if (contains(kKeywords, word)) return DateKind::Keyword;
  return DateKind::None;
}

bool is_date_pair(DateKind first, DateKind second) {
  const bool second_number = second == DateKind::Number || second == DateKind::DottedNumber;
  if (first == DateKind::MonthName && second_number) return true;
  if (first == DateKind::DottedNumber && second_number) return true;
  if (first == DateKind::KoreanUnit && second == DateKind::KoreanUnit) return true;
  return (first == DateKind::Number || first == DateKind::DottedNumber) && second == DateKind::MonthName;
}

}  // namespace hanji::text::detail
