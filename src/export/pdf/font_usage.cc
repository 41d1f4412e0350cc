#include "export/pdf/font_usage.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <string_view>
#include <unordered_map>

#include "export/pdf/glyph_slots.h"

namespace hanji::pdf {
namespace {

// How many times one text was proposed for a glyph, and when it was first proposed.
struct Tally {
  std::u32string text;
  int count = 0;
  int first_seen = 0;
};

// The texts proposed for one glyph, so that the most frequent wins and ties are broken by
// document order (deterministic). Nearly every glyph only ever gets one text: it is kept
// inline, and a short list holds any others.
class Candidates {
 public:
  void add(std::u32string_view text, int order) {
    if (first_.count == 0) {
      first_ = Tally{std::u32string(text), 1, order};
      return;
    }
    if (first_.text == text) {
      ++first_.count;
      return;
    }
    auto [at, added] = other_at_.try_emplace(std::u32string(text), others_.size());
    if (added) others_.push_back(Tally{std::u32string(text), 1, order});
    else ++others_[at->second].count;
  }

  // No two texts share a first_seen, so the order does not depend on the order of others_.
  const Tally& best() const {
    const Tally* winner = &first_;
    for (const Tally& other : others_)
      if (better(other, *winner)) winner = &other;
    return *winner;
  }

  // Every text but the best, in the order they were first drawn.
  template <typename Visit>
  void for_each_other(Visit visit) const {
    const Tally& winner = best();
    std::vector<const Tally*> rest;
    if (&first_ != &winner) rest.push_back(&first_);
    for (const Tally& other : others_)
      if (&other != &winner) rest.push_back(&other);
    std::sort(rest.begin(), rest.end(), [](const Tally* a, const Tally* b) { return a->first_seen < b->first_seen; });
    for (const Tally* tally : rest) visit(tally->text);
  }

 private:
  // Non-empty texts beat the empty one: a code that maps to nothing reads back as nothing in
  // every extractor, which is only right for glyphs that never carry characters of their own.
  static bool better(const Tally& a, const Tally& b) {
    if (a.text.empty() != b.text.empty()) return !a.text.empty();
    if (a.count != b.count) return a.count > b.count;
    return a.first_seen < b.first_seen;
  }

  Tally first_;
  std::vector<Tally> others_;
  // Each text's place in others_: .notdef, drawn for every character no font has, may be
  // proposed for tens of thousands of texts (a search per proposal took seconds).
  std::unordered_map<std::u32string, std::size_t> other_at_;
};

// The characters a font draws: a bitmap for the Basic Multilingual Plane, a list beyond.
class CodePointSet {
 public:
  void insert(char32_t c) {
    if (c < kBmpSize)
      bmp_[c / 64] |= uint64_t{1} << (c % 64);
    else
      beyond_.push_back(c);
  }

  std::vector<char32_t> sorted() {
    std::vector<char32_t> out;
    for (std::size_t word = 0; word < bmp_.size(); ++word)
      for (uint64_t bits = bmp_[word]; bits != 0; bits &= bits - 1)
        out.push_back(static_cast<char32_t>(word * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
    std::sort(beyond_.begin(), beyond_.end());
    beyond_.erase(std::unique(beyond_.begin(), beyond_.end()), beyond_.end());
    out.insert(out.end(), beyond_.begin(), beyond_.end());
    return out;
  }

 private:
  static constexpr char32_t kBmpSize = 0x10000;
  std::vector<uint64_t> bmp_ = std::vector<uint64_t>(kBmpSize / 64);
  std::vector<char32_t> beyond_;
};

// Everything proposed for one font while walking the document.
class FontTally {
 public:
  void add_characters(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) characters_.insert(utf8_next(text, at));
  }

  // Each glyph drawn, with what it reads as (DocumentReadings).
  void add_run(const doc::GlyphRun& run, const RunReadings& readings, int& order) {
    for (std::size_t g = 0; g < run.glyphs.size(); ++g)
      if (readings.drawn(g)) propose(run.glyphs[g].id, readings.of(g), order++);
  }

  FontUsage result() {
    std::vector<uint32_t> by_id(glyphs_.size());
    std::iota(by_id.begin(), by_id.end(), 0u);
    std::sort(by_id.begin(), by_id.end(), [&](uint32_t a, uint32_t b) { return glyph_ids_[a] < glyph_ids_[b]; });
    FontUsage usage;
    usage.glyph_ids.reserve(by_id.size());
    usage.texts.reserve(by_id.size());
    for (uint32_t slot : by_id) {
      usage.glyph_ids.push_back(glyph_ids_[slot]);
      usage.texts.push_back(glyphs_[slot].best().text);
      glyphs_[slot].for_each_other(
          [&](const std::u32string& text) { usage.other_readings.push_back(GlyphReading{glyph_ids_[slot], text}); });
    }
    usage.code_points = characters_.sorted();
    return usage;
  }

 private:
  void propose(uint32_t glyph_id, std::u32string_view text, int order) {
    bool added = false;
    uint32_t slot = slots_.find_or_add(glyph_id, added);
    if (added) {
      glyph_ids_.push_back(glyph_id);
      glyphs_.emplace_back();
    }
    glyphs_[slot].add(text, order);
  }

  GlyphSlots slots_;
  std::vector<uint32_t> glyph_ids_;  // by slot
  std::vector<Candidates> glyphs_;   // by slot
  CodePointSet characters_;
};

}  // namespace

const std::u32string* FontUsage::text_of(uint32_t glyph_id) const {
  auto it = std::lower_bound(glyph_ids.begin(), glyph_ids.end(), glyph_id);
  if (it == glyph_ids.end() || *it != glyph_id) return nullptr;
  return &texts[static_cast<std::size_t>(it - glyph_ids.begin())];
}

std::vector<FontUsage> collect_font_usage(const doc::Document& doc) {
  const DocumentClusters clusters(doc);
  return collect_font_usage(doc, DocumentReadings(doc, clusters));
}

std::vector<FontUsage> collect_font_usage(const doc::Document& doc, const DocumentReadings& readings) {
  std::vector<FontTally> fonts(doc.fonts.size());
  int order = 0;
  for (std::size_t p = 0; p < doc.pages.size(); ++p) {
    const std::vector<doc::PlacedRun>& runs = doc.pages[p].runs;
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const doc::GlyphRun& run = runs[r].run;
      FontTally& font = fonts[static_cast<std::size_t>(run.font)];
      font.add_characters(run.text);
      font.add_run(run, readings.of(p, r), order);
    }
  }
  std::vector<FontUsage> usage;
  usage.reserve(fonts.size());
  for (FontTally& font : fonts) usage.push_back(font.result());
  return usage;
}

}  // namespace hanji::pdf
