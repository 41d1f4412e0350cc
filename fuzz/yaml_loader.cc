// Fuzz target: any bytes as a CV file and as a layout file (YAML parsing, aliases and merge
// keys, every reader of the CV schema — RenderCV with its design: and themes, JSON Resume,
// texts per language, tags — locating messages), then the text exports of what was read.
// Must never crash, hang or leak; whatever it returns must be consistent (an error reported
// whenever nothing is returned), and the text given to yaml-cpp with the words of its comment
// lines left out must read as the text itself does.
#include <cstdlib>
#include <string>
#include <vector>

#include "export/export.h"
#include "fuzz/fuzz.h"
#include "config/yaml_tree.h"
#include "readers/source.h"
#include "tests/yaml_events.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // The first byte picks the reader's options, so --lang and --only are fuzzed too.
  const unsigned choice = size > 0 ? data[0] : 0;
  const std::string language = (choice & 1) == 0 ? "" : (choice & 2) ? "en" : "ko";
  std::vector<std::string> tags;
  if (choice & 4) tags = {"a", (choice & 8) ? "B" : "backend"};
  const hanji::readers::ReadOptions options{.language = language, .only_tags = tags};
  hanji::Diagnostics diags;
  const auto file = hanji::readers::load_cv_from_string(text, "/nonexistent/fuzz/cv.yaml", diags, options);
  if (!file && !diags.has_errors()) std::abort();  // a refusal without a reason
  for (const auto& d : diags.all()) (void)hanji::format_diagnostic(d);
  if (file)
    for (auto format : {hanji::exports::Format::Markdown, hanji::exports::Format::PlainText,
                        hanji::exports::Format::JsonResume})
      (void)hanji::exports::export_cv(*file, format, "/nonexistent/fuzz");
  hanji::Diagnostics config_diags;
  const auto config = hanji::config::load_config_from_string(text, "/nonexistent/fuzz/layout.yaml", config_diags);
  if (!config && !config_diags.has_errors()) std::abort();
  if (hanji::testing::yaml_events(hanji::config::comment_lines_emptied(text)) != hanji::testing::yaml_events(text))
    std::abort();
  return 0;
}
