#include "text/font_store.h"

#include <hb-ot.h>

#include <cmath>
#include <cstdint>
#include <utility>

#include "text/font_blob.h"

namespace hanji::text::detail {

namespace {

std::string postscript_name(hb_face_t* face) {
  char buf[256];
  unsigned int len = sizeof buf;
  unsigned int total = hb_ot_name_get_utf8(face, HB_OT_NAME_ID_POSTSCRIPT_NAME, HB_LANGUAGE_INVALID, &len, buf);
  return total > 0 ? std::string(buf, len) : std::string();
}

/// hhea's ascender and descender (`descender` positive below the baseline) in ems, truncated
/// to thousandths as the PDF's font descriptor declares them; Lato's where hhea is short.
std::pair<double, double> declared_ascent_descent(hb_face_t* face, unsigned int units_per_em) {
  hb_blob_t* hhea = hb_face_reference_table(face, HB_TAG('h', 'h', 'e', 'a'));
  unsigned int length = 0;
  const char* data = hb_blob_get_data(hhea, &length);
  std::pair<double, double> extent{0.987, 0.213};
  constexpr unsigned int kDescenderEnd = 8;
  if (data && length >= kDescenderEnd) {
    const auto i16 = [&](unsigned int at) {
      return static_cast<int16_t>((static_cast<uint8_t>(data[at]) << 8) | static_cast<uint8_t>(data[at + 1]));
    };
    const auto thousandths = [&](int units) { return std::trunc(units * 1000.0 / units_per_em) / 1000.0; };
    extent = {thousandths(i16(4)), -thousandths(i16(6))};
  }
  hb_blob_destroy(hhea);
  return extent;
}

}  // namespace

// The tables hanji reads (cmap, hmtx) and embeds (glyf, loca and the rest of a TrueType
// font): a file without one of them, or with a nonsensical units-per-em, is damaged.
const char* missing_table(hb_face_t* face) {
  for (const char* tag : {"head", "hhea", "hmtx", "maxp", "cmap", "glyf", "loca"}) {
    hb_blob_t* table = hb_face_reference_table(face, hb_tag_from_string(tag, 4));
    const unsigned int length = hb_blob_get_length(table);
    hb_blob_destroy(table);
    if (length == 0) return tag;
  }
  return nullptr;
}

Span FontStore::origin_of(const std::string& path) const {
  auto it = origins_.find(path);
  return it != origins_.end() ? it->second : Span{path, 0, 0};
}

std::optional<int> FontStore::load(const std::string& path) {
  if (path.empty()) return std::nullopt;
  if (auto it = index_of_.find(path); it != index_of_.end()) {
    if (it->second < 0) return std::nullopt;
    return it->second;
  }
  const Span origin = origin_of(path);
  std::string error;
  std::shared_ptr<const OpenedFont> opened = service_->open(path, error);
  if (!opened) {
    diags_->error(origin, "font file '" + path + "' " + error,
                 {"check the file exists and is readable, or change the font in the layout's fonts: section"});
    index_of_[path] = -1;
    return std::nullopt;
  }
  hb_face_t* face = opened->face.get();
  const unsigned int units_per_em = hb_face_get_upem(face);
  if (hb_face_get_glyph_count(face) == 0) {
    diags_->error(origin, "'" + path + "' is not a TrueType/OpenType font",
                 {"use a .ttf file (glyf outlines) in the layout's fonts: section"});
    index_of_[path] = -1;
    return std::nullopt;
  }
  if (const char* table = missing_table(face); table || units_per_em < 16 || units_per_em > 16384) {
    diags_->error(origin,
                 "font '" + path + "' is damaged: " +
                     (table ? "it has no '" + std::string(table) + "' table" : std::string("its units per em are impossible")),
                 {"use another copy of the font, or another TrueType (.ttf) font"});
    index_of_[path] = -1;
    return std::nullopt;
  }
  const int index = static_cast<int>(infos_.size());
  const auto [ascent, descent] = declared_ascent_descent(face, units_per_em);
  infos_.push_back(FontInfo{path, postscript_name(face), static_cast<int>(units_per_em), origin, ascent, descent});
  entries_.push_back(Entry{std::move(opened), {}, {}});
  index_of_[path] = index;
  return index;
}

bool FontStore::still_valid() const {
  for (const auto& [path, index] : index_of_)
    if (index < 0 || file_stamp(path) != entries_[static_cast<size_t>(index)].opened->stamp) return false;
  return true;
}

std::optional<uint32_t> FontStore::glyph_of(int font, char32_t c) {
  if (c > 0x10FFFF) return std::nullopt;  // no font maps it (and the memo's pages stop at Unicode's end)
  Entry& entry = entries_[static_cast<size_t>(font)];
  const uint32_t known = entry.glyphs.get(static_cast<uint32_t>(c), [&] {
    hb_codepoint_t glyph = 0;
    return hb_font_get_nominal_glyph(entry.opened->font.get(), static_cast<hb_codepoint_t>(c), &glyph) ? glyph + 1 : kNoGlyph;
  });
  if (known == kNoGlyph) return std::nullopt;
  return known - 1;
}

int32_t FontStore::advance(int font, uint32_t glyph) {
  Entry& entry = entries_[static_cast<size_t>(font)];
  return entry.advances.get(glyph, [&] { return static_cast<int32_t>(hb_font_get_glyph_h_advance(entry.opened->font.get(), glyph)); });
}

double FontStore::advance_em(int font, char32_t c) {
  const std::optional<uint32_t> glyph = glyph_of(font, c);
  if (!glyph) return 0;
  return static_cast<double>(advance(font, *glyph)) / units_per_em(font);
}

}  // namespace hanji::text::detail
