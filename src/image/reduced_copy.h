// reduced_copy: a photo made smaller before it is drawn, decoded no further than it must be.
// A CV prints its photo a few centimetres wide, while a phone's photo has 12 million pixels:
// the PDF writer embeds a PNG photo reduced (libharu would decode and compress it whole), and
// the PNG pages hand librsvg a copy sized for the page's resolution (librsvg would decode
// every pixel of the original, about a second for a phone's photo). A JPEG is reduced while it
// is decoded (libjpeg's DCT scaling at 1/2, 1/4 or 1/8 skips most of the work); a PNG is
// inflated row by row and each block of pixels averaged, the full-size picture never held.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "image/image.h"

namespace hanji::image {

/// A picture as 8-bit samples, `channels` per pixel: grey, grey + alpha, RGB or RGBA.
struct Pixels {
  uint32_t width = 0, height = 0;
  int channels = 0;
  std::vector<unsigned char> samples;
};

/// `pixels` as a PNG (8 bits, filter none, image data compressed at zlib `level`; no other
/// chunk). Deterministic with the same zlib.
std::string encode_png(const Pixels& pixels, int level);

/// A sound PNG of 8 bits or fewer per sample made `factor` times smaller each way, every
/// block of pixels averaged: grey, grey + alpha, RGB or RGBA at 8 bits, with any palette and
/// transparency resolved, compressed at zlib's default level. "" if it cannot (interlaced,
/// 16-bit, damaged). With factor 1 it only resolves transparency (the PDF writer's use).
std::string png_downsampled(std::string_view png, uint32_t factor);

/// The resolution a photo is kept at for print: the PDF embeds it so, and PNG pages draw it
/// from that copy at most (a picture at 600 dpi shows the photo no sharper than the PDF holds it).
inline constexpr double kPrintDpi = 400;

/// How many times smaller each way a photo of `stored` pixels can be made and still print at
/// kPrintDpi in a box of `box_width` x `box_height` points (in the stored picture's
/// orientation): a whole factor, 1 when it has no more than twice the pixels it needs (it then
/// keeps its full resolution). A photo 3 cm wide needs 470 pixels.
uint32_t print_reduction_factor(PixelSize stored, double box_width, double box_height);

/// PNG photos reduced for print (png_downsampled), kept for the length of one build: the PDF
/// embeds the copy and the PNG pages draw the same one, so a photo is inflated once whatever
/// the outputs (a noisy 12-megapixel PNG takes about 0.3 s to inflate and average). Keyed by
/// the file's bytes (their hash and size) and the factor. For one thread.
class PrintCopies {
 public:
  /// png_downsampled(png, factor), made the first time it is asked for.
  const std::string& png_downsampled(std::string_view png, uint32_t factor);
  /// How many copies were made (the work; a second output asking for one makes none).
  std::size_t made() const { return copies_.size(); }

  /// A JPEG one output decoded whole without a fault (the PNG pages, reducing it): the PDF,
  /// which decodes it only to check it, need not do it again. Entropy decoding, the same at
  /// any scale, is most of the cost: a noisy 14 MB photo takes 0.25 s.
  void note_jpeg_decoded(std::string_view jpeg);
  bool jpeg_decoded(std::string_view jpeg) const;

 private:
  using Key = std::tuple<std::size_t, std::size_t, uint32_t>;  // the bytes' hash and size; the factor
  static Key key_of(std::string_view bytes, uint32_t factor);
  std::map<Key, std::string> copies_;
  std::set<Key> jpegs_decoded_;
};

/// How a photo is made smaller so that each way it keeps at least the pixels it `needs` (in
/// the stored picture's orientation), and fewer than twice as many: a JPEG decoded at
/// 1/`jpeg_denominator` of its size, then (either format) each `factor` x `factor` block of
/// pixels averaged. `size` is the copy's. Nothing to do (`reduces()` false) when the photo is
/// no more than twice what it needs, or when it cannot be decoded here (an interlaced or
/// 16-bit PNG, a file that is neither PNG nor JPEG): it is drawn from the file as it is.
struct Reduction {
  Format format = Format::Unknown;
  PixelSize stored;
  uint32_t jpeg_denominator = 1;
  uint32_t factor = 1;
  PixelSize size;  // of the copy; the stored size when nothing is reduced
  bool reduces() const { return jpeg_denominator > 1 || factor > 1; }
};
Reduction plan_reduction(std::string_view file, PixelSize needs);

/// The photo `file` reduced as `plan` says (plan_reduction of the same file), as a PNG
/// compressed at zlib `level`, without Exif data (the stored pixels, not turned); and how many
/// pixels were decoded to make it (the work, which for a JPEG is the reduced size). nullopt
/// when the file is damaged.
struct ReducedCopy {
  std::string png;
  PixelSize size;
  long long decoded_pixels = 0;
};
std::optional<ReducedCopy> reduced_copy(std::string_view file, const Reduction& plan, int level);

}  // namespace hanji::image
