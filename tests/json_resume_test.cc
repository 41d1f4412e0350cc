// Tests for the JSON Resume reader (readers/jsonresume/json_resume.cc): which entry kind each of the
// schema's arrays becomes, its dates, and that its own keys, wrong types and misspellings are
// reported at their place with the names the file uses. The basic mapping is also covered in
// cv_readers_test.cc; this file goes through every section and every message.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "readers/jsonresume/themes.h"
#include "readers/source.h"

namespace hanji::readers {
namespace {

struct Loaded {
  std::optional<CvFile> file;
  Diagnostics diags;
};

Loaded load(const std::string& text, const std::string& path = "resume.json", const ReadOptions& options = {}) {
  Loaded out;
  out.file = load_cv_from_string(text, path, out.diags, options);
  return out;
}

std::string dump(const Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags.all()) out += format_diagnostic(d);
  return out;
}

// The diagnostics whose message contains `needle`.
std::vector<Diagnostic> find(const Diagnostics& diags, std::string_view needle) {
  std::vector<Diagnostic> out;
  for (const auto& d : diags.all())
    if (d.message.find(needle) != std::string::npos) out.push_back(d);
  return out;
}

// Line and column (1-based) of the first `needle` in `text`: where a message should point.
std::pair<int, int> place_of(std::string_view text, std::string_view needle) {
  const size_t at = text.find(needle);
  if (at == std::string_view::npos) return {0, 0};
  const size_t line_start = text.rfind('\n', at);
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  return {line, static_cast<int>(at - (line_start == std::string_view::npos ? 0 : line_start + 1)) + 1};
}

const Section* section_titled(const Cv& cv, std::string_view title) {
  for (const Section& section : cv.sections)
    if (section.title.value == title) return &section;
  return nullptr;
}

// One entry in every array of the schema, each field written once.
const char* kEverySection = R"({
  "basics": {"name": "Mira Okafor", "label": "Data Engineer", "email": "mira@example.org",
             "location": {"address": "4 Quay Lane", "postalCode": "D02", "city": "Dublin",
                          "region": "Leinster", "countryCode": "IE"}},
  "work": [{"name": "Tidewater", "position": "Engineer", "startDate": "2022-04-11"}],
  "volunteer": [{"organization": "Code Club", "position": "Mentor", "startDate": "2019", "endDate": "2021"}],
  "education": [{"institution": "Trinity", "area": "Statistics", "studyType": "BSc", "endDate": "2018-06"}],
  "awards": [{"title": "Best Paper", "date": "2020-09", "awarder": "DataConf", "summary": "For the ingest paper."}],
  "certificates": [{"name": "Cloud Architect", "date": "2023-01-15", "issuer": "Skyward"}],
  "publications": [{"name": "Streams at Rest", "publisher": "Data Journal", "releaseDate": "2021"}],
  "skills": [{"name": "Databases", "level": "Advanced", "keywords": ["Postgres", "DuckDB"]}],
  "languages": [{"language": "Irish", "fluency": "Conversational"}],
  "interests": [{"name": "Sailing", "keywords": ["dinghies", "navigation"]}],
  "references": [{"name": "Aoife Byrne", "reference": "Calm under pressure."}],
  "projects": [{"name": "Riverbed", "description": "A column store", "roles": ["Maintainer"], "type": "library",
                "entity": "Open source", "keywords": ["Rust"], "startDate": "2020-02",
                "highlights": ["Reached 1.0"]}],
  "meta": {"version": "v1.0.0", "canonical": "https://example.org/resume.json"}
})";

TEST(JsonResume, EverySectionTakesTheKindThatRendersIt) {
  Loaded loaded = load(kEverySection);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_TRUE(loaded.diags.all().empty()) << dump(loaded.diags);  // meta is ignored quietly
  const Cv& cv = loaded.file->cv;
  EXPECT_EQ(cv.location.value, "4 Quay Lane, Dublin, Leinster, D02, IE");
  const std::vector<std::pair<std::string, EntryKind>> expected = {
      {"Experience", EntryKind::Experience}, {"Volunteering", EntryKind::Experience},
      {"Education", EntryKind::Education},   {"Awards", EntryKind::Normal},
      {"Certificates", EntryKind::Normal},   {"Publications", EntryKind::Publication},
      {"Skills", EntryKind::OneLine},        {"Languages", EntryKind::OneLine},
      {"Interests", EntryKind::OneLine},     {"Projects", EntryKind::Normal},
      {"References", EntryKind::Text}};
  ASSERT_EQ(cv.sections.size(), expected.size()) << dump(loaded.diags);
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(cv.sections[i].title.value, expected[i].first);
    EXPECT_EQ(cv.sections[i].kind, expected[i].second) << expected[i].first;
    ASSERT_EQ(cv.sections[i].entries.size(), 1u) << expected[i].first;
  }
  auto entry = [&](size_t section) -> const Entry& { return cv.sections[section].entries[0]; };
  EXPECT_EQ(entry(1).company.value, "Code Club");
  EXPECT_EQ(entry(1).position.value, "Mentor");
  EXPECT_EQ(entry(2).degree.value, "BSc");
  EXPECT_EQ(entry(3).name.value, "Best Paper");
  EXPECT_EQ(entry(3).location.value, "DataConf");  // the awarder beside the date
  EXPECT_EQ(entry(3).summary.value, "For the ingest paper.");
  EXPECT_EQ(entry(4).location.value, "Skyward");  // the issuer likewise
  EXPECT_EQ(entry(5).journal.value, "Data Journal");
  EXPECT_EQ(entry(6).label.value, "Databases");
  EXPECT_EQ(entry(6).details.value, "Postgres, DuckDB (Advanced)");
  EXPECT_EQ(entry(7).details.value, "Conversational");
  EXPECT_EQ(entry(8).details.value, "dinghies, navigation");
  EXPECT_EQ(entry(10).text.value, "Calm under pressure. \u2014 Aoife Byrne");
  const Entry& project = entry(9);
  EXPECT_EQ(project.location.value, "Open source");
  EXPECT_EQ(project.summary.value, "*Maintainer (library).* A column store");
  ASSERT_EQ(project.highlights.size(), 2u);
  EXPECT_EQ(project.highlights[0].text.value, "Reached 1.0");
  EXPECT_EQ(project.highlights[1].text.value, "Keywords: Rust");
}

TEST(JsonResume, DatesInEachIsoFormAndAnOpenEndIsPresent) {
  Loaded loaded = load(kEverySection);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Cv& cv = loaded.file->cv;
  const Entry& job = cv.sections[0].entries[0];
  ASSERT_TRUE(job.start_date && job.end_date);
  EXPECT_EQ(job.start_date->kind, Date::Kind::YearMonthDay);
  EXPECT_EQ(job.start_date->day, 11);
  EXPECT_EQ(job.end_date->kind, Date::Kind::Present);  // startDate without endDate: ongoing
  const Entry& volunteering = cv.sections[1].entries[0];
  ASSERT_TRUE(volunteering.start_date && volunteering.end_date);
  EXPECT_EQ(volunteering.start_date->kind, Date::Kind::Year);
  EXPECT_EQ(volunteering.end_date->year, 2021);
  const Entry& school = cv.sections[2].entries[0];  // only an end: one date, not a range
  EXPECT_FALSE(school.start_date);
  ASSERT_TRUE(school.date);
  EXPECT_EQ(school.date->kind, Date::Kind::YearMonth);
  ASSERT_TRUE(cv.sections[3].entries[0].date);  // awards' `date`
  EXPECT_EQ(cv.sections[3].entries[0].date->month, 9);
  ASSERT_TRUE(cv.sections[5].entries[0].date);  // publications' `releaseDate`
  EXPECT_EQ(cv.sections[5].entries[0].date->kind, Date::Kind::Year);
}

TEST(JsonResume, LastModifiedIsTheDateTimeSpansCountTo) {
  Loaded stamped = load(R"({"meta": {"lastModified": "2026-11-01T09:00:00"}, "work": [{"name": "Acme"}]})");
  ASSERT_TRUE(stamped.file) << dump(stamped.diags);
  ASSERT_TRUE(stamped.file->settings.current_date);
  EXPECT_EQ(stamped.file->settings.current_date->year, 2026);
  EXPECT_EQ(stamped.file->settings.current_date->month, 11);
  // settings win; a stamp that is not a date is the schema's business, not an error here.
  Loaded told = load(R"({"meta": {"lastModified": "2026-11-01"}, "settings": {"current_date": "2025-02"},
                         "work": [{"name": "Acme"}]})");
  ASSERT_TRUE(told.file) << dump(told.diags);
  EXPECT_EQ(told.file->settings.current_date->year, 2025);
  Loaded odd = load(R"({"meta": {"lastModified": "last Tuesday"}, "work": [{"name": "Acme"}]})");
  ASSERT_TRUE(odd.file) << dump(odd.diags);
  EXPECT_FALSE(odd.file->settings.current_date);
  EXPECT_FALSE(odd.diags.has_errors());
}

// Résumés in the wild: "" for "not given", names of the schema before 1.0, a phone that is
// words, a LinkedIn name for a username, dates written as words, keywords with a lone '*'.
TEST(JsonResume, ResumesAsPeopleWriteThemBuild) {
  const std::string text = R"({
  "basics": {"name": "Ana Ruiz", "label": "", "phone": "Upon request", "website": "https://ana.example",
             "picture": "", "location": {"address": "1 Main St\nApt 2", "city": "Lima"},
             "profiles": [{"network": "LinkedIn", "username": "Ana Ruiz", "url": "https://linkedin.com/in/anaruiz"}]},
  "work": [{"company": "Acme", "website": "https://acme.example", "position": "Engineer",
            "startDate": "2020-01", "endDate": ""},
           {"name": "Beta", "position": "Intern", "startDate": "Summer 2019", "endDate": "至今"}],
  "education": [{"institution": "UNI", "area": "CS", "gpa": "3.9"}],
  "awards": [{"title": "", "date": "", "awarder": "", "summary": ""}],
  "skills": [{"name": "PHP", "keywords": ["Laravel 5.*", "**Symfony**"]}],
  "projects": [{"name": "Tool", "summary": "A build tool."}]
})";
  Loaded loaded = load(text);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_FALSE(loaded.diags.has_errors()) << dump(loaded.diags);
  const Cv& cv = loaded.file->cv;
  EXPECT_EQ(cv.location.value, "1 Main St, Apt 2, Lima");
  ASSERT_EQ(cv.websites.size(), 1u);  // basics.website is the older basics.url
  EXPECT_EQ(cv.websites[0].value, "https://ana.example");
  EXPECT_TRUE(cv.phones.empty());  // "Upon request" is shown as written, not dialled
  bool request = false, linkedin = false;
  for (const Contact& c : cv.contacts) {
    request = request || c.text.value == "Upon request";
    linkedin = linkedin || c.url == "https://linkedin.com/in/anaruiz";
  }
  EXPECT_TRUE(request);
  EXPECT_TRUE(linkedin) << "a username LinkedIn would not take: the profile's URL is shown";
  const Section& work = cv.sections[0];
  ASSERT_EQ(work.entries.size(), 2u);
  EXPECT_EQ(work.entries[0].company.value, "[Acme](https://acme.example)");  // company, website: 0.x names
  ASSERT_TRUE(work.entries[0].end_date);
  EXPECT_EQ(work.entries[0].end_date->kind, Date::Kind::Present);  // "" is no end yet
  ASSERT_TRUE(work.entries[1].date);
  EXPECT_EQ(work.entries[1].date->text, "Summer 2019 \u2013 至今");
  EXPECT_EQ(find(loaded.diags, "is not a date (YYYY-MM-DD); it is printed as written").size(), 1u);
  EXPECT_EQ(find(loaded.diags, "'Summer 2019' in startDate").size(), 1u);
  const Section* education = section_titled(cv, "Education");
  ASSERT_TRUE(education);
  ASSERT_FALSE(education->entries[0].highlights.empty());
  EXPECT_EQ(education->entries[0].highlights[0].text.value, "Score: 3.9");  // gpa is the older score
  EXPECT_FALSE(section_titled(cv, "Awards")) << "an award of empty strings is no section";
  EXPECT_EQ(find(loaded.diags, "an entry of awards has nothing in it").size(), 1u);
  const Section* skills = section_titled(cv, "Skills");
  ASSERT_TRUE(skills);
  EXPECT_EQ(skills->entries[0].details.value, "Laravel 5.\\*, **Symfony**");
  EXPECT_TRUE(find(loaded.diags, "never closed").empty());
  const Section* projects = section_titled(cv, "Projects");
  ASSERT_TRUE(projects);
  EXPECT_EQ(projects->entries[0].summary.value, "A build tool.");  // summary is the older description
  EXPECT_TRUE(find(loaded.diags, "has no place").empty()) << dump(loaded.diags);

  // A date that looks like one must be one: that stays an error, at its place.
  Loaded wrong = load(R"({"work": [{"name": "A", "position": "B", "startDate": "2024-09-31"}]})");
  EXPECT_FALSE(find(wrong.diags, "September 2024 has 30 days").empty()) << dump(wrong.diags);
}

// Python's json.dumps writes what is beyond U+FFFF as a UTF-16 surrogate pair of escapes:
// read as JSON reads it. A lone half is still an error at its place.
TEST(JsonResume, SurrogatePairEscapesAreOneCharacter) {
  Loaded loaded = load(R"({"basics": {"name": "Kim \ud55c\uae00 \ud83d\ude00", "label": "a \"quoted\" \\ud83d"}})");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->cv.name.value, "Kim \uD55C\uAE00 \U0001F600");
  EXPECT_EQ(loaded.file->cv.headline.value, "a \"quoted\" \\ud83d") << "an escaped backslash is no escape";
  Loaded lone = load(R"({"basics": {"name": "Kim \ud83d"}})");
  EXPECT_FALSE(lone.file);
  EXPECT_FALSE(find(lone.diags, "half of a UTF-16 surrogate pair").empty()) << dump(lone.diags);
}

// JSON readers keep the last of two equal keys; YAML has none.
TEST(JsonResume, DuplicateKeysInJsonKeepTheLast) {
  Loaded json = load(R"({"basics": {"name": "First", "name": "Last"}})");
  ASSERT_TRUE(json.file) << dump(json.diags);
  EXPECT_EQ(json.file->cv.name.value, "Last");
  EXPECT_EQ(find(json.diags, "duplicate key 'name' (first at line 1); the last one is used").size(), 1u);
  Loaded yaml = load("basics:\n  name: First\n  name: Last\n", "resume.yaml");
  EXPECT_FALSE(yaml.file);
}

TEST(JsonResume, WrittenInYamlReadsTheSame) {
  const char* yaml = R"(basics:
  name: Mira Okafor
  location: {city: Dublin, countryCode: IE}
work:
  - name: Tidewater
    position: Engineer
    startDate: 2022-04
    highlights:
      - Built the ingest - twice
)";
  Loaded loaded = load(yaml, "resume.yaml");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Cv& cv = loaded.file->cv;
  EXPECT_EQ(cv.location.value, "Dublin, IE");
  ASSERT_EQ(cv.sections.size(), 1u);
  EXPECT_EQ(cv.sections[0].kind, EntryKind::Experience);
  ASSERT_EQ(cv.sections[0].entries[0].highlights.size(), 1u);
  // A JSON Resume highlight is one string: " - " inside it is text, not a nested bullet.
  EXPECT_EQ(cv.sections[0].entries[0].highlights[0].text.value, "Built the ingest - twice");
  EXPECT_TRUE(cv.sections[0].entries[0].highlights[0].children.empty());
}

TEST(JsonResume, KeysOfOnesOwnAreWarningsAtTheirPlace) {
  const std::string json = R"({
  "basics": {"name": "A", "pronouns": "she/her",
             "location": {"city": "Cork", "planet": "Earth"},
             "profiles": [{"network": "GitHub", "username": "a", "followers": 12}]},
  "work": [{"name": "B", "position": "C", "team": "Data"}],
  "hobbies": ["chess"]
})";
  Loaded loaded = load(json);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.diags.error_count(), 0) << dump(loaded.diags);
  // message -> the key it points at (a quoted key's place is its first letter)
  const std::pair<std::string_view, std::string_view> expected[] = {
      {"'pronouns' in basics", "pronouns"},       {"'planet' in basics.location", "planet"},
      {"'followers' in a profile", "followers"},  {"'team' in work", "team"},
      {"'hobbies' is not a JSON Resume section", "hobbies"}};
  for (const auto& [message, key] : expected) {
    std::vector<Diagnostic> found = find(loaded.diags, message);
    ASSERT_EQ(found.size(), 1u) << message << "\n" << dump(loaded.diags);
    EXPECT_EQ(found[0].severity, Severity::Warning);
    EXPECT_EQ(std::make_pair(found[0].span.line, found[0].span.col), place_of(json, key)) << message;
  }
}

TEST(JsonResume, WrongTypesAreErrorsAtTheirPlace) {
  struct Case {
    std::string_view json, message, at;  // `at`: the value the error points at
  };
  const Case cases[] = {
      {R"({"basics": {"name": "A", "location": "Cork"}})", "expected a map for 'location', found text", "Cork"},
      {R"({"skills": [{"name": "A", "keywords": "SQL"}]})", "expected a list of text for 'keywords'", "SQL"},
      {R"({"skills": [{"name": "A", "keywords": ["SQL", ["R"]]}]})", "expected text in the list 'keywords'", "[\"R"},
      {R"({"skills": [{"name": "A", "level": ["high"]}]})", "expected text for 'level', found a list", "[\"high"},
      {R"({"education": [{"institution": "A", "courses": {"x": 1}}]})", "expected a list of text for 'courses'", "{\"x"},
      {R"({"projects": [{"name": "A", "roles": "lead"}]})", "expected a list of text for 'roles'", "lead"},
      {R"({"projects": [{"name": "A", "type": {"k": 1}}]})", "expected text for 'type'", "{\"k"},
      {R"({"work": [{"name": "A", "description": [1]}]})", "expected text for 'description'", "[1"},
      {R"({"references": [{"name": "A", "reference": {"t": 1}}]})", "expected text for 'reference'", "{\"t"},
      {R"({"basics": {"name": "A", "profiles": [{"network": "X", "url": ["u"]}]}})", "expected text for 'url'", "[\"u"},
      {R"({"work": {"name": "A"}})", "expected a list for 'work', found a map", "{\"name"},
  };
  for (const Case& c : cases) {
    Loaded loaded = load(std::string(c.json));
    EXPECT_FALSE(loaded.file) << c.json;
    std::vector<Diagnostic> found = find(loaded.diags, c.message);
    ASSERT_EQ(found.size(), 1u) << c.json << "\n" << dump(loaded.diags);
    EXPECT_EQ(found[0].severity, Severity::Error);
    EXPECT_EQ(std::make_pair(found[0].span.line, found[0].span.col), place_of(c.json, c.at)) << c.json;
  }
}

TEST(JsonResume, MessagesNameTheKeysTheFileUses) {
  Loaded reversed = load(R"({"basics": {"name": "A"},
  "work": [{"name": "B", "startDate": "2021-05", "endDate": "2020"}]})");
  EXPECT_FALSE(reversed.file);
  ASSERT_EQ(find(reversed.diags, "startDate 2021-05 is after endDate 2020").size(), 1u) << dump(reversed.diags);
  Loaded bad_month = load(R"({"work": [{"name": "B", "endDate": "2020-13"}]})");
  ASSERT_EQ(find(bad_month.diags, "invalid date '2020-13' in 'endDate'").size(), 1u) << dump(bad_month.diags);
  const Diagnostic date = find(bad_month.diags, "invalid date")[0];
  ASSERT_FALSE(date.hints.empty());
  EXPECT_NE(date.hints[0].find("leave endDate out"), std::string::npos) << date.hints[0];
  // The missing name's hint says where a JSON Resume keeps it; RenderCV's says `cv:`.
  Loaded nameless = load(R"({"basics": {"label": "Engineer"}})");
  std::vector<Diagnostic> hint = find(nameless.diags, "the CV has no name");
  ASSERT_EQ(hint.size(), 1u) << dump(nameless.diags);
  ASSERT_FALSE(hint[0].hints.empty());
  EXPECT_NE(hint[0].hints[0].find("\"basics\""), std::string::npos) << hint[0].hints[0];
  Loaded rendercv = load("cv:\n  headline: Engineer\n  sections: {a: [b]}\n", "cv.yaml");
  EXPECT_EQ(find(rendercv.diags, "invalid date").size(), 0u);
  ASSERT_EQ(find(rendercv.diags, "the CV has no name").size(), 1u);
  EXPECT_NE(find(rendercv.diags, "the CV has no name")[0].hints[0].find("'cv:'"), std::string::npos);
}

TEST(JsonResume, ProfilesKnownAndUnknown) {
  Loaded loaded = load(R"({"basics": {"name": "A", "profiles": [
    {"network": "github", "username": "mira"},
    {"network": "Twitter", "username": "mira_o"},
    {"network": "Bandcamp", "url": "https://mira.bandcamp.example/"},
    {"network": "Chess club", "username": "mira64"}]}})");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Cv& cv = loaded.file->cv;
  ASSERT_EQ(cv.social_networks.size(), 2u);
  EXPECT_EQ(cv.social_networks[0].network.value, "GitHub");
  EXPECT_EQ(cv.social_networks[1].network.value, "X");  // Twitter's name since 2023
  std::vector<std::string> links;
  for (const Contact& contact : cv.contacts)
    if (contact.kind == Contact::Kind::Website) links.push_back(contact.text.value);
  EXPECT_EQ(links, (std::vector<std::string>{"mira.bandcamp.example", "Chess club: mira64"}));
}

// meta.theme chooses the layout of the theme's look; a theme not in the table is said, naming
// the layout used; the file's own layout wins.
TEST(JsonResume, MetaThemeChoosesALayout) {
  Loaded elegant = load(R"({"basics": {"name": "A"}, "meta": {"theme": "elegant"}})");
  ASSERT_TRUE(elegant.file) << dump(elegant.diags);
  EXPECT_EQ(elegant.file->layout_name, "sidebar");
  EXPECT_EQ(elegant.diags.warning_count(), 0) << dump(elegant.diags);
  Loaded package = load(R"({"basics": {"name": "A"}, "meta": {"theme": "jsonresume-theme-Paper"}})");
  ASSERT_TRUE(package.file) << dump(package.diags);
  EXPECT_EQ(package.file->layout_name, "serif");
  Loaded unknown = load(R"({"basics": {"name": "A"}, "meta": {"theme": "glitter"}})");
  ASSERT_TRUE(unknown.file) << dump(unknown.diags);
  EXPECT_EQ(unknown.file->layout_name, "");
  ASSERT_EQ(find(unknown.diags, "JSON Resume theme 'glitter' is not one hanji knows: the CV is set in hanji's classic layout")
                .size(),
            1u)
      << dump(unknown.diags);
  Loaded own = load(R"({"basics": {"name": "A"}, "meta": {"theme": "glitter"}, "layout": "compact"})");
  ASSERT_TRUE(own.file) << dump(own.diags);
  EXPECT_EQ(own.file->layout_name, "compact");
  EXPECT_EQ(own.diags.warning_count(), 0) << dump(own.diags);
  for (const JsonResumeTheme& theme : json_resume_themes())  // every layout named is shipped
    EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(HANJI_SOURCE_DIR) / "layouts" /
                                        (std::string(theme.layout) + ".yaml")))
        << theme.theme;
}

// A Twitter profile with its own address keeps it: never silently re-pointed to x.com.
TEST(JsonResume, TwitterProfileKeepsItsAddress) {
  Loaded loaded = load(R"({"basics": {"name": "A", "profiles": [
    {"network": "Twitter", "username": "mira_o", "url": "https://twitter.com/mira_o"}]}})");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Cv& cv = loaded.file->cv;
  EXPECT_TRUE(cv.social_networks.empty());
  ASSERT_EQ(cv.contacts.size(), 1u);
  EXPECT_EQ(cv.contacts[0].text.value, "twitter.com/mira_o");
  EXPECT_EQ(cv.contacts[0].url, "https://twitter.com/mira_o");
}

// A profile whose address does not hold its username (the schema's sample gives Twitter's home
// page) shows the network and the username, linked to that address: the name is not lost.
TEST(JsonResume, ProfileAddressWithoutTheUsernameShowsTheName) {
  Loaded loaded = load(R"({"basics": {"name": "A", "profiles": [
    {"network": "Twitter", "username": "neutralthoughts", "url": "https://www.twitter.com"},
    {"network": "SoundCloud", "username": "DandyMusicNL", "url": "https://soundcloud.example.com/dandymusicnl"}]}})");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Cv& cv = loaded.file->cv;
  ASSERT_EQ(cv.contacts.size(), 2u);
  EXPECT_EQ(cv.contacts[0].text.value, "Twitter: neutralthoughts");
  EXPECT_EQ(cv.contacts[0].url, "https://www.twitter.com");
  EXPECT_EQ(cv.contacts[1].text.value, "soundcloud.example.com/dandymusicnl");  // holds it, case aside
}

// Every url of a JSON Resume links only as a web, mail or phone address: basics.url (the
// website), a profile's url, a work entry's url (its name's link) and a publication's url.
// Any other scheme is shown without a link and warned about where the url is written.
TEST(JsonResume, UrlsOfOtherSchemesAreNotLinked) {
  const std::string json = R"json({"basics": {"name": "A", "url": "javascript:alert(1)",
    "profiles": [{"network": "Homepage", "url": "file:///C:/cv.pdf"},
                 {"network": "Blog", "url": "https://blog.example.com/"}]},
  "work": [{"name": "Acme", "url": "JavaScript:void(0)", "position": "Dev", "startDate": "2020"},
           {"name": "Beta", "url": "beta.example.com", "position": "Dev", "startDate": "2019"}],
  "publications": [{"name": "Paper", "url": "smb://share/paper.pdf"}]})json";
  Loaded loaded = load(json);
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Cv& cv = loaded.file->cv;
  std::vector<std::pair<std::string, std::string>> shown_and_linked;
  for (const Contact& contact : cv.contacts) shown_and_linked.emplace_back(contact.text.value, contact.url);
  EXPECT_EQ(shown_and_linked, (std::vector<std::pair<std::string, std::string>>{
                                  {"javascript:alert(1)", ""},
                                  {"file:///C:/cv.pdf", ""},  // shown whole, as it is not linked
                                  {"blog.example.com", "https://blog.example.com/"}}));
  const Section* work = section_titled(cv, "Experience");
  ASSERT_NE(work, nullptr);
  ASSERT_EQ(work->entries.size(), 2u);
  EXPECT_EQ(work->entries[0].company.value, "Acme");
  EXPECT_EQ(work->entries[1].company.value, "[Beta](https://beta.example.com)");
  EXPECT_EQ(loaded.diags.warning_count(), 4) << dump(loaded.diags);
  for (const char* url : {"javascript:alert(1)", "file:///C:/cv.pdf", "JavaScript:void(0)", "smb://share/paper.pdf"}) {
    std::vector<Diagnostic> found = find(loaded.diags, std::string("'") + url + "'");
    ASSERT_EQ(found.size(), 1u) << url << "\n" << dump(loaded.diags);
    EXPECT_EQ(std::make_pair(found[0].span.line, found[0].span.col), place_of(json, url)) << url;
    EXPECT_NE(found[0].message.find("no link to"), std::string::npos) << found[0].message;
    EXPECT_FALSE(found[0].hints.empty());
  }
  EXPECT_NE(find(loaded.diags, "'Acme' is shown as plain text").size(), 0u) << dump(loaded.diags);
}

TEST(JsonResume, TextsPerLanguageAndTagsApply) {
  const char* bilingual = R"({"locale": "korean",
  "basics": {"name": {"ko": "오미라", "en": "Mira Oh"}},
  "work": [{"name": "한빛", "position": {"ko": "엔지니어", "en": "Engineer"}, "startDate": "2020", "tags": ["data"]},
           {"name": "Blue", "position": "Analyst", "startDate": "2018", "endDate": "2019", "tags": ["web"]}]})";
  Loaded korean = load(bilingual);
  ASSERT_TRUE(korean.file) << dump(korean.diags);
  EXPECT_EQ(korean.file->cv.name.value, "오미라");
  ASSERT_NE(section_titled(korean.file->cv, "경력"), nullptr);  // titles in the CV's language
  Loaded english = load(bilingual, "resume.json", ReadOptions{"en", {"data"}});
  ASSERT_TRUE(english.file) << dump(english.diags);
  EXPECT_EQ(english.file->cv.name.value, "Mira Oh");
  const Section* work = section_titled(english.file->cv, "Experience");
  ASSERT_NE(work, nullptr);
  ASSERT_EQ(work->entries.size(), 1u);  // --only data
  EXPECT_EQ(work->entries[0].position.value, "Engineer");
}

TEST(JsonResume, ImageIsAPhotoFileOrAWarnedWebAddress) {
  const std::string_view json = R"({"basics": {"name": "A", "image": "https://example.org/me.png"}})";
  Loaded web = load(std::string(json));
  ASSERT_TRUE(web.file) << dump(web.diags);
  EXPECT_TRUE(web.file->cv.photo.empty());
  std::vector<Diagnostic> warned = find(web.diags, "basics.image is a web address");
  ASSERT_EQ(warned.size(), 1u);
  EXPECT_EQ(warned[0].severity, Severity::Warning);
  EXPECT_EQ(std::make_pair(warned[0].span.line, warned[0].span.col), place_of(json, "https:"));
  const std::string samples = std::string(HANJI_SOURCE_DIR) + "/samples/";
  Loaded local = load(R"({"basics": {"name": "A", "image": "photo.png"}})", samples + "resume.json");
  ASSERT_TRUE(local.file) << dump(local.diags);
  EXPECT_EQ(std::filesystem::path(local.file->cv.photo.value).filename(), "photo.png");
  // A picture named but not beside the file: the CV is made without it, with a warning.
  Loaded missing = load(R"({"basics": {"name": "A", "image": "nowhere.png"}})", samples + "resume.json");
  ASSERT_TRUE(missing.file) << dump(missing.diags);
  EXPECT_TRUE(missing.file->cv.photo.empty());
  EXPECT_EQ(find(missing.diags, "basics.image 'nowhere.png' is not beside the résumé").size(), 1u);
}

}  // namespace
}  // namespace hanji::readers
