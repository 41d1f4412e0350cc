// Knuth–Plass total fit ("Breaking paragraphs into lines", 1981; TeX §813–890), for constant
// line widths: active nodes per break position and fitness class, demerits
// (line_penalty + badness)² ± penalty², +adjacent demerits between lines of non-adjacent
// fitness classes, +double-hyphen demerits for two hyphenated lines in a row and
// final-hyphen demerits for a hyphen on the second-to-last line, and one addition for
// résumés: a last line holding a single short word or syllable costs orphan demerits. Ragged
// text uses TeX's \raggedright model: the inter-word glue is rigid and every line ends in
// `ragged_stretch` of stretchable glue, so the algorithm balances the lines without
// justifying them.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "text/line_breaking.h"

namespace hanji::text::detail {

namespace {

constexpr double kAdjacentDemerits = 10000;  // TeX's \adjdemerits
constexpr double kDoubleHyphenDemerits = 10000;  // TeX's \doublehyphendemerits
constexpr double kFinalHyphenDemerits = 5000;    // TeX's \finalhyphendemerits
// Ragged text: a penalty of 10000 at the orphan, worth a line a quarter shorter (ragged
// lines only move their ends, which costs the eye less than a word alone on the last line:
// "…streams/events, / synchronization)." was the case that set this).
constexpr double kOrphanDemerits = 1e8;
// Justified text: about 1000, worth a moderately loose line (spaces up to about 1.8x) but
// not a very loose one, whose rivers show more than a short last line does.
constexpr double kJustifiedOrphanDemerits = 1e6;
constexpr double kOrphanFraction = 1.0 / 3;  // "short": less than this much of the line
constexpr double kInfiniteBadness = 10000;   // TeX's inf_bad, for the cost of a forced overfull line
// A line with nothing to stretch is measured as if it had this much stretch: its badness then
// grows with its slack, far beyond any line that can stretch (rather than TeX's flat inf_bad,
// which would rank a lonely word below a merely loose line).
constexpr double kRigidStretch = 0.01;  // pt
constexpr double kEpsilon = 1e-6;
constexpr size_t kNoPosition = std::numeric_limits<size_t>::max();

enum Fitness { kVeryLoose = 0, kLoose = 1, kDecent = 2, kTight = 3 };

struct Sums {
  double width = 0, stretch = 0, shrink = 0;
  int spaces = 0;
};

// Prefix sums: the content of any line is a difference of two entries.
class Totals {
 public:
  explicit Totals(const std::vector<Element>& elements) : at_(elements.size() + 1) {
    for (size_t i = 0; i < elements.size(); ++i) {
      Sums next = at_[i];
      const Element& e = elements[i];
      if (e.type != ElementType::Penalty) next.width += e.width;
      if (e.type == ElementType::Glue) {
        next.stretch += e.stretch;
        next.shrink += e.shrink;
        if (e.space) ++next.spaces;
      }
      at_[i + 1] = next;
    }
  }

  Sums between(size_t from, size_t to) const {
    return Sums{at_[to].width - at_[from].width, at_[to].stretch - at_[from].stretch,
                at_[to].shrink - at_[from].shrink, at_[to].spaces - at_[from].spaces};
  }

 private:
  std::vector<Sums> at_;
};

struct Fit {
  double ratio = 0;
  double badness = 0;
  bool overfull = false;
};

// The adjustment ratio and badness of a line with `line` content. The last line of a
// paragraph ends in \parfillskip: infinitely stretchable, so it is never bad unless too long.
Fit measure(const Sums& line, const BreakParams& params, bool last) {
  const double stretch = params.justify ? line.stretch : params.ragged_stretch;
  const double shrink = params.justify ? line.shrink : 0.0;
  const double slack = params.width - line.width;
  if (slack >= -kEpsilon) {
    if (last || slack <= kEpsilon) return Fit{};
    const double ratio = slack / std::max(stretch, kRigidStretch);
    return Fit{ratio, 100 * ratio * ratio * ratio, false};
  }
  if (shrink <= 0 || -slack > shrink + kEpsilon) return Fit{0, 0, true};
  const double ratio = slack / shrink;
  return Fit{ratio, 100 * std::abs(ratio * ratio * ratio), false};
}

int fitness_of(const Fit& fit) {
  if (fit.ratio > 0) return fit.badness > 99 ? kVeryLoose : fit.badness > 12 ? kLoose : kDecent;
  return fit.badness > 12 ? kTight : kDecent;
}

struct Node {
  size_t position = kNoPosition;  // element index of the break; kNoPosition for the start
  size_t start = 0;               // first element of the next line
  int fitness = kDecent;
  bool hyphenated = false;        // the line before ends with an inserted hyphen
  double demerits = 0;
  int previous = -1;              // index into the node pool
};

struct Candidate {
  double demerits = std::numeric_limits<double>::infinity();
  int from = -1;
};

class TotalFit {
 public:
  TotalFit(const std::vector<Element>& elements, const BreakParams& params)
      : elements_(elements), params_(params), totals_(elements) {}

  std::vector<size_t> run() {
    nodes_.push_back(Node{});
    active_.push_back(0);
    for (size_t i = 0; i <= elements_.size(); ++i)
      if (is_breakpoint(elements_, i)) consider(i);
    return best_path();
  }

 private:
  double line_demerits(const Node& from, size_t i, const Sums& line, const Fit& fit) const {
    const bool last = i == elements_.size();
    double demerits = std::pow(params_.line_penalty + fit.badness, 2);
    const int penalty = last ? 0 : elements_[i].penalty;  // the end is a forced break: no ± p²
    demerits += penalty >= 0 ? double(penalty) * penalty : -double(penalty) * penalty;
    if (std::abs(fitness_of(fit) - from.fitness) > 1) demerits += kAdjacentDemerits;
    if (from.hyphenated && !last && elements_[i].flagged) demerits += kDoubleHyphenDemerits;
    if (from.hyphenated && last) demerits += kFinalHyphenDemerits;
    const bool single_word = line.spaces == 0;
    if (last && from.position != kNoPosition && single_word && line.width < params_.width * kOrphanFraction)
      demerits += params_.justify ? kJustifiedOrphanDemerits : kOrphanDemerits;
    return demerits;
  }

  // Every active node tries a line ending at breakpoint i; nodes whose line would already be
  // too long are deactivated (later lines would be longer still).
  void consider(size_t i) {
    const bool last = i == elements_.size();
    std::array<Candidate, 4> best;
    bool found = false;
    std::vector<int>& still_active = spare_;
    still_active.clear();
    for (size_t k = 0; k < active_.size(); ++k) {
      const int index = active_[k];
      const Node& from = nodes_[static_cast<size_t>(index)];
      if (from.start > i) {  // i lies in the glue right after that break
        still_active.push_back(index);
        continue;
      }
      Sums line = totals_.between(from.start, i);
      line.width += break_width_at(elements_, params_, i);
      const Fit fit = measure(line, params_, last);
      if (fit.overfull) {
        // TeX's final pass: when the last active node cannot reach anywhere, accept the
        // overfull line rather than fail (a word wider than the line).
        const bool nothing_else = still_active.empty() && k + 1 == active_.size() && !found;
        if (nothing_else) {
          best[kDecent] = Candidate{from.demerits + kInfiniteBadness * kInfiniteBadness, index};
          found = true;
        }
        continue;
      }
      still_active.push_back(index);
      const double total = from.demerits + line_demerits(from, i, line, fit);
      Candidate& slot = best[static_cast<size_t>(fitness_of(fit))];
      if (total < slot.demerits) slot = Candidate{total, index};
      found = true;
    }
    std::swap(active_, spare_);
    if (!found) return;
    double minimum = std::numeric_limits<double>::infinity();
    for (const Candidate& c : best) minimum = std::min(minimum, c.demerits);
    for (size_t fitness = 0; fitness < best.size(); ++fitness) {
      const Candidate& c = best[fitness];
      if (c.from < 0 || c.demerits > minimum + kAdjacentDemerits) continue;
      const bool hyphenated = !last && elements_[i].flagged;
      nodes_.push_back(
          Node{i, next_line_start(elements_, i), static_cast<int>(fitness), hyphenated, c.demerits, c.from});
      active_.push_back(static_cast<int>(nodes_.size() - 1));
    }
  }

  std::vector<size_t> best_path() const {
    int best = -1;
    for (size_t n = 0; n < nodes_.size(); ++n) {
      if (nodes_[n].position != elements_.size()) continue;
      if (best < 0 || nodes_[n].demerits < nodes_[static_cast<size_t>(best)].demerits) best = static_cast<int>(n);
    }
    std::vector<size_t> breaks;
    for (int n = best; n > 0; n = nodes_[static_cast<size_t>(n)].previous)
      breaks.push_back(nodes_[static_cast<size_t>(n)].position);
    return std::vector<size_t>(breaks.rbegin(), breaks.rend());
  }

  const std::vector<Element>& elements_;
  const BreakParams& params_;
  Totals totals_;
  std::vector<Node> nodes_;
  std::vector<int> active_;  // indices into nodes_, in break order
  std::vector<int> spare_;   // the next active list, reused to spare allocations
};

}  // namespace

size_t next_line_start(const std::vector<Element>& elements, size_t b) {
  size_t j = b + 1;
  while (j < elements.size() && elements[j].type != ElementType::Box) ++j;
  return j;
}

double break_width_at(const std::vector<Element>& elements, const BreakParams& params, size_t to) {
  return to < elements.size() ? elements[to].break_width : params.end_break_width;
}

bool is_breakpoint(const std::vector<Element>& elements, size_t i) {
  if (i == elements.size()) return true;
  const Element& e = elements[i];
  if (e.type == ElementType::Penalty) return true;
  return e.type == ElementType::Glue && e.breakable && i > 0 && elements[i - 1].type == ElementType::Box;
}

std::vector<size_t> total_fit(const std::vector<Element>& elements, const BreakParams& params) {
  std::vector<size_t> breaks = TotalFit(elements, params).run();
  if (breaks.empty() || breaks.back() != elements.size()) return first_fit(elements, params);  // cannot happen
  return breaks;
}

std::vector<ClusterRange> line_ranges(const std::vector<Element>& elements, const std::vector<size_t>& breaks,
                                      size_t segment_end) {
  std::vector<ClusterRange> ranges;
  size_t start = 0;
  for (size_t b : breaks) {
    const size_t begin = start < elements.size() ? elements[start].cluster_begin : segment_end;
    const size_t end = b < elements.size() ? elements[b].cluster_begin : segment_end;
    const bool hyphen = b < elements.size() && elements[b].flagged;
    ranges.push_back(ClusterRange{begin, std::max(begin, end), hyphen});
    start = next_line_start(elements, b);
  }
  return ranges;
}

}  // namespace hanji::text::detail
