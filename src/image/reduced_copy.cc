#include "image/reduced_copy.h"

#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstddef>
#include <functional>

#include <jpeglib.h>

#include "image/jpeg_check.h"
#include "image/jpeg_errors.h"
#include "image/png_format.h"

namespace hanji::image {
namespace {

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
      if (chunk.type == "tRNS" && chunk.crc_ok()) trns_ = chunk.data;
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

// Rows of `in_width` pixels of `channels` samples made `factor` times smaller each way as they
// come, each `factor` x `factor` block averaged (at the right and bottom edges, of the pixels
// there), rounding halves up: only one row of sums is held.
class BlockAverager {
 public:
  BlockAverager(uint32_t in_width, uint32_t in_height, int channels, uint32_t factor)
      : in_width_(in_width), in_height_(in_height), factor_(factor), channels_(static_cast<std::size_t>(channels)) {
    out_.width = (in_width + factor - 1) / factor;
    out_.height = (in_height + factor - 1) / factor;
    out_.channels = channels;
    out_.samples.reserve(std::size_t{out_.width} * out_.height * channels_);
    sums_.assign(std::size_t{out_.width} * channels_, 0);
    counts_.assign(out_.width, 0);
  }

  void add_row(const unsigned char* pixels) {
    for (uint32_t ox = 0, x = 0; ox < out_.width; ++ox) {
      const uint32_t block_end = std::min(in_width_, x + factor_);
      uint32_t* sum = sums_.data() + std::size_t{ox} * channels_;
      counts_[ox] += block_end - x;
      for (; x < block_end; ++x)
        for (std::size_t c = 0; c < channels_; ++c) sum[c] += pixels[std::size_t{x} * channels_ + c];
    }
    ++rows_;
    if (rows_ % factor_ != 0 && rows_ != in_height_) return;
    for (uint32_t ox = 0; ox < out_.width; ++ox)
      for (std::size_t c = 0; c < channels_; ++c)
        out_.samples.push_back(
            static_cast<unsigned char>((sums_[std::size_t{ox} * channels_ + c] + counts_[ox] / 2) / counts_[ox]));
    std::fill(sums_.begin(), sums_.end(), 0);
    std::fill(counts_.begin(), counts_.end(), 0);
  }

  bool complete() const { return rows_ == in_height_; }
  Pixels take() { return std::move(out_); }

 private:
  uint32_t in_width_, in_height_, factor_;
  std::size_t channels_;
  uint32_t rows_ = 0;
  Pixels out_;
  std::vector<uint32_t> sums_;
  std::vector<uint32_t> counts_;
};

// The PNG decoded and, with `factor` > 1, each `factor` x `factor` block of pixels made their
// average, row by row as the rows come: the full-size picture is never held.
std::optional<Pixels> png_decoded_reduced(const std::vector<png::Chunk>& chunks, const png::Header& header,
                                          uint32_t factor) {
  if (header.depth > 8 || header.interlace) return std::nullopt;
  const RowDecoder decoder(chunks, header);
  BlockAverager averager(header.width, header.height, decoder.channels(), factor);
  std::vector<unsigned char> samples;  // one input row, decoded
  const bool whole = png::for_each_row(chunks, header, [&](const std::vector<unsigned char>& row) {
    if (decoder.rows_are_samples()) return averager.add_row(row.data());
    samples.clear();
    decoder.decode(row, samples);
    averager.add_row(samples.data());
  });
  if (!whole || !averager.complete()) return std::nullopt;
  return averager.take();
}

std::optional<Pixels> png_reduced(std::string_view file, uint32_t factor) {
  std::vector<png::Chunk> chunks;
  png::Header header;
  if (factor < 1 || !png::read_chunks(file, chunks).empty() || !png::read_header(chunks.front(), header).empty())
    return std::nullopt;
  return png_decoded_reduced(chunks, header, factor);
}

// A JPEG decoded at 1/`denominator` of its size by libjpeg (which then skips most of each
// block's work), as grey or RGB (CMYK turned into RGB as PDF viewers show it), and made
// `factor` times smaller again by averaging. nullopt if libjpeg finds it damaged, as the
// PDF writer's check would. The only automatic objects that live across setjmp are declared
// before it, and longjmp leaves only libjpeg's C frames, so no destructor is skipped.
std::optional<Pixels> jpeg_reduced(std::string_view jpeg, uint32_t denominator, uint32_t factor) {
  jpeg_decompress_struct info{};
  jpeg_errors::Manager errors;
  std::vector<JSAMPLE> row, converted;
  std::optional<BlockAverager> averager;
  info.err = jpeg_std_error(&errors.base);
  errors.base.error_exit = jpeg_errors::on_error;
  errors.base.emit_message = jpeg_errors::on_message;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&info);
    return std::nullopt;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, reinterpret_cast<const unsigned char*>(jpeg.data()), static_cast<unsigned long>(jpeg.size()));
  jpeg_read_header(&info, TRUE);
  info.scale_num = 1;
  info.scale_denom = denominator;
  const bool cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
  info.out_color_space = info.jpeg_color_space == JCS_GRAYSCALE ? JCS_GRAYSCALE : cmyk ? JCS_CMYK : JCS_RGB;
  jpeg_start_decompress(&info);
  const int channels = cmyk ? 3 : info.output_components;
  averager.emplace(info.output_width, info.output_height, channels, factor);
  row.resize(static_cast<std::size_t>(info.output_width) * static_cast<std::size_t>(info.output_components));
  converted.resize(static_cast<std::size_t>(info.output_width) * 3);
  // Adobe's CMYK JPEGs store their inks inverted (255: none); others as the samples say.
  const bool inverted = info.saw_Adobe_marker;
  while (info.output_scanline < info.output_height) {
    JSAMPROW rows[1] = {row.data()};
    jpeg_read_scanlines(&info, rows, 1);
    if (!cmyk) {
      averager->add_row(row.data());
      continue;
    }
    for (std::size_t x = 0; x < info.output_width; ++x) {
      const unsigned k = inverted ? row[4 * x + 3] : 255u - row[4 * x + 3];
      for (std::size_t c = 0; c < 3; ++c) {
        const unsigned ink = inverted ? row[4 * x + c] : 255u - row[4 * x + c];
        converted[3 * x + c] = static_cast<JSAMPLE>((ink * k + 127) / 255);
      }
    }
    averager->add_row(converted.data());
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  if (errors.warned || !averager->complete()) return std::nullopt;
  return averager->take();
}

// libjpeg's own rounding of a scaled side (jdiv_round_up).
uint32_t scaled(uint32_t side, uint32_t denominator) { return (side + denominator - 1) / denominator; }

// The largest whole factor by which `have` can shrink and keep `needs` each way; 1 below 2.
uint32_t whole_factor(PixelSize have, PixelSize needs) {
  const double room = std::min(static_cast<double>(have.width) / std::max<uint32_t>(needs.width, 1),
                               static_cast<double>(have.height) / std::max<uint32_t>(needs.height, 1));
  return room >= 2 ? static_cast<uint32_t>(std::min(std::floor(room), 4096.0)) : 1;
}

}  // namespace

std::string encode_png(const Pixels& pixels, int level) {
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
  return std::string(png::kSignature) + header + png::make_chunk("IDAT", png::deflated(raw, level)) +
         png::make_chunk("IEND", "");
}

std::string png_downsampled(std::string_view file, uint32_t factor) {
  std::optional<Pixels> pixels = png_reduced(file, factor);
  return pixels ? encode_png(*pixels, Z_DEFAULT_COMPRESSION) : std::string();
}

uint32_t print_reduction_factor(PixelSize stored, double box_width, double box_height) {
  const double needed_width = std::max(1.0, box_width / 72 * kPrintDpi);
  const double needed_height = std::max(1.0, box_height / 72 * kPrintDpi);
  const double room = std::min(static_cast<double>(stored.width) / needed_width,
                               static_cast<double>(stored.height) / needed_height);
  return room >= 2 ? static_cast<uint32_t>(std::min(room, 4096.0)) : 1;
}

PrintCopies::Key PrintCopies::key_of(std::string_view bytes, uint32_t factor) {
  return {std::hash<std::string_view>{}(bytes), bytes.size(), factor};
}

void PrintCopies::note_jpeg_decoded(std::string_view jpeg) { jpegs_decoded_.insert(key_of(jpeg, 0)); }

bool PrintCopies::jpeg_decoded(std::string_view jpeg) const { return jpegs_decoded_.contains(key_of(jpeg, 0)); }

const std::string& PrintCopies::png_downsampled(std::string_view png, uint32_t factor) {
  const Key key = key_of(png, factor);
  auto found = copies_.find(key);
  if (found == copies_.end()) found = copies_.emplace(key, image::png_downsampled(png, factor)).first;
  return found->second;
}

Reduction plan_reduction(std::string_view file, PixelSize needs) {
  Reduction plan;
  plan.format = format_of(file);
  plan.stored = plan.size = pixel_size(file);
  if (plan.stored.width == 0 || plan.stored.height == 0) return plan;
  if (plan.format == Format::Png) {
    std::vector<png::Chunk> chunks;
    png::Header header;
    if (!png::read_chunks(file, chunks).empty() || !png::read_header(chunks.front(), header).empty() ||
        header.depth > 8 || header.interlace)
      return plan;
  } else if (plan.format != Format::Jpeg) {
    return plan;
  }
  PixelSize decoded = plan.stored;
  if (plan.format == Format::Jpeg) {
    const uint32_t room = whole_factor(plan.stored, needs);
    plan.jpeg_denominator = room >= 8 ? 8 : room >= 4 ? 4 : room >= 2 ? 2 : 1;
    decoded = {scaled(plan.stored.width, plan.jpeg_denominator), scaled(plan.stored.height, plan.jpeg_denominator)};
  }
  plan.factor = whole_factor(decoded, needs);
  plan.size = {scaled(decoded.width, plan.factor), scaled(decoded.height, plan.factor)};
  return plan;
}

std::optional<ReducedCopy> reduced_copy(std::string_view file, const Reduction& plan, int level) {
  std::optional<Pixels> pixels;
  long long decoded = 0;
  if (plan.format == Format::Png) {
    pixels = png_reduced(file, plan.factor);
    decoded = static_cast<long long>(plan.stored.width) * plan.stored.height;
  } else if (plan.format == Format::Jpeg) {
    JpegFrame frame;
    if (!jpeg_structure_problem(file, frame).empty()) return std::nullopt;  // its limits on bytes and scans
    pixels = jpeg_reduced(file, plan.jpeg_denominator, plan.factor);
    decoded = static_cast<long long>(scaled(plan.stored.width, plan.jpeg_denominator)) *
              scaled(plan.stored.height, plan.jpeg_denominator);
  }
  if (!pixels || pixels->width != plan.size.width || pixels->height != plan.size.height) return std::nullopt;
  return ReducedCopy{encode_png(*pixels, level), plan.size, decoded};
}

}  // namespace hanji::image
