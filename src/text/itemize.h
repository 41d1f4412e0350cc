// Font per character and shaping items (private to the text module).
// Rules: Hangul, Hanja and CJK symbols take
// the Korean font; Latin letters and digits the Latin font; punctuation, spaces and symbols the
// font of the previous non-space character (of the next one at the start of a line); opening
// brackets and quotes the font of the text they open. A family that lacks a glyph hands the
// character to the other family, then to the fallback fonts.
#pragma once

#include <string>
#include <vector>

#include "core/core.h"
#include "layout/layout.h"
#include "text/font_store.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

enum class Family { Hangul, Latin };

/// The family each char's font comes from (before glyph coverage is checked).
std::vector<Family> resolve_families(const std::u32string& chars);

/// What itemizing and shaping need from the theme.
struct FontSettings {
  layout::Fonts fonts;
  Rgb emphasis_color;
  double hangul_latin_gap = 0;  // em
  bool right_to_left = false;   // paragraphs' base direction (a Hebrew, Arabic or Persian CV)
};

/// The faces a style of a family is set in, the first that loads: missing styles fall back,
/// bold italic to bold to regular, italic and bold to regular.
std::vector<const std::string*> face_fallbacks(const layout::FontFaces& faces, bool bold, bool italic);

/// Chooses a font, size, baseline and colour for every char and groups the chars into items.
/// A char no font has is drawn as .notdef of its family's font, with one warning per distinct
/// char at its source span. Newlines belong to no item.
std::vector<Item> itemize(const SourceText& text, const FontSettings& settings, FontStore& fonts,
                          Diagnostics& diags);

}  // namespace hanji::text::detail
