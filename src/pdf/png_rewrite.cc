// png_essentials: the PNG handed to libharu, reduced to what it uses and, for images of
// fewer than 8 bits per pixel, unpacked to 8 bits.
#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <vector>

#include "pdf/png_check.h"
#include "pdf/png_format.h"

namespace hanji::pdf {
namespace {

// The Paeth predictor written without branches on the data (the compiler selects with
// conditional moves): on a photo's noisy bytes each branch would be a coin toss.
int paeth(int left, int up, int up_left) {
  const int to_left = std::abs(up - up_left), to_up = std::abs(left - up_left),
            to_up_left = std::abs(left + up - 2 * up_left);
  const int nearer_vertical = to_up <= to_up_left ? up : up_left;
  return to_left <= to_up && to_left <= to_up_left ? left : nearer_vertical;
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
      for (std::size_t i = 0; i < lead; ++i) r[i] = static_cast<unsigned char>(r[i] + up[i]);
      for (std::size_t i = bpp; i < n; ++i) r[i] = static_cast<unsigned char>(r[i] + paeth(r[i - bpp], up[i], up[i - bpp]));
      break;
    default: break;  // None
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

std::string deflated(const std::string& raw, int level = Z_BEST_COMPRESSION) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
                static_cast<uLong>(raw.size()), level) != Z_OK)
    return {};
  out.resize(size);
  return out;
}

// Inflates the image data and hands each row to `visit` with its filter undone. False if the
// data is damaged or too short (png_problem has said so already).
template <typename Visit>
bool for_each_row(const std::vector<png::Chunk>& chunks, const png::Header& header, Visit visit) {
  std::string packed;
  if (!png::inflate_image_data(chunks, [&](const unsigned char* bytes, std::size_t count) {
         packed.append(reinterpret_cast<const char*>(bytes), count);
       }).empty())
    return false;
  const std::size_t row_bytes = header.row_bytes(), stride = row_bytes - 1;
  if (packed.size() < header.height * row_bytes) return false;
  const std::size_t bpp =
      std::max<std::size_t>(1, static_cast<std::size_t>(header.channels()) * static_cast<std::size_t>(header.depth) / 8);
  std::vector<unsigned char> row(stride), prior(stride, 0);
  for (std::size_t y = 0; y < header.height; ++y) {
    const char* line = packed.data() + y * row_bytes;
    row.assign(line + 1, line + row_bytes);
    unfilter(static_cast<unsigned char>(line[0]), row, prior, bpp);
    visit(row);
    std::swap(row, prior);
  }
  return true;
}

// libpng leaves the padding bits at the end of a packed row as they were in the buffer it
// writes into; libharu's buffer is fresh heap memory, so those bits (embedded in the PDF)
// would change from run to run. At 8 bits per pixel there is no padding.
std::string unpacked_to_8_bits(const std::vector<png::Chunk>& chunks, const png::Header& header) {
  std::string raw;
  raw.reserve(header.height * (1 + std::size_t{header.width}));
  if (!for_each_row(chunks, header, [&](const std::vector<unsigned char>& row) { append_unpacked(raw, row, header); }))
    return {};

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

// The image as 8-bit samples, `channels` per pixel: grey, grey + alpha, RGB or RGBA, with a
// palette and any tRNS chunk resolved (palette entries to RGB, transparency to alpha).
struct Pixels {
  uint32_t width = 0, height = 0;
  int channels = 0;
  std::vector<unsigned char> samples;
};

// The tRNS chunk's colour key at the image's depth, for grey (1 value) or RGB (3 values).
std::vector<unsigned> colour_key(std::string_view trns, int values) {
  std::vector<unsigned> key;
  for (int k = 0; k < values && static_cast<std::size_t>(2 * k + 1) < trns.size(); ++k)
    key.push_back(static_cast<unsigned>(static_cast<unsigned char>(trns[2 * k])) << 8 |
                  static_cast<unsigned char>(trns[2 * k + 1]));
  return static_cast<int>(key.size()) == values ? key : std::vector<unsigned>{};
}

std::optional<Pixels> decode(const std::vector<png::Chunk>& chunks, const png::Header& header) {
  std::string palette, trns;
  for (const png::Chunk& chunk : chunks) {
    if (chunk.type == "PLTE") palette = chunk.data;
    if (chunk.type == "tRNS" && chunk.crc_ok) trns = chunk.data;
  }
  if (header.depth > 8) return std::nullopt;
  const int in_channels = header.channels();
  const unsigned depth = static_cast<unsigned>(header.depth), mask = (1U << depth) - 1;
  const bool keyed = !trns.empty() && (header.color_type == 0 || header.color_type == 2);
  const std::vector<unsigned> key = keyed ? colour_key(trns, header.color_type == 0 ? 1 : 3) : std::vector<unsigned>{};
  Pixels out;
  out.width = header.width;
  out.height = header.height;
  const bool colour = header.color_type == 2 || header.color_type == 6 || header.color_type == 3;
  const bool alpha = header.color_type == 4 || header.color_type == 6 || !key.empty() ||
                     (header.color_type == 3 && !trns.empty());
  out.channels = (colour ? 3 : 1) + (alpha ? 1 : 0);
  out.samples.reserve(std::size_t{header.width} * header.height * static_cast<std::size_t>(out.channels));
  const bool whole = for_each_row(chunks, header, [&](const std::vector<unsigned char>& row) {
    for (uint64_t x = 0; x < header.width; ++x) {
      unsigned sample[4] = {0, 0, 0, 0};
      for (int c = 0; c < in_channels; ++c) {
        const uint64_t bit = (x * static_cast<uint64_t>(in_channels) + static_cast<uint64_t>(c)) * depth;
        sample[c] = (row[bit / 8] >> (8 - depth - bit % 8)) & mask;
      }
      if (header.color_type == 3) {
        const std::size_t index = sample[0];
        const bool known = index * 3 + 2 < palette.size();
        for (int c = 0; c < 3; ++c)
          out.samples.push_back(known ? static_cast<unsigned char>(palette[index * 3 + static_cast<std::size_t>(c)]) : 0);
        if (alpha) out.samples.push_back(index < trns.size() ? static_cast<unsigned char>(trns[index]) : 255);
        continue;
      }
      const unsigned scale = 255 / mask;
      const int colour_channels = colour ? 3 : 1;
      for (int c = 0; c < colour_channels; ++c) out.samples.push_back(static_cast<unsigned char>(sample[c] * scale));
      if (header.color_type == 4 || header.color_type == 6)
        out.samples.push_back(static_cast<unsigned char>(sample[colour_channels] * scale));
      else if (!key.empty())
        out.samples.push_back(std::equal(key.begin(), key.end(), sample) ? 0 : 255);
    }
  });
  if (!whole) return std::nullopt;
  return out;
}

// Every `factor` x `factor` block of pixels becomes their average (edges: the pixels there).
Pixels box_downsample(const Pixels& in, uint32_t factor) {
  Pixels out;
  out.width = (in.width + factor - 1) / factor;
  out.height = (in.height + factor - 1) / factor;
  out.channels = in.channels;
  const std::size_t channels = static_cast<std::size_t>(in.channels);
  out.samples.resize(std::size_t{out.width} * out.height * channels);
  std::vector<uint32_t> sums(std::size_t{out.width} * channels);
  std::vector<uint32_t> counts(out.width);
  for (uint32_t oy = 0; oy < out.height; ++oy) {
    std::fill(sums.begin(), sums.end(), 0);
    std::fill(counts.begin(), counts.end(), 0);
    for (uint32_t y = oy * factor; y < std::min(in.height, (oy + 1) * factor); ++y)
      for (uint32_t x = 0; x < in.width; ++x) {
        const std::size_t from = (std::size_t{y} * in.width + x) * channels, to = std::size_t{x / factor} * channels;
        for (std::size_t c = 0; c < channels; ++c) sums[to + c] += in.samples[from + c];
        ++counts[x / factor];
      }
    for (uint32_t ox = 0; ox < out.width; ++ox)
      for (std::size_t c = 0; c < channels; ++c)
        out.samples[(std::size_t{oy} * out.width + ox) * channels + c] = static_cast<unsigned char>(
            (sums[std::size_t{ox} * channels + c] + counts[ox] / 2) / counts[ox]);
  }
  return out;
}

std::string encoded(const Pixels& pixels) {
  static constexpr unsigned char kColourType[] = {0, 0, 4, 2, 6};  // by channel count
  std::string header = png::make_chunk("IHDR", std::string{
      static_cast<char>(pixels.width >> 24), static_cast<char>(pixels.width >> 16), static_cast<char>(pixels.width >> 8),
      static_cast<char>(pixels.width), static_cast<char>(pixels.height >> 24), static_cast<char>(pixels.height >> 16),
      static_cast<char>(pixels.height >> 8), static_cast<char>(pixels.height), 8,
      static_cast<char>(kColourType[pixels.channels]), 0, 0, 0});
  const std::size_t stride = std::size_t{pixels.width} * static_cast<std::size_t>(pixels.channels);
  std::string raw;
  raw.reserve(pixels.height * (stride + 1));
  for (uint32_t y = 0; y < pixels.height; ++y) {
    raw += '\0';  // filter: none
    raw.append(reinterpret_cast<const char*>(pixels.samples.data()) + std::size_t{y} * stride, stride);
  }
  return std::string(png::kSignature) + header + png::make_chunk("IDAT", deflated(raw, Z_DEFAULT_COMPRESSION)) +
         png::make_chunk("IEND", "");
}

}  // namespace

std::string png_downsampled(std::string_view file, uint32_t factor) {
  std::vector<png::Chunk> chunks;
  png::Header header;
  if (factor < 1 || !png::read_chunks(file, chunks).empty() || !png::read_header(chunks.front(), header).empty() ||
      header.interlace)
    return {};
  std::optional<Pixels> pixels = decode(chunks, header);
  if (!pixels) return {};
  return encoded(factor > 1 ? box_downsample(*pixels, factor) : *pixels);
}

bool has_colour_key(std::string_view file) {
  std::vector<png::Chunk> chunks;
  png::Header header;
  if (!png::read_chunks(file, chunks).empty() || !png::read_header(chunks.front(), header).empty()) return false;
  if (header.color_type != 0 && header.color_type != 2) return false;
  return std::any_of(chunks.begin(), chunks.end(), [](const png::Chunk& c) { return c.type == "tRNS" && c.crc_ok; });
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
    if (chunk.critical() || (chunk.type == "tRNS" && chunk.crc_ok)) out += chunk.whole;
  return out;
}

}  // namespace hanji::pdf
