// Which glyphs a document draws per font, and which text each glyph stands for. Pure data
// work (no libharu): the result feeds the font subsetter, the ToUnicode map and the check
// that decides where the drawn glyphs need an /ActualText to read back exactly.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "doc/doc.h"
#include "pdf/clusters.h"
#include "text/font_service.h"

namespace hanji::pdf {

/// What one font contributes to a document.
struct FontUsage {
  std::vector<uint32_t> glyph_ids;    // sorted original glyph ids drawn
  std::vector<std::u32string> texts;  // texts[i]: the text glyph_ids[i] maps back to
  std::vector<char32_t> code_points;  // sorted characters those glyphs stand for

  bool used() const { return !glyph_ids.empty(); }

  /// The text `glyph_id` maps back to, or nullptr if the font does not draw it.
  const std::u32string* text_of(uint32_t glyph_id) const;
};

/// The usage of every font of `doc`, indexed like doc.fonts, from its runs split into
/// `clusters`. Runs must refer to valid fonts. A glyph gets the text it stands for most often;
/// ties go to the first seen, and a glyph only ever seen as the extra glyph of a cluster maps
/// to nothing.
std::vector<FontUsage> collect_font_usage(const doc::Document& doc, const DocumentClusters& clusters);
std::vector<FontUsage> collect_font_usage(const doc::Document& doc);

}  // namespace hanji::pdf
