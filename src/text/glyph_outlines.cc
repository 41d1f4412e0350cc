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

// ---- GlyphOutlines -----------------------------------------------------------------------

namespace {

using DrawFuncs = detail::HbPtr<hb_draw_funcs_t, hb_draw_funcs_destroy>;

PathWriter& writer(void* data) { return *static_cast<PathWriter*>(data); }

// The callbacks HarfBuzz draws through, made once per GlyphOutlines (immutable after).
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

struct GlyphOutlines::OpenFont {
  detail::Blob blob;
  detail::Face face;
  detail::Font font;
  std::map<uint32_t, std::string> paths;   // whole outlines made so far, by glyph id
  std::map<std::vector<uint32_t>, WebFont> web_fonts;  // the last few made, by their inked glyphs
};

GlyphOutlines::GlyphOutlines() = default;
GlyphOutlines::~GlyphOutlines() = default;

GlyphOutlines::OpenFont* GlyphOutlines::open(const FontInfo& font, Diagnostics& diags) {
  auto found = fonts_.find(font.path);
  if (found == fonts_.end()) {
    std::string error;
    detail::Blob blob = detail::font_blob(font.path, error);
    std::unique_ptr<OpenFont> open;
    if (!blob) {
      diags.error(font.where(), "cannot read font '" + font.path + "': " + error,
                  {"check the font path in the layout"});
    } else {
      open = std::make_unique<OpenFont>();
      open->face.reset(hb_face_create(blob.get(), 0));
      open->font.reset(hb_font_create(open->face.get()));  // scaled to its units per em: font units
      open->blob = std::move(blob);
    }
    found = fonts_.emplace(font.path, std::move(open)).first;
  }
  return found->second.get();
}

const std::string& GlyphOutlines::outline(OpenFont& font, uint32_t glyph_id) {
  auto [it, added] = font.paths.try_emplace(glyph_id);
  if (added) {
    static const DrawFuncs funcs = make_draw_funcs();  // immutable, shared by every thread
    PathWriter out;
    hb_font_get_glyph_shape(font.font.get(), glyph_id, funcs.get(), &out);
    it->second = out.data();
    ++made_;
  }
  return it->second;
}

std::optional<std::string> GlyphOutlines::path(const FontInfo& font, uint32_t glyph_id, Diagnostics& diags) {
  OpenFont* open = this->open(font, diags);
  if (!open) return std::nullopt;
  return outline(*open, glyph_id);
}

std::optional<WebFont> GlyphOutlines::web_font(const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                               Diagnostics& diags) {
  OpenFont* open = this->open(font, diags);
  if (!open) return std::nullopt;
  std::vector<uint32_t> key = detail::inked_glyphs(open->font.get(), glyph_ids);
  if (auto found = open->web_fonts.find(key); found != open->web_fonts.end()) return found->second;
  // HarfBuzz would subset a cut file as if its missing glyphs were empty.
  if (const std::string table = detail::truncated_table(open->blob.get()); !table.empty()) {
    diags.error(font.where(), "font file '" + font.path + "' is cut short: its " + table + " runs past the end",
                detail::damaged_font_hints(font));
    return std::nullopt;
  }
  std::optional<WebFont> made = detail::make_web_font(open->face.get(), font, key, diags);
  if (!made) return std::nullopt;
  ++web_fonts_made_;
  // A preview writes the same pages again and again: their fonts are kept, but not forever.
  constexpr std::size_t kRemembered = 32;
  if (open->web_fonts.size() >= kRemembered) open->web_fonts.clear();
  open->web_fonts.emplace(std::move(key), *made);
  return made;
}

}  // namespace hanji::text
