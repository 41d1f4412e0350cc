// write_page: one SVG file per page, drawn in the order the PDF draws (backgrounds, rules and
// panels, pictures, text), then the invisible text layer and the links over everything.
// Glyphs are paths from the font files, each defined once per page and placed with <use>,
// each run in a group scaled to its font units, so that a page of Korean text stays small;
// or (Glyphs::Fonts) characters of the page's fonts cut down to its glyphs, embedded once.
#include "export/svg/svg.h"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "core/files.h"
#include "core/links.h"
#include "image/image.h"
#include "text/font_service.h"

namespace hanji::svg {
namespace {

// ---- numbers, colours, text ----------------------------------------------------------------

// `value` rounded to `decimals` places, without trailing zeros or a leading zero (".5",
// "-12.25", "3"): short, exact to what is printed, and the same on every machine.
void append_number(std::string& out, double value, int decimals) {
  if (!std::isfinite(value)) value = 0;
  value = std::clamp(value, -1e9, 1e9);
  long long scale = 1;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  const long long scaled = std::llround(value * static_cast<double>(scale));
  if (scaled < 0) out += '-';
  const auto magnitude = static_cast<unsigned long long>(scaled < 0 ? -scaled : scaled);
  const unsigned long long whole = magnitude / static_cast<unsigned long long>(scale);
  unsigned long long fraction = magnitude % static_cast<unsigned long long>(scale);
  char digits[24];
  if (whole != 0 || fraction == 0) out.append(digits, std::to_chars(digits, digits + sizeof digits, whole).ptr);
  if (fraction == 0) return;
  int places = decimals;
  while (fraction % 10 == 0) {
    fraction /= 10;
    --places;
  }
  out += '.';
  const std::string fraction_digits = std::to_string(fraction);
  out.append(static_cast<std::size_t>(places) - fraction_digits.size(), '0');
  out += fraction_digits;
}

// Lengths on the page, in pt: a hundredth of a point is far below what any screen or printer shows.
std::string pt(double value) {
  std::string out;
  append_number(out, value, 2);
  return out;
}

std::string hex_color(const Rgb& color) {
  static constexpr char kHex[] = "0123456789abcdef";
  auto byte = [](double v) { return static_cast<int>(std::lround(std::clamp(std::isfinite(v) ? v : 0.0, 0.0, 1.0) * 255)); };
  const int parts[3] = {byte(color.r), byte(color.g), byte(color.b)};
  std::string out = "#";
  const bool short_form = std::all_of(parts, parts + 3, [](int p) { return p >> 4 == (p & 15); });
  for (int p : parts) {
    out += kHex[p >> 4];
    if (!short_form) out += kHex[p & 15];
  }
  return out;
}

// Text for XML character data and attribute values: the five special characters escaped,
// tab, newline and carriage return as references (an attribute value keeps them so), and what
// XML 1.0 cannot hold at all (other control characters, U+FFFE, U+FFFF) as U+FFFD.
std::string xml_escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const char32_t c = utf8_next(text, at);
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\t': out += "&#9;"; break;
      case '\n': out += "&#10;"; break;
      case '\r': out += "&#13;"; break;
      default:
        if (c < 0x20 || c == 0x7F || c == 0xFFFE || c == 0xFFFF)
          utf8_append(out, U'\uFFFD');
        else
          utf8_append(out, c);
    }
  }
  return out;
}

// ---- the page ----------------------------------------------------------------------------

class PageWriter {
 public:
  PageWriter(const doc::Document& doc, const Options& options, text::GlyphOutlines& outlines, Diagnostics& diags)
      : doc_(doc), options_(options), outlines_(outlines), diags_(diags) {}

  std::string write(const doc::Page& page) {
    if (options_.glyphs == Glyphs::Fonts)
      collect_fonts(page);
    else
      collect_glyphs(page);
    out_ += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out_ += kGeneratorMark;
    out_ += '\n';
    out_ += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + pt(doc_.page_width) + "pt\" height=\"" +
            pt(doc_.page_height) + "pt\" viewBox=\"0 0 " + pt(doc_.page_width) + ' ' + pt(doc_.page_height) + "\">\n";
    if (options_.glyphs == Glyphs::Fonts)
      write_font_faces();
    else
      write_defs();
    out_ += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";  // paper, as a PDF viewer shows it
    for (const doc::FilledRect& rect : page.backgrounds) write_rect(rect);
    for (const doc::FilledRect& rect : page.rects) write_rect(rect);
    for (const doc::PlacedImage& image : page.images) write_image(image);
    if (options_.glyphs == Glyphs::Fonts)
      write_glyph_text(page.runs);
    else
      for (const doc::PlacedRun& run : page.runs) write_glyphs(run);
    if (options_.text_layer) write_text_layer(page.runs);
    write_links(page.links);
    out_ += "</svg>\n";
    return std::move(out_);
  }

 private:
  using GlyphKey = std::pair<int, uint32_t>;  // font index, glyph id

  const doc::FontInfo* font_of(const doc::GlyphRun& run) {
    if (run.font >= 0 && static_cast<std::size_t>(run.font) < doc_.fonts.size()) return &doc_.fonts[run.font];
    if (bad_fonts_.insert(run.font).second)
      diags_.error(run.span, "internal error: text '" + excerpt(run.text) + "' uses font " + std::to_string(run.font) +
                                 " but the document has " + std::to_string(doc_.fonts.size()) + " fonts");
    return nullptr;
  }

  // "g3-7ss": the font's index, then the glyph id in base 36 (a page uses each about three
  // times, in a <use> each: short ids keep a page of Korean text small).
  std::string glyph_id(const GlyphKey& key) const {
    std::string glyph;
    uint32_t id = key.second;
    do {
      glyph.insert(glyph.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[id % 36]);
      id /= 36;
    } while (id > 0);
    return options_.id_prefix + 'g' + std::to_string(key.first) + '-' + glyph;
  }

  // Every glyph the page draws, in the order first drawn, with its outline.
  void collect_glyphs(const doc::Page& page) {
    for (const doc::PlacedRun& placed : page.runs) {
      const doc::FontInfo* font = font_of(placed.run);
      if (!font) continue;
      for (const doc::Glyph& glyph : placed.run.glyphs) {
        const GlyphKey key{placed.run.font, glyph.id};
        if (paths_.contains(key)) continue;
        std::optional<std::string> path = outlines_.path(*font, glyph.id, diags_);
        paths_.emplace(key, path ? std::move(*path) : std::string());
        order_.push_back(key);
      }
    }
  }

  bool draws(const GlyphKey& key) const { return !paths_.at(key).empty(); }

  // Fonts mode: each font the page uses cut down to the glyphs it draws, as a web font.
  void collect_fonts(const doc::Page& page) {
    std::map<int, std::vector<uint32_t>> glyphs;  // by font index
    for (const doc::PlacedRun& placed : page.runs) {
      if (!font_of(placed.run)) continue;
      std::vector<uint32_t>& ids = glyphs[placed.run.font];
      for (const doc::Glyph& glyph : placed.run.glyphs) ids.push_back(glyph.id);
    }
    for (const auto& [index, ids] : glyphs) {
      std::optional<text::WebFont> web = outlines_.web_font(doc_.fonts[static_cast<std::size_t>(index)], ids, diags_);
      if (web && !web->woff.empty()) web_fonts_.emplace(index, std::move(*web));
    }
  }

  // A font's family name in the page: the id prefix's letters, digits, '-' and '_', then
  // "f" and its index; quoted where CSS would not read it as a name (it starts with a digit).
  std::string family(int index) const {
    std::string name;
    for (char c : options_.id_prefix)
      name += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
    name += 'f' + std::to_string(index);
    if (!std::isalpha(static_cast<unsigned char>(name[0])) && name[0] != '_') name = '\'' + name + '\'';
    return name;
  }

  // Each font the page uses, once, inline.
  void write_font_faces() {
    if (web_fonts_.empty()) return;
    out_ += "<style>";
    for (const auto& [index, web] : web_fonts_)
      out_ += "@font-face{font-family:" + family(index) + ";src:url(data:font/woff;base64," + base64(web.woff) + ")}";
    out_ += "</style>\n";
  }

  // Fonts mode: one <text> a run, its glyphs as the web font's characters, each placed where
  // the outlines would be (its pen position plus its offsets). In a group of its own, hidden
  // from assistive technology and from selection; a newline after each element keeps its
  // characters apart from the next element's in the page's textContent.
  void write_glyph_text(const std::vector<doc::PlacedRun>& runs) {
    std::string layer;
    for (const doc::PlacedRun& placed : runs) {
      const doc::GlyphRun& run = placed.run;
      auto web = web_fonts_.find(run.font);
      if (web == web_fonts_.end() || run.size <= 0) continue;
      std::string characters, xs, ys;
      bool raised = false;  // any glyph off the baseline
      double pen = placed.x;
      const double baseline = placed.baseline - run.rise;
      for (const doc::Glyph& glyph : run.glyphs) {
        const double x = pen + glyph.x_offset;
        pen += glyph.advance;
        const char32_t character = web->second.character(glyph.id);
        if (character == 0) continue;  // draws nothing
        utf8_append(characters, character);
        if (!xs.empty()) xs += ' ';
        xs += pt(x);
        if (!ys.empty()) ys += ' ';
        ys += pt(baseline - glyph.y_offset);
        raised = raised || glyph.y_offset != 0;
      }
      if (characters.empty()) continue;
      layer += "<text x=\"" + xs + "\" y=\"" + (raised ? ys : pt(baseline)) + "\" font-family=\"" + family(run.font) +
               "\" font-size=\"" + pt(run.size) + '"';
      if (const std::string color = hex_color(run.color); color != "#000") layer += " fill=\"" + color + '"';
      layer += '>' + characters + "</text>\n";
    }
    if (layer.empty()) return;
    out_ += "<g aria-hidden=\"true\" style=\"-webkit-user-select:none;user-select:none\">\n" + layer + "</g>\n";
  }

  std::string new_clip_id() { return options_.id_prefix + 'c' + std::to_string(clips_++); }

  // Each glyph the page draws once, as its outline.
  void write_defs() {
    out_ += "<defs>\n";
    for (const GlyphKey& key : order_)
      if (draws(key)) out_ += "<path id=\"" + glyph_id(key) + "\" d=\"" + paths_.at(key) + "\"/>\n";
    out_ += "</defs>\n";
  }

  std::string use_element(const GlyphKey& key, long long x, long long y) const {
    std::string out = "<use href=\"#" + glyph_id(key) + '"';
    if (x != 0) out += " x=\"" + std::to_string(x) + '"';
    if (y != 0) out += " y=\"" + std::to_string(y) + '"';
    return out + "/>";
  }

  // A rectangle, its corners rounded as the PDF rounds them (to at most half the shorter side).
  std::string rect_element(double x, double y, double width, double height, double radius) {
    std::string out = "<rect x=\"" + pt(x) + "\" y=\"" + pt(y) + "\" width=\"" + pt(width) + "\" height=\"" + pt(height) + '"';
    const double r = std::clamp(radius, 0.0, std::min(width, height) / 2);
    if (r > 0) out += " rx=\"" + pt(r) + '"';
    return out;
  }

  void write_rect(const doc::FilledRect& rect) {
    if (rect.width <= 0 || rect.height <= 0) return;
    out_ += rect_element(rect.x, rect.y, rect.width, rect.height, rect.radius) + " fill=\"" + hex_color(rect.color) + "\"/>\n";
  }

  // The outline a picture is cut to, as the PDF cuts it.
  std::string clip_shape(const doc::PlacedImage& image) {
    switch (image.shape) {
      case doc::ImageShape::Rectangle: break;
      case doc::ImageShape::Rounded:
        return rect_element(image.x, image.y, image.width, image.height, std::min(image.width, image.height) * 0.12) + "/>";
      case doc::ImageShape::Circle:
        return "<circle cx=\"" + pt(image.x + image.width / 2) + "\" cy=\"" + pt(image.y + image.height / 2) + "\" r=\"" +
               pt(std::min(image.width, image.height) / 2) + "\"/>";
    }
    return rect_element(image.x, image.y, image.width, image.height, 0) + "/>";
  }

  struct Picture {
    std::string href;
    image::PixelSize stored;
    image::Orientation orientation = image::Orientation::Upright;
  };

  std::optional<Picture> load(const doc::PlacedImage& placed) {
    const Span where = placed.span.known() ? placed.span : Span{placed.path, 0, 0};
    std::string error;
    std::optional<std::string> bytes = read_data_file(placed.path, photo_file_kind(), error);
    if (!bytes) {
      diags_.error(where, "image '" + placed.path + "' " + error,
                   {"check the photo path in the CV; relative paths start at the CV file's folder"});
      return std::nullopt;
    }
    const image::Format format = image::format_of(*bytes);
    Picture picture{{}, image::pixel_size(*bytes), image::orientation_of(*bytes)};
    if (format == image::Format::Unknown || picture.stored.width == 0 || picture.stored.height == 0) {
      diags_.error(where, "image '" + placed.path + "' is neither PNG nor JPEG, or is damaged",
                   {"convert the picture to PNG or JPEG"});
      return std::nullopt;
    }
    if (options_.image_href) picture.href = options_.image_href(placed);
    if (picture.href.empty()) {
      // The pixels as stored: the transform below turns them, so a viewer that would turn
      // them by their Exif data must not find it.
      std::optional<std::string> copy;
      if (options_.inline_picture && !(copy = options_.inline_picture(placed, *bytes))) return std::nullopt;
      const std::string_view inlined = copy && !copy->empty() ? std::string_view(*copy) : std::string_view(*bytes);
      const std::string stored = image::without_orientation(inlined);
      const bool png = image::format_of(inlined) == image::Format::Png;
      picture.href = std::string("data:image/") + (png ? "png" : "jpeg") + ";base64," + base64(stored);
    }
    return picture;
  }

  // The picture, turned upright, covers its box keeping its proportions (what does not fit is
  // cut off evenly on both sides) and is clipped to the box's shape: the PDF's placement.
  void write_image(const doc::PlacedImage& placed) {
    std::optional<Picture> picture = load(placed);
    if (!picture) return;
    const double stored_wide = picture->stored.width, stored_high = picture->stored.height;
    const bool turned = image::swaps_sides(picture->orientation);
    const double pixels_wide = turned ? stored_high : stored_wide, pixels_high = turned ? stored_wide : stored_high;
    const double scale = std::max(placed.width / pixels_wide, placed.height / pixels_high);
    const double width = pixels_wide * scale, height = pixels_high * scale;
    const double left = placed.x - (width - placed.width) / 2, top = placed.y - (height - placed.height) / 2;
    // upright_matrix maps the picture's unit square (v up from its last row) into y-up
    // coordinates; here y runs down, and the stored pixels span stored_wide x stored_high.
    const double page = doc_.page_height;
    const image::ImageMatrix m = image::upright_matrix(picture->orientation, left, page - top - height, width, height);
    const double a = m.a / stored_wide, b = -m.b / stored_wide, c = -m.c / stored_high, d = m.d / stored_high;
    const double e = m.c + m.e, f = page - m.d - m.f;
    const std::string clip = new_clip_id();
    out_ += "<clipPath id=\"" + clip + "\">" + clip_shape(placed) + "</clipPath>\n";
    out_ += "<g clip-path=\"url(#" + clip + ")\"><image width=\"" + std::to_string(picture->stored.width) + "\" height=\"" +
            std::to_string(picture->stored.height) + "\" preserveAspectRatio=\"none\"";
    if (options_.image_href && picture->orientation != image::Orientation::Upright)
      out_ += " style=\"image-orientation:none\"";  // the file served still carries its Exif data
    out_ += " transform=\"matrix(";
    for (double v : {a, b, c, d}) {
      append_number(out_, v, 8);
      out_ += ' ';
    }
    out_ += pt(e) + ' ' + pt(f) + ")\" href=\"" + xml_escaped(picture->href) + "\"/></g>\n";
  }

  // One run's glyphs in a group scaled to its font units (y up, as the outlines are), each
  // glyph placed at its pen position plus its offsets, in whole font units.
  void write_glyphs(const doc::PlacedRun& placed) {
    const doc::GlyphRun& run = placed.run;
    const doc::FontInfo* font = font_of(run);
    if (!font || run.glyphs.empty() || run.size <= 0) return;
    const double units = font->units_per_em > 0 ? font->units_per_em : 1000;
    const double scale = run.size / units;
    std::string uses;
    double pen = 0;  // pt from the run's start
    for (const doc::Glyph& glyph : run.glyphs) {
      const GlyphKey key{run.font, glyph.id};
      const double x = pen + glyph.x_offset;
      pen += glyph.advance;
      if (!draws(key)) continue;  // a space
      uses += use_element(key, std::llround(x / scale), std::llround(glyph.y_offset / scale));
    }
    if (uses.empty()) return;
    out_ += "<g";
    if (const std::string color = hex_color(run.color); color != "#000") out_ += " fill=\"" + color + '"';
    out_ += " transform=\"matrix(";
    append_number(out_, scale, 8);
    out_ += " 0 0 ";
    append_number(out_, -scale, 8);
    out_ += ' ' + pt(placed.x) + ' ' + pt(placed.baseline - run.rise) + ")\">" + uses + "</g>\n";
  }

  std::string source_of(const Span& span) const {
    if (options_.source_name) return options_.source_name(span.file);
    return std::filesystem::path(span.file).filename().string();
  }

  // Each run's text, invisible, over its glyphs and stretched to their width, so that a
  // browser finds and selects it where it is drawn. Nothing stands between the elements (a
  // word set in two runs stays one word); a space ends a run that ends a word.
  void write_text_layer(const std::vector<doc::PlacedRun>& runs) {
    out_ += "<g fill=\"transparent\">";
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const doc::PlacedRun& placed = runs[i];
      const doc::GlyphRun& run = placed.run;
      const std::string& text = doc::reads_as(run);
      if (text.empty()) continue;
      out_ += "<text x=\"" + pt(placed.x) + "\" y=\"" + pt(placed.baseline - run.rise) + "\" font-size=\"" + pt(run.size) + '"';
      if (const double width = run.width(); width > 0)
        out_ += " textLength=\"" + pt(width) + "\" lengthAdjust=\"spacingAndGlyphs\"";
      if (options_.sources && run.span.known())
        out_ += " data-src=\"" + xml_escaped(source_of(run.span)) + ':' + std::to_string(run.span.line) + ':' +
                std::to_string(run.span.col) + '"';
      out_ += '>' + xml_escaped(text);
      if (doc::needs_space_between(placed, i + 1 < runs.size() ? &runs[i + 1] : nullptr)) out_ += ' ';
      out_ += "</text>";
    }
    out_ += "</g>\n";
  }

  // Clickable areas over everything, for the addresses the PDF links too (http, https,
  // mailto, tel); any other is left unlinked with a warning, as the PDF writer does.
  void write_links(const std::vector<doc::LinkArea>& links) {
    for (const doc::ClickableLink& link : doc::clickable_links(links, "the SVG", diags_))
      out_ += "<a href=\"" + xml_escaped(link.uri) + "\">" +
              rect_element(link.area->x, link.area->y, link.area->width, link.area->height, 0) +
              " fill=\"transparent\"/></a>\n";
  }

  const doc::Document& doc_;
  const Options& options_;
  text::GlyphOutlines& outlines_;
  Diagnostics& diags_;
  std::string out_;
  std::map<GlyphKey, std::string> paths_;  // the page's glyphs and their outlines ("" draws nothing)
  std::vector<GlyphKey> order_;            // in the order first drawn
  std::map<int, text::WebFont> web_fonts_;  // Fonts mode: the page's fonts, by index (those that draw)
  std::set<int> bad_fonts_;
  int clips_ = 0;
};

}  // namespace

std::string write_page(const doc::Document& doc, std::size_t index, const Options& options,
                       text::GlyphOutlines& outlines, Diagnostics& diags) {
  // A document without pages is one blank page, as in the PDF.
  static const doc::Page kBlank;
  const doc::Page& page = index < doc.pages.size() ? doc.pages[index] : kBlank;
  return PageWriter(doc, options, outlines, diags).write(page);
}

std::string write_page(const doc::Document& doc, std::size_t index, const Options& options, Diagnostics& diags) {
  text::GlyphOutlines outlines;
  return write_page(doc, index, options, outlines, diags);
}

std::vector<std::string> write_pages(const doc::Document& doc, const Options& options, Diagnostics& diags,
                                     text::FontService* fonts) {
  text::GlyphOutlines outlines(fonts);  // each font opened and each glyph outlined once for all pages
  std::vector<std::string> pages;
  const std::size_t count = std::max<std::size_t>(1, doc.pages.size());
  for (std::size_t i = 0; i < count; ++i) pages.push_back(write_page(doc, i, options, outlines, diags));
  return pages;
}

}  // namespace hanji::svg
