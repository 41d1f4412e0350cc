// Private to the text module: small capitals for Latin faces that have none of their own.
#pragma once

#include <map>
#include <span>
#include <string>
#include <vector>

#include "compose/compose.h"
#include "theme/theme.h"
#include "text/font_store.h"

namespace hanji::text::detail {

/// Capitals drawn at this fraction of the size stand in for small capitals: a little above
/// the x-height, so their strokes stay close to the weight of the capitals beside them.
inline constexpr double kSyntheticSmallCapsScale = 0.8;

/// Which Latin faces have small capitals (OpenType smcp), found once per face.
class SmallCapsFaces {
 public:
  /// Whether the Latin face `font` (bold, italic) of `fonts` has small capitals; a face that
  /// cannot be loaded counts as having them (nothing is synthesized for it).
  bool has_small_caps(const theme::Fonts& fonts, const compose::FontSpec& font, FontStore& store);

 private:
  std::map<std::string, bool> known_;  // by face path
};

/// `inlines` with every small-caps inline whose Latin face has no small capitals drawn with
/// synthetic ones: its lowercase letters as capitals at kSyntheticSmallCapsScale of its size,
/// reading as the letters typed (Inline::reads_as), its other chars as they are. Returns
/// false, leaving `out` alone, when no inline needs it.
bool synthesize_small_caps(std::span<const compose::Inline> inlines, const theme::Fonts& fonts, FontStore& store,
                           SmallCapsFaces& faces, std::vector<compose::Inline>& out);

/// The capital of a lowercase letter that has a capital of one char (Latin, Greek, Cyrillic),
/// else 0.
char32_t single_capital(char32_t c);

}  // namespace hanji::text::detail
