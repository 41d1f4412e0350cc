// Font subsetting for the PDF writer (and the SVG's web fonts): hb-subset keeps only the
// glyphs a document draws, renumbered, without hinting (PDF viewers do not need it), which
// makes an embedded NanumBarunGothic a few KB instead of 100+ KB.
#include <algorithm>
#include <string_view>

#include "text/font_service.h"
#include "text/font_blob.h"
#include "text/hb_handles.h"

namespace hanji::text {

uint32_t FontSubset::map(uint32_t old_id) const {
  auto it = std::lower_bound(old_ids.begin(), old_ids.end(), old_id);
  if (it == old_ids.end() || *it != old_id) return 0;
  return new_ids[static_cast<size_t>(it - old_ids.begin())];
}

// The tables of `face` but its cmap, which reads as empty.
static hb_blob_t* table_but_cmap(hb_face_t*, hb_tag_t tag, void* face) {
  if (tag == HB_TAG('c', 'm', 'a', 'p')) return hb_blob_get_empty();
  return hb_face_reference_table(static_cast<hb_face_t*>(face), tag);
}

static hb_face_t* face_without_cmap(hb_face_t* face) {
  return hb_face_create_for_tables(table_but_cmap, hb_face_reference(face),
                                   [](void* data) { hb_face_destroy(static_cast<hb_face_t*>(data)); });
}

namespace detail {

std::string truncated_table(hb_blob_t* blob) {
  unsigned int size = 0;
  const char* data = hb_blob_get_data(blob, &size);
  auto byte = [&](unsigned at) { return static_cast<unsigned>(static_cast<unsigned char>(data[at])); };
  auto u16 = [&](unsigned at) { return byte(at) << 8 | byte(at + 1); };
  auto u32 = [&](unsigned at) { return u16(at) << 16 | u16(at + 2); };
  constexpr unsigned kHeader = 12, kRecord = 16;
  if (size < kHeader || size < kHeader + u16(4) * kRecord) return "table directory";
  const unsigned count = u16(4);
  for (unsigned i = 0; i < count; ++i) {
    const unsigned record = kHeader + i * kRecord;
    const unsigned offset = u32(record + 8), length = u32(record + 12);
    const std::string_view tag(data + record, 4);
    constexpr std::string_view kRead[] = {"glyf", "loca", "head", "hhea", "hmtx", "maxp", "OS/2", "name", "post", "cmap"};
    const bool read = std::find(std::begin(kRead), std::end(kRead), tag) != std::end(kRead);
    if (read && (offset > size || length > size - offset)) return "'" + std::string(tag) + "' table";
  }
  return "";
}

static std::string read_postscript_name(hb_face_t* face) {
  char buf[256];
  unsigned int len = sizeof buf;
  unsigned int n = hb_ot_name_get_utf8(face, HB_OT_NAME_ID_POSTSCRIPT_NAME, HB_LANGUAGE_INVALID, &len, buf);
  return n > 0 ? std::string(buf, len) : std::string();
}

std::vector<std::string> damaged_font_hints(const FontInfo& font) {
  return {"the font file '" + font.path + "' may be damaged: use another copy of it, or another TrueType font"};
}

std::optional<FontSubset> subset_face(hb_face_t* face, const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                      const std::vector<char32_t>& code_points, Diagnostics& diags) {
  const Span where = font.where();
  const std::vector<std::string> hints = damaged_font_hints(font);
  SubsetInput input(hb_subset_input_create_or_fail());
  if (!input) {
    diags.error(where, "out of memory while subsetting font '" + font.path + "'");
    return std::nullopt;
  }
  // A caller that names glyph ids draws them by id (the PDF's CIDToGIDMap /Identity): the
  // ids alone choose the glyphs, and the subset needs no cmap. hb-subset 6.0 walks the whole
  // cmap whenever glyph ids are asked for (20,000 entries in a Korean font, a few million
  // instructions per font), so it is given the font without one. A caller that names only
  // characters (libharu's public API) finds its glyphs through the cmap, which it keeps.
  // Glyph 0 (.notdef) is always kept.
  const bool by_glyph_id = !glyph_ids.empty();
  Face source(by_glyph_id ? face_without_cmap(face) : hb_face_reference(face));
  if (by_glyph_id) {
    hb_set_t* glyphs = hb_subset_input_glyph_set(input.get());
    for (uint32_t g : glyph_ids) hb_set_add(glyphs, g);
  } else {
    hb_set_t* unicodes = hb_subset_input_unicode_set(input.get());
    for (char32_t c : code_points) hb_set_add(unicodes, static_cast<hb_codepoint_t>(c));
  }
  hb_subset_input_set_flags(input.get(), HB_SUBSET_FLAGS_NO_HINTING);
  // The PDF draws positioned glyph ids, so the layout tables (already applied by shaping)
  // are dead weight, and subsetting them first costs more than the rest of the subset (the
  // GSUB/GPOS closure). The others are for hinting, vertical text, colour, variations or
  // bitmaps, none of which a PDF's embedded TrueType program uses.
  hb_set_t* dropped = hb_subset_input_set(input.get(), HB_SUBSET_SETS_DROP_TABLE_TAG);
  for (const char* tag : {"GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "DSIG", "vhea", "vmtx", "VORG",
                          "gasp", "hdmx", "VDMX", "LTSH", "PCLT", "meta", "STAT", "fvar", "avar", "gvar", "cvar",
                          "HVAR", "VVAR", "MVAR", "COLR", "CPAL", "SVG ", "CBDT", "CBLC", "sbix"})
    hb_set_add(dropped, hb_tag_from_string(tag, -1));
  SubsetPlan plan(hb_subset_plan_create_or_fail(source.get(), input.get()));
  if (!plan) {
    diags.error(where, "HarfBuzz could not plan a subset of font '" + font.path + "'", hints);
    return std::nullopt;
  }
  Face subset(hb_subset_plan_execute_or_fail(plan.get()));
  if (!subset) {
    diags.error(where, "HarfBuzz could not subset font '" + font.path + "'", hints);
    return std::nullopt;
  }

  FontSubset out;
  // The plan may keep more glyphs (composite components); only the requested ones are looked up.
  const hb_map_t* mapping = hb_subset_plan_old_to_new_glyph_mapping(plan.get());
  std::vector<uint32_t> wanted(glyph_ids);
  wanted.push_back(0);
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  for (uint32_t old_id : wanted) {
    hb_codepoint_t new_id = hb_map_get(mapping, old_id);
    if (new_id == HB_MAP_VALUE_INVALID) continue;  // not in the font
    out.old_ids.push_back(old_id);
    out.new_ids.push_back(new_id);
  }

  Blob data(hb_face_reference_blob(subset.get()));
  unsigned int length = 0;
  const char* bytes = hb_blob_get_data(data.get(), &length);
  out.data.assign(bytes, length);
  out.postscript_name = read_postscript_name(face);
  out.units_per_em = static_cast<int>(hb_face_get_upem(face));
  return out;
}

}  // namespace detail

namespace detail {

std::optional<FontSubset> subset_opened(const OpenedFont& opened, const FontInfo& font,
                                        const std::vector<uint32_t>& glyph_ids, const std::vector<char32_t>& code_points,
                                        Diagnostics& diags) {
  // HarfBuzz would subset a cut file as if its missing glyphs were empty.
  if (const std::string table = truncated_table(opened.blob.get()); !table.empty()) {
    diags.error(font.where(), "font file '" + font.path + "' is cut short: its " + table + " runs past the end",
                damaged_font_hints(font));
    return std::nullopt;
  }
  return subset_face(opened.face.get(), font, glyph_ids, code_points, diags);
}

}  // namespace detail

std::optional<FontSubset> subset_font(const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                      const std::vector<char32_t>& code_points, Diagnostics& diags) {
  // A service of its own: the file opened for this subset alone.
  FontService once;
  std::string error;
  std::shared_ptr<const detail::OpenedFont> opened = once.open(font.path, error);
  if (!opened) {
    diags.error(font.where(), "font file '" + font.path + "' " + error, detail::damaged_font_hints(font));
    return std::nullopt;
  }
  return detail::subset_opened(*opened, font, glyph_ids, code_points, diags);
}

}  // namespace hanji::text
