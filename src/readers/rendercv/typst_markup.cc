// Typst markup in a CV's text. RenderCV hands its text to Typst, so a RenderCV file may hold
// Typst calls besides its Markdown: #strong[...], #emph[...], #link("...")[...], #h(1em), and
// math between $$ and $$. hanji's text is that Markdown: the common calls become their Markdown
// equivalents, simple math is set as text the way a formula reads, and anything else is said
// where it is written, never printed as code without a word.
#include <fmt/format.h>

#include <cctype>
#include <string_view>

#include "readers/reader.h"

namespace hanji::readers {

namespace {

// Calls inside calls deeper than this are left as written (no CV nests emphasis so deep).
constexpr int kMaxDepth = 16;
// Warnings about one text: enough to show what is wrong, not one for each of a thousand calls.
constexpr int kMaxWarnings = 5;

bool is_identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == '.';
}

// For each byte of `text`, whether it is in a web address: after "://" or a "www." that
// began its word. A '#' there is the address's fragment ("https://example.com/page#part(2)"),
// not a call. One pass over the text.
std::vector<bool> in_addresses(std::string_view text) {
  std::vector<bool> in(text.size(), false);
  bool address = false;
  size_t word_start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (std::string_view(" \t\n(<[").find(text[i]) != std::string_view::npos) {
      address = false;
      word_start = i + 1;
      continue;
    }
    if (text.substr(i, 3) == "://" || (i == word_start && text.substr(i, 4) == "www.")) address = true;
    in[i] = address;
  }
  return in;
}

// One character of a formula set as a superscript or subscript; empty when Unicode has none.
std::string_view raised(char c, bool up) {
  static constexpr std::string_view kUp[] = {"\u2070", "\u00B9", "\u00B2", "\u00B3", "\u2074",
                                             "\u2075", "\u2076", "\u2077", "\u2078", "\u2079"};
  static constexpr std::string_view kDown[] = {"\u2080", "\u2081", "\u2082", "\u2083", "\u2084",
                                               "\u2085", "\u2086", "\u2087", "\u2088", "\u2089"};
  if (c >= '0' && c <= '9') return (up ? kUp : kDown)[c - '0'];
  switch (c) {
    case '+': return up ? "\u207A" : "\u208A";
    case '-': return up ? "\u207B" : "\u208B";
    case '=': return up ? "\u207C" : "\u208C";
    case 'n': return up ? "\u207F" : "";
    case 'i': return up ? "\u2071" : "";
    default: return "";
  }
}

// Simple Typst math (letters, digits, + - = ( ) / , . and ^ or _ of a digit, a sign, n or i,
// or of a {group} of them) as a formula reads: letters in italics, as math sets variables,
// the rest upright, E = mc^2 as "*E* = *mc*²". nullopt for anything richer.
std::optional<std::string> simple_math_as_text(std::string_view math) {
  std::string out;
  std::string letters;
  auto flush = [&] {
    if (!letters.empty()) out += "*" + letters + "*";
    letters.clear();
  };
  for (size_t i = 0; i < math.size(); ++i) {
    const char c = math[i];
    if (std::isalpha(static_cast<unsigned char>(c))) {
      letters += c;
      continue;
    }
    flush();
    if (c == '^' || c == '_') {
      std::string_view script = math.substr(i + 1, 1);
      if (i + 1 < math.size() && math[i + 1] == '{') {
        const size_t close = math.find('}', i + 2);
        if (close == std::string_view::npos) return std::nullopt;
        script = math.substr(i + 2, close - i - 2);
      }
      if (script.empty()) return std::nullopt;
      for (char s : script) {
        if (raised(s, c == '^').empty()) return std::nullopt;
        out += raised(s, c == '^');
      }
      i += script.size() + (math[i + 1] == '{' ? 2 : 0);
    } else if (std::isdigit(static_cast<unsigned char>(c)) || std::string_view(" +-=()/,.").find(c) != std::string_view::npos) {
      out += c == '-' ? std::string("\u2212") : std::string(1, c);  // math's minus sign
    } else {
      return std::nullopt;
    }
  }
  flush();
  return out;
}

class TypstText {
 public:
  TypstText(Text& text, Diagnostics& diags)
      : text_(text), value_(text.value), one_line_(value_.find('\n') == std::string::npos), diags_(diags),
        bracket_(match_pairs('[', ']')), paren_(match_pairs('(', ')')), address_(in_addresses(value_)) {}

  void translate() {
    std::string out = range(0, value_.size(), 0);
    if (changed_) text_.value = std::move(out);
  }

 private:
  static constexpr size_t kNone = static_cast<size_t>(-1);

  // For each opening bracket, the index of the one closing it (kNone if none does), in one
  // pass: a text of many unclosed calls costs no more than its length.
  std::vector<size_t> match_pairs(char open, char close) const {
    std::vector<size_t> match(value_.size(), kNone);
    std::vector<size_t> stack;
    for (size_t i = 0; i < value_.size(); ++i) {
      if (value_[i] == '\\') ++i;  // an escaped character is no bracket
      else if (value_[i] == open) stack.push_back(i);
      else if (value_[i] == close && !stack.empty()) {
        match[stack.back()] = i;
        stack.pop_back();
      }
    }
    return match;
  }

  // Where the byte at `at` of the value is: its column when the value is one line of the file.
  Span span_at(size_t at) const {
    if (!one_line_ || !text_.span.known()) return text_.span;
    int code_points = 0;
    for (size_t i = 0; i < at; ++i)
      if ((static_cast<unsigned char>(value_[i]) & 0xC0) != 0x80) ++code_points;
    return text_.span.shifted(code_points);
  }

  void warn(size_t at, const std::string& message, std::string hint) {
    if (++warnings_ > kMaxWarnings) return;
    std::vector<std::string> hints{std::move(hint)};
    if (warnings_ == kMaxWarnings) hints.push_back("more Typst in this text is not listed");
    diags_.warning(span_at(at), message, std::move(hints));
  }

  // The one string argument of #link("..."), without its quotes; nullopt for anything else.
  std::optional<std::string> string_argument(size_t open, size_t close) const {
    std::string_view args(value_.data() + open + 1, close - open - 1);
    while (!args.empty() && args.front() == ' ') args.remove_prefix(1);
    if (args.empty() || args.front() != '"') return std::nullopt;
    std::string out;
    for (size_t i = 1; i < args.size(); ++i) {
      if (args[i] == '\\' && i + 1 < args.size()) out += args[++i];
      else if (args[i] == '"') return out;
      else out += args[i];
    }
    return std::nullopt;
  }

  // The value's bytes [begin, end) with the calls in them translated.
  std::string range(size_t begin, size_t end, int depth) {
    std::string out;
    size_t i = begin;
    while (i < end) {
      const char c = value_[i];
      if (c == '\\' && i + 1 < end) {  // Markdown's escape, kept for the markup reader
        out += value_.substr(i, 2);
        i += 2;
      } else if (c == '#' && i + 1 < end && is_identifier_start(value_[i + 1]) && depth < kMaxDepth &&
                 !address_[i]) {
        i = call(i, end, depth, out);
      } else if (c == '$' && value_.compare(i, 2, "$$") == 0 && value_.find("$$", i + 2) < end) {
        i = math(i, value_.find("$$", i + 2), out);
      } else {
        out += c;
        ++i;
      }
    }
    return out;
  }

  // A call at `hash`: #NAME, then (ARGUMENTS) and/or [CONTENT]. Returns where the text goes on;
  // what is not a call ("#hashtag", "C#") is copied as it is.
  size_t call(size_t hash, size_t end, int depth, std::string& out) {
    size_t i = hash + 1;
    while (i < end && is_identifier_char(value_[i])) ++i;
    const std::string name = value_.substr(hash + 1, i - hash - 1);
    size_t args_open = kNone, args_close = kNone, content_open = kNone, content_close = kNone;
    if (i < end && value_[i] == '(') {
      if (paren_[i] == kNone || paren_[i] >= end) return unclosed(hash, i, name, out);
      args_open = i;
      args_close = paren_[i];
      i = args_close + 1;
    }
    if (i < end && value_[i] == '[') {
      if (bracket_[i] == kNone || bracket_[i] >= end) return unclosed(hash, i, name, out);
      content_open = i;
      content_close = bracket_[i];
      i = content_close + 1;
    }
    if (args_open == kNone && content_open == kNone) {  // "#hashtag": Typst's code, but no call
      out += value_.substr(hash, i - hash);
      return i;
    }
    changed_ = true;
    const std::string written = value_.substr(hash, i - hash);
    const std::string content =
        content_open == kNone ? std::string() : range(content_open + 1, content_close, depth + 1);
    if ((name == "strong" || name == "emph") && content_open != kNone && args_open == kNone) {
      const std::string mark = name == "strong" ? "**" : "*";
      out += mark + content + mark;
    } else if (name == "link" && args_open != kNone && string_argument(args_open, args_close)) {
      out += "[" + content + "](" + *string_argument(args_open, args_close) + ")";
    } else if (name == "h" && content_open == kNone) {
      out += ' ';
      warn(hash, fmt::format("Typst's {} is set as a space: hanji reads RenderCV's Markdown, not Typst", excerpt(written)),
           {"write the space itself, or leave it out"});
    } else if (content_open != kNone) {
      out += content;
      warn(hash,
           fmt::format("Typst's #{}[...] is not something hanji draws: its text is set plain", excerpt(name)),
           {"hanji reads RenderCV's Markdown: **bold**, *italic*, [text](https://...)"});
    } else {
      warn(hash, fmt::format("Typst's {} is not something hanji draws: it is left out", excerpt(written)),
           {"hanji reads RenderCV's Markdown: **bold**, *italic*, [text](https://...)"});
    }
    return i;
  }

  // RenderCV's math, $$...$$ (Typst typesets it as a formula): simple math is set as text the
  // way the formula reads, anything else as written; either way said, as hanji sets no math.
  size_t math(size_t open, size_t close, std::string& out) {
    changed_ = true;
    const std::string formula = value_.substr(open + 2, close - open - 2);
    const std::string written = value_.substr(open, close + 2 - open);
    if (std::optional<std::string> text = simple_math_as_text(formula)) {
      out += *text;
      warn(open, fmt::format("Typst math {} is set as text, with its letters in italics: hanji does not typeset math",
                             excerpt(written)),
           "write the formula as text (e.g. E = mc²) to choose how it looks");
    } else {
      out += formula;
      warn(open, fmt::format("Typst math {} is printed as written, without the $$: hanji does not typeset math",
                             excerpt(written)),
           "write the formula as text (e.g. E = mc²) to choose how it looks");
    }
    return close + 2;
  }

  // #NAME( or #NAME[ that nothing closes: printed as written, and said.
  size_t unclosed(size_t hash, size_t bracket, const std::string& name, std::string& out) {
    warn(hash, fmt::format("Typst's #{}{} is not closed: it is printed as written", excerpt(name), value_[bracket]),
         {value_[bracket] == '[' ? "close it with ']'" : "close it with ')'"});
    out += value_.substr(hash, bracket + 1 - hash);
    return bracket + 1;
  }

  Text& text_;
  const std::string value_;
  const bool one_line_;
  Diagnostics& diags_;
  const std::vector<size_t> bracket_, paren_;
  const std::vector<bool> address_;
  bool changed_ = false;
  int warnings_ = 0;
};

void translate(Text& text, Diagnostics& diags) {
  if (text.value.find('#') == std::string::npos && text.value.find("$$") == std::string::npos) return;
  TypstText(text, diags).translate();
}

void translate_entry(Entry& entry, Diagnostics& diags) {
  for (Text* text : {&entry.text, &entry.label, &entry.details, &entry.name, &entry.company, &entry.position,
                     &entry.institution, &entry.area, &entry.degree, &entry.title, &entry.journal, &entry.location,
                     &entry.summary})
    translate(*text, diags);
  for (Text& author : entry.authors) translate(author, diags);
  for (Highlight& highlight : entry.highlights) {
    translate(highlight.text, diags);
    for (Text& child : highlight.children) translate(child, diags);
  }
  for (auto& [key, value] : entry.extra) translate(value, diags);
}

}  // namespace

void translate_typst_markup(Cv& cv, Diagnostics& diags) {
  translate(cv.name, diags);
  translate(cv.headline, diags);
  for (Section& section : cv.sections) {
    translate(section.title, diags);
    for (Entry& entry : section.entries) translate_entry(entry, diags);
  }
}

}  // namespace hanji::readers
