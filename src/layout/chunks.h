// Private to paginate: blocks set into "chunks", the atomic vertical pieces a page break may
// fall between (one paragraph line, a whole row, a rule, a figure).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compose/compose.h"
#include "layout/paginate.h"
#include "text/text.h"

namespace hanji::layout::detail {

/// How bad it is to break the page right after a chunk. The page builder takes the latest
/// break of the lowest class on the page.
enum class BreakClass {
  Free = 0,       // between entries, between lines of a long paragraph
  LoneEntry,      // between entries, but one entry of its section would stand alone at the page's
                  // foot or head (a two-entry list split one and one), or in the first lines of
                  // a bullet of a split table row (its start is the better break): taken over a
                  // Free break only where that one leaves more of the page empty than the layout allows
  InsideGroup,    // would split an entry that fits on one page
  Forbidden,      // after a title (keep with next), or leaving fewer than two lines of a paragraph
};

/// A piece of the flow with its content positioned relative to its own top-left corner
/// (x from the text column's left edge, y down from the chunk's top).
struct Chunk {
  /// The index of the block it is set from, in its flow: where a flow set again at another
  /// width goes on (from the start of a block).
  std::size_t block = 0;
  double height = 0;
  double space_before = 0;  // dropped when the chunk starts a page
  BreakClass break_after = BreakClass::Free;
  Page content;             // runs (baseline relative to the chunk top), rects, links, images
  std::string bookmark;
  Span span;
  bool paragraph_line = false;  // one line of a paragraph (for messages)
  /// A band of a piece too tall for a page (a row whose title runs for pages), followed by
  /// the next band of it: a page may end here whatever keeps the piece's parts together.
  bool slice_continues = false;
  /// A table row: the table's header row, drawn again above it when it starts a page.
  std::shared_ptr<const Chunk> repeat_header;
  /// A band of a split table row (slice_continues): what a page that ends after it draws below
  /// it (the row's column rules on through its padding, the table's frame under them). A page
  /// ends after it only where that fits too.
  std::shared_ptr<const Chunk> close_at_break;
  /// A timeline's rule through the space above the chunk (its x, width and colour; its height
  /// is that space as the page sets it): drawn unless the chunk starts a page.
  std::optional<doc::FilledRect> lead_in;
  /// A piece of a section whose title stands in a rail, after the first: the title, drawn
  /// again beside it when it starts a page (a section continued on the next page keeps its
  /// name in the rail), `rail_again_top` below the chunk's top, level with its first line.
  std::shared_ptr<const Page> rail_again;
  double rail_again_top = 0;
};

/// Geometry the chunk builder needs from the theme.
struct Column {
  double width = 0;        // text column width
  double page_height = 0;  // usable flow height (for "fits on one page")
};

/// A length for messages: "40.3".
std::string format_pt(double value);

using doc::append;
using doc::translate;

/// Sets every block into chunks and assigns break classes (groups, keep-with-next,
/// widows and orphans). Once the chunks set hold more than `pages_at_most` pages of content
/// (each page holds at most a column's height, a chunk taller than that alone on its own),
/// the rest is not set and `stopped_early` becomes true: more pages than that are certain,
/// and a CV of thousands of pages stops at the first page past the limit, not after setting
/// them all.
std::vector<Chunk> build_chunks(const std::vector<compose::Block>& blocks, const Column& column,
                                text::Typesetter& typesetter, Diagnostics& diags, std::size_t pages_at_most,
                                bool& stopped_early);

/// The second column's width for a matrix's rows (compose::Row::matrix), the same for each of
/// them: the two columns share the rows' width (each row's two aside widths, as compose split
/// it evenly) by their widest cells, unwrapped (a last cell alone on its row, which takes the
/// whole width, left out). An even split while both fit in half. Else, where both fit side by
/// side or the second fits in half, the second as wide as its widest cell (at least 30% of the
/// width), so that it ends at the text's right edge, and the first the rest; where the second
/// wraps however wide, the first keeps its half when it fits there, and two that both need
/// more than half share the width in proportion to their needs. So the second column no longer
/// stops short of the right edge in a half too wide for it.
double matrix_aside_width(const std::vector<const compose::Row*>& rows, text::Typesetter& typesetter);

/// Which column of a table is its running text: the one the layout's `hints` (relative widths,
/// 1 where missing) weigh most; among equals, the one whose longest line (`most`) is longest.
std::size_t running_column(const std::vector<double>& most, const std::vector<double>& hints);

/// A table's width shared among its columns, each between `least` and `most` (its widest
/// line), as browsers' automatic table layout does: every column its maximum when they all
/// fit, the room left to the running text (running_column); else the running text its hinted share (at most
/// its maximum), the other columns their maxima, those that lack least first, while the rest
/// keep their minima, and a share of what is left in proportion to what they lack. A crowded
/// table (short texts that cannot all fit on two lines) gives `few_lines`, the widths that set
/// each column's cells on a few lines: the running text then keeps its hinted share and the
/// other columns take those widths, or, short of room, their minima and a share in proportion
/// to what they lack of them. No column is narrower than its minimum unless the minima alone do
/// not fit. `running_share`, when given, is the running text's share of the width in place of
/// its hinted one, crowded or not (column_widths tries several and keeps the one whose rows are
/// least tall).
std::vector<double> share_table_width(const std::vector<double>& least, const std::vector<double>& most,
                                      const std::vector<double>& hints, double width,
                                      const std::vector<double>& few_lines = {}, double running_share = 0);

/// Distance from the top of a line box to its baseline: the em box (0.8 above, 0.2 below the
/// baseline) centred in the line's pitch, so mixed Hangul/Latin lines keep one rhythm.
double baseline_offset(double line_height, double size);

}  // namespace hanji::layout::detail
