// Shaping (private to the text module): every item of a paragraph through HarfBuzz once, with
// the whole paragraph as context, into glyphs in pt grouped by cluster.
#pragma once

#include "core/core.h"
#include "text/font_store.h"
#include "text/itemize.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

/// Itemizes and shapes `text`. The clusters cover every char in order; newlines (and chars no
/// usable font could be found for) are clusters without glyphs. hangul_latin_gap is applied
/// here, as extra advance, so line breaking sees the final widths.
ShapedText shape_text(const SourceText& text, const FontSettings& settings, FontStore& fonts, Diagnostics& diags);

}  // namespace hanji::text::detail
