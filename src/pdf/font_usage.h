// Which glyphs a document draws per font, and which text each glyph stands for. Pure data
// work (no libharu): the result feeds the font subsetter, the ToUnicode map and the check
// that decides where the drawn glyphs need an /ActualText to read back exactly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "paginate/paginate.h"
#include "text/text.h"

namespace hanji::pdf {

/// Consecutive glyphs of a run that share a cluster value, and the characters they draw.
struct Cluster {
  std::size_t first_glyph = 0;
  std::size_t glyph_count = 0;
  std::u32string text;
};

/// Splits `run` into clusters in glyph order. A cluster's characters run from its offset to
/// the next larger cluster offset (or the end of the text); characters before the smallest
/// offset belong to that cluster, so every character of the run lands in exactly one cluster.
std::vector<Cluster> clusters_of(const text::GlyphRun& run);

/// Text per glyph id, as written into a font's ToUnicode map.
using GlyphTexts = std::map<uint32_t, std::u32string>;

/// What one font contributes to a document.
struct FontUsage {
  std::vector<uint32_t> glyph_ids;    // sorted original glyph ids drawn
  std::vector<char32_t> code_points;  // sorted characters those glyphs stand for
  GlyphTexts unicode;                 // the text each drawn glyph maps back to

  bool used() const { return !glyph_ids.empty(); }
};

/// The usage of every font of `doc`, indexed like doc.fonts. Runs must refer to valid fonts.
/// A glyph gets the text it stands for most often; ties go to the first seen, and a glyph
/// only ever seen as the extra glyph of a cluster maps to nothing.
std::vector<FontUsage> collect_font_usage(const paginate::Document& doc);

/// Whether the glyphs of `cluster`, read back through `unicode`, give exactly its text.
/// When they don't (a glyph shared by two spellings, a decomposed character), the writer
/// wraps the cluster in an /ActualText span.
bool reads_back(const text::GlyphRun& run, const Cluster& cluster, const GlyphTexts& unicode);

}  // namespace hanji::pdf
