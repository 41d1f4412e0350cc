// Space-delimited tokens of a paragraph and what they look like (private to the text module):
// the unit the Korean word rule, the Latin rule and the date rules of breaks.cc work on.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hanji::text::detail {

/// What part of a date a token can be: "2020", "2020.03", "3.", "2020년", "Sep", "present".
enum class DateKind { None, Number, DottedNumber, KoreanUnit, MonthName, Keyword };

/// Chars [begin, end) between breakable spaces, newlines or zero-width spaces.
struct Token {
  size_t begin = 0, end = 0;
  bool after_space = false;  // only breakable spaces separate it from the previous token
  DateKind date = DateKind::None;
};

std::vector<Token> split_tokens(const std::u32string& chars);

DateKind date_kind(std::u32string_view token);

/// Two date-like tokens that read as one date and must not be split: "Sep 2023",
/// "2020. 3.", "2020년 3월", "5 May".
bool is_date_pair(DateKind first, DateKind second);

}  // namespace hanji::text::detail
