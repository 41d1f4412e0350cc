#include "text/elements.h"

#include "text/spacing.h"

namespace hanji::text::detail {

namespace {

constexpr double kEpsilon = 1e-6;

// How far inside an overlong word a boundary may break: 0 anywhere; 1 (between an address's
// parts, at a hyphenation point) only inside a stretch between 0s wider than the line; 2
// (awkward: a KLREQ violation, or inside a word of an address; between two letters of a Latin
// word) only inside a stretch between 0s and 1s still wider.
int emergency_tier(const Boundary& boundary) {
  if (boundary.awkward || boundary.between_letters) return 2;
  return boundary.address_part || boundary.hyphen_emergency ? 1 : 0;
}

// Marks boundaries [begin, end) of one overlong word that may take an emergency break: those of
// tier 0, then each tier's inside the pieces the tiers before it leave still wider than the line.
void mark_emergency(const ShapedText& shaped, const std::vector<Boundary>& boundaries, size_t first,
                    size_t word_begin, size_t word_end, double width, std::vector<bool>& emergency,
                    std::size_t& steps) {
  const auto& clusters = shaped.clusters;
  for (size_t c = word_begin + 1; c < word_end; ++c) {
    ++steps;
    if (emergency_tier(boundaries[clusters[c].char_begin]) == 0) emergency[c - first] = true;
  }
  for (int tier = 1; tier <= 2; ++tier) {
    size_t piece_begin = word_begin;
    double piece_width = 0;
    for (size_t c = word_begin; c <= word_end; ++c) {
      ++steps;
      if (c == word_end || (c > word_begin && emergency[c - first])) {
        if (piece_width > width + kEpsilon)
          for (size_t k = piece_begin + 1; k < c; ++k) {
            ++steps;
            if (emergency_tier(boundaries[clusters[k].char_begin]) <= tier) emergency[k - first] = true;
          }
        piece_begin = c;
        piece_width = 0;
      }
      if (c < word_end) piece_width += clusters[c].width;
    }
  }
}

// Marks the cluster boundaries inside every word (run of clusters between regular break
// opportunities) that is wider than the line: only there may a line end in an emergency —
// between syllables, after URL punctuation, at an English hyphenation point (with a hyphen),
// between graphemes.
std::vector<bool> emergency_breaks(const SourceText& text, const ShapedText& shaped,
                                   const std::vector<Boundary>& boundaries, size_t begin, size_t end, double width,
                                   std::size_t& steps) {
  std::vector<bool> emergency(end - begin, false);
  size_t word_begin = end;  // none open
  double word_width = 0;
  const auto close_word = [&](size_t word_end) {
    if (word_begin < word_end && word_width > width + kEpsilon)
      mark_emergency(shaped, boundaries, begin, word_begin, word_end, width, emergency, steps);
    word_begin = end;
    word_width = 0;
  };
  for (size_t c = begin; c < end; ++c) {
    ++steps;
    const Cluster& cluster = shaped.clusters[c];
    if (is_space_cluster(text, cluster)) {
      close_word(c);
      continue;
    }
    if (word_begin < c && boundaries[cluster.char_begin].allowed) close_word(c);
    if (word_begin == end) word_begin = c;
    word_width += cluster.width;
  }
  close_word(end);
  return emergency;
}

// The boundaries after a date range's dash that may break: those inside a stretch between
// ordinary break opportunities (spaces included) wider than the line, so that a range like
// "July 2024 – Sept 2024" stays on one line wherever it fits and breaks only in a column too
// narrow for it.
std::vector<bool> usable_range_breaks(const SourceText& text, const ShapedText& shaped,
                                      const std::vector<Boundary>& boundaries, size_t begin, size_t end, double width,
                                      std::size_t& steps) {
  std::vector<bool> usable(end - begin, false);
  size_t start = begin;
  double run = 0;
  const auto close_run = [&](size_t stop) {
    if (run > width + kEpsilon)
      for (size_t c = start; c < stop; ++c) {
        ++steps;
        if (boundaries[shaped.clusters[c].char_begin].range) usable[c - begin] = true;
      }
    start = stop;
    run = 0;
  };
  for (size_t c = begin; c < end; ++c) {
    ++steps;
    const Cluster& cluster = shaped.clusters[c];
    if (c > begin && !is_space_cluster(text, cluster) && boundaries[cluster.char_begin].allowed) close_run(c);
    run += cluster.width;
  }
  close_run(end);
  return usable;
}

void add_space(const Cluster& cluster, size_t c, bool justify, std::vector<Element>& out) {
  if (!out.empty() && out.back().type == ElementType::Glue && out.back().space) {
    Element& glue = out.back();  // consecutive spaces act as one
    glue.width += cluster.width;
    glue.stretch += justify ? cluster.width * kSpaceStretch : 0;
    glue.shrink += justify ? cluster.width * kSpaceShrink : 0;
    glue.cluster_end = c + 1;
    return;
  }
  Element glue;
  glue.type = ElementType::Glue;
  glue.space = true;
  glue.width = cluster.width;
  glue.stretch = justify ? cluster.width * kSpaceStretch : 0;
  glue.shrink = justify ? cluster.width * kSpaceShrink : 0;
  glue.cluster_begin = c;
  glue.cluster_end = c + 1;
  out.push_back(glue);
}

// A hyphenation point before cluster c: a flagged penalty whose line ends in the hyphen of
// the font before it (TeX's discretionary \-). False when that font has no hyphen to draw.
/// An emergency one (a word wider than the line) costs `emergency` instead.
bool add_hyphen_break(const ShapedText& shaped, size_t c, std::vector<Element>& out, int emergency = 0) {
  const Cluster& before = shaped.clusters[c - 1];
  if (!before.drawn()) return false;
  const Item& item = shaped.items[static_cast<size_t>(before.item)];
  if (item.hyphen_glyph == 0) return false;
  Element penalty;
  penalty.type = ElementType::Penalty;
  penalty.penalty = emergency > 0 ? emergency : kHyphenPenalty;
  penalty.emergency = emergency > 0;
  penalty.flagged = true;
  penalty.break_width = item.hyphen_advance - before.end_adjust();
  penalty.cluster_begin = penalty.cluster_end = c;
  out.push_back(penalty);
  return true;
}

// The position before a non-space cluster: the preceding spaces become breakable, or a
// penalty marks the opportunity (a hyphenation point wins over an emergency break there).
void add_break(const ShapedText& shaped, const Boundary& boundary, bool emergency, bool range, size_t c,
               std::vector<Element>& out) {
  if (out.empty()) return;
  Element& last = out.back();
  if (last.type == ElementType::Glue && last.space) {
    const bool after_box = out.size() >= 2 && out[out.size() - 2].type == ElementType::Box;
    if ((boundary.allowed || range) && after_box) {
      last.breakable = true;
      last.penalty = boundary.penalty;
      last.break_width = -shaped.clusters[last.cluster_begin - 1].end_adjust();
    }
    return;
  }
  if (boundary.hyphen && add_hyphen_break(shaped, c, out)) return;
  if (emergency && boundary.hyphen_emergency && add_hyphen_break(shaped, c, out, boundary.emergency)) return;
  if (!boundary.allowed && !emergency) return;
  Element penalty;
  penalty.type = ElementType::Penalty;
  penalty.penalty = boundary.allowed ? boundary.penalty : boundary.emergency;
  penalty.emergency = !boundary.allowed;
  penalty.break_width = -shaped.clusters[c - 1].end_adjust();
  penalty.cluster_begin = penalty.cluster_end = c;
  out.push_back(penalty);
}

void add_box(const Cluster& cluster, size_t c, bool hangul, std::vector<Element>& out) {
  if (!out.empty() && out.back().type == ElementType::Box) {
    out.back().width += cluster.width;
    out.back().cluster_end = c + 1;
    out.back().syllables += hangul ? 1 : 0;
    return;
  }
  Element box;
  box.width = cluster.width;
  box.cluster_begin = c;
  box.cluster_end = c + 1;
  box.syllables = hangul ? 1 : 0;
  out.push_back(box);
}

}  // namespace

std::vector<Element> build_elements(const SourceText& text, const ShapedText& shaped,
                                    const std::vector<Boundary>& boundaries, size_t cluster_begin,
                                    size_t cluster_end, double width, bool justify, std::size_t& steps) {
  const std::vector<bool> emergency =
      emergency_breaks(text, shaped, boundaries, cluster_begin, cluster_end, width, steps);
  const std::vector<bool> range =
      usable_range_breaks(text, shaped, boundaries, cluster_begin, cluster_end, width, steps);
  std::vector<Element> out;
  out.reserve(cluster_end - cluster_begin);
  for (size_t c = cluster_begin; c < cluster_end; ++c) {
    ++steps;
    const Cluster& cluster = shaped.clusters[c];
    if (is_space_cluster(text, cluster)) {
      add_space(cluster, c, justify, out);
      continue;
    }
    // No emergency break beside a no-break space in justified text: a line would start with
    // the tie or end at it (the space itself is kept either way: see may_start_line below).
    if (c > cluster_begin) {
      const bool beside_nobreak_glue =
          justify && (is_stretchable_space(text, cluster) || is_stretchable_space(text, shaped.clusters[c - 1]));
      add_break(shaped, boundaries[cluster.char_begin], emergency[c - cluster_begin] && !beside_nobreak_glue,
                range[c - cluster_begin], c, out);
    }
    const double gap = justify ? hangul_gap_stretch(text, shaped, c) : 0;
    if (gap > 0 && c > cluster_begin) {
      Element glue;
      glue.type = ElementType::Glue;
      glue.stretch = gap;
      glue.syllable_gap = true;
      glue.cluster_begin = glue.cluster_end = c;
      out.push_back(glue);
    }
    // A no-break space: rigid position, elastic width; but a box where a line may start right
    // before it (after a space or a penalty: "and \u00A0x"), as a line drops the glue it starts
    // with and the space would be lost from the text.
    const bool may_start_line = !out.empty() && (out.back().type == ElementType::Penalty ||
                                                 (out.back().type == ElementType::Glue && out.back().breakable));
    if (is_stretchable_space(text, cluster) && justify && !may_start_line) {
      Element glue;
      glue.type = ElementType::Glue;
      glue.width = cluster.width;
      glue.stretch = cluster.width * kSpaceStretch;
      glue.shrink = cluster.width * kSpaceShrink;
      glue.cluster_begin = c;
      glue.cluster_end = c + 1;
      out.push_back(glue);
      continue;
    }
    add_box(cluster, c, is_hangul_letter(text.chars[cluster.char_begin]), out);
  }
  while (!out.empty() && out.back().type != ElementType::Box) out.pop_back();  // TeX's \unskip at the end
  return out;
}

}  // namespace hanji::text::detail
