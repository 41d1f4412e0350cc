// A JPEG check run before libharu sees a JPEG. libharu copies a JPEG into the PDF as it is
// (DCTDecode) after reading only its frame header: a truncated photo (a download cut short)
// became a PDF that viewers draw half grey and qpdf reports as invalid JPEG data. Walking the
// marker segments to the end of image finds that, and what libharu cannot embed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hanji::pdf {

struct JpegFrame {
  uint32_t width = 0, height = 0;
  int components = 0;
};

/// Why `jpeg` cannot be embedded ("truncated: the image data ends before the end-of-image
/// marker", "12-bit JPEGs cannot be embedded"), or "" with `frame` filled in.
std::string jpeg_problem(std::string_view jpeg, JpegFrame& frame);

}  // namespace hanji::pdf
