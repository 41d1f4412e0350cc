// What Typesetter keeps per distinct paragraph (private to the text module): its shaping in
// font units and its break opportunities, which depend on the text and its styles but not on
// the sizes or the line width. Setting the same paragraphs again at smaller sizes and other
// widths (fitting a CV to its pages) then costs only scaling and line breaking.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/memo.h"
#include "text/breaks.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

struct Prepared {
  ShapedUnits units;
  /// Break opportunities without and with hyphenation points, each found when first needed
  /// (typeset_line needs none).
  std::array<std::optional<std::vector<Boundary>>, 2> boundaries;
  /// Whether each has the hyphenation points of words wider than their line marked: only
  /// when such a word first needs them, since loading the patterns costs as much as setting
  /// a page (mark_emergency_hyphenation).
  std::array<bool, 2> emergency_hyphens{};
};

/// Everything that decides itemization, shaping and break opportunities except the sizes:
/// the text; per inline its length, weight, slant, colour and link, and which earlier inline
/// it shares its size with (items merge only where sizes are equal). The theme is the
/// Typesetter's and never changes.
std::string shaping_key(const SourceText& text);

/// Paragraphs prepared before, by shaping_key(): shared, so that their break opportunities,
/// found when first needed, are kept with them.
using ShapingMemo = Memo<std::string, std::shared_ptr<Prepared>>;

}  // namespace hanji::text::detail
