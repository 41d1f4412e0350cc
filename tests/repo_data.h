// For tests that render through an Engine: the repository's own layouts, fonts, locales and
// samples (HANJI_SOURCE_DIR), and diagnostics as one string for failure messages.
#pragma once

#include <filesystem>
#include <string>

#include "core/core.h"
#include "theme/theme.h"

namespace hanji::test {

inline theme::DataDirs repo_dirs() {
  const std::filesystem::path root(HANJI_SOURCE_DIR);
  return {(root / "layouts").string(), (root / "fonts").string(), (root / "locales").string()};
}

inline std::string sample(const std::string& name) {
  return (std::filesystem::path(HANJI_SOURCE_DIR) / "samples" / name).string();
}

inline std::string dump(const Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags.all()) out += format_diagnostic(d);
  return out;
}

}  // namespace hanji::test
