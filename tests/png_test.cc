// PNG pages: drawn from the SVG at the resolution asked for, white, deterministic, marked as
// hanji's, and refused when a page would take too many pixels.
#include <gtest/gtest.h>

#include <algorithm>

#include <cstdio>
#include <fstream>
#include <cstdlib>
#include <memory>
#include <filesystem>
#include <string>
#include <vector>

#include "core/limits.h"
#include "engine/engine.h"
#include "image/png_format.h"
#include "image/reduced_copy.h"
#include "export/png/png.h"
#include "repo_data.h"

#include <jpeglib.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace hanji;

namespace {

using test::repo_dirs;
using test::dump;


// An 8-bit RGB or RGBA PNG decoded into rows of grey levels (the mean of R, G and B).
struct Picture {
  uint32_t width = 0, height = 0;
  std::vector<std::vector<int>> grey;
};

int paeth(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

Picture decode(const std::string& file) {
  std::vector<image::png::Chunk> chunks;
  EXPECT_EQ(image::png::read_chunks(file, chunks), "");
  image::png::Header header;
  EXPECT_EQ(image::png::read_header(chunks.at(0), header), "");
  EXPECT_EQ(header.depth, 8);
  std::string data;
  image::png::inflate_image_data(chunks, [&](const unsigned char* bytes, std::size_t n) {
    data.append(reinterpret_cast<const char*>(bytes), n);
  });
  const int channels = header.channels();
  const std::size_t stride = std::size_t{header.width} * channels;
  Picture picture{header.width, header.height, {}};
  std::vector<int> previous(stride, 0), row(stride);
  for (uint32_t y = 0; y < header.height; ++y) {
    const std::size_t at = y * (stride + 1);
    const int filter = static_cast<unsigned char>(data.at(at));
    for (std::size_t x = 0; x < stride; ++x) {
      const int raw = static_cast<unsigned char>(data.at(at + 1 + x));
      const int a = x >= static_cast<std::size_t>(channels) ? row[x - channels] : 0, b = previous[x];
      const int c = x >= static_cast<std::size_t>(channels) ? previous[x - channels] : 0;
      const int predicted = filter == 1 ? a : filter == 2 ? b : filter == 3 ? (a + b) / 2 : filter == 4 ? paeth(a, b, c) : 0;
      row[x] = (raw + predicted) & 255;
    }
    std::vector<int> grey(header.width);
    for (uint32_t x = 0; x < header.width; ++x)
      grey[x] = (row[x * channels] + row[x * channels + 1] + row[x * channels + 2]) / 3;
    picture.grey.push_back(std::move(grey));
    previous = row;
  }
  return picture;
}

// A phone's photo: 4032 x 3024 pixels (12.2 million), landscape, a dark frame around a light
// middle, as a JPEG at libjpeg's defaults.
constexpr uint32_t kPhoneWidth = 4032, kPhoneHeight = 3024;
unsigned char phone_sample(uint32_t x, uint32_t y, int channel) {
  const bool middle = x > kPhoneWidth / 4 && x < kPhoneWidth * 3 / 4 && y > kPhoneHeight / 4 && y < kPhoneHeight * 3 / 4;
  return static_cast<unsigned char>(middle ? 200 - 40 * channel : 40 + 20 * channel + (x + y) % 7);
}

std::string phone_jpeg() {
  jpeg_compress_struct encoder{};
  jpeg_error_mgr errors{};
  encoder.err = jpeg_std_error(&errors);  // an error ends the test program: the test fails
  jpeg_create_compress(&encoder);
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&encoder, &buffer, &size);
  encoder.image_width = kPhoneWidth;
  encoder.image_height = kPhoneHeight;
  encoder.input_components = 3;
  encoder.in_color_space = JCS_RGB;
  jpeg_set_defaults(&encoder);
  jpeg_start_compress(&encoder, TRUE);
  std::vector<unsigned char> row(kPhoneWidth * 3);
  for (uint32_t y = 0; y < kPhoneHeight; ++y) {
    for (uint32_t x = 0; x < kPhoneWidth; ++x)
      for (int c = 0; c < 3; ++c) row[3 * x + static_cast<uint32_t>(c)] = phone_sample(x, y, c);
    JSAMPROW rows[] = {row.data()};
    jpeg_write_scanlines(&encoder, rows, 1);
  }
  jpeg_finish_compress(&encoder);
  jpeg_destroy_compress(&encoder);
  const std::unique_ptr<unsigned char, decltype(&std::free)> owned(buffer, &std::free);
  return std::string(reinterpret_cast<const char*>(buffer), size);
}

// The same picture as an 8-bit RGB PNG.
std::string phone_png() {
  image::Pixels pixels{kPhoneWidth, kPhoneHeight, 3, {}};
  pixels.samples.reserve(std::size_t{kPhoneWidth} * kPhoneHeight * 3);
  for (uint32_t y = 0; y < kPhoneHeight; ++y)
    for (uint32_t x = 0; x < kPhoneWidth; ++x)
      for (int c = 0; c < 3; ++c) pixels.samples.push_back(phone_sample(x, y, c));
  return image::encode_png(pixels, 1);
}

bool write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  return static_cast<bool>(out);
}

// A one-page CV in a folder of its own whose 3 x 4 cm photo is `photo`, rendered.
struct PhotoCv {
  fs::path dir;
  std::optional<engine::Rendered> rendered;
  ~PhotoCv() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
};
void render_photo_cv(PhotoCv& cv, const std::string& name, const std::string& photo, Diagnostics& diags) {
  cv.dir = fs::temp_directory_path() / ("hanji_png_photo_" + name + "_" + std::to_string(::getpid()));
  fs::create_directories(cv.dir);
  ASSERT_TRUE(write_file(cv.dir / name, photo));
  ASSERT_TRUE(write_file(cv.dir / "cv.yaml", "layout:\n  header: {photo_width: 3cm}\ncv:\n  name: Kim Minjun\n  photo: " +
                                                 name + "\n  sections:\n    about:\n      - A line of text.\n"));
  engine::Engine engine(repo_dirs());
  cv.rendered = engine.render_file((cv.dir / "cv.yaml").string(), {}, diags);
}

}  // namespace

TEST(PngPages, SizedByTheDpiWhiteDarkWhereTheNameIsAndTheSameBytesTwice) {
  engine::Engine engine(repo_dirs());
  Diagnostics diags;
  std::optional<engine::Rendered> rendered =
      engine.render_file(std::string(HANJI_SOURCE_DIR) + "/samples/heungsub-lee.yaml", {}, diags);
  ASSERT_TRUE(rendered) << dump(diags);
  const std::vector<std::string> pages = png::write_pages(rendered->doc, 72, diags);
  ASSERT_EQ(pages.size(), rendered->doc.pages.size()) << dump(diags);
  EXPECT_TRUE(png::written_by_hanji(pages[0]));
  EXPECT_EQ(png::write_pages(rendered->doc, 72, diags), pages) << "not the same bytes twice";
  const Picture page = decode(pages[0]);
  EXPECT_EQ(page.width, 596u);  // 595.276 pt at 72 dpi, rounded up
  EXPECT_EQ(page.height, 842u);
  EXPECT_EQ(page.grey[0][0], 255) << "paper is white, not transparent";
  // The name, the largest text: dark pixels in its band, none in the margin above.
  const std::vector<doc::PlacedRun>& runs = rendered->doc.pages[0].runs;
  const doc::PlacedRun& name = *std::max_element(
      runs.begin(), runs.end(), [](const doc::PlacedRun& a, const doc::PlacedRun& b) { return a.run.size < b.run.size; });
  ASSERT_EQ(name.run.text, "Heungsub Lee");
  int dark_in_name = 0, dark_above = 0;
  for (uint32_t y = 0; y < page.height; ++y)
    for (uint32_t x = 0; x < page.width; ++x) {
      if (page.grey[y][x] >= 128) continue;
      if (y + 0.0 > name.baseline - name.run.size * 0.7 && y < name.baseline) ++dark_in_name;
      if (y < 20) ++dark_above;
    }
  EXPECT_GT(dark_in_name, 200);
  EXPECT_EQ(dark_above, 0);
  const Picture doubled = decode(png::write_pages(rendered->doc, 144, diags).at(0));
  EXPECT_EQ(doubled.width, 1191u);
  EXPECT_EQ(doubled.height, 1684u);
}

TEST(PngPages, APageOfTooManyPixelsIsRefusedNamingItsSize) {
  Diagnostics diags;
  const std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"5000pt\" height=\"5000pt\"/>";
  EXPECT_FALSE(png::render_svg(svg, 5000, 5000, 600, 3, diags));
  ASSERT_TRUE(diags.has_errors());
  const std::string message = diags.all().front().message;
  EXPECT_NE(message.find("page 3 (1764 x 1764 mm) at 600 dpi"), std::string::npos) << message;
  Diagnostics fine;
  EXPECT_TRUE(png::render_svg(svg, 5000, 5000, 36, 1, fine)) << dump(fine);
  EXPECT_FALSE(png::written_by_hanji(std::string(image::png::kSignature) + "IHDR....IDAT"));
}

// One build's PNG pictures draw at most limits::kMaxPngPixels (pixels, glyphs counted as
// kPngPixelsPerGlyph): past it nothing is drawn, and the error is where the CV asked for them.
TEST(PngPages, PastTheDrawingLimitNothingIsDrawnAndTheErrorIsWhereTheyWereAsked) {
  engine::Engine engine(repo_dirs());
  Diagnostics diags;
  std::optional<engine::Rendered> rendered =
      engine.render_file(std::string(HANJI_SOURCE_DIR) + "/samples/heungsub-lee.yaml", {}, diags);
  ASSERT_TRUE(rendered) << dump(diags);
  const png::DrawingWork at_600 = png::drawing_work(rendered->doc, 600);
  EXPECT_EQ(at_600.pages, rendered->doc.pages.size());
  EXPECT_EQ(at_600.pixels, 4961LL * 7016 * static_cast<long long>(at_600.pages));  // A4 at 600 dpi
  EXPECT_GT(at_600.glyphs, 1000);
  EXPECT_EQ(at_600.cost(), at_600.pixels + at_600.glyphs * limits::kPngPixelsPerGlyph);
  EXPECT_GT(at_600.cost(), limits::kMaxPngPixels);
  const Span asked{"cv.yaml", 7, 5};
  Diagnostics refused;
  EXPECT_TRUE(png::write_pages(rendered->doc, 600, refused, nullptr, asked).empty());
  ASSERT_EQ(refused.error_count(), 1) << dump(refused);
  const Diagnostic& error = refused.all().front();
  EXPECT_EQ(error.span.line, 7);
  EXPECT_NE(error.message.find("more than the 40 million one build draws"), std::string::npos) << error.message;
  EXPECT_NE(dump(refused).find("choose a lower --dpi (now 600)"), std::string::npos) << dump(refused);
  EXPECT_NE(dump(refused).find("dont_generate_png: true"), std::string::npos) << dump(refused);
  Diagnostics fine;
  EXPECT_TRUE(png::check_drawing_work(rendered->doc, 150, {}, fine)) << dump(fine);
}

// A phone's 12-megapixel photo (JPEG, and the same as a PNG) in a 3 x 4 cm box: the pages are
// drawn from a copy of what the box needs at the dpi (the budget counts the copy, not the
// original), the photo shows in its box, and the same input gives the same bytes.
TEST(PngPages, APhonesPhotoIsDrawnFromACopyOfWhatThePageNeeds) {
  const std::string jpeg = phone_jpeg(), png_photo = phone_png();
  const long long stored = static_cast<long long>(kPhoneWidth) * kPhoneHeight;
  for (const auto& [name, photo] : {std::pair{std::string("photo.jpg"), jpeg}, std::pair{std::string("photo.png"), png_photo}}) {
    SCOPED_TRACE(name);
    Diagnostics diags;
    PhotoCv cv;
    render_photo_cv(cv, name, photo, diags);
    ASSERT_TRUE(cv.rendered) << dump(diags);
    const doc::Document& doc = cv.rendered->doc;
    ASSERT_EQ(doc.pages.size(), 1u);
    ASSERT_EQ(doc.pages[0].images.size(), 1u);
    const doc::PlacedImage& box = doc.pages[0].images[0];
    for (int dpi : {150, 600}) {
      SCOPED_TRACE(dpi);
      const png::DrawingWork work = png::drawing_work(doc, dpi);
      EXPECT_GT(work.photo_pixels, 0);
      EXPECT_LT(work.photo_pixels * 12, stored) << "the budget counts the reduced copy";
      Diagnostics drawn;
      const std::vector<std::string> pages = png::write_pages(doc, dpi, drawn);
      ASSERT_EQ(pages.size(), 1u) << dump(drawn);
      EXPECT_EQ(png::write_pages(doc, dpi, drawn), pages) << "not the same bytes twice";
      const Picture page = decode(pages[0]);
      // The box's middle shows the photo's light middle; near its top edge, its dark frame.
      const double scale = dpi / 72.0;
      const int mid_x = static_cast<int>((box.x + box.width / 2) * scale), mid_y = static_cast<int>((box.y + box.height / 2) * scale);
      const int top_y = static_cast<int>((box.y + 3) * scale);
      for (int dx : {-5, 0, 5}) {
        const int middle = page.grey[static_cast<std::size_t>(mid_y)][static_cast<std::size_t>(mid_x + dx)];
        const int frame = page.grey[static_cast<std::size_t>(top_y)][static_cast<std::size_t>(mid_x + dx)];
        EXPECT_NEAR(middle, (200 + 160 + 120) / 3, 8);
        EXPECT_NEAR(frame, (40 + 60 + 80) / 3 + 3, 8);
      }
    }
  }
}

// What the copy costs to make: a JPEG is decoded at 1/8 of its size (a sixty-fourth of its
// pixels), then made smaller by averaging; a PNG copy is at most twice the box each way.
TEST(PngPages, ThePhotosCopyIsDecodedSmallAndNeverEnlarged) {
  const std::string jpeg = phone_jpeg();
  const image::Reduction plan = image::plan_reduction(jpeg, {177, 236});  // 3 x 4 cm at 150 dpi
  EXPECT_EQ(plan.jpeg_denominator, 8u);
  EXPECT_EQ(plan.size.width, 504u);
  EXPECT_EQ(plan.size.height, 378u);
  const std::optional<image::ReducedCopy> copy = image::reduced_copy(jpeg, plan, 1);
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->decoded_pixels, 504LL * 378);
  EXPECT_EQ(image::pixel_size(copy->png).width, 504u);
  EXPECT_EQ(image::format_of(copy->png), image::Format::Png);
  const image::Reduction png_plan = image::plan_reduction(phone_png(), {473, 630});  // at 400 dpi
  EXPECT_EQ(png_plan.factor, 4u);  // 3024 / 630 = 4.8
  EXPECT_EQ(png_plan.size.width, 1008u);
  EXPECT_FALSE(image::plan_reduction(jpeg, {3000, 4000}).reduces()) << "never enlarged";
  EXPECT_FALSE(image::plan_reduction(jpeg, {2100, 1600}).reduces()) << "kept up to twice what it needs";
}
