// Tests for the image module: a photo's Exif orientation (JPEG, PNG, TIFF, read only inside
// the data, in bounded time) and the JPEG check that runs before a photo is copied into a PDF
// (its structure walked, then decoded once with libjpeg). The PNG checks and the drawing of
// turned photos belong to the PDF writer and are in pdf_test.cc.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>  // jpeglib.h needs FILE
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <jpeglib.h>

#include "hand_made_images.h"
#include "image/exif_orientation.h"
#include "image/jpeg_check.h"

namespace hanji {
namespace {

using namespace hand_made;

// ---- photos turned by their Exif orientation --------------------------------------------

// `data` in a heap block of exactly its size, so that AddressSanitizer sees any read past it.
template <typename Read>
image::Orientation read_exact(const std::string& data, Read read) {
  auto block = std::make_unique<char[]>(std::max<std::size_t>(1, data.size()));
  std::copy(data.begin(), data.end(), block.get());
  return read(std::string_view(block.get(), data.size()));
}

TEST(ImageExifOrientation, ReadsEveryValueInBothByteOrders) {
  for (bool little_endian : {true, false}) {
    for (uint32_t value = 1; value <= 8; ++value) {
      const auto expected = static_cast<image::Orientation>(value);
      EXPECT_EQ(image::tiff_orientation(camera_tiff(little_endian, value)), expected) << value;
      EXPECT_EQ(image::jpeg_orientation(jpeg_head(exif_segment(camera_tiff(little_endian, value)))), expected) << value;
    }
  }
  EXPECT_TRUE(image::swaps_sides(image::Orientation::QuarterTurnClockwise));
  EXPECT_TRUE(image::swaps_sides(image::Orientation::Transposed));
  EXPECT_FALSE(image::swaps_sides(image::Orientation::HalfTurn));
  EXPECT_FALSE(image::swaps_sides(image::Orientation::MirroredTopBottom));
}

TEST(ImageExifOrientation, WhatIsNoOrientationReadsAsUpright) {
  using image::Orientation;
  for (uint32_t value : {0u, 9u, 0xFFFFu})
    EXPECT_EQ(image::tiff_orientation(camera_tiff(true, value)), Orientation::Upright) << value;
  EXPECT_EQ(image::tiff_orientation(tiff(true, {{0x0112, 4, 1, 6}})), Orientation::Upright);  // a LONG
  EXPECT_EQ(image::tiff_orientation(tiff(true, {{0x0112, 3, 2, 6}})), Orientation::Upright);  // two values
  EXPECT_EQ(image::tiff_orientation(tiff(false, {{0x0100, 4, 1, 80}})), Orientation::Upright);
  EXPECT_EQ(image::tiff_orientation(tiff(false, {})), Orientation::Upright);
  EXPECT_EQ(image::tiff_orientation(""), Orientation::Upright);
  std::string wrong_order = camera_tiff(true, 6);
  wrong_order[1] = 'M';  // "IM*\0"
  EXPECT_EQ(image::tiff_orientation(wrong_order), Orientation::Upright);
  // The first orientation entry counts.
  EXPECT_EQ(image::tiff_orientation(tiff(true, {{0x0112, 3, 1, 3}, {0x0112, 3, 1, 6}})), Orientation::HalfTurn);
  // Exif after the image data, or in an APP1 without the Exif name, is not the picture's.
  EXPECT_EQ(image::jpeg_orientation(jpeg_head("") + exif_segment(camera_tiff(true, 6))), Orientation::Upright);
  std::string xmp = exif_segment(camera_tiff(true, 6));
  xmp[4] = 'X';
  EXPECT_EQ(image::jpeg_orientation(jpeg_head(xmp)), Orientation::Upright);
  EXPECT_EQ(image::jpeg_orientation("not a JPEG"), Orientation::Upright);
  // Fill bytes before a marker are skipped, as decoders do.
  EXPECT_EQ(image::jpeg_orientation(jpeg_head("\xFF\xFF\xFF" + exif_segment(camera_tiff(false, 8)))),
            Orientation::QuarterTurnAnticlockwise);
}

// Cut anywhere, the data is read only inside itself: the orientation while its entry is
// whole, Upright once it is not.
TEST(ImageExifOrientation, TruncatedDataIsReadOnlyInsideItself) {
  for (bool little_endian : {true, false}) {
    const std::string whole = camera_tiff(little_endian, 6);
    // Header, count, the first entry and the second up to its value (a SHORT's last two
    // bytes are padding).
    const std::size_t value_end = 8 + 2 + 12 + 10;
    for (std::size_t length = 0; length <= whole.size(); ++length) {
      const image::Orientation read = read_exact(whole.substr(0, length), image::tiff_orientation);
      EXPECT_EQ(read, length >= value_end ? image::Orientation::QuarterTurnClockwise : image::Orientation::Upright)
          << length;
    }
    const std::string jpeg = jpeg_head(exif_segment(whole));
    for (std::size_t length = 0; length < jpeg.size(); ++length)
      read_exact(jpeg.substr(0, length), image::jpeg_orientation);
  }
}

// Offsets that point back, past the end or at nothing: read in bounded time and space.
TEST(ImageExifOrientation, LoopingAndLyingDirectoriesEndQuickly) {
  using image::Orientation;
  // The next directory is IFD0 again: never followed, so no loop.
  EXPECT_EQ(image::tiff_orientation(tiff(true, {{0x0112, 3, 1, 6}}, 8)), Orientation::QuarterTurnClockwise);
  auto with_directory_at = [](uint32_t offset, bool little_endian) {
    std::string data = camera_tiff(little_endian, 6);
    data.replace(4, 4, tiff_uint(offset, 4, little_endian));
    return data;
  };
  for (bool little_endian : {true, false}) {
    // IFD0 at the header itself ("II" read as 18761 entries), past the end, at the last byte.
    for (uint32_t offset : {0u, 4u, 0xFFFFFFF0u, 0xFFFFFFFFu, 45u})
      EXPECT_EQ(read_exact(with_directory_at(offset, little_endian), image::tiff_orientation), Orientation::Upright)
          << offset;
    // A count of 65535 entries in 38 bytes.
    std::string many = camera_tiff(little_endian, 6);
    many[8] = many[9] = '\xFF';
    EXPECT_EQ(read_exact(many, image::tiff_orientation), Orientation::QuarterTurnClockwise);
    std::string none_whole = tiff(little_endian, {{0x0100, 4, 1, 80}});
    none_whole[8] = none_whole[9] = '\xFF';
    EXPECT_EQ(read_exact(none_whole, image::tiff_orientation), Orientation::Upright);
  }
  // Segment lengths that lie: 0, 1, and past the end of the file.
  for (const char* length : {"\x00\x00", "\x00\x01", "\xFF\xFF"}) {
    std::string segment = exif_segment(camera_tiff(true, 6));
    segment.replace(2, 2, length, 2);
    EXPECT_EQ(read_exact(jpeg_head(segment), image::jpeg_orientation), Orientation::Upright);
  }
}

TEST(ImageExifOrientation, ReadsAPngsExifChunk) {
  const std::string png = grey_png(2, 2, std::string(6, '\0'));
  EXPECT_EQ(image::png_orientation(png), image::Orientation::Upright);
  EXPECT_EQ(image::png_orientation(png_with_chunk(png, png_chunk("eXIf", camera_tiff(false, 6)))),
            image::Orientation::QuarterTurnClockwise);
  const std::string named = std::string("Exif\0\0", 6) + camera_tiff(true, 8);  // as some writers put it
  EXPECT_EQ(image::png_orientation(png_with_chunk(png, png_chunk("eXIf", named))),
            image::Orientation::QuarterTurnAnticlockwise);
  EXPECT_EQ(image::png_orientation(png_with_chunk(png, png_chunk("eXIf", camera_tiff(false, 6), false))),
            image::Orientation::Upright);  // a damaged chunk says nothing
  const std::string exif_png = png_with_chunk(png, png_chunk("eXIf", camera_tiff(true, 3)));
  for (std::size_t length = 0; length < exif_png.size(); ++length)
    read_exact(exif_png.substr(0, length), image::png_orientation);
}

// ---- JPEGs checked before they are copied into a PDF -------------------------------------

// A JPEG as an encoder writes one (libjpeg's defaults: JFIF, baseline, YCbCr with 2x2 chroma
// subsampling), of A4's shape at 20 dpi, 166 x 234: a page of bands and a checkerboard, so
// that every block holds data.
std::string real_jpeg() {
  constexpr unsigned kWidth = 166, kHeight = 234;
  jpeg_compress_struct encoder{};
  jpeg_error_mgr errors{};
  encoder.err = jpeg_std_error(&errors);  // an error ends the test program: the test fails
  jpeg_create_compress(&encoder);
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&encoder, &buffer, &size);
  encoder.image_width = kWidth;
  encoder.image_height = kHeight;
  encoder.input_components = 3;
  encoder.in_color_space = JCS_RGB;
  jpeg_set_defaults(&encoder);
  jpeg_start_compress(&encoder, TRUE);
  std::vector<unsigned char> row(kWidth * 3);
  for (unsigned y = 0; y < kHeight; ++y) {
    for (unsigned x = 0; x < kWidth; ++x) {
      const bool dark = ((x / 6) + (y / 6)) % 2 == 0;
      row[3 * x] = static_cast<unsigned char>(dark ? 30 : 220);
      row[3 * x + 1] = static_cast<unsigned char>((y * 255) / kHeight);
      row[3 * x + 2] = static_cast<unsigned char>((x * 255) / kWidth);
    }
    JSAMPROW rows[] = {row.data()};
    jpeg_write_scanlines(&encoder, rows, 1);
  }
  jpeg_finish_compress(&encoder);
  jpeg_destroy_compress(&encoder);
  const std::unique_ptr<unsigned char, decltype(&std::free)> owned(buffer, &std::free);
  return std::string(reinterpret_cast<const char*>(buffer), size);
}

std::string jpeg_check(const std::string& bytes) {
  image::JpegFrame frame;
  return image::jpeg_problem(bytes, frame);
}

TEST(ImageJpegCheck, AcceptsARealJpegAndReadsItsFrame) {
  const std::string jpeg = real_jpeg();
  image::JpegFrame frame;
  EXPECT_EQ(image::jpeg_problem(jpeg, frame), "");
  EXPECT_EQ(frame.width, 166u);
  EXPECT_EQ(frame.height, 234u);
  EXPECT_EQ(frame.components, 3);
  EXPECT_EQ(jpeg_check(jpeg + "trailing bytes some cameras append"), "");
}

// Cut anywhere, a JPEG is refused: libharu would embed it as it is and the PDF would hold
// invalid image data.
TEST(ImageJpegCheck, RefusesEveryTruncation) {
  const std::string jpeg = real_jpeg();
  ASSERT_GT(jpeg.size(), 1000u);
  for (std::size_t length = 0; length + 2 <= jpeg.size(); length += 1 + length / 16) {
    const std::string problem = jpeg_check(jpeg.substr(0, length));
    EXPECT_NE(problem, "") << "cut at " << length << " of " << jpeg.size();
  }
  EXPECT_NE(jpeg_check(jpeg.substr(0, jpeg.size() - 2)).find("truncated"), std::string::npos);
}

// Every scan of a progressive JPEG is a pass over the whole picture: a file of thousands of
// scans would take minutes to decode. Past 100 it is refused from its structure, undecoded.
TEST(ImageJpegCheck, RefusesAJpegOfMoreScansThanAnEncoderWrites) {
  const std::string jpeg = real_jpeg();
  const std::size_t sos = jpeg.find("\xFF\xDA"), eoi = jpeg.rfind("\xFF\xD9");
  ASSERT_NE(sos, std::string::npos);
  ASSERT_NE(eoi, std::string::npos);
  const std::string scan = jpeg.substr(sos, eoi - sos);
  const auto with_scans = [&](int count) {
    std::string out = jpeg.substr(0, sos);
    for (int k = 0; k < count; ++k) out += scan;
    return out + "\xFF\xD9";
  };
  EXPECT_NE(jpeg_check(with_scans(101)).find("more than 100 scans"), std::string::npos);
  EXPECT_EQ(jpeg_check(with_scans(100)).find("scans"), std::string::npos) << jpeg_check(with_scans(100));
}

TEST(ImageJpegCheck, RefusesWhatPdfReadersCannotShow) {
  std::string jpeg = real_jpeg();
  const std::size_t sof = jpeg.find("\xFF\xC0");
  ASSERT_NE(sof, std::string::npos);
  std::string twelve_bit = jpeg;
  twelve_bit[sof + 4] = 12;
  EXPECT_NE(jpeg_check(twelve_bit).find("12-bit"), std::string::npos);
  std::string arithmetic = jpeg;
  arithmetic[sof + 1] = '\xC9';
  EXPECT_NE(jpeg_check(arithmetic).find("arithmetic"), std::string::npos);
  std::string no_size = jpeg;
  no_size[sof + 5] = no_size[sof + 6] = 0;
  EXPECT_NE(jpeg_check(no_size).find("no size"), std::string::npos);
  EXPECT_NE(jpeg_check("\xFF\xD8\xFF\xE0 but then nothing a JPEG needs").find("JPEG"), std::string::npos);
}

// Damage in a JPEG's headers that the structure walk cannot see is found by decoding it with
// libjpeg, as qpdf and viewers do (each of these made a PDF qpdf called broken).
TEST(ImageJpegCheck, DamageOnlyADecoderSeesIsFound) {
  const std::string jpeg = real_jpeg();
  const std::size_t sof = jpeg.find("\xFF\xC0");
  ASSERT_NE(sof, std::string::npos);
  struct Patch {
    std::size_t offset;
    char value;
  };
  for (const Patch& patch : {Patch{sof + 11, '\0'}, Patch{sof + 1, '\xC2'}, Patch{sof + 9, '\x04'}}) {
    std::string damaged = jpeg;
    damaged[patch.offset] = patch.value;
    EXPECT_NE(jpeg_check(damaged).find("JPEG"), std::string::npos) << patch.offset;
  }
  EXPECT_EQ(image::jpeg_decode_problem(jpeg), "");
}

}  // namespace
}  // namespace hanji
