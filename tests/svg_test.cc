// The SVG exporter: glyph outlines as path data, pages of real documents (one glyph
// definition per glyph, ids carrying their prefix, every <use> pointing at one, the size goal,
// the same bytes twice), the text layer and its sources, links, pictures; the Fonts mode
// (each font once per page, glyphs where the outlines are, a glyph layer no reader sees). Well-formed XML and
// the text layer's words against the PDF's are checked end to end (e2e_test).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "engine/engine.h"
#include "theme/theme.h"
#include "export/svg/svg.h"
#include "text/font_service.h"
#include "repo_data.h"

namespace fs = std::filesystem;
using namespace hanji;

namespace {

using test::repo_dirs;
using test::sample;
using test::dump;


doc::Document render(engine::Engine& engine, const std::string& path, const std::string& layout = "") {
  engine::Request request;
  request.layout = layout;
  Diagnostics diags;
  std::optional<engine::Rendered> rendered = engine.render_file(path, request, diags);
  EXPECT_TRUE(rendered) << path << "\n" << dump(diags);
  return rendered ? std::move(rendered->doc) : doc::Document{};
}

std::vector<std::string> all(const std::string& text, const std::string& pattern) {
  std::vector<std::string> found;
  const std::regex re(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    found.push_back((*it)[1].str());
  return found;
}

// The invisible text layer, whole.
std::string text_group(const std::string& svg) {
  const std::size_t begin = svg.find("<g fill=\"transparent\">");
  if (begin == std::string::npos) return "";
  return svg.substr(begin, svg.find("</g>", begin) + 4 - begin);
}

bool private_use(char32_t c) { return (c >= 0xE000 && c <= 0xF8FF) || (c >= 0xF0000 && c <= 0xFFFFD); }

// The words of the page's textContent as a browser's DOM gives it (the character data of
// every element, the <style> included, nothing between them added) that mix the glyph layer's
// Private Use Area characters with others: glyphs glued onto a word.
std::vector<std::string> glued_words(const std::string& svg) {
  std::string content;
  bool in_tag = false;
  for (char c : svg.substr(svg.find("<svg "))) {
    if (c == '<') in_tag = true;
    else if (c == '>') in_tag = false;
    else if (!in_tag) content += c;
  }
  std::vector<std::string> glued;
  std::istringstream words(content);
  for (std::string word; words >> word;) {
    bool some = false, all_private = true;
    for (std::size_t at = 0; at < word.size();) {
      const bool p = private_use(utf8_next(word, at));
      some = some || p;
      all_private = all_private && p;
    }
    if (some && !all_private) glued.push_back(word);
  }
  return glued;
}

// The text layer: the contents of every <text>, in order, entities left as they are.
std::string text_layer(const std::string& svg) {
  std::string out;
  for (const std::string& text : all(svg, "<text [^>]*>([^<]*)</text>")) out += text;
  return out;
}

}  // namespace

// ---- path data ----------------------------------------------------------------------------

TEST(PathWriter, WritesShortRelativeCommands) {
  text::PathWriter square;
  square.move_to(10, 20);
  square.line_to(110, 20);
  square.line_to(110, 120);
  square.line_to(10, 120);
  square.line_to(10, 20);  // what z draws: left to it
  square.close();
  EXPECT_EQ(square.data(), "m10 20h100v100h-100z");

  text::PathWriter curves;  // TrueType: on-curve points halfway between control points
  curves.move_to(0, 0);
  curves.quadratic_to(10, 20, 20, 20);
  curves.quadratic_to(30, 20, 40, 10);  // mirrors (10, 20) through (20, 20): t
  curves.quadratic_to(50, 0, 60, 0);    // mirrors (30, 20) through (40, 10): t again, no letter
  curves.quadratic_to(70, 5, 80, 0);    // not mirrored: q
  curves.line_to(80.4, -30.6);          // whole units
  curves.close();
  EXPECT_EQ(curves.data(), "m0 0q10 20 20 20t20-10 20-10q10 5 20 0v-31z");
}

TEST(GlyphOutlines, OutlinesEachGlyphOnceAndSaysWhenAFontCannotBeRead) {
  text::GlyphOutlines outlines;
  doc::FontInfo lato{std::string(HANJI_SOURCE_DIR) + "/fonts/Lato-Regular.ttf", "Lato-Regular", 2000, {}};
  Diagnostics diags;
  const std::optional<std::string> first = outlines.path(lato, 50, diags);
  ASSERT_TRUE(first);
  EXPECT_FALSE(first->empty());
  EXPECT_EQ(first->front(), 'm');
  EXPECT_EQ(outlines.path(lato, 50, diags), first);
  EXPECT_EQ(outlines.outlines_made(), 1u);
  EXPECT_EQ(outlines.path(lato, 2, diags), std::optional<std::string>(""));  // the space draws nothing
  doc::FontInfo missing{"/nonexistent/font.ttf", "Missing", 1000, {}};
  EXPECT_FALSE(outlines.path(missing, 1, diags));
  EXPECT_FALSE(outlines.path(missing, 2, diags));
  EXPECT_EQ(diags.error_count(), 1) << dump(diags);
}

// ---- pages of real documents -----------------------------------------------------------

// The size goal, and what every page must be, for the samples in every layout. The layouts
// that set Korean in NanumMyeongjo are measured, not held to 150 KB: that font's outlines
// alone come to about 170 KB on a page of Korean text (see docs/output.md, What the SVG holds). The
// others, as outlines, stay under 175 KB: the heaviest is columns' first English page (about
// 170 KB; full to the foot, the main flow going on across the page under the left column,
// holding a third more text than its first page did with the left column ending half-way and
// the main one narrow beside its hole), a page holding a whole Korean CV
// (about 150 KB), or compact's English page, which sets a third more text than the others.
// (The preview's pages, with the glyphs as web fonts, are about half of that.)
TEST(SvgPages, EveryGlyphDefinedOnceUsedByIdAndPagesSmall) {
  engine::Engine engine(repo_dirs());
  Diagnostics listing;
  const std::set<std::string> myeongjo{"academic", "engineering", "harvard", "serif"};
  for (const theme::LayoutInfo& info : theme::list_layouts(repo_dirs(), listing)) {
    for (const char* name : {"heungsub-lee.yaml", "heungsub-lee-ko.yaml", "bilingual.yaml"}) {
      const doc::Document doc = render(engine, sample(name), info.name);
      svg::Options options;
      options.id_prefix = "p7-";
      Diagnostics diags;
      const std::vector<std::string> pages = svg::write_pages(doc, options, diags);
      EXPECT_FALSE(diags.has_errors()) << dump(diags);
      ASSERT_EQ(pages.size(), std::max<std::size_t>(1, doc.pages.size()));
      for (std::size_t p = 0; p < pages.size(); ++p) {
        const std::string& page = pages[p];
        const std::string where = std::string(name) + " in " + info.name + ", page " + std::to_string(p + 1);
        const bool small_goal = !(myeongjo.contains(info.name) && std::string(name) != "heungsub-lee.yaml");
        const std::size_t goal = small_goal ? 175'000u : 250'000u;
        EXPECT_LE(page.size(), goal) << where;
        std::set<std::string> ids;
        for (const std::string& id : all(page, " id=\"([^\"]*)\"")) {
          EXPECT_TRUE(id.starts_with("p7-")) << where << ": " << id;
          EXPECT_TRUE(ids.insert(id).second) << where << ": " << id << " defined twice";
        }
        for (const std::string& target : all(page, "href=\"#([^\"]*)\"")) EXPECT_TRUE(ids.contains(target)) << where;
        EXPECT_GT(all(page, "(<use )").size(), 20u) << where;
        EXPECT_EQ(svg::write_page(doc, p, options, diags), page) << where << ": not the same bytes twice";
      }
    }
  }
}

// The Fonts mode on the same pages: under 150 KB each, Myeongjo's included; each font the
// page draws with declared once and every family used declared; no outlines; the glyph layer
// hidden and kept apart from the words; the text layer exactly the Outlines mode's.
TEST(SvgFonts, EachFontOncePerPageTextLayerAsInOutlinesAndPagesUnder150KB) {
  engine::Engine engine(repo_dirs());
  Diagnostics listing;
  for (const theme::LayoutInfo& info : theme::list_layouts(repo_dirs(), listing)) {
    for (const char* name : {"heungsub-lee.yaml", "heungsub-lee-ko.yaml", "bilingual.yaml"}) {
      const doc::Document doc = render(engine, sample(name), info.name);
      svg::Options options;
      options.id_prefix = "p7-";
      options.glyphs = svg::Glyphs::Fonts;
      svg::Options outlined = options;
      outlined.glyphs = svg::Glyphs::Outlines;
      Diagnostics diags;
      text::GlyphOutlines fonts;
      for (std::size_t p = 0; p < std::max<std::size_t>(1, doc.pages.size()); ++p) {
        const std::string page = svg::write_page(doc, p, options, fonts, diags);
        const std::string where = std::string(name) + " in " + info.name + ", page " + std::to_string(p + 1);
        EXPECT_LE(page.size(), 150'000u) << where;
        const std::vector<std::string> declared = all(page, "@font-face\\{font-family:([^;]*);");
        const std::set<std::string> families(declared.begin(), declared.end());
        EXPECT_EQ(families.size(), declared.size()) << where << ": a font declared twice";
        EXPECT_GE(families.size(), 2u) << where;
        const std::vector<std::string> used = all(page, "<text x=\"[^\"]*\" y=\"[^\"]*\" font-family=\"([^\"]*)\"");
        EXPECT_EQ(std::set<std::string>(used.begin(), used.end()), families) << where;
        for (const std::string& family : families) EXPECT_TRUE(family.starts_with("p7-f")) << where << ": " << family;
        EXPECT_EQ(all(page, "(<use |<path )").size(), 0u) << where;
        EXPECT_EQ(all(page, "(<g aria-hidden=\"true\" style=\"-webkit-user-select:none;user-select:none\">)").size(), 1u);
        EXPECT_EQ(text_group(page), text_group(svg::write_page(doc, p, outlined, diags))) << where;
        EXPECT_EQ(glued_words(page), std::vector<std::string>{}) << where;
        EXPECT_EQ(svg::write_page(doc, p, options, diags), page) << where << ": not the same bytes twice";
      }
      // A preview writing the pages again makes no font again.
      const std::size_t made = fonts.web_fonts_made();
      svg::write_page(doc, 0, options, fonts, diags);
      EXPECT_EQ(fonts.web_fonts_made(), made);
      EXPECT_FALSE(diags.has_errors()) << dump(diags);
    }
  }
}

TEST(SvgPages, SizedAsThePdfPaperWithTheNameSelectableWhereTheCvWritesIt) {
  engine::Engine engine(repo_dirs());
  const doc::Document doc = render(engine, sample("heungsub-lee.yaml"));
  Diagnostics diags;
  const std::string page = svg::write_page(doc, 0, {}, diags);
  EXPECT_NE(page.find("width=\"595.28pt\" height=\"841.89pt\" viewBox=\"0 0 595.28 841.89\""), std::string::npos);
  EXPECT_NE(page.find(svg::kGeneratorMark), std::string::npos);
  // `name:` is on line 3 of the sample, its value at column 9.
  std::ifstream in(sample("heungsub-lee.yaml"));
  std::string line;
  int number = 0, name_line = 0;
  while (std::getline(in, line) && name_line == 0)
    if (++number, line.find("  name: Heungsub Lee") == 0) name_line = number;
  ASSERT_GT(name_line, 0);
  const std::regex name_run("<text [^>]*data-src=\"heungsub-lee.yaml:" + std::to_string(name_line) +
                            ":9\"[^>]*>Heungsub Lee ?</text>");
  EXPECT_TRUE(std::regex_search(page, name_run)) << page.substr(0, 3000);
  // Folders are not shown; a source_name shows what it likes, and sources can be left out.
  EXPECT_EQ(page.find(HANJI_SOURCE_DIR), std::string::npos);
  svg::Options named;
  named.source_name = [](const std::string& path) { return "<" + fs::path(path).stem().string() + ">"; };
  EXPECT_NE(svg::write_page(doc, 0, named, diags).find("data-src=\"&lt;heungsub-lee&gt;:"), std::string::npos);
  svg::Options without;
  without.sources = false;
  EXPECT_EQ(svg::write_page(doc, 0, without, diags).find("data-src"), std::string::npos);
  // Words are never glued across runs: the layer holds the page's words with spaces between.
  const std::string layer = text_layer(page);
  EXPECT_NE(layer.find("Heungsub Lee "), std::string::npos);
  EXPECT_EQ(layer.find("LeeSoftware"), std::string::npos);
}

// ---- small documents made by hand ------------------------------------------------------------

namespace {

doc::Document one_run_document(const std::string& text, const std::string& link) {
  doc::Document doc;
  doc.fonts.push_back({std::string(HANJI_SOURCE_DIR) + "/fonts/Lato-Regular.ttf", "Lato-Regular", 2000, {}});
  doc::Page page;
  doc::PlacedRun placed;
  placed.x = 50;
  placed.baseline = 100;
  placed.run.size = 10;
  placed.run.text = text;
  placed.run.color = {0.2, 0.4, 0.6};
  for (uint32_t i = 0; i < text.size(); ++i) placed.run.glyphs.push_back({50 + i, 5, 0, 0, i});
  page.runs.push_back(placed);
  page.rects.push_back({10, 20, 30, 2, {1, 0, 0}, 0});
  page.links.push_back({50, 90, 40, 12, link});
  doc.pages.push_back(page);
  return doc;
}

}  // namespace

TEST(SvgPages, EscapesTextAndLinksOnlyWebMailAndPhoneAddresses) {
  Diagnostics diags;
  const std::string page = svg::write_page(one_run_document("a<b & \"c\"", "javascript:alert(1)"), 0, {}, diags);
  EXPECT_NE(page.find(">a&lt;b &amp; &quot;c&quot; </text>"), std::string::npos) << page;
  EXPECT_EQ(page.find("<a "), std::string::npos) << "a javascript: address is not clickable";
  EXPECT_EQ(page.find("javascript"), std::string::npos);
  EXPECT_EQ(diags.warning_count(), 1);
  EXPECT_NE(page.find("fill=\"#369\""), std::string::npos) << "the run's colour";
  EXPECT_NE(page.find("<rect x=\"10\" y=\"20\" width=\"30\" height=\"2\" fill=\"#f00\"/>"), std::string::npos);
  const std::string linked = svg::write_page(one_run_document("mail", "mailto:a@b.example?subject=CV&x=1"), 0, {}, diags);
  EXPECT_NE(linked.find("<a href=\"mailto:a@b.example?subject=CV&amp;x=1\">"), std::string::npos) << linked;
}

// Each glyph drawn at the place its outline is drawn: x from the pen and x_offset, y from the
// baseline, rise and y_offset (a y list only when some glyph is off the line); the run's size
// and colour; the space draws nothing and has no character.
TEST(SvgFonts, GlyphsPlacedWhereTheOutlinesAreAndHiddenFromReaders) {
  doc::Document doc = one_run_document("ab cd", "https://example.com");
  doc::GlyphRun& run = doc.pages[0].runs[0].run;
  run.glyphs[2].id = 2;  // Lato's space
  run.glyphs[1].x_offset = 0.5;
  doc::PlacedRun raised = doc.pages[0].runs[0];
  raised.run.rise = 3;
  raised.run.glyphs[3].y_offset = 1.25;
  raised.run.color = {0, 0, 0};
  raised.baseline = 200;
  doc.pages[0].runs.push_back(raised);
  svg::Options options;
  options.glyphs = svg::Glyphs::Fonts;
  Diagnostics diags;
  const std::string page = svg::write_page(doc, 0, options, diags);
  EXPECT_FALSE(diags.has_errors()) << dump(diags);
  // Glyphs 50, 51, 53, 54 (the space, 2, has none): U+E000 up.
  EXPECT_NE(page.find("<text x=\"50 55.5 65 70\" y=\"100\" font-family=\"f0\" font-size=\"10\" fill=\"#369\">"
                      "\uE000\uE001\uE002\uE003</text>\n"), std::string::npos) << page;
  EXPECT_NE(page.find("<text x=\"50 55.5 65 70\" y=\"197 197 195.75 197\" font-family=\"f0\" font-size=\"10\">"),
            std::string::npos) << page;
  EXPECT_EQ(all(page, "(@font-face)").size(), 1u);
  EXPECT_NE(page.find("<g aria-hidden=\"true\" style=\"-webkit-user-select:none;user-select:none\">\n<text"),
            std::string::npos);
  EXPECT_EQ(glued_words(page), std::vector<std::string>{});
  // The outlines at the same places: x and y in font units from the run's start (2000 a
  // 10 pt em: 200 a point).
  const std::string outlined = svg::write_page(doc, 0, {}, diags);
  EXPECT_NE(outlined.find("<use href=\"#g0-1f\" x=\"1100\"/>"), std::string::npos) << outlined;  // 55.5
  EXPECT_NE(outlined.find("<use href=\"#g0-1h\" x=\"3000\" y=\"250\"/>"), std::string::npos);  // 65, raised 1.25
  // A prefix that CSS would not read as a name is quoted.
  options.id_prefix = "7-";
  EXPECT_NE(svg::write_page(doc, 0, options, diags).find("font-family=\"'7-f0'\""), std::string::npos);
}

TEST(SvgPages, ADocumentWithoutPagesIsOneBlankPage) {
  doc::Document empty;
  Diagnostics diags;
  const std::vector<std::string> pages = svg::write_pages(empty, {}, diags);
  ASSERT_EQ(pages.size(), 1u);
  EXPECT_EQ(pages[0].find("<use"), std::string::npos);
  EXPECT_FALSE(diags.has_errors());
}

TEST(SvgPages, PicturesInlineOrByHrefClippedToTheirShape) {
  doc::Document doc = one_run_document("x", "https://example.com");
  doc::PlacedImage photo;
  photo.path = sample("photo.png");
  photo.x = 400;
  photo.y = 50;
  photo.width = 80;
  photo.height = 100;
  photo.shape = doc::ImageShape::Circle;
  doc.pages[0].images.push_back(photo);
  Diagnostics diags;
  const std::string inline_page = svg::write_page(doc, 0, {}, diags);
  EXPECT_FALSE(diags.has_errors()) << dump(diags);
  EXPECT_NE(inline_page.find("href=\"data:image/png;base64,iVBORw0KGgo"), std::string::npos);
  EXPECT_NE(inline_page.find("<clipPath id=\"c0\"><circle cx=\"440\" cy=\"100\" r=\"40\"/></clipPath>"),
            std::string::npos) << inline_page;
  svg::Options served;
  served.id_prefix = "q-";
  served.image_href = [](const doc::PlacedImage& image) { return "/photo/" + fs::path(image.path).filename().string(); };
  const std::string served_page = svg::write_page(doc, 0, served, diags);
  EXPECT_NE(served_page.find("href=\"/photo/photo.png\""), std::string::npos);
  EXPECT_NE(served_page.find("clip-path=\"url(#q-c0)\""), std::string::npos);
  doc.pages[0].images[0].path = sample("missing.png");
  Diagnostics missing;
  svg::write_page(doc, 0, {}, missing);
  EXPECT_TRUE(missing.has_errors());
}
