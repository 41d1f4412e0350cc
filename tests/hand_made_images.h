// Pictures made by hand for tests, byte by byte: PNGs whose pixel data is stored uncompressed
// (so every byte of it is ours), Exif TIFF structures with an orientation, and the JPEG and
// PNG wrappings they travel in. Shared by the image tests and the PDF writer's tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hanji::hand_made {

// ---- PNGs ------------------------------------------------------------------------------

inline uint32_t crc32_of(const std::string& bytes) {
  uint32_t crc = 0xFFFFFFFF;
  for (unsigned char byte : bytes) {
    crc ^= byte;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320 & (0 - (crc & 1)));
  }
  return ~crc;
}

inline std::string be32(uint32_t v) {
  return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

inline std::string png_chunk(const std::string& type, const std::string& data, bool good_crc = true) {
  return be32(static_cast<uint32_t>(data.size())) + type + data + be32(crc32_of(type + data) ^ (good_crc ? 0 : 1));
}

// A zlib stream holding `raw` in one stored (uncompressed) block.
inline std::string zlib_stored(const std::string& raw) {
  uint32_t a = 1, b = 0;
  for (unsigned char byte : raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  auto len = static_cast<uint16_t>(raw.size());
  std::string out = "\x78\x01\x01";
  out += {static_cast<char>(len & 0xFF), static_cast<char>(len >> 8), static_cast<char>(~len & 0xFF),
          static_cast<char>((~len >> 8) & 0xFF)};
  return out + raw + be32(b << 16 | a);
}

// A grey PNG of width x height whose decompressed pixel data (filter bytes included) is `raw`.
inline std::string grey_png(uint32_t width, uint32_t height, const std::string& raw, int depth = 8, bool interlaced = false) {
  std::string header = be32(width) + be32(height) +
                       std::string{static_cast<char>(depth), 0, 0, 0, static_cast<char>(interlaced)};
  return std::string("\x89PNG\r\n\x1a\n", 8) + png_chunk("IHDR", header) + png_chunk("IDAT", zlib_stored(raw)) +
         png_chunk("IEND", "");
}

// A PNG with `chunk` right after its header.
inline std::string png_with_chunk(const std::string& png, const std::string& chunk) {
  return png.substr(0, 8 + 25) + chunk + png.substr(8 + 25);
}

// ---- Exif orientation -------------------------------------------------------------------

struct TiffEntry {
  uint16_t tag = 0, type = 0;
  uint32_t count = 0, value = 0;
};

inline std::string tiff_uint(uint32_t value, std::size_t size, bool little_endian) {
  std::string out(size, '\0');
  for (std::size_t i = 0; i < size; ++i)
    out[little_endian ? i : size - 1 - i] = static_cast<char>(value >> (8 * i));
  return out;
}

// A TIFF structure as an Exif segment holds it: header, IFD0 at offset 8 with `entries`, and
// the offset of the next directory.
inline std::string tiff(bool little_endian, const std::vector<TiffEntry>& entries, uint32_t next_directory = 0) {
  auto u16 = [&](uint32_t v) { return tiff_uint(v, 2, little_endian); };
  auto u32 = [&](uint32_t v) { return tiff_uint(v, 4, little_endian); };
  std::string out = little_endian ? std::string("II*\0", 4) : std::string("MM\0*", 4);
  out += u32(8) + u16(static_cast<uint32_t>(entries.size()));
  for (const TiffEntry& e : entries) {
    out += u16(e.tag) + u16(e.type) + u32(e.count);
    out += e.type == 3 ? u16(e.value) + u16(0) : u32(e.value);  // a SHORT sits in the first half
  }
  return out + u32(next_directory);
}

// IFD0 as a camera writes it: the picture's width, then its orientation.
inline std::string camera_tiff(bool little_endian, uint32_t orientation) {
  return tiff(little_endian, {{0x0100, 4, 1, 80}, {0x0112, 3, 1, orientation}});
}

inline std::string be16(std::size_t v) { return {static_cast<char>(v >> 8), static_cast<char>(v)}; }

inline std::string exif_segment(const std::string& tiff_data) {
  const std::string payload = std::string("Exif\0\0", 6) + tiff_data;
  return "\xFF\xE1" + be16(payload.size() + 2) + payload;
}

// `jpeg` with an Exif segment right after its start-of-image marker, where phones put it.
inline std::string with_exif(const std::string& jpeg, const std::string& tiff_data) {
  return jpeg.substr(0, 2) + exif_segment(tiff_data) + jpeg.substr(2);
}

// The markers a JPEG walk meets before the image data, without any image: enough for the
// orientation, which is all jpeg_orientation reads.
inline std::string jpeg_head(const std::string& segments) {
  return "\xFF\xD8" + std::string("\xFF\xE0\x00\x04JF", 6) + segments + std::string("\xFF\xDA\x00\x02", 4);
}

}  // namespace hanji::hand_made
