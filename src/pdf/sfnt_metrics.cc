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
