// Fuzz target: any bytes as a CV file and as a layout file (YAML parsing, aliases and merge
// keys, every reader of the CV schema, locating messages). Must never crash, hang or leak;
// whatever it returns must be consistent (an error reported whenever nothing is returned).
#include <cstdlib>
#include <string>

#include "fuzz/fuzz.h"
#include "source/source.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  hanji::Diagnostics diags;
  const auto file = hanji::source::load_cv_from_string(text, "/nonexistent/fuzz/cv.yaml", diags);
  if (!file && !diags.has_errors()) std::abort();  // a refusal without a reason
  for (const auto& d : diags.all()) (void)hanji::format_diagnostic(d);
  hanji::Diagnostics config_diags;
  const auto config = hanji::config::load_config_from_string(text, "/nonexistent/fuzz/layout.yaml", config_diags);
  if (!config && !config_diags.has_errors()) std::abort();
  return 0;
}
