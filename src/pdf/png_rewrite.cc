// png_essentials: the PNG handed to libharu, reduced to what it uses and, for images of
// fewer than 8 bits per pixel, unpacked to 8 bits.
#include <zlib.h>

#include <cstdlib>
#include <vector>

#include "pdf/png_check.h"
#include "pdf/png_format.h"

namespace hanji::pdf {
namespace {

int paeth(int left, int up, int up_left) {
  int estimate = left + up - up_left;
  int to_left = std::abs(estimate - left), to_up = std::abs(estimate - up), to_up_left = std::abs(estimate - up_left);
  if (to_left <= to_up && to_left <= to_up_left) return left;
  return to_up <= to_up_left ? up : up_left;
}

// Undoes a row's filter (PNG spec 9.2) for one byte per pixel, the case of packed pixels.
void unfilter(int filter, std::vector<unsigned char>& row, const std::vector<unsigned char>& prior) {
  for (std::size_t i = 0; i < row.size(); ++i) {
    int left = i > 0 ? row[i - 1] : 0, up = prior[i], up_left = i > 0 ? prior[i - 1] : 0;
    int predicted = filter == 1 ? left : filter == 2 ? up : filter == 3 ? (left + up) / 2 : filter == 4 ? paeth(left, up, up_left) : 0;
    row[i] = static_cast<unsigned char>(row[i] + predicted);
  }
}

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

std::string deflated(const std::string& raw) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
                static_cast<uLong>(raw.size()), Z_BEST_COMPRESSION) != Z_OK)
    return {};
  out.resize(size);
  return out;
}

// libpng leaves the padding bits at the end of a packed row as they were in the buffer it
// writes into; libharu's buffer is fresh heap memory, so those bits (embedded in the PDF)
// would change from run to run. At 8 bits per pixel there is no padding.
std::string unpacked_to_8_bits(const std::vector<png::Chunk>& chunks, const png::Header& header) {
  std::string packed;
  if (!png::inflate_image_data(chunks, [&](const unsigned char* bytes, std::size_t count) {
         packed.append(reinterpret_cast<const char*>(bytes), count);
       }).empty())
    return {};
  const std::size_t row_bytes = header.row_bytes(), stride = row_bytes - 1;
  if (packed.size() < header.height * row_bytes) return {};
  std::vector<unsigned char> row(stride), prior(stride, 0);
  std::string raw;
  raw.reserve(header.height * (1 + std::size_t{header.width}));
  for (std::size_t y = 0; y < header.height; ++y) {
    const char* line = packed.data() + y * row_bytes;
    row.assign(line + 1, line + row_bytes);
    unfilter(static_cast<unsigned char>(line[0]), row, prior);
    append_unpacked(raw, row, header);
    std::swap(row, prior);
  }

  std::string out(png::kSignature);
  bool data_written = false;
  for (const png::Chunk& chunk : chunks) {
    if (chunk.type == "IHDR") {
      std::string ihdr(chunk.data);
      ihdr[8] = 8;  // bit depth
      out += png::make_chunk("IHDR", ihdr);
    } else if (chunk.type == "PLTE" || (chunk.type == "tRNS" && chunk.crc_ok && header.color_type == 3)) {
      out += chunk.whole;  // grey tRNS holds a sample at the old depth; libharu ignores it anyway
    } else if (chunk.type == "IDAT" && !data_written) {
      out += png::make_chunk("IDAT", deflated(raw));
      data_written = true;
    }
  }
  return out + png::make_chunk("IEND", "");
}

}  // namespace

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
    if (chunk.critical() || (chunk.type == "tRNS" && chunk.crc_ok)) out += chunk.whole;
  return out;
}

}  // namespace hanji::pdf
