// For tests over the repository's own data: its layouts, fonts, locales and samples
// (HANJI_SOURCE_DIR), classic's values for a hand-made theme, and diagnostics as one string.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>
#include <algorithm>

#include "core/core.h"
#include "theme/theme.h"

namespace hanji::test {

inline theme::DataDirs repo_dirs() {
  const std::filesystem::path root(HANJI_SOURCE_DIR);
  return {(root / "layouts").string(), (root / "fonts").string(), (root / "locales").string()};
}

/// The names of the built-in layouts (layouts/*.yaml), sorted.
inline std::vector<std::string> shipped_layouts() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(repo_dirs().layouts))
    if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

inline std::string sample(const std::string& name) {
  return (std::filesystem::path(HANJI_SOURCE_DIR) / "samples" / name).string();
}

inline std::string dump(const Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags.all()) out += format_diagnostic(d);
  return out;
}

/// The built-in classic layout as loaded from the repository (fonts resolved against its
/// fonts/): every parameter's value, since classic sets them all and a bare theme::Theme{}
/// is zeros. What a test's hand-made theme starts from; loaded once per test binary.
inline const theme::Theme& classic_theme() {
  static const theme::Theme classic = [] {
    Diagnostics diags;
    std::optional<theme::Theme> theme = theme::load_theme("classic", config::ConfigNode{}, "", repo_dirs(), diags);
    if (!theme) {
      std::fprintf(stderr, "tests: the repository's classic layout does not load:\n%s", dump(diags).c_str());
      std::abort();
    }
    return *theme;
  }();
  return classic;
}

}  // namespace hanji::test
