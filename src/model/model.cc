// The model's own data: entry type names and the built-in English locale.
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
  locale.section_titles = {{"summary", "Summary"},         {"work", "Experience"},
                           {"volunteer", "Volunteering"},  {"education", "Education"},
                           {"awards", "Awards"},           {"certificates", "Certificates"},
                           {"publications", "Publications"}, {"skills", "Skills"},
                           {"languages", "Languages"},     {"interests", "Interests"},
                           {"projects", "Projects"},       {"references", "References"}};
  return locale;
}

}  // namespace

std::optional<Locale> builtin_locale(std::string_view name) {
  std::string key = lowercase(name);
  if (key == "en" || key == "english") return english();
  return std::nullopt;
}

}  // namespace hanji::model
