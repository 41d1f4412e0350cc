// Inline markup: **bold**, *italic*, `code`, [text](url) and backslash escapes, resolved with a
// simplified CommonMark delimiter algorithm so that nesting (bold inside a link, italic
// inside bold, ***both***) works and unmatched asterisks stay visible as text.
#include "compose/markup.h"

#include <algorithm>
#include <map>
#include <string_view>

#include <fmt/format.h>

#include "core/limits.h"
#include "core/links.h"

namespace hanji::compose {
namespace {

// One code point of the result, or (before emphasis is resolved) a run of '*'.
struct Item {
  bool is_delimiter = false;
  char32_t ch = 0;
  int offset = 0;  // code-point offset of the character (or run) in the source value
  bool bold = false, italic = false;
  int link = -1;  // index into Parser::links
  bool code = false;  // inside `code`: set in the monospaced face, taken literally
  char32_t typed = 0;  // the character as typed, where `ch` replaced it (a typographic quote)
  // A run of '*': stars [lo, hi) of the run are still unused.
  int lo = 0, hi = 0;
  bool can_open = false, can_close = false, could_match = false;

  int remaining() const { return hi - lo; }
};

bool is_space(char32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x3000 || c == 0xA0; }

bool is_ascii_alnum(char32_t c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool is_ascii_punctuation(char32_t c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

// utf8_append with ASCII, most of a CV's text, inline: the parser appends every char it keeps.
void append_char(std::string& out, char32_t c) {
  if (c < 0x80) out += static_cast<char>(c);
  else utf8_append(out, c);
}

std::string to_utf8(const std::u32string& s, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to; ++i) append_char(out, s[i]);
  return out;
}

// Every loop of the parser adds one to `steps_` per iteration (see MarkupWork).
class Parser {
 public:
  Parser(const model::Text& text, Diagnostics* diags, std::size_t& steps)
      : text_(text),
        cps_(utf8_decode(text.value)),
        one_line_(text.value.find('\n') == std::string::npos),
        diags_(diags),
        steps_(steps),
        code_close_(match_backtick_runs()) {
    match_brackets();
  }

  std::vector<Item> parse() { return parse_range(0, cps_.size(), false); }
  const std::vector<std::string>& links() const { return links_; }
  /// The value as written, each [text](address) it parsed written with what the PDF links
  /// (see markup_linked_as_set); call after parse().
  std::string with_links_as_set() const;
  /// Where the code point at `offset` of the value is. Offsets map to columns only when the
  /// value is one source line; a multi-line value (folded or literal block) points at its start.
  Span span_at(size_t offset) const {
    return one_line_ && text_.span.known() ? text_.span.shifted(static_cast<int>(offset)) : text_.span;
  }

 private:
  static constexpr size_t kNoMatch = static_cast<size_t>(-1);
  void match_brackets();
  std::vector<size_t> match_backtick_runs() const;
  bool scan_code(size_t& i, size_t end, std::vector<Item>& out) const;
  std::vector<Item> parse_range(size_t begin, size_t end, bool in_link);
  size_t scan_stars(size_t i, size_t begin, size_t end, std::vector<Item>& out) const;
  bool scan_link(size_t& i, size_t end, std::vector<Item>& out);
  bool scan_autolink(size_t& i, size_t begin, size_t end, std::vector<Item>& out);
  size_t matching(size_t i, size_t end, char32_t open) const;
  std::string text_between(size_t from, size_t to) const {
    steps_ += to - from;
    return to_utf8(cps_, from, to);
  }
  void resolve_emphasis(std::vector<Item>& items) const;
  std::vector<Item> flatten(const std::vector<Item>& items) const;
  std::string checked_link_target(const std::string& url, size_t offset) const;
  void warn(size_t offset, std::string message, std::vector<std::string> hints) const {
    if (diags_) diags_->warning(span_at(offset), std::move(message), std::move(hints));
  }

  const model::Text& text_;
  std::u32string cps_;
  bool one_line_;
  Diagnostics* diags_;
  std::size_t& steps_;  // before the tables below: building them counts
  std::vector<std::string> links_;
  // Where each [text](address) was written, in order, and what it links to ("" for nothing).
  struct LinkSyntax {
    size_t open = 0, close_bracket = 0, close_paren = 0;
    std::string target;
  };
  std::vector<LinkSyntax> link_syntax_;
  std::string label_as_text(const LinkSyntax& link) const;
  // For each opening bracket / parenthesis, the index of the one closing it (kNoMatch if
  // none), found once for the whole value: looking for it afresh at every '[' made a
  // paragraph of 100,000 unclosed brackets take 11 s. Empty when never looked up.
  std::vector<size_t> bracket_match_, paren_match_;
  // For the first backtick of each run, where the next run of the same length starts (the
  // code span's end, as in CommonMark); found in one pass for the same reason.
  std::vector<size_t> code_close_;
};

std::vector<size_t> Parser::match_backtick_runs() const {
  if (text_.value.find('`') == std::string::npos) return {};  // no code: never looked up
  std::vector<size_t> close(cps_.size(), kNoMatch);
  std::vector<std::pair<size_t, size_t>> runs;  // start, length
  for (size_t k = 0; k < cps_.size();) {
    ++steps_;
    if (cps_[k] == '\\' && k + 1 < cps_.size() && cps_[k + 1] == '`') {
      k += 2;  // an escaped backtick opens nothing (it may still close: CommonMark reads no escapes in code)
      continue;
    }
    if (cps_[k] != '`') {
      ++k;
      continue;
    }
    size_t start = k;
    for (; k < cps_.size() && cps_[k] == '`'; ++k) ++steps_;
    runs.emplace_back(start, k - start);
  }
  // From the end: the nearest later run of each length.
  std::map<size_t, size_t> next_of_length;
  for (auto it = runs.rbegin(); it != runs.rend(); ++it) {
    ++steps_;
    auto found = next_of_length.find(it->second);
    if (found != next_of_length.end()) close[it->first] = found->second;
    next_of_length[it->second] = it->first;
  }
  return close;
}

// `code`: the text between two runs of as many backticks, without markup or escapes; one
// space just inside both ends is dropped, so `` `x` `` can show backticks.
bool Parser::scan_code(size_t& i, size_t end, std::vector<Item>& out) const {
  size_t run = 0;
  for (; i + run < end && cps_[i + run] == '`'; ++run) ++steps_;
  const size_t close = code_close_[i];
  if (close == kNoMatch || close + run > end) return false;
  size_t from = i + run, to = close;
  if (to - from >= 2 && cps_[from] == ' ' && cps_[to - 1] == ' ' &&
      std::any_of(cps_.begin() + static_cast<long>(from), cps_.begin() + static_cast<long>(to), [&](char32_t c) {
        ++steps_;
        return c != ' ';
      })) {
    ++from;
    --to;
  }
  for (size_t k = from; k < to; ++k) {
    ++steps_;
    out.push_back(Item{.ch = cps_[k] == '\n' ? U' ' : cps_[k], .offset = static_cast<int>(k), .code = true});
  }
  i = close + run;
  return true;
}

// One pass with a stack for each kind; a backslash hides the character after it, as in
// `matching` before. Only for a value with a '[', without which neither table is looked up
// (most of a CV's texts have no link, and many no brackets at all); the parentheses only for
// one with a link's "](", the only place that looks for a ')'.
void Parser::match_brackets() {
  if (text_.value.find('[') == std::string::npos) return;
  const bool parens = text_.value.find("](") != std::string::npos;
  bracket_match_.assign(cps_.size(), kNoMatch);
  if (parens) paren_match_.assign(cps_.size(), kNoMatch);
  std::vector<size_t> brackets, open_parens;
  for (size_t k = 0; k < cps_.size(); ++k) {
    ++steps_;
    const char32_t c = cps_[k];
    if (c == '\\') {
      ++k;
    } else if (c == '[') {
      brackets.push_back(k);
    } else if (c == ']') {
      if (!brackets.empty()) {
        bracket_match_[brackets.back()] = k;
        brackets.pop_back();
      }
    } else if (parens && c == '(') {
      open_parens.push_back(k);
    } else if (parens && c == ')' && !open_parens.empty()) {
      paren_match_[open_parens.back()] = k;
      open_parens.pop_back();
    }
  }
}

// Links may not hold links (as in CommonMark): inside a label `in_link` is set, so the
// recursion is never deeper than one label, however many brackets are nested.
std::vector<Item> Parser::parse_range(size_t begin, size_t end, bool in_link) {
  std::vector<Item> items;
  items.reserve(end - begin);
  bool stars = false;
  size_t i = begin;
  while (i < end) {
    ++steps_;
    char32_t c = cps_[i];
    if (c == '\\' && i + 1 < end && is_ascii_punctuation(cps_[i + 1])) {
      items.push_back(Item{.ch = cps_[i + 1], .offset = static_cast<int>(i)});
      i += 2;
    } else if (c == '`' && (i == begin || cps_[i - 1] != '`') && scan_code(i, end, items)) {
      // scan_code advanced i past the closing backticks
    } else if (c == '*') {
      i = scan_stars(i, begin, end, items);
      stars = true;
    } else if (c == '[' && !in_link && scan_link(i, end, items)) {
      // scan_link advanced i past the link
    } else if (c == 'h' && scan_autolink(i, begin, end, items)) {
      // a bare http(s):// address, now a link
    } else {
      items.push_back(Item{.ch = c, .offset = static_cast<int>(i)});
      ++i;
    }
  }
  if (!stars) return items;  // no emphasis to resolve, no unused stars to flatten
  resolve_emphasis(items);
  return flatten(items);
}

// A run of '*'. It may open emphasis when followed by a non-space, close it when preceded by
// one (CommonMark's flanking rule without the punctuation refinements).
size_t Parser::scan_stars(size_t i, size_t begin, size_t end, std::vector<Item>& out) const {
  size_t j = i;
  for (; j < end && cps_[j] == '*'; ++j) ++steps_;
  Item run{.is_delimiter = true, .ch = '*', .offset = static_cast<int>(i)};
  run.hi = static_cast<int>(j - i);
  run.can_open = j < end && !is_space(cps_[j]);
  run.can_close = i > begin && !is_space(cps_[i - 1]);
  run.could_match = run.can_open || run.can_close;
  out.push_back(run);
  return j;
}

// The index of the bracket closing the one at `i`, skipping escapes and nested pairs; `end`
// if none closes it before `end`.
size_t Parser::matching(size_t i, size_t end, char32_t open) const {
  const size_t k = (open == '[' ? bracket_match_ : paren_match_)[i];
  return k == kNoMatch || k >= end ? end : k;
}

// [text](url): the text is parsed for emphasis on its own and every character gets the link.
// A '[' that does not start "[...](" is ordinary text ("[2020]").
bool Parser::scan_link(size_t& i, size_t end, std::vector<Item>& out) {
  size_t close_bracket = matching(i, end, '[');
  if (close_bracket >= end || close_bracket + 1 >= end || cps_[close_bracket + 1] != '(') return false;
  size_t close_paren = matching(close_bracket + 1, end, '(');
  if (close_paren >= end) {
    warn(i, "link '" + excerpt(text_between(i, std::min(end, i + 61))) + "' has no closing ')'; it is kept as text",
         {"write [text](https://example.com)"});
    return false;
  }
  std::string url = text_between(close_bracket + 2, close_paren);
  url.erase(0, url.find_first_not_of(' '));
  url.erase(url.find_last_not_of(' ') + 1);
  if (url.size() > limits::kMaxUrlLength) {
    warn(close_bracket + 2,
         fmt::format("link target of {} characters; hanji links at most {}, so this text is set without its link",
                     url.size(), limits::kMaxUrlLength),
         {"shorten the address (an address rarely needs more than a hundred characters)"});
    url.clear();
  } else {
    url = checked_link_target(url, close_bracket + 2);
  }
  link_syntax_.push_back({i, close_bracket, close_paren, url});
  const int link = url.empty() ? -1 : static_cast<int>(links_.size());
  if (link >= 0) links_.push_back(url);
  std::vector<Item> label = parse_range(i + 1, close_bracket, true);
  if (label.empty())  // "[](url)": show the address itself
    for (size_t k = close_bracket + 2; k < close_paren; ++k) {
      ++steps_;
      label.push_back(Item{.ch = cps_[k], .offset = static_cast<int>(k)});
    }
  for (auto& item : label) {
    ++steps_;
    item.link = link;
    out.push_back(item);
  }
  i = close_paren + 1;
  return true;
}

// A link's label as the PDF shows it: a link written inside it is text there (links hold no
// links), so its brackets are escaped, or a Markdown viewer would make it a link, one whose
// address was never checked.
std::string Parser::label_as_text(const LinkSyntax& link) const {
  std::string out;
  for (size_t k = link.open + 1; k < link.close_bracket; ++k) {
    if (cps_[k] == '\\' && k + 1 < link.close_bracket) {
      utf8_append(out, cps_[k]);
      utf8_append(out, cps_[++k]);
      continue;
    }
    if (cps_[k] == '[' || cps_[k] == ']') out += '\\';
    utf8_append(out, cps_[k]);
  }
  return out;
}

std::string Parser::with_links_as_set() const {
  std::string out;
  size_t copied = 0;
  for (const LinkSyntax& link : link_syntax_) {
    out += to_utf8(cps_, copied, link.open);
    const std::string label = label_as_text(link);
    if (!link.target.empty()) out += "[" + label + "](" + link.target + ")";
    else out += label.empty() ? to_utf8(cps_, link.close_bracket + 2, link.close_paren) : label;  // "[](address)"
    copied = link.close_paren + 1;
  }
  return out + to_utf8(cps_, copied, cps_.size());
}

// A bare "https://…" or "http://…" becomes a link to itself. It ends at white space; trailing
// sentence punctuation and an unbalanced ')' stay outside ("(see https://x.y/a)." links
// "https://x.y/a").
bool Parser::scan_autolink(size_t& i, size_t begin, size_t end, std::vector<Item>& out) {
  auto starts_with = [&](std::u32string_view prefix) {
    return end - i > prefix.size() && std::u32string_view(cps_).substr(i, prefix.size()) == prefix;
  };
  if (!starts_with(U"https://") && !starts_with(U"http://")) return false;
  if (i > begin && is_ascii_alnum(cps_[i - 1])) return false;  // inside a word: "xhttps://"
  size_t stop = i;
  int parens = 0;
  while (stop < end && !is_space(cps_[stop]) && cps_[stop] != '<' && cps_[stop] != '>') {
    ++steps_;
    if (cps_[stop] == '(') ++parens;
    if (cps_[stop] == ')' && --parens < 0) break;
    ++stop;
  }
  for (; stop > i && std::u32string_view(U".,;:!?'\"").find(cps_[stop - 1]) != std::u32string_view::npos; --stop)
    ++steps_;
  int link = static_cast<int>(links_.size());
  links_.push_back(text_between(i, stop));
  for (; i < stop; ++i) {
    ++steps_;
    out.push_back(Item{.ch = cps_[i], .offset = static_cast<int>(i), .link = link});
  }
  return true;
}

// What a [text](url) links to: the address as written when its scheme is http, https,
// mailto or tel; https:// and a bare host name ("example.com/jane"); else nothing, and the
// text is set without a link, with a warning saying why.
std::string Parser::checked_link_target(const std::string& url, size_t offset) const {
  if (url.empty()) {
    warn(offset, "link has an empty target", {"write [text](https://example.com)"});
    return "";
  }
  LinkTarget target = link_target(url);
  if (!target.problem.empty())
    warn(offset, "no link to '" + excerpt(url) + "': " + target.problem + "; the text is set without a link",
         {target.hint});
  else if (uri_scheme(url).empty())
    warn(offset, "link target '" + excerpt(url) + "' has no scheme; it is linked as " + excerpt(target.uri),
         {"write " + excerpt(target.uri)});
  return target.uri;
}

// Pairs each closing run with the nearest open run before it (two stars = bold when both
// sides have two, else one star = italic) and marks everything in between. The open runs wait
// on a stack, and the spans are marked through running counts, so the cost stays linear
// (looking back and marking item by item made 100,000 stars take a second).
void Parser::resolve_emphasis(std::vector<Item>& items) const {
  std::vector<size_t> openers;  // runs that may still open, nearest last
  std::vector<int> bold_delta(items.size() + 1, 0), italic_delta(items.size() + 1, 0);
  for (size_t c = 0; c < items.size(); ++c) {
    ++steps_;
    if (!items[c].is_delimiter) continue;
    while (items[c].can_close && items[c].remaining() > 0 && !openers.empty()) {
      ++steps_;
      Item& opener = items[openers.back()];
      const int use = opener.remaining() >= 2 && items[c].remaining() >= 2 ? 2 : 1;
      std::vector<int>& delta = use == 2 ? bold_delta : italic_delta;
      ++delta[openers.back() + 1];
      --delta[c];
      opener.hi -= use;  // an opener gives up its innermost (rightmost) stars
      items[c].lo += use;
      if (opener.remaining() == 0) openers.pop_back();
    }
    if (items[c].can_open && items[c].remaining() > 0) openers.push_back(c);
  }
  int bold = 0, italic = 0;
  for (size_t k = 0; k < items.size(); ++k) {
    ++steps_;
    bold += bold_delta[k];
    italic += italic_delta[k];
    if (bold > 0) items[k].bold = true;
    if (italic > 0) items[k].italic = true;
  }
}

// Unused stars become ordinary characters, with a warning where they look like markup.
std::vector<Item> Parser::flatten(const std::vector<Item>& items) const {
  std::vector<Item> out;
  for (const auto& item : items) {
    ++steps_;
    if (!item.is_delimiter) {
      out.push_back(item);
      continue;
    }
    if (item.remaining() == 0) continue;
    std::string stars(static_cast<size_t>(item.remaining()), '*');
    if (item.could_match) {
      bool closes_only = item.can_close && !item.can_open && item.lo == 0 && item.hi == static_cast<int>(stars.size());
      warn(static_cast<size_t>(item.offset + item.lo),
           closes_only ? fmt::format("'{}' closes nothing; it is kept as text", stars)
                       : fmt::format("'{}' is never closed; it is kept as text", stars),
           {fmt::format("close it with '{}', or write {} for a literal asterisk", stars, "\\*")});
    }
    for (int k = item.lo; k < item.hi; ++k) {
      ++steps_;
      Item star = item;
      star.is_delimiter = false;
      star.offset = item.offset + k;
      out.push_back(star);
    }
  }
  return out;
}

// Word classes for bold keywords: a keyword matches only where the characters on either
// side are not letters of the same class.
enum class WordClass { None, Latin, Hangul };

WordClass word_class(char32_t c) {
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') return WordClass::Latin;
  if (c >= 0xC0 && c <= 0x2FF && c != 0xD7 && c != 0xF7) return WordClass::Latin;  // accented Latin
  if (c >= 0x370 && c <= 0x52F) return WordClass::Latin;                           // Greek, Cyrillic
  if ((c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) ||
      (c >= 0x4E00 && c <= 0x9FFF))
    return WordClass::Hangul;  // Hangul and Hanja
  return WordClass::None;
}

bool word_boundary(char32_t a, char32_t b) {
  WordClass ca = word_class(a), cb = word_class(b);
  return ca == WordClass::None || cb == WordClass::None || ca != cb;
}

// Every occurrence of `keyword` in the items, in order (overlapping ones included). Each step
// back along the failure table undoes a step forward, so the steps are at most twice the items.
template <typename Visit>
void find_occurrences(const BoldKeywords::Keyword& keyword, const std::vector<Item>& items, std::size_t& steps,
                      Visit visit) {
  const std::u32string& kw = keyword.text;
  size_t matched = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    ++steps;
    for (; matched > 0 && items[i].ch != kw[matched]; matched = keyword.failure[matched - 1]) ++steps;
    if (items[i].ch == kw[matched]) ++matched;
    if (matched == kw.size()) {
      visit(i + 1 - kw.size());
      matched = keyword.failure[matched - 1];
    }
  }
}

void apply_bold_keywords(std::vector<Item>& items, const BoldKeywords& bold_keywords, std::size_t& steps) {
  for (const auto& keyword : bold_keywords.keywords) {
    const size_t length = keyword.text.size();
    if (length > items.size()) continue;
    size_t next_allowed = 0;  // matches of one keyword do not overlap: the leftmost wins
    find_occurrences(keyword, items, steps, [&](size_t i) {
      const size_t end = i + length;
      if (i < next_allowed) return;
      if (i > 0 && !word_boundary(items[i - 1].ch, items[i].ch)) return;
      if (end < items.size() && !word_boundary(items[end - 1].ch, items[end].ch)) return;
      for (size_t k = i; k < end; ++k) {
        ++steps;
        items[k].bold = true;
      }
      next_allowed = end;
    });
  }
}

// A word that is an address, not prose: its quotes are characters of the address.
bool is_address(const std::vector<Item>& items, size_t begin, size_t end, std::size_t& steps) {
  const auto ch = [&](size_t k) { return k < end ? items[k].ch : U'\0'; };
  bool address = end - begin >= 4 && ch(begin) == 'w' && ch(begin + 1) == 'w' && ch(begin + 2) == 'w' && ch(begin + 3) == '.';
  for (size_t k = begin; k < end; ++k) {
    ++steps;
    address = address || items[k].ch == '@' || (items[k].ch == ':' && ch(k + 1) == '/' && ch(k + 2) == '/');
  }
  return address;
}

bool opens_quote_after(char32_t c) {
  return is_space(c) || c == '(' || c == '[' || c == '{' || c == 0x2013 || c == 0x2014 || c == '/';
}

bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }

// Typewriter quotes become typographic ones, as TeX's `` '' and Typst's smart quotes do: ' after
// a letter or digit is an apostrophe or a closing quote (’), before one an opening quote (‘),
// except an elided year ('90s); " opens (“) at the start, after a space or an opening bracket,
// and closes (”) elsewhere. Addresses (URLs, e-mail) keep theirs. Whether any quote was
// replaced (then a run reads as what was typed, not as it shows).
bool smarten_quotes(std::vector<Item>& items, std::size_t& steps) {
  bool replaced = false;
  size_t word_begin = 0;
  bool address = false;
  for (size_t k = 0; k < items.size(); ++k) {
    ++steps;
    if (k == 0 || is_space(items[k - 1].ch)) {  // a new word: find where it ends
      word_begin = k;
      size_t word_end = k;
      for (; word_end < items.size() && !is_space(items[word_end].ch); ++word_end) ++steps;
      address = is_address(items, word_begin, word_end, steps);
    }
    Item& item = items[k];
    if (address || item.is_delimiter || item.code || (item.ch != '\'' && item.ch != '"')) continue;
    const char32_t before = k == 0 ? U' ' : items[k - 1].ch;
    const char32_t after = k + 1 < items.size() ? items[k + 1].ch : U' ';
    const bool opening = opens_quote_after(before) || k == 0;
    item.typed = item.ch;
    replaced = true;
    if (item.ch == '\'')
      item.ch = opening && !is_space(after) && !(is_digit(after) && k + 2 < items.size() && is_digit(items[k + 2].ch))
                    ? 0x2018
                    : 0x2019;
    else
      item.ch = opening && !is_space(after) ? 0x201C : 0x201D;
  }
  return replaced;
}

// `typed`: whether any item was typed as another character than it shows (smarten_quotes);
// without one, every run reads as it shows, which an empty reads_as says.
std::vector<Inline> group_inlines(const std::vector<Item>& items, const Parser& parser, const FontSpec& base,
                                  const Rgb& link_color, bool typed, std::size_t& steps) {
  const std::vector<std::string>& links = parser.links();
  std::vector<Inline> out;
  const Item* previous = nullptr;
  for (const auto& item : items) {
    ++steps;
    if (!previous || item.bold != previous->bold || item.italic != previous->italic || item.link != previous->link ||
        item.code != previous->code) {
      Inline run;
      run.font = base;
      run.font.bold = base.bold || item.bold;
      run.font.italic = base.italic || item.italic;
      run.font.emphasized = base.emphasized || item.italic;
      run.font.mono = base.mono || item.code;
      if (item.link >= 0) {
        run.link = links[static_cast<size_t>(item.link)];
        run.font.color = link_color;
      }
      run.span = parser.span_at(static_cast<size_t>(item.offset));
      out.push_back(std::move(run));
    }
    append_char(out.back().text, item.ch);
    if (typed) append_char(out.back().reads_as, item.typed ? item.typed : item.ch);
    previous = &item;
  }
  // The page shows ’ and “ ”; what is copied or parsed out of the PDF is what was typed.
  if (typed)
    for (Inline& run : out)
      if (run.reads_as == run.text) run.reads_as.clear();
  return out;
}

}  // namespace

BoldKeywords::BoldKeywords(std::vector<std::string> words) {
  // Longest first, so "C++ templates" wins over "C++"; ties by text for determinism.
  std::sort(words.begin(), words.end(), [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() > b.size() : a < b;
  });
  for (const std::string& word : words) {
    Keyword keyword{utf8_decode(word), {}};
    if (keyword.text.empty()) continue;
    keyword.failure.assign(keyword.text.size(), 0);
    for (size_t k = 1, border = 0; k < keyword.text.size(); ++k) {
      while (border > 0 && keyword.text[k] != keyword.text[border]) border = keyword.failure[border - 1];
      if (keyword.text[k] == keyword.text[border]) ++border;
      keyword.failure[k] = border;
    }
    keywords.push_back(std::move(keyword));
  }
}

std::vector<Inline> parse_markup(const model::Text& text, const FontSpec& base, const Rgb& link_color,
                                 const BoldKeywords& bold_keywords, Diagnostics& diags, MarkupWork* work) {
  MarkupWork done;
  Parser parser(text, &diags, done.parse_steps);
  std::vector<Item> items = parser.parse();
  // Only a value with a typewriter quote has one to replace.
  const bool typed = text.value.find_first_of("'\"") != std::string::npos && smarten_quotes(items, done.parse_steps);
  if (!bold_keywords.keywords.empty()) apply_bold_keywords(items, bold_keywords, done.keyword_steps);
  std::vector<Inline> inlines = group_inlines(items, parser, base, link_color, typed, done.parse_steps);
  if (work) {
    work->parse_steps += done.parse_steps;
    work->keyword_steps += done.keyword_steps;
  }
  return inlines;
}

std::vector<Inline> parse_inline(const model::Text& text, const FontSpec& base, const Rgb& link_color,
                                 Diagnostics& diags) {
  return parse_markup(text, base, link_color, BoldKeywords{}, diags);
}

std::string plain_text(const std::string& value) {
  model::Text text{value, {}};
  std::size_t steps = 0;  // nobody asks
  Parser parser(text, nullptr, steps);
  std::string out;
  for (const auto& item : parser.parse()) utf8_append(out, item.ch);
  return out;
}

std::string markup_linked_as_set(const std::string& value) {
  if (value.find("](") == std::string::npos) return value;
  model::Text text{value, {}};
  std::size_t steps = 0;  // nobody asks
  Parser parser(text, nullptr, steps);
  parser.parse();
  return parser.with_links_as_set();
}

std::string inline_text(const std::vector<Inline>& inlines) {
  std::string out;
  for (const auto& run : inlines) out += run.text;
  return out;
}

}  // namespace hanji::compose
