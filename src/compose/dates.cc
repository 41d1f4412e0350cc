// Dates and date ranges as the locale prints them.
//
// The locale's templates give the form: English "Sep 2023" (a day is not shown), Korean
// "2020. 3." and "2020. 3. 1." (the National Institute of Korean Language's rule of a full
// stop after every numeric part), German "09/2018". A layout's entry.date_format picks
// another form where the language has several (English "Sep 2018" or "09/2018"); a language
// with one form lists the layouts' forms as its own (locale date_forms_as_date), so Korean
// dates read alike in every layout. A year alone stays a number in every language ("2018", "2018 – 2020. 3."):
// "2018." would read as a stray full stop.
#include <algorithm>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "compose/compose.h"
#include "theme/params.h"

namespace hanji::compose {
namespace {

using model::Date;
using model::Locale;

// "2020. 3." and "2020. 3. 1.": a full stop after every numeric part.
std::string format_dotted(const Date& date) {
  if (date.kind == Date::Kind::YearMonthDay) return fmt::format("{}. {}. {}.", date.year, date.month, date.day);
  if (date.kind == Date::Kind::YearMonth) return fmt::format("{}. {}.", date.year, date.month);
  return std::to_string(date.year);  // a year alone is a number, not a dotted date: "2013", not "2013."
}

void replace_all(std::string& text, std::string_view field, const std::string& value) {
  for (size_t at = text.find(field); at != std::string::npos; at = text.find(field, at + value.size()))
    text.replace(at, field.size(), value);
}

bool has_month(const Date& date) { return date.kind != Date::Kind::Year && date.month >= 1 && date.month <= 12; }

// One of the locale's date templates filled in; longer placeholder names first, as MONTH is
// in MONTH_NAME.
// A date without a month (a year alone: year_in_words) names no month: its placeholders stay.
std::string fill_template(std::string text, const Date& date, const Locale& locale) {
  if (has_month(date)) {
    const auto month = static_cast<std::size_t>(date.month - 1);
    replace_all(text, "MONTH_ABBREVIATION", locale.month_abbreviations[month]);
    replace_all(text, "MONTH_NAME", locale.month_names[month]);
    replace_all(text, "MONTH_IN_TWO_DIGITS", fmt::format("{:02}", date.month));
    replace_all(text, "MONTH", std::to_string(date.month));
  }
  replace_all(text, "YEAR", std::to_string(date.year));
  replace_all(text, "DAY", std::to_string(date.day));
  return text;
}

// The locale's own form: a year alone stays a number.
std::string format_with_locale(const Date& date, const Locale& locale) {
  if (!has_month(date)) return std::to_string(date.year);
  const bool day = date.kind == Date::Kind::YearMonthDay && !locale.date_with_day.empty();
  return fill_template(day ? locale.date_with_day : locale.date, date, locale);
}

// The name a layout gives the form (entry.date_format), as a locale's date_forms_as_date lists
// it: the parameter registry's own word for it, so the two never drift apart.
std::string_view form_name(theme::DateFormat format) {
  static const theme::Param* const date_format = theme::find_parameter("entry.date_format");
  for (const theme::Choice& choice : date_format->choices)
    if (choice.value == static_cast<int>(format)) return choice.word;
  return "locale";
}

// Whether the language writes this form as its own date (Korean: one form in every layout).
bool written_as_date(theme::DateFormat format, const Locale& locale) {
  const std::string_view name = form_name(format);
  return std::find(locale.date_forms_as_date.begin(), locale.date_forms_as_date.end(), name) !=
         locale.date_forms_as_date.end();
}

// A year, month and maybe day in one of the layouts' forms ("Sept 2018", "2021. 3.",
// "09/2018", "2018").
std::string format_numeric(const Date& date, const Locale& locale, theme::DateFormat format) {
  if (written_as_date(format, locale)) return format_with_locale(date, locale);
  const bool month = has_month(date);
  switch (format) {
    case theme::DateFormat::MonthYear:
      return fill_template(month ? locale.month_year : locale.year_in_words, date, locale);
    case theme::DateFormat::Dotted: return format_dotted(date);
    case theme::DateFormat::Words:
      return fill_template(month ? locale.date_in_words : locale.year_in_words, date, locale);
    case theme::DateFormat::Numeric:
      return month ? fmt::format("{:02}/{}", date.month, date.year) : std::to_string(date.year);
    case theme::DateFormat::Year: return std::to_string(date.year);
    case theme::DateFormat::Locale: break;
  }
  return format_with_locale(date, locale);
}

}  // namespace

std::string date_in_words(const model::Date& date, const model::Locale& locale) {
  if (date.kind == Date::Kind::Present) return locale.present;
  if (date.kind == Date::Kind::Free) return date.text;
  const bool day = date.kind == Date::Kind::YearMonthDay;
  return fill_template(!has_month(date) ? locale.year_in_words
                       : day            ? locale.date_in_words_with_day
                                        : locale.date_in_words,
                       date, locale);
}

std::string format_date(const model::Date& date, const model::Locale& locale, theme::DateFormat format) {
  switch (date.kind) {
    case Date::Kind::Present: return locale.present;
    case Date::Kind::Free: return date.text;
    case Date::Kind::Year:
    case Date::Kind::YearMonth:
    case Date::Kind::YearMonthDay: return format_numeric(date, locale, format);
  }
  return date.text;
}

std::string format_dates(const model::Entry& entry, const model::Locale& locale, theme::DateFormat format) {
  if (entry.date) return format_date(*entry.date, locale, format);
  if (entry.start_date) {
    std::string end = entry.end_date ? format_date(*entry.end_date, locale, format) : locale.present;
    std::string start = format_date(*entry.start_date, locale, format);
    // One year to the same year in the year-only form reads as that year alone.
    if (format == theme::DateFormat::Year && start == end) return start;
    return start + locale.range_separator + end;
  }
  if (entry.end_date) return format_date(*entry.end_date, locale, format);
  return "";
}

}  // namespace hanji::compose
