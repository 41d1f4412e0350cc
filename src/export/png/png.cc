#include "export/png/png.h"

#include <cairo.h>
#include <dlfcn.h>
#include <librsvg/rsvg.h>

#include <cmath>
#include <memory>
#include <mutex>

#include "image/png_format.h"
#include "export/svg/svg.h"

namespace hanji::png {
namespace {

// librsvg is opened when the first page is drawn, not linked: it brings cairo, GLib, Pango and
// some forty libraries more, whose loading and start-up would cost every `hanji build` about
// fourteen million instructions (twice the rest of its start) for a format few runs ask for.
// The headers still give every function its exact type.
#define HANJI_RSVG_FUNCTIONS(F)                                                                       \
  F(rsvg_handle_new_from_data) F(rsvg_handle_render_document) F(g_object_unref) F(g_error_free)      \
  F(cairo_image_surface_create) F(cairo_create) F(cairo_set_source_rgb) F(cairo_paint) F(cairo_status) \
  F(cairo_status_to_string) F(cairo_surface_flush) F(cairo_surface_write_to_png_stream)                \
  F(cairo_surface_destroy) F(cairo_destroy)

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

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// The PNG with a tEXt chunk saying hanji made it, right after the header (IHDR is always the
// first chunk, 25 bytes after the 8-byte signature), where a 4 KiB head of the file finds it.
std::string with_software_chunk(const std::string& file) {
  constexpr std::size_t kAfterHeader = 8 + 25;
  if (file.size() < kAfterHeader) return file;
  return file.substr(0, kAfterHeader) + image::png::make_chunk("tEXt", kSoftwareText) + file.substr(kAfterHeader);
}

std::string describe(double width, double height) {
  auto mm = [](double pt) { return std::to_string(static_cast<long long>(std::lround(pt / 72 * 25.4))); };
  return mm(width) + " x " + mm(height) + " mm";
}

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
  Handle handle(rsvg->rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &raw_error),
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
  std::string file;
  if (rsvg->cairo_surface_write_to_png_stream(surface.get(), append_bytes, &file) != CAIRO_STATUS_SUCCESS) {
    diags.error({}, "cannot write " + page + " as PNG", {"please report this with the CV that caused it"});
    return std::nullopt;
  }
  return with_software_chunk(file);
}

std::vector<std::string> write_pages(const doc::Document& doc, int dpi, Diagnostics& diags,
                                     text::FontService* fonts) {
  // The SVG's own id prefix, sources and pictures inline: all a standalone page needs.
  svg::Options options;
  options.glyphs = svg::Glyphs::Outlines;  // librsvg cannot use web fonts
  options.sources = false;
  // A picture needs no invisible text: without it librsvg never starts Pango and fontconfig
  // (whose caches live until the process ends), and draws the page sooner.
  options.text_layer = false;
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
