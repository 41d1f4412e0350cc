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

#include "pdf/pdf.h"
#include "repo_data.h"

namespace hanji::engine {
namespace {

namespace fs = std::filesystem;

using test::repo_dirs;
using test::sample;
using test::dump;



// The PDF of `path` in `language` as `engine` makes it; "" after an error.
std::string pdf_of(Engine& engine, const std::string& path, const std::string& language = "",
                   const std::string& layout = "", pdf::WriteMemo* memo = nullptr) {
  Request request;
  request.layout = layout;
  request.read.language = language;
  Diagnostics diags;
  std::optional<Rendered> rendered = engine.render_file(path, request, diags);
  EXPECT_TRUE(rendered) << path << "\n" << dump(diags);
  if (!rendered) return "";
  std::optional<std::string> bytes = pdf::write_pdf(rendered->doc, pdf::Options{0, memo, rendered->pdf}, diags);
  return bytes.value_or("");
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
  Engine warm(repo_dirs());
  pdf::WriteMemo memo;  // the PDF writer's subsets and streams kept too, as watch keeps them
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& c : cases)
      EXPECT_EQ(pdf_of(warm, c.first, c.second, "", &memo), cold[c]) << c.first << " " << c.second;
    std::reverse(cases.begin(), cases.end());
  }
  EXPECT_GT(warm.work().typesetters_reused, cases.size());
  EXPECT_GE(memo.subsets_reused(), cases.size());
  EXPECT_GE(memo.streams_reused(), cases.size());
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
// about one CV's shaped paragraphs, not all of them.
TEST(EngineWarm, KeepsAboutOneCvOfParagraphs) {
  Engine engine(repo_dirs());
  std::size_t kept = 0;
  for (int draft = 0; draft < 40; ++draft) {
    std::string cv = "cv:\n  name: Draft " + std::to_string(draft) + "\n  sections:\n    notes:\n";
    for (int line = 0; line < 40; ++line)
      cv += "      - draft " + std::to_string(draft) + " line " + std::to_string(line) + " says something\n";
    Diagnostics diags;
    ASSERT_TRUE(engine.render_text(cv, "cv.yaml", {}, diags)) << dump(diags);
    kept = engine.work().shaped_paragraphs_kept;
  }
  EXPECT_GT(kept, 40u);
  EXPECT_LT(kept, 3 * 42u + 256u);
}

}  // namespace
}  // namespace hanji::engine
