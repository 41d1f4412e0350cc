// RenderCV's options, probed one at a time through the whole pipeline: its design keys (each
// one hanji says it takes must change the layout theme it builds, or the CV's date form, and
// what it draws), its locale and settings keys (what it draws), and its cv: fields, entry
// types, social networks and Markdown (each found back in the pages); each one hanji refuses
// must be one warning naming it. An option that is read and then does nothing, silently,
// fails here. The figures are printed ("RenderCV design keys drawn: ...").
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "repo_data.h"
#include "readers/source.h"
#include "trace/trace.h"

namespace hanji {
namespace {

namespace fs = std::filesystem;

// What a key must do with the value the table gives it.
enum class Expect {
  Draws,  // no message; the theme (or the date form) and the pages change
  Warns,  // exactly one warning, naming design.KEY
  // No message and no change: hanji draws what the key asks already (a role's family that is
  // drawn in the body's face anyway).
  Same,
};

struct Probe {
  std::string key;    // dotted, under design:
  std::string value;  // YAML, not RenderCV's classic default
  Expect expect;
  // A design key set in both runs, the one without the key and the one with it: the
  // circumstance the key needs to act (a photo on the right, a serif body).
  std::string with_key = "", with_value = "";
};

// Every design key of RenderCV 2's schema (its classic theme's fields, leaves only), each with
// a value RenderCV's classic theme does not have. Draws: a key hanji takes (it is in
// readers::honoured_design_options()); Warns: a key hanji refuses, or takes only in a
// circumstance the next row gives it. Update this table when the translation in
// src/readers/rendercv/design.cc changes, and docs/cv-format.md's RenderCV section with it.
const std::vector<Probe> kProbes = {
    {"page.size", "a4", Expect::Draws},
    {"page.top_margin", "1in", Expect::Draws},
    {"page.bottom_margin", "1in", Expect::Draws},
    {"page.left_margin", "1in", Expect::Draws},
    {"page.right_margin", "1in", Expect::Draws},
    {"page.show_footer", "false", Expect::Draws},
    {"page.show_top_note", "false", Expect::Draws},
    {"colors.body", "'#333333'", Expect::Draws},
    {"colors.name", "'#123456'", Expect::Draws},
    {"colors.headline", "'#123456'", Expect::Draws},
    {"colors.connections", "'#123456'", Expect::Draws},
    {"colors.section_titles", "'#123456'", Expect::Draws},
    {"colors.links", "'#123456'", Expect::Draws},
    {"colors.footer", "'#123456'", Expect::Draws},
    {"colors.top_note", "'#123456'", Expect::Draws},
    {"typography.line_spacing", "0.8em", Expect::Draws},
    {"typography.alignment", "left", Expect::Draws},
    {"typography.date_and_location_column_alignment", "left", Expect::Draws},
    {"typography.font_family", "EB Garamond", Expect::Draws},
    {"typography.font_family.body", "EB Garamond", Expect::Draws},
    // A part's own family is its role's (fonts.roles); one drawn in the body's face (Lato for
    // Noto Sans and Lato) changes nothing.
    {"typography.font_family.name", "EB Garamond", Expect::Draws},
    {"typography.font_family.name", "Lato", Expect::Same, "typography.font_family.body", "Noto Sans"},
    {"typography.font_family.headline", "EB Garamond", Expect::Draws},
    {"typography.font_family.connections", "EB Garamond", Expect::Draws},
    {"typography.font_family.section_titles", "EB Garamond", Expect::Draws},
    {"typography.font_size.body", "11pt", Expect::Draws},
    {"typography.font_size.name", "20pt", Expect::Draws},
    {"typography.font_size.headline", "12pt", Expect::Draws},
    {"typography.font_size.connections", "8pt", Expect::Draws},
    {"typography.font_size.section_titles", "1.2em", Expect::Draws},
    // Small capitals are the font's own: the shipped Lato (RenderCV's default Source Sans 3)
    // has none, Noto Serif (EB Garamond) has them.
    {"typography.small_caps.name", "true", Expect::Draws},
    {"typography.small_caps.name", "true", Expect::Draws, "typography.font_family", "EB Garamond"},
    {"typography.small_caps.headline", "true", Expect::Draws},
    {"typography.small_caps.headline", "true", Expect::Draws, "typography.font_family", "EB Garamond"},
    {"typography.small_caps.connections", "true", Expect::Draws},
    {"typography.small_caps.connections", "true", Expect::Draws, "typography.font_family", "EB Garamond"},
    {"typography.small_caps.section_titles", "true", Expect::Draws},
    {"typography.small_caps.section_titles", "true", Expect::Draws, "typography.font_family", "EB Garamond"},
    {"typography.bold.name", "false", Expect::Draws},
    {"typography.bold.headline", "true", Expect::Draws},
    {"typography.bold.connections", "true", Expect::Draws},
    {"typography.bold.section_titles", "false", Expect::Draws},
    {"links.underline", "true", Expect::Draws},
    {"links.show_external_link_icon", "true", Expect::Draws},
    {"header.alignment", "left", Expect::Draws},
    {"header.photo_width", "2cm", Expect::Draws},
    {"header.photo_position", "right", Expect::Draws},
    // The photo's space towards the text is taken; towards the margin only none is.
    {"header.photo_space_left", "0.2cm", Expect::Warns},
    {"header.photo_space_left", "0.8cm", Expect::Draws, "header.photo_position", "right"},
    {"header.photo_space_right", "0.8cm", Expect::Draws},
    {"header.space_below_name", "0.3cm", Expect::Draws},
    {"header.space_below_headline", "0.3cm", Expect::Draws},
    {"header.space_below_connections", "0.3cm", Expect::Draws},
    {"header.connections.phone_number_format", "international", Expect::Draws},
    {"header.connections.hyperlink", "false", Expect::Draws},
    {"header.connections.show_icons", "false", Expect::Draws},
    {"header.connections.display_urls_instead_of_usernames", "true", Expect::Draws},
    {"header.connections.separator", "'|'", Expect::Draws},
    {"header.connections.space_between_connections", "1cm", Expect::Draws},
    {"section_titles.type", "with_full_line", Expect::Draws},
    {"section_titles.type", "centered_with_centered_partial_line", Expect::Draws},
    {"section_titles.line_thickness", "1pt", Expect::Draws},
    {"section_titles.space_above", "0.8cm", Expect::Draws},
    {"section_titles.space_below", "0.1cm", Expect::Draws},
    {"sections.allow_page_break", "false", Expect::Warns},
    {"sections.space_between_regular_entries", "2em", Expect::Draws},
    {"sections.space_between_text_based_entries", "1em", Expect::Draws},
    {"sections.show_time_spans_in", "[projects]", Expect::Draws},
    {"entries.date_and_location_width", "3cm", Expect::Draws},
    {"entries.side_space", "0.5cm", Expect::Warns},
    {"entries.space_between_columns", "0.3cm", Expect::Draws},
    {"entries.allow_page_break", "true", Expect::Draws},
    {"entries.short_second_row", "false", Expect::Draws},
    {"entries.degree_width", "2cm", Expect::Draws},
    {"entries.summary.space_above", "0.2cm", Expect::Draws},
    {"entries.summary.space_left", "0.3cm", Expect::Draws},
    {"entries.highlights.bullet", "'-'", Expect::Draws},
    {"entries.highlights.nested_bullet", "'◦'", Expect::Draws},
    {"entries.highlights.space_left", "0.4cm", Expect::Draws},
    {"entries.highlights.space_above", "0.1cm", Expect::Draws},
    {"entries.highlights.space_between_items", "0.1cm", Expect::Draws},
    {"entries.highlights.space_between_bullet_and_text", "1em", Expect::Draws},
    {"templates.footer", "NAME", Expect::Draws},
    {"templates.top_note", "'*CURRENT_DATE*'", Expect::Draws},
    {"templates.single_date", "MONTH_NAME YEAR", Expect::Draws},
    {"templates.date_range", "START_DATE to END_DATE", Expect::Draws},
    {"templates.time_span", "HOW_MANY_YEARS YEARS", Expect::Warns},
    {"templates.one_line_entry.main_column", "'LABEL: DETAILS'", Expect::Draws},
    {"templates.education_entry.main_column", "\"**AREA**\\nHIGHLIGHTS\"", Expect::Draws},
    {"templates.education_entry.degree_column", "DEGREE", Expect::Draws},
    {"templates.education_entry.date_and_location_column", "DATE", Expect::Draws},
    {"templates.normal_entry.main_column", "NAME", Expect::Draws},
    {"templates.normal_entry.date_and_location_column", "DATE", Expect::Draws},
    {"templates.experience_entry.main_column", "'**POSITION**'", Expect::Draws},
    {"templates.experience_entry.date_and_location_column", "DATE", Expect::Draws},
    {"templates.publication_entry.main_column", "TITLE", Expect::Draws},
    {"templates.publication_entry.date_and_location_column", "'*DATE*'", Expect::Draws},
    // RenderCV's other themes: each is the classic theme's keys with its own defaults, drawn
    // by a hanji layout of its own (layouts/rendercv/THEME.yaml).
    {"theme", "engineeringresumes", Expect::Draws},
    {"theme", "sb2nov", Expect::Draws},
    {"theme", "moderncv", Expect::Draws},
    {"theme", "engineeringclassic", Expect::Draws},
    {"theme", "harvard", Expect::Draws},
    {"theme", "ink", Expect::Draws},
    {"theme", "opal", Expect::Draws},
    {"theme", "ember", Expect::Draws},
    // A theme of one's own (RenderCV's create-theme): said once, naming it, drawn as classic.
    {"theme", "nebula", Expect::Warns},
    // The values of the keys that take one of a few, those the rows above do not try.
    {"page.size", "a5", Expect::Draws},
    {"page.size", "us-executive", Expect::Draws},
    {"typography.alignment", "justified-with-no-hyphenation", Expect::Draws},
    {"typography.date_and_location_column_alignment", "center", Expect::Draws},
    {"header.alignment", "right", Expect::Draws},
    {"header.connections.phone_number_format", "E164", Expect::Draws},
    {"section_titles.type", "without_line", Expect::Draws},
    {"section_titles.type", "moderncv", Expect::Draws},
    {"section_titles.type", "centered_without_line", Expect::Draws},
    {"section_titles.type", "centered_with_partial_line", Expect::Draws},
    {"section_titles.type", "centered_with_full_line", Expect::Draws},
    {"entries.highlights.bullet", "'●'", Expect::Draws},
    {"entries.highlights.bullet", "'◦'", Expect::Draws},
    {"entries.highlights.bullet", "'◆'", Expect::Draws},
    {"entries.highlights.bullet", "'★'", Expect::Draws},
    {"entries.highlights.bullet", "'■'", Expect::Draws},
    {"entries.highlights.bullet", "'—'", Expect::Draws},
    {"entries.highlights.bullet", "'○'", Expect::Draws},
    {"entries.highlights.nested_bullet", "'-'", Expect::Draws},
};

// RenderCV's locale and settings keys, dotted from the file's top (locale.*, settings.*), each
// with a value RenderCV's default does not have, as the design keys above. `with_key` may be
// any dotted key (design.* too). Same here also covers the keys that choose what the command
// writes (settings.render_command.*): the pages stay as they are and nothing is said.
const std::vector<Probe> kTopLevelProbes = {
    {"locale.language", "german", Expect::Draws},
    {"locale.language", "french", Expect::Draws},
    {"locale.language", "korean", Expect::Draws},
    {"locale.language", "arabic", Expect::Draws},
    {"locale.language", "danish", Expect::Draws},
    {"locale.language", "dutch", Expect::Draws},
    {"locale.language", "hebrew", Expect::Draws},
    {"locale.language", "hungarian", Expect::Draws},
    {"locale.language", "indonesian", Expect::Draws},
    {"locale.language", "italian", Expect::Draws},
    {"locale.language", "norwegian_bokmål", Expect::Draws},
    {"locale.language", "norwegian_nynorsk", Expect::Draws},
    {"locale.language", "persian", Expect::Draws},
    {"locale.language", "portuguese", Expect::Draws},
    {"locale.language", "russian", Expect::Draws},
    {"locale.language", "spanish", Expect::Draws},
    {"locale.language", "turkish", Expect::Draws},
    {"locale.language", "vietnamese", Expect::Draws},
    // Devanagari is a script none of hanji's fonts has: said once (naming the language), the
    // words stay English. (Japanese and Mandarin are drawn where a font has Han letters: the
    // shipped fonts have none, so they are left out here; each missing letter is a warning.)
    {"locale.language", "hindi", Expect::Warns},
    {"locale.last_updated", "Stand", Expect::Draws},
    {"locale.month", "Monat", Expect::Draws},
    {"locale.months", "Monate", Expect::Draws},
    {"locale.year", "Jahr", Expect::Draws},
    {"locale.years", "Jahre", Expect::Draws},
    {"locale.present", "heute", Expect::Draws},
    {"locale.phrases.degree_with_area", "DEGREE of AREA", Expect::Draws, "design.templates.education_entry.main_column",
     "DEGREE_WITH_AREA"},
    {"locale.month_abbreviations", "[Jä, Fe, Mä, Ap, Ma, Jn, Jl, Au, Se, Ok, No, De]", Expect::Draws},
    {"locale.month_names",
     "[Jänner, Feber, März, April, Mai, Juni, Juli, August, September, Oktober, November, Dezember]", Expect::Draws,
     "design.templates.single_date", "MONTH_NAME YEAR"},
    {"settings.current_date", "2023-01-15", Expect::Draws},
    {"settings.current_date", "today", Expect::Draws},
    {"settings.bold_keywords", "[Graz]", Expect::Draws},
    {"settings.pdf_title", "Lebenslauf Maria Lopez", Expect::Draws},
    {"settings.render_command.design", "other_design.yaml", Expect::Draws},
    {"settings.render_command.locale", "other_locale.yaml", Expect::Draws},
    {"settings.render_command.output_folder", "out", Expect::Same},
    {"settings.render_command.typst_path", "out/cv.typ", Expect::Same},
    {"settings.render_command.pdf_path", "out/cv.pdf", Expect::Same},
    {"settings.render_command.markdown_path", "out/cv.md", Expect::Same},
    {"settings.render_command.html_path", "out/cv.html", Expect::Same},
    {"settings.render_command.png_path", "out/cv.png", Expect::Same},
    {"settings.render_command.dont_generate_markdown", "true", Expect::Same},
    {"settings.render_command.dont_generate_html", "true", Expect::Same},
    {"settings.render_command.dont_generate_typst", "true", Expect::Same},
    {"settings.render_command.dont_generate_pdf", "true", Expect::Same},
    {"settings.render_command.dont_generate_png", "true", Expect::Same},
};

// A CV that gives every key something to act on: a photo, every kind of contact, each entry
// type with summaries, nested highlights and links, and pages enough for a footer and for an
// entry to meet a page break.
std::string probe_cv() {
  std::string cv =
      "cv:\n"
      "  name: Maria Lopez\n"
      "  headline: Structural Engineer\n"
      "  location: Graz, Austria\n"
      "  email: maria@example.org\n"
      "  phone: \"+43 316 123456\"\n"
      "  website: https://example.org\n"
      "  photo: photo.png\n"
      "  social_networks:\n"
      "    - {network: GitHub, username: mlopez}\n"
      "  sections:\n"
      "    summary:\n"
      "      - Designs bridges in timber and steel, and writes about them at [the firm's blog](https://example.org/blog); "
      "the text runs long enough to be set on several lines, where justified and ragged lines differ, and its "
      "characteristically interdisciplinary responsibilities, electromechanical instrumentation, counterbalancing "
      "and internationalization give hyphenation its chances.\n"
      "      - A second paragraph, so that the space between text entries shows.\n"
      "    skills:\n";
  // Lines enough to run across the first page's end, each an entry of its own: any change of
  // the page's height moves where the page ends.
  for (int i = 0; i < 40; ++i)
    cv += "      - {label: Skill " + std::to_string(i) + ", details: Finite elements and hand checks}\n";
  cv += "    experience:\n";
  for (int i = 0; i < 7; ++i) {
    cv += "      - company: Bridge Works " + std::to_string(i) + "\n"
          "        position: Project Engineer\n"
          "        location: Graz\n"
          "        start_date: 201" + std::to_string(i) + "-01\n"
          "        end_date: 201" + std::to_string(i + 1) + "-06\n"
          "        summary: Led a team designing footbridges.\n"
          "        highlights:\n";
    for (int h = 0; h < 6; ++h)
      cv += "          - Checked the fatigue of welded joints under pedestrian loads, item " + std::to_string(h) + "\n";
    cv += "          - Wrote the guide - Its first part - Its second part\n";
    if (i == 0)  // wraps beside the date column: its width and gap move the break
      cv += "          - Reviewed the drawings of forty footbridges in timber and steel, checking each weld, bolt and "
            "bearing against the standard and writing down what had to change before the works began\n";
  }
  cv +=
      "    education:\n"
      "      - institution: Graz University of Technology\n"
      "        area: Civil Engineering\n"
      "        degree: DI\n"
      "        location: Graz\n"
      "        start_date: 2004-10\n"
      "        end_date: 2009-09\n"
      "        highlights:\n"
      "          - Thesis on timber connections\n"
      "    projects:\n"
      "      - name: Murbrücke\n"
      "        location: Graz\n"
      "        start_date: 2019-03\n"
      "        end_date: present\n"
      "        highlights:\n"
      "          - A 60 metre span\n"
      "    publications:\n"
      "      - title: Fatigue of Timber Joints\n"
      "        authors: [Maria Lopez, Jonas Weber]\n"
      "        journal: Engineering Structures\n"
      "        doi: 10.1000/xyz123\n"
      "        date: 2020-05\n";
  return cv;
}

// Dotted keys and their values ("a.b.c" = "v") as the nested YAML block under `design:`,
// keys with a common beginning under one map.
std::string design_yaml(const std::vector<std::pair<std::string, std::string>>& values, const std::string& indent = "  ") {
  std::string yaml;
  std::vector<std::string> done;  // the first parts already written
  for (const auto& [dotted, value] : values) {
    const size_t dot = dotted.find('.');
    if (dot == std::string::npos) {
      yaml += indent + dotted + ": " + value + "\n";
      continue;
    }
    const std::string head = dotted.substr(0, dot);
    if (std::find(done.begin(), done.end(), head) != done.end()) continue;
    done.push_back(head);
    std::vector<std::pair<std::string, std::string>> below;
    for (const auto& [other, other_value] : values)
      if (other.starts_with(head + ".")) below.emplace_back(other.substr(head.size() + 1), other_value);
    yaml += indent + head + ":\n" + design_yaml(below, indent + "  ");
  }
  return yaml;
}

// What a run produced: the theme's values and the date form, the pages, the messages.
struct Outcome {
  std::string theme;
  std::string pages;
  Diagnostics diags;
};

class RenderCvProbe : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hanji-rendercv-probe-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    fs::copy_file(test::sample("photo.png"), dir_ / "photo.png", fs::copy_options::overwrite_existing);
  }
  void TearDown() override { fs::remove_all(dir_); }

  Outcome run(const std::string& design, const std::string& top_level = "settings:\n  current_date: 2024-05-01\n") {
    const bool names_theme = design.starts_with("  theme:") || design.find("\n  theme:") != std::string::npos;
    return run_text(top_level + probe_cv() + "design:\n" + (names_theme ? "" : "  theme: classic\n") + design);
  }

  Outcome run_text(const std::string& yaml) {
    Outcome out;
    std::optional<engine::Rendered> rendered =
        engine_.render_text(yaml, (dir_ / "cv.yaml").string(), engine::Request{}, out.diags);
    if (!rendered) return out;
    for (const theme::ParameterInfo& p : theme::describe_parameters(rendered->theme))
      out.theme += p.key + "=" + p.default_value + "\n";
    out.theme += "date=" + rendered->file.locale.date + "\n";
    // Where each run's text comes from in the file (@LINE:COLUMN) moves with any key written
    // above it; what is drawn is the rest.
    out.pages = std::regex_replace(trace::write_trace(rendered->doc), std::regex(" @[0-9]+:[0-9]+"), "");
    // A note says what hanji did on its own (sparing a nearly empty last page), and a detail
    // which look-alike stands in for a family, not a key it left aside: the pages compared
    // show them.
    Diagnostics problems;
    for (const Diagnostic& d : out.diags.all())
      if (d.severity != Severity::Note && d.severity != Severity::Detail) problems.add(d);
    out.diags = std::move(problems);
    return out;
  }

  fs::path dir_;
  engine::Engine engine_{test::repo_dirs()};
};

// The lines of `a` that `b` lacks, a few, for a failure's message.
std::string changed_lines(const std::string& a, const std::string& b) {
  std::string out;
  size_t from = 0;
  int shown = 0;
  while (from < a.size() && shown < 3) {
    size_t end = a.find('\n', from);
    if (end == std::string::npos) end = a.size();
    const std::string line = a.substr(from, end - from + 1);
    if (b.find(line) == std::string::npos) {
      out += "  " + line;
      ++shown;
    }
    from = end + 1;
  }
  return out;
}

// What one probe did, against what it must do: counts drawn, warned and same.
struct Tally {
  int drawn = 0, warned = 0, same = 0;
};

void judge(const Probe& probe, const std::string& shown_key, const Outcome& before, const Outcome& after,
           Tally& tally) {
  if (probe.expect == Expect::Warns) {
    ASSERT_EQ(after.diags.all().size(), 1u) << test::dump(after.diags);
    const Diagnostic& warning = after.diags.all().front();
    EXPECT_EQ(warning.severity, Severity::Warning);
    EXPECT_TRUE(warning.message.find(shown_key) != std::string::npos ||
                warning.message.find(probe.value) != std::string::npos)
        << warning.message;
    EXPECT_TRUE(warning.span.known());
    ++tally.warned;
    return;
  }
  EXPECT_EQ(after.diags.all().size(), 0u) << test::dump(after.diags);
  if (probe.expect == Expect::Same) {
    EXPECT_TRUE(after.theme == before.theme && after.pages == before.pages)
        << "changed in:\n" << changed_lines(after.theme, before.theme) << changed_lines(after.pages, before.pages);
    ++tally.same;
    return;
  }
  EXPECT_TRUE(after.pages != before.pages) << "the pages are the same with it; the theme changed in:\n"
                                           << changed_lines(after.theme, before.theme);
  ++tally.drawn;
}

TEST_F(RenderCvProbe, EveryDesignKeyTakesEffectOrIsOneWarning) {
  const Outcome plain = run("");
  ASSERT_FALSE(plain.pages.empty()) << test::dump(plain.diags);
  ASSERT_EQ(plain.diags.all().size(), 0u) << test::dump(plain.diags);
  ASSERT_NE(plain.pages.find("page 2"), std::string::npos) << "the probe CV must run to a second page";
  Tally tally;
  for (const Probe& probe : kProbes) {
    SCOPED_TRACE(probe.key + ": " + probe.value + (probe.with_key.empty() ? "" : " with " + probe.with_key));
    std::vector<std::pair<std::string, std::string>> with;
    if (!probe.with_key.empty()) with.emplace_back(probe.with_key, probe.with_value);
    const Outcome before = with.empty() ? Outcome{plain.theme, plain.pages, {}} : run(design_yaml(with));
    ASSERT_EQ(before.diags.all().size(), 0u) << test::dump(before.diags);
    with.emplace_back(probe.key, probe.value);
    const Outcome after = run(design_yaml(with));
    // A design key that draws does so through the layout's values (or the date form).
    if (probe.expect == Expect::Draws) {
      EXPECT_TRUE(after.theme != before.theme) << "the layout theme is the same with it";
    }
    judge(probe, "design." + probe.key, before, after, tally);
  }
  std::cout << "RenderCV design keys drawn: " << tally.drawn << ", refused with a warning: " << tally.warned << "\n";
}

TEST_F(RenderCvProbe, EveryLocaleAndSettingsKeyTakesEffectOrIsOneWarning) {
  std::ofstream(dir_ / "other_design.yaml") << "design:\n  page:\n    size: a5\n";
  std::ofstream(dir_ / "other_locale.yaml") << "locale:\n  language: german\n";
  // The file's top-level keys and its design keys, from dotted keys (design.* under design:).
  auto run_with = [&](const std::vector<std::pair<std::string, std::string>>& values) {
    std::vector<std::pair<std::string, std::string>> top, design;
    const bool dated = std::any_of(values.begin(), values.end(), [](const auto& v) { return v.first == "settings.current_date"; });
    if (!dated) top.emplace_back("settings.current_date", "2024-05-01");
    for (const auto& [key, value] : values)
      (key.starts_with("design.") ? design : top).emplace_back(key.starts_with("design.") ? key.substr(7) : key, value);
    return run(design_yaml(design), design_yaml(top, ""));
  };
  const Outcome plain = run_with({});
  ASSERT_EQ(plain.diags.all().size(), 0u) << test::dump(plain.diags);
  Tally tally;
  for (const Probe& probe : kTopLevelProbes) {
    SCOPED_TRACE(probe.key + ": " + probe.value + (probe.with_key.empty() ? "" : " with " + probe.with_key));
    std::vector<std::pair<std::string, std::string>> with;
    if (!probe.with_key.empty()) with.emplace_back(probe.with_key, probe.with_value);
    const Outcome before = with.empty() ? plain : run_with(with);
    ASSERT_EQ(before.diags.all().size(), 0u) << test::dump(before.diags);
    with.emplace_back(probe.key, probe.value);
    judge(probe, probe.key, before, run_with(with), tally);
  }
  std::cout << "RenderCV locale and settings keys drawn: " << tally.drawn << ", refused with a warning: "
            << tally.warned << ", as hanji draws already: " << tally.same << "\n";
}

// RenderCV's cv: fields, each entry type's fields, its social networks and its Markdown, one at
// a time in a small CV: each must come back in what hanji draws (every string of `shows` in the
// pages' trace, a string's parts joined by | on one line of it: the text, its link, its font),
// or be one warning naming it.
struct CvProbe {
  std::string field;   // what is probed, as a message names it
  std::string yaml;    // the lines under cv: (name: is given unless they give it)
  std::vector<std::string> shows;
  Expect expect = Expect::Draws;
  std::string design = "";  // under design:, when the field needs a template to show
};

// One entry in a section of its own.
std::string entry(const std::string& section, const std::string& fields) {
  std::string yaml = "  sections:\n    " + section + ":\n";
  std::string first = "      - ";
  size_t from = 0;
  while (from < fields.size()) {
    size_t end = fields.find('\n', from);
    if (end == std::string::npos) end = fields.size();
    yaml += first + fields.substr(from, end - from) + "\n";
    first = "        ";
    from = end + 1;
  }
  return yaml;
}

const std::string kExperience = "company: Bridge Works\nposition: Project Engineer\n";
const std::string kEducation = "institution: Graz University of Technology\narea: Civil Engineering\n";
const std::string kNormal = "name: Murbrücke\n";
const std::string kPublication = "title: Fatigue of Timber Joints\nauthors: [Maria Lopez, Jonas Weber]\n";

const std::vector<CvProbe> kCvProbes = {
    {"cv.name", "  name: Maria Lopez-Weber\n", {"\"Maria Lopez-Weber\"", "meta title=\"Maria Lopez-Weber"}},
    {"cv.headline", "  headline: Structural Engineer\n", {"\"Structural Engineer\""}},
    {"cv.location", "  location: Graz, Austria\n", {"Graz, Austria"}},
    {"cv.email", "  email: maria@example.org\n", {"maria@example.org\"", "mailto:maria@example.org"}},
    {"cv.email", "  email: [maria@example.org, lopez@tugraz.at]\n",
     {"maria@example.org", "lopez@tugraz.at", "mailto:lopez@tugraz.at"}},
    // RenderCV's default form is the national one, linked as tel:.
    {"cv.phone", "  phone: \"+14155550100\"\n", {"(415) 555-0100", "tel:+14155550100"}},
    {"cv.phone", "  phone: [\"+14155550100\", \"+43 316 123456\"]\n", {"(415) 555-0100", "0316 123456"}},
    {"cv.website", "  website: https://maria.example.org/\n", {"maria.example.org\"", "https://maria.example.org/"}},
    {"cv.website", "  website: [https://maria.example.org, https://bridges.example.com]\n",
     {"maria.example.org", "bridges.example.com", "https://bridges.example.com"}},
    {"cv.photo", "  photo: photo.png\n", {"image x="}},
    {"cv.custom_connections", "  custom_connections:\n    - {fontawesome_icon: calendar-days, placeholder: Book a call, url: https://cal.example.com/maria}\n",
     {"Book a call", "https://cal.example.com/maria"}},
    {"cv.custom_connections.url", "  custom_connections:\n    - {fontawesome_icon: wheelchair, placeholder: Accessible office, url: null}\n",
     {"Accessible office"}},
    {"cv.social_networks LinkedIn", "  social_networks:\n    - {network: LinkedIn, username: mlopez}\n", {"mlopez", "https://linkedin.com/in/mlopez"}},
    {"cv.social_networks GitHub", "  social_networks:\n    - {network: GitHub, username: mlopez}\n", {"mlopez", "https://github.com/mlopez"}},
    {"cv.social_networks GitLab", "  social_networks:\n    - {network: GitLab, username: mlopez}\n", {"mlopez", "https://gitlab.com/mlopez"}},
    {"cv.social_networks IMDB", "  social_networks:\n    - {network: IMDB, username: nm0000001}\n", {"nm0000001", "https://imdb.com/name/nm0000001"}},
    {"cv.social_networks Instagram", "  social_networks:\n    - {network: Instagram, username: mlopez}\n", {"mlopez", "https://instagram.com/mlopez"}},
    {"cv.social_networks ORCID", "  social_networks:\n    - {network: ORCID, username: 0000-0002-1825-0097}\n", {"0000-0002-1825-0097", "https://orcid.org/0000-0002-1825-0097"}},
    {"cv.social_networks Mastodon", "  social_networks:\n    - {network: Mastodon, username: '@mlopez@mastodon.social'}\n", {"@mlopez@mastodon.social", "https://mastodon.social/@mlopez"}},
    {"cv.social_networks StackOverflow", "  social_networks:\n    - {network: StackOverflow, username: 4567/mlopez}\n", {"4567/mlopez", "https://stackoverflow.com/users/4567/mlopez"}},
    {"cv.social_networks ResearchGate", "  social_networks:\n    - {network: ResearchGate, username: Maria-Lopez}\n", {"Maria-Lopez", "https://researchgate.net/profile/Maria-Lopez"}},
    {"cv.social_networks YouTube", "  social_networks:\n    - {network: YouTube, username: mlopez}\n", {"mlopez", "https://youtube.com/@mlopez"}},
    {"cv.social_networks Google Scholar", "  social_networks:\n    - {network: Google Scholar, username: abcDEF123}\n", {"https://scholar.google.com/citations?user=abcDEF123"}},
    {"cv.social_networks Telegram", "  social_networks:\n    - {network: Telegram, username: mlopez}\n", {"mlopez", "https://t.me/mlopez"}},
    // WhatsApp takes the number without its + (wa.me/14155550100); RenderCV keeps it in the link.
    {"cv.social_networks WhatsApp", "  social_networks:\n    - {network: WhatsApp, username: \"+14155550100\"}\n", {"+14155550100", "https://wa.me/14155550100"}},
    {"cv.social_networks Leetcode", "  social_networks:\n    - {network: Leetcode, username: mlopez}\n", {"mlopez", "https://leetcode.com/u/mlopez"}},
    {"cv.social_networks X", "  social_networks:\n    - {network: X, username: mlopez}\n", {"mlopez", "https://x.com/mlopez"}},
    {"cv.social_networks Bluesky", "  social_networks:\n    - {network: Bluesky, username: mlopez.bsky.social}\n", {"mlopez.bsky.social", "https://bsky.app/profile/mlopez.bsky.social"}},
    {"cv.social_networks Reddit", "  social_networks:\n    - {network: Reddit, username: mlopez}\n", {"mlopez", "https://reddit.com/user/mlopez"}},
    // A section's title is its key, its words capitalised; the key's own capitals stay.
    {"cv.sections", entry("awards_and_honours", "A prize for the Murbrücke"), {"\"Awards and Honours\"", "A prize for the Murbrücke"}},
    {"cv.sections", entry("Peer review", "Engineering Structures"), {"\"Peer review\""}},
    {"TextEntry", entry("summary", "Designs bridges in timber and steel."), {"Designs bridges in timber and steel."}},
    {"BulletEntry.bullet", entry("notes", "bullet: Chartered engineer in Austria"), {"Chartered engineer in Austria"}},
    {"NumberedEntry.number", entry("talks", "number: Timber at scale, Vienna 2022"), {"1.", "Timber at scale, Vienna 2022"}},
    {"ReversedNumberedEntry.reversed_number", entry("papers", "reversed_number: Fatigue of timber joints"), {"1.", "Fatigue of timber joints"}},
    {"OneLineEntry.label", entry("skills", "label: Analysis\ndetails: Finite elements"), {"Analysis", "Finite elements"}},
    {"ExperienceEntry.company", entry("experience", kExperience), {"Bridge Works"}},
    {"ExperienceEntry.position", entry("experience", kExperience), {"Project Engineer"}},
    {"ExperienceEntry.location", entry("experience", kExperience + "location: Leoben"), {"Leoben"}},
    {"ExperienceEntry.start_date", entry("experience", kExperience + "start_date: 2019-03\nend_date: 2021-08"), {"Mar 2019 – Aug 2021", "2\\u{a0}years 6\\u{a0}months"}},
    {"ExperienceEntry.end_date", entry("experience", kExperience + "start_date: 2019-03-15\nend_date: present"), {"Mar 2019", "present"}},
    {"ExperienceEntry.date", entry("experience", kExperience + "date: Summer 2020"), {"Summer 2020"}},
    // RenderCV's English abbreviations are the Yale library's: June, July, Sept.
    {"ExperienceEntry.date", entry("experience", kExperience + "date: 2021-06"), {"June 2021"}},
    // RenderCV reads a year in quotes as a date (its January), a bare year as a number.
    {"ExperienceEntry.date", entry("experience", kExperience + "date: '2021'"), {"Jan 2021"}},
    {"ExperienceEntry.date", entry("experience", kExperience + "date: 2021"), {"\"2021\""}},
    {"ExperienceEntry.summary", entry("experience", kExperience + "summary: Led a team of **six**."), {"Led a team of", "font=Lato-Bold|\"six\""}},
    {"ExperienceEntry.highlights", entry("experience", kExperience + "highlights:\n  - Checked the welds\n  - Wrote the guide\n    - Its first part"),
     {"Checked the welds", "Wrote the guide", "Its first part"}},
    {"EducationEntry.institution", entry("education", kEducation), {"Graz University of Technology"}},
    {"EducationEntry.area", entry("education", kEducation), {"Civil Engineering"}},
    {"EducationEntry.degree", entry("education", kEducation + "degree: MSc"), {"MSc"}},
    {"EducationEntry.location", entry("education", kEducation + "location: Graz"), {"Graz\""}},
    {"EducationEntry.start_date", entry("education", kEducation + "start_date: 2004\nend_date: 2009"), {"2004", "2009"}},
    {"EducationEntry.summary", entry("education", kEducation + "summary: With distinction"), {"With distinction"}},
    {"EducationEntry.highlights", entry("education", kEducation + "highlights: [Thesis on timber connections]"), {"Thesis on timber connections"}},
    {"NormalEntry.name", entry("projects", kNormal), {"Murbrücke"}},
    {"NormalEntry.location", entry("projects", kNormal + "location: Graz"), {"Graz\""}},
    {"NormalEntry.date", entry("projects", kNormal + "date: 2020"), {"2020"}},
    {"NormalEntry.summary", entry("projects", kNormal + "summary: A 60 metre span"), {"A 60 metre span"}},
    {"NormalEntry.highlights", entry("projects", kNormal + "highlights: [Opened in 2021]"), {"Opened in 2021"}},
    {"PublicationEntry.title", entry("publications", kPublication), {"Fatigue of Timber Joints"}},
    {"PublicationEntry.authors", entry("publications", kPublication), {"Maria Lopez, Jonas Weber"}},
    {"PublicationEntry.journal", entry("publications", kPublication + "journal: Engineering Structures"), {"Engineering Structures"}},
    {"PublicationEntry.doi", entry("publications", kPublication + "doi: 10.1000/xyz123"), {"10.1000/xyz123", "https://doi.org/10.1000/xyz123"}},
    {"PublicationEntry.url", entry("publications", kPublication + "url: https://example.org/paper"), {"https://example.org/paper"}},
    {"PublicationEntry.date", entry("publications", kPublication + "date: 2020-05"), {"May 2020"}},
    {"PublicationEntry.summary", entry("publications", kPublication + "summary: Tests of 40 joints"), {"Tests of 40 joints"}},
    // An entry's keys of its own are its template's to place (RenderCV's entries take extra keys).
    {"entry's own key", entry("projects", kNormal + "role: Lead designer"), {"Lead designer"}, Expect::Draws,
     "  templates:\n    normal_entry:\n      main_column: \"**NAME** (ROLE)\\nSUMMARY\\nHIGHLIGHTS\"\n"},
    // RenderCV's Markdown in any text.
    {"markdown bold", entry("summary", "Designs **timber bridges** today."), {"font=Lato-Bold|\"timber bridges\""}},
    {"markdown italic", entry("summary", "Designs *timber bridges* today."), {"font=Lato-Italic|\"timber bridges\""}},
    {"markdown bold italic", entry("summary", "Designs ***timber bridges*** today."), {"font=Lato-BoldItalic|\"timber bridges\""}},
    {"markdown link", entry("summary", "Writes at [the blog](https://example.org/blog)."), {"the blog", "https://example.org/blog"}},
    {"markdown code", entry("summary", "Scripts in `python3 -m bridges`."), {"python3 -m bridges"}},
    {"markdown escapes", entry("summary", "'C# and 100% of the #1 [sic] load_case_2 <tag> ~5 t'"), {"C# and 100%", "#1 [sic]", "load_case_2", "<tag> ~5 t"}},
    {"typst math", entry("summary", "Energy $$E = mc^2$$ here."), {"$$E = mc^2$$", "math"}, Expect::Warns},
};

// Whether the trace holds every part of `wanted` (split at |) on one of its lines.
bool trace_shows(const std::string& trace, const std::string& wanted) {
  std::vector<std::string> parts;
  for (size_t from = 0;;) {
    const size_t bar = wanted.find('|', from);
    parts.push_back(wanted.substr(from, bar == std::string::npos ? std::string::npos : bar - from));
    if (bar == std::string::npos) break;
    from = bar + 1;
  }
  size_t from = 0;
  while (from < trace.size()) {
    size_t end = trace.find('\n', from);
    if (end == std::string::npos) end = trace.size();
    const std::string_view line(trace.data() + from, end - from);
    if (std::all_of(parts.begin(), parts.end(), [&](const std::string& p) { return line.find(p) != std::string_view::npos; }))
      return true;
    from = end + 1;
  }
  return false;
}

TEST_F(RenderCvProbe, EveryCvFieldIsDrawnOrIsOneWarning) {
  int drawn = 0, warned = 0;
  for (const CvProbe& probe : kCvProbes) {
    SCOPED_TRACE(probe.field + ":\n" + probe.yaml);
    std::string yaml = "settings:\n  current_date: 2024-05-01\ncv:\n";
    if (!probe.yaml.starts_with("  name:")) yaml += "  name: Maria Lopez\n";
    yaml += probe.yaml;
    yaml += "design:\n  theme: classic\n" + probe.design;  // a RenderCV file, drawn as RenderCV's default theme
    const Outcome out = run_text(yaml);
    ASSERT_FALSE(out.pages.empty()) << test::dump(out.diags);
    if (probe.expect == Expect::Warns) {
      ASSERT_EQ(out.diags.all().size(), 1u) << test::dump(out.diags);
      EXPECT_EQ(out.diags.all().front().severity, Severity::Warning);
      for (const std::string& wanted : probe.shows)
        EXPECT_NE(out.diags.all().front().message.find(wanted), std::string::npos) << out.diags.all().front().message;
      ++warned;
      continue;
    }
    EXPECT_EQ(out.diags.all().size(), 0u) << test::dump(out.diags);
    bool all = true;
    for (const std::string& wanted : probe.shows) {
      const bool shown = trace_shows(out.pages, wanted);
      EXPECT_TRUE(shown) << "'" << wanted << "' is not drawn";
      all = all && shown;
    }
    if (all) ++drawn;
    if (!all) std::cout << out.pages.substr(0, 6000);
  }
  std::cout << "RenderCV cv fields drawn: " << drawn << ", refused with a warning: " << warned << "\n";
}

// RenderCV finds the families its design names in a fonts/ folder beside the CV: so does
// hanji, and draws the CV in them. (The shipped Roboto under another name, "Robata".)
TEST_F(RenderCvProbe, AFamilyInFontsBesideTheCvIsDrawn) {
  fs::create_directories(dir_ / "fonts");
  for (const std::string style : {"Regular", "Bold"}) {
    std::ifstream in(fs::path(HANJI_SOURCE_DIR) / "fonts" / ("Roboto-" + style + ".ttf"), std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const auto& [from, to] : {std::pair<std::string, std::string>{std::string("\0R\0o\0b\0o\0t\0o", 12),
                                                                        std::string("\0R\0o\0b\0a\0t\0a", 12)},
                                   {"Roboto", "Robata"}})
      for (size_t at = bytes.find(from); at != std::string::npos; at = bytes.find(from, at + to.size()))
        bytes.replace(at, from.size(), to);
    std::ofstream(dir_ / "fonts" / ("Robata-" + style + ".ttf"), std::ios::binary) << bytes;
  }
  const Outcome drawn = run("  typography:\n    font_family: Robata\n");
  EXPECT_EQ(drawn.diags.all().size(), 0u) << test::dump(drawn.diags);
  EXPECT_NE(drawn.pages.find("font=Robata-Regular"), std::string::npos);
  EXPECT_NE(drawn.pages.find("font=Robata-Bold"), std::string::npos);
  EXPECT_EQ(drawn.pages.find("font=Lato-Regular"), std::string::npos);
}

// A family installed on the machine is drawn itself, through fontconfig, and so is a part's
// own (Debian's fonts-dejavu-core, which scripts/deps.sh installs).
TEST_F(RenderCvProbe, AnInstalledFamilyIsDrawnAndSoIsAPartsOwn) {
  const Outcome drawn =
      run("  typography:\n    font_family:\n      body: DejaVu Sans\n      name: DejaVu Serif\n"
          "      section_titles: EB Garamond\n");
  EXPECT_EQ(drawn.diags.all().size(), 0u) << test::dump(drawn.diags);
  EXPECT_NE(drawn.pages.find("font=DejaVuSans"), std::string::npos);
  EXPECT_NE(drawn.pages.find("font=DejaVuSerif-Bold"), std::string::npos);  // the name
  EXPECT_NE(drawn.pages.find("font=NotoSerif-Bold"), std::string::npos);    // EB Garamond's look-alike
  EXPECT_EQ(drawn.pages.find("font=Lato-Regular"), std::string::npos);
}

// The table holds every key the translation takes, and takes no key it does not list.
TEST(RenderCvProbeTable, ListsEveryKeyTheTranslationTakes) {
  const std::vector<std::string> honoured = readers::honoured_design_options();
  for (const std::string& key : honoured) {
    const bool listed = std::any_of(kProbes.begin(), kProbes.end(), [&](const Probe& p) { return p.key == key; });
    EXPECT_TRUE(listed) << key << " is taken by src/readers/rendercv/design.cc but not probed here";
  }
  for (const Probe& probe : kProbes) {
    if (probe.expect == Expect::Draws && probe.key != "theme") {
      EXPECT_NE(std::find(honoured.begin(), honoured.end(), probe.key), honoured.end()) << probe.key;
    }
  }
}

}  // namespace
}  // namespace hanji
