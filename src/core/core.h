// core: the vocabulary every hanji module shares — source locations, diagnostics,
// colours and small UTF-8 helpers. Plain data, no third-party types.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <string_view>
#include <vector>

namespace hanji {

/// Where a value came from: a file and a 1-based line and column.
/// line == 0 means "no location" (a value hanji made up, e.g. a default).
struct Span {
  std::string file;
  int line = 0;
  int col = 0;

  bool known() const { return line > 0; }
  /// The same file and line, `n` columns further right (for positions inside a value).
  Span shifted(int n) const { return Span{file, line, col + n}; }

  bool operator==(const Span&) const = default;
};

/// Detail: what a run did that changes nothing the user sees (a RenderCV setting holding its
/// default, an output hanji does not write asked for): printed only with --verbose.
enum class Severity { Error, Warning, Note, Detail };

/// One message for the user, in compiler style:
///   cv.yaml:12:5: error: unknown key 'compnay' in experience entry
///     hint: did you mean 'company'?
struct Diagnostic {
  /// What a warning is about, where that decides how it is printed; the stage that raises it
  /// knows, the printer must not guess it from the words.
  ///   OnThePage: what everyone sees on the page and only the user can fix (a character no font
  ///     has, a line or block that runs past its column or page, a CV that cannot be fitted):
  ///     never silenced by -q.
  ///   IgnoredSetting: something the file asks for that hanji does not follow (an unknown key, a
  ///     RenderCV setting it cannot honour): the same on every build, so said once a session in
  ///     watch and serve, not on every save.
  enum class Kind { General, OnThePage, IgnoredSetting };

  Severity severity = Severity::Error;
  Span span;
  std::string message;
  std::vector<std::string> hints;
  Kind kind = Kind::General;
};

/// Whether two diagnostics say the same thing at the same place (their hints aside: how much a
/// line overflows is in the message, the text it quotes in a hint).
bool same_message(const Diagnostic& a, const Diagnostic& b);

/// Collects diagnostics. Every stage reports into one of these instead of throwing;
/// a stage that cannot go on returns an empty optional and leaves an error here.
class Diagnostics {
 public:
  void error(Span span, std::string message, std::vector<std::string> hints = {});
  void warning(Span span, std::string message, std::vector<std::string> hints = {});
  void note(Span span, std::string message, std::vector<std::string> hints = {});
  void detail(Span span, std::string message, std::vector<std::string> hints = {});
  /// A warning of what is wrong on the page (Diagnostic::Kind::OnThePage).
  void on_the_page(Span span, std::string message, std::vector<std::string> hints = {});
  /// A warning of what the file asks for and hanji does not follow (Diagnostic::Kind::IgnoredSetting).
  void ignored_setting(Span span, std::string message, std::vector<std::string> hints = {});
  void add(Diagnostic d);
  /// Adds `d` unless one that says the same thing at the same place is here already
  /// (same_message): a paragraph set again at one width says what is wrong with it once.
  void add_once(Diagnostic d);

  bool has_errors() const { return errors_ > 0; }
  int error_count() const { return errors_; }
  int warning_count() const { return warnings_; }
  const std::vector<Diagnostic>& all() const { return items_; }

 private:
  std::vector<Diagnostic> items_;
  int errors_ = 0;
  int warnings_ = 0;
};

/// "file:line:col: error: message" plus one "  hint: ..." line per hint, newline-terminated.
/// Without a location the prefix is just "hanji: ".
std::string format_diagnostic(const Diagnostic& d);

/// The candidate closest to `word` by edit distance, or "" when none is close enough
/// to be a plausible typo (distance <= max(1, len/3)).
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);

/// The `count` candidates nearest to `word` by edit distance (ASCII case ignored), nearest
/// first, ties in the candidates' order; for "names close to it" hints where no candidate
/// need be a plausible typo. Empty for a word too long to be a typo (as closest_match).
std::vector<std::string> nearest_matches(std::string_view word, const std::vector<std::string>& candidates,
                                         std::size_t count);

/// `text` shortened for quoting in a message: at most `max_chars` code points (then "…"),
/// line breaks and tabs shown as spaces. A message quotes what the user wrote, never a whole
/// paragraph: 10,000 messages each quoting the rest of a long paragraph once came to 200 MB.
std::string excerpt(std::string_view text, std::size_t max_chars = 60);

/// Appends the bytes of `value` (a number, a colour part, a file stamp) to `key`: how the keys
/// that caches find things by are built.
template <typename T>
void append_bytes(std::string& key, const T& value) {
  static_assert(std::is_trivially_copyable_v<T>);
  key.append(reinterpret_cast<const char*>(&value), sizeof value);
}

/// An sRGB colour with components in [0, 1].
struct Rgb {
  double r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

/// Decodes the code point at byte `at` and moves `at` past it. Strict (RFC 3629): a byte
/// that does not start a well-formed sequence (a stray continuation byte, an overlong form, an
/// encoded surrogate, anything past U+10FFFF, a truncated sequence) becomes U+FFFD and `at`
/// moves by one. Inline: text extraction bookkeeping calls it per character.
inline char32_t utf8_next(std::string_view s, std::size_t& at) {
  const auto lead = static_cast<unsigned char>(s[at]);
  if (lead < 0x80) {
    ++at;
    return lead;
  }
  const int length = (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (length == 0 || at + static_cast<std::size_t>(length) > s.size()) {
    ++at;
    return 0xFFFD;
  }
  char32_t cp = length == 2 ? (lead & 0x1F) : length == 3 ? (lead & 0x0F) : (lead & 0x07);
  for (int k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(s[at + static_cast<std::size_t>(k)]);
    if ((next & 0xC0) != 0x80) {
      ++at;
      return 0xFFFD;
    }
    cp = (cp << 6) | (next & 0x3F);
  }
  constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kSmallest[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++at;
    return 0xFFFD;
  }
  at += static_cast<std::size_t>(length);
  return cp;
}

/// True if `s` is well-formed UTF-8 (what utf8_next decodes without a U+FFFD of its own);
/// otherwise `bad_offset` gets the byte offset of the first ill-formed sequence.
bool utf8_valid(std::string_view s, std::size_t* bad_offset = nullptr);

/// Decodes UTF-8 into code points. Ill-formed bytes become U+FFFD (one per byte).
std::u32string utf8_decode(std::string_view s);
/// Encodes one code point as UTF-8 and appends it to `out`.
void utf8_append(std::string& out, char32_t c);

/// `bytes` in base64 (RFC 4648, with padding), as a data: URI carries a picture.
std::string base64(std::string_view bytes);
/// Number of code points in a UTF-8 string (used for column arithmetic in spans).
int utf8_length(std::string_view s);

}  // namespace hanji
