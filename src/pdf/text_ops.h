// Content-stream operators that draw shaped glyph runs by glyph id: TJ arrays whose
// adjustments move every glyph to exactly where HarfBuzz and the line breaker put it.
// Pure string building, no libharu; the glyph-id backend writes the result into the page.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pdf/clusters.h"
#include "pdf/glyph_slots.h"
#include "pdf/pdf.h"
#include "text/font_service.h"

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
/// Looked up for every glyph drawn, so kept in flat tables rather than maps.
class GlyphCodes {
 public:
  /// Original glyph `glyph_id` is drawn as `code` (its subset glyph id), declared `width`
  /// billionths of an em wide by /W, and reads back as `text`. A later call for the same
  /// glyph or code replaces what an earlier one said.
  void add(uint32_t glyph_id, uint16_t code, long long width, std::u32string text);

  /// The code a glyph is drawn as: 0 (.notdef) if it was not embedded.
  uint16_t code_of(uint32_t glyph_id) const {
    const Drawn* drawn = find(glyph_id);
    return drawn ? drawn->code : 0;
  }

  /// The /W width of `code`: 0 for a code nothing was added with.
  long long width_of(uint16_t code) const { return code < widths_.size() ? widths_[code].width : 0; }

  /// The text a glyph reads back as: nothing for a glyph that was not embedded.
  std::u32string_view text_of(uint32_t glyph_id) const {
    const Drawn* drawn = find(glyph_id);
    return drawn ? std::u32string_view(drawn->text) : std::u32string_view();
  }

  /// (code, width) for every code added, in code order: the font's /W.
  std::vector<std::pair<uint16_t, long long>> widths() const;

 private:
  struct Drawn {
    uint16_t code = 0;
    std::u32string text;
  };
  struct DeclaredWidth {
    long long width = 0;
    bool declared = false;
  };

  const Drawn* find(uint32_t glyph_id) const {
    uint32_t slot = slots_.find(glyph_id);
    return slot == GlyphSlots::kNone ? nullptr : &drawn_[slot];
  }

  GlyphSlots slots_;
  std::vector<Drawn> drawn_;           // by slot
  std::vector<DeclaredWidth> widths_;  // by code
};

/// Whether `glyphs`, read back through the texts of `font`, give exactly `text`. When the
/// glyphs of a cluster don't (a glyph shared by two spellings, a decomposed character), the
/// writer wraps the cluster in an /ActualText span.
bool reads_back(std::span<const doc::Glyph> glyphs, std::u32string_view text, const GlyphCodes& font);

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

/// The operators that draw `run` starting at the current line start: TJ arrays of codes (each
/// as its two bytes in a literal string) with adjustments (in thousandths of an em, three decimals) wherever a glyph's place differs
/// from where the font's /W would put it, Ts around glyphs with a y offset, and an
/// /ActualText span around each cluster whose glyphs would not read back as its exact text.
std::string show_glyphs(const doc::GlyphRun& run, const GlyphCodes& font);

/// How a tagged PDF writes an /ActualText span inside a run's marked content. Not every reader
/// takes a span nested in a sequence with an MCID (poppler's structure reader ends the
/// sequence at the span's end), so the sequence ends before the span, the span carries an
/// MCID of its own element's, and the rest of the run resumes in a fresh sequence.
class ActualTextMarks {
 public:
  virtual ~ActualTextMarks() = default;
  /// The operators that begin a span reading as `utf16_hex` (UTF-16BE, "FEFF..." included).
  virtual std::string begin_actual_text(const std::string& utf16_hex) = 0;
  virtual std::string end_actual_text() = 0;
  /// Before more glyphs after a span: reopens the run's sequence ("" when none is needed).
  virtual std::string resume() = 0;
};

/// show_glyphs appending to `out`, from `run` already split into `clusters`, counting the
/// glyphs drawn and measured in `work`; its /ActualText spans through `marks` when given.
void append_glyphs(std::string& out, const doc::GlyphRun& run, const GlyphCodes& font, ClusterView clusters,
                   WriteWork& work, ActualTextMarks* marks = nullptr);

}  // namespace hanji::pdf
