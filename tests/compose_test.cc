// Tests for the compose module: inline markup, dates, each entry type's blocks, the header,
// sections and their spacing, keep-together information and the document metadata.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "compose/builder.h"
#include "compose/compose.h"
#include "compose/templates.h"
#include "compose/markup.h"  // private: bold keywords on their own
#include "repo_data.h"

namespace hanji::compose {
namespace {

using theme::Align;
using model::Date;
using model::Entry;
using model::EntryKind;
using model::Text;

// ---------------------------------------------------------------- helpers

Text T(std::string value, int line = 0, int col = 1) {
  return Text{std::move(value), line > 0 ? Span{"cv.yaml", line, col} : Span{}};
}

Date ym(int year, int month) {
  Date d;
  d.kind = Date::Kind::YearMonth;
  d.year = year;
  d.month = month;
  d.text = std::to_string(year) + "-" + (month < 10 ? "0" : "") + std::to_string(month);
  return d;
}
Date year_only(int year) {
  Date d;
  d.kind = Date::Kind::Year;
  d.year = year;
  d.text = std::to_string(year);
  return d;
}
Date ymd(int year, int month, int day) {
  Date d = ym(year, month);
  d.kind = Date::Kind::YearMonthDay;
  d.day = day;
  return d;
}
Date present() {
  Date d;
  d.kind = Date::Kind::Present;
  d.text = "present";
  return d;
}
Date free_date(std::string text) {
  Date d;
  d.kind = Date::Kind::Free;
  d.text = std::move(text);
  return d;
}

model::Locale english() {
  model::Locale l;
  l.month_names = {"January", "February", "March",     "April",   "May",      "June",
                   "July",    "August",   "September", "October", "November", "December"};
  l.month_abbreviations = {"Jan", "Feb", "Mar", "Apr", "May", "June", "July", "Aug", "Sept", "Oct", "Nov", "Dec"};
  return l;
}

model::Locale korean() {
  model::Locale l;
  l.language = "ko";
  for (int m = 0; m < 12; ++m) l.month_abbreviations[m] = l.month_names[m] = std::to_string(m + 1) + "월";
  l.present = "현재";
  l.date = "YEAR. MONTH.";
  l.date_with_day = "YEAR. MONTH. DAY.";
  l.month_year = l.date_in_words = "YEAR년 MONTH월";
  l.year_in_words = "YEAR년";
  l.date_in_words_with_day = "YEAR년 MONTH월 DAY일";
  l.degree_with_area = "AREA DEGREE";
  l.cv_title_with_name = "NAME 이력서";
  l.cv_title = "이력서";
  l.page_number = "PAGE / TOTAL";
  return l;
}

// Classic's values (a bare theme::Theme{} is zeros), with distinct values where a test tells
// which one was used where.
theme::Theme test_theme() {
  theme::Theme t = test::classic_theme();
  t.name = {24, true, false, {0.1, 0.2, 0.3}, 1.2};
  t.headline = {11, false, false, {0.3, 0.3, 0.3}, 1.3};
  t.contact = {9, false, false, {0.2, 0.2, 0.2}, 1.3};
  t.section_title = {12, true, false, {0.1, 0.2, 0.3}, 1.3};
  t.entry_title = {10, true, false, {0, 0, 0}, 1.3};
  t.entry_subtitle = {9.5, false, true, {0.25, 0.25, 0.25}, 1.3};
  t.body = {9.3, false, false, {0.1, 0.1, 0.1}, 1.4};
  t.aside = {9, false, false, {0.3, 0.3, 0.3}, 1.3};
  t.footer = {7.5, false, false, {0.5, 0.5, 0.5}, 1.2};
  t.link_color = {0, 0, 1};
  t.header_space_below = 10;
  t.section_space_above = 12;
  t.section_space_below = 6;
  t.section_rule_gap = 2.5;
  t.entry_space = 8;
  t.text_entry_space = 3;
  t.summary_space = 2;
  t.highlight_space = 1.5;
  t.highlight_indent = 11;
  t.nested_indent = 10;
  t.aside_width = 96;
  t.column_gap = 10;
  t.body_align = Align::Justify;
  return t;
}

FontSpec body_font(const theme::Theme& t = test_theme()) {
  return FontSpec{t.body.size, t.body.bold, t.body.italic, t.body.color};
}

std::string text_of(const std::vector<Inline>& inlines) {
  std::string out;
  for (const auto& i : inlines) out += i.text;
  return out;
}
std::string text_of(const Paragraph& p) { return text_of(p.inlines); }

const Paragraph& para(const Block& b) { return std::get<Paragraph>(b.content); }
const Row& row(const Block& b) { return std::get<Row>(b.content); }

model::CvFile cv_file(std::vector<model::Section> sections = {}) {
  model::CvFile f;
  f.path = "cv.yaml";
  f.cv.name = T("Gildong Hong", 2, 9);
  f.locale = english();
  f.cv.sections = std::move(sections);
  return f;
}

model::Section section(std::string title, EntryKind kind, std::vector<Entry> entries, int line = 10) {
  return model::Section{T(std::move(title), line, 3), kind, std::move(entries), /*key=*/{}, /*title_given=*/false};
}

Entry experience() {
  Entry e;
  e.kind = EntryKind::Experience;
  e.span = Span{"cv.yaml", 12, 7};
  e.company = T("Acme Corp", 12, 16);
  e.position = T("Software Engineer", 13, 17);
  e.start_date = ym(2021, 3);
  e.end_date = present();
  e.location = T("Seoul", 16, 17);
  e.summary = T("Built **things**.", 17, 16);
  e.highlights = {{T("Shipped *v2*", 19, 13), {T("nested one", 20, 15), T("nested two", 21, 15)}},
                  {T("Cut costs", 22, 13), {}}};
  return e;
}

// Index of the first block whose paragraph or row contains `needle`.
size_t find_block(const Composition& c, const std::string& needle) {
  for (size_t i = 0; i < c.main().size(); ++i) {
    const auto& content = c.main()[i].content;
    if (auto* p = std::get_if<Paragraph>(&content); p && text_of(*p).find(needle) != std::string::npos) return i;
    if (auto* r = std::get_if<Row>(&content))
      for (const auto& m : r->main)
        if (text_of(m).find(needle) != std::string::npos) return i;
  }
  ADD_FAILURE() << "no block contains " << needle;
  return 0;
}

// ---------------------------------------------------------------- markup

TEST(Markup, PlainTextIsOneInlineWithTheBaseFont) {
  Diagnostics diags;
  auto inlines = parse_inline(T("Hello, 세계", 3, 5), body_font(), {0, 0, 1}, diags);
  ASSERT_EQ(inlines.size(), 1u);
  EXPECT_EQ(inlines[0].text, "Hello, 세계");
  EXPECT_EQ(inlines[0].font, body_font());
  EXPECT_TRUE(inlines[0].link.empty());
  EXPECT_EQ(inlines[0].span.line, 3);
  EXPECT_EQ(inlines[0].span.col, 5);
  EXPECT_EQ(diags.all().size(), 0u);
}

TEST(Markup, TypewriterQuotesBecomeTypographicOnesOutsideAddresses) {
  Diagnostics diags;
  auto text_of_markup = [&](const std::string& value) { return text_of(parse_inline(T(value, 3, 5), body_font(), {0, 0, 1}, diags)); };
  EXPECT_EQ(text_of_markup("the owner's \"best\" work"), "the owner\u2019s \u201Cbest\u201D work");
  EXPECT_EQ(text_of_markup("'single' and ('paren') in the '90s"), "\u2018single\u2019 and (\u2018paren\u2019) in the \u201990s");
  EXPECT_EQ(text_of_markup("\"Quoted.\" 그는 '좋다'고"), "\u201CQuoted.\u201D 그는 \u2018좋다\u2019고");
  EXPECT_EQ(text_of_markup("see https://example.com/it's or o'neil@example.com"),
            "see https://example.com/it's or o'neil@example.com");
  auto linked = parse_inline(T("[Bob's site](https://example.com/bob's)", 3, 5), body_font(), {0, 0, 1}, diags);
  ASSERT_EQ(linked.size(), 1u);
  EXPECT_EQ(linked[0].text, "Bob\u2019s site");
  EXPECT_EQ(linked[0].link, "https://example.com/bob's") << "a link target is never changed";
  // What a text extractor reads is what was typed, char for char; text without a replaced
  // quote reads as it shows.
  EXPECT_EQ(linked[0].reads_as, "Bob's site");
  auto plain = parse_inline(T("no quotes here", 3, 5), body_font(), {0, 0, 1}, diags);
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_TRUE(plain[0].reads_as.empty());
}

TEST(Markup, CodeIsMonospacedAndLiteral) {
  Diagnostics diags;
  auto inlines = parse_inline(T("Run `make *pdf*` and `` a `tick` `` or `it's`", 2, 7), body_font(), {0, 0, 1}, diags);
  ASSERT_EQ(inlines.size(), 6u);
  EXPECT_EQ(inlines[0].text, "Run ");
  EXPECT_FALSE(inlines[0].font.mono);
  EXPECT_EQ(inlines[1].text, "make *pdf*");  // no emphasis inside code
  EXPECT_TRUE(inlines[1].font.mono);
  EXPECT_FALSE(inlines[1].font.italic);
  EXPECT_EQ(inlines[1].span.col, 12);  // the first character inside the backticks
  EXPECT_EQ(inlines[3].text, "a `tick`");  // one space inside each end is dropped
  EXPECT_TRUE(inlines[3].font.mono);
  EXPECT_EQ(inlines[5].text, "it's");  // quotes in code stay typewriter quotes
  EXPECT_TRUE(diags.all().empty());
  // An escaped backtick is text, and so is one that nothing closes.
  EXPECT_EQ(text_of(parse_inline(T("a \\`b` c", 1, 1), body_font(), {0, 0, 1}, diags)), "a `b` c");
  // A run closes only at a run as long: `` ` `` here, then a lone ` left as text.
  auto runs = parse_inline(T("``x`y`` `z", 1, 1), body_font(), {0, 0, 1}, diags);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].text, "x`y");
  EXPECT_EQ(runs[1].text, " `z");
  EXPECT_FALSE(runs[1].font.mono);
}

TEST(Markup, BoldItalicAndSpansCountCodePoints) {
  Diagnostics diags;
  // Hangul is three bytes a character in UTF-8; spans count characters.
  auto inlines = parse_inline(T("한국어 **굵게** and *slanted*", 4, 10), body_font(), {0, 0, 1}, diags);
  ASSERT_EQ(inlines.size(), 4u);
  EXPECT_EQ(inlines[0].text, "한국어 ");
  EXPECT_EQ(inlines[1].text, "굵게");
  EXPECT_TRUE(inlines[1].font.bold);
  EXPECT_FALSE(inlines[1].font.italic);
  EXPECT_EQ(inlines[1].span.col, 10 + 6);  // after "한국어 **"
  EXPECT_EQ(inlines[2].text, " and ");
  EXPECT_FALSE(inlines[2].font.bold);
  EXPECT_EQ(inlines[3].text, "slanted");
  EXPECT_TRUE(inlines[3].font.italic);
  EXPECT_EQ(inlines[3].span.col, 10 + 16);
  EXPECT_EQ(diags.all().size(), 0u);
}

TEST(Markup, LinksTakeTheLinkColourAndMayContainBold) {
  Diagnostics diags;
  Rgb link_color{0, 0, 1};
  auto inlines =
      parse_inline(T("see [my **site**](https://example.com/a_(b)) now", 5, 1), body_font(), link_color, diags);
  ASSERT_EQ(inlines.size(), 4u);
  EXPECT_EQ(inlines[0].text, "see ");
  EXPECT_EQ(inlines[1].text, "my ");
  EXPECT_EQ(inlines[1].link, "https://example.com/a_(b)");
  EXPECT_EQ(inlines[1].font.color, link_color);
  EXPECT_EQ(inlines[1].span.col, 6);
  EXPECT_EQ(inlines[2].text, "site");
  EXPECT_TRUE(inlines[2].font.bold);
  EXPECT_EQ(inlines[2].link, "https://example.com/a_(b)");
  EXPECT_EQ(inlines[3].text, " now");
  EXPECT_TRUE(inlines[3].link.empty());
  EXPECT_EQ(inlines[3].font.color, body_font().color);
  EXPECT_EQ(diags.all().size(), 0u);
}

TEST(Markup, BoldAroundALinkAndBoldItalicTogether) {
  Diagnostics diags;
  auto inlines = parse_inline(T("**[x](mailto:a@b.c)** ***both*** *it **bold** it*"), body_font(), {}, diags);
  ASSERT_GE(inlines.size(), 1u);
  EXPECT_EQ(text_of(inlines), "x both it bold it");
  EXPECT_EQ(inlines[0].text, "x");
  EXPECT_TRUE(inlines[0].font.bold);
  EXPECT_EQ(inlines[0].link, "mailto:a@b.c");
  auto both = std::find_if(inlines.begin(), inlines.end(), [](const Inline& i) { return i.text == "both"; });
  ASSERT_NE(both, inlines.end());
  EXPECT_TRUE(both->font.bold);
  EXPECT_TRUE(both->font.italic);
  auto inner = std::find_if(inlines.begin(), inlines.end(), [](const Inline& i) { return i.text == "bold"; });
  ASSERT_NE(inner, inlines.end());
  EXPECT_TRUE(inner->font.bold);
  EXPECT_TRUE(inner->font.italic);
  EXPECT_EQ(diags.all().size(), 0u);
}

TEST(Markup, EscapesAndLoneAsterisksStayLiteral) {
  Diagnostics diags;
  auto inlines = parse_inline(T(R"(\*not italic\* 5 * 3 \[x\] [2020] a\b)"), body_font(), {}, diags);
  EXPECT_EQ(text_of(inlines), R"(*not italic* 5 * 3 [x] [2020] a\b)");
  ASSERT_EQ(inlines.size(), 1u);
  EXPECT_FALSE(inlines[0].font.italic);
  EXPECT_EQ(diags.all().size(), 0u);
}

TEST(Markup, UnterminatedMarkupIsKeptWithAWarningAtItsLocation) {
  Diagnostics diags;
  auto inlines = parse_inline(T("C++ **fast and *safe", 7, 12), body_font(), {}, diags);
  EXPECT_EQ(text_of(inlines), "C++ **fast and *safe");
  for (const auto& i : inlines) EXPECT_FALSE(i.font.bold || i.font.italic) << i.text;
  ASSERT_EQ(diags.warning_count(), 2);
  EXPECT_EQ(diags.error_count(), 0);
  const auto& first = diags.all()[0];
  EXPECT_EQ(first.severity, Severity::Warning);
  EXPECT_EQ(first.message, "'**' is never closed; it is kept as text");
  EXPECT_EQ(first.span.line, 7);
  EXPECT_EQ(first.span.col, 12 + 4);
  EXPECT_EQ(diags.all()[1].message, "'*' is never closed; it is kept as text");
  EXPECT_EQ(diags.all()[1].span.col, 12 + 15);

  Diagnostics closer;
  parse_inline(T("Python* rocks", 1, 1), body_font(), {}, closer);
  ASSERT_EQ(closer.warning_count(), 1);
  EXPECT_EQ(closer.all()[0].message, "'*' closes nothing; it is kept as text");
  EXPECT_EQ(closer.all()[0].span.col, 7);
}

TEST(Markup, BadLinksWarn) {
  Diagnostics diags;
  auto inlines = parse_inline(T("[site](example.com) and [open](https://x.y", 2, 1), body_font(), {}, diags);
  EXPECT_EQ(text_of(inlines), "site and [open](https://x.y");
  ASSERT_EQ(diags.warning_count(), 2);
  EXPECT_NE(diags.all()[0].message.find("'example.com' has no scheme"), std::string::npos);
  EXPECT_EQ(diags.all()[0].hints.at(0), "write https://example.com");
  EXPECT_EQ(diags.all()[0].span.col, 8);
  EXPECT_NE(diags.all()[1].message.find("no closing ')'"), std::string::npos);
  EXPECT_EQ(diags.all()[1].span.col, 25);
}

// Only http, https, mailto and tel addresses are linked: any other scheme (in any case) keeps
// its text without a link and warns at the address; a bare host name gets https://.
TEST(Markup, LinksOnlyWebMailAndPhoneAddresses) {
  const std::vector<std::pair<std::string, std::string>> linked = {
      {"https://example.com/a", "https://example.com/a"}, {"HTTPS://example.com/b", "https://example.com/b"},
      {"http://example.com", "http://example.com"},       {"mailto:jane@example.com", "mailto:jane@example.com"},
      {"tel:+821012345678", "tel:+821012345678"},         {"example.com/x", "https://example.com/x"},
      {"www.example.com:8080/cv", "https://www.example.com:8080/cv"}};
  for (const auto& [target, link] : linked) {
    Diagnostics diags;
    auto inlines = parse_inline(T("[site](" + target + ")", 4, 3), body_font(), {0, 0, 1}, diags);
    ASSERT_EQ(inlines.size(), 1u) << target;
    EXPECT_EQ(inlines[0].link, link) << target;
  }
  for (const std::string target : {"javascript:alert(1)", "JavaScript:alert(1)", "file:///etc/passwd",
                                   "smb://host/share", "data:text/html,hi", "vbscript:msgbox", "ftp://example.com",
                                   "localhost:3000", "../cv.pdf", "cv"}) {
    Diagnostics diags;
    auto inlines = parse_inline(T("see [my page](" + target + ") now", 4, 3), body_font(), {0, 0, 1}, diags);
    EXPECT_EQ(text_of(inlines), "see my page now") << target;
    for (const auto& in : inlines) EXPECT_TRUE(in.link.empty()) << target;
    ASSERT_EQ(diags.warning_count(), 1) << target;
    const Diagnostic& warning = diags.all()[0];
    EXPECT_NE(warning.message.find("no link to '" + target + "'"), std::string::npos) << warning.message;
    EXPECT_NE(warning.message.find("the text is set without a link"), std::string::npos) << warning.message;
    EXPECT_EQ(warning.span.line, 4);
    EXPECT_EQ(warning.span.col, 3 + 14) << target;  // at the address
    EXPECT_FALSE(warning.hints.empty());
  }
  Diagnostics diags;
  parse_inline(T("[x](javascript:alert(1))", 1, 1), body_font(), {}, diags);
  ASSERT_EQ(diags.warning_count(), 1);
  EXPECT_NE(diags.all()[0].message.find("not javascript: ones"), std::string::npos) << diags.all()[0].message;
  EXPECT_NE(diags.all()[0].hints[0].find("https://"), std::string::npos);
}

TEST(Markup, BareAddressesBecomeLinksToThemselves) {
  Diagnostics diags;
  auto inlines = parse_inline(T("docs (see https://x.y/a_(b)/c). and http://e.f, xhttps://no", 3, 1), body_font(),
                              {0, 0, 1}, diags);
  EXPECT_EQ(text_of(inlines), "docs (see https://x.y/a_(b)/c). and http://e.f, xhttps://no");
  std::vector<std::pair<std::string, std::string>> links;
  for (const auto& i : inlines)
    if (!i.link.empty()) links.emplace_back(i.text, i.link);
  ASSERT_EQ(links.size(), 2u);
  EXPECT_EQ(links[0], (std::pair<std::string, std::string>{"https://x.y/a_(b)/c", "https://x.y/a_(b)/c"}));
  EXPECT_EQ(links[1], (std::pair<std::string, std::string>{"http://e.f", "http://e.f"}));
  EXPECT_EQ(inlines[1].span.col, 11);
  EXPECT_EQ(diags.all().size(), 0u);
}

TEST(Markup, MultiLineValuesPointAtTheirStart) {
  Diagnostics diags;
  auto inlines = parse_inline(T("first line\nsecond **bold**", 9, 7), body_font(), {}, diags);
  ASSERT_EQ(inlines.size(), 2u);
  EXPECT_EQ(inlines[0].text, "first line\nsecond ");
  EXPECT_EQ(inlines[1].span.line, 9);
  EXPECT_EQ(inlines[1].span.col, 7);
}

// ---------------------------------------------------------------- dates

std::string dates(std::optional<Date> date, std::optional<Date> start, std::optional<Date> end,
                  const model::Locale& locale) {
  Entry e;
  e.date = std::move(date);
  e.start_date = std::move(start);
  e.end_date = std::move(end);
  return format_dates(e, locale);
}

TEST(Dates, English) {
  auto en = english();
  EXPECT_EQ(dates({}, ym(2023, 9), present(), en), "Sept 2023 \u2013 present");
  EXPECT_EQ(dates({}, year_only(2018), year_only(2020), en), "2018 \u2013 2020");
  EXPECT_EQ(dates({}, ym(2019, 6), ym(2021, 7), en), "June 2019 \u2013 July 2021");
  EXPECT_EQ(dates(ym(2019, 6), {}, {}, en), "June 2019");
  EXPECT_EQ(dates(ymd(2019, 1, 15), {}, {}, en), "Jan 2019");
  EXPECT_EQ(dates(year_only(2020), {}, {}, en), "2020");
  EXPECT_EQ(dates(free_date("Fall 2023"), {}, {}, en), "Fall 2023");
  EXPECT_EQ(dates({}, ym(2022, 2), {}, en), "Feb 2022 \u2013 present");  // start only: until now
  EXPECT_EQ(dates({}, {}, {}, en), "");
}

TEST(Dates, Korean) {
  auto ko = korean();
  EXPECT_EQ(dates({}, ym(2020, 3), ym(2023, 7), ko), "2020. 3. \u2013 2023. 7.");
  EXPECT_EQ(dates({}, ym(2023, 8), present(), ko), "2023. 8. \u2013 현재");
  EXPECT_EQ(dates({}, year_only(2018), year_only(2020), ko), "2018 \u2013 2020");
  EXPECT_EQ(dates(ymd(2019, 3, 1), {}, {}, ko), "2019. 3. 1.");
  EXPECT_EQ(dates(free_date("2023년 가을"), {}, {}, ko), "2023년 가을");
  ko.range_separator = " ~ ";
  EXPECT_EQ(dates({}, ym(2020, 3), ym(2023, 7), ko), "2020. 3. ~ 2023. 7.");
}

// ---------------------------------------------------------------- entries

TEST(Entries, ExperienceRowSummaryAndHighlights) {
  auto theme = test_theme();
  Diagnostics diags;
  auto c = compose(cv_file({section("Experience", EntryKind::Experience, {experience()})}), theme, diags);
  EXPECT_EQ(diags.all().size(), 0u);
  size_t r = find_block(c, "Software Engineer");
  const Block& header = c.main()[r];
  const Row& rw = row(header);
  ASSERT_EQ(rw.main.size(), 2u);
  EXPECT_EQ(text_of(rw.main[0]), "Software Engineer");
  EXPECT_EQ(rw.main[0].inlines[0].font, (FontSpec{10, true, false, {0, 0, 0}}));
  EXPECT_EQ(text_of(rw.main[1]), "Acme Corp");
  EXPECT_TRUE(rw.main[1].inlines[0].font.italic);  // entry_subtitle style
  EXPECT_DOUBLE_EQ(rw.main[1].line_height, 9.5 * 1.3);
  ASSERT_EQ(rw.aside.size(), 2u);
  EXPECT_EQ(text_of(rw.aside[0]), "Mar 2021 \u2013 present");
  EXPECT_EQ(rw.aside[0].align, Align::Right);
  EXPECT_EQ(text_of(rw.aside[1]), "Seoul");
  EXPECT_EQ(rw.aside[1].align, Align::Right);
  EXPECT_DOUBLE_EQ(rw.aside_width, 96);
  EXPECT_DOUBLE_EQ(rw.gap, 10);
  EXPECT_DOUBLE_EQ(header.space_before, theme.section_space_below);  // first entry
  EXPECT_TRUE(header.keep_with_next);
  EXPECT_GE(header.group, 0);

  // summary, highlight, 2 nested, highlight: all in the entry's group
  ASSERT_EQ(c.main().size(), r + 6);
  const Paragraph& summary = para(c.main()[r + 1]);
  EXPECT_EQ(text_of(summary), "Built things.");
  EXPECT_EQ(summary.align, Align::Justify);
  EXPECT_DOUBLE_EQ(c.main()[r + 1].space_before, theme.summary_space);
  const Paragraph& h1 = para(c.main()[r + 2]);
  EXPECT_EQ(text_of(h1), "Shipped v2");
  ASSERT_TRUE(h1.marker.has_value());
  EXPECT_EQ(h1.marker->text.text, theme.bullet);
  EXPECT_DOUBLE_EQ(h1.marker->gap, 4);
  EXPECT_DOUBLE_EQ(h1.indent_left, 11);
  EXPECT_DOUBLE_EQ(h1.line_height, 9.3 * 1.4);
  EXPECT_DOUBLE_EQ(c.main()[r + 2].space_before, theme.highlight_space);
  const Paragraph& nested = para(c.main()[r + 3]);
  EXPECT_EQ(text_of(nested), "nested one");
  EXPECT_EQ(nested.marker->text.text, "\u25E6");
  EXPECT_DOUBLE_EQ(nested.indent_left, 21);
  EXPECT_EQ(text_of(para(c.main()[r + 5])), "Cut costs");
  for (size_t i = r; i < r + 6; ++i) EXPECT_EQ(c.main()[i].group, header.group) << i;
  // The header stays with the summary and the first two highlights.
  EXPECT_TRUE(c.main()[r + 1].keep_with_next);
  EXPECT_TRUE(c.main()[r + 2].keep_with_next);
  for (size_t i = r + 3; i < r + 6; ++i) EXPECT_FALSE(c.main()[i].keep_with_next) << i;
}

TEST(Entries, FirstDetailTakesSummarySpaceWhenThereIsNoSummary) {
  auto e = experience();
  e.summary = {};
  Diagnostics diags;
  auto c = compose(cv_file({section("Experience", EntryKind::Experience, {e})}), test_theme(), diags);
  size_t r = find_block(c, "Software Engineer");
  EXPECT_DOUBLE_EQ(c.main()[r + 1].space_before, test_theme().summary_space);
  EXPECT_DOUBLE_EQ(c.main()[r + 2].space_before, test_theme().highlight_space);
}

TEST(Entries, EducationDegreeWithArea) {
  Entry e;
  e.kind = EntryKind::Education;
  e.institution = T("KAIST", 30, 20);
  e.area = T("Computer Science", 31, 13);
  e.degree = T("BS", 32, 15);
  e.start_date = year_only(2014);
  e.end_date = year_only(2018);
  Entry no_degree = e;
  no_degree.degree = {};
  Diagnostics diags;
  auto c = compose(cv_file({section("Education", EntryKind::Education, {e, no_degree})}), test_theme(), diags);
  const Row& first = row(c.main()[find_block(c, "KAIST")]);
  ASSERT_EQ(first.main.size(), 2u);
  EXPECT_EQ(text_of(first.main[0]), "KAIST");
  EXPECT_EQ(text_of(first.main[1]), "BS in Computer Science");
  EXPECT_EQ(first.main[1].inlines[0].span.line, 32);  // "BS" keeps its location
  EXPECT_EQ(text_of(first.aside[0]), "2014 \u2013 2018");
  const Row& second = row(c.main().back());
  EXPECT_EQ(text_of(second.main[1]), "Computer Science");  // connector dropped with the degree

  auto ko = cv_file({section("학력", EntryKind::Education, {e})});
  ko.locale = korean();
  ko.cv.sections[0].entries[0].area = T("컴퓨터공학");
  ko.cv.sections[0].entries[0].degree = T("학사");
  auto kc = compose(ko, test_theme(), diags);
  EXPECT_EQ(text_of(row(kc.main().back()).main[1]), "컴퓨터공학 학사");
  EXPECT_EQ(text_of(row(kc.main().back()).aside[0]), "2014 \u2013 2018");

  auto bracketed = cv_file({section("Education", EntryKind::Education, {e, no_degree})});
  bracketed.locale.degree_with_area = "AREA (DEGREE)";
  auto bc = compose(bracketed, test_theme(), diags);
  EXPECT_EQ(text_of(row(bc.main()[find_block(bc, "KAIST")]).main[1]), "Computer Science (BS)");
  EXPECT_EQ(text_of(row(bc.main().back()).main[1]), "Computer Science");
}

// A template whose first line is empty for this entry (academic's "degree, then school" for a
// school without a degree) gives the title's style to the first line that has text.
TEST(Entries, FirstLineWithTextIsTheTitleWhenTheTemplatesFirstIsEmpty) {
  Entry school;
  school.kind = EntryKind::Education;
  school.institution = T("Suwon High School", 30, 20);
  school.end_date = year_only(2005);
  theme::Theme theme = test_theme();
  theme.education_template.main = {"DEGREE_WITH_AREA", "INSTITUTION"};
  Diagnostics diags;
  auto c = compose(cv_file({section("Education", EntryKind::Education, {school})}), theme, diags);
  const Row& r = row(c.main()[find_block(c, "Suwon High School")]);
  ASSERT_EQ(r.main.size(), 1u);
  EXPECT_EQ(r.main[0].inlines[0].font.bold, theme.entry_title.bold);
  EXPECT_EQ(r.main[0].inlines[0].font.size, theme.entry_title.size);
  EXPECT_NE(r.main[0].inlines[0].font.size, theme.entry_subtitle.size) << "set as a subtitle";
}

TEST(Entries, NormalEntryWithoutAsideInASectionWithout) {
  Entry e;
  e.kind = EntryKind::Normal;
  e.name = T("hanji");
  e.summary = T("A typesetter.");
  Diagnostics diags;
  auto c = compose(cv_file({section("Projects", EntryKind::Normal, {e, e})}), test_theme(), diags);
  const Block& first = c.main()[find_block(c, "hanji")];
  const Row& rw = row(first);
  ASSERT_EQ(rw.main.size(), 1u);
  EXPECT_TRUE(rw.aside.empty());
  EXPECT_DOUBLE_EQ(rw.aside_width, 0);  // no entry in the section has dates: full width
  EXPECT_DOUBLE_EQ(rw.gap, 0);
  // the second entry is a regular one: entry.space
  size_t second = c.main().size() - 2;
  EXPECT_DOUBLE_EQ(c.main()[second].space_before, test_theme().entry_space);
  EXPECT_NE(c.main()[second].group, first.group);
}

TEST(Entries, EmptyAsideStillReservesItsColumnWhenAnotherEntryHasOne) {
  Entry dated;
  dated.kind = EntryKind::Normal;
  dated.name = T("Dated");
  dated.date = year_only(2020);
  Entry undated = dated;
  undated.name = T("Undated");
  undated.date.reset();
  Diagnostics diags;
  auto c = compose(cv_file({section("Awards", EntryKind::Normal, {dated, undated})}), test_theme(), diags);
  const Row& rw = row(c.main()[find_block(c, "Undated")]);
  EXPECT_TRUE(rw.aside.empty());
  EXPECT_DOUBLE_EQ(rw.aside_width, 96);
  EXPECT_FALSE(c.main()[find_block(c, "Undated")].keep_with_next);  // nothing below it
}

Entry publication() {
  Entry e;
  e.kind = EntryKind::Publication;
  e.title = T("Typesetting Hangul", 40, 14);
  e.authors = {T("Jane Roe", 41, 16), T("Gildong  Hong", 41, 26), T("**John Doe**", 41, 41), T("Gildong Hongson")};
  e.journal = T("Journal of Type", 42, 16);
  e.doi = T("10.1145/123.456", 43, 12);
  e.url = {};
  e.date = ym(2024, 1);
  return e;
}

TEST(Entries, PublicationAuthorsJournalAndDoi) {
  Diagnostics diags;
  auto theme = test_theme();
  auto c = compose(cv_file({section("Publications", EntryKind::Publication, {publication()})}), theme, diags);
  const Row& rw = row(c.main()[find_block(c, "Typesetting Hangul")]);
  ASSERT_EQ(rw.main.size(), 3u);
  EXPECT_EQ(text_of(rw.main[0]), "Typesetting Hangul");
  const Paragraph& authors = rw.main[1];
  EXPECT_EQ(text_of(authors), "Jane Roe, Gildong  Hong, John Doe, Gildong Hongson");
  EXPECT_TRUE(authors.is_name);
  for (const auto& i : authors.inlines) {
    bool should_be_bold = i.text == "Gildong  Hong" || i.text == "John Doe";  // the owner, explicit **bold**
    EXPECT_EQ(i.font.bold, should_be_bold) << i.text;
  }
  const Paragraph& journal = rw.main[2];
  EXPECT_EQ(text_of(journal), "Journal of Type, doi:10.1145/123.456");
  EXPECT_EQ(journal.inlines.back().link, "https://doi.org/10.1145/123.456");
  EXPECT_EQ(journal.inlines.back().font.color, theme.link_color);
  EXPECT_EQ(journal.inlines.back().span.line, 43);
  ASSERT_EQ(rw.aside.size(), 1u);
  EXPECT_EQ(text_of(rw.aside[0]), "Jan 2024");
}

/// The authors a composed publication ("Typesetting Hangul") sets bold, in order.
std::vector<std::string> bold_authors(const Composition& c) {
  const Row& rw = row(c.main()[find_block(c, "Typesetting Hangul")]);
  std::vector<std::string> bold;
  for (const auto& i : rw.main[1].inlines)
    if (i.font.bold) bold.push_back(i.text);
  return bold;
}

TEST(Entries, BilingualOwnerNameMatchesEitherHalf) {
  auto file = cv_file({section("논문", EntryKind::Publication, {publication()})});
  file.cv.name = T("김하늘 (Haneul Kim)");
  auto& authors = file.cv.sections[0].entries[0].authors;
  authors = {T("김하늘"), T("Haneul Kim"), T("김하늘 (Haneul Kim)"), T("Haneul"), T("Jane Roe")};
  Diagnostics diags;
  EXPECT_EQ(bold_authors(compose(file, test_theme(), diags)), (std::vector<std::string>{"김하늘", "Haneul Kim", "김하늘 (Haneul Kim)"}));
}

// An author written in emphasis whole is the owner marking their own name in another script
// than the CV's ("*Yuna Choi*" on a Korean CV named 최윤아): bold, as the owner's name is; an
// author emphasized in part is not.
TEST(Entries, AnAuthorWrittenInEmphasisIsTheOwnersName) {
  auto file = cv_file({section("논문", EntryKind::Publication, {publication()})});
  file.cv.name = T("최윤아");
  auto& authors = file.cv.sections[0].entries[0].authors;
  authors = {T("최윤아"), T("*Yuna Choi*"), T("Jane *Roe*"), T("Minji Kang")};
  Diagnostics diags;
  EXPECT_EQ(bold_authors(compose(file, test_theme(), diags)), (std::vector<std::string>{"최윤아", "Yuna Choi"}));
}

TEST(Entries, PublicationOwnerBoldCanBeTurnedOffAndUrlIsUsedWithoutDoi) {
  auto theme = test_theme();
  theme.bold_owner_in_authors = false;
  auto e = publication();
  e.doi = {};
  e.url = T("https://example.org/paper");
  e.journal = {};
  Diagnostics diags;
  auto c = compose(cv_file({section("Publications", EntryKind::Publication, {e})}), theme, diags);
  const Row& rw = row(c.main()[find_block(c, "Typesetting Hangul")]);
  for (const auto& i : rw.main[1].inlines) EXPECT_EQ(i.font.bold, i.text == "John Doe") << i.text;
  EXPECT_EQ(text_of(rw.main[2]), "https://example.org/paper");
  EXPECT_EQ(rw.main[2].inlines[0].link, "https://example.org/paper");
}

// A publication's url of another scheme than http, https, mailto or tel is shown, not linked,
// and not in the link colour; a bare host name links with https://.
TEST(Entries, PublicationUrlIsLinkedOnlyAsAWebAddress) {
  auto theme = test_theme();
  for (const auto& [url, link] : std::vector<std::pair<std::string, std::string>>{
           {"javascript:alert(1)", ""}, {"file:///home/jane/paper.pdf", ""}, {"example.org/paper", "https://example.org/paper"}}) {
    auto e = publication();
    e.doi = {};
    e.journal = {};
    e.url = T(url);
    Diagnostics diags;
    auto c = compose(cv_file({section("Publications", EntryKind::Publication, {e})}), theme, diags);
    const Row& rw = row(c.main()[find_block(c, "Typesetting Hangul")]);
    EXPECT_EQ(text_of(rw.main[2]), url);
    EXPECT_EQ(rw.main[2].inlines[0].link, link) << url;
    EXPECT_EQ(rw.main[2].inlines[0].font.color == theme.link_color, !link.empty()) << url;
  }
}

// A list of one-line entries keeps two on each side of a page break, as a paragraph keeps
// two lines: its last never alone at the top of a page, its first never alone under its title
// (a list of two stays together).
TEST(Entries, OneLineEntriesKeepTwoOnEachSideOfABreak) {
  std::vector<Entry> entries;
  for (const char* label : {"Languages", "Tools", "Data", "Cloud"}) {
    Entry e;
    e.kind = EntryKind::OneLine;
    e.label = T(label, 50, 16);
    e.details = T("C++, Python", 51, 18);
    entries.push_back(e);
  }
  Diagnostics diags;
  auto c = compose(cv_file({section("Skills", EntryKind::OneLine, entries)}), test_theme(), diags);
  EXPECT_TRUE(c.main()[find_block(c, "Languages")].keep_with_next);
  EXPECT_FALSE(c.main()[find_block(c, "Tools")].keep_with_next);
  EXPECT_TRUE(c.main()[find_block(c, "Data")].keep_with_next);
  EXPECT_FALSE(c.main()[find_block(c, "Cloud")].keep_with_next);
  entries.resize(2);  // two: together, never one under the title and one overleaf
  auto pair = compose(cv_file({section("Skills", EntryKind::OneLine, entries)}), test_theme(), diags);
  EXPECT_TRUE(pair.main()[find_block(pair, "Languages")].keep_with_next);
  entries.resize(1);
  auto one = compose(cv_file({section("Skills", EntryKind::OneLine, entries)}), test_theme(), diags);
  EXPECT_FALSE(one.main()[find_block(one, "Languages")].keep_with_next);
}

TEST(Entries, OneLineIsBoldLabelColonDetails) {
  Entry e;
  e.kind = EntryKind::OneLine;
  e.label = T("Languages", 50, 16);
  e.details = T("C++, *Python*", 51, 18);
  Diagnostics diags;
  auto theme = test_theme();
  auto c = compose(cv_file({section("Skills", EntryKind::OneLine, {e, e})}), theme, diags);
  const Block& block = c.main()[find_block(c, "Languages")];
  const Paragraph& p = para(block);
  EXPECT_EQ(text_of(p), "Languages: C++, Python");
  EXPECT_TRUE(p.inlines[0].font.bold);
  EXPECT_EQ(p.inlines[0].span.line, 50);
  EXPECT_EQ(p.inlines[1].text, ":");
  EXPECT_TRUE(p.inlines[1].font.bold);
  EXPECT_FALSE(p.inlines[2].font.bold);
  EXPECT_EQ(p.inlines[3].text, "C++, ");
  EXPECT_EQ(p.inlines[3].span.col, 18);
  EXPECT_TRUE(p.inlines[4].font.italic);
  EXPECT_EQ(p.align, Align::Justify);
  EXPECT_DOUBLE_EQ(c.main().back().space_before, theme.text_entry_space);
}

TEST(Entries, BulletNumberedAndReversedMarkers) {
  auto entry = [](EntryKind kind, std::string text) {
    Entry e;
    e.kind = kind;
    e.text = T(std::move(text));
    return e;
  };
  Diagnostics diags;
  auto theme = test_theme();
  auto c = compose(cv_file({section("B", EntryKind::Bullet, {entry(EntryKind::Bullet, "one")}),
                            section("N", EntryKind::Numbered,
                                    {entry(EntryKind::Numbered, "a"), entry(EntryKind::Numbered, "b"),
                                     entry(EntryKind::Numbered, "c")}),
                            section("R", EntryKind::ReversedNumbered,
                                    {entry(EntryKind::ReversedNumbered, "x"), entry(EntryKind::ReversedNumbered, "y")}),
                            section("N2", EntryKind::Numbered, {entry(EntryKind::Numbered, "again")})}),
                   theme, diags);
  auto marker_of = [&](const std::string& text) { return para(c.main()[find_block(c, text)]).marker->text.text; };
  EXPECT_EQ(marker_of("one"), theme.bullet);
  EXPECT_DOUBLE_EQ(para(c.main()[find_block(c, "one")]).indent_left, theme.highlight_indent);
  EXPECT_EQ(marker_of("a"), "1.");
  EXPECT_EQ(marker_of("b"), "2.");
  EXPECT_EQ(marker_of("c"), "3.");
  EXPECT_EQ(marker_of("x"), "2.");
  EXPECT_EQ(marker_of("y"), "1.");
  EXPECT_EQ(marker_of("again"), "1.");  // numbering restarts per section
  // the hanging indent leaves room for the number and the gap
  EXPECT_GE(para(c.main()[find_block(c, "a")]).indent_left, 4 + 0.9 * theme.body.size);
}

TEST(Entries, TextEntryIsABodyParagraph) {
  Entry e;
  e.kind = EntryKind::Text;
  e.text = T("I like **type**.", 60, 9);
  Diagnostics diags;
  Entry empty;
  empty.kind = EntryKind::Text;
  auto c = compose(cv_file({section("About", EntryKind::Text, {e, empty})}), test_theme(), diags);
  const Paragraph& p = para(c.main().back());  // the empty entry adds nothing
  EXPECT_EQ(text_of(p), "I like type.");
  EXPECT_EQ(p.align, Align::Justify);
  EXPECT_FALSE(p.marker.has_value());
  EXPECT_DOUBLE_EQ(p.indent_left, 0);
}

// ---------------------------------------------------------------- sections

TEST(Sections, TitlesRulesAndSpacing) {
  Entry text;
  text.kind = EntryKind::Text;
  text.text = T("About me.");
  auto theme = test_theme();
  Diagnostics diags;
  auto c = compose(cv_file({section("**About**", EntryKind::Text, {text, text}, 10),
                            section("Experience", EntryKind::Experience, {experience()}, 20)}),
                   theme, diags);
  size_t t1 = find_block(c, "About");
  const Block& title = c.main()[t1];
  EXPECT_EQ(title.bookmark, "About");  // markup removed
  EXPECT_TRUE(title.keep_with_next);
  EXPECT_DOUBLE_EQ(title.space_before, theme.header_space_below);
  EXPECT_EQ(para(title).inlines[0].font.size, theme.section_title.size);
  const Block& rule = c.main()[t1 + 1];
  ASSERT_TRUE(std::holds_alternative<Rule>(rule.content));
  EXPECT_DOUBLE_EQ(std::get<Rule>(rule.content).thickness, theme.section_rule_thickness);
  EXPECT_DOUBLE_EQ(rule.space_before, theme.section_rule_gap);
  EXPECT_TRUE(rule.keep_with_next);
  EXPECT_DOUBLE_EQ(c.main()[t1 + 2].space_before, theme.section_space_below);
  EXPECT_DOUBLE_EQ(c.main()[t1 + 3].space_before, theme.text_entry_space);
  const Block& second = c.main()[t1 + 4];
  EXPECT_EQ(second.bookmark, "Experience");
  EXPECT_DOUBLE_EQ(second.space_before, theme.section_space_above);

  theme.section_rule = false;
  auto norule = compose(cv_file({section("About", EntryKind::Text, {text})}), theme, diags);
  for (const auto& b : norule.main()) EXPECT_FALSE(std::holds_alternative<Rule>(b.content));
}

TEST(Sections, GroupsAreDistinctPerEntry) {
  Diagnostics diags;
  auto c = compose(cv_file({section("Experience", EntryKind::Experience, {experience(), experience()})}), test_theme(),
                   diags);
  std::vector<int> row_groups;
  for (const auto& b : c.main())
    if (std::holds_alternative<Row>(b.content)) row_groups.push_back(b.group);
  ASSERT_EQ(row_groups.size(), 2u);
  EXPECT_NE(row_groups[0], row_groups[1]);
  for (const auto& b : c.main()) {
    if (!b.bookmark.empty()) {
      EXPECT_EQ(b.group, -1);  // titles belong to no entry
    }
  }
}

// ---------------------------------------------------------------- header

TEST(Header, NameHeadlineAndContacts) {
  auto file = cv_file();
  file.cv.headline = T("Engineer", 3, 13);
  file.cv.contacts = {
      {model::Contact::Kind::Location, T("Seoul", 4, 13), "", ""},
      {model::Contact::Kind::Email, T("gd@example.com", 5, 10), "mailto:gd@example.com", ""},
      {model::Contact::Kind::Social, T("gildong", 8, 20), "https://github.com/gildong", "GitHub"},
  };
  auto theme = test_theme();
  Diagnostics diags;
  auto c = compose(file, theme, diags);
  ASSERT_GE(c.main().size(), 3u);
  const Paragraph& name = para(c.main()[0]);
  EXPECT_EQ(text_of(name), "Gildong Hong");
  EXPECT_TRUE(name.is_name);
  EXPECT_EQ(name.align, theme.header_align);
  EXPECT_DOUBLE_EQ(name.line_height, 24 * 1.2);
  EXPECT_EQ(name.inlines[0].font, (FontSpec{24, true, false, {0.1, 0.2, 0.3}}));
  EXPECT_TRUE(c.main()[0].keep_with_next);
  const Paragraph& headline = para(c.main()[1]);
  EXPECT_EQ(text_of(headline), "Engineer");
  EXPECT_DOUBLE_EQ(c.main()[1].space_before, theme.headline_space);
  EXPECT_TRUE(c.main()[1].keep_with_next);
  const Paragraph& contacts = para(c.main()[2]);
  EXPECT_DOUBLE_EQ(c.main()[2].space_before, theme.contact_space);
  EXPECT_EQ(text_of(contacts),
            "Seoul" + theme.contact_separator + "gd@example.com" + theme.contact_separator + "gildong");
  ASSERT_EQ(contacts.inlines.size(), 5u);
  EXPECT_EQ(contacts.inlines[0].link, "");
  EXPECT_EQ(contacts.inlines[2].link, "mailto:gd@example.com");
  EXPECT_EQ(contacts.inlines[2].span.line, 5);
  EXPECT_EQ(contacts.inlines[4].link, "https://github.com/gildong");
  for (const auto& i : contacts.inlines) EXPECT_EQ(i.font.color, theme.contact.color) << i.text;  // not recoloured
  EXPECT_EQ(c.main()[0].group, c.main()[2].group);
  EXPECT_GE(c.main()[0].group, 0);
}

// A side column's contacts: each on its own line, its icon hanging before the text as a
// bullet does, so that a long address wrapping in the narrow column goes on under its own
// first letter; the texts stand on the column's entries' edge (region.indent), the icons out
// on its titles' edge.
TEST(Header, ContactsInASideColumnHangTheirIcons) {
  auto file = cv_file();
  file.cv.contacts = {
      {model::Contact::Kind::Email, T("a.very.long.address@example.com", 5, 10), "mailto:a.very.long.address@example.com", ""},
      {model::Contact::Kind::Social, T("gildong", 8, 20), "https://github.com/gildong", "GitHub"},
  };
  auto theme = test_theme();
  theme.contact_icons = true;
  theme::Region side;
  side.name = "side";
  side.dock = theme::RegionDock::Left;
  side.width = 150;
  side.takes = {"contacts"};
  side.indent = 2 * theme.contact.size;
  theme.regions.push_back(side);
  Diagnostics diags;
  auto c = compose(file, theme, diags);
  const auto& blocks = c.flow("side");
  ASSERT_EQ(blocks.size(), 2u);
  for (const Block& block : blocks) {
    const Paragraph& p = para(block);
    ASSERT_EQ(p.inlines.size(), 1u) << "the icon is not in the text, where a wrapped line would start under it";
    ASSERT_TRUE(p.marker.has_value());
    EXPECT_EQ(p.marker->text.font.color, theme.icon_color);
    EXPECT_EQ(p.marker->text.link, "") << "the text is the link; the icon is an artifact, outside the Link elements";
    EXPECT_FALSE(p.inlines[0].link.empty());
    EXPECT_DOUBLE_EQ(p.indent_left, side.indent) << "the text on the entries' edge";
    EXPECT_FALSE(p.marker->list_item) << "contacts are no list";
    EXPECT_GT(p.marker->gap, 0) << "the icon apart from the text";
    EXPECT_GE(p.indent_left - p.marker->gap - theme.contact.size, -1e-9) << "an em-wide icon inside the column";
  }
  EXPECT_EQ(text_of(para(blocks[0])), "a.very.long.address@example.com");
  EXPECT_EQ(para(blocks[1]).marker->text.text, "\uF09B");  // GitHub's icon
  EXPECT_DOUBLE_EQ(para(blocks[0]).indent_left, para(blocks[1]).indent_left) << "one text edge";
  // A column whose entries stand in less than an icon is wide: the texts past the widest icon.
  theme.regions.back().indent = 0;
  auto flush = compose(file, theme, diags);
  const Paragraph& first = para(flush.flow("side")[0]);
  EXPECT_GE(first.indent_left - first.marker->gap - theme.contact.size, -1e-9) << "an em-wide icon inside the column";
  EXPECT_GT(first.marker->gap, 0);
  theme.contact_icons = false;
  auto plain = compose(file, theme, diags);
  EXPECT_FALSE(para(plain.flow("side")[0]).marker.has_value());
  EXPECT_DOUBLE_EQ(para(plain.flow("side")[0]).indent_left, 0) << "without icons, on the column's edge";
}

TEST(Header, PhotoPutsTheHeaderBesideAFigure) {
  auto file = cv_file();
  file.path = "/home/me/cv/cv.yaml";
  file.cv.headline = T("Engineer");
  file.cv.photo = T("photo.jpg", 5, 10);
  auto theme = test_theme();
  theme.photo_width = 72;
  theme.photo_right = false;
  Diagnostics diags;
  auto c = compose(file, theme, diags);
  ASSERT_FALSE(c.main().empty());
  const auto* figure = std::get_if<Figure>(&c.main()[0].content);
  ASSERT_NE(figure, nullptr);
  EXPECT_EQ(figure->path, "/home/me/cv/photo.jpg");
  EXPECT_DOUBLE_EQ(figure->width, 72);
  EXPECT_DOUBLE_EQ(figure->height, 96);
  EXPECT_FALSE(figure->right);
  ASSERT_EQ(figure->beside.size(), 2u);
  EXPECT_EQ(text_of(figure->beside[0]), "Gildong Hong");
  for (const auto& p : figure->beside) EXPECT_EQ(p.align, Align::Left);
}

// ---------------------------------------------------------------- bold keywords, meta

TEST(BoldKeywords, WholeWordsOnlyAndLatinBeforeHangul) {
  Entry e;
  e.kind = EntryKind::Text;
  e.text = T("Python으로 Pythonic C++ code; C++ templates, not CPython.");
  auto file = cv_file({section("About", EntryKind::Text, {e})});
  file.settings.bold_keywords = {"Python", "C++", "C++ templates"};
  Diagnostics diags;
  auto c = compose(file, test_theme(), diags);
  const Paragraph& p = para(c.main().back());
  EXPECT_EQ(text_of(p), "Python으로 Pythonic C++ code; C++ templates, not CPython.");
  std::vector<std::string> bold;
  for (const auto& i : p.inlines)
    if (i.font.bold) bold.push_back(i.text);
  EXPECT_EQ(bold, (std::vector<std::string>{"Python", "C++", "C++ templates"}));
}

TEST(Meta, TitleAuthorSubjectKeywordsLanguage) {
  Entry one;
  one.kind = EntryKind::OneLine;
  one.label = T("Languages");
  one.details = T("C++");
  auto file =
      cv_file({section("Experience", EntryKind::Experience, {experience()}), section("**Skills**", EntryKind::OneLine, {one})});
  file.cv.name = T("*Gildong* Hong");
  file.cv.headline = T("C++ engineer");
  Diagnostics diags;
  auto c = compose(file, test_theme(), diags);
  EXPECT_EQ(c.meta.title, "Gildong Hong \u2013 CV");
  EXPECT_EQ(c.meta.author, "Gildong Hong");
  EXPECT_EQ(c.meta.subject, "C++ engineer");
  EXPECT_EQ(c.meta.keywords, "Experience, Skills");
  EXPECT_EQ(c.meta.language, "en");

  file.locale = korean();
  file.cv.name = T("홍길동");
  EXPECT_EQ(compose(file, test_theme(), diags).meta.title, "홍길동 이력서");
  EXPECT_EQ(compose(file, test_theme(), diags).meta.language, "ko");

  file.settings.pdf_title = "NAME's CV (CURRENT_DATE)";
  file.settings.current_date = ym(2025, 5);
  EXPECT_EQ(compose(file, test_theme(), diags).meta.title, "홍길동's CV (2025. 5.)");
}

TEST(Meta, Furniture) {
  auto file = cv_file();
  file.locale.page_number = "PAGE of TOTAL";
  auto theme = test_theme();
  theme.page_numbers = false;
  Diagnostics diags;
  auto c = compose(file, theme, diags);
  EXPECT_FALSE(c.furniture.page_numbers);
  EXPECT_EQ(c.furniture.page_number_format, "PAGE of TOTAL");
  EXPECT_EQ(c.furniture.footer_font, (FontSpec{7.5, false, false, {0.5, 0.5, 0.5}}));
  EXPECT_TRUE(c.furniture.page_number_reads_as.empty());

  // The NAME in a footer shows typographic quotes as the header does, and reads as typed.
  file.cv.name = T("Margaret O'Neill", 2, 9);
  theme.footer_text = "NAME \u00B7 PAGE / TOTAL";
  auto named = compose(file, theme, diags);
  EXPECT_EQ(named.furniture.page_number_format, "Margaret O\u2019Neill \u00B7 PAGE / TOTAL");
  EXPECT_EQ(named.furniture.page_number_reads_as, "Margaret O'Neill \u00B7 PAGE / TOTAL");
}

TEST(Exactness, InlineTextIsTheSourceWithoutMarkup) {
  // No case changes, no inserted characters: what the PDF text layer must give back.
  const std::vector<std::pair<std::string, std::string>> cases{
      {"résumé — naïve façade", "résumé — naïve façade"},
      {"**PDF**를 *HarfBuzz*와", "PDF를 HarfBuzz와"},
      {"50% of *ML* [papers](https://a.b)", "50% of ML papers"},
      {"2020.03 ~ 2023.07 (3년 5개월)", "2020.03 ~ 2023.07 (3년 5개월)"},
  };
  for (const auto& [source_text, visible] : cases) {
    Diagnostics diags;
    EXPECT_EQ(text_of(parse_inline(T(source_text), body_font(), {}, diags)), visible);
    EXPECT_EQ(diags.all().size(), 0u) << source_text;
  }
}

}  // namespace
}  // namespace hanji::compose

namespace hanji::compose {
namespace {

TEST(Sections, EmptySectionIsLeftOutWithAWarning) {
  model::CvFile file;
  file.path = "cv.yaml";
  model::Section empty;
  empty.title = {"Talks", Span{"cv.yaml", 7, 5}};
  model::Section full;
  full.title = {"Skills", Span{"cv.yaml", 8, 5}};
  model::Entry e;
  e.kind = model::EntryKind::Text;
  e.text = {"C++ and Python", Span{"cv.yaml", 9, 9}};
  full.kind = model::EntryKind::Text;
  full.entries.push_back(e);
  file.cv.sections = {empty, full};
  Diagnostics diags;
  Composition c = compose(file, theme::Theme{}, diags);
  ASSERT_EQ(diags.warning_count(), 1);
  EXPECT_EQ(diags.all()[0].span.line, 7);
  EXPECT_NE(diags.all()[0].message.find("'Talks' has no entries"), std::string::npos);
  for (const auto& block : c.main()) EXPECT_NE(block.bookmark, "Talks");
  EXPECT_EQ(c.meta.keywords, "Skills");
}

}  // namespace
}  // namespace hanji::compose

namespace hanji::compose {
namespace {

TEST(Meta, TitleWithoutANameHasNoDanglingSeparator) {
  model::CvFile file;
  Diagnostics diags;
  EXPECT_EQ(compose(file, theme::Theme{}, diags).meta.title, "CV");
  file.locale = korean();
  EXPECT_EQ(compose(file, theme::Theme{}, diags).meta.title, "이력서");
}

}  // namespace
}  // namespace hanji::compose

namespace hanji::compose {
namespace {

// ---------------------------------------------------------------- hostile markup

// The parser's steps for `unit` repeated `times` times.
std::size_t parse_steps(const std::string& unit, int times) {
  std::string text;
  for (int k = 0; k < times; ++k) text += unit;
  Diagnostics diags;
  MarkupWork work;
  EXPECT_FALSE(parse_markup(T(text), body_font(), {}, BoldKeywords{}, diags, &work).empty());
  return work.parse_steps;
}

// Unclosed brackets, lone stars and unclosed links were each looked for afresh from every
// opening character: 100,000 "[a " took 11 s. Four times the text now takes four times the
// steps, not sixteen (make bench prints the times).
TEST(Markup, HostileMarkupCostsWorkInProportionToItsLength) {
  for (const std::string unit : {"[a ", "*a ", "a* ", "[a](b ", "**a ", "[a](x) ", "`a ", "``a` "}) {
    const std::size_t small = parse_steps(unit, 10000), large = parse_steps(unit, 40000);
    EXPECT_GE(small, 10000 * unit.size()) << "every character is a step at least";
    // Linear is 4 times; a quadratic part as small as a twentieth of the linear one's would
    // already make it more than 4.5.
    EXPECT_LE(large, 4.5 * static_cast<double>(small) + 100)
        << "'" << unit << "': " << small << " steps for 10,000, " << large << " for 40,000";
  }
}

// A link inside a link label is text (as in CommonMark), so nesting cannot go deeper than one
// label however many brackets there are.
TEST(Markup, LinksInsideLinkLabelsStayText) {
  Diagnostics diags;
  auto inlines = parse_inline(T("[a [b](https://in) c](https://out)"), body_font(), {}, diags);
  EXPECT_EQ(text_of(inlines), "a [b](https://in) c");
  for (const auto& in : inlines) EXPECT_EQ(in.link, "https://out");
  std::string deep;
  for (int k = 0; k < 100000; ++k) deep += "[ ";
  deep += "x";
  for (int k = 0; k < 100000; ++k) deep += "](u) ";
  Diagnostics many;
  auto nested = parse_inline(T(deep), body_font(), {}, many);  // no stack overflow
  EXPECT_FALSE(nested.empty());
}

// The leftmost occurrence of each keyword wins; the search costs work in proportion to the
// text, even for keywords that almost match everywhere.
TEST(BoldKeywords, OverlappingAndNearlyMatchingKeywords) {
  auto bold_of = [](const std::string& text, std::vector<std::string> keywords) {
    Diagnostics diags;
    auto inlines = parse_markup(T(text), body_font(), {}, BoldKeywords(std::move(keywords)), diags);
    std::string out;
    for (const auto& i : inlines) out += i.font.bold ? "[" + i.text + "]" : i.text;
    return out;
  };
  EXPECT_EQ(bold_of("++ +++ ++++", {"++"}), "[++] [++]+ [++++]");  // adjacent bold runs merge
  EXPECT_EQ(bold_of("abab abcab", {"ab", "abcab"}), "abab [abcab]");
  EXPECT_EQ(bold_of("aaaab aaab", {"aaab"}), "aaaab [aaab]");
  EXPECT_EQ(bold_of("x C++ C++ y", {"C++"}), "x [C++] [C++] y");
  // Knuth–Morris–Pratt takes at most two steps per character and keyword however long the
  // keyword (and marking a match one more); comparing afresh at every character took up to a
  // keyword's length, here 99 and 50.
  const std::string text(200000, 'a');
  Diagnostics diags;
  MarkupWork work;
  const std::vector<std::string> keywords = {std::string(99, 'a') + "b", std::string(50, 'a') + "c"};
  parse_markup(T(text), body_font(), {}, BoldKeywords(keywords), diags, &work);
  EXPECT_GE(work.keyword_steps, keywords.size() * text.size());
  EXPECT_LE(work.keyword_steps, 3 * keywords.size() * text.size());
}

}  // namespace
}  // namespace hanji::compose

namespace hanji::compose {
namespace {

TEST(Markup, OverlongLinkTargetKeepsTheTextWithoutTheLink) {
  Diagnostics diags;
  auto inlines = parse_inline(T("see [the page](https://x.y/" + std::string(2100, 'a') + ") now", 4, 3), body_font(),
                              {}, diags);
  EXPECT_EQ(text_of(inlines), "see the page now");
  for (const auto& in : inlines) EXPECT_TRUE(in.link.empty());
  ASSERT_EQ(diags.warning_count(), 1);
  EXPECT_NE(diags.all()[0].message.find("so this text is set without its link"), std::string::npos);
  EXPECT_EQ(diags.all()[0].span.col, 3 + 15);
}


// ---------------------------------------------------------------- layouts as data

Composition compose_one(const theme::Theme& theme, Entry entry, EntryKind kind = EntryKind::Experience,
                        std::optional<Date> today = std::nullopt) {
  model::CvFile file = cv_file({section("Experience", kind, {std::move(entry)})});
  file.settings.current_date = today;
  Diagnostics diags;
  return compose(file, theme, diags);
}

TEST(EntryTemplates, SeparatorsGoWithEmptyFields) {
  theme::Theme theme = test_theme();
  theme.experience_template = {{"*POSITION* at COMPANY (LOCATION)", "A, COMPANY, B"}, {"DATES"}};
  Entry e = experience();
  e.location = {};
  Composition c = compose_one(theme, e);
  const Row& r = row(c.main()[find_block(c, "Software Engineer")]);
  ASSERT_EQ(r.main.size(), 2u);
  EXPECT_EQ(text_of(r.main[0]), "Software Engineer at Acme Corp");  // " (" and ")" went with LOCATION
  EXPECT_TRUE(r.main[0].inlines[0].font.italic);
  EXPECT_FALSE(r.main[0].inlines.back().font.italic);
  EXPECT_EQ(text_of(r.main[1]), "A, Acme Corp, B");  // words that are not fields stay
  e.company = {};
  Composition without = compose_one(theme, e);
  EXPECT_EQ(text_of(row(without.main()[find_block(without, "Software")]).main[0]), "Software Engineer");
}

// A spaced dash that joins two fields ("Engineer – Berlin") is tied to the word before it, so
// that no line starts with the dash ("– St Andrews"); an extractor still reads the space typed.
// A dash in the text of a field is the writer's and is left as it is.
TEST(EntryTemplates, ASpacedDashBetweenFieldsIsTiedToTheWordBeforeIt) {
  theme::Theme theme = test_theme();
  theme.experience_template = {{"**POSITION**   COMPANY \u2013 LOCATION"}, {"DATES"}};
  Entry e = experience();
  e.company = T("Acme \u2013 Labs");
  Composition c = compose_one(theme, e);
  const Row& r = row(c.main()[find_block(c, "Software Engineer")]);
  ASSERT_EQ(r.main.size(), 1u);
  const std::vector<Inline>& inlines = r.main[0].inlines;
  const auto dash = std::find_if(inlines.begin(), inlines.end(), [](const Inline& in) {
    return in.text == "\u00A0\u2013 ";
  });
  ASSERT_NE(dash, inlines.end()) << text_of(r.main[0]);
  EXPECT_EQ(dash->reads_as, " \u2013 ");
  EXPECT_NE(text_of(r.main[0]).find("Acme \u2013 Labs"), std::string::npos);
  e.location = {};
  Composition without = compose_one(theme, e);
  EXPECT_EQ(text_of(row(without.main()[find_block(without, "Software")]).main[0]).find("\u00A0"), std::string::npos)
      << "no dash without the place";
}

// A wide gap between two fields (the run-in of serif's, harvard's, compact's and moderncv's
// title lines) marks the field after it as where a title that wraps wraps
// (Inline::preferred_break); a comma or a dash between fields does not.
TEST(EntryTemplates, TheFieldAfterAWideGapIsWhereATitleWraps) {
  theme::Theme theme = test_theme();
  theme.experience_template = {{"**POSITION**   COMPANY \u2013 LOCATION"}, {"DATES"}};
  Composition c = compose_one(theme, experience());
  const Row& r = row(c.main()[find_block(c, "Software Engineer")]);
  ASSERT_EQ(r.main.size(), 1u);
  std::vector<std::string> preferred;
  for (const Inline& in : r.main[0].inlines)
    if (in.preferred_break) preferred.push_back(in.text);
  ASSERT_EQ(preferred.size(), 1u) << text_of(r.main[0]);
  EXPECT_EQ(preferred[0].rfind("Acme", 0), 0u) << "the company, after the gap";
  theme.experience_template = {{"**POSITION**, COMPANY \u2013 LOCATION"}, {"DATES"}};
  Composition commas = compose_one(theme, experience());
  for (const Inline& in : row(commas.main()[find_block(commas, "Software Engineer")]).main[0].inlines)
    EXPECT_FALSE(in.preferred_break) << in.text;
}

// A key of the CV's own (RenderCV allows any) is a field by its name in capitals: `gpa` prints
// where a template says GPA, and goes with its separator where an entry has none. A key no
// template of the layout names is said once, where it is written.
TEST(EntryTemplates, KeysOfTheCvsOwnArePrintedByTheirNameInCapitals) {
  theme::Theme theme = test_theme();
  theme.education_template = {{"INSTITUTION", "Grade GPA, ADVISOR_NAME"}, {"DATES"}};
  Entry graduate;
  graduate.kind = EntryKind::Education;
  graduate.institution = T("KAIST", 30, 20);
  graduate.extra = {{"gpa", T("4.1", 31, 14)}, {"advisor_name", T("Dr. Kim", 32, 23)}};
  graduate.extra_spans = {Span{"cv.yaml", 31, 9}, Span{"cv.yaml", 32, 9}};
  Entry undergraduate;
  undergraduate.kind = EntryKind::Education;
  undergraduate.institution = T("SNU", 33, 20);
  model::CvFile file = cv_file({section("Education", EntryKind::Education, {graduate, undergraduate})});
  Diagnostics diags;
  Composition c = compose(file, theme, diags);
  EXPECT_EQ(diags.warning_count(), 0) << (diags.all().empty() ? "" : diags.all()[0].message);
  const Row& kaist = row(c.main()[find_block(c, "KAIST")]);
  ASSERT_EQ(kaist.main.size(), 2u);
  EXPECT_EQ(text_of(kaist.main[1]), "Grade 4.1, Dr. Kim");
  EXPECT_EQ(kaist.main[1].inlines[1].span.line, 31) << "the value keeps where it was written";
  const Row& snu = row(c.main()[find_block(c, "SNU")]);
  EXPECT_EQ(snu.main.size(), 1u) << "a line whose fields are all empty is left out";
  // A layout whose templates do not name them: said once per key, at the key.
  Diagnostics unshown;
  compose(file, test_theme(), unshown);
  ASSERT_EQ(unshown.warning_count(), 2);
  EXPECT_NE(unshown.all()[0].message.find("key 'gpa' is shown by no template"), std::string::npos);
  EXPECT_EQ(unshown.all()[0].span.line, 31);
  EXPECT_EQ(unshown.all()[0].span.col, 9);
}

TEST(EntryTemplates, ALineWhoseFieldsAreAllEmptyIsLeftOut) {
  theme::Theme theme = test_theme();
  theme.experience_template = {{"POSITION", "(LOCATION)", "COMPANY"}, {"DATES"}};
  Entry e = experience();
  e.location = {};
  Composition c = compose_one(theme, e);
  const Row& r = row(c.main()[find_block(c, "Software Engineer")]);
  ASSERT_EQ(r.main.size(), 2u);
  EXPECT_EQ(text_of(r.main[1]), "Acme Corp");
  EXPECT_EQ(r.main[1].span.line, 12);  // where COMPANY is written
}

TEST(EntryTemplates, DurationCountsBothMonthsInTheLocalesWords) {
  Entry e = experience();
  e.start_date = ym(2021, 3);
  e.end_date = ym(2023, 5);
  model::Locale en = english();
  // A no-break space ties each number to its unit: a narrow cell never shows "7" over "months".
  EXPECT_EQ(duration_text(e, en, std::nullopt), "2\u00A0years 3\u00A0months");
  model::Locale ko = korean();
  ko.year = ko.years = "년";
  ko.month = ko.months = "개월";
  EXPECT_EQ(duration_text(e, ko, std::nullopt), "2년 3개월");
  e.end_date = present();
  EXPECT_EQ(duration_text(e, en, std::nullopt), "") << "no current_date: the present is unknown";
  EXPECT_EQ(duration_text(e, en, ym(2021, 3)), "1\u00A0month");
  e.start_date = year_only(2020);
  // A year alone counts in years, as RenderCV counts them: to the present, or to an end year.
  EXPECT_EQ(duration_text(e, en, ym(2022, 1)), "2\u00A0years");
  EXPECT_EQ(duration_text(e, ko, ym(2022, 1)), "2년");
  e.start_date = year_only(2013);
  e.end_date = year_only(2018);
  EXPECT_EQ(duration_text(e, ko, std::nullopt), "5년") << "2013 ~ 2018 needs no day to count to";
  e.end_date = year_only(2013);
  EXPECT_EQ(duration_text(e, en, std::nullopt), "1\u00A0year") << "within one year";
  e.start_date = ym(2013, 9);
  e.end_date = year_only(2016);
  EXPECT_EQ(duration_text(e, en, std::nullopt), "3\u00A0years") << "a month on one side only: years";
  e.end_date = year_only(2012);
  EXPECT_EQ(duration_text(e, en, std::nullopt), "") << "an end before the start counts nothing";
}

// DURATION_SHORT takes the locale's short units where it gives them ("2 yrs 3 mos", for a form's
// narrow cell), each unit alone where it gives only some, and the full words where it gives none.
TEST(EntryTemplates, AShortDurationTakesTheLocalesShortUnits) {
  Entry e = experience();
  e.start_date = ym(2021, 3);
  e.end_date = ym(2023, 5);
  model::Locale en = english();
  en.year_short = "yr";
  en.years_short = "yrs";
  en.month_short = "mo";
  en.months_short = "mos";
  EXPECT_EQ(duration_text(e, en, std::nullopt, Units::Short), "2\u00A0yrs 3\u00A0mos");
  EXPECT_EQ(duration_text(e, en, std::nullopt), "2\u00A0years 3\u00A0months") << "DURATION keeps the words";
  e.end_date = ym(2022, 3);
  EXPECT_EQ(duration_text(e, en, std::nullopt, Units::Short), "1\u00A0yr 1\u00A0mo");
  en.months_short.clear();
  e.end_date = ym(2023, 5);
  EXPECT_EQ(duration_text(e, en, std::nullopt, Units::Short), "2\u00A0yrs 3\u00A0months");
  EXPECT_EQ(duration_text(e, english(), std::nullopt, Units::Short), "2\u00A0years 3\u00A0months")
      << "a locale without short units: the full words";
}

// Without settings.current_date, a current job counts to the day of the build (the command's
// SOURCE_DATE_EPOCH, else today); current_date, when given, still wins.
TEST(EntryTemplates, ACurrentJobCountsToTheBuildDateWithoutCurrentDate) {
  theme::Theme theme = test_theme();
  theme.experience_template = {{"POSITION", "COMPANY"}, {"DATES", "DURATION (ONGOING)"}};
  Entry current = experience();  // 2021-03 to present
  Entry finished = experience();
  finished.position = T("Intern", 30, 17);
  finished.start_date = ym(2019, 1);
  finished.end_date = ym(2019, 6);
  model::CvFile file = cv_file({section("Experience", EntryKind::Experience, {current, finished})});
  file.settings.build_date = ymd(2023, 5, 20);
  Diagnostics diags;
  Composition c = compose(file, theme, diags);
  EXPECT_EQ(diags.warning_count(), 0) << "a day to count to: nothing to warn about";
  const Row& now = row(c.main()[find_block(c, "Software Engineer")]);
  ASSERT_EQ(now.aside.size(), 2u);
  EXPECT_EQ(text_of(now.aside[1]), "2\u00A0years 3\u00A0months (ongoing)");
  const Row& before = row(c.main()[find_block(c, "Intern")]);
  ASSERT_EQ(before.aside.size(), 2u);
  EXPECT_EQ(text_of(before.aside[1]), "6\u00A0months") << "a finished job is not ongoing";
  file.settings.current_date = ym(2022, 2);
  Diagnostics dated;
  c = compose(file, theme, dated);
  EXPECT_EQ(text_of(row(c.main()[find_block(c, "Software Engineer")]).aside[1]), "1\u00A0year (ongoing)")
      << "the CV's current_date wins over the build's";
  file.locale = korean();
  file.locale.year = file.locale.years = "년";
  file.locale.month = file.locale.months = "개월";
  file.locale.ongoing = "재직\u00A0중";
  c = compose(file, theme, dated);
  EXPECT_EQ(text_of(row(c.main()[find_block(c, "Software Engineer")]).aside[1]), "1년 (재직\u00A0중)");
}

// A date is one piece no line may break inside (a month's name the line breaker does not know,
// "מרץ 2019", stays with its year), a range may break only after its dash, and a time span
// nowhere (a reader took "9개월" on the next line for the next row's length).
TEST(EntryTemplates, DatesAndDurationsAreUnbreakablePieces) {
  theme::Theme theme = test_theme();
  theme.experience_template = {{"POSITION", "COMPANY"}, {"DATES", "DURATION"}};
  Entry e = experience();
  e.start_date = ym(2021, 3);
  e.start_date->span = Span{"cv.yaml", 14, 20};
  e.end_date = ym(2023, 5);
  Composition c = compose_one(theme, e);
  const Row& r = row(c.main()[find_block(c, "Software Engineer")]);
  ASSERT_EQ(r.aside.size(), 2u);
  const std::vector<Inline>& dates = r.aside[0].inlines;
  ASSERT_EQ(dates.size(), 2u) << text_of(dates);
  EXPECT_TRUE(dates[0].unbreakable && dates[1].unbreakable);
  EXPECT_EQ(dates[0].text, "Mar 2021" + english().range_separator) << "a line may end after the dash";
  const auto code_points = std::count_if(dates[0].text.begin(), dates[0].text.end(),
                                         [](char ch) { return (ch & 0xC0) != 0x80; });
  EXPECT_EQ(dates[1].span.col, 20 + static_cast<int>(code_points))
      << "each piece's span where it stands in the field's text, in code points";
  const std::vector<Inline>& length = r.aside[1].inlines;
  ASSERT_EQ(length.size(), 1u) << "a time span is one piece, never \"2 years\" over \"3 months\": " << text_of(length);
  EXPECT_EQ(length[0].text, "2\u00A0years 3\u00A0months");
  EXPECT_TRUE(length[0].unbreakable);
}

// A language with one form of date (Korean) lists the layouts' forms as its own `date`, and a
// locale file's range separator is the language's: every layout then writes "2021. 3. ~ 현재".
TEST(EntryTemplates, ALanguageWithOneDateFormShowsItInEveryLayout) {
  Entry e;
  e.start_date = ym(2018, 9);
  e.end_date = present();
  model::Locale ko = korean();
  ko.date_forms_as_date = {"month-year", "dotted", "words", "numeric"};
  ko.range_separator = " ~ ";
  for (theme::DateFormat format : {theme::DateFormat::Locale, theme::DateFormat::MonthYear, theme::DateFormat::Dotted,
                                   theme::DateFormat::Words, theme::DateFormat::Numeric})
    EXPECT_EQ(format_dates(e, ko, format), "2018. 9. ~ 현재") << static_cast<int>(format);
  EXPECT_EQ(format_date(year_only(2018), ko, theme::DateFormat::MonthYear), "2018") << "a year alone is a number";
  EXPECT_EQ(format_date(ym(2018, 9), ko, theme::DateFormat::Year), "2018") << "the year form is a precision";
  // English keeps its several forms.
  EXPECT_EQ(format_date(ym(2018, 9), english(), theme::DateFormat::Numeric), "09/2018");

  theme::Theme theme = test_theme();
  theme.experience_template = {{"POSITION"}, {"DATES"}};
  theme.range_separator = " \u2013 ";
  model::CvFile file = cv_file({section("Experience", EntryKind::Experience, {experience()})});
  file.locale = ko;
  file.locale.owns_range_separator = true;
  Diagnostics diags;
  Composition c = compose(file, theme, diags);
  EXPECT_EQ(text_of(row(c.main()[find_block(c, "Software Engineer")]).aside[0]), "2021. 3. ~ 현재")
      << "the layout's separator is not the language's";
  file.locale = english();
  c = compose(file, theme, diags);
  theme.range_separator = "\u2013";
  c = compose(file, theme, diags);
  EXPECT_EQ(text_of(row(c.main()[find_block(c, "Software Engineer")]).aside[0]), "Mar 2021\u2013present")
      << "a language that leaves it to the layouts takes the layout's";
}

TEST(EntryTemplates, AnOpenTimeSpanWithoutCurrentDateIsReportedOnce) {
  theme::Theme theme = test_theme();
  theme.experience_template = {{"POSITION", "COMPANY"}, {"DATES", "DURATION"}};
  Entry first = experience();
  first.start_date = ym(2021, 3);
  first.end_date = present();
  Entry second = first;
  second.span.line = 30;
  model::CvFile file = cv_file({section("Experience", EntryKind::Experience, {first, second})});
  Diagnostics diags;
  compose(file, theme, diags);
  ASSERT_EQ(diags.warning_count(), 1) << "one warning for the CV, not one per entry";
  EXPECT_EQ(diags.all()[0].span.line, first.span.line);
  EXPECT_NE(diags.all()[0].message.find("runs to the present"), std::string::npos);
  EXPECT_NE(diags.all()[0].hints.at(0).find("current_date"), std::string::npos);
  file.settings.current_date = ym(2023, 5);
  Diagnostics dated;
  const Composition c = compose(file, theme, dated);
  EXPECT_EQ(dated.warning_count(), 0);
  const Row& r = row(c.main()[find_block(c, "Software Engineer")]);
  ASSERT_EQ(r.aside.size(), 2u);
  EXPECT_EQ(text_of(r.aside[1]), "2\u00A0years 3\u00A0months");
  theme.experience_template = {{"POSITION", "COMPANY"}, {"DATES"}};  // no span asked for: nothing to say
  file.settings.current_date.reset();
  Diagnostics unasked;
  compose(file, theme, unasked);
  EXPECT_EQ(unasked.warning_count(), 0);
}

// A Korean CV's 경력, written under the key `experience`, is still the section a layout
// names as RenderCV does (entry.time_spans_in: [experience], a region's sections: [skill]).
// entry.timeline with dates on the left: every block of a dated section's entries carries the
// rule (the title does not), the section's first entry starts it, each entry has its dot.
TEST(Sections, ATimelineRunsDownADatedSectionWithADotPerEntry) {
  theme::Theme theme = test_theme();
  theme.aside_side = theme::AsideSide::Left;
  theme.timeline = true;
  theme.timeline_dot = 5;
  model::CvFile file = cv_file({section("Experience", EntryKind::Experience, {experience(), experience()})});
  Diagnostics diags;
  const Composition c = compose(file, theme, diags);
  const auto& blocks = c.main();
  const size_t title = find_block(c, "Experience");
  ASSERT_LT(title, blocks.size());
  EXPECT_FALSE(blocks[title].side_rule) << "the title has no rule";
  int dots = 0, starts = 0, ruled = 0;
  for (size_t i = title + 1; i < blocks.size(); ++i) {
    if (std::holds_alternative<Rule>(blocks[i].content)) continue;  // the title's rule
    ASSERT_TRUE(blocks[i].side_rule) << "block " << i;
    ++ruled;
    dots += blocks[i].side_rule->dot > 0;
    starts += blocks[i].side_rule->starts_here;
    EXPECT_NEAR(blocks[i].side_rule->x, theme.aside_width + theme.column_gap / 2, 1e-9);
  }
  EXPECT_EQ(dots, 2);
  EXPECT_EQ(starts, 1);
  EXPECT_GT(ruled, 4) << "rows, summaries and highlights";
  // Without dates on the left, no timeline.
  theme.aside_side = theme::AsideSide::Right;
  const Composition right = compose(file, theme, diags);
  for (const Block& block : right.main()) EXPECT_FALSE(block.side_rule);
}

// entry.timeline beside a rail: the rule runs down the middle of the rail's gap in every
// section, dated or not, with a dot at every entry; a bullet entry's dot is its bullet (it
// keeps a marker, a list item still, but draws none and stands where the other entries do).
TEST(Sections, ARailTimelineHasADotAtEveryEntry) {
  theme::Theme theme = test_theme();
  theme.section_title_style = theme::TitleStyle::Rail;
  theme.section_rail_width = 80;
  theme.section_rail_gap = 20;
  theme.timeline = true;
  theme.timeline_dot = 5;
  Entry undated = experience();
  undated.position = T("Volunteer", 30, 5);
  undated.start_date.reset();
  undated.end_date.reset();
  Entry skill;
  skill.kind = EntryKind::OneLine;
  skill.label = T("Languages", 40, 9);
  skill.details = T("Go", 40, 15);
  Entry bullet;
  bullet.kind = EntryKind::Bullet;
  bullet.text = T("Free software", 50, 5);
  model::CvFile file = cv_file({section("Experience", EntryKind::Experience, {experience(), undated}),
                                section("Skills", EntryKind::OneLine, {skill, skill}, 39),
                                section("Interests", EntryKind::Bullet, {bullet, bullet}, 49)});
  Diagnostics diags;
  const Composition c = compose(file, theme, diags);
  int dots = 0, starts = 0;
  for (const Block& block : c.main()) {
    if (block.rail > 0 || block.part < 0) {
      EXPECT_FALSE(block.side_rule) << "the header and the titles have no rule";
      continue;
    }
    ASSERT_TRUE(block.side_rule);
    EXPECT_NEAR(block.side_rule->x, 90, 1e-9);
    dots += block.side_rule->dot > 0;
    starts += block.side_rule->starts_here;
  }
  EXPECT_EQ(dots, 6) << "two jobs (one undated), two skills, two interests";
  EXPECT_EQ(starts, 3) << "one line per section";
  const Paragraph& item = para(c.main()[find_block(c, "Free software")]);
  ASSERT_TRUE(item.marker.has_value()) << "still a list item";
  EXPECT_TRUE(item.marker->text.text.empty()) << "its dot is its bullet";
  EXPECT_DOUBLE_EQ(item.indent_left, 0);
}

TEST(Sections, LayoutsKnowASectionByItsKeyWhateverItsTitle) {
  theme::Theme theme = test_theme();
  theme.time_spans_in = {"experience"};
  theme::Region side;
  side.name = "side";
  side.dock = theme::RegionDock::Left;
  side.width = 150;
  side.sections = {"skill"};
  theme.regions.push_back(side);
  Entry job = experience();
  job.start_date = ym(2021, 3);
  job.end_date = ym(2023, 5);
  model::Section work = section("경력", EntryKind::Experience, {job});
  work.key = "experience";
  Entry skill;
  skill.kind = EntryKind::OneLine;
  skill.label = T("언어", 40, 9);
  skill.details = T("Go", 40, 15);
  model::Section skills = section("기술", EntryKind::OneLine, {skill}, 39);
  skills.key = "skills";
  model::CvFile file = cv_file({work, skills});
  Diagnostics diags;
  const Composition c = compose(file, theme, diags);
  const Row& r = row(c.main()[find_block(c, "Software Engineer")]);
  ASSERT_FALSE(r.aside.empty());
  EXPECT_EQ(text_of(r.aside.back()), "2\u00A0years 3\u00A0months");
  const bool in_side = std::any_of(c.flow("side").begin(), c.flow("side").end(), [](const Block& b) {
    return std::holds_alternative<Paragraph>(b.content) && text_of(para(b)) == "기술";
  });
  EXPECT_TRUE(in_side) << "기술 under `skills` goes to the side column";
}

// A section keyed in the CV's own language (Hebrew כישורים, which the locale titles `skills`)
// goes where the layout puts `skills`: the side column, in any language with a locale.
TEST(Sections, ASectionKeyedInTheCvsLanguageGoesWhereItsUsualKeyGoes) {
  theme::Theme theme = test_theme();
  theme::Region side;
  side.name = "side";
  side.dock = theme::RegionDock::Left;
  side.width = 150;
  side.sections = {"skill"};
  theme.regions.push_back(side);
  Entry skill;
  skill.kind = EntryKind::OneLine;
  skill.label = T("Design", 40, 9);
  skill.details = T("Figma", 40, 17);
  model::Section skills = section("\u05DB\u05D9\u05E9\u05D5\u05E8\u05D9\u05DD", EntryKind::OneLine, {skill}, 39);
  skills.key = "\u05DB\u05D9\u05E9\u05D5\u05E8\u05D9\u05DD";  // כישורים
  model::CvFile file = cv_file({skills});
  Diagnostics diags;
  const Composition without = compose(file, theme, diags);
  EXPECT_TRUE(without.flow("side").empty()) << "a word the layout does not list, without a locale that knows it";
  file.locale.section_titles["skills"] = skills.key;
  const Composition c = compose(file, theme, diags);
  const bool in_side = std::any_of(c.flow("side").begin(), c.flow("side").end(), [&](const Block& b) {
    return std::holds_alternative<Paragraph>(b.content) && text_of(para(b)) == skills.key;
  });
  EXPECT_TRUE(in_side) << "כישורים is the locale's title of `skills`";
}

// section.titles: a layout's own title for a section by key, in the CV's language (a form's
// 자기소개 for `summary`), over the locale's; a title the CV wrote itself stays as written.
TEST(Sections, ALayoutTitlesSectionsByKeyUnlessTheCvDid) {
  theme::Theme theme = test_theme();
  theme.section_titles = {"about: Nope", "summary : 자기소개|Personal statement"};
  Entry text;
  text.kind = EntryKind::Text;
  text.text = T("저는 조판을 좋아합니다.", 12, 9);
  model::Section summary = section("소개", EntryKind::Text, {text});
  summary.key = "summary";
  model::CvFile file = cv_file({summary});
  file.locale = korean();
  Diagnostics diags;
  Composition c = compose(file, theme, diags);
  EXPECT_LT(find_block(c, "자기소개"), c.main().size());
  file.locale = english();
  Composition en = compose(file, theme, diags);
  EXPECT_LT(find_block(en, "Personal statement"), en.main().size());
  file.cv.sections[0].title_given = true;
  Composition given = compose(file, theme, diags);
  const bool retitled = std::any_of(given.main().begin(), given.main().end(), [](const Block& b) {
    return std::holds_alternative<Paragraph>(b.content) && text_of(para(b)) == "자기소개";
  });
  EXPECT_FALSE(retitled) << "a title the CV wrote stays";
  EXPECT_LT(find_block(given, "소개"), given.main().size());
}

TEST(EntryTemplates, DateFormatsOfTheLayout) {
  Entry e;
  e.start_date = ym(2018, 9);
  e.end_date = ym(2019, 12);
  EXPECT_EQ(format_dates(e, korean(), theme::DateFormat::Words), "2018년 9월 \u2013 2019년 12월");
  EXPECT_EQ(format_dates(e, english(), theme::DateFormat::Words), "September 2018 \u2013 December 2019");
  EXPECT_EQ(format_dates(e, english(), theme::DateFormat::MonthYear), "Sept 2018 \u2013 Dec 2019");
  EXPECT_EQ(format_dates(e, english(), theme::DateFormat::Numeric), "09/2018 \u2013 12/2019");
  EXPECT_EQ(format_dates(e, korean(), theme::DateFormat::MonthYear), "2018년 9월 \u2013 2019년 12월");
  EXPECT_EQ(format_dates(e, english(), theme::DateFormat::Dotted), "2018. 9. \u2013 2019. 12.");
  e.end_date = ym(2018, 12);
  EXPECT_EQ(format_dates(e, english(), theme::DateFormat::Year), "2018") << "one year, not 2018 – 2018";
  // A year alone in the forms with words: the year form, no month looked up (a month of 0
  // once indexed the month names at -1, which only the sanitizers saw).
  EXPECT_EQ(format_date(year_only(2018), korean(), theme::DateFormat::MonthYear), "2018년");
  EXPECT_EQ(format_date(year_only(2018), english(), theme::DateFormat::MonthYear), "2018");
  EXPECT_EQ(format_date(year_only(2018), korean(), theme::DateFormat::Words), "2018년");
  EXPECT_EQ(date_in_words(year_only(2026), korean()), "2026년");
  EXPECT_EQ(date_in_words(ymd(2026, 11, 23), korean()), "2026년 11월 23일");
  EXPECT_EQ(date_in_words(ymd(2026, 11, 23), english()), "23 November 2026");
}

TEST(EntryTemplates, ASummaryGoesBesideThePlaceOfAOneLineTitle) {
  Entry e = experience();
  e.company = {};
  e.highlights.clear();
  e.summary = T("Hyperconnect Seminar", 17, 16);
  Composition c = compose_one(test_theme(), e);
  const Row& r = row(c.main()[find_block(c, "Software Engineer")]);
  ASSERT_EQ(r.main.size(), 2u);
  EXPECT_EQ(text_of(r.main[1]), "Hyperconnect Seminar");
  EXPECT_EQ(r.aside.size(), 2u);
}

TEST(EntryTemplates, DatesOnTheLeftIndentEverythingBesideThem) {
  theme::Theme theme = test_theme();
  theme.aside_side = theme::AsideSide::Left;
  Composition c = compose_one(theme, experience());
  const Row& r = row(c.main()[find_block(c, "Software Engineer")]);
  EXPECT_TRUE(r.aside_left);
  EXPECT_EQ(r.aside_width, theme.aside_width);
  EXPECT_EQ(r.aside[0].align, Align::Right) << "moderncv's hints lean against the text";
  const Paragraph& highlight = para(c.main()[find_block(c, "Shipped")]);
  EXPECT_DOUBLE_EQ(highlight.indent_left, theme.aside_width + theme.column_gap + theme.highlight_indent);
}

TEST(SectionTitles, StylesDrawRulesOnTheTitleLine) {
  theme::Theme theme = test_theme();
  theme.section_title_style = theme::TitleStyle::RuleAfter;
  Composition c = compose_one(theme, experience());
  size_t at = find_block(c, "Experience");
  ASSERT_TRUE(para(c.main()[at]).rules.has_value());
  EXPECT_EQ(para(c.main()[at]).rules->kind, LineRules::Kind::After);
  EXPECT_FALSE(std::holds_alternative<Rule>(c.main()[at + 1].content)) << "no rule below as well";
  theme.section_title_style = theme::TitleStyle::RulesAround;
  Composition around = compose_one(theme, experience());
  EXPECT_EQ(para(around.main()[find_block(around, "Experience")]).align, Align::Center);
  theme.section_title_style = theme::TitleStyle::RuleBelow;
  Composition below = compose_one(theme, experience());
  EXPECT_TRUE(std::holds_alternative<Rule>(below.main()[find_block(below, "Experience") + 1].content));
}

// title_style: rail: the title is a rail block (no rules, the rail's alignment) beside its
// entries, which stand in past the rail and its gap and start level with it; section.rule:
// false does not take the rail away, and a narrow region sets its titles plain.
TEST(SectionTitles, ARailTitleStandsBesideItsIndentedEntries) {
  theme::Theme theme = test_theme();
  theme.section_title_style = theme::TitleStyle::Rail;
  theme.section_rail_width = 80;
  theme.section_rail_gap = 14;
  theme.section_rail_align = Align::Right;
  theme.section_rule = false;
  Composition c = compose_one(theme, experience());
  const size_t title = find_block(c, "Experience");
  ASSERT_LT(title + 1, c.main().size());
  EXPECT_DOUBLE_EQ(c.main()[title].rail, 80);
  EXPECT_EQ(para(c.main()[title]).align, Align::Right);
  EXPECT_FALSE(para(c.main()[title]).rules.has_value());
  EXPECT_EQ(para(c.main()[title]).role, doc::Role::H2);
  EXPECT_DOUBLE_EQ(c.main()[title].inset_left, 0);
  EXPECT_TRUE(c.main()[title].rail_wraps) << "section.rail_overflow: wrap";
  for (size_t i = title + 1; i < c.main().size(); ++i) {
    EXPECT_DOUBLE_EQ(c.main()[i].inset_left, 94) << "block " << i;
    EXPECT_DOUBLE_EQ(c.main()[i].rail, 0) << "block " << i;
  }
  // A sidebar too narrow for a rail: its titles plain above their entries, nothing inset.
  theme::Region side;
  side.name = "side";
  side.dock = theme::RegionDock::Left;
  side.width = 150;
  side.sections = {"experience"};
  theme.regions.push_back(side);
  Composition narrow = compose_one(theme, experience());
  ASSERT_FALSE(narrow.flow("side").empty());
  for (const Block& block : narrow.flow("side")) {
    EXPECT_DOUBLE_EQ(block.rail, 0);
    EXPECT_DOUBLE_EQ(block.inset_left, 0);
  }
}

TEST(SectionTitles, AccentLettersSplitTheFirstInline) {
  theme::Theme theme = test_theme();
  theme.section_accent_letters = 3;
  theme.section_accent_color = {1, 0, 0};
  Composition c = compose_one(theme, experience());
  const Paragraph& title = para(c.main()[find_block(c, "rience")]);
  ASSERT_EQ(title.inlines.size(), 2u);
  EXPECT_EQ(title.inlines[0].text, "Exp");
  EXPECT_EQ(title.inlines[0].font.color, (Rgb{1, 0, 0}));
  EXPECT_EQ(title.inlines[1].text, "erience");
  EXPECT_EQ(title.inlines[1].span.col, 3 + 3);
  EXPECT_EQ(c.main()[find_block(c, "rience")].bookmark, "Experience");
}

TEST(Header, TwoToneNameAccentsTheFamilyNameWrittenLast) {
  theme::Theme theme = test_theme();
  theme.two_tone_name = true;
  theme.name_accent = {24, true, false, {1, 0, 0}, 1.2};
  theme.name.bold = false;
  Diagnostics diags;
  model::CvFile file = cv_file();
  Composition c = compose(file, theme, diags);
  const Paragraph& name = para(c.main()[0]);
  ASSERT_EQ(name.inlines.size(), 2u);
  EXPECT_EQ(name.inlines[0].text, "Gildong ");
  EXPECT_EQ(name.inlines[1].text, "Hong");
  EXPECT_EQ(name.inlines[1].font.color, (Rgb{1, 0, 0}));
  file.cv.name = T("홍길동", 2, 9);
  Composition korean_name = compose(file, theme, diags);
  ASSERT_EQ(para(korean_name.main()[0]).inlines.size(), 1u) << "a Korean name is not split";
  EXPECT_EQ(para(korean_name.main()[0]).inlines[0].font.color, (Rgb{1, 0, 0}));
  file.cv.name = T("홍길동 (Gildong Hong)", 2, 9);
  Composition both = compose(file, theme, diags);
  const Paragraph& bilingual = para(both.main()[0]);
  ASSERT_EQ(bilingual.inlines.size(), 2u);
  EXPECT_EQ(bilingual.inlines[0].text, "홍길동");
  EXPECT_EQ(bilingual.inlines[1].text, " (Gildong Hong)");
  EXPECT_EQ(bilingual.inlines[1].span.col, 9 + 3);
  EXPECT_EQ(bilingual.inlines[1].font.color, theme.name.color);
  // Any alphabet puts the family name last: an accent or another script splits the same way,
  // and the span of the last name counts characters, not bytes.
  struct Case {
    const char* written;
    const char* last;
    int col;  // where the last name starts: the first names and the space, in characters
  };
  for (const auto& [written, last, col] : {Case{"José García", "García", 9 + 5}, Case{"Ελένη Παππά", "Παππά", 9 + 6}}) {
    file.cv.name = T(written, 2, 9);
    Composition accented = compose(file, theme, diags);
    const Paragraph& two = para(accented.main()[0]);
    ASSERT_EQ(two.inlines.size(), 2u) << written;
    EXPECT_EQ(two.inlines[1].text, last);
    EXPECT_EQ(two.inlines[1].font.color, (Rgb{1, 0, 0}));
    EXPECT_EQ(two.inlines[1].span.col, col) << written;
  }
}


TEST(EntryTemplates, ALinkedTitleKeepsItsRolesColour) {
  theme::Theme theme = test_theme();
  Entry e = experience();
  e.position = T("[Software Engineer](https://example.com/job)", 13, 17);
  Composition c = compose_one(theme, e);
  const Row& r = row(c.main()[find_block(c, "Software Engineer")]);
  ASSERT_FALSE(r.main[0].inlines.empty());
  EXPECT_EQ(r.main[0].inlines[0].link, "https://example.com/job");
  EXPECT_EQ(r.main[0].inlines[0].font.color, theme.entry_title.color) << "not the link colour";
  // In running text a link still takes the link colour.
  const Paragraph& summary = para(c.main()[find_block(c, "Built")]);
  EXPECT_EQ(summary.inlines[0].font.color, theme.body.color);
}

// A form puts its sections in its own order, by the type of their entries (section.order):
// the 이력서's self-introduction after every table, whatever the YAML's order; sections of
// one type, and of a type the layout does not list, keep the CV's order.
TEST(Sections, TheLayoutsOrderByTypeComesBeforeTheCvsOrder) {
  theme::Theme theme = test_theme();
  Entry paragraph;
  paragraph.kind = EntryKind::Text;
  paragraph.text = T("About me.", 11, 7);
  Entry bullet;
  bullet.kind = EntryKind::Bullet;
  bullet.text = T("A bullet.", 30, 7);
  model::CvFile file = cv_file({section("Introduction", EntryKind::Text, {paragraph}),
                                section("Bullets", EntryKind::Bullet, {bullet}),
                                section("Work", EntryKind::Experience, {experience()}),
                                section("More work", EntryKind::Experience, {experience()})});
  Diagnostics diags;
  const Composition as_written = compose(file, theme, diags);
  EXPECT_LT(find_block(as_written, "Introduction"), find_block(as_written, "Work"));
  theme.section_order = {"experience", "text"};
  const Composition ordered = compose(file, theme, diags);
  const size_t work = find_block(ordered, "Work"), more = find_block(ordered, "More work"),
               intro = find_block(ordered, "Introduction"), bullets = find_block(ordered, "Bullets");
  EXPECT_LT(work, more);
  EXPECT_LT(more, intro);
  EXPECT_LT(intro, bullets) << "a type not listed comes after";
}

// A form's order names sections by what they are as well as by the type of their entries:
// by their key as written ("Certifications"), or the usual key their locale titles them by
// (자격증, a certificates section), so one order serves every language: the 이력서's 자격증
// before 어학 and 수상, though 어학's entries are of a type listed earlier.
TEST(Sections, TheLayoutsOrderNamesSectionsByTheirKeysInAnyLanguage) {
  Entry item;
  item.kind = EntryKind::Normal;
  item.name = T("An item", 20, 7);
  Entry line;
  line.kind = EntryKind::OneLine;
  line.label = T("영어", 30, 7);
  line.details = T("TOEIC 925", 30, 12);
  auto keyed = [](model::Section s, std::string key) {
    s.key = std::move(key);
    return s;
  };
  theme::Theme theme = test_theme();
  theme.section_order = {"education", "experience", "certificates", "어학", "awards", "one-line", "normal", "text"};
  model::CvFile file = cv_file({keyed(section("기술", EntryKind::OneLine, {line}), "기술"),
                                keyed(section("수상", EntryKind::Normal, {item}), "수상"),
                                keyed(section("어학", EntryKind::OneLine, {line}), "어학"),
                                keyed(section("자격증", EntryKind::Normal, {item}), "자격증")});
  file.locale = korean();
  file.locale.section_titles = {{"awards", "수상"}, {"certificates", "자격증"}, {"skills", "기술"}};
  auto order = [&] {
    std::vector<std::string> titles;
    for (const model::Section* s : ordered_sections(file, theme)) titles.push_back(s->title.value);
    return titles;
  };
  EXPECT_EQ(order(), (std::vector<std::string>{"자격증", "어학", "수상", "기술"}));
  file.cv.sections = {keyed(section("Skills", EntryKind::OneLine, {line}), "Skills"),
                      keyed(section("Awards", EntryKind::Normal, {item}), "Awards"),
                      keyed(section("Certificates", EntryKind::Normal, {item}), "Certificates")};
  file.locale = english();
  EXPECT_EQ(order(), (std::vector<std::string>{"Certificates", "Awards", "Skills"})) << "a key as written, lower-cased";
}

// A form's order kept to its own language (section.order_languages) may give CVs in other
// languages an order of their own (section.order_elsewhere): ko-standard's 자기소개 after every
// table in Korean, an English summary at the top, under the personal details.
TEST(Sections, AFormsOrderElsewhereServesTheOtherLanguages) {
  Entry paragraph;
  paragraph.kind = EntryKind::Text;
  paragraph.text = T("About me.", 11, 7);
  auto keyed = [](model::Section s, std::string key) {
    s.key = std::move(key);
    return s;
  };
  theme::Theme theme = test_theme();
  theme.section_order = {"experience", "text"};
  theme.section_order_languages = {"ko"};
  theme.section_order_elsewhere = {"summary", "experience", "text"};
  model::CvFile file = cv_file({section("Work", EntryKind::Experience, {experience()}),
                                keyed(section("Summary", EntryKind::Text, {paragraph}), "summary"),
                                section("Notes", EntryKind::Text, {paragraph})});
  auto order = [&] {
    std::vector<std::string> titles;
    for (const model::Section* s : ordered_sections(file, theme)) titles.push_back(s->title.value);
    return titles;
  };
  file.locale = english();
  EXPECT_EQ(order(), (std::vector<std::string>{"Summary", "Work", "Notes"}));
  file.locale = korean();
  EXPECT_EQ(order(), (std::vector<std::string>{"Work", "Summary", "Notes"}));
  theme.section_order_elsewhere.clear();
  file.locale = english();
  EXPECT_EQ(order(), (std::vector<std::string>{"Work", "Summary", "Notes"})) << "none elsewhere: the CV's own order";
}

// RenderCV's links.show_external_link_icon (text.link_icon): an arrow after the last piece of
// each link, linked, in the link's colour, reading as a space (read as nothing, its gap made
// text extraction end the line); text without links is untouched.
TEST(Links, TheLinkIconFollowsEachLinkAndReadsAsASpace) {
  Diagnostics diags;
  std::vector<Inline> inlines = parse_inline(T("see [the **notes**](https://example.com/n) and [x](https://x.org)", 3, 5),
                                             body_font(), {0, 0, 1}, diags);
  const std::size_t before = inlines.size();
  add_link_icons(inlines);
  ASSERT_EQ(inlines.size(), before + 2);
  std::vector<std::size_t> icons;
  for (std::size_t i = 0; i < inlines.size(); ++i)
    if (inlines[i].text.find("\uF08E") != std::string::npos) icons.push_back(i);
  ASSERT_EQ(icons.size(), 2u);
  EXPECT_EQ(inlines[icons[0]].link, "https://example.com/n");
  EXPECT_EQ(inlines[icons[0] - 1].text, "notes") << "after the link's last piece, not inside it";
  EXPECT_NE(inlines[icons[0] + 1].link, "https://example.com/n");
  EXPECT_EQ(inlines[icons[1]].link, "https://x.org");
  EXPECT_EQ(inlines[icons[0]].reads_as, "\u00A0 ");
  EXPECT_EQ(inlines[icons[0]].font.color, (Rgb{0, 0, 1}));
  std::vector<Inline> plain = parse_inline(T("no links here", 3, 5), body_font(), {0, 0, 1}, diags);
  add_link_icons(plain);
  EXPECT_EQ(plain.size(), 1u);
}

// entry.KIND.summary and entry.KIND.highlights: a template that leaves them out shows neither.
TEST(EntryTemplates, ATemplateMayLeaveOutTheSummaryAndTheHighlights) {
  theme::Theme theme = test_theme();
  Composition all = compose_one(theme, experience());
  EXPECT_NE(find_block(all, "Shipped"), 0u);
  theme.experience_template.highlights = false;
  Composition no_highlights = compose_one(theme, experience());
  for (const Block& block : no_highlights.main())
    if (auto* p = std::get_if<Paragraph>(&block.content)) {
      EXPECT_EQ(text_of(*p).find("Shipped"), std::string::npos);
      EXPECT_EQ(text_of(*p).find("Cut costs"), std::string::npos);
    }
  theme.experience_template.summary = false;
  Composition neither = compose_one(theme, experience());
  for (const Block& block : neither.main())
    if (auto* p = std::get_if<Paragraph>(&block.content)) {
      EXPECT_EQ(text_of(*p).find("things"), std::string::npos);
    }
  EXPECT_NE(find_block(neither, "Software Engineer"), 0u) << "the entry's lines stay";
}

// RenderCV's degree column as a layout's lead column: "BS | KAIST, Computer Science".
theme::Theme degree_column_theme() {
  theme::Theme theme = test_theme();
  theme.education_template.main = {"**INSTITUTION**, AREA"};
  theme.education_template.aside = {"DATES"};
  theme.education_template.lead = {"**DEGREE**"};
  theme.education_template.lead_width = 28;
  theme.summary_indent = 3;
  return theme;
}

Entry graduate(Text degree) {
  Entry e;
  e.kind = EntryKind::Education;
  e.span = Span{"cv.yaml", 30, 7};
  e.institution = T("KAIST", 30, 20);
  e.area = T("Computer Science", 31, 13);
  e.degree = std::move(degree);
  e.start_date = year_only(2014);
  e.end_date = year_only(2018);
  e.summary = T("Thesis on line breaking.", 33, 16);
  e.highlights = {{T("GPA 4.1", 34, 13), {}}};
  return e;
}

TEST(EntryTemplates, ALeadColumnStandsLeftOfTheMainOneAndEverythingUnderIt) {
  const theme::Theme theme = degree_column_theme();
  const double main_left = 28 + theme.column_gap;
  Composition c = compose_one(theme, graduate(T("BS", 32, 15)), EntryKind::Education);
  const Row& r = row(c.main()[find_block(c, "KAIST")]);
  ASSERT_EQ(r.lead.size(), 1u);
  EXPECT_EQ(text_of(r.lead[0]), "BS");
  EXPECT_TRUE(r.lead[0].inlines[0].font.bold);
  EXPECT_EQ(r.lead[0].inlines[0].span.line, 32);  // the degree's own place in the CV
  EXPECT_DOUBLE_EQ(r.lead[0].line_height, r.main[0].line_height) << "styled as the title beside it";
  EXPECT_DOUBLE_EQ(r.lead[0].indent_left, 0);
  EXPECT_DOUBLE_EQ(r.lead_width, 28);
  ASSERT_EQ(r.main.size(), 1u);
  EXPECT_EQ(text_of(r.main[0]), "KAIST, Computer Science");
  EXPECT_DOUBLE_EQ(r.main[0].indent_left, main_left);
  EXPECT_EQ(text_of(r.aside[0]), "2014 \u2013 2018");
  // The summary and the highlights under the row start where the main column does.
  EXPECT_DOUBLE_EQ(para(c.main()[find_block(c, "Thesis")]).indent_left, main_left + theme.summary_indent);
  EXPECT_DOUBLE_EQ(para(c.main()[find_block(c, "GPA")]).indent_left, main_left + theme.highlight_indent);
}

// RenderCV keeps an empty degree's column, so that the section's institutions line up.
TEST(EntryTemplates, AnEmptyLeadKeepsItsColumn) {
  const theme::Theme theme = degree_column_theme();
  Composition c = compose_one(theme, graduate({}), EntryKind::Education);
  const Row& r = row(c.main()[find_block(c, "KAIST")]);
  EXPECT_TRUE(r.lead.empty());
  EXPECT_DOUBLE_EQ(r.main[0].indent_left, 28 + theme.column_gap);
  EXPECT_DOUBLE_EQ(para(c.main()[find_block(c, "GPA")]).indent_left, 28 + theme.column_gap + theme.highlight_indent);
  // A layout without lead lines has no such column.
  theme::Theme plain = theme;
  plain.education_template.lead.clear();
  Composition without = compose_one(plain, graduate(T("BS")), EntryKind::Education);
  EXPECT_DOUBLE_EQ(row(without.main()[find_block(without, "KAIST")]).main[0].indent_left, 0);
}

// Dates on the left move the main column already; the lead stands between them and it. With
// short rows (RenderCV's classic), the highlights in the row start past the lead too.
TEST(EntryTemplates, ALeadColumnBesideDatesOnEitherSide) {
  theme::Theme left = degree_column_theme();
  left.aside_side = theme::AsideSide::Left;
  Composition c = compose_one(left, graduate(T("BS")), EntryKind::Education);
  const Row& r = row(c.main()[find_block(c, "KAIST")]);
  EXPECT_DOUBLE_EQ(r.lead[0].indent_left, 0) << "the row sets the main column past the dates";
  EXPECT_DOUBLE_EQ(r.main[0].indent_left, 28 + left.column_gap);
  EXPECT_DOUBLE_EQ(para(c.main()[find_block(c, "GPA")]).indent_left,
                   left.aside_width + left.column_gap + 28 + left.column_gap + left.highlight_indent);

  theme::Theme short_rows = degree_column_theme();
  short_rows.short_rows = true;
  Composition s = compose_one(short_rows, graduate(T("BS")), EntryKind::Education);
  const Row& sr = row(s.main()[find_block(s, "KAIST")]);
  ASSERT_EQ(sr.main.size(), 3u);  // title, summary, highlight: all beside the dates
  EXPECT_EQ(text_of(sr.main[2]), "GPA 4.1");
  EXPECT_DOUBLE_EQ(sr.main[2].indent_left, 28 + short_rows.column_gap + short_rows.highlight_indent);
}

}  // namespace
}  // namespace hanji::compose

// ---------------------------------------------------------------- structure

namespace hanji::compose {
namespace {

using doc::Role;

/// The roles of `node`'s children, in reading order.
std::vector<Role> kids(const Composition& c, int node) {
  std::vector<Role> out;
  for (const doc::StructNode& n : c.structure)
    if (n.parent == node) out.push_back(n.role);
  return out;
}

int first(const Composition& c, Role role) {
  for (size_t i = 0; i < c.structure.size(); ++i)
    if (c.structure[i].role == role) return static_cast<int>(i);
  return -1;
}

// The CV's logical structure: the name as H1 in the Document, a Sect per section with its
// title as H2, an entry's highlights as one list (each LI holding an LBody), and every
// paragraph naming the element its text goes in.
TEST(Structure, NameHeadingsSectionsAndLists) {
  Diagnostics diags;
  theme::Theme theme = test_theme();
  auto c = compose(cv_file({section("Experience", EntryKind::Experience, {experience()}),
                            section("Skills", EntryKind::OneLine, {})}),
                   theme, diags);
  ASSERT_FALSE(c.structure.empty());
  EXPECT_EQ(c.structure[0].role, Role::Document);
  EXPECT_EQ(c.structure[0].parent, -1);
  for (size_t i = 1; i < c.structure.size(); ++i) EXPECT_LT(c.structure[i].parent, static_cast<int>(i));
  const std::vector<Role> top = kids(c, 0);
  ASSERT_FALSE(top.empty());
  EXPECT_EQ(top.front(), Role::H1);
  // The section without entries is left out; its title is no heading.
  EXPECT_EQ(std::count(top.begin(), top.end(), Role::Sect), 1);
  const int sect = first(c, Role::Sect);
  const std::vector<Role> in_sect = kids(c, sect);
  ASSERT_FALSE(in_sect.empty());
  EXPECT_EQ(in_sect.front(), Role::H2);
  EXPECT_EQ(std::count(in_sect.begin(), in_sect.end(), Role::L), 1);  // two highlights, one list
  const int list = first(c, Role::L);
  EXPECT_EQ(kids(c, list), (std::vector<Role>{Role::LI, Role::LI}));
  // The first highlight's two nested ones are a list inside its item, after its body.
  const int item = list + 1;
  EXPECT_EQ(kids(c, item), (std::vector<Role>{Role::LBody, Role::L}));
  int nested = -1;
  for (size_t i = 0; i < c.structure.size(); ++i)
    if (c.structure[i].role == Role::L && c.structure[i].parent == item) nested = static_cast<int>(i);
  ASSERT_GE(nested, 0);
  EXPECT_EQ(kids(c, nested), (std::vector<Role>{Role::LI, Role::LI}));
  // Each paragraph names its element; bullets are artifacts.
  size_t paragraphs = 0;
  for (const Block& block : c.main()) {
    if (auto* p = std::get_if<Paragraph>(&block.content)) {
      ++paragraphs;
      ASSERT_GE(p->tag, 0) << text_of(*p);
      const Role role = c.structure[static_cast<size_t>(p->tag)].role;
      if (p->marker) {
        EXPECT_EQ(role, Role::LBody) << text_of(*p);
        EXPECT_EQ(p->marker->tag, -1) << "a bullet says nothing";
      } else {
        EXPECT_TRUE(role == Role::P || role == Role::H1 || role == Role::H2) << text_of(*p);
      }
      if (text_of(*p) == "Gildong Hong") {
        EXPECT_EQ(role, Role::H1);
      }
      if (text_of(*p) == "Experience") {
        EXPECT_EQ(role, Role::H2);
      }
    }
  }
  EXPECT_GT(paragraphs, 3u);
}

// A numbered entry's number is a list label (Lbl) the reader says; its text the body.
TEST(Structure, NumbersAreLabels) {
  Diagnostics diags;
  auto numbered = [](std::string text) {
    Entry e;
    e.kind = EntryKind::Numbered;
    e.text = T(std::move(text));
    return e;
  };
  auto c = compose(cv_file({section("Papers", EntryKind::Numbered, {numbered("First paper"), numbered("Second paper")})}),
                   test_theme(), diags);
  int labels = 0;
  for (const doc::StructNode& node : c.structure) labels += node.role == Role::Lbl;
  EXPECT_EQ(labels, 2);
}

// Table sections read as tables: a header row of TH (column headers), a row of TD per entry.
TEST(Structure, TableSectionsAreTables) {
  Diagnostics diags;
  theme::Theme theme = test_theme();
  theme.experience_table.cells = {"DATE_RANGE", "COMPANY", "POSITION"};
  theme.experience_table.headers = {"Period", "Company", "Position"};
  theme.experience_table.widths = {1, 2, 2};
  Entry second = experience();
  second.company = T("Other Co");
  auto c = compose(cv_file({section("Experience", EntryKind::Experience, {experience(), second})}), theme, diags);
  const int table = first(c, Role::Table);
  ASSERT_GE(table, 0);
  EXPECT_EQ(kids(c, table), (std::vector<Role>{Role::TR, Role::TR, Role::TR}));
  int th = 0, td = 0;
  for (const doc::StructNode& node : c.structure) {
    th += node.role == Role::TH;
    td += node.role == Role::TD;
  }
  EXPECT_EQ(th, 3);
  EXPECT_EQ(td, 6);
}

// A form's duties column may go under each row across the table (TableTemplate::below) for a
// CV not in the form's own languages: ko-standard's English jobs under a row of period,
// company and position, its Korean ones in a 담당업무 column. The row of details reads as a
// row of one cell across every column (TD with a column span).
TEST(Structure, AFormsDutiesGoUnderTheirRowElsewhere) {
  theme::Theme theme = test_theme();
  theme.experience_table.cells = {"DATE_RANGE", "COMPANY", "SUMMARY\nHIGHLIGHTS"};
  theme.experience_table.headers = {"Period", "Company", "Duties"};
  theme.experience_table.widths = {1, 2, 4};
  theme.experience_table.below = "SUMMARY\nHIGHLIGHTS";
  theme.section_order_languages = {"ko"};
  auto set = [&](const model::Locale& locale) {
    Diagnostics diags;
    model::CvFile file = cv_file({section("Experience", EntryKind::Experience, {experience(), experience()})});
    file.locale = locale;
    Composition c = compose(file, theme, diags);
    for (const auto& block : c.main())
      if (const auto* table = std::get_if<Table>(&block.content)) return std::make_pair(*table, c.structure);
    ADD_FAILURE() << "no table";
    return std::make_pair(Table{}, c.structure);
  };
  const auto [english_table, structure] = set(english());
  EXPECT_EQ(english_table.widths.size(), 2u) << "period and company; the duties under them";
  EXPECT_EQ(english_table.header.size(), 2u);
  ASSERT_EQ(english_table.below.size(), 2u);
  ASSERT_FALSE(english_table.below[0].empty());
  EXPECT_EQ(english_table.below[0].front().inlines.front().text, "Built ");
  ASSERT_EQ(english_table.below_continued.size(), 2u);
  std::string named;
  for (const Inline& in : english_table.below_continued[0].inlines) named += in.text;
  EXPECT_EQ(named, "Acme Corp\u00A0(cont.)") << "what names the job where its duties go on overleaf";
  int spanning = 0;
  for (const doc::StructNode& node : structure) spanning += node.role == Role::TD && node.column_span == 2;
  EXPECT_EQ(spanning, 2) << "one cell across both columns per job";
  const auto [korean_table, korean_structure] = set(korean());
  EXPECT_EQ(korean_table.widths.size(), 3u) << "the form's own language keeps its duties column";
  EXPECT_TRUE(korean_table.below.empty());
}

// A table's title over lines of its own (a project over its summary) is bold in every row,
// as a paper's title over its authors is; a table of titles alone (awards) stays regular.
TEST(Structure, ATableTitleOverItsSummaryIsBoldInEveryRow) {
  theme::Theme theme = test_theme();
  theme.normal_table.cells = {"DATES", "NAME"};
  theme.normal_table.widths = {1, 4};
  Entry project;
  project.kind = EntryKind::Normal;
  project.name = T("uplift-bsts");
  project.summary = T("A package for uplift estimation.");
  project.date = year_only(2023);
  Entry bare = project;
  bare.name = T("Open Data Fellowship");
  bare.summary = T("");
  auto title_bold = [&](const std::vector<Entry>& entries) {
    Diagnostics diags;
    const Composition c = compose(cv_file({section("Projects", EntryKind::Normal, entries)}), theme, diags);
    std::vector<bool> bold;
    for (const auto& block : c.main())
      if (const auto* table = std::get_if<Table>(&block.content))
        for (const auto& row : table->rows) bold.push_back(row.at(1).at(0).inlines.at(0).font.bold);
    return bold;
  };
  EXPECT_EQ(title_bold({project, bare}), (std::vector<bool>{true, true}));
  EXPECT_EQ(title_bold({bare, bare}), (std::vector<bool>{false, false}));
}

// The photo is a Figure whose text says whose photo it is, in the CV's language.
// A row reads lead, main, aside: the degree's paragraph comes before the institution's.
TEST(Structure, ALeadColumnReadsBeforeTheMainOne) {
  Diagnostics diags;
  theme::Theme theme = test_theme();
  theme.education_template.main = {"**INSTITUTION**"};
  theme.education_template.lead = {"**DEGREE**"};
  Entry e;
  e.kind = EntryKind::Education;
  e.institution = T("KAIST");
  e.degree = T("BS");
  e.date = year_only(2018);
  auto c = compose(cv_file({section("Education", EntryKind::Education, {e})}), theme, diags);
  const Row* r = nullptr;
  for (const Block& block : c.main())
    if (auto* found = std::get_if<Row>(&block.content)) r = found;
  ASSERT_TRUE(r);
  ASSERT_EQ(r->lead.size(), 1u);
  ASSERT_GE(r->lead[0].tag, 0);
  EXPECT_EQ(c.structure[static_cast<size_t>(r->lead[0].tag)].role, Role::P);
  EXPECT_LT(r->lead[0].tag, r->main[0].tag);
  EXPECT_LT(r->main[0].tag, r->aside[0].tag);
}

TEST(Structure, ThePhotoSaysWhoseItIs) {
  Diagnostics diags;
  model::CvFile file = cv_file({section("Experience", EntryKind::Experience, {experience()})});
  file.cv.photo = T(std::string(HANJI_SOURCE_DIR) + "/samples/photo.png");
  file.locale.photo_of = "NAME 사진";
  auto c = compose(file, test_theme(), diags);
  const int figure = first(c, Role::Figure);
  ASSERT_GE(figure, 0);
  EXPECT_EQ(c.structure[static_cast<size_t>(figure)].alt, "Gildong Hong 사진");
}


// ---------------------------------------------------------------- 자기소개서 (issue 32)

model::CvFile self_introduction_file() {
  model::CvFile file;
  file.cv.name = T("이흥섭");
  file.locale = korean();
  file.locale.labels = {{"self_introduction_document", "자기소개서"},
                        {"applicant", "지원자: NAME"},
                        {"count_chars", "(COUNT/MAX자)"},
                        {"count_chars_no_spaces", "(공백 제외 COUNT/MAX자)"},
                        {"count_bytes", "(COUNT/MAX바이트)"}};
  model::SelfIntroduction si;
  si.company = T("한지 주식회사", 4, 12);
  model::Question growth;
  growth.title = T("성장과정", 6, 14);
  growth.answer = {model::TextBlock{{T("첫 문단은 **굵게** 씁니다.", 9, 9)}, false},
                   model::TextBlock{{T("하나", 11, 11), T("둘", 12, 11)}, true}};
  growth.limit = model::CountLimit{700, std::nullopt, model::CountUnit::Chars, 1, {}};
  model::Question motive;
  motive.title = T("지원동기", 13, 14);
  motive.answer = {model::TextBlock{{T("지원한 까닭.", 15, 15)}, false}};
  motive.limit = model::CountLimit{1000, std::nullopt, model::CountUnit::BytesEucKr, 1, {}};
  si.questions = {growth, motive};
  file.self_introduction = si;
  return file;
}

TEST(SelfIntroduction, TitleCompanyThenNumberedQuestionsOverTheirAnswers) {
  theme::Theme theme = test_theme();
  Diagnostics diags;
  model::CvFile file = self_introduction_file();
  Composition c = compose_self_introduction(file, theme, diags, nullptr, {487, 1234});
  EXPECT_FALSE(diags.has_errors());
  const auto& blocks = c.main();
  const Paragraph& title = para(blocks[find_block(c, "자기소개서")]);
  EXPECT_EQ(title.role, doc::Role::H1);
  EXPECT_EQ(text_of(para(blocks[find_block(c, "한지 주식회사")])), "한지 주식회사  \u00B7  지원자: 이흥섭");
  const size_t first = find_block(c, "성장과정");
  const Paragraph& question = para(blocks[first]);
  EXPECT_EQ(question.role, doc::Role::H2);
  EXPECT_EQ(text_of(question), "1. 성장과정 (487/700자)");
  EXPECT_TRUE(blocks[first].keep_with_next);
  EXPECT_EQ(blocks[first].bookmark, "1. 성장과정 (487/700자)");
  // The count in the footer's colour, not the title's.
  EXPECT_EQ(question.inlines.back().font.color, theme.footer.color);
  EXPECT_EQ(text_of(para(blocks[find_block(c, "지원동기")])), "2. 지원동기 (1,234/1,000바이트)");
  // The answer justified as the CV's paragraphs are; its list with the layout's bullet.
  const Paragraph& answer = para(blocks[first + 1]);
  EXPECT_EQ(text_of(answer), "첫 문단은 굵게 씁니다.");
  EXPECT_EQ(answer.align, Align::Justify);
  EXPECT_DOUBLE_EQ(blocks[first + 1].space_before, theme.si_answer_space);
  const Paragraph& item = para(blocks[find_block(c, "하나")]);
  ASSERT_TRUE(item.marker);
  EXPECT_DOUBLE_EQ(item.indent_left, theme.highlight_indent);
  EXPECT_EQ(c.meta.title, "이흥섭 \u2013 자기소개서");
  EXPECT_FALSE(c.structure.empty());
}

TEST(SelfIntroduction, ACountWithSpacesIsNeverBrokenAcrossLines) {
  theme::Theme theme = test_theme();
  model::CvFile file = self_introduction_file();
  file.self_introduction->questions[0].limit->unit = model::CountUnit::CharsNoSpaces;
  Diagnostics diags;
  Composition c = compose_self_introduction(file, theme, diags, nullptr, {487, 1234});
  const size_t first = find_block(c, "성장과정");
  // Drawn with no-break spaces ("(공백 제외" at one line's end and "487/700자)" on the next
  // would read as two remarks); the outline keeps the locale's words as written.
  EXPECT_EQ(text_of(para(c.main()[first])), "1. 성장과정 (공백\u00A0제외\u00A0487/700자)");
  EXPECT_EQ(c.main()[first].bookmark, "1. 성장과정 (공백 제외 487/700자)");
}

TEST(SelfIntroduction, TheLayoutDecidesNumberingAndCounts) {
  theme::Theme theme = test_theme();
  theme.si_numbering = "Q N.";
  theme.si_show_counts = false;
  Diagnostics diags;
  Composition c = compose_self_introduction(self_introduction_file(), theme, diags, nullptr, {487, 1234});
  EXPECT_EQ(text_of(para(c.main()[find_block(c, "성장과정")])), "Q 1. 성장과정");
  theme.si_numbering = "";
  theme.si_show_counts = true;
  Composition bare = compose_self_introduction(self_introduction_file(), theme, diags, nullptr, {});
  EXPECT_EQ(text_of(para(bare.main()[find_block(bare, "성장과정")])), "성장과정");
}

// ---------------------------------------------------------------- letters

model::CvFile letter_file() {
  model::CvFile file = cv_file();
  file.cv.emails = {T("gd@example.com", 3, 10)};
  file.cv.contacts = {model::Contact{model::Contact::Kind::Email, T("gd@example.com", 3, 10), "mailto:gd@example.com", ""}};
  model::Letter letter;
  letter.span = Span{"cv.yaml", 5, 1};
  letter.recipient.name = T("Dr Jane Smith", 7, 11);
  letter.recipient.company = T("Acme GmbH", 8, 14);
  letter.recipient.address = {T("Bahnhofstrasse 1", 9, 15), T("8001 Zürich", 9, 33)};
  letter.date = ymd(2026, 11, 20);
  letter.subject = T("Application for **Senior Engineer**", 10, 12);
  letter.salutation = T("Dear Dr Smith,", 11, 15);
  letter.body = {model::TextBlock{{T("First paragraph with a [link](https://example.com).", 13, 5)}, false},
                 model::TextBlock{{T("one item", 15, 7), T("another item", 16, 7)}, true},
                 model::TextBlock{{T("Last paragraph.", 18, 5)}, false}};
  letter.closing = T("Yours sincerely,", 19, 12);
  letter.enclosures = {T("Curriculum vitae", 20, 16)};
  file.letter = std::move(letter);
  file.parts = {model::Part::Letter, model::Part::Cv};
  return file;
}

std::string all_text(const Composition& c) {
  std::string out;
  for (const Block& block : c.main()) {
    if (auto* p = std::get_if<Paragraph>(&block.content)) out += text_of(*p) + "|";
    if (auto* r = std::get_if<Row>(&block.content)) {
      for (const auto& m : r->main) out += text_of(m) + "|";
      for (const auto& a : r->aside) out += text_of(a) + "|";
    }
  }
  return out;
}

TEST(Letter, LetterheadThenEveryPartInOrder) {
  Diagnostics diags;
  const Composition c = compose_letter(letter_file(), test_theme(), diags);
  EXPECT_FALSE(diags.has_errors());
  EXPECT_EQ(all_text(c),
            "Gildong Hong|gd@example.com|Dr Jane Smith\nAcme GmbH\nBahnhofstrasse 1\n8001 Zürich|20 November 2026|"
            "Application for Senior Engineer|Dear Dr Smith,|First paragraph with a link.|one item|another item|"
            "Last paragraph.|Yours sincerely,|Gildong Hong|Enclosures: Curriculum vitae|");
  // The name heads the letterhead as it heads the CV; the body is set as the layout's body.
  const Paragraph& name = para(c.main()[find_block(c, "Gildong Hong")]);
  EXPECT_EQ(name.role, doc::Role::H1);
  const Paragraph& first = para(c.main()[find_block(c, "First paragraph")]);
  EXPECT_EQ(first.align, Align::Justify);
  EXPECT_DOUBLE_EQ(first.inlines.front().font.size, test_theme().body.size);
  EXPECT_EQ(first.span.line, 13);
  // The list is set as highlights are, with markers, and tagged as a list.
  const Paragraph& item = para(c.main()[find_block(c, "one item")]);
  ASSERT_TRUE(item.marker);
  EXPECT_DOUBLE_EQ(item.indent_left, test_theme().highlight_indent);
  int lists = 0, items = 0, paragraphs = 0;
  for (const doc::StructNode& node : c.structure) {
    lists += node.role == doc::Role::L;
    items += node.role == doc::Role::LI;
    paragraphs += node.role == doc::Role::P;
  }
  EXPECT_EQ(lists, 1);
  EXPECT_EQ(items, 2);
  EXPECT_GE(paragraphs, 8);
  EXPECT_EQ(c.meta.title, "Gildong Hong \u2013 Cover letter");
}

TEST(Letter, TheLayoutPlacesTheDateAndTheClosing) {
  theme::Theme theme = test_theme();
  theme.letter_date_position = theme::LetterDate::Beside;
  Diagnostics diags;
  const Composition beside = compose_letter(letter_file(), theme, diags);
  const Row& row_with_date = row(beside.main()[find_block(beside, "Dr Jane Smith")]);
  ASSERT_EQ(row_with_date.aside.size(), 1u);
  EXPECT_EQ(text_of(row_with_date.aside[0]), "20 November 2026");

  theme.letter_date_position = theme::LetterDate::Closing;
  theme.letter_closing_right = true;
  theme.letter_date_in_words = false;
  const Composition closing = compose_letter(letter_file(), theme, diags);
  const size_t date = find_block(closing, "2026");
  EXPECT_GT(date, find_block(closing, "Yours sincerely"));
  EXPECT_LT(date, find_block(closing, "Enclosures"));
  EXPECT_GT(para(closing.main()[date]).indent_left, 0);  // in the right half
  // The room for a signature stands between the closing and the signed name.
  const Block& signed_name = closing.main()[find_block(closing, "Enclosures") - 1];
  EXPECT_DOUBLE_EQ(signed_name.space_before, theme.letter_signature_space);
}

TEST(Letter, ASignaturePictureStandsOverTheSignedNameAndReadsAsASignature) {
  model::CvFile file = letter_file();
  file.letter->signature_image = T("/cv/signature.png", 21, 20);
  file.letter->signature_name = T("G. Hong", 21, 11);
  Diagnostics diags;
  const Composition c = compose_letter(file, test_theme(), diags);
  const size_t name = find_block(c, "G. Hong");
  ASSERT_GT(name, 0u);
  const auto* figure = std::get_if<Figure>(&c.main()[name - 1].content);
  ASSERT_TRUE(figure);
  EXPECT_EQ(figure->path, "/cv/signature.png");
  ASSERT_GE(figure->tag, 0);
  EXPECT_EQ(c.structure[static_cast<size_t>(figure->tag)].alt, "Signature of G. Hong");
}

TEST(Letter, KoreanWordsAndTheBuildDate) {
  model::CvFile file = letter_file();
  file.locale = korean();
  file.locale.labels["letter_enclosures"] = "첨부";  // as locales/korean.yaml has it
  file.letter->date.reset();
  file.settings.build_date = ymd(2026, 3, 2);
  Diagnostics diags;
  const Composition c = compose_letter(file, test_theme(), diags);
  EXPECT_NE(all_text(c).find("2026년 3월 2일"), std::string::npos) << all_text(c);
  EXPECT_NE(all_text(c).find("첨부: Curriculum vitae"), std::string::npos) << all_text(c);
}

}  // namespace
}  // namespace hanji::compose
