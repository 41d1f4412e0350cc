// Choosing line breaks over a box/glue/penalty list (private to the text module), as TeX does:
// Knuth–Plass total fit for every paragraph, and first fit for comparison. Widths in pt.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace hanji::text::detail {

enum class ElementType { Box, Glue, Penalty };

struct Element {
  ElementType type = ElementType::Box;
  double width = 0, stretch = 0, shrink = 0;
  int penalty = 0;         // the cost of a line ending here (penalties and breakable glue)
  double break_width = 0;  // added to a line that ends here (kerning and gaps that vanish)
  bool breakable = false;  // glue: a line may end before it (it then vanishes)
  bool space = false;      // glue made of space characters (not an inter-syllable gap)
  bool flagged = false;    // penalty: a hyphenated break (a hyphen is drawn at the line end)
  bool emergency = false;  // penalty: inside a word too wide for the line (no regular break)
  size_t cluster_begin = 0, cluster_end = 0;  // a penalty has begin == end == the cluster after it
  bool syllable_gap = false;  // glue between two Hangul syllables: it stretches once the spaces are full
  int syllables = 0;          // box: the Hangul syllables among its clusters
};

struct BreakParams {
  double width = 0;
  bool justify = false;       // stretch/shrink the glue; otherwise ragged
  double ragged_stretch = 0;  // ragged lines: stretchable end-of-line glue (TeX \raggedright)
  int line_penalty = 10;      // TeX's \linepenalty
  double end_break_width = 0;  // break_width of the end of the text
};

/// What a line ending at `to` adds to its content's width: elements[to].break_width, or the
/// end's for to == elements.size().
double break_width_at(const std::vector<Element>& elements, const BreakParams& params, size_t to);

/// The element indices the lines end at, for the least total demerits; the last index is
/// elements.size(). Never fails: where nothing fits, a line is left overfull (as in TeX's
/// final pass).
std::vector<size_t> total_fit(const std::vector<Element>& elements, const BreakParams& params);
/// The same within a budget of node evaluations (each breakpoint costs the number of active
/// nodes), which it draws down; nullopt, with the budget spent, when that is not enough.
std::optional<std::vector<size_t>> total_fit(const std::vector<Element>& elements, const BreakParams& params,
                                             std::size_t& budget);
/// The same, filling each line as far as it goes. `steps` grows by each breakpoint looked at
/// and each element measured.
std::vector<size_t> first_fit(const std::vector<Element>& elements, const BreakParams& params, std::size_t& steps);
std::vector<size_t> first_fit(const std::vector<Element>& elements, const BreakParams& params);

/// The first element of the line after a break at `b`: glue and penalties after a break vanish.
size_t next_line_start(const std::vector<Element>& elements, size_t b);
bool is_breakpoint(const std::vector<Element>& elements, size_t i);

/// Clusters [begin, end) of one line.
struct ClusterRange {
  size_t begin = 0, end = 0;
  bool hyphen = false;  // the line ends inside a hyphenated word: draw a hyphen after `end - 1`
};
/// The cluster ranges of the lines ending at `breaks`, for elements of clusters up to `segment_end`.
std::vector<ClusterRange> line_ranges(const std::vector<Element>& elements, const std::vector<size_t>& breaks,
                                      size_t segment_end);

}  // namespace hanji::text::detail
