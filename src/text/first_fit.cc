// First fit: each line takes as much as fits (shrinking glue if justified). Kept for
// comparison with total fit, and as the reference line count: hanji never sets a paragraph in
// more lines than this (see Typesetter::typeset).
#include "text/line_breaking.h"

namespace hanji::text::detail {

namespace {

constexpr double kEpsilon = 1e-6;

// Natural width and shrink of elements [from, to), in one pass over them.
void measure(const std::vector<Element>& elements, size_t from, size_t to, double& width, double& shrink,
             std::size_t& steps) {
  width = 0;
  shrink = 0;
  for (size_t j = from; j < to; ++j) {
    ++steps;
    if (elements[j].type == ElementType::Penalty) continue;
    width += elements[j].width;
    if (elements[j].type == ElementType::Glue) shrink += elements[j].shrink;
  }
}

}  // namespace

std::vector<size_t> first_fit(const std::vector<Element>& elements, const BreakParams& params, std::size_t& steps) {
  const size_t end = elements.size();
  std::vector<size_t> breaks;
  size_t start = 0;
  // The last break that fits on the line, and the one a line should end at: a regular break
  // when one fits, else the cheapest emergency break inside an overlong word (after a
  // compound's hyphen or slash before a letter), the last of equals. Taking the last that fits
  // whatever its cost packed "4-Stroke M" over "edium-Spe" where "Medium-" over "Speed" fits.
  size_t last_fit = end + 1;  // none yet
  const auto better = [&](size_t candidate, size_t kept) {
    if (kept > end) return true;
    const Element& c = elements[candidate];
    const Element& k = elements[kept];
    const bool c_emergency = candidate < end && c.type == ElementType::Penalty && c.emergency;
    const bool k_emergency = kept < end && k.type == ElementType::Penalty && k.emergency;
    if (c_emergency != k_emergency) return !c_emergency;
    return !c_emergency || c.penalty <= k.penalty;
  };
  double width = 0, shrink = 0;
  size_t measured_to = 0;  // width/shrink cover elements [start, measured_to)
  for (size_t i = 0; i <= end; ++i) {
    ++steps;
    if (i < start || !is_breakpoint(elements, i)) continue;
    double more_width = 0, more_shrink = 0;
    measure(elements, measured_to, i, more_width, more_shrink, steps);
    width += more_width;
    shrink += params.justify ? more_shrink : 0;
    measured_to = i;
    if (width + break_width_at(elements, params, i) - shrink <= params.width + kEpsilon) {
      if (i == end) break;
      if (better(i, last_fit)) last_fit = i;
      continue;
    }
    // Too long: end the line at the last break that fitted, or here if none did (overfull).
    const size_t b = last_fit <= end ? last_fit : i;
    breaks.push_back(b);
    if (b == end) return breaks;
    start = next_line_start(elements, b);
    last_fit = end + 1;
    width = shrink = 0;
    measured_to = start;
    i = b;  // look at the breakpoints after b again, from the new line's start
  }
  breaks.push_back(end);
  return breaks;
}

std::vector<size_t> first_fit(const std::vector<Element>& elements, const BreakParams& params) {
  std::size_t uncounted = 0;
  return first_fit(elements, params, uncounted);
}

}  // namespace hanji::text::detail
