// Which words of a paragraph may be hyphenated, and where (private to the text module).
// Hyphenation is for plain English prose only. A résumé's
// long words are mostly names and technical terms (Kubernetes, PostgreSQL, Node.js) that the
// patterns split badly and that applicant tracking systems must find whole, so only words of
// lowercase ASCII letters qualify: never Korean or Hanja, never capitalised words (proper
// nouns; a sentence-initial capital cannot be told from one), CamelCase or ALL CAPS, never a
// token with digits, symbols or inner punctuation (URLs, e-mail addresses, paths, C++, a_b,
// std::vector, Node.js, large-scale), never link text, never a paragraph of names (nor,
// Typesetter decides, a centred or right-aligned one). Nor the last word of a paragraph: its
// end would make a last line of its own.
#pragma once

#include <vector>

#include "text/breaks.h"
#include "text/hyphen_dict.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

/// Sets boundaries[k].hyphen at every hyphenation point of the paragraph's eligible words.
void mark_hyphenation(const SourceText& text, HyphenDictionary& dictionary, std::vector<Boundary>& boundaries);

/// Sets boundaries[k].hyphen_emergency (and its emergency cost) at the hyphenation points of
/// every word of Latin letters, capitalised or not ("Ziekenhuisapotheker", "Shipmanagement"):
/// a word wider than its line breaks there rather than between any two letters. Words of
/// digits or symbols, addresses and link text keep their other emergency breaks.
void mark_emergency_hyphenation(const SourceText& text, HyphenDictionary& dictionary,
                                std::vector<Boundary>& boundaries);

}  // namespace hanji::text::detail
