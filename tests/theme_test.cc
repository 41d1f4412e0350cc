// Tests for the layout module: value parsing, the parameter registry, the layout file chain,
// CV overrides, diagnostics and the data directories.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <map>

#include <unistd.h>

#include "theme/theme.h"

namespace hanji::theme {
namespace {

namespace fs = std::filesystem;
using config::ConfigNode;

const std::string kRepo = HANJI_SOURCE_DIR;

// ---------------------------------------------------------------- helpers

ConfigNode scalar(std::string value, Span span = {}) {
  ConfigNode n;
  n.kind = ConfigNode::Kind::Scalar;
  n.scalar = std::move(value);
  n.span = std::move(span);
  return n;
}

// A map built in code; each key's span is the key's (line, col) in `file`, values one column
// after "key: ".
struct MapBuilder {
  ConfigNode node;
  std::string file;
  int line = 1;
  explicit MapBuilder(std::string f = "cv.yaml", int first_line = 1) : file(std::move(f)), line(first_line) {
    node.kind = ConfigNode::Kind::Map;
    node.span = Span{file, line, 1};
  }
  MapBuilder& add(const std::string& key, ConfigNode value, int col = 3) {
    node.keys.push_back(key);
    node.key_spans.push_back(Span{file, line, col});
    if (!value.span.known()) value.span = Span{file, line, col + static_cast<int>(key.size()) + 2};
    node.children.push_back(std::move(value));
    ++line;
    return *this;
  }
  MapBuilder& set(const std::string& key, const std::string& value, int col = 3) {
    return add(key, scalar(value), col);
  }
};

ConfigNode overrides_of(const std::string& section, ConfigNode inner) {
  MapBuilder top;
  top.add(section, std::move(inner), 1);
  return top.node;
}

DataDirs repo_dirs() { return DataDirs{kRepo + "/layouts", kRepo + "/fonts"}; }

std::string messages(const Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags.all()) out += format_diagnostic(d);
  return out;
}

const Diagnostic* first_error(const Diagnostics& diags) {
  for (const auto& d : diags.all())
    if (d.severity == Severity::Error) return &d;
  return nullptr;
}

bool has_hint(const Diagnostic& d, const std::string& text) {
  for (const auto& h : d.hints)
    if (h.find(text) != std::string::npos) return true;
  return false;
}

// A scratch directory per test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ =
        fs::temp_directory_path() / ("hanji_layout_" + std::string(info->name()) + "_" + std::to_string(::getpid()));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }
  fs::path write(const std::string& relative, const std::string& content) const {
    fs::path p = path_ / relative;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << content;
    return p;
  }

 private:
  fs::path path_;
};

const std::string kFontsBlock =
    "fonts:\n"
    "  hangul: {regular: NanumMyeongjo.ttf, bold: NanumMyeongjoBold.ttf}\n"
    "  latin: {regular: NotoSerif-Regular.ttf}\n";

// ---------------------------------------------------------------- parse_length

TEST(ParseLength, AcceptsUnitsAndBareNumbers) {
  const std::vector<std::pair<std::string, double>> cases{{"12pt", 12},   {"12", 12},
                                                          {"0.5in", 36},  {"1in", 72},
                                                          {"2.54cm", 72}, {"1cm", 72 / 2.54},
                                                          {"25.4mm", 72}, {"18mm", 18 * 72 / 25.4},
                                                          {" 3 pt ", 3},  {"-2pt", -2},
                                                          {".5in", 36},   {"10PT", 10},
                                                          {"+4", 4},      {"0", 0}};
  for (const auto& [text, points] : cases) {
    auto value = parse_length(text);
    ASSERT_TRUE(value.has_value()) << text;
    EXPECT_NEAR(*value, points, 1e-9) << text;
  }
}

TEST(ParseLength, RejectsMalformedText) {
  for (std::string text : {"", "pt", "12px", "1e3", "abc", "12 p t", "nan", "inf", "1.2.3", "12pt3", "- 2pt", "1em"})
    EXPECT_FALSE(parse_length(text).has_value()) << "'" << text << "'";
}

// ---------------------------------------------------------------- parse_color

void expect_rgb(const std::string& text, double r, double g, double b) {
  auto c = parse_color(text);
  ASSERT_TRUE(c.has_value()) << text;
  EXPECT_NEAR(c->r * 255, r, 1e-6) << text;
  EXPECT_NEAR(c->g * 255, g, 1e-6) << text;
  EXPECT_NEAR(c->b * 255, b, 1e-6) << text;
}

TEST(ParseColor, HexForms) {
  expect_rgb("#1f3a5f", 31, 58, 95);
  expect_rgb("#1F3A5F", 31, 58, 95);
  expect_rgb("#333", 0x33, 0x33, 0x33);
  expect_rgb("#f80", 0xff, 0x88, 0x00);
  expect_rgb("  #000000 ", 0, 0, 0);
}

TEST(ParseColor, RgbFunction) {
  expect_rgb("rgb(0, 79, 144)", 0, 79, 144);
  expect_rgb("rgb(0,79,144)", 0, 79, 144);
  expect_rgb("rgb(0 79 144)", 0, 79, 144);
  expect_rgb("RGB(255, 255, 255)", 255, 255, 255);
  expect_rgb("rgb(100%, 0%, 50%)", 255, 0, 127.5);
}

TEST(ParseColor, NamedColours) {
  const std::map<std::string, std::array<int, 3>> names{{"black", {0, 0, 0}},
                                                        {"white", {255, 255, 255}},
                                                        {"red", {255, 0, 0}},
                                                        {"green", {0, 128, 0}},
                                                        {"blue", {0, 0, 255}},
                                                        {"navy", {0, 0, 128}},
                                                        {"gray", {128, 128, 128}},
                                                        {"grey", {128, 128, 128}},
                                                        {"silver", {192, 192, 192}},
                                                        {"maroon", {128, 0, 0}},
                                                        {"purple", {128, 0, 128}},
                                                        {"teal", {0, 128, 128}},
                                                        {"olive", {128, 128, 0}},
                                                        {"orange", {255, 165, 0}},
                                                        {"yellow", {255, 255, 0}},
                                                        {"lime", {0, 255, 0}},
                                                        {"aqua", {0, 255, 255}},
                                                        {"fuchsia", {255, 0, 255}},
                                                        {"darkslategray", {47, 79, 79}},
                                                        {"steelblue", {70, 130, 180}},
                                                        {"crimson", {220, 20, 60}},
                                                        {"rebeccapurple", {102, 51, 153}},
                                                        {"DarkBlue", {0, 0, 139}},
                                                        {"dimgrey", {105, 105, 105}}};
  for (const auto& [name, rgb] : names) expect_rgb(name, rgb[0], rgb[1], rgb[2]);
}

TEST(ParseColor, RejectsMalformedText) {
  for (std::string text : {"", "#12", "#1234", "#ggg", "#12345g", "rgb(300, 0, 0)", "rgb(1, 2)", "rgb(1, 2, 3, 4)",
                           "rgb(1, 2, 3", "notacolor", "navy blue", "1f3a5f"})
    EXPECT_FALSE(parse_color(text).has_value()) << "'" << text << "'";
}

// ---------------------------------------------------------------- registry and classic

// Every leaf of classic.yaml as a dotted key.
void collect_leaves(const ConfigNode& node, const std::string& prefix, std::vector<std::string>& out) {
  if (node.kind != ConfigNode::Kind::Map) {
    out.push_back(prefix);
    return;
  }
  for (size_t i = 0; i < node.keys.size(); ++i)
    collect_leaves(node.children[i], prefix.empty() ? node.keys[i] : prefix + "." + node.keys[i], out);
}

TEST(Registry, EveryClassicKeyIsAParameter) {
  Diagnostics diags;
  auto classic = config::load_config(kRepo + "/layouts/classic.yaml", diags);
  ASSERT_TRUE(classic.has_value()) << messages(diags);
  std::vector<std::string> leaves;
  collect_leaves(*classic, "", leaves);
  std::vector<std::string> keys;
  for (const auto& p : describe_parameters()) keys.push_back(p.key);
  ASSERT_GT(leaves.size(), 60u);
  for (const auto& leaf : leaves) {
    if (leaf == "description" || leaf == "extends") continue;
    EXPECT_NE(std::find(keys.begin(), keys.end(), leaf), keys.end()) << leaf << " has no parameter";
  }
}

// The values are all in the layout data: a parameter's only value is classic's (the C++
// members are value-initialised), so classic, which extends nothing, must set every one.
TEST(Registry, ClassicSetsEveryParameter) {
  Diagnostics diags;
  auto classic = config::load_config(kRepo + "/layouts/classic.yaml", diags);
  ASSERT_TRUE(classic.has_value()) << messages(diags);
  std::vector<std::string> leaves;
  collect_leaves(*classic, "", leaves);
  EXPECT_EQ(std::find(leaves.begin(), leaves.end(), "extends"), leaves.end()) << "classic is the base of every layout";
  int checked = 0;
  for (const auto& p : describe_parameters()) {
    if (p.key.starts_with("regions.NAME.")) continue;  // a region's fields: set per region, each with its own default
    EXPECT_NE(std::find(leaves.begin(), leaves.end(), p.key), leaves.end())
        << p.key << " has no value in layouts/classic.yaml (add one there: the parameters have no other default)";
    ++checked;
  }
  EXPECT_GT(checked, 200);
}

TEST(Registry, EveryParameterHasHelpAndAnExpectedForm) {
  auto params = describe_parameters();
  EXPECT_GE(params.size(), 80u);  // 9 styles x 5 + page, fonts, header, section, entry, text, footer
  for (const auto& p : params) {
    EXPECT_FALSE(p.help.empty()) << p.key;
    EXPECT_FALSE(p.expected.empty()) << p.key;
  }
}

TEST(LoadTheme, ClassicValuesReachTheTheme) {
  Diagnostics diags;
  auto theme = load_theme("classic", ConfigNode{}, "", repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(diags.all().size(), 0u) << messages(diags);
  EXPECT_EQ(theme->id, "classic");
  EXPECT_FALSE(theme->description.empty());
  EXPECT_EQ(theme->paper, Paper::A4);
  EXPECT_NEAR(theme->page_width, 595.276, 1e-3);
  EXPECT_NEAR(theme->page_height, 841.89, 1e-3);
  EXPECT_NEAR(theme->margin_top, 15 * 72 / 25.4, 1e-9);
  EXPECT_NEAR(theme->margin_left, 17 * 72 / 25.4, 1e-9);
  EXPECT_DOUBLE_EQ(theme->name.size, 22);
  EXPECT_TRUE(theme->name.bold);
  EXPECT_DOUBLE_EQ(theme->name.line_height, 1.2);
  EXPECT_DOUBLE_EQ(theme->body.line_height, 1.42);
  EXPECT_DOUBLE_EQ(theme->headline.line_height, 1.35);  // classic sets every role's every value
  EXPECT_EQ(theme->link_color, *parse_color("#1f3a5f"));
  EXPECT_EQ(theme->header_align, Align::Center);
  EXPECT_EQ(theme->contact_separator, "  |  ");
  EXPECT_NEAR(theme->photo_width, 2.6 * 72 / 2.54, 1e-9);
  EXPECT_TRUE(theme->photo_right);
  EXPECT_EQ(theme->bullet, "\u2022");
  EXPECT_NEAR(theme->aside_width, 3.4 * 72 / 2.54, 1e-9);
  EXPECT_EQ(theme->korean_break, KoreanBreak::Word);
  EXPECT_DOUBLE_EQ(theme->fonts.latin_scale, 1.06);
  EXPECT_DOUBLE_EQ(theme->fonts.latin_baseline, -0.036);
  EXPECT_DOUBLE_EQ(theme->footer_offset, 22);
}

TEST(LoadTheme, FontsAreAbsolutePathsAndUnnamedFacesStayEmpty) {
  Diagnostics diags;
  auto theme = load_theme("", ConfigNode{}, "", repo_dirs(), diags);  // "" = classic
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(theme->id, "classic");
  const auto& f = theme->fonts;
  for (const auto& path :
       {f.hangul.regular, f.hangul.bold, f.latin.regular, f.latin.bold, f.latin.italic, f.latin.bold_italic}) {
    EXPECT_TRUE(fs::path(path).is_absolute()) << path;
    EXPECT_TRUE(fs::exists(path)) << path;
  }
  EXPECT_EQ(fs::path(f.hangul.regular).filename(), "NanumBarunGothic.ttf");
  EXPECT_EQ(fs::path(f.latin.bold_italic).filename(), "Lato-BoldItalic.ttf");
  // Faces a layout does not name stay empty: the text module falls back (bold italic ->
  // bold -> regular) and knows that such emphasis must become colour, not fake italics.
  EXPECT_EQ(f.hangul.italic, "");
  EXPECT_EQ(f.hangul.bold_italic, "");
}

TEST(LoadTheme, EveryShippedLayoutLoadsCleanly) {
  Diagnostics diags;
  auto layouts = list_layouts(repo_dirs(), diags);
  ASSERT_FALSE(layouts.empty());
  for (const auto& info : layouts) {
    auto theme = load_theme(info.name, ConfigNode{}, "", repo_dirs(), diags);
    EXPECT_TRUE(theme.has_value()) << info.name;
    EXPECT_FALSE(info.description.empty()) << info.name;
  }
  EXPECT_EQ(diags.all().size(), 0u) << messages(diags);
}

TEST(LoadTheme, SerifExtendsClassic) {
  Diagnostics diags;
  auto theme = load_theme("serif", ConfigNode{}, "", repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(fs::path(theme->fonts.hangul.bold).filename(), "NanumMyeongjoExtraBold.ttf");
  EXPECT_EQ(theme->aside_side, AsideSide::Left);
  EXPECT_EQ(theme->section_title_style, TitleStyle::RulesAround);
  EXPECT_DOUBLE_EQ(theme->body.line_height, 1.45);
  EXPECT_NEAR(theme->photo_width, 26 * 72 / 25.4, 1e-9);  // from classic
}

// ---------------------------------------------------------------- overrides

TEST(LoadTheme, CvOverridesWin) {
  MapBuilder page;
  page.set("margin_top", "1in").set("paper", "letter");
  MapBuilder body;
  body.set("size", "11").set("color", "navy");
  MapBuilder styles;
  styles.add("body", body.node);
  MapBuilder top;
  top.add("page", page.node, 1).add("styles", styles.node, 1);
  MapBuilder text;
  text.set("align", "justified");  // RenderCV's spelling
  top.add("text", text.node, 1);
  Diagnostics diags;
  auto theme = load_theme("classic", top.node, "", repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_DOUBLE_EQ(theme->margin_top, 72);
  EXPECT_NEAR(theme->margin_bottom, 15 * 72 / 25.4, 1e-9);  // untouched
  EXPECT_EQ(theme->paper, Paper::Letter);
  EXPECT_DOUBLE_EQ(theme->page_width, 612);
  EXPECT_DOUBLE_EQ(theme->page_height, 792);
  EXPECT_DOUBLE_EQ(theme->body.size, 11);
  EXPECT_EQ(theme->body.color, (Rgb{0, 0, 128 / 255.0}));
  EXPECT_DOUBLE_EQ(theme->body.line_height, 1.42);  // from classic
  EXPECT_EQ(theme->body_align, Align::Justify);
}

// A CV's `layout: {regions: {REGION: {KEY: VALUE}}}`.
ConfigNode region_override(const std::string& region, const std::string& key, const std::string& value) {
  MapBuilder field;
  field.set(key, value);
  MapBuilder regions;
  regions.add(region, field.node);
  return overrides_of("regions", regions.node);
}

// The page grid as data: sidebar's regions dock as declared (the header across the top, the
// side column on the left, the main flow in what is left), a CV changes one by name (the
// column moved to the right keeps its place in the order), and `pages: none` takes one away.
TEST(Regions, DockAsDeclaredAndChangeByName) {
  Diagnostics diags;
  auto sidebar = load_theme("sidebar", ConfigNode{}, "", repo_dirs(), diags);
  ASSERT_TRUE(sidebar) << messages(diags);
  const double text_width = sidebar->page_width - sidebar->margin_left - sidebar->margin_right;
  std::vector<RegionFrame> frames = region_frames(*sidebar, 0);
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_EQ(frames[0].region->name, "header");
  EXPECT_NEAR(frames[0].width, text_width, 1e-9);
  EXPECT_EQ(frames[1].region->name, "side");
  EXPECT_NEAR(frames[1].x, sidebar->margin_left, 1e-9);
  EXPECT_EQ(frames[1].outer_x, 0) << "the tint runs to the paper's edge";
  EXPECT_EQ(frames[2].region->name, "main");
  const double side = 5.4 / 2.54 * 72, gap = 16;
  EXPECT_NEAR(frames[2].x, sidebar->margin_left + side + gap, 1e-6);
  EXPECT_NEAR(frames[2].width, text_width - side - gap, 1e-6);
  EXPECT_EQ(region_frames(*sidebar, 1).size(), 2u) << "the header is on the first page only";
  EXPECT_EQ(region_for_section(*sidebar, "Programming Skills", "")->name, "side");
  EXPECT_EQ(region_for_section(*sidebar, "보유 기술", "")->name, "side");
  EXPECT_EQ(region_for_section(*sidebar, "경력", "experience")->name, "main");
  EXPECT_EQ(region_taking(*sidebar, "contacts")->name, "side");

  auto moved = load_theme("sidebar", region_override("side", "dock", "right"), "", repo_dirs(), diags);
  ASSERT_TRUE(moved) << messages(diags);
  frames = region_frames(*moved, 0);
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_EQ(frames[1].region->name, "side");
  EXPECT_NEAR(frames[1].x + frames[1].width, moved->page_width - moved->margin_right, 1e-6);
  EXPECT_NEAR(frames[1].outer_x + frames[1].outer_width, moved->page_width, 1e-6);
  EXPECT_NEAR(frames[2].x, moved->margin_left, 1e-9);

  auto one_column = load_theme("sidebar", region_override("side", "pages", "none"), "", repo_dirs(), diags);
  ASSERT_TRUE(one_column) << messages(diags);
  frames = region_frames(*one_column, 1);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_NEAR(frames[0].width, text_width, 1e-9);
  EXPECT_EQ(region_for_section(*one_column, "Skills", "skills")->name, "main");
}

// A column left out of a page (it has nothing left there) gives its room to the regions
// docked after it: sidebar's main flow then takes the whole text width.
TEST(Regions, AColumnLeftOutGivesItsRoomToTheRegionsAfterIt) {
  Diagnostics diags;
  auto sidebar = load_theme("sidebar", ConfigNode{}, "", repo_dirs(), diags);
  ASSERT_TRUE(sidebar) << messages(diags);
  const double text_width = sidebar->page_width - sidebar->margin_left - sidebar->margin_right;
  const std::vector<RegionFrame> frames = region_frames(*sidebar, 1, {find_region(*sidebar, "side")});
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].region->name, "main");
  EXPECT_NEAR(frames[0].x, sidebar->margin_left, 1e-9);
  EXPECT_NEAR(frames[0].width, text_width, 1e-9);
}

// A region of a kind that exists is the layout file's alone: a second column, on the right,
// beside sidebar's left one, takes its sections and narrows the main flow, with no code.
TEST(Regions, ALayoutFileAddsAColumnOfItsOwn) {
  TempDir dir;
  const fs::path file = dir.write("two-sides.yaml",
                                  "extends: sidebar\n"
                                  "regions:\n"
                                  "  right: {dock: right, width: 4cm, gap: 12pt, background: \"#f5efe8\", padding: 8pt,\n"
                                  "          indent: 6pt, sections: [others]}\n"
                                  "  main: {dock: fill, takes: [rest]}\n");
  Diagnostics diags;
  auto theme = load_theme(file.string(), ConfigNode{}, "", repo_dirs(), diags);
  ASSERT_TRUE(theme) << messages(diags);
  EXPECT_FALSE(diags.has_errors()) << messages(diags);
  const std::vector<RegionFrame> frames = region_frames(*theme, 0);
  ASSERT_EQ(frames.size(), 4u);
  EXPECT_EQ(frames[1].region->name, "side");
  EXPECT_EQ(frames[2].region->name, "right");
  EXPECT_EQ(frames[3].region->name, "main");
  const double right_edge = theme->page_width - theme->margin_right, right = 4 / 2.54 * 72;
  EXPECT_NEAR(frames[2].x + frames[2].width, right_edge, 1e-6) << "its text to the right margin";
  EXPECT_NEAR(frames[2].outer_x + frames[2].outer_width, theme->page_width, 1e-6) << "its tint to the paper's edge";
  EXPECT_NEAR(frames[3].x + frames[3].width, right_edge - right - 12, 1e-6) << "the main flow stops at its gap";
  EXPECT_EQ(region_for_section(*theme, "Others", "")->name, "right");
  EXPECT_EQ(region_for_section(*theme, "Skills", "")->name, "side");
  EXPECT_EQ(region_for_section(*theme, "Work Experience", "")->name, "main");
}

// A grid that cannot work is refused where it is written: a column beside the main flow on
// the first page only would set the flow at two widths.
TEST(Regions, AFlowThatWouldChangeWidthIsRefused) {
  Diagnostics diags;
  auto theme = load_theme("sidebar", region_override("side", "pages", "first"), "", repo_dirs(), diags);
  EXPECT_FALSE(theme);
  const Diagnostic* e = first_error(diags);
  ASSERT_NE(e, nullptr);
  EXPECT_NE(e->message.find("region 'main' is"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("wide where the content it shows is set"), std::string::npos) << e->message;
  EXPECT_EQ(e->span.file, "cv.yaml");
}

// RenderCV's four paper sizes, by hanji's names and RenderCV's: ISO A4 and A5 in millimetres,
// US Letter and Executive in inches.
TEST(LoadTheme, EveryPaperSizeHasItsDimensions) {
  struct Case {
    const char* name;
    Paper paper;
    double width, height;
  };
  for (const Case& c : {Case{"a4", Paper::A4, 595.276, 841.890}, Case{"a5", Paper::A5, 419.528, 595.276},
                        Case{"letter", Paper::Letter, 612, 792}, Case{"us-letter", Paper::Letter, 612, 792},
                        Case{"executive", Paper::Executive, 522, 756}, Case{"us-executive", Paper::Executive, 522, 756}}) {
    Diagnostics diags;
    auto theme = load_theme("classic", overrides_of("page", MapBuilder().set("paper", c.name).node), "", repo_dirs(), diags);
    ASSERT_TRUE(theme.has_value()) << c.name << messages(diags);
    EXPECT_EQ(theme->paper, c.paper) << c.name;
    EXPECT_NEAR(theme->page_width, c.width, 1e-3) << c.name;
    EXPECT_NEAR(theme->page_height, c.height, 1e-3) << c.name;
    EXPECT_TRUE(is_paper_name(c.name));
  }
  EXPECT_FALSE(is_paper_name("b5"));
  Diagnostics diags;
  EXPECT_FALSE(load_theme("classic", overrides_of("page", MapBuilder().set("paper", "b5").node), "", repo_dirs(), diags));
}

TEST(LoadTheme, PaperOverrideFromTheCommandLineWinsLast) {
  auto overrides = overrides_of("page", MapBuilder().set("paper", "letter").node);
  Diagnostics diags;
  auto theme = load_theme("classic", overrides, "a4", repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(theme->paper, Paper::A4);
  EXPECT_NEAR(theme->page_width, 595.276, 1e-3);

  Diagnostics letter_diags;
  auto letter = load_theme("classic", ConfigNode{}, "Letter", repo_dirs(), letter_diags);
  ASSERT_TRUE(letter.has_value()) << messages(letter_diags);
  EXPECT_DOUBLE_EQ(letter->page_height, 792);

  Diagnostics bad;
  EXPECT_FALSE(load_theme("classic", ConfigNode{}, "a3", repo_dirs(), bad).has_value());
  ASSERT_NE(first_error(bad), nullptr);
  EXPECT_NE(first_error(bad)->message.find("'a3'"), std::string::npos);
}

TEST(LoadTheme, UnknownOverrideKeyHasDidYouMeanAtTheKey) {
  MapBuilder page("me/cv.yaml", 40);
  page.set("margn_top", "1cm", 5);  // line 40, col 5
  MapBuilder top("me/cv.yaml", 39);
  top.add("page", page.node, 3);
  Diagnostics diags;
  EXPECT_FALSE(load_theme("classic", top.node, "", repo_dirs(), diags).has_value());
  const Diagnostic* e = first_error(diags);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->message, "unknown key 'margn_top' in 'page'");
  EXPECT_EQ(e->span.file, "me/cv.yaml");
  EXPECT_EQ(e->span.line, 40);
  EXPECT_EQ(e->span.col, 5);
  EXPECT_TRUE(has_hint(*e, "did you mean 'margin_top'?")) << messages(diags);
}

TEST(LoadTheme, UnknownTopLevelAndRoleKeys) {
  MapBuilder styles;
  styles.add("bdy", MapBuilder().set("size", "10").node);
  MapBuilder top;
  top.add("styls", ConfigNode{}, 1).add("styles", styles.node, 1);
  Diagnostics diags;
  EXPECT_FALSE(load_theme("classic", top.node, "", repo_dirs(), diags).has_value());
  ASSERT_EQ(diags.error_count(), 2) << messages(diags);
  EXPECT_EQ(diags.all()[0].message, "unknown key 'styls' in layout");
  EXPECT_TRUE(has_hint(diags.all()[0], "did you mean 'styles'?"));
  EXPECT_EQ(diags.all()[1].message, "unknown key 'bdy' in 'styles'");
  EXPECT_TRUE(has_hint(diags.all()[1], "did you mean 'body'?"));
}

TEST(LoadTheme, WrongTypesSayTheExpectedForm) {
  struct Case {
    std::string section, key, value, expected;
  };
  const std::vector<Case> cases{
      {"page", "margin_top", "wide", "expected a length such as 12pt, 0.5in, 1cm or 18mm"},
      {"section", "rule", "maybe", "expected true or false"},
      {"section", "rule_color", "bluish", "expected a colour such as"},
      {"text", "align", "centr", "did you mean 'center'?"},
      {"text", "korean_line_break", "syllable", "expected one of word, character"},
      {"fonts", "latin_scale", "1.1x", "expected a number such as 1.35"},
  };
  for (const auto& c : cases) {
    auto overrides = overrides_of(c.section, MapBuilder("cv.yaml", 7).set(c.key, c.value, 3).node);
    Diagnostics diags;
    EXPECT_FALSE(load_theme("classic", overrides, "", repo_dirs(), diags).has_value()) << c.key;
    const Diagnostic* e = first_error(diags);
    ASSERT_NE(e, nullptr) << c.key;
    EXPECT_EQ(e->message, "invalid value '" + c.value + "' for '" + c.section + "." + c.key + "'");
    EXPECT_TRUE(has_hint(*e, c.expected)) << messages(diags);
    EXPECT_EQ(e->span.line, 7);
    EXPECT_EQ(e->span.col, 3 + static_cast<int>(c.key.size()) + 2);  // at the value
  }
}

TEST(LoadTheme, StructureErrors) {
  Diagnostics diags;
  auto overrides = overrides_of("page", scalar("a4", Span{"cv.yaml", 3, 9}));
  EXPECT_FALSE(load_theme("classic", overrides, "", repo_dirs(), diags).has_value());
  ASSERT_NE(first_error(diags), nullptr);
  EXPECT_EQ(first_error(diags)->message, "'page' must be a map of settings, not a single value");
  EXPECT_TRUE(has_hint(*first_error(diags), "paper")) << messages(diags);

  Diagnostics negative;
  auto neg = overrides_of("page", MapBuilder().set("margin_left", "-1cm").node);
  EXPECT_FALSE(load_theme("classic", neg, "", repo_dirs(), negative).has_value());
  ASSERT_NE(first_error(negative), nullptr);
  EXPECT_EQ(first_error(negative)->message, "'page.margin_left' must not be negative");

  Diagnostics unquoted;  // `color: #333` without quotes reaches us as a null value
  auto null_colour = overrides_of("colors", MapBuilder().add("link", ConfigNode{}).node);
  EXPECT_FALSE(load_theme("classic", null_colour, "", repo_dirs(), unquoted).has_value());
  ASSERT_NE(first_error(unquoted), nullptr);
  EXPECT_TRUE(has_hint(*first_error(unquoted), "quote colours")) << messages(unquoted);

  Diagnostics extends;  // a CV cannot extend
  auto ext = MapBuilder().set("extends", "classic").node;
  EXPECT_FALSE(load_theme("classic", ext, "", repo_dirs(), extends).has_value());
  EXPECT_EQ(first_error(extends)->message, "'extends' cannot be set from a CV file");
}

TEST(LoadTheme, MarginsThatLeaveNoRoomAreAnErrorAtTheLargestMargin) {
  MapBuilder page("cv.yaml", 5);
  page.set("margin_left", "9cm").set("margin_right", "11cm");
  Diagnostics diags;
  EXPECT_FALSE(load_theme("classic", overrides_of("page", page.node), "", repo_dirs(), diags).has_value());
  ASSERT_NE(first_error(diags), nullptr);
  EXPECT_NE(first_error(diags)->message.find("the left and right margins leave"), std::string::npos)
      << messages(diags);
  EXPECT_EQ(first_error(diags)->span.line, 6);  // margin_right, the larger
  MapBuilder tall("cv.yaml", 5);
  tall.set("margin_top", "20cm").set("margin_bottom", "9cm");
  Diagnostics high;
  EXPECT_FALSE(load_theme("classic", overrides_of("page", tall.node), "", repo_dirs(), high).has_value());
  ASSERT_NE(first_error(high), nullptr);
  EXPECT_NE(first_error(high)->message.find("the top and bottom margins leave"), std::string::npos)
      << messages(high);
  EXPECT_EQ(first_error(high)->span.line, 5);
  EXPECT_EQ(first_error(high)->span.file, "cv.yaml");
}

// Lengths that draw stay within what they are drawn in: rule_thickness: 1000pt (and
// RenderCV's line_thickness) filled the page and ran past its edges; table_frame: 1000pt drew
// the frame off the paper. Each is an error at the value.
TEST(LoadTheme, DrawnLengthsStayWithinTheirRegion) {
  struct Case {
    const char* group;
    const char* key;
    const char* value;
    const char* layout;
    const char* message;
  };
  for (const Case& c : {Case{"section", "rule_thickness", "1000pt", "classic", "thicker than the section title's line"},
                        Case{"section", "rule_thickness", "20pt", "moderncv", "thicker than the section title's line"},
                        Case{"entry", "table_frame", "1000pt", "ko-standard", "thicker than the space inside a table cell"},
                        Case{"entry", "table_rule", "6pt", "ko-standard", "thicker than the space inside a table cell"},
                        Case{"entry", "table_padding", "30pt", "ko-standard", "leaves no room for text"}}) {
    MapBuilder group("cv.yaml", 7);
    group.set(c.key, c.value);
    Diagnostics diags;
    EXPECT_FALSE(load_theme(c.layout, overrides_of(c.group, group.node), "", repo_dirs(), diags).has_value()) << c.key;
    ASSERT_NE(first_error(diags), nullptr) << c.key;
    EXPECT_NE(first_error(diags)->message.find(c.message), std::string::npos) << messages(diags);
    EXPECT_EQ(first_error(diags)->span.line, 7) << c.key;  // where the value is set
  }
  // What the built-in layouts use, and a thicker frame with the padding to take it, are fine.
  MapBuilder thick("cv.yaml", 7);
  thick.set("table_frame", "3pt").set("table_padding", "5pt");
  Diagnostics fine;
  EXPECT_TRUE(load_theme("ko-standard", overrides_of("entry", thick.node), "", repo_dirs(), fine).has_value())
      << messages(fine);
}

// Indents wider than the text column drew highlights off the page.
TEST(LoadTheme, HighlightIndentsThatLeaveNoRoomAreAnError) {
  MapBuilder entry("cv.yaml", 4);
  entry.set("highlight_indent", "600pt");
  Diagnostics diags;
  EXPECT_FALSE(load_theme("classic", overrides_of("entry", entry.node), "", repo_dirs(), diags).has_value());
  ASSERT_NE(first_error(diags), nullptr);
  EXPECT_NE(first_error(diags)->message.find("entry.highlight_indent plus entry.nested_indent leave less than 72 pt"),
            std::string::npos)
      << messages(diags);
  EXPECT_EQ(first_error(diags)->span.line, 4);
}

// A lead column (RenderCV's degree column) is an entry template's lines and width; beside the
// date column it must leave the main column room, or it is an error at the width.
TEST(LoadTheme, ALeadColumnIsLinesAndAWidthThatMustLeaveRoom) {
  auto education_with = [](const std::string& width) {
    MapBuilder education("cv.yaml", 5);
    ConfigNode lines;
    lines.kind = ConfigNode::Kind::Sequence;
    lines.children = {scalar("**DEGREE**")};
    education.add("lead", lines).set("lead_width", width);
    MapBuilder entry("cv.yaml", 4);
    entry.add("education", education.node);
    return overrides_of("entry", entry.node);
  };
  Diagnostics diags;
  auto theme = load_theme("classic", education_with("1cm"), "", repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(theme->education_template.lead, (std::vector<std::string>{"**DEGREE**"}));
  EXPECT_NEAR(theme->education_template.lead_width, 72 / 2.54, 1e-9);
  EXPECT_TRUE(theme->experience_template.lead.empty()) << "classic has none";
  Diagnostics wide;
  EXPECT_FALSE(load_theme("classic", education_with("9cm"), "", repo_dirs(), wide).has_value());
  ASSERT_NE(first_error(wide), nullptr);
  EXPECT_NE(first_error(wide)->message.find("entry.education.lead_width plus entry.aside_width"), std::string::npos)
      << messages(wide);
  EXPECT_EQ(first_error(wide)->span.line, 6);
}

// Every number has bounds: a 1e16 pt font overflowed integer arithmetic in the PDF writer,
// fit_pages: 1e20 a float-to-int conversion. Each is an error at its value.
TEST(LoadTheme, NumbersOutsideTheirRangeAreErrorsAtTheValue) {
  struct Case {
    std::string section, key, value, message;
  };
  const Case cases[] = {
      {"styles", "body", "10000000000000000", "'styles.body.size' must be at most 200 pt"},
      {"styles", "body", "0.5pt", "'styles.body.size' must be at least 2 pt"},
      {"", "fit_pages", "100000000000000000000", "'fit_pages' must be at most 100"},
      {"", "fit_pages", "1.5", "'fit_pages' must be a whole number"},
      {"fit", "min_font_scale", "0.1", "'fit.min_font_scale' must be at least 0.5"},
      {"fonts", "latin_scale", "0", "'fonts.latin_scale' must be at least 0.5"},
      {"page", "margin_top", "2000pt", "'page.margin_top' must be at most 1000 pt"},
      {"header", "photo_width", "0", "'header.photo_width' must be at least 1 pt"},
  };
  for (const Case& c : cases) {
    ConfigNode overrides;
    if (c.section.empty()) {
      MapBuilder top("cv.yaml", 9);
      top.set(c.key, c.value);
      overrides = top.node;
    } else if (c.section == "styles") {
      MapBuilder style("cv.yaml", 9);
      style.set("size", c.value, 7);
      overrides = overrides_of("styles", MapBuilder().add(c.key, style.node).node);
    } else {
      MapBuilder inner("cv.yaml", 9);
      inner.set(c.key, c.value, 5);
      overrides = overrides_of(c.section, inner.node);
    }
    Diagnostics diags;
    EXPECT_FALSE(load_theme("classic", overrides, "", repo_dirs(), diags).has_value()) << c.message;
    const Diagnostic* e = first_error(diags);
    ASSERT_NE(e, nullptr) << c.message;
    EXPECT_EQ(e->message, c.message) << messages(diags);
    EXPECT_EQ(e->span.line, 9) << messages(diags);
    EXPECT_TRUE(has_hint(*e, "from ")) << messages(diags);
  }
}

// ---------------------------------------------------------------- fonts

TEST(Fonts, MissingFontIsNamed) {
  auto overrides =
      overrides_of("fonts", MapBuilder().add("latin", MapBuilder().set("regular", "Nope-Regular.ttf").node).node);
  Diagnostics diags;
  EXPECT_FALSE(load_theme("classic", overrides, "", repo_dirs(), diags).has_value());
  const Diagnostic* e = first_error(diags);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->message, "font file 'Nope-Regular.ttf' not found");
  EXPECT_TRUE(has_hint(*e, kRepo + "/fonts")) << messages(diags);
}

TEST(Fonts, OpenTypeAndCollectionsAreRejected) {
  for (std::string name : {"NotoSansCJK-Regular.otf", "NotoSansCJK.ttc"}) {
    auto overrides = overrides_of("fonts", MapBuilder().add("hangul", MapBuilder().set("bold", name).node).node);
    Diagnostics diags;
    EXPECT_FALSE(load_theme("classic", overrides, "", repo_dirs(), diags).has_value());
    const Diagnostic* e = first_error(diags);
    ASSERT_NE(e, nullptr);
    EXPECT_NE(e->message.find(name), std::string::npos) << e->message;
    EXPECT_TRUE(has_hint(*e, "TrueType")) << messages(diags);
  }
}

TEST(Fonts, CffOutlinesInADotTtfFileAreRejected) {
  TempDir tmp;
  tmp.write("Fake.ttf", std::string("OTTO") + std::string(60, '\0'));
  fs::path cv = tmp.path() / "cv.yaml";
  MapBuilder latin(cv.string(), 5);
  latin.set("regular", "Fake.ttf");
  auto overrides = overrides_of("fonts", MapBuilder(cv.string(), 4).add("latin", latin.node).node);
  Diagnostics diags;
  EXPECT_FALSE(load_theme("classic", overrides, "", repo_dirs(), diags).has_value());
  ASSERT_NE(first_error(diags), nullptr);
  EXPECT_NE(first_error(diags)->message.find("CFF"), std::string::npos) << messages(diags);
}

TEST(Fonts, CvFontsResolveNextToTheCvFirst) {
  TempDir tmp;
  fs::copy_file(kRepo + "/fonts/NotoSerif-Regular.ttf", tmp.path() / "MyFont.ttf");
  fs::path cv = tmp.path() / "cv.yaml";
  MapBuilder latin(cv.string(), 5);
  latin.set("regular", "./MyFont.ttf").set("bold", "Lato-Bold.ttf");  // the second from dirs.fonts
  MapBuilder fonts(cv.string(), 4);
  fonts.add("latin", latin.node).add("fallback", scalar("NanumMyeongjo.ttf", Span{cv.string(), 8, 13}));
  Diagnostics diags;
  auto theme = load_theme("classic", overrides_of("fonts", fonts.node), "", repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(theme->fonts.latin.regular, (tmp.path() / "MyFont.ttf").string());
  EXPECT_EQ(theme->fonts.latin.bold, kRepo + "/fonts/Lato-Bold.ttf");
  ASSERT_EQ(theme->fonts.fallback.size(), 1u);
  EXPECT_EQ(fs::path(theme->fonts.fallback[0]).filename(), "NanumMyeongjo.ttf");
}

// A layout that extends no other starts from the built-in values, which name no font: the
// error says where, and that `extends: classic` is the usual start.
TEST(Fonts, ALayoutWithoutExtendsIsToldWhereAndToExtendClassic) {
  TempDir tmp;
  const fs::path bare = tmp.write("bare.yaml", "description: mine\npage: {margin_top: 20mm}\n");
  Diagnostics diags;
  EXPECT_FALSE(load_theme(bare.string(), ConfigNode{}, "", repo_dirs(), diags).has_value());
  ASSERT_EQ(diags.error_count(), 1) << messages(diags);
  const Diagnostic* e = first_error(diags);
  EXPECT_EQ(e->message, "layout 'bare' names no Hangul font and no Latin font");
  EXPECT_EQ(e->span.file, bare.string());
  EXPECT_EQ(e->span.line, 1);
  EXPECT_TRUE(has_hint(*e, "add `extends: classic` to bare.yaml")) << messages(diags);
  EXPECT_TRUE(has_hint(*e, "fonts.hangul.regular")) << messages(diags);

  // Its `fonts:` key, when it has one, in the file that has it (here the one extended).
  tmp.write("half.yaml", "description: half\nfonts:\n  latin: {regular: Lato-Regular.ttf}\n");
  const fs::path top = tmp.write("top.yaml", "extends: ./half.yaml\n");
  Diagnostics half;
  EXPECT_FALSE(load_theme(top.string(), ConfigNode{}, "", repo_dirs(), half).has_value());
  e = first_error(half);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->message, "layout 'top' names no Hangul font");
  EXPECT_EQ(e->span.file, (tmp.path() / "half.yaml").string());
  EXPECT_EQ(e->span.line, 2);
  EXPECT_TRUE(has_hint(*e, "add `extends: classic` to half.yaml")) << messages(half);
  EXPECT_FALSE(has_hint(*e, "fonts.latin.regular")) << messages(half);
}

TEST(Fonts, ChangingOnlyTheRegularFaceWarnsAboutTheOthers) {
  MapBuilder hangul("cv.yaml", 12);
  hangul.set("regular", "NanumMyeongjo.ttf", 7);
  Diagnostics diags;
  auto theme = load_theme("classic", overrides_of("fonts", MapBuilder().add("hangul", hangul.node).node), "",
                          repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  ASSERT_EQ(diags.warning_count(), 1) << messages(diags);
  const Diagnostic& w = diags.all()[0];
  EXPECT_EQ(w.message, "'fonts.hangul.regular' changes here, but fonts.hangul.bold keeps the font set before");
  EXPECT_EQ(w.span.line, 12);
  EXPECT_EQ(fs::path(theme->fonts.hangul.bold).filename(), "NanumBarunGothicBold.ttf");  // kept, as warned

  MapBuilder both("cv.yaml", 12);
  both.set("regular", "NanumMyeongjo.ttf").set("bold", "NanumMyeongjoBold.ttf");
  Diagnostics quiet;
  ASSERT_TRUE(
      load_theme("classic", overrides_of("fonts", MapBuilder().add("hangul", both.node).node), "", repo_dirs(), quiet));
  EXPECT_EQ(quiet.all().size(), 0u) << messages(quiet);
}

// ---------------------------------------------------------------- layout files

TEST(LayoutFiles, ExtendsChainAppliesBaseFirst) {
  TempDir tmp;
  tmp.write("layouts/base.yaml", "description: Base.\n" + kFontsBlock + "page: {margin_top: 1cm, margin_left: 2cm}\n");
  tmp.write("layouts/child.yaml", "description: Child.\nextends: base\npage:\n  margin_top: 3cm\n");
  tmp.write("layouts/grandchild.yaml", "extends: child\nheader: {align: left}\n");
  DataDirs dirs{(tmp.path() / "layouts").string(), kRepo + "/fonts"};
  Diagnostics diags;
  auto theme = load_theme("grandchild", ConfigNode{}, "", dirs, diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(theme->id, "grandchild");
  EXPECT_EQ(theme->description, "Child.");
  EXPECT_NEAR(theme->margin_top, 3 * 72 / 2.54, 1e-9);
  EXPECT_NEAR(theme->margin_left, 2 * 72 / 2.54, 1e-9);
  EXPECT_EQ(theme->header_align, Align::Left);
  EXPECT_EQ(fs::path(theme->fonts.hangul.regular).filename(), "NanumMyeongjo.ttf");
}

TEST(LayoutFiles, ExtendsCycleIsAnErrorAtTheExtendsValue) {
  TempDir tmp;
  tmp.write("layouts/a.yaml", "extends: b\n" + kFontsBlock);
  tmp.write("layouts/b.yaml", "description: B\nextends: a\n");
  DataDirs dirs{(tmp.path() / "layouts").string(), kRepo + "/fonts"};
  Diagnostics diags;
  EXPECT_FALSE(load_theme("a", ConfigNode{}, "", dirs, diags).has_value());
  const Diagnostic* e = first_error(diags);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->message, "layout 'b' extends 'a', which leads back to it");
  EXPECT_TRUE(has_hint(*e, "a -> b -> a")) << messages(diags);
  EXPECT_EQ(fs::path(e->span.file).filename(), "b.yaml");
  EXPECT_EQ(e->span.line, 2);
  EXPECT_EQ(e->span.col, 10);
}

// 20,000 layouts each extending the next overflowed the stack. The chain stops at 16.
TEST(LayoutFiles, ExtendsChainDeeperThanTheLimitIsAnError) {
  TempDir tmp;
  tmp.write("layouts/l0.yaml", "description: Base.\n" + kFontsBlock);
  for (int k = 1; k <= 40; ++k)
    tmp.write("layouts/l" + std::to_string(k) + ".yaml", "extends: l" + std::to_string(k - 1) + "\n");
  DataDirs dirs{(tmp.path() / "layouts").string(), kRepo + "/fonts"};
  Diagnostics ok;
  EXPECT_TRUE(load_theme("l15", ConfigNode{}, "", dirs, ok).has_value()) << messages(ok);
  Diagnostics diags;
  EXPECT_FALSE(load_theme("l40", ConfigNode{}, "", dirs, diags).has_value());
  const Diagnostic* e = first_error(diags);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->message, "layouts extend each other more than 16 deep here");
  EXPECT_EQ(fs::path(e->span.file).filename(), "l25.yaml");
  EXPECT_EQ(e->span.line, 1);
}

// `layout: /etc/shadow` must not read the file, let alone quote it.
TEST(LayoutFiles, OnlyFilesNamedAsLayoutsAreRead) {
  TempDir tmp;
  tmp.write("secret", "root:$6$salt$hash:19000:0:99999:7:::\n");
  Diagnostics diags;
  EXPECT_FALSE(load_theme((tmp.path() / "secret").string(), Span{"cv.yaml", 1, 9}, ConfigNode{}, "", repo_dirs(),
                          diags)
                   .has_value());
  ASSERT_EQ(diags.error_count(), 1) << messages(diags);
  EXPECT_NE(diags.all()[0].message.find("is not a layout file: layout files end in .yaml"), std::string::npos);
  EXPECT_EQ(messages(diags).find("$6$"), std::string::npos) << messages(diags);
  EXPECT_EQ(diags.all()[0].span.line, 1);
}

TEST(LayoutFiles, UnknownKeyInAFileHasItsExactSpan) {
  TempDir tmp;
  tmp.write("layouts/typo.yaml", "extends: classic\nsection:\n  rule: false\n  spce_above: 20pt\n");
  fs::copy_file(kRepo + "/layouts/classic.yaml", tmp.path() / "layouts/classic.yaml");
  DataDirs dirs{(tmp.path() / "layouts").string(), kRepo + "/fonts"};
  Diagnostics diags;
  EXPECT_FALSE(load_theme("typo", ConfigNode{}, "", dirs, diags).has_value());
  const Diagnostic* e = first_error(diags);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(format_diagnostic(*e),
            (tmp.path() / "layouts/typo.yaml").string() +
                ":4:3: error: unknown key 'spce_above' in 'section'\n"
                "  hint: did you mean 'space_above'?\n"
                "  hint: valid keys here: rule, centered, title_style, rail_width, rail_gap, rail_overflow, repeat_title, rail_align, accent_letters, accent_color, rule_thickness, rule_color, rule_gap, "
                "titles, order, order_languages, order_elsewhere, space_above, space_below\n");
}

TEST(LayoutFiles, ALayoutOfOnesOwnIsAPathRelativeToTheCv) {
  TempDir tmp;
  fs::copy_file(kRepo + "/fonts/NotoSerif-Bold.ttf", tmp.path() / "MyBold.ttf");
  tmp.write("mine.yaml", "description: Mine.\nextends: classic\nfonts:\n  latin: {bold: MyBold.ttf}\n");
  Span where{(tmp.path() / "cv.yaml").string(), 1, 9};
  Diagnostics diags;
  auto theme = load_theme("./mine.yaml", where, ConfigNode{}, "", repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(theme->id, "mine");
  EXPECT_EQ(theme->description, "Mine.");
  EXPECT_EQ(theme->fonts.latin.bold, (tmp.path() / "MyBold.ttf").string());        // next to the layout file
  EXPECT_EQ(fs::path(theme->fonts.latin.regular).filename(), "Lato-Regular.ttf");  // from classic

  Diagnostics missing;
  EXPECT_FALSE(load_theme("./nope.yaml", where, ConfigNode{}, "", repo_dirs(), missing).has_value());
  ASSERT_NE(first_error(missing), nullptr);
  EXPECT_EQ(first_error(missing)->message, "layout file '" + (tmp.path() / "nope.yaml").string() + "' not found");
}

TEST(LayoutFiles, UnknownLayoutSuggestsTheClosestName) {
  Diagnostics diags;
  Span where{"cv.yaml", 2, 9};
  EXPECT_FALSE(load_theme("clasic", where, ConfigNode{}, "", repo_dirs(), diags).has_value());
  const Diagnostic* e = first_error(diags);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->message, "unknown layout 'clasic'");
  EXPECT_EQ(e->span.line, 2);
  EXPECT_TRUE(has_hint(*e, "did you mean 'classic'?"));
  EXPECT_TRUE(has_hint(*e, "available layouts: academic, awesome, banner, classic"));
}

TEST(LayoutFiles, LayoutWithoutFontsIsAnError) {
  TempDir tmp;
  tmp.write("layouts/bare.yaml", "description: nothing\n");
  DataDirs dirs{(tmp.path() / "layouts").string(), kRepo + "/fonts"};
  Diagnostics diags;
  EXPECT_FALSE(load_theme("bare", ConfigNode{}, "", dirs, diags).has_value());
  EXPECT_NE(messages(diags).find("fonts.hangul.regular"), std::string::npos) << messages(diags);
}

TEST(LayoutFiles, ListLayoutsIsSortedWithDescriptions) {
  TempDir tmp;
  tmp.write("layouts/zeta.yaml", "description: Last one.\n");
  tmp.write("layouts/alpha.yaml", "description: First one.\n");
  tmp.write("layouts/notes.txt", "not a layout\n");
  Diagnostics diags;
  auto layouts = list_layouts(DataDirs{(tmp.path() / "layouts").string(), ""}, diags);
  ASSERT_EQ(layouts.size(), 2u);
  EXPECT_EQ(layouts[0].name, "alpha");
  EXPECT_EQ(layouts[0].description, "First one.");
  EXPECT_EQ(layouts[1].name, "zeta");
  EXPECT_EQ(layouts[1].description, "Last one.");

  auto repo = list_layouts(repo_dirs(), diags);
  ASSERT_FALSE(repo.empty());
  EXPECT_TRUE(std::is_sorted(repo.begin(), repo.end(), [](const auto& a, const auto& b) { return a.name < b.name; }));
  for (const auto& layout : repo) EXPECT_FALSE(layout.description.empty()) << layout.name;
}

// ---------------------------------------------------------------- data directories

// Sets an environment variable for one scope and restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    value ? ::setenv(name, value, 1) : ::unsetenv(name);
  }
  ~ScopedEnv() { old_ ? ::setenv(name_, old_->c_str(), 1) : ::unsetenv(name_); }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(DataDirs, EnvironmentVariableWins) {
  ScopedEnv env("HANJI_DATA_DIR", "/opt/hanji-data");
  DataDirs dirs = find_data_dirs("/usr/bin/hanji");
  EXPECT_EQ(dirs.layouts, "/opt/hanji-data/layouts");
  EXPECT_EQ(dirs.fonts, "/opt/hanji-data/fonts");
}

TEST(DataDirs, FoundUpwardsFromTheExecutable) {
  ScopedEnv env("HANJI_DATA_DIR", nullptr);
  TempDir tmp;
  tmp.write("prefix/share/hanji/layouts/classic.yaml", "description: x\n");
  tmp.write("prefix/share/hanji/fonts/README", "");
  tmp.write("prefix/bin/hanji", "");
  DataDirs installed = find_data_dirs((tmp.path() / "prefix/bin/hanji").string());
  EXPECT_EQ(installed.layouts, (tmp.path() / "prefix/share/hanji/layouts").string());
  EXPECT_EQ(installed.fonts, (tmp.path() / "prefix/share/hanji/fonts").string());

  tmp.write("tree/layouts/classic.yaml", "description: x\n");
  tmp.write("tree/fonts/README", "");
  tmp.write("tree/build/tests/prog", "");
  DataDirs build_tree = find_data_dirs((tmp.path() / "tree/build/tests/prog").string());
  EXPECT_EQ(build_tree.layouts, (tmp.path() / "tree/layouts").string());
}

TEST(DataDirs, ProgramOnPathUsesProcSelfExe) {
  ScopedEnv env("HANJI_DATA_DIR", nullptr);
  // This test binary lives in <repo>/build-*/tests: walking up finds the repository.
  DataDirs dirs = find_data_dirs("theme_test");
  EXPECT_TRUE(fs::exists(fs::path(dirs.layouts) / "classic.yaml")) << dirs.layouts;
  EXPECT_TRUE(fs::exists(fs::path(dirs.fonts) / "Lato-Regular.ttf")) << dirs.fonts;
}


// ---------------------------------------------------------------- fonts by family (fontconfig)

// fonts.latin set for one CV, one face per slot, each at its own line of cv.yaml (line 10 on).
ConfigNode latin_faces(const std::vector<std::pair<std::string, std::string>>& faces) {
  MapBuilder latin("cv.yaml", 10);
  for (const auto& [slot, name] : faces) latin.set(slot, name, 5);
  return overrides_of("fonts", MapBuilder().add("latin", latin.node).node);
}

// A fontconfig configuration of the test's own: the repository's fonts/ and the two fonts of
// tests/data/fonts (made by make_fonts.py there: one with CFF outlines, one collection), so
// what is installed on the machine does not matter.
class OwnFontconfig {
 public:
  explicit OwnFontconfig(const TempDir& tmp)
      : file_(tmp.write("fonts.conf", "<?xml version=\"1.0\"?>\n<fontconfig>\n  <dir>" + kRepo + "/fonts</dir>\n  <dir>" +
                                          kRepo + "/tests/data/fonts</dir>\n  <cachedir>" +
                                          (tmp.path() / "cache").string() + "</cachedir>\n</fontconfig>\n")),
        env_("FONTCONFIG_FILE", file_.c_str()) {}

 private:
  fs::path file_;
  ScopedEnv env_;
};

// Debian's fonts-dejavu-core (scripts/deps.sh installs it).
TEST(FontFamilies, AnInstalledFamilyGivesTheFaceOfEachSlot) {
  Diagnostics diags;
  auto theme = load_theme("classic",
                          latin_faces({{"regular", "DejaVu Serif"},
                                       {"bold", "dejavu serif"},
                                       {"italic", "DejaVu Serif"},
                                       {"bold_italic", "DejaVuSerif"}}),
                          "", repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(diags.all().size(), 0u) << messages(diags);
  EXPECT_EQ(fs::path(theme->fonts.latin.regular).filename(), "DejaVuSerif.ttf");
  EXPECT_EQ(fs::path(theme->fonts.latin.bold).filename(), "DejaVuSerif-Bold.ttf");
  EXPECT_EQ(fs::path(theme->fonts.latin.italic).filename(), "DejaVuSerif-Italic.ttf");
  EXPECT_EQ(fs::path(theme->fonts.latin.bold_italic).filename(), "DejaVuSerif-BoldItalic.ttf");
  EXPECT_TRUE(fs::path(theme->fonts.latin.regular).is_absolute());
}

TEST(FontFamilies, AFileOfThatNameComesFirst) {
  TempDir tmp;
  OwnFontconfig fc(tmp);
  fs::copy_file(kRepo + "/fonts/NotoSerif-Regular.ttf", tmp.path() / "Lato");  // a file named like the family
  MapBuilder latin((tmp.path() / "cv.yaml").string(), 5);
  latin.set("regular", "Lato").set("bold", "Lato");
  Diagnostics diags;
  auto theme = load_theme("classic", overrides_of("fonts", MapBuilder().add("latin", latin.node).node), "",
                          repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(theme->fonts.latin.regular, (tmp.path() / "Lato").string());
  EXPECT_EQ(theme->fonts.latin.bold, (tmp.path() / "Lato").string());
}

TEST(FontFamilies, AnUnknownFamilyIsNotFoundWithTheNearestInstalledOnes) {
  TempDir tmp;
  OwnFontconfig fc(tmp);
  // fontconfig answers every query with some font ("Arial" with Lato or Roboto here): only a
  // face of the family asked for counts.
  for (const std::string& name : {std::string("Noto Serf"), std::string("Arial")}) {
    Diagnostics diags;
    EXPECT_FALSE(load_theme("classic", latin_faces({{"regular", name}}), "", repo_dirs(), diags).has_value());
    const Diagnostic* e = first_error(diags);
    ASSERT_NE(e, nullptr) << name;
    EXPECT_EQ(e->message, "font '" + name + "' not found");
    EXPECT_EQ(e->span.file, "cv.yaml");
    EXPECT_EQ(e->span.line, 10);
    EXPECT_TRUE(has_hint(*e, "no installed font family of that name")) << messages(diags);
    EXPECT_TRUE(has_hint(*e, "installed families nearest to it: \"")) << messages(diags);
    EXPECT_TRUE(has_hint(*e, "fc-list : family")) << messages(diags);
    if (name == "Noto Serf") {
      EXPECT_TRUE(has_hint(*e, "did you mean \"Noto Serif\"?")) << messages(diags);
    }
  }
}

TEST(FontFamilies, AFamilyHanjiCannotEmbedIsRefusedNamingATrueTypeOne) {
  TempDir tmp;
  OwnFontconfig fc(tmp);
  Diagnostics diags;
  EXPECT_FALSE(load_theme("classic", latin_faces({{"regular", "Hanji Cff Test"}, {"bold", "Hanji Collection Test"}}),
                          "", repo_dirs(), diags)
                   .has_value());
  ASSERT_EQ(diags.error_count(), 2) << messages(diags);
  const Diagnostic& cff = diags.all()[0];
  EXPECT_EQ(cff.span.line, 10);
  EXPECT_NE(cff.message.find("HanjiCffTest.otf, which has CFF outlines"), std::string::npos) << cff.message;
  const Diagnostic& collection = diags.all()[1];
  EXPECT_EQ(collection.span.line, 11);
  EXPECT_NE(collection.message.find("face 1 of the font collection"), std::string::npos) << collection.message;
  for (const Diagnostic* e : {&cff, &collection}) {
    EXPECT_TRUE(has_hint(*e, "TrueType")) << messages(diags);
    EXPECT_TRUE(has_hint(*e, "a TrueType family installed here: \"")) << messages(diags);
  }
}

// fonts.roles: a role's Latin family (RenderCV's per-part families), its faces found by style.
ConfigNode role_families(const std::vector<std::pair<std::string, std::string>>& roles) {
  MapBuilder map("cv.yaml", 10);
  for (const auto& [role, name] : roles) map.set(role, name, 5);
  return overrides_of("fonts", MapBuilder().add("roles", map.node).node);
}

TEST(FontFamilies, ARoleTakesAnInstalledFamilysFacesAndTheOtherRolesKeepLatin) {
  Diagnostics diags;
  auto theme = load_theme("classic", role_families({{"name", "DejaVu Serif"}, {"section_title", "none"}}), "",
                          repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(diags.all().size(), 0u) << messages(diags);
  const FontFaces& name = theme->fonts.roles[0];
  EXPECT_EQ(fs::path(name.regular).filename(), "DejaVuSerif.ttf");
  EXPECT_EQ(fs::path(name.bold).filename(), "DejaVuSerif-Bold.ttf");
  EXPECT_EQ(fs::path(name.italic).filename(), "DejaVuSerif-Italic.ttf");
  EXPECT_EQ(fs::path(name.bold_italic).filename(), "DejaVuSerif-BoldItalic.ttf");
  EXPECT_EQ(theme->name.latin, LatinRole::Name);
  EXPECT_EQ(theme->name_accent.latin, LatinRole::Name);
  for (const TextStyle* other : {&theme->headline, &theme->contact, &theme->section_title, &theme->body})
    EXPECT_EQ(other->latin, LatinRole::Body);
  EXPECT_TRUE(theme->fonts.roles[3].regular.empty());
  EXPECT_EQ(fs::path(theme->fonts.latin.regular).filename(), "Lato-Regular.ttf");
  EXPECT_EQ(fs::path(theme->fonts.hangul.regular).filename(), "NanumBarunGothic.ttf");
}

TEST(FontFamilies, ARoleTakesFilesInSlotOrderAndShowsThemInTheReference) {
  MapBuilder files("cv.yaml", 10);
  ConfigNode list{ConfigNode::Kind::Sequence, {}, {}, {}, {}, Span{"cv.yaml", 10, 5}};
  for (const char* file : {"NotoSerif-Regular.ttf", "NotoSerif-Bold.ttf"})
    list.children.push_back(ConfigNode{ConfigNode::Kind::Scalar, file, {}, {}, {}, Span{"cv.yaml", 10, 5}});
  files.add("headline", list);
  Diagnostics diags;
  auto theme =
      load_theme("classic", overrides_of("fonts", MapBuilder().add("roles", files.node).node), "", repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(theme->fonts.roles[1].regular, kRepo + "/fonts/NotoSerif-Regular.ttf");
  EXPECT_EQ(theme->fonts.roles[1].bold, kRepo + "/fonts/NotoSerif-Bold.ttf");
  EXPECT_TRUE(theme->fonts.roles[1].italic.empty());
  EXPECT_EQ(theme->headline.latin, LatinRole::Headline);
  bool shown = false;
  for (const auto& p : describe_parameters(*theme))
    if (p.key == "fonts.roles.headline") shown = p.default_value == "[NotoSerif-Regular.ttf, NotoSerif-Bold.ttf]";
  EXPECT_TRUE(shown);
}

TEST(FontFamilies, ARolesUnknownFamilyIsNotFoundAtItsValue) {
  TempDir tmp;
  OwnFontconfig fc(tmp);
  Diagnostics diags;
  EXPECT_FALSE(load_theme("classic", role_families({{"contact", "Noto Serf"}}), "", repo_dirs(), diags).has_value());
  const Diagnostic* e = first_error(diags);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->message, "font 'Noto Serf' not found");
  EXPECT_EQ(e->span.line, 10);
  EXPECT_TRUE(has_hint(*e, "did you mean \"Noto Serif\"?")) << messages(diags);
}

TEST(FontFamilies, AFamilyWithoutTheSlotsStyleGivesItsNearestFaceWithAWarning) {
  TempDir tmp;
  OwnFontconfig fc(tmp);
  Diagnostics diags;
  auto theme = load_theme("classic", latin_faces({{"regular", "Noto Serif"}, {"bold", "Noto Mono"}}), "",
                          repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(theme->fonts.latin.bold, kRepo + "/fonts/NotoMono-Regular.ttf");
  EXPECT_EQ(theme->fonts.latin.regular, kRepo + "/fonts/NotoSerif-Regular.ttf");
  bool warned = false;
  for (const Diagnostic& d : diags.all())
    if (d.message.find("font family 'Noto Mono' has no bold face") != std::string::npos) warned = d.span.line == 11;
  EXPECT_TRUE(warned) << messages(diags);
}

// Every parameter shows a value: the bare one (what a layout without `extends:` starts from:
// zero, false, empty) and, as the reference and the schema show it, classic's.
TEST(Parameters, EveryParameterShowsItsDefault) {
  auto find = [](const std::vector<ParameterInfo>& parameters, const std::string& key) {
    for (const auto& p : parameters)
      if (p.key == key) return p.default_value;
    return std::string("<missing>");
  };
  const std::vector<ParameterInfo> bare = describe_parameters();
  for (const auto& p : bare) EXPECT_FALSE(p.default_value.empty()) << p.key;
  EXPECT_EQ(find(bare, "page.margin_top"), "0pt");
  EXPECT_EQ(find(bare, "entry.experience.main"), "[]");
  EXPECT_EQ(find(bare, "styles.name.color"), "\"#000000\"");

  Diagnostics diags;
  auto classic = load_theme("classic", ConfigNode{}, "", repo_dirs(), diags);
  ASSERT_TRUE(classic.has_value()) << messages(diags);
  const std::vector<ParameterInfo> with_classic = describe_parameters(*classic);
  for (const auto& p : with_classic) EXPECT_FALSE(p.default_value.empty()) << p.key;
  EXPECT_EQ(find(with_classic, "page.margin_top"), "15mm");
  EXPECT_EQ(find(with_classic, "section.title_style"), "rule-below");
  EXPECT_EQ(find(with_classic, "entry.experience.main"), "[\"POSITION\", \"COMPANY\"]");
  EXPECT_EQ(find(with_classic, "styles.name.color"), "\"#1f3a5f\"");
  EXPECT_EQ(find(with_classic, "text.align_summary"), "inherit");
}

TEST(LoadTheme, EntryTemplatesAndTitleStylesFromOverrides) {
  MapBuilder experience;
  ConfigNode lines;
  lines.kind = ConfigNode::Kind::Sequence;
  lines.children = {scalar("**COMPANY**"), scalar("POSITION")};
  experience.add("main", lines).set("aside", "LOCATION");
  MapBuilder entry;
  entry.add("experience", experience.node).set("aside_position", "left").set("date_format", "korean");
  MapBuilder section;
  section.set("title_style", "bar_before").set("accent_letters", "3");
  MapBuilder top;
  top.add("entry", entry.node, 1).add("section", section.node, 1);
  Diagnostics diags;
  auto theme = load_theme("classic", top.node, "", repo_dirs(), diags);
  ASSERT_TRUE(theme.has_value()) << messages(diags);
  EXPECT_EQ(theme->experience_template.main, (std::vector<std::string>{"**COMPANY**", "POSITION"}));
  EXPECT_EQ(theme->experience_template.aside, (std::vector<std::string>{"LOCATION"}));
  EXPECT_EQ(theme->aside_side, AsideSide::Left);
  EXPECT_EQ(theme->date_format, DateFormat::Words) << "'korean' is the older name of 'words'";
  EXPECT_EQ(theme->section_title_style, TitleStyle::BarBefore);
  EXPECT_EQ(theme->section_accent_letters, 3);

  MapBuilder bad_entry;
  MapBuilder nested;
  nested.add("main", MapBuilder().node);
  bad_entry.add("education", nested.node);
  Diagnostics bad;
  EXPECT_FALSE(load_theme("classic", overrides_of("entry", bad_entry.node), "", repo_dirs(), bad).has_value());
  EXPECT_NE(messages(bad).find("entry.education.main"), std::string::npos) << messages(bad);
}


TEST(LayoutSearch, TheCvsFolderThenTheUsersThenBuiltIn) {
  TempDir tmp;
  tmp.write("cv/mine.yaml", "description: next to the CV\nextends: classic\npage: {margin_top: 11pt}\n");
  tmp.write("config/hanji/layouts/mine.yaml", "description: the user's\nextends: classic\npage: {margin_top: 22pt}\n");
  tmp.write("config/hanji/layouts/theirs.yaml", "description: the user's only\nextends: serif\n");
  // A user's classic.yaml replaces the built-in one, and may extend it.
  tmp.write("config/hanji/layouts/classic.yaml", "description: my classic\nextends: classic\npage: {margin_left: 33pt}\n");
  ScopedEnv xdg("XDG_CONFIG_HOME", (tmp.path() / "config").c_str());
  EXPECT_EQ(user_layouts_dir(), (tmp.path() / "config/hanji/layouts").string());
  DataDirs dirs = repo_dirs();
  dirs.user_layouts = layout_search_dirs((tmp.path() / "cv/cv.yaml").string());
  Diagnostics diags;
  auto mine = load_theme("mine", ConfigNode{}, "", dirs, diags);
  ASSERT_TRUE(mine.has_value()) << messages(diags);
  EXPECT_DOUBLE_EQ(mine->margin_top, 11) << "the CV's folder comes first";
  EXPECT_DOUBLE_EQ(mine->margin_left, 33) << "its `extends: classic` found the user's classic";
  auto theirs = load_theme("theirs", ConfigNode{}, "", dirs, diags);
  ASSERT_TRUE(theirs.has_value()) << messages(diags);
  EXPECT_NE(theirs->fonts.latin.regular.find("NotoSerif"), std::string::npos);
  auto classic = load_theme("classic", ConfigNode{}, "", dirs, diags);
  ASSERT_TRUE(classic.has_value()) << messages(diags);
  EXPECT_DOUBLE_EQ(classic->margin_left, 33);
  EXPECT_NEAR(classic->margin_top, 15 * 72 / 25.4, 1e-9) << "the rest from the built-in classic";
  auto listed = list_layouts(dirs, diags);
  auto entry = std::find_if(listed.begin(), listed.end(), [](const LayoutInfo& l) { return l.name == "classic"; });
  ASSERT_NE(entry, listed.end());
  EXPECT_EQ(entry->description, "my classic");
  EXPECT_EQ(std::count_if(listed.begin(), listed.end(), [](const LayoutInfo& l) { return l.name == "classic"; }), 1);
}


// layouts/README.md is generated from the parameter registry and the layout files: a new
// parameter or layout without `make layouts-doc` fails here.
TEST(LayoutReference, LayoutsReadmeIsUpToDate) {
  Diagnostics diags;
  const std::string expected = layout_reference(list_layouts(repo_dirs(), diags));
  std::ifstream file(kRepo + "/layouts/README.md", std::ios::binary);
  std::stringstream actual;
  actual << file.rdbuf();
  EXPECT_EQ(actual.str(), expected) << "run `make layouts-doc` and commit layouts/README.md";
  for (const auto& p : describe_parameters())
    EXPECT_NE(expected.find("`" + p.key + "`"), std::string::npos) << p.key;
}

// The reference documents what a layout that extends classic gets, not the bare values a
// layout without `extends:` starts from (10pt black text, no fonts).
TEST(LayoutReference, ShowsClassicsValuesAndSaysSo) {
  Diagnostics diags;
  const std::string reference = layout_reference(list_layouts(repo_dirs(), diags));
  EXPECT_NE(reference.find("| key | value | with `extends: classic` | meaning |"), std::string::npos);
  auto row_value = [&](const std::string& key) {
    const size_t row = reference.find("| `" + key + "` | ");
    if (row == std::string::npos) return std::string("<missing>");
    const size_t end = reference.find('\n', row);
    const std::string line = reference.substr(row, end - row);
    const size_t value_end = line.rfind("` | ");
    return line.substr(line.rfind(" | `", value_end) + 4, value_end - line.rfind(" | `", value_end) - 4);
  };
  EXPECT_EQ(row_value("fonts.latin.regular"), "Lato-Regular.ttf");
  EXPECT_EQ(row_value("fonts.hangul.bold"), "NanumBarunGothicBold.ttf");
  EXPECT_EQ(row_value("styles.name.size"), "22pt");
  EXPECT_EQ(row_value("styles.name.color"), "\"#1f3a5f\"");
  EXPECT_EQ(row_value("page.margin_top"), "15mm");
  EXPECT_EQ(row_value("fonts.latin_baseline"), "-0.036");
}


// The page grid as a reviewer counts grids, in words: where the columns of the first page and of
// a later page stand and how wide they are (in tenths of the width between the margins), whether
// the header spans the page, where section titles sit, on which side the dates stand, and
// whether sections are ruled tables. Colours, fonts and rules are not the grid.
std::string grid_signature(const Theme& theme) {
  const double text_width = theme.page_width - theme.margin_left - theme.margin_right;
  auto tenths = [&](double length) { return std::to_string(std::lround(length / text_width * 10)); };
  // The header spans the page in a region across the top of its own, or at the head of a
  // main flow as wide as the page's text: the same to the eye.
  const Region* header = region_taking(theme, "header");
  if (!header) header = region_taking(theme, "rest");
  const bool header_across = header && (header->dock == RegionDock::Top ||
                                         region_text_width(theme, header->name) > 0.95 * text_width);
  std::string signature = header_across ? "header across the page;" : "header in a column;";
  for (std::size_t page : {0u, 1u}) {
    signature += page == 0 ? " first page:" : " later pages:";
    for (const RegionFrame& frame : region_frames(theme, page))
      if (frame.region->dock != RegionDock::Top)
        signature += " column at " + tenths(frame.x - theme.margin_left) + "/10, " + tenths(frame.width) + "/10 wide;";
  }
  signature += theme.section_title_style == TitleStyle::Rail ? " titles in a rail" : " titles over their entries";
  signature += theme.aside_side == AsideSide::Left ? ", dates in a left column" : ", dates on the right";
  if (!theme.experience_table.cells.empty() || !theme.education_table.cells.empty()) signature += ", ruled tables";
  return signature;
}

// Six or more page grids a reviewer counts as different among the shipped layouts: not six
// colour schemes of one column.
TEST(Grids, TheShippedLayoutsHaveSixDifferentPageGrids) {
  Diagnostics diags;
  std::map<std::string, std::vector<std::string>> layouts_by_grid;
  for (const auto& info : list_layouts(repo_dirs(), diags)) {
    auto theme = load_theme(info.name, ConfigNode{}, "", repo_dirs(), diags);
    ASSERT_TRUE(theme) << info.name << ": " << messages(diags);
    layouts_by_grid[grid_signature(*theme)].push_back(info.name);
  }
  std::string grids;
  for (const auto& [signature, names] : layouts_by_grid) {
    grids += "\n  ";
    for (const std::string& name : names) grids += name + " ";
    grids += "-> " + signature;
  }
  EXPECT_GE(layouts_by_grid.size(), 6u) << "the grids:" << grids;
}

// The signature tells apart what a reviewer tells apart, and nothing else: a colour is not a
// grid, a column moved to the other side is.
TEST(Grids, ASignatureChangesWithTheGridOnly) {
  Diagnostics diags;
  auto sidebar = load_theme("sidebar", ConfigNode{}, "", repo_dirs(), diags);
  auto recoloured = load_theme("sidebar", region_override("side", "background", "#ffeedd"), "", repo_dirs(), diags);
  auto moved = load_theme("sidebar", region_override("side", "dock", "right"), "", repo_dirs(), diags);
  auto classic = load_theme("classic", ConfigNode{}, "", repo_dirs(), diags);
  auto timeline = load_theme("timeline", ConfigNode{}, "", repo_dirs(), diags);
  ASSERT_TRUE(sidebar && recoloured && moved && classic && timeline) << messages(diags);
  EXPECT_EQ(grid_signature(*sidebar), grid_signature(*recoloured));
  EXPECT_NE(grid_signature(*sidebar), grid_signature(*moved));
  EXPECT_NE(grid_signature(*classic), grid_signature(*timeline)) << "titles in a rail are a grid of their own";
}

}  // namespace
}  // namespace hanji::theme
