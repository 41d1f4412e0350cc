#include "export/pdf/clusters.h"

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

namespace {

constexpr bool is_opening_cjk_bracket(char32_t c) {
  return c == 0x3008 || c == 0x300A || c == 0x300C || c == 0x300E || c == 0x3010 || c == 0x3014 || c == 0x3016 ||
         c == 0x3018 || c == 0x301A || c == 0xFF08 || c == 0xFF3B || c == 0xFF5B;
}

constexpr bool is_closing_cjk_punctuation(char32_t c) {
  return c == 0x3001 || c == 0x3002 || c == 0x3009 || c == 0x300B || c == 0x300D || c == 0x300F || c == 0x3011 ||
         c == 0x3015 || c == 0x3017 || c == 0x3019 || c == 0x301B || c == 0xFF09 || c == 0xFF0C || c == 0xFF0E ||
         c == 0xFF3D || c == 0xFF5D;
}

bool is_one_space(std::u32string_view text) { return text == U" "; }

bool opens_with_cjk_bracket(ClusterView clusters) {
  const std::span<const ClusterSpan> spans = clusters.clusters();
  return !spans.empty() && spans.front().glyph_count > 0 && !clusters.text(spans.front()).empty() &&
         is_opening_cjk_bracket(clusters.text(spans.front()).front());
}

bool opens_with_space_then_bracket(ClusterView clusters) {
  const std::span<const ClusterSpan> spans = clusters.clusters();
  return spans.size() >= 2 && spans.front().glyph_count > 0 && is_one_space(clusters.text(spans.front())) &&
         opens_with_cjk_bracket(clusters.subview(1));
}

// Whether a run's readings may change at all (a decoration reads as spaces, a right-to-left
// run is read in its own order).
bool plain(const doc::GlyphRun& run) { return !run.decoration && !run.right_to_left && !run.glyphs.empty(); }

}  // namespace

DocumentReadings::DocumentReadings(const doc::Document& doc, const DocumentClusters& clusters) {
  std::size_t glyphs = 0, runs = 0;
  for (const auto& page : doc.pages) {
    runs += page.runs.size();
    for (const auto& placed : page.runs) glyphs += placed.run.glyphs.size();
  }
  readings_.reserve(glyphs);
  skipped_.reserve(glyphs);
  first_run_of_page_.reserve(doc.pages.size());
  first_glyph_.reserve(runs);
  for (std::size_t p = 0; p < doc.pages.size(); ++p) {
    first_run_of_page_.push_back(first_glyph_.size());
    const std::vector<doc::PlacedRun>& line = doc.pages[p].runs;
    // Runs r and r + 1 stand on one line, the second after the first, both of plain text.
    auto same_line = [&](std::size_t r) {
      return line[r + 1].baseline == line[r].baseline && line[r + 1].x >= line[r].x && plain(line[r].run) &&
             plain(line[r + 1].run);
    };
    for (std::size_t r = 0; r < line.size(); ++r) {
      const bool next_on_line = r + 1 < line.size() && same_line(r);
      const bool bracket_next = next_on_line && opens_with_cjk_bracket(clusters.of(p, r + 1));
      const bool space_then_bracket_next = next_on_line && opens_with_space_then_bracket(clusters.of(p, r + 1));
      const bool leading_space_read_before =
          r > 0 && same_line(r - 1) && opens_with_space_then_bracket(clusters.of(p, r));
      first_glyph_.push_back(readings_.size());
      add_run(line[r].run, clusters.of(p, r), bracket_next, space_then_bracket_next, leading_space_read_before);
    }
  }
}

void DocumentReadings::add_run(const doc::GlyphRun& run, ClusterView clusters, bool bracket_next,
                               bool space_then_bracket_next, bool leading_space_read_before) {
  const std::size_t first = readings_.size();
  readings_.resize(first + run.glyphs.size());
  skipped_.resize(first + run.glyphs.size(), 0);
  const std::span<const ClusterSpan> spans = clusters.clusters();
  for (const ClusterSpan& span : spans)
    for (std::size_t k = 0; k < span.glyph_count; ++k)
      readings_[first + span.first_glyph + k] = run_glyph_reading(run, clusters.text(span), k, span.glyph_count);
  if (!plain(run)) return;
  auto drawn = [&](const ClusterSpan& span) { return skipped_[first + span.first_glyph] == 0; };
  auto skip = [&](const ClusterSpan& span) {
    for (std::size_t k = 0; k < span.glyph_count; ++k) skipped_[first + span.first_glyph + k] = 1;
  };
  auto last_glyph = [&](const ClusterSpan& span) { return first + span.first_glyph + span.glyph_count - 1; };
  // A space is read with the glyph before it (never at the start of a glyph's reading: pdf.js
  // takes such a glyph for a space and drops it whole), where a bracket is drawn over it: in
  // this run, or, for the space this run opens with, at the end of the run before it.
  if (leading_space_read_before) skip(spans.front());
  for (std::size_t c = 0; c + 1 < spans.size(); ++c) {
    const std::u32string_view here = clusters.text(spans[c]);
    if (spans[c].glyph_count == 0 || here.empty() || !is_one_space(clusters.text(spans[c + 1])) ||
        !drawn(spans[c]) || !drawn(spans[c + 1]))
      continue;
    const bool before_opening = c + 2 < spans.size() ? opens_with_cjk_bracket(clusters.subview(c + 2)) : bracket_next;
    if (!before_opening && !is_closing_cjk_punctuation(here.back())) continue;
    append_space(last_glyph(spans[c]));
    skip(spans[c + 1]);
  }
  if (space_then_bracket_next && !spans.empty() && spans.back().glyph_count > 0 && drawn(spans.back()))
    append_space(last_glyph(spans.back()));
}

void DocumentReadings::append_space(std::size_t glyph) {
  joined_.push_back(std::u32string(readings_[glyph]) + U" ");
  readings_[glyph] = joined_.back();
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
