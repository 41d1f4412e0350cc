// Every field of the JSON Resume schema (v1.0.0), probed one at a time through the whole
// pipeline: its text must come back in the drawn lines (what pdftotext extracts), its web
// address as a link, or it is one warning naming it. A field that is read and then left out
// of the pages, silently, fails here.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "repo_data.h"
#include "trace/trace.h"

namespace hanji {
namespace {

namespace fs = std::filesystem;

enum class Expect {
  Shows,  // no message; every string of `shows` is in the pages
  Warns,  // exactly one warning, naming the field and holding every string of `shows`
};

struct Probe {
  std::string field;             // as the schema names it: work.highlights
  std::string json;              // the résumé's top-level members (basics.name is added unless given)
  std::vector<std::string> shows;
  Expect expect = Expect::Shows;
};

// Where a string must be found: "link|ADDRESS" in a link, "image|" an image, "meta|TEXT" the
// document's properties; anything else in a drawn line of text. Parts after the first | are
// all looked for on one line of the trace.
bool trace_shows(const std::string& trace, const std::string& wanted) {
  std::vector<std::string> parts;
  for (size_t from = 0;;) {
    const size_t bar = wanted.find('|', from);
    parts.push_back(wanted.substr(from, bar == std::string::npos ? std::string::npos : bar - from));
    if (bar == std::string::npos) break;
    from = bar + 1;
  }
  std::string kind = "line ";
  if (parts.size() > 1 && (parts.front() == "link" || parts.front() == "image" || parts.front() == "meta")) {
    kind = parts.front() + " ";
    parts.erase(parts.begin());
  }
  size_t from = 0;
  while (from < trace.size()) {
    size_t end = trace.find('\n', from);
    if (end == std::string::npos) end = trace.size();
    const std::string_view line(trace.data() + from, end - from);
    if (line.starts_with(kind) &&
        std::all_of(parts.begin(), parts.end(), [&](const std::string& p) { return line.find(p) != std::string_view::npos; }))
      return true;
    from = end + 1;
  }
  return false;
}

const std::vector<Probe> kProbes = {
    {"basics.name", R"("basics": {"name": "Mira Okafor-Byrne"})", {"Mira Okafor-Byrne", "meta|Mira Okafor-Byrne"}},
    {"basics.label", R"("basics": {"name": "Mira Okafor", "label": "Data Engineer"})", {"Data Engineer"}},
    {"basics.image", R"("basics": {"name": "Mira Okafor", "image": "photo.png"})", {"image|"}},
    {"basics.email", R"("basics": {"name": "Mira Okafor", "email": "mira@example.org"})",
     {"mira@example.org", "link|mailto:mira@example.org"}},
    {"basics.phone", R"("basics": {"name": "Mira Okafor", "phone": "+353 1 555 0100"})", {"+353 1 555 0100"}},
    {"basics.url", R"("basics": {"name": "Mira Okafor", "url": "https://mira.example.org"})",
     {"mira.example.org", "link|https://mira.example.org"}},
    {"basics.summary", R"("basics": {"name": "Mira Okafor", "summary": "Builds pipelines that stay up."})",
     {"Builds pipelines that stay up."}},
    {"basics.location.address", R"("basics": {"name": "Mira Okafor", "location": {"address": "4 Quay Lane", "city": "Dublin"}})",
     {"4 Quay Lane"}},
    {"basics.location.postalCode", R"("basics": {"name": "Mira Okafor", "location": {"postalCode": "D02 X285", "city": "Dublin"}})",
     {"D02 X285"}},
    {"basics.location.city", R"("basics": {"name": "Mira Okafor", "location": {"city": "Dublin"}})", {"Dublin"}},
    {"basics.location.countryCode", R"("basics": {"name": "Mira Okafor", "location": {"city": "Dublin", "countryCode": "IE"}})",
     {"IE"}},
    {"basics.location.region", R"("basics": {"name": "Mira Okafor", "location": {"city": "Dublin", "region": "Leinster"}})",
     {"Leinster"}},
    {"basics.profiles.network", R"("basics": {"name": "Mira Okafor", "profiles": [{"network": "Mastodon", "url": "https://fosstodon.org/@mira"}]})",
     {"link|https://fosstodon.org/@mira"}},
    {"basics.profiles.username", R"("basics": {"name": "Mira Okafor", "profiles": [{"network": "GitHub", "username": "miraok"}]})",
     {"miraok", "link|https://github.com/miraok"}},
    {"basics.profiles.url", R"("basics": {"name": "Mira Okafor", "profiles": [{"network": "Blog", "username": "mira", "url": "https://blog.example.org/mira"}]})",
     {"mira", "link|https://blog.example.org/mira"}},
    {"basics.profiles.username", R"("basics": {"name": "Mira Okafor", "profiles": [{"network": "Twitter", "username": "neutralthoughts", "url": "https://www.twitter.com"}]})",
     {"neutralthoughts", "link|https://www.twitter.com"}},
    {"work.name", R"("work": [{"name": "Tidewater", "position": "Engineer"}])", {"Tidewater"}},
    {"work.position", R"("work": [{"name": "Tidewater", "position": "Staff Engineer"}])", {"Staff Engineer"}},
    {"work.location", R"("work": [{"name": "Tidewater", "position": "Engineer", "location": "Cork"}])", {"Cork"}},
    {"work.description", R"("work": [{"name": "Tidewater", "position": "Engineer", "description": "Shipping logistics"}])",
     {"Shipping logistics"}},
    {"work.url", R"("work": [{"name": "Tidewater", "position": "Engineer", "url": "https://tidewater.example.com"}])",
     {"link|https://tidewater.example.com"}},
    {"work.startDate", R"("work": [{"name": "Tidewater", "position": "Engineer", "startDate": "2022-04-11"}])", {"2022"}},
    {"work.endDate", R"("work": [{"name": "Tidewater", "position": "Engineer", "startDate": "2019-01", "endDate": "2021-08"}])",
     {"2021"}},
    {"work.summary", R"("work": [{"name": "Tidewater", "position": "Engineer", "summary": "Moved the fleet data."}])",
     {"Moved the fleet data."}},
    {"work.highlights", R"("work": [{"name": "Tidewater", "position": "Engineer", "highlights": ["Cut costs by half"]}])",
     {"Cut costs by half"}},
    {"volunteer.organization", R"("volunteer": [{"organization": "Code Club", "position": "Mentor"}])", {"Code Club"}},
    {"volunteer.position", R"("volunteer": [{"organization": "Code Club", "position": "Mentor"}])", {"Mentor"}},
    {"volunteer.url", R"("volunteer": [{"organization": "Code Club", "position": "Mentor", "url": "https://codeclub.example.org"}])",
     {"link|https://codeclub.example.org"}},
    {"volunteer.startDate", R"("volunteer": [{"organization": "Code Club", "position": "Mentor", "startDate": "2019"}])", {"2019"}},
    {"volunteer.endDate", R"("volunteer": [{"organization": "Code Club", "position": "Mentor", "startDate": "2019", "endDate": "2021"}])",
     {"2021"}},
    {"volunteer.summary", R"("volunteer": [{"organization": "Code Club", "position": "Mentor", "summary": "Taught Python to children."}])",
     {"Taught Python to children."}},
    {"volunteer.highlights", R"("volunteer": [{"organization": "Code Club", "position": "Mentor", "highlights": ["Ran 40 sessions"]}])",
     {"Ran 40 sessions"}},
    {"education.institution", R"("education": [{"institution": "Trinity College Dublin", "area": "Statistics"}])",
     {"Trinity College Dublin"}},
    {"education.url", R"("education": [{"institution": "Trinity", "area": "Statistics", "url": "https://tcd.example.ie"}])",
     {"link|https://tcd.example.ie"}},
    {"education.area", R"("education": [{"institution": "Trinity", "area": "Applied Statistics"}])", {"Applied Statistics"}},
    {"education.studyType", R"("education": [{"institution": "Trinity", "area": "Statistics", "studyType": "BSc"}])", {"BSc"}},
    {"education.startDate", R"("education": [{"institution": "Trinity", "area": "Statistics", "startDate": "2014-09"}])", {"2014"}},
    {"education.endDate", R"("education": [{"institution": "Trinity", "area": "Statistics", "startDate": "2014-09", "endDate": "2018-06"}])",
     {"2018"}},
    {"education.score", R"("education": [{"institution": "Trinity", "area": "Statistics", "score": "First class"}])", {"First class"}},
    {"education.courses", R"("education": [{"institution": "Trinity", "area": "Statistics", "courses": ["ST3001 Bayesian Inference"]}])",
     {"ST3001 Bayesian Inference"}},
    {"awards.title", R"("awards": [{"title": "Best Paper"}])", {"Best Paper"}},
    {"awards.date", R"("awards": [{"title": "Best Paper", "date": "2020-09"}])", {"2020"}},
    {"awards.awarder", R"("awards": [{"title": "Best Paper", "awarder": "DataConf"}])", {"DataConf"}},
    {"awards.summary", R"("awards": [{"title": "Best Paper", "summary": "For the ingest paper."}])", {"For the ingest paper."}},
    {"certificates.name", R"("certificates": [{"name": "Cloud Architect"}])", {"Cloud Architect"}},
    {"certificates.date", R"("certificates": [{"name": "Cloud Architect", "date": "2023-01-15"}])", {"2023"}},
    {"certificates.url", R"("certificates": [{"name": "Cloud Architect", "url": "https://certs.example.com/123"}])",
     {"link|https://certs.example.com/123"}},
    {"certificates.issuer", R"("certificates": [{"name": "Cloud Architect", "issuer": "Skyward"}])", {"Skyward"}},
    {"publications.name", R"("publications": [{"name": "Streams at Rest"}])", {"Streams at Rest"}},
    {"publications.publisher", R"("publications": [{"name": "Streams at Rest", "publisher": "Data Journal"}])", {"Data Journal"}},
    {"publications.releaseDate", R"("publications": [{"name": "Streams at Rest", "releaseDate": "2021-03"}])", {"2021"}},
    {"publications.url", R"("publications": [{"name": "Streams at Rest", "url": "https://journal.example.org/streams"}])",
     {"link|https://journal.example.org/streams"}},
    {"publications.summary", R"("publications": [{"name": "Streams at Rest", "summary": "On batch and stream."}])",
     {"On batch and stream."}},
    {"skills.name", R"("skills": [{"name": "Databases"}])", {"Databases"}},
    {"skills.level", R"("skills": [{"name": "Databases", "level": "Advanced"}])", {"Advanced"}},
    {"skills.keywords", R"("skills": [{"name": "Databases", "keywords": ["Postgres", "DuckDB"]}])", {"Postgres", "DuckDB"}},
    {"languages.language", R"("languages": [{"language": "Irish"}])", {"Irish"}},
    {"languages.fluency", R"("languages": [{"language": "Irish", "fluency": "Conversational"}])", {"Conversational"}},
    {"interests.name", R"("interests": [{"name": "Sailing"}])", {"Sailing"}},
    {"interests.keywords", R"("interests": [{"name": "Sailing", "keywords": ["dinghies", "navigation"]}])",
     {"dinghies", "navigation"}},
    {"references.name", R"("references": [{"name": "Aoife Byrne", "reference": "Calm under pressure."}])", {"Aoife Byrne"}},
    {"references.reference", R"("references": [{"name": "Aoife Byrne", "reference": "Calm under pressure."}])",
     {"Calm under pressure."}},
    {"projects.name", R"("projects": [{"name": "Riverbed"}])", {"Riverbed"}},
    {"projects.description", R"("projects": [{"name": "Riverbed", "description": "A column store"}])", {"A column store"}},
    {"projects.highlights", R"("projects": [{"name": "Riverbed", "highlights": ["Reached 1.0"]}])", {"Reached 1.0"}},
    {"projects.keywords", R"("projects": [{"name": "Riverbed", "keywords": ["Rust", "Arrow"]}])", {"Rust", "Arrow"}},
    {"projects.startDate", R"("projects": [{"name": "Riverbed", "startDate": "2020-02"}])", {"2020"}},
    {"projects.endDate", R"("projects": [{"name": "Riverbed", "startDate": "2020-02", "endDate": "2022-11"}])", {"2022"}},
    {"projects.url", R"("projects": [{"name": "Riverbed", "url": "https://riverbed.example.dev"}])",
     {"link|https://riverbed.example.dev"}},
    {"projects.roles", R"("projects": [{"name": "Riverbed", "roles": ["Maintainer", "Release manager"]}])",
     {"Maintainer", "Release manager"}},
    {"projects.entity", R"("projects": [{"name": "Riverbed", "entity": "Apache Foundation"}])", {"Apache Foundation"}},
    {"projects.type", R"("projects": [{"name": "Riverbed", "type": "library"}])", {"library"}},
    // The résumé's data about itself: the date time spans count to, the layout it asks for;
    // its address and the schema's version are the file's, not the CV's.
    {"meta.lastModified",
     R"("work": [{"name": "Tidewater", "position": "Engineer", "startDate": "2020-01"}], "meta": {"lastModified": "2023-07-01T10:00:00"})",
     {"2020"}},
    {"meta.theme", R"("meta": {"theme": "macchiato"})", {"Mira Okafor"}},  // drawn in the timeline layout
    {"meta.theme", R"("meta": {"theme": "jsonresume-theme-my-own"})", {"meta.theme", "jsonresume-theme-my-own"},
     Expect::Warns},
    // The names of the schema before 1.0, and those public résumés give the later sections,
    // read as today's.
    {"basics.website", R"("basics": {"name": "Mira Okafor", "website": "https://mira.example.org"})",
     {"mira.example.org", "link|https://mira.example.org"}},
    {"basics.picture", R"("basics": {"name": "Mira Okafor", "picture": "photo.png"})", {"image|"}},
    {"work.company", R"("work": [{"company": "Tidewater Ltd", "position": "Engineer"}])", {"Tidewater Ltd"}},
    {"work.website", R"("work": [{"name": "Tidewater", "position": "Engineer", "website": "https://tidewater.example.com"}])",
     {"link|https://tidewater.example.com"}},
    {"volunteer.website", R"("volunteer": [{"organization": "Code Club", "position": "Mentor", "website": "https://codeclub.example.org"}])",
     {"link|https://codeclub.example.org"}},
    {"education.gpa", R"("education": [{"institution": "Trinity", "area": "Statistics", "gpa": "3.9/4.0"}])", {"3.9/4.0"}},
    {"publications.website", R"("publications": [{"name": "Streams at Rest", "website": "https://journal.example.org/streams"}])",
     {"link|https://journal.example.org/streams"}},
    {"projects.website", R"("projects": [{"name": "Riverbed", "website": "https://riverbed.example.dev"}])",
     {"link|https://riverbed.example.dev"}},
    {"certificates.website", R"("certificates": [{"name": "Cloud Architect", "website": "https://certs.example.com/123"}])",
     {"link|https://certs.example.com/123"}},
    {"languages.name", R"("languages": [{"name": "Irish", "fluency": "Conversational"}])", {"Irish", "Conversational"}},
    {"meta.canonical", R"("meta": {"canonical": "https://example.org/resume.json"})", {}},
    {"meta.version", R"("meta": {"version": "v1.0.0"})", {}},
};

class JsonResumeProbe : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hanji-json-resume-probe-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    fs::copy_file(test::sample("photo.png"), dir_ / "photo.png", fs::copy_options::overwrite_existing);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string pages(const std::string& json, Diagnostics& diags) {
    std::optional<engine::Rendered> rendered =
        engine_.render_text(json, (dir_ / "resume.json").string(), engine::Request{}, diags);
    if (!rendered) return "";
    Diagnostics problems;  // a note says what hanji did on its own, not a field it left aside
    for (const Diagnostic& d : diags.all())
      if (d.severity != Severity::Note && d.severity != Severity::Detail) problems.add(d);
    diags = std::move(problems);
    return trace::write_trace(rendered->doc);
  }

  fs::path dir_;
  engine::Engine engine_{test::repo_dirs()};
};

TEST_F(JsonResumeProbe, EveryFieldIsDrawnOrIsOneWarning) {
  int shown = 0, warned = 0;
  for (const Probe& probe : kProbes) {
    SCOPED_TRACE(probe.field + ": " + probe.json);
    const std::string json =
        "{" + (probe.json.starts_with(R"("basics")") ? "" : std::string(R"("basics": {"name": "Mira Okafor"}, )")) +
        probe.json + "}";
    Diagnostics diags;
    const std::string trace = pages(json, diags);
    ASSERT_FALSE(trace.empty()) << test::dump(diags);
    if (probe.expect == Expect::Warns) {
      ASSERT_EQ(diags.all().size(), 1u) << test::dump(diags);
      EXPECT_EQ(diags.all().front().severity, Severity::Warning);
      for (const std::string& wanted : probe.shows)
        EXPECT_NE(diags.all().front().message.find(wanted), std::string::npos) << diags.all().front().message;
      ++warned;
      continue;
    }
    EXPECT_EQ(diags.all().size(), 0u) << test::dump(diags);
    bool all = true;
    for (const std::string& wanted : probe.shows) {
      const bool found = trace_shows(trace, wanted);
      EXPECT_TRUE(found) << "'" << wanted << "' is not drawn";
      all = all && found;
    }
    if (!all) std::cout << trace.substr(0, 4000);
    if (all) ++shown;
  }
  std::cout << "JSON Resume fields drawn: " << shown << ", refused with a warning: " << warned << "\n";
}

}  // namespace
}  // namespace hanji
