// text: a styled paragraph and a width in, lines of shaped glyph runs out. Picks a font per
// character (Hangul / Latin / fallback), shapes with HarfBuzz at units-per-em, finds break
// opportunities (UAX #14 via libunibreak plus the Korean rules, English hyphenation points via
// libhyphen when asked for), and chooses line breaks over a box/glue/penalty list. Also cuts
// font subsets for the PDF writer. Only this module sees HarfBuzz, FreeType, libunibreak and
// libhyphen.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compose/compose.h"
#include "core/core.h"
#include "layout/layout.h"

namespace hanji::text {

/// A font file in use, by its index in Typesetter::fonts().
struct FontInfo {
  std::string path;
  std::string postscript_name;
  int units_per_em = 1000;
  Span origin;  // where the layout (or the CV's layout: key) names the file, for messages

  /// Where to report a problem with the file: where it is named, else the file itself.
  Span where() const { return origin.known() ? origin : Span{path, 0, 0}; }
};

/// One positioned glyph. Lengths in pt; x_offset/y_offset as HarfBuzz gives them (y up).
struct Glyph {
  uint32_t id = 0;       // glyph id in the original font file
  double advance = 0;    // pen advance after this glyph (includes justification and gaps)
  double x_offset = 0;
  double y_offset = 0;
  /// Byte offset into GlyphRun::text where this glyph's characters start. text.size() (past
  /// every character) for a glyph that stands for none: the hyphen drawn at the end of a line
  /// that ends inside a hyphenated word, which is not part of the text.
  uint32_t cluster = 0;
};

/// Glyphs of one font, size and colour on one line, with the exact text they stand for.
/// Several glyphs may share a cluster (marks) and one glyph may stand for several characters
/// (ligatures): the characters of a cluster run from its offset to the next cluster's.
struct GlyphRun {
  int font = 0;        // index into Typesetter::fonts()
  double size = 10;    // the size the font is drawn at (Latin already scaled), pt
  double x = 0;        // pen position of the first glyph, from the paragraph's left edge, pt
  double rise = 0;     // baseline shift, pt, positive = up
  Rgb color;
  std::string text;    // UTF-8, exactly the source characters these glyphs draw
  std::vector<Glyph> glyphs;
  std::string link;    // URI or empty
  Span span;           // source location of text[0]
  /// What text extraction should read for this run instead of `text`, when a word is broken
  /// across lines (an overlong URL or Korean word, a hyphenated English word): the run
  /// holding the word's first part reads as the whole word, the runs with its other parts
  /// read as nothing. So "large-" + "scale" on two lines extracts as "large-scale", "devel-"
  /// + "opment" as "development" (the inserted hyphen is the last glyph of the first part's
  /// run), and ATS keyword matching still works.
  std::optional<std::string> actual_text;

  double width() const;  // sum of glyph advances
};

/// One line of a paragraph, positioned within the paragraph's width (alignment applied).
struct Line {
  std::vector<GlyphRun> runs;
  double width = 0;       // extent of the ink-bearing content from the first run's x
  double size = 10;       // largest nominal size on the line (for vertical placement)
  bool overfull = false;  // content could not be made to fit the width
  /// A justified line that could only be filled by stretching its word spaces beyond twice
  /// their width, or not at all (TeX's underfull box): `space_scale` says how far.
  bool underfull = false;
  double space_scale = 1;  // justified lines: word spaces as a multiple of their natural width
};

/// How a paragraph's line breaks are chosen: Knuth–Plass total fit (the default), or first fit
/// (each line as full as it goes; kept for comparison).
enum class Breaker { TotalFit, FirstFit };

/// How often typeset() and typeset_line() found a paragraph already shaped.
struct ShapingCacheStats {
  size_t hits = 0, misses = 0;
};

/// Shapes and breaks paragraphs with the fonts of one theme. Holds the loaded fonts for the
/// whole document; the font indices in its runs refer to fonts(). With theme.hyphenate,
/// English words may be hyphenated (libhyphen's en-US patterns, loaded on first use).
///
/// Shaping is kept per distinct paragraph (its text and styles, not its sizes): setting the
/// same paragraphs again, at other sizes or widths, costs only line breaking, and gives
/// exactly what a new Typesetter would. So reuse one Typesetter when fitting a document.
class Typesetter {
 public:
  Typesetter(const layout::Theme& theme, Diagnostics& diags);
  ~Typesetter();
  Typesetter(const Typesetter&) = delete;
  Typesetter& operator=(const Typesetter&) = delete;

  /// Breaks `paragraph` into lines at most `width` pt wide (indents are the caller's business:
  /// pass the width left after them). Runs' x positions start at 0 = the paragraph's left edge.
  /// A character no font has, an unbreakable overlong line: warnings with the source span.
  std::vector<Line> typeset(const compose::Paragraph& paragraph, double width);

  /// Shapes `inline_text` as a single unbroken line (markers, footers, aside cells).
  Line typeset_line(const compose::Inline& inline_text);

  /// Every font file loaded so far (the PDF writer embeds those that runs use).
  const std::vector<FontInfo>& fonts() const;

  /// Selects the line breaker for later typeset() calls.
  void set_breaker(Breaker breaker);

  ShapingCacheStats shaping_cache_stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

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

/// Subsets `font.path` to `glyph_ids` (plus .notdef), keeping a cmap for `code_points`,
/// without hinting. Errors (unreadable file, HarfBuzz failure) go to `diags`.
std::optional<FontSubset> subset_font(const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                      const std::vector<char32_t>& code_points, Diagnostics& diags);

}  // namespace hanji::text
