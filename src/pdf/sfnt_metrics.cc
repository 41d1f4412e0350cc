#include "pdf/sfnt_metrics.h"

#include <cstddef>

namespace hanji::pdf {
namespace {

uint32_t read_u16(std::string_view data, std::size_t at) {
  auto byte = [&](std::size_t i) { return static_cast<uint32_t>(static_cast<unsigned char>(data[i])); };
  return byte(at) << 8 | byte(at + 1);
}

uint32_t read_u32(std::string_view data, std::size_t at) {
  return read_u16(data, at) << 16 | read_u16(data, at + 2);
}

int read_i16(std::string_view data, std::size_t at) { return static_cast<int16_t>(read_u16(data, at)); }

// Font units to thousandths of an em, truncated toward zero like C's integer division.
int per_mille(int units, int units_per_em) { return units * 1000 / units_per_em; }

// The bytes of table `tag` (e.g. "hmtx"), or an empty view if absent or out of bounds.
std::string_view find_table(std::string_view font, std::string_view tag) {
  constexpr std::size_t kDirectoryHeader = 12, kRecordSize = 16;
  if (font.size() < kDirectoryHeader) return {};
  std::size_t count = read_u16(font, 4);
  if (font.size() < kDirectoryHeader + count * kRecordSize) return {};
  for (std::size_t i = 0; i < count; ++i) {
    std::size_t record = kDirectoryHeader + i * kRecordSize;
    if (font.substr(record, 4) != tag) continue;
    std::size_t offset = read_u32(font, record + 8), length = read_u32(font, record + 12);
    if (offset > font.size() || length > font.size() - offset) return {};
    return font.substr(offset, length);
  }
  return {};
}

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
  std::string_view head = find_table(font, "head");
  std::string_view hhea = find_table(font, "hhea");
  constexpr std::size_t kHeadSize = 54, kHheaDescenderEnd = 8;
  if (head.size() < kHeadSize || hhea.size() < kHheaDescenderEnd) return std::nullopt;
  FontFacts facts;
  facts.units_per_em = static_cast<int>(read_u16(head, 18));
  if (facts.units_per_em == 0) return std::nullopt;
  const int em = facts.units_per_em;
  facts.x_min = per_mille(read_i16(head, 36), em);
  facts.y_min = per_mille(read_i16(head, 38), em);
  facts.x_max = per_mille(read_i16(head, 40), em);
  facts.y_max = per_mille(read_i16(head, 42), em);
  const uint32_t mac_style = read_u16(head, 44);
  facts.bold = (mac_style & 1) != 0;
  facts.italic = (mac_style & 2) != 0;
  facts.ascent = per_mille(read_i16(hhea, 4), em);
  facts.descent = per_mille(read_i16(hhea, 6), em);
  std::string_view os2 = find_table(font, "OS/2");
  if (os2.size() >= 32) {
    facts.embedding = static_cast<uint16_t>(read_u16(os2, 8));
    facts.family_class = static_cast<unsigned char>(os2[30]);
  }
  facts.has_outlines = !find_table(font, "glyf").empty() && !find_table(font, "loca").empty();
  return facts;
}

int glyph_top(std::string_view font, uint32_t id, int units_per_em) {
  std::string_view head = find_table(font, "head");
  std::string_view loca = find_table(font, "loca");
  std::string_view glyf = find_table(font, "glyf");
  constexpr std::size_t kLocaFormatAt = 50, kGlyphHeaderSize = 10, kYMaxAt = 8;
  if (head.size() < kLocaFormatAt + 2 || units_per_em <= 0) return 0;
  const bool long_offsets = read_u16(head, kLocaFormatAt) != 0;
  const std::size_t entry = long_offsets ? 4 : 2;
  if (loca.size() < (std::size_t{id} + 2) * entry) return 0;
  const std::size_t begin = long_offsets ? read_u32(loca, id * entry) : 2 * std::size_t{read_u16(loca, id * entry)};
  const std::size_t end =
      long_offsets ? read_u32(loca, (id + 1) * entry) : 2 * std::size_t{read_u16(loca, (id + 1) * entry)};
  if (end < begin + kGlyphHeaderSize || end > glyf.size()) return 0;  // no outline
  return per_mille(read_i16(glyf, begin + kYMaxAt), units_per_em);
}

double HorizontalMetrics::per_mille(uint32_t id) const {
  if (advances.empty() || units_per_em <= 0) return 0;
  uint16_t advance = id < advances.size() ? advances[id] : advances.back();
  return advance * 1000.0 / units_per_em;
}

std::optional<HorizontalMetrics> read_horizontal_metrics(std::string_view font) {
  std::string_view head = find_table(font, "head");
  std::string_view hhea = find_table(font, "hhea");
  std::string_view hmtx = find_table(font, "hmtx");
  constexpr std::size_t kUnitsPerEmAt = 18, kMetricCountAt = 34, kHorMetricSize = 4;
  if (head.size() < kUnitsPerEmAt + 2 || hhea.size() < kMetricCountAt + 2) return std::nullopt;

  HorizontalMetrics metrics;
  metrics.units_per_em = static_cast<int>(read_u16(head, kUnitsPerEmAt));
  std::size_t count = read_u16(hhea, kMetricCountAt);
  if (metrics.units_per_em == 0 || count == 0 || hmtx.size() < count * kHorMetricSize) return std::nullopt;
  metrics.advances.reserve(count);
  for (std::size_t i = 0; i < count; ++i)
    metrics.advances.push_back(static_cast<uint16_t>(read_u16(hmtx, i * kHorMetricSize)));
  return metrics;
}

}  // namespace hanji::pdf
