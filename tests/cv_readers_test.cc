// Tests for the readers module: RenderCV-compatible reading of CV files into the plain model,
// with exact spans and one test per class of error. YAML itself (syntax, spans, encoding,
// files, the config tree, pieces, prebuilt trees) is tested in config_test.cc.
#include "readers/source.h"

#include "core/limits.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include "cv_loading.h"
#include "readers/entry_types.h"  // private: the entry types the schema lists
#include "readers/fields.h"       // private: the tables the readers and the schema share
#include "text/font_tables.h"    // what the engine reads font files with

namespace hanji::readers {
namespace {

namespace fs = std::filesystem;

using namespace cv_loading;

Loaded load_with(const std::string& yaml, const ReadOptions& options) {
  Loaded out;
  out.file = load_cv_from_string(yaml, "cv.yaml", out.diags, options);
  return out;
}

// What a run prints without --verbose: every message but the details (which look-alike stands
// in for a family, ...).
Diagnostics heard(const Diagnostics& diags) {
  Diagnostics out;
  for (const Diagnostic& d : diags.all())
    if (d.severity != Severity::Detail) out.add(d);
  return out;
}

std::vector<std::string> titles_of(const Loaded& loaded) {
  std::vector<std::string> titles;
  for (const auto& section : loaded.file->cv.sections) titles.push_back(section.title.value);
  return titles;
}

// ---------------------------------------------------------------- basics

TEST(SourceLoad, MinimalCvLoadsWithDefaults) {
  auto loaded = load("cv:\n  name: Jane Doe\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.diags.all().size(), 0u);
  EXPECT_EQ(loaded.file->path, "cv.yaml");
  EXPECT_EQ(loaded.file->cv.name.value, "Jane Doe");
  expect_at(loaded.file->cv.name.span, 2, 9);
  EXPECT_EQ(loaded.file->cv.name.span.file, "cv.yaml");
  EXPECT_EQ(loaded.file->layout_name, "");
  EXPECT_EQ(loaded.file->layout_overrides.kind, ConfigNode::Kind::Null);
  EXPECT_EQ(loaded.file->locale.language, "en");
  EXPECT_EQ(loaded.file->locale.month_abbreviations[8], "Sep");
}

TEST(SourceLoad, JsonIsAccepted) {
  auto loaded = load(
      "{\n"
      "  \"cv\": {\n"
      "    \"name\": \"Jane\",\n"
      "    \"sections\": {\"skills\": [{\"label\": \"C++\", \"details\": \"20 years\"}]}\n"
      "  }\n"
      "}\n",
      "cv.json");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->cv.name.value, "Jane");
  expect_at(loaded.file->cv.name.span, 3, 14);
  const Entry& entry = loaded.file->cv.sections[0].entries[0];
  EXPECT_EQ(entry.kind, EntryKind::OneLine);
  EXPECT_EQ(entry.label.value, "C++");
}

// ---------------------------------------------------------------- entry types

struct InferenceCase {
  std::string entry;
  EntryKind kind;
};

TEST(SourceEntries, EveryTypeIsInferredFromItsKeys) {
  const std::vector<InferenceCase> cases = {
      {"      - Just a paragraph.\n", EntryKind::Text},
      {"      - label: Languages\n        details: C++, Python\n", EntryKind::OneLine},
      {"      - name: hanji\n        summary: A typesetter\n", EntryKind::Normal},
      {"      - company: ACME\n        position: Engineer\n", EntryKind::Experience},
      {"      - institution: KAIST\n        area: Computer Science\n", EntryKind::Education},
      {"      - title: A paper\n        authors: [Jane Doe]\n", EntryKind::Publication},
      {"      - bullet: One point\n", EntryKind::Bullet},
      {"      - number: First\n", EntryKind::Numbered},
      {"      - reversed_number: Last\n", EntryKind::ReversedNumbered},
  };
  for (const auto& c : cases) {
    auto loaded = load(with_section("things", c.entry));
    const Section& section = only_section(loaded);
    EXPECT_EQ(section.kind, c.kind) << c.entry;
    ASSERT_EQ(section.entries.size(), 1u) << c.entry;
    EXPECT_EQ(section.entries[0].kind, c.kind);
    expect_at(section.entries[0].span, 5, 9);
  }
}

TEST(SourceEntries, FieldsLandInTheirSlots) {
  auto loaded = load(with_section("education",
                                  "      - institution: KAIST\n"
                                  "        area: Computer Science\n"
                                  "        degree: BS\n"
                                  "        location: Daejeon\n"
                                  "        summary: Thesis on typesetting\n"
                                  "        start_date: 2015-03\n"
                                  "        end_date: 2019-02\n"
                                  "        highlights:\n"
                                  "          - GPA 4.0\n"));
  const Section& section = only_section(loaded);
  ASSERT_EQ(section.entries.size(), 1u);
  const Entry& e = section.entries[0];
  EXPECT_EQ(e.institution.value, "KAIST");
  EXPECT_EQ(e.area.value, "Computer Science");
  EXPECT_EQ(e.degree.value, "BS");
  EXPECT_EQ(e.location.value, "Daejeon");
  EXPECT_EQ(e.summary.value, "Thesis on typesetting");
  ASSERT_TRUE(e.start_date && e.end_date);
  EXPECT_EQ(e.start_date->year, 2015);
  EXPECT_EQ(e.start_date->month, 3);
  EXPECT_EQ(e.end_date->month, 2);
  ASSERT_EQ(e.highlights.size(), 1u);
  EXPECT_EQ(e.highlights[0].text.value, "GPA 4.0");
  expect_at(e.highlights[0].text.span, 13, 13);
  EXPECT_TRUE(e.extra.empty());
}

TEST(SourceEntries, CharacteristicKeysDecideInRenderCvOrder) {
  // `name` (normal) is checked before `company` (experience): RenderCV's quirk.
  auto loaded = load(with_section("work",
                                  "      - company: ACME\n"
                                  "        position: Engineer\n"
                                  "        name: Side project\n"));
  const Section& section = only_section(loaded);
  EXPECT_EQ(section.kind, EntryKind::Normal);
  ASSERT_EQ(section.entries.size(), 1u);
  EXPECT_EQ(section.entries[0].name.value, "Side project");
  ASSERT_EQ(section.entries[0].extra.size(), 2u);  // company and position are extra keys here
  EXPECT_EQ(section.entries[0].extra[0].first, "company");
  // Kept for templates that name them: whether the layout's do is said when the CV is set.
  EXPECT_EQ(loaded.diags.warning_count(), 0);
  // `label` (one-line) beats `title` (publication).
  auto one_line = load(with_section("x", "      - label: A\n        details: B\n        title: C\n"));
  EXPECT_EQ(only_section(one_line).kind, EntryKind::OneLine);
}

TEST(SourceEntries, FirstIdentifiableEntryDecidesTheSection) {
  // The first entry has only shared keys; the second makes the section experience, and the
  // first is then read as experience, which lacks its required keys.
  auto loaded = load(with_section("work",
                                  "      - location: Seoul\n"
                                  "      - company: ACME\n"
                                  "        position: Engineer\n"));
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "experience entry is missing keys 'company' and 'position'");
  expect_at(d.span, 5, 9);
}

TEST(SourceEntries, EntryWithTheSectionTypesKeysIsReadAsThatType) {
  // An experience entry with a `label` extra key stays experience in an experience section.
  auto loaded = load(with_section("work",
                                  "      - company: A\n        position: B\n"
                                  "      - company: C\n        position: D\n        label: team lead\n"));
  const Section& section = only_section(loaded);
  ASSERT_EQ(section.entries.size(), 2u);
  EXPECT_EQ(section.entries[1].kind, EntryKind::Experience);
  ASSERT_EQ(section.entries[1].extra.size(), 1u);
  EXPECT_EQ(section.entries[1].extra[0].second.value, "team lead");
}

TEST(SourceEntries, EmptySectionIsAllowed) {
  auto loaded = load(with_section("projects", "") + "    talks: []\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  ASSERT_EQ(loaded.file->cv.sections.size(), 2u);
  EXPECT_TRUE(loaded.file->cv.sections[0].entries.empty());
  EXPECT_TRUE(loaded.file->cv.sections[1].entries.empty());
}

TEST(SourceSections, TitlesAreFormattedLikeRenderCv) {
  auto loaded = load(
      "cv:\n  sections:\n"
      "    work_experience: []\n"
      "    history_of_art_and_design: []\n"
      "    and_so_on: []\n"
      "    Selected Talks: []\n"
      "    gitHub_projects: []\n"
      "    c++_and_rust: []\n"
      "    경력_사항: []\n"
      "    2024_awards: []\n"
      "    open source work: []\n"
      "    projects for a client: []\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  // RenderCV's rule, and two of hanji's: a first word is capitalised even when it is a
  // function word, and a key in lower case with spaces is capitalised like one with '_'.
  EXPECT_EQ(titles_of(loaded), (std::vector<std::string>{"Work Experience", "History of Art and Design", "And so on",
                                                         "Selected Talks", "gitHub_projects", "C++ and Rust",
                                                         "경력 사항", "2024 Awards", "Open Source Work",
                                                         "Projects for a Client"}));
}

// The keys people write: in the CV's language. A key with a capital letter, or a title of
// its own, is what its writer chose and stays; an unknown key is capitalised.
const char* const kKeyedSections =
    "  sections:\n"
    "    experience: []\n"
    "    work_experience: []\n"
    "    education: []\n"
    "    research interests: []\n"
    "    open_source: []\n"
    "    Skills: []\n"
    "    awards: {title: Prizes, entries: []}\n"
    "    projects: {entries: []}\n";

TEST(SourceSections, KnownKeysAreTitledInTheCvsLanguage) {
  auto korean = load("locale: korean\ncv:\n" + std::string(kKeyedSections));
  ASSERT_TRUE(korean.file) << dump(korean.diags);
  EXPECT_EQ(titles_of(korean), (std::vector<std::string>{"경력", "경력", "학력", "관심 분야", "Open Source", "Skills",
                                                         "Prizes", "프로젝트"}));
  auto japanese = load("locale: japanese\ncv:\n" + std::string(kKeyedSections));
  ASSERT_TRUE(japanese.file) << dump(japanese.diags);
  EXPECT_EQ(titles_of(japanese), (std::vector<std::string>{"職歴", "職歴", "学歴", "研究分野", "Open Source", "Skills",
                                                           "Prizes", "プロジェクト"}));
  // English: RenderCV's titles, as before.
  auto english = load("cv:\n" + std::string(kKeyedSections));
  ASSERT_TRUE(english.file) << dump(english.diags);
  EXPECT_EQ(titles_of(english), (std::vector<std::string>{"Experience", "Work Experience", "Education",
                                                          "Research Interests", "Open Source", "Skills", "Prizes",
                                                          "Projects"}));
  // The key itself is kept for what recognises sections by name.
  EXPECT_EQ(korean.file->cv.sections[0].key, "experience");
  EXPECT_EQ(korean.file->cv.sections[3].key, "research interests");
  EXPECT_TRUE(korean.file->cv.sections[6].title_given);
  EXPECT_FALSE(korean.file->cv.sections[7].title_given);
}

TEST(SourceSections, AKoreanCvWithoutLocaleGetsKoreanTitles) {
  // Written in Hangul, no `locale:`: Korean once read, titles included.
  auto loaded = load("cv:\n  name: 홍길동\n  sections:\n    experience:\n      - company: 한빛페이\n"
                     "        position: 백엔드 엔지니어\n        date: 2021\n    skills:\n      - label: 언어\n"
                     "        details: 파이썬과 고\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->locale.language, "ko");
  EXPECT_EQ(titles_of(loaded), (std::vector<std::string>{"경력", "기술"}));
}

TEST(SourceSections, ABilingualCvTitlesKeysInTheLanguageChosen) {
  const std::string yaml =
      "cv:\n  name: {ko: 박지민, en: Jimin Park}\n  sections:\n"
      "    experience:\n      - company: {ko: 한빛페이, en: Hanbit Pay}\n        position: B\n        date: 2021\n"
      "    education: {title: {ko: 학교, en: Schools}, entries: []}\n"
      "    side_projects: []\n";
  ReadOptions korean;
  korean.language = "ko";
  auto ko = load_with(yaml, korean);
  ASSERT_TRUE(ko.file) << dump(ko.diags);
  EXPECT_EQ(titles_of(ko), (std::vector<std::string>{"경력", "학교", "Side Projects"}));
  ReadOptions english;
  english.language = "en";
  auto en = load_with(yaml, english);
  ASSERT_TRUE(en.file) << dump(en.diags);
  EXPECT_EQ(titles_of(en), (std::vector<std::string>{"Experience", "Schools", "Side Projects"}));
  // A locale map may retitle a key.
  auto own = load("locale: {language: korean, section_titles: {experience: 경력 사항}}\ncv:\n" +
                  std::string(kKeyedSections));
  ASSERT_TRUE(own.file) << dump(own.diags);
  EXPECT_EQ(titles_of(own).front(), "경력 사항");
  EXPECT_EQ(titles_of(own)[1], "경력");
}

// English titles a known key as RenderCV does, so English CVs keep their titles; the
// shipped english.yaml says the same as the built-in English.
TEST(SourceSections, EnglishTitlesAreRenderCvsForEveryKnownKey) {
  const Locale builtin = *builtin_locale("en");
  auto file = load("locale: english\ncv:\n  name: J\n");
  ASSERT_TRUE(file.file) << dump(file.diags);
  for (std::string_view key : model::known_section_keys()) {
    EXPECT_EQ(builtin.section_titles.at(std::string(key)), section_title(key)) << key;
    EXPECT_EQ(file.file->locale.section_titles.at(std::string(key)), section_title(key)) << key;
    EXPECT_EQ(known_section_key(key), key);
  }
  EXPECT_EQ(known_section_key("work experience"), "work_experience");
  EXPECT_EQ(known_section_key("Experience"), "");
  EXPECT_EQ(known_section_key("경력"), "");
}

// A CV that names no locale is in English, and in the same words as one that names the shipped
// english.yaml: a form's labels ("Position sought", not "Profile"), its short units ("7 yrs 9
// mos") and phrases. (The built-in English once lagged behind the file: ko-standard's header
// row read "Profile" and a length of service "6 years 10 months" for a CV without `locale:`,
// as most RenderCV files are.)
TEST(SourceSections, ACvWithoutALocaleSpeaksTheShippedEnglish) {
  auto unnamed = load("cv:\n  name: J\n");
  auto named = load("locale: english\ncv:\n  name: J\n");
  ASSERT_TRUE(unnamed.file && named.file) << dump(unnamed.diags) << dump(named.diags);
  const Locale &a = unnamed.file->locale, &b = named.file->locale;
  EXPECT_EQ(a.labels, b.labels);
  EXPECT_EQ(a.labels.at("headline"), "Position sought");
  for (const auto& [ours, theirs] : std::vector<std::pair<std::string, std::string>>{
           {a.year, b.year}, {a.years, b.years}, {a.month, b.month}, {a.months, b.months},
           {a.year_short, b.year_short}, {a.years_short, b.years_short}, {a.month_short, b.month_short},
           {a.months_short, b.months_short}, {a.present, b.present}, {a.date, b.date}, {a.month_year, b.month_year},
           {a.range_separator, b.range_separator}, {a.ongoing, b.ongoing}, {a.continued, b.continued},
           {a.degree_with_area, b.degree_with_area}, {a.last_updated, b.last_updated}, {a.photo_of, b.photo_of}})
    EXPECT_EQ(ours, theirs);
  EXPECT_EQ(a.month_abbreviations, b.month_abbreviations);
  EXPECT_EQ(a.month_names, b.month_names);
  EXPECT_EQ(a.section_titles, b.section_titles);
  // A locale file without short units writes its full words, not English's "yr" and "mos".
  auto korean = load("locale: korean\ncv:\n  name: J\n");
  ASSERT_TRUE(korean.file) << dump(korean.diags);
  EXPECT_EQ(korean.file->locale.years_short, "");
  EXPECT_EQ(korean.file->locale.months_short, "");
}

// ---------------------------------------------------------------- entry errors

TEST(SourceErrors, MixedEntryTypesNameBothTypes) {
  auto loaded = load(with_section("experience",
                                  "      - company: ACME\n"
                                  "        position: Engineer\n"
                                  "      - label: Languages\n"
                                  "        details: C++\n"
                                  "      - A sentence.\n"));
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "one-line entry in section 'Experience', which holds experience entries");
  expect_at(d.span, 7, 9);
  EXPECT_TRUE(has_hint(d, "line 5"));
  const Diagnostic& text = diag(loaded.diags, "text entry in section 'Experience'");
  expect_at(text.span, 9, 9);
}

TEST(SourceErrors, MapInTextSectionIsAMismatch) {
  auto loaded = load(with_section("summary", "      - Hello.\n      - bullet: x\n"));
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "bullet entry in section 'Summary', which holds text entries");
  expect_at(d.span, 6, 9);
}

TEST(SourceErrors, MissingRequiredFieldNamesKeyAndType) {
  auto loaded = load(with_section("experience", "      - company: ACME\n        location: Seoul\n"));
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "experience entry is missing key 'position'");
  expect_at(d.span, 5, 9);
  EXPECT_TRUE(has_hint(d, "needs 'company' and 'position'"));
  EXPECT_EQ(format_diagnostic(d),
            "cv.yaml:5:9: error: experience entry is missing key 'position'\n"
            "  hint: an experience entry needs 'company' and 'position'\n");
}

TEST(SourceErrors, NullRequiredValueCountsAsMissing) {
  auto loaded = load(with_section("experience", "      - company: ACME\n        position:\n"));
  EXPECT_FALSE(loaded.file);
  diag(loaded.diags, "missing key 'position'");
}

TEST(SourceErrors, UnknownKeyCloseToAKnownOneIsATypo) {
  auto loaded = load(with_section("experience",
                                  "      - compnay: ACME\n"
                                  "        position: Engineer\n"));
  EXPECT_FALSE(loaded.file);
  EXPECT_EQ(loaded.diags.error_count(), 1) << "the typo is not also reported as a missing 'company'\n"
                                           << dump(loaded.diags);
  const Diagnostic& d = diag(loaded.diags, "unknown key 'compnay' in experience entry");
  EXPECT_EQ(d.severity, Severity::Error);
  expect_at(d.span, 5, 9);
  ASSERT_EQ(d.hints.size(), 1u);
  EXPECT_EQ(d.hints[0], "did you mean 'company'?");
  EXPECT_EQ(format_diagnostic(d),
            "cv.yaml:5:9: error: unknown key 'compnay' in experience entry\n  hint: did you mean 'company'?\n");
}

// A text under a key of the CV's own is kept for templates that name it (TECH_STACK), where
// it was written; a list cannot be printed by any template, which is said at once.
TEST(SourceErrors, OtherExtraKeysAreKeptForTemplates) {
  auto loaded = load(with_section("experience",
                                  "      - company: ACME\n"
                                  "        position: Engineer\n"
                                  "        tech_stack: C++, HarfBuzz\n"
                                  "        nested: [a, b]\n"
                                  "        empty:\n"));
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Entry& e = loaded.file->cv.sections[0].entries[0];
  ASSERT_EQ(e.extra.size(), 1u);  // a list cannot be kept as text; a null is skipped
  EXPECT_EQ(e.extra[0].first, "tech_stack");
  EXPECT_EQ(e.extra[0].second.value, "C++, HarfBuzz");
  expect_at(e.extra[0].second.span, 7, 21);
  ASSERT_EQ(e.extra_spans.size(), 1u);
  expect_at(e.extra_spans[0], 7, 9);
  const Diagnostic& d = diag(loaded.diags, "key 'nested' in experience entry is not shown");
  EXPECT_EQ(d.severity, Severity::Warning);
  expect_at(d.span, 8, 9);
  EXPECT_EQ(loaded.diags.warning_count(), 1);
}

TEST(SourceEntries, TextOfBulletAndNumberedEntries) {
  auto bullets = load(with_section("notes", "      - bullet: One point\n      - bullet: Another\n"));
  const Section& section = only_section(bullets);
  ASSERT_EQ(section.entries.size(), 2u);
  EXPECT_EQ(section.entries[1].text.value, "Another");
  expect_at(section.entries[1].text.span, 6, 17);
  auto numbered = load(with_section("steps", "      - number: 1st\n"));
  EXPECT_EQ(only_section(numbered).entries[0].text.value, "1st");
  auto reversed = load(with_section("steps", "      - reversed_number: last\n"));
  EXPECT_EQ(only_section(reversed).entries[0].text.value, "last");
  auto plain = load(with_section("summary", "      - \"Plain *text* with **markup**\"\n"));
  EXPECT_EQ(only_section(plain).entries[0].text.value, "Plain *text* with **markup**");
}

TEST(SourceErrors, FieldValueMustBeText) {
  auto loaded = load(with_section("experience",
                                  "      - company: [ACME, Corp]\n"
                                  "        position:\n"
                                  "          title: Engineer\n"));
  EXPECT_FALSE(loaded.file);
  const Diagnostic& list = diag(loaded.diags, "expected text for 'company', found a list");
  expect_at(list.span, 5, 18);
  const Diagnostic& map = diag(loaded.diags, "expected text for 'position', found a map");
  expect_at(map.span, 7, 11);
}

TEST(SourceErrors, WrongTypeInHeader) {
  auto loaded = load("cv:\n  name:\n    - Jane\n    - Doe\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "expected text for 'name', found a list");
  expect_at(d.span, 3, 5);
  EXPECT_FALSE(d.hints.empty());
}

TEST(SourceErrors, SectionsMustBeLists) {
  auto loaded = load(with_section("experience", "      company: ACME\n"));
  EXPECT_FALSE(loaded.file);
  diag(loaded.diags, "expected a list for 'experience', found a map");
}

TEST(SourceErrors, UnidentifiableSection) {
  auto loaded = load(with_section("misc", "      - location: Seoul\n"));
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "cannot tell the type of the entries in section 'misc'");
  expect_at(d.span, 4, 5);
}

// `{ko: 서울 마포구, en: Mapo-gu, Seoul}`: YAML ends en's value at the comma and reads Seoul as a
// key without a value, so the text per language becomes a map. The error is at Seoul, and the
// hint is about the comma, not about ': ' (which the map has none too many of).
TEST(SourceErrors, ACommaInAFlowMapEndsTheValue) {
  auto loaded = load("cv:\n  name: Jane\n  location: {ko: 서울 마포구, en: Mapo-gu, Seoul}\n");
  EXPECT_FALSE(loaded.file);
  ASSERT_EQ(loaded.diags.error_count(), 1) << dump(loaded.diags);
  const Diagnostic& d = diag(loaded.diags, "expected text for 'location', found a map: the comma before 'Seoul' ended the value of 'en'");
  expect_at(d.span, 3, 39);
  EXPECT_EQ(format_diagnostic(d),
            "cv.yaml:3:39: error: expected text for 'location', found a map: the comma before 'Seoul' ended the value of 'en'\n"
            "  hint: in a {...} map, a comma ends the value: quote it: en: \"Mapo-gu, Seoul\"\n");
  // Every piece the commas cut off goes back into the quoted value; in a highlight and a text
  // entry too.
  auto highlight = load(with_section("experience",
                                     "      - company: ACME\n"
                                     "        position: Engineer\n"
                                     "        highlights:\n"
                                     "          - {ko: 안녕, en: Hello, dear, world}\n"));
  const Diagnostic& h = diag(highlight.diags, "expected text for a highlight, found a map: the comma before 'dear'");
  expect_at(h.span, 8, 33);
  EXPECT_TRUE(has_hint(h, "quote it: en: \"Hello, dear, world\"")) << dump(highlight.diags);
  auto entry = load(with_section("about", "      - {ko: 안녕, en: Hello, world}\n"));
  ASSERT_EQ(entry.diags.error_count(), 1) << "not also 'cannot tell the type'\n" << dump(entry.diags);
  expect_at(diag(entry.diags, "expected a text entry, found a map: the comma before 'world'").span, 5, 29);
  // A map written as a block has no such slip: the usual hint.
  auto block = load("cv:\n  name: Jane\n  location:\n    en: Mapo-gu\n    Seoul:\n");
  EXPECT_FALSE(has_hint(diag(block.diags, "expected text for 'location', found a map"), "comma"));
}

// ---------------------------------------------------------------- header and contacts

TEST(SourceHeader, ContactsFollowKeyOrderAndListsExpandInPlace) {
  auto loaded = load(
      "cv:\n"
      "  name: Jane Doe\n"
      "  phone: \"+82 10-1234-5678\"\n"
      "  email: [jane@example.com, jd@work.example]\n"
      "  location: Seoul, Korea\n"
      "  website: https://jane.example.com/\n"
      "  social_networks:\n"
      "    - network: GitHub\n"
      "      username: janedoe\n"
      "    - network: LinkedIn\n"
      "      username: jane-doe\n"
      "  custom_connections:\n"
      "    - placeholder: Book a call\n"
      "      url: cal.example.com/jane\n"
      "      fontawesome_icon: calendar\n"
      "    - placeholder: Available from May\n"
      "      url: null\n"
      "      fontawesome_icon: clock\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const auto& contacts = loaded.file->cv.contacts;
  ASSERT_EQ(contacts.size(), 9u);
  EXPECT_EQ(contacts[0].kind, Contact::Kind::Phone);
  EXPECT_EQ(contacts[0].text.value, "+82 10-1234-5678");
  EXPECT_EQ(contacts[0].url, "tel:+821012345678");
  EXPECT_EQ(contacts[1].kind, Contact::Kind::Email);
  EXPECT_EQ(contacts[1].url, "mailto:jane@example.com");
  expect_at(contacts[1].text.span, 4, 11);
  EXPECT_EQ(contacts[2].text.value, "jd@work.example");
  EXPECT_EQ(contacts[3].kind, Contact::Kind::Location);
  EXPECT_EQ(contacts[3].url, "");
  EXPECT_EQ(contacts[4].kind, Contact::Kind::Website);
  EXPECT_EQ(contacts[4].text.value, "jane.example.com");
  EXPECT_EQ(contacts[4].url, "https://jane.example.com/");
  EXPECT_EQ(contacts[5].kind, Contact::Kind::Social);
  EXPECT_EQ(contacts[5].network, "GitHub");
  EXPECT_EQ(contacts[5].text.value, "github.com/janedoe");
  EXPECT_EQ(contacts[5].url, "https://github.com/janedoe");
  expect_at(contacts[5].text.span, 9, 17);
  EXPECT_EQ(contacts[6].text.value, "linkedin.com/in/jane-doe");
  EXPECT_EQ(contacts[7].text.value, "Book a call");
  EXPECT_EQ(contacts[7].url, "https://cal.example.com/jane");
  EXPECT_EQ(contacts[8].text.value, "Available from May");
  EXPECT_EQ(contacts[8].url, "");
  const Cv& cv = loaded.file->cv;
  EXPECT_EQ(cv.emails.size(), 2u);
  EXPECT_EQ(cv.phones.size(), 1u);
  ASSERT_EQ(cv.websites.size(), 1u);
  EXPECT_EQ(cv.websites[0].value, "https://jane.example.com/");
  ASSERT_EQ(cv.social_networks.size(), 2u);
  EXPECT_EQ(cv.social_networks[1].url, "https://linkedin.com/in/jane-doe");
  EXPECT_EQ(cv.location.value, "Seoul, Korea");
}

TEST(SourceHeader, WebsiteWithoutSchemeGetsHttps) {
  auto loaded = load("cv:\n  website: [jane.dev, http://old.example.org/blog/]\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const auto& contacts = loaded.file->cv.contacts;
  ASSERT_EQ(contacts.size(), 2u);
  EXPECT_EQ(contacts[0].text.value, "jane.dev");
  EXPECT_EQ(contacts[0].url, "https://jane.dev");
  EXPECT_EQ(contacts[1].text.value, "old.example.org/blog");
  EXPECT_EQ(contacts[1].url, "http://old.example.org/blog/");
}

// A website or custom connection of another scheme than http, https, mailto and tel (any
// case) is shown as written without a link, with a warning at the address; nothing gets
// https:// glued in front of a scheme ("https://javascript:alert(1)" before).
TEST(SourceHeader, OnlyWebMailAndPhoneAddressesAreLinked) {
  auto loaded = load(
      "cv:\n"
      "  name: Jane Doe\n"
      "  website: [javascript:alert(1), FILE:///etc/passwd, \"smb://host/share\", HTTPS://jane.dev, localhost]\n"
      "  custom_connections:\n"
      "    - placeholder: Click me\n"
      "      url: vbscript:msgbox\n"
      "    - placeholder: Call\n"
      "      url: TEL:+821012345678\n"
      "    - placeholder: Data\n"
      "      url: data:text/html,hi\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const auto& contacts = loaded.file->cv.contacts;
  ASSERT_EQ(contacts.size(), 8u);
  EXPECT_EQ(contacts[0].text.value, "javascript:alert(1)");
  EXPECT_EQ(contacts[0].url, "");
  EXPECT_EQ(contacts[1].text.value, "FILE:///etc/passwd");  // shown whole, as it is not linked
  EXPECT_EQ(contacts[1].url, "");
  EXPECT_EQ(contacts[2].url, "");
  EXPECT_EQ(contacts[3].text.value, "jane.dev");
  EXPECT_EQ(contacts[3].url, "https://jane.dev");
  EXPECT_EQ(contacts[4].url, "");  // no scheme, and no host name either
  EXPECT_EQ(contacts[5].text.value, "Click me");
  EXPECT_EQ(contacts[5].url, "");
  EXPECT_EQ(contacts[6].url, "tel:+821012345678");
  EXPECT_EQ(contacts[7].url, "");
  EXPECT_EQ(loaded.diags.warning_count(), 6) << dump(loaded.diags);
  const Diagnostic& script = diag(loaded.diags, "no link to website 'javascript:alert(1)'");
  expect_at(script.span, 3, 13);
  EXPECT_NE(script.message.find("not javascript: ones"), std::string::npos) << script.message;
  EXPECT_NE(script.message.find("shown as plain text"), std::string::npos) << script.message;
  EXPECT_TRUE(has_hint(script, "https://"));
  expect_at(diag(loaded.diags, "'FILE:///etc/passwd'").span, 3, 34);
  expect_at(diag(loaded.diags, "'smb://host/share'").span, 3, 55);  // inside its quotes
  EXPECT_NE(diag(loaded.diags, "'localhost'").message.find("no scheme"), std::string::npos);
  expect_at(diag(loaded.diags, "no link to url 'vbscript:msgbox'").span, 6, 12);
  expect_at(diag(loaded.diags, "no link to url 'data:text/html,hi'").span, 10, 12);
}

TEST(SourceHeader, SocialNetworkUrls) {
  struct Case {
    std::string network, username, url, shown;
  };
  const std::vector<Case> cases = {
      {"GitLab", "jane", "https://gitlab.com/jane", "gitlab.com/jane"},
      {"IMDB", "nm0000001", "https://imdb.com/name/nm0000001", "imdb.com/name/nm0000001"},
      {"Instagram", "jane", "https://instagram.com/jane", "instagram.com/jane"},
      {"ORCID", "0000-0002-1825-009X", "https://orcid.org/0000-0002-1825-009X", "orcid.org/0000-0002-1825-009X"},
      {"Mastodon", "\"@jane@mastodon.social\"", "https://mastodon.social/@jane", "mastodon.social/@jane"},
      {"StackOverflow", "4999991/jane-doe", "https://stackoverflow.com/users/4999991/jane-doe",
       "stackoverflow.com/users/4999991/jane-doe"},
      {"ResearchGate", "Jane-Doe", "https://researchgate.net/profile/Jane-Doe", "researchgate.net/profile/Jane-Doe"},
      {"YouTube", "janedoe", "https://youtube.com/@janedoe", "youtube.com/@janedoe"},
      {"Google Scholar", "AbCdEf", "https://scholar.google.com/citations?user=AbCdEf", "Google Scholar"},
      {"Telegram", "jane", "https://t.me/jane", "t.me/jane"},
      {"WhatsApp", "\"+82 10-1234-5678\"", "https://wa.me/821012345678", "wa.me/821012345678"},
      {"Leetcode", "jane", "https://leetcode.com/u/jane", "leetcode.com/u/jane"},
      {"X", "jane", "https://x.com/jane", "x.com/jane"},
      {"Bluesky", "jane.bsky.social", "https://bsky.app/profile/jane.bsky.social", "bsky.app/profile/jane.bsky.social"},
      {"Reddit", "jane_doe", "https://reddit.com/user/jane_doe", "reddit.com/user/jane_doe"},
  };
  for (const auto& c : cases) {
    auto loaded = load("cv:\n  social_networks:\n    - network: " + c.network + "\n      username: " + c.username + "\n");
    ASSERT_TRUE(loaded.file) << c.network << "\n" << dump(loaded.diags);
    ASSERT_EQ(loaded.file->cv.contacts.size(), 1u);
    EXPECT_EQ(loaded.file->cv.contacts[0].url, c.url);
    EXPECT_EQ(loaded.file->cv.contacts[0].text.value, c.shown);
    EXPECT_EQ(loaded.file->cv.contacts[0].network, c.network);
  }
}

TEST(SourceHeader, UnknownNetworkSuggestsTheRealName) {
  auto loaded = load("cv:\n  social_networks:\n    - network: github\n      username: jane\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "unknown social network 'github'");
  expect_at(d.span, 3, 16);
  EXPECT_TRUE(has_hint(d, "did you mean 'GitHub'?"));
  // RenderCV 2.8 has no Twitter, only X at https://x.com/: the same error, pointing there.
  auto twitter = load("cv:\n  social_networks:\n    - network: Twitter\n      username: jane\n");
  EXPECT_FALSE(twitter.file);
  EXPECT_TRUE(has_hint(diag(twitter.diags, "unknown social network 'Twitter'"), "did you mean 'X'?"));
}

TEST(SourceHeader, InvalidUsernamesAreErrors) {
  for (std::string bad : {"ORCID\n      username: 1234", "YouTube\n      username: \"@jane\"",
                                 "Mastodon\n      username: jane", "Reddit\n      username: ab"}) {
    auto loaded = load("cv:\n  social_networks:\n    - network: " + bad + "\n");
    EXPECT_FALSE(loaded.file) << bad;
    diag(loaded.diags, "is not a valid");
  }
}

TEST(SourceHeader, SocialNetworkKeysAreChecked) {
  auto loaded = load("cv:\n  social_networks:\n    - network: GitHub\n      usrname: jane\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& typo = diag(loaded.diags, "unknown key 'usrname' in a social network");
  EXPECT_TRUE(has_hint(typo, "did you mean 'username'?"));
  diag(loaded.diags, "needs both 'network' and 'username'");
}

TEST(SourceHeader, BadEmailIsAnError) {
  auto loaded = load("cv:\n  email: jane.example.com\n");
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "'jane.example.com' is not an email address").span, 2, 10);
}

TEST(SourceHeader, PhotoIsResolvedAgainstTheCvDirectory) {
  fs::path dir = fs::temp_directory_path() / "hanji_source_test_photo";
  fs::create_directories(dir);
  std::ofstream(dir / "me.png") << "\x89PNG\r\n\x1a\n: only the signature is checked here";
  std::string cv_path = (dir / "cv.yaml").string();
  auto loaded = load("cv:\n  photo: me.png\n", cv_path);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->cv.photo.value, (dir / "me.png").string());
  expect_at(loaded.file->cv.photo.span, 2, 10);
  fs::remove_all(dir);
}

TEST(SourceErrors, MissingPhotoFile) {
  auto loaded = load("cv:\n  name: Jane\n  photo: photos/absent.jpg\n", "/nonexistent-dir/cv.yaml");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "photo file '/nonexistent-dir/photos/absent.jpg' does not exist");
  expect_at(d.span, 3, 10);
  EXPECT_TRUE(has_hint(d, "relative to the CV file's directory (/nonexistent-dir)"));
}

TEST(SourceErrors, PhotoMustBePngOrJpeg) {
  auto loaded = load("cv:\n  photo: me.gif\n");
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "photo 'me.gif' is not a PNG or JPEG file").span, 2, 10);
  // A web address is no error: the CV builds without the photo (--fetch-photos fetches it).
  auto url = load("cv:\n  name: Jane\n  photo: https://example.com/me.png\n");
  ASSERT_TRUE(url.file) << dump(url.diags);
  EXPECT_TRUE(url.file->cv.photo.empty());
  EXPECT_EQ(diag(url.diags, "photo is a web address").severity, Severity::Warning);
}

TEST(SourceErrors, UnknownKeysInCvAndTopLevel) {
  auto loaded = load("cv:\n  nmae: Jane\n  hobbies: chess\ndesing:\n  theme: classic\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& cv = diag(loaded.diags, "unknown key 'nmae' in cv");
  expect_at(cv.span, 2, 3);
  EXPECT_TRUE(has_hint(cv, "did you mean 'name'?"));
  const Diagnostic& far = diag(loaded.diags, "unknown key 'hobbies' in cv");
  EXPECT_TRUE(has_hint(far, "'name', 'headline'"));
  const Diagnostic& top = diag(loaded.diags, "unknown key 'desing' in the top level");
  expect_at(top.span, 4, 1);
  EXPECT_TRUE(has_hint(top, "did you mean 'design'?"));
}

TEST(SourceErrors, MissingCvKey) {
  auto loaded = load("locale: korean\n");
  EXPECT_FALSE(loaded.file);
  diag(loaded.diags, "the file has no 'cv' key");
  auto empty = load("");
  EXPECT_FALSE(empty.file);
  diag(empty.diags, "the file is empty");
  auto list = load("- a\n- b\n");
  EXPECT_FALSE(list.file);
  diag(list.diags, "expected keys such as 'cv:' at the top of the file, found a list");
}

// ---------------------------------------------------------------- dates

Entry dated_entry(const std::string& date_lines, Loaded* keep = nullptr) {
  Loaded loaded = load(with_section("experience", "      - company: A\n        position: B\n" + date_lines));
  Entry entry;
  if (loaded.file && !loaded.file->cv.sections.empty() && !loaded.file->cv.sections[0].entries.empty())
    entry = loaded.file->cv.sections[0].entries[0];
  if (keep) *keep = std::move(loaded);
  return entry;
}

TEST(SourceDates, AcceptedForms) {
  Loaded loaded;
  Entry e = dated_entry("        start_date: 2020-03-15\n        end_date: 2021\n", &loaded);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  ASSERT_TRUE(e.start_date && e.end_date);
  EXPECT_EQ(e.start_date->kind, Date::Kind::YearMonthDay);
  EXPECT_EQ(e.start_date->year, 2020);
  EXPECT_EQ(e.start_date->month, 3);
  EXPECT_EQ(e.start_date->day, 15);
  EXPECT_EQ(e.start_date->text, "2020-03-15");
  expect_at(e.start_date->span, 7, 21);
  EXPECT_EQ(e.end_date->kind, Date::Kind::Year);  // an unquoted int
  EXPECT_EQ(e.end_date->year, 2021);
  EXPECT_FALSE(e.date);

  e = dated_entry("        start_date: \"2019-07\"\n        end_date: PRESENT\n", &loaded);
  ASSERT_TRUE(e.start_date && e.end_date) << dump(loaded.diags);
  EXPECT_EQ(e.start_date->kind, Date::Kind::YearMonth);
  EXPECT_EQ(e.end_date->kind, Date::Kind::Present);
  EXPECT_EQ(e.end_date->text, "PRESENT");

  e = dated_entry("        date: Fall 2023\n", &loaded);
  ASSERT_TRUE(e.date);
  EXPECT_EQ(e.date->kind, Date::Kind::Free);
  EXPECT_EQ(e.date->text, "Fall 2023");

  e = dated_entry("        date: 2024-02-29\n", &loaded);  // a leap day
  ASSERT_TRUE(e.date) << dump(loaded.diags);
  EXPECT_EQ(e.date->kind, Date::Kind::YearMonthDay);

  e = dated_entry("        date: 2019-2021\n", &loaded);  // a range written as text
  ASSERT_TRUE(e.date) << dump(loaded.diags);
  EXPECT_EQ(e.date->kind, Date::Kind::Free);
}

TEST(SourceDates, NormalisedAsRenderCvDoes) {
  Loaded loaded;
  Entry only_end = dated_entry("        end_date: 2020-05\n", &loaded);
  ASSERT_TRUE(only_end.date);
  EXPECT_EQ(only_end.date->month, 5);
  EXPECT_FALSE(only_end.start_date);
  EXPECT_FALSE(only_end.end_date);

  Entry only_start = dated_entry("        start_date: 2020-05\n", &loaded);
  ASSERT_TRUE(only_start.start_date && only_start.end_date);
  EXPECT_EQ(only_start.end_date->kind, Date::Kind::Present);
  EXPECT_FALSE(only_start.end_date->span.known());
  EXPECT_FALSE(only_start.date);

  Entry both = dated_entry("        date: 2021\n        start_date: 2020\n", &loaded);
  ASSERT_TRUE(loaded.file);
  ASSERT_TRUE(both.date);
  EXPECT_FALSE(both.start_date);
  EXPECT_FALSE(both.end_date);
  const Diagnostic& d = diag(loaded.diags, "ignored because 'date' is given");
  EXPECT_EQ(d.severity, Severity::Warning);
  expect_at(d.span, 8, 21);
}

struct BadDate {
  std::string line;
  std::string message;
  int col;
};

TEST(SourceDates, EveryKindOfBadDateIsAnError) {
  const std::vector<BadDate> cases = {
      {"        start_date: 2023-13\n", "invalid date '2023-13' in 'start_date': there is no month 13", 21},
      {"        end_date: 2023-02-30\n", "invalid date '2023-02-30' in 'end_date': February 2023 has 28 days", 19},
      {"        date: 2023-1\n", "invalid date '2023-1' in 'date': month and day need two digits", 15},
      {"        date: 2023-00\n", "there is no month 0", 15},
      {"        start_date: Fall 2023\n", "'Fall 2023' in 'start_date' is not a date", 21},
      {"        start_date: present\n", "'start_date' cannot be 'present'", 21},
      {"        end_date: soon\n", "'soon' in 'end_date' is not a date", 19},
  };
  for (const auto& c : cases) {
    Loaded loaded;
    dated_entry(c.line, &loaded);
    EXPECT_FALSE(loaded.file) << c.line;
    const Diagnostic& d = diag(loaded.diags, c.message);
    expect_at(d.span, 7, c.col);
    EXPECT_TRUE(has_hint(d, "YYYY-MM-DD") || has_hint(d, "end_date")) << c.line;
  }
}

// "Until now" in English or in the CV's language, case aside: a Korean CV writes 현재.
TEST(SourceDates, PresentInTheCvsLanguageOrEnglish) {
  struct Case {
    std::string top;  // lines before `cv:`
    std::string end_date;
  };
  const std::vector<Case> accepted = {
      {"locale: korean\n", "현재"},  {"locale: korean\n", "present"}, {"locale: korean\n", "Now"},
      {"", "now"},                   {"", "PRESENT"},                 {"locale: german\n", "Heute"},
      {"locale: de\n", "present"},   {"locale: {language: german, present: bis heute}\n", "Bis Heute"},
  };
  for (const auto& c : accepted) {
    Loaded loaded = load(c.top + with_section("experience", "      - company: A\n        position: B\n"
                                                             "        start_date: 2020-03\n        end_date: " +
                                                                 c.end_date + "\n"));
    ASSERT_TRUE(loaded.file) << c.top << c.end_date << "\n" << dump(loaded.diags);
    const Entry& e = only_section(loaded).entries.at(0);
    ASSERT_TRUE(e.end_date) << c.end_date;
    EXPECT_EQ(e.end_date->kind, Date::Kind::Present) << c.top << c.end_date;
    EXPECT_EQ(e.end_date->text, c.end_date);
  }
  // A CV written in Hangul with no `locale:` becomes Korean once read: 현재 is its word too.
  Loaded hangul = load("cv:\n  name: 홍길동\n  sections:\n    경력:\n      - company: 한빛\n        position: 개발자\n"
                       "        start_date: 2020-03\n        end_date: 현재\n");
  ASSERT_TRUE(hangul.file) << dump(hangul.diags);
  EXPECT_EQ(hangul.file->locale.language, "ko");
  EXPECT_EQ(only_section(hangul).entries.at(0).end_date->kind, Date::Kind::Present);
  // A file in two languages takes either's word in both versions.
  ReadOptions english;
  english.language = "en";
  Loaded both = load_with("cv:\n  name: {ko: 홍길동, en: Gildong Hong}\n  sections:\n    experience:\n"
                          "      - company: A\n        position: B\n        start_date: 2020-03\n"
                          "        end_date: 현재\n",
                          english);
  ASSERT_TRUE(both.file) << dump(both.diags);
  EXPECT_EQ(only_section(both).entries.at(0).end_date->kind, Date::Kind::Present);

  // Another language's word is no date in an English CV, and a start is never "now".
  Loaded german_word = load(with_section("experience", "      - company: A\n        position: B\n"
                                                       "        start_date: 2020-03\n        end_date: heute\n"));
  EXPECT_FALSE(german_word.file);
  diag(german_word.diags, "'heute' in 'end_date' is not a date");
  Loaded korean_start = load("locale: korean\n" + with_section("experience", "      - company: A\n        position: B\n"
                                                                             "        start_date: 현재\n"));
  EXPECT_FALSE(korean_start.file);
  diag(korean_start.diags, "'start_date' cannot be '현재'");
}

TEST(SourceDates, StartAfterEndIsAnError) {
  Loaded loaded;
  dated_entry("        start_date: 2022-05\n        end_date: 2021-12\n", &loaded);
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "start_date 2022-05 is after end_date 2021-12").span, 7, 21);
  // Different precisions compare only as far as both go.
  dated_entry("        start_date: 2021-05\n        end_date: 2021\n", &loaded);
  EXPECT_TRUE(loaded.file) << dump(loaded.diags);
}

TEST(SourceDates, PresentIsCheckedAgainstCurrentDate) {
  auto loaded = load("settings:\n  current_date: 2024-01-01\n" +
                     with_section("experience", "      - company: A\n        position: B\n        start_date: 2025-02\n"));
  EXPECT_FALSE(loaded.file);
  diag(loaded.diags, "start_date 2025-02 is after settings.current_date 2024-01-01");
}

// ---------------------------------------------------------------- highlights

TEST(SourceHighlights, NestedBulletsSplitAtSpaceHyphenSpace) {
  auto loaded = load(with_section("projects",
                                  "      - name: hanji\n"
                                  "        highlights:\n"
                                  "          - Shaping - HarfBuzz - kerning\n"
                                  "          - Published research\n"
                                  "            - ICML 2022\n"
                                  "            - NeurIPS 2022\n"
                                  "          - self-contained, well-tested\n"
                                  "          - \"Quoted - child\"\n"));
  const Section& section = only_section(loaded);
  ASSERT_EQ(section.entries.size(), 1u);
  const auto& h = section.entries[0].highlights;
  ASSERT_EQ(h.size(), 4u);
  EXPECT_EQ(h[0].text.value, "Shaping");
  expect_at(h[0].text.span, 7, 13);
  ASSERT_EQ(h[0].children.size(), 2u);
  EXPECT_EQ(h[0].children[0].value, "HarfBuzz");
  expect_at(h[0].children[0].span, 7, 23);
  EXPECT_EQ(h[0].children[1].value, "kerning");
  expect_at(h[0].children[1].span, 7, 34);

  EXPECT_EQ(h[1].text.value, "Published research");
  ASSERT_EQ(h[1].children.size(), 2u);
  EXPECT_EQ(h[1].children[0].value, "ICML 2022");
  expect_at(h[1].children[0].span, 9, 15);  // on its own continuation line
  EXPECT_EQ(h[1].children[1].value, "NeurIPS 2022");
  expect_at(h[1].children[1].span, 10, 15);

  EXPECT_EQ(h[2].text.value, "self-contained, well-tested");  // no " - ", no split
  EXPECT_TRUE(h[2].children.empty());

  EXPECT_EQ(h[3].text.value, "Quoted");
  expect_at(h[3].text.span, 12, 14);
  ASSERT_EQ(h[3].children.size(), 1u);
  expect_at(h[3].children[0].span, 12, 23);
}

TEST(SourceHighlights, EscapesFallBackToTheScalarStart) {
  auto loaded = load(with_section("projects",
                                  "      - name: hanji\n"
                                  "        highlights:\n"
                                  "          - \"A\\u00e9 - child\"\n"));
  const Section& section = only_section(loaded);
  const auto& h = section.entries[0].highlights;
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].text.value, "A\u00e9");
  ASSERT_EQ(h[0].children.size(), 1u);
  EXPECT_EQ(h[0].children[0].value, "child");
  expect_at(h[0].children[0].span, 7, 14);  // the escape breaks the 1:1 mapping
}

TEST(SourceHighlights, EmptyHighlightPointsAtItsDash) {
  auto loaded = load(with_section("projects", "      - name: hanji\n        highlights:\n          - one\n          -\n\n"));
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "empty highlight").span, 8, 11);
}

TEST(SourceHighlights, MustBeAListOfText) {
  auto loaded = load(with_section("projects", "      - name: hanji\n        highlights: one line\n"));
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "expected a list for 'highlights', found text").span, 6, 21);
}

// ---------------------------------------------------------------- publications

TEST(SourcePublications, DoiBecomesTheLink) {
  auto loaded = load(with_section("publications",
                                  "      - title: Line breaking\n"
                                  "        authors: Jane Doe\n"
                                  "        doi: 10.1002/spe.4380111102\n"
                                  "        url: https://example.com/paper\n"
                                  "        journal: SP&E\n"
                                  "        date: 1981-11\n"
                                  "      - title: Another\n"
                                  "        authors: [Jane Doe, \"*John Roe*\"]\n"
                                  "        doi: https://doi.org/10.1/xyz\n"));
  const Section& section = only_section(loaded);
  ASSERT_EQ(section.entries.size(), 2u);
  const Entry& first = section.entries[0];
  ASSERT_EQ(first.authors.size(), 1u);
  EXPECT_EQ(first.authors[0].value, "Jane Doe");
  EXPECT_EQ(first.url.value, "https://doi.org/10.1002/spe.4380111102");
  expect_at(first.url.span, 7, 14);
  EXPECT_EQ(first.journal.value, "SP&E");
  const Entry& second = section.entries[1];
  ASSERT_EQ(second.authors.size(), 2u);
  EXPECT_EQ(second.authors[1].value, "*John Roe*");
  EXPECT_EQ(second.doi.value, "10.1/xyz");
  EXPECT_EQ(second.url.value, "https://doi.org/10.1/xyz");
}

TEST(SourcePublications, UrlOfAnotherSchemeWarnsUnlessADoiReplacesIt) {
  auto loaded = load(with_section("publications",
                                  "      - title: Script\n"
                                  "        authors: [A]\n"
                                  "        url: javascript:alert(1)\n"
                                  "      - title: Replaced\n"
                                  "        authors: [A]\n"
                                  "        doi: 10.1/xyz\n"
                                  "        url: file:///paper.pdf\n"));
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.diags.warning_count(), 1) << dump(loaded.diags);
  const Diagnostic& warning = diag(loaded.diags, "no link to url 'javascript:alert(1)'");
  expect_at(warning.span, 7, 14);
  EXPECT_EQ(only_section(loaded).entries[0].url.value, "javascript:alert(1)");  // shown, not linked
}

TEST(SourcePublications, BadDoiIsAnError) {
  auto loaded = load(with_section("publications", "      - title: T\n        authors: [A]\n        doi: abc\n"));
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "'abc' is not a DOI").span, 7, 14);
}

// ---------------------------------------------------------------- errors across the file

TEST(SourceLoad, ErrorsAreCollectedAndReportedInFileOrder) {
  auto loaded = load(
      "cv:\n"
      "  nmae: Jane\n"
      "  sections:\n"
      "    work:\n"
      "      - company: A\n"
      "        position: B\n"
      "        start_date: 2020-13\n"
      "settings:\n"
      "  current_date: someday\n");
  EXPECT_FALSE(loaded.file);
  ASSERT_EQ(loaded.diags.error_count(), 3) << dump(loaded.diags);
  EXPECT_EQ(loaded.diags.all()[0].span.line, 2);
  EXPECT_EQ(loaded.diags.all()[1].span.line, 7);
  EXPECT_EQ(loaded.diags.all()[2].span.line, 9);
}

// ---------------------------------------------------------------- files

TEST(SourceFiles, LoadsFromDiskWithThePathInSpans) {
  fs::path dir = fs::temp_directory_path() / "hanji_source_test_files";
  fs::create_directories(dir);
  std::ofstream(dir / "cv.yml") << "cv:\n  name: Jane\n";
  std::ofstream(dir / "cv.txt") << "cv:\n  name: Jane\n";
  Diagnostics diags;
  auto file = load_cv((dir / "cv.yml").string(), diags);
  ASSERT_TRUE(file) << dump(diags);
  EXPECT_EQ(file->cv.name.span.file, (dir / "cv.yml").string());
  EXPECT_EQ(diags.all().size(), 0u);
  Diagnostics txt_diags;
  EXPECT_TRUE(load_cv((dir / "cv.txt").string(), txt_diags));
  EXPECT_EQ(txt_diags.warning_count(), 1);
  fs::remove_all(dir);
}

// ---------------------------------------------------------------- layout and design

TEST(SourceLayout, NameOrMapWithOverrides) {
  auto named = load("cv:\n  name: J\nlayout: modern\n");
  ASSERT_TRUE(named.file);
  EXPECT_EQ(named.file->layout_name, "modern");
  expect_at(named.file->layout_span, 3, 9);
  EXPECT_EQ(named.file->layout_overrides.kind, ConfigNode::Kind::Null);

  auto mapped = load("cv:\n  name: J\nlayout:\n  name: classic\n  page: {paper: letter}\n  text:\n    align: justify\n");
  ASSERT_TRUE(mapped.file) << dump(mapped.diags);
  const CvFile& f = *mapped.file;
  EXPECT_EQ(f.layout_name, "classic");
  expect_at(f.layout_span, 4, 9);
  ASSERT_EQ(f.layout_overrides.kind, ConfigNode::Kind::Map);
  EXPECT_EQ(f.layout_overrides.keys, (std::vector<std::string>{"page", "text"}));
  EXPECT_EQ(f.layout_overrides.find("page")->find("paper")->scalar, "letter");
  expect_at(f.layout_overrides.find("text")->find("align")->span, 7, 12);
}

TEST(SourceDesign, RenderCvDesignIsTranslated) {
  auto loaded = load(
      "cv:\n  name: J\n"
      "design:\n"
      "  theme: classic\n"
      "  page:\n"
      "    size: us-letter\n"
      "    top_margin: 0.7in\n"
      "    left_margin: 2cm\n"
      "  colors:\n"
      "    name: rgb(0,79,144)\n"
      "    section_titles: '#112233'\n"
      "    links: blue\n"
      "    body: black\n"
      "  typography:\n"
      "    font_size: {body: 11pt, name: 0.5in, section_titles: 1.4em}\n"
      "    alignment: justified-with-no-hyphenation\n"
      "    line_spacing: 0.5em\n"
      "    font_family: EB Garamond\n"
      "    small_caps: {section_titles: true}\n"
      "  header:\n"
      "    alignment: left\n"
      "    connections: {separator: '•', show_icons: false, display_urls_instead_of_usernames: false}\n"
      "  section_titles: {type: centered_without_line, line_thickness: 1pt}\n"
      "  sections: {space_between_regular_entries: 1em, show_time_spans_in: [experience, projects]}\n"
      "  entries:\n"
      "    date_and_location_width: 4cm\n"
      "    highlights: {bullet: ◦}\n"
      "  templates:\n"
      "    experience_entry: {main_column: \"**POSITION** -- COMPANY\\nSUMMARY\\nHIGHLIGHTS\", "
      "date_and_location_column: DATE}\n"
      "    single_date: MONTH_NAME YEAR\n"
      "    date_range: START_DATE to END_DATE\n"
      "    footer: \"*NAME -- PAGE_NUMBER of TOTAL_PAGES*\"\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(heard(loaded.diags).all().size(), 0u) << dump(loaded.diags);
  const CvFile& f = *loaded.file;
  EXPECT_EQ(f.layout_name, "classic");
  const ConfigNode& o = f.layout_overrides;
  auto value = [&](std::string_view a, std::string_view b, std::string_view c = {}) -> std::string {
    const ConfigNode* node = o.find(a);
    if (node) node = node->find(b);
    if (node && !c.empty()) node = node->find(c);
    if (node && node->kind == ConfigNode::Kind::Sequence) {
      std::string joined;
      for (const auto& item : node->children) joined += (joined.empty() ? "" : "|") + item.scalar;
      return joined;
    }
    return node ? node->scalar : "<missing>";
  };
  EXPECT_EQ(value("page", "paper"), "letter");
  EXPECT_EQ(value("page", "margin_top"), "50.4pt");
  EXPECT_EQ(value("page", "margin_left"), "56.693pt");
  EXPECT_EQ(value("page", "margin_right"), "50.4pt");  // RenderCV's default, not the layout's
  EXPECT_EQ(value("styles", "name", "color"), "rgb(0,79,144)");
  EXPECT_EQ(value("styles", "section_title", "color"), "#112233");
  EXPECT_EQ(value("section", "rule_color"), "#112233");
  EXPECT_EQ(value("colors", "link"), "blue");
  EXPECT_EQ(value("styles", "body", "color"), "black");
  EXPECT_EQ(value("styles", "body", "size"), "11");
  EXPECT_EQ(value("styles", "name", "size"), "36");
  EXPECT_EQ(value("styles", "section_title", "size"), "15.4");  // 1.4em of the 11pt body
  EXPECT_EQ(value("styles", "body", "line_height"), "1.2");     // cap height + 0.5em
  EXPECT_EQ(value("styles", "section_title", "small_caps"), "true");
  EXPECT_EQ(value("fonts", "latin", "regular"), "NotoSerif-Regular.ttf");
  EXPECT_EQ(value("text", "align"), "justify");
  EXPECT_EQ(value("text", "hyphenate"), "false");
  EXPECT_EQ(value("header", "align"), "left");
  EXPECT_EQ(value("header", "separator"), "  •  ");
  EXPECT_EQ(value("header", "icons"), "false");
  EXPECT_EQ(value("header", "social_usernames"), "true");
  EXPECT_EQ(value("section", "title_style"), "plain");
  EXPECT_EQ(value("section", "centered"), "true");
  EXPECT_EQ(value("section", "rule_thickness"), "1pt");
  EXPECT_EQ(value("entry", "space"), "11pt");  // 1em
  EXPECT_EQ(value("entry", "time_spans_in"), "experience|projects");
  EXPECT_EQ(value("entry", "aside_width"), "113.386pt");
  EXPECT_EQ(value("entry", "bullet"), "◦");
  EXPECT_EQ(value("entry", "experience", "main"), "**POSITION** – COMPANY");
  EXPECT_EQ(value("entry", "experience", "aside"), "DATES");
  // The degree column is a column of its own, left of the institution, 1cm wide (RenderCV's).
  EXPECT_EQ(value("entry", "education", "main"), "**INSTITUTION**, AREA");
  EXPECT_EQ(value("entry", "education", "lead"), "**DEGREE**");
  EXPECT_EQ(value("entry", "education", "lead_width"), "28.346pt");
  EXPECT_EQ(value("entry", "range_separator"), " to ");
  EXPECT_EQ(value("footer", "text"), "NAME – PAGE of TOTAL");
  EXPECT_EQ(f.locale.date, "MONTH_NAME YEAR");
  // Spans point at the design values.
  expect_at(o.find("page")->find("paper")->span, 6, 11);
  expect_at(o.find("section")->find("rule_color")->span, 11, 22);
}

// RenderCV's degree column is hanji's education lead column: the file's own template (its
// placeholders and markup), its width, and null (or empty) for none, which also clears a
// theme's or a layout's.
TEST(SourceDesign, TheDegreeColumnIsTheEducationLeadColumn) {
  auto lead_of = [](const std::string& design) {
    auto loaded = load("cv:\n  name: J\ndesign:\n" + design);
    EXPECT_TRUE(loaded.file) << dump(loaded.diags);
    EXPECT_EQ(loaded.diags.all().size(), 0u) << design << dump(loaded.diags);
    const ConfigNode* education = loaded.file->layout_overrides.find("entry")->find("education");
    const ConfigNode* lead = education ? education->find("lead") : nullptr;
    if (!lead) return std::string("<missing>");
    std::string joined;
    for (const auto& item : lead->children) joined += (joined.empty() ? "" : "|") + item.scalar;
    const ConfigNode* width = education->find("lead_width");
    return joined + (width ? " @" + width->scalar : "");
  };
  EXPECT_EQ(lead_of("  theme: classic\n"), "**DEGREE** @28.346pt");
  EXPECT_EQ(lead_of("  theme: harvard\n"), "**DEGREE** @28.346pt") << "harvard inherits classic's";
  for (const char* theme : {"ember", "engineeringclassic", "engineeringresumes", "ink", "moderncv", "opal", "sb2nov"})
    EXPECT_EQ(lead_of(std::string("  theme: ") + theme + "\n"), " @28.346pt") << theme << " has none";
  EXPECT_EQ(lead_of("  templates: {education_entry: {degree_column: '*DEGREE* -- GPA'}}\n"
                    "  entries: {degree_width: 2cm}\n"),
            "*DEGREE* \u2013 GPA @56.693pt");
  EXPECT_EQ(lead_of("  templates: {education_entry: {degree_column: null}}\n"), " @28.346pt");
  EXPECT_EQ(lead_of("  templates: {education_entry: {degree_column: ''}}\n"), " @28.346pt");
}

TEST(SourceDesign, EveryRenderCvPaperSizeIsHonoured) {
  for (const auto& [rendercv, hanji] : {std::pair{"a4", "a4"}, std::pair{"a5", "a5"}, std::pair{"us-letter", "letter"},
                                        std::pair{"us-executive", "executive"}}) {
    auto loaded = load(std::string("cv:\n  name: J\ndesign:\n  page: {size: ") + rendercv + "}\n");
    ASSERT_TRUE(loaded.file) << dump(loaded.diags);
    const ConfigNode* page = loaded.file->layout_overrides.find("page");
    ASSERT_TRUE(page) << rendercv;
    EXPECT_EQ(page->find("paper")->scalar, hanji) << rendercv;
    EXPECT_EQ(loaded.diags.warning_count(), 0) << rendercv << dump(loaded.diags);
  }
  auto bad = load("cv:\n  name: J\ndesign:\n  page: {size: b5}\n");
  EXPECT_NE(dump(bad.diags).find("a4, a5, us-letter and us-executive"), std::string::npos) << dump(bad.diags);
}

// A RenderCV template's lines say what the entry shows: one without SUMMARY or HIGHLIGHTS
// leaves them out (they printed anyway).
TEST(SourceDesign, ATemplateWithoutHighlightsLeavesThemOut) {
  auto loaded = load("cv:\n  name: J\ndesign:\n  templates:\n    experience_entry:\n"
                     "      main_column: \"**COMPANY**, POSITION\\nSUMMARY\"\n"
                     "    normal_entry:\n      main_column: \"**NAME**\\nSUMMARY\\nHIGHLIGHTS\"\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const ConfigNode* entry = loaded.file->layout_overrides.find("entry");
  ASSERT_TRUE(entry);
  const ConfigNode* experience = entry->find("experience");
  ASSERT_TRUE(experience);
  EXPECT_EQ(experience->find("highlights")->scalar, "false");
  EXPECT_EQ(experience->find("summary"), nullptr) << "SUMMARY is in its lines";
  const ConfigNode* normal = entry->find("normal");
  ASSERT_TRUE(normal);
  EXPECT_EQ(normal->find("highlights"), nullptr);
  EXPECT_EQ(normal->find("summary"), nullptr);
}

TEST(SourceDesign, ExplicitLayoutValuesWin) {
  auto loaded = load(
      "cv:\n  name: J\n"
      "layout:\n  page: {paper: a4, margin_top: 1cm}\n"
      "design:\n  page: {size: us-letter, bottom_margin: 2cm}\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const ConfigNode* page = loaded.file->layout_overrides.find("page");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->find("paper")->scalar, "a4");
  EXPECT_EQ(page->find("margin_top")->scalar, "1cm");
  EXPECT_EQ(page->find("margin_bottom")->scalar, "56.693pt");
}

TEST(SourceDesign, ThemesPickTheClosestLayoutWithTheirOwnValues) {
  const std::map<std::string, std::string> expected = {
      {"classic", "classic"},         {"moderncv", "moderncv"},   {"sb2nov", "engineering"},
      {"engineeringresumes", "engineering"}, {"engineeringclassic", "engineering"}, {"harvard", "harvard"},
      {"ember", "harvard"},           {"ink", "classic"},        {"opal", "classic"}};
  std::set<std::string> looks;
  for (const auto& [theme, layout] : expected) {
    auto loaded = load("cv:\n  name: J\ndesign:\n  theme: " + theme + "\n");
    ASSERT_TRUE(loaded.file) << theme << dump(loaded.diags);
    EXPECT_TRUE(loaded.diags.all().empty()) << theme << ": " << dump(loaded.diags);
    EXPECT_EQ(loaded.file->layout_name, layout) << theme;
    auto at = [&](std::initializer_list<std::string_view> path) -> std::string {
      const ConfigNode* node = &loaded.file->layout_overrides;
      for (std::string_view key : path) node = node ? node->find(key) : nullptr;
      return node ? node->scalar : "<missing>";
    };
    EXPECT_NE(at({"styles", "name", "color"}), "<missing>") << theme;
    looks.insert(layout + at({"styles", "name", "color"}) + at({"section", "title_style"}) +
                 at({"styles", "section_title", "size"}));
  }
  EXPECT_EQ(looks.size(), expected.size());  // nine themes, nine looks
  auto unknown = load("cv:\n  name: J\ndesign:\n  theme: nebula\n");
  ASSERT_TRUE(unknown.file);
  EXPECT_EQ(unknown.file->layout_name, "classic");
  diag(unknown.diags, "RenderCV theme 'nebula' is not one hanji knows");
  // An explicit layout wins over the theme's.
  auto chosen = load("cv:\n  name: J\nlayout: sidebar\ndesign:\n  theme: moderncv\n");
  EXPECT_EQ(chosen.file->layout_name, "sidebar");
}

TEST(SourceDesign, AFileFromRenderCvGetsRenderCvsDefaults) {
  Date today;
  today.kind = Date::Kind::YearMonthDay;
  today.year = 2026, today.month = 3, today.day = 9;
  auto loaded = load_with("cv:\n  name: J\nrendercv_settings:\n  date: today\n  bold_keywords: [C]\n",
                          ReadOptions{.today = today});
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const ConfigNode& o = loaded.file->layout_overrides;
  EXPECT_EQ(o.find("page")->find("paper")->scalar, "letter");
  EXPECT_EQ(o.find("footer")->find("text")->scalar, "NAME – PAGE/TOTAL");
  EXPECT_EQ(o.find("footer")->find("top_note")->scalar, "LAST_UPDATED CURRENT_DATE");
  EXPECT_EQ(o.find("entry")->find("time_spans_in")->children.at(0).scalar, "experience");
  ASSERT_TRUE(loaded.file->settings.current_date);
  EXPECT_EQ(loaded.file->settings.current_date->month, 3);
  EXPECT_EQ(loaded.file->settings.bold_keywords, (std::vector<std::string>{"C"}));
  // hanji's own files (no design:) keep their layout's values.
  auto own = load("cv:\n  name: J\n");
  EXPECT_EQ(own.file->layout_overrides.kind, ConfigNode::Kind::Null);
}

TEST(SourceDesign, AtLeastSixtyOfRenderCvsOptionsTakeEffect) {
  // RenderCV 2's design options (its classic theme's fields), leaves only.
  const std::vector<std::string> all = {
      "page.size", "page.top_margin", "page.bottom_margin", "page.left_margin", "page.right_margin",
      "page.show_footer", "page.show_top_note", "colors.body", "colors.name", "colors.headline",
      "colors.connections", "colors.section_titles", "colors.links", "colors.footer", "colors.top_note",
      "typography.line_spacing", "typography.alignment", "typography.date_and_location_column_alignment",
      "typography.font_family.body", "typography.font_family.name", "typography.font_family.headline",
      "typography.font_family.connections", "typography.font_family.section_titles",
      "typography.font_size.body", "typography.font_size.name", "typography.font_size.headline",
      "typography.font_size.connections", "typography.font_size.section_titles", "typography.small_caps.name",
      "typography.small_caps.headline", "typography.small_caps.connections", "typography.small_caps.section_titles",
      "typography.bold.name", "typography.bold.headline", "typography.bold.connections",
      "typography.bold.section_titles", "links.underline", "links.show_external_link_icon", "header.alignment",
      "header.photo_width", "header.photo_position", "header.photo_space_left", "header.photo_space_right",
      "header.space_below_name", "header.space_below_headline", "header.space_below_connections",
      "header.connections.phone_number_format", "header.connections.hyperlink", "header.connections.show_icons",
      "header.connections.display_urls_instead_of_usernames", "header.connections.separator",
      "header.connections.space_between_connections", "section_titles.type", "section_titles.line_thickness",
      "section_titles.space_above", "section_titles.space_below", "sections.allow_page_break",
      "sections.space_between_regular_entries", "sections.space_between_text_based_entries",
      "sections.show_time_spans_in", "entries.date_and_location_width", "entries.side_space",
      "entries.space_between_columns", "entries.allow_page_break", "entries.short_second_row",
      "entries.degree_width", "entries.summary.space_above", "entries.summary.space_left",
      "entries.highlights.bullet", "entries.highlights.nested_bullet", "entries.highlights.space_left",
      "entries.highlights.space_above", "entries.highlights.space_between_items",
      "entries.highlights.space_between_bullet_and_text", "templates.footer", "templates.top_note",
      "templates.single_date", "templates.date_range", "templates.time_span",
      "templates.one_line_entry.main_column", "templates.education_entry.main_column",
      "templates.education_entry.degree_column", "templates.education_entry.date_and_location_column",
      "templates.normal_entry.main_column", "templates.normal_entry.date_and_location_column",
      "templates.experience_entry.main_column", "templates.experience_entry.date_and_location_column",
      "templates.publication_entry.main_column", "templates.publication_entry.date_and_location_column"};
  const std::vector<std::string> honoured = honoured_design_options();
  int taken = 0;
  for (const std::string& option : all)
    if (std::find(honoured.begin(), honoured.end(), option) != honoured.end()) ++taken;
  EXPECT_GE(taken, 60) << taken << " of " << all.size();
  // And one that is not taken is one warning naming it, at its key.
  auto loaded = load("cv:\n  name: J\ndesign:\n  links: {show_external_link_icon: true}\n  entries: {side_space: 1cm}\n");
  ASSERT_TRUE(loaded.file);
  EXPECT_EQ(loaded.diags.warning_count(), 1) << dump(loaded.diags);
  expect_at(diag(loaded.diags, "design.entries.side_space has no equivalent").span, 5, 13);
  // The external link icon is taken: text.link_icon.
  const ConfigNode* text = loaded.file->layout_overrides.find("text");
  ASSERT_TRUE(text);
  EXPECT_EQ(text->find("link_icon")->scalar, "true");
  auto bad = load("cv:\n  name: J\ndesign:\n  page: {size: b5}\n  typography: {font_family: Comic Neue}\n");
  diag(bad.diags, "design.page.size 'b5' has no equivalent");
  // A family nowhere to be found is an error at its value, never another family in silence.
  const Diagnostic& family = diag(bad.diags, "design.typography.font_family: font family 'Comic Neue' is not installed");
  EXPECT_EQ(family.severity, Severity::Error);
  expect_at(family.span, 5, 29);
  EXPECT_TRUE(has_hint(family, "a fonts/ folder beside the CV"));
}

// ---------------------------------------------------------------- RenderCV font families

// What fontconfig would say, made up: DejaVu Serif and Comic Neue installed as TrueType, EB
// Garamond only as OpenType/CFF.
ReadOptions with_installed_fonts() {
  ReadOptions options;
  options.installed_fonts.find = [](const std::string& family) {
    if (family == "DejaVu Serif" || family == "Comic Neue") return FamilyInstall::Embeddable;
    if (family == "EB Garamond") return FamilyInstall::NotEmbeddable;
    return FamilyInstall::Missing;
  };
  options.installed_fonts.families = [] { return std::vector<std::string>{"Comic Neue", "DejaVu Serif", "Lato"}; };
  return options;
}

const ConfigNode* font_value(const Loaded& loaded, const std::string& group, const std::string& key) {
  const ConfigNode* fonts = loaded.file ? loaded.file->layout_overrides.find("fonts") : nullptr;
  const ConfigNode* in = fonts ? fonts->find(group) : nullptr;
  return in ? in->find(key) : nullptr;
}

std::size_t count_of(const Diagnostics& diags, Severity severity) {
  return static_cast<std::size_t>(
      std::count_if(diags.all().begin(), diags.all().end(), [&](const Diagnostic& d) { return d.severity == severity; }));
}

TEST(SourceRenderCvFonts, AnInstalledFamilyIsUsedItselfAndHangulKeepsTheLayouts) {
  auto loaded = load_with("cv:\n  name: J\ndesign:\n  typography:\n    font_family: {body: DejaVu Serif}\n",
                          with_installed_fonts());
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.diags.all().size(), 0u) << dump(loaded.diags);
  for (const char* slot : {"regular", "bold", "italic", "bold_italic"}) {
    ASSERT_TRUE(font_value(loaded, "latin", slot)) << slot;
    EXPECT_EQ(font_value(loaded, "latin", slot)->scalar, "DejaVu Serif");
  }
  EXPECT_EQ(font_value(loaded, "hangul", "regular"), nullptr);  // the layout's Hangul faces
  const ConfigNode* scale = loaded.file->layout_overrides.find("fonts")->find("latin_scale");
  ASSERT_TRUE(scale);
  EXPECT_EQ(scale->scalar, "1");
}

TEST(SourceRenderCvFonts, RenderCvsBundledFamiliesAreLookAlikesOnEveryMachineSaidOnlyInDetail) {
  // Source Sans 3 and EB Garamond come with RenderCV: hanji's look-alikes stand in for them
  // whether or not the machine has them (the fake says EB Garamond is installed, as OTF), and
  // fontconfig is not asked.
  int asked = 0;
  ReadOptions counting = with_installed_fonts();
  counting.installed_fonts.find = [&asked, inner = counting.installed_fonts.find](const std::string& family) {
    ++asked;
    return inner(family);
  };
  auto loaded = load_with("cv:\n  name: J\ndesign:\n  typography:\n    font_family: Source Sans 3\n", counting);
  ASSERT_TRUE(loaded.file);
  EXPECT_EQ(loaded.diags.warning_count(), 0) << dump(loaded.diags);
  EXPECT_EQ(count_of(loaded.diags, Severity::Error), 0u);
  ASSERT_TRUE(font_value(loaded, "latin", "regular"));
  EXPECT_EQ(font_value(loaded, "latin", "regular")->scalar, "Lato-Regular.ttf");
  const Diagnostic& said =
      diag(loaded.diags, "'Source Sans 3' is set in hanji's Lato at 94% (RenderCV bundles it; hanji draws its own "
                         "look-alike on every machine)");
  EXPECT_EQ(said.severity, Severity::Detail);
  auto garamond = load_with("cv:\n  name: J\ndesign:\n  typography:\n    font_family: EB Garamond\n", counting);
  ASSERT_TRUE(garamond.file);
  EXPECT_EQ(font_value(garamond, "latin", "regular")->scalar, "NotoSerif-Regular.ttf");
  EXPECT_EQ(garamond.diags.warning_count(), 0) << dump(garamond.diags);
  EXPECT_EQ(asked, 0);
}

TEST(SourceRenderCvFonts, AnotherLookAlikeFamilyInstalledOnlyAsCffIsItsLookAlike) {
  // Times is not RenderCV's: fontconfig is asked, and a family there only as OpenType/CFF
  // (which hanji cannot embed) is drawn in its look-alike, saying why.
  ReadOptions fonts = with_installed_fonts();
  fonts.installed_fonts.find = [](const std::string& family) {
    return family == "Times" ? FamilyInstall::NotEmbeddable : FamilyInstall::Missing;
  };
  auto cff = load_with("cv:\n  name: J\ndesign:\n  typography:\n    font_family: Times\n", fonts);
  ASSERT_TRUE(cff.file);
  EXPECT_EQ(font_value(cff, "latin", "regular")->scalar, "NotoSerif-Regular.ttf");
  EXPECT_EQ(diag(cff.diags, "it is installed only as OpenType/CFF").severity, Severity::Detail);
  EXPECT_EQ(cff.diags.warning_count(), 0) << dump(cff.diags);
}

TEST(SourceRenderCvFonts, AnotherFamilyNotInstalledIsAnErrorNamingTheNearestInstalledOnes) {
  auto loaded = load_with("cv:\n  name: J\ndesign:\n  typography:\n    font_family: Comic Snas\n",
                          with_installed_fonts());
  EXPECT_FALSE(loaded.file);
  const Diagnostic& error = diag(loaded.diags, "font family 'Comic Snas' is not installed");
  EXPECT_EQ(error.severity, Severity::Error);
  expect_at(error.span, 5, 18);
  EXPECT_TRUE(has_hint(error, "installed families nearest to it: \"Comic Neue\"")) << dump(loaded.diags);
  EXPECT_TRUE(has_hint(error, "install the family, put its .ttf files in a fonts/ folder beside the CV"));
}

TEST(SourceRenderCvFonts, PartsTakeFamiliesOfTheirOwn) {
  auto loaded = load_with("cv:\n  name: J\ndesign:\n  typography:\n    font_family:\n      body: Lato\n"
                          "      name: DejaVu Serif\n      headline: Open Sans\n      section_titles: Gentium Book Plus\n"
                          "      connections: Lato\n",
                          with_installed_fonts());
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.diags.warning_count(), 0) << dump(loaded.diags);
  const ConfigNode* name = font_value(loaded, "roles", "name");
  ASSERT_TRUE(name);
  EXPECT_EQ(name->scalar, "DejaVu Serif");  // installed: found by the layout
  // Open Sans is drawn with Lato, as the body is: nothing of its own.
  EXPECT_EQ(font_value(loaded, "roles", "headline"), nullptr);
  EXPECT_EQ(font_value(loaded, "roles", "contact"), nullptr);
  const ConfigNode* titles = font_value(loaded, "roles", "section_title");
  ASSERT_TRUE(titles);
  ASSERT_EQ(titles->children.size(), 4u);
  EXPECT_EQ(titles->children[0].scalar, "NotoSerif-Regular.ttf");
  EXPECT_EQ(titles->children[1].scalar, "NotoSerif-Bold.ttf");
  // One family for every part, over a theme's per-part ones: the parts follow the body.
  auto every = load_with("cv:\n  name: J\ndesign:\n  theme: ember\n  typography:\n    font_family: DejaVu Serif\n",
                         with_installed_fonts());
  ASSERT_TRUE(every.file) << dump(every.diags);
  EXPECT_EQ(font_value(every, "latin", "regular")->scalar, "DejaVu Serif");
  EXPECT_EQ(every.file->layout_overrides.find("fonts")->find("roles"), nullptr) << dump(every.diags);
}

// Each of RenderCV's design options, one at a time with a value other than RenderCV's own
// default, either changes what the file asks of hanji (the layout values or the date form)
// or is exactly one warning naming it: none is dropped silently. At least 60 change it.
namespace {

std::string serialized(const ConfigNode& node) {
  switch (node.kind) {
    case ConfigNode::Kind::Scalar: return "'" + node.scalar + "'";
    case ConfigNode::Kind::Sequence: {
      std::string out = "[";
      for (const auto& child : node.children) out += serialized(child) + ",";
      return out + "]";
    }
    case ConfigNode::Kind::Map: {
      std::string out = "{";
      for (size_t i = 0; i < node.keys.size(); ++i) out += node.keys[i] + ":" + serialized(node.children[i]) + ",";
      return out + "}";
    }
    default: return "~";
  }
}

// "a.b.c: v" as the nested YAML block under `design:`.
std::string design_yaml(const std::string& dotted, const std::string& value) {
  std::string yaml = "design:\n", indent = "  ";
  size_t start = 0;
  for (size_t dot = dotted.find('.'); dot != std::string::npos; dot = dotted.find('.', start)) {
    yaml += indent + dotted.substr(start, dot - start) + ":\n";
    indent += "  ";
    start = dot + 1;
  }
  return yaml + indent + dotted.substr(start) + ": " + value + "\n";
}

}  // namespace

TEST(SourceDesign, EachOptionTakesEffectOrIsOneWarning) {
  // RenderCV 2's design options (its classic theme's fields, leaves only), each with a value
  // RenderCV's classic theme does not have.
  const std::vector<std::pair<std::string, std::string>> options = {
      {"page.size", "a4"}, {"page.top_margin", "1in"}, {"page.bottom_margin", "1in"}, {"page.left_margin", "1in"},
      {"page.right_margin", "1in"}, {"page.show_footer", "false"}, {"page.show_top_note", "false"},
      {"colors.body", "'#333333'"}, {"colors.name", "'#123456'"}, {"colors.headline", "'#123456'"},
      {"colors.connections", "'#123456'"}, {"colors.section_titles", "'#123456'"}, {"colors.links", "'#123456'"},
      {"colors.footer", "'#123456'"}, {"colors.top_note", "'#123456'"}, {"typography.line_spacing", "0.8em"},
      {"typography.alignment", "left"}, {"typography.date_and_location_column_alignment", "left"},
      {"typography.font_family.body", "EB Garamond"}, {"typography.font_family.name", "EB Garamond"},
      {"typography.font_family.headline", "EB Garamond"}, {"typography.font_family.connections", "EB Garamond"},
      {"typography.font_family.section_titles", "EB Garamond"}, {"typography.font_size.body", "11pt"},
      {"typography.font_size.name", "20pt"}, {"typography.font_size.headline", "12pt"},
      {"typography.font_size.connections", "8pt"}, {"typography.font_size.section_titles", "1.2em"},
      {"typography.small_caps.name", "true"}, {"typography.small_caps.headline", "true"},
      {"typography.small_caps.connections", "true"}, {"typography.small_caps.section_titles", "true"},
      {"typography.bold.name", "false"}, {"typography.bold.headline", "true"},
      {"typography.bold.connections", "true"}, {"typography.bold.section_titles", "false"},
      {"links.underline", "true"}, {"links.show_external_link_icon", "true"}, {"header.alignment", "left"},
      {"header.photo_width", "2cm"}, {"header.photo_position", "right"}, {"header.photo_space_left", "0.2cm"},
      {"header.photo_space_right", "0.8cm"}, {"header.space_below_name", "0.3cm"},
      {"header.space_below_headline", "0.3cm"}, {"header.space_below_connections", "0.3cm"},
      {"header.connections.phone_number_format", "international"}, {"header.connections.hyperlink", "false"},
      {"header.connections.show_icons", "false"}, {"header.connections.display_urls_instead_of_usernames", "true"},
      {"header.connections.separator", "'|'"}, {"header.connections.space_between_connections", "1cm"},
      {"section_titles.type", "with_full_line"}, {"section_titles.line_thickness", "1pt"},
      {"section_titles.space_above", "0.8cm"}, {"section_titles.space_below", "0.1cm"},
      {"sections.allow_page_break", "false"}, {"sections.space_between_regular_entries", "2em"},
      {"sections.space_between_text_based_entries", "1em"}, {"sections.show_time_spans_in", "[projects]"},
      {"entries.date_and_location_width", "3cm"}, {"entries.side_space", "0.5cm"},
      {"entries.space_between_columns", "0.3cm"}, {"entries.allow_page_break", "true"},
      {"entries.short_second_row", "false"}, {"entries.degree_width", "2cm"},
      {"entries.summary.space_above", "0.2cm"}, {"entries.summary.space_left", "0.3cm"},
      {"entries.highlights.bullet", "'-'"}, {"entries.highlights.nested_bullet", "'◦'"},
      {"entries.highlights.space_left", "0.4cm"}, {"entries.highlights.space_above", "0.1cm"},
      {"entries.highlights.space_between_items", "0.1cm"}, {"entries.highlights.space_between_bullet_and_text", "1em"},
      {"templates.footer", "NAME"}, {"templates.top_note", "'*CURRENT_DATE*'"},
      {"templates.single_date", "MONTH_NAME YEAR"}, {"templates.date_range", "START_DATE to END_DATE"},
      {"templates.time_span", "HOW_MANY_YEARS YEARS"}, {"templates.one_line_entry.main_column", "'LABEL: DETAILS'"},
      {"templates.education_entry.main_column", "\"**AREA**\\nHIGHLIGHTS\""},
      {"templates.education_entry.degree_column", "DEGREE"},
      {"templates.education_entry.date_and_location_column", "DATE"},
      {"templates.normal_entry.main_column", "NAME"}, {"templates.normal_entry.date_and_location_column", "DATE"},
      {"templates.experience_entry.main_column", "'**POSITION**'"},
      {"templates.experience_entry.date_and_location_column", "DATE"},
      {"templates.publication_entry.main_column", "TITLE"},
      {"templates.publication_entry.date_and_location_column", "\"DATE\\nLOCATION\""}};
  ASSERT_EQ(options.size(), 89u);
  auto result = [](const std::string& yaml) {
    auto loaded = load("cv:\n  name: J\n" + yaml);
    EXPECT_TRUE(loaded.file) << yaml << dump(loaded.diags);
    return std::pair{loaded.file ? serialized(loaded.file->layout_overrides) + loaded.file->locale.date : "",
                     heard(loaded.diags)};
  };
  const auto [defaults, quiet] = result("design:\n  theme: classic\n");
  EXPECT_TRUE(quiet.all().empty()) << dump(quiet);
  int taken = 0;
  std::vector<std::string> warned;
  for (const auto& [option, value] : options) {
    const auto [asked, diags] = result(design_yaml(option, value));
    if (diags.all().empty()) {
      EXPECT_NE(asked, defaults) << option << " changes nothing and says nothing";
      taken += asked != defaults;
      continue;
    }
    ASSERT_EQ(diags.all().size(), 1u) << option << dump(diags);
    EXPECT_NE(diags.all().front().message.find("design." + option), std::string::npos) << dump(diags);
    EXPECT_EQ(diags.all().front().severity, Severity::Warning) << option;
    warned.push_back(option);
  }
  EXPECT_GE(taken, 60) << "taken: " << taken << "; warned: " << ::testing::PrintToString(warned);
  EXPECT_EQ(taken + static_cast<int>(warned.size()), 89);
  std::cout << "RenderCV design options taken: " << taken << " of 89; one warning each: "
            << ::testing::PrintToString(warned) << "\n";
}

// ---------------------------------------------------------------- locale

TEST(SourceLocale, EnglishIsBuiltIn) {
  auto en = builtin_locale("english");
  ASSERT_TRUE(en);
  EXPECT_EQ(en->language, "en");
  EXPECT_EQ(en->month_names[0], "January");
  EXPECT_EQ(en->month_abbreviations[5], "Jun");
  EXPECT_EQ(en->month_abbreviations[8], "Sep");
  EXPECT_EQ(en->present, "present");
  EXPECT_EQ(en->degree_with_area, "DEGREE in AREA");
  EXPECT_EQ(en->date, "MONTH_ABBREVIATION YEAR");
  EXPECT_FALSE(builtin_locale("korean"));  // a locale file
  EXPECT_FALSE(builtin_locale("klingon"));
}

TEST(SourceLocale, KoreanFromItsFile) {
  auto loaded = load("cv:\n  name: J\nlocale: KO\n");
  ASSERT_TRUE(loaded.file);
  const Locale& ko = loaded.file->locale;
  EXPECT_EQ(ko.language, "ko");
  EXPECT_EQ(ko.name, "korean");
  EXPECT_EQ(ko.script, "Hangul");
  EXPECT_EQ(ko.month_names[11], "12월");
  EXPECT_EQ(ko.month_abbreviations[2], "3월");
  EXPECT_EQ(ko.present, "현재");
  EXPECT_EQ(ko.date, "YEAR. MONTH.");
  EXPECT_EQ(ko.degree_with_area, "AREA DEGREE");
  EXPECT_EQ(ko.years, "년");
  EXPECT_EQ(ko.months, "개월");
  EXPECT_EQ(ko.last_updated, "마지막 업데이트");
  // One form of date in every layout, with its own tilde; no italics; justified paragraphs.
  EXPECT_EQ(ko.date_forms_as_date, (std::vector<std::string>{"month-year", "dotted", "words", "numeric"}));
  EXPECT_EQ(ko.range_separator, " ~ ");
  EXPECT_TRUE(ko.owns_range_separator);
  EXPECT_TRUE(ko.emphasis_in_color);
  EXPECT_TRUE(ko.justify_paragraphs);
  EXPECT_EQ(ko.ongoing, "재직\u00A0중");
  // The words C++ no longer holds: the signing forms, the PDF's title.
  EXPECT_EQ(ko.year_in_words, "YEAR년");
  EXPECT_EQ(ko.date_in_words_with_day, "YEAR년 MONTH월 DAY일");
  EXPECT_EQ(ko.cv_title_with_name, "NAME 이력서");
  EXPECT_EQ(ko.cv_title, "이력서");
}

// Every shipped locale file reads without a message, answers to its name and its code, and
// differs from English where a language must (its months).
TEST(SourceLocale, EveryLocaleFileReads) {
  namespace fs = std::filesystem;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(HANJI_SOURCE_DIR) / "locales")) {
    if (entry.path().extension() != ".yaml") continue;  // index.txt
    const std::string name = entry.path().stem().string();
    auto by_name = load("cv:\n  name: J\nlocale: " + name + "\n");
    ASSERT_TRUE(by_name.file) << name;
    EXPECT_TRUE(by_name.diags.all().empty()) << name << ": " << by_name.diags.all().front().message;
    const Locale& locale = by_name.file->locale;
    EXPECT_EQ(locale.name, name);
    EXPECT_EQ(locale.language.size(), 2u) << name;
    for (const std::string& month : locale.month_names) EXPECT_FALSE(month.empty()) << name;
    // Every known key has a title (English where the file has none).
    EXPECT_EQ(locale.section_titles.size(), model::known_section_keys().size()) << name;
    if (name != "english") {
      EXPECT_NE(locale.month_names[0], "January") << name;
    }
    auto by_code = load("cv:\n  name: J\nlocale: {language: " + locale.language + "}\n");
    ASSERT_TRUE(by_code.file) << name;
    EXPECT_EQ(by_code.file->locale.name, name);
    ++files;
  }
  EXPECT_GE(files, 18);  // English, Korean and RenderCV's languages our fonts cover
}

// locales/index.txt names every file's names (its stem, language, code and aliases), so that
// finding a language reads one file: it must say what the files say.
// RenderCV's words for every language it has a locale file for (RenderCV 2.8's
// other_locales/*.yaml and english_locale.py, carried over here): a CV from RenderCV
// (design:) is printed in them, as RenderCV prints it. Korean keeps hanji's forms, and hanji's
// own CVs keep hanji's words.
struct RenderCvWords {
  std::string language;
  std::array<std::string, 12> month_names, month_abbreviations;
  std::string present, last_updated, year, years, month, months, degree_with_area;
};

TEST(SourceLocale, RenderCvFilesTakeRenderCvsWords) {
  const std::vector<RenderCvWords> kRenderCv = {
    {"arabic",
     {"يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"},
     {"ينا", "فبر", "مار", "أبر", "ماي", "يون", "يول", "أغس", "سبت", "أكت", "نوف", "ديس"},
     "الحاضر", "آخر تحديث في", "سنة", "سنوات", "شهر", "أشهر", "DEGREE في AREA"},
    {"danish",
     {"Januar", "Februar", "Marts", "April", "Maj", "Juni", "Juli", "August", "September", "Oktober", "November", "December"},
     {"Jan", "Feb", "Mar", "Apr", "Maj", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dec"},
     "nuværende", "Senest opdateret", "år", "år", "måned", "måneder", "DEGREE i AREA"},
    {"dutch",
     {"Januari", "Februari", "Maart", "April", "Mei", "Juni", "Juli", "Augustus", "September", "Oktober", "November", "December"},
     {"Jan", "Feb", "Mrt", "Apr", "Mei", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dec"},
     "heden", "Laatst bijgewerkt", "jaar", "jaren", "maand", "maanden", "DEGREE in AREA"},
    {"english",
     {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
     {"Jan", "Feb", "Mar", "Apr", "May", "June", "July", "Aug", "Sept", "Oct", "Nov", "Dec"},
     "present", "Last updated in", "year", "years", "month", "months", "DEGREE in AREA"},
    {"french",
     {"Janvier", "Février", "Mars", "Avril", "Mai", "Juin", "Juillet", "Août", "Septembre", "Octobre", "Novembre", "Décembre"},
     {"Jan", "Fév", "Mar", "Avr", "Mai", "Juin", "Juil", "Aoû", "Sep", "Oct", "Nov", "Déc"},
     "présent", "Dernière mise à jour", "an", "ans", "mois", "mois", "DEGREE en AREA"},
    {"german",
     {"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
     {"Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"},
     "gegenwärtig", "Zuletzt aktualisiert", "Jahr", "Jahre", "Monat", "Monate", "DEGREE in AREA"},
    {"hebrew",
     {"ינואר", "פברואר", "מרץ", "אפריל", "מאי", "יוני", "יולי", "אוגוסט", "ספטמבר", "אוקטובר", "נובמבר", "דצמבר"},
     {"ינו'", "פבר'", "מרץ", "אפר'", "מאי", "יוני", "יולי", "אוג'", "ספט'", "אוק'", "נוב'", "דצמ'"},
     "הווה", "עודכן לאחרונה ב", "שנה", "שנים", "חודש", "חודשים", "DEGREE בAREA"},
    {"hungarian",
     {"Január", "Február", "Március", "Április", "Május", "Június", "Július", "Augusztus", "Szeptember", "Október", "November", "December"},
     {"Jan", "Febr", "Márc", "Ápr", "Máj", "Jún", "Júl", "Aug", "Szept", "Okt", "Nov", "Dec"},
     "jelenleg", "Utoljára frissítve", "év", "év", "hónap", "hónap", "DEGREE AREA szakon"},
    {"indonesian",
     {"Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November", "Desember"},
     {"Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"},
     "sekarang", "Terakhir diperbarui", "tahun", "tahun", "bulan", "bulan", "DEGREE di AREA"},
    {"italian",
     {"Gennaio", "Febbraio", "Marzo", "Aprile", "Maggio", "Giugno", "Luglio", "Agosto", "Settembre", "Ottobre", "Novembre", "Dicembre"},
     {"Gen", "Feb", "Mar", "Apr", "Mag", "Giu", "Lug", "Ago", "Set", "Ott", "Nov", "Dic"},
     "presente", "Ultimo aggiornamento", "anno", "anni", "mese", "mesi", "DEGREE in AREA"},
    {"japanese",
     {"1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"},
     {"1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"},
     "現在", "最終更新", "年", "年", "月", "ヶ月", "AREA DEGREE"},
    {"mandarin_chinese",
     {"一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"},
     {"1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"},
     "至今", "最后更新于", "年", "年", "个月", "个月", "AREA DEGREE"},
    {"norwegian_bokmal",
     {"Januar", "Februar", "Mars", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Desember"},
     {"Jan", "Feb", "Mar", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Des"},
     "nåværende", "Sist oppdatert", "år", "år", "måned", "måneder", "DEGREE i AREA"},
    {"norwegian_nynorsk",
     {"Januar", "Februar", "Mars", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Desember"},
     {"Jan", "Feb", "Mar", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Des"},
     "nåverande", "Sist oppdatert", "år", "år", "månad", "månader", "DEGREE i AREA"},
    {"persian",
     {"ژانویه", "فوریه", "مارس", "آوریل", "مه", "ژوئن", "ژوئیه", "اوت", "سپتامبر", "اکتبر", "نوامبر", "دسامبر"},
     {"ژان", "فور", "مار", "آور", "مه", "ژون", "ژول", "اوت", "سپت", "اکت", "نوا", "دسا"},
     "حال", "آخرین به‌روزرسانی در", "سال", "سال", "ماه", "ماه", "DEGREE در AREA"},
    {"portuguese",
     {"Janeiro", "Fevereiro", "Março", "Abril", "Maio", "Junho", "Julho", "Agosto", "Setembro", "Outubro", "Novembro", "Dezembro"},
     {"Jan", "Fev", "Mar", "Abr", "Mai", "Jun", "Jul", "Ago", "Set", "Out", "Nov", "Dez"},
     "presente", "Última atualização", "ano", "anos", "mês", "meses", "DEGREE em AREA"},
    {"russian",
     {"Январь", "Февраль", "Март", "Апрель", "Май", "Июнь", "Июль", "Август", "Сентябрь", "Октябрь", "Ноябрь", "Декабрь"},
     {"Янв", "Фев", "Мар", "Апр", "Май", "Июн", "Июл", "Авг", "Сен", "Окт", "Ноя", "Дек"},
     "настоящее время", "Последнее обновление", "год", "лет", "месяц", "месяцы", "DEGREE в AREA"},
    {"spanish",
     {"Enero", "Febrero", "Marzo", "Abril", "Mayo", "Junio", "Julio", "Agosto", "Septiembre", "Octubre", "Noviembre", "Diciembre"},
     {"Ene", "Feb", "Mar", "Abr", "May", "Jun", "Jul", "Ago", "Sep", "Oct", "Nov", "Dic"},
     "presente", "Última actualización", "año", "años", "mes", "meses", "DEGREE en AREA"},
    {"turkish",
     {"Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık"},
     {"Oca", "Şub", "Mar", "Nis", "May", "Haz", "Tem", "Ağu", "Eyl", "Eki", "Kas", "Ara"},
     "halen", "Son güncelleme", "yıl", "yıl", "ay", "ay", "AREA, DEGREE"},
    {"vietnamese",
     {"Tháng Một", "Tháng Hai", "Tháng Ba", "Tháng Tư", "Tháng Năm", "Tháng Sáu", "Tháng Bảy", "Tháng Tám", "Tháng Chín", "Tháng Mười", "Tháng Mười Một", "Tháng Mười Hai"},
     {"Th01", "Th02", "Th03", "Th04", "Th05", "Th06", "Th07", "Th08", "Th09", "Th10", "Th11", "Th12"},
     "hiện tại", "Cập nhật lần cuối vào", "năm", "năm", "tháng", "tháng", "DEGREE ngành AREA"},
  };
  for (const RenderCvWords& words : kRenderCv) {
    SCOPED_TRACE(words.language);
    auto loaded = load("cv:\n  name: J\ndesign:\n  theme: classic\nlocale:\n  language: " + words.language + "\n");
    ASSERT_TRUE(loaded.file) << dump(loaded.diags);
    EXPECT_EQ(loaded.diags.all().size(), 0u) << dump(loaded.diags);
    const Locale& locale = loaded.file->locale;
    EXPECT_EQ(locale.month_names, words.month_names);
    EXPECT_EQ(locale.month_abbreviations, words.month_abbreviations);
    EXPECT_EQ(locale.present, words.present);
    EXPECT_EQ(locale.last_updated, words.last_updated);
    EXPECT_EQ(locale.year, words.year);
    EXPECT_EQ(locale.years, words.years);
    EXPECT_EQ(locale.month, words.month);
    EXPECT_EQ(locale.months, words.months);
    EXPECT_EQ(locale.degree_with_area, words.degree_with_area);
  }
  // RenderCV's default language is its English: "Sept 2018", "June 2023".
  auto english = load("cv:\n  name: J\ndesign:\n  theme: classic\n");
  ASSERT_TRUE(english.file) << dump(english.diags);
  EXPECT_EQ(english.file->locale.month_abbreviations[8], "Sept");
  // Korean keeps hanji's forms; hanji's own CVs keep hanji's words.
  auto korean = load("cv:\n  name: J\ndesign:\n  theme: classic\nlocale:\n  language: korean\n");
  ASSERT_TRUE(korean.file) << dump(korean.diags);
  EXPECT_EQ(korean.file->locale.month, "개월");
  auto own = load("cv:\n  name: J\nlocale:\n  language: german\n");
  ASSERT_TRUE(own.file) << dump(own.diags);
  EXPECT_EQ(own.file->locale.present, "heute");
  EXPECT_EQ(own.file->locale.month_abbreviations[8], "Sept.");
  auto own_english = load("cv:\n  name: J\n");
  ASSERT_TRUE(own_english.file) << dump(own_english.diags);
  EXPECT_EQ(own_english.file->locale.month_abbreviations[8], "Sep");
  // The file's own locale keys win over RenderCV's words.
  auto told = load("cv:\n  name: J\ndesign:\n  theme: classic\nlocale:\n  language: german\n  present: bis heute\n");
  ASSERT_TRUE(told.file) << dump(told.diags);
  EXPECT_EQ(told.file->locale.present, "bis heute");
}

TEST(LocaleIndex, IsCurrent) {
  const fs::path dir = fs::path(HANJI_SOURCE_DIR) / "locales";
  Diagnostics diags;
  const std::string expected = locale_index(dir.string(), diags);
  EXPECT_TRUE(diags.all().empty()) << dump(diags);
  if (std::getenv("HANJI_LOCALE_INDEX_UPDATE")) std::ofstream(dir / "index.txt", std::ios::binary) << expected;
  std::ifstream in(dir / "index.txt", std::ios::binary);
  const std::string actual((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(actual, expected) << "run: make locales-index";
  EXPECT_NE(actual.find("\nko korean\n"), std::string::npos);
  EXPECT_NE(actual.find("\nnorwegian norwegian_bokmal\n"), std::string::npos) << "aliases are names too";
}

// Korean is the tenth file in name order: found through the index, it costs the index and
// its own file, and a second read with the same cache costs nothing more.
TEST(LocaleIndex, OneLanguageReadsOneFile) {
  LocaleCache cache;
  ReadOptions options;
  options.locale_cache = &cache;
  auto first = load_with("cv:\n  name: J\nlocale: {language: ko}\n", options);
  ASSERT_TRUE(first.file) << dump(first.diags);
  EXPECT_EQ(first.file->locale.name, "korean");
  EXPECT_LE(cache.parsed(), 2u);
  const std::size_t parsed = cache.parsed();
  auto second = load_with("cv:\n  name: K\nlocale: korean\n", options);
  ASSERT_TRUE(second.file);
  EXPECT_EQ(second.file->locale.present, "현재");
  EXPECT_EQ(cache.parsed(), parsed);
  EXPECT_GE(cache.reused(), 1u);
}

// A locale of one's own: in the CV's locales/ folder (or the user's), found by its file name
// or its code, and replacing a shipped one of the same name. A link there named like the
// locale asked for that leads to a file that is no locale is an error, without a word of it.
TEST(LocaleIndex, LocalesBesideTheCv) {
  const fs::path dir = fs::temp_directory_path() / "hanji_source_test_own_locales";
  fs::remove_all(dir);
  fs::create_directories(dir / "locales");
  std::ofstream(dir / "locales" / "pirate.yaml") << "language: pirate\ncode: xp\npresent: \"arr\"\n";
  std::ofstream(dir / "locales" / "korean.yaml") << "language: korean\ncode: ko\npresent: \"지금\"\n";
  std::ofstream(dir / "secret.yaml") << "password: hunter2\n";
  fs::create_symlink(dir / "secret.yaml", dir / "locales" / "klingon.yaml");
  const std::string cv = (dir / "cv.yaml").string();
  for (const char* name : {"pirate", "xp"}) {
    Diagnostics diags;
    auto file = load_cv_from_string(std::string("cv:\n  name: J\nlocale: ") + name + "\n", cv, diags);
    ASSERT_TRUE(file) << dump(diags);
    EXPECT_EQ(file->locale.present, "arr") << name;
  }
  Diagnostics own;
  auto korean = load_cv_from_string("cv:\n  name: J\nlocale: korean\n", cv, own);
  ASSERT_TRUE(korean);
  EXPECT_EQ(korean->locale.present, "지금");
  Diagnostics link;
  auto klingon = load_cv_from_string("cv:\n  name: J\nlocale: klingon\n", cv, link);
  EXPECT_FALSE(klingon) << "read in English as if nothing were wrong";
  EXPECT_TRUE(link.has_errors()) << dump(link);
  EXPECT_NE(dump(link).find("klingon.yaml:1:1"), std::string::npos) << dump(link);
  EXPECT_EQ(dump(link).find("hunter2"), std::string::npos) << dump(link);
  fs::remove_all(dir);
}

// What a locale file says of the language's forms: which layout date forms are its `date`,
// whether it has italics, how its paragraphs are set; a range separator it gives is its own.
// English leaves all of them to the layouts. A value that is none of the choices is an error.
TEST(LocaleIndex, ALocaleFileSaysWhatFormsItsLanguageHas) {
  auto english = load("cv:\n  name: J\n");
  ASSERT_TRUE(english.file);
  EXPECT_TRUE(english.file->locale.date_forms_as_date.empty());
  EXPECT_FALSE(english.file->locale.owns_range_separator);
  EXPECT_FALSE(english.file->locale.emphasis_in_color);
  EXPECT_FALSE(english.file->locale.justify_paragraphs);
  const fs::path dir = fs::temp_directory_path() / "hanji_source_test_locale_forms";
  fs::remove_all(dir);
  fs::create_directories(dir / "locales");
  std::ofstream(dir / "locales" / "pirate.yaml")
      << "language: pirate\ncode: xp\nrange_separator: \" ~ \"\nemphasis: color\nparagraphs: layout\n"
         "date_forms_as_date: [numeric]\n";
  std::ofstream(dir / "locales" / "typo.yaml")
      << "language: typo\ncode: xt\nemphasis: bold\nparagraphs: justified\ndate_forms_as_date: [month_year]\n";
  const std::string cv = (dir / "cv.yaml").string();
  Diagnostics diags;
  auto pirate = load_cv_from_string("cv:\n  name: J\nlocale: pirate\n", cv, diags);
  ASSERT_TRUE(pirate) << dump(diags);
  EXPECT_EQ(diags.all().size(), 0u) << dump(diags);
  EXPECT_TRUE(pirate->locale.owns_range_separator);
  EXPECT_TRUE(pirate->locale.emphasis_in_color);
  EXPECT_FALSE(pirate->locale.justify_paragraphs);
  EXPECT_EQ(pirate->locale.date_forms_as_date, std::vector<std::string>{"numeric"});
  // A CV's own locale keys are not a locale file: its range_separator is a word, not a claim.
  Diagnostics own;
  auto mapped = load_cv_from_string("cv:\n  name: J\nlocale: {language: english, range_separator: \" to \"}\n", cv, own);
  ASSERT_TRUE(mapped) << dump(own);
  EXPECT_FALSE(mapped->locale.owns_range_separator);
  Diagnostics typos;
  load_cv_from_string("cv:\n  name: J\nlocale: typo\n", cv, typos);
  EXPECT_EQ(typos.error_count(), 3) << dump(typos);
  for (const char* said : {"'emphasis' cannot be 'bold'", "'paragraphs' cannot be 'justified'",
                           "'month_year' is not a layout's date form"})
    EXPECT_NE(dump(typos).find(said), std::string::npos) << said << "\n" << dump(typos);
  fs::remove_all(dir);
}

TEST(SourceLocale, RenderCvNamesAndScriptsWeCannotSet) {
  auto bokmal = load("cv:\n  name: J\nlocale: norwegian_bokmål\n");
  ASSERT_TRUE(bokmal.file);
  EXPECT_EQ(bokmal.file->locale.language, "nb");
  // RenderCV's right-to-left languages are locales of their own, with hanji's Hebrew and
  // Arabic fonts.
  for (const auto& [name, code] : {std::pair{"arabic", "ar"}, std::pair{"hebrew", "he"}, std::pair{"persian", "fa"}}) {
    auto loaded = load(std::string("cv:\n  name: J\nlocale: ") + name + "\n");
    ASSERT_TRUE(loaded.file) << name;
    EXPECT_EQ(loaded.file->locale.language, code);
    EXPECT_TRUE(loaded.diags.all().empty()) << name;
    EXPECT_TRUE(model::is_right_to_left(loaded.file->locale.language));
  }
  auto hindi = load("cv:\n  name: J\nlocale: hindi\n");
  ASSERT_TRUE(hindi.file);
  EXPECT_EQ(hindi.file->locale.language, "en");
  ASSERT_EQ(hindi.diags.all().size(), 1u);  // one warning, naming the script and the fix
  EXPECT_NE(hindi.diags.all()[0].message.find("Devanagari script"), std::string::npos);
  EXPECT_NE(hindi.diags.all()[0].hints[0].find("fonts.fallback"), std::string::npos);
  auto typo = load("cv:\n  name: J\nlocale: germna\n");
  ASSERT_EQ(typo.diags.all().size(), 1u);
  EXPECT_NE(typo.diags.all()[0].hints[0].find("german"), std::string::npos);
}

TEST(SourceLocale, RenderCvOneLocaleCatalog) {
  auto loaded = load(
      "cv:\n  name: J\nlocale_catalog:\n  to: to\n  full_names_of_months: [a, b, c, d, e, f, g, h, i, j, k, l]\n"
      "  date_template: FULL_MONTH_NAME YEAR\n  phone_number_format: national\n");
  ASSERT_TRUE(loaded.file);
  EXPECT_EQ(loaded.file->locale.range_separator, " to ");
  EXPECT_EQ(loaded.file->locale.month_names[1], "b");
  EXPECT_EQ(loaded.file->locale.date, "MONTH_NAME YEAR");
  // Its phone form is RenderCV 2's design.header.connections.phone_number_format: a layout value.
  EXPECT_TRUE(loaded.diags.all().empty()) << format_diagnostic(loaded.diags.all().front());
  const config::ConfigNode* header = loaded.file->layout_overrides.find("header");
  ASSERT_NE(header, nullptr);
  ASSERT_NE(header->find("phone_format"), nullptr);
  EXPECT_EQ(header->find("phone_format")->scalar, "national");
}

TEST(SourceLocale, StringOrRenderCvMap) {
  auto named = load("cv:\n  name: J\nlocale: korean\n");
  ASSERT_TRUE(named.file);
  EXPECT_EQ(named.file->locale.language, "ko");

  auto mapped = load(
      "cv:\n  name: J\n"
      "locale:\n"
      "  language: korean\n"
      "  present: 재직 중\n"
      "  phrases: {degree_with_area: AREA 전공 DEGREE}\n"
      "  month_abbreviations: [a, b, c, d, e, f, g, h, i, j, k, l]\n");
  ASSERT_TRUE(mapped.file) << dump(mapped.diags);
  const Locale& l = mapped.file->locale;
  EXPECT_EQ(l.language, "ko");
  EXPECT_EQ(l.present, "재직 중");
  EXPECT_EQ(l.degree_with_area, "AREA 전공 DEGREE");
  EXPECT_EQ(l.month_abbreviations[11], "l");
  EXPECT_EQ(l.month_names[0], "1월");
}

TEST(SourceLocale, AMapChangesWordsOfItsLanguage) {
  auto loaded = load("cv:\n  name: J\nlocale:\n  language: german\n  present: bis heute\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->locale.language, "de");
  EXPECT_EQ(loaded.file->locale.present, "bis heute");
  EXPECT_EQ(loaded.file->locale.month_names[2], "März");
}

TEST(SourceLocale, UnknownLanguageWarnsAndUsesEnglish) {
  auto loaded = load("cv:\n  name: J\nlocale:\n  language: klingon\n  present: DaH\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->locale.language, "en");
  EXPECT_EQ(loaded.file->locale.present, "DaH");
  expect_at(diag(loaded.diags, "no 'klingon' locale").span, 4, 13);
}

TEST(SourceLocale, BadValuesAreErrors) {
  auto loaded = load("cv:\n  name: J\nlocale:\n  month_names: [Jan, Feb]\n  presnt: now\n");
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "'month_names' needs 12 names, found 2").span, 4, 16);
  EXPECT_TRUE(has_hint(diag(loaded.diags, "unknown key 'presnt' in locale"), "did you mean 'present'?"));
}

// ---------------------------------------------------------------- settings

TEST(SourceSettings, ReadAsRenderCv) {
  auto loaded = load(
      "cv:\n  name: J\n"
      "settings:\n"
      "  current_date: today\n"
      "  bold_keywords: [C++, HarfBuzz, C++]\n"
      "  pdf_title: NAME - CV\n"
      "  render_command:\n"
      "    output_folder: out\n"
      "  bold_keyword: [x]\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Settings& s = loaded.file->settings;
  EXPECT_FALSE(s.current_date);  // the reader never reads the clock: "today" is what the command says
  EXPECT_EQ(s.bold_keywords, (std::vector<std::string>{"C++", "HarfBuzz"}));
  EXPECT_EQ(s.pdf_title, "NAME - CV");
  EXPECT_TRUE(has_hint(diag(loaded.diags, "settings.bold_keyword is not a known setting"),
                       "did you mean 'bold_keywords'?"));
  EXPECT_EQ(loaded.diags.warning_count(), 1);  // render_command is read (see SourceRenderCommand)
  EXPECT_TRUE(s.render.given);
  EXPECT_EQ(s.render.output_folder.path, "out");

  // The command says what today is (the day it runs, or SOURCE_DATE_EPOCH's).
  Date today;
  today.kind = Date::Kind::YearMonthDay;
  today.year = 2026, today.month = 11, today.day = 24;
  auto told = load_with("cv:\n  name: J\nsettings: {current_date: today}\n", ReadOptions{.today = today});
  ASSERT_TRUE(told.file && told.file->settings.current_date);
  EXPECT_EQ(told.file->settings.current_date->month, 11);
  // A RenderCV file is dated today unless it says otherwise, as RenderCV dates it; a hanji
  // file without a date has none.
  auto rendercv = load_with("cv:\n  name: J\ndesign:\n  theme: classic\n", ReadOptions{.today = today});
  ASSERT_TRUE(rendercv.file && rendercv.file->settings.current_date);
  EXPECT_EQ(rendercv.file->settings.current_date->day, 24);
  auto plain = load_with("cv:\n  name: J\n", ReadOptions{.today = today});
  ASSERT_TRUE(plain.file);
  EXPECT_FALSE(plain.file->settings.current_date);

  auto dated = load("cv:\n  name: J\nsettings:\n  current_date: 2025-03-01\n");
  ASSERT_TRUE(dated.file);
  ASSERT_TRUE(dated.file->settings.current_date);
  EXPECT_EQ(dated.file->settings.current_date->month, 3);
}

// ---------------------------------------------------------------- render_command

Date day(int year, int month, int d) {
  Date date;
  date.kind = Date::Kind::YearMonthDay;
  date.year = year, date.month = month, date.day = d;
  return date;
}

// A CV file in folder `dir` named Jane Doe, dated 2025-03-07, with `command` under
// settings.render_command (lines from 7 on).
Loaded with_command(const std::string& command, const std::string& dir = "cvs", ReadOptions options = {}) {
  Loaded out;
  out.file = load_cv_from_string("cv:\n  name: Jane Doe\n"
                                 "settings:\n  current_date: 2025-03-07\n  render_command:\n" + command,
                                 dir.empty() ? "cv.yaml" : dir + "/cv.yaml", out.diags, options);
  return out;
}

TEST(SourceRenderCommand, PathsAreTheCvFoldersWithPlaceholdersExpanded) {
  auto loaded = with_command(
      "    output_folder: out\n"
      "    pdf_path: OUTPUT_FOLDER/NAME_IN_LOWER_KEBAB_CASE_YEAR_IN_TWO_DIGITS-MONTH_IN_TWO_DIGITS.pdf\n"
      "    markdown_path: md/NAME_IN_UPPER_SNAKE_CASE_DAY_IN_TWO_DIGITS.md\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.diags.all().size(), 0u) << dump(loaded.diags);
  const RenderSettings& render = loaded.file->settings.render;
  EXPECT_TRUE(render.given);
  EXPECT_EQ(render.output_folder.path, "cvs/out");
  EXPECT_EQ(render.pdf.path, "cvs/out/jane-doe_25-03.pdf");  // YEAR_IN_TWO_DIGITS is not YEAR + _IN_TWO_DIGITS
  expect_at(render.pdf.span, 7, 15);
  EXPECT_EQ(render.markdown.path, "cvs/md/JANE_DOE_07.md");
  EXPECT_EQ(render.stem.path, "cvs/out/Jane_Doe_CV");
  EXPECT_TRUE(render.pdf_wanted && render.markdown_wanted);
}

TEST(SourceRenderCommand, RenderCvsDefaultsFillWhatTheFileLeavesOut) {
  auto empty = with_command("", "");
  ASSERT_TRUE(empty.file) << dump(empty.diags);
  const RenderSettings& render = empty.file->settings.render;
  EXPECT_TRUE(render.given);
  EXPECT_EQ(render.pdf.path, "rendercv_output/Jane_Doe_CV.pdf");
  EXPECT_EQ(render.markdown.path, "rendercv_output/Jane_Doe_CV.md");
  EXPECT_FALSE(render.pdf.span.line == 0);  // said at render_command itself
  // Only a file with a render_command is written where it says.
  auto none = load("cv:\n  name: Jane Doe\ndesign:\n  theme: classic\n");
  ASSERT_TRUE(none.file);
  EXPECT_FALSE(none.file->settings.render.given);
  // An absolute folder stays one.
  auto absolute = with_command("    output_folder: /tmp/cvs\n");
  ASSERT_TRUE(absolute.file);
  EXPECT_EQ(absolute.file->settings.render.pdf.path, "/tmp/cvs/Jane_Doe_CV.pdf");
}

TEST(SourceRenderCommand, EveryPlaceholder) {
  auto loaded = with_command(
      "    pdf_path: NAME|NAME_IN_SNAKE_CASE|NAME_IN_LOWER_SNAKE_CASE|NAME_IN_UPPER_SNAKE_CASE|NAME_IN_KEBAB_CASE|"
      "NAME_IN_LOWER_KEBAB_CASE|NAME_IN_UPPER_KEBAB_CASE.pdf\n"
      "    markdown_path: MONTH_NAME|FULL_MONTH_NAME|MONTH_ABBREVIATION|MONTH|MONTH_IN_TWO_DIGITS|DAY|"
      "DAY_IN_TWO_DIGITS|YEAR|YEAR_IN_TWO_DIGITS.md\n",
      "");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->settings.render.pdf.path,
            "Jane Doe|Jane_Doe|jane_doe|JANE_DOE|Jane-Doe|jane-doe|JANE-DOE.pdf");
  EXPECT_EQ(loaded.file->settings.render.markdown.path, "March|March|Mar|3|03|7|07|2025|25.md");
  // The locale's month names; the command's today when the file has no date; Latin-1 letters
  // change case; a slash in the name does not make a folder.
  Loaded korean;
  korean.file = load_cv_from_string(
      "cv:\n  name: Ærø/Åse 박\nlocale: korean\nsettings:\n  render_command:\n"
      "    pdf_path: NAME_IN_UPPER_SNAKE_CASE_MONTH_NAME_YEAR.pdf\n",
      "cv.yaml", korean.diags, ReadOptions{.today = day(2024, 12, 1)});
  ASSERT_TRUE(korean.file) << dump(korean.diags);
  EXPECT_EQ(korean.file->settings.render.pdf.path, "ÆRØ_ÅSE_박_12월_2024.pdf");
}

TEST(SourceRenderCommand, SwitchesAndWhatHanjiCannotMake) {
  auto loaded = with_command(
      "    dont_generate_markdown: true\n"
      "    dont_generate_html: false\n"
      "    dont_generate_png: true\n"
      "    html_path: cv.html\n"
      "    typst_path: cv.typ\n"
      "    dont_generate_pfd: true\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const RenderSettings& render = loaded.file->settings.render;
  EXPECT_TRUE(render.pdf_wanted);
  EXPECT_FALSE(render.markdown_wanted);
  // What hanji does not write is accepted in silence: a detail (--verbose), not a warning.
  const Diagnostic& html = diag(loaded.diags, "dont_generate_html is accepted and has nothing to do: hanji does not write HTML");
  expect_at(html.span, 7, 5);
  EXPECT_EQ(html.severity, Severity::Detail);
  expect_at(diag(loaded.diags, "html_path is accepted and has nothing to do: hanji does not write HTML").span, 9, 5);
  diag(loaded.diags, "typst_path is accepted and has nothing to do: hanji does not write Typst");
  EXPECT_TRUE(has_hint(diag(loaded.diags, "dont_generate_pfd is not a known setting"), "'dont_generate_pdf'"));
  EXPECT_EQ(loaded.diags.warning_count(), 1);  // the typo; dont_generate_png: true asks for nothing
  EXPECT_FALSE(render.png_wanted);
  // PNG pages: only when the file asks for them (RenderCV draws them unless told not to).
  EXPECT_FALSE(with_command("    pdf_path: cv.pdf\n").file->settings.render.png_wanted);
  auto png = with_command("    dont_generate_png: false\n");
  ASSERT_TRUE(png.file) << dump(png.diags);
  EXPECT_TRUE(png.file->settings.render.png_wanted);
  EXPECT_TRUE(png.file->settings.render.png.path.ends_with("rendercv_output/Jane_Doe_CV.png")) << png.file->settings.render.png.path;
  EXPECT_EQ(png.diags.warning_count(), 0);
  auto named = with_command("    png_path: pictures/NAME_IN_KEBAB_CASE.png\n");
  ASSERT_TRUE(named.file);
  EXPECT_TRUE(named.file->settings.render.png_wanted);
  EXPECT_TRUE(named.file->settings.render.png.path.ends_with("pictures/Jane-Doe.png")) << named.file->settings.render.png.path;
  auto no_typst = with_command("    png_path: cv.png\n    dont_generate_typst: true\n");
  EXPECT_FALSE(no_typst.file->settings.render.png_wanted);  // RenderCV draws them from the Typst file
  // RenderCV makes its PDF from the Typst file: no Typst, no PDF.
  auto typst = with_command("    dont_generate_typst: yes\n");
  ASSERT_TRUE(typst.file);
  EXPECT_FALSE(typst.file->settings.render.pdf_wanted);
  auto pdf = with_command("    dont_generate_pdf: true\n");
  ASSERT_TRUE(pdf.file);
  EXPECT_FALSE(pdf.file->settings.render.pdf_wanted);
  auto bad = with_command("    dont_generate_pdf: maybe\n");
  EXPECT_FALSE(bad.file);
  expect_at(diag(bad.diags, "expected true or false for 'settings.render_command.dont_generate_pdf', found 'maybe'").span,
            6, 24);
}

// A CV file can come from anyone: its paths are checked before the command sees them (and the
// command writes them by its own rules for output files).
TEST(SourceRenderCommand, HostilePathsAreErrors) {
  auto line_break = with_command("    pdf_path: \"cv\\n.pdf\"\n");
  EXPECT_FALSE(line_break.file);
  expect_at(diag(line_break.diags, "settings.render_command.pdf_path holds a control character").span, 6, 16);
  auto nul = with_command("    pdf_path: \"cv\\0.pdf\"\n");  // the reader drops it from any text, and says so
  ASSERT_TRUE(nul.file);
  EXPECT_EQ(nul.file->settings.render.pdf.path, "cvs/cv.pdf");
  diag(nul.diags, "the control character U+0000 is removed");
  auto passwd = with_command("    markdown_path: ../../../../etc/passwd\n");
  EXPECT_FALSE(passwd.file);
  EXPECT_TRUE(has_hint(diag(passwd.diags, "'cvs/../../../../etc/passwd' does not end in .md or .markdown"),
                       "end the file's name in .md"));
  auto bashrc = with_command("    pdf_path: /home/someone/.bashrc\n");
  EXPECT_FALSE(bashrc.file);
  diag(bashrc.diags, "does not end in .pdf");
  std::string segment, deep;
  for (int i = 0; i < 66; ++i) segment += "ab ";
  for (int i = 0; i < 25; ++i) deep += segment + "/";
  auto huge = with_command("    pdf_path: '" + deep + "cv.pdf'\n");
  EXPECT_FALSE(huge.file);
  diag(huge.diags, "makes a path of 4985 bytes (a name of 198); the system takes at most 4095 (a name at most 255)");
  auto long_name = with_command("    pdf_path: '" + segment + segment + ".pdf'\n");
  EXPECT_FALSE(long_name.file);
  diag(long_name.diags, "(a name of 400)");
  auto empty = with_command("    pdf_path: ''\n");
  EXPECT_FALSE(empty.file);
  diag(empty.diags, "settings.render_command.pdf_path is empty");
  auto list = with_command("    pdf_path: [a.pdf]\n");
  EXPECT_FALSE(list.file);
  diag(list.diags, "expected text for 'settings.render_command.pdf_path', found a list");
  // A name of 300 letters makes a file name longer than any the system takes: said at
  // render_command, where RenderCV's default name is asked for.
  Loaded named;
  named.file = load_cv_from_string("cv:\n  name: " + segment + segment + "\nsettings:\n  render_command:\n",
                                   "cv.yaml", named.diags);
  EXPECT_FALSE(named.file);
  expect_at(diag(named.diags, "pdf_path (as RenderCV names it by default) makes a path of").span, 4, 3);
}

TEST(SourceRenderCommand, APlaceholderInAFolderStaysAsRenderCvLeavesIt) {
  auto loaded = with_command("    pdf_path: NAME_IN_SNAKE_CASE/NAME_IN_SNAKE_CASE.pdf\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->settings.render.pdf.path, "cvs/NAME_IN_SNAKE_CASE/Jane_Doe.pdf");
  EXPECT_TRUE(has_hint(diag(loaded.diags, "NAME_IN_SNAKE_CASE in the folder 'NAME_IN_SNAKE_CASE' stays as written"),
                       "put the placeholder in the file's name"));
}

TEST(SourceRenderCommand, RenderCvOnesSettings) {
  Loaded loaded;
  loaded.file = load_cv_from_string(
      "cv:\n  name: Jane Doe\nrendercv_settings:\n  date: 2024-02-05\n  render_command:\n"
      "    output_folder_name: out_YEAR\n"
      "    markdown_path: NAME_IN_SNAKE_CASE/MONTH_ABBREVIATION.md\n"
      "    use_local_latex_command: lualatex\n"
      "    latex_path: cv.tex\n"
      "    watch: false\n",
      "cv.yaml", loaded.diags);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const RenderSettings& render = loaded.file->settings.render;
  EXPECT_EQ(render.pdf.path, "out_2024/Jane_Doe_CV.pdf");  // RenderCV 1 expanded placeholders anywhere
  EXPECT_EQ(render.markdown.path, "Jane_Doe/Feb.md");
  expect_at(diag(loaded.diags, "rendercv_settings.render_command.use_local_latex_command has nothing to do").span, 8, 5);
  diag(loaded.diags, "rendercv_settings.render_command.latex_path is accepted and has nothing to do: hanji does not "
                     "write LaTeX");
  diag(loaded.diags, "rendercv_settings.render_command.watch is ignored");
}

// ---------------------------------------------------------------- --set

ReadOptions setting(std::vector<std::pair<std::string, std::string>> values) {
  ReadOptions options;
  for (auto& [key, value] : values) options.overrides.push_back(Override{key, value, "--set " + key});
  return options;
}

TEST(SourceOverrides, SetValuesAreReadAsTheFilesAre) {
  auto loaded = load_with(
      "cv:\n  name: Jane Doe\n  sections:\n    experience:\n      - company: Acme\n        position: Engineer\n",
      setting({{"cv.name", "Kim Minsu"},
               {"cv.phone", "+82 10 1234 5678"},
               {"cv.sections.experience.0.company", "Initech"},
               {"settings.current_date", "2025-01-01"},
               {"settings.render_command.pdf_path", "NAME_IN_SNAKE_CASE.pdf"},
               {"design.theme", "sb2nov"}}));
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const CvFile& file = *loaded.file;
  EXPECT_EQ(file.cv.name.value, "Kim Minsu");
  EXPECT_EQ(file.cv.name.span.file, "--set cv.name");  // messages name the option
  ASSERT_EQ(file.cv.phones.size(), 1u);
  EXPECT_EQ(file.cv.sections.at(0).entries.at(0).company.value, "Initech");
  ASSERT_TRUE(file.settings.current_date);
  EXPECT_EQ(file.settings.current_date->year, 2025);
  EXPECT_EQ(file.settings.render.pdf.path, "Kim_Minsu.pdf");  // keys made on the way
  EXPECT_EQ(file.layout_name, "engineering");                 // sb2nov's layout
}

TEST(SourceOverrides, BadKeysAndValuesNameTheOption) {
  const std::string cv = "cv:\n  name: Jane\n  sections:\n    experience:\n      - company: Acme\n        position: E\n";
  auto phone = load_with(cv, setting({{"cv.phone", "abc"}}));
  EXPECT_FALSE(phone.file);
  EXPECT_EQ(diag(phone.diags, "'abc' is not a phone number").span.file, "--set cv.phone");
  auto index = load_with(cv, setting({{"cv.sections.experience.2.company", "X"}}));
  EXPECT_FALSE(index.file);
  EXPECT_TRUE(has_hint(diag(index.diags, "'cv.sections.experience' is a list of 1 item: '2' is not one of its positions"),
                       "count the items from 0"));
  auto word = load_with(cv, setting({{"cv.sections.experience.first.company", "X"}}));
  EXPECT_FALSE(word.file);
  diag(word.diags, "'first' is not one of its positions");
  auto through_text = load_with(cv, setting({{"cv.name.first", "X"}}));
  EXPECT_FALSE(through_text.file);
  diag(through_text.diags, "'cv.name' is text, so it has no 'first'");
  auto typo = load_with(cv, setting({{"cv.nmae", "X"}}));
  EXPECT_FALSE(typo.file);
  EXPECT_TRUE(has_hint(diag(typo.diags, "unknown key 'nmae' in cv"), "did you mean 'name'?"));
  std::string deep = "cv";
  for (int i = 0; i < 100; ++i) deep += ".x";
  auto too_deep = load_with(cv, setting({{deep, "X"}}));
  EXPECT_FALSE(too_deep.file);
  diag(too_deep.diags, "the key has 101 levels; a CV file has at most 64");
}

// ---------------------------------------------------------------- design and locale files

class SourceOverlays : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("hanji-source-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream((dir_ / name).string(), std::ios::binary) << text;
    return (dir_ / name).string();
  }
  fs::path dir_;
};

TEST_F(SourceOverlays, DesignAndLocaleFromFilesOfTheirOwn) {
  const std::string design = write("design.yaml", "design:\n  theme: sb2nov\n  page:\n    size: a4\n    nonsense: 1\n");
  const std::string locale = write("locale.yaml", "locale:\n  language: german\n  present: jetzt\n");
  const std::string cv = write("cv.yaml", "cv:\n  name: Jane\ndesign:\n  theme: classic\n");
  Diagnostics diags;
  ReadOptions options;
  options.design_file = design;
  options.locale_file = locale;
  std::optional<CvFile> file = load_cv(cv, diags, options);
  ASSERT_TRUE(file) << dump(diags);
  EXPECT_EQ(file->layout_name, "engineering");  // the design file's theme, over the CV file's
  EXPECT_EQ(file->locale.language, "de");
  EXPECT_EQ(file->locale.present, "jetzt");
  const Diagnostic& nonsense = diag(diags, "design.page.nonsense has no equivalent");
  EXPECT_EQ(nonsense.span.file, design);  // messages point into the design file
  expect_at(nonsense.span, 5, 5);
  EXPECT_EQ(file->included_files, (std::vector<std::string>{design, locale}));  // for a watcher
}

TEST_F(SourceOverlays, NamedInTheFileRelativeToItsFolder) {
  fs::create_directories(dir_ / "styles");
  write("styles/design.yaml", "design:\n  theme: moderncv\ncv:\n  name: X\n");
  const std::string cv = write("cv.yaml",
                               "cv:\n  name: Jane\nsettings:\n  render_command:\n    design: styles/design.yaml\n"
                               "    locale: missing.yaml\n");
  Diagnostics diags;
  EXPECT_FALSE(load_cv(cv, diags));
  const Diagnostic& missing = diag(diags, "locale file '" + (dir_ / "missing.yaml").string() + "' does not exist");
  expect_at(missing.span, 6, 13);
  EXPECT_TRUE(has_hint(missing, "relative to the CV file's folder"));
  const Diagnostic& ignored = diag(diags, "'cv' is ignored: only 'design:' is read from a design file");
  EXPECT_EQ(ignored.span.file, (dir_ / "styles/design.yaml").string());
  // The command line wins over the file; a file that is no YAML file is not read at all.
  write("other.yaml", "design:\n  theme: classic\n");
  ReadOptions options;
  options.design_file = (dir_ / "other.yaml").string();
  Diagnostics shadow;
  write("cv.yaml", "cv:\n  name: Jane\nsettings:\n  render_command:\n    design: styles/design.yaml\n"
                   "    locale: /etc/shadow\n");
  EXPECT_FALSE(load_cv(cv, shadow, options));
  expect_at(diag(shadow, "'/etc/shadow' is not a YAML file").span, 6, 13);
  EXPECT_EQ(shadow.error_count(), 1) << dump(shadow);
  // A design file without its key is said at its start.
  write("bare.yaml", "theme: classic\n");
  options.design_file = (dir_ / "bare.yaml").string();
  Diagnostics bare;
  EXPECT_FALSE(load_cv_from_string("cv:\n  name: Jane\n", (dir_ / "cv.yaml").string(), bare, options));
  const Diagnostic& no_key = diag(bare, "the file has no 'design:' key");
  EXPECT_EQ(no_key.span.file, options.design_file);
  EXPECT_EQ(bare.all().size(), 1u) << dump(bare);
}

// ---------------------------------------------------------------- a RenderCV project's folders

// What RenderCV finds beside a CV: fonts/ with the families its design names, and a folder
// named after the theme with Typst templates of one's own.
class SourceRenderCvFolders : public SourceOverlays {
 protected:
  // The shipped Roboto faces under another family name, "Robata", in fonts/ (the same length,
  // so only the name table's strings change): a family hanji does not know by name.
  void write_robata() {
    fs::create_directories(dir_ / "fonts" / "robata");
    for (const std::string style : {"Regular", "Bold", "Italic"}) {
      std::ifstream in(fs::path(HANJI_SOURCE_DIR) / "fonts" / ("Roboto-" + style + ".ttf"), std::ios::binary);
      std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      ASSERT_FALSE(bytes.empty());
      for (const auto& [from, to] : {std::pair<std::string, std::string>{std::string("\0R\0o\0b\0o\0t\0o", 12),
                                                                          std::string("\0R\0o\0b\0a\0t\0a", 12)},
                                     {"Roboto", "Robata"}})
        for (size_t at = bytes.find(from); at != std::string::npos; at = bytes.find(from, at + to.size()))
          bytes.replace(at, from.size(), to);
      write("fonts/robata/Robata-" + style + ".ttf", bytes);
    }
  }
  std::optional<CvFile> read(const std::string& yaml, Diagnostics& diags) {
    ReadOptions options;
    options.font_file_facts = text::font_file_facts;  // as the engine gives it
    return load_cv_from_string(yaml, (dir_ / "cv.yaml").string(), diags, options);
  }
  std::string font(const CvFile& file, const std::string& slot) {
    const ConfigNode* fonts = file.layout_overrides.find("fonts");
    const ConfigNode* latin = fonts ? fonts->find("latin") : nullptr;
    const ConfigNode* face = latin ? latin->find(slot) : nullptr;
    return face ? face->scalar : "";
  }
};

TEST_F(SourceRenderCvFolders, AFamilyInFontsBesideTheCvIsUsed) {
  write_robata();
  Diagnostics diags;
  auto file = read("cv:\n  name: J\ndesign:\n  typography:\n    font_family: Robata\n", diags);
  ASSERT_TRUE(file) << dump(diags);
  EXPECT_EQ(diags.all().size(), 0u) << dump(diags);
  const fs::path fonts = fs::absolute(dir_ / "fonts" / "robata");
  EXPECT_EQ(font(*file, "regular"), (fonts / "Robata-Regular.ttf").string());
  EXPECT_EQ(font(*file, "bold"), (fonts / "Robata-Bold.ttf").string());
  EXPECT_EQ(font(*file, "italic"), (fonts / "Robata-Italic.ttf").string());
  EXPECT_EQ(font(*file, "bold_italic"), (fonts / "Robata-Bold.ttf").string());  // no bold italic: the bold
  EXPECT_EQ(file->layout_overrides.find("fonts")->find("latin_scale")->scalar, "1");
  // A family neither the folder nor the machine has is an error at its value.
  Diagnostics other;
  EXPECT_FALSE(read("cv:\n  name: J\ndesign:\n  typography:\n    font_family: Comic Neue\n", other));
  EXPECT_TRUE(has_hint(diag(other, "font family 'Comic Neue' is not installed"), "a fonts/ folder beside the CV"));
  // The body's family named for a role is that family, nothing to say.
  Diagnostics roles;
  ASSERT_TRUE(read("cv:\n  name: J\ndesign:\n  typography:\n    font_family: {body: Robata, name: Robata}\n", roles));
  EXPECT_EQ(roles.all().size(), 0u) << dump(roles);
}

TEST_F(SourceRenderCvFolders, AFamilyThereOnlyAsOpenTypeCffIsSaid) {
  fs::create_directories(dir_ / "fonts");
  fs::copy_file(fs::path(HANJI_SOURCE_DIR) / "tests/data/fonts/HanjiCffTest.otf", dir_ / "fonts/HanjiCffTest.otf");
  Diagnostics diags;
  EXPECT_FALSE(read("cv:\n  name: J\ndesign:\n  typography:\n    font_family: Hanji Cff Test\n", diags));
  const Diagnostic& cff = diag(diags, "design.typography.font_family: 'Hanji Cff Test' is in the fonts/ folder only as");
  EXPECT_EQ(cff.severity, Severity::Error);
  EXPECT_NE(cff.message.find("HanjiCffTest.otf, which has OpenType/CFF outlines"), std::string::npos) << dump(diags);
  EXPECT_TRUE(has_hint(cff, "put the family's TrueType (.ttf) files in fonts/")) << dump(diags);
  expect_at(cff.span, 5, 18);
  EXPECT_EQ(diags.all().size(), 1u) << dump(diags);
}

TEST_F(SourceRenderCvFolders, FontFilesThatAreNoFontsAreNotRead) {
  fs::create_directories(dir_ / "fonts");
  write("fonts/Empty.ttf", "");
  write("fonts/Short.ttf", std::string("\0\1\0\0\0\xff", 6));  // a table count and no tables
  write("fonts/Text.ttf", "just text");
  Diagnostics diags;
  auto file = read("cv:\n  name: J\ndesign:\n  typography:\n    font_family: Lato\n", diags);
  ASSERT_TRUE(file);
  EXPECT_EQ(diags.all().size(), 0u) << dump(diags);
  EXPECT_EQ(font(*file, "regular"), "Lato-Regular.ttf");
}

TEST_F(SourceRenderCvFolders, ATemplateFolderIsSaidOnce) {
  write("cv.yaml", "");
  fs::create_directories(dir_ / "classic" / "entries");
  write("classic/Header.j2.typ", "#let header = none\n");
  write("classic/entries/NormalEntry.j2.typ", "#let entry = none\n");
  Diagnostics diags;
  ASSERT_TRUE(read("cv:\n  name: J\ndesign:\n  theme: classic\n", diags));
  const Diagnostic& folder = diag(diags, "RenderCV's template folder");
  EXPECT_NE(folder.message.find((dir_ / "classic").string() + "/ is ignored"), std::string::npos) << folder.message;
  expect_at(folder.span, 4, 10);
  EXPECT_EQ(diags.all().size(), 1u) << dump(diags);
  // A folder of the theme's name without Typst files is some other folder: nothing to say.
  fs::remove_all(dir_ / "classic");
  fs::create_directories(dir_ / "classic");
  write("classic/notes.txt", "");
  Diagnostics none;
  ASSERT_TRUE(read("cv:\n  name: J\ndesign:\n  theme: classic\n", none));
  EXPECT_EQ(none.all().size(), 0u) << dump(none);
}

// engineeringresumes' bullet is XCharter's ● (its small text bullet in RenderCV's PDF) at the
// text column's edge, 0.3em before the text: hanji sets a text bullet there, not a disc in the
// margin; classic's stays as it was.
TEST(SourceDesign, EngineeringResumesBulletsStayInTheColumn) {
  auto engineering = load("cv:\n  name: J\ndesign:\n  theme: engineeringresumes\n");
  ASSERT_TRUE(engineering.file) << dump(engineering.diags);
  const ConfigNode& entry = *engineering.file->layout_overrides.find("entry");
  EXPECT_EQ(entry.find("bullet")->scalar, "\u2022");
  EXPECT_EQ(entry.find("nested_bullet")->scalar, "\u2022");
  EXPECT_EQ(entry.find("highlight_indent")->scalar, "8.5pt");  // 0cm, the bullet's 4.5pt, hanji's 4pt gap
  auto classic = load("cv:\n  name: J\ndesign:\n  theme: classic\n");
  ASSERT_TRUE(classic.file) << dump(classic.diags);
  EXPECT_EQ(classic.file->layout_overrides.find("entry")->find("highlight_indent")->scalar, "13.752pt");
  auto disc = load("cv:\n  name: J\ndesign:\n  theme: classic\n  entries:\n    highlights:\n      bullet: \u25CF\n");
  ASSERT_TRUE(disc.file) << dump(disc.diags);
  EXPECT_EQ(disc.file->layout_overrides.find("entry")->find("bullet")->scalar, "\u25CF");  // a disc asked for
}

// RenderCV reads a date written as text ('2021') as 2021-01-01 ("Jan 2021" in its PDF) and a
// number (2021) as the year alone; hanji's own files keep the year either way.
TEST(SourceDesign, QuotedYearIsJanuaryInRenderCvFiles) {
  const std::string entries =
      "cv:\n  name: J\n  sections:\n    projects:\n"
      "      - name: A\n        date: '2021'\n"
      "      - name: B\n        date: 2021\n"
      "      - name: C\n        start_date: \"2019\"\n        end_date: 2020\n";
  auto rendercv = load(entries + "design:\n  theme: classic\n");
  ASSERT_TRUE(rendercv.file) << dump(rendercv.diags);
  const Section& projects = only_section(rendercv);
  EXPECT_EQ(projects.entries[0].date->kind, Date::Kind::YearMonth);
  EXPECT_EQ(projects.entries[0].date->month, 1);
  EXPECT_EQ(projects.entries[1].date->kind, Date::Kind::Year);
  EXPECT_EQ(projects.entries[2].start_date->kind, Date::Kind::YearMonth);
  EXPECT_EQ(projects.entries[2].end_date->kind, Date::Kind::Year);
  auto own = load(entries);
  ASSERT_TRUE(own.file) << dump(own.diags);
  EXPECT_EQ(only_section(own).entries[0].date->kind, Date::Kind::Year);
  EXPECT_EQ(only_section(own).entries[2].start_date->kind, Date::Kind::Year);
}

// ---------------------------------------------------------------- Typst markup in the text

TEST(SourceTypst, CommonCallsBecomeMarkdown) {
  auto loaded = load(
      "cv:\n  name: J\n  sections:\n    about:\n"
      "      - 'I do #strong[bold] and #emph[slanted] work: #link(\"https://example.com\")[my #emph[site]].'\n"
      "      - '#link(\"https://example.com\") and #strong[#emph[both]]'\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.diags.all().size(), 0u) << dump(loaded.diags);
  const Section& about = only_section(loaded);
  EXPECT_EQ(about.entries[0].text.value, "I do **bold** and *slanted* work: [my *site*](https://example.com).");
  EXPECT_EQ(about.entries[1].text.value, "[](https://example.com) and ***both***");
}

TEST(SourceTypst, OtherCallsAreSaidWhereTheyAre) {
  auto loaded = load(
      "cv:\n  name: J\n  sections:\n    about:\n"
      "      - 'Left#h(1em)right, #underline[under], #v(2em)gone, #strong[open'\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(only_section(loaded).entries[0].text.value, "Left right, under, gone, #strong[open");
  expect_at(diag(loaded.diags, "Typst's #h(1em) is set as a space").span, 5, 14);
  expect_at(diag(loaded.diags, "Typst's #underline[...] is not something hanji draws: its text is set plain").span, 5,
            28);
  expect_at(diag(loaded.diags, "Typst's #v(2em) is not something hanji draws: it is left out").span, 5, 47);
  expect_at(diag(loaded.diags, "Typst's #strong[ is not closed").span, 5, 60);
  EXPECT_EQ(loaded.diags.warning_count(), 4) << dump(loaded.diags);
}

TEST(SourceTypst, HashesThatAreNoCallsStay) {
  const std::string text = "C# and F#, #1 in rank, a #hashtag, https://example.com/page#part(2) and \\#strong[x]";
  auto loaded = load("cv:\n  name: J\n  sections:\n    about:\n      - '" + text + "'\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(only_section(loaded).entries[0].text.value, text);
  EXPECT_EQ(loaded.diags.all().size(), 0u) << dump(loaded.diags);
}

TEST(SourceTypst, EveryFieldWithTextIsRead) {
  auto loaded = load(
      "cv:\n  name: '#strong[J]'\n  headline: '#emph[H]'\n  sections:\n    experience:\n"
      "      - company: '#strong[C]'\n        position: P\n        summary: '#emph[S]'\n"
      "        highlights:\n          - '#emph[A] - #strong[B]'\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Cv& cv = loaded.file->cv;
  EXPECT_EQ(cv.name.value, "**J**");
  EXPECT_EQ(cv.headline.value, "*H*");
  const Entry& job = only_section(loaded).entries[0];
  EXPECT_EQ(job.company.value, "**C**");
  EXPECT_EQ(job.summary.value, "*S*");
  ASSERT_EQ(job.highlights.size(), 1u);
  EXPECT_EQ(job.highlights[0].text.value, "*A*");
  ASSERT_EQ(job.highlights[0].children.size(), 1u);
  EXPECT_EQ(job.highlights[0].children[0].value, "**B**");
}

// RenderCV's math ($$...$$, a formula in Typst): simple math is set as it reads, letters in
// italics, and said once where it is; richer math is printed as written, and said.
TEST(SourceTypst, MathIsSetAsTextAndSaid) {
  auto loaded = load(
      "cv:\n  name: J\n  sections:\n    about:\n"
      "      - 'Known for $$E = mc^2$$ and $$x_{10} - 1$$.'\n"
      "      - 'Also $$sum_(i=1)^n i$$, costs $5.'\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Section& about = only_section(loaded);
  EXPECT_EQ(about.entries[0].text.value, "Known for *E* = *mc*\u00B2 and *x*\u2081\u2080 \u2212 1.");
  EXPECT_EQ(about.entries[1].text.value, "Also sum_(i=1)^n i, costs $5.");
  expect_at(diag(loaded.diags, "Typst math $$E = mc^2$$ is set as text").span, 5, 20);
  expect_at(diag(loaded.diags, "Typst math $$sum_(i=1)^n i$$ is printed as written").span, 6, 15);
  EXPECT_EQ(loaded.diags.warning_count(), 3) << dump(loaded.diags);
}

// Many calls nothing closes cost no more than the text's length, and calls nested past any
// reason stay as written.
TEST(SourceTypst, HostileTextStaysLinear) {
  std::string open;
  for (int i = 0; i < 20000; ++i) open += "#strong[ ";
  auto unclosed = load("cv:\n  name: J\n  sections:\n    about:\n      - '" + open + "'\n");
  ASSERT_TRUE(unclosed.file) << dump(unclosed.diags);
  EXPECT_EQ(only_section(unclosed).entries[0].text.value, open);
  EXPECT_EQ(unclosed.diags.warning_count(), 5);  // the first few, the last saying there is more
  EXPECT_TRUE(has_hint(unclosed.diags.all().back(), "more Typst in this text is not listed"));
  std::string nested;
  for (int i = 0; i < 100; ++i) nested += "#emph[";
  nested += "x" + std::string(100, ']');
  auto deep = load("cv:\n  name: J\n  sections:\n    about:\n      - '" + nested + "'\n");
  ASSERT_TRUE(deep.file) << dump(deep.diags);
  EXPECT_NE(only_section(deep).entries[0].text.value.find("#emph["), std::string::npos);
}

TEST(SourceNames, EntryKindNames) {
  EXPECT_EQ(entry_kind_name(EntryKind::Text), "text");
  EXPECT_EQ(entry_kind_name(EntryKind::OneLine), "one-line");
  EXPECT_EQ(entry_kind_name(EntryKind::Experience), "experience");
  EXPECT_EQ(entry_kind_name(EntryKind::ReversedNumbered), "reversed-numbered");
}

}  // namespace
}  // namespace hanji::readers

namespace hanji::readers {
namespace {

// Contacts become links, and every line a link spans carries the address in the PDF: a
// "website" of 85,000 words aborted with std::bad_alloc. Addresses have no spaces, phone
// numbers a handful of digits, and no link is longer than 2,000 characters.
TEST(SourceLimits, ContactsThatCannotBeAddressesAreErrors) {
  auto site = load("cv:\n  name: Jane\n  website: https://example.com/ a b c\n");
  EXPECT_FALSE(site.file);
  expect_at(diag(site.diags, "is not a web address: it has a space").span, 3, 12);
  auto user = load("cv:\n  name: Jane\n  social_networks:\n    - {network: GitHub, username: jane doe}\n");
  EXPECT_FALSE(user.file);
  diag(user.diags, "is not a GitHub username: it has a space");
  auto whatsapp = load("cv:\n  name: Jane\n  social_networks:\n    - {network: WhatsApp, username: +82 10-1234-5678}\n");
  EXPECT_TRUE(whatsapp.file) << dump(whatsapp.diags);  // a phone number has spaces
  auto phone = load("cv:\n  name: Jane\n  phone: \"" + std::string(30, '1') + "\"\n");
  EXPECT_FALSE(phone.file);
  diag(phone.diags, "is not a phone number");
  auto email = load("cv:\n  name: Jane\n  email: " + std::string(1983, 'a') + "@example.com\n");
  EXPECT_FALSE(email.file);
  expect_at(diag(email.diags, "this makes a link of 2002 characters; hanji takes at most 2000").span, 3, 10);
}


TEST(Locale, AKoreanCvWithoutLocaleGetsTheKoreanOne) {
  const std::string korean =
      "cv:\n  name: 김하늘\n  sections:\n    경력:\n      - company: 한지 조판\n        position: 선임 엔지니어\n"
      "        start_date: 2021-03\n        highlights:\n          - PDF 조판 엔진과 HarfBuzz 셰이핑을 맡고 있습니다\n"
      "    학력:\n      - institution: 한국대학교\n        area: 전산학부\n        degree: 석사\n";
  Loaded ko = load(korean);
  ASSERT_TRUE(ko.file) << dump(ko.diags);
  EXPECT_EQ(ko.file->locale.language, "ko");
  EXPECT_EQ(ko.file->locale.present, "현재");
  Loaded en = load("cv:\n  name: 김하늘\n  sections:\n    experience:\n      - company: Hanji\n"
                   "        position: Senior Engineer at the typesetting team\n");
  ASSERT_TRUE(en.file) << dump(en.diags);
  EXPECT_EQ(en.file->locale.language, "en") << "a Korean name alone does not make a Korean CV";
  Loaded asked = load(korean + "locale: english\n");
  ASSERT_TRUE(asked.file) << dump(asked.diags);
  EXPECT_EQ(asked.file->locale.language, "en") << "an explicit locale always wins";
}

}  // namespace
}  // namespace hanji::readers

namespace hanji::readers {
namespace {

// ---------------------------------------------------------------- languages and tags

const char* kBilingual =
    "cv:\n"
    "  name: {ko: 박지민, en: Jimin Park}\n"
    "  headline: {en: Engineer}\n"
    "  location: Seoul\n"
    "  sections:\n"
    "    experience:\n"
    "      title: {ko: 경력, en: Experience}\n"
    "      entries:\n"
    "        - company: {ko: 한빛, en: Hanbit}\n"
    "          position: {ko: 개발자, en: Developer}\n"
    "          start_date: 2020-03\n"
    "          highlights:\n"
    "            - {ko: 설계, en: Designed}\n"
    "            - text: {ko: 운영, en: Operated}\n"
    "              tags: [ops]\n"
    "        - company: Mobile Co\n"
    "          position: {ko: 앱 개발자, en: App developer}\n"
    "          date: 2019\n"
    "          tags: [mobile, Android]\n"
    "    talks:\n"
    "      tags: [academic]\n"
    "      entries:\n"
    "        - A talk\n";

TEST(SourceVariants, TheFirstLanguageWrittenIsTheDefaultAndSetsTheLocale) {
  auto loaded = load(kBilingual);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const CvFile& f = *loaded.file;
  EXPECT_EQ(f.languages, (std::vector<std::string>{"ko", "en"}));
  EXPECT_EQ(f.cv.name.value, "박지민");
  EXPECT_EQ(f.cv.headline.value, "Engineer");  // only in English: used in both
  EXPECT_EQ(f.locale.language, "ko");
  ASSERT_EQ(f.cv.sections.size(), 2u);
  EXPECT_EQ(f.cv.sections[0].title.value, "경력");
  EXPECT_EQ(f.cv.sections[0].entries[0].highlights[1].text.value, "운영");
  EXPECT_TRUE(loaded.diags.all().empty()) << dump(loaded.diags);
}

TEST(SourceVariants, LangPicksEveryTextAndTheLocale) {
  auto loaded = load_with(kBilingual, ReadOptions{"en", {}, {}, {}});
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const CvFile& f = *loaded.file;
  EXPECT_EQ(f.cv.name.value, "Jimin Park");
  EXPECT_EQ(f.locale.language, "en");
  const Section& experience = f.cv.sections[0];
  EXPECT_EQ(experience.title.value, "Experience");
  EXPECT_EQ(experience.entries[0].company.value, "Hanbit");
  EXPECT_EQ(experience.entries[0].highlights[0].text.value, "Designed");
  EXPECT_EQ(experience.entries[1].position.value, "App developer");
  // The span of a chosen text is where that language's text is written.
  EXPECT_EQ(f.cv.name.span.line, 2);
  EXPECT_EQ(f.cv.name.span.col, 23);
}

TEST(SourceVariants, LangOverTheFilesLocaleAndALanguageItLacks) {
  auto over = load_with(std::string(kBilingual) + "locale: korean\n", ReadOptions{"en", {}, {}, {}});
  ASSERT_TRUE(over.file);
  EXPECT_EQ(over.file->locale.language, "en");
  auto lacking = load_with(kBilingual, ReadOptions{"de", {}, {}, {}});
  ASSERT_TRUE(lacking.file);
  EXPECT_EQ(lacking.file->cv.name.value, "박지민");  // falls back to the file's own language
  EXPECT_EQ(lacking.file->locale.language, "de");
  diag(lacking.diags, "--lang de: the file has no text in 'de'");
}

TEST(SourceVariants, OnlyKeepsTheUntaggedAndTheMatching) {
  auto backend = load_with(kBilingual, ReadOptions{"en", {"android"}, {}, {}});
  ASSERT_TRUE(backend.file) << dump(backend.diags);
  const auto& sections = backend.file->cv.sections;
  ASSERT_EQ(sections.size(), 1u);  // talks are tagged academic only
  ASSERT_EQ(sections[0].entries.size(), 2u);
  EXPECT_EQ(sections[0].entries[0].highlights.size(), 1u);  // the ops highlight is gone
  EXPECT_EQ(sections[0].entries[1].company.value, "Mobile Co");  // tags match in any case

  auto ops = load_with(kBilingual, ReadOptions{"en", {"ops", "academic"}, {}, {}});
  ASSERT_TRUE(ops.file);
  ASSERT_EQ(ops.file->cv.sections.size(), 2u);
  EXPECT_EQ(ops.file->cv.sections[0].entries.size(), 1u);
  EXPECT_EQ(ops.file->cv.sections[0].entries[0].highlights.size(), 2u);
  EXPECT_EQ(ops.file->cv.sections[1].entries[0].text.value, "A talk");

  auto everything = load_with(kBilingual, ReadOptions{"en", {}, {}, {}});
  EXPECT_EQ(everything.file->cv.sections[0].entries.size(), 2u);
  EXPECT_EQ(everything.file->cv.sections.size(), 2u);
}

TEST(SourceVariants, SectionsAsAListWithTitlesPerLanguageAndTags) {
  const std::string yaml =
      "cv:\n"
      "  name: {en: Jimin Park, ko: 박지민}\n"
      "  sections:\n"
      "    - title: {en: Experience, ko: 경력}\n"
      "      entries:\n"
      "        - company: {en: Blue Sky, ko: 블루스카이}\n"
      "          position: Engineer\n"
      "          highlights:\n"
      "            en: [Built it., Ran it.]\n"
      "            ko: [만들었습니다.]\n"
      "    - title: Talks\n"
      "      tags: [academic]\n"
      "      entries: [A talk]\n"
      "    - title: {en: Summary, ko: 소개}\n"
      "      entries:\n"
      "        en: [I build data platforms.]\n"
      "        ko: [데이터 플랫폼을 만듭니다.]\n";
  auto korean = load_with(yaml, ReadOptions{"ko", {}, {}, {}});
  ASSERT_TRUE(korean.file) << dump(korean.diags);
  const auto& ko = korean.file->cv.sections;
  ASSERT_EQ(ko.size(), 3u);
  EXPECT_EQ(ko[0].title.value, "경력");
  EXPECT_EQ(ko[0].title.span.line, 4);
  EXPECT_EQ(ko[0].entries[0].company.value, "블루스카이");
  ASSERT_EQ(ko[0].entries[0].highlights.size(), 1u);
  EXPECT_EQ(ko[2].entries[0].text.value, "데이터 플랫폼을 만듭니다.");
  auto english = load_with(yaml, ReadOptions{"en", {"backend"}, {}, {}});
  ASSERT_TRUE(english.file) << dump(english.diags);
  const auto& en = english.file->cv.sections;
  ASSERT_EQ(en.size(), 2u);  // Talks are tagged academic
  EXPECT_EQ(en[0].entries[0].highlights.size(), 2u);
  EXPECT_EQ(en[1].title.value, "Summary");

  auto untitled = load("cv:\n  name: J\n  sections:\n    - entries: [x]\n    - just text\n");
  EXPECT_FALSE(untitled.file);
  EXPECT_EQ(diag(untitled.diags, "has no title").span.line, 4);
  EXPECT_EQ(diag(untitled.diags, "is not a map").span.line, 5);
}

TEST(SourceVariants, AnUnknownTagIsSaidWithTheTagsThereAre) {
  auto loaded = load_with(kBilingual, ReadOptions{"", {"bakend"}, {}, {}});
  ASSERT_TRUE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "no part of the CV is tagged 'bakend'");
  EXPECT_NE(d.hints[0].find("'ops'"), std::string::npos);
  EXPECT_EQ(loaded.file->cv.sections.size(), 1u);  // untagged parts only
}

TEST(SourceVariants, OrdinaryMapsAreNotLanguages) {
  // `to`, `name`: not language codes, so the map stays a map and is an error where text goes.
  auto loaded = load("cv:\n  name: {en: A, xx: B}\n");
  EXPECT_FALSE(loaded.file);
  diag(loaded.diags, "expected text for 'name'");
  auto tags = load("cv:\n  name: A\n  sections:\n    s:\n      - text: t\n        tags: {a: b}\n");
  EXPECT_FALSE(tags.file);
}

}  // namespace
}  // namespace hanji::readers

namespace hanji::readers {
namespace {

// ---------------------------------------------------------------- JSON Resume

const char* kJsonResume = R"({
  "basics": {
    "name": "Ana Silva",
    "label": "Engineer",
    "image": "https://example.com/me.jpg",
    "email": "ana@example.com",
    "summary": "Builds things.",
    "location": {"city": "Lisbon", "countryCode": "PT"},
    "profiles": [
      {"network": "github", "username": "anas", "url": "https://github.com/anas"},
      {"network": "Dribbble", "username": "anas", "url": "https://dribbble.com/anas/"}
    ]
  },
  "work": [{"name": "Acme", "position": "Lead", "url": "https://acme.example", "startDate": "2020-03",
            "highlights": ["Shipped v2 - on time"]}],
  "education": [{"institution": "ULisboa", "area": "Physics", "studyType": "MSc", "startDate": "2014",
                 "endDate": "2016", "score": "18/20", "courses": ["Optics"]}],
  "skills": [{"name": "Web", "level": "Expert", "keywords": ["HTML", "CSS"]}],
  "languages": [{"language": "Portuguese", "fluency": "Native"}],
  "publications": [{"name": "On Light", "publisher": "Optics Letters", "releaseDate": "2016-05-02"}],
  "projects": [{"name": "Lumen", "roles": ["Author"], "entity": "Open source", "keywords": ["C"]}],
  "references": [{"name": "Rui", "reference": "Great colleague."}],
  "favouriteColour": "green"
})";

TEST(SourceJsonResume, TheWholeSchemaLandsOnTheModel) {
  auto loaded = load(kJsonResume, "resume.json");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Cv& cv = loaded.file->cv;
  EXPECT_EQ(cv.name.value, "Ana Silva");
  EXPECT_EQ(cv.headline.value, "Engineer");
  EXPECT_EQ(cv.location.value, "Lisbon, PT");
  EXPECT_TRUE(cv.photo.empty());
  ASSERT_EQ(cv.social_networks.size(), 1u);  // "github" is GitHub
  EXPECT_EQ(cv.social_networks[0].network.value, "GitHub");
  ASSERT_EQ(cv.contacts.size(), 4u);
  EXPECT_EQ(cv.contacts[3].text.value, "dribbble.com/anas");  // a network RenderCV lacks: a link
  EXPECT_EQ(cv.contacts[3].url, "https://dribbble.com/anas/");

  std::vector<std::string> titles;
  for (const Section& s : cv.sections) titles.push_back(s.title.value);
  EXPECT_EQ(titles, (std::vector<std::string>{"Summary", "Experience", "Education", "Publications", "Skills",
                                              "Languages", "Projects", "References"}));
  const Entry& job = cv.sections[1].entries[0];
  EXPECT_EQ(job.kind, EntryKind::Experience);
  EXPECT_EQ(job.company.value, "[Acme](https://acme.example)");
  ASSERT_TRUE(job.end_date);
  EXPECT_EQ(job.end_date->kind, Date::Kind::Present);  // no endDate: ongoing
  ASSERT_EQ(job.highlights.size(), 1u);
  EXPECT_EQ(job.highlights[0].text.value, "Shipped v2 - on time");  // plain: no RenderCV nesting
  const Entry& school = cv.sections[2].entries[0];
  EXPECT_EQ(school.degree.value, "MSc");
  ASSERT_EQ(school.highlights.size(), 2u);
  EXPECT_EQ(school.highlights[0].text.value, "Score: 18/20");
  EXPECT_EQ(school.highlights[1].text.value, "Courses: Optics");
  const Entry& paper = cv.sections[3].entries[0];
  EXPECT_EQ(paper.kind, EntryKind::Publication);
  EXPECT_EQ(paper.journal.value, "Optics Letters");
  EXPECT_EQ(cv.sections[4].entries[0].details.value, "HTML, CSS (Expert)");
  EXPECT_EQ(cv.sections[5].entries[0].label.value, "Portuguese");
  const Entry& project = cv.sections[6].entries[0];
  EXPECT_EQ(project.location.value, "Open source");
  EXPECT_EQ(project.summary.value, "Author");
  EXPECT_EQ(project.highlights.back().text.value, "Keywords: C");
  EXPECT_EQ(cv.sections[7].entries[0].text.value, "Great colleague. \u2014 Rui");

  // An image URL and a key of one's own are warnings at their place, never errors.
  const Diagnostic& image = diag(loaded.diags, "basics.image is a web address");
  EXPECT_EQ(image.span.line, 5);
  diag(loaded.diags, "'favouriteColour' is not a JSON Resume section");
}

TEST(SourceJsonResume, ChosenByContentAndTitledInTheLocale) {
  auto yaml = load("basics: {name: 김민지}\nlocale: korean\nwork:\n  - {name: 한빛, position: 개발자, startDate: 2020-01}\n",
                   "cv.yaml");
  ASSERT_TRUE(yaml.file) << dump(yaml.diags);
  EXPECT_EQ(yaml.file->cv.sections[0].title.value, "경력");
  auto german = load(R"({"basics": {"name": "A"}, "locale": "german",
      "education": [{"institution": "TU", "area": "Physik", "score": "1,3"}]})", "r.json");
  ASSERT_TRUE(german.file) << dump(german.diags);
  EXPECT_EQ(german.file->cv.sections[0].title.value, "Ausbildung");
  EXPECT_EQ(german.file->cv.sections[0].entries[0].highlights[0].text.value, "Note: 1,3");
  auto wrong = load(R"({"basics": {"name": "A"}, "work": [{"name": "B", "startDate": "2020-13"}]})", "r.json");
  EXPECT_FALSE(wrong.file);
  diag(wrong.diags, "there is no month 13");
}

// ---- the tables the schema is written from (fields.h) agree with the readers: every key a
// table lists is read, with the shape it declares, and a key none lists is reported, so the
// schema's `additionalProperties: false` flags no key that hanji takes.

// A value of the field's shape that its reader takes without a word.
std::string valid_value(const Field& field) {
  if (field.key == "doi") return "10.5555/x.1";
  if (field.key == "url" || field.key == "website") return "https://example.com";
  if (field.key == "email") return "jane@example.com";
  if (field.key == "phone") return "'+82 10-1234-5678'";
  if (field.key == "photo") return std::string(HANJI_SOURCE_DIR) + "/samples/photo.png";
  if (field.key == "language") return "german";
  switch (field.shape) {
    case Shape::Text: return "words";
    case Shape::Texts: return "[one, two]";
    case Shape::TextList: return "[one, two]";
    case Shape::Months: return "[a, b, c, d, e, f, g, h, i, j, k, l]";
    case Shape::FreeDate: return "Fall 2020";
    case Shape::StartDate: return "2020-01";
    case Shape::EndDate: return "present";
    case Shape::CurrentDate: return "2024-05-01";
    case Shape::Highlights: return "[one, two]";
    case Shape::Sections: return "{s: [words]}";
    case Shape::SocialNetworks: return "[{network: GitHub, username: jane}]";
    case Shape::CustomConnections: return "[{placeholder: blog, url: 'https://example.com'}]";
    case Shape::Phrases: return "{degree_with_area: DEGREE in AREA}";
    case Shape::SectionTitles: return "{work: Work}";
    case Shape::PdfStandard: return "a-2b";
    default: return "{}";
  }
}

// A value of another shape, which the reader must refuse (nullptr: any value is taken).
const char* wrong_value(Shape shape) {
  switch (shape) {
    case Shape::Text:
    case Shape::FreeDate:
    case Shape::StartDate:
    case Shape::EndDate:
    case Shape::CurrentDate:
    case Shape::PdfStandard: return "[a, b]";
    case Shape::Texts:
    case Shape::TextList:
    case Shape::Months:
    case Shape::Highlights:
    case Shape::SocialNetworks:
    case Shape::CustomConnections: return "{a: b}";
    case Shape::Phrases:
    case Shape::SectionTitles: return "[a]";
    default: return nullptr;
  }
}

bool has_errors_or_warnings(const Diagnostics& diags) {
  for (const auto& d : diags.all())
    if (d.severity != Severity::Note) return true;
  return false;
}

// An entry of `schema`'s type: its required keys with valid values, and `key` with `value`.
std::string entry_with(const EntrySchema& schema, const std::string& key, const std::string& value) {
  std::string out = "      - " + key + ": " + value + "\n";
  for (const std::string& required : schema.required)
    if (required != key) out += "        " + required + ": " + valid_value(*find_field(entry_fields(), required)) + "\n";
  return out;
}

// Every key of every entry type, alone beside the type's required keys.
TEST(SourceSchemaTables, EveryEntryKeyIsReadWithItsShape) {
  for (const EntrySchema& schema : entry_schemas()) {
    for (const std::string& key : schema.fields) {
      const Field* field = find_field(entry_fields(), key);
      ASSERT_NE(field, nullptr) << key << " is an entry type's key but not in entry_fields()";
      auto good = load(with_section("s", entry_with(schema, key, valid_value(*field))));
      EXPECT_TRUE(good.file && !has_errors_or_warnings(good.diags)) << key << ":\n" << dump(good.diags);
      if (const char* wrong = wrong_value(field->shape)) {
        auto bad = load(with_section("s", entry_with(schema, key, wrong)));
        EXPECT_FALSE(bad.file) << entry_kind_name(schema.kind) << "." << key << " took " << wrong;
      }
    }
    // A text under a key of one's own is kept for templates; a list is said at once.
    auto unknown = load(with_section("s", entry_with(schema, "zzz_unknown", "1")));
    ASSERT_TRUE(unknown.file) << dump(unknown.diags);
    EXPECT_EQ(unknown.file->cv.sections[0].entries[0].extra.size(), 1u) << entry_kind_name(schema.kind);
    auto listed = load(with_section("s", entry_with(schema, "zzz_unknown", "[1, 2]")));
    EXPECT_TRUE(has_errors_or_warnings(listed.diags)) << entry_kind_name(schema.kind);
  }
}

TEST(SourceSchemaTables, EveryCvKeyIsReadWithItsShape) {
  for (const Field& field : cv_fields()) {
    const std::string name = field.key == "name" ? "" : "  name: Jane Doe\n";
    auto good = load("cv:\n" + name + "  " + std::string(field.key) + ": " + valid_value(field) + "\n");
    EXPECT_TRUE(good.file && !has_errors_or_warnings(good.diags)) << field.key << ":\n" << dump(good.diags);
    if (const char* wrong = wrong_value(field.shape)) {
      auto bad = load("cv:\n" + name + "  " + std::string(field.key) + ": " + wrong + "\n");
      EXPECT_FALSE(bad.file) << "cv." << field.key << " took " << wrong;
    }
  }
  for (const auto& [fields, where] : {std::pair{&social_network_fields(), "social_networks"},
                                      std::pair{&custom_connection_fields(), "custom_connections"}}) {
    std::string item;
    for (const Field& field : *fields) item += (item.empty() ? "" : ", ") + std::string(field.key) + ": " + valid_value(field);
    if (std::string(where) == "social_networks") item = "network: GitHub, username: jane";
    auto good = load("cv:\n  name: Jane Doe\n  " + std::string(where) + ": [{" + item + "}]\n");
    EXPECT_TRUE(good.file && !has_errors_or_warnings(good.diags)) << where << ":\n" << dump(good.diags);
    auto unknown = load("cv:\n  name: Jane Doe\n  " + std::string(where) + ": [{" + item + ", zzz_unknown: 1}]\n");
    EXPECT_FALSE(unknown.file) << where;
  }
  EXPECT_FALSE(load("cv:\n  name: Jane Doe\n  zzz_unknown: 1\n").file);
}

TEST(SourceSchemaTables, EverySettingsAndLocaleKeyIsReadWithItsShape) {
  const std::string cv = "cv:\n  name: Jane Doe\n";
  for (const Field& field : settings_fields()) {
    auto good = load(cv + "settings:\n  " + std::string(field.key) + ": " + valid_value(field) + "\n");
    EXPECT_TRUE(good.file && !has_errors_or_warnings(good.diags)) << field.key << ":\n" << dump(good.diags);
    if (const char* wrong = wrong_value(field.shape)) {
      EXPECT_FALSE(load(cv + "settings:\n  " + std::string(field.key) + ": " + wrong + "\n").file) << field.key;
    }
  }
  EXPECT_TRUE(has_errors_or_warnings(load(cv + "settings:\n  zzz_unknown: 1\n").diags));
  for (const Field& field : locale_fields()) {
    auto good = load(cv + "locale:\n  " + std::string(field.key) + ": " + valid_value(field) + "\n");
    EXPECT_TRUE(good.file && !has_errors_or_warnings(good.diags)) << field.key << ":\n" << dump(good.diags);
    if (const char* wrong = wrong_value(field.shape); wrong && field.key != "language") {
      EXPECT_FALSE(load(cv + "locale:\n  " + std::string(field.key) + ": " + wrong + "\n").file) << field.key;
    }
  }
  EXPECT_FALSE(load(cv + "locale:\n  zzz_unknown: 1\n").file);
  for (const auto* fields : {&phrase_fields(), &section_title_fields()}) {
    const std::string group = fields == &phrase_fields() ? "phrases" : "section_titles";
    for (const Field& field : *fields)
      EXPECT_TRUE(load(cv + "locale:\n  " + group + ": {" + std::string(field.key) + ": x}\n").file) << field.key;
    EXPECT_FALSE(load(cv + "locale:\n  " + group + ": {zzz_unknown: x}\n").file) << group;
  }
  for (const Field& field : top_level_fields()) EXPECT_NE(field.key, "zzz_unknown");
  EXPECT_FALSE(load(cv + "zzz_unknown: 1\n").file);
}


// ---------------------------------------------------------------- self_introduction (자기소개서)

const std::string kSelfIntroduction =
    "cv:\n"
    "  name: 이흥섭\n"
    "self_introduction:\n"
    "  company: 한지 주식회사\n"
    "  questions:\n"
    "    - title: 성장과정을 기술하십시오.\n"
    "      limit: {max: 500, min: 10, unit: bytes_euc_kr, newline: 2}\n"
    "      answer: |\n"
    "        첫 문단은 **굵게** 씁니다.\n"
    "        같은 문단의 둘째 줄.\n"
    "\n"
    "        - 하나\n"
    "        - 둘\n"
    "\n"
    "        마지막 문단.\n"
    "    - title: 지원동기\n"
    "      limit: 300\n"
    "      answer: [첫 문단, [항목 하나, 항목 둘], 끝 문단]\n";

TEST(SelfIntroduction, QuestionsAnswersAndLimitsAreRead) {
  Loaded loaded = load(kSelfIntroduction);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  ASSERT_TRUE(loaded.file->self_introduction);
  const SelfIntroduction& si = *loaded.file->self_introduction;
  EXPECT_EQ(si.company.value, "한지 주식회사");
  ASSERT_EQ(si.questions.size(), 2u);
  const Question& first = si.questions[0];
  EXPECT_EQ(first.title.value, "성장과정을 기술하십시오.");
  ASSERT_TRUE(first.limit);
  EXPECT_EQ(first.limit->max, 500);
  EXPECT_EQ(first.limit->min, 10);
  EXPECT_EQ(first.limit->unit, CountUnit::BytesEucKr);
  EXPECT_EQ(first.limit->newline, 2);
  ASSERT_EQ(first.answer.size(), 3u);
  EXPECT_FALSE(first.answer[0].list);
  EXPECT_EQ(first.answer[0].items[0].value, "첫 문단은 **굵게** 씁니다. 같은 문단의 둘째 줄.");
  expect_at(first.answer[0].items[0].span, 9, 9);
  EXPECT_TRUE(first.answer[1].list);
  ASSERT_EQ(first.answer[1].items.size(), 2u);
  EXPECT_EQ(first.answer[1].items[1].value, "둘");
  expect_at(first.answer[1].items[1].span, 13, 11);
  EXPECT_EQ(first.answer[2].items[0].value, "마지막 문단.");
  const Question& second = si.questions[1];
  EXPECT_EQ(second.limit->max, 300);
  EXPECT_EQ(second.limit->unit, CountUnit::Chars);
  ASSERT_EQ(second.answer.size(), 3u);
  EXPECT_TRUE(second.answer[1].list);
  EXPECT_EQ(second.answer[1].items[1].value, "항목 둘");
  // The 자기소개서 is bound after the CV.
  ASSERT_EQ(loaded.file->parts.size(), 2u);
  EXPECT_EQ(loaded.file->parts[1], Part::SelfIntroduction);
}

TEST(SelfIntroduction, ACvWithoutOneHasOnlyTheCvPart) {
  Loaded loaded = load("cv:\n  name: J\n");
  ASSERT_TRUE(loaded.file);
  EXPECT_FALSE(loaded.file->self_introduction);
  EXPECT_EQ(loaded.file->parts, std::vector<Part>{Part::Cv});
}

TEST(SelfIntroduction, BadLimitsAreRefusedWhereTheyAreWritten) {
  auto with_limit = [](const std::string& limit) {
    return "cv:\n  name: J\nself_introduction:\n  questions:\n    - title: Q\n      answer: A\n      limit: " + limit +
           "\n";
  };
  {
    Loaded loaded = load(with_limit("{max: 300, min: 500}"));
    EXPECT_FALSE(loaded.file);
    expect_at(diag(loaded.diags, "limit.max 300 is less than limit.min 500").span, 7, 20);
  }
  {
    Loaded loaded = load(with_limit("{max: -5}"));
    EXPECT_FALSE(loaded.file);
    expect_at(diag(loaded.diags, "cannot be negative").span, 7, 20);
  }
  {
    Loaded loaded = load(with_limit("{max: 500, unit: chars_nospaces}"));
    EXPECT_FALSE(loaded.file);
    const Diagnostic& d = diag(loaded.diags, "limit.unit 'chars_nospaces'");
    expect_at(d.span, 7, 31);
    EXPECT_TRUE(has_hint(d, "did you mean 'chars_no_spaces'?"));
  }
  {
    Loaded loaded = load(with_limit("{max: 500, newline: 3}"));
    EXPECT_FALSE(loaded.file);
    expect_at(diag(loaded.diags, "limit.newline '3'").span, 7, 34);
  }
  {
    Loaded loaded = load(with_limit("{maz: 500}"));
    EXPECT_FALSE(loaded.file);
    EXPECT_TRUE(has_hint(diag(loaded.diags, "unknown key 'maz'"), "did you mean 'max'?"));
  }
}

TEST(SelfIntroduction, UnknownKeysHaveADidYouMean) {
  Loaded loaded = load("cv:\n  name: J\nself_introduction:\n  compnay: X\n  questions:\n    - title: Q\n      answr: A\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& company = diag(loaded.diags, "unknown key 'compnay'");
  expect_at(company.span, 4, 3);
  EXPECT_TRUE(has_hint(company, "did you mean 'company'?"));
  EXPECT_TRUE(has_hint(diag(loaded.diags, "unknown key 'answr'"), "did you mean 'answer'?"));
}

TEST(SelfIntroduction, AQuestionNeedsATitle) {
  Loaded loaded = load("cv:\n  name: J\nself_introduction:\n  questions:\n    - answer: A\n");
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "question 1 has no title").span, 5, 7);
}

// ---------------------------------------------------------------- letters and applications

constexpr const char* kLetterCv =
    "cv:\n"                                           // 1
    "  name: Jane Doe\n"                              // 2
    "letter:\n"                                       // 3
    "  recipient:\n"                                  // 4
    "    name: Dr Jane Smith\n"                       // 5
    "    company: Acme GmbH\n"                        // 6
    "    address: [Bahnhofstrasse 1, 8001 Zürich]\n"  // 7
    "  date: 2026-11-20\n"                            // 8
    "  subject: Application\n"                        // 9
    "  salutation: Dear Dr Smith,\n"                  // 10
    "  body: |\n"                                     // 11
    "    First paragraph,\n"                          // 12
    "    on two lines.\n"                             // 13
    "\n"                                              // 14
    "    A list:\n"                                   // 15
    "\n"                                              // 16
    "    - one **item**\n"                            // 17
    "    - another\n"                                 // 18
    "\n"                                              // 19
    "    Last paragraph.\n"                           // 20
    "  closing: Yours sincerely,\n"                   // 21
    "  enclosures: [Curriculum vitae]\n";             // 22

TEST(Letter, EveryKeyIsRead) {
  auto loaded = load(kLetterCv);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  ASSERT_TRUE(loaded.file->letter);
  const model::Letter& letter = *loaded.file->letter;
  expect_at(letter.span, 3, 1);
  EXPECT_EQ(letter.recipient.name.value, "Dr Jane Smith");
  EXPECT_EQ(letter.recipient.company.value, "Acme GmbH");
  ASSERT_EQ(letter.recipient.address.size(), 2u);
  EXPECT_EQ(letter.recipient.address[1].value, "8001 Zürich");
  ASSERT_TRUE(letter.date);
  EXPECT_EQ(letter.date->kind, model::Date::Kind::YearMonthDay);
  EXPECT_EQ(letter.date->day, 20);
  EXPECT_EQ(letter.subject.value, "Application");
  EXPECT_EQ(letter.salutation.value, "Dear Dr Smith,");
  EXPECT_EQ(letter.closing.value, "Yours sincerely,");
  ASSERT_EQ(letter.enclosures.size(), 1u);
  // With a letter the default parts are the letter, then the CV.
  EXPECT_EQ(loaded.file->parts, (std::vector<model::Part>{model::Part::Letter, model::Part::Cv}));
}

TEST(Letter, BodyTextSplitsIntoParagraphsAndListsEachAtItsOwnLine) {
  auto loaded = load(kLetterCv);
  ASSERT_TRUE(loaded.file && loaded.file->letter) << dump(loaded.diags);
  const auto& body = loaded.file->letter->body;
  ASSERT_EQ(body.size(), 4u);
  EXPECT_FALSE(body[0].list);
  EXPECT_EQ(body[0].items[0].value, "First paragraph, on two lines.");
  expect_at(body[0].items[0].span, 12, 5);
  EXPECT_EQ(body[1].items[0].value, "A list:");
  expect_at(body[1].items[0].span, 15, 5);
  ASSERT_TRUE(body[2].list);
  ASSERT_EQ(body[2].items.size(), 2u);
  EXPECT_EQ(body[2].items[0].value, "one **item**");  // markup kept for compose
  expect_at(body[2].items[0].span, 17, 7);
  expect_at(body[2].items[1].span, 18, 7);
  EXPECT_EQ(body[3].items[0].value, "Last paragraph.");
  expect_at(body[3].items[0].span, 20, 5);
}

TEST(Letter, BodyAsAListWithANestedList) {
  auto loaded = load(
      "cv:\n  name: Jane Doe\nletter:\n  body:\n    - First.\n    - [one, two]\n    - Last.\n");
  ASSERT_TRUE(loaded.file && loaded.file->letter) << dump(loaded.diags);
  const auto& body = loaded.file->letter->body;
  ASSERT_EQ(body.size(), 3u);
  EXPECT_TRUE(body[1].list);
  EXPECT_EQ(body[1].items.size(), 2u);
  expect_at(body[2].items[0].span, 7, 7);
}

TEST(Letter, UnknownKeysAreLocatedWithDidYouMean) {
  auto loaded = load("cv:\n  name: Jane Doe\nletter:\n  subjcet: Hi\n  recipient:\n    compnay: Acme\n  body: x\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& subject = diag(loaded.diags, "subjcet");
  expect_at(subject.span, 4, 3);
  EXPECT_TRUE(has_hint(subject, "subject"));
  const Diagnostic& company = diag(loaded.diags, "compnay");
  expect_at(company.span, 6, 5);
  EXPECT_TRUE(has_hint(company, "company"));
}

TEST(Letter, WrongShapesAreLocated) {
  auto loaded = load("cv:\n  name: Jane Doe\nletter:\n  body: {a: b}\n");
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "letter.body").span, 4, 9);
  auto list = load("cv:\n  name: Jane Doe\nletter: [a]\n");
  EXPECT_FALSE(list.file);
  expect_at(diag(list.diags, "letter").span, 3, 9);
}

TEST(Letter, SignatureImageIsCheckedAsThePhotoIs) {
  auto loaded = load("cv:\n  name: Jane Doe\nletter:\n  body: x\n  signature: {name: J. Doe, image: nowhere.png}\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "nowhere.png");
  expect_at(d.span, 5, 36);
  auto text = load("cv:\n  name: Jane Doe\nletter:\n  body: x\n  signature: {image: sig.gif}\n");
  EXPECT_FALSE(text.file);
  diag(text.diags, "not a PNG or JPEG");
}

TEST(Letter, PartsAreChecked) {
  const std::string letter = "letter:\n  body: x\n";
  auto ordered = load("cv:\n  name: Jane Doe\n" + letter + "parts: [cv, letter]\n");
  ASSERT_TRUE(ordered.file) << dump(ordered.diags);
  EXPECT_EQ(ordered.file->parts, (std::vector<model::Part>{model::Part::Cv, model::Part::Letter}));
  auto unknown = load("cv:\n  name: Jane Doe\n" + letter + "parts: [cv, leter]\n");
  EXPECT_FALSE(unknown.file);
  const Diagnostic& typo = diag(unknown.diags, "'leter' is not a part");
  expect_at(typo.span, 5, 13);
  EXPECT_TRUE(has_hint(typo, "letter"));
  auto absent = load("cv:\n  name: Jane Doe\nparts: [letter, cv]\n");
  EXPECT_FALSE(absent.file);
  expect_at(diag(absent.diags, "does not have").span, 3, 9);
  // A CV without a letter is the CV alone, as before.
  auto plain = load("cv:\n  name: Jane Doe\n");
  ASSERT_TRUE(plain.file);
  EXPECT_EQ(plain.file->parts, (std::vector<model::Part>{model::Part::Cv}));
  EXPECT_FALSE(plain.file->letter);
}

TEST(Letter, AJsonResumeCarriesOneToo) {
  auto loaded = load("{\"basics\": {\"name\": \"Jane Doe\"},\n \"letter\": {\"subject\": \"Hello\", \"body\": [\"One.\", \"Two.\"]}}\n",
                     "resume.json");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.diags.all().size(), 0u) << dump(loaded.diags);
  ASSERT_TRUE(loaded.file->letter);
  EXPECT_EQ(loaded.file->letter->body.size(), 2u);
  expect_at(loaded.file->letter->subject.span, 2, 25);
}

TEST(Application, NamesItsCvByPathAndItsLayoutWins) {
  const fs::path dir = fs::temp_directory_path() / "hanji-application-test";
  fs::create_directories(dir);
  std::ofstream(dir / "cv.yaml") << "cv:\n  name: Jane Doe\nlayout: {name: awesome, page: {paper: letter}}\n";
  const std::string application =
      "cv: cv.yaml\nlayout: {name: moderncv, page: {margin_left: 2cm}}\nparts: [letter, cv]\nletter:\n  body: Hello.\n";
  auto loaded = load(application, (dir / "application.yaml").string());
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->cv.name.value, "Jane Doe");
  EXPECT_EQ(loaded.file->layout_name, "moderncv");
  const config::ConfigNode* page = loaded.file->layout_overrides.find("page");
  ASSERT_TRUE(page);
  EXPECT_TRUE(page->find("paper"));        // the CV's value kept
  EXPECT_TRUE(page->find("margin_left"));  // the application's added
  ASSERT_TRUE(loaded.file->letter);
  expect_at(loaded.file->letter->body[0].items[0].span, 5, 9);
  EXPECT_EQ(loaded.file->letter->body[0].items[0].span.file, (dir / "application.yaml").string());
  EXPECT_EQ(loaded.file->parts, (std::vector<model::Part>{model::Part::Letter, model::Part::Cv}));

  auto missing = load("cv: nothere.yaml\nletter:\n  body: x\n", (dir / "application.yaml").string());
  EXPECT_FALSE(missing.file);
  const Diagnostic& d = diag(missing.diags, "does not exist");
  expect_at(d.span, 1, 5);
  EXPECT_TRUE(has_hint(d, "relative to the application file"));

  auto typo = load("cv: cv.yaml\nleter:\n  body: x\n", (dir / "application.yaml").string());
  EXPECT_FALSE(typo.file);
  EXPECT_TRUE(has_hint(diag(typo.diags, "leter"), "letter"));
  fs::remove_all(dir);
}

}  // namespace
// A school without a field of study (a Korean 고등학교 in 학력) is an education entry without
// `area`: hanji takes it, though RenderCV requires the key.
TEST(SourceEntries, AnEducationEntryNeedsNoArea) {
  Diagnostics diags;
  auto file = readers::load_cv_from_string(
      "cv:\n  name: 김하늘\n  sections:\n    학력:\n      - institution: 한빛고등학교\n        start_date: 2009-03\n"
      "        end_date: 2012-02\n      - institution: 서울대학교\n        area: 컴퓨터공학\n",
      "edu.yaml", diags);
  ASSERT_TRUE(file) << (diags.all().empty() ? "" : diags.all().front().message);
  EXPECT_EQ(diags.warning_count(), 0);
  ASSERT_EQ(file->cv.sections.size(), 1u);
  EXPECT_EQ(file->cv.sections[0].kind, model::EntryKind::Education);
  EXPECT_EQ(file->cv.sections[0].entries[0].institution.value, "한빛고등학교");
  EXPECT_TRUE(file->cv.sections[0].entries[0].area.empty());
}

// ---------------------------------------------------------------- text blocks (a body, an answer)

// One text of paragraphs and lists, written in each YAML scalar style, under a letter's `body:`
// (its value's lines from line 5) or a question's `answer:` (from line 7). In every style the
// text is: First. / Second [x]() here. / - one / - two / Between. / - three, parted so that
// the style keeps each line its own (blank lines, except between a literal block's lines).
struct StyledText {
  const char* style;
  std::vector<std::string> lines;  // the value's lines as written, from the indicator's
};

const std::vector<StyledText>& styled_texts() {
  static const std::vector<StyledText> kTexts = {
      {"literal", {"|", "First.", "", "Second [x]() here.", "- one", "", "- two", "", "Between.", "", "- three"}},
      {"folded", {">", "First.", "", "Second [x]() here.", "", "- one", "", "- two", "", "Between.", "", "- three"}},
      {"plain", {"", "First.", "", "Second [x]() here.", "", "- one", "", "- two", "", "Between.", "", "- three"}},
      {"single-quoted",
       {"", "'First.", "", "Second [x]() here.", "", "- one", "", "- two", "", "Between.", "", "- three'"}},
      {"double-quoted",
       {"", "\"First.", "", "Second [x]() here.", "", "- one", "", "- two", "", "Between.", "", "- three\""}},
  };
  return kTexts;
}

// The YAML of `text` under `key` at `indent`; the indicator (or nothing) after the key.
std::string styled_yaml(const StyledText& text, const std::string& head, const std::string& key, int indent) {
  std::string out = head + std::string(static_cast<size_t>(indent), ' ') + key + ":" +
                    (text.lines[0].empty() ? "" : " " + text.lines[0]) + "\n";
  for (size_t i = 1; i < text.lines.size(); ++i)
    out += text.lines[i].empty() ? "\n" : std::string(static_cast<size_t>(indent) + 2, ' ') + text.lines[i] + "\n";
  return out;
}

// The blocks of `text` as a letter's body and as an answer: both read them the same way.
void expect_styled_blocks(const std::vector<model::TextBlock>& blocks, const StyledText& text, int first_line,
                          int col) {
  SCOPED_TRACE(text.style);
  // The line of the value's line `i` (1: the first text line).
  const int base = first_line - 1;
  auto line_of = [&](const std::string& starts) {
    for (size_t i = 1; i < text.lines.size(); ++i)
      if (text.lines[i].find(starts) != std::string::npos) return base + static_cast<int>(i);
    return -1;
  };
  const bool quoted = text.lines[1][0] == '\'' || text.lines[1][0] == '"';
  ASSERT_EQ(blocks.size(), 5u);
  EXPECT_FALSE(blocks[0].list);
  EXPECT_EQ(blocks[0].items[0].value, "First.");
  expect_at(blocks[0].items[0].span, line_of("First."), col + (quoted ? 1 : 0));
  EXPECT_EQ(blocks[1].items[0].value, "Second [x]() here.");
  expect_at(blocks[1].items[0].span, line_of("Second"), col);
  // Blank lines between items keep one list; a paragraph between two lists makes two.
  ASSERT_TRUE(blocks[2].list);
  ASSERT_EQ(blocks[2].items.size(), 2u);
  EXPECT_EQ(blocks[2].items[0].value, "one");
  expect_at(blocks[2].items[0].span, line_of("- one"), col + 2);
  EXPECT_EQ(blocks[2].items[1].value, "two");
  expect_at(blocks[2].items[1].span, line_of("- two"), col + 2);
  EXPECT_FALSE(blocks[3].list);
  expect_at(blocks[3].items[0].span, line_of("Between."), col);
  ASSERT_TRUE(blocks[4].list);
  ASSERT_EQ(blocks[4].items.size(), 1u);
  EXPECT_EQ(blocks[4].items[0].value, "three");
  expect_at(blocks[4].items[0].span, line_of("- three"), col + 2);
}

TEST(TextBlocks, ALetterBodyInEveryScalarStyleIsReadAndLocatedExactly) {
  for (const StyledText& text : styled_texts()) {
    auto loaded = load(styled_yaml(text, "cv:\n  name: Jane Doe\nletter:\n", "body", 2));
    ASSERT_TRUE(loaded.file && loaded.file->letter) << text.style << dump(loaded.diags);
    expect_styled_blocks(loaded.file->letter->body, text, 5, 5);
  }
}

TEST(TextBlocks, AnAnswerInEveryScalarStyleIsReadAndLocatedAsALetterBodyIs) {
  for (const StyledText& text : styled_texts()) {
    auto loaded = load(styled_yaml(text, "cv:\n  name: J\nself_introduction:\n  questions:\n    - title: Q\n",
                                   "answer", 6));
    ASSERT_TRUE(loaded.file && loaded.file->self_introduction) << text.style << dump(loaded.diags);
    expect_styled_blocks(loaded.file->self_introduction->questions[0].answer, text, 7, 9);
  }
}

TEST(TextBlocks, ALiteralBlockJoinsAParagraphsLinesAndAnItemsContinuation) {
  auto loaded = load("cv:\n  name: J\nletter:\n  body: |\n    One\n    paragraph.\n    - an item\n      continued\n"
                     "    -\n      written below\n");
  ASSERT_TRUE(loaded.file && loaded.file->letter) << dump(loaded.diags);
  const auto& body = loaded.file->letter->body;
  ASSERT_EQ(body.size(), 2u);
  EXPECT_EQ(body[0].items[0].value, "One paragraph.");
  ASSERT_TRUE(body[1].list);
  ASSERT_EQ(body[1].items.size(), 2u);
  EXPECT_EQ(body[1].items[0].value, "an item continued");
  EXPECT_EQ(body[1].items[1].value, "written below");  // "-" alone, its text on the next line
  expect_at(body[1].items[1].span, 10, 7);
}

TEST(TextBlocks, AListOfTextsSplitsEachTextAndLocatesItsParts) {
  auto loaded = load("cv:\n  name: J\nself_introduction:\n  questions:\n    - title: Q\n      answer:\n"
                     "        - |\n          One.\n\n          Two.\n        - [a, 'b']\n");
  ASSERT_TRUE(loaded.file && loaded.file->self_introduction) << dump(loaded.diags);
  const auto& answer = loaded.file->self_introduction->questions[0].answer;
  ASSERT_EQ(answer.size(), 3u);
  expect_at(answer[1].items[0].span, 10, 11);
  ASSERT_TRUE(answer[2].list);
  ASSERT_EQ(answer[2].items.size(), 2u);
  expect_at(answer[2].items[1].span, 11, 16);  // after the quote
}

TEST(TextBlocks, ABodyOfMoreParagraphsThanACvMayHoldPartsStopsAtTheBound) {
  for (const std::string& head : {std::string("cv:\n  name: J\nletter:\n  body: |\n"),
                                  std::string("cv:\n  name: J\nself_introduction:\n  questions:\n    - title: Q\n"
                                              "      answer: |\n")}) {
    std::string yaml = head;
    for (std::size_t i = 0; i < limits::kMaxCvParts + 5; ++i) yaml += head.ends_with("answer: |\n") ? "        p\n\n" : "    p\n\n";
    auto loaded = load(yaml);
    EXPECT_FALSE(loaded.file);
    EXPECT_EQ(loaded.diags.error_count(), 1) << dump(loaded.diags);
  }
}

TEST(TextBlocks, AMapIsRefusedWhereTheTextIsWritten) {
  auto loaded = load("cv:\n  name: J\nself_introduction:\n  questions:\n    - title: Q\n      answer: {a: b}\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "expected text or a list for 'answer'");
  expect_at(d.span, 6, 15);
  EXPECT_TRUE(has_hint(d, "answer: |"));
}

TEST(Letter, PartsFromTheCommandLineAreOnePartOrAListToWrite) {
  const std::string yaml = "cv:\n  name: Jane Doe\nletter:\n  body: x\n";
  ReadOptions one;
  one.overrides.push_back({"parts", "letter", "--set parts"});
  auto letter_only = load_with(yaml, one);
  ASSERT_TRUE(letter_only.file) << dump(letter_only.diags);
  EXPECT_EQ(letter_only.file->parts, std::vector<model::Part>{model::Part::Letter});
  ReadOptions several;
  several.overrides.push_back({"parts", "letter,cv", "--set parts"});
  auto refused = load_with(yaml, several);
  EXPECT_FALSE(refused.file);
  EXPECT_TRUE(has_hint(diag(refused.diags, "'letter,cv' is not a part"), "parts: [letter, cv]"));
}

}  // namespace hanji::readers
