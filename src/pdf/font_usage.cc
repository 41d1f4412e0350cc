#include "pdf/font_usage.h"

#include <algorithm>
#include <set>
#include <string_view>

namespace hanji::pdf {
namespace {

// The end (byte offset) of the characters of the cluster at `start`: the next larger cluster
// offset of the run, or the end of its text.
std::size_t cluster_end(const std::vector<uint32_t>& sorted_offsets, uint32_t start,
                        std::size_t text_size) {
  auto next = std::upper_bound(sorted_offsets.begin(), sorted_offsets.end(), start);
  return next == sorted_offsets.end() ? text_size : std::min<std::size_t>(*next, text_size);
}

std::u32string decode_range(const std::string& text, std::size_t begin, std::size_t end) {
  if (begin >= end) return {};
  return utf8_decode(std::string_view(text).substr(begin, end - begin));
}

// How many times each text was proposed for a glyph, and when it was first proposed, so that
// the most frequent wins and ties are broken by document order (deterministic).
struct Candidates {
  struct Tally {
    int count = 0;
    int first_seen = 0;
  };
  std::map<std::u32string, Tally> tallies;

  void add(const std::u32string& text, int order) {
    auto [it, inserted] = tallies.try_emplace(text, Tally{0, order});
    ++it->second.count;
  }

  // Non-empty texts beat the empty one: a code that maps to nothing reads back as nothing in
  // every extractor, which is only right for glyphs that never carry characters of their own.
  std::u32string best() const {
    const std::u32string* winner = nullptr;
    Tally winner_tally;
    for (const auto& [text, tally] : tallies) {
      if (winner && !better(text, tally, *winner, winner_tally)) continue;
      winner = &text;
      winner_tally = tally;
    }
    return winner ? *winner : std::u32string();
  }

 private:
  static bool better(const std::u32string& text, const Tally& tally, const std::u32string& other,
                     const Tally& other_tally) {
    if (text.empty() != other.empty()) return !text.empty();
    if (tally.count != other_tally.count) return tally.count > other_tally.count;
    return tally.first_seen < other_tally.first_seen;
  }
};

// The text each glyph of a cluster would stand for on its own: one character per glyph in
// order, the last glyph taking any characters left over (a ligature takes them all), glyphs
// beyond the characters (a decomposed accent) taking none.
std::vector<std::u32string> split_cluster_text(const Cluster& cluster) {
  std::vector<std::u32string> parts(cluster.glyph_count);
  const std::u32string& text = cluster.text;
  for (std::size_t k = 0; k < cluster.glyph_count; ++k) {
    bool last = k + 1 == cluster.glyph_count;
    if (k >= text.size()) break;
    parts[k] = last ? text.substr(k) : text.substr(k, 1);
  }
  return parts;
}

}  // namespace

std::vector<Cluster> clusters_of(const text::GlyphRun& run) {
  std::vector<Cluster> clusters;
  if (run.glyphs.empty()) return clusters;

  std::vector<uint32_t> offsets;
  offsets.reserve(run.glyphs.size());
  for (const auto& glyph : run.glyphs) offsets.push_back(glyph.cluster);
  std::sort(offsets.begin(), offsets.end());
  offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());

  std::set<uint32_t> assigned;  // a cluster value seen again later (odd shaping) gets no text twice
  for (std::size_t i = 0; i < run.glyphs.size();) {
    std::size_t j = i + 1;
    while (j < run.glyphs.size() && run.glyphs[j].cluster == run.glyphs[i].cluster) ++j;
    uint32_t start = run.glyphs[i].cluster;
    Cluster cluster{i, j - i, {}};
    if (assigned.insert(start).second) {
      std::size_t begin = start == offsets.front() ? 0 : start;
      cluster.text = decode_range(run.text, begin, cluster_end(offsets, start, run.text.size()));
    }
    clusters.push_back(std::move(cluster));
    i = j;
  }
  return clusters;
}

std::vector<FontUsage> collect_font_usage(const paginate::Document& doc) {
  std::vector<FontUsage> usage(doc.fonts.size());
  std::vector<std::map<uint32_t, Candidates>> candidates(doc.fonts.size());
  std::vector<std::set<uint32_t>> glyphs(doc.fonts.size());
  std::vector<std::set<char32_t>> code_points(doc.fonts.size());
  int order = 0;

  for (const auto& page : doc.pages) {
    for (const auto& placed : page.runs) {
      const text::GlyphRun& run = placed.run;
      auto font = static_cast<std::size_t>(run.font);
      for (char32_t c : utf8_decode(run.text)) code_points[font].insert(c);
      for (const Cluster& cluster : clusters_of(run)) {
        std::vector<std::u32string> parts = split_cluster_text(cluster);
        for (std::size_t k = 0; k < cluster.glyph_count; ++k) {
          uint32_t id = run.glyphs[cluster.first_glyph + k].id;
          glyphs[font].insert(id);
          candidates[font][id].add(parts[k], order++);
        }
      }
    }
  }

  for (std::size_t f = 0; f < usage.size(); ++f) {
    usage[f].glyph_ids.assign(glyphs[f].begin(), glyphs[f].end());
    usage[f].code_points.assign(code_points[f].begin(), code_points[f].end());
    for (const auto& [id, proposals] : candidates[f]) usage[f].unicode[id] = proposals.best();
  }
  return usage;
}

bool reads_back(const text::GlyphRun& run, const Cluster& cluster, const GlyphTexts& unicode) {
  std::u32string read;
  for (std::size_t k = 0; k < cluster.glyph_count; ++k) {
    auto it = unicode.find(run.glyphs[cluster.first_glyph + k].id);
    if (it != unicode.end()) read += it->second;
  }
  return read == cluster.text;
}

}  // namespace hanji::pdf
