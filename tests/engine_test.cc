// The warm engine: what it keeps between renders (counted, never timed), and that a warm
// render gives exactly the bytes a cold one gives, whatever was rendered before it.
#include "engine/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "export/pdf/pdf.h"
#include "repo_data.h"

namespace hanji::engine {
namespace {

namespace fs = std::filesystem;

using test::repo_dirs;
using test::shipped_layouts;
using test::sample;
using test::dump;



// The PDF of `path` in `language` as `engine` makes it; "" after an error.
std::string pdf_of(Engine& engine, const std::string& path, const std::string& language = "",
                   const std::string& layout = "", bool kept = false) {
  Request request;
  request.layout = layout;
  request.read.language = language;
  Diagnostics diags;
  std::optional<Rendered> rendered = engine.render_file(path, request, diags);
  EXPECT_TRUE(rendered) << path << "\n" << dump(diags);
  if (!rendered) return "";
  // Kept: the engine's fonts and streams, as watch writes; else made for this PDF alone.
  const pdf::WriteMemo memo = kept ? pdf::WriteMemo{&engine.fonts(), engine.kept_streams()} : pdf::WriteMemo{};
  std::optional<std::string> bytes = pdf::write_pdf(rendered->doc, pdf::Options{0, memo, rendered->pdf}, diags);
  return bytes.value_or("");
}

// The counts of the memo called `name` in `engine`.
MemoStats memo_named(const Engine& engine, const std::string& name) {
  for (const MemoReport& report : engine.stats())
    if (report.name == name) return report.stats;
  ADD_FAILURE() << "no memo " << name;
  return {};
}

// What the CV's language decides whatever the layout: a Korean CV sets nothing in italics and
// justifies its paragraphs in serif, whose summaries are justified and paragraphs ragged for
// English; the CV's own layout values still choose an alignment; English keeps serif's.
TEST(EngineTheme, TheLanguageDecidesItalicsAndParagraphs) {
  const fs::path dir = fs::temp_directory_path() / "hanji_engine_test_language";
  fs::create_directories(dir);
  auto theme_of = [&](const std::string& yaml) {
    std::ofstream(dir / "cv.yaml") << yaml;
    Engine engine(repo_dirs());
    Diagnostics diags;
    std::optional<model::CvFile> file = engine.load((dir / "cv.yaml").string(), {}, diags);
    EXPECT_TRUE(file) << dump(diags);
    return file ? engine.theme_for(*file, {}, diags) : std::nullopt;
  };
  std::optional<theme::Theme> korean = theme_of("cv:\n  name: 김하늘\nlocale: korean\nlayout: serif\n");
  ASSERT_TRUE(korean);
  EXPECT_FALSE(korean->italics);
  EXPECT_TRUE(korean->text_align == theme::Align::Justify);
  EXPECT_TRUE(korean->summary_align == theme::Align::Justify);
  std::optional<theme::Theme> ragged =
      theme_of("cv:\n  name: 김하늘\nlocale: korean\nlayout: {name: serif, text: {align_text: left}}\n");
  ASSERT_TRUE(ragged);
  EXPECT_TRUE(ragged->text_align == theme::Align::Left) << "the CV's own choice wins";
  EXPECT_TRUE(ragged->summary_align == theme::Align::Justify);
  std::optional<theme::Theme> english = theme_of("cv:\n  name: Jane Doe\nlayout: serif\n");
  ASSERT_TRUE(english);
  EXPECT_TRUE(english->italics);
  EXPECT_TRUE(english->text_align == theme::Align::Left);
  fs::remove_all(dir);
}

// Rendering the same CV again parses no layout or locale file and makes no typesetter: the
// fonts and the shaped paragraphs of the first render serve the second.
TEST(EngineWarm, ASecondRenderReusesWhatTheFirstLoaded) {
  Engine engine(repo_dirs());
  const std::string first = pdf_of(engine, sample("heungsub-lee-ko.yaml"));
  const EngineWork cold = engine.work();
  EXPECT_EQ(cold.renders, 1u);
  EXPECT_EQ(cold.typesetters_made, 1u);
  EXPECT_GE(cold.layout_files_parsed, 1u);
  EXPECT_LE(cold.locale_files_parsed, 2u) << "the index and korean.yaml, not every locale";
  const std::string second = pdf_of(engine, sample("heungsub-lee-ko.yaml"));
  const EngineWork warm = engine.work();
  EXPECT_EQ(second, first);
  EXPECT_EQ(warm.typesetters_made, 1u);
  EXPECT_EQ(warm.typesetters_reused, 1u);
  EXPECT_EQ(warm.layout_files_parsed, cold.layout_files_parsed);
  EXPECT_EQ(warm.locale_files_parsed, cold.locale_files_parsed);
  EXPECT_GT(warm.layout_files_reused, cold.layout_files_reused);
}

// Every sample in every language, rendered by one engine after all the others (in two
// orders), is byte for byte what a fresh engine makes of it: the fonts a warm typesetter
// loaded for earlier CVs never change a later one's PDF.
TEST(EngineWarm, WarmGivesTheBytesColdGives) {
  std::vector<std::pair<std::string, std::string>> cases;  // file, language
  for (const auto& entry : fs::directory_iterator(fs::path(HANJI_SOURCE_DIR) / "samples")) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".yaml" && ext != ".json") continue;
    Engine probe(repo_dirs());
    Diagnostics diags;
    std::optional<model::CvFile> file = probe.load(entry.path().string(), {}, diags);
    ASSERT_TRUE(file) << entry.path();
    if (file->languages.empty()) cases.emplace_back(entry.path().string(), "");
    for (const std::string& language : file->languages) cases.emplace_back(entry.path().string(), language);
  }
  std::sort(cases.begin(), cases.end());
  ASSERT_GE(cases.size(), 8u);
  std::map<std::pair<std::string, std::string>, std::string> cold;
  for (const auto& c : cases) {
    Engine fresh(repo_dirs());
    cold[c] = pdf_of(fresh, c.first, c.second);
    ASSERT_FALSE(cold[c].empty());
  }
  Engine warm(repo_dirs());  // the PDF writer's fonts, subsets and streams kept too, as watch keeps them
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& c : cases)
      EXPECT_EQ(pdf_of(warm, c.first, c.second, "", true), cold[c]) << c.first << " " << c.second;
    std::reverse(cases.begin(), cases.end());
  }
  EXPECT_GT(warm.work().typesetters_reused, cases.size());
  EXPECT_GE(memo_named(warm, "pdf streams").hits, cases.size());
  // The subsets memo keeps the last few documents' subsets, fewer than all the samples' (a
  // pass over them in turn finds little of the one before): each CV built again straight
  // after itself finds its subsets kept, every one.
  const auto subset_hits_before = memo_named(warm, "font subsets").hits;
  for (const auto& c : cases) {
    pdf_of(warm, c.first, c.second, "", true);
    EXPECT_EQ(pdf_of(warm, c.first, c.second, "", true), cold[c]) << c.first << " " << c.second;
  }
  EXPECT_GE(memo_named(warm, "font subsets").hits - subset_hits_before, cases.size());
}

// A warm rebuild of an unchanged CV answers every question from the engine's memos: what the
// first build missed, the second finds (counted, never timed), and nothing it found is
// missed again. The font files are opened once for shaping and the PDF together.
TEST(EngineWarm, ARebuildFindsWhatTheFirstBuildMade) {
  Engine engine(repo_dirs());
  const std::string path = sample("heungsub-lee.yaml");
  const std::string first = pdf_of(engine, path, "", "", true);
  std::map<std::string, MemoStats> cold;
  for (const MemoReport& report : engine.stats()) cold[report.name] = report.stats;
  EXPECT_EQ(cold["font faces"].hits, cold["font subsets"].misses) << "each subset takes the face shaping opened";
  EXPECT_EQ(cold["font faces"].misses, cold["font faces"].entries);
  EXPECT_EQ(cold["font subsets"].hits, 0u);
  EXPECT_GT(cold["markup"].misses, 10u);
  EXPECT_GT(cold["shaped paragraphs"].misses, 10u);

  EXPECT_EQ(pdf_of(engine, path, "", "", true), first);
  std::map<std::string, MemoStats> warm;
  for (const MemoReport& report : engine.stats()) warm[report.name] = report.stats;
  for (const std::string name : {"locale files", "layout files", "markup", "font subsets"}) {
    EXPECT_EQ(warm[name].misses, cold[name].misses) << name << ": nothing made again";
    EXPECT_GT(warm[name].hits, cold[name].hits) << name;
  }
  EXPECT_EQ(warm["markup"].hits - cold["markup"].hits, cold["markup"].misses) << "every text found parsed";
  EXPECT_EQ(warm["font subsets"].hits, cold["font subsets"].misses) << "every subset found made";
  EXPECT_EQ(warm["font faces"].misses, cold["font faces"].misses) << "no font file opened again";
  EXPECT_EQ(warm["pdf streams"].misses, cold["pdf streams"].misses) << "no stream compressed again";
  // The typesetter was set aside after each build: its memos' counts go on from the first.
  EXPECT_EQ(warm["shaped paragraphs"].misses, cold["shaped paragraphs"].misses);
  EXPECT_EQ(warm["paragraph lines"].misses, cold["paragraph lines"].misses);
  EXPECT_GT(warm["paragraph lines"].hits, cold["paragraph lines"].hits);
  for (const MemoReport& report : engine.stats()) EXPECT_EQ(report.stats.evictions, 0u) << report.name;
}

// sidebar fills its panel from the main flow's short sections, one word of `fill_with` at a
// time, while the main flow runs past the panel: a word that names none of the CV's sections
// costs no layout. A CV without awards or talks is laid out as often as with a panel that
// takes nothing more; one with awards once more in each attempt, for the word that moves them.
TEST(EngineWork, AColumnIsFilledOnlyByWordsThatMoveASection) {
  const fs::path dir = fs::temp_directory_path() / "hanji_engine_test_fill";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string cv = "cv:\n  name: Jimin Park\n  sections:\n    experience:\n";
  for (int job = 0; job < 14; ++job)
    cv += "      - company: Company " + std::to_string(job) + "\n        position: Engineer\n"
          "        start_date: 2010-01\n        end_date: 2011-01\n        highlights:\n"
          "          - Built the service that answers every request of the team, and kept it running.\n"
          "          - Wrote the tests that tell the team when a change breaks what users rely on.\n";
  cv += "    skills:\n      - label: Languages\n        details: C++, Python\n";
  const std::string awards = "    awards:\n      - name: Best paper\n        date: 2019-05\n";
  std::ofstream(dir / "plain.yaml") << cv;
  std::ofstream(dir / "awarded.yaml") << cv + awards;
  std::ofstream(dir / "unfilled.yaml") << "extends: sidebar\nregions:\n  side:\n    fill_with: []\n";
  auto layouts_of = [&](const std::string& name, const std::string& layout) {
    Engine engine(repo_dirs());
    Request request;
    request.layout = layout;
    Diagnostics diags;
    std::optional<Rendered> rendered = engine.render_file((dir / name).string(), request, diags);
    EXPECT_TRUE(rendered) << dump(diags);
    if (rendered) {
      EXPECT_EQ(rendered->doc.pages.size(), 2u) << name << " in " << layout;
    }
    return engine.work().layouts;
  };
  const std::size_t unfilled = layouts_of("plain.yaml", (dir / "unfilled.yaml").string());
  EXPECT_EQ(layouts_of("plain.yaml", "sidebar"), unfilled);
  // Each attempt fit makes (as set, sparing a short last page) once more, for "award".
  const std::size_t awarded = layouts_of("awarded.yaml", "sidebar");
  EXPECT_GT(awarded, unfilled);
  EXPECT_LE(awarded, 2 * unfilled);
  fs::remove_all(dir);
}

// A layout file saved again is read again; one left alone is not.
TEST(EngineWarm, AnEditedLayoutIsReadAgain) {
  const fs::path dir = fs::temp_directory_path() / "hanji_engine_test_layout";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "mine.yaml") << "extends: classic\ncolors:\n  link: \"#112233\"\n";
  std::ofstream(dir / "cv.yaml") << "cv:\n  name: Jimin Park\nlayout: ./mine.yaml\n";
  Engine engine(repo_dirs());
  Diagnostics diags;
  auto first = engine.render_file((dir / "cv.yaml").string(), {}, diags);
  ASSERT_TRUE(first) << dump(diags);
  const std::size_t parsed = engine.work().layout_files_parsed;
  EXPECT_EQ(first->theme.files.size(), 2u);  // mine.yaml and classic.yaml
  auto again = engine.render_file((dir / "cv.yaml").string(), {}, diags);
  ASSERT_TRUE(again);
  EXPECT_EQ(engine.work().layout_files_parsed, parsed);
  // A new file renamed over the old one, as editors save.
  std::ofstream(dir / "mine.yaml.new") << "extends: classic\ncolors:\n  link: \"#445566\"\n";
  fs::rename(dir / "mine.yaml.new", dir / "mine.yaml");
  auto edited = engine.render_file((dir / "cv.yaml").string(), {}, diags);
  ASSERT_TRUE(edited) << dump(diags);
  EXPECT_EQ(engine.work().layout_files_parsed, parsed + 1);  // mine.yaml only
  EXPECT_FALSE(edited->theme.link_color == first->theme.link_color);
  const std::vector<std::string> inputs = Engine::inputs_of(*edited);
  EXPECT_NE(std::find(inputs.begin(), inputs.end(), (dir / "mine.yaml").string()), inputs.end());
  fs::remove_all(dir);
}

// A render that fails gives no typesetter back, and the next one still reports what the
// first did: a warm engine says everything a cold one says.
TEST(EngineWarm, ErrorsAndWarningsComeAgain) {
  Engine engine(repo_dirs());
  const std::string unknown_char = "cv:\n  name: J \uE000\n";  // a character no font has
  for (int k = 0; k < 2; ++k) {
    Diagnostics diags;
    auto rendered = engine.render_text(unknown_char, "cv.yaml", {}, diags);
    ASSERT_TRUE(rendered);
    EXPECT_NE(dump(diags).find("no font has U+E000"), std::string::npos) << k;
  }
  const std::string missing_font = "cv:\n  name: J\nlayout:\n  fonts:\n    latin:\n      regular: nowhere.ttf\n";
  for (int k = 0; k < 2; ++k) {
    Diagnostics diags;
    EXPECT_FALSE(engine.render_text(missing_font, "cv.yaml", {}, diags)) << k;
    EXPECT_NE(dump(diags).find("nowhere.ttf"), std::string::npos) << k;
  }
}

// However many different CVs one engine sets (a watch session of a hundred drafts), it keeps
// a bounded number of shaped paragraphs (its memo's budget, the oldest drafts' going first),
// and the last draft's all: setting it again shapes nothing.
TEST(EngineWarm, KeepsABoundedNumberOfParagraphs) {
  Engine engine(repo_dirs());
  const auto draft_text = [](int draft) {
    std::string cv = "cv:\n  name: Draft " + std::to_string(draft) + "\n  sections:\n    notes:\n";
    for (int line = 0; line < 40; ++line)
      cv += "      - draft " + std::to_string(draft) + " line " + std::to_string(line) + " says something\n";
    return cv;
  };
  constexpr int kDrafts = 40;
  for (int draft = 0; draft < kDrafts; ++draft) {
    Diagnostics diags;
    ASSERT_TRUE(engine.render_text(draft_text(draft), "cv.yaml", {}, diags)) << dump(diags);
  }
  const MemoStats shaped = memo_named(engine, "shaped paragraphs");
  EXPECT_GT(shaped.evictions, 0u) << "forty drafts outgrow the budget";
  EXPECT_LT(shaped.entries, kDrafts * 41u);
  EXPECT_EQ(shaped.entries + shaped.evictions, shaped.misses) << "every paragraph shaped was kept until let go";
  Diagnostics diags;
  ASSERT_TRUE(engine.render_text(draft_text(kDrafts - 1), "cv.yaml", {}, diags));
  EXPECT_EQ(memo_named(engine, "shaped paragraphs").misses, shaped.misses) << "the last draft's paragraphs were kept";
}

// ---------------------------------------------------------------- applications

// A cover letter of about 400 words of ordinary prose, as a letter to an employer runs.
std::string letter_yaml(int paragraphs_more = 0) {
  std::string body =
      "    I am writing to apply for the position of Senior Platform Engineer that your team advertised last\n"
      "    month. For the past six years I have built and run the systems that let product teams ship every day\n"
      "    without fear, and I would like to bring that experience to a company whose work I have admired for\n"
      "    a long time.\n\n"
      "    In my current role I lead a group of five engineers responsible for the build and deployment\n"
      "    pipeline of a large online marketplace. When I joined, a release took most of an afternoon and\n"
      "    failed about one time in five. We rewrote the pipeline around small, reviewable steps, added the\n"
      "    measurements that told us where the time went, and now ship several times a day with a failure\n"
      "    rate we report to the whole company each week. The work taught me to measure before I change\n"
      "    anything, and to explain every change in words that the people affected by it can follow.\n\n"
      "    Before that I spent three years as a backend developer at a logistics start-up, where I wrote the\n"
      "    service that planned delivery routes for about two hundred drivers. It was my first experience\n"
      "    of software whose mistakes are felt by people in the street, and it made me careful about\n"
      "    testing, monitoring and the quiet work of keeping old code healthy.\n\n"
      "    Your advertisement mentions a move from a single data centre to two cloud regions. I have done\n"
      "    a similar migration, and I know how much of it depends on patient planning: an inventory of what\n"
      "    talks to what, a way back for every step, and a schedule that the teams who own the services have\n"
      "    agreed to. I would enjoy helping your engineers through that work and leaving behind tools and\n"
      "    documents that outlast the project.\n\n"
      "    I also care about the people side of this work. I have mentored four junior engineers, two of\n"
      "    whom now lead teams of their own, and I run a monthly review in which anyone can bring an incident\n"
      "    and walk us through what happened without fear of blame. Those hours have saved us many more,\n"
      "    and they have made the team one that people ask to join rather than one they leave.\n\n"
      "    I would welcome the chance to talk about how I could contribute to your team. Thank you for your\n"
      "    time and consideration; I look forward to hearing from you.\n";
  for (int i = 0; i < paragraphs_more; ++i)
    body += "\n    Outside work I maintain a small open source library for reading configuration files, answer\n"
            "    questions from its users, and review the changes they send; it has taught me a great deal about\n"
            "    writing for readers I will never meet and about saying no politely when a change does not fit.\n";
  return "cv:\n  name: Jane Doe\n  email: jane@example.com\n  phone: \"+44 20 7946 0000\"\n"
         "  sections:\n    experience:\n      - company: Acme\n        position: Engineer\n        start_date: 2020-01\n"
         "        end_date: present\n        highlights: [Built things, Ran things]\n"
         "letter:\n  recipient:\n    name: Dr Jane Smith\n    title: Head of Engineering\n    company: Acme GmbH\n"
         "    address: [Bahnhofstrasse 1, 8001 Zürich, Switzerland]\n  date: 2026-11-20\n"
         "  subject: Application for the position of Senior Platform Engineer\n"
         "  salutation: Dear Dr Smith,\n  body: |\n" +
         body + "  closing: Yours sincerely,\n  enclosures: [Curriculum vitae, Two references]\n";
}

int words_in(const std::string& text) {
  std::istringstream in(text);
  int words = 0;
  for (std::string word; in >> word;) words += std::any_of(word.begin(), word.end(), ::isalpha) ? 1 : 0;
  return words;
}

TEST(Application, BindsTheLetterAndTheCvIntoOneDocument) {
  Engine engine(repo_dirs());
  Diagnostics diags;
  std::optional<Rendered> alone = engine.render_text("cv:\n  name: Jane Doe\n  email: jane@example.com\n  sections:\n"
                                                     "    experience:\n      - company: Acme\n        position: Engineer\n"
                                                     "        start_date: 2020-01\n        end_date: present\n"
                                                     "        highlights: [Built things, Ran things]\n",
                                                     "cv.yaml", {}, diags);
  ASSERT_TRUE(alone) << dump(diags);
  ASSERT_EQ(alone->parts.size(), 1u);
  std::optional<Rendered> bound = engine.render_text(letter_yaml(), "cv.yaml", {}, diags);
  ASSERT_TRUE(bound) << dump(diags);
  ASSERT_EQ(bound->parts.size(), 2u);
  EXPECT_EQ(bound->parts[0].part, model::Part::Letter);
  EXPECT_EQ(bound->parts[0].first_page, 0);
  EXPECT_EQ(bound->parts[0].pages, 1);
  EXPECT_EQ(bound->parts[1].part, model::Part::Cv);
  EXPECT_EQ(bound->parts[1].first_page, 1);
  EXPECT_EQ(bound->doc.pages.size(), 1u + alone->doc.pages.size());
  // A bookmark per part, the CV's sections beneath the CV's.
  ASSERT_GE(bound->doc.bookmarks.size(), 3u);
  EXPECT_EQ(bound->doc.bookmarks[0].title, "Cover letter");
  EXPECT_EQ(bound->doc.bookmarks[0].page, 0);
  EXPECT_EQ(bound->doc.bookmarks[1].title, "CV");
  EXPECT_EQ(bound->doc.bookmarks[1].page, 1);
  EXPECT_EQ(bound->doc.bookmarks[2].level, 1);
  EXPECT_EQ(bound->doc.bookmarks[2].page, 1);
  // One structure: a single root, every element's parent before it, every tag in range.
  const auto& structure = bound->doc.structure;
  ASSERT_FALSE(structure.empty());
  EXPECT_EQ(structure[0].role, doc::Role::Document);
  int h1 = 0;
  for (std::size_t i = 1; i < structure.size(); ++i) {
    EXPECT_GE(structure[i].parent, 0);
    EXPECT_LT(structure[i].parent, static_cast<int>(i));
    h1 += structure[i].role == doc::Role::H1;
  }
  EXPECT_EQ(h1, 2) << "the name heads the letterhead and the CV";
  // Fonts merged: each file and face once, and every run's font in range.
  for (std::size_t a = 0; a < bound->doc.fonts.size(); ++a)
    for (std::size_t b = a + 1; b < bound->doc.fonts.size(); ++b)
      EXPECT_FALSE(bound->doc.fonts[a].path == bound->doc.fonts[b].path &&
                   bound->doc.fonts[a].postscript_name == bound->doc.fonts[b].postscript_name);
  for (const doc::Page& page : bound->doc.pages)
    for (const doc::PlacedRun& run : page.runs) {
      EXPECT_LT(run.run.font, static_cast<int>(bound->doc.fonts.size()));
      EXPECT_LT(run.tag, static_cast<int>(structure.size()));
    }
  // The metadata is the CV's, titled by the parts bound; the PDF writes.
  EXPECT_EQ(bound->doc.meta.author, alone->doc.meta.author);
  EXPECT_EQ(bound->doc.meta.title, alone->doc.meta.author + " \u2013 Cover letter \u00b7 CV");
  const std::optional<std::string> bytes = pdf::write_pdf(bound->doc, pdf::Options{0, {}, bound->pdf}, diags);
  ASSERT_TRUE(bytes) << dump(diags);
  EXPECT_FALSE(diags.has_errors()) << dump(diags);
}

// Every layout's fonts draw what a Korean CV writes: Hangul, and Hanja (a name in 漢字, a term
// such as 學問), which some Korean faces lack and a fallback then supplies; never a hole.
TEST(Layouts, EveryLayoutDrawsHangulAndHanja) {
  // And the signs a CV writes in its figures: a minus (−70 °C; the serif layouts' fonts have
  // none of their own), an arrow, a multiplication sign.
  const std::string yaml = "locale: korean\ncv:\n  name: 홍길동 (洪吉童)\n  sections:\n    자기소개:\n"
                           "      - 學問과 實務를 잇는 일을 좋아합니다. −70 °C, 1,250 → 610 ppm, 3 × 4 cm.\n";
  Engine engine(repo_dirs());
  const std::vector<std::string> layouts = shipped_layouts();
  for (const std::string& layout : layouts) {
    Request request;
    request.layout = layout;
    Diagnostics diags;
    ASSERT_TRUE(engine.render_text(yaml, "cv.yaml", request, diags)) << request.layout << "\n" << dump(diags);
    for (const Diagnostic& d : diags.all())
      EXPECT_EQ(d.message.find("no font has"), std::string::npos) << request.layout << ": " << d.message;
  }
  EXPECT_GE(layouts.size(), 12u);
}

TEST(Application, FourHundredWordsFitOnePageInEveryLayout) {
  const std::string yaml = letter_yaml();
  const std::string body = yaml.substr(yaml.find("body:"), yaml.find("closing:") - yaml.find("body:"));
  ASSERT_GE(words_in(body), 400);
  Engine engine(repo_dirs());
  const std::vector<std::string> layouts = shipped_layouts();
  for (const std::string& layout : layouts) {
    Request request;
    request.layout = layout;
    Diagnostics diags;
    std::optional<Rendered> rendered = engine.render_text(yaml, "cv.yaml", request, diags);
    ASSERT_TRUE(rendered) << request.layout << "\n" << dump(diags);
    EXPECT_EQ(rendered->parts.front().pages, 1) << request.layout;
    for (const Diagnostic& d : diags.all())
      EXPECT_EQ(d.message.find("the letter runs onto"), std::string::npos) << request.layout;
  }
  EXPECT_GE(layouts.size(), 12u);  // every built-in layout was tried
}

// A title that wraps hangs its later lines by entry.title_hang (harvard's and compact's: their
// highlights' text edge), as LaTeX's \hangindent: "DHL Supply Chain  Graduate Trainee, … –
// Milton Keynes, / United Kingdom" put "United Kingdom" back at the margin, under the
// organisation, where it read as a line of its own. classic keeps one edge (title_hang 0).
TEST(Entries, AWrappedTitleHangsItsLaterLinesInHarvardAndCompact) {
  // Lines 4 to 6 of the CV: the title's organisation, position and place.
  const std::string yaml =
      "cv:\n  name: Jane Doe\n  sections:\n    experience:\n      - company: DHL Supply Chain\n"
      "        position: Graduate Trainee, Transport Planning and Network Design for Retail, Consumer Goods and Grocery\n"
      "        location: Milton Keynes, United Kingdom\n        start_date: 2010-09\n        end_date: 2012-01\n"
      "        highlights: [Planned 140 daily routes for a retail client.]\n";
  Engine engine(repo_dirs());
  for (const auto& [layout, hang] : {std::pair<std::string, double>{"harvard", 11}, {"compact", 9}, {"classic", 0}}) {
    Request request;
    request.layout = layout;
    Diagnostics diags;
    std::optional<Rendered> rendered = engine.render_text(yaml, "cv.yaml", request, diags);
    ASSERT_TRUE(rendered) << layout << "\n" << dump(diags);
    std::map<double, double> left_of_line;  // baseline -> left edge of the title's text on it
    for (const doc::PlacedRun& placed : rendered->doc.pages[0].runs)
      if (placed.run.span.line >= 5 && placed.run.span.line <= 7) {
        auto [at, fresh] = left_of_line.emplace(placed.baseline, placed.x);
        if (!fresh) at->second = std::min(at->second, placed.x);
      }
    ASSERT_GE(left_of_line.size(), 2u) << layout << ": the title should wrap";
    const double first = left_of_line.begin()->second, second = std::next(left_of_line.begin())->second;
    EXPECT_NEAR(second - first, hang, 0.01) << layout;
  }
}

// A headline that wraps is set in lines of even length, as a title is: its last line is not a
// word or two under a full line ("... inspection, / retrofit"), in every layout.
TEST(Header, AWrappedHeadlineIsSetInLinesOfEvenLength) {
  const std::string yaml =
      "cv:\n  name: Margaret Oyelaran-Fitzgerald\n"
      "  headline: Chartered Civil Engineer (CEng MICE), Bridges & Major Structures, long-span design, inspection, retrofit\n"
      "  sections:\n    summary: [Bridges.]\n";
  Engine engine(repo_dirs());
  Request request;
  for (const std::string& layout : shipped_layouts()) {
    request.layout = layout;
    Diagnostics diags;
    std::optional<Rendered> rendered = engine.render_text(yaml, "cv.yaml", request, diags);
    ASSERT_TRUE(rendered) << layout << "\n" << dump(diags);
    std::map<double, std::size_t> line_chars;  // baseline -> characters of the headline on it
    for (const doc::PlacedRun& placed : rendered->doc.pages[0].runs)
      if (placed.run.span.line == 3) line_chars[placed.baseline] += utf8_decode(placed.run.text).size();
    if (line_chars.size() < 2) continue;  // on one line (a wide measure)
    std::size_t longest = 0;
    for (const auto& [baseline, chars] : line_chars) longest = std::max(longest, chars);
    EXPECT_GT(line_chars.rbegin()->second * 2, longest) << layout << ": the last line is under half the longest";
  }
}

// compact's letter keeps a reader's measure (letter.measure): its small type across the whole
// column ran to some 120 characters a line; in 115 mm it runs to about 80, still on one page.
TEST(Application, CompactsLetterIsSetInAMeasureOfAbout80Characters) {
  const std::string yaml = letter_yaml();
  const int body_from = 1 + static_cast<int>(std::count(yaml.begin(), yaml.begin() + static_cast<long>(yaml.find("body: |")), '\n')) + 1;
  const int body_to = static_cast<int>(std::count(yaml.begin(), yaml.begin() + static_cast<long>(yaml.find("closing:")), '\n'));
  Engine engine(repo_dirs());
  Request request;
  request.layout = "compact";
  Diagnostics diags;
  std::optional<Rendered> rendered = engine.render_text(yaml, "cv.yaml", request, diags);
  ASSERT_TRUE(rendered) << dump(diags);
  ASSERT_EQ(rendered->parts.front().pages, 1);
  std::map<double, std::size_t> line_chars;  // baseline -> characters of the body on it
  for (const doc::PlacedRun& placed : rendered->doc.pages[0].runs)
    if (placed.run.span.line >= body_from && placed.run.span.line <= body_to)
      line_chars[placed.baseline] += utf8_decode(placed.run.text).size();
  ASSERT_GE(line_chars.size(), 20u);
  std::size_t longest = 0;
  for (const auto& [baseline, chars] : line_chars) longest = std::max(longest, chars);
  EXPECT_LE(longest, 90u);
  EXPECT_GE(longest, 70u);
}

// The same 400 words as a writer often shapes them: short paragraphs, a list of three things, a
// five-line address. Each paragraph's spacing and the list's make this the taller letter.
std::string listed_letter_yaml() {
  std::string yaml = letter_yaml();
  const auto replace = [&](const std::string& from, const std::string& to) {
    const auto at = yaml.find(from);
    if (at != std::string::npos) yaml.replace(at, from.size(), to);
  };
  replace("address: [Bahnhofstrasse 1, 8001 Zürich, Switzerland]",
          "address: [Engineering Department, Floor 4, Bahnhofstrasse 1, 8001 Zürich, Switzerland]");
  replace("pipeline of a large online marketplace. ", "pipeline of a large online marketplace.\n\n    ");
  replace("every day\n    without fear, ", "every day\n    without fear.\n\n    Three things I would bring:\n\n"
          "    - a record of moving forty services to new machines without an hour of downtime;\n"
          "    - design notes and runbooks that others can follow at three in the morning;\n"
          "    - patience in mentoring engineers who are new to operations.\n\n    And ");
  replace("I also care about the people side of this work. ", "I also care about the people side of this work.\n\n    ");
  // Words fewer elsewhere, so the letter stays at 400.
  replace(" I would enjoy helping your engineers through that work and leaving behind tools and\n"
          "    documents that outlast the project.", " I would enjoy helping your engineers through that work.");
  replace(" Those hours have saved us many more,\n    and they have made the team one that people ask to join rather "
          "than one they leave.", "");
  return yaml;
}

TEST(Application, FourHundredWordsWithAListAndALongAddressFitOnePageInEveryLayout) {
  const std::string yaml = listed_letter_yaml();
  ASSERT_NE(yaml.find("    - a record"), std::string::npos);
  const std::string body = yaml.substr(yaml.find("body:"), yaml.find("closing:") - yaml.find("body:"));
  ASSERT_GE(words_in(body), 400);
  ASSERT_LE(words_in(body), 410);
  Engine engine(repo_dirs());
  for (const std::string& layout : shipped_layouts()) {
    Request request;
    request.layout = layout;
    Diagnostics diags;
    std::optional<Rendered> rendered = engine.render_text(yaml, "cv.yaml", request, diags);
    ASSERT_TRUE(rendered) << request.layout << "\n" << dump(diags);
    EXPECT_EQ(rendered->parts.front().pages, 1) << request.layout << "\n" << dump(diags);
  }
}

TEST(Application, ALongerLetterSaysByHowMuchItDoesNotFit) {
  Engine engine(repo_dirs());
  Diagnostics diags;
  std::optional<Rendered> rendered = engine.render_text(letter_yaml(8), "cv.yaml", {}, diags);
  ASSERT_TRUE(rendered) << dump(diags);
  EXPECT_EQ(rendered->parts.front().pages, 2);
  bool warned = false;
  for (const Diagnostic& d : diags.all())
    if (d.message.find("the letter runs onto 2 pages") != std::string::npos) {
      warned = true;
      EXPECT_EQ(d.span.line, 12);  // the letter: key
      EXPECT_NE(d.message.find("lines"), std::string::npos);
    }
  EXPECT_TRUE(warned) << dump(diags);
  // Page numbers count within each part: the CV's first page is "1 / N", not "3 / M".
  const doc::Page& cv_first = rendered->doc.pages[static_cast<std::size_t>(rendered->parts[1].first_page)];
  const doc::Page& letter_second = rendered->doc.pages[1];
  auto has_text = [](const doc::Page& page, const std::string& text) {
    return std::any_of(page.runs.begin(), page.runs.end(),
                       [&](const doc::PlacedRun& run) { return run.run.text.find(text) != std::string::npos; });
  };
  EXPECT_TRUE(has_text(letter_second, "2 / 2"));
  EXPECT_FALSE(has_text(cv_first, "3 /"));
}

}  // namespace
}  // namespace hanji::engine
