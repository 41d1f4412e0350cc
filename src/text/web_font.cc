// Web fonts: a subset (hb-subset, by glyph id, without hinting or layout tables) given a cmap
// of its own, its table directory rebuilt and the whole wrapped as WOFF 1.0 (see
// text/sfnt.h). The SVG's map Private Use Area characters to its glyphs; a page's own text
// (the preview's panel) keeps the real characters, each to its glyph by the font's cmap.
#include <algorithm>
#include <utility>

#include "text/font_blob.h"
#include "text/font_service.h"
#include "text/sfnt.h"

namespace hanji::text::detail {
namespace {

// The tables a browser reads from a TrueType or CFF font (its sanitiser refuses a font
// without the required ones), less what hinting, shaping or vertical text would use.
constexpr std::string_view kWebTables[] = {"CFF ", "OS/2", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"};

using Mapping = std::vector<std::pair<char32_t, uint32_t>>;  // character -> subset glyph id, by character

void append_u16(std::string& out, uint32_t value) {
  out += static_cast<char>(value >> 8 & 0xFF);
  out += static_cast<char>(value & 0xFF);
}

void append_u32(std::string& out, uint32_t value) {
  append_u16(out, value >> 16);
  append_u16(out, value & 0xFFFF);
}

struct Segment {
  uint32_t first = 0, last = 0, glyph = 0;  // characters first..last are glyphs glyph..
};

// Runs of consecutive characters mapped to consecutive glyphs.
std::vector<Segment> segments_of(const Mapping& mapping) {
  std::vector<Segment> out;
  for (const auto& [character, glyph] : mapping) {
    if (!out.empty() && out.back().last + 1 == character && out.back().glyph + (character - out.back().first) == glyph)
      out.back().last = character;
    else
      out.push_back({character, character, glyph});
  }
  return out;
}

// cmap subtable format 4 (segment mapping to delta values) for the BMP characters of `mapping`.
std::string format4(const Mapping& mapping) {
  Mapping bmp;
  for (const auto& entry : mapping)
    if (entry.first <= 0xFFFF) bmp.push_back(entry);
  std::vector<Segment> segments = segments_of(bmp);
  segments.push_back({0xFFFF, 0xFFFF, 0});  // the spec's closing segment, mapped to .notdef
  const auto count = static_cast<uint32_t>(segments.size());
  uint32_t entry_selector = 0;  // floor(log2(count))
  while ((2u << entry_selector) <= count) ++entry_selector;
  const uint32_t search_range = 2u << entry_selector;
  std::string out;
  append_u16(out, 4);
  append_u16(out, 16 + 8 * count);  // length
  append_u16(out, 0);               // language
  append_u16(out, 2 * count);
  append_u16(out, search_range);
  append_u16(out, entry_selector);
  append_u16(out, 2 * count - search_range);
  for (const Segment& s : segments) append_u16(out, s.last);
  append_u16(out, 0);  // reservedPad
  for (const Segment& s : segments) append_u16(out, s.first);
  for (const Segment& s : segments) append_u16(out, (s.glyph - s.first) & 0xFFFF);  // idDelta, modulo 65536
  for (std::size_t i = 0; i < segments.size(); ++i) append_u16(out, 0);               // idRangeOffset: none
  return out;
}

// cmap subtable format 12 (segmented coverage) for all of `mapping`.
std::string format12(const Mapping& mapping) {
  const std::vector<Segment> groups = segments_of(mapping);
  std::string out;
  append_u16(out, 12);
  append_u16(out, 0);
  append_u32(out, static_cast<uint32_t>(16 + 12 * groups.size()));
  append_u32(out, 0);  // language
  append_u32(out, static_cast<uint32_t>(groups.size()));
  for (const Segment& g : groups) {
    append_u32(out, g.first);
    append_u32(out, g.last);
    append_u32(out, g.glyph);
  }
  return out;
}

// A cmap for Windows' Unicode encodings: BMP (3,1) always; full repertoire (3,10) as well
// when a character lies beyond the BMP.
std::string cmap_table(const Mapping& mapping) {
  const bool beyond_bmp = !mapping.empty() && mapping.back().first > 0xFFFF;
  std::vector<std::pair<uint32_t, std::string>> subtables{{1, format4(mapping)}};
  if (beyond_bmp) subtables.emplace_back(10, format12(mapping));
  std::string out;
  append_u16(out, 0);  // version
  append_u16(out, static_cast<uint32_t>(subtables.size()));
  uint32_t offset = static_cast<uint32_t>(4 + 8 * subtables.size());
  for (const auto& [encoding, data] : subtables) {
    append_u16(out, 3);  // Windows
    append_u16(out, encoding);
    append_u32(out, offset);
    offset += static_cast<uint32_t>(data.size());
  }
  for (const auto& subtable : subtables) out += subtable.second;
  return out;
}

char32_t character_for(std::size_t index) {
  if (index < kWebFontBmpCharacters) return kWebFontFirstCharacter + static_cast<char32_t>(index);
  return kWebFontPlane15 + static_cast<char32_t>(index - kWebFontBmpCharacters);
}

}  // namespace

std::vector<uint32_t> inked_glyphs(hb_font_t* font, std::vector<uint32_t> glyph_ids) {
  // A space, or an id the font does not have, has no extent. The .notdef glyph (0) counts as
  // none: a cmap that maps a character to glyph 0 says the font lacks it, and a browser
  // would draw that character from another font.
  std::erase_if(glyph_ids, [&](uint32_t id) {
    hb_glyph_extents_t extents{};
    return id == 0 || !hb_font_get_glyph_extents(font, id, &extents) || extents.width == 0 || extents.height == 0;
  });
  std::sort(glyph_ids.begin(), glyph_ids.end());
  glyph_ids.erase(std::unique(glyph_ids.begin(), glyph_ids.end()), glyph_ids.end());
  return glyph_ids;
}

namespace {

// `glyph_ids` of `face` (with .notdef) as a WOFF whose cmap is the one `mapping_of` makes from
// the subset: the tables a browser reads, less hinting and layout tables, its directory rebuilt.
// nullopt when the subset fails or cannot be read back (said in `diags`).
template <class MappingOf>
std::optional<std::string> woff_with_cmap(hb_face_t* face, const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                          MappingOf mapping_of, Diagnostics& diags) {
  std::optional<FontSubset> subset = subset_face(face, font, glyph_ids, {}, diags);
  if (!subset) return std::nullopt;
  std::optional<Sfnt> sfnt = read_sfnt(subset->data);
  if (!sfnt) {
    diags.error(font.where(), "HarfBuzz made a subset of font '" + font.path + "' that cannot be read",
                damaged_font_hints(font));
    return std::nullopt;
  }
  const Mapping mapping = mapping_of(*subset);
  if (mapping.empty()) return std::string();

  const std::string cmap = cmap_table(mapping);
  std::string os2;
  Sfnt web{sfnt->version, {{"cmap", cmap}}};
  for (const SfntTable& table : sfnt->tables) {
    if (std::find(std::begin(kWebTables), std::end(kWebTables), table.tag) == std::end(kWebTables)) continue;
    if (table.tag == "OS/2" && table.data.size() >= 68) {
      // usFirstCharIndex and usLastCharIndex: the characters the new cmap maps (0xFFFF at most).
      os2 = std::string(table.data);
      const uint32_t first = std::min<uint32_t>(mapping.front().first, 0xFFFF);
      const uint32_t last = std::min<uint32_t>(mapping.back().first, 0xFFFF);
      os2[64] = static_cast<char>(first >> 8);
      os2[65] = static_cast<char>(first);
      os2[66] = static_cast<char>(last >> 8);
      os2[67] = static_cast<char>(last);
      web.tables.push_back({table.tag, os2});
    } else {
      web.tables.push_back(table);
    }
  }
  return woff_from_sfnt(write_sfnt(web));
}

}  // namespace

std::optional<WebFont> make_web_font(hb_face_t* face, const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                     Diagnostics& diags) {
  WebFont out;
  if (glyph_ids.empty()) return out;
  // The i-th glyph kept, in subset order, is character i (glyph 0, .notdef, has none).
  std::optional<std::string> woff = woff_with_cmap(face, font, glyph_ids, [&](const FontSubset& subset) {
    std::vector<std::pair<uint32_t, uint32_t>> kept;  // subset id, original id
    for (uint32_t old_id : glyph_ids)
      if (const uint32_t new_id = subset.map(old_id); new_id != 0) kept.emplace_back(new_id, old_id);
    std::sort(kept.begin(), kept.end());
    Mapping mapping;
    for (std::size_t i = 0; i < kept.size(); ++i) {
      const char32_t character = character_for(i);
      mapping.emplace_back(character, kept[i].first);
      out.characters.emplace(kept[i].second, character);
    }
    return mapping;
  }, diags);
  if (!woff) return std::nullopt;
  out.woff = std::move(*woff);
  return out;
}

std::vector<char32_t> characters_in(hb_font_t* font, std::vector<char32_t> characters) {
  std::erase_if(characters, [&](char32_t c) {
    hb_codepoint_t glyph = 0;
    return !hb_font_get_nominal_glyph(font, c, &glyph) || glyph == 0;
  });
  std::sort(characters.begin(), characters.end());
  characters.erase(std::unique(characters.begin(), characters.end()), characters.end());
  return characters;
}

std::optional<TextWebFont> make_text_web_font(hb_face_t* face, hb_font_t* hb_font, const FontInfo& font,
                                              const std::vector<char32_t>& characters, Diagnostics& diags) {
  // Each character with its glyph by the font's own cmap (a space included: the browser then
  // spaces the text as the font does).
  std::vector<std::pair<char32_t, uint32_t>> found;  // character, original glyph id, by character
  std::vector<uint32_t> glyph_ids;
  for (char32_t c : characters) {
    hb_codepoint_t glyph = 0;
    if (!hb_font_get_nominal_glyph(hb_font, c, &glyph) || glyph == 0) continue;
    found.emplace_back(c, glyph);
    glyph_ids.push_back(glyph);
  }
  TextWebFont out;
  if (found.empty()) return out;
  std::sort(glyph_ids.begin(), glyph_ids.end());
  glyph_ids.erase(std::unique(glyph_ids.begin(), glyph_ids.end()), glyph_ids.end());
  std::optional<std::string> woff = woff_with_cmap(face, font, glyph_ids, [&](const FontSubset& subset) {
    Mapping mapping;
    for (const auto& [c, glyph] : found)
      if (const uint32_t new_id = subset.map(glyph); new_id != 0) {
        mapping.emplace_back(c, new_id);
        out.characters.push_back(c);
      }
    return mapping;
  }, diags);
  if (!woff) return std::nullopt;
  out.woff = std::move(*woff);
  if (out.woff.empty()) out.characters.clear();
  return out;
}

}  // namespace hanji::text::detail
