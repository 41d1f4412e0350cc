// Which glyphs a document draws per font, and which texts each glyph is drawn for. Pure data
// work (no libharu): the result feeds the font subsetter and the font's character codes, each
// code one glyph read as one text, with its ToUnicode entry.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "doc/doc.h"
#include "export/pdf/clusters.h"
#include "text/font_service.h"

namespace hanji::pdf {

/// A text a glyph is drawn for besides its most frequent one.
struct GlyphReading {
  uint32_t glyph_id = 0;
  std::u32string text;

  bool operator==(const GlyphReading&) const = default;
};

/// What one font contributes to a document. Each glyph reads, where it is drawn, as its part
/// of its cluster's text (glyph_reading): most glyphs always as one text, some as several (a
/// capital drawn for a small-caps lowercase letter and for itself, one glyph that two
/// characters share). Each (glyph, text) pair becomes a character code of its own.
struct FontUsage {
  std::vector<uint32_t> glyph_ids;    // sorted original glyph ids drawn
  std::vector<std::u32string> texts;  // texts[i]: what glyph_ids[i] reads as most often
  std::vector<GlyphReading> other_readings;  // every other (glyph, text) drawn, by glyph id, then first drawn
  std::vector<char32_t> code_points;  // sorted characters those glyphs stand for

  bool used() const { return !glyph_ids.empty(); }

  /// The text `glyph_id` reads as most often, or nullptr if the font does not draw it.
  const std::u32string* text_of(uint32_t glyph_id) const;
};

/// The usage of every font of `doc`, indexed like doc.fonts, from what its glyphs read as
/// (`readings`). Runs must refer to valid fonts. A glyph's main text is the one it is drawn for
/// most often (a non-empty one before the empty one; ties go to the first seen), and a glyph only
/// ever seen as the extra glyph of a cluster reads as nothing.
std::vector<FontUsage> collect_font_usage(const doc::Document& doc, const DocumentReadings& readings);
std::vector<FontUsage> collect_font_usage(const doc::Document& doc);

}  // namespace hanji::pdf
