#include "export/pdf/png_check.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "image/png_format.h"

namespace hanji::pdf {

namespace png = image::png;
namespace {

constexpr uint64_t kMaxImageBytes = 1ULL << 30;  // refuse decompression bombs

// Walks the decompressed bytes row by row: every row starts with a filter type 0..4.
class RowWalker {
 public:
  RowWalker(uint64_t rows, uint64_t row_bytes) : rows_(rows), row_bytes_(row_bytes) {}

  void feed(const unsigned char* bytes, uint64_t count) {
    while (count > 0) {
      if (row_ == rows_) {
        too_much_ = true;
        return;
      }
      if (offset_ == 0 && bytes[0] > 4) bad_filter_ = true;
      uint64_t take = std::min(count, row_bytes_ - offset_);
      bytes += take;
      count -= take;
      offset_ += take;
      if (offset_ < row_bytes_) continue;
      offset_ = 0;
      ++row_;
    }
  }

  std::string problem() const {
    if (bad_filter_) return "invalid row filter in the image data";
    if (too_much_) return "more image data than the header announces";
    if (row_ != rows_) return "image data ends early (truncated?)";
    return "";
  }

 private:
  uint64_t rows_, row_bytes_;
  uint64_t row_ = 0, offset_ = 0;
  bool bad_filter_ = false, too_much_ = false;
};

std::string check_image_data(const std::vector<png::Chunk>& chunks, const png::Header& header) {
  if (uint64_t{header.height} * header.row_bytes() > kMaxImageBytes) return "image is too large to embed";
  RowWalker walker(header.height, header.row_bytes());
  std::string problem =
      png::inflate_image_data(chunks, [&](const unsigned char* bytes, std::size_t count) { walker.feed(bytes, count); });
  return problem.empty() ? walker.problem() : problem;
}

// Chunk order and checksums the way libpng insists on them.
std::string check_chunks(const std::vector<png::Chunk>& chunks, const png::Header& header) {
  bool seen_plte = false, seen_idat = false, idat_ended = false;
  for (const png::Chunk& chunk : chunks) {
    if (!chunk.crc_ok() && chunk.critical()) return std::string(chunk.type) + " chunk has a wrong checksum";
    if (chunk.type == "PLTE") {
      if (seen_idat) return "PLTE chunk after the image data";
      if (chunk.data.empty() || chunk.data.size() % 3 != 0 || chunk.data.size() > 768) return "malformed palette";
      seen_plte = true;
    } else if (chunk.type == "IDAT") {
      if (idat_ended) return "image data is split by other chunks";
      seen_idat = true;
    } else if (seen_idat) {
      idat_ended = true;
    }
  }
  if (!seen_idat) return "no image data (IDAT chunk)";
  if (header.color_type == 3 && !seen_plte) return "palette image without a palette";
  return "";
}

// What libharu 2.3.0 cannot embed although libpng reads it: interlaced images fail (it
// never turns libpng's interlace handling on) and 16-bit ones come out garbled (it strips
// them to 8 bits but declares 16).
std::string unsupported(const png::Header& header) {
  if (header.interlace) return "interlaced PNGs cannot be embedded";
  if (header.depth == 16) return "16-bit PNGs cannot be embedded";
  return "";
}

}  // namespace

std::string png_problem(std::string_view file) {
  std::vector<png::Chunk> chunks;
  png::Header header;
  std::string problem = png::read_chunks(file, chunks);
  if (problem.empty()) problem = png::read_header(chunks.front(), header);
  if (problem.empty()) problem = check_chunks(chunks, header);
  if (!problem.empty()) return "damaged PNG: " + problem;
  // Before the data: an interlaced image's rows are laid out in passes, and the row walk
  // below would call it damaged.
  if (std::string reason = unsupported(header); !reason.empty()) return reason;
  problem = check_image_data(chunks, header);
  return problem.empty() ? "" : "damaged PNG: " + problem;
}

}  // namespace hanji::pdf
