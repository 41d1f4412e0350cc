// Page breaking: entries kept together, titles never last on a page, widows and orphans,
// page numbers, bookmarks, row baselines and link areas.
#include "layout/paginate.h"
#include "layout/chunks.h"
#include "layout/reading_model.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "repo_data.h"

namespace hanji::layout {
namespace {

// Classic's values (its fonts, margins, footer): a bare theme::Theme{} is zeros.
theme::Theme test_theme() { return test::classic_theme(); }

compose::Paragraph paragraph(const std::string& text, double size = 10, double line_height = 14) {
  compose::Paragraph p;
  compose::FontSpec font;
  font.size = size;
  p.inlines.push_back({text, font, "", {}});
  p.line_height = line_height;
  return p;
}

/// A block holding `table`.
compose::Block table_block(compose::Table table) {
  compose::Block b;
  b.content = std::move(table);
  return b;
}

compose::Block block(compose::Paragraph p, int group = -1, bool keep_with_next = false) {
  compose::Block b;
  b.content = std::move(p);
  b.group = group;
  b.keep_with_next = keep_with_next;
  return b;
}

/// Which page a run whose text starts with `prefix` landed on (-1 if none).
int page_of(const Document& doc, const std::string& prefix) {
  for (size_t p = 0; p < doc.pages.size(); ++p)
    for (const auto& r : doc.pages[p].runs)
      if (r.run.text.rfind(prefix, 0) == 0) return static_cast<int>(p);
  return -1;
}

const PlacedRun* find_run(const Document& doc, const std::string& prefix) {
  for (const auto& page : doc.pages)
    for (const auto& r : page.runs)
      if (r.run.text.rfind(prefix, 0) == 0) return &r;
  return nullptr;
}

// A tinted side column 150 pt wide on the left, 20 pt from the main flow, with `padding` on
// its inner side: the region `side`, whose flow tests fill.
void add_side_region(theme::Theme& theme, double padding) {
  theme::Region side;
  side.name = "side";
  side.dock = theme::RegionDock::Left;
  side.width = 150;
  side.gap = 20;
  side.background = {0.9, 0.9, 0.9};
  side.padding = padding;
  theme.regions.push_back(side);
}

class Paginate : public ::testing::Test {
 protected:
  Document run(const compose::Composition& c, const Options& options = {}) {
    text::Typesetter ts(theme_, diags_);
    return paginate(c, theme_, ts, diags_, options);
  }
  /// `n` one-line filler paragraphs, each its own entry.
  static void add_filler(compose::Composition& c, int n, int first_group = 1000) {
    for (int i = 0; i < n; ++i) c.main().push_back(block(paragraph("Filler " + std::to_string(i)), first_group + i));
  }
  theme::Theme theme_ = test_theme();
  Diagnostics diags_;
};

double flow_height(const theme::Theme& t) { return t.page_height - t.margin_top - t.margin_bottom; }

// ---- reading_model: how poppler groups a page's words into blocks and finds tables ----

/// Words of `size` on consecutive lines `leading` apart, from `left` to `right`, starting at
/// baseline `first`, of text `source`; Lato's ascent and descent.
std::vector<reading::Word> lines_of_words(double left, double right, double first, int lines, double size,
                                          double leading, std::size_t source) {
  std::vector<reading::Word> words;
  for (int i = 0; i < lines; ++i) {
    const double base = first + i * leading;
    for (double x = left; x + 30 <= right + 1e-9; x += 35)
      words.push_back({x, x + 30, base, base - 0.987 * size, base + 0.213 * size, size, source});
  }
  return words;
}

void append(std::vector<reading::Word>& to, const std::vector<reading::Word>& more) {
  to.insert(to.end(), more.begin(), more.end());
}

TEST(ReadingModel, LinesOfOneSizeCloseTogetherMakeOneBlockAndColumnsApartTwo) {
  std::vector<reading::Word> words = lines_of_words(50, 200, 100, 4, 10, 13, 0);
  append(words, lines_of_words(260, 540, 100, 4, 10, 13, 1));
  const std::vector<reading::Block> blocks = reading::group_blocks(words);
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_NEAR(blocks[0].left, 50, 1e-9);
  EXPECT_NEAR(blocks[0].top, 100 - 9.87, 1e-9);
  EXPECT_NEAR(blocks[0].bottom, 100 + 3 * 13 + 2.13, 1e-9);
  EXPECT_EQ(blocks[0].sources, std::vector<std::size_t>{0});
  EXPECT_EQ(blocks[1].sources, std::vector<std::size_t>{1});
}

TEST(ReadingModel, ALineOfAnotherSizeOrFarBelowStartsABlock) {
  std::vector<reading::Word> words = lines_of_words(50, 200, 100, 1, 12, 15, 0);  // a title
  append(words, lines_of_words(50, 200, 115, 3, 10, 13, 0));                       // its text, 17% smaller
  append(words, lines_of_words(50, 200, 200, 2, 10, 13, 0));                       // 46 pt below: 4.6 sizes
  EXPECT_EQ(reading::group_blocks(words).size(), 3u);
}

// A date set on the right of a title's line, far from the title, stands apart until the lines
// under the title reach under it: then the block takes every word on its lines it overlaps.
TEST(ReadingModel, ABlockTakesTheWordsOnItsLinesThatItOverlaps) {
  std::vector<reading::Word> words = lines_of_words(50, 140, 100, 1, 10, 13, 0);  // the title
  words.push_back({480, 540, 100, 100 - 9.87, 100 + 2.13, 9.5, 0});              // its date
  EXPECT_EQ(reading::group_blocks(words).size(), 2u);
  append(words, lines_of_words(50, 540, 113, 2, 10, 13, 0));  // text across the column under them
  EXPECT_EQ(reading::group_blocks(words).size(), 1u);
}

/// Two columns of two entries each: in the left one an entry of `left_lines` lines and one
/// below it, in the right one the same beside them starting `offset` lower, the entries
/// `gap` apart; the left column's text `left_source`.
std::vector<reading::Block> two_by_two(double offset, std::size_t left_source, double gap = 30) {
  std::vector<reading::Word> words = lines_of_words(50, 200, 100, 3, 10, 13, left_source);
  append(words, lines_of_words(50, 200, 100 + 2 * 13 + gap, 2, 10, 13, left_source));
  append(words, lines_of_words(260, 540, 100 + offset, 3, 10, 13, 1));
  append(words, lines_of_words(260, 540, 100 + offset + 2 * 13 + gap, 2, 10, 13, 1));
  return reading::group_blocks(words);
}

TEST(ReadingModel, FourBlocksLevelInPairsAcrossTwoTextsAreATable) {
  EXPECT_EQ(two_by_two(0, 0).size(), 4u);
  EXPECT_EQ(reading::mixed_table_cells(two_by_two(0, 0)), 1u) << "tops level";
  EXPECT_EQ(reading::mixed_table_cells(two_by_two(4.9, 0)), 1u) << "within half a size";
  EXPECT_EQ(reading::mixed_table_cells(two_by_two(5.1, 0)), 0u) << "more than half a size apart";
  EXPECT_EQ(reading::mixed_table_cells(two_by_two(5.1, 0), 0.5), 1u) << "within the slack";
  EXPECT_EQ(reading::mixed_table_cells(two_by_two(0, 1)), 0u) << "one text's own table reads as it is set";
}

// poppler takes for a table only cells standing as one: the block under the first must not
// reach the height of the one beside it.
TEST(ReadingModel, RowsThatOverlapAreNoTable) {
  std::vector<reading::Word> words = lines_of_words(50, 200, 100, 2, 10, 13, 0);
  append(words, lines_of_words(50, 200, 100 + 13 + 30, 2, 10, 13, 0));
  append(words, lines_of_words(260, 540, 100, 5, 10, 13, 1));  // reaches beside the second left entry
  append(words, lines_of_words(260, 540, 100 + 4 * 13 + 30, 2, 10, 13, 1));
  EXPECT_EQ(reading::mixed_table_cells(reading::group_blocks(words)), 0u);
}

// poppler builds a line from words pooled in 4 pt bands by baseline: a line of Hangul whose
// Latin words stand 0.3 pt off its baseline (fonts.latin_baseline) came apart into one word a
// line where a band's edge ran between the two. Wherever the line falls on the page, its runs'
// baselines (less their rise) share one band.
TEST_F(Paginate, ALineOfHangulAndLatinStandsInOneOfPopplersBands) {
  ASSERT_NE(theme_.fonts.latin_baseline, 0) << "classic raises or lowers Latin beside Hangul";
  bool raised = false;
  for (int step = 0; step < 40; ++step) {  // the line's baseline through a whole band, 0.1 pt a step
    theme_.margin_top = 40 + 0.1 * step;
    compose::Composition c;
    c.main().push_back(block(paragraph("역가를 3.1 g/L에서 7.2 g/L로 높였고 2025년 상업 생산에 적용했습니다")));
    const Document doc = run(c);
    ASSERT_FALSE(doc.pages.empty());
    std::map<double, std::set<long>> bands;  // each line's baseline: the bands its runs stand in
    for (const PlacedRun& placed : doc.pages[0].runs) {
      if (placed.run.text.find_first_not_of(' ') == std::string::npos) continue;
      raised = raised || placed.run.rise != 0;
      bands[placed.baseline].insert(static_cast<long>(std::floor((placed.baseline - placed.run.rise) / 4)));
    }
    for (const auto& [baseline, in] : bands) EXPECT_EQ(in.size(), 1u) << "a line at " << baseline << " pt";
  }
  EXPECT_TRUE(raised) << "the Latin runs stand off the Hangul's baseline";
}

TEST_F(Paginate, OneShortPageHasNoPageNumber) {
  compose::Composition c;
  c.main().push_back(block(paragraph("Hello world")));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  EXPECT_EQ(doc.pages[0].runs.size(), 1u);
  EXPECT_FALSE(diags_.has_errors());
  EXPECT_DOUBLE_EQ(doc.page_width, theme_.page_width);
  EXPECT_FALSE(doc.fonts.empty());
}

TEST_F(Paginate, PlacesTheFirstLineInsideTheMargins) {
  compose::Composition c;
  c.main().push_back(block(paragraph("Top line", 10, 14)));
  Document doc = run(c);
  const PlacedRun* r = find_run(doc, "Top");
  ASSERT_NE(r, nullptr);
  EXPECT_NEAR(r->x, theme_.margin_left, 1e-9);
  EXPECT_GT(r->baseline, theme_.margin_top);
  EXPECT_LT(r->baseline, theme_.margin_top + 14);
}

TEST_F(Paginate, MultiPageDocumentsGetNOfMFooters) {
  compose::Composition c;
  int lines = static_cast<int>(flow_height(theme_) / 14) + 5;
  add_filler(c, lines);
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  EXPECT_EQ(page_of(doc, "1 / 2"), 0);
  EXPECT_EQ(page_of(doc, "2 / 2"), 1);
  const PlacedRun* footer = find_run(doc, "1 / 2");
  ASSERT_NE(footer, nullptr);
  EXPECT_NEAR(footer->baseline, theme_.page_height - theme_.footer_offset, 1e-9);
  EXPECT_NEAR(footer->x + footer->run.width(), theme_.page_width - theme_.margin_right, 0.5)
      << "flush with the text's end, where a date stands";
}

// Beside a tinted side column, the footer stands under the main flow it numbers, flush with
// its end (poppler then reads it after a date at the right of the page's last entry).
TEST_F(Paginate, FooterBesideASideColumnEndsWithTheMainFlow) {
  add_side_region(theme_, 0);
  compose::Composition c;
  add_filler(c, static_cast<int>(flow_height(theme_) / 14) + 5);
  c.flows["side"].push_back(block(paragraph("Side text")));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  const PlacedRun* footer = find_run(doc, "1 / 2");
  ASSERT_NE(footer, nullptr);
  const double main_x = theme_.margin_left + 170;
  const double main_width = theme_.page_width - theme_.margin_right - main_x;
  EXPECT_NEAR(footer->x + footer->run.width(), main_x + main_width, 0.5);
}

// Two body columns balanced (regions.NAME.balance): the main flow's last section, which would
// run onto a second page, moves whole to the foot of the side column, after the side's own
// text, and the CV keeps to one page. Without the setting it runs on.
TEST_F(Paginate, ABalancingColumnTakesTheMainFlowsLastSectionWhole) {
  add_side_region(theme_, 0);
  compose::Composition c;
  const int lines = static_cast<int>(flow_height(theme_) / 14);
  for (int i = 0; i < lines - 3; ++i) {
    compose::Block& filler = c.main().emplace_back(block(paragraph("Filler " + std::to_string(i)), 1000 + i));
    filler.part = 0;
  }
  for (int i = 0; i < 6; ++i) {
    compose::Block& last = c.main().emplace_back(block(paragraph(i == 0 ? "Last section" : "Last line"), 1, i == 0));
    last.part = 1;
  }
  c.flows["side"].push_back(block(paragraph("Side text")));
  Document natural = run(c);
  EXPECT_EQ(natural.pages.size(), 2u) << "the main flow runs past the page";

  theme_.regions.back().balance = true;
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  const PlacedRun* moved = find_run(doc, "Last section");
  const PlacedRun* side = find_run(doc, "Side");
  ASSERT_TRUE(moved && side);
  EXPECT_NEAR(moved->x, theme_.margin_left, 0.5) << "in the side column";
  EXPECT_GT(moved->baseline, side->baseline) << "after the side column's own text";
  std::vector<std::string> read;
  for (const PlacedRun& run : doc.pages[0].runs) read.push_back(run.run.text);
  const auto at = [&](const std::string& prefix) {
    return std::find_if(read.begin(), read.end(), [&](const std::string& t) { return t.rfind(prefix, 0) == 0; });
  };
  EXPECT_LT(at("Side"), at("Last section"));
  EXPECT_LT(at("Last section"), at("Filler 0")) << "the side column is read whole, then the main one";
}

// The column takes sections only where it still ends no lower than the main flow beside it:
// a designer lets the main column be the long one, and poppler reads a column's last lines
// standing below everything beside them (over the page number) after the other column. Here
// moving the last section would bring the ends nearer (3 lines apart instead of 21) but leave
// the side column the lower one.
TEST_F(Paginate, ABalancingColumnEndsNoLowerThanTheMainFlow) {
  add_side_region(theme_, 0);
  theme_.regions.back().balance = true;
  compose::Composition c;
  for (int i = 0; i < 10; ++i) c.main().emplace_back(block(paragraph("Filler " + std::to_string(i)), 1000 + i)).part = 0;
  for (int i = 0; i < 12; ++i)
    c.main().emplace_back(block(paragraph(i == 0 ? "Last section" : "Last line"), 1, i == 0)).part = 1;
  c.flows["side"].push_back(block(paragraph("Side text")));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  const PlacedRun* last = find_run(doc, "Last section");
  ASSERT_NE(last, nullptr);
  EXPECT_GT(last->x, theme_.margin_left + 100) << "the last section stays in the main column";
}

// A section the column takes may go on beside the main flow on the next page: where the whole
// section would end the column below the main flow's last line on a page the main flow runs
// on from, the column ends that page level with the main flow, no lower, and its rest stands
// beside the main flow's on the next page. Here the main flow's entries (of `lines` lines,
// kept together) leave a hole at the foot of page 1; the last section, moved whole into the
// column, would stand below that hole's top. Before, the section stayed in the main flow,
// which ran on to a third page.
TEST_F(Paginate, ABalancingColumnGoesOnBesideTheMainFlowOnTheNextPage) {
  add_side_region(theme_, 0);
  theme_.regions.back().balance = true;
  const double height = flow_height(theme_);
  int lines = 4;  // an entry's lines: the one that leaves the biggest hole under page 1's last entry
  for (int l = 5; l <= 9; ++l)
    if (std::fmod(height, 14.0 * l) > std::fmod(height, 14.0 * lines)) lines = l;
  const int per_page = static_cast<int>(height / (14.0 * lines));
  const double main_reach = 14.0 * lines * per_page;
  ASSERT_GE(height - main_reach, 28) << "a hole of two lines at least";
  compose::Composition c;
  for (int entry = 0; entry < per_page + 2; ++entry)
    for (int line = 0; line < lines; ++line)
      c.main().emplace_back(block(paragraph("Entry " + std::to_string(entry)), entry, line + 1 < lines)).part = 0;
  const int section_lines = static_cast<int>(height / 14) - 1;  // with the side's own line, the column's height
  for (int i = 0; i < section_lines; ++i)
    c.main().emplace_back(block(paragraph(i == 0 ? "Last section" : "Last " + std::to_string(i)), 500 + i, i == 0)).part = 1;
  c.flows["side"].push_back(block(paragraph("Side text")));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u) << "the column takes the last section: a page fewer";
  const PlacedRun *moved = find_run(doc, "Last section"), *last = find_run(doc, "Last " + std::to_string(section_lines - 1));
  ASSERT_TRUE(moved && last);
  EXPECT_NEAR(moved->x, theme_.margin_left, 0.5) << "in the side column";
  EXPECT_EQ(page_of(doc, "Last section"), 0);
  EXPECT_EQ(page_of(doc, "Last " + std::to_string(section_lines - 1)), 1) << "its rest on the next page";
  double column_end = 0, main_end = 0;
  for (int page = 0; page < 2; ++page) {
    column_end = main_end = 0;
    for (const PlacedRun& run : doc.pages[static_cast<std::size_t>(page)].runs) {
      if (run.run.text.find(" / ") != std::string::npos) continue;  // the page number
      double& end = run.x < theme_.margin_left + 100 ? column_end : main_end;
      end = std::max(end, run.baseline);
    }
    EXPECT_LE(column_end, main_end + 0.5) << "the column ends no lower than the main flow on page " << page + 1;
  }
}

// A column the main flow goes on under (wrap_under) takes a section of the main flow only
// whole, where that spares a page: reviewers found sections split between the column's foot
// and the next page, in two styles, out of the CV's order. The CV whose last section the
// balancing column above takes, going on with it beside the main flow overleaf, keeps it
// after the main flow's entries, read after them.
TEST_F(Paginate, AWrappingColumnTakesNoSectionItCannotHoldWhole) {
  add_side_region(theme_, 0);
  theme_.regions.back().balance = true;
  theme_.regions.back().wrap_under = true;
  const double height = flow_height(theme_);
  int lines = 4;
  for (int l = 5; l <= 9; ++l)
    if (std::fmod(height, 14.0 * l) > std::fmod(height, 14.0 * lines)) lines = l;
  const int per_page = static_cast<int>(height / (14.0 * lines));
  compose::Composition c;
  for (int entry = 0; entry < per_page + 2; ++entry)
    for (int line = 0; line < lines; ++line)
      c.main().emplace_back(block(paragraph("Entry " + std::to_string(entry)), entry, line + 1 < lines)).part = 0;
  const int section_lines = static_cast<int>(height / 14) - 1;
  for (int i = 0; i < section_lines; ++i)
    c.main().emplace_back(block(paragraph(i == 0 ? "Last section" : "Last " + std::to_string(i)), 500 + i, i == 0)).part = 1;
  c.flows["side"].push_back(block(paragraph("Side text")));
  Document doc = run(c);
  const std::string last_entry = "Entry " + std::to_string(per_page + 1);
  ASSERT_TRUE(find_run(doc, "Last section") && find_run(doc, last_entry));
  const int section_page = page_of(doc, "Last section"), entry_page = page_of(doc, last_entry);
  EXPECT_GE(section_page, entry_page);
  if (section_page == entry_page) {
    EXPECT_GT(find_run(doc, "Last section")->baseline, find_run(doc, last_entry)->baseline) << "after the entries";
  }
  std::vector<std::string> read;
  for (const auto& page : doc.pages)
    for (const PlacedRun& run : page.runs) read.push_back(run.run.text);
  const auto at = [&](const std::string& text) { return std::find(read.begin(), read.end(), text) - read.begin(); };
  EXPECT_LT(at(last_entry), at("Last section")) << "read in the CV's order";
}

// Page 1 full rather than a hole in it: where the main flow's last section would go whole to
// the next page, beside a column that ends high on page 1, the column takes it into that hole,
// and what it would set on the next page, where the main flow has nothing, goes on in the main
// column there (a narrow strip beside an empty column reads as a leftover). Both ways take two
// pages; before, the section stayed in the main flow and page 1's column ended 20 lines above
// the foot (the `columns` layout's long English CV: publications alone on page 2 beside an
// empty column), and then it went on in page 2's narrow column.
TEST_F(Paginate, ABalancingColumnFillsPageOneWhenBothWaysTakeTwoPages) {
  add_side_region(theme_, 0);
  theme_.regions.back().balance = true;
  const int lines = static_cast<int>(flow_height(theme_) / 14);
  compose::Composition c;
  for (int i = 0; i < lines; ++i) c.main().emplace_back(block(paragraph("Main " + std::to_string(i)), 1000 + i)).part = 0;
  for (int i = 0; i < 30; ++i)
    c.main().emplace_back(block(paragraph(i == 0 ? "Last section" : "Last " + std::to_string(i)), 500 + i, i == 0)).part = 1;
  for (int i = 0; i < lines - 20; ++i) c.flows["side"].emplace_back(block(paragraph("Side " + std::to_string(i)), 100 + i));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  const PlacedRun *moved = find_run(doc, "Last section"), *last = find_run(doc, "Last 29");
  ASSERT_TRUE(moved && last);
  EXPECT_NEAR(moved->x, theme_.margin_left, 0.5) << "in the side column";
  EXPECT_EQ(page_of(doc, "Last section"), 0) << "in page 1's hole";
  EXPECT_EQ(page_of(doc, "Last 29"), 1) << "on the next page";
  const std::vector<std::string>& second = doc.pages[1].regions;
  EXPECT_EQ(std::count(second.begin(), second.end(), "side"), 0) << "its rest in the main column";
  EXPECT_NEAR(last->x, theme_.margin_left, 0.5) << "set across the page the column is not on";
  double column_end = 0;
  for (const PlacedRun& run : doc.pages[0].runs)
    if (run.x < theme_.margin_left + 100 && run.run.text.find(" / ") == std::string::npos)
      column_end = std::max(column_end, run.baseline);
  EXPECT_GT(column_end, theme_.page_height - theme_.margin_bottom - 2 * 14) << "page 1's column full";
}

// The other way round: a balancing column that ends below the main flow gives its last
// sections to the main flow's foot, as few as bring its end no lower than the main flow's,
// in their order, after the main flow's own sections, where poppler would read its last lines
// after the main flow (with the page number under them). The column keeps its first section.
// On a one-page CV, which has no page number, it stays longer, as in Deedy's résumé.
TEST_F(Paginate, ALongerBalancingColumnGivesItsLastSectionsToTheMainFlow) {
  add_side_region(theme_, 0);
  theme_.regions.back().balance = true;
  const int page_lines = static_cast<int>(flow_height(theme_) / 14);
  for (const int pages : {2, 1}) {
    SCOPED_TRACE(pages == 2 ? "two pages" : "one page");
    const int before = (pages - 1) * page_lines;  // lines on the pages before the last
    compose::Composition c;
    for (int i = 0; i < before + 10; ++i)
      c.main().emplace_back(block(paragraph("Main " + std::to_string(i)), 1000 + i)).part = 0;
    const std::pair<const char*, int> sections[] = {{"Side A", before + 12}, {"Side B", 6}, {"Side C", 6}};
    int part = 5;
    for (const auto& [name, lines] : sections) {
      for (int i = 0; i < lines; ++i)
        c.flows["side"]
            .emplace_back(block(paragraph(std::string(name) + " " + std::to_string(i)), 10000 * part + i))
            .part = part;
      ++part;
    }
    Document doc = run(c);
    ASSERT_EQ(doc.pages.size(), static_cast<std::size_t>(pages));
    const std::string main_last_text = "Main " + std::to_string(before + 9);
    const PlacedRun *first = find_run(doc, "Side A 0"), *side_last = find_run(doc, "Side A " + std::to_string(before + 11)),
                    *main_last = find_run(doc, main_last_text), *b = find_run(doc, "Side B 0"),
                    *cc = find_run(doc, "Side C 0"), *c_last = find_run(doc, "Side C 5");
    ASSERT_TRUE(first && side_last && main_last && b && cc && c_last);
    EXPECT_LT(first->x, theme_.margin_left + 100) << "the column keeps its first section";
    if (pages == 1) {
      EXPECT_LT(b->x, theme_.margin_left + 100) << "Side B stays in the column";
      EXPECT_LT(cc->x, theme_.margin_left + 100) << "Side C stays in the column";
      EXPECT_GT(c_last->baseline, main_last->baseline) << "the column ends lower";
      continue;
    }
    EXPECT_GT(b->x, theme_.margin_left + 100) << "Side B moved to the main column";
    EXPECT_GT(cc->x, theme_.margin_left + 100) << "Side C moved to the main column";
    EXPECT_EQ(page_of(doc, "Side B 0"), 1);
    EXPECT_GT(b->baseline, main_last->baseline) << "after the main flow's own sections";
    EXPECT_GT(cc->baseline, b->baseline) << "in their order";
    EXPECT_LE(side_last->baseline, c_last->baseline) << "the column now ends no lower than the main flow";
  }
}

// A page after the balancing column's end is set across: the main flow takes the whole width
// there, as a CV with nothing in that column (a letter) does from the start, rather than
// stand narrow beside an empty column. A column that keeps the grid (regions.NAME.keep)
// keeps the main flow at its column's width and place.
TEST_F(Paginate, APageAfterTheBalancingColumnsEndIsSetAcross) {
  add_side_region(theme_, 0);
  theme_.regions.back().balance = true;
  const double main_x = theme_.margin_left + 170;
  compose::Composition c;
  add_filler(c, static_cast<int>(flow_height(theme_) / 14) + 5);
  Document letter = run(c);
  ASSERT_EQ(letter.pages.size(), 2u);
  EXPECT_NEAR(find_run(letter, "Filler 0")->x, theme_.margin_left, 0.5) << "no column beside it";

  c.flows["side"].push_back(block(paragraph("Side text")));
  Document doc = run(c);
  ASSERT_GE(doc.pages.size(), 2u);
  const std::string last = "Filler " + std::to_string(static_cast<int>(flow_height(theme_) / 14) + 4);
  const PlacedRun* on_second = find_run(doc, last);
  ASSERT_NE(on_second, nullptr);
  EXPECT_EQ(page_of(doc, last), 1);
  EXPECT_NEAR(on_second->x, theme_.margin_left, 0.5) << "across the page";
  EXPECT_NEAR(find_run(doc, "Filler 0")->x, main_x, 0.5) << "beside the column on page 1";

  theme_.regions.back().keep = true;
  Document kept = run(c);
  ASSERT_GE(kept.pages.size(), 2u);
  EXPECT_NEAR(find_run(kept, last)->x, main_x, 0.5) << "kept: in the main column, as on the first page";
}

// A column the main flow goes on under (regions.NAME.wrap_under): on the page where the
// column's content ends, the main flow's entries below its foot are set at the page's width
// from the left margin, read after the column and the main flow's narrow part; those beside
// it, down to the column's last line, stay in the main column's measure.
TEST_F(Paginate, TheMainFlowGoesOnUnderAColumnThatEnds) {
  add_side_region(theme_, 0);
  const double main_x = theme_.margin_left + 150 + 20;
  compose::Composition c;
  // The column a little over a third of the page, the main flow twice as long.
  const int side_lines = static_cast<int>(flow_height(theme_) / 14 / 3) + 2;
  const std::string last = "Filler " + std::to_string(2 * side_lines - 1);
  for (int i = 0; i < 2 * side_lines; ++i)
    c.main().emplace_back(block(paragraph("Filler " + std::to_string(i)), 1000 + i)).part = 0;
  for (int i = 0; i < side_lines; ++i)
    c.flows["side"].push_back(block(paragraph("Side text " + std::to_string(i)), 2000 + i));
  Document narrow = run(c);
  ASSERT_EQ(narrow.pages.size(), 1u);
  EXPECT_NEAR(find_run(narrow, last)->x, main_x, 0.5) << "without wrap_under: beside the column's empty foot";

  theme_.regions.back().wrap_under = true;
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  const PlacedRun* side_last = find_run(doc, "Side text " + std::to_string(side_lines - 1));
  const PlacedRun* beside = find_run(doc, "Filler 0");
  const PlacedRun* under = find_run(doc, last);
  ASSERT_TRUE(side_last && beside && under);
  EXPECT_NEAR(beside->x, main_x, 0.5) << "beside the column";
  EXPECT_NEAR(under->x, theme_.margin_left, 0.5) << "under the column, across the page";
  EXPECT_GT(under->baseline, side_last->baseline + theme_.regions.back().gap) << "below the column's foot and its gap";
  // The first entry set across stands below the column's foot, the last one beside it above.
  double first_across = 1e9, last_beside = 0;
  for (const PlacedRun& run : doc.pages[0].runs) {
    if (run.run.text.rfind("Filler", 0) != 0) continue;
    if (std::abs(run.x - theme_.margin_left) < 0.5) first_across = std::min(first_across, run.baseline);
    if (std::abs(run.x - main_x) < 0.5) last_beside = std::max(last_beside, run.baseline);
  }
  EXPECT_LT(last_beside, first_across);
  // The main column reaches the column's last line: a column's lines standing below
  // everything beside them are read after the other column's by poppler.
  EXPECT_GE(last_beside, side_last->baseline - 1);
  EXPECT_GT(first_across, side_last->baseline);
  EXPECT_LT(first_across - side_last->baseline, 3 * 14 + theme_.regions.back().gap) << "no hole between them";
  std::vector<std::string> read;
  for (const PlacedRun& run : doc.pages[0].runs) read.push_back(run.run.text);
  const auto at = [&](const std::string& text) { return std::find(read.begin(), read.end(), text) - read.begin(); };
  EXPECT_LT(at("Side text " + std::to_string(side_lines - 1)), at("Filler 0"));
  EXPECT_LT(at("Filler 0"), at(last)) << "the column, the main flow beside it, then what goes on under both";
  EXPECT_EQ(doc.pages[0].runs.size(), narrow.pages[0].runs.size());
}

// Where a section goes on across the page under a column, the two columns end level: a
// column ending a little above the section's start has its spaces grown to meet it (most
// between its sections, less between its entries, none under a title), and a main flow's
// narrow part ending a little above the column's foot has its own grown to meet that. The
// section that ends beside the column stays in its measure whole: nothing of it goes across
// under its title again.
TEST_F(Paginate, TwoColumnsEndLevelWhereASectionGoesOnAcrossUnderThem) {
  add_side_region(theme_, 0);
  const double main_x = theme_.margin_left + 150 + 20;
  compose::Composition side;
  for (int section = 0; section < 3; ++section) {
    compose::Block& title = side.main().emplace_back(block(paragraph("Side title " + std::to_string(section)), -1, true));
    title.part = 10 + section;
    title.space_before = section == 0 ? 0 : 10;
    for (int entry = 0; entry < 6; ++entry) {
      compose::Block& b = side.main().emplace_back(
          block(paragraph("Side " + std::to_string(section) + "." + std::to_string(entry)), 100 + 10 * section + entry));
      b.part = 10 + section;
      b.space_before = entry == 0 ? 2 : 4;
    }
  }
  // As set: 21 lines, two spaces of 10 above titles, three of 2 under them, fifteen of 4.
  const double side_height = 21 * 14 + 2 * 10 + 3 * 2 + 15 * 4;
  const double most_growth = 2 * 10 * 1.0 + 15 * 4 * 0.5;
  const auto reach = [](int entries, double space = 4) { return entries * 14.0 + (entries - 1) * space; };
  auto lay_out = [&](int entries, double space) {
    compose::Composition c;
    c.flows["side"] = side.main();
    for (int i = 0; i < entries; ++i) {
      compose::Block& b = c.main().emplace_back(block(paragraph("Entry " + std::to_string(i)), 1000 + i));
      b.part = 0;
      b.space_before = i == 0 ? 0 : space;
    }
    compose::Block& title = c.main().emplace_back(block(paragraph("Next section"), -1, true));
    title.part = 1;
    title.space_before = 10;
    // Lines enough to fill the page across under the column, not to run onto the next one.
    const int next_lines = static_cast<int>((flow_height(theme_) - reach(entries, space) - 60) / 14);
    for (int i = 0; i < next_lines; ++i)
      c.main().emplace_back(block(paragraph("Next " + std::to_string(i)), 2000 + i)).part = 1;
    return run(c);
  };
  int below = 1;  // the fewest entries that end more than half the column's growth below it
  while (reach(below) < side_height + most_growth / 2) ++below;
  int above = 1;  // the most that end above the column's last line
  while (reach(above + 1) < side_height - 14) ++above;
  // Entries 1 pt apart ending 13-22 pt above the column: their spaces grow twice as far as a
  // column's would (the main flow's are small and many) to meet it.
  int tight = 1;
  while (reach(tight + 1, 1) < side_height - 13) ++tight;
  ASSERT_LT(side_height - reach(tight, 1), 22.0);
  for (const auto& [entries, space] : {std::pair{below, 4.0}, {above, 4.0}, {tight, 1.0}}) {
    SCOPED_TRACE(entries == below ? "the main flow's section ends below the column"
                 : space < 4     ? "it ends above the column, its spaces small"
                                 : "it ends above the column");
    theme_.regions.back().wrap_under = false;
    const Document as_set = lay_out(entries, space);
    theme_.regions.back().wrap_under = true;
    const Document doc = lay_out(entries, space);
    ASSERT_EQ(doc.pages.size(), 1u);
    const std::string last_entry = "Entry " + std::to_string(entries - 1);
    const PlacedRun *side_last = find_run(doc, "Side 2.5"), *main_last = find_run(doc, last_entry),
                    *next = find_run(doc, "Next section");
    ASSERT_TRUE(side_last && main_last && next);
    EXPECT_NEAR(main_last->x, main_x, 0.5) << "the section beside the column stays in its measure";
    EXPECT_NEAR(next->x, theme_.margin_left, 0.5) << "the next one starts across the page";
    EXPECT_NEAR(side_last->baseline, main_last->baseline, 1) << "the two columns end level";
    const double side_grew = side_last->baseline - find_run(as_set, "Side 2.5")->baseline;
    const double main_grew = main_last->baseline - find_run(as_set, last_entry)->baseline;
    if (entries == below) {
      EXPECT_GT(side_grew, 1) << "the column's spaces grew";
      EXPECT_NEAR(main_grew, 0, 0.01);
      const double under_title = find_run(doc, "Side 1.0")->baseline - find_run(doc, "Side title 1")->baseline;
      EXPECT_NEAR(under_title, 14 + 2, 0.01) << "a title stays as near what it heads";
      const double above_title = find_run(doc, "Side title 1")->baseline - find_run(doc, "Side 0.5")->baseline;
      const double between = find_run(doc, "Side 0.1")->baseline - find_run(doc, "Side 0.0")->baseline;
      EXPECT_GT(above_title - (14 + 10), 2 * (between - (14 + 4))) << "sections part more than entries";
    } else {
      EXPECT_GT(main_grew, 1) << "the main flow's spaces grew";
      // (Entries 1 pt apart beside a column's, all level, read to poppler's model as a table's
      // rows: the column's spaces are moved to part them, as set and wrapped alike.)
      if (space == 4) {
        EXPECT_NEAR(side_grew, 0, 0.01);
      }
    }
  }
}

// A section goes on across the page under its title again only where its title stands well
// above (about 30 mm), beside the column: "(cont.)" one short entry below the title reads as
// a slip. Here the section's second entry would start right at the column's foot and its gap,
// the place that leaves the least room empty, 4 lines under the title; it stays in the
// measure, and the section goes on across from its third, 7 lines under it.
TEST_F(Paginate, ASectionGoesOnAcrossOnlyWellBelowItsTitle) {
  add_side_region(theme_, 0);
  theme_.regions.back().wrap_under = true;
  const double main_x = theme_.margin_left + 150 + 20;
  const int side_lines = 27;
  const double column_foot = side_lines * 14.0, gap = theme_.regions.back().gap;
  // A first entry of three lines leaves the title 4 lines above the second one; of ten (a
  // senior CV's long first job), 11 lines: there the second entry goes across.
  for (const int first_lines : {3, 10}) {
    SCOPED_TRACE(first_lines);
    compose::Composition c;
    for (int i = 0; i < side_lines; ++i)
      c.flows["side"].push_back(block(paragraph("Side " + std::to_string(i)), 100 + i));
    // The section's title, its first entry below it, then its second entry at the column's
    // foot and gap: the lines above fill the page to there.
    const double title_top = column_foot + gap - (first_lines + 1) * 14;
    const int above = static_cast<int>(title_top / 14);
    for (int i = 0; i < above; ++i)
      c.main().emplace_back(block(paragraph("Above " + std::to_string(i)), 1000 + i)).part = 0;
    compose::Block& title = c.main().emplace_back(block(paragraph("Section title"), -1, true));
    title.part = 1;
    title.space_before = title_top - above * 14;
    for (int entry = 0; entry < 8; ++entry) {
      const int lines = entry == 0 ? first_lines : 3;
      for (int line = 0; line < lines; ++line)
        c.main()
            .emplace_back(block(paragraph("Entry " + std::to_string(entry) + " line " + std::to_string(line)),
                                2000 + entry, line + 1 < lines))
            .part = 1;
    }
    const Document doc = run(c);
    ASSERT_EQ(doc.pages.size(), 1u);
    const std::string first_last = "Entry 0 line " + std::to_string(first_lines - 1);
    ASSERT_NEAR(find_run(doc, first_last)->baseline - find_run(doc, "Side 26")->baseline, gap, 1)
        << "the second entry would start at the column's foot and its gap";
    if (first_lines == 3) {
      EXPECT_NEAR(find_run(doc, "Entry 1 line 0")->x, main_x, 0.5) << "the second entry stays beside the column";
    } else {
      EXPECT_NEAR(find_run(doc, "Entry 1 line 0")->x, theme_.margin_left, 0.5) << "the second entry goes across";
    }
    EXPECT_NEAR(find_run(doc, "Entry 7 line 0")->x, theme_.margin_left, 0.5) << "the section goes on across";
  }
}

// A section's start a little below the column's foot is where the main flow goes on across
// the page, the hole beside its last entries a designer's; one far below it (here 50 mm)
// would leave a hole that reads as the page running out, and the section before it goes on
// across inside, two of its entries or more either side.
TEST_F(Paginate, ADeepHoleUnderTheColumnIsFilledInsideASection) {
  add_side_region(theme_, 0);
  theme_.regions.back().wrap_under = true;
  const double main_x = theme_.margin_left + 150 + 20;
  const int side_lines = 27;
  const double column_foot = side_lines * 14.0;
  for (const double below : {20.0, 50.0}) {  // mm from the column's foot to the next section
    SCOPED_TRACE(below);
    compose::Composition c;
    for (int i = 0; i < side_lines; ++i)
      c.flows["side"].push_back(block(paragraph("Side " + std::to_string(i)), 100 + i));
    const int entries = static_cast<int>(std::ceil((column_foot + below / 25.4 * 72 + 4) / 18));
    for (int i = 0; i < entries; ++i) {
      compose::Block& b = c.main().emplace_back(block(paragraph("Entry " + std::to_string(i)), 1000 + i));
      b.part = 0;
      b.space_before = i == 0 ? 0 : 4;
    }
    compose::Block& title = c.main().emplace_back(block(paragraph("Next section"), -1, true));
    title.part = 1;
    title.space_before = 10;
    for (int i = 0; i < 10; ++i) c.main().emplace_back(block(paragraph("Next " + std::to_string(i)), 2000 + i)).part = 1;
    const Document doc = run(c);
    ASSERT_EQ(doc.pages.size(), 1u);
    EXPECT_NEAR(find_run(doc, "Next section")->x, theme_.margin_left, 0.5) << "the next section across the page";
    int across = 0;
    for (int i = 0; i < entries; ++i)
      if (std::abs(find_run(doc, "Entry " + std::to_string(i))->x - main_x) > 0.5) ++across;
    if (below < 30) {
      EXPECT_EQ(across, 0) << "the section stays in its measure beside the column";
    } else {
      EXPECT_GE(across, 2) << "the section goes on across under the column";
      EXPECT_LE(across, entries - 2);
    }
  }
}

// An entry taller than the room beside a short column's foot goes on beside it, and the next
// one, though it starts 40 mm below the foot, goes across: a senior CV's second job (70 mm)
// straddled the left column's foot, and the right column went on narrow beside a 127 mm hole.
TEST_F(Paginate, TheEntryAfterOneStraddlingTheColumnsFootGoesAcross) {
  add_side_region(theme_, 0);
  theme_.regions.back().wrap_under = true;
  const double main_x = theme_.margin_left + 150 + 20;
  compose::Composition c;
  for (int i = 0; i < 27; ++i) c.flows["side"].push_back(block(paragraph("Side " + std::to_string(i)), 100 + i));
  const int lines[] = {20, 15, 3, 3, 3, 3};  // the second entry from 284 to 494 pt, the foot at 378
  for (int entry = 0; entry < 6; ++entry)
    for (int line = 0; line < lines[entry]; ++line) {
      compose::Block& b = c.main().emplace_back(
          block(paragraph("Entry " + std::to_string(entry) + " line " + std::to_string(line)), 2000 + entry,
                line + 1 < lines[entry]));
      b.part = 0;
      b.space_before = line == 0 && entry > 0 ? 4 : 0;
    }
  const Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  EXPECT_NEAR(find_run(doc, "Entry 1 line 14")->x, main_x, 0.5) << "the straddling entry beside the column";
  EXPECT_NEAR(find_run(doc, "Entry 2 line 0")->x, theme_.margin_left, 0.5) << "the next one across";
}

// The main flow stays in its measure where going on under the column would gain little: a
// few lines past the column's foot (two columns ending near each other), or beside a column
// of a few lines (the page would turn from two columns into one a few lines down).
TEST_F(Paginate, AMainFlowStaysInItsMeasureWhereGoingOnUnderGainsLittle) {
  add_side_region(theme_, 0);
  theme_.regions.back().wrap_under = true;
  const double main_x = theme_.margin_left + 150 + 20;
  const int third = static_cast<int>(flow_height(theme_) / 14 / 3);
  auto all_in_measure = [&](int main_lines, int side_lines) {
    compose::Composition c;
    for (int i = 0; i < main_lines; ++i)
      c.main().emplace_back(block(paragraph("Filler " + std::to_string(i)), 1000 + i)).part = 0;
    for (int i = 0; i < side_lines; ++i)
      c.flows["side"].push_back(block(paragraph("Side text " + std::to_string(i)), 2000 + i));
    Document doc = run(c);
    for (const PlacedRun& run : doc.pages.at(0).runs)
      if (run.run.text.rfind("Filler", 0) == 0 && std::abs(run.x - main_x) > 0.5) return false;
    return true;
  };
  EXPECT_TRUE(all_in_measure(third + 5, third + 3)) << "two lines past a column a third of the page long";
  EXPECT_TRUE(all_in_measure(2 * third, 4)) << "beside a column of four lines";
  EXPECT_FALSE(all_in_measure(2 * third, third + 3)) << "the same main flow beside a column a third long";
}

// Moved to a narrow column, an entry's dates go under its title, in from the column's edge
// as the title is (not at the edge, where the section titles stand).
TEST_F(Paginate, DatesMovedUnderATitleStandInWithIt) {
  add_side_region(theme_, 0);
  theme_.regions.back().balance = true;
  theme_.narrow_region_share = 0.5;  // the side column (150pt) is narrow
  compose::Composition c;
  for (int i = 0; i < 40; ++i) c.main().emplace_back(block(paragraph("Filler " + std::to_string(i)), 1000 + i)).part = 0;
  compose::Row row;
  row.main = {paragraph("Moved title", 10, 14)};
  row.main.front().indent_left = 8;
  row.aside = {paragraph("2020 – 2023", 9, 12)};
  row.aside.front().align = theme::Align::Right;
  row.aside_width = 60;
  compose::Block moved;
  moved.content = row;
  moved.part = 1;
  c.main().push_back(moved);
  c.flows["side"].push_back(block(paragraph("Side text")));
  Document doc = run(c);
  const PlacedRun* title = find_run(doc, "Moved title");
  const PlacedRun* date = find_run(doc, "2020");
  ASSERT_TRUE(title && date);
  ASSERT_LT(title->x, theme_.margin_left + 150) << "moved to the side column";
  EXPECT_GT(date->baseline, title->baseline) << "under the title";
  EXPECT_NEAR(date->x, title->x, 0.5) << "in line with the title";
}

// A title that wraps beside a one-line date stops short of the date on its first line only:
// its later lines stand below the date and run the whole width (a run-in position under a
// 3 cm date column stopped 50 mm short of the margin). With a second aside line (a place
// beside the next line) the title stays narrow throughout.
TEST_F(Paginate, AWrappedTitleRunsTheWholeWidthBelowItsDate) {
  const double right_edge = theme_.page_width - theme_.margin_right;
  auto title_lines = [&](bool with_place) {
    compose::Row row;
    std::string words;
    for (int i = 0; i < 24; ++i) words += "word" + std::to_string(i) + " ";
    row.main = {paragraph(words, 10, 14), paragraph("Organisation", 10, 14)};
    row.aside = {paragraph("2020 – 2023", 9, 12)};
    if (with_place) row.aside.push_back(paragraph("Seoul", 9, 12));
    for (compose::Paragraph& p : row.aside) p.align = theme::Align::Right;
    row.aside_width = 100;
    row.gap = 10;
    compose::Block block;
    block.content = row;
    compose::Composition c;
    c.main().push_back(block);
    Document doc = run(c);
    std::map<double, double> right_ends;  // baseline -> right end of the title's words there
    double date_x = 0;
    for (const PlacedRun& r : doc.pages.at(0).runs) {
      if (r.run.text.rfind("2020", 0) == 0) date_x = r.x;
      if (r.run.text.rfind("word", 0) == 0) right_ends[r.baseline] = std::max(right_ends[r.baseline], r.x + r.run.width());
    }
    EXPECT_GT(date_x, 0);
    return std::pair{right_ends, date_x};
  };
  const auto [lines, date_x] = title_lines(false);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_LT(lines.begin()->second, date_x - 10 + 0.5) << "the first line stops the gap short of the date";
  EXPECT_GT(std::next(lines.begin())->second, right_edge - 100 - 10 + 20) << "the second runs on under the date";
  const auto [narrow, date_again] = title_lines(true);
  for (const auto& [baseline, end] : narrow)
    EXPECT_LT(end, right_edge - 100 - 10 + 0.5) << "beside a date and a place: narrow throughout";
}

// Links underlined (RenderCV's links.underline): a link broken across lines is underlined on
// every line it is drawn on, not only on its first (whose run alone reads as its text).
TEST_F(Paginate, ALinkBrokenAcrossLinesIsUnderlinedOnEach) {
  theme_.underline_links = true;
  std::string url = "https://example.org/writing/";
  for (int i = 0; i < 16; ++i) url += "a-long-path-segment-" + std::to_string(i) + "/";
  compose::Paragraph p = paragraph("See " + url);
  p.inlines.front().text = "See ";
  compose::Inline link = p.inlines.front();
  link.text = url;
  link.link = url;
  p.inlines.push_back(link);
  compose::Composition c;
  c.main().push_back(block(p));
  const Document doc = run(c);
  std::set<double> linked_lines, underlined_lines;
  for (const PlacedRun& r : doc.pages.at(0).runs)
    if (!r.run.link.empty()) linked_lines.insert(r.baseline);
  for (const doc::FilledRect& rule : doc.pages[0].rects)
    for (double baseline : linked_lines)
      if (rule.y > baseline && rule.y < baseline + 3) underlined_lines.insert(baseline);
  ASSERT_GE(linked_lines.size(), 2u) << "the link is broken across lines";
  EXPECT_EQ(underlined_lines, linked_lines);
}

TEST_F(Paginate, SectionTitleNeverEndsAPage) {
  compose::Composition c;
  int lines = static_cast<int>(flow_height(theme_) / 14);
  add_filler(c, lines - 1);  // the title is the last line that fits
  compose::Block title = block(paragraph("Section title"), -1, true);
  title.bookmark = "Section title";
  c.main().push_back(title);
  c.main().push_back(block(paragraph("First entry"), 1));
  Document doc = run(c, {.lift_last_page = false});  // the break as the title's rule makes it
  ASSERT_EQ(doc.pages.size(), 2u);
  EXPECT_EQ(page_of(doc, "Section title"), 1);
  EXPECT_EQ(page_of(doc, "First entry"), 1);
  ASSERT_EQ(doc.bookmarks.size(), 1u);
  EXPECT_EQ(doc.bookmarks[0].page, 1);
  EXPECT_NEAR(doc.bookmarks[0].y, theme_.margin_top, 1e-9) << "the title starts page 2";
}

TEST_F(Paginate, EntryThatFitsAPageIsNotSplit) {
  compose::Composition c;
  int lines = static_cast<int>(flow_height(theme_) / 14);
  add_filler(c, lines - 2);
  for (int i = 0; i < 5; ++i) c.main().push_back(block(paragraph("Entry line " + std::to_string(i)), 7));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(page_of(doc, "Entry line " + std::to_string(i)), 1) << i;
}

TEST_F(Paginate, EntryTallerThanAPageIsSplit) {
  compose::Composition c;
  int lines = static_cast<int>(flow_height(theme_) / 14);
  for (int i = 0; i < lines + 10; ++i) c.main().push_back(block(paragraph("Long entry " + std::to_string(i)), 3));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  EXPECT_EQ(page_of(doc, "Long entry 0"), 0);
  EXPECT_EQ(page_of(doc, "Long entry " + std::to_string(lines + 9)), 1);
}

TEST_F(Paginate, ParagraphSplitsWithTwoLinesOnEachSide) {
  compose::Composition c;
  int lines = static_cast<int>(flow_height(theme_) / 14);
  add_filler(c, lines - 1);  // one line of room left: a paragraph may not leave one line behind
  std::string words;
  for (int i = 0; i < 60; ++i) words += "word" + std::to_string(i) + " ";
  compose::Paragraph long_para = paragraph(words);
  c.main().push_back(block(long_para));
  Document doc = run(c);
  ASSERT_GE(doc.pages.size(), 2u);
  EXPECT_EQ(page_of(doc, "word0"), 1) << "a lone first line (orphan) must move to the next page";
}

TEST_F(Paginate, SpaceBeforeIsDroppedAtTheTopOfAPage) {
  compose::Composition c;
  int lines = static_cast<int>(flow_height(theme_) / 14);
  add_filler(c, lines);
  compose::Block next = block(paragraph("After the break"), 5);
  next.space_before = 40;
  c.main().push_back(next);
  Document doc = run(c, {.lift_last_page = false});  // the one line alone on its page
  const PlacedRun* r = find_run(doc, "After");
  ASSERT_NE(r, nullptr);
  EXPECT_LT(r->baseline, theme_.margin_top + 14);
}

TEST_F(Paginate, RowAlignsAsideBaselinesWithMainParagraphs) {
  compose::Composition c;
  compose::Row row;
  row.main = {paragraph("Position title", 11, 15), paragraph("Company name", 9.5, 13)};
  row.aside = {paragraph("2020 – 2023", 9, 12), paragraph("Seoul", 9, 12)};
  for (auto& p : row.aside) p.align = theme::Align::Right;
  compose::Block b;
  b.content = row;
  c.main().push_back(b);
  Document doc = run(c);
  const PlacedRun* title = find_run(doc, "Position");
  const PlacedRun* date = find_run(doc, "2020");
  const PlacedRun* company = find_run(doc, "Company");
  const PlacedRun* place = find_run(doc, "Seoul");
  ASSERT_TRUE(title && date && company && place);
  EXPECT_NEAR(title->baseline, date->baseline, 1e-6);
  EXPECT_NEAR(company->baseline, place->baseline, 1e-6);
  double right_edge = theme_.page_width - theme_.margin_right;
  EXPECT_NEAR(place->x + place->run.width(), right_edge, 0.5) << "aside is right-aligned";
}

TEST_F(Paginate, AsideWiderThanItsColumnWidensInsteadOfOverflowing) {
  compose::Composition c;
  compose::Row row;
  row.main = {paragraph("Title", 10, 14)};
  row.aside = {paragraph("Sept 2014 \u2013 June 2018", 9, 12)};
  row.aside[0].align = theme::Align::Right;
  row.aside_width = 40;  // far too narrow for the date range
  row.gap = 10;
  compose::Block b;
  b.content = row;
  c.main().push_back(b);
  Document doc = run(c);
  EXPECT_EQ(diags_.warning_count(), 0) << "no overflow warning";
  const PlacedRun* date = find_run(doc, "Sept");
  ASSERT_NE(date, nullptr);
  EXPECT_EQ(date->run.text, "Sept 2014 \u2013 June 2018") << "one line, not broken";
  const double right_edge = theme_.page_width - theme_.margin_right;
  EXPECT_NEAR(date->x + date->run.width(), right_edge, 0.5);
  EXPECT_GT(date->x, theme_.margin_left + 10);
}

// A letterhead (Row::main_first): the contacts stand beside the name while each of their lines
// fits there; one that does not (a long web address) would break in two at a slash, so the
// contacts go under the name, flush left, where the whole width holds it on one line.
TEST_F(Paginate, ALetterheadsContactsGoUnderTheNameWhenALineCannotStandBesideIt) {
  auto letterhead = [&](const std::string& address) {
    compose::Row row;
    row.main = {paragraph("Marisol Okonkwo-Fairbanks", 21, 24)};
    row.aside = {paragraph("Rotterdam\n" + address, 8, 11)};
    row.aside[0].align = theme::Align::Right;
    row.aside_width = 147;
    row.gap = 10;
    row.main_first = true;
    row.under_separator = "  \u00B7  ";
    compose::Block b;
    b.content = row;
    compose::Composition c;
    c.main().push_back(b);
    return run(c);
  };
  const Document beside = letterhead("example.com/me");
  const PlacedRun* near = find_run(beside, "example.com/me");
  ASSERT_NE(near, nullptr);
  EXPECT_GT(near->x, theme_.margin_left + 200) << "a short address stands beside the name";

  const std::string long_address = "marisol-okonkwo-fairbanks.github.io/portfolio/case-studies/2025/causal-forecasting";
  const Document under = letterhead(long_address);
  const PlacedRun* address = find_run(under, "marisol-okonkwo");
  const PlacedRun* name = find_run(under, "Marisol");
  ASSERT_TRUE(address && name);
  EXPECT_EQ(address->run.text, long_address) << "on one line, not broken at a slash";
  EXPECT_GT(address->baseline, name->baseline) << "under the name";
  EXPECT_NEAR(find_run(under, "Rotterdam")->x, theme_.margin_left, 1e-6) << "flush left";
}

TEST_F(Paginate, LinkedRunsGetClickableAreas) {
  compose::Composition c;
  compose::Paragraph p = paragraph("");
  p.inlines.clear();
  compose::FontSpec font;
  p.inlines.push_back({"mail me ", font, "", {}});
  p.inlines.push_back({"gildong@example.com", font, "mailto:gildong@example.com", {}});
  c.main().push_back(block(p));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  ASSERT_EQ(doc.pages[0].links.size(), 1u);
  const LinkArea& link = doc.pages[0].links[0];
  EXPECT_EQ(link.uri, "mailto:gildong@example.com");
  const PlacedRun* r = find_run(doc, "gildong");
  ASSERT_NE(r, nullptr);
  EXPECT_NEAR(link.x, r->x, 1e-6);
  EXPECT_NEAR(link.width, r->run.width(), 1e-6);
  EXPECT_LT(link.y, r->baseline);
  EXPECT_GT(link.y + link.height, r->baseline);
}

TEST_F(Paginate, MarkerHangsLeftOfTheIndent) {
  compose::Composition c;
  compose::Paragraph p = paragraph("Highlight text");
  p.indent_left = 12;
  compose::Marker m;
  m.text = {"\u2022", compose::FontSpec{}, "", {}};
  m.gap = 4;
  p.marker = m;
  c.main().push_back(block(p));
  Document doc = run(c);
  const PlacedRun* text = find_run(doc, "Highlight");
  const PlacedRun* bullet = find_run(doc, "\u2022");
  ASSERT_TRUE(text && bullet);
  EXPECT_NEAR(text->x, theme_.margin_left + 12, 1e-6);
  EXPECT_NEAR(bullet->x + bullet->run.width(), theme_.margin_left + 12 - 4, 1e-6);
  EXPECT_NEAR(bullet->baseline, text->baseline, 1e-9);
}

TEST_F(Paginate, RulesSpanTheColumn) {
  compose::Composition c;
  compose::Block b;
  b.content = compose::Rule{0.6, Rgb{0.1, 0.2, 0.3}, 0};
  c.main().push_back(block(paragraph("Above")));
  c.main().push_back(b);
  Document doc = run(c);
  ASSERT_EQ(doc.pages[0].rects.size(), 1u);
  const FilledRect& rule = doc.pages[0].rects[0];
  EXPECT_NEAR(rule.x, theme_.margin_left, 1e-9);
  EXPECT_NEAR(rule.width, theme_.page_width - theme_.margin_left - theme_.margin_right, 1e-9);
  EXPECT_NEAR(rule.height, 0.6, 1e-12);
}

TEST_F(Paginate, IsDeterministic) {
  compose::Composition c;
  add_filler(c, 80);
  Document a = run(c);
  Document b = run(c);
  ASSERT_EQ(a.pages.size(), b.pages.size());
  for (size_t p = 0; p < a.pages.size(); ++p) {
    ASSERT_EQ(a.pages[p].runs.size(), b.pages[p].runs.size());
    for (size_t i = 0; i < a.pages[p].runs.size(); ++i) {
      EXPECT_EQ(a.pages[p].runs[i].x, b.pages[p].runs[i].x);
      EXPECT_EQ(a.pages[p].runs[i].baseline, b.pages[p].runs[i].baseline);
      EXPECT_EQ(a.pages[p].runs[i].run.text, b.pages[p].runs[i].run.text);
    }
  }
}

// --- issue 3: how full the pages are, balancing, and overflow reports ---

TEST_F(Paginate, ReportsHowFarTheFlowReachesOnEachPage) {
  compose::Composition c;
  int per_page = static_cast<int>(flow_height(theme_) / 14);
  add_filler(c, per_page + 3);
  Document doc = run(c, {.balance_last_page = false});
  ASSERT_EQ(doc.pages.size(), 2u);
  EXPECT_NEAR(doc.flow_height, flow_height(theme_), 1e-9);
  EXPECT_NEAR(doc.pages[0].content_height, 14.0 * per_page, 1e-9);
  EXPECT_NEAR(doc.pages[1].content_height, 14.0 * 3, 1e-9);
}

TEST_F(Paginate, BalancesANearlyEmptyLastPageUnlessAskedNotTo) {
  // A page of entries 4 pt apart and three more: tightening the spaces saves the second page.
  compose::Composition c;
  int per_page = static_cast<int>(flow_height(theme_) / 18);
  for (int i = 0; i < per_page + 3; ++i) {
    compose::Block b = block(paragraph("Entry " + std::to_string(i)), i);
    b.space_before = 4;
    c.main().push_back(std::move(b));
  }
  EXPECT_EQ(run(c).pages.size(), 1u);
  EXPECT_EQ(run(c, {.balance_last_page = false}).pages.size(), 2u);  // fitting squeezes spaces itself
}

// A last page that would hold a stub of three lines, with no space to tighten, takes the last
// section whole: the page before ends where that section starts (its title goes over with it),
// and the count of pages stays.
TEST_F(Paginate, AStubOfALastPageTakesTheLastSectionWhole) {
  compose::Composition c;
  const int per_page = static_cast<int>(flow_height(theme_) / 14);
  for (int i = 0; i < per_page - 18; ++i) {
    compose::Block b = block(paragraph("First " + std::to_string(i)), i);
    b.part = 0;
    c.main().push_back(std::move(b));
  }
  compose::Block title = block(paragraph("Second section"), -1, true);
  title.part = 1;
  c.main().push_back(std::move(title));
  for (int i = 0; i < 20; ++i) {
    compose::Block b = block(paragraph("Second " + std::to_string(i)), 100 + i);
    b.part = 1;
    c.main().push_back(std::move(b));
  }
  const Document stub = run(c, {.lift_last_page = false});
  ASSERT_EQ(stub.pages.size(), 2u);
  EXPECT_EQ(page_of(stub, "Second section"), 0);
  EXPECT_LT(stub.pages[1].content_height, 0.25 * flow_height(theme_));

  // Moving the section whole leaves a third of the page before empty: past fit.last_page_hole,
  // the section is split instead, its title and first entries kept, the last page given its share.
  ASSERT_GT(18 * 14.0, theme_.last_page_hole * flow_height(theme_));
  const Document split = run(c);
  ASSERT_EQ(split.pages.size(), 2u);
  EXPECT_EQ(page_of(split, "Second section"), 0) << "no hole of a third of a page";
  EXPECT_EQ(page_of(split, "Second 19"), 1);
  EXPECT_GE(split.pages[1].content_height, theme_.last_page_least * flow_height(theme_));
  EXPECT_LT(split.pages[1].content_height, theme_.last_page_least * flow_height(theme_) + 14 + 1e-6)
      << "no more than the last page needs";

  theme_.last_page_hole = 0;  // no bound: the section moves whole
  const Document lifted = run(c);
  ASSERT_EQ(lifted.pages.size(), 2u);
  EXPECT_EQ(page_of(lifted, "Second section"), 1) << "the last section moves whole";
  EXPECT_EQ(page_of(lifted, "First " + std::to_string(per_page - 19)), 0);
  EXPECT_GE(lifted.pages[1].content_height, theme_.last_page_least * flow_height(theme_));
}

// With no section to move whole (one section of one-line entries), the page before ends between
// entries, early enough that the last page holds its share and no more than the page before.
TEST_F(Paginate, AStubOfALastPageTakesEntriesWhenNoSectionStartsOnThePageBefore) {
  compose::Composition c;
  const int per_page = static_cast<int>(flow_height(theme_) / 14);
  add_filler(c, per_page + 3);
  const Document lifted = run(c);
  ASSERT_EQ(lifted.pages.size(), 2u);
  const double least = theme_.last_page_least * flow_height(theme_);
  EXPECT_GE(lifted.pages[1].content_height, least);
  EXPECT_LT(lifted.pages[1].content_height, least + 14 + 1e-6) << "no more than its share";
  EXPECT_GT(lifted.pages[0].content_height, lifted.pages[1].content_height);
  theme_.last_page_least = 0;  // the layout may keep the page as it runs
  EXPECT_NEAR(run(c).pages[1].content_height, 14.0 * 3, 1e-9);
}

// A section that fits where it stands stays there: a last page that would hold a stub (a
// closing section of three lines) does not take the section before it whole when that leaves
// more of the page before empty than fit.last_page_hole, though that section holds one entry
// kept together, with no break between entries to take instead (the ko-standard 논문 table,
// moved whole to the last page past a hole of ~220 pt). The stub stays, as the page ran.
TEST_F(Paginate, AStubOfALastPageDoesNotTakeAKeptSectionPastTheHoleBound) {
  compose::Composition c;
  const int per_page = static_cast<int>(flow_height(theme_) / 14);
  constexpr int kKeptLines = 17;
  const auto add_section = [&](int part, const std::string& title, int lines, bool one_entry) {
    compose::Block heading = block(paragraph(title), -1, true);
    heading.part = part;
    c.main().push_back(std::move(heading));
    for (int i = 0; i < lines; ++i) {
      compose::Block b = block(paragraph(title + " line " + std::to_string(i)), one_entry ? 100 * part : 100 * part + i);
      b.part = part;
      c.main().push_back(std::move(b));
    }
  };
  add_section(0, "Filler", per_page - kKeptLines - 2, false);  // entries of one line each
  add_section(1, "Kept", kKeptLines - 1, true);                 // title and one entry: one piece
  add_section(2, "Closing", 2, false);
  const double flow = flow_height(theme_);
  ASSERT_GT(kKeptLines * 14.0, theme_.last_page_hole * flow) << "moving it whole opens a hole past the bound";
  ASSERT_GE(kKeptLines * 14.0 + 3 * 14, theme_.last_page_least * flow) << "which would lift the stub";

  const Document as_it_runs = run(c, {.lift_last_page = false});
  ASSERT_EQ(as_it_runs.pages.size(), 2u);
  ASSERT_EQ(page_of(as_it_runs, "Kept line " + std::to_string(kKeptLines - 2)), 0);
  ASSERT_EQ(page_of(as_it_runs, "Closing"), 1);
  ASSERT_LT(as_it_runs.pages[1].content_height, theme_.last_page_least * flow);

  const Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  EXPECT_EQ(page_of(doc, "Kept"), 0) << "the kept section stays where it fits";
  EXPECT_EQ(page_of(doc, "Kept line " + std::to_string(kKeptLines - 2)), 0);
  EXPECT_EQ(page_of(doc, "Filler line " + std::to_string(per_page - kKeptLines - 3)), 0)
      << "nor do the entries above it move";
  EXPECT_EQ(page_of(doc, "Closing"), 1);

  // Nor within the bound: the stub is a whole section already (the sidebar 논문, moved whole
  // beside a hole of 146 pt it fitted in, review 43), so nothing above it moves.
  theme_.last_page_hole = 0;  // no bound on the hole
  const Document unbounded = run(c);
  ASSERT_EQ(unbounded.pages.size(), 2u);
  EXPECT_EQ(page_of(unbounded, "Kept"), 0) << "a section that fits stays, whatever the bound";
  EXPECT_EQ(page_of(unbounded, "Kept line " + std::to_string(kKeptLines - 2)), 0);
  EXPECT_EQ(page_of(unbounded, "Closing"), 1);
}

// A stub that is a whole section of its own keeps the page before as it ran, even when moving
// the section before it whole would leave a hole well within fit.last_page_hole: the page is
// filled before a section moves on (the sidebar 논문 of review 43: title and two entries,
// ~135 pt, moved beside 146 pt free for a last page of 특허 alone).
TEST_F(Paginate, AStubThatIsAWholeSectionLeavesTheSectionsThatFitWhereTheyStand) {
  compose::Composition c;
  const int per_page = static_cast<int>(flow_height(theme_) / 14);
  const double flow = flow_height(theme_);
  // Papers, title and lines, takes 90% of the hole bound; with Patents after it, the last page
  // would hold its share (fit.last_page_least), which Patents alone does not.
  const int short_lines = static_cast<int>(0.9 * theme_.last_page_hole * flow / 14) - 1;
  const int patent_lines = static_cast<int>(std::ceil(theme_.last_page_least * flow / 14)) - short_lines;
  ASSERT_GE(short_lines, 3);
  ASSERT_GE(patent_lines, 2);
  const auto add_section = [&](int part, const std::string& title, int lines) {
    compose::Block heading = block(paragraph(title), -1, true);
    heading.part = part;
    c.main().push_back(std::move(heading));
    for (int i = 0; i < lines; ++i) {
      compose::Block b = block(paragraph(title + " line " + std::to_string(i)), 100 * part + i);
      b.part = part;
      c.main().push_back(std::move(b));
    }
  };
  add_section(0, "Filler", per_page - short_lines - 2);
  add_section(1, "Papers", short_lines);  // ends at the foot of page 1
  add_section(2, "Patents", patent_lines);  // a stub on page 2
  const Document as_it_runs = run(c, {.lift_last_page = false});
  ASSERT_EQ(as_it_runs.pages.size(), 2u);
  ASSERT_EQ(page_of(as_it_runs, "Papers line " + std::to_string(short_lines - 1)), 0);
  ASSERT_EQ(page_of(as_it_runs, "Patents"), 1);
  ASSERT_LT(as_it_runs.pages[1].content_height, theme_.last_page_least * flow);
  ASSERT_LT((short_lines + 1) * 14.0, theme_.last_page_hole * flow) << "moving Papers is within the hole bound";
  ASSERT_GE((short_lines + patent_lines + 2) * 14.0, theme_.last_page_least * flow) << "and gives the stub its share";

  const Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  EXPECT_EQ(page_of(doc, "Papers"), 0) << "the section that fits stays";
  EXPECT_EQ(page_of(doc, "Papers line " + std::to_string(short_lines - 1)), 0);
  EXPECT_EQ(page_of(doc, "Patents"), 1);
  EXPECT_NEAR(doc.pages[0].content_height, as_it_runs.pages[0].content_height, 1e-9);
}

// A section of two entries after `filler` one-line entries of another: its title (kept with
// the next block) and entries of `lines` one-line blocks each, every block its own part's.
compose::Composition two_entry_section_after(int filler, int lines) {
  compose::Composition c;
  for (int i = 0; i < filler; ++i) {
    compose::Block b = block(paragraph("Filler " + std::to_string(i)), 1000 + i);
    b.part = 0;
    c.main().push_back(std::move(b));
  }
  compose::Block title = block(paragraph("Pair title"), -1, true);
  title.part = 1;
  c.main().push_back(std::move(title));
  for (int entry = 0; entry < 2; ++entry)
    for (int line = 0; line < lines; ++line) {
      compose::Block b = block(paragraph((entry == 0 ? "First " : "Second ") + std::to_string(line)), 500 + entry);
      b.part = 1;
      c.main().push_back(std::move(b));
    }
  return c;
}

// Widows and orphans of entries: a list of two whose second entry does not fit under the first
// is not split one and one when the page can end before its title leaving at most
// fit.lone_entry_room of it empty: the section moves to the next page whole.
TEST_F(Paginate, AListOfTwoMovesWholeRatherThanSplitOneAndOne) {
  const int per_page = static_cast<int>(flow_height(theme_) / 14);
  // The title and the first entry fit under the filler, the second entry does not; ending the
  // page before the title leaves 5 lines (70 pt) empty, less than 15% of the page (a layout
  // that allows that much; classic allows 8%).
  theme_.lone_entry_room = 0.15;
  const compose::Composition c = two_entry_section_after(per_page - 5, 3);
  ASSERT_LT(5 * 14.0 + 14, theme_.lone_entry_room * flow_height(theme_));
  const Document moved = run(c, {.balance_last_page = false});
  ASSERT_EQ(moved.pages.size(), 2u);
  EXPECT_EQ(page_of(moved, "Pair title"), 1);
  EXPECT_EQ(page_of(moved, "First 0"), 1);
  EXPECT_EQ(page_of(moved, "Second 0"), 1);
  EXPECT_EQ(page_of(moved, "Filler " + std::to_string(per_page - 6)), 0);

  theme_.lone_entry_room = 0;  // a layout may split it as it runs
  const Document split = run(c, {.balance_last_page = false});
  EXPECT_EQ(page_of(split, "First 2"), 0);
  EXPECT_EQ(page_of(split, "Second 0"), 1);
}

// Moving it whole would leave more of the page empty than the layout allows (two entries of
// ten lines: the page would end 16 lines short): the list splits one and one.
TEST_F(Paginate, AListOfTwoSplitsWhenMovingItWouldLeaveTooMuchEmpty) {
  const int per_page = static_cast<int>(flow_height(theme_) / 14);
  const compose::Composition c = two_entry_section_after(per_page - 16, 10);
  ASSERT_GT(16 * 14.0 - 14, theme_.lone_entry_room * flow_height(theme_));
  const Document doc = run(c, {.balance_last_page = false});
  ASSERT_EQ(doc.pages.size(), 2u);
  EXPECT_EQ(page_of(doc, "Pair title"), 0);
  EXPECT_EQ(page_of(doc, "First 9"), 0);
  EXPECT_EQ(page_of(doc, "Second 0"), 1);
}

// A row is one piece, but one taller than a page (70 lines of 14 pt: 980 pt in a flow area of
// 739.89 pt) is cut between its lines, so every line lands on a page and none below the
// bottom margin.
TEST_F(Paginate, RowTallerThanAPageContinuesOnTheNextPage) {
  compose::Composition c;
  compose::Paragraph tall = paragraph("line 0");
  for (int i = 1; i < 70; ++i) tall.inlines.front().text += "\nline " + std::to_string(i);
  compose::Row row;
  row.main.push_back(tall);
  row.aside.push_back(paragraph("2020"));
  compose::Block b;
  b.content = row;
  b.span = Span{"cv.yaml", 12, 7};
  b.keep_with_next = true;  // as an entry's title row is
  c.main().push_back(b);
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  EXPECT_EQ(diags_.warning_count(), 0);
  std::vector<std::string> lines;
  for (const Page& page : doc.pages) {
    EXPECT_LE(page.content_height, flow_height(theme_) + 1e-6);
    for (const PlacedRun& r : page.runs) {
      if (r.run.text.find(" / ") != std::string::npos) continue;  // the page number in the footer
      EXPECT_LE(r.baseline, theme_.page_height - theme_.margin_bottom) << r.run.text;
      lines.push_back(r.run.text);
    }
  }
  ASSERT_EQ(lines.size(), 71u);  // 70 lines and the date
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "2020"), 1);
  EXPECT_EQ(lines.back(), "line 69");
}

TEST_F(Paginate, PictureTallerThanAPageSaysByHowMuchItRunsPast) {
  compose::Composition c;
  compose::Figure figure;
  figure.path = "/nowhere/photo.png";
  figure.width = 100;
  figure.height = 780;  // past the bottom margin, still on the paper
  figure.beside.push_back(paragraph("text beside"));
  compose::Block b;
  b.content = figure;
  b.span = Span{"cv.yaml", 12, 7};
  c.main().push_back(b);
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  EXPECT_NEAR(doc.pages[0].content_height, 780, 1e-9);
  ASSERT_EQ(diags_.warning_count(), 1);
  EXPECT_FALSE(diags_.has_errors());
  const Diagnostic& d = diags_.all().back();
  EXPECT_EQ(d.span.line, 12);
  EXPECT_EQ(d.span.col, 7);
  double past = 780 - flow_height(theme_);
  char amount[32];
  std::snprintf(amount, sizeof amount, "by %.1f pt", past);
  EXPECT_NE(d.message.find("content runs past the bottom margin"), std::string::npos) << d.message;
  EXPECT_NE(d.message.find(amount), std::string::npos) << d.message << " / expected " << amount;
  ASSERT_EQ(d.hints.size(), 1u);
  EXPECT_NE(d.hints[0].find("780.0 pt tall"), std::string::npos) << d.hints[0];
}

// Past the paper's edge it is refused, where the CV names the photo: nothing is printed cut off.
TEST_F(Paginate, PictureTallerThanThePaperIsAnError) {
  compose::Composition c;
  compose::Figure figure;
  figure.path = "/nowhere/photo.png";
  figure.span = Span{"cv.yaml", 3, 10};
  figure.width = 100;
  figure.height = 980;
  compose::Block b;
  b.content = figure;
  c.main().push_back(b);
  run(c);
  ASSERT_EQ(diags_.error_count(), 1);
  const Diagnostic& d = diags_.all().back();
  EXPECT_NE(d.message.find("the photo falls off page 1"), std::string::npos) << d.message;
  EXPECT_EQ(d.span.line, 3);
}

TEST_F(Paginate, TextPastTheRightMarginSaysByHowMuch) {
  // A column 5 pt wide after the indent: the W cannot fit and overflows the right margin.
  compose::Composition c;
  compose::Paragraph p = paragraph("W");
  p.inlines.front().span = Span{"cv.yaml", 3, 9};
  double column = theme_.page_width - theme_.margin_left - theme_.margin_right;
  p.indent_left = column - 5;
  c.main().push_back(block(p));
  Document doc = run(c);
  const PlacedRun* w = find_run(doc, "W");
  ASSERT_NE(w, nullptr);
  double past = w->x + w->run.width() - (theme_.page_width - theme_.margin_right);
  ASSERT_GT(past, 0.5);
  ASSERT_EQ(diags_.warning_count(), 1);
  const Diagnostic& d = diags_.all().back();
  EXPECT_EQ(d.span.line, 3);
  EXPECT_EQ(d.span.col, 9);
  char amount[32];
  std::snprintf(amount, sizeof amount, "overflows by %.1f pt", past);
  EXPECT_NE(d.message.find(amount), std::string::npos) << d.message << " / expected " << amount;
}


// The right edge of the rightmost run whose text starts with `prefix` (on any page).
double right_of(const Document& doc, const std::string& prefix) {
  double right = 0;
  for (const auto& page : doc.pages)
    for (const auto& r : page.runs)
      if (r.run.text.rfind(prefix, 0) == 0) right = std::max(right, r.x + r.run.width());
  return right;
}

TEST_F(Paginate, MainParagraphsBelowTheLastAsideTakeTheWholeWidth) {
  compose::Composition c;
  compose::Row row;
  std::string authors;
  for (int i = 0; i < 30; ++i) authors += "Author" + std::to_string(i) + " Name, ";
  row.main = {paragraph("Paper title", 10, 14), paragraph(authors, 9, 12)};
  row.aside = {paragraph("2017", 9, 12)};
  row.aside[0].align = theme::Align::Right;
  row.aside_width = 100;
  compose::Block b;
  b.content = row;
  c.main().push_back(b);
  Document doc = run(c);
  const double column_right = theme_.page_width - theme_.margin_right;
  // The author list wraps to the column's right edge, not to the date column's left edge.
  double widest = 0;
  for (const auto& r : doc.pages[0].runs)
    if (r.run.text.find("Author") != std::string::npos) widest = std::max(widest, r.x + r.run.width());
  EXPECT_GT(widest, column_right - 100) << "the authors stopped at the date column";
  EXPECT_LE(widest, column_right + 0.5);
}

TEST_F(Paginate, AsideOnTheLeftPutsTheMainColumnAfterIt) {
  compose::Composition c;
  compose::Row row;
  row.aside_left = true;
  row.aside_width = 80;
  row.gap = 10;
  row.main = {paragraph("Position title", 10, 14)};
  row.aside = {paragraph("2020 – 2023", 9, 12)};
  compose::Block b;
  b.content = row;
  c.main().push_back(b);
  Document doc = run(c);
  const PlacedRun* title = find_run(doc, "Position");
  const PlacedRun* date = find_run(doc, "2020");
  ASSERT_TRUE(title && date);
  EXPECT_NEAR(date->x, theme_.margin_left, 0.5);
  EXPECT_NEAR(title->x, theme_.margin_left + 90, 0.5);
  EXPECT_NEAR(title->baseline, date->baseline, 1e-6);
}

// A title that wraps beside its date on the right is drawn whole, then the date, then the next
// paragraph: drawn level with the title's first line and before its second, the date was read
// between the title's lines by mupdf (which takes the gap before it for a line's end), by pdf.js
// and by the résumé parsers built on them. A date on the left is drawn before the whole title.
TEST_F(Paginate, AWrappedTitleIsDrawnWholeBeforeTheDateBesideIt) {
  const auto order_of = [&](bool aside_left) {
    compose::Composition c;
    compose::Row row;
    row.aside_left = aside_left;
    row.aside_width = 100;
    std::string title = "Title";
    for (int i = 0; i < 40; ++i) title += " word" + std::to_string(i);
    row.main = {paragraph(title, 10, 14), paragraph("Organisation", 10, 14)};
    row.aside = {paragraph("2020 \u2013 2023", 9, 12), paragraph("Seoul", 9, 12)};
    compose::Block b;
    b.content = row;
    c.main().push_back(b);
    Document doc = run(c);
    std::string order;
    for (const auto& r : doc.pages[0].runs) {
      const char kind = r.run.text.rfind("2020", 0) == 0 ? 'D'
                        : r.run.text.rfind("Seoul", 0) == 0 ? 'P'
                        : r.run.text.rfind("Organisation", 0) == 0 ? 'O'
                                                                 : 'T';
      if (order.empty() || order.back() != kind) order += kind;
    }
    return order;
  };
  EXPECT_EQ(order_of(false), "TDOP") << "the title, its date, the organisation, its place";
  EXPECT_EQ(order_of(true), "DTPO") << "the date, the title, the place, the organisation";
}

// A matrix (a section of one-line entries in two columns) sizes its columns to their cells,
// the same in each of its rows: a second column whose cells fit in less than half is as wide as
// its widest cell, which ends at the text's right edge; the first takes the rest.
TEST_F(Paginate, AMatrixSizesItsColumnsToTheirCells) {
  compose::Composition c;
  const double width = theme_.page_width - theme_.margin_left - theme_.margin_right;
  const double gap = 16;
  std::string long_cell = "Languages:";
  for (int i = 0; i < 30; ++i) long_cell += " lang" + std::to_string(i) + ",";
  const std::vector<std::pair<std::string, std::string>> cells = {{long_cell, "Tools: gdb"},
                                                                 {"Cloud: AWS", "Practices: code review"}};
  for (const auto& [first, second] : cells) {
    compose::Row row;
    row.main = {paragraph(first, 9, 12)};
    row.aside = {paragraph(second, 9, 12)};
    row.aside_width = (width - gap) / 2;
    row.aside_fixed = true;
    row.matrix = true;
    row.gap = gap;
    compose::Block b;
    b.content = row;
    c.main().push_back(b);
  }
  Document doc = run(c);
  const PlacedRun* tools = find_run(doc, "Tools:");
  const PlacedRun* practices = find_run(doc, "Practices:");
  ASSERT_TRUE(tools && practices);
  EXPECT_NEAR(tools->x, practices->x, 1e-6) << "the second column lines up in every row";
  const double least = 0.3 * (width - gap);
  const double column = std::max(practices->run.width(), least);
  EXPECT_NEAR(practices->x, theme_.margin_left + width - column, 0.5)
      << "the widest cell of the second column ends at the right edge";
  EXPECT_GT(right_of(doc, "Languages:"), theme_.margin_left + (width - gap) / 2 + 1)
      << "the first column takes the room the second leaves";
}

// A lead column (RenderCV's degree column) at the main column's left edge: the degree on the
// institution's baseline, read first on that line, then the institution, then the date; the
// highlight in the row (short rows) keeps clear of it; a degree wider than the column is said.
TEST_F(Paginate, ALeadColumnIsSetBesideTheMainOneAndReadFirst) {
  compose::Composition c;
  compose::Row row;
  row.aside_width = 100;
  row.gap = 10;
  row.lead_width = 30;
  row.main = {paragraph("Princeton University", 10, 14), paragraph("Thesis on search", 9, 12)};
  for (auto& p : row.main) p.indent_left = 40;  // the lead's 30 pt and its 10 pt gap
  row.main[1].marker = compose::Marker{{"\u2022", {}, "", {}}, 4};
  row.lead = {paragraph("PhD", 10, 14)};
  row.aside = {paragraph("Princeton, NJ", 9, 12), paragraph("2018 \u2013 2023", 9, 12)};
  for (auto& p : row.aside) p.align = theme::Align::Right;
  compose::Block b;
  b.content = row;
  c.main().push_back(b);
  Document doc = run(c);
  EXPECT_EQ(diags_.warning_count(), 0);
  const PlacedRun* degree = find_run(doc, "PhD");
  const PlacedRun* school = find_run(doc, "Princeton U");
  const PlacedRun* place = find_run(doc, "Princeton,");
  const PlacedRun* thesis = find_run(doc, "Thesis");
  ASSERT_TRUE(degree && school && place && thesis);
  EXPECT_NEAR(degree->x, theme_.margin_left, 0.5);
  EXPECT_NEAR(school->x, theme_.margin_left + 40, 0.5);
  EXPECT_NEAR(thesis->x, theme_.margin_left + 40, 0.5);
  EXPECT_NEAR(degree->baseline, school->baseline, 1e-6);
  // Drawing order is reading order: degree, institution, place, then the row's list.
  std::vector<std::string> order;
  for (const auto& r : doc.pages[0].runs)
    for (const char* word : {"PhD", "Princeton U", "Princeton,", "Thesis"})
      if (r.run.text.rfind(word, 0) == 0) order.push_back(word);
  EXPECT_EQ(order, (std::vector<std::string>{"PhD", "Princeton U", "Princeton,", "Thesis"}));

  compose::Composition wide;
  row.lead = {paragraph("Bachelor of Science", 10, 14)};
  row.lead[0].span = Span{"cv.yaml", 7, 17};
  b.content = row;
  wide.main().push_back(b);
  run(wide);
  ASSERT_EQ(diags_.warning_count(), 1) << "'Bachelor' is wider than 30 pt";
  EXPECT_NE(diags_.all().front().message.find("breaks inside the word"), std::string::npos);
  EXPECT_EQ(diags_.all().front().span.line, 7);
}

TEST_F(Paginate, TitleRulesRunFromTheTextToTheColumnEdges) {
  compose::Composition c;
  compose::Paragraph title = paragraph("Education", 12, 16);
  title.rules = compose::LineRules{compose::LineRules::Kind::After, 0.8, {0, 0, 0}, 6, 0};
  c.main().push_back(block(title));
  compose::Paragraph centred = paragraph("Awards", 12, 16);
  centred.align = theme::Align::Center;
  centred.rules = compose::LineRules{compose::LineRules::Kind::Around, 0.8, {0, 0, 0}, 6, 0};
  c.main().push_back(block(centred));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  const auto& rects = doc.pages[0].rects;
  ASSERT_EQ(rects.size(), 3u);
  const double left = theme_.margin_left, right = theme_.page_width - theme_.margin_right;
  EXPECT_NEAR(rects[0].x, right_of(doc, "Education") + 6, 0.01);
  EXPECT_NEAR(rects[0].x + rects[0].width, right, 0.01);
  const PlacedRun* awards = find_run(doc, "Awards");
  ASSERT_TRUE(awards);
  EXPECT_NEAR(rects[1].x, left, 0.01);
  EXPECT_NEAR(rects[1].x + rects[1].width, awards->x - 6, 0.01);
  EXPECT_NEAR(rects[2].x, right_of(doc, "Awards") + 6, 0.01);
  EXPECT_NEAR(rects[1].width, rects[2].width, 0.5) << "a centred title sits between equal rules";
  EXPECT_LT(rects[0].y, find_run(doc, "Education")->baseline) << "the rule is at the letters' middle";
}

TEST_F(Paginate, AMarkerIsDrawnBeforeItsLine) {
  compose::Composition c;
  compose::Paragraph item = paragraph("First highlight of the entry");
  item.indent_left = 12;
  item.marker = compose::Marker{{"\u2022", compose::FontSpec{}, "", {}}, 4};
  c.main().push_back(block(item));
  Document doc = run(c);
  ASSERT_GE(doc.pages[0].runs.size(), 2u);
  EXPECT_EQ(doc.pages[0].runs[0].run.text, "\u2022") << "reading order: the bullet, then its text";
}


namespace {

// A table of two columns, a period and `running` three times as wide, under a header row.
compose::Table period_table(const std::string& running) {
  compose::Table table;
  table.widths = {1, 3};
  table.shaded_columns = {false, false};
  table.header = {paragraph("Period"), paragraph(running)};
  return table;
}

}  // namespace

TEST_F(Paginate, ATableThatContinuesRepeatsItsHeaderRow) {
  compose::Composition c;
  compose::Table table = period_table("Company");
  for (int i = 0; i < 80; ++i) table.rows.push_back({{paragraph("20" + std::to_string(10 + i % 10))}, {paragraph("Row " + std::to_string(i))}});
  c.main().push_back(table_block(table));
  Document doc = run(c);
  ASSERT_GE(doc.pages.size(), 2u);
  for (size_t p = 0; p < doc.pages.size(); ++p) {
    int headers = 0;
    double header_y = 1e9, first_row_y = 1e9;
    for (const auto& r : doc.pages[p].runs) {
      if (r.run.text == "Period") {
        ++headers;
        header_y = r.baseline;
      }
      if (r.run.text.rfind("Row ", 0) == 0) first_row_y = std::min(first_row_y, r.baseline);
    }
    EXPECT_EQ(headers, 1) << "page " << p + 1;
    EXPECT_LT(header_y, first_row_y) << "the header row comes first on page " << p + 1;
    EXPECT_FALSE(doc.pages[p].backgrounds.empty()) << "the header row is shaded";
  }
  // Every row once, in order.
  int expected = 0;
  for (const auto& page : doc.pages)
    for (const auto& r : page.runs) {
      if (r.run.text.rfind("Row ", 0) == 0) {
        EXPECT_EQ(r.run.text, "Row " + std::to_string(expected++));
      }
    }
  EXPECT_EQ(expected, 80);
}

// A column's share is widened to hold its longest word (a cell never breaks inside one); the
// room comes from columns that have it, and a short text that fits its share keeps it.
TEST_F(Paginate, TableColumnsHoldTheirLongestWord) {
  compose::Composition c;
  compose::Table table;
  table.widths = {1, 2, 7};
  table.shaded_columns = {false, false, false};
  table.header = {paragraph("Company"), paragraph("Length"), paragraph("Responsibilities")};
  table.rows.push_back({{paragraph("Supercalifragilistic")}, {paragraph("4 years 6 months")},
                        {paragraph("Designed and ran the payment service for several years, with a team of four.")}});
  c.main().push_back(table_block(table));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  const PlacedRun* word = find_run(doc, "Supercalifragilistic");
  ASSERT_TRUE(word) << "the word is set whole, on one line";
  const PlacedRun* length = find_run(doc, "4 years");
  ASSERT_TRUE(length) << "the length is set beside the word";
  const PlacedRun* text = find_run(doc, "Designed");
  ASSERT_TRUE(text);
  EXPECT_GT(text->x, length->x + length->run.width());
  EXPECT_GT(length->x, word->x + word->run.width());
}

// Automatic table layout: when every column's widest line fits, each column gets it and the
// room left goes to the column of running text; a column of single words gets nothing more.
TEST(TableWidths, MaximaThatFitAreKeptAndTheSlackGoesToRunningText) {
  // A date range is the longest line, but the hints name the degree as the running text.
  const std::vector<double> widths = detail::share_table_width({40, 30, 20}, {160, 100, 20}, {2.4, 3, 1.4}, 400);
  ASSERT_EQ(widths.size(), 3u);
  EXPECT_NEAR(widths[0], 160, 1e-6) << "the date as wide as its range, no wider";
  EXPECT_NEAR(widths[2], 20, 1e-6) << "a single word needs no more than itself";
  EXPECT_NEAR(widths[1], 220, 1e-6) << "the running text takes the room left";
  // Without hints, the column of the longest line takes it.
  const std::vector<double> plain = detail::share_table_width({40, 30, 20}, {60, 200, 20}, {}, 400);
  EXPECT_NEAR(plain[0], 60, 1e-6);
  EXPECT_NEAR(plain[1], 320, 1e-6);
}

// When they do not fit, each column has its minimum and a share of the rest in proportion to
// what it lacks of its maximum; none is wider than its maximum while another wraps, and a short
// column (a company's name beside a page of duties) stays on one line.
TEST(TableWidths, TooWideColumnsShareByWhatTheyLack) {
  const std::vector<double> least{50, 40, 30, 60}, most{60, 90, 100, 1500};
  const std::vector<double> widths = detail::share_table_width(least, most, {1, 1, 1, 3}, 500);
  double total = 0;
  for (size_t i = 0; i < widths.size(); ++i) {
    total += widths[i];
    EXPECT_GE(widths[i], least[i] - 1e-6) << "column " << i;
    EXPECT_LE(widths[i], most[i] + 1e-6) << "column " << i;
  }
  EXPECT_NEAR(total, 500, 1e-6);
  EXPECT_NEAR(widths[0], 60, 1e-6);
  EXPECT_NEAR(widths[1], 90, 1e-6) << "a short column is set on one line";
  EXPECT_NEAR(widths[2], 100, 1e-6);
  EXPECT_NEAR(widths[3], 250, 1e-6) << "the running text takes the rest";
}

// A crowded table (short texts that cannot all take two lines): the running text keeps 30% of
// the width (its hinted share, when less), each short column what sets it on three lines, in
// proportion to what it lacks of that when the room is short, and none less than its minimum;
// a column whose few lines need no more than its minimum (a length of service) gets no more.
TEST(TableWidths, ACrowdedTableGivesShortColumnsAFewLinesBeforeTheRunningText) {
  const std::vector<double> least{62, 106, 64, 149, 93}, most{108, 280, 353, 1061, 127};
  const std::vector<double> few{62, 106, 136, 369, 93}, hints{2.3, 1.9, 1.9, 4.6, 1.3};
  const std::vector<double> tight = detail::share_table_width(least, most, hints, 505, few);
  double total = 0;
  for (size_t i = 0; i < tight.size(); ++i) {
    total += tight[i];
    EXPECT_GE(tight[i], least[i] - 1e-6) << "column " << i;
  }
  EXPECT_NEAR(total, 505, 1e-6);
  // Its hinted share (4.6 of 12: 38%) would leave the position less than its longest word:
  // every short column at its least, the running text what is left.
  EXPECT_NEAR(tight[2], 64, 1e-6) << "the position at its longest word";
  EXPECT_NEAR(tight[3], 505 - 62 - 106 - 64 - 93, 1e-6) << "the running text takes what is left";
  EXPECT_NEAR(tight[4], 93, 1e-6) << "the length no more than it needs";
  const std::vector<double> some = detail::share_table_width(least, most, hints, 560, few);
  EXPECT_NEAR(some[3], 560 * 4.6 / 12, 1e-6) << "the running text keeps its hinted share (under 40%)";
  EXPECT_NEAR(some[2], 560 - 62 - 106 - 93 - 560 * 4.6 / 12, 1e-6) << "the position takes what is left";
  EXPECT_NEAR(some[4], 93, 1e-6) << "the length no more than it needs";
  const std::vector<double> roomy = detail::share_table_width(least, most, hints, 700, few);
  EXPECT_NEAR(roomy[2], 136, 1e-6) << "the position on three lines";
  EXPECT_NEAR(roomy[4], 93, 1e-6) << "the length no more than it needs";
  EXPECT_NEAR(roomy[3], 700 - 62 - 106 - 136 - 93, 1e-6) << "the running text takes the rest";
}

// Minima that do not fit (a publication's address in its title column): the widest give way
// and the narrow keep theirs, a date whole beside them (shrunk in proportion, "Aug 2024" ran
// 4 pt over its column's rule).
TEST(TableWidths, MinimaThatDoNotFitShrinkTheWidestFirst) {
  const std::vector<double> widths = detail::share_table_width({53, 349, 149}, {53, 500, 295}, {1.6, 5.6, 2.8}, 504);
  EXPECT_NEAR(widths[0], 53, 1e-6) << "the date keeps its width";
  EXPECT_NEAR(widths[2], 149, 1e-6) << "so does the venue's longest word";
  EXPECT_NEAR(widths[1], 504 - 53 - 149, 1e-6) << "the address's column gives way";
  const std::vector<double> even = detail::share_table_width({100, 300}, {200, 400}, {}, 200);
  EXPECT_NEAR(even[0], 100, 1e-6);
  EXPECT_NEAR(even[1], 100, 1e-6) << "down to one width for the widest, no narrower than the others";
  const std::vector<double> both = detail::share_table_width({300, 300, 40}, {300, 300, 40}, {}, 400);
  EXPECT_NEAR(both[2], 40, 1e-6);
  EXPECT_NEAR(both[0], 180, 1e-6);
  EXPECT_NEAR(both[1], 180, 1e-6);
}

namespace {

// The baselines of the runs that start with any of `words`, in a document.
std::vector<double> baselines_of(const Document& doc, const std::vector<std::string>& words) {
  std::vector<double> out;
  for (const auto& page : doc.pages)
    for (const auto& r : page.runs)
      for (const std::string& word : words)
        if (r.run.text.rfind(word, 0) == 0) out.push_back(r.baseline);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end(), [](double a, double b) { return std::abs(a - b) < 0.1; }), out.end());
  return out;
}

}  // namespace

// The layout's widths are hints: a company's name beside a page of duties is set on one line
// (it was "Typeset / AG / (Zürich)" in a 17 mm column beside a wide Length column), and the
// Length column is no wider than its text needs.
TEST_F(Paginate, TableColumnsTakeTheirWidthsFromTheirContent) {
  compose::Composition c;
  compose::Table table;
  table.widths = {2.3, 1.9, 1.9, 4.6, 1.3};  // ko-standard's: Length was 17 mm, Company too
  table.shaded_columns.assign(5, false);
  table.header = {paragraph("Period"), paragraph("Company"), paragraph("Position"), paragraph("Responsibilities"),
                  paragraph("Length")};
  compose::Paragraph duties = paragraph(
      "Built the typesetting engine that sets every invoice the company sends, and its test suite.\n"
      "· Designed the line breaker and the page builder, and cut the time a page takes by half.\n"
      "· Led a team of four engineers through three releases of the product for large customers.");
  table.rows.push_back({{paragraph("Mar 2019 – present")}, {paragraph("Typeset AG (Zürich)")},
                        {paragraph("Senior Engineer")}, {duties}, {paragraph("5 years")}});
  c.main().push_back(table_block(table));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  EXPECT_LE(baselines_of(doc, {"Typeset", "AG", "(Z"}).size(), 2u) << "the company's name on two lines at most";
  EXPECT_EQ(baselines_of(doc, {"Typeset", "AG"}).size(), 1u) << "\"Typeset AG\" is not broken";
  const PlacedRun* length = find_run(doc, "5 years");
  const PlacedRun* built = find_run(doc, "Built");
  ASSERT_TRUE(length && built);
  const double right = theme_.page_width - theme_.margin_right;
  EXPECT_LT(right - length->x, 60) << "the Length column holds its text and little more";
  EXPECT_GT(length->x - built->x, 150) << "the duties take the room";
}

// A table that runs on to the next page leaves two rows at least on each side of the break.
TEST_F(Paginate, ATableNeverLeavesOneRowAloneOnAPage) {
  for (int filler = 0; filler < 60; ++filler) {
    compose::Composition c;
    add_filler(c, filler);
    compose::Table table = period_table("Company");
    for (int i = 0; i < 6; ++i)
      table.rows.push_back({{paragraph("2010")}, {paragraph("Row " + std::to_string(i) + "\nsecond line\nthird line")}});
    c.main().push_back(table_block(table));
    Document doc = run(c);
    for (const auto& page : doc.pages) {
      int rows = 0;
      for (const auto& r : page.runs) rows += r.run.text.rfind("Row ", 0) == 0;
      EXPECT_TRUE(rows == 0 || rows >= 2) << filler << " fillers: a page holds " << rows << " row";
    }
  }
}

namespace {

// `lines` lines of one cell, "Duty 0" to "Duty N", each ended by a forced break.
compose::Paragraph duties(int lines) {
  std::string text;
  for (int i = 0; i < lines; ++i) text += (i ? "\n" : "") + std::string("Duty ") + std::to_string(i);
  return paragraph(text);
}

// A table of a period, a company and duties: a row of `company` with 60 lines of duties that
// must go on across a page, its period read once (tagged), then a short row after it.
compose::Table row_across_a_page(const compose::Paragraph& company) {
  compose::Table table;
  table.widths = {1, 1, 3};
  table.shaded_columns = {false, false, false};
  table.header = {paragraph("Period"), paragraph("Company"), paragraph("Duties")};
  compose::Paragraph period = paragraph("2010");
  period.tag = 7;
  table.rows.push_back({{period}, {company}, {duties(60)}});
  table.rows.push_back({{paragraph("2012")}, {paragraph("Other")}, {paragraph("After")}});
  return table;
}

// The pages on which each run starting with `prefix` stands, in reading order, with the
// numbers that follow the prefix.
std::vector<std::pair<int, int>> numbered_runs(const Document& doc, const std::string& prefix) {
  std::vector<std::pair<int, int>> out;
  for (size_t p = 0; p < doc.pages.size(); ++p)
    for (const auto& r : doc.pages[p].runs)
      if (r.run.text.rfind(prefix, 0) == 0) out.emplace_back(static_cast<int>(p), std::stoi(r.run.text.substr(prefix.size())));
  return out;
}

}  // namespace

// A row taller than a third of the page begins where it stands and goes on across the page
// break between two of its lines, under the table's header again: the page it begins on is
// not left two-thirds empty. Two lines of it at least on each side; every line once, in order,
// inside the margins.
TEST_F(Paginate, ATallTableRowGoesOnAcrossAPageBreak) {
  for (int filler : {8, 20, 30}) {
    compose::Composition c;
    add_filler(c, filler);
    compose::Table table = period_table("Duties");
    table.rows.push_back({{paragraph("2010")}, {duties(60)}});
    table.rows.push_back({{paragraph("2012")}, {paragraph("After")}});
    c.main().push_back(table_block(table));
    diags_ = {};
    Document doc = run(c);
    ASSERT_GE(doc.pages.size(), 2u);
    const auto lines = numbered_runs(doc, "Duty ");
    ASSERT_EQ(lines.size(), 60u);
    std::map<int, int> per_page;
    for (size_t i = 0; i < lines.size(); ++i) {
      EXPECT_EQ(lines[i].second, static_cast<int>(i)) << "in order";
      ++per_page[lines[i].first];
    }
    EXPECT_EQ(lines.front().first, 0) << filler << " fillers: the row begins on the first page";
    for (const auto& [page, count] : per_page) EXPECT_GE(count, 2) << filler << " fillers, page " << page + 1;
    const double bottom = theme_.page_height - theme_.margin_bottom;
    for (size_t p = 0; p < doc.pages.size(); ++p) {
      int headers = 0;
      for (const auto& r : doc.pages[p].runs) {
        headers += r.run.text == "Period";
        if (r.run.text.rfind("Duty", 0) == 0) {
          EXPECT_LE(r.baseline, bottom) << "page " << p + 1;
        }
      }
      EXPECT_EQ(headers, 1) << filler << " fillers: the header row above the row's part on page " << p + 1;
      for (const auto& rect : doc.pages[p].rects) EXPECT_LE(rect.y + rect.height, bottom + 1e-6) << "page " << p + 1;
    }
    EXPECT_EQ(diags_.warning_count(), 0) << filler << " fillers: nothing runs past the margin";
  }
}

// A row that goes on across a page names itself again where it goes on: its period and
// company (the cells left of its running text) stand beside the first line of its part on the
// next page, level with it, as page furniture (read once, where the row begins); a page never
// begins the row while those cells still have lines to give, which would leave a company's
// last line alone at the top of a page.
TEST_F(Paginate, ARowThatGoesOnAcrossAPageNamesItselfAgain) {
  for (int filler : {8, 20, 30}) {
    compose::Composition c;
    add_filler(c, filler);
    compose::Paragraph company = paragraph("Acme\nWorks\nLtd");
    company.tag = 8;
    c.main().push_back(table_block(row_across_a_page(company)));
    Document doc = run(c);
    ASSERT_GE(doc.pages.size(), 2u);
    int read = 0;
    for (size_t p = 0; p < doc.pages.size(); ++p) {
      double first_duty = std::numeric_limits<double>::infinity(), period_at = -1, works_at = -1;
      for (const auto& r : doc.pages[p].runs) {
        if (r.run.text.rfind("Duty", 0) == 0) first_duty = std::min(first_duty, r.baseline);
        if (r.run.text == "2010") {
          period_at = r.baseline;
          read += r.tag >= 0;
        }
        if (r.run.text.rfind("Works", 0) == 0) works_at = r.baseline;
        if (r.run.text == "Ltd" && p > 0) {
          EXPECT_GE(works_at, 0) << "page " << p + 1 << ": the company whole";
        }
      }
      if (first_duty == std::numeric_limits<double>::infinity()) continue;
      EXPECT_NEAR(period_at, first_duty, 1e-6) << filler << " fillers: the period beside the row's first line on page "
                                                << p + 1;
      EXPECT_GT(works_at, period_at) << filler << " fillers: the company beside it on page " << p + 1;
    }
    EXPECT_EQ(read, 1) << filler << " fillers: the period is read once";
  }
}

// Where a split row's cells are drawn again beside its rest on the next page, the word for
// continued stands under its first cell (Table::continued_mark): the row drawn again unmarked
// read as a second job. Not on the page where the row begins; drawn as page furniture.
TEST_F(Paginate, ARowDrawnAgainOverleafIsMarkedContinued) {
  int marked = 0;
  for (int filler : {8, 20, 30}) {
    compose::Composition c;
    add_filler(c, filler);
    compose::Table table = row_across_a_page(paragraph("Acme"));
    table.continued_mark = paragraph("(cont.)");
    c.main().push_back(table_block(table));
    Document doc = run(c);
    ASSERT_GE(doc.pages.size(), 2u);
    for (size_t p = 0; p < doc.pages.size(); ++p) {
      double period_at = -1, mark_at = -1;
      for (const auto& r : doc.pages[p].runs) {
        if (r.run.text == "2010") period_at = r.baseline;
        if (r.run.text == "(cont.)") {
          mark_at = r.baseline;
          EXPECT_LT(r.tag, 0) << "page furniture";
        }
      }
      if (p == 0) {
        EXPECT_LT(mark_at, 0) << filler << " fillers: no mark where the row begins";
        continue;
      }
      if (period_at < 0) continue;
      if (mark_at >= 0) {
        ++marked;
        EXPECT_GT(mark_at, period_at) << filler << " fillers: under the period, page " << p + 1;
      }
    }
  }
  EXPECT_GT(marked, 0) << "the row's cells drawn again somewhere, and marked";
}

// A row's details (Table::below: an English form's duties) run across the whole table under
// the row: from the table's left edge, wider than any of its columns.
TEST_F(Paginate, ARowsDetailsRunAcrossTheTableUnderIt) {
  compose::Composition c;
  compose::Table table = period_table("Company");
  table.rows.push_back({{paragraph("2010")}, {paragraph("Acme")}});
  table.below.push_back({paragraph("Built the payment service and ran it in production across three regions")});
  c.main().push_back(table_block(table));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  const PlacedRun* period = find_run(doc, "2010");
  const PlacedRun* company = find_run(doc, "Acme");
  const PlacedRun* details = find_run(doc, "Built");
  ASSERT_TRUE(period && company && details);
  EXPECT_NEAR(details->x, period->x, 1e-6) << "under the row, from the table's left edge";
  EXPECT_GT(details->baseline, period->baseline + 10) << "below the row";
  EXPECT_GT(details->x + details->run.width(), company->x + 50) << "across the columns, on one line";
  EXPECT_EQ(diags_.warning_count(), 0);
}

// A page never ends between a row and its details, and details that go on overleaf stand
// under the header row and a line naming their row as continued (Table::below_continued),
// drawn as page furniture: each row is read once, and no page starts with duties of no job.
TEST_F(Paginate, ARowsDetailsOverleafStandUnderTheirRowNamed) {
  for (int filler : {5, 11, 17, 23, 29}) {
    compose::Composition c;
    add_filler(c, filler);
    compose::Table table = period_table("Company");
    for (int r = 0; r < 6; ++r) {
      compose::Paragraph period = paragraph(std::to_string(2010 + r));
      period.tag = 100 + r;
      table.rows.push_back({{period}, {paragraph("Co" + std::to_string(r))}});
      std::string text;
      for (int i = 0; i < 16; ++i) text += (i ? "\n" : "") + std::string("Duty ") + std::to_string(r * 100 + i);
      table.below.push_back({paragraph(text)});
      table.below_continued.push_back(paragraph("Co" + std::to_string(r) + " (cont.)"));
    }
    c.main().push_back(table_block(table));
    Document doc = run(c);
    ASSERT_GE(doc.pages.size(), 2u);
    const auto lines = numbered_runs(doc, "Duty ");
    ASSERT_EQ(lines.size(), 96u);
    int read = 0, continued = 0;
    for (size_t p = 0; p < doc.pages.size(); ++p) {
      std::map<int, double> named;  // row -> where its company or its continued line stands on this page
      std::set<int> periods;        // rows whose period is on this page
      std::set<int> with_details;   // rows with a line of details on this page
      for (const auto& r : doc.pages[p].runs) {
        if (r.run.text.size() == 4 && r.run.text.rfind("201", 0) == 0) {
          periods.insert(r.run.text[3] - '0');
          read += r.tag >= 0;
        }
        if (r.run.text.rfind("Co", 0) == 0 && r.run.text.size() >= 3) {
          named[r.run.text[2] - '0'] = r.baseline;
          if (r.run.text.find("(cont.)") != std::string::npos) {
            ++continued;
            EXPECT_LT(r.tag, 0) << "the continued line is page furniture";
          }
        }
      }
      for (const auto& r : doc.pages[p].runs) {
        if (r.run.text.rfind("Duty ", 0) != 0) continue;
        const int row = std::stoi(r.run.text.substr(5)) / 100;
        with_details.insert(row);
        ASSERT_TRUE(named.count(row)) << filler << " fillers: " << r.run.text << " without its row on page " << p + 1;
        EXPECT_LT(named[row], r.baseline) << "its row above it";
      }
      if (!periods.empty()) {
        EXPECT_TRUE(with_details.count(*periods.rbegin()))
            << filler << " fillers: page " << p + 1 << " ends with a row without its details";
      }
    }
    EXPECT_EQ(read, 6) << filler << " fillers: each row read once";
    EXPECT_GT(continued, 0) << filler << " fillers: some details go on overleaf";
  }
}

// A row of a few lines (five at most) is read as one thing: it moves whole to the next page.
TEST_F(Paginate, AShortTableRowIsNeverSplit) {
  for (int filler = 0; filler < 60; filler += 3) {
    compose::Composition c;
    add_filler(c, filler);
    compose::Table table = period_table("Duties");
    for (int row = 0; row < 12; ++row) table.rows.push_back({{paragraph("2010")}, {duties(5)}});
    c.main().push_back(table_block(table));
    Document doc = run(c);
    const auto lines = numbered_runs(doc, "Duty ");
    ASSERT_EQ(lines.size(), 60u);
    for (size_t row = 0; row < 12; ++row)
      for (size_t i = 1; i < 5; ++i)
        EXPECT_EQ(lines[row * 5 + i].first, lines[row * 5].first) << filler << " fillers: row " << row << " whole";
  }
}

// A row of twelve lines (well under a third of the page) goes on across the page break where
// it stands, as a form does, rather than move whole and leave the foot of the page empty: the
// page it begins on is filled to within the two lines it keeps together and the row's padding.
TEST_F(Paginate, ATableRowOfManyLinesSplitsWhereThePageEnds) {
  for (int filler = 6; filler < 48; filler += 3) {
    compose::Composition c;
    add_filler(c, filler);
    compose::Table table = period_table("Duties");
    for (int row = 0; row < 4; ++row) table.rows.push_back({{paragraph("2010")}, {duties(12)}});
    c.main().push_back(table_block(table));
    Document doc = run(c, {.balance_last_page = false});
    ASSERT_GE(doc.pages.size(), 2u);
    EXPECT_GT(doc.pages[0].content_height, flow_height(theme_) - 4 * 14 - 2 * table.padding)
        << filler << " fillers: the first page is not left with room for more lines of the row";
    EXPECT_EQ(numbered_runs(doc, "Duty ").size(), 48u) << "every line once";
  }
}

// A table's first row of many lines is not split while it fits whole where it stands: it may
// stand alone under the header at a page's foot (a paragraph's worth, not a stray line), so
// the page ends after it rather than inside it, whatever follows cannot fit there.
TEST_F(Paginate, AFirstRowOfManyLinesIsSplitOnlyWhenItCannotFit) {
  int fitted_whole = 0;
  for (int filler = 0; filler < 60; ++filler) {
    compose::Composition c;
    add_filler(c, filler);
    compose::Table table = period_table("Duties");
    table.rows.push_back({{paragraph("2010")}, {duties(8)}});
    table.rows.push_back({{paragraph("2012")}, {paragraph("Later 0\nLater 1\nLater 2\nLater 3\nLater 4\nLater 5\nLater 6\nLater 7")}});
    c.main().push_back(table_block(table));
    Document doc = run(c, {.balance_last_page = false});
    const auto lines = numbered_runs(doc, "Duty ");
    ASSERT_EQ(lines.size(), 8u);
    if (lines.front().first == lines.back().first) {
      fitted_whole += lines.front().first == 0 && numbered_runs(doc, "Later ").front().first == 1;
      continue;
    }
    // Split: the lines carried over could not have stood on the page it begins on.
    const int page = lines.front().first;
    double first = 0, second = 0;
    int carried = 0;
    for (const auto& r : doc.pages[page].runs)
      if (r.run.text.rfind("Duty 0", 0) == 0) first = r.baseline;
      else if (r.run.text.rfind("Duty 1", 0) == 0) second = r.baseline;
    for (const auto& [on, number] : lines) carried += on != page;
    EXPECT_GT(doc.pages[page].content_height + carried * (second - first), flow_height(theme_))
        << filler << " fillers: the row is split although its " << carried << " last lines fit on page " << page + 1;
  }
  EXPECT_GT(fitted_whole, 0) << "some fillers leave room for the first row whole and not the second";
}

// A row of duties set as bullets (a paragraph each) splits between two bullets, not inside
// one: a page ends in a bullet only past its first three lines (its start would leave more of
// the page empty), and keeps two of its lines on each side, as a paragraph does.
TEST_F(Paginate, ARowOfBulletsSplitsBetweenThem) {
  const std::vector<int> bullets = {3, 2, 3, 8, 3, 2, 3, 3};
  std::vector<std::pair<int, int>> bullet_of;  // per line: its bullet's size, and its place in it (from 1)
  compose::Cell cell;
  for (int size : bullets) {
    std::string text;
    for (int i = 0; i < size; ++i) {
      text += (i ? "\n" : "") + std::string("Duty ") + std::to_string(bullet_of.size());
      bullet_of.emplace_back(size, i + 1);
    }
    cell.push_back(paragraph(text));
  }
  int between = 0, inside = 0;
  for (int filler = 0; filler < 60; ++filler) {
    compose::Composition c;
    add_filler(c, filler);
    compose::Table table = period_table("Duties");
    table.rows.push_back({{paragraph("2010")}, cell});
    table.rows.push_back({{paragraph("2012")}, {paragraph("After")}});
    c.main().push_back(table_block(table));
    Document doc = run(c, {.balance_last_page = false});
    const auto lines = numbered_runs(doc, "Duty ");
    ASSERT_EQ(lines.size(), bullet_of.size()) << "every line once";
    for (size_t k = 1; k < lines.size(); ++k) {
      if (lines[k].first == lines[k - 1].first) continue;
      const auto [size, above] = bullet_of[k - 1];
      if (above == size) {
        ++between;
        continue;
      }
      ++inside;
      EXPECT_GT(above, 3) << filler << " fillers: the page ends " << above << " lines into a bullet of " << size;
      EXPECT_GE(size - above, 2) << filler << " fillers: one line of a bullet alone on the next page";
    }
  }
  EXPECT_GT(between, 0) << "some pages end inside the row, between bullets";
  EXPECT_GT(inside, 0) << "a page ends inside the long bullet where its start would leave too much empty";
}

// A split row goes on beside its identifying cells again (period, company, position); where
// the company and position are taller than what goes on, the period alone names the row there,
// and the page may end nearer the foot: the whole identity again held the continuation to as
// many lines as the company's and left them empty at the foot of the page before.
TEST_F(Paginate, ASplitRowWithATallCompanyGoesOnBesideItsPeriodAlone) {
  std::string company;
  for (int i = 0; i < 10; ++i) company += (i ? "\n" : "") + std::string("Co ") + std::to_string(i);
  int short_continuations = 0;
  for (int filler = 0; filler < 50; ++filler) {
    compose::Composition c;
    add_filler(c, filler);
    compose::Table table;
    table.widths = {1, 1, 3};
    table.shaded_columns = {false, false, false};
    table.header = {paragraph("Period"), paragraph("Company"), paragraph("Duties")};
    table.rows.push_back({{paragraph("2010")}, {paragraph(company)}, {duties(30)}});
    c.main().push_back(table_block(table));
    Document doc = run(c, {.balance_last_page = false});
    const auto lines = numbered_runs(doc, "Duty ");
    ASSERT_EQ(lines.size(), 30u);
    const int last_page = lines.back().first;
    if (lines.front().first == last_page) continue;  // the row not split
    int after = 0;
    for (const auto& [page, n] : lines) after += page == last_page;
    const auto companies = numbered_runs(doc, "Co ");
    const bool company_again = companies.size() > 10;
    int periods = 0;
    for (const auto& r : doc.pages[static_cast<size_t>(last_page)].runs) periods += r.run.text == "2010";
    EXPECT_EQ(periods, 1) << filler << " fillers: the period names the row where it goes on";
    if (after < 10) {
      ++short_continuations;
      EXPECT_FALSE(company_again) << filler << " fillers: ten lines of company beside " << after << " of duties";
    }
  }
  EXPECT_GT(short_continuations, 0) << "a page ends fewer than ten lines before the row's end";
}

// Dates kept whole (unbreakable pieces) in a crowded table: every column at least as wide as
// what its cells cannot break, so no line runs past its cell.
TEST_F(Paginate, CrowdedTableColumnsHoldTheirDatesWhole) {
  compose::Composition c;
  compose::Table table;
  table.widths = {2.3, 1.9, 1.9, 4.6, 1.3};
  table.shaded_columns.assign(5, false);
  table.header = {paragraph("Period"), paragraph("Company"), paragraph("Position"), paragraph("Responsibilities"),
                  paragraph("Length")};
  const compose::FontSpec font = paragraph("x").inlines.front().font;
  compose::Paragraph dates = paragraph("");
  dates.inlines = {{"Sept 2018 \u2013 ", font, "", {}, true}, {"present", font, "", {}, true}};
  compose::Paragraph length = paragraph("");
  length.inlines = {{"4\u00A0years ", font, "", {}, true}, {"8\u00A0months", font, "", {}, true}};
  table.rows.push_back({{dates}, {paragraph("Azure Hardware Architecture Group (Redmond, WA)")},
                        {paragraph("Software Engineer - Azure Hardware Architecture (AHA), AI Frameworks")},
                        {duties(20)}, {length}});
  c.main().push_back(table_block(table));
  Document doc = run(c);
  EXPECT_EQ(diags_.warning_count(), 0) << "no line overflows its cell";
  for (const auto& page : doc.pages)
    for (const auto& r : page.runs) {
      if (r.run.text.find("Sept") != std::string::npos) {
        EXPECT_NE(r.run.text.find("2018"), std::string::npos) << "a date is never broken: " << r.run.text;
      }
    }
  // The position, a short text, takes a few lines, not one word a line.
  std::set<double> position_lines;
  const PlacedRun* first = find_run(doc, "Software");
  ASSERT_TRUE(first);
  for (const auto& r : doc.pages[0].runs)
    if (std::abs(r.x - first->x) < 0.5) position_lines.insert(r.baseline);
  EXPECT_LE(position_lines.size(), 4u);
}

TEST_F(Paginate, ASideColumnIsSetBesideTheMainFlowAndDrawnFirst) {
  add_side_region(theme_, 10);
  compose::Composition c;
  c.main().push_back(block(paragraph("Main text")));
  c.flows["side"].push_back(block(paragraph("Side text")));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  const PlacedRun* main = find_run(doc, "Main");
  const PlacedRun* side = find_run(doc, "Side");
  ASSERT_TRUE(main && side);
  EXPECT_NEAR(side->x, theme_.margin_left, 0.5);
  EXPECT_NEAR(main->x, theme_.margin_left + 170, 0.5);
  EXPECT_NEAR(main->baseline, side->baseline, 1e-6) << "both columns start at the top";
  EXPECT_EQ(doc.pages[0].runs.front().run.text.rfind("Side", 0), 0u) << "the side column is read first";
  ASSERT_EQ(doc.pages[0].backgrounds.size(), 1u);
  EXPECT_EQ(doc.pages[0].backgrounds[0].x, 0) << "the tint runs to the page's edge";
  EXPECT_NEAR(doc.pages[0].backgrounds[0].width, theme_.margin_left + 150, 1e-6);
}


namespace {

// Two columns of half the width each: `main` on the left takes the flow and continues in
// `second` on the right (compact's grid), under an optional header region.
void add_two_columns(theme::Theme& theme) {
  theme.regions.clear();
  theme::Region main;
  main.name = "main";
  main.dock = theme::RegionDock::Left;
  main.share = 0.5;
  main.gap = 20;
  main.takes = {"rest"};
  main.overflow = "second";
  theme::Region second;
  second.name = "second";
  second.dock = theme::RegionDock::Fill;
  theme.regions = {main, second};
}

}  // namespace

// A flow that fills its column continues at the top of the next one on the same page, and
// on its last page both columns end level (within a line) instead of the first full and the
// second short.
TEST_F(Paginate, AColumnThatIsFullContinuesInTheNextAndTheLastPageBalances) {
  add_two_columns(theme_);
  const double column_width = (theme_.page_width - theme_.margin_left - theme_.margin_right - 20) / 2;
  compose::Composition c;
  const int lines = static_cast<int>(flow_height(theme_) / 14 * 1.3);  // 1.3 columns' worth
  for (int i = 0; i < lines; ++i) c.main().push_back(block(paragraph("Line " + std::to_string(i))));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  double left_bottom = 0, right_bottom = 0;
  int left = 0, right = 0;
  for (const PlacedRun& r : doc.pages[0].runs) {
    if (r.run.text.rfind("Line", 0) != 0) continue;
    const bool in_right = r.x > theme_.margin_left + column_width + 10;
    (in_right ? right : left) += 1;
    double& bottom = in_right ? right_bottom : left_bottom;
    bottom = std::max(bottom, r.baseline);
  }
  EXPECT_EQ(left + right, lines);
  EXPECT_GT(right, 0) << "the flow continues in the second column";
  EXPECT_NEAR(left_bottom, right_bottom, 14.5) << "the columns of the last page end level";
  EXPECT_LT(left_bottom, theme_.page_height - theme_.margin_bottom - 3 * 14) << "balanced, not filled";
  // The first column is read whole before the second.
  int changes = 0;
  bool was_right = false;
  for (const PlacedRun& r : doc.pages[0].runs) {
    if (r.run.text.rfind("Line", 0) != 0) continue;
    const bool in_right = r.x > theme_.margin_left + column_width + 10;
    changes += in_right != was_right;
    was_right = in_right;
  }
  EXPECT_EQ(changes, 1);
}

// More than two columns' worth: the first page's columns are full, the rest continues in the
// first column of the next page.
TEST_F(Paginate, TwoColumnsFillThePageBeforeTheNextOne) {
  add_two_columns(theme_);
  compose::Composition c;
  const int per_column = static_cast<int>(flow_height(theme_) / 14);
  for (int i = 0; i < 2 * per_column + 3; ++i) c.main().push_back(block(paragraph("Line " + std::to_string(i))));
  Document doc = run(c, Options{false});
  ASSERT_EQ(doc.pages.size(), 2u);
  EXPECT_EQ(page_of(doc, "Line " + std::to_string(2 * per_column - 1)), 0);
  EXPECT_EQ(page_of(doc, "Line " + std::to_string(2 * per_column + 2)), 1);
}

// A top region is as tall as its content: the columns docked after it start below it and its
// gap. With a background (a band) it holds its content `padding` below the paper's top edge,
// whatever the top margin, and its background reaches `padding` below the content: the
// content stands in the band's middle. The next page starts at its top margin.
TEST_F(Paginate, ATopRegionPushesTheColumnsDownAndCarriesItsBackground) {
  theme::Region header;
  header.name = "header";
  header.dock = theme::RegionDock::Top;
  header.pages = theme::RegionPages::First;
  header.gap = 12;
  header.padding = 10;
  header.background = {0.2, 0.3, 0.4};
  header.takes = {"header"};
  theme_.regions.insert(theme_.regions.begin(), header);
  compose::Composition c;
  c.flows["header"].push_back(block(paragraph("Name")));
  const int lines = static_cast<int>(flow_height(theme_) / 14) + 3;
  for (int i = 0; i < lines; ++i) c.main().push_back(block(paragraph("Line " + std::to_string(i))));
  Document doc = run(c, Options{false});
  ASSERT_EQ(doc.pages.size(), 2u);
  const PlacedRun* name = find_run(doc, "Name");
  const PlacedRun* first = find_run(doc, "Line 0");
  ASSERT_TRUE(name && first);
  EXPECT_NEAR(first->baseline - name->baseline, 14 + 10 + 12, 0.5) << "one line, the padding and the gap";
  ASSERT_EQ(doc.pages[0].backgrounds.size(), 1u);
  const doc::FilledRect& band = doc.pages[0].backgrounds[0];
  EXPECT_EQ(band.x, 0);
  EXPECT_EQ(band.y, 0);
  EXPECT_NEAR(band.width, theme_.page_width, 1e-9);
  EXPECT_NEAR(band.height, 10 + 14 + 10, 0.5) << "the padding above and below one line";
  ASSERT_NE(theme_.margin_top, 10.0) << "the band's own padding, not the margin, must show";
  EXPECT_TRUE(doc.pages[1].backgrounds.empty()) << "a first-page region is on the first page only";
  double next_page_first = 1e9;
  for (const PlacedRun& r : doc.pages[1].runs)
    if (r.run.text.rfind("Line ", 0) == 0) next_page_first = std::min(next_page_first, r.baseline);
  ASSERT_LT(next_page_first, 1e9);
  EXPECT_NEAR(name->baseline - 10, next_page_first - theme_.margin_top, 0.5)
      << "the name the padding below the paper's top, as a line on a page without the band is the top margin";
}

// A tinted column is drawn only on pages where it holds something, and there it runs the
// page's full height (a panel, not a card that stops where its text does). On a page where
// it has nothing left it is not there: the main flow takes its room, set to that width.
TEST_F(Paginate, AColumnsBackgroundIsDrawnOnlyWhereItHasContent) {
  add_side_region(theme_, 10);
  compose::Composition c;
  const int lines = static_cast<int>(flow_height(theme_) / 14) + 5;
  for (int i = 0; i < lines; ++i) c.main().push_back(block(paragraph("Line " + std::to_string(i))));
  c.flows["side"].push_back(block(paragraph("Side text")));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  ASSERT_EQ(doc.pages[0].backgrounds.size(), 1u);
  const doc::FilledRect& tint = doc.pages[0].backgrounds[0];
  EXPECT_EQ(tint.y, 0) << "from the paper's top";
  EXPECT_NEAR(tint.y + tint.height, theme_.page_height, 1e-9) << "to the paper's foot, far below its one line";
  EXPECT_TRUE(doc.pages[1].backgrounds.empty());
  EXPECT_NEAR(find_run(doc, "Line 0")->x, theme_.margin_left + 170, 0.5) << "beside the column on page 1";
  EXPECT_NEAR(find_run(doc, "Line " + std::to_string(lines - 1))->x, theme_.margin_left, 0.5)
      << "the whole width on page 2, where the column has nothing left";
}

// A main flow that goes on at the full width does so from the start of a block: a paragraph
// is set at one width, and the page before the change ends between blocks.
TEST_F(Paginate, AFlowTakesTheFreedWidthFromTheStartOfABlock) {
  add_side_region(theme_, 10);
  const int lines_per_paragraph = 6;
  const int paragraphs = static_cast<int>(flow_height(theme_) / 14 / lines_per_paragraph) + 3;
  // A short paragraph first, of each length: one of them puts a page break inside a paragraph.
  for (int lead = 1; lead <= lines_per_paragraph; ++lead) {
    compose::Composition c;
    std::string short_text = "lead";
    for (int k = 1; k < lead; ++k) short_text += "\nlead";
    c.main().push_back(block(paragraph(short_text)));
    for (int i = 0; i < paragraphs; ++i) {
      std::string text;
      for (int k = 0; k < lines_per_paragraph; ++k)
        text += (k ? "\n" : "") + std::string("P") + std::to_string(i) + "L" + std::to_string(k);
      c.main().push_back(block(paragraph(text)));
    }
    c.flows["side"].push_back(block(paragraph("Side text")));
    Document doc = run(c, Options{false});
    ASSERT_GE(doc.pages.size(), 2u);
    for (int i = 0; i < paragraphs; ++i) {
      const PlacedRun* first = find_run(doc, "P" + std::to_string(i) + "L0");
      ASSERT_TRUE(first);
      for (int k = 1; k < lines_per_paragraph; ++k) {
        const PlacedRun* line = find_run(doc, "P" + std::to_string(i) + "L" + std::to_string(k));
        ASSERT_TRUE(line);
        EXPECT_NEAR(line->x, first->x, 0.5) << "paragraph " << i << " is set at one width (lead " << lead << ")";
      }
    }
    EXPECT_NEAR(find_run(doc, "P" + std::to_string(paragraphs - 1) + "L0")->x, theme_.margin_left, 0.5);
  }
}

// A column of a layout with newspaper columns (an overflow chain) keeps the grid on every
// page: its flow is set once, to the chain's width.
TEST_F(Paginate, AColumnBesideAnOverflowChainStaysInTheGrid) {
  add_side_region(theme_, 10);
  theme::Region second;
  second.name = "second";
  second.dock = theme::RegionDock::Fill;
  theme_.regions.front().dock = theme::RegionDock::Left;  // main
  theme_.regions.front().share = 0.5;
  theme_.regions.front().overflow = "second";
  std::rotate(theme_.regions.begin(), theme_.regions.begin() + 1, theme_.regions.end());  // side, main
  theme_.regions.push_back(second);
  compose::Composition c;
  const int lines = static_cast<int>(flow_height(theme_) / 14) * 2 + 5;
  for (int i = 0; i < lines; ++i) c.main().push_back(block(paragraph("Line " + std::to_string(i))));
  c.flows["side"].push_back(block(paragraph("Side text")));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  double leftmost = theme_.page_width;
  for (const PlacedRun& run : doc.pages[1].runs) leftmost = std::min(leftmost, run.x);
  EXPECT_NEAR(leftmost, theme_.margin_left + 170, 0.5) << "the chain's first column stays beside the side column";
}

// Content of a region that is on the first page only and does not fit there is an error
// that names the region, never dropped in silence.
TEST_F(Paginate, ContentOfAFirstPageRegionThatDoesNotFitIsReported) {
  theme::Region header;
  header.name = "header";
  header.dock = theme::RegionDock::Top;
  header.pages = theme::RegionPages::First;
  header.takes = {"header"};
  theme_.regions.insert(theme_.regions.begin(), header);
  compose::Composition c;
  const int lines = static_cast<int>(flow_height(theme_) / 14) + 5;
  for (int i = 0; i < lines; ++i) c.flows["header"].push_back(block(paragraph("Head " + std::to_string(i))));
  c.main().push_back(block(paragraph("Body")));
  run(c);
  ASSERT_EQ(diags_.error_count(), 1);
  EXPECT_NE(diags_.all().back().message.find("region 'header' does not fit"), std::string::npos)
      << diags_.all().back().message;
}


// A timeline's rule runs through the space between two blocks, unless the second starts a
// page: then nothing pokes into the top margin above it.
TEST_F(Paginate, ATimelineRuleCrossesTheSpaceAboveABlockButNotThePageTop) {
  compose::SideRule rule;
  rule.x = 50;
  rule.thickness = 1;
  auto ruled = [&](const std::string& text, double space_before, bool first) {
    compose::Block b = block(paragraph(text));
    b.space_before = space_before;
    b.side_rule = rule;
    b.side_rule->starts_here = first;
    b.side_rule->dot = 5;
    return b;
  };
  compose::Composition c;
  c.main().push_back(ruled("First", 0, true));
  c.main().push_back(ruled("Second", 10, false));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  const double rule_x = theme_.margin_left + 50 - 0.5;
  double covered_from = 1e9, covered_to = -1e9;
  int dots = 0;
  for (const doc::FilledRect& r : doc.pages[0].rects) {
    if (r.radius > 0) ++dots;
    if (std::abs(r.x - rule_x) > 1e-6 || r.width != 1) continue;
    covered_from = std::min(covered_from, r.y);
    covered_to = std::max(covered_to, r.y + r.height);
  }
  EXPECT_EQ(dots, 2);
  const PlacedRun* first = find_run(doc, "First");
  const PlacedRun* second = find_run(doc, "Second");
  ASSERT_TRUE(first && second);
  EXPECT_LT(covered_from, first->baseline) << "the rule begins at the first dot";
  EXPECT_GT(covered_from, first->baseline - 14) << "not above it";
  EXPECT_GT(covered_to, second->baseline) << "it runs on through the space to the second block";
  // Rects of one rule must leave no hole: their heights add up to what they cover.
  double sum = 0;
  for (const doc::FilledRect& r : doc.pages[0].rects)
    if (std::abs(r.x - rule_x) < 1e-6 && r.width == 1) sum += r.height;
  EXPECT_NEAR(sum, covered_to - covered_from, 1e-6);

  // The second block starting a page: no rule in the top margin above it.
  compose::Composition c2;
  const int lines = static_cast<int>(flow_height(theme_) / 14);
  for (int i = 0; i < lines; ++i) c2.main().push_back(block(paragraph("Line " + std::to_string(i))));
  c2.main().push_back(ruled("Second", 10, false));
  Document two = run(c2);
  ASSERT_EQ(two.pages.size(), 2u);
  for (const doc::FilledRect& r : two.pages[1].rects) EXPECT_GE(r.y, theme_.margin_top - 1e-6);
}

// A section title in a rail (Block::rail) beside the blocks after it, set in past it.
compose::Block rail_title(const std::string& text, double width, double space_before = 0) {
  compose::Block b = block(paragraph(text, 12, 15));
  std::get<compose::Paragraph>(b.content).role = doc::Role::H2;
  std::get<compose::Paragraph>(b.content).is_name = true;  // a heading is never hyphenated
  b.rail = width;
  b.space_before = space_before;
  b.bookmark = text;
  // As compose sets it with section.repeat_title on: drawn again where the section goes on.
  b.continued_title = std::make_shared<const compose::Paragraph>(paragraph(text + " (cont.)", 12, 15));
  return b;
}

compose::Block inset(compose::Block b, double by) {
  b.inset_left = by;
  return b;
}

// The rail title stands at the margin, its first baseline level with the first entry's first
// line, and is drawn (so read) before it; the entry stands past the rail; the title takes no
// height of its own; its bookmark points at the section.
TEST_F(Paginate, ARailTitleStandsLevelWithItsFirstEntry) {
  compose::Composition c;
  c.main().push_back(block(paragraph("Intro")));
  c.main().push_back(rail_title("Experience", 80, 12));
  c.main().push_back(inset(block(paragraph("Engineer at Acme, building things")), 94));
  c.main().push_back(block(paragraph("After")));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 1u);
  const PlacedRun* intro = find_run(doc, "Intro");
  const PlacedRun* title = find_run(doc, "Experience");
  const PlacedRun* entry = find_run(doc, "Engineer");
  const PlacedRun* after = find_run(doc, "After");
  ASSERT_TRUE(intro && title && entry && after);
  EXPECT_NEAR(title->x, theme_.margin_left, 1e-6);
  EXPECT_NEAR(entry->x, theme_.margin_left + 94, 1e-6);
  // Level with it, a hair higher for its larger letters (whose foot a reader ordering text by
  // its foot, pdfminer, must find above the line's).
  EXPECT_LT(title->baseline, entry->baseline);
  EXPECT_GT(title->baseline, entry->baseline - 1.5);
  EXPECT_NEAR(entry->baseline - intro->baseline, 14 + 12, 1e-6) << "the title's space above, nothing more";
  EXPECT_NEAR(after->baseline - entry->baseline, 14, 1e-6) << "the title adds no height beside one line";
  EXPECT_LT(title - doc.pages[0].runs.data(), entry - doc.pages[0].runs.data()) << "drawn before its entry";
  ASSERT_EQ(doc.bookmarks.size(), 1u);
  EXPECT_EQ(doc.bookmarks[0].title, "Experience");
}

// A title wrapped in a narrow rail is taller than its one-line section: the section is
// lengthened to the title's foot, so what follows never runs into the title.
TEST_F(Paginate, AWrappedRailTitleKeepsItsSectionAsTallAsItself) {
  compose::Composition c;
  c.main().push_back(rail_title("Honors Awards Grants", 60));
  c.main().push_back(inset(block(paragraph("Prize")), 74));
  c.main().push_back(block(paragraph("After")));
  Document doc = run(c);
  const PlacedRun* first = find_run(doc, "Honors");
  const PlacedRun* last = find_run(doc, "Grants");
  const PlacedRun* after = find_run(doc, "After");
  ASSERT_TRUE(first && last && after);
  ASSERT_GT(last->baseline, first->baseline) << "the title wraps in its rail";
  EXPECT_GE(after->baseline - 0.8 * after->run.size, last->baseline + 0.2 * last->run.size - 1e-6)
      << "the next block's letters start below the title's last line's";
}

// section.rail_overflow: above: a title too long for its rail stands on one line of its own
// above its entries, from the rail's left edge, kept with them; one that fits stays beside.
TEST_F(Paginate, ARailTitleTooLongForTheRailStandsAboveItsEntries) {
  compose::Composition c;
  c.main().push_back(rail_title("Very Long Section Title", 60));
  c.main().back().rail_wraps = false;
  compose::Block entry = inset(block(paragraph("First")), 74);
  entry.space_before = 3;
  c.main().push_back(std::move(entry));
  c.main().push_back(rail_title("Short", 60));
  c.main().back().rail_wraps = false;
  c.main().push_back(inset(block(paragraph("Second")), 74));
  Document doc = run(c);
  const PlacedRun* very = find_run(doc, "Very");
  const PlacedRun* first = find_run(doc, "First");
  const PlacedRun* shorter = find_run(doc, "Short");
  const PlacedRun* second = find_run(doc, "Second");
  ASSERT_TRUE(very && first && shorter && second);
  EXPECT_NE(very->run.text.find("Title"), std::string::npos) << "on one line: " << very->run.text;
  EXPECT_NEAR(very->x, theme_.margin_left, 1e-6);
  // A line of its own (15 pt, its baseline 11.1 pt down), the entry's space, the entry's line
  // (its baseline 10 pt down).
  EXPECT_NEAR(first->baseline - very->baseline, 15 - 11.1 + 3 + 10, 1e-6);
  EXPECT_LT(shorter->baseline, second->baseline + 1e-6);
  EXPECT_GT(shorter->baseline, second->baseline - 1.5) << "a title that fits stays beside its entry";
}

// A rail title is never alone at a page's foot: it goes with its first entry; and the lines
// beside a wrapped title stay on its page with it.
TEST_F(Paginate, ARailTitleGoesToTheNextPageWithItsEntries) {
  compose::Composition c;
  const int lines = static_cast<int>(flow_height(theme_) / 14);
  add_filler(c, lines - 1);  // room for one line at the foot of the page
  c.main().push_back(rail_title("Very Long Section Title", 40));
  c.main().push_back(inset(block(paragraph("First")), 54));
  c.main().push_back(inset(block(paragraph("Second")), 54));
  c.main().push_back(inset(block(paragraph("Third")), 54));
  Document doc = run(c);
  ASSERT_EQ(doc.pages.size(), 2u);
  EXPECT_EQ(page_of(doc, "Very"), 1) << "no title line left at the foot of page 1";
  EXPECT_EQ(page_of(doc, "Title"), 1);
  EXPECT_EQ(page_of(doc, "First"), 1);
  EXPECT_EQ(page_of(doc, "Second"), 1) << "beside the title's second line";
}

/// The runs on page `page` whose text starts with `prefix`.
std::vector<const PlacedRun*> runs_on(const Document& doc, std::size_t page, const std::string& prefix) {
  std::vector<const PlacedRun*> found;
  for (const auto& r : doc.pages[page].runs)
    if (r.run.text.rfind(prefix, 0) == 0) found.push_back(&r);
  return found;
}

// A section beside a rail that goes on on the next page has its title in the rail there again,
// level with the first entry of that page, drawn as page furniture (read once, where the
// section begins); its bookmark still points at the section's start.
TEST_F(Paginate, ASectionContinuedOnTheNextPageHasItsRailTitleAgain) {
  compose::Composition c;
  const int lines = static_cast<int>(flow_height(theme_) / 14);
  add_filler(c, lines - 3);
  c.main().push_back(rail_title("Experience", 80, 0));
  std::get<compose::Paragraph>(c.main().back().content).tag = 7;  // its H2 element
  for (int i = 0; i < 6; ++i) c.main().push_back(inset(block(paragraph("Job " + std::to_string(i)), i), 94));
  Document doc = run(c, {.balance_last_page = false});
  ASSERT_EQ(doc.pages.size(), 2u);
  ASSERT_EQ(runs_on(doc, 0, "Experience").size(), 1u);
  const std::vector<const PlacedRun*> again = runs_on(doc, 1, "Experience");
  ASSERT_EQ(again.size(), 1u) << "the title stands in the rail of the page the section goes on on";
  EXPECT_EQ(again[0]->tag, -1) << "drawn again, it is furniture";
  EXPECT_EQ(runs_on(doc, 0, "Experience")[0]->tag, 7) << "read where the section begins";
  EXPECT_NEAR(again[0]->x, theme_.margin_left, 1e-6);
  const PlacedRun* first_there = nullptr;
  for (const auto& r : doc.pages[1].runs)
    if (r.run.text.rfind("Job", 0) == 0 && !first_there) first_there = &r;
  ASSERT_TRUE(first_there);
  EXPECT_GT(again[0]->baseline, first_there->baseline - 1.5) << "level with the page's first entry";
  EXPECT_LT(again[0]->baseline, first_there->baseline + 1e-6);
  EXPECT_LT(again[0] - doc.pages[1].runs.data(), first_there - doc.pages[1].runs.data()) << "drawn before it";
  ASSERT_EQ(doc.bookmarks.size(), 1u);
  EXPECT_EQ(doc.bookmarks[0].page, 0);
}

// A title too long for the rail, set above its section, is drawn again above the section's
// first piece on the next page, as a table's header row is, and takes its height there.
TEST_F(Paginate, ASectionContinuedOnTheNextPageHasItsTitleAboveAgain) {
  compose::Composition c;
  const int lines = static_cast<int>(flow_height(theme_) / 14);
  add_filler(c, lines - 4);
  c.main().push_back(rail_title("Very Long Section Title", 60));
  c.main().back().rail_wraps = false;
  for (int i = 0; i < 6; ++i) c.main().push_back(inset(block(paragraph("Paper " + std::to_string(i)), i), 74));
  Document doc = run(c, {.balance_last_page = false});
  ASSERT_EQ(doc.pages.size(), 2u);
  ASSERT_EQ(runs_on(doc, 0, "Very").size(), 1u);
  const std::vector<const PlacedRun*> again = runs_on(doc, 1, "Very");
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0]->tag, -1);
  const std::vector<const PlacedRun*> papers = runs_on(doc, 1, "Paper");
  ASSERT_FALSE(papers.empty());
  EXPECT_GT(papers.front()->baseline, again[0]->baseline + 10) << "below the title, not under it";
}

// A section title set above its entries (section.repeat_title) is drawn again, with the
// word for continued, above the section's first piece on the next page, as furniture (read
// once), and takes its height there; a title without it (repeat_title off) is not.
TEST_F(Paginate, ASectionContinuedOnTheNextPageHasItsTitleAgainWithTheWordForContinued) {
  auto composed = [&](bool repeat) {
    compose::Composition c;
    const int lines = static_cast<int>(flow_height(theme_) / 14);
    add_filler(c, lines - 4);
    compose::Block title = block(paragraph("Certificates", 12, 15), -1, true);
    std::get<compose::Paragraph>(title.content).tag = 7;
    title.part = 1;
    title.bookmark = "Certificates";
    if (repeat)
      title.continued_title = std::make_shared<const compose::Paragraph>(paragraph("Certificates (cont.)", 12, 15));
    c.main().push_back(std::move(title));
    for (int i = 0; i < 6; ++i) {
      compose::Block b = block(paragraph("Licence " + std::to_string(i)), 300 + i);
      b.part = 1;
      c.main().push_back(std::move(b));
    }
    return c;
  };
  const Document doc = run(composed(true), {.balance_last_page = false});
  ASSERT_EQ(doc.pages.size(), 2u);
  ASSERT_EQ(runs_on(doc, 0, "Certificates").size(), 1u);
  EXPECT_EQ(runs_on(doc, 0, "Certificates")[0]->tag, 7) << "read where the section begins";
  const std::vector<const PlacedRun*> again = runs_on(doc, 1, "Certificates (cont.)");
  ASSERT_EQ(again.size(), 1u) << "the page the section goes on on opens with its title";
  EXPECT_EQ(again[0]->tag, -1) << "drawn again, it is furniture";
  const std::vector<const PlacedRun*> licences = runs_on(doc, 1, "Licence");
  ASSERT_FALSE(licences.empty());
  EXPECT_GT(licences.front()->baseline, again[0]->baseline + 10) << "below the title, not under it";
  ASSERT_EQ(doc.bookmarks.size(), 1u) << "one outline entry";
  const Document plain = run(composed(false), {.balance_last_page = false});
  ASSERT_EQ(plain.pages.size(), 2u);
  EXPECT_TRUE(runs_on(plain, 1, "Certificates").empty()) << "repeat_title off: no title again";
}

// A section of two entries is not split one and one over the last break: its title and first
// entry leave the foot of the page before and go with the other to the last page, which then
// holds no more than the page before. A longer section may start at a page's foot.
TEST_F(Paginate, ASectionOfTwoEntriesIsNotSplitOneAndOne) {
  auto composed = [&](int entries) {
    compose::Composition c;
    const int lines = static_cast<int>(flow_height(theme_) / 14);
    for (int i = 0; i < lines - 5; ++i) {
      compose::Block b = block(paragraph("First " + std::to_string(i)), i);
      b.part = 0;
      c.main().push_back(std::move(b));
    }
    compose::Block title = block(paragraph("Projects"), -1, true);
    title.part = 1;
    c.main().push_back(std::move(title));
    for (int e = 0; e < entries; ++e)
      for (int l = 0; l < 3; ++l) {  // an entry of three lines, kept together
        compose::Block b = block(paragraph("Project " + std::to_string(e) + " line " + std::to_string(l)), 500 + e);
        b.part = 1;
        c.main().push_back(std::move(b));
      }
    compose::Block skills = block(paragraph("Skills"), -1, true);
    skills.part = 2;
    c.main().push_back(std::move(skills));
    for (int i = 0; i < lines / 3; ++i) {
      compose::Block b = block(paragraph("Skill " + std::to_string(i)), 700 + i);
      b.part = 2;
      c.main().push_back(std::move(b));
    }
    return c;
  };
  const Document kept = run(composed(2));
  ASSERT_EQ(kept.pages.size(), 2u);
  EXPECT_EQ(page_of(kept, "Projects"), 1) << "the section moves whole";
  EXPECT_EQ(page_of(kept, "Project 0"), 1);
  EXPECT_LE(kept.pages[1].content_height, kept.pages[0].content_height);
  EXPECT_EQ(page_of(run(composed(2), {.lift_last_page = false}), "Projects"), 1) << "not only when lifting a stub";
  // The rest is this rule alone: the lone entry rule (fit.lone_entry_room) moves any entry
  // standing alone under its title at a page's foot, three entries or two.
  theme_.lone_entry_room = 0;
  EXPECT_EQ(page_of(run(composed(2)), "Projects"), 1) << "this rule alone moves it";
  const Document longer = run(composed(3));
  ASSERT_EQ(longer.pages.size(), 2u);
  EXPECT_EQ(page_of(longer, "Projects"), 0) << "three entries may split";
  theme_.last_page_least = 0;  // the layout keeps the pages as they run
  EXPECT_EQ(page_of(run(composed(2)), "Projects"), 0);
}

}  // namespace
}  // namespace hanji::layout
