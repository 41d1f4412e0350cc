#include "core/core.h"

#include <algorithm>
#include <cctype>

namespace hanji {

void Diagnostics::error(Span span, std::string message, std::vector<std::string> hints) {
  add({Severity::Error, std::move(span), std::move(message), std::move(hints)});
}

void Diagnostics::warning(Span span, std::string message, std::vector<std::string> hints) {
  add({Severity::Warning, std::move(span), std::move(message), std::move(hints)});
}

void Diagnostics::note(Span span, std::string message, std::vector<std::string> hints) {
  add({Severity::Note, std::move(span), std::move(message), std::move(hints)});
}

void Diagnostics::detail(Span span, std::string message, std::vector<std::string> hints) {
  add({Severity::Detail, std::move(span), std::move(message), std::move(hints)});
}

void Diagnostics::on_the_page(Span span, std::string message, std::vector<std::string> hints) {
  add({Severity::Warning, std::move(span), std::move(message), std::move(hints), Diagnostic::Kind::OnThePage});
}

void Diagnostics::ignored_setting(Span span, std::string message, std::vector<std::string> hints) {
  add({Severity::Warning, std::move(span), std::move(message), std::move(hints), Diagnostic::Kind::IgnoredSetting});
}

bool same_message(const Diagnostic& a, const Diagnostic& b) {
  return a.severity == b.severity && a.message == b.message && a.span == b.span;
}

void Diagnostics::add_once(Diagnostic d) {
  if (std::none_of(items_.begin(), items_.end(), [&](const Diagnostic& said) { return same_message(said, d); }))
    add(std::move(d));
}

void Diagnostics::add(Diagnostic d) {
  if (d.severity == Severity::Error) ++errors_;
  if (d.severity == Severity::Warning) ++warnings_;
  items_.push_back(std::move(d));
}

static const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
    case Severity::Detail: return "detail";
  }
  return "error";
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string out;
  if (!d.span.file.empty()) {
    out += d.span.file;
    if (d.span.known()) {
      out += ':' + std::to_string(d.span.line);
      if (d.span.col > 0) out += ':' + std::to_string(d.span.col);
    }
    out += ": ";
  } else {
    out += "hanji: ";
  }
  out += severity_name(d.severity);
  out += ": ";
  out += d.message;
  out += '\n';
  for (const auto& h : d.hints) out += "  hint: " + h + '\n';
  return out;
}

// Optimal-string-alignment distance: insertions, deletions, substitutions and
// adjacent transpositions ("compnay" -> "company" is one edit) each cost 1.
static int edit_distance(std::u32string_view a, std::u32string_view b) {
  std::vector<int> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      int subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

namespace {

// A typo is a short word; a long text is no misspelt key, and comparing it would cost time
// in proportion to its length times every candidate's.
constexpr std::size_t kLongestTypo = 64;

std::u32string folded(std::string_view text) {
  std::u32string out = utf8_decode(text);
  for (auto& c : out)
    if (c < 128) c = static_cast<char32_t>(std::tolower(static_cast<int>(c)));
  return out;
}

}  // namespace

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  if (word.size() > kLongestTypo) return {};
  std::u32string w = folded(word);
  std::string best;
  int best_distance = 1 << 30;
  for (const auto& cand : candidates) {
    int d = edit_distance(w, folded(cand));
    if (d < best_distance) {
      best_distance = d;
      best = cand;
    }
  }
  int limit = std::max<int>(1, static_cast<int>(w.size()) / 3);
  return best_distance <= limit ? best : std::string();
}

std::vector<std::string> nearest_matches(std::string_view word, const std::vector<std::string>& candidates,
                                         std::size_t count) {
  if (word.size() > kLongestTypo) return {};
  std::u32string w = folded(word);
  std::vector<std::pair<int, std::size_t>> ranked;  // distance, index
  for (std::size_t i = 0; i < candidates.size(); ++i)
    ranked.emplace_back(edit_distance(w, folded(candidates[i])), i);
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < ranked.size() && i < count; ++i) out.push_back(candidates[ranked[i].second]);
  return out;
}

std::string excerpt(std::string_view text, std::size_t max_chars) {
  std::string out;
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size();) {
    if (count++ == max_chars) {
      out += "\u2026";
      break;
    }
    const char32_t c = utf8_next(text, at);
    utf8_append(out, c == '\n' || c == '\r' || c == '\t' ? U' ' : c);
  }
  return out;
}

std::u32string utf8_decode(std::string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (std::size_t at = 0; at < s.size();) out.push_back(utf8_next(s, at));
  return out;
}

bool utf8_valid(std::string_view s, std::size_t* bad_offset) {
  for (std::size_t at = 0; at < s.size();) {
    const std::size_t start = at;
    const char32_t c = utf8_next(s, at);
    // A real U+FFFD takes three bytes; a substituted one moves by a single byte.
    if (c == 0xFFFD && at == start + 1) {
      if (bad_offset) *bad_offset = start;
      return false;
    }
  }
  return true;
}

void utf8_append(std::string& out, char32_t c) {
  if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) c = 0xFFFD;  // never write ill-formed UTF-8
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

int utf8_length(std::string_view s) {
  int n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned n = static_cast<unsigned char>(bytes[i]) << 16 | static_cast<unsigned char>(bytes[i + 1]) << 8 |
                       static_cast<unsigned char>(bytes[i + 2]);
    for (int shift : {18, 12, 6, 0}) out += kDigits[(n >> shift) & 63];
  }
  if (const std::size_t left = bytes.size() - i; left > 0) {
    unsigned n = static_cast<unsigned char>(bytes[i]) << 16;
    if (left == 2) n |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += kDigits[(n >> 18) & 63];
    out += kDigits[(n >> 12) & 63];
    out += left == 2 ? kDigits[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

}  // namespace hanji
