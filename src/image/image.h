// image: what hanji reads of a photo before an exporter places it, without decoding it: its
// format (by content, not by name), the size its header announces, and how its Exif data says
// it is turned. Shared by the PDF writer and the SVG exporter, so that both place a photo the
// same way. Pure byte reading, no drawing library.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "image/exif_orientation.h"

namespace hanji::image {

enum class Format { Unknown, Png, Jpeg };

/// By content, not by extension: a photo saved as .jpg that is really a PNG still works.
Format format_of(std::string_view bytes);

/// How the stored pixels are turned to stand upright, as the Exif data of a phone photo says.
Orientation orientation_of(std::string_view bytes);

/// The stored size in pixels (before any turning), as the header announces it; 0 x 0 when
/// the file is not a PNG or a JPEG whose frame header can be read.
struct PixelSize {
  uint32_t width = 0, height = 0;
};
PixelSize pixel_size(std::string_view bytes);

/// `bytes` without what says how to turn the picture (a JPEG's Exif segments, a PNG's eXIf
/// chunk), so that a viewer which would turn it shows the stored pixels as they are: for an
/// exporter that turns them itself. The bytes unchanged when they say nothing of it.
std::string without_orientation(std::string_view bytes);

}  // namespace hanji::image
