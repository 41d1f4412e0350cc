// Content-stream operators that draw shaped glyph runs by glyph id: TJ arrays whose
// adjustments move every glyph to exactly where HarfBuzz and the line breaker put it.
// Pure string building, no libharu; the glyph-id backend writes the result into the page.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "pdf/font_usage.h"
#include "text/text.h"

namespace hanji::pdf {

/// `thousandths` / 1000 as a decimal with at most three fraction digits ("12.5", "-0.125",
/// "3"): exact, and independent of the locale and of floating-point printing.
std::string format_thousandths(long long thousandths);

/// Tracks the text line matrix inside one BT ... ET. Positions are kept in whole thousandths
/// of a point, so the relative Td moves add up exactly to the absolute positions asked for
/// (no drift however many runs a page has).
class LineStart {
 public:
  /// "dx dy Td\n" moving the line start to (x, y), PDF coordinates in pt.
  std::string move_to(double x, double y);

 private:
  long long x_ = 0, y_ = 0;  // BT starts at the origin
};

/// How one embedded font is drawn: the 2-byte code for each original glyph id, the width
/// the font's /W declares for each code, and the text each original glyph reads back as.
struct GlyphCodes {
  std::map<uint32_t, uint16_t> code;          // original glyph id -> code (subset glyph id)
  std::map<uint16_t, long long> width;        // code -> /W width, billionths of an em
  GlyphTexts unicode;                         // original glyph id -> its ToUnicode text

  uint16_t code_of(uint32_t glyph_id) const;   // 0 (.notdef) if the glyph was not embedded
  long long width_of(uint16_t code) const;
};

/// A /W width for a nominal advance of `per_mille` thousandths of an em, in billionths of an
/// em: rounded to 1/32 of a thousandth, the finest step that libharu's float (and its
/// 5-decimal printing) writes exactly, so the declared width is known to the last digit.
long long declared_width(double per_mille);

/// Deviations of a glyph from its place below this (in billionths of an em) are left for a
/// later glyph to correct: 0.1/1000 em is 0.001 pt at 10 pt, far below anything visible,
/// and spares an adjustment on nearly every glyph of fonts whose units per em is not a
/// divisor of 1000 (NanumMyeongjo: 1024). The viewer's pen is tracked exactly, so this
/// bounds the error instead of letting it accumulate.
constexpr long long kPositionTolerance = 100'000;

/// The operators that draw `run` starting at the current line start: TJ arrays of codes with
/// adjustments (in thousandths of an em, three decimals) wherever a glyph's place differs
/// from where the font's /W would put it, Ts around glyphs with a y offset, and an
/// /ActualText span around each cluster whose glyphs would not read back as its exact text.
std::string show_glyphs(const text::GlyphRun& run, const GlyphCodes& font);

}  // namespace hanji::pdf
