// Font per character and shaping items (private to the text module).
// Rules: Hangul, Hanja and CJK symbols take
// the Korean font; Latin letters and digits the Latin font; punctuation, spaces and symbols the
// font of the previous non-space character (of the next one at the start of a line); opening
// brackets and quotes the font of the text they open. A family that lacks a glyph hands the
// character to the other family, then to the fallback fonts.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/core.h"
#include "theme/theme.h"
#include "text/font_store.h"
#include "text/page_memo.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

enum class Family { Hangul, Latin };

/// The family each char's font comes from (before glyph coverage is checked).
std::vector<Family> resolve_families(const std::u32string& chars);

/// What itemizing and shaping need from the theme.
struct FontSettings {
  theme::Fonts fonts;
  Rgb emphasis_color;
  double hangul_latin_gap = 0;  // em
  bool right_to_left = false;   // paragraphs' base direction (a Hebrew, Arabic or Persian CV)
  /// false: no face is italic, in any script; emphasis takes the emphasis colour (a Korean CV:
  /// an English venue in italics beside upright Hangul ones read as two kinds of line).
  bool italics = true;
};

/// The faces a style of a family is set in, the first that loads: missing styles fall back,
/// bold italic to bold to regular, italic and bold to regular.
std::vector<const std::string*> face_fallbacks(const theme::FontFaces& faces, bool bold, bool italic);

/// The Latin faces a role is set in: its own family (fonts.roles), else the layout's Latin.
const theme::FontFaces& latin_faces(const theme::Fonts& fonts, theme::LatinRole role);

/// The baseline shift, pt, of an item drawn in a font of `role` at `size` pt whose text begins
/// with `first`: the layout's Latin shift for the Latin font, and for the letters of a
/// right-to-left script drawn in a fallback font (see itemize.cc); none for the rest.
double item_rise(Role role, char32_t first, const FontSettings& settings, double size);

/// The font a char is drawn with.
struct FontChoice {
  int font = -1;
  Role role = Role::Latin;
  bool italic = false;  // drawn with a real italic face
};

/// Picks the font for one char: its family's face for the style, the other family's, then the
/// fallbacks. One per typesetter: faces are resolved once per style and loaded only when first
/// needed, and each answer is kept per char and style (every paragraph asks about the same few
/// hundred chars again).
class FontChooser {
 public:
  FontChooser(const FontSettings& settings, FontStore& fonts);

  /// nullopt when no configured font has `c` (the caller warns and draws .notdef of `primary`).
  /// Fonts are tried, and loaded, only as far as needed.
  /// Inline: asked for nearly every char.
  std::optional<FontChoice> choose(char32_t c, Family family, const compose::FontSpec& spec, FontChoice& primary) {
    const size_t style = static_cast<size_t>(family == Family::Hangul) | static_cast<size_t>(spec.bold) << 1 |
                         static_cast<size_t>(spec.italic) << 2 | static_cast<size_t>(spec.small_caps) << 3 |
                         static_cast<size_t>(spec.mono) << 4 | static_cast<size_t>(spec.latin) << 5;
    const uint32_t known = answers_[style].get(static_cast<uint32_t>(c), [&]() -> uint32_t {
      const std::optional<FontChoice> found = choose_anew(c, family, spec, primary);
      if (!found) return kNotKnown;  // asked again, each time setting `primary`
      return static_cast<uint32_t>(found->font + 1) << 3 | static_cast<uint32_t>(found->role) << 1 |
             static_cast<uint32_t>(found->italic);
    });
    if (known == kNotKnown) return std::nullopt;
    return FontChoice{static_cast<int>(known >> 3) - 1, static_cast<Role>(known >> 1 & 3), (known & 1) != 0};
  }

 private:
  std::optional<FontChoice> choose_anew(char32_t c, Family family, const compose::FontSpec& spec,
                                        FontChoice& primary);
  std::optional<FontChoice> face(Family family, theme::LatinRole role, bool bold, bool italic);
  std::optional<FontChoice> mono();
  std::optional<FontChoice> load_face(Family family, theme::LatinRole role, bool bold, bool italic);
  bool looks_full_width(int font, char32_t c) const;

  /// choose()'s answers: (font + 1) << 3 | role << 1 | italic, by code point.
  static constexpr uint32_t kNotKnown = 0;
  const FontSettings& settings_;
  FontStore& fonts_;
  /// By Latin role (Hangul: Body's), family, bold, italic.
  std::array<std::array<std::array<std::array<std::optional<std::optional<FontChoice>>, 2>, 2>, 2>,
             theme::kLatinRoles + 1>
      faces_;
  std::optional<std::optional<FontChoice>> mono_;
  /// By style: family, bold, italic, small capitals, monospaced (a bit each), then the Latin role.
  std::array<PageMemo<uint32_t, kNotKnown>, 32 * (theme::kLatinRoles + 1)> answers_;
};

/// Chooses a font, size, baseline and colour for every char and groups the chars into items.
/// A char no font has is drawn as .notdef of its family's font, with one warning per distinct
/// char at its source span. Newlines belong to no item.
std::vector<Item> itemize(const SourceText& text, const FontSettings& settings, FontChooser& chooser,
                          Diagnostics& diags);

}  // namespace hanji::text::detail
