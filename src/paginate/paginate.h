// paginate: sets the composed blocks into lines (through text::Typesetter) and distributes
// them over pages: entries kept together, section titles never last on a page, paragraphs
// split with at least two lines on each side, "N / M" footers. The result, Document, is
// plain data that any writer (PDF, text trace) can consume.
#pragma once

#include <string>
#include <vector>

#include "compose/compose.h"
#include "core/core.h"
#include "layout/layout.h"
#include "text/text.h"

namespace hanji::paginate {

/// A glyph run placed on a page. Coordinates in pt from the page's top-left corner, y down;
/// (x, baseline) is the pen position of the run's first glyph.
struct PlacedRun {
  text::GlyphRun run;
  double x = 0;
  double baseline = 0;
};

/// A filled rectangle (rules). Top-left corner, y down.
struct FilledRect {
  double x = 0, y = 0, width = 0, height = 0;
  Rgb color;
};

/// A clickable area. Top-left corner, y down.
struct LinkArea {
  double x = 0, y = 0, width = 0, height = 0;
  std::string uri;
};

struct PlacedImage {
  std::string path;
  double x = 0, y = 0, width = 0, height = 0;
  Span span;  // where the CV names the picture, for problems found when it is embedded
};

struct Page {
  std::vector<PlacedRun> runs;
  std::vector<FilledRect> rects;
  std::vector<LinkArea> links;
  std::vector<PlacedImage> images;
  /// How far the flow reaches below the top margin on this page, pt (more than
  /// Document::flow_height only when a piece taller than a page runs past the bottom margin).
  double content_height = 0;
};

/// An outline entry: a title and where it points.
struct Bookmark {
  std::string title;
  int page = 0;  // 0-based
  double y = 0;  // from the top of the page
};

struct Document {
  double page_width = 595.276, page_height = 841.89;
  double flow_height = 0;  // the flow area between the top and bottom margins, pt
  std::vector<Page> pages;
  std::vector<Bookmark> bookmarks;
  std::vector<text::FontInfo> fonts;  // indexed by GlyphRun::font
  compose::Metadata meta;
};

/// Choices the caller makes about page breaking.
struct Options {
  /// Tighten the vertical spaces (by up to 40%, never the text) when that spares a nearly
  /// empty last page. Fitting to N pages (module fit) turns this off: it squeezes the spaces
  /// itself, within the layout's fit.* bounds, and the two must not compound.
  bool balance_last_page = true;
};

/// Lays out `composition` on pages of `theme`'s size and margins. Content that cannot fit is
/// reported as a warning naming its source location and by how much: a line wider than its
/// column (from text::Typesetter), a piece taller than a page (it runs past the bottom margin).
Document paginate(const compose::Composition& composition, const layout::Theme& theme,
                  text::Typesetter& typesetter, Diagnostics& diags, const Options& options = {});

}  // namespace hanji::paginate
