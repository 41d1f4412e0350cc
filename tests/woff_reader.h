// For tests of web fonts (the SVG's, the preview panel's): a WOFF 1.0 file checked as the spec
// requires and unwrapped to the sfnt a browser's decoder rebuilds, and an sfnt's table tags.
#pragma once

#include <gtest/gtest.h>
#include <libdeflate.h>

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "text/sfnt.h"

namespace hanji::text {

inline uint32_t be16(std::string_view data, std::size_t at) {
  return static_cast<uint32_t>(static_cast<unsigned char>(data[at])) << 8 | static_cast<unsigned char>(data[at + 1]);
}
inline uint32_t be32(std::string_view data, std::size_t at) { return be16(data, at) << 16 | be16(data, at + 2); }

// The sfnt a WOFF 1.0 file holds, as a browser's decoder rebuilds it, after checking what the
// spec requires of the WOFF: its signature, its length, each table within it, on a 4-byte
// boundary, compressed only when that made it smaller, inflating to its original length and
// checksum, tables in tag order, and totalSfntSize the size of the sfnt rebuilt.
inline std::string unwrap_woff(const std::string& woff) {
  EXPECT_GE(woff.size(), 44u);
  if (woff.size() < 44) return {};
  EXPECT_EQ(woff.substr(0, 4), "wOFF");
  EXPECT_EQ(be32(woff, 8), woff.size()) << "length";
  EXPECT_EQ(be16(woff, 14), 0u) << "reserved";
  for (std::size_t at : {24, 28, 32, 36, 40}) EXPECT_EQ(be32(woff, at), 0u) << "no metadata, no private block";
  const std::size_t count = be16(woff, 12);
  Sfnt sfnt;
  sfnt.version = be32(woff, 4);
  std::vector<std::string> tables(count);
  std::unique_ptr<libdeflate_decompressor, void (*)(libdeflate_decompressor*)> inflater(
      libdeflate_alloc_decompressor(), libdeflate_free_decompressor);
  std::size_t end_of_last = 44 + 20 * count;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t record = 44 + 20 * i;
    const std::string tag = woff.substr(record, 4);
    const std::size_t offset = be32(woff, record + 4), stored = be32(woff, record + 8), length = be32(woff, record + 12);
    EXPECT_EQ(offset % 4, 0u) << tag;
    EXPECT_GE(offset, end_of_last) << tag << ": tables overlap";
    EXPECT_LE(offset + stored, woff.size()) << tag;
    EXPECT_LE(stored, length) << tag;
    if (offset + stored > woff.size()) return {};
    end_of_last = offset + stored;
    if (i > 0) {
      EXPECT_LT(woff.substr(record - 20, 4), tag) << "tables in tag order";
    }
    if (stored == length) {
      tables[i] = woff.substr(offset, length);
    } else {
      tables[i].resize(length);
      std::size_t inflated = 0;
      EXPECT_EQ(libdeflate_zlib_decompress(inflater.get(), woff.data() + offset, stored, tables[i].data(), length, &inflated),
                LIBDEFLATE_SUCCESS) << tag;
      EXPECT_EQ(inflated, length) << tag;
    }
    std::string counted = tables[i];
    if (tag == "head") counted.replace(8, 4, 4, '\0');  // checkSumAdjustment counts as 0
    EXPECT_EQ(sfnt_checksum(counted), be32(woff, record + 16)) << tag << ": origChecksum";
    sfnt.tables.push_back({tag, tables[i]});
  }
  EXPECT_EQ(woff.size() % 4, 0u) << "the last table padded too";
  const std::string rebuilt = write_sfnt(sfnt);
  EXPECT_EQ(be32(woff, 16), rebuilt.size()) << "totalSfntSize";
  EXPECT_EQ(sfnt_checksum(rebuilt), 0xB1B0AFBAu) << "head.checkSumAdjustment";
  return rebuilt;
}

inline std::set<std::string> tags_of(const std::string& sfnt) {
  std::set<std::string> tags;
  if (std::optional<Sfnt> read = read_sfnt(sfnt))
    for (const SfntTable& table : read->tables) tags.insert(table.tag);
  return tags;
}

}  // namespace hanji::text
