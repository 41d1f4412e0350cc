// Fuzz target: any bytes as a photo, through everything hanji does to one before libharu sees
// it: the PNG check, its reduction to what libharu uses and its downsampling (row by row), the
// JPEG structure check and the full decode that finds damage, and the Exif orientation of
// either; and what the SVG exporter reads of one (its size, its bytes without their Exif
// data). A photo is a file a stranger may have made: none of this may crash, hang, read out
// of bounds or take memory out of proportion to the picture it describes.
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz/fuzz.h"
#include "image/exif_orientation.h"
#include "image/image.h"
#include "image/jpeg_check.h"
#include "export/pdf/png_check.h"
#include "image/reduced_copy.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)hanji::image::jpeg_orientation(bytes);
  (void)hanji::image::png_orientation(bytes);
  (void)hanji::image::tiff_orientation(bytes);
  (void)hanji::image::pixel_size(bytes);
  (void)hanji::image::without_orientation(bytes);
  hanji::image::JpegFrame frame;
  if (hanji::image::jpeg_structure_problem(bytes, frame).empty()) (void)hanji::image::jpeg_decode_problem(bytes);
  if (hanji::pdf::png_problem(bytes).empty()) {
    (void)hanji::pdf::png_essentials(bytes);
    (void)hanji::pdf::has_colour_key(bytes);
    // The factor from the first byte after the signature, so the fuzzer tries several.
    const uint32_t factor = 1 + (size > 8 ? static_cast<unsigned char>(bytes[8]) % 5 : 0);
    const std::string reduced = hanji::image::png_downsampled(bytes, factor);
    if (!reduced.empty() && !hanji::pdf::png_problem(reduced).empty()) std::abort();  // what it makes must check
  }
  return 0;
}
