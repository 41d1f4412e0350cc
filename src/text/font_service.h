// The font service exporters use: cutting a font down to the glyphs a document draws. It
// sees doc's FontInfo and HarfBuzz's subsetter, nothing of the pipeline, so the PDF writer
// links it without linking the typesetter.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/core.h"
#include "doc/doc.h"

namespace hanji::text {

using doc::FontInfo;

/// A font cut down to some glyphs, for embedding. Glyph ids are renumbered.
struct FontSubset {
  std::string data;                 // a TrueType file
  std::vector<uint32_t> old_ids;    // sorted original glyph ids kept
  std::vector<uint32_t> new_ids;    // new_ids[i] is the subset's id for old_ids[i]
  std::string postscript_name;
  int units_per_em = 1000;

  /// The subset id for an original glyph id (which must have been kept).
  uint32_t map(uint32_t old_id) const;
};

/// Subsets `font.path` without hinting. Given `glyph_ids`, those (plus .notdef) alone are
/// kept and the subset has no cmap (the PDF draws glyphs by id); given only `code_points`,
/// their glyphs are kept with a cmap for them. Errors (unreadable or cut-short file,
/// HarfBuzz failure) go to `diags`.
std::optional<FontSubset> subset_font(const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                      const std::vector<char32_t>& code_points, Diagnostics& diags);

}  // namespace hanji::text
