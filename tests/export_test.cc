// The formats: one registry of exporters; Markdown and plain text read from the rendered
// document in its structure's order, the Markdown escaped so that a CommonMark renderer (cmark,
// Debian's libcmark) shows the PDF's text and no markup of the CV's; and a JSON Resume that is
// valid against the schema and reads back into the same CV.
#include <cmark.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "core/core.h"
#include "engine/engine.h"
#include "export/registry.h"
#include "readers/source.h"
#include "repo_data.h"

namespace hanji::exports {
namespace {

namespace fs = std::filesystem;

model::CvFile load(const std::string& yaml) {
  Diagnostics diags;
  auto file = readers::load_cv_from_string(yaml, "cv.yaml", diags);
  EXPECT_TRUE(file) << (diags.all().empty() ? "" : diags.all().front().message);
  return file ? *file : model::CvFile{};
}

std::string json_resume(const model::CvFile& file, const std::string& output_dir) {
  const Exporter* format = find_exporter("json-resume");
  EXPECT_TRUE(format);
  FormatOptions options;
  options.output_dir = output_dir;
  Diagnostics diags;
  auto files = format->write({nullptr, &file}, options, diags);
  return files && files->size() == 1 ? files->front() : std::string();
}

// One engine for the tests of this process: rendering is what the text formats read.
engine::Engine& shared_engine() {
  static engine::Engine engine(test::repo_dirs());
  return engine;
}

std::optional<engine::Rendered> render(const std::string& yaml, const std::string& layout = "",
                                       const std::string& path = "cv.yaml") {
  Diagnostics diags;
  engine::Request request;
  request.layout = layout;
  auto rendered = shared_engine().render_text(yaml, path, request, diags);
  EXPECT_TRUE(rendered) << test::dump(diags);
  return rendered;
}

// `format` of a rendered CV, one file.
std::string exported(const std::string& format_name, const engine::Rendered& rendered) {
  const Exporter* format = find_exporter(format_name);
  EXPECT_TRUE(format) << format_name;
  if (!format) return "";
  Diagnostics diags;
  ExportInput input{&rendered.doc, &rendered.file};
  for (const engine::PartPages& part : rendered.parts) input.parts.push_back({part.part, part.first_page, part.pages});
  auto files = format->write(input, FormatOptions{}, diags);
  EXPECT_TRUE(files && files->size() == 1) << format_name << ": " << test::dump(diags);
  return files && !files->empty() ? files->front() : std::string();
}

std::string exported(const std::string& format_name, const std::string& yaml, const std::string& layout = "") {
  auto rendered = render(yaml, layout);
  return rendered ? exported(format_name, *rendered) : std::string();
}

// ---------------------------------------------------------------- the registry

TEST(Registry, HoldsEveryFormatOnceByNameAliasAndExtension) {
  std::set<std::string_view> names, extensions;
  for (const Exporter* format : exporters()) {
    ASSERT_TRUE(format->write) << format->name;
    EXPECT_TRUE(names.insert(format->name).second) << format->name;
    for (std::string_view alias : format->aliases) EXPECT_TRUE(names.insert(alias).second) << alias;
    ASSERT_FALSE(format->file.extensions.empty()) << format->name;
    for (std::string_view extension : format->file.extensions) {
      EXPECT_TRUE(extensions.insert(extension).second) << extension;
      EXPECT_EQ(exporter_for_extension(extension), format);
    }
    EXPECT_FALSE(format->label.empty() || format->summary.empty() || format->media_type.empty() ||
                 format->file.name.empty() || !format->file.recognises)
        << format->name;
    EXPECT_EQ(find_exporter(format->name), format);
  }
  for (const char* name : {"pdf", "svg", "png", "md", "txt", "json-resume", "markdown", "text", "json"})
    EXPECT_TRUE(find_exporter(name)) << name;
  EXPECT_FALSE(find_exporter("docx"));
  EXPECT_EQ(find_exporter("markdown"), find_exporter("md"));
  EXPECT_EQ(default_exporter().name, "pdf");
  EXPECT_EQ(exporters().front(), &default_exporter());
  EXPECT_EQ(std::count_if(exporters().begin(), exporters().end(), [](const Exporter* e) { return e->is_default; }), 1);
  EXPECT_EQ(format_names(), "pdf, json-resume, md, png, svg or txt");
  EXPECT_EQ(exporter_for_extension(".MD"), find_exporter("md"));
  EXPECT_EQ(find_exporter("json-resume")->needs, Needs::Model);
  EXPECT_EQ(find_exporter("md")->needs, Needs::Document);
  for (const Exporter* format : exporters())  // `hanji --help` lists them in 80 columns
    EXPECT_LE(utf8_decode(format->summary).size(), 45u) << format->summary;
}

// ---------------------------------------------------------------- Markdown and text

const char* kCv =
    "cv:\n"
    "  name: Jane Roe\n"
    "  headline: Engineer\n"
    "  email: jane@example.com\n"
    "  social_networks: [{network: GitHub, username: jroe}]\n"
    "  sections:\n"
    "    experience:\n"
    "      - company: '[Acme](https://acme.example)'\n"
    "        position: Lead\n"
    "        location: Oslo\n"
    "        start_date: 2020-03\n"
    "        end_date: present\n"
    "        summary: Runs the **platform** team.\n"
    "        highlights:\n"
    "          - Shipped v2 - on time - under budget\n"
    "    education:\n"
    "      - {institution: UiO, area: Physics, degree: MSc, date: Fall 2019}\n"
    "    skills:\n"
    "      - {label: Languages, details: 'C++, Go'}\n"
    "    awards:\n"
    "      - {bullet: Best paper}\n"
    "    publications:\n"
    "      - {title: Counting, authors: [Jane Roe], date: 2021}\n";

// Each of `parts` found in `text` after the one before.
void expect_in_order(const std::string& text, const std::vector<std::string>& parts) {
  std::size_t at = 0;
  for (const std::string& part : parts) {
    const std::size_t found = text.find(part, at);
    ASSERT_NE(found, std::string::npos) << "'" << part << "' missing after offset " << at << " in\n" << text;
    at = found + part.size();
  }
}

TEST(Markdown, FollowsThePdfsStructure) {
  const std::string md = exported("md", kCv);
  expect_in_order(md, {"# Jane Roe\n", "Engineer", "[jane@example.com](mailto:jane@example.com)",
                       "[github.com/jroe](https://github.com/jroe)", "## Experience\n", "Lead", "Mar 2020 – present",
                       "[Acme](https://acme.example)", "Oslo", "Runs the platform team.", "- Shipped v2\n", "  - on time\n",
                       "  - under budget\n", "## Education\n", "UiO", "Fall 2019", "MSc in Physics", "## Skills\n",
                       "Languages:", "C++, Go", "## Awards\n", "- Best paper\n", "## Publications\n", "Counting"});
}

TEST(PlainText, FollowsThePdfsStructureWithoutMarkup) {
  const std::string txt = exported("txt", kCv);
  expect_in_order(txt, {"Jane Roe\n", "Engineer", "jane@example.com", "github.com/jroe", "\nExperience\n", "Lead",
                        "Mar 2020 – present", "Acme (https://acme.example)", "Runs the platform team.\n",
                        "\u2022 Shipped v2\n", "  \u25E6 on time\n", "\nEducation\n", "\nSkills\n", "Languages: C++, Go"});
  EXPECT_EQ(txt.find("**"), std::string::npos);
  EXPECT_EQ(txt.find("]("), std::string::npos);
  EXPECT_EQ(txt.find("\\"), std::string::npos);
}

// A 자기소개서 is written as its answers ready to paste, in its place among the parts (the
// engine's pages of each part, not guessed from bookmarks): before the CV when parts say so,
// and its typeset pages (the same answers, numbered as the layout numbers them) not as well.
TEST(PlainText, TheSelfIntroductionIsItsPasteTextInItsPlaceAmongTheParts) {
  const std::string yaml =
      "cv:\n  name: Jane Roe\n  sections:\n    summary: [Builds the platform.]\n"
      "self_introduction:\n  title: Self-introduction\n  questions:\n"
      "    - title: Why us?\n      answer: |\n        Because **you** ship.\n\n        - one\n        - two\n"
      "    - title: And then?\n      answer: More.\n";
  for (const bool first : {false, true}) {
    SCOPED_TRACE(first ? "parts: [self_introduction, cv]" : "the default parts");
    auto rendered = render(yaml + (first ? "parts: [self_introduction, cv]\n" : ""));
    ASSERT_TRUE(rendered);
    ASSERT_EQ(rendered->parts.size(), 2u);
    const std::string txt = exported("txt", *rendered);
    const std::string answer = "\n1. Why us?\nBecause you ship.\n- one\n- two\n";
    ASSERT_NE(txt.find(answer), std::string::npos) << txt;
    EXPECT_EQ(txt.find("Because you ship."), txt.rfind("Because you ship.")) << "the answer once: " << txt;
    EXPECT_EQ(txt.find("Builds the platform."), txt.rfind("Builds the platform.")) << txt;
    if (first) expect_in_order(txt, {"Self-introduction\n", "2. And then?\nMore.\n", "Jane Roe\n", "Builds the platform."});
    else expect_in_order(txt, {"Jane Roe\n", "Builds the platform.", "Self-introduction\n", "2. And then?\nMore.\n"});
  }
}

// The sections in the layout's order, under the layout's titles: ko-standard puts 학력 (and
// its table) before anything else, whatever order the CV writes them in.
TEST(Markdown, SectionsInTheLayoutsOrder) {
  Diagnostics diags;
  engine::Request request;
  request.layout = "ko-standard";
  auto rendered = shared_engine().render_file(test::sample("heungsub-lee-ko.yaml"), request, diags);
  ASSERT_TRUE(rendered) << test::dump(diags);
  std::vector<std::string> headings;
  std::istringstream lines(exported("md", *rendered));
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with("## ")) headings.push_back(line.substr(3));
  std::vector<std::string> bookmarks;  // the PDF's outline, in the pages' order
  for (const doc::Bookmark& bookmark : rendered->doc.bookmarks) bookmarks.push_back(bookmark.title);
  EXPECT_EQ(headings, bookmarks);
  std::vector<std::string> in_cv;
  for (const model::Section& section : rendered->file.cv.sections) in_cv.push_back(section.title.value);
  EXPECT_NE(headings, in_cv) << "the sample no longer shows the layout's own order";
}

namespace {

// A sample in ko-standard (in `language` when it has several).
std::optional<engine::Rendered> ko_standard(const std::string& sample, const std::string& language = "") {
  Diagnostics diags;
  engine::Request request;
  request.layout = "ko-standard";
  request.read.language = language;
  auto rendered = shared_engine().render_file(test::sample(sample), request, diags);
  EXPECT_TRUE(rendered) << test::dump(diags);
  return rendered;
}

// Whether element `element` of a document's structure lies inside one of role `role`.
bool inside(const doc::Document& doc, int element, doc::Role role) {
  for (int at = doc.structure[static_cast<std::size_t>(element)].parent; at >= 0;
       at = doc.structure[static_cast<std::size_t>(at)].parent)
    if (doc.structure[static_cast<std::size_t>(at)].role == role) return true;
  return false;
}

}  // namespace

// The form's words are the CV's language's, from its locale: title, header table labels, table
// headers, the declaration; Hebrew among them (it had every label in English).
TEST(KoStandard, LabelsComeFromTheLocale) {
  struct Case {
    const char* sample;
    const char* language;
    std::vector<std::string> words, not_words;
  };
  const Case cases[] = {
      {"dana-levi-he.yaml", "", {"\u05E7\u05D5\u05E8\u05D5\u05EA \u05D7\u05D9\u05D9\u05DD", "\u05EA\u05E7\u05D5\u05E4\u05D4", "\u05D4\u05E8\u05D9\u05E0\u05D9"},
       {"R\u00C9SUM\u00C9", "Period", "I certify", "Name"}},
      {"bilingual.yaml", "ko", {"\uC774 \uB825 \uC11C", "\uC131\uBA85", "\uADFC\uBB34\uAE30\uAC04", "\uC704\uC758 \uAE30\uC7AC"},
       {"R\u00C9SUM\u00C9", "Period", "I certify"}},
      {"bilingual.yaml", "en", {"R\u00C9SUM\u00C9", "Name", "Period", "Company", "I certify"},
       {"\uC774 \uB825 \uC11C", "\uC131\uBA85", "\uADFC\uBB34\uAE30\uAC04"}},
  };
  for (const Case& c : cases) {
    auto rendered = ko_standard(c.sample, c.language);
    ASSERT_TRUE(rendered);
    const std::string txt = exported("txt", *rendered);
    for (const std::string& word : c.words) EXPECT_NE(txt.find(word), std::string::npos) << c.sample << " " << c.language << ": " << word;
    for (const std::string& word : c.not_words)
      EXPECT_EQ(txt.find(word), std::string::npos) << c.sample << " " << c.language << ": " << word;
  }
}

// The form's order in every language, by what a section is: an English CV's work history and
// education first (in that order: an international reader's; the Korean form puts 학력
// first), then its languages (자격·어학), whatever order the YAML has them in; no section is
// lost or doubled on the way.
TEST(KoStandard, AnEnglishCvTakesTheFormsSectionOrder) {
  auto rendered = ko_standard("heungsub-lee.yaml");
  ASSERT_TRUE(rendered);
  std::vector<std::string> bookmarks, in_cv;
  for (const doc::Bookmark& bookmark : rendered->doc.bookmarks) bookmarks.push_back(bookmark.title);
  for (const model::Section& section : rendered->file.cv.sections) in_cv.push_back(section.title.value);
  ASSERT_GE(bookmarks.size(), 3u);
  EXPECT_EQ(std::vector<std::string>(bookmarks.begin(), bookmarks.begin() + 3),
            (std::vector<std::string>{"Work Experience", "Education", "Languages"}));
  EXPECT_NE(bookmarks, in_cv) << "the YAML's order is not the form's";
  std::sort(bookmarks.begin(), bookmarks.end());
  std::sort(in_cv.begin(), in_cv.end());
  EXPECT_EQ(bookmarks, in_cv);
}

// Highlights are lists wherever they are: a cell's (담당업무, or an English job's duties under
// its row) are list items inside its TD, and
// a section whose table would have one column (interests with their points) is set as entries,
// its points a list, not a one-column table of "- " lines.
TEST(KoStandard, HighlightsAreListsInCellsAndOutOfThem) {
  for (const char* sample : {"heungsub-lee-ko.yaml", "heungsub-lee.yaml", "gyewon-lee.yaml"}) {
    auto rendered = ko_standard(sample);
    ASSERT_TRUE(rendered);
    const doc::Document& doc = rendered->doc;
    int items_in_cells = 0;
    for (std::size_t i = 0; i < doc.structure.size(); ++i)
      if (doc.structure[i].role == doc::Role::LI && inside(doc, static_cast<int>(i), doc::Role::TD)) ++items_in_cells;
    EXPECT_GT(items_in_cells, 0) << sample;
    for (std::size_t i = 0; i < doc.structure.size(); ++i) {
      if (doc.structure[i].role != doc::Role::TR) continue;
      int columns = 0;  // a job's duties under its row: one cell across the columns
      for (const doc::StructNode& node : doc.structure)
        if (node.parent == static_cast<int>(i) && (node.role == doc::Role::TD || node.role == doc::Role::TH))
          columns += node.column_span;
      EXPECT_GE(columns, 2) << sample << ": a table of one column";
    }
  }
}

// Links only to what the PDF links: another scheme is text, never a link.
TEST(Markdown, LinksOnlyWhatThePdfLinks) {
  const std::string md = exported("md",
                                  "cv:\n"
                                  "  name: Jane Roe\n"
                                  "  website: javascript:alert(1)\n"
                                  "  sections:\n"
                                  "    about:\n"
                                  "      - \"[click](javascript:alert(1)) and [home](example.org) and [mail](mailto:j@x.org)\"\n"
                                  "    publications:\n"
                                  "      - {title: Web, authors: [A], url: example.org/paper}\n");
  for (const char* scheme : {"(javascript:", "(file:", "(vbscript:"}) EXPECT_EQ(md.find(scheme), std::string::npos) << md;
  EXPECT_NE(md.find("javascript:alert(1)"), std::string::npos) << md;
  EXPECT_NE(md.find("click and [home](https://example.org) and [mail](mailto:j@x.org)"), std::string::npos) << md;
  EXPECT_NE(md.find("(https://example.org/paper)"), std::string::npos) << md;
}

// ---------------------------------------------------------------- the Markdown through cmark

struct CmarkNodeFree {
  void operator()(cmark_node* node) const { cmark_node_free(node); }
};
struct CmarkIterFree {
  void operator()(cmark_iter* iter) const { cmark_iter_free(iter); }
};

// What a reader of the rendered Markdown sees as text, in order: the text of every node, a
// numbered item's number, blocks apart by a line break.
std::string cmark_text(const std::string& markdown) {
  std::unique_ptr<cmark_node, CmarkNodeFree> root(cmark_parse_document(markdown.data(), markdown.size(), CMARK_OPT_DEFAULT));
  std::unique_ptr<cmark_iter, CmarkIterFree> iter(cmark_iter_new(root.get()));
  std::string out;
  for (cmark_event_type event; (event = cmark_iter_next(iter.get())) != CMARK_EVENT_DONE;) {
    cmark_node* node = cmark_iter_get_node(iter.get());
    const cmark_node_type type = cmark_node_get_type(node);
    if (event == CMARK_EVENT_ENTER && (type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_HTML_INLINE))
      out += cmark_node_get_literal(node);
    else if (event == CMARK_EVENT_ENTER && (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK))
      out += ' ';
    else if (event == CMARK_EVENT_ENTER && type == CMARK_NODE_ITEM) {
      cmark_node* list = cmark_node_parent(node);
      if (cmark_node_get_list_type(list) == CMARK_ORDERED_LIST) {
        int number = cmark_node_get_list_start(list);
        for (cmark_node* before = cmark_node_previous(node); before; before = cmark_node_previous(before)) ++number;
        out += std::to_string(number) + (cmark_node_get_list_delim(list) == CMARK_PAREN_DELIM ? ") " : ". ");
      }
    } else if (event == CMARK_EVENT_EXIT && (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING))
      out += '\n';
  }
  return out;
}

std::string cmark_html(const std::string& markdown) {
  char* html = cmark_markdown_to_html(markdown.data(), markdown.size(), CMARK_OPT_DEFAULT);
  std::string out(html);
  std::free(html);
  return out;
}

// The elements of `html`, by name: "h1", "a", "img".
std::set<std::string> html_elements(const std::string& html) {
  std::set<std::string> out;
  for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
    std::size_t end = at + 1;
    if (end < html.size() && html[end] == '/') ++end;
    std::size_t name_end = end;
    while (name_end < html.size() && std::isalnum(static_cast<unsigned char>(html[name_end]))) ++name_end;
    out.insert(html.substr(end, name_end - end));
  }
  return out;
}

std::string run_command(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return out;
  std::array<char, 65536> buffer;
  for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0;) out.append(buffer.data(), n);
  return out;
}

// A hyphen ending a line of the PDF's text: poppler's structure text reads the hyphen a
// hyphenated line end adds ("opti-", "mization"), where a reader honouring /ActualText, and the
// Markdown, read the word whole; a hyphen the CV wrote ("large-" "scale") is read by both.
constexpr char kLineEndHyphen = '\x01';

// The text a tagged PDF gives a reader in its structure's order, as poppler reads it
// (pdfinfo -struct-text): every quoted line, in order.
std::string pdf_structure_text(const fs::path& pdf) {
  std::string out;
  std::istringstream lines(run_command("pdfinfo -struct-text '" + pdf.string() + "'"));
  for (std::string line; std::getline(lines, line);) {
    const std::size_t first = line.find_first_not_of(' ');
    if (first == std::string::npos || line[first] != '"' || line.size() < first + 2) continue;
    std::string text = line.substr(first + 1, line.size() - first - 2);
    if (text.ends_with('-')) text.back() = kLineEndHyphen;
    out += text + '\n';
  }
  return out;
}

// The characters of `text` without whitespace, and without the "|" between table cells (the
// Markdown's own; the CV's reads the same on both sides): what must be equal, in order.
std::string characters(const std::string& text) {
  std::string out;
  for (char32_t c : utf8_decode(text))
    if (!(c == ' ' || c == '\n' || c == '\t' || c == 0xA0 || c == '|' || (c >= 0x2000 && c <= 0x200B) || c == 0x3000 ||
          c == 0x200E || c == 0x200F))
      utf8_append(out, c);
  return out;
}

// "" when the Markdown's characters are the PDF's (a line end's hyphen in the PDF read as the
// Markdown reads it), else where they first differ, with some text around it.
std::string difference(const std::string& markdown, const std::string& pdf) {
  std::size_t i = 0, j = 0;
  while (i < markdown.size() && j < pdf.size()) {
    if (pdf[j] == kLineEndHyphen) {
      if (markdown[i] == '-') ++i;
      ++j;
    } else if (markdown[i] == pdf[j]) {
      ++i, ++j;
    } else {
      break;
    }
  }
  while (j < pdf.size() && pdf[j] == kLineEndHyphen) ++j;
  if (i == markdown.size() && j == pdf.size()) return "";
  return "\n  markdown: ..." + markdown.substr(i > 60 ? i - 60 : 0, 160) + "\n  pdf:      ..." +
         pdf.substr(j > 60 ? j - 60 : 0, 160);
}

std::vector<std::string> layouts() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(fs::path(HANJI_SOURCE_DIR) / "layouts"))
    if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> samples();

// The CVs whose Markdown is checked: every sample and the hostile one.
std::vector<fs::path> checked_cvs() {
  std::vector<fs::path> out;
  for (const std::string& name : samples()) out.push_back(fs::path(HANJI_SOURCE_DIR) / "samples" / name);
  out.push_back(fs::path(HANJI_SOURCE_DIR) / "tests" / "data" / "markdown" / "hostile.yaml");
  return out;
}

// The only elements the Markdown means: headings, paragraphs, lists, links.
const std::set<std::string> kMeantElements = {"h1", "h2", "p", "ul", "ol", "li", "a"};

class EveryLayout : public ::testing::TestWithParam<std::string> {};

// Every sample and the hostile CV in this layout: the Markdown rendered by cmark reads as the
// PDF's structure does (the same characters in the same order), and its HTML holds no element
// but the exporter's own: no CV text became markup.
TEST_P(EveryLayout, MarkdownRendersToThePdfsText) {
  const fs::path dir = fs::temp_directory_path() / ("hanji-export-test-" + GetParam());
  fs::create_directories(dir);
  const Exporter& pdf = default_exporter();
  for (const fs::path& cv : checked_cvs()) {
    SCOPED_TRACE(cv.filename().string() + " in " + GetParam());
    Diagnostics diags;
    engine::Request request;
    request.layout = GetParam();
    auto rendered = shared_engine().render_file(cv.string(), request, diags);
    ASSERT_TRUE(rendered) << test::dump(diags);
    const std::string markdown = exported("md", *rendered);
    FormatOptions options;
    options.pdf = rendered->pdf;
    auto pdf_files = pdf.write({&rendered->doc, &rendered->file}, options, diags);
    ASSERT_TRUE(pdf_files) << test::dump(diags);
    const fs::path pdf_path = dir / (cv.stem().string() + ".pdf");
    std::ofstream(pdf_path, std::ios::binary) << pdf_files->front();
    const std::string shown = characters(cmark_text(markdown)), read = characters(pdf_structure_text(pdf_path));
    EXPECT_FALSE(read.empty());
    EXPECT_EQ(difference(shown, read), "") << "\n" << markdown;
    const std::string html = cmark_html(markdown);
    for (const std::string& element : html_elements(html))
      EXPECT_TRUE(kMeantElements.count(element)) << "<" << element << "> in\n" << html;
  }
}

INSTANTIATE_TEST_SUITE_P(Layouts, EveryLayout, ::testing::ValuesIn(layouts()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

// The hostile CV's markup-like text comes out of cmark as the characters the CV wrote.
TEST(Markdown, EscapesWhatWouldReadAsMarkup) {
  std::ifstream in(fs::path(HANJI_SOURCE_DIR) / "tests" / "data" / "markdown" / "hostile.yaml");
  std::stringstream yaml;
  yaml << in.rdbuf();
  const std::string html = cmark_html(exported("md", yaml.str()));
  for (const char* shown : {"&lt;script&gt;alert(1)&lt;/script&gt; Jane_Doe", "<p># not a heading</p>",
                            "vector&lt;T&gt; and &lt;img src=x onerror=alert(1)&gt; and &amp;amp; and &amp;#60;b&amp;#62;",
                            "<p>* not a list, _not emphasis_", "[not a link] (nor this), ~~not struck~~ | not a table |",
                            "<p>1. not a numbered list</p>", "<p>- not a bullet</p>", "<p>&gt; not a quote</p>",
                            "<p>+ not a bullet either</p>", "<p>=== not an underline</p>", "at the end \\</p>",
                            "<a href=\"https://example.com/a_(b)_c\">example.com/a_(b)_c</a>",
                            "<a href=\"https://example.com/a%20page/(x)\">Spaced page</a>", "<li>1) numbered? no</li>",
                            "<li>&lt;!-- a comment --&gt; stays</li>", "!<a href=\"https://example.com/x.png\">an image</a> is text",
                            "C:\\path\\to\\file and * escaped"})
    EXPECT_NE(html.find(shown), std::string::npos) << shown << " in\n" << html;
  for (const char* never : {"<script", "<img", "<h1># ", "<em>", "<strong>", "<code>", "<blockquote>", "<ol", "<hr"})
    EXPECT_EQ(html.find(never), std::string::npos) << never << " in\n" << html;
}

// A JSON Resume read by hanji and written again keeps its arrays: sections titled as the
// schema's arrays go back to them, the summary to basics, a linked name to name and url.
TEST(Export, JsonResumeKeepsTheSchemasArrays) {
  Diagnostics diags;
  auto file = readers::load_cv_from_string(R"({
    "basics": {"name": "Ines Duarte", "summary": "Builds bridges."},
    "work": [{"name": "Ponte", "url": "https://ponte.example", "position": "Engineer", "startDate": "2020"}],
    "volunteer": [{"organization": "Rios", "position": "Guide", "startDate": "2018"}],
    "awards": [{"title": "Steel Prize", "date": "2021-06", "awarder": "Guild"}],
    "certificates": [{"name": "Welding", "date": "2019", "issuer": "Board"}],
    "languages": [{"language": "Portuguese", "fluency": "Native"}],
    "interests": [{"name": "Rowing", "keywords": ["sculls"]}],
    "references": [{"name": "Rui", "reference": "Steady hands."}]})", "r.json", diags);
  ASSERT_TRUE(file);
  const std::string json = json_resume(*file, "");
  for (const char* part :
       {"\"summary\": \"Builds bridges.\"", "\"name\": \"Ponte\",\n      \"url\": \"https://ponte.example\"",
        "\"volunteer\": [", "\"organization\": \"Rios\"", "\"awards\": [", "\"title\": \"Steel Prize\"",
        "\"date\": \"2021-06\"", "\"awarder\": \"Guild\"", "\"certificates\": [", "\"issuer\": \"Board\"",
        "\"languages\": [", "\"fluency\": \"Native\"", "\"interests\": [", "\"keywords\": [\n        \"sculls\"",
        "\"references\": [", "\"reference\": \"Steady hands. \u2014 Rui\""})
    EXPECT_NE(json.find(part), std::string::npos) << part << " in\n" << json;
  EXPECT_EQ(json.find("\"projects\""), std::string::npos) << json;  // awards are not projects
  // An award dated in free text has no place in `awards` (ISO dates only): it stays a project.
  auto free = load("cv:\n  name: A\n  sections:\n    Awards:\n      - {name: Prize, date: Spring 2020}\n");
  const std::string kept = json_resume(free, "");
  EXPECT_EQ(kept.find("\"awards\""), std::string::npos) << kept;
  EXPECT_NE(kept.find("\"date\": \"Spring 2020\""), std::string::npos) << kept;
}

// A RenderCV file's keys say which array a section is, in any language: `volunteer` is
// JSON Resume's volunteer, `certifications` its certificates, `honors` its awards, `about`
// its summary (in English, where the titles differ from the arrays' own: Honors, not
// Awards), and read back, the titles are the same.
TEST(Export, JsonResumeArraysFollowTheSectionKeys) {
  const std::string sections =
      "cv:\n  name: 홍길동\n  sections:\n"
      "    about: [개발자입니다.]\n"
      "    volunteer:\n      - {company: 나눔, position: 교사, date: 2019}\n"
      "    certifications:\n      - {name: 정보처리기사, date: 2020-05}\n"
      "    honors:\n      - {name: 대상, date: 2021-06}\n"
      "    languages:\n      - {label: 영어, details: 능숙}\n";
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"locale: korean\n", {"소개", "봉사 활동", "자격증", "수상", "외국어"}},
      {"locale: english\n", {"About", "Volunteer", "Certifications", "Honors", "Languages"}}};
  for (const auto& [locale, titles] : cases) {
    const std::string json = json_resume(load(locale + sections), "");
    for (const char* part : {"\"summary\": \"개발자입니다.\"", "\"volunteer\": [", "\"certificates\": [",
                             "\"awards\": [", "\"languages\": ["})
      EXPECT_NE(json.find(part), std::string::npos) << part << " in\n" << json;
    EXPECT_EQ(json.find("\"work\""), std::string::npos) << json;
    Diagnostics diags;
    auto again = readers::load_cv_from_string(json, "written.json", diags);
    ASSERT_TRUE(again) << json;
    std::vector<std::string> read_back;
    for (const auto& section : again->cv.sections) read_back.push_back(section.title.value);
    EXPECT_EQ(read_back, titles) << locale;
  }
}

// Every sample, written as a JSON Resume and read back, is the same CV: same sections,
// titles, entries and texts.
std::vector<std::string> texts_of(const model::CvFile& file) {
  std::vector<std::string> out = {file.cv.name.value, file.cv.headline.value, file.locale.language};
  for (const auto& contact : file.cv.contacts) out.push_back(contact.text.value + " " + contact.url);
  for (const auto& section : file.cv.sections) {
    out.push_back("## " + section.title.value);
    for (const auto& e : section.entries) {
      out.push_back(std::string(model::entry_kind_name(e.kind)));
      for (const model::Text* t : {&e.text, &e.label, &e.details, &e.name, &e.company, &e.position, &e.institution,
                                   &e.area, &e.degree, &e.title, &e.journal, &e.doi, &e.location, &e.summary})
        out.push_back(t->value);
      for (const auto& a : e.authors) out.push_back(a.value);
      for (const auto* d : {&e.date, &e.start_date, &e.end_date}) out.push_back(*d ? (*d)->text : "-");
      for (const auto& h : e.highlights) {
        out.push_back("• " + h.text.value);
        for (const auto& c : h.children) out.push_back("◦ " + c.value);
      }
    }
  }
  return out;
}

class RoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(RoundTrip, JsonResumeReadsBackToTheSameCv) {
  const fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / GetParam();
  Diagnostics diags;
  auto original = readers::load_cv(sample.string(), diags);
  ASSERT_TRUE(original);
  const std::string json = json_resume(*original, sample.parent_path().string());
  Diagnostics again_diags;
  auto again = readers::load_cv_from_string(json, (sample.parent_path() / "written.json").string(), again_diags);
  ASSERT_TRUE(again) << json;
  for (const auto& d : again_diags.all()) ADD_FAILURE() << d.message;
  EXPECT_EQ(texts_of(*again), texts_of(*original));
  EXPECT_EQ(again->cv.photo.value, original->cv.photo.value);
  EXPECT_EQ(again->layout_name, original->layout_name);
}

std::vector<std::string> samples() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(fs::path(HANJI_SOURCE_DIR) / "samples"))
    if (entry.path().extension() == ".yaml" || entry.path().extension() == ".json")
      names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

INSTANTIATE_TEST_SUITE_P(Samples, RoundTrip, ::testing::ValuesIn(samples()), [](const ::testing::TestParamInfo<std::string>& param) {
  std::string name = param.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
});

// Validated with Python's jsonschema (Debian's python3-jsonschema, which scripts/deps.sh
// installs) against the schema in tests/data, formats (email, uri, dates) included.
TEST(Export, JsonResumeValidatesAgainstTheSchema) {
  const char* python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  if (std::system((std::string(python) + " -c 'import jsonschema' 2>/dev/null").c_str()) != 0)
    GTEST_SKIP() << "python3-jsonschema is not installed";
  const fs::path dir = fs::temp_directory_path() / "hanji-export-test";
  fs::create_directories(dir);
  for (const std::string& name : samples()) {
    const fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / name;
    Diagnostics diags;
    auto file = readers::load_cv(sample.string(), diags);
    ASSERT_TRUE(file);
    const fs::path written = dir / (name + ".json");
    std::ofstream(written) << json_resume(*file, dir.string());
    const std::string check =
        std::string(python) + " -c \"import json, jsonschema, sys; "
        "schema = json.load(open(sys.argv[1])); "
        "errors = list(jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())"
        ".iter_errors(json.load(open(sys.argv[2])))); "
        "[print(e.message, list(e.path)) for e in errors]; sys.exit(1 if errors else 0)\" " +
        (fs::path(HANJI_SOURCE_DIR) / "tests" / "data" / "json-resume-schema.json").string() + " " + written.string();
    EXPECT_EQ(std::system(check.c_str()), 0) << name;
  }
}

}  // namespace
}  // namespace hanji::exports
