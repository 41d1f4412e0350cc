// Glyph outlines for the SVG exporter: HarfBuzz draws each glyph's contours (hb_font_get_glyph_shape,
// in font units since the font's scale is left at its units per em) into a PathWriter. The
// same open fonts give the SVG's web fonts (web_font.cc).
#include <algorithm>
#include <charconv>
#include <cmath>

#include "text/font_blob.h"
#include "text/font_service.h"

namespace hanji::text {

// ---- PathWriter --------------------------------------------------------------------------

PathWriter::Point PathWriter::rounded(double x, double y) {
  auto whole = [](double v) {
    if (!std::isfinite(v)) return 0LL;
    return std::llround(std::clamp(v, -1e9, 1e9));
  };
  return {whole(x), whole(y)};
}

void PathWriter::command(char letter, std::initializer_list<long long> numbers) {
  // A command repeats without its letter, except m (whose repeats mean l) and z.
  if (letter != last_ || letter == 'm' || letter == 'z') {
    out_ += letter;
    separate_ = false;
  }
  last_ = letter;
  for (long long n : numbers) {
    if (n >= 0 && separate_) out_ += ' ';  // a minus sign separates by itself
    char digits[24];
    out_.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
    separate_ = true;
  }
}

void PathWriter::move_to(double x, double y) {
  const Point to = rounded(x, y);
  command('m', {to.x - pen_.x, to.y - pen_.y});
  pen_ = start_ = to;
  exact_x_ = x;
  exact_y_ = y;
  after_quadratic_ = false;
  line_back_ = std::string::npos;
}

void PathWriter::line_to(double x, double y) {
  const Point to = rounded(x, y);
  const std::size_t begin = out_.size();
  const char last = last_;
  const bool separate = separate_;
  if (to.y == pen_.y && to.x == pen_.x) {
    // nothing to draw
  } else if (to.y == pen_.y) {
    command('h', {to.x - pen_.x});
  } else if (to.x == pen_.x) {
    command('v', {to.y - pen_.y});
  } else {
    command('l', {to.x - pen_.x, to.y - pen_.y});
  }
  // A line back to the contour's start is what z draws: dropped if z comes next.
  if (to.x == start_.x && to.y == start_.y && out_.size() > begin) {
    line_back_ = begin;
    line_back_last_ = last;
    line_back_separate_ = separate;
  } else {
    line_back_ = std::string::npos;
  }
  pen_ = to;
  exact_x_ = x;
  exact_y_ = y;
  after_quadratic_ = false;
}

void PathWriter::quadratic_to(double cx, double cy, double x, double y) {
  const Point control = rounded(cx, cy), to = rounded(x, y);
  // TrueType contours put an on-curve point halfway between two control points; the second
  // curve's control point is then the first one's mirrored through it, which t leaves out.
  const bool mirrored = after_quadratic_ && 2 * exact_x_ - control_x_ == cx && 2 * exact_y_ - control_y_ == cy;
  if (mirrored)
    command('t', {to.x - pen_.x, to.y - pen_.y});
  else
    command('q', {control.x - pen_.x, control.y - pen_.y, to.x - pen_.x, to.y - pen_.y});
  pen_ = to;
  control_x_ = cx;
  control_y_ = cy;
  exact_x_ = x;
  exact_y_ = y;
  after_quadratic_ = true;
  line_back_ = std::string::npos;
}

void PathWriter::cubic_to(double c1x, double c1y, double c2x, double c2y, double x, double y) {
  const Point c1 = rounded(c1x, c1y), c2 = rounded(c2x, c2y), to = rounded(x, y);
  command('c', {c1.x - pen_.x, c1.y - pen_.y, c2.x - pen_.x, c2.y - pen_.y, to.x - pen_.x, to.y - pen_.y});
  pen_ = to;
  exact_x_ = x;
  exact_y_ = y;
  after_quadratic_ = false;
  line_back_ = std::string::npos;
}

void PathWriter::close() {
  if (line_back_ != std::string::npos) {
    out_.resize(line_back_);
    last_ = line_back_last_;
    separate_ = line_back_separate_;
  }
  command('z', {});
  pen_ = start_;  // z returns to the contour's start
  exact_x_ = static_cast<double>(start_.x);
  exact_y_ = static_cast<double>(start_.y);
  after_quadratic_ = false;
  line_back_ = std::string::npos;
}

// ---- Drawing a glyph -----------------------------------------------------------------------

namespace {

using DrawFuncs = detail::HbPtr<hb_draw_funcs_t, hb_draw_funcs_destroy>;

PathWriter& writer(void* data) { return *static_cast<PathWriter*>(data); }

// The callbacks HarfBuzz draws through, made once (immutable after).
DrawFuncs make_draw_funcs() {
  DrawFuncs funcs(hb_draw_funcs_create());
  hb_draw_funcs_set_move_to_func(
      funcs.get(), [](hb_draw_funcs_t*, void* data, hb_draw_state_t*, float x, float y, void*) { writer(data).move_to(x, y); },
      nullptr, nullptr);
  hb_draw_funcs_set_line_to_func(
      funcs.get(), [](hb_draw_funcs_t*, void* data, hb_draw_state_t*, float x, float y, void*) { writer(data).line_to(x, y); },
      nullptr, nullptr);
  hb_draw_funcs_set_quadratic_to_func(
      funcs.get(),
      [](hb_draw_funcs_t*, void* data, hb_draw_state_t*, float cx, float cy, float x, float y, void*) {
        writer(data).quadratic_to(cx, cy, x, y);
      },
      nullptr, nullptr);
  hb_draw_funcs_set_cubic_to_func(
      funcs.get(),
      [](hb_draw_funcs_t*, void* data, hb_draw_state_t*, float c1x, float c1y, float c2x, float c2y, float x, float y,
         void*) { writer(data).cubic_to(c1x, c1y, c2x, c2y, x, y); },
      nullptr, nullptr);
  hb_draw_funcs_set_close_path_func(
      funcs.get(), [](hb_draw_funcs_t*, void* data, hb_draw_state_t*, void*) { writer(data).close(); }, nullptr, nullptr);
  hb_draw_funcs_make_immutable(funcs.get());
  return funcs;
}


}  // namespace

namespace detail {

std::string draw_outline(hb_font_t* font, uint32_t glyph_id) {
  static const DrawFuncs funcs = make_draw_funcs();  // immutable, shared by every thread
  PathWriter out;
  hb_font_get_glyph_shape(font, glyph_id, funcs.get(), &out);
  return out.data();
}

}  // namespace detail

}  // namespace hanji::text
