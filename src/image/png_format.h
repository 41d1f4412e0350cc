// PNG file structure (chunks, header, compressed image data): for the PDF writer's checks and
// rewrites of a photo, and for any exporter that needs a picture's size or Exif data.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace hanji::image::png {

inline constexpr std::string_view kSignature("\x89PNG\r\n\x1a\n", 8);

struct Chunk {
  std::string_view type;
  std::string_view data;
  std::string_view whole;  // length, type, data and CRC as in the file
  uint32_t stored_crc = 0;  // the CRC the file gives

  /// Whether the stored CRC is the chunk's. Worked out when asked, not when the chunks are
  /// read: most readers look at a few small chunks (IHDR, tRNS, eXIf), and the CRC of a
  /// 30 MB photo's image data costs 30 ms each time it is read.
  bool crc_ok() const;

  /// Critical chunks (IHDR, PLTE, IDAT, IEND) start with a capital letter.
  bool critical() const { return type[0] >= 'A' && type[0] <= 'Z'; }
};

struct Header {
  uint32_t width = 0, height = 0;
  int depth = 0, color_type = 0, interlace = 0;

  int channels() const;        // samples per pixel
  uint64_t row_bytes() const;  // bytes per row of the image data, the filter byte included
};

struct Size {
  uint32_t width = 0, height = 0;
};
/// The size the header of `file` announces (0 x 0 if it has none), read without checking
/// anything else: enough to refuse a huge picture before decoding it.
Size size_of(std::string_view file);

/// Splits `file` into chunks up to IEND. Returns what is wrong, or "".
std::string read_chunks(std::string_view file, std::vector<Chunk>& chunks);

/// Reads IHDR (which must be `chunk`). Returns what is wrong, or "".
std::string read_header(const Chunk& chunk, Header& header);

/// Inflates the IDAT chunks in order, handing the output to `sink` piece by piece. Returns
/// what is wrong with the zlib stream ("" if it ends properly).
std::string inflate_image_data(const std::vector<Chunk>& chunks,
                               const std::function<void(const unsigned char*, std::size_t)>& sink);

/// Inflates the image data (of a non-interlaced image) and hands each row to `visit` in order,
/// its filter undone: the row's bytes without the filter byte. No buffer holds the whole image
/// (a 16-megapixel photo is 48 MB inflated). False if the data is damaged or too short.
bool for_each_row(const std::vector<Chunk>& chunks, const Header& header,
                  const std::function<void(const std::vector<unsigned char>&)>& visit);

/// `raw` compressed as a zlib stream at `level` (Z_BEST_SPEED to Z_BEST_COMPRESSION); "" if
/// zlib fails. Deterministic with the same zlib.
std::string deflated(std::string_view raw, int level);

/// A complete chunk (length, type, data, CRC).
std::string make_chunk(std::string_view type, std::string_view data);

/// Big-endian 32-bit value at `at`.
uint32_t be32(std::string_view data, std::size_t at);

}  // namespace hanji::image::png
