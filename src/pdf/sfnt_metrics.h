// Nominal glyph advances read straight from a TrueType file (head, hhea, hmtx). The PDF
// declares these in /W and the text drawing corrects every glyph from them to HarfBuzz's
// advance; reading them ourselves keeps that exact for any units-per-em (libharu keeps
// only truncated integer thousandths).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace hanji::pdf {

struct HorizontalMetrics {
  int units_per_em = 1000;
  std::vector<uint16_t> advances;  // per glyph id, font units

  /// The advance of glyph `id` in thousandths of an em (fonts repeat the last advance for
  /// glyphs beyond the hmtx entries; unknown ids count as 0).
  double per_mille(uint32_t id) const;
};

/// Parses the horizontal metrics of the sfnt in `font`, or nullopt if a table is missing or
/// truncated.
std::optional<HorizontalMetrics> read_horizontal_metrics(std::string_view font);

}  // namespace hanji::pdf
