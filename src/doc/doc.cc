#include "doc/doc.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "core/links.h"

namespace hanji::doc {

double GlyphRun::width() const {
  double w = 0;
  for (const Glyph& g : glyphs) w += g.advance;
  return w;
}

const char* role_name(Role role) {
  switch (role) {
    case Role::Document: return "Document";
    case Role::Sect: return "Sect";
    case Role::Div: return "Div";
    case Role::H1: return "H1";
    case Role::H2: return "H2";
    case Role::P: return "P";
    case Role::L: return "L";
    case Role::LI: return "LI";
    case Role::Lbl: return "Lbl";
    case Role::LBody: return "LBody";
    case Role::Table: return "Table";
    case Role::TR: return "TR";
    case Role::TH: return "TH";
    case Role::TD: return "TD";
    case Role::Figure: return "Figure";
  }
  return "P";
}

const char* pdf_standard_name(PdfStandard standard) {
  switch (standard) {
    case PdfStandard::None: return "none";
    case PdfStandard::Ua1: return "ua-1";
    case PdfStandard::A2b: return "a-2b";
    case PdfStandard::A2a: return "a-2a";
  }
  return "none";
}

std::optional<PdfStandard> pdf_standard_named(std::string_view name) {
  for (PdfStandard standard : {PdfStandard::None, PdfStandard::Ua1, PdfStandard::A2b, PdfStandard::A2a})
    if (name == pdf_standard_name(standard)) return standard;
  return std::nullopt;
}

const std::string& reads_as(const GlyphRun& run) { return run.actual_text ? *run.actual_text : run.text; }

namespace {
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n'; }
}  // namespace

bool needs_space_between(const PlacedRun& run, const PlacedRun* next) {
  const std::string& text = reads_as(run.run);
  if (text.empty() || is_space(text.back())) return false;
  if (!next) return true;
  const std::string& following = reads_as(next->run);
  if (!following.empty() && is_space(following.front())) return false;
  const double end = run.x + run.run.width();
  const double slack = 0.15 * std::max(run.run.size, 1.0);
  return std::abs(next->baseline - run.baseline) > 0.5 || std::abs(next->x - end) > slack;
}

std::vector<ClickableLink> clickable_links(const std::vector<LinkArea>& links, std::string_view medium,
                                           Diagnostics& diags) {
  std::vector<ClickableLink> out;
  const std::string* refused = nullptr;  // the last address refused: a link over three lines is one warning
  for (const LinkArea& link : links) {
    if (link.uri.empty() || link.width <= 0 || link.height <= 0) continue;
    std::string uri = clickable_uri(link.uri);
    if (uri.empty()) {
      if (!refused || *refused != link.uri)
        diags.warning({}, "no link to '" + excerpt(link.uri) + "' in " + std::string(medium) +
                              ": only http, https, mailto and tel links are written");
      refused = &link.uri;
      continue;
    }
    out.push_back({&link, std::move(uri)});
  }
  return out;
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
    // Into an empty vector too small to hold them: the whole vector, not element by element
    // into a new buffer (a vector given room beforehand keeps it).
    if (dst.empty() && dst.capacity() < src.size()) dst = std::move(src);
    else dst.insert(dst.end(), std::make_move_iterator(src.begin()), std::make_move_iterator(src.end()));
  };
  move_all(into.backgrounds, from.backgrounds);
  move_all(into.runs, from.runs);
  move_all(into.rects, from.rects);
  move_all(into.links, from.links);
  move_all(into.images, from.images);
}

Document join(std::vector<BoundPart> parts) {
  Document out;
  if (parts.empty()) return out;
  out.page_width = parts.front().doc.page_width;
  out.page_height = parts.front().doc.page_height;
  out.flow_height = parts.front().doc.flow_height;
  out.meta = parts.front().doc.meta;
  out.structure.push_back(StructNode{Role::Document, -1, {}, false});
  for (BoundPart& part : parts) {
    Document& doc = part.doc;
    std::vector<int> font_of(doc.fonts.size(), 0);
    for (std::size_t i = 0; i < doc.fonts.size(); ++i) {
      const FontInfo& font = doc.fonts[i];
      auto same = std::find_if(out.fonts.begin(), out.fonts.end(), [&](const FontInfo& kept) {
        return kept.path == font.path && kept.postscript_name == font.postscript_name;
      });
      font_of[i] = static_cast<int>(same - out.fonts.begin());
      if (same == out.fonts.end()) out.fonts.push_back(font);
    }
    // The part's Document element is the joined one's; its other elements follow those before.
    std::vector<int> tag_of(doc.structure.size(), 0);
    for (std::size_t i = 1; i < doc.structure.size(); ++i) {
      StructNode node = doc.structure[i];
      node.parent = node.parent > 0 && static_cast<std::size_t>(node.parent) < i ? tag_of[static_cast<std::size_t>(node.parent)] : 0;
      tag_of[i] = static_cast<int>(out.structure.size());
      out.structure.push_back(std::move(node));
    }
    const auto retag = [&](int tag) {
      return tag < 0 || static_cast<std::size_t>(tag) >= tag_of.size() ? tag : tag_of[static_cast<std::size_t>(tag)];
    };
    const int first_page = static_cast<int>(out.pages.size());
    const bool own_bookmark = !part.bookmark.empty() && !doc.pages.empty();
    if (own_bookmark) out.bookmarks.push_back(Bookmark{part.bookmark, first_page, 0, 0});
    for (Bookmark bookmark : doc.bookmarks) {
      bookmark.page += first_page;
      if (own_bookmark) bookmark.level += 1;
      out.bookmarks.push_back(std::move(bookmark));
    }
    for (Page& page : doc.pages) {
      for (PlacedRun& placed : page.runs) {
        if (placed.run.font >= 0 && static_cast<std::size_t>(placed.run.font) < font_of.size())
          placed.run.font = font_of[static_cast<std::size_t>(placed.run.font)];
        placed.tag = retag(placed.tag);
      }
      for (LinkArea& link : page.links) link.tag = retag(link.tag);
      for (PlacedImage& image : page.images) image.tag = retag(image.tag);
      out.pages.push_back(std::move(page));
    }
  }
  number_fonts_by_first_use(out);
  return out;
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
