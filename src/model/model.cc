// The model's own data: entry type names and the built-in English locale.
#include "model/model.h"

#include <fmt/format.h>

#include <cctype>

namespace hanji::model {

bool is_right_to_left(std::string_view language) {
  const std::string_view primary = language.substr(0, language.find('-'));
  for (std::string_view code : {"he", "yi", "ar", "fa", "ur", "ps"})
    if (primary == code) return true;
  return false;
}


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

// "work_experience" -> "Work Experience". None of the known keys has a word RenderCV leaves
// in lower case ("and", "of", ...), so capitalising every word gives RenderCV's title.
std::string english_title(std::string_view key) {
  std::string title(key);
  for (size_t i = 0; i < title.size(); ++i) {
    if (title[i] == '_') title[i] = ' ';
    else if (i == 0 || title[i - 1] == ' ') title[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[i])));
  }
  return title;
}

Locale english() {
  Locale locale;
  locale.language = "en";
  locale.month_names = {"January", "February", "March",     "April",   "May",      "June",
                        "July",    "August",   "September", "October", "November", "December"};
  // Every month in three letters: RenderCV's Yale-style "June", "July" and "Sept" read as a
  // mix beside "Apr" and "Dec" (locales/english.yaml says the same).
  locale.month_abbreviations = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  for (std::string_view key : known_section_keys()) locale.section_titles.emplace(key, english_title(key));
  return locale;
}

}  // namespace

const std::vector<std::string_view>& known_section_keys() {
  // The keys RenderCV files use most, synonyms next to each other. JSON Resume's sections
  // are among them: its `work` takes the title of `experience`, `volunteer` that of
  // `volunteering` (readers/jsonresume/json_resume.cc).
  static const std::vector<std::string_view> kKeys = {
      "summary",       "about",           "about_me",         "profile",
      "experience",    "work_experience", "professional_experience", "work", "employment",
      "education",     "skills",          "technical_skills", "projects",  "personal_projects",
      "publications",  "selected_publications", "awards",     "honors",    "selected_honors",
      "certifications", "certificates",   "languages",        "interests", "research_interests",
      "volunteer",     "volunteering",    "references",       "teaching",  "talks",
      "invited_talks", "presentations",   "patents",          "research",  "research_experience",
      "activities",    "extracurricular_activities", "leadership", "courses", "coursework",
      "grants",        "service",         "memberships"};
  return kKeys;
}

std::optional<Locale> builtin_locale(std::string_view name) {
  std::string key = lowercase(name);
  // Built once (its 42 section titles cost more to make than to copy); never changed after.
  static const Locale kEnglish = english();
  if (key == "en" || key == "english") return kEnglish;
  return std::nullopt;
}

}  // namespace hanji::model
