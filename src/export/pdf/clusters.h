// The clusters of a shaped run: consecutive glyphs that share a cluster value, and the
// characters they draw. The font usage pass and the drawing pass both walk every glyph of
// the document by cluster, so every run is split once (DocumentClusters), into flat buffers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "text/font_service.h"

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
/// (A convenience for tests; the hot paths use RunClusters.)
std::vector<Cluster> clusters_of(const doc::GlyphRun& run);

/// A cluster as positions: its glyphs in the run, its characters in RunClusters' buffer.
struct ClusterSpan {
  uint32_t first_glyph = 0;
  uint32_t glyph_count = 0;
  uint32_t text_begin = 0;
  uint32_t text_end = 0;
};

/// The clusters of one run, and their characters, held elsewhere.
class ClusterView {
 public:
  ClusterView() = default;
  ClusterView(std::span<const ClusterSpan> clusters, const char32_t* chars) : clusters_(clusters), chars_(chars) {}

  std::span<const ClusterSpan> clusters() const { return clusters_; }
  std::u32string_view text(const ClusterSpan& cluster) const {
    return std::u32string_view(chars_ + cluster.text_begin, cluster.text_end - cluster.text_begin);
  }
  /// The clusters from `first` on.
  ClusterView subview(std::size_t first) const { return ClusterView(clusters_.subspan(first), chars_); }

 private:
  std::span<const ClusterSpan> clusters_;
  const char32_t* chars_ = nullptr;
};

/// The clusters of runs as clusters_of splits them, one after another in shared buffers.
class RunClusters {
 public:
  /// Replaces the clusters held with those of `run`.
  void split(const doc::GlyphRun& run);
  /// Adds the clusters of `run` after those held.
  void append(const doc::GlyphRun& run);

  const std::vector<ClusterSpan>& clusters() const { return clusters_; }
  std::u32string_view text(const ClusterSpan& cluster) const {
    return std::u32string_view(chars_.data() + cluster.text_begin, cluster.text_end - cluster.text_begin);
  }
  /// Clusters [first, end) of those held; valid until the next split or append.
  ClusterView view(std::size_t first, std::size_t end) const {
    return ClusterView(std::span(clusters_).subspan(first, end - first), chars_.data());
  }

 private:
  void split_in_order(const doc::GlyphRun& run);
  void split_any_order(const doc::GlyphRun& run);
  void add(uint32_t first_glyph, uint32_t glyph_count, std::string_view text, std::size_t begin, std::size_t end);

  std::vector<char32_t> chars_;        // the characters of every cluster, in cluster order
  std::vector<ClusterSpan> clusters_;
  std::vector<uint32_t> offsets_;      // split_any_order: the sorted distinct cluster values
  std::vector<uint32_t> assigned_;     // split_any_order: cluster values given text, sorted
};

/// Every run of a document split into clusters once, in page and run order.
class DocumentClusters {
 public:
  explicit DocumentClusters(const doc::Document& doc);

  /// The clusters of run `run` of page `page`.
  ClusterView of(std::size_t page, std::size_t run) const {
    const std::size_t index = first_run_of_page_[page] + run;
    return all_.view(first_cluster_[index], first_cluster_[index + 1]);
  }

 private:
  RunClusters all_;
  std::vector<std::size_t> first_run_of_page_;  // index of each page's first run
  std::vector<std::size_t> first_cluster_;      // per run, and one past the last
};

/// What glyph `k` of a cluster of `glyph_count` glyphs reads as on its own, from the cluster's
/// `text`: one character per glyph in order, the last glyph taking any characters left over (a
/// ligature takes them all), glyphs beyond the characters (a decomposed accent's mark) none.
/// The readings of a cluster's glyphs, in order, make up its text exactly.
inline std::u32string_view glyph_reading(std::u32string_view text, std::size_t k, std::size_t glyph_count) {
  if (k >= text.size()) return {};
  return k + 1 == glyph_count ? text.substr(k) : text.substr(k, 1);
}

/// Unicode's space separators (category Zs) but the space itself.
constexpr bool is_space_separator(char32_t c) {
  return c == 0x00A0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000;
}

/// What glyph `k` of a cluster of `glyph_count` glyphs in `run` reads as: glyph_reading of the
/// cluster's `text`, but a space for any space character, and for each glyph of a decoration (an
/// icon, drawn and not text: it
/// separates what stands around it, where a private-use character would be noise in every
/// reader's text and an empty reading is read as a control character or U+FFFD).
inline std::u32string_view run_glyph_reading(const doc::GlyphRun& run, std::u32string_view text, std::size_t k,
                                             std::size_t glyph_count) {
  if (run.decoration) return U" ";
  const std::u32string_view reading = glyph_reading(text, k, glyph_count);
  // Every space character (a no-break space, an en space, a thin space: Unicode's space
  // separators) reads as a space. Drawn, it sets a width or keeps a line from breaking there;
  // read, it separates words, and many readers keep it as it is, where a tokenizer or a pattern
  // that splits on whitespace (Java's \s, a C++ stream) then reads "3\u00A0years" as one word.
  if (reading.size() == 1 && is_space_separator(reading.front())) return U" ";
  return reading;
}

/// What each glyph of one run reads as, and whether it is drawn (DocumentReadings).
class RunReadings {
 public:
  RunReadings(const std::u32string_view* readings, const char* skipped) : readings_(readings), skipped_(skipped) {}
  std::u32string_view of(std::size_t glyph) const { return readings_[glyph]; }
  bool drawn(std::size_t glyph) const { return skipped_[glyph] == 0; }

 private:
  const std::u32string_view* readings_;
  const char* skipped_;
};

/// What each glyph of a document reads as, worked out once for the font usage and the drawing
/// alike: run_glyph_reading, but for a space beside a CJK bracket. A half-width bracket is drawn
/// over that space (an opening one half an em left of its pen, a closing one's box half an em
/// past its cut advance): readers that place characters by their boxes (poppler) lose such a
/// space, and pdf.js drops one that ends a piece its text is cut into, or that a glyph drawn
/// left of it follows ("MMORPG「듀랑고」의", "아키텍처」Vol."). Such a space is not drawn; the glyph
/// before it reads as itself and the space ("G ", "」 "), in its run or, for a space that opens
/// a run, at the end of the run before it on the line; the space's width stays in the glyphs'
/// places.
class DocumentReadings {
 public:
  DocumentReadings(const doc::Document& doc, const DocumentClusters& clusters);

  /// The readings of run `run` of page `page`.
  RunReadings of(std::size_t page, std::size_t run) const {
    const std::size_t first = first_glyph_[first_run_of_page_[page] + run];
    return RunReadings(readings_.data() + first, skipped_.data() + first);
  }

 private:
  // Appends the readings of `run`, split into `clusters`: `space_then_bracket_next`, the next run
  // on its line opens with a space and a bracket (whose space this run's last glyph reads);
  // `leading_space_read_before`, this run opens so and the run before reads its space.
  void add_run(const doc::GlyphRun& run, ClusterView clusters, bool bracket_next, bool space_then_bracket_next,
               bool leading_space_read_before);
  // Glyph `glyph` (an index into readings_) reads as its reading and a space.
  void append_space(std::size_t glyph);

  std::vector<std::u32string_view> readings_;  // every glyph's, run after run
  std::vector<char> skipped_;                  // every glyph's: 1 = not drawn
  std::deque<std::u32string> joined_;          // readings with a space added (stable addresses)
  std::vector<std::size_t> first_run_of_page_;
  std::vector<std::size_t> first_glyph_;       // per run: its first glyph's index
};

/// Appends the characters of `text` to `out`, as hanji::utf8_decode would return them.
void append_decoded(std::u32string& out, std::string_view text);

}  // namespace hanji::pdf
