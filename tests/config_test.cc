// Tests for the config module: YAML read into trees of located values. Its syntax errors and
// their hints, spans counted in characters, limits (aliases, nesting, words, size), text
// encoding and input files, the config tree, parsing in pieces, and the trees prebuilt for
// the shipped layouts and locales. Errors and spans of a whole CV file are seen through the
// CV loader, the one entry that reads a CV's YAML and says everything about it.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "config/config.h"
#include "config/prebuilt.h"
#include "config/shipped_trees.h"
#include "config/yaml_tree.h"  // private: the work of the YAML loader
#include "core/limits.h"
#include "cv_loading.h"

namespace hanji::readers {
namespace {

namespace fs = std::filesystem;
using config::load_config;
using config::load_config_from_string;
using namespace cv_loading;

// ---------------------------------------------------------------- spans

TEST(YamlSpans, PointAtTheFirstCharacterOfContent) {
  auto loaded = load(
      "cv:\n"
      "  name: \"Jane Doe\"\n"
      "  headline: 'Engineer'\n"
      "  location: 서울 강남구\n"
      "  sections:\n"
      "    요약:\n"
      "      - |\n"
      "        First line\n"
      "        second line\n"
      "      - >-\n"
      "\n"
      "          Folded text\n"
      "      -   \"한글 quoted\"\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  const Cv& cv = loaded.file->cv;
  expect_at(cv.name.span, 2, 10);      // after the opening quote
  expect_at(cv.headline.span, 3, 14);  // after the opening quote
  expect_at(cv.location.span, 4, 13);
  const Section& section = cv.sections[0];
  expect_at(section.title.span, 6, 5);
  ASSERT_EQ(section.entries.size(), 3u);
  EXPECT_EQ(section.entries[0].text.value, "First line\nsecond line\n");
  expect_at(section.entries[0].text.span, 8, 9);  // block scalar: first content line
  EXPECT_EQ(section.entries[1].text.value, "\nFolded text");
  expect_at(section.entries[1].text.span, 12, 11);
  expect_at(section.entries[2].text.span, 13, 12);
}

TEST(YamlSpans, ColumnsCountCodePointsNotBytes) {
  auto loaded = load("cv:\n  name: 홍길동\n  headline: \"가나 abc\"\n");
  ASSERT_TRUE(loaded.file);
  expect_at(loaded.file->cv.headline.span, 3, 14);
  expect_at(loaded.file->cv.headline.span.shifted(3), 3, 17);  // the 'a' after "가나 "
  // "  한글: 값" style lines: columns are characters, so Hangul keys shift by one per syllable.
  auto keyed = load("cv:\n  name: 홍\n  sections:\n    경력사항: [\"가\", 나다]\n");
  ASSERT_TRUE(keyed.file) << dump(keyed.diags);
  const Section& section = keyed.file->cv.sections[0];
  EXPECT_EQ(section.title.value, "경력사항");
  expect_at(section.title.span, 4, 5);
  expect_at(section.entries[0].text.span, 4, 13);  // '[' at 11, quote at 12
  expect_at(section.entries[1].text.span, 4, 17);
  Text shifted{section.entries[1].text.value, section.entries[1].text.span.shifted(1)};
  expect_at(shifted.span, 4, 18);  // the second syllable
}

TEST(YamlSpans, ByteOrderMarkAndCrLfDoNotShiftColumns) {
  auto loaded = load("\xEF\xBB\xBF" "cv:\r\n  name: Jane\r\n  headline: \"x\"\r\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->cv.name.value, "Jane");
  expect_at(loaded.file->cv.name.span, 2, 9);
  expect_at(loaded.file->cv.headline.span, 3, 14);
}

// ---------------------------------------------------------------- syntax

TEST(YamlSyntax, ErrorCarriesExactLineAndColumn) {
  auto loaded = load("cv:\n  name: Jane\n  headline: [unclosed, list\n  location: x\n");
  EXPECT_FALSE(loaded.file);
  ASSERT_EQ(loaded.diags.error_count(), 1);
  const Diagnostic& d = loaded.diags.all()[0];
  EXPECT_EQ(d.message, "end of sequence flow not found");
  expect_at(d.span, 4, 11);  // yaml-cpp notices at the next ':' 
  EXPECT_FALSE(d.hints.empty());

  auto colon = load("cv:\n  name: Jane: Doe\n");
  EXPECT_FALSE(colon.file);
  const Diagnostic& c = diag(colon.diags, "unexpected ':'");
  expect_at(c.span, 2, 13);
  EXPECT_TRUE(has_hint(c, "put it in quotes"));
}

TEST(YamlSyntax, HintsNameTheLikelyMistake) {
  auto glued = load("cv:\n  name:Jane\n  headline: x\n");
  EXPECT_FALSE(glued.file);
  ASSERT_EQ(glued.diags.error_count(), 1);
  EXPECT_TRUE(has_hint(glued.diags.all()[0], "put a space after the ':' in 'name:Jane'")) << dump(glued.diags);

  auto quotes = load("cv:\n  name: \"Jane \"Doe\"\"\n");
  EXPECT_FALSE(quotes.file);
  ASSERT_EQ(quotes.diags.error_count(), 1);
  expect_at(quotes.diags.all()[0].span, 2, 16);
  EXPECT_TRUE(has_hint(quotes.diags.all()[0], "nothing may follow a closing quote")) << dump(quotes.diags);

  auto indent = load("cv:\n  name: Jane\n sections:\n    a: []\n");
  EXPECT_FALSE(indent.file);
  ASSERT_EQ(indent.diags.error_count(), 1);
  expect_at(indent.diags.all()[0].span, 3, 2);
  EXPECT_TRUE(has_hint(indent.diags.all()[0], "check the indentation")) << dump(indent.diags);

  auto dash = load("cv:\n  headline: - bad\n");
  EXPECT_FALSE(dash.file);
  expect_at(diag(dash.diags, "unexpected '- ' here").span, 2, 13);
}

TEST(YamlSyntax, ColumnsOfSyntaxErrorsCountCharacters) {
  auto loaded = load("cv:\n  name: 홍길동: 개발자\n");
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "unexpected ':'").span, 2, 12);
}

TEST(YamlSyntax, AliasLookingValueAsksForQuotes) {
  auto loaded = load("cv:\n  name: Jane\n  headline: *Senior* engineer\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "'*Senior*' is read as a YAML alias because it starts with '*'");
  expect_at(d.span, 3, 13);
  EXPECT_TRUE(has_hint(d, "put the value in quotes: \"*Senior* engineer\""));
}

TEST(YamlSyntax, AtSignNeedsQuotes) {
  auto loaded = load("cv:\n  headline: @home\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "cannot start with '@'");
  expect_at(d.span, 3 - 1, 13);
}

TEST(YamlSyntax, DuplicateKeysAreErrors) {
  auto loaded = load("cv:\n  name: Jane\n  email: a@b.co\n  name: John\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "duplicate key 'name' (first at line 2)");
  expect_at(d.span, 4, 3);
  auto nested = load(with_section("x", "      - label: a\n        label: b\n        details: c\n"));
  EXPECT_FALSE(nested.file);
  expect_at(diag(nested.diags, "duplicate key 'label' (first at line 5)").span, 6, 9);
}

TEST(YamlSyntax, UnterminatedQuoteIsReported) {
  auto loaded = load("cv:\n  name: \"Jane\n  headline: x\n");
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "no closing \"").span, 2, 9);
}

TEST(YamlSyntax, TabsInIndentationAreNamedAtTheLineStart) {
  auto loaded = load("cv:\n\tname: Jane\n");
  EXPECT_FALSE(loaded.file);
  ASSERT_EQ(loaded.diags.error_count(), 1);
  const Diagnostic& d = loaded.diags.all()[0];
  EXPECT_NE(d.message.find("indented with a tab"), std::string::npos) << d.message;
  EXPECT_EQ(d.span.line, 2);
  EXPECT_EQ(d.span.col, 1);
  EXPECT_TRUE(has_hint(d, "replace the tab with spaces"));
}

TEST(YamlSyntax, OneDocumentOnly) {
  auto loaded = load("cv:\n  name: Jane\n---\ncv:\n  name: John\n");
  EXPECT_FALSE(loaded.file);
  diag(loaded.diags, "more than one YAML document");
}

// Standard YAML: an anchor marks a node, an alias repeats it (keeping the spans where the
// anchor's text is written), a merge key copies a map's keys under the ones written out.
TEST(YamlSyntax, AnchorsAliasesAndMergeKeysAreStandardYaml) {
  auto loaded = load(
      "cv:\n  name: &n Jane Doe\n  headline: *n\n  sections:\n    Experience:\n"
      "      - &job\n        company: ACME\n        position: Engineer\n        location: Seoul\n"
      "        date: 2020\n"
      "      - <<: *job\n        position: Lead\n        date: 2021\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.diags.all().size(), 0u) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->cv.headline.value, "Jane Doe");
  expect_at(loaded.file->cv.headline.span, 2, 12);  // where the anchored text is
  const Section& section = only_section(loaded);
  ASSERT_EQ(section.entries.size(), 2u);
  const Entry& second = section.entries[1];
  EXPECT_EQ(second.company.value, "ACME");         // merged
  EXPECT_EQ(second.location.value, "Seoul");       // merged
  EXPECT_EQ(second.position.value, "Lead");        // written out: wins over the merged one
  ASSERT_TRUE(second.date);
  EXPECT_EQ(second.date->text, "2021");
}

TEST(YamlSyntax, MergeOfSeveralMapsKeepsTheFirstOfEachKey) {
  auto loaded = load(
      "base: &a {name: A, headline: from a}\nother: &b {headline: from b, location: B}\n"
      "cv:\n  <<: [*a, *b]\n");
  EXPECT_FALSE(loaded.file);  // 'base' and 'other' are unknown top-level keys
  auto ok = load("cv:\n  <<: [&a {name: A, headline: from a}, &b {headline: from b, location: B}]\n");
  ASSERT_TRUE(ok.file) << dump(ok.diags);
  EXPECT_EQ(ok.file->cv.name.value, "A");
  EXPECT_EQ(ok.file->cv.headline.value, "from a");
  EXPECT_EQ(ok.file->cv.location.value, "B");
}

TEST(YamlSyntax, MergeOfSomethingElseThanAMapIsAnError) {
  auto loaded = load("cv:\n  name: &n Jane\n  <<: *n\n");
  EXPECT_FALSE(loaded.file);
  diag(loaded.diags, "'<<' merges a map");
}

TEST(YamlSyntax, UnknownAliasStillAsksForQuotes) {
  auto loaded = load("cv:\n  name: Jane\n  headline: *n\n");
  EXPECT_FALSE(loaded.file);
  expect_at(diag(loaded.diags, "read as a YAML alias").span, 3, 13);
}

TEST(YamlSyntax, TimestampsAndNumbersStayText) {
  auto loaded = load("cv:\n  name: 2020-09-24\n  headline: 3.10\n  location: ~\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->cv.name.value, "2020-09-24");
  EXPECT_EQ(loaded.file->cv.headline.value, "3.10");
  EXPECT_TRUE(loaded.file->cv.location.empty());  // ~ is null: the key is absent
  EXPECT_TRUE(loaded.file->cv.contacts.empty());
}

// ---------------------------------------------------------------- limits

// The billion laughs: nine levels of ten aliases each would be 10^9 nodes. It stops at the
// alias budget: with no more nodes built than the budget allows beyond the file's own (about
// 40), and at most as many again looked at to charge the aliases for their copies.
TEST(YamlLimits, BillionLaughsStopsAtTheAliasBudget) {
  std::string yaml = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int level = 1; level <= 9; ++level) {
    // Built with append: GCC 12 warns falsely (-Wrestrict) on "a" + std::to_string(n).
    std::string name("a"), previous("*a");
    name.append(std::to_string(level));
    previous.append(std::to_string(level - 1));
    yaml += name;
    yaml += ": &";
    yaml += name;
    yaml += " [";
    for (int k = 0; k < 10; ++k) {
      if (k > 0) yaml += ", ";
      yaml += previous;
    }
    yaml += "]\n";
  }
  yaml += "cv:\n  name: *a9\n";
  auto loaded = load(yaml);
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "YAML aliases here expand the file beyond 100000 nodes");
  EXPECT_GE(d.span.line, 5);
  Diagnostics diags;
  config::YamlWork work;
  EXPECT_FALSE(config::parse_yaml(config::SourceText(yaml, "cv.yaml"), diags, &work));
  EXPECT_GT(work.nodes_built, limits::kMaxAliasNodes / 2) << "the aliases were expanded up to the budget";
  EXPECT_LE(work.nodes_built, limits::kMaxAliasNodes + 100);
  EXPECT_LE(work.nodes_measured, 2 * limits::kMaxAliasNodes);
}

TEST(YamlLimits, DeepNestingIsAnErrorAtTheLevelThatCrossesTheLimit) {
  auto flow = load("cv:\n  name: " + std::string(5000, '[') + std::string(5000, ']') + "\n");
  EXPECT_FALSE(flow.file);
  expect_at(diag(flow.diags, "nest deeper than 64 levels").span, 2, 9 + 62);
  std::string block = "cv:\n  name:\n   ";
  for (int k = 0; k < 3000; ++k) block += " -";
  auto dashes = load(block + " x\n");
  EXPECT_FALSE(dashes.file);
  diag(dashes.diags, "nest deeper than 64 levels");
}

TEST(YamlLimits, OverlongWordIsAnErrorWhereItStarts) {
  auto loaded = load("cv:\n  name: Jane\n  headline: see " + std::string(2001, 'x') + " now\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "runs past 2000 characters without a space");
  expect_at(d.span, 3, 17);
  EXPECT_TRUE(has_hint(d, "[text](https://...)"));
  auto fits = load("cv:\n  name: Jane\n  headline: see " + std::string(2000, 'x') + " now\n");
  EXPECT_TRUE(fits.file) << dump(fits.diags);
}

// A link's address is checked as a link (2,000 characters, by the markup), not as a word:
// [text](address of 1,993 characters) was refused as a word past 2,000. The address counts
// as text where the page shows it: "[](address)", or a '(' that never closes.
TEST(YamlLimits, ALinksAddressIsNoWord) {
  const std::string address = "https://example.com/" + std::string(1973, 'a');  // 1,993 characters
  auto linked = load("cv:\n  name: Jane\n  headline: see [my page](" + address + ") now\n");
  EXPECT_TRUE(linked.file) << dump(linked.diags);
  auto nested = load("cv:\n  name: Jane\n  headline: \"[wiki](" + address.substr(0, 1900) + "_(x)_(y)) now\"\n");
  EXPECT_TRUE(nested.file) << dump(nested.diags);
  const std::string longer = "https://example.com/" + std::string(2000, 'a');
  auto shown = load("cv:\n  name: Jane\n  headline: see [](" + longer + ") now\n");
  EXPECT_FALSE(shown.file);
  expect_at(diag(shown.diags, "runs past 2000 characters without a space").span, 3, 17);
  auto unclosed = load("cv:\n  name: Jane\n  headline: see [page](" + longer + " now\n");
  EXPECT_FALSE(unclosed.file);
  auto after = load("cv:\n  name: Jane\n  headline: see [a](b)" + std::string(2000, 'x') + " now\n");
  EXPECT_FALSE(after.file);  // the text around the address still counts
}

TEST(YamlLimits, InputLargerThan256KiBIsRefused) {
  std::string yaml = "cv:\n  name: Jane\n# " + std::string(256 << 10, 'x') + "\n";
  auto loaded = load(yaml);
  EXPECT_FALSE(loaded.file);
  diag(loaded.diags, "larger than 256 KiB");
}

// File-level problems still point somewhere: the start of an empty file, the place where a
// file crosses the size limit.
TEST(YamlLimits, FileLevelErrorsHaveAPlace) {
  auto empty = load("# only a comment\n");
  EXPECT_FALSE(empty.file);
  expect_at(diag(empty.diags, "the file is empty").span, 1, 1);
  auto big = load("cv:\n  name: A\n" + std::string(300 << 10, '#'));
  EXPECT_FALSE(big.file);
  const Diagnostic& d = diag(big.diags, "larger than 256 KiB; this is where it crosses that");
  EXPECT_EQ(d.span.line, 3);
  EXPECT_EQ(d.span.col, (256 << 10) - 14 + 1);
}

// ---------------------------------------------------------------- text and encoding

TEST(YamlText, ControlCharactersAndNoncharactersAreRemovedWithAWarning) {
  auto loaded = load("cv:\n  name: \"Jane\\u0007 Doe\"\n  headline: \"a\\uFFFFb\\x1bc\\x00\"\n");
  ASSERT_TRUE(loaded.file) << dump(loaded.diags);
  EXPECT_EQ(loaded.file->cv.name.value, "Jane Doe");
  EXPECT_EQ(loaded.file->cv.headline.value, "abc");
  diag(loaded.diags, "the control character U+0007 is removed");
  const Diagnostic& d = diag(loaded.diags, "the control character U+FFFF and 2 other invisible characters");
  EXPECT_EQ(d.severity, Severity::Warning);
  EXPECT_EQ(d.span.line, 3);
  auto plain = load("cv:\n  name: Jane\n  headline: tab\tand line\n");  // tabs stay
  ASSERT_TRUE(plain.file);
  EXPECT_EQ(plain.diags.all().size(), 0u) << dump(plain.diags);
}

TEST(YamlText, LoneSurrogateEscapeIsAnErrorThatSaysWhatToWrite) {
  auto loaded = load("cv:\n  name: \"Jane \\uD83D Doe\"\n");
  EXPECT_FALSE(loaded.file);
  const Diagnostic& d = diag(loaded.diags, "'\\uD83D' is half of a UTF-16 surrogate pair");
  EXPECT_EQ(d.span.line, 2);
  EXPECT_TRUE(has_hint(d, "\\U0001F600"));
  // A whole pair, as JSON writes one, is the character it encodes.
  auto pair = load("cv:\n  name: \"Jane \\uD83D\\uDE00 Doe\"\n");
  ASSERT_TRUE(pair.file);
  EXPECT_EQ(pair.file->cv.name.value, "Jane \U0001F600 Doe");
  auto low_first = load("cv:\n  name: \"Jane \\uDE00\\uD83D Doe\"\n");
  EXPECT_FALSE(low_first.file);
}

TEST(YamlText, FileThatIsNotUtf8IsAnErrorAtTheFirstBadByte) {
  auto latin1 = load("cv:\n  name: Ren\xe9\n");
  EXPECT_FALSE(latin1.file);
  const Diagnostic& d = diag(latin1.diags, "the file is not UTF-8: byte 0xE9");
  expect_at(d.span, 2, 12);
  // "홍길동 개발자" in CP949
  auto korean = load("cv:\n  name: \xc8\xab\xb1\xe6\xb5\xbf \xb0\xb3\xb9\xdf\xc0\xda\n");
  EXPECT_FALSE(korean.file);
  EXPECT_TRUE(has_hint(diag(korean.diags, "looks like Korean EUC-KR (CP949)"), "iconv -f CP949 -t UTF-8"));
  auto utf16 = load(std::string("\xff\xfe" "c\0v\0:\0", 8));
  EXPECT_FALSE(utf16.file);
  diag(utf16.diags, "UTF-16");
  auto nul = load(std::string("cv:\n  name: a\0b\n", 15));
  EXPECT_FALSE(nul.file);
  diag(nul.diags, "NUL byte");
}

// ---------------------------------------------------------------- files

TEST(ConfigFiles, UnreadableFileIsAnError) {
  Diagnostics diags;
  auto file = load_cv("/nonexistent/cv.yaml", diags);
  EXPECT_FALSE(file);
  ASSERT_EQ(diags.error_count(), 1);
  const Diagnostic& d = diags.all()[0];
  EXPECT_EQ(d.span.line, 0);
  EXPECT_FALSE(d.hints.empty());
  EXPECT_TRUE(format_diagnostic(d).starts_with("/nonexistent/cv.yaml: error: the file does not exist\n"))
      << format_diagnostic(d);
  Diagnostics config_diags;
  EXPECT_FALSE(load_config("/nonexistent/layout.yaml", config_diags));
  EXPECT_EQ(config_diags.error_count(), 1);
}

// A FIFO would block open() until a writer came, /dev/zero never ends, a directory is no file:
// each is refused at once, without reading. No clock is needed to see it: an open() that
// waited for a writer would hang this test (until ctest's timeout), and a file read before
// its kind was checked would end in another message (/dev/zero "the file is larger than …",
// the FIFO, read without a writer, "the file is empty").
TEST(ConfigFiles, FifosDevicesAndDirectoriesAreRefusedAtOnce) {
  fs::path dir = fs::temp_directory_path() / "hanji_source_test_fifo";
  fs::create_directories(dir);
  const std::string fifo = (dir / "cv.yaml").string();
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& path : {fifo, std::string("/dev/zero"), dir.string()}) {
    Diagnostics diags;
    EXPECT_FALSE(load_cv(path, diags));
    ASSERT_EQ(diags.error_count(), 1) << dump(diags);
    const std::string message = diags.all()[0].message;
    EXPECT_TRUE(message.find("not a regular file") != std::string::npos ||
                message.find("is a directory") != std::string::npos)
        << message;
  }
  fs::remove_all(dir);
}

TEST(ConfigFiles, ClassicLayoutLoadsAsConfig) {
  Diagnostics diags;
  auto config = load_config(std::string(HANJI_SOURCE_DIR) + "/layouts/classic.yaml", diags);
  ASSERT_TRUE(config) << dump(diags);
  ASSERT_EQ(config->kind, ConfigNode::Kind::Map);
  EXPECT_EQ(config->keys.front(), "description");
  const ConfigNode* page = config->find("page");
  ASSERT_TRUE(page);
  ASSERT_TRUE(page->find("paper"));
  EXPECT_EQ(page->find("paper")->scalar, "a4");
  const ConfigNode* bullet = config->find("entry")->find("bullet");
  ASSERT_TRUE(bullet);
  EXPECT_EQ(bullet->scalar, "\u2022");
}

// ---------------------------------------------------------------- config trees

TEST(ConfigTree, KeepsOrderSpansAndKinds) {
  Diagnostics diags;
  auto config = load_config_from_string(
      "zeta: 1\n"
      "alpha:\n"
      "  list: [a, \"b\"]\n"
      "  empty:\n"
      "  tilde: ~\n"
      "  quoted_tilde: \"~\"\n",
      "l.yaml", diags);
  ASSERT_TRUE(config) << dump(diags);
  EXPECT_EQ(config->keys, (std::vector<std::string>{"zeta", "alpha"}));
  expect_at(config->key_spans[1], 2, 1);
  expect_at(config->children[0].span, 1, 7);
  const ConfigNode* alpha = config->find("alpha");
  ASSERT_TRUE(alpha);
  const ConfigNode* list = alpha->find("list");
  ASSERT_EQ(list->kind, ConfigNode::Kind::Sequence);
  ASSERT_EQ(list->children.size(), 2u);
  EXPECT_EQ(list->children[1].scalar, "b");
  expect_at(list->children[1].span, 3, 14);
  EXPECT_EQ(alpha->find("empty")->kind, ConfigNode::Kind::Null);
  EXPECT_EQ(alpha->find("tilde")->kind, ConfigNode::Kind::Null);
  EXPECT_EQ(alpha->find("quoted_tilde")->kind, ConfigNode::Kind::Scalar);
  EXPECT_EQ(alpha->find("missing"), nullptr);
  EXPECT_EQ(list->find("anything"), nullptr);
}

TEST(ConfigTree, SyntaxErrorsAndDuplicatesHaveLocations) {
  Diagnostics diags;
  EXPECT_FALSE(load_config_from_string("a: 1\nb: [\n", "l.yaml", diags));
  ASSERT_EQ(diags.error_count(), 1);
  EXPECT_EQ(diags.all()[0].span.file, "l.yaml");
  EXPECT_TRUE(diags.all()[0].span.known());
  Diagnostics dup;
  EXPECT_FALSE(load_config_from_string("page:\n  paper: a4\n  paper: letter\n", "l.yaml", dup));
  expect_at(diag(dup, "duplicate key 'paper' (first at line 2)").span, 3, 3);
}

}  // namespace
}  // namespace hanji::readers

namespace hanji::config {
namespace {

namespace fs = std::filesystem;
using cv_loading::dump;

// Two trees are the same when every node has the same kind, text, style, place and keys.
std::string differs(const YamlNode& a, const YamlNode& b, const std::string& at = "") {
  const auto span = [](const Span& s) { return s.file + ":" + std::to_string(s.line) + ":" + std::to_string(s.col); };
  if (a.kind != b.kind) return at + ": kind";
  if (a.scalar != b.scalar) return at + ": text '" + a.scalar + "' / '" + b.scalar + "'";
  if (a.style != b.style) return at + ": style";
  if (span(a.span) != span(b.span)) return at + ": span " + span(a.span) + " / " + span(b.span);
  if (a.raw.line != b.raw.line || a.raw.byte_col != b.raw.byte_col) return at + ": raw mark";
  if (a.keys != b.keys) return at + ": keys";
  if (a.key_spans.size() != b.key_spans.size()) return at + ": key spans";
  for (std::size_t k = 0; k < a.key_spans.size(); ++k)
    if (span(a.key_spans[k]) != span(b.key_spans[k])) return at + ": key span " + a.keys[k];
  if (a.from_alias != b.from_alias || a.plain != b.plain) return at + ": flags";
  if (a.items.size() != b.items.size()) return at + ": items";
  for (std::size_t k = 0; k < a.items.size(); ++k)
    if (std::string d = differs(a.items[k], b.items[k], at + "/" + std::to_string(k)); !d.empty()) return d;
  return "";
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// ---------------------------------------------------------------- parsing in pieces

// Every sample and golden case, and edits of them (a word changed, a line added, an entry
// removed, a syntax error), parsed in pieces by one cache after the others, gives the tree
// and the messages of a whole parse; and a file saved with one word changed costs one piece.
TEST(YamlPieces, GiveWhatAWholeParseGives) {
  std::vector<fs::path> files;
  for (const char* folder : {"samples", "tests/golden", "starters"})
    for (const auto& entry : fs::directory_iterator(fs::path(HANJI_SOURCE_DIR) / folder))
      if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 20u);
  YamlPieces pieces;
  std::size_t cut = 0;
  for (const fs::path& file : files) {
    const std::string text = read_text(file);
    std::vector<std::string> versions{text};
    if (std::size_t at = text.rfind("      - "); at != std::string::npos) {
      versions.push_back(std::string(text).insert(at, "      - added: entry\n"));
      versions.push_back(std::string(text).replace(at + 8, 1, "X"));
      versions.push_back(std::string(text).insert(at + 8, "[broken: "));
      versions.push_back(std::string(text).erase(at, text.find('\n', at) - at + 1));
    }
    for (const std::string& version : versions) {
      const SourceText source(version, file.string());
      Diagnostics whole_said, pieces_said;
      const std::optional<YamlNode> whole = parse_yaml(source, whole_said);
      const std::optional<YamlNode> in_pieces = parse_yaml_in_pieces(source, pieces_said, &pieces);
      ASSERT_EQ(whole.has_value(), in_pieces.has_value()) << file;
      EXPECT_EQ(dump(whole_said), dump(pieces_said)) << file;
      if (whole) {
        EXPECT_EQ(differs(*whole, *in_pieces), "") << file;
      }
    }
    cut += pieces.pieces_parsed() > 0;
  }
  EXPECT_GT(pieces.pieces_reused(), 0u);
  const fs::path sample = fs::path(HANJI_SOURCE_DIR) / "samples" / "heungsub-lee.yaml";
  std::string text = read_text(sample);
  YamlPieces warm;
  Diagnostics said;
  ASSERT_TRUE(parse_yaml_in_pieces(SourceText(text, sample.string()), said, &warm));
  EXPECT_EQ(warm.pieces_parsed(), 0u) << "read once: parsed whole";
  ASSERT_TRUE(parse_yaml_in_pieces(SourceText(text, sample.string()), said, &warm));
  const std::size_t first = warm.pieces_parsed();
  EXPECT_GE(first, 20u);
  text.replace(text.find("Completed the first") + 10, 3, "one");
  ASSERT_TRUE(parse_yaml_in_pieces(SourceText(text, sample.string()), said, &warm));
  EXPECT_EQ(warm.pieces_parsed(), first + 1);
}

// Random edits of the samples, the kind a person makes while typing and the kind that break
// the structure (a dash, a colon, a quote, a bracket, a tab, an indent, a line joined or
// split): after each, the pieces give what a whole parse gives, tree and messages, from one
// cache that saw every earlier version.
TEST(YamlPieces, RandomEditsGiveWhatAWholeParseGives) {
  const std::vector<std::string> inserts{"x", " ", "\n", "- ", ": ", "\"", "'", "[", "{", "#", "\t", "  ",
                                         "|\n", "&a ", "*a", "---\n", "가", "\n      - more\n"};
  std::mt19937 random(15);
  YamlPieces pieces;
  std::size_t checked = 0;
  for (const char* name : {"heungsub-lee.yaml", "heungsub-lee-ko.yaml", "kyushick-lee.yaml"}) {
    const fs::path file = fs::path(HANJI_SOURCE_DIR) / "samples" / name;
    std::string text = read_text(file);
    for (int edit = 0; edit < 150; ++edit) {
      // One to three edits of the text so far; a letter typed is kept for the next version
      // (the text grows as it is typed), anything else is tried on this version alone.
      std::string edited = text;
      const int edits = 1 + static_cast<int>(random() % 3);
      bool typed = true;
      for (int k = 0; k < edits; ++k) {
        const std::size_t at = std::uniform_int_distribution<std::size_t>(0, edited.size())(random);
        if (random() % 4 == 0 && at < edited.size()) {
          edited.erase(at, 1 + random() % 3);
          typed = false;
        } else {
          const std::string& insert = inserts[random() % inserts.size()];
          edited.insert(at, insert);
          typed = typed && insert == "x";
        }
      }
      if (typed) text = edited;
      const SourceText source(edited, file.string());
      Diagnostics whole_said, pieces_said;
      const std::optional<YamlNode> whole = parse_yaml(source, whole_said);
      const std::optional<YamlNode> in_pieces = parse_yaml_in_pieces(source, pieces_said, &pieces);
      ASSERT_EQ(whole.has_value(), in_pieces.has_value()) << name << " edit " << edit;
      ASSERT_EQ(dump(whole_said), dump(pieces_said)) << name << " edit " << edit;
      if (whole) {
        ASSERT_EQ(differs(*whole, *in_pieces), "") << name << " edit " << edit;
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 450u);
  // Versions with a syntax error, a quote left open, an anchor or a tab go to the whole parse
  // (most of these random ones have one); the others are cut.
  EXPECT_LT(pieces.whole_parses(), checked - 50) << "the pieces were put to the test";
  EXPECT_GT(pieces.pieces_reused(), 1000u);
}

// What pieces cannot be trusted with goes to the whole parse: anchors and aliases, tags,
// a quoted text over several lines, several documents.
TEST(YamlPieces, WhatCannotBeCutIsParsedWhole) {
  const std::string entries = [] {
    std::string out = "cv:\n  name: J\n  sections:\n    notes:\n";
    for (int k = 0; k < 80; ++k) out += "      - entry number " + std::to_string(k) + " of a long list\n";
    return out;
  }();
  for (const std::string& extra :
       {std::string("    more:\n      - &a anchored\n      - *a\n"), std::string("    more:\n      - !tag x\n"),
        std::string("    more:\n      - \"a text\n        over two lines\"\n"), std::string("---\ncv: {}\n")}) {
    YamlPieces pieces;
    const SourceText source(entries + extra, "cv.yaml");
    Diagnostics first_said, whole_said, pieces_said;
    parse_yaml_in_pieces(source, first_said, &pieces);  // the first reading is whole anyway
    const std::optional<YamlNode> whole = parse_yaml(source, whole_said);
    const std::optional<YamlNode> in_pieces = parse_yaml_in_pieces(source, pieces_said, &pieces);
    EXPECT_EQ(pieces.whole_parses(), 2u) << extra;
    EXPECT_EQ(pieces.pieces_parsed(), 0u) << extra;
    EXPECT_EQ(dump(whole_said), dump(pieces_said)) << extra;
    ASSERT_EQ(whole.has_value(), in_pieces.has_value()) << extra;
    if (whole) {
      EXPECT_EQ(differs(*whole, *in_pieces), "") << extra;
    }
  }
}


// ---------------------------------------------------------------- prebuilt trees

// Every shipped layout and locale is taken from the tree parsed when hanji was built, and that
// tree is what yaml-cpp gives for the file today (a build that missed an edit would differ),
// with every place in the file it is read from.
TEST(YamlPrebuiltTrees, AreTheShippedFilesTreesAsParsedNow) {
  std::size_t files = 0;
  for (const char* folder : {"layouts", "locales"})
    for (const auto& entry : fs::directory_iterator(fs::path(HANJI_SOURCE_DIR) / folder)) {
      if (entry.path().extension() != ".yaml") continue;
      ++files;
      const SourceText source(read_text(entry.path()), "/somewhere/else/" + entry.path().filename().string());
      Diagnostics said;
      const std::optional<YamlNode> parsed = parse_yaml(source, said);
      ASSERT_TRUE(parsed) << entry.path() << dump(said);
      const std::optional<YamlNode> prebuilt = prebuilt_tree(source, shipped_trees());
      ASSERT_TRUE(prebuilt) << entry.path() << " has no prebuilt tree";
      EXPECT_EQ(differs(*parsed, *prebuilt), "") << entry.path();
    }
  EXPECT_GE(files, 30u);
  EXPECT_EQ(shipped_trees().size(), files);
}

// A text that differs from a shipped one by one byte, before or after, is parsed as written:
// an edited layout gets its edit and its own messages.
TEST(YamlPrebuiltTrees, TakeNoTextButTheOneParsed) {
  const std::string text = read_text(fs::path(HANJI_SOURCE_DIR) / "layouts" / "classic.yaml");
  ASSERT_TRUE(prebuilt_tree(SourceText(text, "classic.yaml"), shipped_trees()));
  for (const std::string& edited : {text + "\n", " " + text, text.substr(0, text.size() - 1),
                                    std::string(text).replace(text.find(':'), 1, ";"), std::string()}) {
    EXPECT_FALSE(prebuilt_tree(SourceText(edited, "classic.yaml"), shipped_trees()));
  }
  Diagnostics said;
  const std::string broken = text + "page: [\n";
  EXPECT_FALSE(parse_yaml_or_prebuilt(SourceText(broken, "classic.yaml"), shipped_trees(), said));
  EXPECT_NE(dump(said).find("classic.yaml:"), std::string::npos) << dump(said);
}

// The compact form gives back every kind of node and field: styles, aliases, flow and block
// collections, keys with their places, text that is not ASCII, long texts and deep nesting.
TEST(YamlPrebuiltTrees, GiveBackEveryNodeAsParsed) {
  std::string deep = "deep: ";
  for (int i = 0; i < 40; ++i) deep += "[";
  for (int i = 0; i < 40; ++i) deep += "]";
  const std::string yaml = "plain: text\nsingle: 'it''s'\ndouble: \"tab\\there\"\nliteral: |\n  two\n  lines\n"
                           "folded: >\n  one\n  line\nnull_value: ~\nempty:\nanchor: &a {x: 1, y: [2, 3]}\nalias: *a\n"
                           "korean: 한지 이력서\nlong: " + std::string(300, 'x') + "\nlist:\n  - a\n  - - b\n    - c\n" + deep + "\n";
  const SourceText source(yaml, "all.yaml");
  Diagnostics said;
  const std::optional<YamlNode> parsed = parse_yaml(source, said);
  ASSERT_TRUE(parsed) << dump(said);
  const std::string tree = serialize_tree(*parsed);
  const PrebuiltTree table[] = {{yaml, tree}};
  const SourceText elsewhere(yaml, "other/all.yaml");
  const std::optional<YamlNode> back = prebuilt_tree(elsewhere, table);
  ASSERT_TRUE(back);
  EXPECT_EQ(differs(*parse_yaml(elsewhere, said), *back), "");
  EXPECT_EQ(back->items[7].from_alias, false);
  EXPECT_EQ(back->items[8].from_alias, true);
}

}  // namespace
}  // namespace hanji::config
