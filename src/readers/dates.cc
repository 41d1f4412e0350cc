// Dates as RenderCV accepts them: YYYY-MM-DD, YYYY-MM, YYYY, "present" (or "now", or the
// word of the CV's language, such as "현재"), and free text in
// `date`. Strings that look like ISO dates must be valid ones: "2023-13" is a typo, not text.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "readers/fields.h"
#include "readers/reader.h"

namespace hanji::readers {

namespace {

constexpr std::array<std::string_view, 12> kMonthNames = {
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December"};

std::string_view field_name(DateField field) {
  switch (field) {
    case DateField::Date: return "date";
    case DateField::StartDate: return "start_date";
    case DateField::EndDate: return "end_date";
    case DateField::CurrentDate: return "current_date";
  }
  return "date";
}

std::string forms_hint(DateField field, const Reader& reader) {
  std::string hint = "write dates as YYYY-MM-DD, YYYY-MM or YYYY (e.g. 2023-09)";
  if (field == DateField::EndDate) hint += reader.json_resume ? ", or leave endDate out while it lasts" : ", or 'present'";
  if (field == DateField::Date) hint += ", or free text such as 'Fall 2023'";
  return hint;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int to_int(std::string_view digits) {
  int value = 0;
  for (char c : digits) value = value * 10 + (c - '0');
  return value;
}

bool is_leap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in_month(int year, int month) {
  constexpr std::array<int, 12> kDays = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && is_leap(year) ? 29 : kDays[static_cast<size_t>(month - 1)];
}

std::vector<std::string_view> split_dashes(std::string_view s) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t dash = s.find('-'); dash != std::string_view::npos; dash = s.find('-', start)) {
    parts.push_back(s.substr(start, dash - start));
    start = dash + 1;
  }
  parts.push_back(s.substr(start));
  return parts;
}

// "2023", "2023-1", "2023-09-31": a year of four digits and up to two more numbers. Such text
// is meant as a date even in the free-text `date` field, so it must be a valid one.
bool looks_iso(const std::vector<std::string_view>& parts) {
  if (parts.size() > 3 || parts[0].size() != 4 || !all_digits(parts[0])) return false;
  for (size_t i = 1; i < parts.size(); ++i)
    if (parts[i].size() > 2 || !all_digits(parts[i])) return false;
  return true;
}

enum class IsoCheck { Valid, Malformed, BadMonth, BadDay };

IsoCheck check_iso(const std::vector<std::string_view>& parts, Date& date) {
  for (size_t i = 1; i < parts.size(); ++i)
    if (parts[i].size() != 2) return IsoCheck::Malformed;
  date.year = to_int(parts[0]);
  date.kind = Date::Kind::Year;
  if (parts.size() == 1) return IsoCheck::Valid;
  date.month = to_int(parts[1]);
  if (date.month < 1 || date.month > 12) return IsoCheck::BadMonth;
  date.kind = Date::Kind::YearMonth;
  if (parts.size() == 2) return IsoCheck::Valid;
  date.day = to_int(parts[2]);
  if (date.day < 1 || date.day > days_in_month(date.year, date.month)) return IsoCheck::BadDay;
  date.kind = Date::Kind::YearMonthDay;
  return IsoCheck::Valid;
}

std::string iso_problem(IsoCheck check, const Date& date) {
  switch (check) {
    case IsoCheck::Malformed: return "month and day need two digits";
    case IsoCheck::BadMonth: return fmt::format("there is no month {}", date.month);
    case IsoCheck::BadDay:
      return fmt::format("{} {} has {} days", kMonthNames[static_cast<size_t>(date.month - 1)], date.year,
                         days_in_month(date.year, date.month));
    case IsoCheck::Valid: break;
  }
  return {};
}

// Orders two dates at the precision both have: "2020-05" is not after "2020".
int compare_dates(const Date& a, const Date& b) {
  if (a.year != b.year) return a.year < b.year ? -1 : 1;
  if (a.month == 0 || b.month == 0 || a.month == b.month) {
    if (a.month == 0 || b.month == 0 || a.day == 0 || b.day == 0 || a.day == b.day) return 0;
    return a.day < b.day ? -1 : 1;
  }
  return a.month < b.month ? -1 : 1;
}

bool is_calendar(const Date& d) {
  return d.kind == Date::Kind::Year || d.kind == Date::Kind::YearMonth || d.kind == Date::Kind::YearMonthDay;
}

// "present", "Now", or the CV's language's word for it ("현재"), case aside.
bool means_present(std::string_view value, const Reader& reader) {
  const std::string word = lowercase(value);
  return std::find(reader.present_words.begin(), reader.present_words.end(), word) != reader.present_words.end();
}

}  // namespace

bool looks_like_iso_date(std::string_view text) { return looks_iso(split_dashes(text)); }

const std::vector<std::string>& english_present_words() {
  static const std::vector<std::string> kWords = {"present", "now"};
  return kWords;
}

// looks_iso: a year of four digits and up to two more numbers of one or two digits.
std::string date_like_pattern() { return "^[0-9]{4}(-[0-9]{1,2}){0,2}$"; }

// check_iso's valid dates: two-digit months 01-12 and days 01-31 (the days of each month are
// checked by the reader alone).
std::string date_pattern() { return "^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$"; }

std::optional<Date> iso_date(std::string_view text) {
  const std::vector<std::string_view> parts = split_dashes(text);
  Date date;
  if (!looks_iso(parts) || check_iso(parts, date) != IsoCheck::Valid) return std::nullopt;
  date.text = std::string(text);
  return date;
}

std::optional<Date> read_date(const YamlNode& node, DateField field, Reader& reader) {
  std::optional<Text> text = reader.text(node, field_name(field));
  if (!text) return std::nullopt;
  Date date;
  date.text = text->value;
  date.span = text->span;
  std::string_view value = date.text;
  if (means_present(value, reader)) {
    if (field == DateField::Date || field == DateField::EndDate) {
      date.kind = Date::Kind::Present;
      return date;
    }
    reader.diags.error(date.span, fmt::format("'{}' cannot be '{}'", reader.shown(field_name(field)), excerpt(value)),
                       {field == DateField::StartDate ? fmt::format("'present' belongs in {}", reader.shown("end_date"))
                                                      : forms_hint(field, reader)});
    return std::nullopt;
  }
  std::vector<std::string_view> parts = split_dashes(value);
  if (looks_iso(parts)) {
    IsoCheck check = check_iso(parts, date);
    if (check == IsoCheck::Valid && date.kind == Date::Kind::Year && reader.from_rendercv &&
        node.style != ScalarStyle::Plain && field != DateField::CurrentDate) {
      date.kind = Date::Kind::YearMonth;  // RenderCV: a text "2021" is a date, 2021-01-01
      date.month = 1;
    }
    if (check == IsoCheck::Valid) return date;
    reader.diags.error(date.span,
                       fmt::format("invalid date '{}' in '{}': {}", value, reader.shown(field_name(field)), iso_problem(check, date)),
                       {forms_hint(field, reader)});
    return std::nullopt;
  }
  if (field == DateField::Date) {
    date.kind = Date::Kind::Free;
    return date;
  }
  reader.diags.error(date.span, fmt::format("'{}' in '{}' is not a date", value, reader.shown(field_name(field))),
                     {forms_hint(field, reader) + (field == DateField::CurrentDate ? "" : "; free text belongs in 'date'")});
  return std::nullopt;
}

void normalise_dates(Entry& entry, Reader& reader, const Settings& settings) {
  if (entry.date) {
    if (entry.start_date || entry.end_date) {
      const Date& ignored = entry.start_date ? *entry.start_date : *entry.end_date;
      reader.diags.warning(ignored.span, "start_date and end_date are ignored because 'date' is given",
                           {"remove 'date' to show a range, or remove start_date and end_date"});
    }
    entry.start_date.reset();
    entry.end_date.reset();
    return;
  }
  if (entry.end_date && !entry.start_date) {
    entry.date = std::move(entry.end_date);
    entry.end_date.reset();
    return;
  }
  if (!entry.start_date) return;
  if (!entry.end_date) {
    // RenderCV: a start without an end means "until now".
    Date present;
    present.kind = Date::Kind::Present;
    present.text = "present";
    present.span = Span{entry.start_date->span.file, 0, 0};
    entry.end_date = present;
  }
  const Date& start = *entry.start_date;
  const Date& end = *entry.end_date;
  if (is_calendar(end) && compare_dates(start, end) > 0) {
    reader.diags.error(start.span, fmt::format("{} {} is after {} {}", reader.shown("start_date"), excerpt(start.text),
                                   reader.shown("end_date"), excerpt(end.text)),
                       {"swap the two dates or correct one of them"});
  } else if (end.kind == Date::Kind::Present && settings.current_date &&
             compare_dates(start, *settings.current_date) > 0) {
    reader.diags.error(start.span,
                       fmt::format("{} {} is after settings.current_date {}", reader.shown("start_date"), start.text,
                                   settings.current_date->text),
                       {"correct the start date, or set a later settings.current_date"});
  }
}

}  // namespace hanji::readers
