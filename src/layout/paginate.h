// paginate: sets the composed blocks into lines (through text::Typesetter) and distributes
// them over pages: entries kept together, section titles never last on a page, paragraphs
// split with at least two lines on each side, "N / M" footers. The result is a
// doc::Document, which exporters (PDF, text trace) consume.
#pragma once

#include <string>
#include <vector>

#include "compose/compose.h"
#include "core/core.h"
#include "doc/doc.h"
#include "theme/theme.h"
#include "text/text.h"

namespace hanji::layout {

using doc::Bookmark;
using doc::Document;
using doc::FilledRect;
using doc::LinkArea;
using doc::Page;
using doc::PlacedImage;
using doc::PlacedRun;

/// Choices the caller makes about page breaking.
struct Options {
  /// Tighten the vertical spaces (by up to 40%, never the text) when that spares a nearly
  /// empty last page. Fitting to N pages (module fit) turns this off: it squeezes the spaces
  /// itself, within the layout's fit.* bounds, and the two must not compound.
  bool balance_last_page = true;
  /// A last page that would still hold a stub (less than the layout's fit.last_page_least)
  /// takes more: the page before ends earlier (at the start of its last section where it
  /// can). With balance_last_page only. The fit module turns it off while it judges whether
  /// a tighter setting spares that page, which a page made fuller would hide from it.
  bool lift_last_page = true;
};

/// Lays out `composition` on pages of `theme`'s size and margins. Content that cannot fit is
/// reported as a warning naming its source location and by how much: a line wider than its
/// column (from text::Typesetter), a piece taller than a page (it runs past the bottom margin).
Document paginate(const compose::Composition& composition, const theme::Theme& theme,
                  text::Typesetter& typesetter, Diagnostics& diags, const Options& options = {});

}  // namespace hanji::layout
