// svg: a doc::Document's pages as SVG, for the browser preview (`hanji serve`), for web
// pages, and as what the PNG pages are drawn from. It sees doc and the font service (glyph
// outlines, web fonts), nothing of the pipeline: glyphs are drawn from the fonts the PDF
// embeds, so the page looks exactly as the PDF does in any browser with no font installed,
// either each glyph once per page as a path and then reused, or from the page's fonts cut
// down to its glyphs and embedded as web fonts (smaller for Korean text). Over the glyphs
// lies the text itself, invisible, one element per run, so a browser can search and select
// it and a script can read every word; each run names the place in the CV file it came from.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
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

/// How a page draws its glyphs.
enum class Glyphs {
  /// Each glyph's outline once per page as a <path>, placed with <use>: drawn by any SVG
  /// renderer, librsvg included (which cannot use web fonts: the PNG pages need this).
  Outlines,
  /// Per font the page uses, that font cut down to the page's glyphs, embedded once as a
  /// WOFF @font-face whose Private Use Area characters each draw one glyph; each run one
  /// <text> of those characters, every glyph placed by its own x (and y). For browsers: a
  /// page of Korean serif text is a third of its Outlines size. The glyph layer is hidden
  /// from assistive technology and selection; the text layer above it reads as in Outlines.
  Fonts,
};

struct Options {
  /// How glyphs are drawn (see Glyphs).
  Glyphs glyphs = Glyphs::Outlines;
  /// Put before every id in a page (glyphs, clip paths) and every font family name it
  /// declares, so that several pages, or pages of two builds, can sit inline in one HTML
  /// document without their ids or fonts meeting (a page's @font-face rules apply to the
  /// whole document: each page inline needs a prefix of its own).
  std::string id_prefix;
  /// Whether each text run carries the place it came from (data-src="FILE:LINE:COL").
  bool sources = true;
  /// Whether the invisible text (for search, selection and the preview's clicks) lies over
  /// the glyphs; a page drawn only to be a picture (PNG) needs none, and the renderer then
  /// never lays text out with system fonts.
  bool text_layer = true;
  /// How a source file is named in data-src; empty: by its file name alone (a page put on a
  /// web site should not show the folders of the machine it was made on).
  std::function<std::string(const std::string& path)> source_name;
  /// What an image's href is; empty (or giving ""): the picture itself, inline as a data: URI
  /// (a page that stands alone). The preview serves pictures from the CV's folder instead.
  std::function<std::string(const doc::PlacedImage& image)> image_href;
  /// What is inlined for a picture whose file holds `file` (when image_href gives none): a PNG
  /// or JPEG of the same picture as stored (not turned), of any size (it is stretched over
  /// the stored picture's place); "" for the file itself; nullopt when it cannot be made (the
  /// function has said why in its own diagnostics), and the picture is left out. The PNG
  /// pages inline a copy reduced to what their resolution needs; unset: the file itself.
  std::function<std::optional<std::string>(const doc::PlacedImage& image, std::string_view file)> inline_picture;
};

/// Page `index` (0-based) of `doc` as one standalone SVG file, sized in pt at the paper's
/// size. Deterministic: the same document gives the same bytes. Problems (a font that cannot
/// be read, a picture that cannot be embedded) go to `diags` at the place they come from.
std::string write_page(const doc::Document& doc, std::size_t index, const Options& options, Diagnostics& diags);

/// write_page with glyph outlines and web fonts from `outlines` (kept in its font service, so
/// each font is opened and each glyph outlined once while it is kept): for a caller that
/// writes pages again and again (the preview).
/// `outlines` is not safe to share between threads.
std::string write_page(const doc::Document& doc, std::size_t index, const Options& options,
                       text::GlyphOutlines& outlines, Diagnostics& diags);

/// Every page of `doc`, in order (a document without pages: one blank page, as in the PDF).
/// `fonts`: where fonts are opened and outlines kept (a warm engine's); null: for this
/// document alone.
std::vector<std::string> write_pages(const doc::Document& doc, const Options& options, Diagnostics& diags,
                                     text::FontService* fonts = nullptr);

}  // namespace hanji::svg
