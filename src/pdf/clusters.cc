#include "pdf/clusters.h"

#include <algorithm>

namespace hanji::pdf {

void append_decoded(std::u32string& out, std::string_view text) {
  for (std::size_t at = 0; at < text.size();) out.push_back(utf8_next(text, at));
}

// Decodes bytes [begin, end) of `text` as a string of their own, the way utf8_decode would
// decode that substring (a sequence cut by `end` is invalid), straight into chars_.
inline void RunClusters::add(uint32_t first_glyph, uint32_t glyph_count, std::string_view text,
                             std::size_t begin, std::size_t end) {
  auto text_begin = static_cast<uint32_t>(chars_.size());
  std::string_view up_to_end(text.data(), end);  // end <= text.size()
  for (std::size_t at = begin; at < end;) chars_.push_back(utf8_next(up_to_end, at));
  clusters_.push_back(ClusterSpan{first_glyph, glyph_count, text_begin, static_cast<uint32_t>(chars_.size())});
}

void RunClusters::split(const doc::GlyphRun& run) {
  chars_.clear();
  clusters_.clear();
  append(run);
}

void RunClusters::append(const doc::GlyphRun& run) {
  if (run.glyphs.empty()) return;
  // At most one character per byte and one cluster per glyph: no growing while splitting
  // (and room doubling as runs are appended, not growing run by run).
  auto make_room = [](auto& buffer, std::size_t more) {
    if (buffer.capacity() - buffer.size() < more) buffer.reserve(std::max(buffer.size() + more, 2 * buffer.capacity()));
  };
  make_room(chars_, run.text.size());
  make_room(clusters_, run.glyphs.size());
  bool in_order = std::is_sorted(run.glyphs.begin(), run.glyphs.end(),
                                 [](const doc::Glyph& a, const doc::Glyph& b) { return a.cluster < b.cluster; });
  if (in_order)
    split_in_order(run);
  else
    split_any_order(run);
}

// Left-to-right text (all hanji sets): each cluster's characters end where the next cluster
// starts, and the first cluster also takes any characters before it.
void RunClusters::split_in_order(const doc::GlyphRun& run) {
  // Sizes held in locals: the pushes into this object's vectors would make the compiler
  // reload (and divide) them for every glyph.
  const doc::Glyph* glyphs = run.glyphs.data();
  const std::size_t count = run.glyphs.size();
  const std::string_view text = run.text;
  for (std::size_t i = 0; i < count;) {
    const uint32_t cluster = glyphs[i].cluster;
    std::size_t j = i + 1;
    while (j < count && glyphs[j].cluster == cluster) ++j;
    const std::size_t begin = i == 0 ? 0 : cluster;
    const std::size_t end = j < count ? std::min<std::size_t>(glyphs[j].cluster, text.size()) : text.size();
    add(static_cast<uint32_t>(i), static_cast<uint32_t>(j - i), text, begin, end);
    i = j;
  }
}

// Any other order (right-to-left, odd shaping): a cluster ends at the next larger cluster
// value, and a value seen again later gets no characters the second time.
void RunClusters::split_any_order(const doc::GlyphRun& run) {
  const std::vector<doc::Glyph>& glyphs = run.glyphs;
  offsets_.clear();
  for (const auto& glyph : glyphs) offsets_.push_back(glyph.cluster);
  std::sort(offsets_.begin(), offsets_.end());
  offsets_.erase(std::unique(offsets_.begin(), offsets_.end()), offsets_.end());
  assigned_.clear();
  for (std::size_t i = 0; i < glyphs.size();) {
    std::size_t j = i + 1;
    while (j < glyphs.size() && glyphs[j].cluster == glyphs[i].cluster) ++j;
    uint32_t start = glyphs[i].cluster;
    auto seen = std::lower_bound(assigned_.begin(), assigned_.end(), start);
    std::size_t begin = 0, end = 0;
    if (seen == assigned_.end() || *seen != start) {
      assigned_.insert(seen, start);
      auto next = std::upper_bound(offsets_.begin(), offsets_.end(), start);
      begin = start == offsets_.front() ? 0 : start;
      end = next == offsets_.end() ? run.text.size() : std::min<std::size_t>(*next, run.text.size());
    }
    add(static_cast<uint32_t>(i), static_cast<uint32_t>(j - i), run.text, begin, end);
    i = j;
  }
}

DocumentClusters::DocumentClusters(const doc::Document& doc) {
  std::size_t runs = 0;
  for (const auto& page : doc.pages) runs += page.runs.size();
  first_run_of_page_.reserve(doc.pages.size());
  first_cluster_.reserve(runs + 1);
  for (const auto& page : doc.pages) {
    first_run_of_page_.push_back(first_cluster_.size());
    for (const auto& placed : page.runs) {
      first_cluster_.push_back(all_.clusters().size());
      all_.append(placed.run);
    }
  }
  first_cluster_.push_back(all_.clusters().size());
}

std::vector<Cluster> clusters_of(const doc::GlyphRun& run) {
  RunClusters split;
  split.split(run);
  std::vector<Cluster> clusters;
  clusters.reserve(split.clusters().size());
  for (const ClusterSpan& span : split.clusters())
    clusters.push_back(Cluster{span.first_glyph, span.glyph_count, std::u32string(split.text(span))});
  return clusters;
}

}  // namespace hanji::pdf
