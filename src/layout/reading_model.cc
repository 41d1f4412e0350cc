#include "layout/reading_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hanji::layout::reading {

namespace {

// poppler's measures, as fractions of a block's first word's size.
constexpr double kPoolStep = 4;          // pt: words are pooled by baseline in bands this deep
constexpr double kLineSpacing = 1.5;     // a block's next line is at most this far below (or above)
constexpr double kSameSize = 0.05;       // a line joins a block when its word's size is the block's within this
constexpr double kOnLineSize = 0.6;      // a word on the block's lines joins within this
constexpr double kOutlierSize = 0.2;     // an outlying word beside the block joins within this
constexpr double kOnLineBaseline = 0.5;  // a word is on the block's lines within this of them
constexpr double kColumnSpacing = 0.7;   // a word this near the block's side overlaps it
constexpr double kOutlierSpacing = 1.0;  // an outlying word beside the block is at most this far
constexpr std::size_t kMostOutlyingLines = 3;
constexpr double kAlignedX = 0.7, kAlignedY = 0.5;  // a table's cells are aligned within these

long band_of(double baseline) { return static_cast<long>(std::floor(baseline / kPoolStep)); }

bool overlap_x(double left_a, double right_a, double left_b, double right_b) {
  return left_a <= right_b && right_a >= left_b;
}

/// The words still to place, pooled by baseline band and, in a band, from the left.
class Pool {
 public:
  explicit Pool(std::vector<Word> words) : words_(std::move(words)), used_(words_.size(), false) {
    std::sort(words_.begin(), words_.end(), [](const Word& a, const Word& b) {
      const long band_a = band_of(a.baseline), band_b = band_of(b.baseline);
      return band_a != band_b ? band_a < band_b : a.left < b.left;
    });
    if (words_.empty()) return;
    // Where each band's words start, from the first band to one past the last.
    first_band_ = band_of(words_.front().baseline);
    const long last_band = band_of(words_.back().baseline);
    band_starts_.assign(static_cast<std::size_t>(last_band - first_band_ + 2), 0);
    std::size_t i = 0;
    for (long band = first_band_; band <= last_band + 1; ++band) {
      while (i < words_.size() && band_of(words_[i].baseline) < band) ++i;
      band_starts_[static_cast<std::size_t>(band - first_band_)] = i;
    }
  }

  /// The first word of the topmost band that still has one; none: size().
  std::size_t first_left() {
    while (first_unused_ < used_.size() && used_[first_unused_]) ++first_unused_;
    return first_unused_;
  }
  std::size_t size() const { return words_.size(); }
  const Word& word(std::size_t i) const { return words_[i]; }
  bool used(std::size_t i) const { return used_[i]; }
  void use(std::size_t i) { used_[i] = true; }

  /// The indices of the words in band `band`, from the left.
  std::pair<std::size_t, std::size_t> band(long band) const {
    if (band_starts_.empty() || band < first_band_ || band - first_band_ + 1 >= static_cast<long>(band_starts_.size()))
      return {0, 0};
    const auto at = static_cast<std::size_t>(band - first_band_);
    return {band_starts_[at], band_starts_[at + 1]};
  }

 private:
  std::vector<Word> words_;
  std::vector<bool> used_;
  std::size_t first_unused_ = 0;
  long first_band_ = 0;
  std::vector<std::size_t> band_starts_;  // band_starts_[b - first_band_]: its first word
};

/// The word a new block starts from: the leftmost of the first four bands from the topmost
/// one with words left (which keeps a superscript from starting one).
std::size_t seed_of(Pool& pool) {
  const long top = band_of(pool.word(pool.first_left()).baseline);
  std::size_t seed = pool.size();
  for (long band = top; band < top + 4; ++band) {
    const auto [begin, end] = pool.band(band);
    for (std::size_t i = begin; i < end; ++i) {
      if (pool.used(i)) continue;
      if (seed == pool.size() || pool.word(i).left < pool.word(seed).left) seed = i;
      break;  // a band's first word left is its leftmost
    }
  }
  return seed;
}

/// A block as it grows: its box, its words' baselines' range and what it holds.
struct Growing {
  Block block;
  double size = 0, min_baseline = 0, max_baseline = 0;
  std::vector<Word> words;

  void add(const Word& w) {
    if (words.empty()) {
      block.left = w.left, block.right = w.right, block.top = w.top, block.bottom = w.bottom;
    } else {
      block.left = std::min(block.left, w.left), block.right = std::max(block.right, w.right);
      block.top = std::min(block.top, w.top), block.bottom = std::max(block.bottom, w.bottom);
    }
    if (std::find(block.sources.begin(), block.sources.end(), w.source) == block.sources.end())
      block.sources.push_back(w.source);
    words.push_back(w);
  }
};

/// Calls `take(i)` for each unused word in bands `from` to `to` (either way round), from the
/// left in each band, stopping a band once `take` says so.
template <typename Take>
void scan_bands(const Pool& pool, long from, long to, Take&& take) {
  const long step = from <= to ? 1 : -1;
  for (long band = from;; band += step) {
    const auto [begin, end] = pool.band(band);
    for (std::size_t i = begin; i < end; ++i)
      if (!pool.used(i) && take(i)) break;
    if (band == to) break;
  }
}

/// Adds to the block the lines above and below it (words of its size overlapping it, at most
/// a line spacing away), then the words on its lines that overlap it; whether any joined.
bool grow_by_lines(Pool& pool, Growing& g) {
  bool found = false;
  const double line_spacing = kLineSpacing * g.size;
  auto joins_as_line = [&](const Word& w) {
    return w.left < g.block.right && w.right > g.block.left && std::abs(w.size - g.size) < kSameSize * g.size;
  };
  double new_min = g.min_baseline;
  scan_bands(pool, band_of(g.min_baseline), band_of(g.min_baseline - line_spacing), [&](std::size_t i) {
    const Word& w = pool.word(i);
    if (w.baseline < g.min_baseline && w.baseline >= g.min_baseline - line_spacing && joins_as_line(w)) {
      pool.use(i), g.add(w), found = true, new_min = w.baseline;
    }
    return false;
  });
  g.min_baseline = new_min;
  double new_max = g.max_baseline;
  scan_bands(pool, band_of(g.max_baseline), band_of(g.max_baseline + line_spacing), [&](std::size_t i) {
    const Word& w = pool.word(i);
    if (w.baseline > g.max_baseline && w.baseline <= g.max_baseline + line_spacing && joins_as_line(w)) {
      pool.use(i), g.add(w), found = true, new_max = w.baseline;
    }
    return false;
  });
  g.max_baseline = new_max;
  const double on_line = kOnLineBaseline * g.size, near = kColumnSpacing * g.size;
  scan_bands(pool, band_of(g.min_baseline - on_line), band_of(g.max_baseline + on_line), [&](std::size_t i) {
    const Word& w = pool.word(i);
    if (w.baseline >= g.min_baseline - on_line && w.baseline <= g.max_baseline + on_line &&
        w.left < g.block.right + near && w.right > g.block.left - near &&
        std::abs(w.size - g.size) < kOnLineSize * g.size) {
      pool.use(i), g.add(w), found = true;
    }
    return false;
  });
  return found;
}

/// Adds to the block the words just beside it on its lines, on the left (`left`) or the
/// right, when at most three of its lines have one; whether any joined.
bool grow_by_outliers(Pool& pool, Growing& g, bool left) {
  const double on_line = kOnLineBaseline * g.size, gap = kOutlierSpacing * g.size;
  auto outlying = [&](const Word& w) {
    const bool beside = left ? w.right <= g.block.left && w.right > g.block.left - gap
                             : w.left >= g.block.right && w.left < g.block.right + gap;
    return beside && w.baseline >= g.min_baseline - on_line && w.baseline <= g.max_baseline + on_line &&
           std::abs(w.size - g.size) < kOutlierSize * g.size;
  };
  const long from = band_of(g.min_baseline - on_line), to = band_of(g.max_baseline + on_line);
  std::size_t lines = 0;
  scan_bands(pool, from, to, [&](std::size_t i) { return outlying(pool.word(i)) ? (++lines, true) : false; });
  if (lines == 0 || lines > kMostOutlyingLines) return false;
  std::vector<std::size_t> taken;
  scan_bands(pool, from, to, [&](std::size_t i) { return outlying(pool.word(i)) ? (taken.push_back(i), true) : false; });
  for (const std::size_t i : taken) {
    const Word& w = pool.word(i);
    pool.use(i), g.add(w);
    if (w.baseline < g.min_baseline) g.min_baseline = w.baseline;
    else if (w.baseline > g.max_baseline) g.max_baseline = w.baseline;
  }
  return true;
}

/// The size of a block's first word: its top line's leftmost (a line: words within half a
/// size of the topmost baseline).
double first_word_size(const std::vector<Word>& words) {
  const auto topmost = std::min_element(words.begin(), words.end(),
                                        [](const Word& a, const Word& b) { return a.baseline < b.baseline; });
  const Word* first = &*topmost;
  for (const Word& w : words)
    if (std::abs(w.baseline - topmost->baseline) <= kOnLineBaseline * topmost->size && w.left < first->left) first = &w;
  return first->size;
}

}  // namespace

std::vector<Block> group_blocks(std::vector<Word> words) {
  Pool pool(std::move(words));
  std::vector<Block> blocks;
  while (pool.first_left() < pool.size()) {
    const std::size_t seed = seed_of(pool);
    Growing g;
    g.size = pool.word(seed).size;
    g.min_baseline = g.max_baseline = pool.word(seed).baseline;
    pool.use(seed), g.add(pool.word(seed));
    for (bool found = true; found;) {
      found = grow_by_lines(pool, g);
      if (found) continue;
      // Outlying words only once nothing else joins (both sides are looked at).
      found = grow_by_outliers(pool, g, true);
      found = grow_by_outliers(pool, g, false) || found;
    }
    g.block.size = first_word_size(g.words);
    blocks.push_back(std::move(g.block));
  }
  return blocks;
}

std::size_t mixed_table_cells(const std::vector<Block>& blocks, double slack) {
  const auto overlap_y = [](const Block& a, const Block& b) { return a.top <= b.bottom && a.bottom >= b.top; };
  const auto overlap_h = [](const Block& a, const Block& b) { return overlap_x(a.left, a.right, b.left, b.right); };
  std::size_t count = 0;
  for (const Block& cell : blocks) {
    // The nearest block beside it (overlapping it in height), under it (overlapping it in
    // width), and beside and under it, looked for in the order the blocks were made: a
    // block that is not the nearest of one kind may be taken for the next kind.
    const Block *beside = nullptr, *under = nullptr, *across = nullptr;
    double beside_left = std::numeric_limits<double>::max(), under_top = beside_left;
    double across_left = beside_left, across_top = beside_left;
    for (const Block& other : blocks) {
      if (&other == &cell) continue;
      if (overlap_y(other, cell) && other.left > cell.right && other.left < beside_left) {
        beside_left = other.left, beside = &other;
      } else if (overlap_h(other, cell) && other.top > cell.bottom && other.top < under_top) {
        under_top = other.top, under = &other;
      } else if (other.left > cell.right && other.left < across_left && other.top > cell.bottom &&
                 other.top < across_top) {
        across_left = other.left, across_top = other.top, across = &other;
      }
    }
    if (!beside || !under || !across) continue;
    // The four stand as a table's cells: the fourth under the one beside and beside the one under.
    if (overlap_h(*under, *across) || overlap_y(*beside, *across) || overlap_h(*beside, *under) ||
        overlap_y(*beside, *under) || !(overlap_h(*across, *beside) && overlap_y(*across, *under)))
      continue;
    const double size = std::min({cell.size, beside->size, under->size, across->size});
    const double dx = kAlignedX * size + slack, dy = kAlignedY * size + slack;
    const auto pairs_within = [](double a1, double a2, double b1, double b2, double d) {
      return std::abs(a1 - a2) <= d && std::abs(b1 - b2) <= d;
    };
    const auto mid_x = [](const Block& b) { return (b.left + b.right) / 2; };
    const auto mid_y = [](const Block& b) { return (b.top + b.bottom) / 2; };
    const bool aligned = pairs_within(mid_x(cell), mid_x(*under), mid_x(*beside), mid_x(*across), dx) ||
                         pairs_within(cell.left, under->left, beside->left, across->left, dx) ||
                         pairs_within(cell.right, under->right, beside->right, across->right, dx);
    const bool level = pairs_within(mid_y(cell), mid_y(*beside), mid_y(*under), mid_y(*across), dy) ||
                       pairs_within(cell.top, beside->top, under->top, across->top, dy) ||
                       pairs_within(cell.bottom, beside->bottom, under->bottom, across->bottom, dy);
    if (!aligned || !level) continue;
    std::vector<std::size_t> sources;
    for (const Block* b : {&cell, beside, under, across})
      for (const std::size_t s : b->sources)
        if (std::find(sources.begin(), sources.end(), s) == sources.end()) sources.push_back(s);
    if (sources.size() > 1) ++count;
  }
  return count;
}

}  // namespace hanji::layout::reading
