// text/font_tables.h: a font's tables as HarfBuzz reads them (it checks the table directory
// and each table's bounds), their fields read from the table blobs it gives.
#include "text/font_tables.h"

#include <algorithm>
#include <cstddef>

#include "text/font_blob.h"
#include "text/hb_handles.h"

namespace hanji::text {
namespace {

using detail::Blob;
using detail::Face;
using detail::Font;

// A face over `font`'s bytes, read in place (the bytes outlive it).
Face face_of(std::string_view font) {
  Blob blob(hb_blob_create(font.data(), static_cast<unsigned int>(font.size()), HB_MEMORY_MODE_READONLY, nullptr,
                           nullptr));
  return Face(hb_face_create(blob.get(), 0));
}

// Table `tag` of `face` as HarfBuzz gives it: empty when absent or out of the file's bounds.
struct Table {
  Table(hb_face_t* face, const char* tag) : blob(hb_face_reference_table(face, hb_tag_from_string(tag, 4))) {
    unsigned int length = 0;
    const char* data = hb_blob_get_data(blob.get(), &length);
    bytes = std::string_view(data ? data : "", data ? length : 0);
  }
  std::size_t size() const { return bytes.size(); }
  uint32_t u16(std::size_t at) const {
    auto byte = [&](std::size_t i) { return static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])); };
    return byte(at) << 8 | byte(at + 1);
  }
  int i16(std::size_t at) const { return static_cast<int16_t>(u16(at)); }
  Blob blob;
  std::string_view bytes;
};

// Font units to thousandths of an em, truncated toward zero like C's integer division.
int per_mille(int units, int units_per_em) { return units * 1000 / units_per_em; }

}  // namespace

int FontFacts::descriptor_flags() const {
  constexpr int kSerif = 1 << 1, kSymbolic = 1 << 2, kScript = 1 << 3, kNonsymbolic = 1 << 5, kItalic = 1 << 6,
                kForceBold = 1 << 18;
  int flags = kNonsymbolic;
  if ((family_class >= 1 && family_class <= 5) || family_class == 7) flags |= kSerif;
  if (family_class == 10) flags |= kScript;
  if (family_class == 12) flags |= kSymbolic;
  if (italic) flags |= kItalic;
  if (bold) flags |= kForceBold;
  return flags;
}

// Restricted licence (bit 1), no subsetting (bit 8), bitmap embedding only (bit 9).
bool FontFacts::embeddable() const { return (embedding & 0x0302) == 0; }

std::optional<FontFacts> read_font_facts(std::string_view font) {
  const Face face = face_of(font);
  const Table head(face.get(), "head"), hhea(face.get(), "hhea");
  constexpr std::size_t kHeadSize = 54, kHheaDescenderEnd = 8;
  if (head.size() < kHeadSize || hhea.size() < kHheaDescenderEnd) return std::nullopt;
  FontFacts facts;
  // head's own unitsPerEm (hb_face_get_upem would give 1000 for an impossible one).
  facts.units_per_em = static_cast<int>(head.u16(18));
  if (facts.units_per_em == 0) return std::nullopt;
  const int em = facts.units_per_em;
  facts.x_min = per_mille(head.i16(36), em);
  facts.y_min = per_mille(head.i16(38), em);
  facts.x_max = per_mille(head.i16(40), em);
  facts.y_max = per_mille(head.i16(42), em);
  const uint32_t mac_style = head.u16(44);
  facts.bold = (mac_style & 1) != 0;
  facts.italic = (mac_style & 2) != 0;
  // hhea's, not hb_ot_metrics' ascender (which prefers OS/2's typographic one when the font says so).
  facts.ascent = per_mille(hhea.i16(4), em);
  facts.descent = per_mille(hhea.i16(6), em);
  if (const Table os2(face.get(), "OS/2"); os2.size() >= 32) {
    facts.embedding = static_cast<uint16_t>(os2.u16(8));
    facts.family_class = static_cast<unsigned char>(os2.bytes[30]);
  }
  facts.has_outlines = Table(face.get(), "glyf").size() > 0 && Table(face.get(), "loca").size() > 0;
  return facts;
}

int glyph_top(std::string_view font, uint32_t id, int units_per_em) {
  if (units_per_em <= 0) return 0;
  const Face face = face_of(font);
  if (id >= hb_face_get_glyph_count(face.get())) return 0;
  const Font drawn(hb_font_create(face.get()));  // at its units per em: extents in font units
  hb_glyph_extents_t extents{};
  // A glyph without an outline (a space) has no extents.
  if (!hb_font_get_glyph_extents(drawn.get(), id, &extents) || (extents.width == 0 && extents.height == 0)) return 0;
  return per_mille(extents.y_bearing, units_per_em);
}

std::optional<FontFileFacts> font_file_facts(const std::string& path) {
  std::string error;
  const Blob blob = detail::font_blob(path, error);
  if (!blob) return std::nullopt;
  unsigned int size = 0;
  const char* data = hb_blob_get_data(blob.get(), &size);
  const std::string_view magic(data ? data : "", data ? std::min(size, 4u) : 0);
  FontFileFacts facts;
  facts.truetype = magic == std::string_view("\0\1\0\0", 4) || magic == "true";
  if (!facts.truetype && magic != "OTTO") return std::nullopt;  // a collection or a web font
  const Face face(hb_face_create(blob.get(), 0));
  unsigned int count = 0;
  const hb_ot_name_entry_t* entries = hb_ot_name_list_names(face.get(), &count);
  for (unsigned int i = 0; i < count; ++i) {
    const hb_ot_name_id_t id = entries[i].name_id;
    if (id != HB_OT_NAME_ID_FONT_FAMILY && id != HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY) continue;
    char name[256];
    unsigned int length = sizeof name;
    if (hb_ot_name_get_utf8(face.get(), id, entries[i].language, &length, name) == 0) continue;
    std::string family(name, length);
    if (std::find(facts.families.begin(), facts.families.end(), family) == facts.families.end())
      facts.families.push_back(std::move(family));
  }
  const Table os2(face.get(), "OS/2"), head(face.get(), "head");
  const uint32_t mac_style = head.size() >= 46 ? head.u16(44) : 0;
  const uint32_t selection = os2.size() >= 64 ? os2.u16(62) : 0;
  facts.italic = (selection & 0x201) != 0 || (mac_style & 2) != 0;  // italic or oblique
  facts.weight = os2.size() >= 6 ? static_cast<int>(os2.u16(4)) : 0;
  if (facts.weight == 0) facts.weight = (mac_style & 1) ? 700 : 400;
  return facts;
}

double HorizontalMetrics::per_mille(uint32_t id) const {
  if (advances.empty() || units_per_em <= 0) return 0;
  uint16_t advance = id < advances.size() ? advances[id] : advances.back();
  return advance * 1000.0 / units_per_em;
}

std::optional<HorizontalMetrics> read_horizontal_metrics(std::string_view font) {
  const Face face = face_of(font);
  const Table head(face.get(), "head"), hhea(face.get(), "hhea"), hmtx(face.get(), "hmtx");
  constexpr std::size_t kUnitsPerEmAt = 18, kMetricCountAt = 34, kHorMetricSize = 4;
  if (head.size() < kUnitsPerEmAt + 2 || hhea.size() < kMetricCountAt + 2) return std::nullopt;
  HorizontalMetrics metrics;
  metrics.units_per_em = static_cast<int>(head.u16(kUnitsPerEmAt));
  const std::size_t count = hhea.u16(kMetricCountAt);
  if (metrics.units_per_em == 0 || count == 0 || hmtx.size() < count * kHorMetricSize) return std::nullopt;
  metrics.advances.reserve(count);
  for (std::size_t i = 0; i < count; ++i) metrics.advances.push_back(static_cast<uint16_t>(hmtx.u16(i * kHorMetricSize)));
  return metrics;
}

}  // namespace hanji::text
