#include "text/sfnt.h"

#include <libdeflate.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "text/hb_handles.h"

namespace hanji::text {
namespace {

constexpr std::size_t kSfntHeader = 12, kSfntRecord = 16;
constexpr std::size_t kWoffHeader = 44, kWoffRecord = 20;

uint32_t read_u16(std::string_view data, std::size_t at) {
  return static_cast<uint32_t>(static_cast<unsigned char>(data[at])) << 8 | static_cast<unsigned char>(data[at + 1]);
}

uint32_t read_u32(std::string_view data, std::size_t at) { return read_u16(data, at) << 16 | read_u16(data, at + 2); }

void put_u16(std::string& out, std::size_t at, uint32_t value) {
  out[at] = static_cast<char>(value >> 8);
  out[at + 1] = static_cast<char>(value);
}

void put_u32(std::string& out, std::size_t at, uint32_t value) {
  for (std::size_t i = 0; i < 4; ++i) out[at + i] = static_cast<char>(value >> (24 - 8 * i));
}

std::size_t padded(std::size_t length) { return (length + 3) & ~std::size_t{3}; }

struct CompressorDeleter {
  void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

}  // namespace

uint32_t sfnt_checksum(std::string_view data) {
  uint32_t sum = 0;
  for (std::size_t at = 0; at < data.size(); at += 4) {
    uint32_t word = 0;
    for (std::size_t i = 0; i < 4; ++i)
      word = word << 8 | (at + i < data.size() ? static_cast<unsigned char>(data[at + i]) : 0u);
    sum += word;
  }
  return sum;
}

std::optional<Sfnt> read_sfnt(std::string_view font) {
  // HarfBuzz reads the table directory; the version is the file's first four bytes.
  if (font.size() < kSfntHeader) return std::nullopt;
  detail::Blob blob(hb_blob_create(font.data(), static_cast<unsigned int>(font.size()), HB_MEMORY_MODE_READONLY,
                                   nullptr, nullptr));
  detail::Face face(hb_face_create(blob.get(), 0));
  const unsigned int count = hb_face_get_table_tags(face.get(), 0, nullptr, nullptr);
  if (count == 0) return std::nullopt;
  std::vector<hb_tag_t> tags(count);
  unsigned int asked = count;
  hb_face_get_table_tags(face.get(), 0, &asked, tags.data());
  Sfnt out;
  out.version = read_u32(font, 0);
  for (hb_tag_t tag : tags) {
    char name[4];
    hb_tag_to_string(tag, name);
    detail::Blob table(hb_face_reference_table(face.get(), tag));
    unsigned int length = 0;
    const char* data = hb_blob_get_data(table.get(), &length);
    out.tables.push_back({std::string(name, 4), data ? std::string_view(data, length) : std::string_view()});
  }
  return out;
}

std::string write_sfnt(const Sfnt& font) {
  std::vector<SfntTable> tables = font.tables;
  std::sort(tables.begin(), tables.end(), [](const SfntTable& a, const SfntTable& b) { return a.tag < b.tag; });
  const auto n = static_cast<uint32_t>(tables.size());
  uint32_t entry_selector = 0;  // floor(log2(n))
  while ((2u << entry_selector) <= n) ++entry_selector;
  const uint32_t search_range = (1u << entry_selector) * 16;
  std::string out(kSfntHeader + n * kSfntRecord, '\0');
  put_u32(out, 0, font.version);
  put_u16(out, 4, n);
  put_u16(out, 6, search_range);
  put_u16(out, 8, entry_selector);
  put_u16(out, 10, n * 16 - search_range);
  std::size_t head_at = std::string::npos;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const std::size_t record = kSfntHeader + i * kSfntRecord;
    std::string data(tables[i].data);
    if (tables[i].tag == "head" && data.size() >= 12) {
      put_u32(data, 8, 0);  // checkSumAdjustment counts as 0 in every checksum
      head_at = out.size();
    }
    out.replace(record, 4, (tables[i].tag + "    ").substr(0, 4));
    put_u32(out, record + 4, sfnt_checksum(data));
    put_u32(out, record + 8, static_cast<uint32_t>(out.size()));
    put_u32(out, record + 12, static_cast<uint32_t>(data.size()));
    out += data;
    out.resize(padded(out.size()), '\0');
  }
  if (head_at != std::string::npos) put_u32(out, head_at + 8, 0xB1B0AFBA - sfnt_checksum(out));
  return out;
}

std::string woff_from_sfnt(std::string_view sfnt) {
  const std::optional<Sfnt> font = read_sfnt(sfnt);
  if (!font) return {};
  const std::size_t n = font->tables.size();
  std::string out(kWoffHeader + n * kWoffRecord, '\0');
  // Level 9: within half a percent of level 12 (the smallest) on a page's fonts, at half the
  // time, which a live preview writing pages on every save notices.
  const std::unique_ptr<libdeflate_compressor, CompressorDeleter> compressor(libdeflate_alloc_compressor(9));
  std::size_t total_sfnt_size = kSfntHeader + n * kSfntRecord;
  for (std::size_t i = 0; i < n; ++i) {
    const SfntTable& table = font->tables[i];
    const std::size_t record = kWoffHeader + i * kWoffRecord;
    std::string stored;
    if (compressor) {
      stored.resize(libdeflate_zlib_compress_bound(compressor.get(), table.data.size()));
      stored.resize(libdeflate_zlib_compress(compressor.get(), table.data.data(), table.data.size(), stored.data(),
                                             stored.size()));
    }
    // The spec: a table that does not shrink is stored as it is (compLength == origLength).
    if (stored.empty() || stored.size() >= table.data.size()) stored = std::string(table.data);
    out.replace(record, 4, (table.tag + "    ").substr(0, 4));
    put_u32(out, record + 4, static_cast<uint32_t>(out.size()));
    put_u32(out, record + 8, static_cast<uint32_t>(stored.size()));
    put_u32(out, record + 12, static_cast<uint32_t>(table.data.size()));
    // The checksum the sfnt's directory holds (head's counted with checkSumAdjustment 0).
    put_u32(out, record + 16, read_u32(sfnt, kSfntHeader + i * kSfntRecord + 4));
    out += stored;
    out.resize(padded(out.size()), '\0');
    total_sfnt_size += padded(table.data.size());
  }
  put_u32(out, 0, 0x774F4646);  // 'wOFF'
  put_u32(out, 4, font->version);
  put_u32(out, 8, static_cast<uint32_t>(out.size()));
  put_u16(out, 12, static_cast<uint32_t>(n));
  put_u32(out, 16, static_cast<uint32_t>(total_sfnt_size));
  put_u16(out, 20, 1);  // the font's version, 1.0: informational
  // metadata and private blocks: none (offsets and lengths 0)
  return out;
}

}  // namespace hanji::text
