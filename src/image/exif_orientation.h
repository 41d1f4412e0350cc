// The EXIF orientation of a photo. A phone stores the sensor's pixels as they came (a
// portrait photo as a landscape picture) and writes in the Exif data how to turn them; image
// viewers turn them, PDF viewers never do (a JPEG is embedded as it is). Without reading it
// a portrait photo from a phone lay on its side in the CV.
//
// Everything here reads files a stranger may have made: every offset is checked against the
// data before it is read, and only IFD0 is read, so no chain of directories can loop. Damaged
// or missing Exif data reads as Upright, which is how the picture is stored.
#pragma once

#include <cstdint>
#include <string_view>

namespace hanji::image {

/// TIFF tag 0x0112's values: where the stored picture's first row and first column belong.
enum class Orientation : uint8_t {
  Upright = 1,            // row 0 at the top, column 0 at the left
  MirroredLeftRight = 2,  // row 0 at the top, column 0 at the right
  HalfTurn = 3,           // row 0 at the bottom, column 0 at the right: shown turned upside down
  MirroredTopBottom = 4,  // row 0 at the bottom, column 0 at the left
  Transposed = 5,         // row 0 at the left, column 0 at the top: mirrored along the main diagonal
  QuarterTurnClockwise = 6,      // row 0 at the right, column 0 at the top (a phone held upright)
  Transversed = 7,               // row 0 at the right, column 0 at the bottom: mirrored along the other diagonal
  QuarterTurnAnticlockwise = 8,  // row 0 at the left, column 0 at the bottom
};

/// True when the picture is shown on its side: its width is the stored height.
bool swaps_sides(Orientation orientation);

/// The orientation a TIFF structure states in IFD0 ("II*\0" or "MM\0*", then the directory):
/// the body of a JPEG's Exif segment after "Exif\0\0", or a PNG's eXIf chunk.
Orientation tiff_orientation(std::string_view tiff);

/// The orientation in the first Exif APP1 segment before the image data of `jpeg`.
Orientation jpeg_orientation(std::string_view jpeg);

/// The orientation in the eXIf chunk of `png` (one with an intact CRC).
Orientation png_orientation(std::string_view png);

/// Where the picture's unit square goes so that it shows upright in a rectangle (`left`,
/// `bottom`, `width`, `height`, PDF coordinates): the matrix [a b c d e f] of PDF's `cm`.
struct ImageMatrix {
  double a = 1, b = 0, c = 0, d = 1, e = 0, f = 0;
};
ImageMatrix upright_matrix(Orientation orientation, double left, double bottom, double width, double height);

}  // namespace hanji::image
