#include "image/exif_orientation.h"

#include <cstddef>
#include <optional>
#include <vector>

#include "image/png_format.h"

namespace hanji::image {
namespace {

constexpr uint32_t kOrientationTag = 0x0112;
constexpr uint32_t kShortType = 3;       // TIFF's 16-bit unsigned integer
constexpr uint64_t kEntryBytes = 12;     // tag, type, count, value or offset
constexpr std::string_view kLittleEndian("II*\0", 4);
constexpr std::string_view kBigEndian("MM\0*", 4);
constexpr std::string_view kExifHeader("Exif\0\0", 6);

// The unsigned value of `size` bytes at `at` in the given byte order, or nothing when any of
// them lies past the end. `at` is 64-bit so that an offset near 4 GiB plus a few bytes cannot
// wrap around.
std::optional<uint32_t> read_uint(std::string_view data, uint64_t at, std::size_t size, bool little_endian) {
  if (at > data.size() || data.size() - at < size) return std::nullopt;
  uint32_t value = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const std::size_t byte_at = static_cast<std::size_t>(at) + (little_endian ? size - 1 - i : i);
    value = value << 8 | static_cast<unsigned char>(data[byte_at]);
  }
  return value;
}

Orientation orientation_of(uint32_t value) {
  return value >= 1 && value <= 8 ? static_cast<Orientation>(value) : Orientation::Upright;
}

// IFD0's orientation entry, read from the entry at `entry`.
Orientation read_orientation_entry(std::string_view tiff, uint64_t entry, bool little_endian) {
  const auto type = read_uint(tiff, entry + 2, 2, little_endian);
  const auto count = read_uint(tiff, entry + 4, 4, little_endian);
  const auto value = read_uint(tiff, entry + 8, 2, little_endian);  // a SHORT sits in the first half
  if (!type || !count || !value || *type != kShortType || *count != 1) return Orientation::Upright;
  return orientation_of(*value);
}

bool is_standalone_marker(unsigned char marker) {
  return marker == 0x01 || marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7);
}

}  // namespace

bool swaps_sides(Orientation orientation) {
  return orientation == Orientation::Transposed || orientation == Orientation::QuarterTurnClockwise ||
         orientation == Orientation::Transversed || orientation == Orientation::QuarterTurnAnticlockwise;
}

Orientation tiff_orientation(std::string_view tiff) {
  bool little_endian = false;
  if (tiff.starts_with(kLittleEndian)) little_endian = true;
  else if (!tiff.starts_with(kBigEndian)) return Orientation::Upright;
  const auto directory = read_uint(tiff, 4, 4, little_endian);
  const auto entries = directory ? read_uint(tiff, *directory, 2, little_endian) : std::nullopt;
  if (!entries) return Orientation::Upright;
  // At most 65535 entries, and only those inside the data: a count that claims more than the
  // data holds ends at its end. The directories after IFD0 are never followed.
  for (uint32_t i = 0; i < *entries; ++i) {
    const uint64_t entry = uint64_t{*directory} + 2 + i * kEntryBytes;
    const auto tag = read_uint(tiff, entry, 2, little_endian);
    if (!tag) break;
    if (*tag == kOrientationTag) return read_orientation_entry(tiff, entry, little_endian);
  }
  return Orientation::Upright;
}

Orientation jpeg_orientation(std::string_view jpeg) {
  auto byte = [&](std::size_t at) { return static_cast<unsigned char>(jpeg[at]); };
  if (jpeg.size() < 2 || byte(0) != 0xFF || byte(1) != 0xD8) return Orientation::Upright;
  constexpr unsigned char kApp1 = 0xE1, kStartOfScan = 0xDA, kEndOfImage = 0xD9;
  std::size_t at = 2;
  // Each step moves on by at least one byte, so the walk ends.
  while (at + 4 <= jpeg.size()) {
    if (byte(at) != 0xFF) return Orientation::Upright;
    const unsigned char marker = byte(at + 1);
    if (marker == 0xFF) {  // a fill byte before the marker
      ++at;
      continue;
    }
    if (marker == kStartOfScan || marker == kEndOfImage) return Orientation::Upright;  // Exif comes first
    if (is_standalone_marker(marker)) {
      at += 2;
      continue;
    }
    const std::size_t length = static_cast<std::size_t>(byte(at + 2)) << 8 | byte(at + 3);
    if (length < 2 || length > jpeg.size() - at - 2) return Orientation::Upright;
    const std::string_view segment = jpeg.substr(at + 4, length - 2);
    if (marker == kApp1 && segment.starts_with(kExifHeader))
      return tiff_orientation(segment.substr(kExifHeader.size()));
    at += 2 + length;
  }
  return Orientation::Upright;
}

Orientation png_orientation(std::string_view png_file) {
  std::vector<png::Chunk> chunks;
  png::read_chunks(png_file, chunks);  // a damaged PNG is refused elsewhere; its intact chunks still count
  for (const png::Chunk& chunk : chunks) {
    if (chunk.type != "eXIf" || !chunk.crc_ok()) continue;
    std::string_view tiff = chunk.data;
    if (tiff.starts_with(kExifHeader)) tiff.remove_prefix(kExifHeader.size());  // as some writers put it
    return tiff_orientation(tiff);
  }
  return Orientation::Upright;
}

namespace {

// One coordinate of the upright picture (0 to 1 across or up) as a function of the stored
// picture's: coordinate = per_u * u + per_v * v + constant, where u runs along its rows from
// column 0 and v up from its last row, as PDF draws an image in its unit square.
struct Axis {
  double per_u = 0, per_v = 0, constant = 0;
};
struct Turn {
  Axis across, up;
};

Turn turn_of(Orientation orientation) {
  switch (orientation) {
    case Orientation::Upright: break;
    case Orientation::MirroredLeftRight: return {{-1, 0, 1}, {0, 1, 0}};
    case Orientation::HalfTurn: return {{-1, 0, 1}, {0, -1, 1}};
    case Orientation::MirroredTopBottom: return {{1, 0, 0}, {0, -1, 1}};
    case Orientation::Transposed: return {{0, -1, 1}, {-1, 0, 1}};
    case Orientation::QuarterTurnClockwise: return {{0, 1, 0}, {-1, 0, 1}};
    case Orientation::Transversed: return {{0, 1, 0}, {1, 0, 0}};
    case Orientation::QuarterTurnAnticlockwise: return {{0, -1, 1}, {1, 0, 0}};
  }
  return {{1, 0, 0}, {0, 1, 0}};
}

}  // namespace

ImageMatrix upright_matrix(Orientation orientation, double left, double bottom, double width, double height) {
  const Turn turn = turn_of(orientation);
  return ImageMatrix{width * turn.across.per_u,  height * turn.up.per_u,
                     width * turn.across.per_v,  height * turn.up.per_v,
                     left + width * turn.across.constant, bottom + height * turn.up.constant};
}

}  // namespace hanji::image
