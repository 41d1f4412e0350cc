#include "core/core.h"

#include <gtest/gtest.h>

namespace hanji {
namespace {

TEST(Diagnostics, FormatsLikeACompiler) {
  Diagnostic d{Severity::Error, Span{"cv.yaml", 12, 5}, "unknown key 'compnay' in experience entry",
               {"did you mean 'company'?"}};
  EXPECT_EQ(format_diagnostic(d),
            "cv.yaml:12:5: error: unknown key 'compnay' in experience entry\n"
            "  hint: did you mean 'company'?\n");
}

TEST(Diagnostics, FormatsWithoutLocation) {
  Diagnostic d{Severity::Warning, Span{}, "no samples", {}};
  EXPECT_EQ(format_diagnostic(d), "hanji: warning: no samples\n");
  Diagnostic f{Severity::Error, Span{"missing.yaml", 0, 0}, "cannot read file", {}};
  EXPECT_EQ(format_diagnostic(f), "missing.yaml: error: cannot read file\n");
}

TEST(Diagnostics, CountsErrorsAndWarnings) {
  Diagnostics diags;
  diags.warning({}, "w");
  EXPECT_FALSE(diags.has_errors());
  diags.error({}, "e");
  diags.note({}, "n");
  EXPECT_TRUE(diags.has_errors());
  EXPECT_EQ(diags.error_count(), 1);
  EXPECT_EQ(diags.warning_count(), 1);
  EXPECT_EQ(diags.all().size(), 3u);
}

TEST(ClosestMatch, FindsTyposAndTranspositions) {
  std::vector<std::string> keys = {"company", "position", "start_date", "end_date", "highlights"};
  EXPECT_EQ(closest_match("compnay", keys), "company");
  EXPECT_EQ(closest_match("postion", keys), "position");
  EXPECT_EQ(closest_match("highlight", keys), "highlights");
  EXPECT_EQ(closest_match("Start_Date", keys), "start_date");
  EXPECT_EQ(closest_match("salary", keys), "");
}

TEST(Utf8, RoundTripsHangulAndLatin) {
  std::string s = "이력서 résumé €";
  std::u32string cps = utf8_decode(s);
  ASSERT_EQ(cps.size(), 12u);
  EXPECT_EQ(cps[0], U'이');
  std::string back;
  for (char32_t c : cps) utf8_append(back, c);
  EXPECT_EQ(back, s);
  EXPECT_EQ(utf8_length(s), 12);
}

TEST(Utf8, ReplacesInvalidBytes) {
  std::u32string cps = utf8_decode(std::string("a\xff" "b"));
  ASSERT_EQ(cps.size(), 3u);
  EXPECT_EQ(cps[1], U'\uFFFD');
}

}  // namespace
}  // namespace hanji
