#include "image/png_format.h"

#include <zlib.h>

#include <algorithm>

namespace hanji::image::png {
namespace {

constexpr uint32_t kMaxSide = 1000000;  // libpng's default user limit per side

// A PNG as an editor or a camera writes it has its image data in chunks of 8 to 64 KiB: a
// few thousand in a file of hanji's largest size (32 MiB). Millions of empty chunks are a
// file made to be slow (each is read, checked and copied), and are refused.
constexpr std::size_t kMaxChunks = 20000;

bool letters(std::string_view type) {
  return std::all_of(type.begin(), type.end(), [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); });
}

uint32_t crc_of(std::string_view type, std::string_view data) {
  uLong crc = crc32(0L, reinterpret_cast<const Bytef*>(type.data()), static_cast<uInt>(type.size()));
  return static_cast<uint32_t>(crc32(crc, reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(data.size())));
}

std::string be32_bytes(uint32_t value) {
  return {static_cast<char>(value >> 24), static_cast<char>(value >> 16), static_cast<char>(value >> 8),
          static_cast<char>(value)};
}

bool valid_depth(int color_type, int depth) {
  switch (color_type) {
    case 0: return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
    case 3: return depth == 1 || depth == 2 || depth == 4 || depth == 8;
    case 2: case 4: case 6: return depth == 8 || depth == 16;
    default: return false;
  }
}

}  // namespace

uint32_t be32(std::string_view data, std::size_t at) {
  auto byte = [&](std::size_t i) { return static_cast<uint32_t>(static_cast<unsigned char>(data[at + i])); };
  return byte(0) << 24 | byte(1) << 16 | byte(2) << 8 | byte(3);
}

Size size_of(std::string_view file) {
  // signature (8), IHDR's length (4) and type (4), then width and height.
  constexpr std::size_t kWidthAt = 16;
  if (file.size() < kWidthAt + 8 || file.substr(12, 4) != "IHDR") return {};
  return Size{be32(file, kWidthAt), be32(file, kWidthAt + 4)};
}

int Header::channels() const {
  switch (color_type) {
    case 0: return 1;  // grey
    case 2: return 3;  // RGB
    case 3: return 1;  // palette
    case 4: return 2;  // grey + alpha
    case 6: return 4;  // RGBA
    default: return 0;
  }
}

uint64_t Header::row_bytes() const {
  const uint64_t bits_per_pixel = static_cast<uint64_t>(channels()) * static_cast<uint64_t>(depth);
  return 1 + (uint64_t{width} * bits_per_pixel + 7) / 8;
}

std::string read_chunks(std::string_view file, std::vector<Chunk>& chunks) {
  if (file.substr(0, kSignature.size()) != kSignature) return "not a PNG file (bad signature)";
  std::size_t at = kSignature.size();
  while (chunks.empty() || chunks.back().type != "IEND") {
    if (chunks.size() == kMaxChunks)
      return "it is cut into more than " + std::to_string(kMaxChunks) + " chunks, which no image editor writes";
    if (file.size() - at < 12) return "file ends before the IEND chunk (truncated?)";
    uint32_t length = be32(file, at);
    std::string_view type = file.substr(at + 4, 4);
    if (!letters(type)) return "invalid chunk type";
    if (length > 0x7FFFFFFF || file.size() - at - 12 < length) return "truncated " + std::string(type) + " chunk";
    std::string_view data = file.substr(at + 8, length);
    chunks.push_back(Chunk{type, data, file.substr(at, 12 + length), crc_of(type, data) == be32(file, at + 8 + length)});
    at += 12 + length;
  }
  return "";
}

std::string read_header(const Chunk& chunk, Header& header) {
  if (chunk.type != "IHDR" || chunk.data.size() != 13) return "missing or malformed IHDR chunk";
  header.width = be32(chunk.data, 0);
  header.height = be32(chunk.data, 4);
  header.depth = static_cast<unsigned char>(chunk.data[8]);
  header.color_type = static_cast<unsigned char>(chunk.data[9]);
  header.interlace = static_cast<unsigned char>(chunk.data[12]);
  if (header.width == 0 || header.height == 0) return "image has no pixels";
  if (header.width > kMaxSide || header.height > kMaxSide) return "image is larger than 1000000 pixels on a side";
  if (!valid_depth(header.color_type, header.depth)) return "invalid colour type and bit depth";
  if (chunk.data[10] != 0 || chunk.data[11] != 0 || header.interlace > 1) return "unknown compression, filter or interlace method";
  return "";
}

std::string inflate_image_data(const std::vector<Chunk>& chunks,
                               const std::function<void(const unsigned char*, std::size_t)>& sink) {
  z_stream stream{};
  if (inflateInit(&stream) != Z_OK) return "out of memory while reading the image data";
  unsigned char out[65536];
  int status = Z_OK;
  auto step = [&] {
    stream.next_out = out;
    stream.avail_out = sizeof out;
    status = inflate(&stream, Z_NO_FLUSH);
    sink(out, sizeof out - stream.avail_out);
  };
  for (const Chunk& chunk : chunks) {
    if (chunk.type != "IDAT" || status != Z_OK) continue;
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(chunk.data.data()));
    stream.avail_in = static_cast<uInt>(chunk.data.size());
    while (stream.avail_in > 0 && status == Z_OK) step();
    if (status == Z_BUF_ERROR) status = Z_OK;  // needs the next chunk's input
  }
  // Output can still be pending once all input is consumed.
  while (status == Z_OK) step();
  inflateEnd(&stream);
  if (status == Z_STREAM_END) return "";
  if (status == Z_BUF_ERROR) return "compressed image data ends early (truncated?)";
  return "corrupt compressed image data";
}

std::string make_chunk(std::string_view type, std::string_view data) {
  return be32_bytes(static_cast<uint32_t>(data.size())) + std::string(type) + std::string(data) +
         be32_bytes(crc_of(type, data));
}

}  // namespace hanji::image::png
