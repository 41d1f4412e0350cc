#include "pdf/sfnt_program.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace hanji::pdf {
namespace {

constexpr std::size_t kHeaderSize = 12, kRecordSize = 16;

// What a viewer's TrueType rasteriser reads: the tables every TrueType font needs, the
// hinting programs when a font keeps them, and the informational OS/2, name and post.
constexpr std::string_view kEmbeddedTables[] = {"OS/2", "cvt ", "fpgm", "glyf", "head", "hhea",
                                                "hmtx", "loca", "maxp", "name", "post", "prep"};

uint32_t read_u32(std::string_view data, std::size_t at) {
  uint32_t value = 0;
  for (std::size_t i = 0; i < 4; ++i) value = value << 8 | static_cast<unsigned char>(data[at + i]);
  return value;
}

void put_u16(std::string& out, std::size_t at, uint32_t value) {
  out[at] = static_cast<char>(value >> 8);
  out[at + 1] = static_cast<char>(value);
}

void put_u32(std::string& out, std::size_t at, uint32_t value) {
  for (std::size_t i = 0; i < 4; ++i) out[at + i] = static_cast<char>(value >> (24 - 8 * i));
}

// The OpenType checksum: the sum of the big-endian 32-bit words, the last one zero-padded.
uint32_t checksum(std::string_view data) {
  uint32_t sum = 0;
  for (std::size_t at = 0; at < data.size(); at += 4) {
    uint32_t word = 0;
    for (std::size_t i = 0; i < 4; ++i)
      word = word << 8 | (at + i < data.size() ? static_cast<unsigned char>(data[at + i]) : 0u);
    sum += word;
  }
  return sum;
}

struct Table {
  std::string tag;
  std::string_view data;
};

}  // namespace

bool embedded_table(std::string_view tag) {
  for (std::string_view kept : kEmbeddedTables)
    if (tag == kept) return true;
  return false;
}

std::string pdf_font_program(std::string_view font) {
  if (font.size() < kHeaderSize) return std::string(font);
  const std::size_t count = static_cast<std::size_t>(static_cast<unsigned char>(font[4])) << 8 |
                            static_cast<unsigned char>(font[5]);
  if (font.size() < kHeaderSize + count * kRecordSize) return std::string(font);
  std::vector<Table> tables;
  bool dropped = false;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t record = kHeaderSize + i * kRecordSize;
    const std::size_t offset = read_u32(font, record + 8), length = read_u32(font, record + 12);
    if (offset > font.size() || length > font.size() - offset) return std::string(font);
    Table table{std::string(font.substr(record, 4)), font.substr(offset, length)};
    if (embedded_table(table.tag))
      tables.push_back(table);
    else
      dropped = true;
  }
  if (!dropped) return std::string(font);
  std::sort(tables.begin(), tables.end(), [](const Table& a, const Table& b) { return a.tag < b.tag; });
  const auto n = static_cast<uint32_t>(tables.size());
  uint32_t entry_selector = 0;
  while ((2u << entry_selector) <= n) ++entry_selector;
  const uint32_t search_range = (1u << entry_selector) * 16;
  std::string out(kHeaderSize + n * kRecordSize, '\0');
  out.replace(0, 4, font.substr(0, 4));  // sfnt version
  put_u16(out, 4, n);
  put_u16(out, 6, search_range);
  put_u16(out, 8, entry_selector);
  put_u16(out, 10, n * 16 - search_range);
  std::size_t head_at = std::string::npos;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const std::size_t record = kHeaderSize + i * kRecordSize;
    std::string data(tables[i].data);
    if (tables[i].tag == "head" && data.size() >= 12) {
      put_u32(data, 8, 0);  // checkSumAdjustment counts as 0 in every checksum
      head_at = out.size();
    }
    out.replace(record, 4, tables[i].tag);
    put_u32(out, record + 4, checksum(data));
    put_u32(out, record + 8, static_cast<uint32_t>(out.size()));
    put_u32(out, record + 12, static_cast<uint32_t>(data.size()));
    out += data;
    out.append((4 - out.size() % 4) % 4, '\0');
  }
  if (head_at != std::string::npos) put_u32(out, head_at + 8, 0xB1B0AFBA - checksum(out));
  return out;
}

}  // namespace hanji::pdf
