// png_essentials: the PNG handed to libharu, reduced to what it uses and, for images of
// fewer than 8 bits per pixel, unpacked to 8 bits. (Its reduction, png_downsampled, is in
// image/reduced_copy.h: the PNG pages use it too.)
#include <zlib.h>

#include <algorithm>
#include <vector>

#include "export/pdf/png_check.h"
#include "image/png_format.h"

namespace hanji::pdf {

namespace png = image::png;
namespace {

// One 8-bit row (filter byte 0, then a byte per pixel) from a row of packed samples: grey
// levels are scaled to 0..255, palette indices stay what they are.
void append_unpacked(std::string& out, const std::vector<unsigned char>& row, const png::Header& header) {
  const unsigned depth = static_cast<unsigned>(header.depth), mask = (1U << depth) - 1;
  const unsigned scale = header.color_type == 0 ? 255 / mask : 1;
  out += '\0';
  for (uint64_t x = 0; x < header.width; ++x) {
    uint64_t bit = x * depth;
    unsigned sample = (row[bit / 8] >> (8 - depth - bit % 8)) & mask;
    out += static_cast<char>(sample * scale);
  }
}

// libpng leaves the padding bits at the end of a packed row as they were in the buffer it
// writes into; libharu's buffer is fresh heap memory, so those bits (embedded in the PDF)
// would change from run to run. At 8 bits per pixel there is no padding.
std::string unpacked_to_8_bits(const std::vector<png::Chunk>& chunks, const png::Header& header) {
  std::string raw;
  raw.reserve(header.height * (1 + std::size_t{header.width}));
  if (!png::for_each_row(chunks, header, [&](const std::vector<unsigned char>& row) { append_unpacked(raw, row, header); }))
    return {};

  std::string out(png::kSignature);
  bool data_written = false;
  for (const png::Chunk& chunk : chunks) {
    if (chunk.type == "IHDR") {
      std::string ihdr(chunk.data);
      ihdr[8] = 8;  // bit depth
      out += png::make_chunk("IHDR", ihdr);
    } else if (chunk.type == "PLTE" || (chunk.type == "tRNS" && chunk.crc_ok() && header.color_type == 3)) {
      out += chunk.whole;  // grey tRNS holds a sample at the old depth; libharu ignores it anyway
    } else if (chunk.type == "IDAT" && !data_written) {
      out += png::make_chunk("IDAT", png::deflated(raw, Z_BEST_COMPRESSION));
      data_written = true;
    }
  }
  return out + png::make_chunk("IEND", "");
}

}  // namespace

bool has_colour_key(std::string_view file) {
  std::vector<png::Chunk> chunks;
  png::Header header;
  if (!png::read_chunks(file, chunks).empty() || !png::read_header(chunks.front(), header).empty()) return false;
  if (header.color_type != 0 && header.color_type != 2) return false;
  return std::any_of(chunks.begin(), chunks.end(), [](const png::Chunk& c) { return c.type == "tRNS" && c.crc_ok(); });
}

std::string png_essentials(std::string_view file) {
  std::vector<png::Chunk> chunks;
  png::Header header;
  if (!png::read_chunks(file, chunks).empty() || !png::read_header(chunks.front(), header).empty())
    return std::string(file);
  if (header.depth < 8 && !header.interlace) {
    std::string unpacked = unpacked_to_8_bits(chunks, header);
    if (!unpacked.empty()) return unpacked;
  }
  std::string out(png::kSignature);
  for (const png::Chunk& chunk : chunks)
    if (chunk.critical() || (chunk.type == "tRNS" && chunk.crc_ok())) out += chunk.whole;
  return out;
}

}  // namespace hanji::pdf
