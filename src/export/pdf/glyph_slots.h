// Glyph ids numbered 0, 1, 2, ... in the order they are first seen, so that what the pdf
// module keeps per glyph (tallies, codes) lives in plain vectors instead of node-based maps.
// Looking an id up is one array access: this runs for every glyph of a document, twice.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace hanji::pdf {

class GlyphSlots {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;

  /// The slot of `glyph_id`, or kNone if it has none.
  uint32_t find(uint32_t glyph_id) const {
    if (glyph_id < kDirectIds) return glyph_id < direct_.size() ? direct_[glyph_id] : kNone;
    auto it = std::lower_bound(beyond_.begin(), beyond_.end(), std::pair<uint32_t, uint32_t>(glyph_id, 0));
    return it != beyond_.end() && it->first == glyph_id ? it->second : kNone;
  }

  /// The slot of `glyph_id`, giving it the next free one (size() before the call) if it had
  /// none; `added` tells which.
  uint32_t find_or_add(uint32_t glyph_id, bool& added) {
    uint32_t slot = find(glyph_id);
    added = slot == kNone;
    if (!added) return slot;
    slot = count_++;
    if (glyph_id < kDirectIds) {
      if (glyph_id >= direct_.size()) direct_.resize(glyph_id + 1, kNone);
      direct_[glyph_id] = slot;
    } else {
      std::pair<uint32_t, uint32_t> entry(glyph_id, slot);
      beyond_.insert(std::lower_bound(beyond_.begin(), beyond_.end(), entry), entry);
    }
    return slot;
  }

  uint32_t size() const { return count_; }

 private:
  // OpenType glyph ids are 16-bit: every real id takes the direct table (at most 256 KB, and
  // only as long as the largest id drawn). Larger ids only come from hand-made runs.
  static constexpr uint32_t kDirectIds = 1u << 16;

  std::vector<uint32_t> direct_;                      // by glyph id: slot or kNone
  std::vector<std::pair<uint32_t, uint32_t>> beyond_;  // (glyph id, slot), sorted
  uint32_t count_ = 0;
};

}  // namespace hanji::pdf
