// Private to the compose module: RenderCV's inline Markdown subset and bold keywords.
#pragma once

#include <string>
#include <vector>

#include "compose/compose.h"

namespace hanji::compose {

/// parse_inline plus settings.bold_keywords: whole-word occurrences of any keyword are set
/// bold (longest keyword first). A Latin keyword next to Hangul counts as a whole word, so
/// "Python" is bold in "Python으로" (Korean particles attach to the word they follow).
std::vector<Inline> parse_markup(const source::Text& text, const FontSpec& base, const Rgb& link_color,
                                 const std::vector<std::string>& bold_keywords, Diagnostics& diags);

/// The visible text of `value` with the markup syntax removed (for bookmarks, PDF metadata
/// and name comparison); reports nothing.
std::string plain_text(const std::string& value);

/// The concatenated text of some inlines.
std::string inline_text(const std::vector<Inline>& inlines);

}  // namespace hanji::compose
