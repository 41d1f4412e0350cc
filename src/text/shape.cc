#include "text/shape.h"

#include <algorithm>
#include <cstring>

#include "text/char_class.h"
#include "text/hb_handles.h"

namespace hanji::text::detail {

namespace {

// Distinct words a typesetter keeps shaped (about ten CVs' worth).
constexpr std::size_t kMaxWords = 20000;

// Chars drawn by no item (newlines) become clusters of their own without glyphs.
void add_unshaped(size_t begin, size_t end, ShapedUnits& out) {
  for (size_t i = begin; i < end; ++i) {
    Cluster cluster;
    cluster.char_begin = i;
    cluster.char_end = i + 1;
    cluster.glyph_begin = cluster.glyph_end = out.glyphs.size();
    out.clusters.push_back(cluster);
    out.last_nominal_advance.push_back(0);
  }
}

// The glyph a hyphenated line ends with: the font's hyphen U+2010, else its hyphen-minus.
void find_hyphen(FontStore& fonts, Item& item, int32_t& advance) {
  std::optional<uint32_t> glyph = fonts.glyph_of(item.font, 0x2010);
  if (!glyph) glyph = fonts.glyph_of(item.font, '-');
  advance = glyph ? fonts.advance(item.font, *glyph) : 0;
  if (glyph) item.hyphen_glyph = *glyph;
}

// The font's space glyph, which a line broken after the item keeps at its end.
void find_space(FontStore& fonts, Item& item, int32_t& advance) {
  const std::optional<uint32_t> glyph = fonts.glyph_of(item.font, ' ');
  advance = glyph ? fonts.advance(item.font, *glyph) : 0;
  if (glyph) item.space_glyph = *glyph;
}

// Sets a full-width CJK bracket half-width (what `halt` does in fonts that have it;
// the Nanum fonts do not): the blank half outside the bracket goes, so 「듀랑고」의 reads as
// one word and no loose gap opens beside a space. Only when the glyph's ink really lies in
// the kept half, so a font with proportional brackets is left as it is. Returns the advance
// removed (font units).
int32_t trim_bracket_blank(bool opening, hb_font_t* font, UnitGlyph& glyph) {
  hb_glyph_extents_t ink{};
  if (glyph.advance <= 0 || !hb_font_get_glyph_extents(font, glyph.id, &ink) || ink.width <= 0) return 0;
  const int32_t half = glyph.advance / 2;
  const int32_t left = glyph.x_offset + ink.x_bearing, right = left + ink.width;
  const int32_t slack = glyph.advance / 20;  // ink may touch the middle by a hair
  if (opening ? left < half - slack : right > half + slack) return 0;
  glyph.advance -= half;
  if (opening) glyph.x_offset -= half;
  return half;
}

// A trimmed bracket's glyph still reads, to a text extractor, as a full em from where it is
// drawn; the PDF writer keeps such a glyph and its neighbour in one span that reads back
// as their text, which it can only do within one run. So the side that loses its blank must
// face a character of the same item, or nothing (the paragraph's edge or a line break).
bool faces_own_item(const SourceText& text, size_t outer_char, bool inside) {
  return inside || outer_char >= text.size() || is_newline(text.chars[outer_char]);
}

void trim_item_brackets(const SourceText& text, const Item& item, hb_font_t* font, size_t first_cluster,
                           ShapedUnits& out) {
  for (size_t c = first_cluster; c < out.clusters.size(); ++c) {
    const Cluster& cluster = out.clusters[c];
    if (cluster.char_end != cluster.char_begin + 1 || cluster.glyph_end != cluster.glyph_begin + 1) continue;
    const char32_t ch = text.chars[cluster.char_begin];
    const bool opening = is_cjk_opening_bracket(ch);
    if (!opening && !is_cjk_closing_bracket(ch)) continue;
    const bool facing_ok =
        opening ? cluster.char_begin == 0 ||
                      faces_own_item(text, cluster.char_begin - 1, cluster.char_begin > item.begin)
                : faces_own_item(text, cluster.char_end, cluster.char_end < item.end);
    if (!facing_ok) continue;
    out.last_nominal_advance[c] -= trim_bracket_blank(opening, font, out.glyphs[cluster.glyph_begin]);
  }
}

// Calls visit(byte_begin, word) for each word (or run of spaces) of the item, in order.
template <class Visit>
void for_each_word(const SourceText& text, const Item& item, Visit visit) {
  for (size_t begin = item.begin; begin < item.end;) {
    const bool spaces = text.chars[begin] == ' ';
    size_t end = begin + 1;
    while (end < item.end && (text.chars[end] == ' ') == spaces) ++end;
    const uint32_t byte_begin = text.byte_of[begin];
    visit(byte_begin, std::string_view(text.text.data() + byte_begin, text.byte_of[end] - byte_begin));
    begin = end;
  }
}

// The item's glyphs, shaped a word at a time, grouped into clusters: HarfBuzz's cluster
// values, made byte offsets in the paragraph, ascend as one call over the whole item gives them.
void shape_item(const SourceText& text, size_t item_index, FontStore& fonts, ShapedWords& words, ShapedUnits& out) {
  const Item& item = out.items[item_index];
  const size_t first_cluster = out.clusters.size();
  size_t char_cursor = item.begin;  // clusters ascend, so the char of each is found walking forward
  bool first_glyph = true;
  uint32_t last_cluster = 0;
  for_each_word(text, item, [&](uint32_t byte_begin, std::string_view word) {
    for (const ShapedWords::Glyph& glyph : words.shape(word, item, fonts)) {
      const uint32_t cluster_value = byte_begin + glyph.cluster;
      if (first_glyph || cluster_value != last_cluster) {
        while (char_cursor + 1 < item.end && text.byte_of[char_cursor + 1] <= cluster_value) ++char_cursor;
        Cluster cluster;
        cluster.item = static_cast<int>(item_index);
        cluster.char_begin = first_glyph ? item.begin : char_cursor;
        cluster.glyph_begin = out.glyphs.size();
        out.clusters.push_back(cluster);
        out.last_nominal_advance.push_back(0);
      }
      first_glyph = false;
      last_cluster = cluster_value;
      out.glyphs.push_back(UnitGlyph{glyph.id, glyph.advance, glyph.x_offset, glyph.y_offset});
      out.clusters.back().glyph_end = out.glyphs.size();
      // HarfBuzz puts pair kerning into the first glyph's advance; when a line ends after a
      // cluster that kerning (against a space or the next line's first glyph) must go. Keeps
      // the advance of the cluster's last glyph without kerning, to find it when scaling.
      out.last_nominal_advance.back() = glyph.nominal_advance;
    }
  });
  if (out.clusters.size() == first_cluster) {  // nothing came back: keep the chars covered
    Cluster cluster;
    cluster.item = static_cast<int>(item_index);
    cluster.char_begin = item.begin;
    cluster.glyph_begin = cluster.glyph_end = out.glyphs.size();
    out.clusters.push_back(cluster);
    out.last_nominal_advance.push_back(0);
  }
  // Left to right, clusters ascend: each one ends where the next begins.
  for (size_t c = first_cluster; c < out.clusters.size(); ++c)
    out.clusters[c].char_end = c + 1 < out.clusters.size() ? out.clusters[c + 1].char_begin : item.end;
  trim_item_brackets(text, item, fonts.hb_font(item.font), first_cluster, out);
}

bool needs_gap(char32_t left, char32_t right) {
  return (is_cjk_letter(left) && is_latin_char(right)) || (is_latin_char(left) && is_cjk_letter(right));
}

// Extra advance between a Hangul character and an adjacent Latin letter or digit: positioning
// only, never a space character, so extracted text stays "HarfBuzz와".
void apply_hangul_latin_gap(const SourceText& text, double gap_em, ShapedText& out) {
  if (gap_em == 0) return;
  for (size_t c = 1; c < out.clusters.size(); ++c) {
    Cluster& left = out.clusters[c - 1];
    const Cluster& right = out.clusters[c];
    if (left.item < 0 || right.item < 0 || left.glyph_end == left.glyph_begin) continue;
    if (!needs_gap(text.chars[left.char_end - 1], text.chars[right.char_begin])) continue;
    const double gap = gap_em * out.items[static_cast<size_t>(left.item)].nominal_size;
    out.glyphs[left.glyph_end - 1].advance += gap;
    left.width += gap;
    left.gap_after = gap;
  }
}

// The size-dependent values of an item, from the inline its first char comes from.
void size_item(const SourceText& text, const FontSettings& settings, Item& item) {
  const compose::Inline& source = text.inline_at(item.begin);
  const bool latin = item.role == Role::Latin;
  item.nominal_size = source.font.size;
  item.size = latin ? source.font.size * settings.fonts.latin_scale : source.font.size;
  item.rise = item_rise(item.role, text.chars[item.begin], settings, source.font.size);
  item.link = &source.link;
}

}  // namespace

const std::vector<ShapedWords::Glyph>& ShapedWords::shape(std::string_view word, const Item& item,
                                                         FontStore& fonts) {
  // What decides the glyphs: the font, the script, Korean or not, small capitals, the word.
  std::string& key = key_;
  key.assign(sizeof(int32_t) + sizeof(uint32_t) + 3, '\0');
  const int32_t font = item.font;
  const uint32_t script = static_cast<uint32_t>(item.script);
  std::memcpy(key.data(), &font, sizeof font);
  std::memcpy(key.data() + sizeof font, &script, sizeof script);
  key[sizeof font + sizeof script] = item.role == Role::Hangul ? 'k' : '-';
  key[sizeof font + sizeof script + 1] = item.small_caps ? 's' : '-';
  const bool right_to_left = item.level % 2 == 1;
  key[sizeof font + sizeof script + 2] = right_to_left ? 'r' : '-';
  key.append(word);
  // One lookup, which adds the word's entry on a miss: the key is hashed once.
  auto [entry, added] = words_.try_emplace(key);
  if (!added) return entry->second;
  // A typesetter keeps about one CV's words; a text of endless distinct words (an attack, or a
  // book) starts again rather than grow without bound.
  if (words_.size() > kMaxWords) {
    words_.clear();
    entry = words_.try_emplace(key).first;
  }
  ++shaped_;
  // The entry is added before it is filled: a failure in between (memory) must not leave it
  // empty, or the word would be drawn as nothing from then on in a warm engine.
  try {
    if (!buffer_) buffer_.reset(hb_buffer_create());
    hb_buffer_t* buffer = buffer_.get();
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf8(buffer, word.data(), static_cast<int>(word.size()), 0, static_cast<int>(word.size()));
    // Right-to-left words (Hebrew, Arabic) are shaped so: their joining forms and marks depend
    // on it. Their glyphs come back in visual order; they are kept in logical order here, as
    // every other word's, and a line draws them back to front (lines.cc).
    hb_buffer_set_direction(buffer, right_to_left ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_set_script(buffer, item.script);
    // An explicit language keeps shaping independent of the process locale.
    hb_buffer_set_language(buffer, item.role == Role::Hangul ? hb_language_from_string("ko", -1) : HB_LANGUAGE_INVALID);
    // Default features (kern, liga, ...), plus small capitals where asked: the font's own smcp
    // glyphs keep the text's case for extraction (a font without them draws the letters as
    // they are).
    static const hb_feature_t kSmallCaps{HB_TAG('s', 'm', 'c', 'p'), 1, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END};
    hb_shape(fonts.hb_font(item.font), buffer, item.small_caps ? &kSmallCaps : nullptr, item.small_caps ? 1 : 0);
    unsigned int count = 0;
    const hb_glyph_info_t* infos = hb_buffer_get_glyph_infos(buffer, &count);
    const hb_glyph_position_t* positions = hb_buffer_get_glyph_positions(buffer, &count);
    std::vector<Glyph> glyphs(count);
    for (unsigned int g = 0; g < count; ++g)
      glyphs[g] = Glyph{infos[g].codepoint, infos[g].cluster, positions[g].x_advance, positions[g].x_offset,
                        positions[g].y_offset, fonts.advance(item.font, infos[g].codepoint)};
    if (right_to_left) std::reverse(glyphs.begin(), glyphs.end());
    entry->second = std::move(glyphs);
  } catch (...) {
    words_.erase(entry);
    throw;
  }
  return entry->second;
}

ShapedUnits shape_units(const SourceText& text, const FontSettings& settings, FontStore& fonts,
                        FontChooser& chooser, ShapedWords& words, Diagnostics& diags) {
  ShapedUnits out;
  out.items = itemize(text, settings, chooser, diags);
  for (Item& item : out.items) item.link = nullptr;  // points into this paragraph: set when scaling
  out.hyphen_advance.resize(out.items.size(), 0);
  out.space_advance.resize(out.items.size(), 0);
  // About a glyph and a cluster per char.
  out.glyphs.reserve(text.size());
  out.clusters.reserve(text.size());
  out.last_nominal_advance.reserve(text.size());
  size_t next_char = 0;
  for (size_t k = 0; k < out.items.size(); ++k) {
    find_hyphen(fonts, out.items[k], out.hyphen_advance[k]);
    find_space(fonts, out.items[k], out.space_advance[k]);
    add_unshaped(next_char, out.items[k].begin, out);
    shape_item(text, k, fonts, words, out);
    next_char = out.items[k].end;
  }
  add_unshaped(next_char, text.size(), out);
  return out;
}

void scale_shaped(const ShapedUnits& units, const SourceText& text, const FontSettings& settings,
                  const FontStore& fonts, ShapedText& out) {
  out.items = units.items;  // assigned, not made anew: `out`'s storage is reused
  for (size_t k = 0; k < out.items.size(); ++k) {
    Item& item = out.items[k];
    size_item(text, settings, item);
    const double scale = item.size / fonts.units_per_em(item.font);
    item.hyphen_advance = units.hyphen_advance[k] * scale;
    item.space_advance = units.space_advance[k] * scale;
  }
  out.glyphs.clear();  // every glyph starts at zero, as in a new vector
  out.glyphs.resize(units.glyphs.size());
  out.clusters = units.clusters;
  // An item's clusters are consecutive (shape_units shapes item after item): its scale is
  // found when its first cluster comes.
  int scaled_item = -1;
  double s = 0;
  for (size_t c = 0; c < out.clusters.size(); ++c) {
    Cluster& cluster = out.clusters[c];
    if (cluster.item < 0) continue;
    if (cluster.item != scaled_item) {
      const Item& item = out.items[static_cast<size_t>(cluster.item)];
      scaled_item = cluster.item;
      s = item.size / fonts.units_per_em(item.font);
    }
    for (size_t g = cluster.glyph_begin; g < cluster.glyph_end; ++g) {
      const UnitGlyph& unit = units.glyphs[g];
      out.glyphs[g] = ShapedGlyph{unit.id, unit.advance * s, unit.x_offset * s, unit.y_offset * s};
      cluster.width += out.glyphs[g].advance;
    }
    if (cluster.glyph_end == cluster.glyph_begin) continue;
    const double last = out.glyphs[cluster.glyph_end - 1].advance;
    // A mark (HarfBuzz zeroed its advance) carries no kerning.
    cluster.trailing_kern = last == 0 ? 0 : last - units.last_nominal_advance[c] * s;
  }
  apply_hangul_latin_gap(text, settings.hangul_latin_gap, out);
}

}  // namespace hanji::text::detail
