#include "export/pdf/text_ops.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "export/pdf/tounicode.h"

namespace hanji::pdf {
namespace {

// Layouts bound every length far below this; the clamp keeps the integer arithmetic below
// (differences of positions, absolute values) clear of overflow whatever a caller passes,
// NaN included.
constexpr double kMaxCoordinate = 1e9;  // pt

// How far (em) a glyph's declared box may reach into its neighbour's place before the two
// are drawn as one span for text extraction: beyond any kerning, short of poppler's 0.2 em,
// where it starts a new word.
constexpr double kBoxOverlapEm = 0.15;

// std::llround (halves away from zero) without the library call, which every glyph makes
// twice: for |value| < 2^52 the fraction value - trunc(value) is exact, so this rounds
// exactly as llround does. Every caller bounds its value far below that.
long long round_half_away(double value) {
  auto whole = static_cast<long long>(value);  // truncated toward zero
  const double fraction = value - static_cast<double>(whole);
  if (fraction >= 0.5) ++whole;
  if (fraction <= -0.5) --whole;
  return whole;
}

long long clamped_round(double value, double limit) {
  if (!(value >= -limit)) return round_half_away(-limit);  // also NaN
  return round_half_away(std::min(value, limit));
}

long long to_thousandths(double value) { return clamped_round(value * 1000.0, kMaxCoordinate * 1000.0); }

// format_thousandths without the temporary strings: it runs for most adjustments of a page.
void append_thousandths(std::string& out, long long thousandths) {
  if (thousandths < 0) out += '-';
  auto magnitude = static_cast<unsigned long long>(std::llabs(thousandths));
  char whole[24];
  out.append(whole, std::to_chars(whole, whole + sizeof whole, magnitude / 1000).ptr);
  auto fraction = static_cast<unsigned>(magnitude % 1000);
  if (fraction == 0) return;
  const char digits[3] = {static_cast<char>('0' + fraction / 100), static_cast<char>('0' + fraction / 10 % 10),
                          static_cast<char>('0' + fraction % 10)};
  std::size_t length = 3;
  while (digits[length - 1] == '0') --length;
  out += '.';
  out.append(digits, length);
}

// Writes TJ arrays: runs of codes as one string, broken by adjustment numbers. The string
// holds each code as its two bytes: half the size of hex, and so half the bytes to deflate.
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
      close_string();
      // A positive TJ number moves left, in thousandths of an em.
      append_thousandths(out_, -move);
    }
    if (!string_open_) {
      out_ += '(';
      string_open_ = true;
    }
    append_code_byte(static_cast<unsigned char>(code >> 8));
    append_code_byte(static_cast<unsigned char>(code & 0xFF));
  }

  void close() {
    if (!array_open_) return;
    close_string();
    out_ += "]TJ\n";
    array_open_ = false;
  }

 private:
  // A literal string takes any byte but the three of its own syntax, which are escaped, and
  // a carriage return, which a reader would take for an end of line (read as a line feed).
  void append_code_byte(unsigned char byte) {
    switch (byte) {
      case '(': case ')': case '\\':
        out_ += '\\';
        out_ += static_cast<char>(byte);
        break;
      case '\r':
        out_ += "\\r";
        break;
      default:
        out_ += static_cast<char>(byte);
    }
  }

  void close_string() {
    if (!string_open_) return;
    out_ += ')';
    string_open_ = false;
  }

  std::string& out_;
  bool array_open_ = false;
  bool string_open_ = false;
};

// Whether `text` is one or more spaces and nothing else.
bool is_space(std::u32string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char32_t c) { return c == U' ' || c == 0xA0; });
}

// Draws the glyphs of a run, tracking where the viewer's pen is (from the declared widths
// and the adjustments written) against where each glyph belongs (from the shaped
// advances), both in billionths of an em.
class RunDrawer {
 public:
  RunDrawer(const doc::GlyphRun& run, const GlyphCodes& font, const RunReadings& readings, std::string& out,
            WriteWork& work, ActualTextMarks* marks, bool letter_spaced)
      : run_(run),
        font_(font),
        readings_(readings),
        out_(out),
        work_(work),
        tj_(out),
        marks_(marks),
        letter_spaced_(letter_spaced) {}

  void draw(ClusterView clusters) {
    if (run_.right_to_left && !run_.actual_text) {
      // Drawn in logical order, each glyph moved to its place right to left: a reader that
      // takes the text in the order it is drawn (a tagged PDF's structure) reads it as
      // written, and one that orders by position (pdftotext) finds it where it is seen.
      std::vector<double> left(run_.glyphs.size());  // each glyph's pen, from the run's left
      double pen = 0;
      for (std::size_t g = 0; g < run_.glyphs.size(); ++g) {
        left[g] = pen;
        pen += run_.glyphs[g].advance;
      }
      const std::span<const ClusterSpan> spans = clusters.clusters();
      for (std::size_t c = spans.size(); c-- > 0;) {
        for (std::size_t k = spans[c].glyph_count; k-- > 0;) {
          shaped_pen_ = left[spans[c].first_glyph + k];
          uint16_t code = 0;
          code_for(spans[c], k, code);
          draw_glyph(spans[c].first_glyph + k, code);
        }
      }
    } else if (run_.decoration) {
      // An icon reads as the spaces its codes stand for, in every reader: no span.
      for (const ClusterSpan& span : clusters.clusters()) draw_cluster(span, clusters.text(span), true);
    } else if (run_.actual_text) {
      // A part of a word broken across lines reads as the whole word (or as nothing) where
      // /ActualText is honoured; elsewhere its glyphs read as what they show.
      begin_actual_text(utf8_decode(*run_.actual_text));
      for (const ClusterSpan& span : clusters.clusters()) draw_cluster(span, clusters.text(span), true);
      end_actual_text();
    } else {
      draw_clusters(clusters);
    }
    tj_.close();
  }

 private:
  // Where a cluster stands (its shaped advance) and where a text extractor will think it
  // stands (its glyphs' declared widths from where they are drawn), in pt from the run's start.
  struct Extent {
    double pen_begin = 0, pen_end = 0, box_begin = 0, box_end = 0;
  };

  Extent extent_of(const ClusterSpan& span, double pen) {
    Extent e{pen, pen, pen, pen};
    // Counted once, and the glyphs read through a local pointer: in the loop, both would be
    // read from (or written to) memory again for every glyph.
    work_.glyphs_measured += span.glyph_count;
    const doc::Glyph* glyphs = run_.glyphs.data();
    for (std::size_t g = span.first_glyph; g < span.first_glyph + span.glyph_count; ++g) {
      const doc::Glyph& glyph = glyphs[g];
      if (readings_.drawn(g)) {  // one not drawn has no box
        const double left = e.pen_end + glyph.x_offset;
        const double declared = static_cast<double>(font_.width_of(font_.code_of(glyph.id))) * run_.size / 1e9;
        e.box_begin = std::min(e.box_begin, left);
        e.box_end = std::max(e.box_end, left + declared);
      }
      e.pen_end += glyph.advance;
    }
    return e;
  }

  // Extractors (poppler, for one) place each character by its glyph's declared width. Where
  // the shaping moved a glyph well into its neighbour's place (a CJK bracket set half-width,
  // drawn half an em left of its pen), the two read as one overlapping word and a space or
  // a line of text is lost; such neighbours are drawn as one span that reads as their text.
  void draw_clusters(ClusterView clusters) {
    const std::span<const ClusterSpan> spans = clusters.clusters();
    if (spans.empty()) return;
    if (letter_spaced_) {
      // Extractors (poppler's TextLine::coalesce) take a line whose words are all one
      // character ("1 – 2", "x → y") for letter-spaced text and drop its spaces; as one span
      // that reads as its text, the run is one word of several characters, spaces included.
      begin_actual_text(read_as(spans));
      for (const ClusterSpan& span : spans) draw_cluster(span, clusters.text(span), true);
      end_actual_text();
      return;
    }
    const double tolerance = kBoxOverlapEm * run_.size;
    Extent first = extent_of(spans[0], 0);  // each cluster's extent is measured once
    for (std::size_t begin = 0; begin < spans.size();) {
      Extent last = first;
      std::size_t end = begin + 1;
      for (; end < spans.size(); ++end) {
        const Extent next = extent_of(spans[end], last.pen_end);
        // The space a line broken at it keeps at its end (no advance, drawn back over the
        // word before it) draws nothing and separates nothing on the line: it joins no group.
        const bool kept_end_space =
            end + 1 == spans.size() && next.pen_end == next.pen_begin && is_space(clusters.text(spans[end]));
        // Nor does a space read with the glyph before it, which is not drawn at all.
        const bool not_drawn = spans[end].glyph_count > 0 && !readings_.drawn(spans[end].first_glyph);
        if (kept_end_space || not_drawn ||
            (last.box_end <= next.pen_begin + tolerance && next.box_begin >= last.pen_end - tolerance)) {
          first = next;  // the next group starts here
          break;
        }
        last = next;
      }
      if (end == begin + 1) {
        draw_cluster(spans[begin], clusters.text(spans[begin]), false);
      } else {
        begin_actual_text(read_as(spans.subspan(begin, end - begin)));
        for (std::size_t c = begin; c < end; ++c) draw_cluster(spans[c], clusters.text(spans[c]), true);
        end_actual_text();
      }
      begin = end;
    }
  }

  // What the glyphs of `spans` that are drawn read as, one after the other: what an /ActualText
  // over them says (their clusters' text, but where a space is read with the glyph before it).
  std::u32string read_as(std::span<const ClusterSpan> spans) const {
    std::u32string text;
    for (const ClusterSpan& span : spans)
      for (std::size_t g = span.first_glyph; g < span.first_glyph + span.glyph_count; ++g)
        if (readings_.drawn(g)) text += readings_.of(g);
    return text;
  }

  // The code that draws glyph `k` of `cluster` as what it reads as (RunReadings): false (and the
  // glyph's main code) where the font has none for that reading.
  bool code_for(const ClusterSpan& cluster, std::size_t k, uint16_t& code) const {
    const std::size_t g = cluster.first_glyph + k;
    if (font_.find(run_.glyphs[g].id, readings_.of(g), code)) return true;
    code = font_.code_of(run_.glyphs[g].id);
    return false;
  }

  // Each glyph as the code of its reading; a cluster with a glyph the font has no such code for
  // reads as its text through an /ActualText span, unless it is inside one already.
  void draw_cluster(const ClusterSpan& cluster, std::u32string_view text, bool in_span) {
    // The codes of a cluster's first glyphs, looked up once (a cluster is most often one glyph).
    constexpr std::size_t kKept = 8;
    std::array<uint16_t, kKept> codes{};
    bool exact = true;
    for (std::size_t k = 0; k < cluster.glyph_count; ++k) {
      uint16_t code = 0;
      exact = (code_for(cluster, k, code) || !readings_.drawn(cluster.first_glyph + k)) && exact;
      if (k < kKept) codes[k] = code;
    }
    if (!exact && !in_span) begin_actual_text(text);
    for (std::size_t k = 0; k < cluster.glyph_count; ++k) {
      uint16_t code = k < kKept ? codes[k] : 0;
      if (k >= kKept) code_for(cluster, k, code);
      draw_glyph(cluster.first_glyph + k, code);
    }
    if (!exact && !in_span) end_actual_text();
  }

  // Glyph `g` of the run at its place; a glyph RunReadings reads with another (a space beside a
  // CJK bracket) is not drawn, its advance kept.
  void draw_glyph(std::size_t g, uint16_t code) {
    const doc::Glyph& glyph = run_.glyphs[g];
    if (!readings_.drawn(g)) {
      shaped_pen_ += glyph.advance;
      return;
    }
    ++work_.glyphs_drawn;
    if (resume_) {  // the first glyph after a span of a tagged run: its sequence again
      tj_.close();
      out_ += marks_->resume();
      resume_ = false;
    }
    long long target = clamped_round((shaped_pen_ + glyph.x_offset) * 1e9 / run_.size, kMaxCoordinate * 1e6);
    bool raised = glyph.y_offset != 0;
    if (raised) {
      tj_.close();
      append_thousandths(out_, to_thousandths(glyph.y_offset));
      out_ += " Ts\n";
    }
    long long move = 0;  // millionths of an em, as written
    if (std::llabs(target - viewer_pen_) >= kPositionTolerance) move = round_half_away((target - viewer_pen_) / 1000.0);
    tj_.glyph(code, move);
    viewer_pen_ += move * 1000 + font_.width_of(code);
    if (raised) {
      tj_.close();
      out_ += "0 Ts\n";
    }
    shaped_pen_ += glyph.advance;
  }

  void begin_actual_text(std::u32string_view text) {
    tj_.close();
    resume_ = false;
    if (marks_) {
      out_ += marks_->begin_actual_text("FEFF" + utf16be_hex(text));
      return;
    }
    out_ += "/Span <</ActualText <FEFF";
    out_ += utf16be_hex(text);
    out_ += ">>> BDC\n";
  }

  void end_actual_text() {
    tj_.close();
    if (marks_) {
      out_ += marks_->end_actual_text();
      resume_ = true;
      return;
    }
    out_ += "EMC\n";
  }

  const doc::GlyphRun& run_;
  const GlyphCodes& font_;
  const RunReadings& readings_;
  std::string& out_;
  WriteWork& work_;
  TjWriter tj_;
  ActualTextMarks* marks_;  // a tagged PDF's, or null
  bool letter_spaced_;      // the run is on a line of one-character words
  bool resume_ = false;     // a span has ended: the run's sequence opens again before more glyphs
  double shaped_pen_ = 0;     // pt from the run's start, sum of shaped advances
  long long viewer_pen_ = 0;  // billionths of an em, where the viewer's pen stands
};

}  // namespace

std::string format_thousandths(long long thousandths) {
  std::string out;
  append_thousandths(out, thousandths);
  return out;
}

std::string show_code(uint16_t code) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "[<";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(code >> shift) & 0xF];
  return out + ">]TJ\n";
}

std::string LineStart::move_to(double x, double y) {
  long long new_x = to_thousandths(x), new_y = to_thousandths(y);
  std::string out;
  append_thousandths(out, new_x - x_);
  out += ' ';
  append_thousandths(out, new_y - y_);
  out += " Td\n";
  x_ = new_x;
  y_ = new_y;
  return out;
}

void GlyphCodes::add(uint32_t glyph_id, std::u32string text, uint16_t code, long long width) {
  bool added = false;
  uint32_t slot = slots_.find_or_add(glyph_id, added);
  if (added) drawn_.emplace_back();
  Drawn& drawn = drawn_[slot];
  if (added || drawn.main.text == text) {
    drawn.main = Reading{std::move(text), code};
  } else {
    auto [same, added_other] = drawn.other_at.try_emplace(text, drawn.others.size());
    if (added_other) drawn.others.push_back(Reading{std::move(text), code});
    else drawn.others[same->second].code = code;
  }
  if (code >= widths_.size()) widths_.resize(std::size_t{code} + 1);
  widths_[code] = DeclaredWidth{width, true};
}

std::vector<std::pair<uint16_t, long long>> GlyphCodes::widths() const {
  std::vector<std::pair<uint16_t, long long>> out;
  for (std::size_t code = 0; code < widths_.size(); ++code)
    if (widths_[code].declared) out.emplace_back(static_cast<uint16_t>(code), widths_[code].width);
  return out;
}

long long declared_width(double per_mille) { return std::llround(per_mille * 32.0) * 31'250; }

void append_glyphs(std::string& out, const doc::GlyphRun& run, const GlyphCodes& font, ClusterView clusters,
                   RunReadings readings, WriteWork& work, ActualTextMarks* marks, bool letter_spaced) {
  if (run.size <= 0) return;
  RunDrawer(run, font, readings, out, work, marks, letter_spaced).draw(clusters);
}

void LetterSpacing::add(ClusterView clusters) {
  letters_ = 0;  // a run may stand apart from the one before it (a bullet before its item)
  for (const ClusterSpan& span : clusters.clusters())
    for (char32_t c : clusters.text(span)) {
      if (c == U' ') {
        space_ = true;
        letters_ = 0;
      } else if (++letters_ > 1) {
        long_word_ = true;
      } else {
        word_ = true;
      }
    }
}

std::string show_glyphs(const doc::GlyphRun& run, const GlyphCodes& font) {
  doc::Document alone;  // the run on a page of its own
  alone.pages.resize(1);
  alone.pages[0].runs.push_back(doc::PlacedRun{run, 0, 0});
  const DocumentClusters clusters(alone);
  const DocumentReadings readings(alone, clusters);
  LetterSpacing line;
  line.add(clusters.of(0, 0));
  std::string out;
  WriteWork uncounted;
  append_glyphs(out, run, font, clusters.of(0, 0), readings.of(0, 0), uncounted, nullptr, line.detected());
  return out;
}

}  // namespace hanji::pdf
