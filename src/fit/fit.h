// fit: lays a CV out on at most N pages (`hanji build --fit-pages N`, or `fit_pages: N` in
// the layout) by shrinking, within the bounds the layout declares (fit.min_font_scale,
// fit.min_leading_scale, fit.min_space_scale, fit.min_margin), the least that is needed.
// One squeeze factor s in [0, 1] drives every dimension, so the search is one-dimensional;
// when even s = 1 does not fit, the tightest document is returned with a warning saying how
// far off it is.
#pragma once

#include <functional>
#include <string>

#include "core/core.h"
#include "theme/theme.h"
#include "layout/paginate.h"

namespace hanji::fit {

/// `theme` squeezed by `s` (clamped to [0, 1]): s = 0 is the theme itself, s = 1 has every
/// dimension at its fit.* bound, and every dimension moves monotonically in between, in a
/// staggered order (top and bottom margins and leading first, the spaces between blocks
/// throughout, the text size from s = 0.2, the side margins last; see squeeze.cc). Nothing
/// ever grows, and no margin goes below fit.min_margin unless the layout's own margin does.
theme::Theme squeezed(const theme::Theme& theme, double s);

/// What squeezing changed, in the user's terms, for a note: "text at 95%, line spacing at 96%,
/// space between blocks at 70%, margins 15 → 13 mm". Empty when nothing changed.
std::string describe_changes(const theme::Theme& original, const theme::Theme& fitted);

struct FitResult {
  doc::Document doc;
  theme::Theme theme;    // the (squeezed) theme `doc` was laid out with
  double squeeze = 0;     // the s `theme` was made with; 0 = as the layout says
  bool fits = true;       // doc has at most the pages asked for (always true without fitting)
  int attempts = 0;       // layouts computed (each one compose + paginate)
  double shortfall = 0;   // when !fits: pt of content past the last allowed page at s = 1
};

/// One layout of the CV with a (squeezed) theme, its messages in the Diagnostics given. The
/// engine provides it (compose, set, paginate); fitting only searches.
using LayOut = std::function<doc::Document(const theme::Theme&, const layout::Options&, Diagnostics&)>;

/// Lays the CV out with `theme` through `lay_out`. With `pages` >= 1 and more pages than that,
/// searches for the least squeeze that fits (a handful of layouts, which the engine lets share
/// one typesetter, so shaping is cached between them) and adds a note saying what changed, or a warning with the
/// shortfall when even the tightest layout the bounds allow does not fit. `pages` <= 0 lays
/// the CV out as it is, unless it runs less than a quarter of a page over (its last page less
/// the room at the foot of the page before) and going half way to the bounds spares that page
/// (two thirds of the way when the last page holds less than a quarter as it stands;
/// fit.spare_last_page), which a note then says. Diagnostics are those of the returned layout only (once each, not
/// once per attempt); on an error the result is incomplete and `diags` has the error.
FitResult fit_to_pages(const LayOut& lay_out, const theme::Theme& theme, int pages, Diagnostics& diags);

}  // namespace hanji::fit
