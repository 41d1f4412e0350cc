// A JPEG check run before libharu sees a JPEG. libharu copies a JPEG into the PDF as it is
// (DCTDecode) after reading only its frame header: a truncated photo (a download cut short)
// became a PDF that viewers draw half grey and qpdf reports as invalid JPEG data, and so did
// a damaged frame header. Walking the marker segments finds what libharu cannot embed and
// says it plainly; decoding the image with libjpeg then finds any other damage. The SVG
// exporter reads a photo's size from the same walk.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hanji::image {

struct JpegFrame {
  uint32_t width = 0, height = 0;
  int components = 0;
};

/// Why `jpeg` cannot be embedded ("truncated: the image data ends before the end-of-image
/// marker", "12-bit JPEGs cannot be embedded", "damaged JPEG: Bogus sampling factors"), or
/// "" with `frame` filled in: the structure check below, then a full decode with libjpeg.
std::string jpeg_problem(std::string_view jpeg, JpegFrame& frame);

/// The structure alone: marker segments in order, a frame hanji can embed, image data that
/// reaches the end-of-image marker. Cheap (it decodes nothing); says what is wrong in our words.
std::string jpeg_structure_problem(std::string_view jpeg, JpegFrame& frame);

/// What libjpeg finds wrong when it decodes the whole image ("" if nothing).
std::string jpeg_decode_problem(std::string_view jpeg);

}  // namespace hanji::image
