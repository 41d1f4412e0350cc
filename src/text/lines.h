// Turning a range of shaped clusters into an output Line (private to the text module):
// justification, glyph runs split by font/size/colour/link, and alignment offsets.
#pragma once

#include "theme/theme.h"
#include "text/line_breaking.h"
#include "text/paragraph.h"
#include "text/text.h"

namespace hanji::text::detail {

struct LineSpec {
  double width = 0;
  theme::Align align = theme::Align::Left;
  bool fill = false;     // stretch to the width (a justified line that is not a paragraph's last)
  bool shrink = false;   // may shrink its spaces to fit (any line of a justified paragraph)
  bool trim = true;      // drop spaces at the line end (a line of a broken paragraph)
  double empty_size = 10;  // Line::size when the line has no text
  /// The paragraph's base direction is right to left: the runs are placed as the mirror image
  /// of their visual order, for the page, set left to right, to be mirrored whole (see
  /// paginate: a right-to-left CV's pages are the mirror image of the layout).
  bool right_to_left = false;
};

/// The line of clusters `range`. `steps` grows by each cluster looked at, those of a word
/// broken across lines included.
Line build_line(const SourceText& text, const ShapedText& shaped, ClusterRange range, const LineSpec& spec,
                std::size_t& steps);

}  // namespace hanji::text::detail
