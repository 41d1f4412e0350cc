// The text exports: Markdown and plain text in the PDF's order, and a JSON Resume that is
// valid against the schema and reads back into the same CV.
#include "export/export.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "readers/source.h"

namespace hanji::exports {
namespace {

namespace fs = std::filesystem;

model::CvFile load(const std::string& yaml) {
  Diagnostics diags;
  auto file = readers::load_cv_from_string(yaml, "cv.yaml", diags);
  EXPECT_TRUE(file) << (diags.all().empty() ? "" : diags.all().front().message);
  return file ? *file : model::CvFile{};
}

const char* kCv =
    "cv:\n"
    "  name: Jane Roe\n"
    "  headline: Engineer\n"
    "  email: jane@example.com\n"
    "  social_networks: [{network: GitHub, username: jroe}]\n"
    "  sections:\n"
    "    experience:\n"
    "      - company: '[Acme](https://acme.example)'\n"
    "        position: Lead\n"
    "        location: Oslo\n"
    "        start_date: 2020-03\n"
    "        end_date: present\n"
    "        summary: Runs the **platform** team.\n"
    "        highlights:\n"
    "          - Shipped v2 - on time - under budget\n"
    "    education:\n"
    "      - {institution: UiO, area: Physics, degree: MSc, date: Fall 2019}\n"
    "    skills:\n"
    "      - {label: Languages, details: 'C++, Go'}\n"
    "    awards:\n"
    "      - {bullet: Best paper}\n";

TEST(Export, MarkdownFollowsThePdfOrder) {
  const std::string md = export_cv(load(kCv), Format::Markdown, "");
  const std::vector<std::string> in_order = {
      "# Jane Roe", "Engineer", "[jane@example.com](mailto:jane@example.com)",
      "[github.com/jroe](https://github.com/jroe)", "## Experience", "### Lead", "[Acme](https://acme.example)",
      "*Mar 2020 – present · Oslo*", "Runs the **platform** team.", "- Shipped v2", "  - on time",
      "  - under budget", "## Education", "### UiO", "MSc in Physics", "*Fall 2019*", "## Skills",
      "**Languages:** C++, Go", "## Awards", "- Best paper"};
  size_t at = 0;
  for (const std::string& part : in_order) {
    const size_t found = md.find(part, at);
    ASSERT_NE(found, std::string::npos) << "'" << part << "' missing after offset " << at << " in\n" << md;
    at = found + part.size();
  }
}

TEST(Export, PlainTextHasNoMarkup) {
  const std::string txt = export_cv(load(kCv), Format::PlainText, "");
  EXPECT_NE(txt.find("Jane Roe\nEngineer\njane@example.com | github.com/jroe\n"), std::string::npos) << txt;
  EXPECT_NE(txt.find("Lead\nAcme (https://acme.example)\nMar 2020 – present · Oslo\nRuns the platform team.\n"
                     "• Shipped v2\n  ◦ on time\n"),
            std::string::npos)
      << txt;
  EXPECT_NE(txt.find("Languages: C++, Go"), std::string::npos);
  EXPECT_EQ(txt.find("**"), std::string::npos);
  EXPECT_EQ(txt.find("]("), std::string::npos);
}

// The Markdown links what the PDF links: a website or publication url of another scheme than
// http, https, mailto and tel is written as text, not as a link.
TEST(Export, MarkdownLinksOnlyWhatThePdfLinks) {
  const std::string md = export_cv(load("cv:\n"
                                        "  name: Jane Roe\n"
                                        "  website: javascript:alert(1)\n"
                                        "  sections:\n"
                                        "    publications:\n"
                                        "      - {title: Script, authors: [A], url: 'javascript:alert(2)'}\n"
                                        "      - {title: Web, authors: [A], url: example.org/paper}\n"),
                                   Format::Markdown, "");
  EXPECT_NE(md.find("javascript:alert(1)"), std::string::npos) << md;
  EXPECT_NE(md.find("javascript:alert(2)"), std::string::npos) << md;
  EXPECT_EQ(md.find("(javascript:"), std::string::npos) << md;
  EXPECT_NE(md.find("[example.org/paper](https://example.org/paper)"), std::string::npos) << md;
}

// So does the CV's own markup in the Markdown: [text](javascript:...) in a highlight, a summary
// or a text entry becomes its text, and a bare host name its https:// address.
TEST(Export, MarkdownMarkupLinksOnlyWhatThePdfLinks) {
  const std::string md = export_cv(load("cv:\n"
                                        "  name: Jane Roe\n"
                                        "  headline: \"see [me](file:///etc/passwd)\"\n"
                                        "  sections:\n"
                                        "    about:\n"
                                        "      - \"[click](javascript:alert(1)) and [home](example.org) and [mail](mailto:j@x.org)\"\n"
                                        "    work:\n"
                                        "      - company: Acme\n"
                                        "        position: Lead\n"
                                        "        highlights: [\"[run](vbscript:msgbox) now\", \"[](smb://host/share)\"]\n"),
                                   Format::Markdown, "");
  for (const char* scheme : {"(javascript:", "(file:", "(vbscript:", "(smb:"})
    EXPECT_EQ(md.find(scheme), std::string::npos) << scheme << "\n" << md;
  EXPECT_NE(md.find("click and [home](https://example.org) and [mail](mailto:j@x.org)"), std::string::npos) << md;
  EXPECT_NE(md.find("- run now"), std::string::npos) << md;
  EXPECT_NE(md.find("- smb://host/share"), std::string::npos) << md;
  EXPECT_NE(md.find("see me"), std::string::npos) << md;
}

// The Markdown follows the PDF's grammar: a bracket in a code span is no link, emphasis
// around a link stays, and what the PDF does not link is written as it was.
TEST(Export, MarkdownLinksFollowTheMarkupGrammar) {
  const std::string md = export_cv(load("cv:\n"
                                        "  name: Jane Roe\n"
                                        "  sections:\n"
                                        "    about:\n"
                                        "      - \"**[a](javascript:x)** and `[b](javascript:y)` [c](d.org) [e] (f)\"\n"),
                                   Format::Markdown, "");
  EXPECT_NE(md.find("**a** and `[b](javascript:y)` [c](https://d.org) [e] (f)"), std::string::npos) << md;
  // A link written inside a link's label is text in the PDF; in the Markdown its brackets
  // are escaped, whether the outer link is kept or refused.
  const std::string nested = export_cv(load("cv:\n  name: Jane Roe\n  sections:\n    about:\n"
                                            "      - \"[a [b](javascript:y) c](javascript:z) [d [e](javascript:w)](f.org)\"\n"),
                                       Format::Markdown, "");
  EXPECT_NE(nested.find("a \\[b\\](javascript:y) c [d \\[e\\](javascript:w)](https://f.org)"), std::string::npos)
      << nested;
}

TEST(Export, FormatNames) {
  EXPECT_EQ(parse_format("md"), Format::Markdown);
  EXPECT_EQ(parse_format("txt"), Format::PlainText);
  EXPECT_EQ(parse_format("json-resume"), Format::JsonResume);
  EXPECT_FALSE(parse_format("docx"));
  EXPECT_EQ(extension(Format::JsonResume), ".json");
}

// A JSON Resume read by hanji and written again keeps its arrays: sections titled as the
// schema's arrays go back to them, the summary to basics, a linked name to name and url.
TEST(Export, JsonResumeKeepsTheSchemasArrays) {
  Diagnostics diags;
  auto file = readers::load_cv_from_string(R"({
    "basics": {"name": "Ines Duarte", "summary": "Builds bridges."},
    "work": [{"name": "Ponte", "url": "https://ponte.example", "position": "Engineer", "startDate": "2020"}],
    "volunteer": [{"organization": "Rios", "position": "Guide", "startDate": "2018"}],
    "awards": [{"title": "Steel Prize", "date": "2021-06", "awarder": "Guild"}],
    "certificates": [{"name": "Welding", "date": "2019", "issuer": "Board"}],
    "languages": [{"language": "Portuguese", "fluency": "Native"}],
    "interests": [{"name": "Rowing", "keywords": ["sculls"]}],
    "references": [{"name": "Rui", "reference": "Steady hands."}]})", "r.json", diags);
  ASSERT_TRUE(file);
  const std::string json = export_cv(*file, Format::JsonResume, "");
  for (const char* part :
       {"\"summary\": \"Builds bridges.\"", "\"name\": \"Ponte\",\n      \"url\": \"https://ponte.example\"",
        "\"volunteer\": [", "\"organization\": \"Rios\"", "\"awards\": [", "\"title\": \"Steel Prize\"",
        "\"date\": \"2021-06\"", "\"awarder\": \"Guild\"", "\"certificates\": [", "\"issuer\": \"Board\"",
        "\"languages\": [", "\"fluency\": \"Native\"", "\"interests\": [", "\"keywords\": [\n        \"sculls\"",
        "\"references\": [", "\"reference\": \"Steady hands. \u2014 Rui\""})
    EXPECT_NE(json.find(part), std::string::npos) << part << " in\n" << json;
  EXPECT_EQ(json.find("\"projects\""), std::string::npos) << json;  // awards are not projects
  // An award dated in free text has no place in `awards` (ISO dates only): it stays a project.
  auto free = load("cv:\n  name: A\n  sections:\n    Awards:\n      - {name: Prize, date: Spring 2020}\n");
  const std::string kept = export_cv(free, Format::JsonResume, "");
  EXPECT_EQ(kept.find("\"awards\""), std::string::npos) << kept;
  EXPECT_NE(kept.find("\"date\": \"Spring 2020\""), std::string::npos) << kept;
}

// A RenderCV file's keys say which array a section is, in any language: `volunteer` is
// JSON Resume's volunteer, `certifications` its certificates, `honors` its awards, `about`
// its summary (in English, where the titles differ from the arrays' own: Honors, not
// Awards), and read back, the titles are the same.
TEST(Export, JsonResumeArraysFollowTheSectionKeys) {
  const std::string sections =
      "cv:\n  name: 홍길동\n  sections:\n"
      "    about: [개발자입니다.]\n"
      "    volunteer:\n      - {company: 나눔, position: 교사, date: 2019}\n"
      "    certifications:\n      - {name: 정보처리기사, date: 2020-05}\n"
      "    honors:\n      - {name: 대상, date: 2021-06}\n"
      "    languages:\n      - {label: 영어, details: 능숙}\n";
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"locale: korean\n", {"소개", "봉사 활동", "자격증", "수상", "외국어"}},
      {"locale: english\n", {"About", "Volunteer", "Certifications", "Honors", "Languages"}}};
  for (const auto& [locale, titles] : cases) {
    const std::string json = export_cv(load(locale + sections), Format::JsonResume, "");
    for (const char* part : {"\"summary\": \"개발자입니다.\"", "\"volunteer\": [", "\"certificates\": [",
                             "\"awards\": [", "\"languages\": ["})
      EXPECT_NE(json.find(part), std::string::npos) << part << " in\n" << json;
    EXPECT_EQ(json.find("\"work\""), std::string::npos) << json;
    Diagnostics diags;
    auto again = readers::load_cv_from_string(json, "written.json", diags);
    ASSERT_TRUE(again) << json;
    std::vector<std::string> read_back;
    for (const auto& section : again->cv.sections) read_back.push_back(section.title.value);
    EXPECT_EQ(read_back, titles) << locale;
  }
}

// Every sample, written as a JSON Resume and read back, is the same CV: same sections,
// titles, entries and texts.
std::vector<std::string> texts_of(const model::CvFile& file) {
  std::vector<std::string> out = {file.cv.name.value, file.cv.headline.value, file.locale.language};
  for (const auto& contact : file.cv.contacts) out.push_back(contact.text.value + " " + contact.url);
  for (const auto& section : file.cv.sections) {
    out.push_back("## " + section.title.value);
    for (const auto& e : section.entries) {
      out.push_back(std::string(model::entry_kind_name(e.kind)));
      for (const model::Text* t : {&e.text, &e.label, &e.details, &e.name, &e.company, &e.position, &e.institution,
                                   &e.area, &e.degree, &e.title, &e.journal, &e.doi, &e.location, &e.summary})
        out.push_back(t->value);
      for (const auto& a : e.authors) out.push_back(a.value);
      for (const auto* d : {&e.date, &e.start_date, &e.end_date}) out.push_back(*d ? (*d)->text : "-");
      for (const auto& h : e.highlights) {
        out.push_back("• " + h.text.value);
        for (const auto& c : h.children) out.push_back("◦ " + c.value);
      }
    }
  }
  return out;
}

class RoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(RoundTrip, JsonResumeReadsBackToTheSameCv) {
  const fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / GetParam();
  Diagnostics diags;
  auto original = readers::load_cv(sample.string(), diags);
  ASSERT_TRUE(original);
  const std::string json = export_cv(*original, Format::JsonResume, sample.parent_path().string());
  Diagnostics again_diags;
  auto again = readers::load_cv_from_string(json, (sample.parent_path() / "written.json").string(), again_diags);
  ASSERT_TRUE(again) << json;
  for (const auto& d : again_diags.all()) ADD_FAILURE() << d.message;
  EXPECT_EQ(texts_of(*again), texts_of(*original));
  EXPECT_EQ(again->cv.photo.value, original->cv.photo.value);
  EXPECT_EQ(again->layout_name, original->layout_name);
}

std::vector<std::string> samples() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(fs::path(HANJI_SOURCE_DIR) / "samples"))
    if (entry.path().extension() == ".yaml" || entry.path().extension() == ".json")
      names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

INSTANTIATE_TEST_SUITE_P(Samples, RoundTrip, ::testing::ValuesIn(samples()), [](const ::testing::TestParamInfo<std::string>& param) {
  std::string name = param.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
});

// Validated with Python's jsonschema (Debian's python3-jsonschema, which scripts/deps.sh
// installs) against the schema in tests/data, formats (email, uri, dates) included.
TEST(Export, JsonResumeValidatesAgainstTheSchema) {
  const char* python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  if (std::system((std::string(python) + " -c 'import jsonschema' 2>/dev/null").c_str()) != 0)
    GTEST_SKIP() << "python3-jsonschema is not installed";
  const fs::path dir = fs::temp_directory_path() / "hanji-export-test";
  fs::create_directories(dir);
  for (const std::string& name : samples()) {
    const fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / name;
    Diagnostics diags;
    auto file = readers::load_cv(sample.string(), diags);
    ASSERT_TRUE(file);
    const fs::path written = dir / (name + ".json");
    std::ofstream(written) << export_cv(*file, Format::JsonResume, dir.string());
    const std::string check =
        std::string(python) + " -c \"import json, jsonschema, sys; "
        "schema = json.load(open(sys.argv[1])); "
        "errors = list(jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())"
        ".iter_errors(json.load(open(sys.argv[2])))); "
        "[print(e.message, list(e.path)) for e in errors]; sys.exit(1 if errors else 0)\" " +
        (fs::path(HANJI_SOURCE_DIR) / "tests" / "data" / "json-resume-schema.json").string() + " " + written.string();
    EXPECT_EQ(std::system(check.c_str()), 0) << name;
  }
}

}  // namespace
}  // namespace hanji::exports
