// The clusters of a shaped run: consecutive glyphs that share a cluster value, and the
// characters they draw. The font usage pass and the drawing pass both walk every glyph of
// the document by cluster, so splitting is done into buffers that are reused run after run
// and allocates nothing once they have grown.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text/text.h"

namespace hanji::pdf {

/// Consecutive glyphs of a run that share a cluster value, and the characters they draw.
struct Cluster {
  std::size_t first_glyph = 0;
  std::size_t glyph_count = 0;
  std::u32string text;
};

/// Splits `run` into clusters in glyph order. A cluster's characters run from its offset to
/// the next larger cluster offset (or the end of the text); characters before the smallest
/// offset belong to that cluster, so every character of the run lands in exactly one cluster.
/// (A convenience for tests and the public-API backend; the hot paths use RunClusters.)
std::vector<Cluster> clusters_of(const text::GlyphRun& run);

/// A cluster as positions: its glyphs in the run, its characters in RunClusters' buffer.
struct ClusterSpan {
  uint32_t first_glyph = 0;
  uint32_t glyph_count = 0;
  uint32_t text_begin = 0;
  uint32_t text_end = 0;
};

/// The clusters of one run at a time, as clusters_of splits them.
class RunClusters {
 public:
  /// Replaces the clusters held with those of `run`.
  void split(const text::GlyphRun& run);

  const std::vector<ClusterSpan>& clusters() const { return clusters_; }
  std::u32string_view text(const ClusterSpan& cluster) const {
    return std::u32string_view(chars_.data() + cluster.text_begin, cluster.text_end - cluster.text_begin);
  }

 private:
  void split_in_order(const text::GlyphRun& run);
  void split_any_order(const text::GlyphRun& run);
  void add(uint32_t first_glyph, uint32_t glyph_count, std::string_view text, std::size_t begin, std::size_t end);

  std::vector<char32_t> chars_;        // the characters of every cluster, in cluster order
  std::vector<ClusterSpan> clusters_;
  std::vector<uint32_t> offsets_;      // split_any_order: the sorted distinct cluster values
  std::vector<uint32_t> assigned_;     // split_any_order: cluster values given text, sorted
};

/// Decodes one character of `text` at byte `at` (< text.size()) and moves `at` past it,
/// exactly as hanji::utf8_decode does: U+FFFD for a byte that does not start a complete
/// sequence, which then moves on by that one byte. (utf8_decode returns a whole string;
/// this runs for every character of a document without allocating.)
inline char32_t decode_utf8_at(std::string_view text, std::size_t& at) {
  auto lead = static_cast<unsigned char>(text[at]);
  if (lead < 0x80) {
    ++at;
    return lead;
  }
  int length = (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (length == 0 || at + length > text.size()) {
    ++at;
    return 0xFFFD;
  }
  char32_t code_point = length == 2 ? (lead & 0x1F) : length == 3 ? (lead & 0x0F) : (lead & 0x07);
  for (int k = 1; k < length; ++k) {
    auto next = static_cast<unsigned char>(text[at + k]);
    if ((next & 0xC0) != 0x80) {
      ++at;
      return 0xFFFD;
    }
    code_point = (code_point << 6) | (next & 0x3F);
  }
  at += length;
  return code_point;
}

/// Appends the characters of `text` to `out`, as hanji::utf8_decode would return them.
void append_decoded(std::u32string& out, std::string_view text);

}  // namespace hanji::pdf
