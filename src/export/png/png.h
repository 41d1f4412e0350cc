// png: pages as PNG pictures, drawn from their SVG (svg::write_pages) by librsvg onto a white
// cairo image surface and compressed by hanji (zlib), so a picture shows exactly what the
// SVG, and so the PDF, shows. The only librsvg and cairo user, and it loads them only when a
// page is drawn (png.cc says why).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.h"
#include "doc/doc.h"
#include "image/reduced_copy.h"
#include "text/font_service.h"

namespace hanji::png {

/// The resolutions hanji draws at, in dots per inch: a thumbnail to a print.
inline constexpr int kMinDpi = 36;
inline constexpr int kMaxDpi = 600;
inline constexpr int kDefaultDpi = 150;
/// A page bigger than this many pixels is refused (a poster at 600 dpi would take gigabytes).
inline constexpr long long kMaxPixels = 100'000'000;

/// The picture's size in pixels for a page `width` x `height` pt at `dpi` (each side rounded up).
struct PixelSize {
  long long width = 0, height = 0;
};
PixelSize page_pixels(double width, double height, int dpi);

/// The SVG page `svg`, a page of `width` x `height` pt, as a PNG at `dpi`, or nullopt with an
/// error in `diags` (naming page `page_number`) when it is too big or librsvg cannot draw it.
/// Deterministic; the file carries a tEXt chunk Software=hanji.
std::optional<std::string> render_svg(const std::string& svg, double width, double height, int dpi,
                                      std::size_t page_number, Diagnostics& diags);

/// What drawing every page of a document takes: its pixels and glyphs, all pages together.
struct DrawingWork {
  std::size_t pages = 0;
  long long pixels = 0;
  long long glyphs = 0;
  long long photo_pixels = 0;  // of each photo as drawn (the copy reduced for the dpi), on each page it is on
  /// Pixels, each glyph and photo pixel counted as limits::kPngPixelsPerGlyph and
  /// kPngPixelsPerPhotoPixel say: what limits::kMaxPngPixels bounds.
  long long cost() const;
};
DrawingWork drawing_work(const doc::Document& doc, int dpi);

/// True when drawing the pages of `doc` at `dpi` costs at most limits::kMaxPngPixels;
/// otherwise false with an error at `asked_at` (where the CV file asks for PNG pages; unknown
/// when the command line does) saying how to draw less.
bool check_drawing_work(const doc::Document& doc, int dpi, const Span& asked_at, Diagnostics& diags);

/// Every page of `doc` as a PNG at `dpi`; empty, with errors in `diags`, when any fails or the
/// pages are past the limits (check_drawing_work, before anything is drawn). `fonts`: as
/// svg::write_pages takes them.
/// `photo_copies`: PNG photos reduced for print by the PDF of the same build (or made here
/// and kept for it).
std::vector<std::string> write_pages(const doc::Document& doc, int dpi, Diagnostics& diags,
                                     text::FontService* fonts = nullptr, const Span& asked_at = {},
                                     image::PrintCopies* photo_copies = nullptr);

/// True when `head` (a file's first bytes) is a PNG with the tEXt chunk render_svg writes,
/// before its image data: a page hanji wrote.
bool written_by_hanji(std::string_view head);

}  // namespace hanji::png
