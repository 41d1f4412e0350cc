// PNG pages: drawn from the SVG at the resolution asked for, white, deterministic, marked as
// hanji's, and refused when a page would take too many pixels.
#include <gtest/gtest.h>

#include <algorithm>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/limits.h"
#include "engine/engine.h"
#include "image/png_format.h"
#include "export/png/png.h"
#include "repo_data.h"

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
