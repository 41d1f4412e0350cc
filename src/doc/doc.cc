#include "doc/doc.h"

#include <iterator>

namespace hanji::doc {

double GlyphRun::width() const {
  double w = 0;
  for (const Glyph& g : glyphs) w += g.advance;
  return w;
}

void translate(Page& page, double dx, double dy) {
  auto move_boxes = [&](auto& boxes) {
    for (auto& box : boxes) {
      box.x += dx;
      box.y += dy;
    }
  };
  for (auto& run : page.runs) {
    run.x += dx;
    run.baseline += dy;
  }
  move_boxes(page.backgrounds);
  move_boxes(page.rects);
  move_boxes(page.links);
  move_boxes(page.images);
}

void append(Page& into, Page from) {
  auto move_all = [](auto& dst, auto& src) {
    dst.insert(dst.end(), std::make_move_iterator(src.begin()), std::make_move_iterator(src.end()));
  };
  move_all(into.backgrounds, from.backgrounds);
  move_all(into.runs, from.runs);
  move_all(into.rects, from.rects);
  move_all(into.links, from.links);
  move_all(into.images, from.images);
}

void number_fonts_by_first_use(Document& doc) {
  std::vector<int> renumbered(doc.fonts.size(), -1);
  std::vector<FontInfo> fonts;
  for (Page& page : doc.pages)
    for (PlacedRun& placed : page.runs) {
      const int old = placed.run.font;
      if (old < 0 || static_cast<std::size_t>(old) >= renumbered.size()) continue;  // the PDF writer reports it
      int& now = renumbered[static_cast<std::size_t>(old)];
      if (now < 0) {
        now = static_cast<int>(fonts.size());
        fonts.push_back(doc.fonts[static_cast<std::size_t>(old)]);
      }
      placed.run.font = now;
    }
  doc.fonts = std::move(fonts);
}

}  // namespace hanji::doc
