// End to end: renders every samples/*.yaml with the real `hanji` binary and checks the PDFs
// the way users and applicant tracking systems see them: qpdf --check, pdffonts (embedded,
// subset, ToUnicode), pdftotext (every word of the CV comes back, no word split across
// lines), byte-identical output on a second run, and the expected page counts.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "compose/compose.h"
#include "layout/layout.h"
#include "source/source.h"

namespace fs = std::filesystem;

namespace {

struct Result {
  int exit_code = -1;
  std::string output;
};

/// Runs a shell command, capturing stdout (stderr too when `with_stderr`).
Result run(const std::string& command, bool with_stderr = false) {
  Result r;
  std::string full = command + (with_stderr ? " 2>&1" : " 2>/dev/null");
  FILE* pipe = popen(full.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
  int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string quote(const std::string& s) { return "'" + s + "'"; }

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  std::string w;
  while (in >> w) words.push_back(w);
  return words;
}

/// The text a field shows once inline markup is resolved.
std::string shown(const hanji::source::Text& t) {
  hanji::Diagnostics ignored;
  std::string out;
  for (const auto& in : hanji::compose::parse_inline(t, {}, {}, ignored)) out += in.text;
  return out;
}

/// Every piece of text a CV asks to be printed, as the reader should see it.
std::vector<std::string> expected_texts(const hanji::source::CvFile& file) {
  const hanji::source::Cv& cv = file.cv;
  std::vector<std::string> texts = {shown(cv.name), shown(cv.headline)};
  for (const auto& c : cv.contacts) texts.push_back(c.text.value);
  for (const auto& section : cv.sections) {
    texts.push_back(shown(section.title));
    for (const auto& e : section.entries) {
      // As printed: "Label: details", authors joined by ", ", the DOI as "doi:10.…".
      if (!e.label.empty()) texts.push_back(shown(e.label) + ": " + shown(e.details));
      for (const auto* t : {&e.text, &e.name, &e.company, &e.position, &e.institution, &e.area, &e.degree,
                            &e.title, &e.location, &e.summary})
        texts.push_back(shown(*t));
      // The journal is followed by ", " and the DOI or URL when there is one.
      bool linked = !e.doi.empty() || !e.url.empty();
      texts.push_back(shown(e.journal) + (linked && !e.journal.empty() ? "," : ""));
      std::string authors;
      for (const auto& a : e.authors) authors += (authors.empty() ? "" : ", ") + shown(a);
      texts.push_back(authors);
      if (!e.doi.empty()) texts.push_back("doi:" + e.doi.value);
      else if (!e.url.empty()) texts.push_back(e.url.value);
      for (const auto& h : e.highlights) {
        texts.push_back(shown(h.text));
        for (const auto& child : h.children) texts.push_back(shown(child));
      }
      texts.push_back(hanji::compose::format_dates(e, file.locale));
    }
  }
  return texts;
}

bool has_hangul(const std::string& word) {
  for (char32_t c : hanji::utf8_decode(word))
    if (c >= 0xAC00 && c <= 0xD7A3) return true;
  return false;
}

class Samples : public ::testing::TestWithParam<std::string> {
 protected:
  static fs::path out_dir() {
    fs::path dir = fs::temp_directory_path() / "hanji-e2e";
    fs::create_directories(dir);
    return dir;
  }
  fs::path sample() const { return fs::path(HANJI_SOURCE_DIR) / "samples" / (GetParam() + ".yaml"); }
  // One file per test: ctest runs the tests as parallel processes, and a PDF left over from
  // an older binary must never be what a test checks.
  fs::path pdf() const {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string test = info->name();
    std::replace(test.begin(), test.end(), '/', '_');
    return out_dir() / (GetParam() + "." + test + ".pdf");
  }

  void SetUp() override {
    fs::remove(pdf());
    build(pdf());
    ASSERT_TRUE(fs::exists(pdf()));
  }
  Result build(const fs::path& out) const {
    Result r = run(std::string(HANJI_BINARY) + " build " + quote(sample()) + " -q -o " + quote(out), true);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    return r;
  }
};

std::vector<std::string> sample_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(fs::path(HANJI_SOURCE_DIR) / "samples"))
    if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST_P(Samples, BuildsWithoutWarnings) {
  Result r = build(out_dir() / (GetParam() + ".warnings-check.pdf"));
  EXPECT_EQ(r.output, "") << "diagnostics for a shipped sample";
}

TEST_P(Samples, PassesQpdfCheck) {
  Result r = run("qpdf --check " + quote(pdf()), true);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("No syntax or stream encoding errors"), std::string::npos) << r.output;
}

TEST_P(Samples, EmbedsAndSubsetsEveryFont) {
  Result r = run("pdffonts " + quote(pdf()));
  ASSERT_EQ(r.exit_code, 0);
  std::istringstream lines(r.output);
  std::string line;
  int fonts = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("name", 0) == 0 || line.rfind("----", 0) == 0 || line.empty()) continue;
    ++fonts;
    std::vector<std::string> cols = split_words(line);
    ASSERT_GE(cols.size(), 7u) << line;
    // name type... emb sub uni object ID: the three flags sit before "object ID" (2 columns).
    size_t n = cols.size();
    EXPECT_EQ(cols[n - 5], "yes") << "not embedded: " << line;
    EXPECT_EQ(cols[n - 4], "yes") << "not subset: " << line;
    EXPECT_EQ(cols[n - 3], "yes") << "no ToUnicode: " << line;
    EXPECT_NE(line.find('+'), std::string::npos) << "subset fonts carry a tag: " << line;
  }
  EXPECT_GT(fonts, 0);
}

TEST_P(Samples, GivesBackEveryWord) {
  hanji::Diagnostics diags;
  auto file = hanji::source::load_cv(sample().string(), diags);
  ASSERT_TRUE(file.has_value());
  Result text = run("pdftotext -enc UTF-8 " + quote(pdf()) + " -");
  ASSERT_EQ(text.exit_code, 0);
  std::multiset<std::string> extracted;
  for (const auto& w : split_words(text.output)) extracted.insert(w);
  int missing = 0;
  for (const auto& t : expected_texts(*file)) {
    for (const auto& w : split_words(t)) {
      if (extracted.count(w)) continue;
      ++missing;
      ADD_FAILURE() << "word not found in pdftotext output: '" << w << "'"
                    << (has_hangul(w) ? " (a Korean word split across lines?)" : "") << " in: " << t;
    }
  }
  EXPECT_EQ(missing, 0);
}

/// Squeezes runs of whitespace to one space.
std::string normalize_space(const std::string& text) {
  std::string out;
  for (const auto& w : split_words(text)) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Applicant tracking systems read the text in extraction order: every section title, and in
// each entry its title, organisation and first highlight, must come back in that order.
TEST_P(Samples, KeepsReadingOrder) {
  hanji::Diagnostics diags;
  auto file = hanji::source::load_cv(sample().string(), diags);
  ASSERT_TRUE(file.has_value());
  const std::string text = normalize_space(run("pdftotext -enc UTF-8 " + quote(pdf()) + " -").output);
  size_t cursor = 0;
  auto expect_next = [&](const std::string& what, size_t max_distance) {
    std::string probe = normalize_space(what).substr(0, 24);
    if (probe.empty()) return;
    size_t at = text.find(probe, cursor);
    if (at == std::string::npos || at - cursor > max_distance) {
      ADD_FAILURE() << "'" << probe << "' is not where it belongs in the extracted text (after offset " << cursor
                    << ")";
      return;
    }
    cursor = at;
  };
  constexpr size_t kWithinEntry = 300;  // title, organisation and dates sit together
  for (const auto& section : file->cv.sections) {
    expect_next(shown(section.title), std::string::npos);
    for (const auto& e : section.entries) {
      bool first = true;
      for (const auto* t : {&e.position, &e.company, &e.institution, &e.name, &e.title}) {
        if (t->empty()) continue;
        expect_next(shown(*t), first ? std::string::npos : kWithinEntry);
        first = false;
      }
      if (!e.highlights.empty()) expect_next(shown(e.highlights.front().text), first ? std::string::npos : kWithinEntry);
    }
  }
}

// No text beyond the right margin (or, for a sample that is fitted to its pages, beyond the
// smallest margin fitting may use), checked on the words pdftotext finds on the page.
TEST_P(Samples, KeepsTextInsideTheRightMargin) {
  hanji::Diagnostics diags;
  auto file = hanji::source::load_cv(sample().string(), diags);
  ASSERT_TRUE(file.has_value());
  auto theme = hanji::layout::load_theme(file->layout_name.empty() ? "classic" : file->layout_name,
                                         file->layout_overrides, "",
                                         hanji::layout::find_data_dirs(HANJI_BINARY), diags);
  ASSERT_TRUE(theme.has_value());
  const double margin = theme->fit_pages > 0 ? theme->fit_min_margin : theme->margin_right;
  const double limit = theme->page_width - margin + 0.5;
  std::string html = run("pdftotext -bbox " + quote(pdf()) + " -").output;
  int words = 0;
  for (size_t at = html.find("xMax=\""); at != std::string::npos; at = html.find("xMax=\"", at + 1)) {
    double x_max = std::stod(html.substr(at + 6));
    ++words;
    EXPECT_LE(x_max, limit) << html.substr(at, html.find("</word>", at) - at);
  }
  EXPECT_GT(words, 10);
}

TEST_P(Samples, IsByteIdenticalOnASecondRun) {
  fs::path again = pdf().string() + ".again.pdf";
  build(again);
  EXPECT_EQ(read_file(pdf()), read_file(again));
}

TEST_P(Samples, HasNoPopplerWarnings) {
  Result r = run("pdftotext " + quote(pdf()) + " /dev/null", true);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.output, "");
}

INSTANTIATE_TEST_SUITE_P(All, Samples, ::testing::ValuesIn(sample_names()));

int page_count(const fs::path& pdf) {
  Result r = run("pdfinfo " + quote(pdf));
  std::istringstream lines(r.output);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind("Pages:", 0) == 0) return std::stoi(line.substr(6));
  return -1;
}

TEST(SamplePages, HaveTheExpectedPageCounts) {
  // Reviewed by eye (PNG renders): a change here is a change of the layout, not noise.
  const std::map<std::string, int> expected = {
      {"byungsoo-jeon", 3}, {"features", 1},      {"gyewon-lee", 2},         {"heungsub-lee", 2},
      {"heungsub-lee-brief", 1}, {"heungsub-lee-ko", 1}, {"kyushick-lee", 2},
  };
  for (const auto& [name, pages] : expected) {
    fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / (name + ".yaml");
    if (!fs::exists(sample)) {
      ADD_FAILURE() << "missing sample " << sample;
      continue;
    }
    fs::path out = fs::temp_directory_path() / "hanji-e2e" / (name + ".pages.pdf");
    fs::create_directories(out.parent_path());
    Result r = run(std::string(HANJI_BINARY) + " build " + quote(sample) + " -q -o " + quote(out), true);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(page_count(out), pages) << name;
  }
}

TEST(Letter, UsesLetterPaperWhenAsked) {
  fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / "heungsub-lee.yaml";
  fs::path out = fs::temp_directory_path() / "hanji-e2e" / "letter.pdf";
  Result r = run(std::string(HANJI_BINARY) + " build " + quote(sample) + " -q --paper letter -o " + quote(out), true);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  Result info = run("pdfinfo " + quote(out));
  EXPECT_NE(info.output.find("612 x 792 pts (letter)"), std::string::npos) << info.output;
}

}  // namespace
