// Content-stream operators that draw shaped glyph runs by glyph id: TJ arrays whose
// adjustments move every glyph to exactly where HarfBuzz and the line breaker put it.
// Pure string building, no libharu; the glyph-id backend writes the result into the page.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <unordered_map>
#include <vector>

#include "export/pdf/clusters.h"
#include "export/pdf/glyph_slots.h"
#include "export/pdf/pdf.h"
#include "text/font_service.h"

namespace hanji::pdf {

/// `thousandths` / 1000 as a decimal with at most three fraction digits ("12.5", "-0.125",
/// "3"): exact, and independent of the locale and of floating-point printing.
std::string format_thousandths(long long thousandths);

/// "[<code>]TJ\n": one glyph drawn by its code, at the current line start.
std::string show_code(uint16_t code);

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

/// How one embedded font is drawn: the 2-byte code for each original glyph read as each
/// text, and the width the font's /W declares for each code. Every code reads back as one text
/// (its ToUnicode entry): a glyph drawn for two texts has two codes. Looked up for every glyph
/// drawn, so kept in flat tables rather than maps.
class GlyphCodes {
 public:
  /// Original glyph `glyph_id`, read as `text`, is drawn as `code` (a code of the subset),
  /// declared `width` billionths of an em wide by /W. The first text added for a glyph is its
  /// main reading (code_of); adding a glyph and text again replaces its code.
  void add(uint32_t glyph_id, std::u32string text, uint16_t code, long long width);

  /// The code that draws `glyph_id` reading as `text`, or false when none was added.
  bool find(uint32_t glyph_id, std::u32string_view text, uint16_t& code) const {
    const Drawn* drawn = find(glyph_id);
    if (!drawn) return false;
    if (drawn->main.text == text) {
      code = drawn->main.code;
      return true;
    }
    if (drawn->others.empty()) return false;  // nearly every glyph: no copy of the text to look up
    auto other = drawn->other_at.find(std::u32string(text));
    if (other == drawn->other_at.end()) return false;
    code = drawn->others[other->second].code;
    return true;
  }

  /// The code of a glyph's main reading: 0 (.notdef) if it was not embedded.
  uint16_t code_of(uint32_t glyph_id) const {
    const Drawn* drawn = find(glyph_id);
    return drawn ? drawn->main.code : 0;
  }

  /// The /W width of `code`: 0 for a code nothing was added with.
  long long width_of(uint16_t code) const { return code < widths_.size() ? widths_[code].width : 0; }

  /// (code, width) for every code added, in code order: the font's /W.
  std::vector<std::pair<uint16_t, long long>> widths() const;

 private:
  struct Reading {
    std::u32string text;
    uint16_t code = 0;
  };
  struct Drawn {
    Reading main;
    std::vector<Reading> others;
    // Each other reading's place in `others`: .notdef drawn for 60,000 characters no font has
    // has as many readings, each looked up for every glyph drawn (a search took seconds).
    std::unordered_map<std::u32string, std::size_t> other_at;
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

/// The operators that draw `run`, a line of its own, starting at the current line start: TJ arrays of codes (each
/// as its two bytes in a literal string), each glyph's code the one that reads as its part of
/// its cluster's text, with adjustments (in thousandths of an em, three decimals) wherever a
/// glyph's place differs from where the font's /W would put it, and Ts around glyphs with a y
/// offset. A cluster whose glyphs have no codes for its text (the font ran out of codes) gets
/// an /ActualText span, as do the run's other spans (a word split across lines, see text_ops.cc).
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

/// Whether a line's text, its runs given in order, is one-character words between spaces
/// ("1 – 2", "x → y", "a … d"): what poppler takes for letter-spaced text, closing up its
/// spaces. The writer then draws each of the line's runs as one /ActualText span that reads as
/// its text. Decided for the whole line: a separator between spaces (" · " between a line's
/// contacts) is no letter spacing, and its run stays in one piece with its neighbours for
/// readers that cut text where a span begins (pdf.js).
class LetterSpacing {
 public:
  void add(ClusterView clusters);
  bool detected() const { return space_ && word_ && !long_word_; }

 private:
  bool space_ = false, word_ = false, long_word_ = false;
  std::size_t letters_ = 0;  // of the current word
};

/// show_glyphs appending to `out`, from `run` already split into `clusters` and read as
/// `readings` says (DocumentReadings), counting the glyphs drawn and measured in `work`; its
/// /ActualText spans through `marks` when given; `letter_spaced`: its line is one-character
/// words (LetterSpacing).
void append_glyphs(std::string& out, const doc::GlyphRun& run, const GlyphCodes& font, ClusterView clusters,
                   RunReadings readings, WriteWork& work, ActualTextMarks* marks = nullptr,
                   bool letter_spaced = false);

}  // namespace hanji::pdf
