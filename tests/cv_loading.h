// Reading a CV from a string in a test, and finding what the reader said: shared by the
// readers' tests and the config tests that reach YAML's syntax, spans and encoding through
// the CV loader (its one entry for a whole file's messages).
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "readers/source.h"

namespace hanji::cv_loading {

using readers::CvFile;
using readers::Section;

struct Loaded {
  std::optional<CvFile> file;
  Diagnostics diags;
};

inline Loaded load(const std::string& yaml, const std::string& path = "cv.yaml") {
  Loaded out;
  out.file = readers::load_cv_from_string(yaml, path, out.diags);
  return out;
}

inline std::string dump(const Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags.all()) out += format_diagnostic(d);
  return out;
}

// The single diagnostic whose message contains `needle` (fails the test if not exactly one).
inline const Diagnostic& diag(const Diagnostics& diags, std::string_view needle) {
  static const Diagnostic kNone;
  const Diagnostic* found = nullptr;
  int count = 0;
  for (const auto& d : diags.all())
    if (d.message.find(needle) != std::string::npos) {
      found = &d;
      ++count;
    }
  EXPECT_EQ(count, 1) << "looking for '" << needle << "' in:\n" << dump(diags);
  return found ? *found : kNone;
}

inline bool has_hint(const Diagnostic& d, std::string_view needle) {
  for (const auto& h : d.hints)
    if (h.find(needle) != std::string::npos) return true;
  return false;
}

inline void expect_at(const Span& span, int line, int col) {
  EXPECT_EQ(span.line, line);
  EXPECT_EQ(span.col, col);
}

// A CV with one section holding the given entry lines (already indented by 6 spaces).
inline std::string with_section(const std::string& title, const std::string& entries) {
  return "cv:\n  name: Jane Doe\n  sections:\n    " + title + ":\n" + entries;
}

inline const Section& only_section(const Loaded& loaded) {
  static const Section kEmpty;
  if (!loaded.file || loaded.file->cv.sections.size() != 1) {
    ADD_FAILURE() << "expected one section; diagnostics:\n" << dump(loaded.diags);
    return kEmpty;
  }
  return loaded.file->cv.sections[0];
}

}  // namespace hanji::cv_loading
