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
#include <optional>

#include "text/line_breaking.h"

namespace hanji::text::detail {

namespace {

constexpr double kAdjacentDemerits = 10000;  // TeX's \adjdemerits
constexpr double kDoubleHyphenDemerits = 10000;  // TeX's \doublehyphendemerits
// TeX's \finalhyphendemerits is 5000; a paragraph's last line holding only the end of a word
// ("raphy.") reads worse than TeX lets it cost. This much is worth it only against a justified
// line whose spaces would stretch to some 2.5 times their width.
constexpr double kFinalHyphenDemerits = 2e6;
// Ragged text: worth a line that ends about 6 em short of the measure (beyond the word that
// did not fit), not more. Ragged lines only move their ends, which costs the eye less than a
// word alone on the last line ("…streams/events, / synchronization)."), but a line an inch or
// more short reads as a notch in the column, which is worse (TeX's ragged right has no orphan
// rule at all; this was once 1e8, a line a quarter short).
constexpr double kOrphanDemerits = 2.2e6;
// Justified text: about 1000, worth a moderately loose line (spaces up to about 1.8x) but
// not a very loose one, whose rivers show more than a short last line does.
constexpr double kJustifiedOrphanDemerits = 1e6;
constexpr double kOrphanFraction = 1.0 / 3;  // "short": less than this much of the line
// In ragged text a Korean word (eojeol) of this many syllables or more alone on a last line is
// no orphan: Korean sets a paragraph's last word on a line of its own as a matter of course
// (KLREQ guards only a syllable or two there, "다."), and avoiding it ended a ragged line
// 20 mm short where the next word fitted ("…온라인 / 거래를 개발했습니다."), which Korean's
// even syllables show as a notch. Justified text pays for the company with looser spaces, not
// a notch, and keeps it.
constexpr int kWholeKoreanWord = 3;
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
  double gap_stretch = 0;  // the part of `stretch` between Hangul syllables
  int spaces = 0;
  int syllables = 0;  // Hangul syllables in boxes
};

// Prefix sums: the content of any line is a difference of two entries.
class Totals {
 public:
  explicit Totals(const std::vector<Element>& elements) : at_(elements.size() + 1) {
    for (size_t i = 0; i < elements.size(); ++i) {
      Sums next = at_[i];
      const Element& e = elements[i];
      if (e.type != ElementType::Penalty) next.width += e.width;
      if (e.type == ElementType::Box) next.syllables += e.syllables;
      if (e.type == ElementType::Glue) {
        next.stretch += e.stretch;
        if (e.syllable_gap) next.gap_stretch += e.stretch;
        next.shrink += e.shrink;
        if (e.space) ++next.spaces;
      }
      at_[i + 1] = next;
    }
  }

  const Sums& at(size_t i) const { return at_[i]; }

 private:
  std::vector<Sums> at_;
};

struct Fit {
  double ratio = 0;
  double badness = 0;
  bool overfull = false;
};

// The adjustment ratio and badness of a line `width` wide with `stretch` (of which
// `gap_stretch` lies between Hangul syllables) and `shrink`. The last line of a paragraph ends
// in \parfillskip: infinitely stretchable, so it is never bad unless too long.
//
// The ratio is the one justification will give the line (see detail::justify): up to the full
// stretch, spaces and syllable gaps together; past it the gaps stay at their small maximum
// and only the spaces open further, so the ratio is how far the spaces are stretched past
// theirs. Without that, a Hangul line with many gaps and few spaces would look decent to the
// breaker and then be set with spaces at 2.5 times their width.
Fit measure(double width, double stretch, double gap_stretch, double shrink, const BreakParams& params, bool last) {
  const double slack = params.width - width;
  if (slack >= -kEpsilon) {
    if (last || slack <= kEpsilon) return Fit{};
    const double space_stretch = stretch - gap_stretch;
    const double ratio = slack <= stretch + kEpsilon || gap_stretch <= 0
                             ? slack / std::max(stretch, kRigidStretch)
                             : (slack - gap_stretch) / std::max(space_stretch, kRigidStretch);
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

// A break kept for the path back (nodes are never removed).
struct Node {
  size_t position = kNoPosition;  // element index of the break; kNoPosition for the start
  int previous = -1;              // index into the node pool
};

// An active node: what a line starting after it needs, in one contiguous record, since every
// breakpoint looks at every active node (the inner loop of the algorithm).
struct Active {
  size_t start = 0;          // first element of the next line
  double demerits = 0;
  int fitness = kDecent;
  bool hyphenated = false;   // the line before ends with an inserted hyphen
  bool paragraph_start = true;
  int node = 0;              // index into the node pool
  bool inside_word = false;  // the line before ends inside an overlong word (an emergency break)
};

struct Candidate {
  double demerits = std::numeric_limits<double>::infinity();
  int from = -1;  // index into the active list
};

class TotalFit {
 public:
  TotalFit(const std::vector<Element>& elements, const BreakParams& params, std::size_t budget)
      : elements_(elements), params_(params), totals_(elements), budget_(budget) {}

  // The breaks, or nothing when the work would exceed the budget.
  std::vector<size_t> run() {
    nodes_.push_back(Node{});
    active_.push_back(Active{});
    for (size_t i = 0; i <= elements_.size(); ++i) {
      if (!is_breakpoint(elements_, i)) continue;
      evaluations_ += active_.size();
      if (evaluations_ > budget_) return {};
      consider(i);
    }
    return best_path();
  }

  std::size_t evaluations() const { return evaluations_; }

 private:
  // The demerits of a line from `from` ending at breakpoint i (constant parts precomputed).
  double line_demerits(const Active& from, bool last, double penalty_term, bool flagged, int spaces, int syllables,
                       double width, const Fit& fit, int fitness) const {
    double demerits = std::pow(params_.line_penalty + fit.badness, 2);
    demerits += penalty_term;
    if (std::abs(fitness - from.fitness) > 1) demerits += kAdjacentDemerits;
    if (from.hyphenated && !last && flagged) demerits += kDoubleHyphenDemerits;
    // A word wider than the line (hyphenated in an emergency) ends where it must: its last
    // part on the last line is no choice of the breaker's.
    if (from.hyphenated && last && !from.inside_word) demerits += kFinalHyphenDemerits;
    const bool lone_short_word = spaces == 0 && (params_.justify || syllables < kWholeKoreanWord);
    // A last line that ends a word begun on the line before (the tail of an address broken
    // in an emergency) is no lone word: nothing would be gained by breaking elsewhere.
    if (last && !from.paragraph_start && !from.inside_word && lone_short_word && width < params_.width * kOrphanFraction)
      demerits += params_.justify ? kJustifiedOrphanDemerits : kOrphanDemerits;
    return demerits;
  }

  // Every active node tries a line ending at breakpoint i; nodes whose line would already be
  // too long are deactivated (later lines would be longer still).
  void consider(size_t i) {
    const bool last = i == elements_.size();
    const int penalty = last ? 0 : elements_[i].penalty;  // the end is a forced break: no ± p²
    const double penalty_term = penalty >= 0 ? double(penalty) * penalty : -double(penalty) * penalty;
    const bool flagged = !last && elements_[i].flagged;
    const double break_width = break_width_at(elements_, params_, i);
    const Sums& to = totals_.at(i);
    std::array<Candidate, 4> best;
    bool found = false;
    std::vector<Active>& still_active = spare_;
    still_active.clear();
    for (size_t k = 0; k < active_.size(); ++k) {
      const Active& from = active_[k];
      if (from.start > i) {  // i lies in the glue right after that break
        still_active.push_back(from);
        continue;
      }
      const Sums& begin = totals_.at(from.start);
      const double width = to.width - begin.width + break_width;
      const double stretch = params_.justify ? to.stretch - begin.stretch : params_.ragged_stretch;
      const double gap_stretch = params_.justify ? to.gap_stretch - begin.gap_stretch : 0.0;
      const double shrink = params_.justify ? to.shrink - begin.shrink : 0.0;
      const Fit fit = measure(width, stretch, gap_stretch, shrink, params_, last);
      if (fit.overfull) {
        // TeX's final pass: when the last active node cannot reach anywhere, accept the
        // overfull line rather than fail (a word wider than the line).
        const bool nothing_else = still_active.empty() && k + 1 == active_.size() && !found;
        if (nothing_else) {
          best[kDecent] = Candidate{from.demerits + kInfiniteBadness * kInfiniteBadness, static_cast<int>(k)};
          found = true;
        }
        continue;
      }
      still_active.push_back(from);
      const int fitness = fitness_of(fit);
      const double total =
          from.demerits + line_demerits(from, last, penalty_term, flagged, to.spaces - begin.spaces,
                                        to.syllables - begin.syllables, width, fit, fitness);
      Candidate& slot = best[static_cast<size_t>(fitness)];
      if (total < slot.demerits) slot = Candidate{total, static_cast<int>(k)};
      found = true;
    }
    if (found) add_nodes(i, last, flagged, best);
    std::swap(active_, spare_);
  }

  // New active nodes at breakpoint i, one per fitness class within reach of the best; they
  // go to the end of the next active list (spare_), which keeps it in break order.
  void add_nodes(size_t i, bool last, bool flagged, const std::array<Candidate, 4>& best) {
    double minimum = std::numeric_limits<double>::infinity();
    for (const Candidate& c : best) minimum = std::min(minimum, c.demerits);
    for (size_t fitness = 0; fitness < best.size(); ++fitness) {
      const Candidate& c = best[fitness];
      if (c.from < 0 || c.demerits > minimum + kAdjacentDemerits) continue;
      nodes_.push_back(Node{i, active_[static_cast<size_t>(c.from)].node});
      const bool inside_word = !last && elements_[i].emergency;
      spare_.push_back(Active{next_line_start(elements_, i), c.demerits, static_cast<int>(fitness), !last && flagged,
                              false, static_cast<int>(nodes_.size() - 1), inside_word});
      if (last) finals_.push_back(spare_.back());
    }
  }

  std::vector<size_t> best_path() const {
    int best = -1;
    double least = std::numeric_limits<double>::infinity();
    for (const Active& a : finals_)  // in creation order: the first of equals wins, as before
      if (best < 0 || a.demerits < least) {
        best = a.node;
        least = a.demerits;
      }
    std::vector<size_t> breaks;
    for (int n = best; n > 0; n = nodes_[static_cast<size_t>(n)].previous)
      breaks.push_back(nodes_[static_cast<size_t>(n)].position);
    return std::vector<size_t>(breaks.rbegin(), breaks.rend());
  }

  const std::vector<Element>& elements_;
  const BreakParams& params_;
  Totals totals_;
  std::size_t budget_;
  std::size_t evaluations_ = 0;
  std::vector<Node> nodes_;
  std::vector<Active> active_;  // in break order
  std::vector<Active> spare_;   // the next active list, reused to spare allocations
  std::vector<Active> finals_;  // the nodes at the end of the paragraph
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

std::optional<std::vector<size_t>> total_fit(const std::vector<Element>& elements, const BreakParams& params,
                                             std::size_t& budget) {
  TotalFit fit(elements, params, budget);
  std::vector<size_t> breaks = fit.run();
  budget -= std::min(budget, fit.evaluations());
  if (breaks.empty() || breaks.back() != elements.size()) return std::nullopt;  // over budget
  return breaks;
}

std::vector<size_t> total_fit(const std::vector<Element>& elements, const BreakParams& params) {
  std::size_t unlimited = std::numeric_limits<std::size_t>::max();
  return total_fit(elements, params, unlimited).value_or(first_fit(elements, params));
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
