// Tests for the count module: an answer's pasteable text and what a web form counts in it.
// The expected counts were computed apart from hanji, with python3 on the same strings:
//   chars           = len(s.encode('utf-16-le')) // 2   (line breaks: counted `newline` each)
//   chars_no_spaces = the same over s without ' ', '\u00a0', '\u3000', '\t' and line breaks
//   bytes_euc_kr    = len(s.encode('cp949')), 2 for each character cp949 cannot encode
//   bytes_utf8      = len(s.encode('utf-8'))
// with each line break (CR LF as one) counted `newline` in chars and both byte units.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "count/count.h"

namespace hanji::count {
namespace {

using model::CountLimit;
using model::CountUnit;
using model::Question;
using model::Text;
using model::TextBlock;

Text T(std::string value, int line = 0) { return Text{std::move(value), line > 0 ? Span{"si.yaml", line, 7} : Span{}}; }

TextBlock paragraph(std::string text, int line = 0) { return TextBlock{{T(std::move(text), line)}, false}; }
TextBlock list(std::vector<std::string> items) {
  TextBlock block{{}, true};
  for (auto& item : items) block.items.push_back(T(std::move(item)));
  return block;
}

struct Expected {
  long chars, chars_no_spaces, bytes_euc_kr, bytes_utf8;
};

void expect_counts(const Counts& got, Expected want) {
  EXPECT_EQ(got.chars, want.chars);
  EXPECT_EQ(got.chars_no_spaces, want.chars_no_spaces);
  EXPECT_EQ(got.bytes_euc_kr, want.bytes_euc_kr);
  EXPECT_EQ(got.bytes_utf8, want.bytes_utf8);
}

TEST(Counts, HangulSyllablesCountOneCharTwoEucKrBytesThreeUtf8Bytes) {
  // python3: s = "저는 한지를 만듭니다." -> (12, 10, 21, 30)
  expect_counts(counts("저는 한지를 만듭니다."), {12, 10, 21, 30});
}

TEST(Counts, SpacesOfEveryKindAreLeftOutOfCharsNoSpaces) {
  // a tab, U+3000 (ideographic space) and U+00A0 (no-break space) among Latin and Hangul.
  // python3: s = "Hello, 세계! C++20\t탭\u3000전각\u00a0nbsp" -> (26, 21, 33, 39)
  expect_counts(counts("Hello, 세계! C++20\t탭\u3000전각\u00a0nbsp"), {26, 21, 33, 39});
}

TEST(Counts, EmojiCountTwoUtf16UnitsAndTwoEucKrBytesAndAreReportedOnce) {
  // U+1F44D U+1F3FB (thumbs up, skin tone) and U+1F600: none has a CP949 code.
  // python3: s = "좋아요 👍🏻 😀" -> (11, 9, 14, 23), with 2 for each unencodable code point
  Counts got = counts("좋아요 👍🏻 😀 😀");
  // the same plus " 😀": chars +3, no spaces +2, EUC-KR +3, UTF-8 +5
  expect_counts(got, {14, 11, 17, 28});
  ASSERT_EQ(got.not_in_cp949.size(), 3u);  // each character once
  EXPECT_EQ(got.not_in_cp949[0].character, U'\U0001F44D');
  EXPECT_EQ(got.not_in_cp949[0].column, 5);
  EXPECT_EQ(got.not_in_cp949[2].character, U'\U0001F600');
  EXPECT_EQ(got.not_in_cp949[2].column, 8);
  EXPECT_EQ(got.not_in_cp949[2].times, 2);
}

TEST(Counts, LineBreaksCountWhatTheFormSaysAndCrLfIsOneBreak) {
  // python3: s = "첫 줄\r\n둘째 줄\r\n셋째" (two breaks)
  //   newline 1 -> (11, 7, 18, 25); 2 -> (13, 7, 20, 27); 0 -> (9, 7, 16, 23)
  const std::string crlf = "첫 줄\r\n둘째 줄\r\n셋째";
  expect_counts(counts(crlf, 1), {11, 7, 18, 25});
  expect_counts(counts(crlf, 2), {13, 7, 20, 27});
  expect_counts(counts(crlf, 0), {9, 7, 16, 23});
  EXPECT_EQ(counts(crlf).line_breaks, 2);
  // The same text with LF counts the same.
  expect_counts(counts("첫 줄\n둘째 줄\n셋째", 2), {13, 7, 20, 27});
}

TEST(PasteText, RemovesMarkupPutsEachParagraphAndListItemOnALine) {
  Question question;
  question.answer = {paragraph("저는 **꼼꼼한** 사람입니다."), list({"[한지](https://example.com) 개발", "오픈소스 기여"}),
                     paragraph("마지막 문단.")};
  const std::string text = paste_text(question);
  EXPECT_EQ(text, "저는 꼼꼼한 사람입니다.\n- 한지 개발\n- 오픈소스 기여\n마지막 문단.");
  // python3 on that string: newline 1 -> (39, 29, 64, 89); 2 -> (42, 29, 67, 92); 0 -> (36, 29, 61, 86)
  expect_counts(counts(text, 1), {39, 29, 64, 89});
  expect_counts(counts(text, 2), {42, 29, 67, 92});
  expect_counts(counts(text, 0), {36, 29, 61, 86});
}

TEST(PasteText, DecomposedJamoBecomeSyllables) {
  // "한지 성장과정" as decomposed jamo (NFD): 17 UTF-16 units before NFC.
  const std::string nfd = "\u1112\u1161\u11ab\u110c\u1175 \u1109\u1165\u11bc\u110c\u1161\u11bc\u1100\u116a"
                          "\u110c\u1165\u11bc";
  EXPECT_EQ(counts(nfd).chars, 17);
  Question question;
  question.answer = {paragraph(nfd)};
  const std::string text = paste_text(question);
  EXPECT_EQ(text, "한지 성장과정");
  // python3: unicodedata.normalize('NFC', nfd) -> (7, 6, 13, 19)
  expect_counts(counts(text), {7, 6, 13, 19});
}

TEST(PasteText, LinesOfOneParagraphAreJoinedBySpaces) {
  Question question;
  question.answer = {paragraph("첫 줄\n이어지는 줄")};
  EXPECT_EQ(paste_text(question), "첫 줄 이어지는 줄");
}

TEST(Limits, OverMaxIsAnErrorAtTheAnswerSayingHowFarOver) {
  model::SelfIntroduction si;
  Question fits, over;
  fits.title = T("성장과정");
  fits.answer = {paragraph("짧은 답.", 5)};
  fits.limit = CountLimit{500, std::nullopt, CountUnit::Chars, 1, {}};
  over.title = T("지원동기");
  over.answer = {paragraph("가나다라마 바사", 9)};  // 8 chars, 7 without spaces, 15 EUC-KR bytes
  over.limit = CountLimit{5, std::nullopt, CountUnit::BytesEucKr, 1, {}};
  si.questions = {fits, over};
  Diagnostics diags;
  EXPECT_EQ(check_limits(si, diags, false), 1);
  ASSERT_EQ(diags.error_count(), 1);
  const Diagnostic& d = diags.all().front();
  EXPECT_EQ(d.span.line, 9);
  EXPECT_EQ(d.message,
            "answer to question 2 is 15 bytes (EUC-KR), 10 over the limit of 5; shorten it or raise limit.max");
  Diagnostics draft;
  EXPECT_EQ(check_limits(si, draft, true), 1);
  EXPECT_EQ(draft.error_count(), 0);
  EXPECT_EQ(draft.warning_count(), 1);
}

TEST(Limits, UnderMinIsAWarningAndTheUnitDecides) {
  model::SelfIntroduction si;
  Question q;
  q.title = T("입사 후 포부");
  q.answer = {paragraph("가 나 다", 3)};  // 5 chars, 3 without spaces
  q.limit = CountLimit{5, 4, CountUnit::CharsNoSpaces, 1, {}};
  si.questions = {q};
  Diagnostics diags;
  EXPECT_EQ(check_limits(si, diags, false), 0);
  EXPECT_EQ(diags.error_count(), 0);
  ASSERT_EQ(diags.warning_count(), 1);
  EXPECT_NE(diags.all().front().message.find("3 characters (without spaces), 1 under the minimum of 4"),
            std::string::npos);
  si.questions[0].limit->unit = CountUnit::Chars;  // 5 chars: within 4..5
  Diagnostics quiet;
  check_limits(si, quiet, false);
  EXPECT_EQ(quiet.all().size(), 0u);
}

TEST(Limits, AnEucKrLimitWarnsOfEachCharacterItCannotEncode) {
  model::SelfIntroduction si;
  Question q;
  q.title = T("성격의 장단점");
  q.answer = {paragraph("좋아요 😀 😀 👍", 4)};
  q.limit = CountLimit{100, std::nullopt, CountUnit::BytesEucKr, 1, {}};
  si.questions = {q};
  Diagnostics diags;
  check_limits(si, diags, false);
  EXPECT_EQ(diags.warning_count(), 2);  // 😀 once (twice in the text), 👍 once
  EXPECT_NE(diags.all().front().message.find("U+1F600, line 1, column 5 of the answer, 2 times"), std::string::npos);
}

TEST(Limits, ThousandsOfCharactersWithoutAnEucKrCodeAreCountedEachAndNamedFiveThenSummed) {
  // 60,000 different Hanja of CJK Extension B (U+20000...), none in CP949: each counts 2 bytes,
  // each is listed once (not_in_cp949, which `hanji count --format json` prints), and the
  // warnings name five and sum up the rest instead of burying the others under 60,000 lines.
  std::string answer;
  for (char32_t c = 0x20000; c < 0x20000 + 60000; ++c) utf8_append(answer, c);
  const Counts got = counts(answer);
  EXPECT_EQ(got.bytes_euc_kr, 120000);
  EXPECT_EQ(got.chars, 120000);  // two UTF-16 units each
  ASSERT_EQ(got.not_in_cp949.size(), 60000u);
  EXPECT_EQ(got.not_in_cp949[59999].character, char32_t{0x20000 + 59999});
  EXPECT_EQ(got.not_in_cp949[59999].column, 60000);
  model::SelfIntroduction si;
  Question q;
  q.title = T("지원동기");
  q.answer = {paragraph(answer + " " + answer, 6)};  // each character twice
  q.limit = CountLimit{1000000, std::nullopt, CountUnit::BytesEucKr, 1, {}};
  si.questions = {q};
  Diagnostics diags;
  check_limits(si, diags, false);
  ASSERT_EQ(diags.warning_count(), 6);
  EXPECT_NE(diags.all()[0].message.find("U+20000, line 1, column 1 of the answer, 2 times"), std::string::npos);
  EXPECT_EQ(diags.all()[5].message,
            "answer to question 1: 59995 more characters have no EUC-KR code; each counted as 2 bytes");
}

}  // namespace
}  // namespace hanji::count
