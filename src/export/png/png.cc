#include "export/png/png.h"

#include <cairo.h>
#include <dlfcn.h>
#include <librsvg/rsvg.h>
#include <zlib.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "core/files.h"
#include "core/limits.h"
#include "export/svg/svg.h"
#include "image/image.h"
#include "image/png_format.h"
#include "image/reduced_copy.h"

namespace hanji::png {
namespace {

// librsvg is opened when the first page is drawn, not linked: it brings cairo, GLib, Pango and
// some forty libraries more, whose loading and start-up would cost every `hanji build` about
// fourteen million instructions (twice the rest of its start) for a format few runs ask for.
// The headers still give every function its exact type.
#define HANJI_RSVG_FUNCTIONS(F)                                                                       \
  F(rsvg_handle_new_from_stream_sync) F(g_memory_input_stream_new_from_data)                           \
  F(rsvg_handle_render_document) F(g_object_unref) F(g_error_free)                                     \
  F(cairo_image_surface_create) F(cairo_create) F(cairo_set_source_rgb) F(cairo_paint) F(cairo_status) \
  F(cairo_status_to_string) F(cairo_surface_flush) F(cairo_image_surface_get_data)                     \
  F(cairo_image_surface_get_stride) F(cairo_surface_destroy) F(cairo_destroy)

struct Rsvg {
#define HANJI_DECLARE(name) decltype(&::name) name = nullptr;
  HANJI_RSVG_FUNCTIONS(HANJI_DECLARE)
#undef HANJI_DECLARE
  void* library = nullptr;  // never closed: GLib's types cannot be unloaded
};

/// librsvg's functions, or nullptr with `why` when it is not installed (loaded once per process).
const Rsvg* open_rsvg(std::string& why) {
  static std::once_flag once;
  static Rsvg rsvg;  // filled once, then only read
  static std::string error;
  std::call_once(once, [] {
    rsvg.library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!rsvg.library) {
      error = dlerror();
      return;
    }
#define HANJI_LOOK_UP(name)                                                      \
  rsvg.name = reinterpret_cast<decltype(&::name)>(dlsym(rsvg.library, #name)); \
  if (!rsvg.name && error.empty()) error = "librsvg-2.so.2 has no " #name;
    HANJI_RSVG_FUNCTIONS(HANJI_LOOK_UP)
#undef HANJI_LOOK_UP
  });
  why = error;
  return error.empty() ? &rsvg : nullptr;
}

// RAII for the C handles of cairo, GLib and librsvg, released through the loaded library.
template <typename T, auto Release>
struct Releaser {
  const Rsvg* rsvg;
  void operator()(T* handle) const { (rsvg->*Release)(handle); }
};
using Surface = std::unique_ptr<cairo_surface_t, Releaser<cairo_surface_t, &Rsvg::cairo_surface_destroy>>;
using Context = std::unique_ptr<cairo_t, Releaser<cairo_t, &Rsvg::cairo_destroy>>;
using Handle = std::unique_ptr<RsvgHandle, Releaser<void, &Rsvg::g_object_unref>>;
using Error = std::unique_ptr<GError, Releaser<GError, &Rsvg::g_error_free>>;

constexpr std::string_view kSoftwareText("Software\0hanji", 14);

// Big-endian bytes of `value`, as PNG writes every number.
std::string be32(uint32_t value) {
  return {static_cast<char>(value >> 24), static_cast<char>(value >> 16), static_cast<char>(value >> 8),
          static_cast<char>(value)};
}

// zlib's deflate state, ended however the encoder leaves.
struct Deflater {
  z_stream stream{};
  bool ready = false;
  explicit Deflater(int level) { ready = deflateInit2(&stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) == Z_OK; }
  ~Deflater() {
    if (ready) deflateEnd(&stream);
  }
  Deflater(const Deflater&) = delete;
  Deflater& operator=(const Deflater&) = delete;
};

// How hard the page's pixels are compressed. cairo's own writer (libpng's defaults: all five
// filters tried on every row, zlib level 6) spent two thirds of a page's time on it: 300 ms for
// an A4 page at 300 dpi. A page is white paper with antialiased text, which compresses best
// unfiltered; level 3 takes 115 ms there, and the file is a fifth smaller (906 KB, not 1138).
constexpr int kDeflateLevel = 3;
constexpr std::size_t kIdatBytes = 64u << 10;  // the image data is cut into chunks this long

// The RGB24 surface `pixels` (`stride` bytes a row, each pixel 0x00RRGGBB in a native uint32)
// as a PNG: 8-bit RGB, every row unfiltered, then the tEXt chunk saying hanji made it right
// after the header (IHDR is always the first chunk, so a 4 KiB head of the file finds it).
// Deterministic: the same pixels give the same bytes with the same zlib.
std::optional<std::string> encode_png(const unsigned char* pixels, int width, int height, int stride) {
  Deflater deflater(kDeflateLevel);
  if (!deflater.ready) return std::nullopt;
  z_stream& z = deflater.stream;
  std::string file(image::png::kSignature);
  file += image::png::make_chunk("IHDR", be32(static_cast<uint32_t>(width)) + be32(static_cast<uint32_t>(height)) +
                                             std::string{8, 2, 0, 0, 0});  // 8 bits, RGB, no interlace
  file += image::png::make_chunk("tEXt", kSoftwareText);
  std::string row(1 + 3 * static_cast<std::size_t>(width), '\0');  // filter byte 0: none
  std::string out(kIdatBytes, '\0');
  auto drain = [&](int flush) {
    do {
      z.next_out = reinterpret_cast<Bytef*>(out.data());
      z.avail_out = static_cast<uInt>(out.size());
      if (deflate(&z, flush) == Z_STREAM_ERROR) return false;
      const std::size_t made = out.size() - z.avail_out;
      if (made > 0) file += image::png::make_chunk("IDAT", std::string_view(out.data(), made));
    } while (z.avail_out == 0);
    return true;
  };
  for (int y = 0; y < height; ++y) {
    const unsigned char* line = pixels + static_cast<std::size_t>(y) * static_cast<std::size_t>(stride);
    for (int x = 0; x < width; ++x) {
      uint32_t pixel = 0;
      std::memcpy(&pixel, line + 4 * static_cast<std::size_t>(x), 4);
      row[1 + 3 * static_cast<std::size_t>(x)] = static_cast<char>(pixel >> 16);
      row[2 + 3 * static_cast<std::size_t>(x)] = static_cast<char>(pixel >> 8);
      row[3 + 3 * static_cast<std::size_t>(x)] = static_cast<char>(pixel);
    }
    z.next_in = reinterpret_cast<Bytef*>(row.data());
    z.avail_in = static_cast<uInt>(row.size());
    if (!drain(Z_NO_FLUSH)) return std::nullopt;
  }
  if (!drain(Z_FINISH)) return std::nullopt;
  return file + image::png::make_chunk("IEND", "");
}

std::string describe(double width, double height) {
  auto mm = [](double pt) { return std::to_string(static_cast<long long>(std::lround(pt / 72 * 25.4))); };
  return mm(width) + " x " + mm(height) + " mm";
}

// What a photo placed as `placed` needs to be drawn at `dpi`: its box's pixels each way, in
// the stored picture's orientation (a photo shown on its side is compared with its box turned
// the same way). Covering the box, the photo is cut on one side only: the other side decides.
image::PixelSize box_pixels(const doc::PlacedImage& placed, image::Orientation orientation, int dpi) {
  const bool turned = image::swaps_sides(orientation);
  auto side = [&](double pt) {
    const double pixels = std::ceil(pt / 72.0 * dpi - 1e-9);
    return std::isfinite(pixels) && pixels >= 1 ? static_cast<uint32_t>(std::min(pixels, 1e6)) : 1u;
  };
  return {side(turned ? placed.height : placed.width), side(turned ? placed.width : placed.height)};
}

// The most a photo is drawn at: what the PDF embeds a photo at (image::kPrintDpi). A picture
// at 600 dpi shows the photo no sharper than the PDF holds it, and each pixel of the copy costs
// as much as twenty of the page (it is encoded, inlined in the SVG, parsed, decoded and scaled).
constexpr int kPhotoDpi = static_cast<int>(image::kPrintDpi);

// The copy of the photo in `file`, placed as `placed`, that a page at `dpi` draws, never
// enlarged (plan_reduction). A JPEG is decoded small for this page at once (libjpeg's
// scaling costs little), to fewer than twice the pixels its box needs each way at that dpi (at
// most kPhotoDpi). A PNG must be inflated whole whatever the copy: it is drawn from the copy
// the PDF embeds (image::print_reduction_factor), made once for every output of the build.
image::Reduction photo_plan(const doc::PlacedImage& placed, std::string_view file, int dpi) {
  const image::Orientation orientation = image::orientation_of(file);
  image::Reduction plan = image::plan_reduction(file, box_pixels(placed, orientation, std::min(dpi, kPhotoDpi)));
  if (plan.format == image::Format::Png && plan.reduces()) {
    const bool turned = image::swaps_sides(orientation);
    plan.factor = image::print_reduction_factor(plan.stored, turned ? placed.height : placed.width,
                                                turned ? placed.width : placed.height);
    plan.size = {(plan.stored.width + plan.factor - 1) / plan.factor, (plan.stored.height + plan.factor - 1) / plan.factor};
  }
  return plan;
}

// librsvg decodes an inlined PNG once and draws it; it is made, used and thrown away at once,
// so it is compressed at zlib's fastest level (a tenth of the time of the default, here).
constexpr int kCopyDeflateLevel = Z_BEST_SPEED;

}  // namespace

PixelSize page_pixels(double width, double height, int dpi) {
  auto side = [&](double pt) {
    const double pixels = std::ceil(pt / 72.0 * dpi - 1e-9);
    return std::isfinite(pixels) && pixels >= 1 ? static_cast<long long>(std::min(pixels, 1e12)) : 1LL;
  };
  return {side(width), side(height)};
}

std::optional<std::string> render_svg(const std::string& svg, double width, double height, int dpi,
                                      std::size_t page_number, Diagnostics& diags) {
  const PixelSize size = page_pixels(width, height, dpi);
  const std::string page = "page " + std::to_string(page_number);
  if (size.width > 32767 || size.height > 32767 || size.width * size.height > kMaxPixels) {
    diags.error({}, page + " (" + describe(width, height) + ") at " + std::to_string(dpi) + " dpi would be " +
                        std::to_string(size.width) + " x " + std::to_string(size.height) +
                        " pixels, more than the 100 million hanji draws",
                {"choose a lower --dpi"});
    return std::nullopt;
  }
  std::string missing;
  const Rsvg* rsvg = open_rsvg(missing);
  if (!rsvg) {
    diags.error({}, "cannot draw PNG pages: librsvg cannot be loaded (" + missing + ")",
                {"install it (Debian: apt-get install librsvg2-2), or write --format svg or pdf"});
    return std::nullopt;
  }
  GError* raw_error = nullptr;
  // The SVG is hanji's own, not a stranger's: libxml2's limits for hostile XML are lifted
  // (RSVG_HANDLE_FLAG_UNLIMITED), since the largest photo hanji takes is, inline, a text of
  // 43 MB, past the 10 MB libxml2 otherwise stops at ("Premature end of data").
  const std::unique_ptr<GInputStream, Releaser<void, &Rsvg::g_object_unref>> stream(
      rsvg->g_memory_input_stream_new_from_data(svg.data(), static_cast<gssize>(svg.size()), nullptr), {rsvg});
  Handle handle(
      rsvg->rsvg_handle_new_from_stream_sync(stream.get(), nullptr, RSVG_HANDLE_FLAG_UNLIMITED, nullptr, &raw_error),
      {rsvg});
  Error error(raw_error, {rsvg});
  if (!handle) {
    diags.error({}, "cannot draw " + page + ": " + (error ? error->message : "librsvg refused its SVG"),
                {"please report this with the CV that caused it"});
    return std::nullopt;
  }
  Surface surface(
      rsvg->cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(size.width), static_cast<int>(size.height)),
      {rsvg});
  Context cr(rsvg->cairo_create(surface.get()), {rsvg});
  rsvg->cairo_set_source_rgb(cr.get(), 1, 1, 1);  // paper: white, not transparent
  rsvg->cairo_paint(cr.get());
  const RsvgRectangle viewport{0, 0, static_cast<double>(size.width), static_cast<double>(size.height)};
  raw_error = nullptr;
  const bool drawn = rsvg->rsvg_handle_render_document(handle.get(), cr.get(), &viewport, &raw_error);
  error.reset(raw_error);
  if (!drawn || rsvg->cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS) {
    diags.error({}, "cannot draw " + page + ": " +
                        (error ? error->message : rsvg->cairo_status_to_string(rsvg->cairo_status(cr.get()))),
                {"please report this with the CV that caused it"});
    return std::nullopt;
  }
  rsvg->cairo_surface_flush(surface.get());
  std::optional<std::string> file =
      encode_png(rsvg->cairo_image_surface_get_data(surface.get()), static_cast<int>(size.width),
                 static_cast<int>(size.height), rsvg->cairo_image_surface_get_stride(surface.get()));
  if (!file) diags.error({}, "cannot write " + page + " as PNG", {"please report this with the CV that caused it"});
  return file;
}

long long DrawingWork::cost() const {
  return pixels + glyphs * limits::kPngPixelsPerGlyph + photo_pixels * limits::kPngPixelsPerPhotoPixel;
}

DrawingWork drawing_work(const doc::Document& doc, int dpi) {
  const PixelSize size = page_pixels(doc.page_width, doc.page_height, dpi);
  DrawingWork work;
  work.pages = doc.pages.size();
  work.pixels = size.width * size.height * static_cast<long long>(work.pages);
  for (const doc::Page& page : doc.pages)
    for (const doc::PlacedRun& run : page.runs) work.glyphs += static_cast<long long>(run.run.glyphs.size());
  for (const doc::Page& page : doc.pages)
    for (const doc::PlacedImage& placed : page.images) {
      // A photo that cannot be read costs nothing here: drawing it names what is wrong.
      std::string error;
      if (std::optional<std::string> bytes = read_data_file(placed.path, photo_file_kind(), error)) {
        const image::PixelSize drawn = photo_plan(placed, *bytes, dpi).size;
        work.photo_pixels += static_cast<long long>(drawn.width) * static_cast<long long>(drawn.height);
      }
    }
  return work;
}

bool check_drawing_work(const doc::Document& doc, int dpi, const Span& asked_at, Diagnostics& diags) {
  const DrawingWork work = drawing_work(doc, dpi);
  if (work.cost() <= limits::kMaxPngPixels) return true;
  auto millions = [](long long n) {
    return n % 1'000'000 == 0 ? fmt::format("{} million", n / 1'000'000)
                              : fmt::format("{:.1f} million", static_cast<double>(n) / 1e6);
  };
  std::vector<std::string> hints;
  // Glyphs and photos cost the same at any resolution: a lower one helps when the pixels weigh.
  if (dpi > kMinDpi && work.pixels * 3 > work.cost()) hints.push_back(fmt::format("choose a lower --dpi (now {})", dpi));
  if (work.photo_pixels * limits::kPngPixelsPerPhotoPixel * 3 > work.cost())
    hints.push_back(fmt::format("use a smaller copy of the photo ({} pixels now; 1,000 x 1,300 is plenty for print)",
                                millions(work.photo_pixels)));
  hints.push_back("draw fewer pages (a shorter CV, or --fit-pages N), or write the PDF, which has no such limit");
  if (asked_at.known())
    hints.push_back("the CV file asks for the pictures here: remove png_path, or write dont_generate_png: true");
  diags.error(asked_at,
              fmt::format("PNG pictures of {} page{} at {} dpi would draw {} pixels, {} glyphs{}: as costly as {} "
                          "pixels (a glyph counts as {}{}), more than the {} one build draws",
                          work.pages, work.pages == 1 ? "" : "s", dpi, millions(work.pixels), work.glyphs,
                          work.photo_pixels ? " and " + millions(work.photo_pixels) + " pixels of photos" : "",
                          millions(work.cost()), limits::kPngPixelsPerGlyph,
                          work.photo_pixels
                              ? fmt::format(", a photo's pixel as {}", limits::kPngPixelsPerPhotoPixel)
                              : std::string(),
                          millions(limits::kMaxPngPixels)),
              std::move(hints));
  return false;
}

std::vector<std::string> write_pages(const doc::Document& doc, int dpi, Diagnostics& diags,
                                     text::FontService* fonts, const Span& asked_at,
                                     image::PrintCopies* photo_copies) {
  if (!check_drawing_work(doc, dpi, asked_at, diags)) return {};
  // The SVG's own id prefix, sources and pictures inline: all a standalone page needs.
  svg::Options options;
  options.glyphs = svg::Glyphs::Outlines;  // librsvg cannot use web fonts
  options.sources = false;
  // A picture needs no invisible text: without it librsvg never starts Pango and fontconfig
  // (whose caches live until the process ends), and draws the page sooner.
  options.text_layer = false;
  // Each photo as a copy of what the page needs at this resolution: librsvg would decode every
  // pixel of the original (a second for a phone's 12-megapixel photo). The SVG written by
  // --format svg keeps the original.
  image::PrintCopies own_copies;  // when the build shares none: a photo on several pages is reduced once
  image::PrintCopies& copies = photo_copies ? *photo_copies : own_copies;
  options.inline_picture = [&diags, &copies, dpi](const doc::PlacedImage& placed,
                                                  std::string_view file) -> std::optional<std::string> {
    const Span where = placed.span.known() ? placed.span : Span{placed.path, 0, 0};
    const image::Reduction plan = photo_plan(placed, file, dpi);
    if (static_cast<long long>(plan.stored.width) * plan.stored.height > limits::kMaxImagePixels) {
      diags.error(where,
                  fmt::format("image '{}' has {} x {} pixels, more than the {:.1f} million hanji draws", placed.path,
                              plan.stored.width, plan.stored.height, static_cast<double>(limits::kMaxImagePixels) / 1e6),
                  {"a photo for a CV needs about 1000 x 1300 pixels; scale it down"});
      return std::nullopt;
    }
    if (!plan.reduces()) return std::string();  // drawn from the file: it has no more than the page needs
    std::optional<image::ReducedCopy> copy;
    if (plan.format == image::Format::Png) {  // the PDF's copy (photo_plan)
      if (std::string reduced = copies.png_downsampled(file, plan.factor); !reduced.empty())
        copy = image::ReducedCopy{std::move(reduced), plan.size, 0};
    } else {
      copy = image::reduced_copy(file, plan, kCopyDeflateLevel);
      if (copy) copies.note_jpeg_decoded(file);  // decoded whole and sound: the PDF need not check it again
    }
    if (!copy) {
      diags.error(where, "cannot draw image '" + placed.path + "': it is damaged",
                  {"re-save the picture as a plain (8-bit, non-interlaced) PNG or a JPEG"});
      return std::nullopt;
    }
    return std::move(copy->png);
  };
  std::vector<std::string> svgs = svg::write_pages(doc, options, diags, fonts);
  if (diags.has_errors()) return {};
  std::vector<std::string> pages;
  for (std::size_t i = 0; i < svgs.size(); ++i) {
    std::optional<std::string> png = render_svg(svgs[i], doc.page_width, doc.page_height, dpi, i + 1, diags);
    if (!png) return {};
    pages.push_back(std::move(*png));
  }
  return pages;
}

bool written_by_hanji(std::string_view head) {
  if (head.substr(0, image::png::kSignature.size()) != image::png::kSignature) return false;
  const std::size_t idat = head.find("IDAT");
  const std::size_t mark = head.find(std::string("tEXt").append(kSoftwareText));
  return mark != std::string_view::npos && (idat == std::string_view::npos || mark < idat);
}

}  // namespace hanji::png
