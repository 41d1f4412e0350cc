// End to end: renders every samples/*.yaml in its own layout and in every layout of layouts/
// with the real `hanji` binary, and checks the PDFs the way users and applicant tracking
// systems see them: qpdf --check, pdffonts (embedded, subset, ToUnicode), pdftotext (every
// word of the CV comes back, no word split across lines, each column read whole), text inside
// the margins, byte-identical output on a second run, and the expected page counts.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <ctime>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "compose/compose.h"
#include "cv_text.h"
#include "running_hanji.h"
#include "compose/markup.h"  // plain_text
#include "engine/engine.h"
#include "theme/theme.h"
#include "readers/source.h"

namespace fs = std::filesystem;

namespace {

struct Result {
  int exit_code = -1;
  std::string output;
};

/// Runs a shell command, capturing stdout (stderr too when `with_stderr`).
// `command` with its standard output dropped: with run(..., true), its messages alone (-q would
// hide the warnings these tests look for, and a build's line per file is not one).
std::string messages_of(const std::string& command) { return "{ " + command + " >/dev/null; }"; }

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

/// What pdftotext reads from `pdf`, without the bidi controls (U+200E, U+200F, U+202A to
/// U+202E, U+2066 to U+2069) it wraps right-to-left lines and their left-to-right runs in:
/// they are its rendering of the page's directions, not text of the CV.
std::string pdf_text(const std::string& pdf) {
  std::string out;
  for (char32_t c : hanji::utf8_decode(run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output))
    if (c != 0x200E && c != 0x200F && (c < 0x202A || c > 0x202E) && (c < 0x2066 || c > 0x2069)) hanji::utf8_append(out, c);
  return out;
}

// Where a test writes its PDFs: one folder per build of hanji, so a sanitizer build's tests
// running beside the normal ones never write over each other's files.
fs::path e2e_dir() {
  return fs::temp_directory_path() /
         ("hanji-e2e-" + std::to_string(std::hash<std::string>{}(HANJI_BINARY) % 1000000));
}

// A folder of e2e_dir() of a test's own, empty.
fs::path fresh_dir(const std::string& name) {
  const fs::path dir = e2e_dir() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

/// `yaml` written as cv.yaml in a fresh folder `name`; its path.
fs::path fresh_cv(const std::string& name, const std::string& yaml) {
  const fs::path cv = fresh_dir(name) / "cv.yaml";
  std::ofstream(cv) << yaml;
  return cv;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

using cv_text::expected_texts;
using cv_text::has_hangul;
using cv_text::normalize_space;
using cv_text::shown;
using cv_text::split_words;

/// samples/NAME.yaml, or NAME.json for a JSON Resume sample.
fs::path sample_path(const std::string& name) {
  const fs::path dir = fs::path(HANJI_SOURCE_DIR) / "samples";
  return fs::exists(dir / (name + ".yaml")) ? dir / (name + ".yaml") : dir / (name + ".json");
}

/// A sample and the layout it is rendered in ("" = the one the sample names).
struct Case {
  std::string sample, layout;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.sample << (c.layout.empty() ? "" : " in " + c.layout); }

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string name = info.param.sample + (info.param.layout.empty() ? "" : "_in_" + info.param.layout);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

class Samples : public ::testing::TestWithParam<Case> {
 protected:
  static fs::path out_dir() {
    fs::path dir = e2e_dir();
    fs::create_directories(dir);
    return dir;
  }
  fs::path sample() const { return sample_path(GetParam().sample); }
  std::string name() const {
    return GetParam().sample + (GetParam().layout.empty() ? "" : "." + GetParam().layout);
  }
  std::string layout_flag() const { return GetParam().layout.empty() ? "" : " --layout " + GetParam().layout; }
  /// The theme the PDF was made with.
  hanji::theme::Theme theme() const {
    hanji::Diagnostics diags;
    hanji::engine::Engine engine(hanji::theme::find_data_dirs(HANJI_BINARY));
    hanji::engine::Request request;
    request.layout = GetParam().layout;
    auto file = engine.load(sample().string(), request, diags);
    EXPECT_TRUE(file.has_value());
    auto theme = file ? engine.theme_for(*file, request, diags) : std::nullopt;
    EXPECT_TRUE(theme.has_value());
    return theme ? *theme : hanji::theme::Theme{};
  }
  // One file per test: ctest runs the tests as parallel processes, and a PDF left over from
  // an older binary must never be what a test checks.
  fs::path pdf() const {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string test = info->name();
    std::replace(test.begin(), test.end(), '/', '_');
    return out_dir() / (name() + "." + test + ".pdf");
  }

  void SetUp() override {
    fs::remove(pdf());
    build(pdf());
    ASSERT_TRUE(fs::exists(pdf()));
  }
  Result build(const fs::path& out) const {
    Result r = run(std::string(HANJI_BINARY) + " build " + quote(sample()) + layout_flag() + " -q -o " + quote(out),
                   true);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    return r;
  }
};

std::vector<std::string> stems_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".yaml" || entry.path().extension() == ".json")
      names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> sample_names() { return stems_in(fs::path(HANJI_SOURCE_DIR) / "samples"); }

/// Every sample in its own layout, then in each layout.
std::vector<Case> cases() {
  std::vector<Case> out;
  for (const auto& sample : sample_names()) {
    out.push_back({sample, ""});
    for (const auto& layout : stems_in(fs::path(HANJI_SOURCE_DIR) / "layouts")) out.push_back({sample, layout});
  }
  return out;
}

TEST_P(Samples, BuildsWithoutWarnings) {
  Result r = build(out_dir() / (name() + ".warnings-check.pdf"));
  std::string output = r.output;
  // A sample that asks to fit on N pages (fit_pages) may need more in another layout: that
  // warning belongs to the pair, not to either; anything else is a defect.
  if (!GetParam().layout.empty() && output.find(": warning: cannot fit on ") != std::string::npos &&
      std::count(output.begin(), output.end(), '\n') <= 3)
    output.clear();
  EXPECT_EQ(output, "") << "diagnostics for a shipped sample";
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

// The words of `file` that pdftotext does not give back from `pdf`, each a test failure.
// A layout's template may join fields with punctuation ("Kakao Brain, Software Engineer"):
// a word counts with or without what a template put around it. poppler reads a word broken
// across lines whole (its /ActualText): no joining of line ends here.
int missing_words(const fs::path& pdf, const hanji::model::CvFile& file, const hanji::theme::Theme& theme) {
  const std::vector<std::string> missing =
      cv_text::missing_words(cv_text::ReadWords(pdf_text(pdf), false), file, theme);
  for (const std::string& word : missing)
    ADD_FAILURE() << pdf.filename().string() << ": word not found in pdftotext output: " << word;
  return static_cast<int>(missing.size());
}

TEST_P(Samples, GivesBackEveryWord) {
  if (theme().right_to_left)
    GTEST_SKIP() << "poppler rebuilds a right-to-left line's logical order itself and moves the neutral characters "
                    "around its left-to-right words ('ב-Python' as 'ב Python-'); RightToLeft.* checks such a CV's text "
                    "in order through the structure";
  hanji::Diagnostics diags;
  auto file = hanji::readers::load_cv(sample().string(), diags);
  ASSERT_TRUE(file.has_value());
  EXPECT_EQ(missing_words(pdf(), *file, theme()), 0);
}

// Applicant tracking systems read the text in extraction order: the section titles of each
// column come in the file's order, and every entry's title, organisation and first
// highlight come together (in whatever order the layout's template puts them).
TEST_P(Samples, KeepsReadingOrder) {
  if (theme().right_to_left)
    GTEST_SKIP() << "poppler rebuilds a right-to-left line's logical order itself and moves the neutral characters "
                    "around its left-to-right words ('ב-Python' as 'ב Python-'); RightToLeft.* checks such a CV's text "
                    "in order through the structure";
  hanji::Diagnostics diags;
  auto file = hanji::readers::load_cv(sample().string(), diags);
  ASSERT_TRUE(file.has_value());
  for (const std::string& problem : cv_text::reading_order_problems(pdf_text(pdf()), *file, theme()))
    ADD_FAILURE() << problem;
}

// No text beyond the right margin (or, for a sample that is fitted to its pages or whose
// nearly empty last page may be spared, beyond the smallest margin fitting may use: sparing
// a last page under a quarter full goes up to two thirds of the way to the bounds, where the
// side margins have begun to give), checked on the words pdftotext finds on the page.
TEST_P(Samples, KeepsTextInsideTheRightMargin) {
  const hanji::theme::Theme layout = theme();
  // A right-to-left CV's pages are the layout's mirror image: its left margin is on the right.
  const double own_margin = layout.right_to_left ? layout.margin_left : layout.margin_right;
  // A margin already below fit.min_margin is left as it is (fit::squeezed).
  const bool may_fit = layout.fit_pages > 0 || layout.fit_spare_last_page;
  const double margin = may_fit ? std::min(layout.fit_min_margin, own_margin) : own_margin;
  const double limit = layout.page_width - margin + 0.5;
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

// A layout with columns side by side (a side column, two columns): text extraction reads
// each column whole, one after the other, never alternating between them down the page.
// pdftotext -bbox lists the words in the order it reads them.
TEST_P(Samples, ReadsEachColumnWhole) {
  if (theme().right_to_left)
    GTEST_SKIP() << "poppler rebuilds a right-to-left line's logical order itself and moves the neutral characters "
                    "around its left-to-right words ('ב-Python' as 'ב Python-'); RightToLeft.* checks such a CV's text "
                    "in order through the structure";
  const hanji::theme::Theme layout = theme();
  std::vector<double> column_lefts;  // where each column's text starts, left to right
  for (const auto& frame : hanji::theme::region_frames(layout, 0))
    if (frame.region->dock != hanji::theme::RegionDock::Top) column_lefts.push_back(frame.x);
  std::sort(column_lefts.begin(), column_lefts.end());
  if (column_lefts.size() < 2) GTEST_SKIP() << "one column";
  hanji::Diagnostics diags;
  auto file = hanji::readers::load_cv(sample().string(), diags);
  ASSERT_TRUE(file.has_value());
  std::set<std::string> header_words;
  for (const auto* text : {&file->cv.name, &file->cv.headline})
    for (const auto& w : split_words(hanji::compose::plain_text(text->value))) header_words.insert(w);
  // Where the header across the top holds the contacts too (banner's band, columns' letterhead),
  // everything before the first section title is the header's.
  const hanji::theme::Region* header_region = hanji::theme::region_taking(layout, "header");
  const hanji::theme::Region* contacts_region = hanji::theme::region_taking(layout, "contacts");
  const bool contacts_on_top = header_region && header_region->dock == hanji::theme::RegionDock::Top &&
                               (!contacts_region || contacts_region == header_region);
  std::set<std::string> title_words;  // the first word of each section's title
  for (const auto& section : file->cv.sections) {
    const auto words = split_words(hanji::compose::plain_text(section.title.value));
    if (!words.empty()) title_words.insert(words.front());
  }
  std::string html = run("pdftotext -bbox " + quote(pdf()) + " -").output;
  size_t page_at = 0;
  int page = 0;
  while ((page_at = html.find("<page ", page_at)) != std::string::npos) {
    ++page;
    const size_t page_end = std::min(html.find("</page>", page_at), html.size());
    struct Word {
      double x_min, y_min, x_max, y_max;
      std::string text;
    };
    std::vector<Word> words;  // in reading order
    auto number_after = [&](size_t at, const char* key) { return std::stod(html.substr(html.find(key, at) + 6)); };
    for (size_t at = html.find("<word ", page_at); at != std::string::npos && at < page_end;
         at = html.find("<word ", at + 1)) {
      const size_t text_at = html.find('>', at) + 1;
      std::string text = html.substr(text_at, html.find('<', text_at) - text_at);
      while (!text.empty() && text.back() == ' ') text.pop_back();  // a line's last word keeps the break's space
      words.push_back({number_after(at, "xMin=\""), number_after(at, "yMin=\""), number_after(at, "xMax=\""),
                       number_after(at, "yMax=\""), text});
    }
    // The full-width header (name and headline) comes first on the first page; the page
    // number last on every page.
    size_t first = 0;
    if (page == 1)
      while (first < words.size() && (header_words.count(words[first].text) ||
                                      (contacts_on_top && !title_words.count(words[first].text))))
        ++first;
    // A column with nothing left on a page is not there, and the text beside it runs across
    // its place: a word that crosses a column's left edge below the first word of that column
    // says the page has no column there.
    std::vector<double> lefts = {column_lefts.front()};
    for (size_t c = 1; c < column_lefts.size(); ++c) {
      double column_top = layout.page_height;
      for (size_t i = first; i < words.size(); ++i)
        if (words[i].x_min >= column_lefts[c] - 1) column_top = std::min(column_top, words[i].y_min);
      const bool crossed = std::any_of(words.begin() + static_cast<std::ptrdiff_t>(first), words.end(), [&](const Word& w) {
        return w.x_min < column_lefts[c] - 1 && w.x_max > column_lefts[c] + 1 && w.y_min >= column_top - 1;
      });
      if (!crossed) lefts.push_back(column_lefts[c]);
    }
    auto column_of = [&](const Word& w) {
      char column = 'A';
      for (size_t c = 1; c < lefts.size(); ++c)
        if (w.x_min >= lefts[c] - 1) column = static_cast<char>('A' + c);
      return column;
    };
    // The main flow may go on under a column that ends on the page, across the page
    // (regions.NAME.wrap_under): 'W', read last. Its first word stands where the first column
    // does, comes after a word of a column past the first, and below every word read before
    // it; every word from its line down
    // is the wrap's (its words in a larger size start higher).
    std::string columns;  // the column of each word of the columns ('A' the leftmost), in reading order
    double lowest = 0;    // the lowest foot of the words read so far
    std::optional<double> wrap_top;
    constexpr double kSameLine = 4;  // pt: words of one line in two sizes start this far apart at most
    for (size_t i = first; i < words.size(); ++i) {
      if (words[i].y_min >= layout.page_height - layout.margin_bottom) continue;
      const bool after_a_column = columns.find_first_not_of('A') != std::string::npos;
      if (!wrap_top && after_a_column && column_of(words[i]) == 'A' && words[i].y_min >= lowest - 1)
        wrap_top = words[i].y_min;
      columns += wrap_top && words[i].y_min >= *wrap_top - kSameLine ? 'W' : column_of(words[i]);
      lowest = std::max(lowest, words[i].y_max);
    }
    // Whole columns: one change from each column to the next at most.
    size_t changes = 0;
    for (size_t i = 1; i < columns.size(); ++i) changes += columns[i] != columns[i - 1];
    EXPECT_LE(changes, lefts.size() - 1 + (wrap_top ? 1 : 0)) << "page " << page << " reads across the columns: " << columns;
    page_at = page_end;
  }
  EXPECT_GT(page, 0);
}

/// One element of a tagged PDF's structure as poppler reads it (pdfinfo -struct-text): its
/// type, its text (the text lines directly in it, joined) and its elements.
struct StructElement {
  std::string role;
  std::string text;
  std::vector<StructElement> kids;

  /// Every element of type `wanted` under this one, in reading order.
  void find(const std::string& wanted, std::vector<const StructElement*>& out) const {
    for (const StructElement& kid : kids) {
      if (kid.role == wanted) out.push_back(&kid);
      kid.find(wanted, out);
    }
  }
  std::vector<const StructElement*> all(const std::string& wanted) const {
    std::vector<const StructElement*> out;
    find(wanted, out);
    return out;
  }
  /// Its text and that of every element inside it, in reading order, a space between pieces.
  std::string all_text() const {
    std::string out = text;
    for (const StructElement& kid : kids) out += " " + kid.all_text();
    return out;
  }
};

/// The structure tree of `pdf`, read by poppler: each line of pdfinfo -struct-text is an
/// element ("H1 (block)", "TH:"), a quoted text, an attribute or an object reference, indented
/// two spaces a level.
StructElement read_structure(const fs::path& pdf) {
  StructElement root{"(root)", "", {}};
  std::vector<std::pair<std::size_t, StructElement*>> open{{0, &root}};
  std::istringstream lines(run("pdfinfo -struct-text " + quote(pdf.string())).output);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t indent = line.find_first_not_of(' ');
    if (indent == std::string::npos) continue;
    const std::string content = line.substr(indent);
    while (open.size() > 1 && open.back().first >= indent + 2) open.pop_back();
    StructElement& parent = *open.back().second;
    if (content.front() == '"') {
      parent.text += " " + content.substr(1, content.size() >= 2 ? content.size() - 2 : 0);
    } else if (content.front() == '/' || content.rfind("Object ", 0) == 0) {
      continue;  // an attribute, an annotation's reference
    } else {
      std::string role = content.substr(0, content.find_first_of(" :"));
      parent.kids.push_back({role, "", {}});
      open.push_back({indent + 2, &parent.kids.back()});
    }
  }
  return root;
}

// Every piece of every page is either an element's content or an artifact, every MCID is
// owned in the parent tree, every link annotation is a Link element's (tests/tagged_check.py
// reads the file through qpdf's JSON); poppler calls it tagged.
TEST_P(Samples, IsTaggedThroughout) {
  Result check = run("python3 " + quote(std::string(HANJI_SOURCE_DIR) + "/tests/tagged_check.py") + " " +
                         quote(pdf().string()),
                     true);
  EXPECT_EQ(check.exit_code, 0) << check.output;
  EXPECT_NE(run("pdfinfo " + quote(pdf().string())).output.find("Tagged:          yes"), std::string::npos);
}

// The structure says what the CV says: one Document; the name (or a form's title) as the
// H1; a Sect per section with its title as the H2, one per title of the outline; and the text of the tree, read in its order, holds every word the
// page gives back but the page numbers and bullets, which are artifacts.
TEST_P(Samples, StructureMatchesTheCv) {
  const StructElement root = read_structure(pdf());
  ASSERT_EQ(root.kids.size(), 1u);
  const StructElement& document = root.kids.front();
  EXPECT_EQ(document.role, "Document");
  const auto h1 = document.all("H1");
  EXPECT_GE(h1.size(), 1u);
  hanji::Diagnostics diags;
  hanji::engine::Engine engine(hanji::theme::find_data_dirs(HANJI_BINARY));
  hanji::engine::Request request;
  request.layout = GetParam().layout;
  const std::optional<hanji::engine::Rendered> rendered = engine.render_file(sample().string(), request, diags);
  ASSERT_TRUE(rendered.has_value());
  std::vector<std::string> titles, sections;
  const auto squeezed = [](const std::string& text) {  // a title's runs read as pieces
    std::string out;
    for (char c : text)
      if (c != ' ') out += c;
    return out;
  };
  // A bound application's parts have bookmarks of their own, the CV's sections beneath its own.
  const bool bound = rendered->parts.size() > 1;
  for (const hanji::doc::Bookmark& bookmark : rendered->doc.bookmarks)
    if (!bound || bookmark.level > 0) titles.push_back(squeezed(bookmark.title));
  for (const StructElement* sect : document.all("Sect")) {
    ASSERT_FALSE(sect->kids.empty());
    EXPECT_EQ(sect->kids.front().role, "H2");
    sections.push_back(squeezed(sect->kids.front().all_text()));
  }
  // In the CV's order; the outline lists them as the pages show them (a side column's first).
  std::sort(sections.begin(), sections.end());
  std::sort(titles.begin(), titles.end());
  EXPECT_EQ(sections, titles);
  // Characters: the page's (pdftotext) against the tree's, as multisets, whitespace aside
  // (elements and lines part words differently): what the page shows beyond the tree may
  // only be page numbers and bullets, and the tree holds nothing the page does not show.
  std::multiset<char32_t> page_chars, tree_chars;
  const auto is_space = [](char32_t c) { return c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == 0xA0 || c == 0x2009; };
  for (char32_t c : hanji::utf8_decode(pdf_text(pdf().string())))
    if (!is_space(c)) page_chars.insert(c);
  for (char32_t c : hanji::utf8_decode(document.all_text()))
    if (!is_space(c)) tree_chars.insert(c);
  // Page furniture (page numbers, a running footer, a note at the top) is no element's.
  std::multiset<char32_t> furniture;
  for (const hanji::doc::Page& page : rendered->doc.pages)
    for (const hanji::doc::PlacedRun& placed : page.runs)
      if (placed.tag < 0)
        for (char32_t c : hanji::utf8_decode(placed.run.text)) furniture.insert(c);
  std::string untagged, extra;
  for (char32_t c : page_chars) {
    if (auto it = furniture.find(c); it != furniture.end()) {
      furniture.erase(it);
      continue;
    }
    if (auto it = tree_chars.find(c); it != tree_chars.end()) {
      tree_chars.erase(it);
      continue;
    }
    const bool marker = (c >= '0' && c <= '9') || c == '/' || c == 0xB7 || c == 0x2022 || c == 0x2013 ||
                           c == 0x25E6 || c == 0x2023 || c == 0x2219;
    if (!marker) hanji::utf8_append(untagged, c);
  }
  // pdftotext drops a '-' that ends a line, taking it for a hyphen ("Engineer -" over "Azure").
  for (char32_t c : tree_chars)
    if (c != '-') hanji::utf8_append(extra, c);
  EXPECT_EQ(untagged, "") << "on the page but in no element";
  EXPECT_EQ(extra, "") << "in the tree but not on the page";
}

INSTANTIATE_TEST_SUITE_P(All, Samples, ::testing::ValuesIn(cases()), case_name);

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
      {"heungsub-lee-brief", 1}, {"heungsub-lee-ko", 1}, {"kyushick-lee", 2}, {"bilingual", 1},
      {"json-resume", 2}, {"dana-levi-he", 1},
  };
  for (const auto& [name, pages] : expected) {
    fs::path sample = sample_path(name);
    if (!fs::exists(sample)) {
      ADD_FAILURE() << "missing sample " << sample;
      continue;
    }
    fs::path out = e2e_dir() / (name + ".pages.pdf");
    fs::create_directories(out.parent_path());
    Result r = run(std::string(HANJI_BINARY) + " build " + quote(sample) + " -q -o " + quote(out), true);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(page_count(out), pages) << name;
  }
}

TEST(Letter, UsesLetterPaperWhenAsked) {
  fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / "heungsub-lee.yaml";
  fs::path out = e2e_dir() / "letter.pdf";
  Result r = run(std::string(HANJI_BINARY) + " build " + quote(sample) + " -q --paper letter -o " + quote(out), true);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  Result info = run("pdfinfo " + quote(out));
  EXPECT_NE(info.output.find("612 x 792 pts (letter)"), std::string::npos) << info.output;
}

// One source in two languages: each PDF holds its own language and nothing of the other, and
// --only keeps exactly the tagged subset.
struct BilingualPdf {
  int exit_code = -1;
  std::string text, log;
};

BilingualPdf build_bilingual(const std::string& options, const std::string& name) {
  fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / "bilingual.yaml";
  fs::path out = e2e_dir() / (name + ".pdf");
  fs::create_directories(out.parent_path());
  Result r = run(std::string(HANJI_BINARY) + " build " + quote(sample) + " " + options + " -q -o " + quote(out), true);
  BilingualPdf pdf{r.exit_code, "", r.output};
  if (r.exit_code == 0) pdf.text = run("pdftotext -enc UTF-8 " + quote(out) + " -").output;
  return pdf;
}

TEST(Bilingual, EachLanguageAloneWithItsDatesAndPhrases) {
  BilingualPdf en = build_bilingual("--lang en", "bilingual-en");
  ASSERT_EQ(en.exit_code, 0) << en.log;
  EXPECT_TRUE(en.log.empty()) << en.log;
  EXPECT_FALSE(has_hangul(en.text)) << en.text;
  for (const char* word : {"Jimin Park", "Experience", "Apr 2021 – present", "BS in Computer Science"})
    EXPECT_NE(en.text.find(word), std::string::npos) << word;

  BilingualPdf ko = build_bilingual("--lang ko", "bilingual-ko");
  ASSERT_EQ(ko.exit_code, 0) << ko.log;
  for (const char* word : {"박지민", "경력", "2021. 4. ~ 현재", "전산학 학사"})
    EXPECT_NE(ko.text.find(word), std::string::npos) << word;
  for (const char* word : {"Jimin Park", "Experience", "Senior", "Designed", "present", "Summary"})
    EXPECT_EQ(ko.text.find(word), std::string::npos) << word;

  BilingualPdf fallback = build_bilingual("", "bilingual-default");
  EXPECT_EQ(fallback.text, ko.text);  // the first language written is the default
}

// Korean dates take one form, chosen by the locale, whatever form a layout asks for: the
// dotted date of the 국립국어원 rule with a tilde in all the layouts; English keeps the
// layout's choice ("Apr 2021 – present", every month in three letters).
TEST(Dates, KoreanDatesReadTheSameInEveryLayout) {
  const fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / "bilingual.yaml";
  const fs::path dir = fresh_dir("korean-dates");
  int layouts = 0;
  for (const auto& file : fs::directory_iterator(fs::path(HANJI_SOURCE_DIR) / "layouts")) {
    if (file.path().extension() != ".yaml") continue;
    const std::string layout = file.path().stem().string();
    ++layouts;
    for (const char* lang : {"ko", "en"}) {
      const fs::path out = dir / (layout + "-" + lang + ".pdf");
      Result r = run(std::string(HANJI_BINARY) + " build " + quote(sample) + " --lang " + lang + " --layout " +
                         layout + " -q -o " + quote(out),
                     true);
      ASSERT_EQ(r.exit_code, 0) << layout << ": " << r.output;
      const std::string text = normalize_space(pdf_text(out));
      if (std::string(lang) == "ko") {
        EXPECT_NE(text.find("2021. 4. ~ 현재"), std::string::npos) << layout << "\n" << text;
        EXPECT_EQ(text.find("2021년 4월"), std::string::npos) << layout << "\n" << text;
        EXPECT_EQ(text.find("– 현재"), std::string::npos) << layout << "\n" << text;
      } else {
        EXPECT_NE(text.find("Apr 2021"), std::string::npos) << layout << "\n" << text;
        for (const char* mixed : {"Sept ", "June ", "July "})
          EXPECT_EQ(text.find(mixed), std::string::npos) << layout << ": " << mixed << "\n" << text;
      }
    }
  }
  EXPECT_GE(layouts, 12);
}

// A current job's time span counts to the day of the build when the CV gives no current_date:
// SOURCE_DATE_EPOCH's day (UTC), so the same input gives the same PDF on any day. The Korean
// form says the span and 재직 중, and signs on that day; a year-only range counts years.
TEST(Dates, ACurrentJobCountsToTheBuildDay) {
  const fs::path cv = fresh_cv("build-day", R"(cv:
  name: 홍길동
  sections:
    경력:
      - company: 한빛소프트
        position: 선임 연구원
        start_date: 2021-07
        end_date: present
      - company: 나눔기술
        position: 연구원
        start_date: 2013
        end_date: 2018
locale: korean
)");
  const fs::path pdf = cv.parent_path() / "cv.pdf";
  const std::string build = std::string(HANJI_BINARY) + " build " + quote(cv) + " -o " + quote(pdf);
  for (const char* layout : {"ko-standard", "moderncv"}) {
    Result r = run("SOURCE_DATE_EPOCH=1796083200 " + build + " --layout " + layout, true);  // 2026-12-01
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(r.output.find("time span"), std::string::npos) << "a day to count to: " << r.output;
    const std::string text = normalize_space(pdf_text(pdf));
    EXPECT_NE(text.find("5년 6개월"), std::string::npos) << layout << "\n" << text;  // 2021-07 to 2026-12
    EXPECT_NE(text.find("5년"), std::string::npos) << layout << "\n" << text;
    if (std::string(layout) == "ko-standard") {
      EXPECT_NE(text.find("재직 중"), std::string::npos) << text;
      EXPECT_NE(text.find("2026년 12월 1일"), std::string::npos) << "the declaration's date\n" << text;
    }
    const std::string first = read_file(pdf);
    ASSERT_EQ(run("SOURCE_DATE_EPOCH=1796083200 " + build + " --layout " + layout, true).exit_code, 0);
    EXPECT_EQ(read_file(pdf), first) << "the same day, the same bytes";
  }
  // A later day of the build, a longer span; the CV's own current_date wins over it.
  ASSERT_EQ(run("SOURCE_DATE_EPOCH=1830297600 " + build + " --layout moderncv", true).exit_code, 0);  // 2028-01-01
  EXPECT_NE(normalize_space(pdf_text(pdf)).find("6년 7개월"), std::string::npos);
  std::ofstream(cv, std::ios::app) << "settings:\n  current_date: 2022-06\n";
  ASSERT_EQ(run("SOURCE_DATE_EPOCH=1830297600 " + build + " --layout moderncv", true).exit_code, 0);
  EXPECT_NE(normalize_space(pdf_text(pdf)).find("1년"), std::string::npos);
  EXPECT_EQ(normalize_space(pdf_text(pdf)).find("6년 7개월"), std::string::npos);
}

TEST(Bilingual, OnlyKeepsTheTaggedSubset) {
  BilingualPdf all = build_bilingual("--lang en", "bilingual-all");
  BilingualPdf backend = build_bilingual("--lang en --only backend", "bilingual-backend");
  ASSERT_EQ(backend.exit_code, 0) << backend.log;
  for (const char* kept : {"settlement service", "incident runbooks", "Mentored", "Kafka, Spark", "KAIST"})
    EXPECT_NE(backend.text.find(kept), std::string::npos) << kept;
  for (const char* dropped : {"DataWave", "Mobile Studio", "Jetpack"})
    EXPECT_EQ(backend.text.find(dropped), std::string::npos) << dropped;
  EXPECT_NE(all.text.find("DataWave"), std::string::npos);
  BilingualPdf mobile = build_bilingual("--lang en --only mobile --only sre", "bilingual-mobile");
  for (const char* kept : {"Mobile Studio", "Jetpack", "incident runbooks", "Mentored"})
    EXPECT_NE(mobile.text.find(kept), std::string::npos) << kept;
  for (const char* dropped : {"settlement service", "DataWave", "Kafka, Spark"})
    EXPECT_EQ(mobile.text.find(dropped), std::string::npos) << dropped;
}

TEST(Bilingual, LanguagesListsWhatTheFileCarries) {
  fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / "bilingual.yaml";
  EXPECT_EQ(run(std::string(HANJI_BINARY) + " languages " + quote(sample)).output, "ko\nen\n");
  fs::path english = fs::path(HANJI_SOURCE_DIR) / "samples" / "heungsub-lee.yaml";
  EXPECT_EQ(run(std::string(HANJI_BINARY) + " languages " + quote(english)).output, "en\n");
}

// `--format json-resume` then building the JSON gives back the PDF's text word for word, for
// every sample; `--format md|txt` write files and refuse to replace the CV.
TEST(Exports, JsonResumeBuildsAgainToTheSameText) {
  const fs::path dir = e2e_dir() / "exports";
  fs::create_directories(dir);
  for (const std::string& name : sample_names()) {
    // A JSON Resume holds a résumé: an application's cover letter is not in it.
    if (name.starts_with("letter-")) continue;
    const fs::path sample = sample_path(name), json = dir / (name + ".json");
    const fs::path original = dir / (name + ".pdf"), again = dir / (name + ".again.pdf");
    const std::string hanji = std::string(HANJI_BINARY);
    Result exported = run(hanji + " build " + quote(sample) + " --format json-resume -q -o " + quote(json), true);
    ASSERT_EQ(exported.exit_code, 0) << name << ": " << exported.output;
    ASSERT_EQ(run(hanji + " build " + quote(sample) + " -q -o " + quote(original), true).exit_code, 0) << name;
    Result rebuilt = run(messages_of(hanji + " build " + quote(json) + " -o " + quote(again)), true);
    ASSERT_EQ(rebuilt.exit_code, 0) << name << ": " << rebuilt.output;
    // No warning either (a note of what fitting changed is the sample's, as for the YAML).
    EXPECT_EQ(rebuilt.output.find("warning:"), std::string::npos) << name << ": " << rebuilt.output;
    EXPECT_EQ(rebuilt.output.find("error:"), std::string::npos) << name << ": " << rebuilt.output;
    const std::string again_text = run("pdftotext -enc UTF-8 " + quote(again) + " -").output;
    const std::string original_text = run("pdftotext -enc UTF-8 " + quote(original) + " -").output;
    // A JSON Resume holds the CV alone: a sample's 자기소개서, whose pages follow the CV's, is not in it.
    if (read_file(sample).find("\nself_introduction:") != std::string::npos)
      EXPECT_EQ(original_text.substr(0, again_text.size()), again_text) << name;
    else
      EXPECT_EQ(again_text, original_text) << name;
  }
}

TEST(Exports, TextFormatsWriteNextToTheCvAndNeverOverIt) {
  const fs::path dir = fresh_dir("exports-md");
  fs::copy_file(sample_path("json-resume"), dir / "cv.json");
  const std::string hanji = std::string(HANJI_BINARY);
  Result md = run(hanji + " build " + quote(dir / "cv.json") + " --format md", true);
  ASSERT_EQ(md.exit_code, 0) << md.output;
  EXPECT_NE(read_file(dir / "cv.md").find("# Elena Vasquez"), std::string::npos);
  Result txt = run(hanji + " build " + quote(dir / "cv.json") + " --format txt", true);
  ASSERT_EQ(txt.exit_code, 0) << txt.output;
  EXPECT_NE(read_file(dir / "cv.txt").find("Staff Site Reliability Engineer\nFeb 2021 – present\nNorthwind Logistics (https://"),
            std::string::npos);
  const std::string before = read_file(dir / "cv.json");
  Result over = run(hanji + " build " + quote(dir / "cv.json") + " --format json-resume", true);
  EXPECT_EQ(over.exit_code, 1);
  EXPECT_NE(over.output.find("refusing to write over the CV file"), std::string::npos) << over.output;
  EXPECT_EQ(read_file(dir / "cv.json"), before);
  Result bad = run(hanji + " build " + quote(dir / "cv.json") + " --format docx", true);
  EXPECT_EQ(bad.exit_code, 2);
}

// RenderCV files as their authors meant them: each of RenderCV's nine themes, asked for in
// `design.theme`, builds without a warning, gives every word back and looks like no other.
TEST(RenderCvThemes, EachThemeBuildsItsOwnLook) {
  const fs::path dir = e2e_dir() / "rendercv";
  fs::create_directories(dir);
  const std::string cv =
      "cv:\n"
      "  name: Maria Lopez\n"
      "  headline: Data Engineer\n"
      "  location: Austin, TX\n"
      "  email: maria@example.com\n"
      "  social_networks: [{network: GitHub, username: mlopez}]\n"
      "  sections:\n"
      "    experience:\n"
      "      - company: Lone Star Analytics\n"
      "        position: Senior Data Engineer\n"
      "        location: Austin, TX\n"
      "        start_date: 2021-04\n"
      "        end_date: 2024-09\n"
      "        highlights:\n"
      "          - Rebuilt the nightly warehouse loads, cutting their runtime from six hours to forty minutes\n"
      "          - Led a team of four engineers\n"
      "    education:\n"
      "      - institution: University of Texas\n"
      "        area: Statistics\n"
      "        degree: MS\n"
      "        start_date: 2017-08\n"
      "        end_date: 2019-05\n"
      "    skills:\n"
      "      - label: Languages\n"
      "        details: Python, SQL, Scala\n"
      "    publications:\n"
      "      - title: Faster Joins on Skewed Data\n"
      "        authors: [Maria Lopez, Wei Chen]\n"
      "        journal: VLDB 2023\n"
      "        doi: 10.5555/joins.2023\n"
      "        date: 2023-08\n";
  std::set<std::string> pdfs;
  for (const char* theme : {"classic", "moderncv", "sb2nov", "engineeringresumes", "engineeringclassic", "harvard",
                            "ember", "ink", "opal"}) {
    const fs::path yaml = dir / (std::string(theme) + ".yaml"), pdf = dir / (std::string(theme) + ".pdf");
    std::ofstream(yaml) << cv << "design:\n  theme: " << theme << "\nsettings:\n  current_date: 2025-01-15\n";
    Result r = run(messages_of(std::string(HANJI_BINARY) + " build " + quote(yaml) + " -o " + quote(pdf)), true);
    ASSERT_EQ(r.exit_code, 0) << theme << ": " << r.output;
    EXPECT_EQ(r.output, "") << theme;
    const std::string text = run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output;
    // "Sept 2024": RenderCV's English month abbreviations.
    for (const char* words : {"Maria Lopez", "Senior Data Engineer", "Lone Star Analytics", "University of Texas",
                              "Python, SQL, Scala", "Apr 2021", "Sept 2024", "Faster Joins on Skewed Data",
                              "Wei Chen", "10.5555/joins.2023", "VLDB 2023"})
      EXPECT_NE(text.find(words), std::string::npos) << theme << ": '" << words << "' in\n" << text;
    // RenderCV's "Last updated" note, except in the themes that turn it off.
    const bool note = std::string(theme) != "harvard" && std::string(theme) != "opal";
    EXPECT_EQ(text.find("Last updated in Jan 2025") != std::string::npos, note) << theme << "\n" << text;
    EXPECT_NE(run("pdfinfo " + quote(pdf)).output.find("(letter)"), std::string::npos) << theme;
    pdfs.insert(read_file(pdf));
  }
  EXPECT_EQ(pdfs.size(), 9u);
}

// Our own RenderCV files (tests/data/rendercv/): one per theme and one with many design
// options. Each builds with exactly the warnings its "# expect: design.X" lines name, gives
// every word back, and no two look alike.
std::vector<std::string> expected_warnings(const fs::path& yaml) {
  std::vector<std::string> out;
  std::istringstream in(read_file(yaml));
  for (std::string line; std::getline(in, line);)
    if (line.rfind("# expect: ", 0) == 0) out.push_back(line.substr(10));
  return out;
}

std::vector<std::string> warning_lines(const std::string& output) {
  std::vector<std::string> out;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);)
    if (line.find(": warning: ") != std::string::npos) out.push_back(line);
  return out;
}

TEST(RenderCvFiles, BuildWithTheExpectedWarningsAndEveryWord) {
  const fs::path data = fs::path(HANJI_SOURCE_DIR) / "tests" / "data" / "rendercv";
  const fs::path dir = e2e_dir() / "rendercv-files";
  fs::create_directories(dir);
  std::set<std::string> pdfs;
  int files = 0;
  for (const std::string& stem : stems_in(data)) {
    const fs::path yaml = data / (stem + ".yaml"), pdf = dir / (stem + ".pdf");
    Result r = run(messages_of(std::string(HANJI_BINARY) + " build " + quote(yaml) + " -o " + quote(pdf)), true);
    ASSERT_EQ(r.exit_code, 0) << stem << ": " << r.output;
    const std::vector<std::string> expected = expected_warnings(yaml), got = warning_lines(r.output);
    EXPECT_EQ(got.size(), expected.size()) << stem << ":\n" << r.output;
    for (const std::string& option : expected)
      EXPECT_EQ(std::count_if(got.begin(), got.end(), [&](const std::string& l) { return l.find(option + " ") != std::string::npos; }), 1)
          << stem << ": " << option << " in\n" << r.output;
    hanji::Diagnostics diags;
    hanji::engine::Engine engine(hanji::theme::find_data_dirs(HANJI_BINARY));
    auto file = engine.load(yaml.string(), {}, diags);
    ASSERT_TRUE(file.has_value()) << stem;
    auto theme = engine.theme_for(*file, {}, diags);
    ASSERT_TRUE(theme.has_value()) << stem;
    // The CV as rendered: its phone numbers in RenderCV's national form, as the PDF shows them.
    auto rendered = engine.render(*file, {}, diags);
    ASSERT_TRUE(rendered.has_value()) << stem;
    EXPECT_EQ(missing_words(pdf, rendered->file, *theme), 0) << stem;
    if (!theme->top_note.empty()) {  // RenderCV's note, in the themes that keep it
      EXPECT_NE(run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output.find("Last updated in M"),  // Mar or March 2025
                std::string::npos)
          << stem;
    }
    pdfs.insert(read_file(pdf));
    ++files;
  }
  EXPECT_EQ(files, 10);
  EXPECT_EQ(pdfs.size(), 10u);  // every theme its own look
}

// A RenderCV file whose settings.render_command puts the PDF and the Markdown in subfolders of
// its output folder, named after its owner: `hanji build cv.yaml`, run from anywhere, writes
// both there as RenderCV would (relative to the CV file's folder), one line each, and says
// which of its keys ask for what hanji does not make.
TEST(RenderCvFiles, RenderCommandPutsThePdfTheMarkdownAndThePngWhereItSays) {
  const fs::path dir = fresh_dir("rendercv-render-command");
  const fs::path yaml = dir / "cv.yaml";
  std::ofstream(yaml) << "cv:\n"
                         "  name: Maria Lopez\n"
                         "  email: maria@example.com\n"
                         "  sections:\n"
                         "    experience:\n"
                         "      - company: Lone Star Analytics\n"
                         "        position: Senior Data Engineer\n"
                         "        start_date: 2021-04\n"
                         "        end_date: 2024-09\n"
                         "design:\n"
                         "  theme: classic\n"
                         "settings:\n"
                         "  current_date: 2025-01-15\n"
                         "  render_command:\n"
                         "    output_folder: build\n"
                         "    pdf_path: OUTPUT_FOLDER/pdf/NAME_IN_SNAKE_CASE_CV.pdf\n"
                         "    markdown_path: OUTPUT_FOLDER/markdown/NAME_IN_SNAKE_CASE_CV.md\n"
                         "    png_path: OUTPUT_FOLDER/NAME_IN_SNAKE_CASE_CV.png\n"
                         "    dont_generate_html: true\n";
  const std::string build = "cd / && SOURCE_DATE_EPOCH=1735689600 " + std::string(HANJI_BINARY) + " build " + quote(yaml);
  Result r = run(build, true);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const fs::path pdf = dir / "build" / "pdf" / "Maria_Lopez_CV.pdf", md = dir / "build" / "markdown" / "Maria_Lopez_CV.md";
  EXPECT_NE(r.output.find(pdf.string() + ": 1 page, "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(md.string() + ": md, "), std::string::npos) << r.output;
  // png_path: RenderCV's PNG pages, named as it names them.
  const fs::path png = dir / "build" / "Maria_Lopez_CV_1.png";
  EXPECT_NE(r.output.find(png.string() + ": 1 PNG page, "), std::string::npos) << r.output;
  EXPECT_EQ(read_file(png).substr(1, 3), "PNG");
  EXPECT_EQ(warning_lines(r.output).size(), 0u) << r.output;  // dont_generate_html: true asks for nothing
  EXPECT_EQ(run("qpdf --check " + quote(pdf)).exit_code, 0);
  const std::string text = run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output;
  for (const char* words : {"Maria Lopez", "Senior Data Engineer", "Lone Star Analytics", "Last updated in Jan 2025"})
    EXPECT_NE(text.find(words), std::string::npos) << words << " in\n" << text;
  const std::string markdown = read_file(md);
  EXPECT_NE(markdown.find("# Maria Lopez"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("Lone Star Analytics"), std::string::npos) << markdown;
  // Again: its files are outside rendercv_output/, so the CV file's own settings replace them
  // only with --force (a downloaded CV must not replace the user's files); nothing is written
  // without it. With it, the same bytes in the same places, and nothing anywhere else.
  const std::string first = read_file(pdf);
  std::ofstream(md, std::ios::trunc) << "# edited by hand\n";
  Result refused = run(build, true);
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_NE(refused.output.find("--force"), std::string::npos) << refused.output;
  EXPECT_EQ(read_file(md), "# edited by hand\n");
  ASSERT_EQ(run(build + " --force", true).exit_code, 0);
  EXPECT_EQ(read_file(pdf), first);
  EXPECT_EQ(read_file(md), markdown);
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), dir).string());
  std::sort(files.begin(), files.end());
  EXPECT_EQ(files, (std::vector<std::string>{"build/Maria_Lopez_CV_1.png", "build/markdown/Maria_Lopez_CV.md",
                                              "build/pdf/Maria_Lopez_CV.pdf", "cv.yaml"}));
}

// RenderCV's `current_date: today` (and its default) is the day SOURCE_DATE_EPOCH names, so a
// reproducible build gives the same bytes on any day; without it, the day of the run, as
// TeX's \today. A hanji file that names no date never depends on the day.
TEST(RenderCvFiles, TodayIsSourceDateEpochsDayElseTheRunsDay) {
  const fs::path dir = e2e_dir() / "rendercv-today";
  fs::create_directories(dir);
  const fs::path yaml = dir / "cv.yaml", pdf = dir / "cv.pdf";
  std::ofstream(yaml) << "cv:\n  name: Ada Byron\ndesign:\n  theme: classic\nsettings:\n  current_date: today\n";
  const std::string build = std::string(HANJI_BINARY) + " build " + quote(yaml) + " -q -o " + quote(pdf);
  ASSERT_EQ(run("SOURCE_DATE_EPOCH=1735689600 " + build, true).exit_code, 0);  // 2025-01-01
  const std::string fixed = read_file(pdf);
  EXPECT_NE(run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output.find("Last updated in Jan 2025"),
            std::string::npos);
  ASSERT_EQ(run("SOURCE_DATE_EPOCH=1735689600 " + build, true).exit_code, 0);
  EXPECT_EQ(read_file(pdf), fixed);  // the same bytes
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const std::string expected = std::string("Last updated in ") + kMonths[local.tm_mon] + " " +
                               std::to_string(local.tm_year + 1900);
  ASSERT_EQ(run("env -u SOURCE_DATE_EPOCH " + build, true).exit_code, 0);
  EXPECT_NE(run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output.find(expected), std::string::npos) << expected;
  // A RenderCV file without current_date is dated today as RenderCV dates it.
  std::ofstream(yaml) << "cv:\n  name: Ada Byron\ndesign:\n  theme: classic\n";
  ASSERT_EQ(run("SOURCE_DATE_EPOCH=1735689600 " + build, true).exit_code, 0);
  EXPECT_NE(run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output.find("Last updated in Jan 2025"),
            std::string::npos);
  // A hanji file without one has no date, whatever the day.
  std::ofstream(yaml) << "cv:\n  name: Ada Byron\nlayout: academic\n";
  ASSERT_EQ(run("SOURCE_DATE_EPOCH=1735689600 " + build, true).exit_code, 0);
  EXPECT_EQ(run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output.find("Last updated"), std::string::npos);
}

// Every date placeholder RenderCV fills in its top note is filled, dated as RenderCV dates it
// (here SOURCE_DATE_EPOCH's day), LAST_UPDATED beside CURRENT_DATE being the words alone.
TEST(RenderCvFiles, TopNoteFillsEveryDatePlaceholder) {
  const fs::path dir = e2e_dir() / "rendercv-top-note";
  fs::create_directories(dir);
  const fs::path yaml = dir / "cv.yaml", pdf = dir / "cv.pdf";
  std::ofstream(yaml) << "cv:\n  name: Ada Byron\ndesign:\n  theme: classic\n  templates:\n"
                         "    top_note: '*LAST_UPDATED: CURRENT_DATE* -- MONTH_NAME DAY_IN_TWO_DIGITS, YEAR "
                         "(MONTH_IN_TWO_DIGITS/YEAR_IN_TWO_DIGITS) NAME'\n";
  const std::string build = std::string(HANJI_BINARY) + " build " + quote(yaml) + " -o " + quote(pdf);
  const auto built = run("SOURCE_DATE_EPOCH=1736035200 " + build, true);  // 2025-01-05
  ASSERT_EQ(built.exit_code, 0) << built.output;
  EXPECT_EQ(built.output.find("warning"), std::string::npos) << built.output;
  const std::string text = run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output;
  EXPECT_NE(text.find("Last updated in: Jan 2025 \u2013 January 05, 2025 (01/25) Ada Byron"), std::string::npos)
      << text;
}

// ---- photos turned by their EXIF orientation, links only to the web, mail and phone ----

// The pixels of a page as `pdftoppm -r 100` renders it (PPM, the same pixels as -png).
struct RenderedPage {
  int width = 0, height = 0;
  std::string samples;  // RGB, 8 bits each
};

RenderedPage render_first_page(const fs::path& pdf, const fs::path& prefix) {
  RenderedPage page;
  if (run("pdftoppm -r 100 -singlefile " + quote(pdf) + " " + quote(prefix)).exit_code != 0) return page;
  std::istringstream in(read_file(prefix.string() + ".ppm"));
  std::string magic;
  int max = 0;
  in >> magic >> page.width >> page.height >> max;
  in.get();
  page.samples.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (magic != "P6" || max != 255 || page.samples.size() != static_cast<size_t>(page.width) * page.height * 3) return {};
  return page;
}

// Where the pixels of one strong colour lie: how many, their mean position, their extent.
struct ColourPatch {
  long count = 0;
  double x = 0, y = 0;
  int left = 1 << 30, top = 1 << 30, right = -1, bottom = -1;
};

// tests/data/photo-orientation-6.jpg: 80 x 60 pixels, stored as a phone stores a portrait photo
// taken upright (green, yellow / red, blue), with Exif orientation 6. Upright it shows red
// top left, green top right, blue bottom left, yellow bottom right, 60 x 80.
enum Quadrant { kRed, kGreen, kBlue, kYellow };

std::array<ColourPatch, 4> quadrant_patches(const RenderedPage& page) {
  std::array<ColourPatch, 4> patches;
  for (int y = 0; y < page.height; ++y)
    for (int x = 0; x < page.width; ++x) {
      const size_t i = (static_cast<size_t>(y) * page.width + x) * 3;
      const int r = static_cast<unsigned char>(page.samples[i]), g = static_cast<unsigned char>(page.samples[i + 1]),
                b = static_cast<unsigned char>(page.samples[i + 2]);
      int which = -1;
      if (r > 200 && g < 60 && b < 60) which = kRed;
      else if (r < 60 && g > 120 && b < 60) which = kGreen;
      else if (r < 60 && g < 60 && b > 200) which = kBlue;
      else if (r > 200 && g > 170 && b < 60) which = kYellow;
      if (which < 0) continue;
      ColourPatch& p = patches[static_cast<size_t>(which)];
      ++p.count;
      p.x += x;
      p.y += y;
      p.left = std::min(p.left, x), p.right = std::max(p.right, x);
      p.top = std::min(p.top, y), p.bottom = std::max(p.bottom, y);
    }
  for (ColourPatch& p : patches)
    if (p.count > 0) p.x /= static_cast<double>(p.count), p.y /= static_cast<double>(p.count);
  return patches;
}

// A phone's portrait photo, stored sideways with orientation 6, comes out upright and whole in
// the header's 3 x 4 photo box: each colour a quarter of it, in its own corner.
TEST(Photos, APhonePhotoTurnedByItsExifStandsUpright) {
  const fs::path dir = e2e_dir() / "photo-turned";
  fs::create_directories(dir);
  const fs::path yaml = dir / "cv.yaml", pdf = dir / "cv.pdf";
  const fs::path photo = fs::path(HANJI_SOURCE_DIR) / "tests" / "data" / "photo-orientation-6.jpg";
  std::ofstream(yaml) << "cv:\n  name: Jane Doe\n  headline: Upright\n  photo: " << photo.string() << "\n";
  Result r = run(messages_of(std::string(HANJI_BINARY) + " build " + quote(yaml) + " -o " + quote(pdf)), true);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "");
  const RenderedPage page = render_first_page(pdf, dir / "page");
  ASSERT_GT(page.width, 0);
  const std::array<ColourPatch, 4> q = quadrant_patches(page);
  for (const ColourPatch& p : q) ASSERT_GT(p.count, 100) << "a quadrant is missing";
  EXPECT_LT(q[kRed].x, q[kGreen].x);
  EXPECT_LT(q[kBlue].x, q[kYellow].x);
  EXPECT_LT(q[kRed].y, q[kBlue].y);
  EXPECT_LT(q[kGreen].y, q[kYellow].y);
  // Whole: the four quadrants are about equal, and together as tall as 4/3 of their width.
  const long total = q[0].count + q[1].count + q[2].count + q[3].count;
  for (const ColourPatch& p : q) EXPECT_NEAR(static_cast<double>(p.count) / total, 0.25, 0.04);
  const int width = q[kGreen].right - q[kRed].left + 1, height = q[kBlue].bottom - q[kRed].top + 1;
  EXPECT_NEAR(static_cast<double>(height) / width, 4.0 / 3.0, 0.06) << width << " x " << height;
}

// The URI actions of a PDF, as qpdf lists the decompressed objects.
std::vector<std::string> uri_actions(const fs::path& pdf) {
  const fs::path qdf = pdf.string() + ".qdf";
  run("qpdf --qdf --object-streams=disable " + quote(pdf) + " " + quote(qdf));
  const std::string text = read_file(qdf);
  std::vector<std::string> uris;
  for (size_t at = text.find("/URI ("); at != std::string::npos; at = text.find("/URI (", at + 1))
    uris.push_back(text.substr(at + 6, text.find(')', at) - at - 6));
  return uris;
}

// Every place a link comes from, in a hanji file, a RenderCV file and a JSON Resume: only
// http, https, mailto and tel addresses become links; any other is shown as text, with a
// warning at its place.
TEST(Links, OnlyWebMailAndPhoneAddressesBecomeLinks) {
  const fs::path dir = e2e_dir() / "links";
  fs::create_directories(dir);
  const std::string cv =
      "cv:\n"
      "  name: Jane Doe\n"
      "  email: jane@example.com\n"
      "  website: javascript:alert(1)\n"
      "  custom_connections:\n"
      "    - placeholder: Share\n"
      "      url: smb://host/share\n"
      "  sections:\n"
      "    About:\n"
      "      - \"[Home](https://jane.example.com) and [files](FILE:///etc/passwd)\"\n"
      "    Publications:\n"
      "      - title: Paper\n"
      "        authors: [Jane Doe]\n"
      "        url: data:text/html,hi\n";
  const std::string json =
      R"json({"basics": {"name": "Jane Doe", "email": "jane@example.com", "url": "javascript:alert(1)",
  "profiles": [{"network": "Share", "url": "smb://host/share"}]},
  "work": [{"name": "Acme", "url": "vbscript:msgbox", "position": "Dev", "startDate": "2020"},
           {"name": "Home", "url": "https://jane.example.com", "position": "Dev", "startDate": "2019"}],
  "publications": [{"name": "Paper", "url": "data:text/html,hi"}]})json";
  struct Input {
    std::string name, text;
    std::vector<std::string> warned_at;
  };
  // The website, the connection, the markup link and the publication's url, in that order.
  const std::vector<std::string> yaml_places = {"4:12:", "7:12:", "10:55:", "14:14:"};
  for (const Input& input : {Input{"cv.yaml", cv, yaml_places},
                             Input{"rendercv.yaml", cv + "design:\n  theme: classic\n", yaml_places},
                             Input{"resume.json", json, {"1:70:", "2:45:", "3:37:", "5:46:"}}}) {
    const fs::path source = dir / input.name, pdf = dir / (input.name + ".pdf");
    std::ofstream(source) << input.text;
    Result r = run(messages_of(std::string(HANJI_BINARY) + " build " + quote(source) + " -o " + quote(pdf)), true);
    ASSERT_EQ(r.exit_code, 0) << input.name << "\n" << r.output;
    for (const std::string& place : input.warned_at)
      EXPECT_NE(r.output.find(input.name + ":" + place + " warning: no link to"), std::string::npos)
          << input.name << ":" << place << " in\n" << r.output;
    const std::vector<std::string> uris = uri_actions(pdf);
    EXPECT_FALSE(uris.empty()) << input.name;
    for (const std::string& uri : uris)
      EXPECT_TRUE(uri.starts_with("https://") || uri.starts_with("mailto:")) << input.name << ": " << uri;
    const std::string text = run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output;
    EXPECT_NE(text.find("javascript:alert(1)"), std::string::npos) << "the address is still shown\n" << text;
    EXPECT_EQ(text.find("https://javascript"), std::string::npos) << text;
  }
}

// The first YAML example of docs/cv-format.md is the CV a newcomer copies first: it builds as
// written, with no error and no warning.
TEST(Docs, TheCvFormatsFirstExampleBuildsAsWritten) {
  const std::string page = read_file(fs::path(HANJI_SOURCE_DIR) / "docs" / "cv-format.md");
  const std::string fence = "```yaml\n";
  const size_t start = page.find(fence);
  ASSERT_NE(start, std::string::npos) << "docs/cv-format.md has no ```yaml block";
  const size_t end = page.find("```", start + fence.size());
  ASSERT_NE(end, std::string::npos);
  const std::string example = page.substr(start + fence.size(), end - start - fence.size());
  ASSERT_NE(example.find("cv:"), std::string::npos) << "the first YAML block is no CV:\n" << example;
  const fs::path dir = e2e_dir() / "readme";
  fs::create_directories(dir);
  const fs::path source = dir / "cv.yaml", pdf = dir / "cv.pdf";
  std::ofstream(source, std::ios::binary) << example;
  fs::remove(pdf);
  Result r = run(messages_of(std::string(HANJI_BINARY) + " build " + quote(source) + " -o " + quote(pdf)), true);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "") << "no error and no warning for the example";
  ASSERT_TRUE(fs::exists(pdf));
  const std::string text = run("pdftotext -enc UTF-8 " + quote(pdf.string()) + " -").output;
  EXPECT_NE(text.find("홍길동"), std::string::npos) << text;
}

}  // namespace

namespace {

// `hanji watch` on `cv`, running in `dir`.
class Watching : public RunningHanji {
 public:
  Watching(const fs::path& dir, const std::string& cv) : RunningHanji({"watch", cv}, dir.string()) {}
};

void save_by_rename(const fs::path& file, const std::string& text) {
  const fs::path temp = file.string() + ".swp-new";
  std::ofstream(temp, std::ios::binary) << text;
  fs::rename(temp, file);
}

// In the table form a highlight is marked even alone: under the entry's summary it would
// otherwise read as the summary going on.
TEST(KoStandard, ALoneHighlightKeepsItsMark) {
  const fs::path dir = e2e_dir() / "ko-standard-lone";
  fs::create_directories(dir);
  const fs::path yaml = dir / "cv.yaml", pdf = dir / "cv.pdf";
  std::ofstream(yaml) << "cv:\n  name: 김하늘\n  sections:\n    경력:\n      - company: 한빛\n        position: 개발자\n"
                         "        start_date: 2020-03\n        end_date: 2022-02\n        summary: 결제 시스템 개발.\n"
                         "        highlights:\n          - 장애 대응 시간 단축.\nlocale: korean\n";
  const Result r = run(std::string(HANJI_BINARY) + " build " + quote(yaml) + " --layout ko-standard -q -o " + quote(pdf), true);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string text = run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output;
  EXPECT_NE(text.find("\u2022 장애 대응 시간 단축."), std::string::npos) << text;  // a list item, its bullet read as one
}

/// A CV built in `columns`: each page's words as poppler gives them (pdftotext -bbox), and its
/// text in poppler's reading order.
struct ColumnsPdf {
  struct Word {
    double x_min = 0, y_max = 0;
    std::string text;
  };
  std::vector<std::vector<Word>> pages;
  std::string text;
};

ColumnsPdf build_in_columns(const std::string& cv_name, const std::string& layout_file = "") {
  const fs::path dir = e2e_dir() / ("columns-" + cv_name + (layout_file.empty() ? "" : "-own"));
  fs::create_directories(dir);
  const fs::path pdf = dir / "cv.pdf";
  std::string layout = "columns";
  if (!layout_file.empty()) {
    std::ofstream(dir / "layout.yaml") << layout_file;
    layout = (dir / "layout.yaml").string();
  }
  const std::string cv = std::string(HANJI_SOURCE_DIR) + "/tests/data/columns/" + cv_name + ".yaml";
  const Result r =
      run(std::string(HANJI_BINARY) + " build " + quote(cv) + " --layout " + quote(layout) + " -q -o " + quote(pdf), true);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  ColumnsPdf out;
  const std::string html = run("pdftotext -bbox " + quote(pdf) + " -").output;
  auto number_after = [&](size_t at, const char* key) { return std::stod(html.substr(html.find(key, at) + 6)); };
  for (size_t page = html.find("<page "); page != std::string::npos; page = html.find("<page ", page + 1)) {
    const size_t end = std::min(html.find("</page>", page), html.size());
    std::vector<ColumnsPdf::Word>& words = out.pages.emplace_back();
    for (size_t at = html.find("<word ", page); at != std::string::npos && at < end; at = html.find("<word ", at + 1)) {
      const size_t text_at = html.find('>', at) + 1;
      words.push_back({number_after(at, "xMin=\""), number_after(at, "yMax=\""),
                       html.substr(text_at, html.find('<', text_at) - text_at)});
    }
  }
  out.text = run("pdftotext -enc UTF-8 " + quote(pdf) + " -").output;
  return out;
}

/// columns with its left column's own balancing alone, no section moved by fill_with (the
/// summary): what the tests of balancing read (with the summary moved, korean-two-pages takes
/// one page, and english-publications-shared holds its publications whole in the main column).
constexpr const char* kColumnsWithoutFill = "extends: columns\nregions:\n  left:\n    fill_with: []\n";

/// How far down the page each column's text reaches (the left one's, the main one's), the main
/// column starting at `main_left`; the page number left out.
std::pair<double, double> column_reaches(const std::vector<ColumnsPdf::Word>& words, double main_left) {
  double left = 0, right = 0;
  for (const ColumnsPdf::Word& w : words) {
    if (w.y_max > 800) continue;  // the page number
    (w.x_min < main_left ? left : right) = std::max(w.x_min < main_left ? left : right, w.y_max);
  }
  return {left, right};
}

/// Whether a page is set across: its text from the left margin to past most of the width (A4).
bool set_across(const std::vector<ColumnsPdf::Word>& words) {
  double left = 1e9, right = 0;
  for (const ColumnsPdf::Word& w : words) {
    if (w.y_max > 800) continue;  // the page number
    left = std::min(left, w.x_min);
    right = std::max(right, w.x_min);
  }
  return left < 60 && right > 400;
}

/// Where the main column starts (left of the word `main_title`, its first section's title on
/// page 1), having checked that page 1's left column ends within 60 pt of the main one.
double page_one_filled(const ColumnsPdf& pdf, const std::string& main_title) {
  const auto title = std::find_if(pdf.pages.at(0).begin(), pdf.pages[0].end(),
                                  [&](const ColumnsPdf::Word& w) { return w.text == main_title; });
  EXPECT_NE(title, pdf.pages[0].end()) << main_title;
  if (title == pdf.pages[0].end()) return 0;
  const double main_left = title->x_min - 1;
  const auto [left_reach, main_reach] = column_reaches(pdf.pages[0], main_left);
  EXPECT_GT(left_reach, main_reach - 60) << "page 1's left column ends " << main_reach - left_reach
                                         << " pt above the main one";
  return main_left;
}

/// The first word `text` on a page, or null.
const ColumnsPdf::Word* word_on(const std::vector<ColumnsPdf::Word>& words, const std::string& text) {
  const auto at = std::find_if(words.begin(), words.end(), [&](const ColumnsPdf::Word& w) { return w.text == text; });
  return at == words.end() ? nullptr : &*at;
}

// Two body columns on a CV that runs past page 1, the left one holding fewer sections: where
// the left column ends, the main flow goes on under it across the page (regions.left.
// wrap_under), from the start of an entry, rather than stand narrow beside 90 mm left empty;
// page 2, without the narrow column, is set across too. poppler reads the left column whole,
// then the main one, then what goes on under both (it took a project section read among the
// jobs beside it for a table's rows when the left column held it).
TEST(Columns, AKoreanCvGoesOnUnderTheLeftColumnAcrossThePage) {
  const ColumnsPdf pdf = build_in_columns("korean-two-pages", kColumnsWithoutFill);
  ASSERT_EQ(pdf.pages.size(), 2u);
  const ColumnsPdf::Word* experience = word_on(pdf.pages[0], "경력");
  const ColumnsPdf::Word* last_left = word_on(pdf.pages[0], "일본어");  // the left column's last entry
  const ColumnsPdf::Word* under = word_on(pdf.pages[0], "백엔드");      // a job under it
  ASSERT_TRUE(experience && last_left && under);
  EXPECT_LT(under->x_min, experience->x_min - 100) << "the job stands at the left column's edge, across the page";
  EXPECT_GT(under->y_max, last_left->y_max + 10) << "under the left column's end";
  EXPECT_LT(under->y_max, last_left->y_max + 60) << "no hole between the left column's end and the job";
  EXPECT_TRUE(set_across(pdf.pages[1])) << "page 2, without the narrow column, is set across";
  ASSERT_GE(pdf.pages[1].size(), 1u);
  EXPECT_EQ(pdf.pages[1][0].text, "프로젝트");
  const auto at = [&](const std::string& s) { return pdf.text.find(s); };
  ASSERT_NE(at("백엔드 개발자"), std::string::npos) << pdf.text;
  EXPECT_LT(at("일본어"), at("\n자기소개\n")) << "the left column is read before the main one:\n" << pdf.text;
  EXPECT_LT(at("\n자기소개\n"), at("\n경력\n")) << pdf.text;
  EXPECT_LT(at("데이터 엔지니어\n"), at("백엔드 개발자")) << "the main column before what goes on under both:\n"
                                                         << pdf.text;
  EXPECT_LT(at("백엔드 개발자"), at("\n프로젝트\n")) << pdf.text;
}

// The same where the main flow itself goes on overleaf: under the left column page 1's jobs go
// on across the page, under "Experience (cont.)" (their publications once filled the left
// column's 66 mm hole, the rest of them overleaf); page 2 is set across.
TEST(Columns, ALongEnglishCvFillsPageOneAndGoesOnAfterTheMainFlow) {
  const ColumnsPdf pdf = build_in_columns("english-publications-overleaf");
  ASSERT_EQ(pdf.pages.size(), 2u);
  page_one_filled(pdf, "Summary");
  EXPECT_TRUE(set_across(pdf.pages[1])) << "page 2, without the narrow column, is set across";
  const auto at = [&](const std::string& s) { return pdf.text.find(s); };
  ASSERT_NE(at("Experience (cont.)"), std::string::npos) << pdf.text;
  EXPECT_LT(at("\nLanguages\n"), at("\nSummary\n")) << "the left column read first:\n" << pdf.text;
  EXPECT_LT(at("\nExperience\n"), at("Experience (cont.)")) << pdf.text;
  EXPECT_LT(at("Experience (cont.)"), at("\fProjects\n")) << "page 2 opens with the projects:\n" << pdf.text;
  EXPECT_LT(at("\fProjects\n"), at("\nPublications\n")) << pdf.text;
  EXPECT_EQ(at("Publications (cont.)"), std::string::npos) << "the publications in one place:\n" << pdf.text;
}

// Where the main flow goes on under the left column, across the page, a section is set
// in one place: the publications that once filled the left column's hole (their first entries
// there, the rest under "(cont.)" at the main flow's foot) follow the jobs (which go on under
// their title again) under both columns, on the one page, read after the left column and the
// jobs beside it. The talks, short, go whole to the left column's foot: that spares a page.
TEST(Columns, TheLastSectionGoesOnUnderBothColumnsInOnePlace) {
  const ColumnsPdf pdf = build_in_columns("english-publications-shared", kColumnsWithoutFill);
  ASSERT_EQ(pdf.pages.size(), 1u) << "it took a second page for three publications and the talks";
  const ColumnsPdf::Word* experience = word_on(pdf.pages[0], "Experience");
  const ColumnsPdf::Word* awards = word_on(pdf.pages[0], "Awards");  // the left column's last section
  const ColumnsPdf::Word* publications = word_on(pdf.pages[0], "Publications");
  ASSERT_TRUE(experience && awards && publications);
  EXPECT_LT(publications->x_min, experience->x_min - 100) << "at the left column's edge, across the page";
  EXPECT_GT(publications->y_max, awards->y_max) << "under the left column";
  const auto at = [&](const std::string& s) { return pdf.text.find(s); };
  EXPECT_EQ(at("Publications (cont.)"), std::string::npos) << pdf.text;
  ASSERT_NE(at("\nPublications\n"), std::string::npos) << pdf.text;
  EXPECT_LT(at("\nAwards\n"), at("\nSummary\n")) << "the left column read first:\n" << pdf.text;
  EXPECT_LT(at("\nExperience\n"), at("\nPublications\n")) << pdf.text;
  EXPECT_LT(at("\nPublications\n"), at("Distilling Streaming Conformers")) << pdf.text;
  EXPECT_LT(at("Distilling Streaming Conformers"), at("Low-Resource Acoustic Modelling")) << pdf.text;
  // The talks, a short section, fit whole at the left column's foot, which spares the page.
  EXPECT_LT(at("\nTalks\n"), at("\nSummary\n")) << "in the left column, read first:\n" << pdf.text;
}

// The summary heads the left column where that sets the two columns fuller
// (regions.left.fill_with): a Korean CV whose short left column (education, skills, awards,
// languages) stood beside long 경력 and 프로젝트 ran onto a second page with its summary above
// the experience; with the summary in the left column, read first, it takes one page. The
// layout without the word takes two (what the test compares against).
TEST(Columns, TheSummaryHeadsTheLeftColumnWhereThatFillsIt) {
  const ColumnsPdf pdf = build_in_columns("korean-summary-left");
  ASSERT_EQ(pdf.pages.size(), 1u);
  const auto experience = std::find_if(pdf.pages[0].begin(), pdf.pages[0].end(),
                                       [](const ColumnsPdf::Word& w) { return w.text == "경력"; });
  ASSERT_NE(experience, pdf.pages[0].end());
  const double main_left = experience->x_min - 1;
  const auto summary = std::find_if(pdf.pages[0].begin(), pdf.pages[0].end(),
                                    [](const ColumnsPdf::Word& w) { return w.text == "자기소개"; });
  ASSERT_NE(summary, pdf.pages[0].end());
  EXPECT_LT(summary->x_min, main_left) << "in the left column";
  const auto at = [&](const std::string& s) { return pdf.text.find(s); };
  EXPECT_LT(at("\n자기소개\n"), at("\n학력\n")) << "it heads the left column:\n" << pdf.text;
  EXPECT_LT(at("\n학력\n"), at("\n경력\n")) << "the left column read first:\n" << pdf.text;

  const ColumnsPdf unfilled = build_in_columns("korean-summary-left", kColumnsWithoutFill);
  EXPECT_EQ(unfilled.pages.size(), 2u) << "the summary above the experience";

  // A long English CV whose left column is full already: the summary there would leave more
  // of page 1 empty, and it stays above the experience.
  const ColumnsPdf english = build_in_columns("english-publications-overleaf");
  ASSERT_EQ(english.pages.size(), 2u);
  const auto english_summary = std::find_if(english.pages[0].begin(), english.pages[0].end(),
                                            [](const ColumnsPdf::Word& w) { return w.text == "Summary"; });
  ASSERT_NE(english_summary, english.pages[0].end());
  EXPECT_GT(english_summary->x_min, 200) << "in the main column";
}

}  // namespace

// The everyday loop: a save of the CV (in place, or by rename as editors do) or of its layout
// file rebuilds it; an error is reported at its line and leaves the last good PDF alone.
TEST(Watch, RebuildsOnEverySaveAndKeepsTheLastGoodPdf) {
  const fs::path dir = fresh_dir("watch");
  std::ofstream(dir / "mine.yaml") << "extends: classic\n";
  const std::string cv = "cv:\n  name: Jimin Park\n  sections:\n    summary:\n      - First draft.\nlayout: ./mine.yaml\n";
  std::ofstream(dir / "cv.yaml") << cv;
  Watching watching(dir, "cv.yaml");
  ASSERT_NE(watching.until("cv.pdf: 1 page"), "");
  ASSERT_TRUE(fs::exists(dir / "cv.pdf"));

  save_by_rename(dir / "cv.yaml", std::string(cv).replace(cv.find("First"), 5, "Second"));
  EXPECT_NE(watching.until("(rebuild 1)"), "");
  EXPECT_NE(run("pdftotext " + quote((dir / "cv.pdf").string()) + " -").output.find("Second draft."), std::string::npos);
  const std::string good = read_file(dir / "cv.pdf");

  std::ofstream(dir / "cv.yaml", std::ios::app) << "  bad: [\n";
  const std::string said = watching.until("kept as it was");
  EXPECT_NE(said.find("cv.yaml:7:"), std::string::npos) << said;
  EXPECT_EQ(read_file(dir / "cv.pdf"), good);

  save_by_rename(dir / "cv.yaml", cv);
  EXPECT_NE(watching.until("(rebuild 3)"), "");
  std::ofstream(dir / "mine.yaml", std::ios::app) << "page:\n  paper: letter\n";
  EXPECT_NE(watching.until("(rebuild 4)"), "");
  EXPECT_NE(run("pdfinfo " + quote((dir / "cv.pdf").string())).output.find("612 x 792"), std::string::npos);
  fs::remove_all(dir);
}

// A CV reached through a link into another folder (as dotfile setups link it): saves to the
// real file rebuild it. Its folder removed is said once; made again, with the CV copied in,
// it rebuilds, and every save after it is seen.
TEST(Watch, FollowsALinkAndAFolderMadeAgain) {
  const fs::path dir = fresh_dir("watch-link");
  fs::create_directories(dir / "real");
  fs::create_directories(dir / "view");
  const std::string cv = "cv:\n  name: Jimin Park\n  sections:\n    summary:\n      - First draft.\n";
  const auto draft = [&](const std::string& word) { return std::string(cv).replace(cv.find("First"), 5, word); };
  std::ofstream(dir / "real" / "cv.yaml") << cv;
  fs::create_symlink("../real/cv.yaml", dir / "view" / "cv.yaml");
  Watching watching(dir, "view/cv.yaml");
  ASSERT_NE(watching.until("cv.pdf: 1 page"), "");
  save_by_rename(dir / "real" / "cv.yaml", draft("Second"));
  EXPECT_NE(watching.until("(rebuild 1)"), "");
  std::ofstream(dir / "real" / "cv.yaml") << draft("Third");
  EXPECT_NE(watching.until("(rebuild 2)"), "");
  EXPECT_NE(run("pdftotext " + quote((dir / "view" / "cv.pdf").string()) + " -").output.find("Third draft."),
            std::string::npos);

  fs::remove_all(dir / "view");
  const std::string gone = watching.until("waiting for it to come back");
  EXPECT_NE(gone.find("view/cv.yaml is gone"), std::string::npos) << gone;
  fs::create_directories(dir / "view");
  std::ofstream(dir / "view" / "cv.yaml") << draft("Fourth");
  const std::string back = watching.until("(rebuild 3)");
  EXPECT_NE(back, "");
  EXPECT_EQ(back.find("does not exist"), std::string::npos) << back;
  EXPECT_EQ(back.find("is gone"), std::string::npos) << back;  // said once
  save_by_rename(dir / "view" / "cv.yaml", draft("Fifth"));
  EXPECT_NE(watching.until("(rebuild 4)"), "");
  std::ofstream(dir / "view" / "cv.yaml") << draft("Sixth");
  EXPECT_NE(watching.until("(rebuild 5)"), "");
  EXPECT_NE(run("pdftotext " + quote((dir / "view" / "cv.pdf").string()) + " -").output.find("Sixth draft."),
            std::string::npos);
  fs::remove_all(dir);
}

namespace {

// How a long-running command (watch, serve) ended after its standard output was closed.
struct EndedAfterClose {
  bool ended = false;  // false: still running 30 s after (then killed: a hang guard)
  int status = -1;     // its exit status
  std::string errors;  // what it said on standard error
};

// Runs hanji `args` in `dir` with standard output and error pipes of their own, reads its
// output until a line holding `after` ("": none), closes the output's reading end as `| head`
// does on leaving, and waits for the command to end.
EndedAfterClose close_output_of(const std::vector<std::string>& args, const fs::path& dir, const std::string& after) {
  EndedAfterClose result;
  int out[2], err[2];
  if (pipe(out) != 0 || pipe(err) != 0) return result;
  std::vector<std::string> argv_text = args;
  argv_text.insert(argv_text.begin(), HANJI_BINARY);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], 1);
    dup2(err[1], 2);
    for (int fd : {out[0], out[1], err[0], err[1]}) close(fd);
    if (chdir(dir.c_str()) != 0) _exit(127);
    std::vector<char*> argv;
    for (std::string& arg : argv_text) argv.push_back(arg.data());
    argv.push_back(nullptr);
    execv(HANJI_BINARY, argv.data());
    _exit(127);
  }
  close(out[1]);
  close(err[1]);
  std::string seen;
  while (!after.empty()) {
    const std::size_t at = seen.find(after);
    if (at != std::string::npos && seen.find('\n', at) != std::string::npos) break;
    pollfd waiting{out[0], POLLIN, 0};
    char buffer[4096];
    if (poll(&waiting, 1, 60000) <= 0) break;
    const ssize_t n = read(out[0], buffer, sizeof buffer);
    if (n <= 0) break;
    seen.append(buffer, static_cast<std::size_t>(n));
  }
  close(out[0]);
  int status = 0;
  for (int tries = 0; tries < 3000 && !result.ended; ++tries) {
    result.ended = waitpid(pid, &status, WNOHANG) == pid;
    if (!result.ended) usleep(10000);
  }
  if (!result.ended) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
  }
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  char buffer[4096];
  for (ssize_t n; (n = read(err[0], buffer, sizeof buffer)) > 0;) result.errors.append(buffer, static_cast<std::size_t>(n));
  close(err[0]);
  return result;
}

}  // namespace

// `hanji watch cv.yaml | head -1`, `hanji serve cv.yaml | head -1`: once the reader is gone the
// command ends with status 1 and says why on standard error, whether it was writing at the
// time (closed at once) or waiting for a save (closed once it is idle).
TEST(Watch, EndsWithStatusOneWhenItsOutputIsClosed) {
  const fs::path dir = fresh_dir("watch-closed");
  std::ofstream(dir / "cv.yaml") << "cv:\n  name: Jimin Park\n";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"watch", "cv.yaml"}, ""},
      {{"watch", "cv.yaml"}, "cv.pdf: 1 page"},
      {{"serve", "cv.yaml", "--port", "0"}, "previewing"},
  };
  for (const auto& [args, after] : cases) {
    const EndedAfterClose ended = close_output_of(args, dir, after);
    EXPECT_TRUE(ended.ended) << args.front() << " still ran 30 s after its output was closed";
    EXPECT_EQ(ended.status, 1) << args.front() << " " << ended.errors;
    EXPECT_NE(ended.errors.find("standard output was closed"), std::string::npos) << args.front() << ": " << ended.errors;
  }
  fs::remove_all(dir);
}

// A CV file whose render_command writes outside rendercv_output/: the first build of watch
// writes a new file there, and every rebuild replaces what watch itself wrote (no --force);
// a file that was there before watch started is not replaced without --force.
TEST(Watch, RebuildsReplaceWhatWatchWroteOutsideRendercvOutput) {
  const fs::path dir = fresh_dir("watch-render-command");
  const std::string cv = "cv:\n  name: Jimin Park\n  sections:\n    summary:\n      - First draft.\n"
                         "settings:\n  render_command:\n    pdf_path: mine.pdf\n    dont_generate_markdown: true\n";
  std::ofstream(dir / "cv.yaml") << cv;
  {
    Watching watching(dir, "cv.yaml");
    ASSERT_NE(watching.until("mine.pdf: 1 page"), "");
    save_by_rename(dir / "cv.yaml", std::string(cv).replace(cv.find("First"), 5, "Second"));
    EXPECT_NE(watching.until("(rebuild 1)"), "");
    EXPECT_NE(run("pdftotext " + quote((dir / "mine.pdf").string()) + " -").output.find("Second draft."),
              std::string::npos);
  }
  // A new watch did not write mine.pdf: it is the user's file now.
  Watching again(dir, "cv.yaml");
  const std::string said = again.until("not written");
  EXPECT_NE(said.find("--force"), std::string::npos) << said;
  fs::remove_all(dir);
}

// Several CVs and a folder in one run: every good one written, the bad one fails alone, and
// the exit status says one failed.
TEST(Batch, EveryGoodCvIsWrittenAndABadOneFailsAlone) {
  const fs::path dir = e2e_dir() / "batch";
  fs::remove_all(dir);
  fs::create_directories(dir / "cvs");
  for (int k = 0; k < 6; ++k)
    std::ofstream(dir / "cvs" / ("cv" + std::to_string(k) + ".yaml")) << "cv:\n  name: Person " << k << "\n";
  std::ofstream(dir / "cvs" / "broken.yaml") << "cv:\n  name: [\n";
  std::ofstream(dir / "cvs" / "mine.yaml") << "extends: classic\n";  // a layout: passed over
  const Result r = run(std::string(HANJI_BINARY) + " build " + quote((dir / "cvs").string()) + " -j 2 -o " +
                           quote((dir / "out").string()),
                       true);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  for (int k = 0; k < 6; ++k) EXPECT_TRUE(fs::exists(dir / "out" / ("cv" + std::to_string(k) + ".pdf"))) << k;
  EXPECT_FALSE(fs::exists(dir / "out" / "broken.pdf"));
  EXPECT_FALSE(fs::exists(dir / "out" / "mine.pdf"));
  EXPECT_NE(r.output.find("broken.yaml:3:1: error"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("7 CVs"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("1 of 7 CVs failed"), std::string::npos) << r.output;
  // The same bytes as one at a time.
  const Result one = run(std::string(HANJI_BINARY) + " build " + quote((dir / "cvs" / "cv3.yaml").string()) +
                         " -o " + quote((dir / "cv3.pdf").string()));
  EXPECT_EQ(one.exit_code, 0);
  EXPECT_EQ(read_file(dir / "cv3.pdf"), read_file(dir / "out" / "cv3.pdf"));
  fs::remove_all(dir);
}

// `make install PREFIX=...`: the installed command, run from `/` with the source tree out of
// its sight (the data it finds must be the installed copy), lists the layouts and builds a CV
// in Korean and English.
TEST(Install, TheInstalledCommandRunsFromAnywhere) {
  const fs::path prefix = e2e_dir() / "prefix";
  fs::remove_all(prefix);
  const Result installed = run("cmake --install " + quote(fs::path(HANJI_BINARY).parent_path().string()) +
                                   " --prefix " + quote(prefix.string()),
                               true);
  ASSERT_EQ(installed.exit_code, 0) << installed.output;
  const std::string hanji = (prefix / "bin" / "hanji").string();
  ASSERT_TRUE(fs::exists(hanji));
  // `hanji serve` finds hanji-serve where make install puts it, out of PATH.
  EXPECT_TRUE(fs::exists(prefix / "libexec" / "hanji" / "hanji-serve"));
  const Result serve = run("cd / && " + quote(hanji) + " serve /no/such/cv.yaml", true);
  EXPECT_EQ(serve.exit_code, 1) << serve.output;
  EXPECT_NE(serve.output.find("/no/such/cv.yaml does not exist"), std::string::npos) << serve.output;
  EXPECT_TRUE(fs::exists(prefix / "share" / "hanji" / "locales" / "index.txt"));
  const Result layouts = run("cd / && env -u HANJI_DATA_DIR " + quote(hanji) + " layouts", true);
  EXPECT_EQ(layouts.exit_code, 0) << layouts.output;
  EXPECT_NE(layouts.output.find("ko-standard"), std::string::npos) << layouts.output;
  // `hanji new` names the installed schema, and its starter builds from the installed data.
  const fs::path starter = prefix / "starter.yaml";
  const Result made = run("cd / && env -u HANJI_DATA_DIR " + quote(hanji) + " new " + quote(starter.string()), true);
  EXPECT_EQ(made.exit_code, 0) << made.output;
  const fs::path schema = (prefix / "share" / "hanji" / "schema" / "cv.schema.json").lexically_normal();
  EXPECT_TRUE(fs::exists(schema));
  EXPECT_EQ(read_file(starter).rfind("# yaml-language-server: $schema=" + schema.string() + "\n", 0), 0u);
  const Result starter_built = run("cd / && env -u HANJI_DATA_DIR " + quote(hanji) + " build -q " + quote(starter.string()), true);
  EXPECT_EQ(starter_built.exit_code, 0) << starter_built.output;
  const fs::path cv = prefix / "cv.yaml";
  std::ofstream(cv) << "cv:\n  name: 박지민\n  sections:\n    경력:\n      - company: 한지\n        position: 개발자\n"
                       "        start_date: 2020-03\n        end_date: 현재\n";
  const Result built =
      run("cd / && env -u HANJI_DATA_DIR " + quote(hanji) + " build " + quote(cv.string()) + " --layout ko-standard", true);
  EXPECT_EQ(built.exit_code, 0) << built.output;
  const std::string text = run("pdftotext -enc UTF-8 " + quote((prefix / "cv.pdf").string()) + " -").output;
  EXPECT_NE(text.find("박지민"), std::string::npos) << text;
  EXPECT_NE(text.find("현재"), std::string::npos) << text;
  // Its messages name installed files, never the source tree's.
  const Result reference = run("cd / && " + quote(hanji) + " build " + quote(cv.string()) + " --layout nonesuch", true);
  EXPECT_EQ(reference.output.find(HANJI_SOURCE_DIR), std::string::npos) << reference.output;
  fs::remove_all(prefix);
}

// SVG pages against the PDF of the same CV (tests/svg_check.py): well-formed XML, the PDF's
// page size, and a text layer holding the PDF's words in order, as pdftotext reads them; with
// glyphs drawn from embedded fonts (the default) and as outlines.
TEST(SvgPages, AreWellFormedSizedAsThePdfAndHoldItsWords) {
  const fs::path dir = fresh_dir("svg");
  for (const std::string name : {"heungsub-lee", "heungsub-lee-ko", "bilingual", "features"}) {
    for (const std::string layout : {"", "sidebar"}) {
      const std::string sample = std::string(HANJI_SOURCE_DIR) + "/samples/" + name + ".yaml";
      const std::string flag = layout.empty() ? "" : " --layout " + layout;
      const std::string stem = (dir / (name + (layout.empty() ? "" : "." + layout))).string();
      Result pdf = run(std::string(HANJI_BINARY) + " build " + quote(sample) + flag + " -q -o " + quote(stem + ".pdf"), true);
      ASSERT_EQ(pdf.exit_code, 0) << pdf.output;
      for (const std::string glyphs : {"", "outlines"}) {
        const std::string pages = stem + (glyphs.empty() ? "" : "." + glyphs);
        Result svg = run(std::string(HANJI_BINARY) + " build " + quote(sample) + flag + " -q --format svg" +
                             (glyphs.empty() ? "" : " --svg-glyphs " + glyphs) + " -o " + quote(pages + ".svg"),
                         true);
        ASSERT_EQ(svg.exit_code, 0) << svg.output;
        Result check = run("python3 " + quote(std::string(HANJI_SOURCE_DIR) + "/tests/svg_check.py") + " " +
                               quote(stem + ".pdf") + " " + quote(pages) + "-[0-9]*.svg",
                           true);
        EXPECT_EQ(check.exit_code, 0) << name << " " << layout << " " << glyphs << "\n" << check.output;
      }
    }
  }
}

// Every typed space comes back from short lines, in every layout and both of pdftotext's
// modes: one-character words ("1 – 2", "x → y", "a … d") in highlights, one-line entries and
// bullets, which poppler would otherwise take for letter-spaced text and close up.
TEST(ShortLines, GiveBackEveryTypedSpaceInEveryLayout) {
  const fs::path cv = fresh_cv("short-lines",
                               "cv:\n  name: Short Lines\n  sections:\n"
           "    experience:\n"
           "      - company: A\n        position: B\n        start_date: 2020-01\n        end_date: 2021-01\n"
           "        highlights:\n          - \"1 \u2013 2\"\n          - \"x \u2192 y\"\n"
           "    notes:\n      - bullet: \"a \u2026 d\"\n      - bullet: \"3 \u00d7 4\"\n");
  const fs::path dir = cv.parent_path();
  hanji::Diagnostics listing;
  const auto layouts = hanji::theme::list_layouts(hanji::theme::find_data_dirs(HANJI_BINARY), listing);
  ASSERT_GE(layouts.size(), 12u);
  for (const auto& layout : layouts) {
    const std::string pdf = (dir / (layout.name + ".pdf")).string();
    Result built = run(std::string(HANJI_BINARY) + " build " + quote(cv.string()) + " --layout " + layout.name +
                           " -q -o " + quote(pdf),
                       true);
    ASSERT_EQ(built.exit_code, 0) << layout.name << "\n" << built.output;
    for (const char* mode : {"", " -layout"}) {
      const std::string text = run("pdftotext" + std::string(mode) + " " + quote(pdf) + " -").output;
      for (const char* typed : {"1 \u2013 2", "x \u2192 y", "a \u2026 d", "3 \u00d7 4"})
        EXPECT_NE(text.find(typed), std::string::npos) << layout.name << mode << ": '" << typed << "' in\n" << text;
    }
  }
}

// Right-to-left names and places in a left-to-right CV (a font for them in fonts.fallback):
// drawn in visual order, they come back from pdftotext in logical order, word by word (poppler
// marks the right-to-left stretches with embedding controls, which are left out here).
TEST(RightToLeft, HebrewAndArabicComeBackInLogicalOrder) {
  const fs::path cv = fresh_cv("rtl",
                               "layout: {name: classic, fonts: {fallback: [DejaVu Sans]}}\n"
           "cv:\n  name: Dana Levi\n  location: \"\u05EA\u05DC \u05D0\u05D1\u05D9\u05D1\"\n  sections:\n"
           "    experience:\n"
           "      - company: \"\u05E9\u05DC\u05D5\u05DD \u05E2\u05D5\u05DC\u05DD\"\n        position: Engineer\n"
           "        start_date: 2020-01\n        end_date: 2021-01\n"
           "        highlights:\n          - \"Worked with \u0645\u0631\u062D\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645 in 2020.\"\n");
  const fs::path dir = cv.parent_path();
  const std::string pdf = (dir / "cv.pdf").string();
  Result built = run(std::string(HANJI_BINARY) + " build " + quote(cv.string()) + " -q -o " + quote(pdf), true);
  ASSERT_EQ(built.exit_code, 0) << built.output;
  std::string text;
  for (char32_t c : hanji::utf8_decode(run("pdftotext " + quote(pdf) + " -").output))
    if (c < 0x202A || c > 0x202E) hanji::utf8_append(text, c);
  for (const char* word : {"\u05EA\u05DC", "\u05D0\u05D1\u05D9\u05D1", "\u05E9\u05DC\u05D5\u05DD", "\u05E2\u05D5\u05DC\u05DD",
                           "\u0645\u0631\u062D\u0628\u0627", "\u0628\u0627\u0644\u0639\u0627\u0644\u0645"})
    EXPECT_NE(text.find(word), std::string::npos) << "'" << word << "' in\n" << text;
  // Each name's words in the order they are written.
  EXPECT_LT(text.find("\u05EA\u05DC"), text.find("\u05D0\u05D1\u05D9\u05D1")) << text;
  EXPECT_LT(text.find("\u05E9\u05DC\u05D5\u05DD"), text.find("\u05E2\u05D5\u05DC\u05DD")) << text;
}

namespace {

// The standards from the three places that ask for them: the command line over the CV's
// settings over the layout. A PDF/A file carries its identification and output intent, a
// PDF/UA file its identification; neither is claimed unless asked; an untagged PDF has no
// structure tree, and PDF/UA refuses to be one.
TEST(PdfStandards, AskedOnTheCommandLineInSettingsOrInTheLayout) {
  const fs::path dir = fresh_dir("standards");
  const fs::path cv = dir / "cv.yaml";
  auto write_cv = [&](const std::string& extra) {
    std::ofstream out(cv);
    out << extra << "cv:\n  name: Ada Lovelace\n  email: ada@example.com\n  sections:\n"
           "    experience:\n      - company: Analytical Engines\n        position: Programmer\n"
           "        start_date: 1842-01\n        end_date: 1843-09\n        highlights:\n"
           "          - Wrote the first program\n          - Saw beyond numbers\n";
  };
  const std::string pdf = (dir / "cv.pdf").string();
  auto build = [&](const std::string& flags) {
    return run(std::string(HANJI_BINARY) + " build " + quote(cv.string()) + " -q -o " + quote(pdf) + flags, true);
  };
  auto catalog = [&] { return run("qpdf --show-object=1 " + quote(pdf)).output; };
  auto metadata = [&] {
    // The XMP packet is stored uncompressed: it can be read straight from the file.
    std::ifstream in(pdf, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  write_cv("");
  ASSERT_EQ(build("").exit_code, 0);
  EXPECT_NE(run("pdfinfo " + quote(pdf)).output.find("Tagged:          yes"), std::string::npos);
  EXPECT_EQ(catalog().find("/Metadata"), std::string::npos);
  EXPECT_EQ(metadata().find("pdfaid"), std::string::npos);
  ASSERT_EQ(build(" --pdf-standard a-2b").exit_code, 0);
  EXPECT_NE(catalog().find("/OutputIntents"), std::string::npos);
  EXPECT_NE(metadata().find("<pdfaid:conformance>B</pdfaid:conformance>"), std::string::npos);
  write_cv("settings:\n  pdf_standard: ua-1\n");
  ASSERT_EQ(build("").exit_code, 0);
  EXPECT_NE(metadata().find("<pdfuaid:part>1</pdfuaid:part>"), std::string::npos);
  EXPECT_EQ(catalog().find("/OutputIntents"), std::string::npos);
  ASSERT_EQ(build(" --pdf-standard a-2a").exit_code, 0);  // the command line wins
  EXPECT_NE(metadata().find("<pdfaid:conformance>A</pdfaid:conformance>"), std::string::npos);
  write_cv("layout:\n  name: classic\n  pdf:\n    standard: a-2a\n");
  ASSERT_EQ(build("").exit_code, 0);
  EXPECT_NE(metadata().find("<pdfaid:conformance>A</pdfaid:conformance>"), std::string::npos);
  const std::string tag_check = "python3 " + quote(std::string(HANJI_SOURCE_DIR) + "/tests/tagged_check.py") + " " + quote(pdf);
  Result checked = run(tag_check + " --archival", true);
  EXPECT_EQ(checked.exit_code, 0) << checked.output;
  EXPECT_NE(run("pdfinfo -url " + quote(pdf)).output.find("mailto:ada@example.com"), std::string::npos);
  // Without a standard the links need not print: the same check then finds them lacking.
  write_cv("");
  ASSERT_EQ(build("").exit_code, 0);
  EXPECT_EQ(run(tag_check, true).exit_code, 0);
  EXPECT_NE(run(tag_check + " --archival", true).output.find("does not print and show"), std::string::npos);
  // Untagged: smaller, no tree; refused for PDF/UA, with the old file left alone.
  write_cv("");
  ASSERT_EQ(build(" --untagged").exit_code, 0);
  EXPECT_NE(run("pdfinfo " + quote(pdf)).output.find("Tagged:          no"), std::string::npos);
  const std::string before = metadata();
  Result refused = build(" --untagged --pdf-standard ua-1");
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.output.find("PDF/UA-1 needs a tagged PDF"), std::string::npos) << refused.output;
  EXPECT_EQ(metadata(), before);
  write_cv("settings:\n  pdf_standard: pdf-x\n");
  Result bad = build("");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.output.find("cv.yaml:2:17: error: settings.pdf_standard 'pdf-x'"), std::string::npos) << bad.output;
  Result usage = build(" --pdf-standard x");
  EXPECT_EQ(usage.exit_code, 2);
}

}  // namespace

namespace {

struct BoxWord {
  double x_min = 0, x_max = 0, y_min = 0;
  std::string text;
};

/// The words of page `page` (1-based) with their boxes, as pdftotext -bbox gives them.
std::vector<BoxWord> words_on_page(const std::string& pdf, int page) {
  std::vector<BoxWord> out;
  const std::string html =
      run("pdftotext -f " + std::to_string(page) + " -l " + std::to_string(page) + " -bbox " + quote(pdf) + " -").output;
  auto number_after = [&](size_t at, const char* key) { return std::stod(html.substr(html.find(key, at) + 6)); };
  for (size_t at = html.find("<word "); at != std::string::npos; at = html.find("<word ", at + 1)) {
    const size_t text_at = html.find('>', at) + 1;
    std::string text = html.substr(text_at, html.find('<', text_at) - text_at);
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out.push_back({number_after(at, "xMin=\""), number_after(at, "xMax=\""), number_after(at, "yMin=\""), text});
  }
  return out;
}

std::vector<BoxWord> words_on_first_page(const std::string& pdf) { return words_on_page(pdf, 1); }

/// The first word that is `text` or starts with it (poppler joins "a@b.c  |  +972").
const BoxWord* find_word(const std::vector<BoxWord>& words, const std::string& text) {
  for (const BoxWord& word : words)
    if (word.text.rfind(text, 0) == 0) return &word;
  return nullptr;
}

// A column with nothing left on a page is not there, and the main flow takes the whole width:
// sidebar's page 2, after the panel's content ends, is set across the page (an empty tinted
// panel beside a narrow column read as a page left unfinished). A column that keeps the grid
// (regions.NAME.keep) is drawn there empty, and the main flow stays at its column's place and
// measure.
TEST(Grids, AColumnWithNothingLeftKeepsOrGivesUpItsPlace) {
  const fs::path dir = fs::temp_directory_path() / "hanji-e2e-grids";
  fs::create_directories(dir);
  const std::string cv = std::string(HANJI_SOURCE_DIR) + "/samples/heungsub-lee.yaml";
  for (const bool keep : {true, false}) {
    const std::string name = keep ? "sidebar-kept" : "sidebar";
    const std::string pdf = (dir / (name + ".pdf")).string();
    std::string layout = "sidebar";
    if (keep) {  // sidebar as it is but for `keep`
      layout = (dir / "sidebar-kept.yaml").string();
      std::ofstream(layout) << "extends: sidebar\nregions:\n  side: {keep: true}\n";
    }
    Result built =
        run(std::string(HANJI_BINARY) + " build " + quote(cv) + " --layout " + quote(layout) + " -q -o " + quote(pdf), true);
    ASSERT_EQ(built.exit_code, 0) << built.output;
    // Page 1: the main flow's first title beside the column.
    const std::vector<BoxWord> first = words_on_page(pdf, 1), second = words_on_page(pdf, 2);
    ASSERT_FALSE(second.empty()) << name << ": the CV runs to two pages";
    const BoxWord* work = find_word(first, "Work");
    const BoxWord* skills = find_word(first, "Skills");
    ASSERT_TRUE(work && skills) << name;
    EXPECT_GT(std::abs(work->x_min - skills->x_min), 100) << name << ": skills and experience in two columns";
    double left = 1e9, right = 0;
    for (const BoxWord& word : second) {
      if (word.y_min > 800) continue;  // the page number
      left = std::min(left, word.x_min);
      right = std::max(right, word.x_max);
    }
    if (keep) {
      EXPECT_NEAR(left, work->x_min, 1.0) << name << ": page 2 starts where page 1's main column does";
      EXPECT_LT(right - left, 0.7 * 595) << name << ": at its measure";
    } else {
      EXPECT_LT(left, 60) << name << ": page 2 starts at the left margin";
      EXPECT_GT(right - left, 0.8 * 595) << name << ": and its lines run the whole width";
    }
  }
}

// sidebar's side column: a contact that wraps (json-resume's street address) goes on under its
// own first letter, not under its icon; the contacts' texts and the entries stand on one edge,
// the icons and section titles out on the column's edge; the main column's text keeps a clear
// gutter from the panel's, and poppler reads the panel whole before the main column.
TEST(Grids, SidebarsContactsHangAtTheEntriesEdge) {
  const fs::path dir = fs::temp_directory_path() / "hanji-e2e-grids";
  fs::create_directories(dir);
  const std::string pdf = (dir / "sidebar-contacts.pdf").string();
  const std::string cv = std::string(HANJI_SOURCE_DIR) + "/samples/json-resume.json";
  Result built = run(std::string(HANJI_BINARY) + " build " + quote(cv) + " --layout sidebar -q -o " + quote(pdf), true);
  ASSERT_EQ(built.exit_code, 0) << built.output;
  const std::vector<BoxWord> words = words_on_first_page(pdf);
  const BoxWord* street = find_word(words, "1200");
  const BoxWord* wrapped = find_word(words, "California,");
  const BoxWord* email = find_word(words, "elena.vasquez@example.com");
  const BoxWord* phone = find_word(words, "+1");
  const BoxWord* certificates = find_word(words, "Certificates");
  const BoxWord* entry = find_word(words, "Certified");
  const BoxWord* summary = find_word(words, "Summary");
  ASSERT_TRUE(street && wrapped && email && phone && certificates && entry && summary);
  ASSERT_GT(wrapped->y_min, street->y_min + 4) << "the address wraps in the narrow column";
  EXPECT_NEAR(wrapped->x_min, street->x_min, 0.5) << "a wrapped line under its own first letter, not under the icon";
  EXPECT_NEAR(email->x_min, street->x_min, 0.5) << "the contacts' texts on one edge, whatever their icons' widths";
  EXPECT_NEAR(phone->x_min, street->x_min, 0.5);
  EXPECT_NEAR(entry->x_min, street->x_min, 0.5) << "the contacts and the entries on one edge";
  EXPECT_GT(street->x_min, certificates->x_min + 8) << "past the icons, which stand on the titles' edge";
  double panel_right = 0;
  for (const BoxWord& word : words)
    if (word.x_min < summary->x_min - 1 && word.y_min > street->y_min - 2) panel_right = std::max(panel_right, word.x_max);
  EXPECT_GE(summary->x_min - panel_right, 8) << "a clear gutter between the panel's text and the main column's";
  const std::string text = run("pdftotext -f 1 -l 1 " + quote(pdf) + " -").output;
  const size_t last_contact = text.find("codeberg.org/evasquez");
  ASSERT_NE(last_contact, std::string::npos);
  EXPECT_LT(last_contact, text.find("Summary")) << "the contacts read whole before the main column:\n" << text;
}

// A CV in Hebrew is set as its layout's mirror image: the lines flush right, the dates left of
// the titles, the side column on the right; the text comes back in the order it is written,
// from pdftotext and from the tagged structure.
TEST(RightToLeft, AHebrewCvIsTheLayoutsMirrorImage) {
  const fs::path cv = fresh_cv("rtl-cv",
                               "locale: hebrew\ncv:\n  name: \u05D3\u05E0\u05D4 \u05DC\u05D5\u05D9\n  email: dana@example.com\n"
           "  phone: '+972 52-123-4567'\n  sections:\n    experience:\n"
           "      - company: \u05D4\u05E2\u05E0\u05DF\n        position: \u05DE\u05E4\u05EA\u05D7\u05EA\n"
           "        start_date: 2019-03\n        end_date: 2021-02\n        highlights:\n"
           "          - \u05D4\u05D5\u05D1\u05DC\u05EA\u05D9 \u05DE\u05E2\u05D1\u05E8 \u05DC-Kubernetes\n");
  const fs::path dir = cv.parent_path();
  for (const std::string layout : {"classic", "sidebar"}) {
    const std::string pdf = (dir / (layout + ".pdf")).string();
    Result built = run(std::string(HANJI_BINARY) + " build " + quote(cv.string()) + " --layout " + layout + " -q -o " +
                           quote(pdf),
                       true);
    ASSERT_EQ(built.exit_code, 0) << built.output;
    const std::vector<BoxWord> words = words_on_first_page(pdf);
    // poppler boxes a right-to-left word drawn in logical order letter by letter: the title's
    // extent is that of the Hebrew letters on the dates' line.
    const BoxWord* year = find_word(words, "2019");
    const BoxWord* email = find_word(words, "dana@example.com");
    ASSERT_TRUE(year && email) << layout;
    double title_left = 1e9, title_right = 0;
    for (const BoxWord& word : words) {
      const std::u32string chars = hanji::utf8_decode(word.text);
      if (std::abs(word.y_min - year->y_min) < 2 && word.x_min > 595.0 / 2 && !chars.empty() && chars.front() >= 0x05D0 &&
          chars.front() <= 0x05EA) {
        title_left = std::min(title_left, word.x_min);
        title_right = std::max(title_right, word.x_max);
      }
    }
    ASSERT_LT(title_left, title_right) << layout;
    EXPECT_GT(title_right, 595.0 * 0.6) << layout << ": an entry's title stands on the right";
    EXPECT_LT(year->x_max, title_left) << layout << ": its dates on the left of it";
    // The words read in the order written.
    std::string text;
    for (char32_t c : hanji::utf8_decode(run("pdftotext " + quote(pdf) + " -").output))
      if (c < 0x202A || c > 0x202E) hanji::utf8_append(text, c);
    EXPECT_NE(text.find("\u05D3\u05E0\u05D4 \u05DC\u05D5\u05D9"), std::string::npos) << text;
    EXPECT_NE(text.find("+972 52-123-4567"), std::string::npos) << text;
    const StructElement root = read_structure(pdf);
    ASSERT_EQ(root.kids.size(), 1u);
    const auto h1 = root.kids.front().all("H1");
    ASSERT_EQ(h1.size(), 1u);
    EXPECT_EQ(normalize_space(h1.front()->all_text()), "\u05D3\u05E0\u05D4 \u05DC\u05D5\u05D9");
    const auto items = root.kids.front().all("LBody");
    ASSERT_EQ(items.size(), 1u);
    // The English word is a Span of its own (its /Lang), which the reader lists apart.
    std::string item = normalize_space(items.front()->all_text());
    item.erase(std::remove(item.begin(), item.end(), ' '), item.end());
    EXPECT_EQ(item, "\u05D4\u05D5\u05D1\u05DC\u05EA\u05D9\u05DE\u05E2\u05D1\u05E8\u05DC-Kubernetes");
    Result checked = run("python3 " + quote(std::string(HANJI_SOURCE_DIR) + "/tests/tagged_check.py") + " " + quote(pdf), true);
    EXPECT_EQ(checked.exit_code, 0) << checked.output;
  }
}

}  // namespace
