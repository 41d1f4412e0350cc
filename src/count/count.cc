// The pasteable text of an answer and what web forms count in it.
#include "count/count.h"

#include <fmt/format.h>
#include <iconv.h>
#include <utf8proc.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <unordered_map>

#include "compose/compose.h"

namespace hanji::count {
namespace {

// utf8proc_NFC returns a malloc'ed string: freed by this deleter.
struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};

std::string nfc(const std::string& text) {
  std::unique_ptr<utf8proc_uint8_t, FreeDeleter> normal(
      utf8proc_NFC(reinterpret_cast<const utf8proc_uint8_t*>(text.c_str())));
  // Null for text that is not UTF-8, which the YAML reader never lets through: count it as written.
  return normal ? std::string(reinterpret_cast<const char*>(normal.get())) : text;
}

// A paragraph as one line: a line break inside it (a literal block written over several lines,
// a list's " - " item) is a space, as Markdown reads a soft break.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

// glibc's iconv from UTF-8 to CP949, closed when done.
class Cp949 {
 public:
  Cp949() : handle_(iconv_open("CP949", "UTF-8")) {}
  ~Cp949() {
    if (ok()) iconv_close(handle_);
  }
  Cp949(const Cp949&) = delete;
  Cp949& operator=(const Cp949&) = delete;
  bool ok() const { return handle_ != reinterpret_cast<iconv_t>(-1); }

  /// Bytes of `c` in CP949, or nullopt when CP949 has no code for it.
  std::optional<long> bytes(char32_t c) {
    std::string in;
    utf8_append(in, c);
    char out[16];
    char* in_ptr = in.data();
    size_t in_left = in.size();
    char* out_ptr = out;
    size_t out_left = sizeof out;
    iconv(handle_, nullptr, nullptr, nullptr, nullptr);  // a fresh state for each character
    if (iconv(handle_, &in_ptr, &in_left, &out_ptr, &out_left) == static_cast<size_t>(-1) || in_left != 0)
      return std::nullopt;
    return static_cast<long>(sizeof out - out_left);
  }

 private:
  iconv_t handle_;
};

long utf8_length(char32_t c) { return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4; }

// Characters without an EUC-KR code that an answer's warnings name one by one.
constexpr std::size_t kNamedUnencodable = 5;

bool is_counted_space(char32_t c) { return c == U' ' || c == 0xA0 || c == 0x3000 || c == U'\t'; }

}  // namespace

std::string paste_text(const std::vector<model::TextBlock>& answer) {
  std::string out;
  for (const model::TextBlock& block : answer)
    for (const model::Text& item : block.items) {
      if (!out.empty()) out += '\n';
      if (block.list) out += kListMarker;
      out += one_line(compose::plain_text(item.value));
    }
  return nfc(out);
}

std::string paste_text(const model::Question& question) { return paste_text(question.answer); }

long Counts::in(model::CountUnit unit) const {
  switch (unit) {
    case model::CountUnit::Chars: return chars;
    case model::CountUnit::CharsNoSpaces: return chars_no_spaces;
    case model::CountUnit::BytesEucKr: return bytes_euc_kr;
    case model::CountUnit::BytesUtf8: return bytes_utf8;
  }
  return chars;
}

Counts counts(std::string_view text, int newline) {
  Counts out;
  Cp949 cp949;
  // Each character CP949 lacks, by where it stands in not_in_cp949: an answer of 60,000
  // different rare Hanja looked each up in the list before it (seconds).
  std::unordered_map<char32_t, std::size_t> unencodable_at;
  std::u32string code_points = utf8_decode(text);
  int line = 1, column = 1;
  for (size_t i = 0; i < code_points.size(); ++i) {
    const char32_t c = code_points[i];
    if (c == U'\n' || c == U'\r') {
      if (c == U'\r' && i + 1 < code_points.size() && code_points[i + 1] == U'\n') ++i;  // CR LF: one break
      ++out.line_breaks;
      out.chars += newline;
      out.bytes_euc_kr += newline;
      out.bytes_utf8 += newline;
      ++line;
      column = 1;
      continue;
    }
    const long units = c >= 0x10000 ? 2 : 1;
    out.chars += units;
    if (!is_counted_space(c)) out.chars_no_spaces += units;
    out.bytes_utf8 += utf8_length(c);
    // ASCII is itself in CP949; anything else goes through iconv.
    std::optional<long> euc_kr = c < 0x80 ? std::optional<long>(1) : cp949.ok() ? cp949.bytes(c) : std::nullopt;
    if (euc_kr) {
      out.bytes_euc_kr += *euc_kr;
    } else {
      out.bytes_euc_kr += 2;
      auto [seen, added] = unencodable_at.try_emplace(c, out.not_in_cp949.size());
      if (added) out.not_in_cp949.push_back({c, line, column, 1});
      else ++out.not_in_cp949[seen->second].times;
    }
    ++column;
  }
  return out;
}

LimitCheck check_limit(const Counts& counts, const model::CountLimit& limit) {
  LimitCheck check;
  check.count = counts.in(limit.unit);
  if (limit.max && check.count > *limit.max) check.over = check.count - *limit.max;
  if (limit.min && check.count < *limit.min) check.under = *limit.min - check.count;
  return check;
}

std::string_view unit_words(model::CountUnit unit) {
  switch (unit) {
    case model::CountUnit::Chars: return "characters (with spaces)";
    case model::CountUnit::CharsNoSpaces: return "characters (without spaces)";
    case model::CountUnit::BytesEucKr: return "bytes (EUC-KR)";
    case model::CountUnit::BytesUtf8: return "bytes (UTF-8)";
  }
  return "characters";
}

Span answer_span(const model::Question& question) {
  for (const model::TextBlock& block : question.answer)
    for (const model::Text& item : block.items)
      if (item.span.known()) return item.span;
  return question.span;
}

int check_limits(const model::SelfIntroduction& self_introduction, Diagnostics& diags, bool allow_over) {
  int over = 0;
  for (size_t i = 0; i < self_introduction.questions.size(); ++i) {
    const model::Question& question = self_introduction.questions[i];
    if (!question.limit) continue;
    const model::CountLimit& limit = *question.limit;
    const Counts counted = counts(paste_text(question), limit.newline);
    const LimitCheck check = check_limit(counted, limit);
    const Span at = answer_span(question);
    const std::string_view unit = unit_words(limit.unit);
    if (check.over > 0) {
      ++over;
      std::string message = fmt::format("answer to question {} is {} {}, {} over the limit of {}; shorten it or raise "
                                        "limit.max",
                                        i + 1, check.count, unit, check.over, *limit.max);
      if (allow_over)
        diags.warning(at, std::move(message), {"--allow-over keeps it as a draft; the form will not take it"});
      else
        diags.error(at, std::move(message), {"--allow-over builds it anyway, as a draft"});
    } else if (check.under > 0) {
      diags.warning(at, fmt::format("answer to question {} is {} {}, {} under the minimum of {}", i + 1, check.count,
                                    unit, check.under, *limit.min),
                    {"lengthen it or lower limit.min"});
    }
    if (limit.unit != model::CountUnit::BytesEucKr) continue;
    // The first few by name, the rest in one line: an answer pasted from a Hanja dictionary
    // would otherwise bury the messages that matter under thousands of these.
    const std::size_t named = std::min(counted.not_in_cp949.size(), kNamedUnencodable);
    for (std::size_t k = 0; k < named; ++k) {
      const Unencodable& u = counted.not_in_cp949[k];
      std::string character;
      utf8_append(character, u.character);
      diags.warning(at,
                    fmt::format("answer to question {}: '{}' (U+{:04X}, line {}, column {} of the answer{}) has no "
                                "EUC-KR code; counted as 2 bytes",
                                i + 1, character, static_cast<unsigned>(u.character), u.line, u.column,
                                u.times > 1 ? fmt::format(", {} times", u.times) : ""),
                    {"a form that counts EUC-KR may refuse it or store it longer; write it another way"});
    }
    if (counted.not_in_cp949.size() > named)
      diags.warning(at,
                    fmt::format("answer to question {}: {} more characters have no EUC-KR code; each counted as 2 bytes",
                                i + 1, counted.not_in_cp949.size() - named),
                    {"`hanji count --format json` lists them all (not_in_euc_kr)"});
  }
  return over;
}

}  // namespace hanji::count
