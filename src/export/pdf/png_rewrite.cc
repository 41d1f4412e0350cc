// png_essentials: the PNG handed to libharu, reduced to what it uses and, for images of
// fewer than 8 bits per pixel, unpacked to 8 bits.
#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <vector>

#include "export/pdf/png_check.h"
#include "image/png_format.h"

namespace hanji::pdf {

namespace png = image::png;
namespace {

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

// Inflates the image data piece by piece and hands each row to `visit`, in order, with its
// filter undone: no buffer holds the whole image (a 16-megapixel photo is 48 MB inflated).
// False if the data is damaged or too short (png_problem has said so already).
template <typename Visit>
bool for_each_row(const std::vector<png::Chunk>& chunks, const png::Header& header, Visit visit) {
  const std::size_t row_bytes = header.row_bytes(), stride = row_bytes - 1;
  const std::size_t bpp =
      std::max<std::size_t>(1, static_cast<std::size_t>(header.channels()) * static_cast<std::size_t>(header.depth) / 8);
  std::vector<unsigned char> line;  // the row being inflated: its filter byte, then its samples
  line.reserve(row_bytes);
  std::vector<unsigned char> row(stride), prior(stride, 0);
  uint64_t rows_done = 0;
  const std::string problem = png::inflate_image_data(chunks, [&](const unsigned char* bytes, std::size_t count) {
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

// One row's pixels as 8-bit samples (see Pixels), appended to `out`.
class RowDecoder {
 public:
  RowDecoder(const std::vector<png::Chunk>& chunks, const png::Header& header) : header_(header) {
    for (const png::Chunk& chunk : chunks) {
      if (chunk.type == "PLTE") palette_ = chunk.data;
      if (chunk.type == "tRNS" && chunk.crc_ok) trns_ = chunk.data;
    }
    const bool keyed = !trns_.empty() && (header.color_type == 0 || header.color_type == 2);
    if (keyed) key_ = colour_key(trns_, header.color_type == 0 ? 1 : 3);
    colour_ = header.color_type == 2 || header.color_type == 6 || header.color_type == 3;
    alpha_ = header.color_type == 4 || header.color_type == 6 || !key_.empty() || (header.color_type == 3 && !trns_.empty());
  }

  int channels() const { return (colour_ ? 3 : 1) + (alpha_ ? 1 : 0); }
  /// True when a row's bytes are its samples already: 8 bits, no palette, no colour key.
  bool rows_are_samples() const { return header_.depth == 8 && header_.color_type != 3 && key_.empty(); }

  void decode(const std::vector<unsigned char>& row, std::vector<unsigned char>& out) const {
    const int in_channels = header_.channels();
    const unsigned depth = static_cast<unsigned>(header_.depth), mask = (1U << depth) - 1;
    const unsigned scale = 255 / mask;
    const int colour_channels = colour_ ? 3 : 1;
    for (uint64_t x = 0; x < header_.width; ++x) {
      unsigned sample[4] = {0, 0, 0, 0};
      if (depth == 8) {  // the common case: a sample is a byte
        for (int c = 0; c < in_channels; ++c) sample[c] = row[x * static_cast<uint64_t>(in_channels) + static_cast<uint64_t>(c)];
      } else {
        for (int c = 0; c < in_channels; ++c) {
          const uint64_t bit = (x * static_cast<uint64_t>(in_channels) + static_cast<uint64_t>(c)) * depth;
          sample[c] = (row[bit / 8] >> (8 - depth - bit % 8)) & mask;
        }
      }
      if (header_.color_type == 3) {
        const std::size_t index = sample[0];
        const bool known = index * 3 + 2 < palette_.size();
        for (int c = 0; c < 3; ++c)
          out.push_back(known ? static_cast<unsigned char>(palette_[index * 3 + static_cast<std::size_t>(c)]) : 0);
        if (alpha_) out.push_back(index < trns_.size() ? static_cast<unsigned char>(trns_[index]) : 255);
        continue;
      }
      for (int c = 0; c < colour_channels; ++c) out.push_back(static_cast<unsigned char>(sample[c] * scale));
      if (header_.color_type == 4 || header_.color_type == 6)
        out.push_back(static_cast<unsigned char>(sample[colour_channels] * scale));
      else if (!key_.empty())
        out.push_back(std::equal(key_.begin(), key_.end(), sample) ? 0 : 255);
    }
  }

 private:
  const png::Header& header_;
  std::string palette_, trns_;
  std::vector<unsigned> key_;
  bool colour_ = false, alpha_ = false;
};

// The image decoded and, with `factor` > 1, each `factor` x `factor` block of pixels made their
// average (at the edges, of the pixels there), row by row as the rows come: the full-size
// picture is never held.
std::optional<Pixels> decode_reduced(const std::vector<png::Chunk>& chunks, const png::Header& header,
                                     uint32_t factor) {
  if (header.depth > 8) return std::nullopt;
  const RowDecoder decoder(chunks, header);
  Pixels out;
  out.width = (header.width + factor - 1) / factor;
  out.height = (header.height + factor - 1) / factor;
  out.channels = decoder.channels();
  const std::size_t channels = static_cast<std::size_t>(out.channels);
  out.samples.reserve(std::size_t{out.width} * out.height * channels);
  std::vector<unsigned char> samples;  // one input row, decoded
  std::vector<uint32_t> sums(std::size_t{out.width} * channels, 0);
  std::vector<uint32_t> counts(out.width, 0);
  uint32_t y = 0;
  const bool whole = for_each_row(chunks, header, [&](const std::vector<unsigned char>& row) {
    if (!decoder.rows_are_samples()) {
      samples.clear();
      decoder.decode(row, samples);
    }
    const std::vector<unsigned char>& pixels = decoder.rows_are_samples() ? row : samples;
    for (uint32_t ox = 0, x = 0; ox < out.width; ++ox) {
      const uint32_t block_end = std::min(header.width, x + factor);
      uint32_t* sum = sums.data() + std::size_t{ox} * channels;
      counts[ox] += block_end - x;
      for (; x < block_end; ++x)
        for (std::size_t c = 0; c < channels; ++c) sum[c] += pixels[std::size_t{x} * channels + c];
    }
    ++y;
    if (y % factor != 0 && y != header.height) return;
    for (uint32_t ox = 0; ox < out.width; ++ox)
      for (std::size_t c = 0; c < channels; ++c)
        out.samples.push_back(static_cast<unsigned char>((sums[std::size_t{ox} * channels + c] + counts[ox] / 2) / counts[ox]));
    std::fill(sums.begin(), sums.end(), 0);
    std::fill(counts.begin(), counts.end(), 0);
  });
  if (!whole) return std::nullopt;
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
  std::optional<Pixels> pixels = decode_reduced(chunks, header, factor);
  if (!pixels) return {};
  return encoded(*pixels);
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
