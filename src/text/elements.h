// The box/glue/penalty list of one paragraph segment for one line width (private to the text
// module): clusters become boxes, spaces glue (breakable where the break rules allow), other
// break opportunities penalties; a justified Korean line also gets tiny glue between Hangul
// syllables. Words wider than the line get emergency breakpoints between their clusters.
#pragma once

#include <vector>

#include "text/breaks.h"
#include "text/line_breaking.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

/// Elements for clusters [cluster_begin, cluster_end) (no newline among them). `steps` grows
/// by each cluster looked at.
std::vector<Element> build_elements(const SourceText& text, const ShapedText& shaped,
                                    const std::vector<Boundary>& boundaries, size_t cluster_begin,
                                    size_t cluster_end, double width, bool justify, std::size_t& steps);

}  // namespace hanji::text::detail
