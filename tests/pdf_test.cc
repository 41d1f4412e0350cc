// Tests for the pdf module. Documents are built in code from runs shaped by `hb-shape` (the
// HarfBuzz command-line tool, so glyph ids, clusters, kerning and ligatures are the real
// ones for the repo's fonts), written to a temp dir, and checked with the real tools:
// qpdf --check, pdffonts, pdftotext (+ -bbox), pdfinfo (+ -url), pdfimages, qpdf --json
// (outline). Needs hb-shape (Debian libharfbuzz-bin), poppler-utils and qpdf.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <span>
#include <sstream>

#include "export/pdf/marked_content.h"
#include "export/pdf/standards.h"
#include "export/pdf/font_usage.h"
#include "export/pdf/sfnt_program.h"
#include "export/pdf/pdf.h"
#include "export/pdf/png_check.h"
#include "image/reduced_copy.h"
#include "text/font_tables.h"
#include "export/pdf/text_ops.h"
#include "export/pdf/tounicode.h"
#include "export/pdf/write_memo.h"
#include "hand_made_images.h"

namespace hanji {
namespace {

namespace fs = std::filesystem;
using namespace hand_made;
using doc::Document;
using doc::PlacedRun;

const std::string kFonts = std::string(HANJI_SOURCE_DIR) + "/fonts/";

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

struct CommandResult {
  int status = -1;
  std::string out;
};

// Runs a shell command and captures its stdout (redirect 2>&1 in `command` to see stderr).
CommandResult run(const std::string& command) {
  CommandResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return result;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) result.out.append(buf, n);
  int status = pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "hanji-pdf-test-XXXXXX").string();
    if (mkdtemp(pattern.data())) path_ = pattern;
    if (path_.empty()) ADD_FAILURE() << "cannot create a temporary directory";
  }
  ~TempDir() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
  }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

doc::FontInfo font_info(const std::string& file) {
  doc::FontInfo info;
  info.path = kFonts + file;
  info.postscript_name = file.substr(0, file.size() - 4);
  info.units_per_em = text::read_horizontal_metrics(read_file(info.path))->units_per_em;
  return info;
}

// A run to shape: font index, text, size in pt.
struct ShapeRequest {
  int font = 0;
  std::string text;
  double size = 10;
};

// Parses one line of hb-shape output: items  gid=cluster@dx,dy+advance  (@ part only with offsets).
doc::GlyphRun parse_shaped(const std::string& line, const doc::FontInfo& info, const ShapeRequest& request) {
  doc::GlyphRun run;
  run.font = request.font;
  run.size = request.size;
  run.text = request.text;
  double scale = request.size / info.units_per_em;
  static const std::regex item(R"((\d+)=(\d+)(?:@(-?\d+),(-?\d+))?\+(-?\d+))");
  for (std::sregex_iterator it(line.begin(), line.end(), item), end; it != end; ++it) {
    const std::smatch& m = *it;
    doc::Glyph glyph;
    glyph.id = static_cast<uint32_t>(std::stoul(m[1]));
    glyph.cluster = static_cast<uint32_t>(std::stoul(m[2]));
    if (m[3].matched) glyph.x_offset = std::stod(m[3]) * scale;
    if (m[4].matched) glyph.y_offset = std::stod(m[4]) * scale;
    glyph.advance = std::stod(m[5]) * scale;
    run.glyphs.push_back(glyph);
  }
  return run;
}

// Shapes all `requests` with one `hb-shape --batch` (default features: kerning, ligatures).
// Texts must not contain ';' or newlines (the batch format's separators).
std::vector<doc::GlyphRun> shape_all(const Document& doc, const std::vector<ShapeRequest>& requests) {
  TempDir dir;
  std::string batch;
  for (const auto& request : requests)
    batch += "--no-glyph-names;--utf8-clusters;--text=" + request.text + ";" +
             doc.fonts[static_cast<size_t>(request.font)].path + "\n";
  write_file(dir / "batch.txt", batch);
  CommandResult shaped = run("hb-shape --batch < " + (dir / "batch.txt").string());
  EXPECT_EQ(shaped.status, 0) << "the pdf tests shape their fixtures with hb-shape (Debian libharfbuzz-bin)\n"
                              << shaped.out;
  std::vector<doc::GlyphRun> runs;
  std::istringstream lines(shaped.out);
  std::string line;
  for (const auto& request : requests) {
    std::getline(lines, line);
    runs.push_back(parse_shaped(line, doc.fonts[static_cast<size_t>(request.font)], request));
    EXPECT_FALSE(runs.back().glyphs.empty()) << request.text;
  }
  return runs;
}

doc::GlyphRun shape(const Document& doc, int font, const std::string& text, double size) {
  return shape_all(doc, {{font, text, size}}).at(0);
}

double run_width(const doc::GlyphRun& run) {
  double width = 0;
  for (const auto& glyph : run.glyphs) width += glyph.advance;
  return width;
}

// Places runs one after another on a baseline, starting at x; returns where the line ends.
double place_line(doc::Page& page, std::vector<doc::GlyphRun> runs, double x, double baseline) {
  for (auto& run : runs) {
    double width = run_width(run);
    page.runs.push_back(PlacedRun{std::move(run), x, baseline});
    x += width;
  }
  return x;
}

enum Font { kHangul = 0, kLatin = 1, kSerif = 2, kHangulBold = 3, kMyeongjo = 4 };

struct Sample {
  Document doc;
  std::vector<std::vector<std::string>> page_lines;  // what pdftotext must give back, per page
};

// A two-page CV-like document: Hangul + Latin, ligatures, kerning, a decomposed accent,
// justified spaces, a superscript, rules, a link, two bookmarks.
Sample make_sample() {
  Sample s;
  Document& doc = s.doc;
  doc.fonts = {font_info("NanumBarunGothic.ttf"), font_info("Lato-Regular.ttf"), font_info("NotoSerif-Regular.ttf"),
               font_info("NanumBarunGothicBold.ttf"), font_info("NanumMyeongjo.ttf")};
  doc.meta.title = "이흥섭 이력서 (Résumé) & CV <test>";
  doc.meta.author = "이흥섭 Heungsub Lee";
  doc.meta.subject = "경력 요약";
  doc.meta.keywords = "typesetting, 조판";
  doc.meta.language = "ko";
  doc.pages.resize(2);

  doc::Page& first = doc.pages[0];
  place_line(first, {shape(doc, kHangulBold, "이흥섭 ", 16), shape(doc, kLatin, "Heungsub Lee", 16)}, 72, 100);
  place_line(first, {shape(doc, kLatin, "office efficient AVATAR Toyota", 10)}, 72, 130);
  place_line(first, {shape(doc, kHangul, "경력 ", 10), shape(doc, kSerif, "café résume\u0301 naïve", 10)}, 72, 150);
  doc::GlyphRun spread = shape(doc, kLatin, "justified words here", 10);
  for (auto& glyph : spread.glyphs)
    if (spread.text[glyph.cluster] == ' ') glyph.advance += 2.5;  // justification
  place_line(first, {std::move(spread)}, 72, 170);
  doc::GlyphRun base = shape(doc, kLatin, "E = mc", 10);
  doc::GlyphRun exponent = shape(doc, kLatin, "2", 6);
  exponent.rise = 3.5;
  exponent.color = Rgb{0.8, 0.1, 0.1};
  place_line(first, {std::move(base), std::move(exponent)}, 72, 190);
  place_line(first, {shape(doc, kMyeongjo, "명조체 본문 글꼴", 10)}, 72, 210);
  first.rects.push_back({72, 115, 451.276, 0.8, Rgb{0.2, 0.3, 0.6}});
  first.links.push_back({72, 88, 120, 16, "https://example.com/%EC%9D%B4"});
  first.links.push_back({200, 88, 120, 16, "https://example.com/이력서 v2"});
  // "résumé" ends in e + U+0301 (decomposed), which HarfBuzz draws with the precomposed
  // glyph that "café" uses for U+00E9: only an /ActualText can give both back exactly.
  s.page_lines.push_back({"이흥섭 Heungsub Lee", "office efficient AVATAR Toyota", "경력 café résume\u0301 naïve",
                          "justified words here", "E = mc2", "명조체 본문 글꼴"});

  doc::Page& second = doc.pages[1];
  place_line(second, {shape(doc, kHangul, "둘째 쪽 ", 10), shape(doc, kLatin, "page two", 10)}, 72, 80);
  s.page_lines.push_back({"둘째 쪽 page two"});

  doc.bookmarks = {{"경력 Experience", 0, 140}, {"둘째 Second", 1, 70}};
  return s;
}

// pdftotext's output as the non-empty lines of each page (it separates blocks with blank
// lines, which are layout analysis, not content).
std::vector<std::vector<std::string>> page_lines(const std::string& text) {
  std::vector<std::vector<std::string>> pages(1);
  std::string line;
  for (char c : text) {
    if (c == '\n' || c == '\f') {
      if (!line.empty()) pages.back().push_back(line);
      line.clear();
      if (c == '\f') pages.emplace_back();
    } else {
      line += c;
    }
  }
  if (pages.back().empty()) pages.pop_back();
  return pages;
}

// `text` with each run of spaces as one space.
std::string squeezed(const std::string& text) {
  std::string out;
  for (char c : text)
    if (c != ' ' || out.empty() || out.back() != ' ') out += c;
  return out;
}

std::optional<std::string> write(const Document& doc, const pdf::Options& options, Diagnostics& diags) {
  return pdf::write_pdf(doc, options, diags);
}

std::string all_diagnostics(const Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags.all()) out += format_diagnostic(d);
  return out;
}

// A written sample PDF, shared by the tests that only read it.
class SampleTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    sample_ = new Sample(make_sample());
    dir_ = new TempDir;
    Diagnostics diags;
    std::optional<std::string> bytes = write(sample_->doc, pdf::Options{}, diags);
    ASSERT_TRUE(bytes) << all_diagnostics(diags);
    ASSERT_FALSE(diags.has_errors()) << all_diagnostics(diags);
    bytes_ = new std::string(*bytes);
    write_file(path(), *bytes_);
    // To look at the sample (e.g. render it): HANJI_PDF_SAMPLE=/tmp/sample.pdf pdf_test
    if (const char* keep = std::getenv("HANJI_PDF_SAMPLE")) write_file(keep, *bytes_);
    std::printf("[ info ] sample: %zu bytes\n", bytes_->size());  // make bench prints the writer's times
  }
  static void TearDownTestSuite() {
    delete sample_;
    delete dir_;
    delete bytes_;
  }
  static std::string path() { return (*dir_ / "sample.pdf").string(); }
  // The PDF with every stream decompressed, to look at content streams and font dicts.
  static std::string qdf() {
    std::string out = (*dir_ / "sample.qdf.pdf").string();
    run("qpdf --qdf --object-streams=disable " + path() + " " + out);
    return read_file(out);
  }

  static Sample* sample_;
  static TempDir* dir_;
  static std::string* bytes_;
};
Sample* SampleTest::sample_ = nullptr;
TempDir* SampleTest::dir_ = nullptr;
std::string* SampleTest::bytes_ = nullptr;

TEST_F(SampleTest, QpdfFindsNoErrors) {
  CommandResult check = run("qpdf --check " + path() + " 2>&1");
  EXPECT_EQ(check.status, 0) << check.out;
  EXPECT_NE(check.out.find("No syntax or stream encoding errors"), std::string::npos) << check.out;
}

TEST_F(SampleTest, TextExtractsExactly) {
  CommandResult text = run("pdftotext -enc UTF-8 " + path() + " - 2>&1");
  EXPECT_EQ(text.status, 0);
  EXPECT_EQ(page_lines(text.out), sample_->page_lines) << text.out;
}

// Readers that ignore /ActualText (mupdf, pdfminer) read each glyph's code through the
// ToUnicode map alone: every line comes back exactly, the decomposed é and the ligatures
// included, because every code reads as one text. (pdfminer reads a justified line's wide
// word spaces as two spaces: a run of spaces counts as one.)
TEST_F(SampleTest, TextExtractsExactlyWithoutActualText) {
  for (const std::string& reader : {"mutool draw -F txt -o - " + path(), "pdf2txt " + path()}) {
    CommandResult text = run(reader + " 2>/dev/null");
    EXPECT_EQ(text.status, 0) << reader;
    EXPECT_EQ(page_lines(squeezed(text.out)), sample_->page_lines) << reader << ":\n" << text.out;
  }
}

TEST_F(SampleTest, PopplerPrintsNoWarnings) {
  for (const std::string& tool : {"pdftotext " + path() + " /dev/null", "pdffonts " + path(), "pdfinfo " + path(),
                                 "pdftoppm -r 20 -png " + path() + " " + (*dir_ / "warn").string()}) {
    CommandResult result = run(tool + " 2>&1 >/dev/null");
    EXPECT_EQ(result.status, 0) << tool;
    EXPECT_EQ(result.out, "") << tool;
  }
}

TEST_F(SampleTest, EveryFontIsAnEmbeddedSubsetWithUnicodeMap) {
  CommandResult fonts = run("pdffonts " + path());
  ASSERT_EQ(fonts.status, 0);
  // name  type(CID TrueType)  encoding  emb sub uni  object id
  std::regex row(R"(([A-Z]{6})\+(\S+)\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes\s+\d+\s+0)");
  std::set<std::string> names, tags;
  for (std::sregex_iterator it(fonts.out.begin(), fonts.out.end(), row), end; it != end; ++it) {
    tags.insert((*it)[1]);
    names.insert((*it)[2]);
  }
  EXPECT_EQ(names, (std::set<std::string>{"NanumBarunGothic", "Lato-Regular", "NotoSerif-Regular",
                                          "NanumBarunGothicBold", "NanumMyeongjo"}))
      << fonts.out;
  EXPECT_EQ(tags.size(), 5u) << "subset tags must differ: " << fonts.out;
}

TEST_F(SampleTest, FontDictionariesArePatchedForGlyphIds) {
  std::string content = qdf();
  size_t fonts = 0;
  for (size_t at = content.find("/CIDFontType2"); at != std::string::npos; at = content.find("/CIDFontType2", at + 1))
    ++fonts;
  EXPECT_EQ(fonts, 5u);
  EXPECT_EQ(content.find("/Ordering (Identity-H)"), std::string::npos);
  EXPECT_NE(content.find("/Ordering (Identity)"), std::string::npos);
  EXPECT_EQ(content.find("begincidrange"), std::string::npos) << "libharu's own ToUnicode is left";
  EXPECT_NE(content.find("/CMapType 2 def"), std::string::npos);
  // Codes are the subset's glyph ids, but in Noto Serif, where the glyph drawn for "é" is drawn
  // for "e\u0301" too: that text gets a second code, which its CIDToGIDMap sends to the glyph.
  std::regex identity(R"(/CIDToGIDMap /Identity)"), mapped(R"(/CIDToGIDMap \d+ 0 R)");
  EXPECT_EQ(std::distance(std::sregex_iterator(content.begin(), content.end(), identity), std::sregex_iterator()), 4);
  EXPECT_EQ(std::distance(std::sregex_iterator(content.begin(), content.end(), mapped), std::sregex_iterator()), 1);
}

TEST_F(SampleTest, LigaturesAreDrawnAsOneGlyph) {
  // Lato's "ffi" is one glyph; the content stream shows TJ arrays of glyph codes, so count
  // the drawn codes of the "office..." line against its characters.
  const doc::GlyphRun& office = sample_->doc.pages[0].runs[2].run;
  ASSERT_EQ(office.text, "office efficient AVATAR Toyota");
  EXPECT_LT(office.glyphs.size(), utf8_length(office.text) + 0u) << "hb-shape made no ligature";
  // The ToUnicode map of Lato has an entry for the ligature glyph: <code> <006600660069>.
  EXPECT_NE(qdf().find("> <006600660069>"), std::string::npos);
}

TEST_F(SampleTest, InfoHasKoreanTitleAndNoDates) {
  CommandResult info = run("pdfinfo -enc UTF-8 " + path());
  ASSERT_EQ(info.status, 0);
  EXPECT_NE(info.out.find("Title:           이흥섭 이력서 (Résumé) & CV <test>"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("Author:          이흥섭 Heungsub Lee"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("Subject:         경력 요약"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("Keywords:        typesetting, 조판"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("Creator:         hanji"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("Pages:           2"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("Page size:       595.276 x 841.89 pts (A4)"), std::string::npos) << info.out;
  EXPECT_EQ(info.out.find("CreationDate"), std::string::npos) << info.out;
  EXPECT_EQ(bytes_->find("/ID"), std::string::npos);
  EXPECT_NE(qdf().find("/Lang (ko)"), std::string::npos);
  EXPECT_EQ(bytes_->substr(0, 8), "%PDF-1.5");  // for /ActualText
}

TEST_F(SampleTest, LinkAnnotationHasUriAndNoBorder) {
  CommandResult urls = run("pdfinfo -url " + path());
  ASSERT_EQ(urls.status, 0);
  EXPECT_NE(urls.out.find("https://example.com/%EC%9D%B4\n"), std::string::npos) << urls.out;
  // URI strings must be ASCII: the Korean path and the space arrive percent-encoded.
  EXPECT_NE(urls.out.find("https://example.com/%EC%9D%B4%EB%A0%A5%EC%84%9C%20v2\n"), std::string::npos) << urls.out;
  EXPECT_TRUE(std::regex_search(qdf(), std::regex(R"(/Border \[\s*0\s+0\s+0\s*\])")));
}

// The last guard behind the reader and the markup (core/links.h): a link area of any other
// scheme than http, https, mailto and tel is not written, with a warning for each address.
TEST(PdfWriter, WritesLinksOnlyForWebMailAndPhoneAddresses) {
  const std::vector<std::string> refused = {"javascript:alert(1)", "JavaScript:alert(1)", "file:///etc/passwd",
                                            "smb://host/share",    "data:text/html,hi",   "vbscript:msgbox",
                                            "ftp://example.com",   "java\tscript:alert(1)", " javascript:alert(1)",
                                            "example.com/jane",    "../cv.pdf"};
  const std::vector<std::string> written = {"https://example.com/a", "HTTP://example.com/b", "mailto:jane@example.com",
                                            "tel:+821012345678"};
  Document doc;
  doc.pages.resize(1);
  double y = 20;
  for (const auto* uris : {&refused, &written})
    for (const std::string& uri : *uris) {
      doc.pages[0].links.push_back({20, y, 100, 10, uri});
      doc.pages[0].links.push_back({20, y + 12, 100, 10, uri});  // the same link on its next line
      y += 30;
    }
  Diagnostics diags;
  std::optional<std::string> bytes = write(doc, {}, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  EXPECT_EQ(diags.warning_count(), static_cast<int>(refused.size())) << all_diagnostics(diags);
  EXPECT_NE(all_diagnostics(diags).find("no link to 'javascript:alert(1)' in the PDF"), std::string::npos)
      << all_diagnostics(diags);
  TempDir dir;
  write_file(dir / "links.pdf", *bytes);
  CommandResult urls = run("pdfinfo -url " + (dir / "links.pdf").string());
  ASSERT_EQ(urls.status, 0);
  EXPECT_EQ(std::count(urls.out.begin(), urls.out.end(), '\n'), 1 + 2 * 4) << urls.out;  // a header, two per link
  for (const std::string& uri : written) EXPECT_NE(urls.out.find(uri + "\n"), std::string::npos) << urls.out;
  const std::string links = (dir / "links.pdf").string(), qdf_path = (dir / "qdf.pdf").string();
  ASSERT_EQ(run("qpdf --qdf --object-streams=disable " + links + " " + qdf_path).status, 0);
  const std::string qdf = read_file(qdf_path);
  for (const char* scheme :
       {"javascript", "JavaScript", "file:", "smb:", "data:", "vbscript", "ftp:", "example.com/jane", "cv.pdf"})
    EXPECT_EQ(qdf.find(scheme), std::string::npos) << scheme;
}

TEST_F(SampleTest, OutlineHasKoreanTitlesAndOpensShown) {
  CommandResult json = run("qpdf --json --json-key=outlines " + path());
  ASSERT_EQ(json.status, 0);
  EXPECT_NE(json.out.find("\"title\": \"경력 Experience\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"title\": \"둘째 Second\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"destpageposfrom1\": 2"), std::string::npos) << json.out;
  EXPECT_NE(qdf().find("/PageMode /UseOutlines"), std::string::npos);
}

// Where the layout put the glyph drawing the character at `byte` of a placed run's text.
double glyph_x(const PlacedRun& placed, size_t byte) {
  double x = placed.x;
  for (const auto& glyph : placed.run.glyphs) {
    if (glyph.cluster >= byte) break;
    x += glyph.advance;
  }
  return x;
}

// The left edge pdftotext -bbox reports for `word` (page 1).
std::optional<double> word_x(const std::string& pdf_path, const std::string& word) {
  CommandResult bbox = run("pdftotext -bbox -enc UTF-8 -f 1 -l 1 " + pdf_path + " - 2>/dev/null");
  std::smatch m;
  std::regex row("<word xMin=\"([0-9.]+)\"[^>]*>" + word + "</word>");
  if (!std::regex_search(bbox.out, m, row)) return std::nullopt;
  return std::stod(m[1]);
}

// Every word of a justified line must start where the layout put its first glyph.
TEST_F(SampleTest, WordsStandWhereTheLayoutPutThem) {
  const PlacedRun& spread = sample_->doc.pages[0].runs[5];
  ASSERT_EQ(spread.run.text, "justified words here");
  for (const char* word : {"justified", "words", "here"}) {
    std::optional<double> x = word_x(path(), word);
    ASSERT_TRUE(x) << word;
    EXPECT_NEAR(*x, glyph_x(spread, spread.run.text.find(word)), 0.01) << word;
  }
  const PlacedRun& latin = sample_->doc.pages[0].runs[1];
  ASSERT_EQ(latin.run.text, "Heungsub Lee");
  EXPECT_NEAR(*word_x(path(), "Lee"), glyph_x(latin, 9), 0.01);
}

// Writes `doc`, checks it with qpdf and poppler (no warnings), returns pdftotext's lines.
std::vector<std::vector<std::string>> written_lines(const Document& doc) {
  TempDir dir;
  Diagnostics diags;
  std::optional<std::string> bytes = write(doc, {}, diags);
  EXPECT_TRUE(bytes) << all_diagnostics(diags);
  if (!bytes) return {};
  write_file(dir / "doc.pdf", *bytes);
  EXPECT_EQ(run("qpdf --check " + (dir / "doc.pdf").string() + " >/dev/null 2>&1").status, 0);
  CommandResult text = run("pdftotext -enc UTF-8 " + (dir / "doc.pdf").string() + " - 2>&1");
  return page_lines(text.out);  // poppler warnings would show up as extra lines
}

// An accent drawn as its own glyph (HarfBuzz decomposing é into e + U+0301's glyph, say):
// two glyphs, one character.
doc::GlyphRun decomposed_e_acute(const Document& doc) {
  doc::GlyphRun run = shape(doc, kLatin, "e", 10);  // Lato: glyph 39
  doc::GlyphRun accent = shape(doc, kLatin, "\u0301", 10);
  run.text = "\u00e9";
  run.glyphs.push_back(accent.glyphs.at(0));
  run.glyphs.back().x_offset = -2.6;
  run.glyphs.back().cluster = 0;
  return run;
}

TEST(PdfWriter, GlyphWithoutCharactersMapsToNothing) {
  Sample sample = make_sample();
  Document doc;
  doc.fonts = sample.doc.fonts;
  doc.pages.resize(1);
  place_line(doc.pages[0], {decomposed_e_acute(doc)}, 72, 100);
  EXPECT_EQ(written_lines(doc), (std::vector<std::vector<std::string>>{{"\u00e9"}}));
}

TEST(PdfWriter, SharedGlyphGetsActualText) {
  Sample sample = make_sample();
  Document doc;
  doc.fonts = sample.doc.fonts;
  doc.pages.resize(1);
  place_line(doc.pages[0], {shape(doc, kLatin, "bee", 10)}, 72, 100);  // glyph 39 is "e" twice
  place_line(doc.pages[0], {decomposed_e_acute(doc)}, 72, 120);         // and once part of "é"
  EXPECT_EQ(written_lines(doc), (std::vector<std::vector<std::string>>{{"bee", "\u00e9"}}));
}

// A line of one-character words ("1 – 2", "x → y", "a … d", the marker before it another)
// is what poppler takes for letter-spaced text, and it drops the spaces; hanji's pages give
// them back. A line with a longer word keeps them as it always did, without the span.
TEST(PdfWriter, ShortLinesOfOneCharacterWordsKeepTheirSpaces) {
  Sample sample = make_sample();
  Document doc;
  doc.fonts = sample.doc.fonts;
  doc.pages.resize(1);
  place_line(doc.pages[0], {shape(doc, kLatin, "1 \u2013 2", 10)}, 72, 100);
  place_line(doc.pages[0], {shape(doc, kLatin, "a \u2026 d", 10)}, 72, 120);
  place_line(doc.pages[0], {shape(doc, kLatin, "\u2022", 10)}, 60, 140);
  place_line(doc.pages[0], {shape(doc, kLatin, "x y", 10)}, 72, 140);
  place_line(doc.pages[0], {shape(doc, kLatin, "A: 1 \u2013 2", 10)}, 72, 160);
  EXPECT_EQ(written_lines(doc), (std::vector<std::vector<std::string>>{
                                    {"1 \u2013 2", "a \u2026 d", "\u2022 x y", "A: 1 \u2013 2"}}));
  Diagnostics diags;
  const std::optional<std::string> bytes = write(doc, {}, diags);
  ASSERT_TRUE(bytes);
}

TEST(PdfWriter, SameDocumentGivesSameBytes) {
  Sample sample = make_sample();
  Diagnostics diags;
  std::optional<std::string> a = write(sample.doc, {}, diags), b = write(sample.doc, {}, diags);
  ASSERT_TRUE(a && b) << all_diagnostics(diags);
  EXPECT_EQ(*a, *b);
}

TEST(PdfWriter, CreationTimeAddsDates) {
  Sample sample = make_sample();
  TempDir dir;
  Diagnostics diags;
  pdf::Options options;
  options.creation_time = 1700000000;  // 2023-11-14 22:13:20 UTC
  std::optional<std::string> bytes = write(sample.doc, options, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  write_file(dir / "dated.pdf", *bytes);
  CommandResult info = run("pdfinfo -isodates " + (dir / "dated.pdf").string());
  EXPECT_NE(info.out.find("CreationDate:    2023-11-14T22:13:20"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("ModDate:         2023-11-14T22:13:20"), std::string::npos) << info.out;
}

TEST(PdfWriter, LetterPageSize) {
  Sample sample = make_sample();
  sample.doc.page_width = 612;
  sample.doc.page_height = 792;
  TempDir dir;
  Diagnostics diags;
  std::optional<std::string> bytes = write(sample.doc, {}, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  write_file(dir / "letter.pdf", *bytes);
  CommandResult info = run("pdfinfo " + (dir / "letter.pdf").string());
  EXPECT_NE(info.out.find("Page size:       612 x 792 pts (letter)"), std::string::npos) << info.out;
}

TEST(PdfWriter, MissingImageIsAnErrorNotAFile) {
  Sample sample = make_sample();
  sample.doc.pages[0].images.push_back({"/nonexistent/photo.png", 400, 60, 80, 100, Span{}});
  Diagnostics diags;
  EXPECT_FALSE(write(sample.doc, {}, diags));
  ASSERT_TRUE(diags.has_errors());
  EXPECT_EQ(diags.all().back().span.file, "/nonexistent/photo.png");
  EXPECT_NE(diags.all().back().message.find("image '/nonexistent/photo.png' does not exist"), std::string::npos)
      << all_diagnostics(diags);
  EXPECT_FALSE(diags.all().back().hints.empty());
}

// Problems with the photo are reported where the CV names it, not only at the file.
TEST(PdfWriter, ImageProblemsAreReportedWhereTheCvNamesThePicture) {
  TempDir dir;
  write_file(dir / "photo.png", "not a picture at all");
  Sample sample = make_sample();
  sample.doc.pages[0].images.push_back({(dir / "photo.png").string(), 400, 60, 80, 100, Span{"cv.yaml", 4, 10}});
  Diagnostics diags;
  EXPECT_FALSE(write(sample.doc, {}, diags));
  ASSERT_EQ(diags.error_count(), 1) << all_diagnostics(diags);
  EXPECT_TRUE(format_diagnostic(diags.all()[0]).starts_with("cv.yaml:4:10: error: image '"))
      << all_diagnostics(diags);
}

// ---- PNGs checked before libharu sees them (hand-made ones from hand_made_images.h) ----

TEST(PngCheck, AcceptsSoundImages) {
  EXPECT_EQ(pdf::png_problem(grey_png(2, 2, std::string("\0\x10\x20\0\x30\x40", 6))), "");
  EXPECT_EQ(pdf::png_problem(grey_png(3, 1, std::string("\0\xE0", 2), 1)), "");  // 3 pixels in one byte
}

TEST(PngCheck, FindsWhatWouldMakeLibpngAbort) {
  std::string good = grey_png(2, 2, std::string(6, '\0'));
  EXPECT_EQ(pdf::png_problem(good.substr(0, good.size() - 20)), "damaged PNG: truncated IDAT chunk");
  EXPECT_EQ(pdf::png_problem(good.substr(0, good.size() - 6)), "damaged PNG: file ends before the IEND chunk (truncated?)");
  std::string flipped = good;
  flipped[good.find("IDAT") + 6] ^= 0x40;
  EXPECT_EQ(pdf::png_problem(flipped), "damaged PNG: IDAT chunk has a wrong checksum");
  EXPECT_EQ(pdf::png_problem(grey_png(2, 2, std::string("\0\0\0\x07\0\0", 6))),
            "damaged PNG: invalid row filter in the image data");
  EXPECT_EQ(pdf::png_problem(grey_png(2, 2, std::string(5, '\0'))), "damaged PNG: image data ends early (truncated?)");
  EXPECT_EQ(pdf::png_problem(grey_png(2, 2, std::string(7, '\0'))),
            "damaged PNG: more image data than the header announces");
  std::string garbage = std::string("\x89PNG\r\n\x1a\n", 8) +
                        png_chunk("IHDR", be32(2) + be32(2) + std::string{8, 0, 0, 0, 0}) +
                        png_chunk("IDAT", "\x78\x01\xFF\xFF\xFF") + png_chunk("IEND", "");
  EXPECT_EQ(pdf::png_problem(garbage), "damaged PNG: corrupt compressed image data");
  EXPECT_EQ(pdf::png_problem("\x89PNG\r\n\x1a\ndefinitely not a png"), "damaged PNG: truncated nite chunk");
  EXPECT_EQ(pdf::png_problem(std::string("\x89PNG\r\n\x1a\n\0\0\0\0IH?R\0\0\0\0", 20)), "damaged PNG: invalid chunk type");
  EXPECT_EQ(pdf::png_problem("GIF89a"), "damaged PNG: not a PNG file (bad signature)");
}

// A PNG cut into millions of empty chunks (32 MiB of them) took seconds and hundreds of
// megabytes to walk; past 20,000 chunks it is refused, whatever they are.
TEST(PngCheck, RefusesAPngOfMoreChunksThanAnEditorWrites) {
  const std::string good = grey_png(2, 2, std::string("\0\1\2\0\3\4", 6));
  const std::size_t idat = good.find("IDAT") - 4;
  const auto with_empty_chunks = [&](int count) {
    std::string out = good.substr(0, idat);
    for (int k = 0; k < count; ++k) out += png_chunk("tEXt", "");
    return out + good.substr(idat);
  };
  EXPECT_NE(pdf::png_problem(with_empty_chunks(20000)).find("more than 20000 chunks"), std::string::npos);
  EXPECT_EQ(pdf::png_problem(with_empty_chunks(19990)), "");
}

TEST(PngCheck, RejectsWhatLibharuMishandles) {
  EXPECT_EQ(pdf::png_problem(grey_png(1, 1, std::string(2, '\0'), 8, true)), "interlaced PNGs cannot be embedded");
  EXPECT_EQ(pdf::png_problem(grey_png(1, 1, std::string(3, '\0'), 16)), "16-bit PNGs cannot be embedded");
}

TEST(PdfWriter, DamagedPngIsAnErrorNotACrash) {
  TempDir dir;
  fs::path fake = dir / "photo.png";
  write_file(fake, std::string("\x89PNG\r\n\x1a\n", 8) + "definitely not a png");
  Sample sample = make_sample();
  sample.doc.pages[0].images.push_back({fake.string(), 400, 60, 80, 100, Span{}});
  Diagnostics diags;
  EXPECT_FALSE(write(sample.doc, {}, diags));
  ASSERT_EQ(diags.error_count(), 1) << all_diagnostics(diags);
  const Diagnostic& error = diags.all().back();
  EXPECT_EQ(error.span.file, fake.string());
  EXPECT_NE(error.message.find("cannot embed image '" + fake.string() + "': damaged PNG: truncated"), std::string::npos)
      << error.message;
}

// A 2-bit palette PNG (4 colours, the first transparent) of width x height with `raw` data.
std::string palette_png(uint32_t width, uint32_t height, const std::string& raw) {
  std::string header = be32(width) + be32(height) + std::string{2, 3, 0, 0, 0};
  std::string palette("\xFF\0\0\0\xFF\0\0\0\xFF\xFF\xFF\xFF", 12);
  return std::string("\x89PNG\r\n\x1a\n", 8) + png_chunk("IHDR", header) + png_chunk("PLTE", palette) +
         png_chunk("tRNS", std::string("\0\xFF\xFF\xFF", 4)) + png_chunk("IDAT", zlib_stored(raw)) +
         png_chunk("IEND", "");
}

TEST(PdfWriter, HandMadePngsAreEmbedded) {
  TempDir dir;
  write_file(dir / "plain.png", grey_png(2, 2, std::string("\0\x10\xF0\0\xF0\x10", 6)));
  // 1 bit per pixel, pixels 1 0 1 and five padding bits; filter 2 (Up) on the second row.
  write_file(dir / "onebit.png", grey_png(3, 2, std::string("\0\xA0\x02\xC0", 4), 1));
  write_file(dir / "palette.png", palette_png(3, 1, std::string("\0\x1B", 2)));  // indices 0 1 2
  Sample sample = make_sample();
  sample.doc.pages[0].images.push_back({(dir / "plain.png").string(), 400, 60, 20, 20, Span{}});
  sample.doc.pages[0].images.push_back({(dir / "onebit.png").string(), 430, 60, 30, 20, Span{}});
  sample.doc.pages[0].images.push_back({(dir / "palette.png").string(), 470, 60, 30, 10, Span{}});
  Diagnostics diags;
  std::optional<std::string> bytes = write(sample.doc, {}, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  EXPECT_TRUE(diags.all().empty()) << all_diagnostics(diags);
  write_file(dir / "images.pdf", *bytes);
  CommandResult list = run("pdfimages -list " + (dir / "images.pdf").string());
  EXPECT_NE(list.out.find("    2     2  gray    1   8  image"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("    3     2  gray    1   8  image"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("    3     1  index   1   8  image"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("smask"), std::string::npos) << list.out;
  // Unpacked to 8 bits with the Up filter undone: rows 1 0 1 and 0 1 1 as 255/0 levels.
  ASSERT_EQ(run("pdfimages -f 1 -l 1 " + (dir / "images.pdf").string() + " " + (dir / "img").string()).status, 0);
  std::string white(3, '\xFF'), black(3, '\0');
  EXPECT_EQ(read_file(dir / "img-001.ppm"), "P6\n3 2\n255\n" + white + black + white + black + white + white);

  // An interlaced PNG is refused with a reason instead of failing inside libharu.
  write_file(dir / "adam7.png", grey_png(1, 1, std::string(2, '\0'), 8, true));
  sample.doc.pages[0].images.push_back({(dir / "adam7.png").string(), 460, 60, 20, 20, Span{}});
  Diagnostics refused;
  EXPECT_FALSE(write(sample.doc, {}, refused));
  EXPECT_NE(all_diagnostics(refused).find("interlaced PNGs cannot be embedded"), std::string::npos)
      << all_diagnostics(refused);
}

TEST(PdfWriter, PngAncillaryChunksDoNotStopTheImage) {
  TempDir dir;
  std::string png = grey_png(2, 2, std::string(6, '\0'));
  // An ancillary chunk with a wrong CRC: libpng only warns, but libharu fails the image on
  // any warning; png_essentials drops such chunks.
  size_t after_header = 8 + 25;
  std::string text_chunk = png_chunk("tEXt", std::string("Comment\0hello", 13), false);
  png.insert(after_header, text_chunk);
  ASSERT_EQ(pdf::png_problem(png), "");
  EXPECT_EQ(pdf::png_essentials(png).size(), png.size() - text_chunk.size());
  write_file(dir / "warn.png", png);
  Sample sample = make_sample();
  sample.doc.pages[0].images.push_back({(dir / "warn.png").string(), 400, 60, 20, 20, Span{}});
  Diagnostics diags;
  std::optional<std::string> bytes = write(sample.doc, {}, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  EXPECT_TRUE(diags.all().empty()) << all_diagnostics(diags);
}

// A real JPEG (made by pdftoppm from a page of ours), whole.
std::string real_jpeg(const TempDir& dir) {
  Sample sample = make_sample();
  Diagnostics diags;
  std::optional<std::string> page = write(sample.doc, {}, diags);
  EXPECT_TRUE(page);
  write_file(dir / "src.pdf", *page);
  EXPECT_EQ(run("pdftoppm -r 20 -jpeg -singlefile " + (dir / "src.pdf").string() + " " + (dir / "real").string()).status, 0);
  return read_file(dir / "real.jpg");
}

TEST(PdfWriter, TruncatedJpegIsAnErrorNotABrokenPdf) {
  TempDir dir;
  const std::string jpeg = real_jpeg(dir);
  fs::path cut = dir / "photo.jpg";
  write_file(cut, jpeg.substr(0, jpeg.size() * 2 / 3));
  Sample sample = make_sample();
  sample.doc.pages[0].images.push_back({cut.string(), 400, 60, 80, 100, Span{}});
  Diagnostics diags;
  EXPECT_FALSE(write(sample.doc, {}, diags));
  ASSERT_EQ(diags.error_count(), 1) << all_diagnostics(diags);
  const Diagnostic& error = diags.all().back();
  EXPECT_EQ(error.span.file, cut.string());
  EXPECT_NE(error.message.find("truncated JPEG"), std::string::npos) << error.message;
  EXPECT_FALSE(error.hints.empty());
}

// An 18000 x 18000 PNG took 17 s and 972 MB to embed. Its header alone says it is too big:
// it is refused without a row of it decoded.
TEST(PdfWriter, PicturesWithTooManyPixelsAreRefusedBeforeDecoding) {
  TempDir dir;
  write_file(dir / "huge.png", grey_png(18000, 18000, std::string(10, '\0')));
  std::string jpeg = real_jpeg(dir);
  write_file(dir / "small.jpg", jpeg);
  write_file(dir / "small.png", grey_png(2, 2, std::string("\0\x10\xF0\0\xF0\x10", 6)));
  const std::size_t sof = jpeg.find("\xFF\xC0");
  jpeg[sof + 5] = jpeg[sof + 7] = '\x4F';  // 20304 x 20389
  write_file(dir / "huge.jpg", jpeg);
  for (const char* name : {"small.png", "small.jpg"}) {  // what the count below would see
    Sample sample = make_sample();
    sample.doc.pages[0].images.push_back({(dir / name).string(), 400, 60, 80, 100, Span{}});
    Diagnostics diags;
    pdf::WriteWork work;
    EXPECT_TRUE(pdf::write_pdf(sample.doc, {}, diags, &work)) << all_diagnostics(diags);
    EXPECT_EQ(work.images_decoded, 1u) << name;
  }
  for (const char* name : {"huge.png", "huge.jpg"}) {
    Sample sample = make_sample();
    sample.doc.pages[0].images.push_back({(dir / name).string(), 400, 60, 80, 100, Span{"cv.yaml", 3, 10}});
    Diagnostics diags;
    pdf::WriteWork work;
    EXPECT_FALSE(pdf::write_pdf(sample.doc, {}, diags, &work));
    EXPECT_EQ(work.images_decoded, 0u) << name;
    ASSERT_EQ(diags.error_count(), 1) << all_diagnostics(diags);
    EXPECT_NE(diags.all()[0].message.find("more than the 12.5 million hanji embeds"), std::string::npos)
        << all_diagnostics(diags);
    EXPECT_EQ(diags.all()[0].span.line, 3);
  }
}

TEST(PdfWriter, InvalidPageSizeReportsTheLibharuError) {
  Sample sample = make_sample();
  sample.doc.page_width = 1;  // libharu accepts 3..14400 pt
  Diagnostics diags;
  EXPECT_FALSE(write(sample.doc, {}, diags));
  ASSERT_EQ(diags.error_count(), 1);
  EXPECT_NE(diags.all().back().message.find("error 0x1054 (invalid page size)"), std::string::npos)
      << diags.all().back().message;
}

TEST(PdfWriter, ImagesAreEmbedded) {
  TempDir dir;
  // A 2x2 PNG and a JPEG made by pdftoppm from a one-page PDF of ours.
  Sample sample = make_sample();
  Diagnostics diags;
  std::optional<std::string> page = write(sample.doc, {}, diags);
  ASSERT_TRUE(page);
  write_file(dir / "src.pdf", *page);
  ASSERT_EQ(run("pdftoppm -r 10 -png -singlefile " + (dir / "src.pdf").string() + " " + (dir / "pic").string()).status, 0);
  ASSERT_EQ(run("pdftoppm -r 10 -jpeg -singlefile " + (dir / "src.pdf").string() + " " + (dir / "pic").string()).status, 0);
  sample.doc.pages[0].images.push_back({(dir / "pic.png").string(), 400, 60, 80, 100, Span{}});
  sample.doc.pages[1].images.push_back({(dir / "pic.jpg").string(), 400, 60, 80, 100, Span{}});
  sample.doc.pages[1].images.push_back({(dir / "pic.png").string(), 300, 60, 40, 50, Span{}});  // loaded once
  sample.doc.pages[1].images.push_back({std::string(HANJI_SOURCE_DIR) + "/samples/photo.png", 200, 60, 60, 80, Span{}});
  std::optional<std::string> bytes = write(sample.doc, {}, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  write_file(dir / "images.pdf", *bytes);
  CommandResult list = run("pdfimages -list " + (dir / "images.pdf").string());
  EXPECT_NE(list.out.find("jpeg"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("  300   400  rgb     3   8  image"), std::string::npos) << list.out;  // samples/photo.png
  EXPECT_EQ(std::count(list.out.begin(), list.out.end(), '\n'), 2 + 4) << list.out;  // header + 4 placements
  // pic.png is drawn twice but embedded once: 3 image objects.
  std::regex image_object(R"(/Subtype ?/Image)");
  EXPECT_EQ(std::distance(std::sregex_iterator(bytes->begin(), bytes->end(), image_object), std::sregex_iterator()), 3);
  EXPECT_EQ(run("qpdf --check " + (dir / "images.pdf").string() + " >/dev/null 2>&1").status, 0);
}

// ---- photos drawn upright as their Exif orientation says (read in image_test.cc) ----

struct Pixel {
  int r = 0, g = 0, b = 0;
};

// A picture as pdftoppm writes it by default: binary PPM, 8 bits a sample.
struct Ppm {
  int width = 0, height = 0;
  std::string samples;
  Pixel at(int x, int y) const {
    const std::size_t i =
        (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
    if (x < 0 || y < 0 || x >= width || y >= height || i + 2 >= samples.size()) return {-1, -1, -1};
    auto sample = [&](std::size_t k) { return static_cast<int>(static_cast<unsigned char>(samples[k])); };
    return {sample(i), sample(i + 1), sample(i + 2)};
  }
};

Ppm read_ppm(const fs::path& path) {
  std::istringstream in(read_file(path));
  std::string magic;
  int max = 0;
  Ppm ppm;
  in >> magic >> ppm.width >> ppm.height >> max;
  in.get();  // the one white-space character before the samples
  EXPECT_EQ(magic, "P6");
  EXPECT_EQ(max, 255);
  ppm.samples.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return ppm;
}

const Rgb kRed{1, 0, 0}, kGreen{0, 0.7, 0}, kBlue{0, 0, 1}, kYellow{1, 0.85, 0};

bool looks_like(const Pixel& pixel, const Rgb& colour) {
  auto near = [](int sample, double expected) { return std::abs(sample - expected * 255) < 60; };
  return near(pixel.r, colour.r) && near(pixel.g, colour.g) && near(pixel.b, colour.b);
}

// A picture 80 x 60 of four quadrants: red top left, green top right, blue bottom left, yellow
// bottom right, as pdftoppm makes a JPEG or PNG (`format`) of a page drawn by us.
std::string quadrants(const TempDir& dir, const std::string& format) {
  Document doc;
  doc.page_width = 80;
  doc.page_height = 60;
  doc.pages.resize(1);
  doc.pages[0].rects = {
      {0, 0, 40, 30, kRed}, {40, 0, 40, 30, kGreen}, {0, 30, 40, 30, kBlue}, {40, 30, 40, 30, kYellow}};
  Diagnostics diags;
  std::optional<std::string> page = write(doc, {}, diags);
  EXPECT_TRUE(page) << all_diagnostics(diags);
  write_file(dir / "quadrants.pdf", page.value_or(""));
  EXPECT_EQ(run("pdftoppm -r 72 -" + format + " -singlefile " + (dir / "quadrants.pdf").string() + " " +
                (dir / "quadrants").string()).status, 0);
  return read_file(dir / ("quadrants." + (format == "jpeg" ? std::string("jpg") : format)));
}

// Which colour each displayed quadrant (top left, top right, bottom left, bottom right) shows
// for each orientation of the quadrants picture: what an image viewer shows.
const std::map<int, std::array<Rgb, 4>>& displayed_quadrants() {
  static const std::map<int, std::array<Rgb, 4>> kShown = {
      {1, {kRed, kGreen, kBlue, kYellow}},   // as stored
      {2, {kGreen, kRed, kYellow, kBlue}},   // mirrored left to right
      {3, {kYellow, kBlue, kGreen, kRed}},   // upside down
      {4, {kBlue, kYellow, kRed, kGreen}},   // mirrored top to bottom
      {5, {kRed, kBlue, kGreen, kYellow}},   // along the main diagonal
      {6, {kBlue, kRed, kYellow, kGreen}},   // a quarter turn clockwise
      {7, {kYellow, kGreen, kBlue, kRed}},   // along the other diagonal
      {8, {kGreen, kYellow, kRed, kBlue}},   // a quarter turn anticlockwise
  };
  return kShown;
}

// The box the drawing tests put a picture in (pt, top-left, y down): a 3 x 4 photo's.
constexpr double kBoxX = 36, kBoxY = 36, kBoxWidth = 60, kBoxHeight = 80;

// A page of 200 x 200 pt with `picture` (written as `name`) in the box, rendered at 100 dpi
// by `pdftoppm -r 100` (as PPM, the same pixels as -png gives). `at` gives the pixel at a
// point in pt.
struct RenderedPage {
  Ppm pixels;
  Pixel at(double x, double y) const {
    return pixels.at(static_cast<int>(x * 100 / 72), static_cast<int>(y * 100 / 72));
  }
};

RenderedPage draw_in_box(const TempDir& dir, const std::string& name, const std::string& picture) {
  write_file(dir / name, picture);
  Document doc;
  doc.page_width = doc.page_height = 200;
  doc.pages.resize(1);
  doc.pages[0].images.push_back({(dir / name).string(), kBoxX, kBoxY, kBoxWidth, kBoxHeight, Span{}});
  Diagnostics diags;
  std::optional<std::string> bytes = write(doc, {}, diags);
  EXPECT_TRUE(bytes) << all_diagnostics(diags);
  EXPECT_TRUE(diags.all().empty()) << all_diagnostics(diags);
  write_file(dir / (name + ".pdf"), bytes.value_or(""));
  EXPECT_EQ(run("pdftoppm -r 100 -singlefile " + (dir / (name + ".pdf")).string() + " " +
                (dir / (name + ".page")).string()).status, 0);
  return {read_ppm(dir / (name + ".page.ppm"))};
}

// The colour at the middle of each quarter of the box, and white just outside it.
void expect_drawn_as(const TempDir& dir, const std::string& name, const std::string& picture,
                     const std::array<Rgb, 4>& expected) {
  const RenderedPage page = draw_in_box(dir, name, picture);
  const std::array<std::pair<double, double>, 4> middles = {{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}}};
  const char* names[] = {"top left", "top right", "bottom left", "bottom right"};
  for (std::size_t q = 0; q < 4; ++q) {
    const Pixel p = page.at(kBoxX + middles[q].first * kBoxWidth, kBoxY + middles[q].second * kBoxHeight);
    EXPECT_TRUE(looks_like(p, expected[q])) << name << ", " << names[q] << ": " << p.r << " " << p.g << " " << p.b;
  }
  const double middle_x = kBoxX + kBoxWidth / 2, middle_y = kBoxY + kBoxHeight / 2;
  for (auto [x, y] : {std::pair{kBoxX - 3, middle_y}, {kBoxX + kBoxWidth + 3, middle_y}, {middle_x, kBoxY - 3},
                      {middle_x, kBoxY + kBoxHeight + 3}})
    EXPECT_TRUE(looks_like(page.at(x, y), Rgb{1, 1, 1})) << name << ": the picture spills out of its box";
}

TEST(PdfWriter, PhotosStandAsTheirExifOrientationSays) {
  TempDir dir;
  const std::string jpeg = quadrants(dir, "jpeg");
  for (const auto& [value, shown] : displayed_quadrants()) {
    const bool little_endian = value % 2 == 0;
    expect_drawn_as(dir, "turned-" + std::to_string(value) + ".jpg",
                    with_exif(jpeg, camera_tiff(little_endian, static_cast<uint32_t>(value))), shown);
  }
  const std::string png = quadrants(dir, "png");
  expect_drawn_as(dir, "turned-6.png", png_with_chunk(png, png_chunk("eXIf", camera_tiff(false, 6))),
                  displayed_quadrants().at(6));
  expect_drawn_as(dir, "plain.png", png, displayed_quadrants().at(1));
}

// A portrait photo stored on its side (80 x 60 pixels, orientation 6) fills a 3 x 4 box
// whole: its shown shape decides the cover, so nothing is cut off. Drawn by its stored shape
// it would have lost a sixth of its width on each side.
TEST(PdfWriter, ATurnedPhotoCoversItsBoxByItsShownShape) {
  TempDir dir;
  const RenderedPage page = draw_in_box(dir, "phone.jpg", with_exif(quadrants(dir, "jpeg"), camera_tiff(false, 6)));
  const std::array<Rgb, 4> shown = displayed_quadrants().at(6);
  const double left = kBoxX + 3, right = kBoxX + kBoxWidth - 3, top = kBoxY + 3, bottom = kBoxY + kBoxHeight - 3;
  EXPECT_TRUE(looks_like(page.at(left, top), shown[0]));
  EXPECT_TRUE(looks_like(page.at(right, top), shown[1]));
  EXPECT_TRUE(looks_like(page.at(left, bottom), shown[2]));
  EXPECT_TRUE(looks_like(page.at(right, bottom), shown[3]));
  // The quadrants meet in the middle of the box, in both directions.
  const double middle_x = kBoxX + kBoxWidth / 2, middle_y = kBoxY + kBoxHeight / 2;
  EXPECT_TRUE(looks_like(page.at(middle_x - 3, middle_y - 3), shown[0]));
  EXPECT_TRUE(looks_like(page.at(middle_x + 3, middle_y - 3), shown[1]));
  EXPECT_TRUE(looks_like(page.at(middle_x - 3, middle_y + 3), shown[2]));
  EXPECT_TRUE(looks_like(page.at(middle_x + 3, middle_y + 3), shown[3]));
}

// The same turned picture gives the same bytes each time.
TEST(PdfWriter, TurnedPhotosAreWrittenTheSameEachTime) {
  TempDir dir;
  write_file(dir / "turned.jpg", with_exif(quadrants(dir, "jpeg"), camera_tiff(true, 5)));
  Document doc;
  doc.pages.resize(1);
  doc.pages[0].images.push_back({(dir / "turned.jpg").string(), kBoxX, kBoxY, kBoxWidth, kBoxHeight, Span{}});
  Diagnostics diags;
  EXPECT_EQ(write(doc, {}, diags), write(doc, {}, diags));
  EXPECT_FALSE(diags.has_errors()) << all_diagnostics(diags);
}

TEST(PdfWriter, EmptyDocumentIsOneBlankPage) {
  Document doc;
  Diagnostics diags;
  std::optional<std::string> bytes = write(doc, {}, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  TempDir dir;
  write_file(dir / "empty.pdf", *bytes);
  EXPECT_NE(run("pdfinfo " + (dir / "empty.pdf").string()).out.find("Pages:           1"), std::string::npos);
}

TEST(PdfWriter, BadFontIndexIsAnError) {
  Sample sample = make_sample();
  sample.doc.pages[0].runs[0].run.font = 9;
  sample.doc.pages[0].runs[0].run.span = Span{"cv.yaml", 3, 7};
  Diagnostics diags;
  EXPECT_FALSE(write(sample.doc, {}, diags));
  ASSERT_TRUE(diags.has_errors());
  EXPECT_EQ(diags.all().back().span.line, 3);
}

// ---- a real CV's text: round trip, size and speed --------------------------------------

bool is_hangul_side(char32_t c) {
  return (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) ||
         (c >= 0x3000 && c <= 0x303F);
}

// The visible text of a CV file, one string per value, markup and link targets removed,
// wrapped at spaces to at most `width` characters (crude, but every line is real CV text).
std::vector<std::string> cv_lines(const std::string& yaml_file, size_t width) {
  std::istringstream in(read_file(std::string(HANJI_SOURCE_DIR) + "/samples/" + yaml_file));
  std::vector<std::string> out;
  std::string line;
  std::regex key_value(R"(^\s*(?:- )?\s*[a-z_]+:\s*(.*)$)"), item(R"(^\s*(?:- )?(.*?):?\s*$)");
  std::regex link(R"(\]\([^)]*\))"), markup(R"([*"\[\];]|\\)");
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::smatch m;
    std::string value = std::regex_match(line, m, key_value) ? m[1].str()
                        : std::regex_match(line, m, item)    ? m[1].str()
                                                             : line;
    value = std::regex_replace(std::regex_replace(value, link, ""), markup, "");
    std::u32string chars = utf8_decode(value);
    while (!chars.empty()) {
      size_t cut = chars.size() <= width ? chars.size() : chars.rfind(U' ', width);
      if (cut == std::u32string::npos || cut == 0) cut = std::min(width, chars.size());
      std::string piece;
      for (char32_t c : chars.substr(0, cut)) utf8_append(piece, c);
      piece = std::regex_replace(piece, std::regex("^ +| +$"), "");
      piece = std::regex_replace(piece, std::regex(" {2,}"), " ");
      if (utf8_length(piece) >= 2) out.push_back(piece);
      chars.erase(0, cut);
    }
  }
  return out;
}

// Splits a line into runs for the Hangul font and the Latin font (spaces stay with the run
// before them), as the text module's font choice would.
std::vector<ShapeRequest> font_runs(const std::string& line, int hangul_font, int latin_font, double size) {
  std::vector<ShapeRequest> runs;
  for (char32_t c : utf8_decode(line)) {
    int font = c == U' ' && !runs.empty() ? runs.back().font : is_hangul_side(c) ? hangul_font : latin_font;
    if (runs.empty() || runs.back().font != font) runs.push_back({font, "", size});
    utf8_append(runs.back().text, c);
  }
  return runs;
}

// Two pages of the Korean and English CVs of samples/, 4 fonts, 10 pt, every 6th line bold.
Sample corpus_sample() {
  Sample s;
  Document& doc = s.doc;
  doc.fonts = {font_info("NanumBarunGothic.ttf"), font_info("NanumBarunGothicBold.ttf"), font_info("Lato-Regular.ttf"),
               font_info("Lato-Bold.ttf")};
  std::vector<std::string> lines = cv_lines("heungsub-lee-ko.yaml", 42);
  for (std::string& line : cv_lines("heungsub-lee.yaml", 80)) lines.push_back(std::move(line));
  constexpr size_t kLinesPerPage = 52;
  lines.resize(std::min(lines.size(), 2 * kLinesPerPage));
  std::vector<ShapeRequest> requests;
  std::vector<size_t> first_run;
  for (size_t i = 0; i < lines.size(); ++i) {
    bool bold = i % 6 == 0;
    first_run.push_back(requests.size());
    for (auto& run : font_runs(lines[i], bold ? 1 : 0, bold ? 3 : 2, 10)) requests.push_back(std::move(run));
  }
  first_run.push_back(requests.size());
  std::vector<doc::GlyphRun> shaped = shape_all(doc, requests);
  doc.pages.resize((lines.size() + kLinesPerPage - 1) / kLinesPerPage);
  s.page_lines.resize(doc.pages.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    std::vector<doc::GlyphRun> runs(shaped.begin() + static_cast<long>(first_run[i]),
                                     shaped.begin() + static_cast<long>(first_run[i + 1]));
    place_line(doc.pages[i / kLinesPerPage], std::move(runs), 56, 60 + 14.0 * static_cast<double>(i % kLinesPerPage));
    s.page_lines[i / kLinesPerPage].push_back(lines[i]);
  }
  return s;
}

// The glyphs of `doc` that are read with the glyph before them, and not drawn (a space beside
// a CJK bracket: pdf::DocumentReadings).
std::size_t read_with_another(const Document& doc) {
  const pdf::DocumentClusters clusters(doc);
  const pdf::DocumentReadings readings(doc, clusters);
  std::size_t count = 0;
  for (std::size_t p = 0; p < doc.pages.size(); ++p)
    for (std::size_t r = 0; r < doc.pages[p].runs.size(); ++r)
      for (std::size_t g = 0; g < doc.pages[p].runs[r].run.glyphs.size(); ++g) count += !readings.of(p, r).drawn(g);
  return count;
}

// The fonts of `doc` that draw a glyph for two texts: each has a CIDToGIDMap stream.
std::size_t fonts_with_glyph_maps(const Document& doc) {
  std::size_t count = 0;
  for (const pdf::FontUsage& usage : pdf::collect_font_usage(doc)) count += !usage.other_readings.empty();
  return count;
}

// Real CV text reads back exactly, in small subsets, for work in proportion to the document:
// each font subset once (not per page or run), each glyph drawn once and measured at most once
// for where extractors read it. This once asserted milliseconds, which a busy machine cannot
// promise; make bench prints them.
TEST(PdfWriter, RealCvTextRoundTripsSmallInWorkInProportion) {
  Sample sample = corpus_sample();
  ASSERT_EQ(sample.doc.pages.size(), 2u);
  Diagnostics diags;
  pdf::WriteWork work;
  const std::optional<std::string> written = pdf::write_pdf(sample.doc, {}, diags, &work);
  ASSERT_TRUE(written) << all_diagnostics(diags);
  const std::string& bytes = *written;
  size_t glyphs = 0;
  for (const auto& page : sample.doc.pages)
    for (const auto& placed : page.runs) glyphs += placed.run.glyphs.size();
  std::printf("[ info ] real CV text: 2 pages, 4 fonts, %zu glyphs: %zu bytes\n", glyphs, bytes.size());
  EXPECT_EQ(work.fonts_subset, sample.doc.fonts.size());  // all four are used
  EXPECT_EQ(work.glyphs_drawn, glyphs - read_with_another(sample.doc));
  EXPECT_GT(work.glyphs_measured, glyphs / 2);  // the runs without an /ActualText of their own
  EXPECT_LE(work.glyphs_measured, glyphs);
  EXPECT_EQ(work.images_decoded, 0u);

  TempDir dir;
  write_file(dir / "cv.pdf", bytes);
  if (const char* keep = std::getenv("HANJI_PDF_CORPUS_SAMPLE")) write_file(keep, bytes);
  EXPECT_EQ(run("qpdf --check " + (dir / "cv.pdf").string() + " >/dev/null 2>&1").status, 0);
  CommandResult text = run("pdftotext -enc UTF-8 " + (dir / "cv.pdf").string() + " - 2>&1");
  // (A space beside a half-width bracket is read with the bracket, "」 Vol.", and poppler may add
  // one of its own for the gap the bracket leaves: a run of spaces counts as one.)
  EXPECT_EQ(page_lines(squeezed(text.out)), sample.page_lines);
  // Stock libharu embeds ~100 KB per Nanum weight; subsets of the glyphs used are small.
  EXPECT_LT(bytes.size(), 60000u);
}

// Deflate, which is most of the writer's work, runs once per stream and once per byte: the
// writer compresses every stream of the file itself (libharu compresses nothing), so its
// counts match what a reader decompresses. If libharu compressed a stream, or a stream were
// compressed twice, or the packed objects were saved and packed again, the counts would
// disagree with the file.
TEST(PdfWriter, EveryStreamIsDeflatedOnceByTheWriter) {
  Sample sample = corpus_sample();
  Diagnostics diags;
  pdf::WriteWork work;
  const std::optional<std::string> bytes = pdf::write_pdf(sample.doc, {}, diags, &work);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  TempDir dir;
  const std::string file = (dir / "cv.pdf").string();
  write_file(file, *bytes);
  // Streams are never packed into an object stream: each has an entry of its own.
  CommandResult xref = run("qpdf --show-xref " + file);
  ASSERT_EQ(xref.status, 0);
  std::size_t streams = 0, decoded = 0;
  std::regex own_entry(R"((\d+)/0: uncompressed)");
  for (std::sregex_iterator it(xref.out.begin(), xref.out.end(), own_entry), end; it != end; ++it) {
    const std::string object = "qpdf --show-object=" + (*it)[1].str() + " ";
    if (run(object + file).out.find("/FlateDecode") == std::string::npos) continue;
    CommandResult data = run(object + "--filtered-stream-data " + file);
    ASSERT_EQ(data.status, 0) << (*it)[1];
    ++streams;
    decoded += data.out.size();
  }
  // Two pages, four fonts (program and ToUnicode each, and a CIDToGIDMap where a glyph reads
  // as two texts), the packed objects, the xref.
  EXPECT_EQ(streams, 2u + 4 * 2 + fonts_with_glyph_maps(sample.doc) + 2);
  EXPECT_EQ(work.streams_compressed, streams);
  // The cross-reference stream is deflated with a predictor byte before each of its rows
  // (one per object, object 0 included), which decoding takes away.
  const std::size_t xref_rows = 1 + static_cast<std::size_t>(std::count(xref.out.begin(), xref.out.end(), '\n'));
  EXPECT_EQ(work.bytes_compressed, decoded + xref_rows);
}

// A warm engine writing the same document again compresses nothing again: not the pages and
// fonts, and not the writer's own object and cross-reference streams either (a rebuild that
// only changed a page, then changed it back, finds every stream made before); the bytes are
// those of the first writing.
TEST(PdfWriter, WritingTheSameDocumentAgainCompressesNothing) {
  Sample sample = corpus_sample();
  text::FontService fonts;
  pdf::StreamMemo streams(16u << 20);
  const pdf::WriteMemo memo{&fonts, &streams};
  Diagnostics diags;
  pdf::WriteWork first, second;
  const std::optional<std::string> once = pdf::write_pdf(sample.doc, pdf::Options{0, memo}, diags, &first);
  const std::optional<std::string> twice = pdf::write_pdf(sample.doc, pdf::Options{0, memo}, diags, &second);
  ASSERT_TRUE(once && twice) << all_diagnostics(diags);
  EXPECT_EQ(first.streams_compressed, 2u + 4 * 2 + fonts_with_glyph_maps(sample.doc) + 2);
  EXPECT_EQ(second.streams_compressed, 0u);
  EXPECT_EQ(*once, *twice);
  // Each font file opened once for both writings, and subset once.
  EXPECT_EQ(fonts.stats().faces.misses, sample.doc.fonts.size());
  EXPECT_EQ(fonts.stats().subsets.hits, fonts.stats().subsets.misses);
}

// Text strings go in as literals when they are printable ASCII (escaped where the syntax
// needs it) and as UTF-16 otherwise; both read back exactly.
TEST(PdfWriter, TextStringsReadBackExactly) {
  Sample sample = make_sample();
  sample.doc.meta.title = "Jane (Doe) \\ CV";
  sample.doc.meta.author = "Jane Doe";
  sample.doc.meta.subject = "tab\there";
  Diagnostics diags;
  std::optional<std::string> bytes = write(sample.doc, {}, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  TempDir dir;
  write_file(dir / "strings.pdf", *bytes);
  CommandResult info = run("pdfinfo -enc UTF-8 " + (dir / "strings.pdf").string());
  EXPECT_NE(info.out.find("Title:           Jane (Doe) \\ CV\n"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("Author:          Jane Doe\n"), std::string::npos) << info.out;
  run("qpdf --qdf --object-streams=disable " + (dir / "strings.pdf").string() + " " + (dir / "qdf.pdf").string());
  const std::string qdf = read_file(dir / "qdf.pdf");
  EXPECT_NE(qdf.find("/Title (Jane \\(Doe\\) \\\\ CV)"), std::string::npos);
  EXPECT_NE(qdf.find("/Author (Jane Doe)"), std::string::npos);
  EXPECT_NE(qdf.find("/Subject <feff00740061006200090068006500720065>"), std::string::npos);  // a tab: not printable
}

// ---- the pure parts -------------------------------------------------------------------

TEST(TextOps, FormatsThousandthsExactly) {
  EXPECT_EQ(pdf::format_thousandths(0), "0");
  EXPECT_EQ(pdf::format_thousandths(12500), "12.5");
  EXPECT_EQ(pdf::format_thousandths(-125), "-0.125");
  EXPECT_EQ(pdf::format_thousandths(3000), "3");
  EXPECT_EQ(pdf::format_thousandths(-7), "-0.007");
}

// Positions round to whole thousandths of a point with halves away from zero (llround's
// rule), whichever way the pen moves.
TEST(TextOps, PositionsRoundHalvesAwayFromZero) {
  pdf::LineStart line;
  EXPECT_EQ(line.move_to(0.0625, -0.0625), "0.063 -0.063 Td\n");  // 62.5 thousandths, exactly
  EXPECT_EQ(line.move_to(0.0625 + 0.0004, -0.0625 - 0.0004), "0 0 Td\n");
}

TEST(TextOps, LineStartMovesAddUpWithoutDrift) {
  pdf::LineStart line;
  long long x = 0, y = 0;
  std::regex td(R"((-?[0-9.]+) (-?[0-9.]+) Td\n)");
  for (int i = 1; i <= 1000; ++i) {
    std::string op = line.move_to(72 + i * 0.1234567, 841.89 - i * 0.3333333);
    std::smatch m;
    ASSERT_TRUE(std::regex_match(op, m, td)) << op;
    x += std::llround(std::stod(m[1]) * 1000);
    y += std::llround(std::stod(m[2]) * 1000);
  }
  EXPECT_EQ(x, std::llround((72 + 1000 * 0.1234567) * 1000));
  EXPECT_EQ(y, std::llround((841.89 - 1000 * 0.3333333) * 1000));
}

doc::GlyphRun manual_run() {
  doc::GlyphRun run;
  run.size = 10;
  run.text = "AVx";
  run.glyphs = {{1, 6.0, 0, 0, 0}, {2, 5.5, 0, 0, 1}, {3, 5.0, 0.5, 2.0, 2}};
  return run;
}

// A literal string of 2-byte codes as the TJ writer writes it (codes whose bytes need no
// escape).
std::string tj_string(std::initializer_list<uint16_t> codes) {
  std::string out = "(";
  for (uint16_t code : codes) {
    out += static_cast<char>(code >> 8);
    out += static_cast<char>(code & 0xFF);
  }
  return out + ")";
}

// Glyphs 1, 2, 3 as codes 0x21, 0x22, 0x23, 600, 600 and 500 /1000 em wide, reading back
// as the three texts given.
pdf::GlyphCodes manual_codes(const std::vector<std::u32string>& unicode) {
  pdf::GlyphCodes codes;
  codes.add(1, unicode[0], 0x21, 600'000'000);
  codes.add(2, unicode[1], 0x22, 600'000'000);
  codes.add(3, unicode[2], 0x23, 500'000'000);
  return codes;
}

TEST(TextOps, AdjustsForKerningAndOffsets) {
  std::vector<std::u32string> unicode{U"A", U"V", U"x"};
  // A at 0 (declared 6 pt = its advance), V at 6 (no move), x at 11.5 + 0.5 offset while the
  // viewer is at 12: no move either, but it is raised 2 pt.
  std::string ops = pdf::show_glyphs(manual_run(), manual_codes(unicode));
  EXPECT_EQ(ops, "[" + tj_string({0x21, 0x22}) + "]TJ\n2 Ts\n[" + tj_string({0x23}) + "]TJ\n0 Ts\n");
  doc::GlyphRun kerned = manual_run();
  kerned.glyphs[0].advance = 5.2;  // A-V kern of -0.8 pt at 10 pt = -80/1000 em
  ops = pdf::show_glyphs(kerned, manual_codes(unicode));
  EXPECT_EQ(ops, "[" + tj_string({0x21}) + "80" + tj_string({0x22}) + "]TJ\n2 Ts\n[" + tj_string({0x23}) + "]TJ\n0 Ts\n");
}

TEST(TextOps, ActualTextWhereTheFontHasNoCodeForAReading) {
  std::vector<std::u32string> unicode{U"A", U"W", U"x"};  // glyph 2 has a code for W only, drawn for V
  std::string ops = pdf::show_glyphs(manual_run(), manual_codes(unicode));
  EXPECT_NE(ops.find("/Span <</ActualText <FEFF0056>>> BDC\n[" + tj_string({0x22}) + "]TJ\nEMC\n"), std::string::npos)
      << ops;
}

TEST(TextOps, GlyphsDrawnIntoTheirNeighbourReadAsOneSpan) {
  std::vector<std::u32string> unicode{U"A", U"V", U"x"};
  // V set half-width as a CJK bracket is: drawn 3 pt left of its pen, so its declared 6 pt
  // box starts inside A's. An extractor placing boxes would lose or reorder them; the two
  // are one span that reads "AV", while x (a kerning-sized offset) stays on its own.
  doc::GlyphRun trimmed = manual_run();
  trimmed.glyphs[1].x_offset = -3.0;
  trimmed.glyphs[1].advance = 3.0;
  std::string ops = pdf::show_glyphs(trimmed, manual_codes(unicode));
  EXPECT_NE(ops.find("/Span <</ActualText <FEFF00410056>>> BDC\n[" + tj_string({0x21}) + "300" + tj_string({0x22}) +
                     "]TJ\nEMC\n"),
            std::string::npos)
      << ops;
  EXPECT_EQ(ops.find("ActualText <FEFF0078>"), std::string::npos) << ops;
  // The same trim on the right (a closing bracket: advance cut, glyph in place) joins the
  // bracket with what follows it.
  doc::GlyphRun closing = manual_run();
  closing.glyphs[0].advance = 3.0;
  ops = pdf::show_glyphs(closing, manual_codes(unicode));
  EXPECT_NE(ops.find("/Span <</ActualText <FEFF00410056>>> BDC\n"), std::string::npos) << ops;
}

// Replays TJ arrays the way a viewer does: the pen position (thousandths of an em) at which
// each glyph is drawn, from the declared widths and the adjustments, which are counted.
struct TjReplay {
  std::vector<double> drawn_at;
  size_t adjustments = 0;
};

TjReplay replay_tj(const std::string& ops, const pdf::GlyphCodes& codes) {
  TjReplay replay;
  double pen = 0;
  for (size_t at = 0; at < ops.size();) {
    const char c = ops[at];
    if (c == '(') {  // a literal string of 2-byte codes
      std::string bytes;
      for (++at; at < ops.size() && ops[at] != ')'; ++at) {
        if (ops[at] != '\\') {
          bytes += ops[at];
          continue;
        }
        const char escaped = ops[++at];
        bytes += escaped == 'r' ? '\r' : escaped == 'n' ? '\n' : escaped;
      }
      ++at;
      for (size_t i = 0; i + 2 <= bytes.size(); i += 2) {
        replay.drawn_at.push_back(pen);
        const auto code = static_cast<uint16_t>(static_cast<unsigned char>(bytes[i]) << 8 | static_cast<unsigned char>(bytes[i + 1]));
        pen += codes.width_of(code) / 1e6;
      }
    } else if (c == '-' || c == '.' || std::isdigit(static_cast<unsigned char>(c))) {
      size_t end = at + 1;
      while (end < ops.size() && (ops[end] == '.' || std::isdigit(static_cast<unsigned char>(ops[end])))) ++end;
      pen -= std::stod(ops.substr(at, end - at));
      ++replay.adjustments;
      at = end;
    } else {
      ++at;
    }
  }
  return replay;
}

TEST(TextOps, UnevenUnitsPerEmStaysWithinToleranceWithFewAdjustments) {
  // NanumMyeongjo: 973 units of 1024 = 950.1953125/1000 em, declared as 950.1875.
  pdf::GlyphCodes codes;
  codes.add(5, U"\uAC00", 1, pdf::declared_width(973 * 1000.0 / 1024));
  doc::GlyphRun run;
  run.size = 10;
  for (uint32_t i = 0; i < 200; ++i) {
    run.text += "\uAC00";
    run.glyphs.push_back({5, 9.501953125, 0, 0, 3 * i});
  }
  std::string ops = pdf::show_glyphs(run, codes);
  TjReplay replay = replay_tj(ops, codes);
  ASSERT_EQ(replay.drawn_at.size(), 200u);
  for (size_t i = 0; i < replay.drawn_at.size(); ++i)
    EXPECT_NEAR(replay.drawn_at[i], i * 950.1953125, 0.1) << "glyph " << i;
  EXPECT_LE(replay.adjustments, 200u / 10) << ops;
}

TEST(ToUnicode, BlocksOfAtMostHundredWithExactCounts) {
  std::vector<pdf::CodeText> entries;
  for (uint16_t code = 150; code > 0; --code) entries.emplace_back(code, std::u32string(1, U'a' + code % 26));
  entries.emplace_back(uint16_t{200}, U"ffi");
  entries.emplace_back(uint16_t{201}, U"\U0001D400");
  std::string cmap = pdf::to_unicode_cmap(entries);
  EXPECT_NE(cmap.find("100 beginbfchar\n<0001>"), std::string::npos);
  EXPECT_NE(cmap.find("52 beginbfchar\n<0065>"), std::string::npos);
  EXPECT_NE(cmap.find("<00C8> <006600660069>\n"), std::string::npos);
  EXPECT_NE(cmap.find("<00C9> <D835DC00>\n"), std::string::npos);
  EXPECT_NE(cmap.find("/CMapType 2 def"), std::string::npos);
  size_t entries_written = 0;
  for (size_t at = cmap.find("> <"); at != std::string::npos; at = cmap.find("> <", at + 1)) ++entries_written;
  EXPECT_EQ(entries_written, 153u);  // 152 + the codespace range line
}

TEST(FontUsage, ClustersCoverEveryCharacterOnce) {
  doc::GlyphRun run;
  run.text = "xoffice";
  // cluster starts at 1 (the x has no glyph of its own), "ffi" is one glyph
  run.glyphs = {{10, 1, 0, 0, 1}, {20, 1, 0, 0, 2}, {30, 1, 0, 0, 5}, {40, 1, 0, 0, 6}};
  std::vector<pdf::Cluster> clusters = pdf::clusters_of(run);
  ASSERT_EQ(clusters.size(), 4u);
  EXPECT_EQ(clusters[0].text, U"xo");
  EXPECT_EQ(clusters[1].text, U"ffi");
  EXPECT_EQ(clusters[3].text, U"e");
}

TEST(FontUsage, MostFrequentTextWinsAndEveryOtherReadingIsKept) {
  Document doc;
  doc.fonts.resize(1);
  doc.pages.resize(1);
  auto add = [&](std::string text, std::vector<doc::Glyph> glyphs) {
    doc::GlyphRun run;
    run.text = std::move(text);
    run.glyphs = std::move(glyphs);
    doc.pages[0].runs.push_back(PlacedRun{run, 0, 0});
  };
  add("e", {{7, 1, 0, 0, 0}});
  add("E", {{7, 1, 0, 0, 0}});  // a small capital: glyph 7 drawn for "E" too
  add("e", {{7, 1, 0, 0, 0}});
  add("\u00e9", {{7, 1, 0, 0, 0}, {9, 0, 0, 0, 0}});  // é decomposed into e + accent glyph
  std::vector<pdf::FontUsage> usage = pdf::collect_font_usage(doc);
  ASSERT_EQ(usage.size(), 1u);
  EXPECT_EQ(usage[0].glyph_ids, (std::vector<uint32_t>{7, 9}));
  ASSERT_NE(usage[0].text_of(7), nullptr);
  EXPECT_EQ(*usage[0].text_of(7), U"e");
  ASSERT_NE(usage[0].text_of(9), nullptr);
  EXPECT_EQ(*usage[0].text_of(9), U"");
  EXPECT_EQ(usage[0].text_of(8), nullptr);
  // The other texts glyph 7 is drawn for, in the order first drawn: each gets a code of its own.
  EXPECT_EQ(usage[0].other_readings,
            (std::vector<pdf::GlyphReading>{{7, U"E"}, {7, U"\u00e9"}}));
  EXPECT_EQ(usage[0].code_points, (std::vector<char32_t>{U'E', U'e', U'\u00e9'}));
}

TEST(FontUsage, GlyphReadingsMakeUpTheCluster) {
  EXPECT_EQ(pdf::glyph_reading(U"ffi", 0, 1), U"ffi");  // a ligature reads as all it stands for
  EXPECT_EQ(pdf::glyph_reading(U"ffi", 0, 2), U"f");
  EXPECT_EQ(pdf::glyph_reading(U"ffi", 1, 2), U"fi");
  EXPECT_EQ(pdf::glyph_reading(U"\u00e9", 0, 2), U"\u00e9");  // base and mark of one character
  EXPECT_EQ(pdf::glyph_reading(U"\u00e9", 1, 2), U"");
  EXPECT_EQ(pdf::glyph_reading(U"", 0, 1), U"");
  for (std::u32string text : {std::u32string(U"abc"), std::u32string(U"a"), std::u32string()})
    for (std::size_t glyphs = 1; glyphs <= 4; ++glyphs) {
      std::u32string joined;
      for (std::size_t k = 0; k < glyphs; ++k) joined += pdf::glyph_reading(text, k, glyphs);
      EXPECT_EQ(joined, text) << glyphs;
    }
}

TEST(FontUsage, DecodesExactlyLikeCore) {
  // Overlong, truncated, stray continuation, surrogate, 4-byte and invalid lead bytes.
  for (std::string bytes : {std::string("plain"), std::string("\xC0\x80x"), std::string("\xE2\x82"),
                            std::string("a\xF0\x9F\x98\x80" "b"), std::string("\xFF\x80\xBF"),
                            std::string("\xED\xA0\x80"), std::string("\xEA\xB0"), std::string("\xE1\x84\x80\xE1")}) {
    std::u32string decoded;
    pdf::append_decoded(decoded, bytes);
    EXPECT_EQ(decoded, utf8_decode(bytes)) << bytes;
  }
}

TEST(FontUsage, ClustersOutOfOrderGetTheirTextOnce) {
  doc::GlyphRun run;
  run.text = "abc";
  run.glyphs = {{1, 1, 0, 0, 2}, {2, 1, 0, 0, 1}, {3, 1, 0, 0, 0}};  // right to left
  std::vector<pdf::Cluster> clusters = pdf::clusters_of(run);
  ASSERT_EQ(clusters.size(), 3u);
  EXPECT_EQ(clusters[0].text, U"c");
  EXPECT_EQ(clusters[1].text, U"b");
  EXPECT_EQ(clusters[2].text, U"a");
  run.glyphs = {{1, 1, 0, 0, 0}, {2, 1, 0, 0, 1}, {3, 1, 0, 0, 0}};  // cluster 0 seen again
  clusters = pdf::clusters_of(run);
  ASSERT_EQ(clusters.size(), 3u);
  EXPECT_EQ(clusters[0].text, U"a");
  EXPECT_EQ(clusters[1].text, U"bc");
  EXPECT_EQ(clusters[2].text, U"");
  EXPECT_EQ(clusters[2].first_glyph, 2u);
}

TEST(FontUsage, ClusterBoundsInsideACharacterDecodeLikeSubstrings) {
  doc::GlyphRun run;
  run.text = "\uAC00\uB098";  // 3 bytes each
  run.glyphs = {{1, 1, 0, 0, 0}, {2, 1, 0, 0, 1}, {3, 1, 0, 0, 3}, {4, 1, 0, 0, 6}};  // 6: a hyphen
  std::vector<pdf::Cluster> clusters = pdf::clusters_of(run);
  ASSERT_EQ(clusters.size(), 4u);
  EXPECT_EQ(clusters[0].text, utf8_decode(run.text.substr(0, 1)));
  EXPECT_EQ(clusters[1].text, utf8_decode(run.text.substr(1, 2)));
  EXPECT_EQ(clusters[2].text, U"\uB098");
  EXPECT_EQ(clusters[3].text, U"");
}

TEST(FontUsage, TiesGoToTheFirstSeenAndAnyIdOrCharacterIsKept) {
  Document doc;
  doc.fonts.resize(2);
  doc.pages.resize(1);
  auto add = [&](std::string text, std::vector<doc::Glyph> glyphs) {
    doc::GlyphRun run;
    run.font = 1;
    run.text = std::move(text);
    run.glyphs = std::move(glyphs);
    doc.pages[0].runs.push_back(PlacedRun{run, 0, 0});
  };
  add("b", {{7, 1, 0, 0, 0}});
  add("a", {{7, 1, 0, 0, 0}});
  add("\U0001D400z", {{70000, 1, 0, 0, 0}, {3, 1, 0, 0, 4}});
  add("fi", {{65536, 1, 0, 0, 0}});
  add("a", {{7, 1, 0, 0, 0}});
  std::vector<pdf::FontUsage> usage = pdf::collect_font_usage(doc);
  ASSERT_EQ(usage.size(), 2u);
  EXPECT_FALSE(usage[0].used());
  EXPECT_EQ(usage[1].glyph_ids, (std::vector<uint32_t>{3, 7, 65536, 70000}));
  EXPECT_EQ(usage[1].texts, (std::vector<std::u32string>{U"z", U"a", U"fi", U"\U0001D400"}));
  EXPECT_EQ(usage[1].code_points, (std::vector<char32_t>{U'a', U'b', U'f', U'i', U'z', U'\U0001D400'}));
  doc.pages[0].runs.pop_back();  // now "b" and "a" once each: the first seen wins
  usage = pdf::collect_font_usage(doc);
  EXPECT_EQ(*usage[1].text_of(7), U"b");
}

TEST(TextOps, GlyphCodesLookUpEveryGlyphReadingAndCode) {
  pdf::GlyphCodes codes;
  codes.add(900, U"c", 3, 300);
  codes.add(70000, U"a", 1, 100);
  codes.add(5, U"b", 2, 200);
  codes.add(5, U"B", 4, 200);   // glyph 5 drawn for a second text: a code of its own
  codes.add(5, U"b", 2, 250);   // the same glyph and text again: replaces what was said
  EXPECT_EQ(codes.code_of(70000), 1);
  EXPECT_EQ(codes.code_of(5), 2);  // the main reading: the first added
  uint16_t code = 0;
  EXPECT_TRUE(codes.find(5, U"b", code));
  EXPECT_EQ(code, 2);
  EXPECT_TRUE(codes.find(5, U"B", code));
  EXPECT_EQ(code, 4);
  EXPECT_FALSE(codes.find(5, U"bb", code));
  EXPECT_FALSE(codes.find(6, U"b", code));
  EXPECT_EQ(codes.width_of(2), 250);
  EXPECT_EQ(codes.code_of(6), 0);  // not embedded: .notdef
  EXPECT_EQ(codes.width_of(0), 0);
  EXPECT_EQ(codes.widths(), (std::vector<std::pair<uint16_t, long long>>{{1, 100}, {2, 250}, {3, 300}, {4, 200}}));
}

TEST(TextOps, EachGlyphIsDrawnAsTheCodeOfItsReading) {
  // Glyph 2 reads as "V" by its main code 0x22 and as "v" by 0x24 (a small capital).
  pdf::GlyphCodes codes = manual_codes({U"A", U"V", U"x"});
  codes.add(2, U"v", 0x24, 600'000'000);
  doc::GlyphRun run = manual_run();
  run.text = "Avx";
  std::string ops = pdf::show_glyphs(run, codes);
  EXPECT_EQ(ops, "[" + tj_string({0x21, 0x24}) + "]TJ\n2 Ts\n[" + tj_string({0x23}) + "]TJ\n0 Ts\n");
  EXPECT_EQ(ops.find("ActualText"), std::string::npos) << ops;
}

TEST(TextOps, ABrokenWordReadsAsItsActualTextWhateverItsGlyphs) {
  doc::GlyphRun run = manual_run();
  run.actual_text = "AVxy";
  std::string ops = pdf::show_glyphs(run, manual_codes({U"A", U"W", U"x"}));
  EXPECT_EQ(ops, "/Span <</ActualText <FEFF0041005600780079>>> BDC\n[" + tj_string({0x21, 0x22}) + "]TJ\n2 Ts\n[" +
                     tj_string({0x23}) + "]TJ\n0 Ts\nEMC\n");
}

// Codes go into the TJ strings as their two bytes; the bytes of the string syntax are escaped
// and a carriage return is written as \r (a reader would take a raw one for a line end).
TEST(TextOps, CodeBytesAreEscapedWhereTheStringSyntaxNeeds) {
  pdf::GlyphCodes codes;
  codes.add(1, U"a", 0x2829, 500'000'000);  // ( )
  codes.add(2, U"b", 0x5C0D, 500'000'000);  // \ CR
  codes.add(3, U"c", 0x0A00, 500'000'000);  // LF NUL
  doc::GlyphRun run;
  run.size = 10;
  run.text = "abc";
  run.glyphs = {{1, 5, 0, 0, 0}, {2, 5, 0, 0, 1}, {3, 5, 0, 0, 2}};
  std::string ops = pdf::show_glyphs(run, codes);
  EXPECT_EQ(ops, std::string("[(\\(\\)\\\\\\r\n\0)]TJ\n", 17)) << ops;
  TjReplay replay = replay_tj(ops, codes);
  EXPECT_EQ(replay.drawn_at, (std::vector<double>{0, 500, 1000}));
  EXPECT_EQ(replay.adjustments, 0u);
}

TEST(SfntMetrics, MatchesHarfBuzzAdvances) {
  Document doc;
  doc.fonts = {font_info("NanumMyeongjo.ttf")};  // 1024 units per em
  doc::GlyphRun run = shape(doc, 0, "명조", 1024);  // size = upem: advances in font units
  std::optional<text::HorizontalMetrics> metrics = text::read_horizontal_metrics(read_file(doc.fonts[0].path));
  ASSERT_TRUE(metrics);
  EXPECT_EQ(metrics->units_per_em, 1024);
  for (const auto& glyph : run.glyphs) EXPECT_NEAR(metrics->per_mille(glyph.id) * 1.024, glyph.advance, 1e-9);
  EXPECT_FALSE(text::read_horizontal_metrics("not a font"));
}

TEST(PdfWriter, LibharuVersionIsReported) { EXPECT_EQ(pdf::libharu_version(), "2.3.0"); }

}  // namespace
}  // namespace hanji


namespace hanji {
namespace {

// sfnt table directory of `font`: tag -> table bytes.
std::map<std::string, std::string> sfnt_tables(const std::string& font) {
  std::map<std::string, std::string> tables;
  auto u32 = [&](std::size_t at) {
    uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(font[at + i]);
    return v;
  };
  const std::size_t count = static_cast<unsigned char>(font[4]) << 8 | static_cast<unsigned char>(font[5]);
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t record = 12 + 16 * i;
    tables[font.substr(record, 4)] = font.substr(u32(record + 8), u32(record + 12));
  }
  return tables;
}

uint32_t font_checksum(const std::string& font) {
  uint32_t sum = 0;
  for (std::size_t at = 0; at < font.size(); at += 4) {
    uint32_t word = 0;
    for (std::size_t i = 0; i < 4; ++i) word = word << 8 | (at + i < font.size() ? static_cast<unsigned char>(font[at + i]) : 0u);
    sum += word;
  }
  return sum;
}

// A subset by characters alone (the public-API backend's) keeps its cmap; the embedded
// program drops it, as every table a PDF viewer does not read, keeping the rest byte for byte.
TEST(SfntProgram, KeepsOnlyTheTablesAPdfReadsByteForByte) {
  doc::FontInfo lato = font_info("Lato-Regular.ttf");
  Diagnostics diags;
  std::vector<char32_t> code_points;
  for (char32_t c : U"Su fstin.bld31(_egh:0compa") code_points.push_back(c);
  std::optional<text::FontSubset> subset = text::subset_font(lato, {}, code_points, diags);
  ASSERT_TRUE(subset) << all_diagnostics(diags);
  const auto before = sfnt_tables(subset->data);
  ASSERT_EQ(before.count("cmap"), 1u);
  const std::string program = pdf::pdf_font_program(subset->data);
  const auto after = sfnt_tables(program);
  EXPECT_EQ(after.count("cmap"), 0u);
  for (const auto& [tag, data] : before) {
    if (tag == "cmap") continue;
    ASSERT_EQ(after.count(tag), 1u) << tag;
    if (tag == "head") continue;  // its checkSumAdjustment is recomputed
    EXPECT_EQ(after.at(tag), data) << tag;
  }
  EXPECT_EQ(after.at("head").substr(12), before.at("head").substr(12));
  EXPECT_EQ(font_checksum(program), 0xB1B0AFBAu);  // what checkSumAdjustment is for
  EXPECT_EQ(pdf::pdf_font_program(program), program);  // nothing left to drop: unchanged
  EXPECT_EQ(pdf::pdf_font_program("junk"), "junk");
  ASSERT_TRUE(text::read_horizontal_metrics(program));
  EXPECT_EQ(text::read_horizontal_metrics(program)->advances, text::read_horizontal_metrics(subset->data)->advances);
}

// The glyph-id backend names its glyphs, which alone make the subset: hb-subset leaves out the
// cmap (and every other table the PDF would drop) and the program is embedded as written.
TEST(SfntProgram, GlyphSubsetsHaveOnlyEmbeddedTables) {
  for (const char* file : {"Lato-Regular.ttf", "NanumBarunGothic.ttf", "NotoSerif-Regular.ttf"}) {
    Diagnostics diags;
    std::optional<text::FontSubset> subset = text::subset_font(font_info(file), {36, 37}, {U'A'}, diags);
    ASSERT_TRUE(subset) << all_diagnostics(diags);
    const auto tables = sfnt_tables(subset->data);
    for (const auto& [tag, data] : tables) EXPECT_TRUE(pdf::embedded_table(tag)) << file << " " << tag;
    EXPECT_EQ(pdf::pdf_font_program(subset->data), subset->data) << file;
    // .notdef and the two glyphs asked for (neither is a composite): the characters given
    // bring no glyphs of their own.
    ASSERT_GE(tables.at("maxp").size(), 6u);
    EXPECT_EQ(static_cast<unsigned char>(tables.at("maxp")[4]) << 8 | static_cast<unsigned char>(tables.at("maxp")[5]), 3)
        << file;
    EXPECT_EQ(subset->old_ids, (std::vector<uint32_t>{0, 36, 37})) << file;
    EXPECT_EQ(subset->new_ids, (std::vector<uint32_t>{0, 1, 2})) << file;
  }
}

// What the font descriptor declares: libharu's values (thousandths of an em, truncated) for
// the box, ascent and descent, the style from head.macStyle, the embedding licence.
TEST(SfntMetrics, ReadsTheDescriptorFacts) {
  std::optional<text::FontFacts> bold = text::read_font_facts(read_file(font_info("Lato-Bold.ttf").path));
  ASSERT_TRUE(bold);
  EXPECT_TRUE(bold->bold);
  EXPECT_FALSE(bold->italic);
  EXPECT_EQ(bold->descriptor_flags(), 32 | (1 << 18));  // nonsymbolic, force bold
  EXPECT_EQ(bold->ascent, 987);
  EXPECT_EQ(bold->descent, -213);
  EXPECT_TRUE(bold->has_outlines);
  EXPECT_TRUE(bold->embeddable());
  std::optional<text::FontFacts> serif = text::read_font_facts(read_file(font_info("NanumMyeongjo.ttf").path));
  ASSERT_TRUE(serif);
  EXPECT_EQ(serif->descriptor_flags(), 32 | 2);  // sFamilyClass 3: a serif face
  text::FontFacts restricted;
  restricted.embedding = 0x0002;
  EXPECT_FALSE(restricted.embeddable());
  restricted.embedding = 0x0008;  // editable embedding
  EXPECT_TRUE(restricted.embeddable());
  EXPECT_FALSE(text::read_font_facts("junk"));
}

// The CV of a bug report: Lato's glyphs for this text made a subset whose tables, as libharu
// rebuilt them, came to exactly 8192 bytes before 'prep', which libharu then failed to seek
// to. hanji embeds the program itself now; this glyph set stays a test.
TEST(PdfWriter, TheGlyphSetThatMadeLibharuFailBuilds) {
  Document doc;
  doc.fonts = {font_info("Lato-Regular.ttf"), font_info("Lato-Bold.ttf")};
  doc.pages.resize(1);
  place_line(doc.pages[0], {shape(doc, 1, "Test", 20)}, 72, 100);
  place_line(doc.pages[0], {shape(doc, 1, "About", 12)}, 72, 130);
  place_line(doc.pages[0], {shape(doc, 0, "Su fstin.bld31(_egh:0compa", 10)}, 72, 150);
  Diagnostics diags;
  std::optional<std::string> bytes = write(doc, {}, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  EXPECT_FALSE(diags.has_errors()) << all_diagnostics(diags);
}

}  // namespace
}  // namespace hanji

namespace hanji {
namespace {

// The rows of a grey PNG `width` x `height` with every byte filtered by `filter` (raw levels
// y * 16 + x), as its stored zlib data wants them.
std::string grey_rows(uint32_t width, uint32_t height, char filter = 0) {
  std::string raw;
  for (uint32_t y = 0; y < height; ++y) {
    raw += filter;
    for (uint32_t x = 0; x < width; ++x) raw += static_cast<char>((y * 16 + x) & 0xFF);
  }
  return raw;
}

// An interlaced image's rows come in passes, which the row walk would call damaged: the
// reason given is the real one.
TEST(PngCheck, InterlacedIsNamedBeforeTheRowsAreWalked) {
  EXPECT_EQ(pdf::png_problem(grey_png(4, 4, std::string(40, '\0'), 8, true)), "interlaced PNGs cannot be embedded");
}

// A big PNG is decoded by us and made as many times smaller as its placement allows (a
// 16-megapixel photo took seconds in libharu); the block average keeps the picture.
TEST(PngDownsample, AveragesBlocksAndResolvesPalettesAndColourKeys) {
  const std::string grey = grey_png(4, 2, grey_rows(4, 2, 1));  // Sub filter on every row
  const std::string half = image::png_downsampled(grey, 2);
  ASSERT_FALSE(half.empty());
  EXPECT_EQ(pdf::png_problem(half), "");
  TempDir dir;
  write_file(dir / "half.png", half);
  // Stored 0..3 and 16..19 with the Sub filter, the rows are 0 1 3 6 and 16 33 51 70; the
  // blocks (0 1 16 33) and (3 6 51 70) average, rounded, to 13 and 33.
  Sample sample = make_sample();
  sample.doc.pages[0].images.push_back({(dir / "half.png").string(), 400, 60, 20, 10, Span{}});
  Diagnostics diags;
  std::optional<std::string> bytes = write(sample.doc, {}, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  write_file(dir / "half.pdf", *bytes);
  ASSERT_EQ(run("pdfimages -f 1 -l 1 " + (dir / "half.pdf").string() + " " + (dir / "img").string()).status, 0);
  EXPECT_EQ(read_file(dir / "img-000.ppm"), "P6\n2 1\n255\n" + std::string("\x0D\x0D\x0D\x21\x21\x21", 6));
  // A palette with transparency becomes RGB and alpha; an RGB colour key becomes alpha.
  const std::string palette = image::png_downsampled(palette_png(3, 1, std::string("\0\x1B", 2)), 1);
  ASSERT_FALSE(palette.empty());
  EXPECT_EQ(static_cast<int>(palette[25]), 6);  // colour type RGBA in IHDR
  EXPECT_FALSE(pdf::has_colour_key(grey));
}

TEST(PdfWriter, LargePngsAreMadeSmallerToThePrintResolutionTheyNeed) {
  TempDir dir;
  write_file(dir / "big.png", grey_png(240, 240, grey_rows(240, 240)));  // one stored zlib block
  Sample sample = make_sample();
  // 14.4 pt wide at 400 dpi needs 80 pixels: a factor of 3.
  sample.doc.pages[0].images.push_back({(dir / "big.png").string(), 400, 60, 14.4, 14.4, Span{}});
  Diagnostics diags;
  std::optional<std::string> bytes = write(sample.doc, {}, diags);
  ASSERT_TRUE(bytes) << all_diagnostics(diags);
  write_file(dir / "big.pdf", *bytes);
  CommandResult list = run("pdfimages -list " + (dir / "big.pdf").string());
  EXPECT_NE(list.out.find("   80    80  gray    1   8  image"), std::string::npos) << list.out;
  EXPECT_EQ(run("qpdf --check " + (dir / "big.pdf").string() + " >/dev/null 2>&1").status, 0);
}



// ---- tagged PDF

TEST(LanguageOf, NamesTheScriptsOfOtherLanguagesOnly) {
  EXPECT_EQ(pdf::language_of("한글", "en"), "ko");
  EXPECT_EQ(pdf::language_of("Python", "ko"), "en");
  EXPECT_EQ(pdf::language_of("Python", "de"), "");  // Latin in a German CV is German's script
  EXPECT_EQ(pdf::language_of("이력서", "ko"), "");
  EXPECT_EQ(pdf::language_of("漢字", "ko"), "");  // Hanja in a Korean CV
  EXPECT_EQ(pdf::language_of("漢字", "en"), "zh");
  EXPECT_EQ(pdf::language_of("\u05E9\u05DC\u05D5\u05DD", "en"), "he");
  EXPECT_EQ(pdf::language_of("\u0645\u0631\u062D\u0628\u0627", "en"), "ar");
  EXPECT_EQ(pdf::language_of("\u0645\u0631\u062D\u0628\u0627", "fa"), "");
  EXPECT_EQ(pdf::language_of("2024. 3. – ", "ko"), std::nullopt);  // no letters: takes its neighbours'
  EXPECT_EQ(pdf::language_of("", "en"), std::nullopt);
}

namespace tagging {

doc::Document tagged_document() {
  doc::Document d;
  d.meta.language = "en";
  d.structure = {{doc::Role::Document, -1, "", false}, {doc::Role::H1, 0, "", false}, {doc::Role::P, 0, "", false},
                 {doc::Role::Figure, 0, "Photo of Ada", false}};
  d.pages.resize(1);
  return d;
}

doc::PlacedRun placed(std::string text, int tag, std::string link = "") {
  doc::PlacedRun run;
  run.run.text = std::move(text);
  run.run.link = std::move(link);
  run.tag = tag;
  return run;
}

// Runs of one element in a row share one sequence; another element's run opens its own;
// furniture and icons are artifacts; the parent tree lists each MCID's element.
TEST(MarkedContent, SequencesPerElementAndArtifacts) {
  const doc::Document d = tagged_document();
  pdf::MarkedContent marks(d);
  EXPECT_EQ(marks.before_run(0, placed("Ada ", 1)), "/H1<</MCID 0>>BDC\n");
  EXPECT_EQ(marks.before_run(0, placed("Lovelace", 1)), "");
  EXPECT_EQ(marks.before_run(0, placed("Analyst", 2)), "EMC\n/P<</MCID 1>>BDC\n");
  doc::PlacedRun icon = placed("\uF0E0\u00A0", 2);
  icon.run.decoration = true;
  EXPECT_EQ(marks.before_run(0, icon), "EMC\n/Artifact BMC\n");
  EXPECT_EQ(marks.before_run(0, placed("1 / 2", -1)), "");  // still in the artifact
  EXPECT_EQ(marks.before_run(0, placed("more", 2)), "EMC\n/P<</MCID 2>>BDC\n");
  EXPECT_EQ(marks.close(), "EMC\n");
  EXPECT_EQ(marks.close(), "");
  marks.finish();
  EXPECT_EQ(marks.owners_on(0), (std::vector<int>{1, 2, 2}));
  ASSERT_EQ(marks.elements().size(), 4u);
  EXPECT_TRUE(marks.elements()[0].has_content);
  EXPECT_FALSE(marks.elements()[3].has_content);  // the figure never drawn is left out
}

// A link's runs go into a Link element inside their element, with its annotation; text in
// another language into a Span saying so; one that is all of its element's text gives the
// element its /Lang instead.
TEST(MarkedContent, LinksAndLanguages) {
  const doc::Document d = tagged_document();
  pdf::MarkedContent marks(d);
  marks.before_run(0, placed("Worked at ", 2));
  EXPECT_EQ(marks.before_run(0, placed("Acme", 2, "https://acme.example")), "EMC\n/Link<</MCID 1>>BDC\n");
  EXPECT_EQ(marks.before_run(0, placed(" in ", 2)), "EMC\n/P<</MCID 2>>BDC\n");
  EXPECT_EQ(marks.before_run(0, placed("서울", 2)), "EMC\n/Span<</MCID 3>>BDC\n");
  EXPECT_EQ(marks.before_run(0, placed(" 2024", 2)), "");  // digits stay where they are
  EXPECT_EQ(marks.before_run(0, placed("김", 1)), "EMC\n/Span<</MCID 4>>BDC\n");
  marks.close();
  doc::LinkArea area;
  area.uri = "https://acme.example";
  area.tag = 2;
  EXPECT_EQ(marks.add_annotation(0, area), 0);
  area.tag = -1;
  EXPECT_EQ(marks.add_annotation(0, area), -1);  // a header row drawn again
  marks.finish();
  const auto& elements = marks.elements();
  ASSERT_EQ(elements.size(), 7u);
  EXPECT_EQ(elements[4].type, "Link");
  EXPECT_EQ(elements[4].parent, 2);
  EXPECT_EQ(marks.annotations().at(0).element, 4);
  EXPECT_EQ(marks.struct_parent_of_annotation(0), 1);  // after the one page's key
  EXPECT_EQ(elements[5].type, "Span");
  EXPECT_EQ(elements[5].language, "ko");
  // The H1's only text was Hangul: the H1 says ko and holds it itself.
  EXPECT_EQ(elements[1].language, "ko");
  EXPECT_FALSE(elements[6].has_content);
  EXPECT_EQ(marks.owners_on(0).back(), 1);
}

// /ActualText inside a run's sequence: the sequence ends, the span has an MCID of the same
// element (tagged Span, the tag readers take replacement text from), and the run goes on in
// a new sequence before its next glyph.
TEST(MarkedContent, ActualTextSpansAreSequencesOfTheirOwn) {
  const doc::Document d = tagged_document();
  pdf::MarkedContent marks(d);
  marks.before_run(0, placed("a | b", 2));
  EXPECT_EQ(marks.begin_actual_text("FEFF0020"), "EMC\n/Span<</MCID 1/ActualText<FEFF0020>>>BDC\n");
  EXPECT_EQ(marks.end_actual_text(), "EMC\n");
  EXPECT_EQ(marks.resume(), "/P<</MCID 2>>BDC\n");
  EXPECT_EQ(marks.resume(), "");
  marks.close();
  // In an artifact the span nests.
  marks.before_run(0, placed("1 / 2", -1));
  EXPECT_EQ(marks.begin_actual_text("FEFF"), "/Span <</ActualText <FEFF>>> BDC\n");
  EXPECT_EQ(marks.end_actual_text(), "EMC\n");
  EXPECT_EQ(marks.resume(), "");
  marks.finish();
  EXPECT_EQ(marks.owners_on(0), (std::vector<int>{2, 2, 2}));
}

}  // namespace tagging

// The XMP packet names the standard and says what the Info dictionary says, escaped.
TEST(Standards, XmpNamesTheStandardAndRepeatsTheInfo) {
  pdf::InfoValues info{"Ada & <Bob>", "Ada", "Engineer", "Skills, Work", "hanji", "Haru Free PDF Library 2.3.0", 0};
  const std::string a2b = pdf::xmp_packet(doc::PdfStandard::A2b, info, "en");
  EXPECT_NE(a2b.find("<pdfaid:part>2</pdfaid:part>"), std::string::npos);
  EXPECT_NE(a2b.find("<pdfaid:conformance>B</pdfaid:conformance>"), std::string::npos);
  EXPECT_EQ(a2b.find("pdfuaid"), std::string::npos);
  EXPECT_NE(a2b.find("Ada &amp; &lt;Bob&gt;"), std::string::npos);
  EXPECT_NE(a2b.find("<xmp:CreateDate>1970-01-01T00:00:00Z</xmp:CreateDate>"), std::string::npos);
  EXPECT_NE(a2b.find("<pdf:Producer>Haru Free PDF Library 2.3.0</pdf:Producer>"), std::string::npos);
  const std::string ua = pdf::xmp_packet(doc::PdfStandard::Ua1, info, "en");
  EXPECT_NE(ua.find("<pdfuaid:part>1</pdfuaid:part>"), std::string::npos);
  EXPECT_EQ(ua.find("pdfaid"), std::string::npos);
  EXPECT_NE(pdf::xmp_packet(doc::PdfStandard::A2a, info, "en").find("<pdfaid:conformance>A<"), std::string::npos);
}

// What a standard needs is there when it is asked for and absent otherwise; what cannot meet
// it is refused before anything is written.
TEST(Standards, IdentifiedWhenAskedAndRefusedWhenUnmet) {
  Sample sample = make_sample();
  sample.doc.structure = {{doc::Role::Document, -1, "", false}, {doc::Role::P, 0, "", false}};
  for (doc::Page& page : sample.doc.pages)
    for (doc::PlacedRun& run : page.runs) run.tag = 1;
  TempDir dir;
  auto write = [&](doc::PdfStandard standard, bool tagged, Diagnostics& diags) {
    pdf::Options options;
    options.output.standard = standard;
    options.output.tagged = tagged;
    return pdf::write_pdf(sample.doc, options, diags);
  };
  auto catalog_and_trailer = [&](const std::string& bytes) {
    const std::string file = (dir / "standard.pdf").string();
    write_file(file, bytes);
    return run("qpdf --show-object=1 " + file).out + run("qpdf --show-object=trailer " + file).out;
  };
  Diagnostics plain_diags;
  const auto plain = write(doc::PdfStandard::None, true, plain_diags);
  ASSERT_TRUE(plain);
  const std::string none = catalog_and_trailer(*plain);
  EXPECT_EQ(none.find("/Metadata"), std::string::npos) << none;
  EXPECT_EQ(none.find("/OutputIntents"), std::string::npos) << none;
  EXPECT_EQ(none.find("/ID"), std::string::npos) << none;
  EXPECT_NE(none.find("/StructTreeRoot"), std::string::npos) << none;
  for (doc::PdfStandard standard : {doc::PdfStandard::Ua1, doc::PdfStandard::A2b, doc::PdfStandard::A2a}) {
    Diagnostics diags;
    const auto bytes = write(standard, true, diags);
    ASSERT_TRUE(bytes) << all_diagnostics(diags);
    const std::string objects = catalog_and_trailer(*bytes);
    EXPECT_NE(objects.find("/Metadata"), std::string::npos) << objects;
    EXPECT_NE(objects.find("/ID"), std::string::npos) << objects;
    EXPECT_EQ(objects.find("/OutputIntents") != std::string::npos, standard != doc::PdfStandard::Ua1) << objects;
    const std::string id = standard == doc::PdfStandard::Ua1 ? "pdfuaid:part>1" : "pdfaid:part>2";
    EXPECT_NE(bytes->find(id), std::string::npos);  // the metadata stream is uncompressed
  }
  Diagnostics refused;
  EXPECT_FALSE(write(doc::PdfStandard::Ua1, false, refused));
  EXPECT_NE(all_diagnostics(refused).find("PDF/UA-1 needs a tagged PDF"), std::string::npos);
  Diagnostics archival_untagged;
  EXPECT_TRUE(write(doc::PdfStandard::A2b, false, archival_untagged)) << all_diagnostics(archival_untagged);
  // Nothing to read (a blank page) is still a tagged file, of an empty tree.
  {
    doc::Document blank;
    blank.meta.language = "en";
    blank.structure = {{doc::Role::Document, -1, "", false}};
    pdf::Options options;
    options.output.standard = doc::PdfStandard::A2a;
    Diagnostics diags;
    const auto bytes = pdf::write_pdf(blank, options, diags);
    ASSERT_TRUE(bytes) << all_diagnostics(diags);
    const std::string objects = catalog_and_trailer(*bytes);
    EXPECT_NE(objects.find("/StructTreeRoot"), std::string::npos) << objects;
    EXPECT_NE(objects.find("/MarkInfo"), std::string::npos) << objects;
  }
  sample.doc.pages[0].runs[0].run.glyphs[0].id = 0;  // a character no font has
  Diagnostics missing;
  EXPECT_FALSE(write(doc::PdfStandard::A2b, true, missing));
  EXPECT_NE(all_diagnostics(missing).find("forbids drawing a character no font has"), std::string::npos);
  sample.doc.pages[0].runs[0].run.decoration = true;  // an icon no font has: drawn all the same
  Diagnostics missing_icon;
  EXPECT_FALSE(write(doc::PdfStandard::A2b, true, missing_icon));
}
}  // namespace
}  // namespace hanji
