// Fitting to N pages: the squeezed theme (identity at 0, the layout's bounds at 1, monotone,
// never larger), the search (a CV a fifth of a page too long fits one page, the least squeeze
// that does, determinism, a cost of a few layouts), and its messages (what changed; how far
// off a CV that cannot fit is; every other message once, not once per attempt).
#include "fit/fit.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/limits.h"
#include "engine/engine.h"

namespace hanji::fit {
namespace {

theme::DataDirs repo_dirs() {
  return {std::string(HANJI_SOURCE_DIR) + "/layouts", std::string(HANJI_SOURCE_DIR) + "/fonts"};
}

// Through a cold engine, as `hanji build --fit-pages` lays a CV out.
FitResult lay_out(const model::CvFile& file, const theme::Theme& theme, int pages, Diagnostics& diags) {
  engine::Engine engine(repo_dirs());
  return engine.lay_out(file, theme, pages, diags);
}

theme::Theme classic() {
  Diagnostics diags;
  std::optional<theme::Theme> theme = theme::load_theme("classic", config::ConfigNode{}, "", repo_dirs(), diags);
  EXPECT_TRUE(theme) << (diags.all().empty() ? "" : format_diagnostic(diags.all().front()));
  return theme ? *theme : theme::Theme{};
}

// --- squeezed(): the theme at a squeeze ---

using StyleField = theme::TextStyle theme::Theme::*;
using LengthField = double theme::Theme::*;

const std::vector<StyleField> kStyles = {&theme::Theme::name,          &theme::Theme::headline,
                                         &theme::Theme::contact,       &theme::Theme::section_title,
                                         &theme::Theme::entry_title,   &theme::Theme::entry_subtitle,
                                         &theme::Theme::body,          &theme::Theme::aside,
                                         &theme::Theme::footer,        &theme::Theme::name_accent,
                                         &theme::Theme::aside_detail};
const std::vector<LengthField> kSpaces = {
    &theme::Theme::headline_space,      &theme::Theme::contact_space,       &theme::Theme::header_space_below,
    &theme::Theme::section_rule_gap,    &theme::Theme::section_space_above, &theme::Theme::section_space_below,
    &theme::Theme::entry_space,         &theme::Theme::text_entry_space,    &theme::Theme::summary_space,
    &theme::Theme::highlight_space};
const std::vector<LengthField> kMargins = {&theme::Theme::margin_top, &theme::Theme::margin_bottom,
                                           &theme::Theme::margin_left, &theme::Theme::margin_right};

/// Every dimension fitting may change, as one list (sizes, line heights, spaces, margins).
std::vector<double> dimensions(const theme::Theme& t) {
  std::vector<double> out;
  for (auto style : kStyles) {
    out.push_back((t.*style).size);
    out.push_back((t.*style).line_height);
  }
  for (auto space : kSpaces) out.push_back(t.*space);
  for (auto margin : kMargins) out.push_back(t.*margin);
  return out;
}

TEST(Squeezed, ZeroIsTheThemeItself) {
  theme::Theme t = classic();
  EXPECT_EQ(dimensions(squeezed(t, 0)), dimensions(t));
  EXPECT_EQ(describe_changes(t, squeezed(t, 0)), "");
}

TEST(Squeezed, OneReachesEveryBound) {
  theme::Theme t = classic();
  theme::Theme s = squeezed(t, 1);
  for (auto style : kStyles) {
    EXPECT_NEAR((s.*style).size, (t.*style).size * t.fit_min_font_scale, 1e-9);
    EXPECT_NEAR((s.*style).line_height, (t.*style).line_height * t.fit_min_leading_scale, 1e-9);
  }
  for (auto space : kSpaces) EXPECT_NEAR(s.*space, t.*space * t.fit_min_space_scale, 1e-9);
  // classic's margins (15 mm, 17 mm) are above fit.min_margin (12 mm = 34 pt): they reach it;
  // the bottom one keeps clear of the page-number footer.
  EXPECT_NEAR(s.margin_top, t.fit_min_margin, 1e-9);
  EXPECT_NEAR(s.margin_left, t.fit_min_margin, 1e-9);
  EXPECT_NEAR(s.margin_right, t.fit_min_margin, 1e-9);
  EXPECT_NEAR(s.margin_bottom, std::max(t.fit_min_margin, t.footer_offset + t.footer.size), 1e-9);
  // What it does not touch: colours, fonts, the date column, the page.
  EXPECT_EQ(s.aside_width, t.aside_width);
  EXPECT_EQ(s.page_height, t.page_height);
  EXPECT_EQ(s.fonts.hangul.regular, t.fonts.hangul.regular);
}

// Fitting shrinks what the parameter registry declares, so a text style added to a layout
// later is shrunk with the others (awesome's name accent and the date column's detail line
// were not, when fitting kept a list of its own).
TEST(Squeezed, EveryStyleAndSpaceTheRegistryDeclaresShrinks) {
  theme::Theme t = classic();
  t.name_accent.size = 20;
  t.aside_detail.size = 8;
  const theme::Theme s = squeezed(t, 1);
  const auto before = theme::describe_parameters(t), after = theme::describe_parameters(s);
  ASSERT_EQ(before.size(), after.size());
  std::size_t sizes = 0;
  for (std::size_t i = 0; i < before.size(); ++i) {
    const std::string& key = before[i].key;
    if (!key.starts_with("styles.") || !key.ends_with(".size")) continue;
    ++sizes;
    const double was = std::stod(before[i].default_value), now = std::stod(after[i].default_value);
    EXPECT_NEAR(now, was * t.fit_min_font_scale, 0.01) << key;
  }
  EXPECT_EQ(sizes, kStyles.size()) << "every style the registry declares";
  EXPECT_NEAR(s.name_accent.size, 20 * t.fit_min_font_scale, 1e-9);
  EXPECT_NEAR(s.aside_detail.size, 8 * t.fit_min_font_scale, 1e-9);
  EXPECT_EQ(theme::parameter_values(t, theme::FitRole::VerticalSpace).size(), kSpaces.size());
}

TEST(Squeezed, MovesMonotonicallyAndStaysWithinTheBounds) {
  theme::Theme t = classic();
  std::vector<double> lowest = dimensions(squeezed(t, 1)), original = dimensions(t);
  std::vector<double> previous = original;
  for (int step = 0; step <= 40; ++step) {
    std::vector<double> now = dimensions(squeezed(t, step / 40.0));
    for (size_t i = 0; i < now.size(); ++i) {
      EXPECT_LE(now[i], previous[i] + 1e-12) << "dimension " << i << " grew at s = " << step / 40.0;
      EXPECT_LE(now[i], original[i] + 1e-12) << i;
      EXPECT_GE(now[i], lowest[i] - 1e-12) << i;
    }
    previous = now;
  }
}

TEST(Squeezed, SpacingAndLeadingGiveBeforeTheTextSize) {
  theme::Theme t = classic();
  theme::Theme light = squeezed(t, 0.15);
  EXPECT_EQ(light.body.size, t.body.size);  // a little too long: the text is untouched
  EXPECT_LT(light.body.line_height, t.body.line_height);
  EXPECT_LT(light.entry_space, t.entry_space);
  EXPECT_LT(light.margin_top, t.margin_top);
  EXPECT_EQ(light.margin_left, t.margin_left);  // longer lines come last
}

TEST(Squeezed, NeverEnlargesAndNeverGoesBelowTheMarginBound) {
  theme::Theme t = classic();
  t.fit_min_font_scale = 1.2;  // a bound above 1 must not make text larger
  t.margin_left = 20;          // already below fit.min_margin: stays
  t.fit_min_margin = 30;
  theme::Theme s = squeezed(t, 1);
  EXPECT_EQ(s.body.size, t.body.size);
  EXPECT_EQ(s.margin_left, 20);
  EXPECT_EQ(s.margin_right, 30);
  EXPECT_EQ(dimensions(squeezed(t, -1)), dimensions(t));  // out of range: clamped
  EXPECT_EQ(dimensions(squeezed(t, 2)), dimensions(squeezed(t, 1)));
}

// A margin that moves by less than the tenth of a millimetre the note prints is not named:
// "top margin 12 → 12 mm" said nothing.
TEST(Squeezed, DoesNotNameAMarginThatMovesLessThanItPrints) {
  theme::Theme t = classic();
  theme::Theme after = t;
  after.margin_top -= 0.1;  // 0.035 mm
  after.margin_bottom -= 3 * 72.0 / 25.4;
  const std::string all = describe_changes(t, after);
  EXPECT_EQ(all.find("top"), std::string::npos) << all;
  EXPECT_NE(all.find("bottom margin"), std::string::npos) << all;
}

TEST(Squeezed, DescribesWhatChanged) {
  theme::Theme t = classic();
  std::string all = describe_changes(t, squeezed(t, 1));
  EXPECT_NE(all.find("text at 90%"), std::string::npos) << all;
  EXPECT_NE(all.find("line spacing at 92%"), std::string::npos) << all;
  EXPECT_NE(all.find("space between blocks at 50%"), std::string::npos) << all;
  EXPECT_NE(all.find("top and bottom margins 15 → 12 mm"), std::string::npos) << all;
  EXPECT_NE(all.find("side margins 17 → 12 mm"), std::string::npos) << all;
  std::string light = describe_changes(t, squeezed(t, 0.1));
  EXPECT_EQ(light.find("text at"), std::string::npos) << light;
  EXPECT_NE(light.find("line spacing at"), std::string::npos) << light;
}

// --- fit_to_pages(): the search ---

/// A CV of `entries` experience entries with two highlights each. With classic, 11 fill one
/// page; 13 take about 1.2 pages (a fifth of a page more, more than the balancing of a nearly
/// empty last page can save); 15 cannot fit one page even at the tightest.
std::string long_cv(int entries, const std::string& extra_highlight = "") {
  std::string yaml = "cv:\n  name: Jane Doe\n  email: jane@example.com\n  sections:\n    experience:\n";
  for (int i = 0; i < entries; ++i) {
    yaml += "      - company: Company " + std::to_string(i) + "\n";
    yaml += "        position: Engineer " + std::to_string(i) + "\n";
    yaml += "        start_date: " + std::to_string(2000 + i % 20) + "-01\n";
    yaml += "        end_date: " + std::to_string(2001 + i % 20) + "-06\n";
    yaml += "        highlights:\n";
    yaml += "          - Built the system number " + std::to_string(i) +
            " that serves many users every day and kept it running through several migrations.\n";
    yaml += "          - Led a small team of engineers to rewrite the billing pipeline, cutting costs by a third.\n";
    if (i == 0 && !extra_highlight.empty()) yaml += "          - " + extra_highlight + "\n";
  }
  return yaml;
}

model::CvFile load(const std::string& yaml) {
  Diagnostics diags;
  std::optional<model::CvFile> file = readers::load_cv_from_string(yaml, "cv.yaml", diags);
  EXPECT_TRUE(file && !diags.has_errors());
  return file ? *file : model::CvFile{};
}

int count(const Diagnostics& diags, Severity severity, const std::string& needle) {
  return static_cast<int>(std::count_if(diags.all().begin(), diags.all().end(), [&](const Diagnostic& d) {
    return d.severity == severity && d.message.find(needle) != std::string::npos;
  }));
}

/// Everything drawn, as text: each run's position, size and characters.
std::string drawing(const doc::Document& doc) {
  std::string out;
  for (const auto& page : doc.pages) {
    out += "page\n";
    for (const auto& r : page.runs)
      out += std::to_string(r.x) + " " + std::to_string(r.baseline) + " " + std::to_string(r.run.size) + " " +
             r.run.text + "\n";
    for (const auto& rect : page.rects) out += "rect " + std::to_string(rect.y) + "\n";
  }
  return out;
}

/// The text of every run but the page numbers, without white space (lines break elsewhere
/// when the text is smaller).
std::string flow_text(const doc::Document& doc) {
  std::string out;
  for (const auto& page : doc.pages)
    for (const auto& r : page.runs) {
      bool page_number = r.run.text.find(" / ") != std::string::npos &&
                         std::all_of(r.run.text.begin(), r.run.text.end(),
                                     [](char c) { return c == ' ' || c == '/' || (c >= '0' && c <= '9'); });
      // Page furniture (a continued section's title drawn again) is not the flow's text.
      if (page_number || r.tag < 0) continue;
      for (char c : r.run.text)
        if (c != ' ' && c != '\n') out += c;
    }
  return out;
}

/// Lays the CV out at squeeze `s` the way fitting does past s = 0 (no last-page balancing).
size_t pages_at(const model::CvFile& file, const theme::Theme& theme, double s) {
  Diagnostics diags;
  theme::Theme t = squeezed(theme, s);
  text::Typesetter typesetter(t, diags);
  compose::Composition c = compose::compose(file, t, diags);
  return layout::paginate(c, t, typesetter, diags, {.balance_last_page = false}).pages.size();
}

TEST(FitToPages, WithoutAPageCountLaysOutAsItIs) {
  model::CvFile file = load(long_cv(13));
  Diagnostics diags;
  theme::Theme theme = classic();
  theme.fit_spare_last_page = false;
  FitResult r = lay_out(file, theme, 0, diags);
  EXPECT_EQ(r.doc.pages.size(), 2u);
  EXPECT_EQ(r.squeeze, 0);
  EXPECT_EQ(r.attempts, 1);
  EXPECT_TRUE(diags.all().empty());
}

TEST(FitToPages, AFifthOfAPageTooLongFitsOnePage) {
  model::CvFile file = load(long_cv(13));
  theme::Theme theme = classic();
  Diagnostics diags;
  FitResult r = lay_out(file, theme, 1, diags);
  ASSERT_EQ(r.doc.pages.size(), 1u);
  EXPECT_TRUE(r.fits);
  EXPECT_GT(r.squeeze, 0);
  EXPECT_LT(r.squeeze, 1);
  // Legible: the text stays within the layout's bounds, and here well above the tightest.
  EXPECT_GE(r.theme.body.size, theme.body.size * theme.fit_min_font_scale);
  EXPECT_GT(r.theme.body.size, theme.body.size * 0.93);
  // Every word is still there: the fitted page holds the text of the two natural pages.
  Diagnostics plain;
  theme::Theme as_written = theme;
  as_written.fit_spare_last_page = false;
  FitResult natural = lay_out(file, as_written, 0, plain);
  ASSERT_EQ(natural.doc.pages.size(), 2u);
  EXPECT_EQ(flow_text(r.doc), flow_text(natural.doc));
  // One note says what changed; nothing else is reported.
  EXPECT_EQ(count(diags, Severity::Note, "fitted to 1 page: text at"), 1) << format_diagnostic(diags.all().front());
  EXPECT_EQ(diags.warning_count(), 0);
  EXPECT_EQ(diags.all().size(), 1u);
}

// Unasked, a last page holding less than a quarter of a page is spared when going at most
// half way to the layout's bounds does it, with a note; a last page fuller than that,
// or one the gentle squeeze cannot spare, is left as it runs, and so is every page when the
// layout says fit.spare_last_page: false.
TEST(FitToPages, ANearlyEmptyLastPageIsSparedUnasked) {
  model::CvFile file = load(long_cv(12));  // the last entry alone on page 2
  theme::Theme theme = classic();
  Diagnostics diags;
  FitResult r = lay_out(file, theme, 0, diags);
  ASSERT_EQ(r.doc.pages.size(), 1u) << (diags.all().empty() ? "" : diags.all().front().message);
  EXPECT_GT(r.squeeze, 0);
  EXPECT_LE(r.squeeze, 0.5 + 1e-9) << "gentle: half way to the bounds at most";
  EXPECT_EQ(count(diags, Severity::Note, "tightened a little to spare a last page of about"), 1);
  EXPECT_EQ(diags.warning_count(), 0);
  theme::Theme as_written = theme;
  as_written.fit_spare_last_page = false;
  Diagnostics plain;
  FitResult natural = lay_out(file, as_written, 0, plain);
  ASSERT_EQ(natural.doc.pages.size(), 2u);
  EXPECT_EQ(flow_text(r.doc), flow_text(natural.doc)) << "every word is still there";
  EXPECT_TRUE(plain.all().empty());
  // A fifth of a page over: more than the gentle squeeze spares, so left as it runs.
  Diagnostics longer;
  FitResult fifth = lay_out(load(long_cv(13)), theme, 0, longer);
  EXPECT_EQ(fifth.doc.pages.size(), 2u);
  EXPECT_EQ(fifth.squeeze, 0);
  EXPECT_EQ(count(longer, Severity::Note, "tightened"), 0);
  EXPECT_TRUE(longer.all().empty());
}

TEST(FitToPages, ShrinksTheLeastThatFits) {
  model::CvFile file = load(long_cv(13));
  theme::Theme theme = classic();
  Diagnostics diags;
  FitResult r = lay_out(file, theme, 1, diags);
  ASSERT_TRUE(r.fits);
  EXPECT_EQ(pages_at(file, theme, r.squeeze), 1u);
  EXPECT_EQ(pages_at(file, theme, r.squeeze - 0.05), 2u) << "s = " << r.squeeze << " is more than needed";
}

TEST(FitToPages, CostsAFewLayouts) {
  model::CvFile file = load(long_cv(13));
  Diagnostics diags;
  FitResult r = lay_out(file, classic(), 1, diags);
  EXPECT_GE(r.attempts, 3);  // s = 0, s = 1, and at least one between
  EXPECT_LE(r.attempts, 7);
}

// Fitting lays out at most limits::kMaxFitPages pages in all: a CV too long to lay out twice
// within that is laid out once and says so; a long one is fitted with fewer layouts.
TEST(FitToPages, LaysOutAtMostTheFitPageBudget) {
  const model::CvFile file = load(long_cv(700));  // some 60 pages
  // The page counts this test is built on are those of the section's entries alone, without
  // its title drawn again on every page it goes on to.
  const auto untitled = [] {
    theme::Theme theme = classic();
    theme.section_repeat_title = false;
    return theme;
  };
  theme::Theme short_pages = untitled();
  short_pages.margin_top = 300;  // the same CV on more pages
  Diagnostics diags;
  FitResult once = lay_out(file, short_pages, 40, diags);
  ASSERT_GT(once.doc.pages.size(), limits::kMaxFitPages / 2);
  EXPECT_EQ(once.attempts, 1);
  EXPECT_FALSE(once.fits);
  EXPECT_EQ(count(diags, Severity::Warning, "fitting lays out at most 120 pages in all"), 1);
  // The pages the tightest setting needs (fewer than at s = 0, how many fewer is classic's
  // spacing's business): a fit to them is found at s = 1, after s = 0 and nothing between.
  const std::size_t natural = pages_at(file, untitled(), 0), tightest = pages_at(file, untitled(), 1);
  ASSERT_LT(tightest, natural);
  Diagnostics fewer;
  FitResult r = lay_out(file, untitled(), static_cast<int>(tightest), fewer);  // s = 0 and s = 1 only
  ASSERT_GT(static_cast<std::size_t>(r.attempts + 1) * natural, limits::kMaxFitPages);
  EXPECT_EQ(r.attempts, 2);
  EXPECT_TRUE(r.fits);
}

TEST(FitToPages, ACvThatFitsIsLeftAsItIs) {
  model::CvFile file = load(long_cv(13));
  theme::Theme theme = classic();
  Diagnostics plain, fitted;
  FitResult natural = lay_out(file, theme, 0, plain);
  FitResult r = lay_out(file, theme, 2, fitted);  // already two pages: never enlarged, never changed
  EXPECT_EQ(r.squeeze, 0);
  EXPECT_EQ(r.attempts, 1);
  EXPECT_EQ(drawing(r.doc), drawing(natural.doc));
  EXPECT_EQ(count(fitted, Severity::Note, "fits on 2 pages as it is"), 1);
}

TEST(FitToPages, SaysHowFarOffACvThatCannotFitIs) {
  model::CvFile file = load(long_cv(18));
  theme::Theme theme = classic();
  Diagnostics diags;
  FitResult r = lay_out(file, theme, 1, diags);
  EXPECT_FALSE(r.fits);
  EXPECT_EQ(r.squeeze, 1);  // the tightest the layout allows, produced anyway
  EXPECT_EQ(r.attempts, 2);
  EXPECT_EQ(r.doc.pages.size(), 2u);
  EXPECT_GT(r.shortfall, 50);
  // The shortfall is what lies past page 1, less a continued section's title drawn again there
  // (gone once the section fits on page 1).
  EXPECT_GT(r.doc.pages[1].repeated_height, 0);
  EXPECT_NEAR(r.shortfall, r.doc.pages[1].content_height - r.doc.pages[1].repeated_height, 1e-9);
  ASSERT_EQ(diags.warning_count(), 1);
  const Diagnostic& d = diags.all().back();
  EXPECT_NE(d.message.find("cannot fit on 1 page: needs "), std::string::npos) << d.message;
  EXPECT_NE(d.message.find(" pt more (about "), std::string::npos) << d.message;
  EXPECT_NE(d.message.find("lines of text) at the tightest the layout allows"), std::string::npos) << d.message;
  ASSERT_EQ(d.hints.size(), 2u);
  EXPECT_NE(d.hints[0].find("text at 90%"), std::string::npos) << d.hints[0];
  EXPECT_NE(d.hints[1].find("fit.min_font_scale: 0.9"), std::string::npos) << d.hints[1];
}

TEST(FitToPages, IsDeterministic) {
  model::CvFile file = load(long_cv(13));
  theme::Theme theme = classic();
  Diagnostics a, b;
  FitResult first = lay_out(file, theme, 1, a);
  FitResult second = lay_out(file, theme, 1, b);
  EXPECT_EQ(first.squeeze, second.squeeze);
  EXPECT_EQ(drawing(first.doc), drawing(second.doc));
}

TEST(FitToPages, ReportsEveryOtherMessageOnceNotOncePerAttempt) {
  // A character no font has (U+2709) in a CV that needs fitting: every attempt meets it.
  model::CvFile file = load(long_cv(13, "mail \u2709 me"));
  Diagnostics diags;
  FitResult r = lay_out(file, classic(), 1, diags);
  EXPECT_GE(r.attempts, 3);
  EXPECT_EQ(count(diags, Severity::Warning, "U+2709"), 1);
  EXPECT_EQ(diags.warning_count(), 1);
}

/// A Korean CV of `entries` career entries with two highlights each: 13 take a little over a
/// page in classic.
std::string korean_cv(int entries) {
  std::string yaml = "locale: ko\ncv:\n  name: 홍길동\n  sections:\n    경력:\n";
  for (int i = 0; i < entries; ++i) {
    yaml += "      - company: 예시 주식회사 " + std::to_string(i) + "\n        position: 소프트웨어 엔지니어\n";
    yaml += "        start_date: " + std::to_string(2000 + i) + "-03\n        end_date: " + std::to_string(2001 + i) +
            "-02\n        highlights:\n";
    yaml += "          - 검색 품질 팀에서 C++ 서비스를 만들고, 하루 수억 건의 요청을 처리하는 시스템을 운영했습니다.\n";
    yaml += "          - HarfBuzz를 도입해 PDF 크기를 40% 줄였습니다.\n";
  }
  return yaml;
}

TEST(FitToPages, FitsKoreanToo) {
  model::CvFile file = load(korean_cv(13));
  Diagnostics plain, diags;
  theme::Theme as_written = classic();
  as_written.fit_spare_last_page = false;
  ASSERT_EQ(lay_out(file, as_written, 0, plain).doc.pages.size(), 2u);
  FitResult r = lay_out(file, classic(), 1, diags);
  EXPECT_TRUE(r.fits);
  EXPECT_EQ(r.doc.pages.size(), 1u);
  EXPECT_EQ(diags.warning_count(), 0);
}

// A last page of a few lines that a third of the way to the bounds does not spare (its last
// entry still runs over) but half way does, the text at 96% or more, is spared unasked:
// a typesetter would not print a page for it (a columns CV of 7 lines over, review 43).
TEST(FitToPages, AFewLinesOverAreSparedUpToHalfWayToTheBounds) {
  model::CvFile file = load(korean_cv(13));
  const theme::Theme theme = classic();
  ASSERT_EQ(pages_at(file, theme, 0.35), 2u) << "the CV must need more than a third of the way";
  Diagnostics diags;
  FitResult r = lay_out(file, theme, 0, diags);
  EXPECT_EQ(r.doc.pages.size(), 1u);
  EXPECT_GT(r.squeeze, 0.35);
  EXPECT_LE(r.squeeze, 0.5 + 1e-9) << "half way to the bounds at most";
  EXPECT_GE(r.theme.body.size, 0.96 * theme.body.size);
  EXPECT_EQ(count(diags, Severity::Note, "tightened a little to spare a last page of about"), 1);
  EXPECT_EQ(diags.warning_count(), 0);
}

/// The CV laid out as the layout says, without lifting a stub of a last page.
doc::Document unlifted(const model::CvFile& file, const theme::Theme& theme) {
  Diagnostics diags;
  text::Typesetter typesetter(theme, diags);
  compose::Composition c = compose::compose(file, theme, diags);
  return layout::paginate(c, theme, typesetter, diags, {.lift_last_page = false});
}

/// `entries` entries of long_cv, the last with `extra` more highlights: an entry kept whole
/// that a page ends before, leaving room at that page's foot.
std::string cv_with_long_last_entry(int entries, int extra) {
  std::string yaml = long_cv(entries);
  for (int i = 0; i < extra; ++i)
    yaml += "          - Extra highlight " + std::to_string(i) +
            " about a migration that took a long time and a lot of careful planning.\n";
  return yaml;
}

// A last page a little over a quarter full whose page before ends early (its last entry moved
// on whole) runs over by much less than that page shows: what a squeeze must win back is the
// last page less the room left on the page before, and that is what is judged. The ko.yaml CV
// in academic (page 1 14% empty, 논문 and 기술 on a page 26% full) was never tried.
TEST(FitToPages, ALastPageIsJudgedByWhatRunsOverPastTheRoomBefore) {
  model::CvFile file = load(cv_with_long_last_entry(12, 4));
  const theme::Theme theme = classic();
  theme::Theme as_written = theme;
  as_written.fit_spare_last_page = false;
  Diagnostics plain;
  FitResult natural = lay_out(file, as_written, 0, plain);
  ASSERT_EQ(natural.doc.pages.size(), 2u);
  const double flow = natural.doc.flow_height;
  ASSERT_GT(natural.doc.pages[1].content_height, 0.25 * flow) << "the last page holds more than a quarter";
  ASSERT_LT(natural.doc.pages[1].content_height - (flow - natural.doc.pages[0].content_height), 0.25 * flow)
      << "but what runs over past the page before's room is less";
  Diagnostics diags;
  FitResult r = lay_out(file, theme, 0, diags);
  EXPECT_EQ(r.doc.pages.size(), 1u);
  EXPECT_LE(r.squeeze, 0.5 + 1e-9) << "a last page over a quarter full: half way to the bounds at most";
  EXPECT_EQ(count(diags, Severity::Note, "tightened a little to spare a last page of about"), 1);
  EXPECT_EQ(flow_text(r.doc), flow_text(natural.doc)) << "every word is still there";
}

// A last page under a quarter full that half way to the bounds does not spare, as a closing
// that moves as one (statement, date, signature) stays a few points short of the room above,
// is spared further towards the bounds: a designer squeezes a little rather than print a page
// three quarters empty (a Hebrew ko-standard form, its closing alone short by 4 pt at half way).
// A last page over a quarter full keeps the half-way bound (ANearlyEmptyLastPageIsSparedUnasked).
TEST(FitToPages, ALastPageUnderAQuarterMayGoFurtherThanHalfWay) {
  // The closing dated as the CLI dates it (today, when the CV gives no day).
  model::CvFile file = load(long_cv(11) + "settings:\n  current_date: 2026-11-30\n");
  theme::Theme theme = classic();
  theme.declaration = "I declare that everything written above is true.";
  theme.signature = "NAME";
  // Bounds closer to the layout's own sizes, so that half way gains less.
  theme.fit_min_font_scale = 0.95;
  theme.fit_min_leading_scale = 0.96;
  theme.fit_min_space_scale = 0.7;
  ASSERT_EQ(pages_at(file, theme, 0.5), 2u) << "the CV must need more than half way";
  // Judged on the page as it runs, before a stub of a last page is lifted (the page before
  // ending earlier to give it more).
  const doc::Document as_it_runs = unlifted(file, theme);
  ASSERT_EQ(as_it_runs.pages.size(), 2u);
  ASSERT_LT(as_it_runs.pages[1].content_height, 0.25 * as_it_runs.flow_height);
  theme::Theme as_written = theme;
  as_written.fit_spare_last_page = false;
  Diagnostics plain;
  FitResult natural = lay_out(file, as_written, 0, plain);
  Diagnostics diags;
  FitResult r = lay_out(file, theme, 0, diags);
  EXPECT_EQ(r.doc.pages.size(), 1u);
  EXPECT_GT(r.squeeze, 0.5);
  EXPECT_LE(r.squeeze, 0.65 + 1e-9) << "two thirds of the way to the bounds at most";
  EXPECT_EQ(count(diags, Severity::Note, "tightened a little to spare a last page of about"), 1);
  EXPECT_EQ(flow_text(r.doc), flow_text(natural.doc)) << "every word is still there";
}

}  // namespace
}  // namespace hanji::fit
