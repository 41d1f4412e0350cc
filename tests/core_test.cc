#include "core/core.h"

#include <gtest/gtest.h>

#include "core/json.h"
#include "core/links.h"
#include "core/memo.h"

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

TEST(NearestMatches, TheNearestFirstTiesInOrder) {
  std::vector<std::string> families = {"Lato", "Noto Serif", "Noto Sans", "DejaVu Serif", "Roboto"};
  EXPECT_EQ(nearest_matches("noto serf", families, 2), (std::vector<std::string>{"Noto Serif", "Noto Sans"}));
  // Far from everything, still the nearest few.
  EXPECT_EQ(nearest_matches("Arial", families, 2), (std::vector<std::string>{"Lato", "Roboto"}));
  EXPECT_EQ(nearest_matches("Lato", families, 9).size(), families.size());
  EXPECT_TRUE(nearest_matches(std::string(65, 'x'), families, 3).empty());
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

// ---- links: only http, https, mailto and tel ---------------------------------------------

TEST(Links, SchemesAreReadAsRfc3986SpellsThemInAnyCase) {
  EXPECT_EQ(uri_scheme("https://example.com"), "https");
  EXPECT_EQ(uri_scheme("JavaScript:alert(1)"), "javascript");
  EXPECT_EQ(uri_scheme("x-my.app+v2:thing"), "x-my.app+v2");
  EXPECT_EQ(uri_scheme("tel:010"), "tel");  // a linkable scheme, though digits follow
  EXPECT_EQ(uri_scheme("example.com:8080/cv"), "");  // a host and port
  EXPECT_EQ(uri_scheme("localhost:3000"), "");
  EXPECT_EQ(uri_scheme("javascript:1"), "");  // read as a host and port, and so never linked as one
  EXPECT_EQ(uri_scheme("1http://x"), "");
  EXPECT_EQ(uri_scheme(" javascript:x"), "");
  EXPECT_EQ(uri_scheme("java script:x"), "");
  EXPECT_EQ(uri_scheme(":x"), "");
  EXPECT_EQ(uri_scheme("example.com/a:b"), "");
}

TEST(Links, OnlyWebMailAndPhoneAddressesAreLinkable) {
  for (const char* uri : {"http://a.b", "HTTPS://a.b", "mailto:a@b.c", "Tel:+82"})
    EXPECT_TRUE(is_linkable_uri(uri)) << uri;
  for (const char* uri : {"javascript:alert(1)", "file:///etc/passwd", "smb://h/s", "data:text/html,x", "vbscript:x",
                          "ftp://a.b", "example.com", "https://a.b/\x01", "java\tscript:x", ""})
    EXPECT_FALSE(is_linkable_uri(uri)) << uri;
}

TEST(Links, WhatAWrittenAddressBecomes) {
  struct Case {
    std::string written, uri;
    bool problem;
  };
  for (const Case& c : std::vector<Case>{
           {"https://jane.dev/", "https://jane.dev/", false},
           {"HTTP://Jane.dev", "http://Jane.dev", false},
           {"  mailto:jane@example.com ", "mailto:jane@example.com", false},
           {"jane.dev", "https://jane.dev", false},
           {"www.example.com:8080/cv?x=1#top", "https://www.example.com:8080/cv?x=1#top", false},
           {"한국.kr/이력서", "https://한국.kr/이력서", false},
           {"javascript:alert(1)", "", true},
           {"FILE:///etc/passwd", "", true},
           {"smb://host/share", "", true},
           {"localhost:3000", "", true},
           {"../cv.pdf", "", true},
           {"a..b", "", true},
           {"jane@example.com", "", true},
           {"//evil.example", "", true},
           {"java\nscript:alert(1)", "", true},
           {"", "", false},
       }) {
    const LinkTarget target = link_target(c.written);
    EXPECT_EQ(target.uri, c.uri) << c.written;
    EXPECT_EQ(!target.problem.empty(), c.problem) << c.written << ": " << target.problem;
    EXPECT_EQ(!target.hint.empty(), c.problem) << c.written;
    EXPECT_FALSE(target.uri.starts_with("https://javascript")) << c.written;
  }
  EXPECT_NE(link_target("vbscript:x").problem.find("not vbscript: ones"), std::string::npos);
  // A scheme of any length is quoted short.
  EXPECT_LT(link_target(std::string(5000, 'a') + ":x").problem.size(), 300u);
}

TEST(Links, AddressesAreShownWithoutTheWebScheme) {
  EXPECT_EQ(shown_address("https://jane.dev/blog/"), "jane.dev/blog");
  EXPECT_EQ(shown_address("HTTP://jane.dev"), "jane.dev");
  EXPECT_EQ(shown_address("jane.dev"), "jane.dev");
  EXPECT_EQ(shown_address("file:///etc/passwd"), "file:///etc/passwd");  // not linked: shown whole
  EXPECT_EQ(shown_address("javascript:alert(1)"), "javascript:alert(1)");
}

TEST(Base64, EncodesEveryRemainderAsRfc4648Says) {
  // RFC 4648 section 10's test vectors.
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64(std::string("\xFF\xFE\x00", 3)), "//4A");
}

}  // namespace
}  // namespace hanji

namespace hanji {
namespace {

// The memo every warm thing is kept in: found values count as hits, missing ones as misses,
// and past its budget the least recently asked for goes first (counted as an eviction).
// A JSON string is UTF-8 whatever the text held (a file name in Latin-1 reaches the preview's
// /state): each byte outside well-formed UTF-8 is one U+FFFD; well-formed text is unchanged.
TEST(JsonWriter, WritesOnlyUtf8EachBadByteAsAReplacementCharacter) {
  Json names = Json::array();
  names.push("caf\xe9.yaml");             // Latin-1 e-acute
  names.push("\xc3(\xed\xa0\x80\xf4\x90\x80\x80");  // a cut sequence, a surrogate, past U+10FFFF
  names.push("\xc0\xaf");                // an overlong '/'
  names.push("caf\xc3\xa9 \xed\x95\x9c \xf0\x9f\x93\x84 \xef\xbf\xbd");  // well-formed, a real U+FFFD too
  const std::string out = names.dump();
  EXPECT_TRUE(utf8_valid(out)) << out;
  EXPECT_EQ(out,
            "[\n  \"caf\xef\xbf\xbd.yaml\",\n"
            "  \"\xef\xbf\xbd(\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\",\n"
            "  \"\xef\xbf\xbd\xef\xbf\xbd\",\n"
            "  \"caf\xc3\xa9 \xed\x95\x9c \xf0\x9f\x93\x84 \xef\xbf\xbd\"\n]\n");
}

TEST(Memo, LetsTheLeastRecentlyUsedGoAndCountsWhatItAnswered) {
  Memo<std::string, int> memo(2);
  EXPECT_FALSE(memo.find("a"));
  memo.keep("a", 1);
  memo.keep("b", 2);
  EXPECT_EQ(memo.find("a"), 1);  // now b is the least recently used
  memo.keep("c", 3);
  EXPECT_FALSE(memo.find("b"));
  EXPECT_EQ(memo.find("a"), 1);
  EXPECT_EQ(memo.find("c"), 3);
  MemoStats stats = memo.stats();
  EXPECT_EQ(stats.hits, 3u);
  EXPECT_EQ(stats.misses, 2u);
  EXPECT_EQ(stats.evictions, 1u);
  EXPECT_EQ(stats.entries, 2u);
  int made = 0;
  EXPECT_EQ(memo.get("d", [&] { return ++made; }), 1);
  EXPECT_EQ(memo.get("d", [&] { return ++made; }), 1);
  EXPECT_EQ(made, 1);
  memo.forget("d");
  EXPECT_FALSE(memo.find("d"));
  EXPECT_EQ(memo.stats().evictions, 2u) << "c went for d; forgetting is no eviction";
}

// A memo weighed in bytes keeps what fits its budget, and nothing bigger than all of it.
TEST(Memo, KeepsWithinABudgetOfCost) {
  Memo<int, std::string> memo(10);
  memo.keep(1, "four", 4);
  memo.keep(2, "four", 4);
  memo.keep(3, "eleven", 11);  // more than the whole budget: not kept, nothing let go
  EXPECT_FALSE(memo.find(3));
  EXPECT_EQ(memo.stats().cost, 8u);
  memo.keep(4, "six", 6);  // 14 > 10: the oldest goes
  EXPECT_FALSE(memo.find(1));
  EXPECT_TRUE(memo.find(2));
  EXPECT_EQ(memo.stats().cost, 10u);
  memo.keep(2, "one", 1);  // kept again: its cost replaced
  EXPECT_EQ(memo.stats().cost, 7u);
  memo.clear();
  EXPECT_EQ(memo.stats().entries, 0u);
  EXPECT_EQ(memo.stats().cost, 0u);
}

}  // namespace
}  // namespace hanji
