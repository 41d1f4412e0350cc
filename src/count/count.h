// count: what a Korean web form counts in a 자기소개서 answer. The answer's pasteable text (its
// markup removed as compose reads it, paragraphs one line each, NFC) and its length in every
// unit a form may count: UTF-16 code units (JavaScript's `length`), the same without spaces,
// bytes in CP949 (EUC-KR's Unified Hangul Code) and bytes in UTF-8. One function makes the text
// that `hanji count` counts, the limits are checked against and `--format txt` writes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.h"
#include "model/model.h"

namespace hanji::count {

/// How a list item is written in the pasteable text: web forms take no lists, so each item is a
/// line of its own that starts with the marker a reader of the form sees as one.
inline constexpr std::string_view kListMarker = "- ";

/// The text an applicant pastes into the form for `answer`: the inline markup removed as compose
/// reads it (**b** -> b, [text](url) -> text, `code` -> code), each paragraph one line, the
/// paragraphs joined by one "\n", each list item a line "- item", normalised to NFC (decomposed
/// Hangul jamo become the syllables a form counts as one).
std::string paste_text(const std::vector<model::TextBlock>& answer);
std::string paste_text(const model::Question& question);

/// A character CP949 cannot encode (an emoji, a rare Hanja): the form's EUC-KR count takes it as
/// 2 bytes (as a form that stores it as a &#...; reference would not, so it is worth a warning).
struct Unencodable {
  char32_t character = 0;
  int line = 1, column = 1;  // its first place in the pasteable text, 1-based, in code points
  long times = 1;            // how often it occurs
};

/// An answer's length in every unit a form may count.
struct Counts {
  long chars = 0;            // UTF-16 code units: a code point >= U+10000 counts 2
  long chars_no_spaces = 0;  // the same without U+0020, U+00A0, U+3000, tabs and line breaks
  long bytes_euc_kr = 0;     // bytes in CP949; a character it cannot encode counts 2
  long bytes_utf8 = 0;       // bytes in UTF-8
  long line_breaks = 0;      // LF, CR LF or a lone CR: each counts `newline` in chars and bytes
  std::vector<Unencodable> not_in_cp949;  // each character once, in the order first met

  /// The count in `unit`.
  long in(model::CountUnit unit) const;
};

/// `text`'s counts, each line break counting `newline` (0, 1 or 2: a form that sends CR LF
/// counts 2) in chars and in both byte units. `text` is counted as given (paste_text made it NFC).
Counts counts(std::string_view text, int newline = 1);

/// How an answer stands against its limit.
struct LimitCheck {
  long count = 0;  // in the limit's unit
  long over = 0;   // > 0: characters or bytes past max
  long under = 0;  // > 0: short of min
};
LimitCheck check_limit(const Counts& counts, const model::CountLimit& limit);

/// The unit in a sentence: "characters (with spaces)", "characters (without spaces)", "bytes
/// (EUC-KR)", "bytes (UTF-8)".
std::string_view unit_words(model::CountUnit unit);

/// Every question's answer checked against its limit: over max an error at the answer
/// ("answer to question 2 is 537 characters (with spaces), 37 over the limit of 500; ..."), a
/// warning instead with `allow_over` (drafts); under min a warning; a character CP949 cannot
/// encode a warning where a limit counts EUC-KR bytes. Returns how many answers are over.
int check_limits(const model::SelfIntroduction& self_introduction, Diagnostics& diags, bool allow_over);

/// Where an answer is written: its first paragraph, else the question.
Span answer_span(const model::Question& question);

}  // namespace hanji::count
