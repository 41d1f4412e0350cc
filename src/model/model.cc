// The model's own data: entry type names and the built-in locales.
#include "model/model.h"

#include <fmt/format.h>

#include <cctype>

namespace hanji::model {

std::string_view entry_kind_name(EntryKind kind) {
  switch (kind) {
    case EntryKind::Text: return "text";
    case EntryKind::OneLine: return "one-line";
    case EntryKind::Normal: return "normal";
    case EntryKind::Experience: return "experience";
    case EntryKind::Education: return "education";
    case EntryKind::Publication: return "publication";
    case EntryKind::Bullet: return "bullet";
    case EntryKind::Numbered: return "numbered";
    case EntryKind::ReversedNumbered: return "reversed-numbered";
  }
  return "text";
}

namespace {

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

Locale english() {
  Locale locale;
  locale.language = "en";
  locale.month_names = {"January", "February", "March",     "April",   "May",      "June",
                        "July",    "August",   "September", "October", "November", "December"};
  // RenderCV's English abbreviations follow the Yale style guide.
  locale.month_abbreviations = {"Jan",  "Feb", "Mar",  "Apr", "May", "June",
                                "July", "Aug", "Sept", "Oct", "Nov", "Dec"};
  return locale;
}

Locale korean() {
  Locale locale;
  locale.language = "ko";
  for (size_t i = 0; i < 12; ++i) {
    locale.month_names[i] = fmt::format("{}월", i + 1);
    locale.month_abbreviations[i] = locale.month_names[i];
  }
  locale.present = "현재";
  locale.date_style = Locale::DateStyle::KoreanDotted;
  locale.degree_with_area = "AREA DEGREE";
  locale.year = locale.years = "년";
  locale.month = locale.months = "개월";
  locale.last_updated = "마지막 업데이트";
  locale.page_number = "PAGE / TOTAL";
  return locale;
}

}  // namespace

std::optional<Locale> builtin_locale(std::string_view name) {
  std::string key = lowercase(name);
  if (key == "en" || key == "english") return english();
  if (key == "ko" || key == "korean") return korean();
  return std::nullopt;
}

}  // namespace hanji::model
