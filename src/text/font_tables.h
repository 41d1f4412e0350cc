// What the PDF font dictionaries say about a TrueType font (a subset), read from its tables
// through HarfBuzz and handed on as plain data (only the text module sees HarfBuzz).
// Nominal glyph advances (head, hhea, hmtx): the PDF declares these in /W and the text
// drawing corrects every glyph from them to HarfBuzz's advance; reading them ourselves keeps
// that exact for any units-per-em (libharu keeps only truncated integer thousandths). And
// the font descriptor's facts (bounding box, ascent, style, embedding licence).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/files.h"

namespace hanji::text {

struct HorizontalMetrics {
  int units_per_em = 1000;
  std::vector<uint16_t> advances;  // per glyph id, font units

  /// The advance of glyph `id` in thousandths of an em (fonts repeat the last advance for
  /// glyphs beyond the hmtx entries; unknown ids count as 0).
  double per_mille(uint32_t id) const;
};

/// The horizontal metrics of the sfnt in `font`, or nullopt if a table is missing or
/// truncated.
std::optional<HorizontalMetrics> read_horizontal_metrics(std::string_view font);

/// What a PDF font descriptor declares about a TrueType font, in thousandths of an em
/// truncated toward zero (as libharu wrote them before hanji wrote the font dictionaries).
struct FontFacts {
  int units_per_em = 1000;
  int x_min = 0, y_min = 0, x_max = 0, y_max = 0;  // head: the bounding box of all glyphs
  int ascent = 0, descent = 0;                     // hhea
  bool bold = false, italic = false;               // head.macStyle
  int family_class = 0;                            // OS/2 sFamilyClass (class, not subclass)
  uint16_t embedding = 0;                          // OS/2 fsType: the licence's embedding bits
  bool has_outlines = false;                       // glyf and loca: TrueType outlines

  /// The font descriptor's /Flags: nonsymbolic, plus serif, script, italic and bold.
  int descriptor_flags() const;
  /// Whether fsType lets a PDF embed a subset of the outlines.
  bool embeddable() const;
};

/// The descriptor facts of the sfnt in `font`, or nullopt if head or hhea is missing or
/// truncated (a font without OS/2 counts as class 0 and freely embeddable).
std::optional<FontFacts> read_font_facts(std::string_view font);

/// What the font file at `path` says about itself (its family names, outlines, slant and
/// weight), for a RenderCV project's fonts/ folder; nullopt for a file that is no font (a
/// collection, a web font, anything else), read through HarfBuzz.
std::optional<FontFileFacts> font_file_facts(const std::string& path);

/// The top (yMax) of glyph `id`'s outline in thousandths of an em, or 0 for a glyph without
/// one or a font whose glyf/loca cannot be read.
int glyph_top(std::string_view font, uint32_t id, int units_per_em);

}  // namespace hanji::text
