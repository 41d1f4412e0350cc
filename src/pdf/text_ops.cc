#include "pdf/text_ops.h"

#include <cmath>
#include <cstdlib>

#include "pdf/tounicode.h"

namespace hanji::pdf {
namespace {

long long to_thousandths(double value) { return std::llround(value * 1000.0); }

// Writes TJ arrays: runs of codes as one hex string, broken by adjustment numbers.
class TjWriter {
 public:
  explicit TjWriter(std::string& out) : out_(out) {}

  // Draws `code` after moving the pen `move` millionths of an em to the right.
  void glyph(uint16_t code, long long move) {
    if (!array_open_) {
      out_ += '[';
      array_open_ = true;
    }
    if (move != 0) {
      close_hex();
      // A positive TJ number moves left, in thousandths of an em.
      out_ += format_thousandths(-move);
    }
    if (!hex_open_) {
      out_ += '<';
      hex_open_ = true;
    }
    static constexpr char kDigits[] = "0123456789ABCDEF";
    for (int shift = 12; shift >= 0; shift -= 4) out_ += kDigits[(code >> shift) & 0xF];
  }

  void close() {
    if (!array_open_) return;
    close_hex();
    out_ += "]TJ\n";
    array_open_ = false;
  }

 private:
  void close_hex() {
    if (!hex_open_) return;
    out_ += '>';
    hex_open_ = false;
  }

  std::string& out_;
  bool array_open_ = false;
  bool hex_open_ = false;
};

// Draws the glyphs of a run, tracking where the viewer's pen is (from the declared widths
// and the adjustments written) against where each glyph belongs (from the shaped
// advances), both in billionths of an em.
class RunDrawer {
 public:
  RunDrawer(const text::GlyphRun& run, const GlyphCodes& font, std::string& out)
      : run_(run), font_(font), out_(out), tj_(out) {}

  void draw() {
    // A part of a word broken across lines reads as the whole word (or as nothing).
    if (run_.actual_text) begin_actual_text(utf8_decode(*run_.actual_text));
    for (const Cluster& cluster : clusters_of(run_)) {
      bool exact = run_.actual_text.has_value() || reads_back(run_, cluster, font_.unicode);
      if (!exact) begin_actual_text(cluster.text);
      for (std::size_t k = 0; k < cluster.glyph_count; ++k) draw_glyph(run_.glyphs[cluster.first_glyph + k]);
      if (!exact) end_actual_text();
    }
    if (run_.actual_text) end_actual_text();
    tj_.close();
  }

 private:
  void draw_glyph(const text::Glyph& glyph) {
    long long target = std::llround((shaped_pen_ + glyph.x_offset) * 1e9 / run_.size);
    uint16_t code = font_.code_of(glyph.id);
    bool raised = glyph.y_offset != 0;
    if (raised) {
      tj_.close();
      out_ += format_thousandths(to_thousandths(glyph.y_offset)) + " Ts\n";
    }
    long long move = 0;  // millionths of an em, as written
    if (std::llabs(target - viewer_pen_) >= kPositionTolerance) move = std::llround((target - viewer_pen_) / 1000.0);
    tj_.glyph(code, move);
    viewer_pen_ += move * 1000 + font_.width_of(code);
    if (raised) {
      tj_.close();
      out_ += "0 Ts\n";
    }
    shaped_pen_ += glyph.advance;
  }

  void begin_actual_text(const std::u32string& text) {
    tj_.close();
    out_ += "/Span <</ActualText <FEFF" + utf16be_hex(text) + ">>> BDC\n";
  }

  void end_actual_text() {
    tj_.close();
    out_ += "EMC\n";
  }

  const text::GlyphRun& run_;
  const GlyphCodes& font_;
  std::string& out_;
  TjWriter tj_;
  double shaped_pen_ = 0;     // pt from the run's start, sum of shaped advances
  long long viewer_pen_ = 0;  // billionths of an em, where the viewer's pen stands
};

}  // namespace

std::string format_thousandths(long long thousandths) {
  std::string out = thousandths < 0 ? "-" : "";
  unsigned long long magnitude = static_cast<unsigned long long>(std::llabs(thousandths));
  out += std::to_string(magnitude / 1000);
  unsigned long long fraction = magnitude % 1000;
  if (fraction == 0) return out;
  std::string digits = std::to_string(fraction + 1000).substr(1);  // zero-padded to 3
  while (digits.back() == '0') digits.pop_back();
  return out + '.' + digits;
}

std::string LineStart::move_to(double x, double y) {
  long long new_x = to_thousandths(x), new_y = to_thousandths(y);
  std::string out = format_thousandths(new_x - x_) + ' ' + format_thousandths(new_y - y_) + " Td\n";
  x_ = new_x;
  y_ = new_y;
  return out;
}

uint16_t GlyphCodes::code_of(uint32_t glyph_id) const {
  auto it = code.find(glyph_id);
  return it == code.end() ? 0 : it->second;
}

long long GlyphCodes::width_of(uint16_t glyph_code) const {
  auto it = width.find(glyph_code);
  return it == width.end() ? 0 : it->second;
}

long long declared_width(double per_mille) { return std::llround(per_mille * 32.0) * 31'250; }

std::string show_glyphs(const text::GlyphRun& run, const GlyphCodes& font) {
  std::string out;
  if (run.size <= 0) return out;
  RunDrawer(run, font, out).draw();
  return out;
}

}  // namespace hanji::pdf
