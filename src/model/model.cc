// The model's own data: entry type names and the built-in English locale.
#include "model/model.h"

#include <fmt/format.h>

#include <cctype>
#include <utility>

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

constexpr std::pair<CountUnit, std::string_view> kCountUnits[] = {
    {CountUnit::Chars, "chars"},
    {CountUnit::CharsNoSpaces, "chars_no_spaces"},
    {CountUnit::BytesEucKr, "bytes_euc_kr"},
    {CountUnit::BytesUtf8, "bytes_utf8"},
};

constexpr std::pair<Part, std::string_view> kParts[] = {
    {Part::Cv, "cv"},
    {Part::Letter, "letter"},
    {Part::SelfIntroduction, "self_introduction"},
};

}  // namespace

std::string_view count_unit_name(CountUnit unit) {
  for (const auto& [each, name] : kCountUnits)
    if (each == unit) return name;
  return "chars";
}

std::optional<CountUnit> count_unit_named(std::string_view name) {
  for (const auto& [unit, each] : kCountUnits)
    if (each == name) return unit;
  return std::nullopt;
}

std::string_view part_name(Part part) {
  for (const auto& [each, name] : kParts)
    if (each == part) return name;
  return "cv";
}

std::optional<Part> part_named(std::string_view name) {
  for (const auto& [part, each] : kParts)
    if (each == name) return part;
  return std::nullopt;
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
  // A form's narrow cell writes a length of service as LinkedIn does: "7 yrs 9 mos".
  locale.year_short = "yr", locale.years_short = "yrs", locale.month_short = "mo", locale.months_short = "mos";
  for (std::string_view key : known_section_keys()) locale.section_titles.emplace(key, english_title(key));
  for (const FormLabel& label : form_labels()) locale.labels.emplace(label.key, label.english);
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

const std::vector<FormLabel>& form_labels() {
  static const std::vector<FormLabel> kLabels = {
      {"form_title", "RÉSUMÉ", "the title of a form such as the Korean 이력서 (이 력 서)"},
      {"name", "Name", "the header table's row of the name"},
      {"headline", "Position sought", "the header table's row of the headline"},
      {"address", "Address", "the header table's row of the address"},
      {"email", "E-mail", "the header table's row of the e-mail address"},
      {"phone", "Phone", "the header table's row of the phone number"},
      {"website", "Website", "the header table's row of the website"},
      {"period", "Period", "a table's column of dates"},
      {"school", "School", "an education table's column of schools"},
      {"degree", "Degree", "an education table's column of degrees"},
      {"location", "Location", "a table's column of places"},
      {"work_period", "Period", "an experience table's column of dates (근무기간)"},
      {"company", "Company", "an experience table's column of employers"},
      {"position", "Position", "an experience table's column of positions"},
      {"responsibilities", "Responsibilities", "an experience table's column of duties"},
      {"length_of_service", "Duration", "an experience table's column of time served (재직기간)"},
      {"date", "Date", "a table's column of single dates"},
      {"title", "Title", "a table's column of titles"},
      {"place", "Place", "a table's column of venues and places"},
      {"published", "Date", "a publication table's column of dates (발표일)"},
      {"title_and_authors", "Title and authors", "a publication table's column of titles and authors"},
      {"venue", "Venue", "a publication table's column of journals"},
      {"item", "Category", "a table's column of labels"},
      {"details", "Details", "a table's column of details"},
      {"self_introduction", "", "the title a form gives the applicant's own paragraphs (자기소개); empty: the section's own"},
      {"self_introduction_document", "Personal Statement", "the title of a 자기소개서 (self-introduction)"},
      {"applicant", "Applicant: NAME", "the line under a 자기소개서's title that names the applicant (NAME)"},
      {"count_chars", "(COUNT / MAX characters)",
       "an answer's count beside its question when its form counts characters; COUNT and MAX are filled in"},
      {"count_chars_no_spaces", "(COUNT / MAX characters without spaces)",
       "the same when the form counts characters without spaces"},
      {"count_bytes", "(COUNT / MAX bytes)", "the same when the form counts bytes (EUC-KR or UTF-8)"},
      {"declaration", "I certify that the information above is true and correct.",
       "the statement a form ends with, before the date"},
      {"signature", "NAME", "the signature line after the declaration: NAME is filled in (지원자 NAME (인))"},
      {"letter", "Cover letter", "a cover letter's bookmark, and its title in the PDF beside the CV's"},
      {"letter_enclosures", "Enclosures", "the word before what goes with a letter (Enclosures: CV, references)"},
      {"letter_signature", "Signature of NAME", "what a letter's signature picture reads as (its alternative text)"},
  };
  return kLabels;
}

std::optional<Locale> builtin_locale(std::string_view name) {
  std::string key = lowercase(name);
  // Built once (its 42 section titles cost more to make than to copy); never changed after.
  static const Locale kEnglish = english();
  if (key == "en" || key == "english") return kEnglish;
  return std::nullopt;
}

}  // namespace hanji::model
