#include "text/hyphenate.h"

#include <algorithm>
#include <string>

#include "text/char_class.h"
#include "text/tokens.h"

namespace hanji::text::detail {

namespace {

bool is_lowercase_ascii(char32_t c) { return c >= 'a' && c <= 'z'; }

bool is_compound_joiner(char32_t c) { return c == '-' || c == 0x2010 || c == 0x2013 || c == '/'; }

bool is_ascii_letter(char32_t c) { return is_lowercase_ascii(c) || (c >= 'A' && c <= 'Z'); }

bool is_leading_punctuation(char32_t c) { return is_opening_bracket(c) || c == '"' || c == '\''; }

bool is_trailing_punctuation(char32_t c) {
  switch (c) {
    case '.': case ',': case ';': case ':': case '!': case '?': case '"': case '\'': case 0x2026:  // …
      return true;
    default:
      return is_closing_bracket(c);
  }
}

// The word inside a token: without the brackets, quotes and sentence punctuation around it
// and without a possessive 's ("(developer's)," -> "developer").
Token strip_token(const std::u32string& chars, Token token) {
  while (token.begin < token.end && is_leading_punctuation(chars[token.begin])) ++token.begin;
  while (token.end > token.begin && is_trailing_punctuation(chars[token.end - 1])) --token.end;
  const bool possessive = token.end - token.begin > 2 && chars[token.end - 1] == 's' &&
                          (chars[token.end - 2] == '\'' || chars[token.end - 2] == 0x2019);
  if (possessive) token.end -= 2;
  return token;
}

// A word of `kMinHyphenatedWord` letters or more, each one `letter` allows, none of it link text.
bool is_word_of(const SourceText& text, const Token& word, bool (*letter)(char32_t)) {
  if (word.end - word.begin < kMinHyphenatedWord) return false;
  for (size_t k = word.begin; k < word.end; ++k)
    if (!letter(text.chars[k]) || !text.inline_at(k).link.empty()) return false;
  return true;
}

bool is_plain_word(const SourceText& text, const Token& word) { return is_word_of(text, word, is_lowercase_ascii); }

// A word an emergency may hyphenate: ASCII letters of any case (the patterns are English;
// a name set in a column too narrow for it reads better "Ziekenhuis-" / "apotheker" than
// broken between two letters), not link text (an address keeps its own breaks).
bool is_emergency_word(const SourceText& text, const Token& word) { return is_word_of(text, word, is_ascii_letter); }

}  // namespace

void mark_emergency_hyphenation(const SourceText& text, HyphenDictionary& dictionary,
                                std::vector<Boundary>& boundaries) {
  std::string word;
  const auto mark = [&](const Token& core) {
    if (!is_emergency_word(text, core)) return;
    word.assign(text.text, text.byte_of[core.begin], core.end - core.begin);  // ASCII: one byte per char
    for (char& c : word) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (size_t point : dictionary.points(word)) {
      Boundary& boundary = boundaries[core.begin + point];
      if (boundary.allowed || boundary.forced || boundary.hyphen || boundary.address_part) continue;
      boundary.hyphen_emergency = true;
      boundary.between_letters = false;
      boundary.awkward = false;
      boundary.emergency = kHyphenEmergency;
    }
  };
  // Each part of a compound on its own ("Ziekenhuisapotheker" of "Ziekenhuisapotheker-specialist").
  for (const Token& token : split_tokens(text.chars)) {
    if (looks_like_address(text.chars, token.begin, token.end)) continue;
    const Token core = strip_token(text.chars, token);
    size_t part = core.begin;
    for (size_t k = core.begin; k <= core.end; ++k)
      if (k == core.end || is_compound_joiner(text.chars[k])) {
        mark(strip_token(text.chars, Token{part, k, false, DateKind::None}));
        part = k + 1;
      }
  }
}

void mark_hyphenation(const SourceText& text, HyphenDictionary& dictionary, std::vector<Boundary>& boundaries) {
  std::string word;
  const std::vector<Token> tokens = split_tokens(text.chars);
  // The last word of a paragraph too: the line breaker charges a last line holding only the
  // end of a word ("infer-" / "ence.") TeX's final-hyphen and orphan demerits, so it is
  // broken only when every other choice is worse (a justified line stretched to three times
  // its spaces).
  for (size_t t = 0; t < tokens.size(); ++t) {
    const Token core = strip_token(text.chars, tokens[t]);
    if (!is_plain_word(text, core)) continue;
    word.assign(text.text, text.byte_of[core.begin], core.end - core.begin);  // ASCII: one byte per char
    for (size_t point : dictionary.points(word)) {
      Boundary& boundary = boundaries[core.begin + point];
      if (!boundary.allowed && !boundary.forced) boundary.hyphen = true;
    }
  }
}

}  // namespace hanji::text::detail
