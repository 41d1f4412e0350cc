// Shaping (private to the text module): every item of a paragraph through HarfBuzz, word by
// word, into glyphs grouped by cluster. Two steps, so that shaping can be cached across
// sizes: shape_units() itemizes and shapes in font units (independent of the text sizes),
// scale_shaped() turns that into pt for the paragraph's actual sizes.
//
// Words are shaped one at a time, and each distinct word once per font (ShapedWords), as
// browsers and Typst do: a CV says "the", "and", "2021" and its own name many times, a warm
// engine sets the same words draft after draft, and a Latin font with a large kerning table
// costs HarfBuzz thousands of instructions a glyph. The scripts hanji sets (Latin, Hangul,
// Han, kana, Cyrillic) do not shape across a space, so the glyphs are those of the whole item.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/core.h"
#include "text/font_store.h"
#include "text/hb_handles.h"
#include "text/itemize.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

/// Words shaped so far, per font and shaping settings (a typesetter's).
class ShapedWords {
 public:
  struct Glyph {
    uint32_t id = 0, cluster = 0;  // cluster: byte offset in the word
    int32_t advance = 0, x_offset = 0, y_offset = 0;
    int32_t nominal_advance = 0;  // the glyph's own advance, without kerning
  };
  /// The glyphs of `word` in font `font` (of `fonts`) with `item`'s script, language and
  /// features, shaped the first time.
  const std::vector<Glyph>& shape(std::string_view word, const Item& item, FontStore& fonts);

  std::size_t size() const { return words_.size(); }
  std::size_t shaped() const { return shaped_; }

 private:
  std::unordered_map<std::string, std::vector<Glyph>> words_;
  std::string key_;  // the key being looked up, kept so that a lookup allocates nothing
  std::size_t shaped_ = 0;
  Buffer buffer_;  // made when first needed
};

/// Itemizes and shapes `text`. The clusters cover every char in order; newlines (and chars no
/// usable font could be found for) are clusters without glyphs.
ShapedUnits shape_units(const SourceText& text, const FontSettings& settings, FontStore& fonts,
                        FontChooser& chooser, ShapedWords& words, Diagnostics& diags);

/// The glyphs of `units` in pt for the sizes of `text`'s inlines, which must be styled as
/// those `units` were shaped from except for their sizes (the same chars, fonts, colours and
/// links, and sizes equal where they were equal). hangul_latin_gap is applied here, as extra
/// advance, so line breaking sees the final widths. Written into `out`, whose storage is
/// reused: whatever it held is replaced.
void scale_shaped(const ShapedUnits& units, const SourceText& text, const FontSettings& settings,
                  const FontStore& fonts, ShapedText& out);

}  // namespace hanji::text::detail
