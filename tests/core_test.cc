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

// Ill-formed sequences that a lenient decoder would turn into code points no library downstream
// expects: surrogates (CESU-8, "\uD800" escapes), overlong forms, values past U+10FFFF.
TEST(Utf8, RejectsSurrogatesOverlongFormsAndOutOfRange) {
  const std::string cases[] = {"\xED\xA0\x80", "\xED\xBF\xBF", "\xC0\xAF", "\xE0\x80\xAF",
                               "\xF0\x80\x80\xAF", "\xF4\x90\x80\x80", "\xF7\xBF\xBF\xBF"};
  for (const std::string& bad : cases) {
    std::u32string cps = utf8_decode("a" + bad + "b");
    ASSERT_GE(cps.size(), 3u) << bad.size();
    EXPECT_EQ(cps.front(), U'a');
    EXPECT_EQ(cps.back(), U'b');
    for (size_t i = 1; i + 1 < cps.size(); ++i) EXPECT_EQ(cps[i], U'\uFFFD');
    size_t offset = 99;
    EXPECT_FALSE(utf8_valid("a" + bad, &offset));
    EXPECT_EQ(offset, 1u);
  }
  EXPECT_EQ(utf8_decode("\xF4\x8F\xBF\xBF"), std::u32string(1, char32_t{0x10FFFF}));
  EXPECT_TRUE(utf8_valid("이력서 \xEF\xBF\xBD résumé 🇰🇷"));
}

TEST(Utf8, NeverWritesIllFormedUtf8) {
  std::string out;
  utf8_append(out, 0xD800);
  utf8_append(out, 0x110000);
  EXPECT_EQ(out, "\xEF\xBF\xBD\xEF\xBF\xBD");
}

}  // namespace
}  // namespace hanji
