// Golden traces: every tests/golden/NAME.yaml goes through the whole pipeline (source, layout,
// compose, text, paginate) in process, and its trace must equal tests/golden/NAME.trace.
// HANJI_GOLDEN_UPDATE=1 (`make golden-update`) rewrites the .trace files instead; review the
// diff before committing it. Also unit tests of the trace format itself.
#include "trace/trace.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/engine.h"

namespace fs = std::filesystem;

namespace hanji::trace {
namespace {

fs::path golden_dir() { return fs::path(HANJI_SOURCE_DIR) / "tests" / "golden"; }

bool updating() {
  const char* env = std::getenv("HANJI_GOLDEN_UPDATE");
  return env != nullptr && std::string(env) == "1";
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// A unified-style diff of the region where `expected` and `actual` differ (after their common
/// head and tail), with three lines of context, at most `max_rows` rows of each side.
std::string diff(const std::string& expected, const std::string& actual, size_t max_rows = 40) {
  const std::vector<std::string> a = lines_of(expected), b = lines_of(actual);
  size_t head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
  const size_t context_begin = head >= 3 ? head - 3 : 0;
  const size_t context_after = std::min<size_t>(tail, 3);
  std::ostringstream out;
  out << "@@ -" << context_begin + 1 << ',' << a.size() - tail + context_after - context_begin << " +"
      << context_begin + 1 << ',' << b.size() - tail + context_after - context_begin
      << " @@ (first difference at line " << head + 1 << ")\n";
  for (size_t i = context_begin; i < head; ++i) out << ' ' << a[i] << '\n';
  const auto side = [&](const std::vector<std::string>& lines, char mark) {
    const size_t end = lines.size() - tail;
    for (size_t i = head; i < end && i < head + max_rows; ++i) out << mark << lines[i] << '\n';
    if (end > head + max_rows) out << mark << " … " << end - head - max_rows << " more\n";
  };
  side(a, '-');
  side(b, '+');
  for (size_t i = a.size() - tail; i < a.size() - tail + context_after; ++i) out << ' ' << a[i] << '\n';
  return out.str();
}

/// `diagnostic warning @12:9 message`: the location without the directory (it differs between
/// machines); the file name only when it is not the case's own YAML.
std::string diagnostic_rows(const Diagnostics& diags, const fs::path& case_file) {
  std::string out;
  for (const Diagnostic& d : diags.all()) {
    const char* severity = d.severity == Severity::Error ? "error" : d.severity == Severity::Warning ? "warning" : "note";
    out += std::string("diagnostic ") + severity;
    if (d.span.known()) {
      out += " @";
      if (fs::path(d.span.file).filename() != case_file.filename()) out += fs::path(d.span.file).filename().string() + ":";
      out += std::to_string(d.span.line) + ":" + std::to_string(d.span.col);
    }
    out += " " + d.message + "\n";
  }
  return out;
}

/// The case's trace followed by its diagnostics, through the same stages as `hanji build`.
std::string trace_of_case(const fs::path& yaml) {
  Diagnostics diags;
  const theme::DataDirs dirs{(fs::path(HANJI_SOURCE_DIR) / "layouts").string(),
                              (fs::path(HANJI_SOURCE_DIR) / "fonts").string()};
  engine::Engine engine(dirs);
  std::optional<engine::Rendered> rendered = engine.render_file(yaml.string(), engine::Request{}, diags);
  if (!rendered) return diagnostic_rows(diags, yaml);
  return write_trace(rendered->doc) + diagnostic_rows(diags, yaml);
}

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(golden_dir()))
    if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, MatchesItsTrace) {
  const fs::path yaml = golden_dir() / (GetParam() + ".yaml");
  const fs::path expected_file = golden_dir() / (GetParam() + ".trace");
  const std::string actual = trace_of_case(yaml);
  EXPECT_EQ(actual.find("diagnostic error"), std::string::npos) << "a golden case must build:\n" << actual;
  if (updating()) {
    std::ofstream(expected_file, std::ios::binary) << actual;
    ASSERT_EQ(read_file(expected_file), actual) << "could not write " << expected_file;
    return;
  }
  ASSERT_TRUE(fs::exists(expected_file)) << expected_file << " is missing\n  hint: make golden-update";
  const std::string expected = read_file(expected_file);
  if (expected != actual)
    ADD_FAILURE() << GetParam() << ".trace differs (- expected, + actual):\n"
                  << diff(expected, actual)
                  << "hint: if the change is right, run `make golden-update` and review the diff";
}

/// GoogleTest names allow only letters, digits and '_': "long-urls" becomes "long_urls".
std::string test_name(const ::testing::TestParamInfo<std::string>& case_info) {
  std::string name = case_info.param;
  std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Cases, Golden, ::testing::ValuesIn(case_names()), test_name);

TEST(GoldenCases, Exist) {
  EXPECT_GE(case_names().size(), 8u) << "tests/golden/*.yaml not found under " << golden_dir();
}

// ---- the trace format ----

doc::PlacedRun placed_run(const std::string& text, double x, double baseline, std::vector<doc::Glyph> glyphs) {
  doc::PlacedRun placed;
  placed.run.text = text;
  placed.run.size = 9.3;
  placed.run.glyphs = std::move(glyphs);
  placed.x = x;
  placed.baseline = baseline;
  return placed;
}

doc::Document one_page_document() {
  doc::Document doc;
  doc.fonts.push_back({"/somewhere/on/this/machine/NanumBarunGothic.ttf", "NanumBarunGothic", 1000, Span{}});
  doc.pages.emplace_back();
  return doc;
}

TEST(Trace, RoundsToHundredthsWithoutTrailingZerosOrNegativeZero) {
  doc::Document doc = one_page_document();
  doc.pages[0].rects.push_back({56.6929, 72.0, 481.8901, -0.001, {}});
  const std::string trace = write_trace(doc);
  EXPECT_NE(trace.find("document 595.28x841.89 pages=1\n"), std::string::npos) << trace;
  EXPECT_NE(trace.find("rect x=56.69 y=72 w=481.89 h=0\n"), std::string::npos) << trace;
}

TEST(Trace, GroupsRunsOfOneBaselineIntoALineLeftToRight) {
  doc::Document doc = one_page_document();
  // Emitted out of order: the second line first, and the first line's right column before its left.
  doc.pages[0].runs.push_back(placed_run("둘째 줄", 50, 114.004, {{1, 5, 0, 0, 0}}));
  doc.pages[0].runs.push_back(placed_run("2020", 400, 100, {{2, 4, 0, 0, 0}}));
  doc.pages[0].runs.push_back(placed_run("첫 ", 50, 100, {{3, 9.3, 0, 0, 0}, {4, 2.5, 0, 0, 3}}));
  doc.pages[0].runs.push_back(placed_run("줄", 61.8, 100.001, {{5, 9.3, 0, 0, 0}}));
  const std::vector<std::string> rows = lines_of(write_trace(doc));
  std::vector<std::string> line_rows;
  for (const std::string& row : rows)
    if (row.rfind("line ", 0) == 0) line_rows.push_back(row);
  ASSERT_EQ(line_rows.size(), 2u);
  EXPECT_EQ(line_rows[0], "line y=100 x=50..404 \"첫 줄\" \"2020\"");
  EXPECT_EQ(line_rows[1], "line y=114 x=50..55 \"둘째 줄\"");
}

TEST(Trace, WritesFontStemsGlyphsAndOptionalFieldsOnlyWhenSet) {
  doc::Document doc = one_page_document();
  doc::PlacedRun plain = placed_run("가", 10, 20, {{812, 9.3, 0, 0, 0}});
  doc::PlacedRun rich = placed_run("ex", 19.3, 20, {{7, 4.123, 0.5, -1, 0}, {8, 4, 0, 0, 1}});
  rich.run.color = {1, 0, 0};
  rich.run.rise = -0.335;
  rich.run.link = "https://example.com";
  rich.run.actual_text = "example";
  rich.run.span = {"/home/someone/cv.yaml", 12, 9};
  doc.pages[0].runs = {plain, rich};
  const std::string trace = write_trace(doc);
  EXPECT_NE(trace.find("  run x=10 w=9.3 font=NanumBarunGothic size=9.3 \"가\"\n    [812=0+9.3]\n"), std::string::npos)
      << trace;
  EXPECT_NE(trace.find("  run x=19.3 w=8.12 font=NanumBarunGothic size=9.3 color=#ff0000 rise=-0.34 \"ex\" "
                       "actual=\"example\" link=https://example.com @12:9\n    [7=0@0.5,-1+4.12|8=1+4]\n"),
            std::string::npos)
      << trace;
  EXPECT_EQ(trace.find("/somewhere"), std::string::npos) << "no paths in a trace";
  EXPECT_EQ(trace.find("/home"), std::string::npos) << "no paths in a trace";
}

TEST(Trace, EscapesQuotesBackslashesAndInvisibleCharacters) {
  doc::Document doc = one_page_document();
  doc.pages[0].runs.push_back(placed_run("a \"b\" \\ c\u00a0d\u200be\tf", 0, 10, {}));
  const std::string trace = write_trace(doc);
  EXPECT_NE(trace.find(R"("a \"b\" \\ c\u{a0}d\u{200b}e\tf")"), std::string::npos) << trace;
}

TEST(Trace, ListsLinksImagesByFileNameAndBookmarks) {
  doc::Document doc = one_page_document();
  doc.pages[0].links.push_back({1, 2, 3, 4, "mailto:a@b.c"});
  doc.pages[0].images.push_back({"/abs/path/photo.png", 400, 50, 70, 90, Span{}});
  doc.bookmarks.push_back({"경력", 0, 120.456});
  doc.meta.title = "CV";
  doc.meta.language = "ko";
  const std::string trace = write_trace(doc);
  EXPECT_NE(trace.find("meta title=\"CV\" language=\"ko\"\n"), std::string::npos) << trace;
  EXPECT_NE(trace.find("link x=1 y=2 w=3 h=4 mailto:a@b.c\n"), std::string::npos) << trace;
  EXPECT_NE(trace.find("image x=400 y=50 w=70 h=90 photo.png\n"), std::string::npos) << trace;
  EXPECT_NE(trace.find("bookmark page=1 y=120.46 \"경력\"\n"), std::string::npos) << trace;
}

TEST(Trace, IsTheSameForTheSameDocument) {
  doc::Document doc = one_page_document();
  doc.pages[0].runs.push_back(placed_run("같음", 1, 2, {{1, 2, 0, 0, 0}}));
  EXPECT_EQ(write_trace(doc), write_trace(doc));
}

TEST(GoldenDiff, ShowsTheChangedRegionWithContext) {
  const std::string d = diff("a\nb\nc\nd\ne\n", "a\nb\nc\nX\ne\n");
  EXPECT_NE(d.find("@@ -1,5 +1,5 @@ (first difference at line 4)"), std::string::npos) << d;
  EXPECT_NE(d.find(" c\n-d\n+X\n e\n"), std::string::npos) << d;
}

}  // namespace
}  // namespace hanji::trace
