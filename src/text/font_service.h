// The font service: every font file opened once, as one HarfBuzz face per file and stamp, for
// shaping (the typesetter), cutting a font down to the glyphs a document draws (the PDF; the
// SVG's web fonts) and the outlines of glyphs (the SVG). A warm engine owns one, so a font is
// read once for every build and every format. It sees doc's FontInfo and HarfBuzz, nothing of
// the pipeline, so an exporter links it without linking the typesetter.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/core.h"
#include "core/memo.h"
#include "doc/doc.h"

namespace hanji::text {

using doc::FontInfo;

namespace detail {
struct OpenedFont;  // font_blob.h
}  // namespace detail

/// A font cut down to some glyphs, for embedding. Glyph ids are renumbered.
struct FontSubset {
  std::string data;                 // a TrueType file
  std::vector<uint32_t> old_ids;    // sorted original glyph ids kept
  std::vector<uint32_t> new_ids;    // new_ids[i] is the subset's id for old_ids[i]
  std::string postscript_name;
  int units_per_em = 1000;

  /// The subset id for an original glyph id (which must have been kept).
  uint32_t map(uint32_t old_id) const;
};

/// Subsets `font.path` without hinting. Given `glyph_ids`, those (plus .notdef) alone are
/// kept and the subset has no cmap (the PDF draws glyphs by id); given only `code_points`,
/// their glyphs are kept with a cmap for them. Errors (unreadable or cut-short file,
/// HarfBuzz failure) go to `diags`.
std::optional<FontSubset> subset_font(const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                      const std::vector<char32_t>& code_points, Diagnostics& diags);

/// First character a web font maps a glyph to: the Private Use Area, U+E000 up to U+F8FF,
/// then Plane 15's (U+F0000 up) for a font that keeps more glyphs than the BMP's area holds.
inline constexpr char32_t kWebFontFirstCharacter = 0xE000;
inline constexpr char32_t kWebFontBmpCharacters = 0x1900;  // U+E000..U+F8FF
inline constexpr char32_t kWebFontPlane15 = 0xF0000;

/// A font cut down to the glyphs a web page draws, to embed with @font-face: a WOFF 1.0 file
/// whose cmap maps one Private Use Area character to each glyph that draws something (the
/// i-th of them, by subset glyph id, to kWebFontFirstCharacter + i), and which has no layout
/// tables (GSUB, GPOS, GDEF, kern) nor hinting: a browser draws each of those characters as
/// exactly that glyph, whatever its shaping would do with real text.
struct WebFont {
  std::string woff;                           // "" when none of the glyphs draws anything
  std::map<uint32_t, char32_t> characters;    // by original glyph id; a glyph that draws nothing is absent

  /// The character that draws original glyph `glyph_id`, or 0 (it draws nothing, or was not asked for).
  char32_t character(uint32_t glyph_id) const {
    auto found = characters.find(glyph_id);
    return found == characters.end() ? 0 : found->second;
  }
};

/// A font cut down to some characters for a web page's own text (not glyph by glyph, as
/// WebFont): a WOFF 1.0 file whose cmap maps each of those characters the font has to its
/// glyph, as the font's own cmap does, with no layout tables nor hinting (the browser sets
/// the text with the font's advances, without kerning or ligatures: enough for Hangul and
/// plain Latin). A page names it in a font-family list before the fonts for the rest.
struct TextWebFont {
  std::string woff;                  // "" when the font has none of the characters
  std::vector<char32_t> characters;  // those it has, sorted, once each
};

/// What FontService kept and how often it was asked.
struct FontServiceStats {
  MemoStats faces, subsets, outlines, web_fonts, text_web_fonts;
};

/// Font files opened once per file and stamp (size, times, inode: a font saved again is
/// opened again), with what is made from them kept too: subsets, glyph outlines, web fonts.
/// Safe to share between threads; bounded (the memos let the least recently used go).
class FontService {
 public:
  FontService();
  ~FontService();
  FontService(const FontService&) = delete;
  FontService& operator=(const FontService&) = delete;

  /// The font file at `path` opened (checked as core's font_file_kind() says), or null with
  /// the reason in `error`. The same face for everyone while the file stays the same.
  std::shared_ptr<const detail::OpenedFont> open(const std::string& path, std::string& error);

  /// subset_font(), kept: a CV built again draws the same glyphs.
  std::optional<FontSubset> subset(const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                   const std::vector<char32_t>& code_points, Diagnostics& diags);

  /// The path data ("d") of glyph `glyph_id` of `font` drawn whole: whole font units,
  /// relative commands, no more separators than needed; "" for a glyph that draws nothing (a
  /// space). nullopt when the font cannot be read (said in `diags`).
  std::optional<std::string> outline(const FontInfo& font, uint32_t glyph_id, Diagnostics& diags);

  /// `font` cut down to `glyph_ids` (original ids, any order, repeats allowed) as a web font.
  /// nullopt when the font cannot be read or subset (said in `diags`).
  std::optional<WebFont> web_font(const FontInfo& font, const std::vector<uint32_t>& glyph_ids, Diagnostics& diags);

  /// `font` cut down to those of `characters` it has (any order, repeats allowed) as a web
  /// font for text (see TextWebFont). nullopt when the font cannot be read or subset (said
  /// in `diags`).
  std::optional<TextWebFont> text_web_font(const FontInfo& font, const std::vector<char32_t>& characters,
                                           Diagnostics& diags);

  FontServiceStats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The glyphs of fonts for one SVG writer (a document's pages, or a preview's builds): their
/// outlines, as SVG path data in font units (y up, as the font has them), or the fonts cut
/// down to them as web fonts, from a FontService (the engine's, or one of its own). A font
/// that cannot be read is said in `diags` the first time it is asked for.
class GlyphOutlines {
 public:
  /// `service`: where fonts are opened and outlines kept; null: a service of its own.
  explicit GlyphOutlines(FontService* service = nullptr);
  ~GlyphOutlines();
  GlyphOutlines(const GlyphOutlines&) = delete;
  GlyphOutlines& operator=(const GlyphOutlines&) = delete;

  /// FontService::outline(), said once per font that cannot be read.
  std::optional<std::string> path(const FontInfo& font, uint32_t glyph_id, Diagnostics& diags);
  /// FontService::web_font().
  std::optional<WebFont> web_font(const FontInfo& font, const std::vector<uint32_t>& glyph_ids, Diagnostics& diags);

  /// How many glyph outlines and web fonts the service made (each once while kept): for
  /// tests that count work.
  std::size_t outlines_made() const;
  std::size_t web_fonts_made() const;

 private:
  std::unique_ptr<FontService> own_;
  FontService* service_;
  std::set<std::string> unreadable_;  // fonts said to be unreadable
};

/// SVG path data in whole units for the outline drawn by the calls below; what
/// GlyphOutlines makes of a glyph's contours. Relative commands throughout; a line along an
/// axis as h or v; a quadratic curve whose control point mirrors the one before as t; a
/// command repeated without its letter; the line that closes a contour left to z.
class PathWriter {
 public:
  void move_to(double x, double y);
  void line_to(double x, double y);
  void quadratic_to(double cx, double cy, double x, double y);
  void cubic_to(double c1x, double c1y, double c2x, double c2y, double x, double y);
  void close();
  const std::string& data() const { return out_; }

 private:
  struct Point {
    long long x = 0, y = 0;
  };
  static Point rounded(double x, double y);
  void command(char letter, std::initializer_list<long long> numbers);

  std::string out_;
  char last_ = 0;
  bool separate_ = false;   // a digit was written last: a positive number needs a space
  Point pen_, start_;       // rounded, as the path data has them
  double control_x_ = 0, control_y_ = 0, exact_x_ = 0, exact_y_ = 0;  // for t: unrounded
  bool after_quadratic_ = false;
  std::size_t line_back_ = std::string::npos;  // where the last segment, a line to start_, begins
  char line_back_last_ = 0;                     // last_ and separate_ before it
  bool line_back_separate_ = false;
};

}  // namespace hanji::text
