#include "image/image.h"

#include "image/jpeg_check.h"
#include "image/png_format.h"

#include <vector>

namespace hanji::image {

Format format_of(std::string_view bytes) {
  if (bytes.substr(0, png::kSignature.size()) == png::kSignature) return Format::Png;
  if (bytes.substr(0, 3) == "\xFF\xD8\xFF") return Format::Jpeg;
  return Format::Unknown;
}

Orientation orientation_of(std::string_view bytes) {
  switch (format_of(bytes)) {
    case Format::Png: return png_orientation(bytes);
    case Format::Jpeg: return jpeg_orientation(bytes);
    case Format::Unknown: break;
  }
  return Orientation::Upright;
}

PixelSize pixel_size(std::string_view bytes) {
  switch (format_of(bytes)) {
    case Format::Png: {
      const png::Size size = png::size_of(bytes);
      return {size.width, size.height};
    }
    case Format::Jpeg: {
      JpegFrame frame;
      if (!jpeg_structure_problem(bytes, frame).empty()) return {};
      return {frame.width, frame.height};
    }
    case Format::Unknown: break;
  }
  return {};
}

namespace {

// A JPEG's segments before its image data, without the Exif ones (APP1 starting "Exif\0\0");
// the image data and everything after it as they are. A structure it cannot follow is kept whole.
std::string jpeg_without_exif(std::string_view jpeg) {
  std::string out(jpeg.substr(0, 2));
  std::size_t at = 2;
  while (at + 4 <= jpeg.size() && static_cast<unsigned char>(jpeg[at]) == 0xFF) {
    const auto marker = static_cast<unsigned char>(jpeg[at + 1]);
    if (marker == 0xDA) break;  // start of scan: the image data follows
    const std::size_t length = static_cast<std::size_t>(static_cast<unsigned char>(jpeg[at + 2])) << 8 |
                               static_cast<unsigned char>(jpeg[at + 3]);
    if (length < 2 || at + 2 + length > jpeg.size()) return std::string(jpeg);
    const std::string_view segment = jpeg.substr(at, 2 + length);
    if (!(marker == 0xE1 && segment.substr(4, 6) == std::string_view("Exif\0\0", 6))) out += segment;
    at += 2 + length;
  }
  out += jpeg.substr(at);
  return out;
}

std::string png_without_exif(std::string_view file) {
  std::vector<png::Chunk> chunks;
  if (!png::read_chunks(file, chunks).empty()) return std::string(file);
  std::string out(png::kSignature);
  for (const png::Chunk& chunk : chunks)
    if (chunk.type != "eXIf") out += chunk.whole;
  return out;
}

}  // namespace

std::string without_orientation(std::string_view bytes) {
  if (orientation_of(bytes) == Orientation::Upright) return std::string(bytes);
  return format_of(bytes) == Format::Png ? png_without_exif(bytes) : jpeg_without_exif(bytes);
}

}  // namespace hanji::image
