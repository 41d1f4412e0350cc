#include "image/jpeg_check.h"

#include "core/files.h"
#include "core/limits.h"
#include "image/jpeg_errors.h"

// libjpeg reports errors by longjmp: see jpeg_decode_problem for why that is safe here.
#include <csetjmp>
#include <cstddef>
#include <cstdio>
#include <vector>

#include <jpeglib.h>
// After jpeglib.h, which it needs.
#include <jerror.h>

namespace hanji::image {
namespace {

constexpr unsigned char kSoi = 0xD8, kEoi = 0xD9, kSos = 0xDA, kProgressive = 0xC2;

// Each scan of a progressive JPEG is a pass over the whole picture: encoders write about ten;
// thousands of tiny scans are a file made to take minutes to decode (libjpeg-turbo's own tools
// stop at 500). The cost is the scans times the picture's size, so the limit is kept low.
constexpr int kMaxScans = 100;

bool is_restart(unsigned char marker) { return marker >= 0xD0 && marker <= 0xD7; }
// Markers without a length field: SOI, EOI, RSTn, TEM.
bool is_standalone(unsigned char marker) { return marker == kSoi || marker == kEoi || is_restart(marker) || marker == 0x01; }
// Huffman-coded baseline, extended and progressive frames: what every PDF reader decodes.
// libharu would also take arithmetic coding (SOF9), which many readers cannot show.
bool is_frame_libharu_reads(unsigned char marker) { return marker == 0xC0 || marker == 0xC1 || marker == 0xC2; }
bool is_frame(unsigned char marker) {
  return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

uint32_t be16(std::string_view data, std::size_t at) {
  return static_cast<uint32_t>(static_cast<unsigned char>(data[at])) << 8 |
         static_cast<unsigned char>(data[at + 1]);
}

// Skips entropy-coded data from `at`: up to the next marker that is not a stuffed 0xFF00 or
// a restart marker. Returns its position (at its 0xFF), or the size if there is none.
std::size_t skip_scan(std::string_view jpeg, std::size_t at) {
  while (at + 1 < jpeg.size()) {
    if (static_cast<unsigned char>(jpeg[at]) != 0xFF) {
      ++at;
      continue;
    }
    const auto next = static_cast<unsigned char>(jpeg[at + 1]);
    if (next == 0x00 || is_restart(next) || next == 0xFF) {
      at += next == 0xFF ? 1 : 2;  // a fill byte before a marker: look again from it
      continue;
    }
    return at;
  }
  return jpeg.size();
}

std::string read_frame(std::string_view segment, unsigned char marker, JpegFrame& frame) {
  if (segment.size() < 6) return "damaged JPEG: frame header too short";
  if (!is_frame_libharu_reads(marker))
    return marker == 0xC3 || marker == 0xC7 || marker == 0xCB || marker == 0xCF ? "lossless JPEGs cannot be embedded"
                                                                                : "arithmetic-coded or hierarchical JPEGs cannot be embedded";
  if (static_cast<unsigned char>(segment[0]) != 8) return "only 8-bit JPEGs can be embedded, not 12-bit ones";
  frame.height = be16(segment, 1);
  frame.width = be16(segment, 3);
  frame.components = static_cast<unsigned char>(segment[5]);
  if (frame.width == 0 || frame.height == 0) return "damaged JPEG: the frame has no size";
  if (frame.components != 1 && frame.components != 3 && frame.components != 4)
    return "damaged JPEG: " + std::to_string(frame.components) + " colour components";
  return "";
}

}  // namespace

namespace jpeg_errors {

extern "C" void on_error(j_common_ptr info) {
  auto* manager = reinterpret_cast<Manager*>(info->err);
  info->err->format_message(info, manager->message);
  std::longjmp(manager->jump, 1);
}

extern "C" void on_message(j_common_ptr info, int level) {
  auto* manager = reinterpret_cast<Manager*>(info->err);
  if (level != -1 || manager->warned || info->err->msg_code == JWRN_EXTRANEOUS_DATA) return;
  info->err->format_message(info, manager->message);
  manager->warned = true;
}

}  // namespace jpeg_errors

// Decodes the whole image with libjpeg, the decoder PDF viewers and qpdf use, at 1/8 scale
// (every coefficient is still decoded, so damage anywhere is found, at a fraction of the
// cost). The only automatic objects that live across setjmp are declared before it, and the
// frames longjmp leaves are libjpeg's C frames, so no destructor is skipped.
std::string jpeg_decode_problem(std::string_view jpeg) {
  jpeg_decompress_struct info{};
  jpeg_errors::Manager errors;
  std::vector<JSAMPLE> row;
  info.err = jpeg_std_error(&errors.base);
  errors.base.error_exit = jpeg_errors::on_error;
  errors.base.emit_message = jpeg_errors::on_message;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&info);
    return std::string("damaged JPEG: ") + errors.message;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, reinterpret_cast<const unsigned char*>(jpeg.data()), static_cast<unsigned long>(jpeg.size()));
  jpeg_read_header(&info, TRUE);
  info.scale_num = 1;
  info.scale_denom = 8;
  info.dct_method = JDCT_IFAST;
  jpeg_start_decompress(&info);
  row.resize(static_cast<std::size_t>(info.output_width) * static_cast<std::size_t>(info.output_components));
  while (info.output_scanline < info.output_height) {
    JSAMPROW rows[1] = {row.data()};
    jpeg_read_scanlines(&info, rows, 1);
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return errors.warned ? std::string("damaged JPEG: ") + errors.message : std::string();
}

std::string jpeg_problem(std::string_view jpeg, JpegFrame& frame) {
  std::string problem = jpeg_structure_problem(jpeg, frame);
  return problem.empty() ? jpeg_decode_problem(jpeg) : problem;
}

std::string jpeg_structure_problem(std::string_view jpeg, JpegFrame& frame) {
  if (jpeg.size() < 4 || static_cast<unsigned char>(jpeg[0]) != 0xFF || static_cast<unsigned char>(jpeg[1]) != kSoi)
    return "not a JPEG file";
  if (jpeg.size() > limits::kMaxJpegBytes)
    return "a JPEG of more than " + describe_bytes(limits::kMaxJpegBytes) +
           " takes too long to check (a phone's photo has a few MiB); scale it down";
  bool seen_frame = false;
  int scans = 0;
  std::size_t at = 2;
  for (;;) {
    // Markers may be preceded by any number of 0xFF fill bytes.
    while (at < jpeg.size() && static_cast<unsigned char>(jpeg[at]) == 0xFF && at + 1 < jpeg.size() &&
           static_cast<unsigned char>(jpeg[at + 1]) == 0xFF)
      ++at;
    if (at + 2 > jpeg.size()) return "truncated JPEG: the file ends before the end-of-image marker";
    if (static_cast<unsigned char>(jpeg[at]) != 0xFF) return "damaged JPEG: a segment does not start with a marker";
    const auto marker = static_cast<unsigned char>(jpeg[at + 1]);
    at += 2;
    if (marker == kEoi) {
      if (!seen_frame || scans == 0) return "damaged JPEG: it ends before any image data";
      return "";
    }
    if (is_standalone(marker)) continue;
    if (at + 2 > jpeg.size()) return "truncated JPEG: the file ends inside a segment";
    const std::size_t length = be16(jpeg, at);
    if (length < 2) return "damaged JPEG: a segment with an impossible length";
    if (at + length > jpeg.size()) return "truncated JPEG: the file ends inside a segment";
    const std::string_view segment = jpeg.substr(at + 2, length - 2);
    at += length;
    if (is_frame(marker)) {
      if (seen_frame) return "damaged JPEG: two frame headers";
      if (std::string problem = read_frame(segment, marker, frame); !problem.empty()) return problem;
      if (marker == kProgressive && jpeg.size() > limits::kMaxProgressiveJpegBytes)
        return "a progressive JPEG of more than " + describe_bytes(limits::kMaxProgressiveJpegBytes) +
               " takes too long to check; scale it down or save it as a baseline (not progressive) JPEG";
      seen_frame = true;
    } else if (marker == kSos) {
      if (!seen_frame) return "damaged JPEG: image data before the frame header";
      if (++scans > kMaxScans)
        return "it has more than " + std::to_string(kMaxScans) + " scans (a progressive JPEG has about ten)";
      at = skip_scan(jpeg, at);
      if (at >= jpeg.size()) return "truncated JPEG: the image data ends before the end-of-image marker";
    }
  }
}

}  // namespace hanji::image
