// Reading and writing the sfnt container (TrueType and OpenType files) table by table, and
// wrapping one as WOFF 1.0: for exporters that rebuild a subset font's table directory (the
// PDF keeps only the tables a viewer reads; the SVG adds a cmap of its own and compresses the
// font for the web). HarfBuzz reads the tables; writing them is the byte layouts the
// OpenType and WOFF specifications fix, which HarfBuzz does not write.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hanji::text {

/// One table of an sfnt: its four-letter tag and its bytes (a view; whoever holds the
/// tables keeps the bytes alive).
struct SfntTable {
  std::string tag;
  std::string_view data;
};

struct Sfnt {
  uint32_t version = 0x00010000;  // 0x00010000 (TrueType outlines) or 'OTTO' (CFF)
  std::vector<SfntTable> tables;  // in directory order
};

/// The OpenType checksum: the sum of the big-endian 32-bit words, the last one zero-padded.
uint32_t sfnt_checksum(std::string_view data);

/// The tables of `font` as HarfBuzz reads its directory, viewing into it (a table running
/// past the end is cut at the end); nullopt when it has none.
std::optional<Sfnt> read_sfnt(std::string_view font);

/// An sfnt file of `font`'s tables: sorted by tag, each starting on a 4-byte boundary and
/// zero-padded to the next, the directory's search fields and checksums computed, and the
/// head table's checkSumAdjustment set for the whole file (as the OpenType spec says).
std::string write_sfnt(const Sfnt& font);

/// `sfnt` (as write_sfnt makes it: tables in tag order, 4-byte aligned) wrapped as WOFF 1.0:
/// each table zlib-compressed, or stored as it is when compressing does not make it smaller;
/// no metadata or private block. Deterministic. `sfnt` that cannot be read gives "".
std::string woff_from_sfnt(std::string_view sfnt);

}  // namespace hanji::text
