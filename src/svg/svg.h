// svg: a doc::Document's pages as SVG, for the browser preview (`hanji serve`), for web
// pages, and as what the PNG pages are drawn from. It sees doc and the font service (glyph
// outlines), nothing of the pipeline: glyphs are drawn from the fonts the PDF embeds, each
// glyph once per page as a path and then reused, so the page looks exactly as the PDF does
// in any browser with no font installed. Over the glyphs lies the text itself, invisible,
// one element per run, so a browser can search and select it and a script can read every
// word; each run names the place in the CV file it came from.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.h"
#include "doc/doc.h"
#include "text/font_service.h"

namespace hanji::svg {

/// The comment every page starts with (after the XML declaration): how a page hanji wrote is
/// told from a file someone else put there.
inline constexpr std::string_view kGeneratorMark = "<!-- made by hanji -->";

struct Options {
  /// Put before every id in a page (glyphs, clip paths), so that several pages, or pages of
  /// two builds, can sit inline in one HTML document without their ids meeting.
  std::string id_prefix;
  /// Whether each text run carries the place it came from (data-src="FILE:LINE:COL").
  bool sources = true;
  /// How a source file is named in data-src; empty: by its file name alone (a page put on a
  /// web site should not show the folders of the machine it was made on).
  std::function<std::string(const std::string& path)> source_name;
  /// What an image's href is; empty: the picture itself, inline as a data: URI (a page that
  /// stands alone). The preview serves pictures from the CV's folder instead.
  std::function<std::string(const doc::PlacedImage& image)> image_href;
};

/// Page `index` (0-based) of `doc` as one standalone SVG file, sized in pt at the paper's
/// size. Deterministic: the same document gives the same bytes. Problems (a font that cannot
/// be read, a picture that cannot be embedded) go to `diags` at the place they come from.
std::string write_page(const doc::Document& doc, std::size_t index, const Options& options, Diagnostics& diags);

/// write_page with glyph outlines kept in `outlines` (each font opened and each glyph outlined
/// once for as long as it lives): for a caller that writes pages again and again (the preview).
/// `outlines` is not safe to share between threads.
std::string write_page(const doc::Document& doc, std::size_t index, const Options& options,
                       text::GlyphOutlines& outlines, Diagnostics& diags);

/// Every page of `doc`, in order (a document without pages: one blank page, as in the PDF).
std::vector<std::string> write_pages(const doc::Document& doc, const Options& options, Diagnostics& diags);

}  // namespace hanji::svg
