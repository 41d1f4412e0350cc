#include "text/lines.h"

#include <algorithm>
#include <limits>

#include "text/bidi.h"
#include "text/char_class.h"
#include "text/spacing.h"

namespace hanji::text::detail {

namespace {

constexpr double kEpsilon = 1e-6;

struct Stretchable {
  size_t slot;  // index into the per-cluster extra advances
  double amount;
};

void spread(std::vector<Stretchable>& parts, double total_capacity, double amount, std::vector<double>& extra) {
  if (total_capacity <= 0 || amount == 0) return;
  for (const Stretchable& p : parts) extra[p.slot] += amount * p.amount / total_capacity;
}

// Justification: the slack goes to the inter-word spaces
// first (up to +1/2 of their width), then to the gaps between Hangul syllables (up to kHangulGapStretchEm
// each), and whatever remains to the spaces again, as a loose line, none of them opened past
// kMaxJustifiedSpaceEm (what is left stays at the line's end). Latin letters are never
// spaced out. A line too long shrinks its spaces by up to 1/3. Returns the width added;
// `space_scale` gets how wide the word spaces end up, as a multiple of their natural width.
double justify(const SourceText& text, const ShapedText& shaped, size_t begin, size_t end, double slack,
               std::vector<double>& extra, double& space_scale, std::size_t& steps) {
  std::vector<Stretchable> spaces, gaps;
  double space_stretch = 0, space_shrink = 0, gap_stretch = 0;
  // How far the spaces may open together: the slack is spread over them in proportion to their
  // widths, so the space nearest its limit decides.
  double widest_scale = std::numeric_limits<double>::infinity();
  for (size_t c = begin; c < end; ++c) {
    ++steps;
    const Cluster& cluster = shaped.clusters[c];
    if (is_stretchable_space(text, cluster)) {
      spaces.push_back(Stretchable{c - begin, cluster.width});
      space_stretch += cluster.width * kSpaceStretch;
      space_shrink += cluster.width * kSpaceShrink;
      if (cluster.width > 0 && cluster.item >= 0)
        widest_scale = std::min(
            widest_scale, kMaxJustifiedSpaceEm * shaped.items[static_cast<size_t>(cluster.item)].nominal_size / cluster.width);
    }
    if (c > begin) {
      const double gap = hangul_gap_stretch(text, shaped, c);
      if (gap > 0) gaps.push_back(Stretchable{c - 1 - begin, gap});
      gap_stretch += gap;
    }
  }
  double space_width = 0;
  for (const Stretchable& s : spaces) space_width += s.amount;
  if (slack < 0) {
    const double shrink = std::min(-slack, space_shrink);
    spread(spaces, space_width, -shrink, extra);
    space_scale = space_width > 0 ? (space_width - shrink) / space_width : 1;
    return -shrink;
  }
  const double space_room = std::max(0.0, space_width * (widest_scale - 1));
  const double to_spaces = std::min({slack, space_stretch, space_room});
  const double to_gaps = std::min(slack - to_spaces, gap_stretch);
  const double loose = space_width > 0 ? std::min(slack - to_spaces - to_gaps, space_room - to_spaces) : 0;
  spread(spaces, space_width, to_spaces + loose, extra);
  spread(gaps, gap_stretch, to_gaps, extra);
  space_scale = space_width > 0 ? (space_width + to_spaces + loose) / space_width : 1;
  return to_spaces + to_gaps + loose;
}

bool same_run(const Item& a, const Item& b) {
  return a.font == b.font && a.size == b.size && a.rise == b.rise && a.color == b.color &&
         (a.link == b.link || *a.link == *b.link) && a.level == b.level;
}

// The runs of a line placed in visual order (UAX #9 rule L2 over their levels): each run
// after the one on its left, a right-to-left run's glyphs back to front (shaping keeps them
// in logical order). The runs stay in logical order, as does each one's text: that is the
// order they read in, and an extractor given the glyphs left to right turns a right-to-left
// run round itself.
//
// In a right-to-left paragraph the line is set as its own mirror image: the runs from right to
// left in visual order, each one's glyphs as they will be seen, so that the page, mirrored
// whole, shows them in visual order.
void place_visually(std::vector<GlyphRun>& runs, const std::vector<uint8_t>& levels, bool mirrored) {
  if (!mirrored && std::none_of(levels.begin(), levels.end(), [](uint8_t level) { return level > 0; })) return;
  double x = runs.empty() ? 0 : runs.front().x;
  std::vector<std::size_t> order = visual_order(levels);
  if (mirrored) std::reverse(order.begin(), order.end());
  for (std::size_t index : order) {
    GlyphRun& run = runs[index];
    if (levels[index] % 2 == 1) {
      std::reverse(run.glyphs.begin(), run.glyphs.end());
      run.right_to_left = true;
    }
    run.x = x;
    for (const Glyph& glyph : run.glyphs) x += glyph.advance;
  }
}

GlyphRun start_run(const SourceText& text, const Item& item, const Cluster& cluster, double x) {
  GlyphRun run;
  run.font = item.font;
  run.size = item.size;
  run.x = x;
  run.rise = item.rise;
  run.color = item.color;
  run.link = *item.link;
  run.span = text.span_of(cluster.char_begin);
  return run;
}

// '|', '·', '•' standing alone between spaces: list separators, not punctuation of the text.
bool is_dropped_separator(const SourceText& text, const Cluster& cluster) {
  if (cluster.char_end != cluster.char_begin + 1) return false;
  const char32_t c = text.chars[cluster.char_begin];
  return c == '|' || c == 0x00B7 || c == 0x2022;
}

bool is_word_char(char32_t c) { return !is_breakable_space(c) && !is_newline(c); }

// A line boundary inside a word (an emergency break, or between syllables in character
// mode): the word's parts on either side are marked so that extraction reads the word whole.
struct WordParts {
  size_t lead_end = 0;     // clusters [begin, lead_end) continue a word from the previous line
  size_t lead_run_end = 0;  // and [lead_end, lead_run_end) are the spaces after it, in its run
  size_t tail_begin = 0;   // clusters [tail_begin, end) start a word that goes on to the next line
  std::string tail_word;   // that whole word (only when the word starts on this line)
  bool tail_continues = false;  // the tail part is itself a continuation (one word fills the line)
};

// Every scan below stays within the line, except the one that finds where a word starting
// on this line ends, which runs once per word: a word of n characters set on n / k lines
// costs O(n), not O(n^2 / k) (one 80,000-character word took 1.9 s when each line looked
// at the whole word). Each scan counts its steps.
WordParts find_word_parts(const SourceText& text, const ShapedText& shaped, size_t begin, size_t end,
                          size_t range_end, std::size_t& steps) {
  const auto& clusters = shaped.clusters;
  WordParts parts{begin, begin, end, {}, false};
  if (begin >= end) return parts;
  const size_t first_char = clusters[begin].char_begin;
  if (first_char > 0 && is_word_char(text.chars[first_char - 1]) && is_word_char(text.chars[first_char])) {
    // The word goes on while its characters do: the lead part ends at the first cluster
    // that starts with a space or a line break.
    for (; parts.lead_end < end && is_word_char(text.chars[clusters[parts.lead_end].char_begin]); ++parts.lead_end)
      ++steps;
  }
  // The spaces after the lead part go into its run when they would be set in that run anyway
  // (the same face, colour and link).
  parts.lead_run_end = parts.lead_end;
  if (parts.lead_end > begin && clusters[parts.lead_end - 1].drawn()) {
    const Item& lead = shaped.items[static_cast<size_t>(clusters[parts.lead_end - 1].item)];
    for (; parts.lead_run_end < end && is_space_cluster(text, clusters[parts.lead_run_end]) &&
           clusters[parts.lead_run_end].drawn() &&
           same_run(lead, shaped.items[static_cast<size_t>(clusters[parts.lead_run_end].item)]);
         ++parts.lead_run_end)
      ++steps;
  }
  const size_t last_char = clusters[end - 1].char_end - 1;
  const bool split_at_end = end == range_end && range_end < clusters.size() &&
                            is_word_char(text.chars[last_char]) &&
                            is_word_char(text.chars[clusters[range_end].char_begin]);
  if (split_at_end) {
    parts.tail_begin = end;
    for (; parts.tail_begin > begin && is_word_char(text.chars[clusters[parts.tail_begin - 1].char_begin]);
         --parts.tail_begin)
      ++steps;
    // Back at the line's start without meeting a space: the word began on an earlier line.
    const bool reached_line_start = parts.tail_begin == begin && first_char > 0 &&
                                    is_word_char(text.chars[first_char - 1]);
    parts.tail_continues = reached_line_start;
    parts.tail_begin = std::max(parts.tail_begin, parts.lead_end);
    if (!parts.tail_continues) {
      const size_t word_begin = clusters[parts.tail_begin].char_begin;
      size_t word_end = last_char + 1;
      for (; word_end < text.size() && is_word_char(text.chars[word_end]); ++word_end) ++steps;
      parts.tail_word = std::string(text.extracted(word_begin, word_end));
    }
  }
  return parts;
}

// The item whose hyphen a line ending after `last` draws, if it has one.
const Item* hyphen_item(const ShapedText& shaped, const Cluster& last) {
  if (!last.drawn()) return nullptr;
  const Item& item = shaped.items[static_cast<size_t>(last.item)];
  return item.hyphen_glyph != 0 ? &item : nullptr;
}

// The hyphen of a hyphenated line end, drawn in the run of the word's first part so that it
// sits inside that part's ActualText (which reads as the whole word where ActualText is
// honoured). Everywhere else it reads as what it is, a hyphen: the run's text gets a "-" for
// it ("submis-", then "sions" on the next line), never a silent cut. Returns its advance.
double add_hyphen(const Item& item, GlyphRun& run) {
  run.glyphs.push_back(Glyph{item.hyphen_glyph, item.hyphen_advance, 0, 0, static_cast<uint32_t>(run.text.size())});
  run.text += '-';
  run.hyphen_inserted = true;
  return item.hyphen_advance;
}

// Private-use characters are icons (an icon font's envelope, phone, GitHub mark): drawn, but
// they mean nothing as text, so extraction reads their run as nothing.
bool is_icon_text(const std::string& text, std::size_t& steps) {
  bool icon = false;
  for (std::size_t at = 0; at < text.size();) {
    const char32_t c = utf8_next(text, at);
    ++steps;
    if (is_private_use(c)) icon = true;
    else if (c != U' ' && c != 0xA0 && c != 0x2009 && c != 0x202F) return false;
  }
  return icon;
}

// Whether the spaces from cluster `at` on (none, or some) run into a forced line break ("\n").
bool before_forced_break(const SourceText& text, const std::vector<Cluster>& clusters, size_t at) {
  while (at < clusters.size() && is_space_cluster(text, clusters[at])) ++at;
  return at < clusters.size() && is_newline(text.chars[clusters[at].char_begin]);
}

// A line that breaks at a space keeps that space as an invisible glyph of no width at its
// end, so the text reads "word word" across the break wherever it is read without the page's
// geometry: a tagged PDF's structure (what a screen reader follows), a copy of a paragraph.
// The glyph is the last run's font's own space (the space typed may be set in another face:
// regular after a bold word), when it has one.
void keep_line_end_space(std::string_view reads_as, const Item& last, Line& line) {
  if (line.runs.empty() || last.level % 2 != 0 || last.space_glyph == 0) return;
  GlyphRun& run = line.runs.back();
  if (run.actual_text) return;  // a word split here reads as written already
  const auto offset = static_cast<uint32_t>(run.text.size());
  run.text += reads_as;
  // Drawn back over the end of the word, so that the space's box stays inside the line.
  run.glyphs.push_back(Glyph{last.space_glyph, 0, -last.space_advance, 0, offset});
}

}  // namespace

Line build_line(const SourceText& text, const ShapedText& shaped, ClusterRange range, const LineSpec& spec,
                std::size_t& steps) {
  const auto& clusters = shaped.clusters;
  size_t end = range.end;
  auto trim_spaces = [&] {
    for (; spec.trim && end > range.begin && (is_space_cluster(text, clusters[end - 1]) || !clusters[end - 1].drawn());
         --end)
      ++steps;
  };
  trim_spaces();
  // A separator between items ("a@b.c | +82 10 | …") that a break leaves at the end of a line
  // separates nothing: it goes, as a discretionary would in TeX.
  const bool broken_here = range.end < clusters.size();
  if (spec.trim && broken_here && end >= range.begin + 2 && is_dropped_separator(text, clusters[end - 1]) &&
      is_space_cluster(text, clusters[end - 2])) {
    --end;
    trim_spaces();
  }
  const size_t begin = std::min(range.begin, end);

  std::vector<double> extra(end - begin, 0.0);
  double natural = 0;
  for (size_t c = begin; c < end; ++c) {
    ++steps;
    natural += clusters[c].width;
  }
  if (end > begin) {  // a gap or kerning at the line end has nothing left to separate
    extra.back() -= clusters[end - 1].end_adjust();
    natural -= clusters[end - 1].end_adjust();
  }
  const bool hyphenated = range.hyphen && end == range.end && end > begin;
  const Item* hyphen = hyphenated ? hyphen_item(shaped, clusters[end - 1]) : nullptr;
  if (hyphen) natural += hyphen->hyphen_advance;
  const double slack = spec.width - natural;
  double space_scale = 1;
  if (spec.fill || (spec.shrink && slack < 0))
    natural += justify(text, shaped, begin, end, slack, extra, space_scale, steps);

  Line line;
  line.size = spec.empty_size;
  bool sized = false;
  double pen = 0;
  const Item* run_item = nullptr;
  const Item* last_item = nullptr;  // the item of the cluster set last, which suits the last run
  const WordParts parts = find_word_parts(text, shaped, begin, end, range.end, steps);
  // Which part of a split word a cluster belongs to: 0 none, 1 continuation, 2 start of the word.
  const auto part_of = [&](size_t c) {
    if (c < parts.lead_run_end) return 1;
    if (c >= parts.tail_begin) return parts.tail_continues ? 1 : 2;
    return 0;
  };
  int run_part = -1;
  std::vector<uint8_t> run_levels;  // of each run, for the visual order
  // The last run's text is appended a stretch of chars at a time, not cluster by cluster:
  // chars [pending_begin, pending_end) belong to it but are not in its text yet.
  size_t pending_begin = 0, pending_end = 0;
  const auto append_pending = [&] {
    if (pending_end > pending_begin) line.runs.back().text += text.extracted(pending_begin, pending_end);
    pending_begin = pending_end;
  };
  for (size_t c = begin; c < end; ++c) {
    ++steps;
    const Cluster& cluster = clusters[c];
    if (!cluster.drawn() || cluster.glyph_begin == cluster.glyph_end) continue;
    const Item& item = shaped.items[static_cast<size_t>(cluster.item)];
    line.size = sized ? std::max(line.size, item.nominal_size) : item.nominal_size;
    sized = true;
    const int part = part_of(c);
    // A cluster of the item before continues its run (most do): only a new item is compared.
    const bool new_run = !run_item || (&item != last_item && !same_run(*run_item, item)) || part != run_part;
    if (new_run || cluster.char_begin != pending_end) {  // a cluster without glyphs between: not in the text
      append_pending();
      pending_begin = pending_end = cluster.char_begin;
    }
    if (new_run) {
      GlyphRun run = start_run(text, item, cluster, pen);
      // The first run of a word's first part reads as the whole word; every other run of a
      // split word reads as nothing, but for the spaces after its last part (below).
      if (part == 2) run.actual_text = run_part == 2 ? std::string() : parts.tail_word;
      if (part == 1) run.actual_text = std::string();
      // Room for the rest of the line, which is most often this one run, and its end's hyphen
      // or space: a run grown glyph by glyph was reallocated about eight times.
      run.glyphs.reserve(clusters[end - 1].glyph_end - cluster.glyph_begin + 1);
      run.text.reserve(text.extracted(cluster.char_begin, clusters[end - 1].char_end).size() + 1);
      line.runs.push_back(std::move(run));
      run_levels.push_back(item.level);
      run_item = &item;
      run_part = part;
    }
    last_item = &item;
    GlyphRun& run = line.runs.back();
    const auto cluster_offset =
        static_cast<uint32_t>(run.text.size() + text.extracted(pending_begin, cluster.char_begin).size());
    pending_end = cluster.char_end;
    for (size_t g = cluster.glyph_begin; g < cluster.glyph_end; ++g) {
      const ShapedGlyph& shaped_glyph = shaped.glyphs[g];
      Glyph glyph{shaped_glyph.id, shaped_glyph.advance, shaped_glyph.x_offset, shaped_glyph.y_offset, cluster_offset};
      if (g + 1 == cluster.glyph_end) glyph.advance += extra[c - begin];
      pen += glyph.advance;
      run.glyphs.push_back(glyph);
    }
  }
  append_pending();
  // The last part of a word split across lines keeps the spaces after it in its run, reading
  // as them: read without /ActualText (pdf.js), "…tems for" stays one piece with its space,
  // where a piece of its own starting with the space would be dropped as noise and the words
  // glued ("temsfor").
  if (parts.lead_run_end > parts.lead_end) {
    const std::string_view spaces =
        text.extracted(clusters[parts.lead_end].char_begin, clusters[parts.lead_run_end - 1].char_end);
    for (GlyphRun& run : line.runs)
      if (run.actual_text && run.actual_text->empty() && run.text.ends_with(spaces)) {
        run.actual_text = std::string(spaces);
        break;
      }
  }
  if (hyphen && !line.runs.empty()) pen += add_hyphen(*hyphen, line.runs.back());
  if (!hyphen && broken_here && end < clusters.size() && run_item) {
    // A forced break (a table cell's "TITLE\nAUTHORS") reads as a space too: read without the
    // page, the lines would run together.
    if (before_forced_break(text, clusters, end)) keep_line_end_space(" ", *run_item, line);
    else if (is_space_cluster(text, clusters[end]))
      keep_line_end_space(text.extracted(clusters[end].char_begin, clusters[end].char_end), *run_item, line);
  }
  place_visually(line.runs, run_levels, spec.right_to_left);
  for (GlyphRun& run : line.runs)
    if (!run.actual_text && is_icon_text(run.text, steps)) {
      run.actual_text = std::string();
      run.decoration = true;
    }
  line.width = pen;
  line.overfull = spec.trim && pen > spec.width + kEpsilon;
  line.space_scale = space_scale;
  // Beyond twice their width, word spaces open rivers; a line with nothing to stretch stays short.
  constexpr double kUnderfullSpaceScale = 2.0, kUnderfullGap = 1.0;  // pt
  line.underfull = spec.fill && (space_scale > kUnderfullSpaceScale || spec.width - pen > kUnderfullGap);
  double offset = 0;
  if (spec.align == theme::Align::Center) offset = (spec.width - pen) / 2;
  if (spec.align == theme::Align::Right) offset = spec.width - pen;
  offset = std::max(0.0, offset);
  for (GlyphRun& run : line.runs) run.x += offset;
  return line;
}

}  // namespace hanji::text::detail
