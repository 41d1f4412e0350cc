// The readers applicant tracking systems use, on every PDF hanji makes: each sample in its own
// layout and in every layout (a CV in two languages in each of them), hanji's RenderCV-format
// test files, and RenderCV's own example CVs when HANJI_RENDERCV_EXAMPLES names their folder.
// Each PDF is read by poppler (pdftotext), mupdf (mutool draw -F txt), pdfminer (its library,
// as pdf2txt) and pdf.js (pdfjs-dist in Node, tests/readers/), one process per reader over all
// the files, the four at once. Every reader must give back every word of the CV, case kept,
// in reading order, and every word poppler gives; pdf.js's text items must be what a résumé
// parser relies on: the name one item and the largest text on page 1, each date range one
// item, each section title a line of its own.
//
// poppler honours /ActualText, so it reads a word broken across lines whole; the others read
// what is drawn, "submis-" at a line end and "sions" on the next: a word counts as given back
// when its two parts are the end of one line and the start of the next (cv_text::ReadWords).
//
// One ctest test for the whole suite (it reads every file once): see tests/CMakeLists.txt.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "compose/templates.h"  // duration_text
#include "cv_text.h"
#include "engine/engine.h"

namespace fs = std::filesystem;

namespace {

// ---- the PDFs

/// One PDF of the suite: the CV it is made from and how.
struct Case {
  std::string name;    // a test name ("heungsub_lee_in_serif")
  fs::path cv;
  std::string layout;  // "" = the CV's own
  std::string lang;    // "" = the CV's own
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct Result {
  int status = -1;
  std::string output;
};

Result run(const std::string& command) {
  Result r;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string test_name(std::string name) {
  std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return name;
}

std::vector<fs::path> cv_files(const fs::path& dir) {
  std::vector<fs::path> files;
  if (!fs::is_directory(dir)) return files;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".yaml" || entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

/// The languages a CV is written in, when more than one (`hanji languages`).
std::vector<std::string> languages_of(const fs::path& cv) {
  const Result r = run(std::string(HANJI_BINARY) + " languages " + quote(cv.string()));
  std::vector<std::string> langs = cv_text::split_words(r.output);
  return langs.size() > 1 ? langs : std::vector<std::string>{""};
}

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  std::vector<std::string> layouts;
  for (const fs::path& layout : cv_files(fs::path(HANJI_SOURCE_DIR) / "layouts")) layouts.push_back(layout.stem());
  for (const fs::path& cv : cv_files(fs::path(HANJI_SOURCE_DIR) / "samples"))
    for (const std::string& lang : languages_of(cv)) {
      const std::string base = cv.stem().string() + (lang.empty() ? "" : "_" + lang);
      cases.push_back({test_name(base), cv, "", lang});
      for (const std::string& layout : layouts) cases.push_back({test_name(base + "_in_" + layout), cv, layout, lang});
    }
  // CVs made to test the readers on a case the samples do not show, each in the layout it
  // names (a Korean CV in two columns whose narrow column has loose justified lines).
  for (const fs::path& cv : cv_files(fs::path(HANJI_SOURCE_DIR) / "tests" / "data" / "readers"))
    cases.push_back({test_name("case_" + cv.stem().string()), cv, "", ""});
  // RenderCV's themes, through files in its format.
  for (const fs::path& cv : cv_files(fs::path(HANJI_SOURCE_DIR) / "tests" / "data" / "rendercv"))
    cases.push_back({test_name("rendercv_" + cv.stem().string()), cv, "", ""});
  // RenderCV's own example CVs (John_Doe_ClassicTheme_CV.yaml, ...), where a folder of them is given.
  if (const char* examples = std::getenv("HANJI_RENDERCV_EXAMPLES"))
    for (const fs::path& cv : cv_files(examples)) cases.push_back({test_name("example_" + cv.stem().string()), cv, "", ""});
  return cases;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all = all_cases();
  return all;
}

// ---- the readers

enum class Reader { Poppler, Mupdf, Pdfminer, Pdfjs };
constexpr std::array<Reader, 4> kReaders = {Reader::Poppler, Reader::Mupdf, Reader::Pdfminer, Reader::Pdfjs};

const char* reader_name(Reader reader) {
  switch (reader) {
    case Reader::Poppler: return "poppler";
    case Reader::Mupdf: return "mupdf";
    case Reader::Pdfminer: return "pdfminer";
    case Reader::Pdfjs: return "pdfjs";
  }
  return "";
}

fs::path readers_dir() { return fs::path(HANJI_SOURCE_DIR) / "tests" / "readers"; }

/// One shell command that reads every file in `pdfs` with `reader`, writing PDF.READER.txt
/// beside each.
std::string read_command(Reader reader, const std::vector<fs::path>& pdfs) {
  std::string files;
  for (const fs::path& pdf : pdfs) files += " " + quote(pdf.string());
  switch (reader) {
    case Reader::Poppler:
      return "for f in" + files + "; do pdftotext -enc UTF-8 \"$f\" \"$f.poppler.txt\" || echo \"ERROR\" > \"$f.poppler.txt\"; done";
    case Reader::Mupdf:
      return "for f in" + files + "; do mutool draw -q -F txt -o \"$f.mupdf.txt\" \"$f\" || echo \"ERROR\" > \"$f.mupdf.txt\"; done";
    case Reader::Pdfminer: return "/usr/bin/python3 " + quote((readers_dir() / "pdfminer_read.py").string()) + files;
    case Reader::Pdfjs: return "node " + quote((readers_dir() / "pdfjs_read.mjs").string()) + files;
  }
  return "";
}

/// A pdf.js text item (see tests/readers/pdfjs_read.mjs).
struct Item {
  int page = 0;
  bool eol = false;
  std::string font;
  double size = 0, x = 0, y = 0;
  std::string text;
};

std::vector<Item> parse_items(const std::string& dump) {
  std::vector<Item> items;
  std::istringstream lines(dump);
  std::string line;
  while (std::getline(lines, line)) {
    std::vector<std::string> f;
    std::string field;
    std::istringstream cells(line);
    while (std::getline(cells, field, '\t')) f.push_back(field);
    if (f.size() < 6) continue;
    Item item{std::stoi(f[0]), f[1] == "1", f[2], std::stod(f[3]), std::stod(f[4]), std::stod(f[5]), f.size() > 6 ? f[6] : ""};
    items.push_back(std::move(item));
  }
  return items;
}

/// pdf.js's text as a reader of its items has it: the items in order, a line break where pdf.js
/// ends a line and at each page's end.
std::string items_text(const std::vector<Item>& items) {
  std::string text;
  int page = items.empty() ? 0 : items.front().page;
  for (const Item& item : items) {
    if (item.page != page) text += "\n";
    page = item.page;
    text += item.text;
    if (item.eol) text += "\n";
  }
  return text;
}

/// pdf.js's items as lines: the items between two line ends.
std::vector<std::vector<const Item*>> item_lines(const std::vector<Item>& items) {
  std::vector<std::vector<const Item*>> lines(1);
  int page = items.empty() ? 0 : items.front().page;
  for (const Item& item : items) {
    if (item.page != page && !lines.back().empty()) lines.emplace_back();
    page = item.page;
    if (!item.text.empty()) lines.back().push_back(&item);
    if (item.eol && !lines.back().empty()) lines.emplace_back();
  }
  if (lines.back().empty()) lines.pop_back();
  return lines;
}

std::string trimmed(const std::string& s) { return cv_text::normalize_space(s); }

// ---- the suite

/// What every reader read from every PDF, and the CV and theme each PDF was made from.
struct Read {
  bool built = false;
  std::string build_output;
  std::map<Reader, std::string> text;
  std::vector<Item> items;  // pdf.js's
  std::optional<hanji::model::CvFile> file;
  hanji::theme::Theme theme;
};

class Readers : public ::testing::TestWithParam<Case> {
 public:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() /
           ("hanji-readers-" + std::to_string(std::hash<std::string>{}(HANJI_BINARY) % 1000000));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    missing_ = missing_tools();
    if (!missing_.empty()) return;
    std::vector<fs::path> pdfs;
    for (const Case& c : cases()) {
      Read& read = reads_[c.name];
      const fs::path pdf = dir_ / (c.name + ".pdf");
      std::string command = std::string(HANJI_BINARY) + " build " + quote(c.cv.string()) + " -q -o " + quote(pdf.string());
      if (!c.layout.empty()) command += " --layout " + c.layout;
      if (!c.lang.empty()) command += " --lang " + c.lang;
      const Result built = run(command);
      read.built = built.status == 0 && fs::exists(pdf);
      read.build_output = built.output;
      if (read.built) pdfs.push_back(pdf);
    }
    // One process per reader over every file, the four at once.
    std::vector<std::thread> readers;
    std::map<Reader, Result> results;
    for (Reader reader : kReaders) results[reader];
    for (Reader reader : kReaders)
      readers.emplace_back([&, reader] { results[reader] = run(read_command(reader, pdfs)); });
    for (std::thread& t : readers) t.join();
    for (const auto& [reader, result] : results)
      if (result.status != 0) reader_failures_ += std::string(reader_name(reader)) + ": " + result.output + "\n";
    hanji::engine::Engine engine(hanji::theme::find_data_dirs(HANJI_BINARY));
    for (const Case& c : cases()) {
      Read& read = reads_[c.name];
      if (!read.built) continue;
      const fs::path pdf = dir_ / (c.name + ".pdf");
      for (Reader reader : kReaders) read.text[reader] = read_file(pdf.string() + "." + reader_name(reader) + ".txt");
      read.items = parse_items(read.text[Reader::Pdfjs]);
      read.text[Reader::Pdfjs] = read.text[Reader::Pdfjs].rfind("ERROR", 0) == 0 ? read.text[Reader::Pdfjs]
                                                                                  : items_text(read.items);
      hanji::engine::Request request;
      request.layout = c.layout;
      request.read.language = c.lang;
      hanji::Diagnostics diags;
      read.file = engine.load(c.cv.string(), request, diags);
      if (read.file)
        if (auto theme = engine.theme_for(*read.file, request, diags)) {
          read.theme = *theme;
          // Phone numbers in a form of their own (RenderCV's files): the CV as rendered shows them so.
          if (theme->phone_format != hanji::theme::PhoneFormat::AsWritten)
            if (auto rendered = engine.render(*read.file, request, diags)) read.file = std::move(rendered->file);
        }
    }
  }

 protected:
  const Read& read() const { return reads_.at(GetParam().name); }

  void SetUp() override {
    ASSERT_TRUE(missing_.empty()) << missing_;
    ASSERT_EQ(reader_failures_, "");
    ASSERT_TRUE(read().built) << read().build_output;
    ASSERT_TRUE(read().file.has_value());
    for (Reader reader : kReaders)
      ASSERT_NE(read().text.at(reader).rfind("ERROR", 0), 0u) << reader_name(reader) << ": " << read().text.at(reader);
  }

  /// The reason a reader cannot run here, or "" when every one can.
  static std::string missing_tools() {
    std::string missing;
    for (const char* tool : {"pdftotext", "mutool", "node"})
      if (run(std::string("command -v ") + tool).status != 0) missing += std::string(tool) + " is not installed; ";
    if (run("/usr/bin/python3 -c 'import pdfminer'").status != 0) missing += "python3-pdfminer is not installed; ";
    if (!fs::exists(readers_dir() / "node_modules" / "pdfjs-dist"))
      missing += "pdfjs-dist is not installed in tests/readers (make readers-setup); ";
    if (!missing.empty()) missing += "`make test` installs them all (scripts/deps.sh, then npm ci in tests/readers)";
    return missing;
  }

  static fs::path dir_;
  static std::string missing_, reader_failures_;
  static std::map<std::string, Read> reads_;
};

fs::path Readers::dir_;
std::string Readers::missing_, Readers::reader_failures_;
std::map<std::string, Read> Readers::reads_;

// Right-to-left text: each reader rebuilds a line's logical order its own way (poppler and
// pdf.js move the neutral characters round the left-to-right words, 'ב-Python' as 'ב Python-'),
// so such a CV's words and order are checked through its structure (e2e_test's RightToLeft.*).
bool right_to_left(const Read& read) { return read.theme.right_to_left; }

// What a right-to-left CV's words are read back as, whatever each reader does with the neutral
// characters round them: the text split at spaces and at the bidi marks poppler writes
// (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F) and at hyphens and slashes, which a reader may
// move to a word's other side ("ב-Python" as "ב" "Python-"), each word without the punctuation
// and brackets round it ("(שפת" "אם)").
std::vector<std::u32string> right_to_left_read_words(const std::string& text) {
  const auto is_mark = [](char32_t c) {
    return c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
  };
  const auto is_joiner = [](char32_t c) { return c == '-' || c == '/' || c == 0x05BE || c == 0x2010 || c == 0x2011; };
  const auto is_punctuation = [](char32_t c) {
    return (c < 0x80 && std::ispunct(static_cast<int>(c)) && c != '@' && c != '+') || c == 0x00B7 || c == 0x2022 ||
           c == 0x2013 || c == 0x2014 || c == 0x05BE;
  };
  std::vector<std::u32string> words;
  std::u32string word;
  const auto finish = [&] {
    std::size_t begin = 0, end = word.size();
    while (begin < end && is_punctuation(word[begin])) ++begin;
    while (end > begin && is_punctuation(word[end - 1])) --end;
    if (end > begin) words.push_back(word.substr(begin, end - begin));
    word.clear();
  };
  for (char32_t c : hanji::utf8_decode(text)) {
    if (cv_text::separates_words(c) || is_mark(c) || is_joiner(c)) finish();
    else word += c;
  }
  finish();
  return words;
}

bool has_right_to_left_letter(const std::u32string& word) {
  return std::any_of(word.begin(), word.end(), [](char32_t c) { return c >= 0x0590 && c <= 0x08FF; });
}

std::string utf8(const std::u32string& text) {
  std::string out;
  for (char32_t c : text) hanji::utf8_append(out, c);
  return out;
}

// A right-to-left CV's words come back whole, in the order they are written, and none runs
// into the next, from poppler, mupdf and pdfminer. poppler once read a line whose Hebrew letters
// stood a little above the Latin spaces between them one letter a line; mupdf and pdfminer read
// two runs drawn apart with no space between them (a rail's title and the entry beside it, a
// title and its dates) as one word. pdf.js gives each letter of text drawn right to left as an
// item of its own and no spaces between them (it keeps a space only where the pen moves
// forward): its letters are only asked to spell each word in order. (Drawn left to right, as
// seen, pdf.js would read spaces, but mupdf and pdfminer, which do not reorder, every word
// backwards.)
TEST_P(Readers, RightToLeftWordsComeBackWholeInOrder) {
  if (!right_to_left(read())) GTEST_SKIP() << "a left-to-right CV";
  std::set<std::u32string> expected;                  // the CV's right-to-left words
  std::vector<std::vector<std::u32string>> phrases;  // the right-to-left words of each text
  for (const std::string& text : cv_text::expected_texts(*read().file, read().theme)) {
    std::vector<std::u32string> phrase;
    for (const std::u32string& word : right_to_left_read_words(text))
      if (has_right_to_left_letter(word) && word.size() > 1) {
        expected.insert(word);
        phrase.push_back(word);
      }
    if (phrase.size() > 1) phrases.push_back(std::move(phrase));
  }
  ASSERT_FALSE(expected.empty());
  const bool form = !read().theme.experience_table.cells.empty() || !read().theme.education_table.cells.empty();
  // Two words run together: a word read that is two of the CV's words of three letters or more
  // (shorter ones make real words: "עוד" and "כן" make "עודכן").
  constexpr std::size_t kShortest = 3;
  for (Reader reader : {Reader::Poppler, Reader::Mupdf, Reader::Pdfminer}) {
    const std::vector<std::u32string> words = right_to_left_read_words(read().text.at(reader));
    const std::set<std::u32string> given(words.begin(), words.end());
    int missing = 0;
    for (const std::u32string& word : expected)
      if (!given.count(word) && ++missing <= 10) ADD_FAILURE() << reader_name(reader) << " does not give back '" << utf8(word) << "'";
    for (const std::u32string& word : given) {
      if (expected.count(word)) continue;
      for (std::size_t cut = kShortest; cut + kShortest <= word.size(); ++cut)
        if (expected.count(word.substr(0, cut)) && expected.count(word.substr(cut)))
          ADD_FAILURE() << reader_name(reader) << " runs '" << utf8(word.substr(0, cut)) << "' into '"
                        << utf8(word.substr(cut)) << "'";
    }
    // Each text's words in the order written: after its first word, the others among the next
    // words read (a reader may put a date, or the other column's line, between two lines).
    // pdfminer is not asked: it cuts a right-to-left line into text boxes at each left-to-right
    // word in it ("Python", "2019"), and this suite orders boxes left to right (pdfminer_read.py),
    // which reads such a line's pieces from its end.
    // Nor is a table form (ko-standard): poppler reads its ruled rows across, a cell's wrapped
    // line after the other cells' lines, as it does in any language.
    if (reader == Reader::Pdfminer || form) continue;
    std::vector<std::u32string> read_in_order;
    for (const std::u32string& word : words)
      if (has_right_to_left_letter(word)) read_in_order.push_back(word);
    for (const auto& phrase : phrases) {
      bool found = false;
      for (std::size_t at = 0; at < read_in_order.size() && !found; ++at) {
        if (read_in_order[at] != phrase[0]) continue;
        std::size_t next = 1;
        const std::size_t window = std::min(read_in_order.size(), at + 1 + 4 * phrase.size() + 20);
        for (std::size_t k = at + 1; k < window && next < phrase.size(); ++k)
          if (read_in_order[k] == phrase[next]) ++next;
        found = next == phrase.size();
      }
      std::u32string written;
      for (const std::u32string& word : phrase) written += (written.empty() ? U"" : U" ") + word;
      EXPECT_TRUE(found) << reader_name(reader) << " does not read '" << utf8(written) << "' in its order";
    }
  }
  std::u32string pdfjs_letters;
  for (char32_t c : hanji::utf8_decode(read().text.at(Reader::Pdfjs)))
    if (!cv_text::separates_words(c)) pdfjs_letters += c;
  for (const std::u32string& word : expected)
    EXPECT_NE(pdfjs_letters.find(word), std::u32string::npos) << "pdfjs does not spell '" << utf8(word) << "'";
}

TEST_P(Readers, EveryReaderGivesBackEveryWord) {
  if (right_to_left(read())) GTEST_SKIP() << "a right-to-left CV (see the note above the test)";
  for (Reader reader : kReaders) {
    const cv_text::ReadWords words(read().text.at(reader));
    for (const std::string& missing : cv_text::missing_words(words, *read().file, read().theme))
      ADD_FAILURE() << reader_name(reader) << " does not give back " << missing;
  }
}

TEST_P(Readers, EveryReaderGivesBackEveryWordPopplerGives) {
  if (right_to_left(read())) GTEST_SKIP() << "a right-to-left CV (see the note above the test)";
  const std::vector<std::string> poppler = cv_text::split_words(read().text.at(Reader::Poppler));
  for (Reader reader : {Reader::Mupdf, Reader::Pdfminer, Reader::Pdfjs}) {
    const cv_text::ReadWords words(read().text.at(reader));
    int missing = 0;
    for (const std::string& word : poppler)
      if (!words.has(word) && ++missing <= 10)
        ADD_FAILURE() << reader_name(reader) << " does not give back '" << word << "', which poppler reads";
    EXPECT_EQ(missing, 0) << reader_name(reader);
  }
}

TEST_P(Readers, EveryReaderKeepsTheReadingOrder) {
  if (right_to_left(read())) GTEST_SKIP() << "a right-to-left CV (see the note above the test)";
  for (Reader reader : kReaders)
    for (const std::string& problem : cv_text::reading_order_problems(read().text.at(reader), *read().file, read().theme))
      ADD_FAILURE() << reader_name(reader) << ": " << problem;
}

// poppler orders a page's blocks by where they stand (Breuel's rules): of two blocks, the one
// wholly left of the other is read first unless a block below the one and above the other
// stands across both. A page number centred under the text stood wholly left of the date at
// the right of the page's last entry, with nothing under that date: poppler read "1 / 2" before
// the date. The number stands at the text's end (its right edge) and is read last on its page.
TEST_P(Readers, PopplerReadsAPageNumberLastOnItsPage) {
  if (right_to_left(read())) GTEST_SKIP() << "a right-to-left CV (see the note above EveryReaderGivesBackEveryWord)";
  const hanji::theme::Theme& theme = read().theme;
  if (!theme.page_numbers || !theme.footer_text.empty()) GTEST_SKIP() << "a footer of the layout's own words";
  // The locale's "PAGE / TOTAL" with any numbers: an application file numbers each of its
  // documents apart (a letter of one page has none).
  std::string pattern;
  for (const char c : read().file->locale.page_number)
    pattern += std::isalnum(static_cast<unsigned char>(c)) || (c & 0x80) ? std::string(1, c) : std::string("\\") + c;
  for (const std::string key : {"PAGE", "TOTAL"})
    if (size_t at = pattern.find(key); at != std::string::npos) pattern.replace(at, key.size(), "[0-9]+");
  const std::regex page_number(pattern);
  std::istringstream poppler(read().text.at(Reader::Poppler));
  int page = 0;
  for (std::string text; std::getline(poppler, text, '\f');) {  // pdftotext ends each page with a form feed
    ++page;
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
      if (line.find_first_not_of(" \t") != std::string::npos) lines.push_back(line);
    for (std::size_t i = 0; i + 1 < lines.size(); ++i)
      if (std::regex_match(lines[i], page_number))
        ADD_FAILURE() << "page " << page << ": poppler reads '" << lines[i + 1] << "' after the page number '" << lines[i]
                      << "'";
  }
}

// An entry's date and place (beside its title, on the left or the right) are read apart from
// its texts: before or after a wrapped title or highlight, never between two of its lines.
// mupdf, pdfminer and pdf.js read in drawing order: a date drawn level with a wrapped title's
// first line, between the title's lines, was read there. poppler orders what it reads by where
// it stands, not by the drawing order, and is not asked: it still reads a date column set close
// to its text (serif's) row by row, and a few wrapped titles beside their date in pieces.
TEST_P(Readers, NoReaderReadsADateOrPlaceInsideATitleOrHighlight) {
  if (right_to_left(read())) GTEST_SKIP() << "a right-to-left CV (see the note above EveryReaderGivesBackEveryWord)";
  // A ruled table's row is read across, a line of each cell at a time: there the date cell's
  // line stands between the lines of a title cell beside it, as in any table.
  const hanji::theme::Theme& theme = read().theme;
  if (!theme.experience_table.cells.empty() || !theme.education_table.cells.empty())
    GTEST_SKIP() << "a table form (its rows read across)";
  for (Reader reader : {Reader::Mupdf, Reader::Pdfminer, Reader::Pdfjs})
    for (const std::string& problem : cv_text::asides_read_inside(read().text.at(reader), *read().file, read().theme))
      ADD_FAILURE() << reader_name(reader) << " reads " << problem;
}

// poppler reads a page's text blocks in an order it works out from where they stand, and takes
// four blocks for a table's cells when two of one column and two of the other beside them are
// left-aligned and level in pairs, at their tops, bottoms or middles: it then reads their
// rows across both columns, a side column's certificate inside the summary beside it, a
// section title apart from its entries. In the CVs made for the readers, each section comes
// back from poppler whole: its title on a line of its own, then each of its entries' first
// texts before any other section's title.
TEST_P(Readers, PopplerReadsEachSectionWholeUnderItsTitle) {
  if (GetParam().name.rfind("case_", 0) != 0) GTEST_SKIP() << "only the CVs made for the readers";
  if (right_to_left(read())) GTEST_SKIP() << "a right-to-left CV (see the note above EveryReaderGivesBackEveryWord)";
  const hanji::theme::Theme& theme = read().theme;
  if (!theme.experience_table.cells.empty() || !theme.education_table.cells.empty())
    GTEST_SKIP() << "a table form (its rows read across)";
  const hanji::model::CvFile& file = *read().file;
  std::vector<std::string> lines;
  {
    std::istringstream in(read().text.at(Reader::Poppler));
    for (std::string line; std::getline(in, line);) lines.push_back(trimmed(line));
  }
  // A title stands on a line of its own, or (a rail beside the entries: timeline) first on its
  // entry's first line.
  const auto titled = [](const std::string& line, const std::string& title) {
    return line == title || line.rfind(title + " ", 0) == 0;
  };
  std::vector<std::string> titles;
  for (const auto& section : file.cv.sections) titles.push_back(trimmed(cv_text::shown(section.title)));
  for (const auto& section : file.cv.sections) {
    if (section.entries.empty()) continue;
    const std::string title = trimmed(cv_text::shown(section.title));
    const auto at = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return titled(l, title); });
    ASSERT_NE(at, lines.end()) << "poppler reads no line '" << title << "':\n" << read().text.at(Reader::Poppler);
    std::string under = at->substr(title.size());  // what poppler reads from the title to the next section's
    for (auto line = std::next(at); line != lines.end(); ++line) {
      // (the section's own title again, continued on the next page, does not end it)
      if (std::any_of(titles.begin(), titles.end(), [&](const std::string& t) { return t != title && titled(*line, t); }))
        break;
      under += *line;
    }
    under = cv_text::letters_and_digits(under);
    for (const auto& entry : section.entries) {
      std::string first;
      for (const auto* t : {&entry.position, &entry.company, &entry.institution, &entry.name, &entry.title,
                            &entry.label, &entry.text})
        if (first.empty() && !t->empty()) first = cv_text::letters_and_digits(cv_text::shown(*t));
      if (first.empty()) continue;
      std::string start;  // its first 8 letters or digits
      for (const char32_t c : hanji::utf8_decode(first).substr(0, 8)) hanji::utf8_append(start, c);
      first = start;
      EXPECT_NE(under.find(first), std::string::npos)
          << "poppler does not read '" << first << "' under the title '" << title << "':\n"
          << read().text.at(Reader::Poppler);
    }
  }
}

// The CVs made for the readers (tests/data/readers) hold paragraphs and list items that are
// hard to read back (loose justified lines in a narrow column): each comes back whole, its
// words in order, from poppler, mupdf and pdf.js. (A justified line whose spaces opened past
// 0.7 em came apart in poppler into one-word blocks, read one word a line among the other
// column's lines.) Spaces are not compared: an address broken after a slash reads with a line
// end inside it. pdfminer is not asked: as this suite runs it (boxes top to bottom, see
// pdfminer_read.py) it reads two columns' text boxes interleaved, whole words each.
TEST_P(Readers, EveryParagraphOfAReadersCaseComesBackWhole) {
  if (GetParam().name.rfind("case_", 0) != 0) GTEST_SKIP() << "only the CVs made for the readers";
  const auto unspaced = [](const std::string& text) {
    std::string out;
    for (const std::string& word : cv_text::split_words(text)) out += word;
    return out;
  };
  std::vector<std::string> paragraphs;
  for (const auto& section : read().file->cv.sections)
    for (const auto& entry : section.entries) {
      if (!entry.text.empty()) paragraphs.push_back(cv_text::shown(entry.text));
      for (const auto& highlight : entry.highlights) paragraphs.push_back(cv_text::shown(highlight.text));
    }
  ASSERT_FALSE(paragraphs.empty());
  // A ruled table's row is read across by mupdf and pdf.js, a line of each cell at a time (see
  // NoReaderReadsADateOrPlaceInsideATitleOrHighlight): there poppler alone reads a cell whole.
  const hanji::theme::Theme& theme = read().theme;
  const bool table_form = !theme.experience_table.cells.empty() || !theme.education_table.cells.empty();
  std::vector<Reader> readers{Reader::Poppler};
  if (!table_form) readers.insert(readers.end(), {Reader::Mupdf, Reader::Pdfjs});
  for (Reader reader : readers) {
    const std::string text = unspaced(read().text.at(reader));
    for (const std::string& paragraph : paragraphs)
      EXPECT_NE(text.find(unspaced(paragraph)), std::string::npos)
          << reader_name(reader) << " does not read '" << paragraph << "' whole:\n" << read().text.at(reader);
  }
}

// A table form's rows are read as rows: its section title before its header labels, and each
// row's length of service (재직기간) whole, after the row's company and before the next row's.
// ("4년" and "9개월 (재직 중)" on two lines read as two lengths, the second among the next
// row's cells; and where a cell's lines fell into two of poppler's blocks, poppler read the
// table down its columns, the header labels before the title, a length among the duties.)
// pdf.js is not asked: it gives a row's cells as items in drawing order, which its parsers
// place by position. Nor is pdfminer: it joins the first lines of a row's cells into one line
// (their 10 pt gap is under its char_margin, twice a Hangul character's width) and, as this
// suite runs it, orders its boxes by their lower edge, the shortest cell of a row first.
TEST_P(Readers, ATableFormReadsEachRowInOrder) {
  const auto& cells = read().theme.experience_table.cells;
  if (GetParam().name.rfind("case_", 0) != 0 ||
      std::none_of(cells.begin(), cells.end(), [](const std::string& c) { return c.find("DURATION") != std::string::npos; }))
    GTEST_SKIP() << "only the readers' CVs in a table form that counts the time served";
  const hanji::model::CvFile& file = *read().file;
  std::vector<const hanji::model::Entry*> jobs;
  std::string title;
  for (const auto& section : file.cv.sections)
    if (section.kind == hanji::model::EntryKind::Experience) {
      if (title.empty()) title = trimmed(cv_text::shown(section.title));
      for (const auto& entry : section.entries) jobs.push_back(&entry);
    }
  ASSERT_GE(jobs.size(), 2u);
  const bool short_units =
      std::any_of(cells.begin(), cells.end(), [](const std::string& c) { return c.find("DURATION_SHORT") != std::string::npos; });
  const auto units = short_units ? hanji::compose::Units::Short : hanji::compose::Units::Full;
  const auto first_word = [](const hanji::model::Text& text) {
    return cv_text::split_words(cv_text::shown(text)).front();
  };
  for (Reader reader : {Reader::Poppler, Reader::Mupdf}) {
    const std::string text = trimmed(read().text.at(reader));
    const std::size_t titled = text.find(title);
    ASSERT_NE(titled, std::string::npos) << reader_name(reader) << ": no title '" << title << "'";
    std::size_t cursor = titled;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const std::string company = first_word(jobs[i]->company);
      const std::string length =
          trimmed(hanji::compose::duration_text(*jobs[i], file.locale, hanji::compose::count_to(file.settings), units));
      const std::size_t row = text.find(company, cursor);
      ASSERT_NE(row, std::string::npos) << reader_name(reader) << ": no '" << company << "' after " << cursor << ":\n"
                                        << read().text.at(reader);
      const std::size_t at = text.find(length, row);
      const std::size_t next = i + 1 < jobs.size() ? text.find(first_word(jobs[i + 1]->company), row + 1) : std::string::npos;
      EXPECT_TRUE(at != std::string::npos && at < next)
          << reader_name(reader) << ": '" << length << "' is not read whole in the row of " << company << ":\n"
          << read().text.at(reader);
      cursor = row + 1;
    }
  }
}

// What a résumé parser built on pdf.js relies on (open-resume's, for one): it takes the name
// from one item, a date range from one item, and starts a section at a line that holds only
// its title.
TEST_P(Readers, PdfJsItemsAreWhatAResumeParserNeeds) {
  const Read& r = read();
  if (right_to_left(r)) GTEST_SKIP() << "a right-to-left CV (see the note above EveryReaderGivesBackEveryWord)";
  const std::string name = trimmed(hanji::compose::plain_text(r.file->cv.name.value));
  std::vector<const Item*> first_page;
  for (const Item& item : r.items)
    if (item.page == 1 && !trimmed(item.text).empty()) first_page.push_back(&item);
  ASSERT_FALSE(first_page.empty());
  // The name: one item, and the largest text on the first page (the table form's title, 이력서,
  // aside: the form puts it above the name). A name in two scripts ("이흥섭 (Heungsub Lee)") is
  // set in two fonts, so two items, and a right-to-left one is read back in pieces by pdf.js.
  const bool one_script = !cv_text::has_hangul(name) || name.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos;
  if (!name.empty() && one_script) {
    const Item* named = nullptr;  // the largest item that is the name (a footer may repeat it small)
    for (const Item* item : first_page)
      if (trimmed(item->text) == name && (!named || item->size > named->size)) named = item;
    const auto as_name = named ? std::find(first_page.begin(), first_page.end(), named) : first_page.end();
    EXPECT_NE(as_name, first_page.end()) << "the name '" << name << "' is no one item";
    const bool form = !r.theme.experience_table.cells.empty() || !r.theme.education_table.cells.empty();
    if (as_name != first_page.end() && !form) {
      for (const Item* item : first_page)
        EXPECT_LE(item->size, (*as_name)->size + 0.01) << "'" << item->text << "' is larger than the name";
    }
  }
  // Each entry's date range: one item, where it is set in one script (a range that ends in a
  // Hangul word, "2021. 7. – 현재", is set in the Latin and the Hangul font, two items).
  std::vector<std::string> items;
  for (const Item& item : r.items) items.push_back(trimmed(item.text));
  const hanji::model::Locale locale = cv_text::printed_locale(*r.file, r.theme);
  for (const auto& section : r.file->cv.sections)
    for (const auto& entry : section.entries) {
      const std::string range = trimmed(hanji::compose::format_dates(entry, locale, r.theme.date_format));
      if (range.empty() || cv_text::has_hangul(range) || range.find(' ') == std::string::npos) continue;
      if (!r.theme.experience_table.cells.empty() || !r.theme.education_table.cells.empty()) continue;  // cells wrap
      const bool one_item = std::any_of(items.begin(), items.end(),
                                        [&](const std::string& item) { return item.find(range) != std::string::npos; });
      EXPECT_TRUE(one_item) << "the date range '" << range << "' is no one item";
    }
  // Each section title: a line of its own (or, a long one in a narrow column, lines of their own).
  const auto lines = item_lines(r.items);
  std::vector<std::string> line_texts;
  for (const auto& line : lines) {
    std::string text;
    for (const Item* item : line) text += item->text;
    line_texts.push_back(trimmed(text));
  }
  // A title in a rail (title_style: rail) stands beside its first entry, level with its first
  // line: pdf.js reads the two as one line, the title first, and that is what is asked of it.
  const bool rail = r.theme.section_title_style == hanji::theme::TitleStyle::Rail;
  for (const auto& section : r.file->cv.sections) {
    const std::string title = trimmed(cv_text::shown(section.title));
    if (title.empty() || section.entries.empty()) continue;
    bool alone = false;
    for (std::size_t first = 0; first < line_texts.size() && !alone; ++first) {
      if (rail && line_texts[first].rfind(title + " ", 0) == 0) alone = true;
      std::string joined = line_texts[first];
      for (std::size_t last = first; last < line_texts.size() && joined.size() <= title.size(); ++last) {
        if (last > first) joined += " " + line_texts[last];
        if (joined == title) alone = true;
      }
    }
    EXPECT_TRUE(alone) << "the section title '" << title << "' is no line of its own"
                       << (rail ? " nor the start of one" : "");
  }
}

std::string case_name(const ::testing::TestParamInfo<Case>& param) { return param.param.name; }

INSTANTIATE_TEST_SUITE_P(All, Readers, ::testing::ValuesIn(cases()), case_name);

}  // namespace
