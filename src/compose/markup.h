// Private to the compose module: RenderCV's inline Markdown subset and bold keywords.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "compose/compose.h"

namespace hanji::compose {

/// settings.bold_keywords, prepared once for all the paragraphs of a CV: longest first, each
/// with its Knuth–Morris–Pratt failure table, so that finding them costs time in proportion
/// to the text (a keyword like "aaaab" no longer costs its length at every "a" of the text).
struct BoldKeywords {
  struct Keyword {
    std::u32string text;
    std::vector<size_t> failure;  // failure[k]: length of the longest proper border of text[0..k]
  };
  std::vector<Keyword> keywords;

  BoldKeywords() = default;
  explicit BoldKeywords(std::vector<std::string> words);
};

/// The work parse_markup did, counted as the iterations of its loops over the characters and
/// items of the text: tests check that it grows in proportion to the text, which a count
/// shows on any machine and a time only on an idle one. The keyword search is counted apart,
/// since its cost must not grow with the keywords' length either.
struct MarkupWork {
  std::size_t parse_steps = 0;    // the markup, the quotes and the grouping into runs
  std::size_t keyword_steps = 0;  // finding the bold keywords and marking them
};

/// parse_inline plus settings.bold_keywords: whole-word occurrences of any keyword are set
/// bold (longest keyword first). A Latin keyword next to Hangul counts as a whole word, so
/// "Python" is bold in "Python으로" (Korean particles attach to the word they follow).
/// `work`, when given, gets the work done added to it.
std::vector<Inline> parse_markup(const model::Text& text, const FontSpec& base, const Rgb& link_color,
                                 const BoldKeywords& bold_keywords, Diagnostics& diags, MarkupWork* work = nullptr);

/// The visible text of `value` with the markup syntax removed (for bookmarks, PDF metadata
/// and name comparison); reports nothing.
std::string plain_text(const std::string& value);

/// The concatenated text of some inlines.
std::string inline_text(const std::vector<Inline>& inlines);

}  // namespace hanji::compose
