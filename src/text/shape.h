// Shaping (private to the text module): every item of a paragraph through HarfBuzz once, with
// the whole paragraph as context, into glyphs grouped by cluster. Two steps, so that shaping
// can be cached across sizes: shape_units() itemizes and shapes in font units (independent
// of the text sizes), scale_shaped() turns that into pt for the paragraph's actual sizes.
#pragma once

#include "core/core.h"
#include "text/font_store.h"
#include "text/itemize.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

/// Itemizes and shapes `text`. The clusters cover every char in order; newlines (and chars no
/// usable font could be found for) are clusters without glyphs.
ShapedUnits shape_units(const SourceText& text, const FontSettings& settings, FontStore& fonts, Diagnostics& diags);

/// The glyphs of `units` in pt for the sizes of `text`'s inlines, which must be styled as
/// those `units` were shaped from except for their sizes (the same chars, fonts, colours and
/// links, and sizes equal where they were equal). hangul_latin_gap is applied here, as extra
/// advance, so line breaking sees the final widths.
ShapedText scale_shaped(const ShapedUnits& units, const SourceText& text, const FontSettings& settings,
                        const FontStore& fonts);

}  // namespace hanji::text::detail
