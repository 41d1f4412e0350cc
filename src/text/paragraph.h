// The intermediate forms of one paragraph inside the text module (private): its source text,
// the font chosen for every character, shaping items, and the shaped glyphs grouped into
// clusters. Everything here is independent of the line width, so a paragraph is itemized and
// shaped once, whatever the width it is later broken to; ShapedUnits is also independent of
// the text sizes, so a Typesetter keeps it per distinct paragraph (shaping_cache.h).
#pragma once

#include <hb.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "compose/compose.h"
#include "core/core.h"

namespace hanji::text::detail {

/// The paragraph's inlines joined into one UTF-8 string (invalid bytes become U+FFFD, so the
/// text HarfBuzz sees and the text the runs carry are the same), indexed by code point.
struct SourceText {
  std::span<const compose::Inline> inlines;
  std::string text;
  std::u32string chars;
  std::vector<uint32_t> byte_of;  // byte offset of each char; back() == text.size()
  std::vector<int> inline_of;     // inline index of each char
  std::vector<uint32_t> inline_start;  // per inline: the index of its first char
  // What the runs carry for text extraction where an inline reads as other chars than it
  // shows (Inline::reads_as): the whole paragraph so, and its byte offsets; empty otherwise.
  std::string reads_as;
  std::vector<uint32_t> reads_as_byte_of;

  /// The bytes a run carries for chars [begin, end).
  std::string_view extracted(size_t begin, size_t end) const {
    const std::string& from = reads_as.empty() ? text : reads_as;
    const std::vector<uint32_t>& at = reads_as.empty() ? byte_of : reads_as_byte_of;
    return std::string_view(from).substr(at[begin], at[end] - at[begin]);
  }

  size_t size() const { return chars.size(); }
  /// Source location of char `i` (the inline's span shifted by the char's column).
  Span span_of(size_t i) const;
  const compose::Inline& inline_at(size_t i) const { return inlines[static_cast<size_t>(inline_of[i])]; }
};

/// Joins `inlines` into `out`, replacing what it held but keeping its storage: a typesetter
/// gathers paragraph after paragraph into one SourceText.
void gather_text(std::span<const compose::Inline> inlines, SourceText& out);

enum class Role { Hangul, Latin, Fallback };

/// A maximal range of chars drawn with one font, size, baseline, colour and link, in one
/// script: HarfBuzz shapes each item once, with the whole paragraph as context.
struct Item {
  size_t begin = 0, end = 0;  // chars
  int font = 0;
  Role role = Role::Latin;
  double size = 10;           // drawn size (Latin already scaled), pt
  double nominal_size = 10;   // FontSpec::size
  double rise = 0;
  Rgb color;
  bool small_caps = false;  // shaped with the font's small capitals (OpenType smcp), if it has them
  /// The Unicode bidi embedding level of its chars: odd is right to left (Hebrew, Arabic),
  /// shaped so and drawn in visual order; 0 in a left-to-right paragraph's own text.
  uint8_t level = 0;
  const std::string* link = nullptr;
  hb_script_t script = HB_SCRIPT_LATIN;
  /// What a line that ends in a word hyphenated after this item's last char draws at its end:
  /// the font's U+2010, else its '-' (0 = the font has neither), and its advance in pt.
  uint32_t hyphen_glyph = 0;
  double hyphen_advance = 0;
  /// The font's space glyph (0: none) and its advance in pt: what a line that breaks at a space
  /// after this item keeps at its end, invisibly (lines.cc).
  uint32_t space_glyph = 0;
  double space_advance = 0;
};

/// One glyph as HarfBuzz placed it, in pt.
struct ShapedGlyph {
  uint32_t id = 0;
  double advance = 0, x_offset = 0, y_offset = 0;
};

/// The smallest piece of text a line can start or end at: the chars HarfBuzz gave one cluster
/// value (a grapheme, a ligature) and the glyphs drawing them. Newlines (and chars no usable
/// font exists for) are clusters without glyphs and without an item: they are never drawn.
struct Cluster {
  size_t char_begin = 0, char_end = 0;
  size_t glyph_begin = 0, glyph_end = 0;
  int item = -1;
  double width = 0;          // sum of the glyph advances, including gap_after
  double gap_after = 0;      // hangul_latin_gap added to the last glyph's advance
  double trailing_kern = 0;  // kerning of the last glyph against the next cluster's first

  /// What the cluster's width loses when a line ends after it: the gap and the kerning
  /// against what now starts the next line.
  double end_adjust() const { return gap_after + trailing_kern; }

  bool drawn() const { return item >= 0; }
};

struct ShapedText {
  std::vector<Item> items;
  std::vector<ShapedGlyph> glyphs;
  std::vector<Cluster> clusters;  // in text order, covering every char
};

/// One glyph as HarfBuzz placed it, in font units.
struct UnitGlyph {
  uint32_t id = 0;
  int32_t advance = 0, x_offset = 0, y_offset = 0;
};

/// A paragraph itemized and shaped at no particular size. HarfBuzz shapes at units-per-em
/// without hinting, so its output does not depend on the text size: this is what a
/// Typesetter caches, and a ShapedText for any sizes is a scaling of it (shape.h).
/// Items have fonts, roles, scripts, colours and hyphen glyphs, but their sizes, rise and link
/// are set when scaling; clusters have their chars, glyphs and items but no widths yet.
struct ShapedUnits {
  std::vector<Item> items;
  std::vector<UnitGlyph> glyphs;
  std::vector<Cluster> clusters;
  std::vector<int32_t> last_nominal_advance;  // per cluster: its last glyph's advance without kerning
  std::vector<int32_t> hyphen_advance;        // per item, font units
  std::vector<int32_t> space_advance;         // per item, font units
};

}  // namespace hanji::text::detail
