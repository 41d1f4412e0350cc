#include "image/png_format.h"

#include <zlib.h>

#include <algorithm>
#include <cstdlib>

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

// The Paeth predictor written without branches on the data (the compiler selects with
// conditional moves): on a photo's noisy bytes each branch would be a coin toss.
int paeth(int left, int up, int up_left) {
  const int to_left = std::abs(up - up_left), to_up = std::abs(left - up_left),
            to_up_left = std::abs(left + up - 2 * up_left);
  const int nearer_vertical = to_up <= to_up_left ? up : up_left;
  return to_left <= to_up && to_left <= to_up_left ? left : nearer_vertical;
}

// Paeth undone a pixel of `Bpp` bytes at a time, the pixel on the left and the one above it
// kept in registers: each channel is a chain of its own, and the chains run side by side
// instead of waiting on the byte just stored.
template <std::size_t Bpp>
void unpaeth_pixels(unsigned char* r, const unsigned char* up, std::size_t n) {
  int left[Bpp], up_left[Bpp];
  for (std::size_t k = 0; k < Bpp; ++k) {
    r[k] = static_cast<unsigned char>(r[k] + up[k]);
    left[k] = r[k];
    up_left[k] = up[k];
  }
  for (std::size_t i = Bpp; i < n; i += Bpp)
    for (std::size_t k = 0; k < Bpp; ++k) {
      const int above = up[i + k];
      left[k] = (r[i + k] + paeth(left[k], above, up_left[k])) & 0xFF;
      r[i + k] = static_cast<unsigned char>(left[k]);
      up_left[k] = above;
    }
}

// Undoes a row's filter (PNG spec 9.2); `bpp` is the bytes per complete pixel (1 for packed
// pixels), the distance to the byte on the left that the filters predict from. One loop per
// filter, without a choice per byte: a 16-megapixel photo is 48 million bytes to undo.
void unfilter(int filter, std::vector<unsigned char>& row, const std::vector<unsigned char>& prior,
              std::size_t bpp = 1) {
  const std::size_t n = row.size(), lead = std::min(bpp, n);
  unsigned char* r = row.data();
  const unsigned char* up = prior.data();
  switch (filter) {
    case 1:  // Sub
      for (std::size_t i = bpp; i < n; ++i) r[i] = static_cast<unsigned char>(r[i] + r[i - bpp]);
      break;
    case 2:  // Up
      for (std::size_t i = 0; i < n; ++i) r[i] = static_cast<unsigned char>(r[i] + up[i]);
      break;
    case 3:  // Average
      for (std::size_t i = 0; i < lead; ++i) r[i] = static_cast<unsigned char>(r[i] + up[i] / 2);
      for (std::size_t i = bpp; i < n; ++i) r[i] = static_cast<unsigned char>(r[i] + (r[i - bpp] + up[i]) / 2);
      break;
    case 4:  // Paeth
      if (bpp == 3 && n % 3 == 0) return unpaeth_pixels<3>(r, up, n);
      if (bpp == 4 && n % 4 == 0) return unpaeth_pixels<4>(r, up, n);
      for (std::size_t i = 0; i < lead; ++i) r[i] = static_cast<unsigned char>(r[i] + up[i]);
      for (std::size_t i = bpp; i < n; ++i) r[i] = static_cast<unsigned char>(r[i] + paeth(r[i - bpp], up[i], up[i - bpp]));
      break;
    default: break;  // None
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

bool Chunk::crc_ok() const { return crc_of(type, data) == stored_crc; }

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
    chunks.push_back(Chunk{type, data, file.substr(at, 12 + length), be32(file, at + 8 + length)});
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

bool for_each_row(const std::vector<Chunk>& chunks, const Header& header,
                  const std::function<void(const std::vector<unsigned char>&)>& visit) {
  const std::size_t row_bytes = header.row_bytes(), stride = row_bytes - 1;
  const std::size_t bpp =
      std::max<std::size_t>(1, static_cast<std::size_t>(header.channels()) * static_cast<std::size_t>(header.depth) / 8);
  std::vector<unsigned char> line;  // the row being inflated: its filter byte, then its samples
  line.reserve(row_bytes);
  std::vector<unsigned char> row(stride), prior(stride, 0);
  uint64_t rows_done = 0;
  const std::string problem = inflate_image_data(chunks, [&](const unsigned char* bytes, std::size_t count) {
    while (count > 0 && rows_done < header.height) {
      const std::size_t take = std::min(count, row_bytes - line.size());
      line.insert(line.end(), bytes, bytes + take);
      bytes += take;
      count -= take;
      if (line.size() < row_bytes) return;
      std::copy(line.begin() + 1, line.end(), row.begin());
      unfilter(line[0], row, prior, bpp);
      visit(row);
      std::swap(row, prior);
      line.clear();
      ++rows_done;
    }
  });
  return problem.empty() && rows_done == header.height;
}

std::string deflated(std::string_view raw, int level) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
                static_cast<uLong>(raw.size()), level) != Z_OK)
    return {};
  out.resize(size);
  return out;
}

std::string make_chunk(std::string_view type, std::string_view data) {
  return be32_bytes(static_cast<uint32_t>(data.size())) + std::string(type) + std::string(data) +
         be32_bytes(crc_of(type, data));
}

}  // namespace hanji::image::png
