// The PNG format: one picture per page (src/png), at --dpi.
#include "export/exporter.h"
#include "export/png/png.h"

namespace hanji::exports {

namespace {

bool looks_like_png(std::string_view head) { return head.starts_with("\x89PNG\r\n\x1a\n"); }

std::optional<std::vector<std::string>> write(const ExportInput& input, const FormatOptions& options,
                                              Diagnostics& diags) {
  // A CV file that asks for its pictures (RenderCV's png_path, dont_generate_png: false) is
  // where a refusal points; the command line's --format png is named by the message itself.
  const Span asked_at = input.model && input.model->settings.render.png_wanted
                            ? input.model->settings.render.png_asked_at
                            : Span{};
  std::vector<std::string> pages = png::write_pages(
      *input.doc, options.dpi > 0 ? options.dpi : png::kDefaultDpi, diags, options.fonts, asked_at, options.photo_copies);
  if (pages.empty() || diags.has_errors()) return std::nullopt;
  return pages;
}

}  // namespace

const Exporter& png_exporter() {
  static const Exporter kPng{
      .name = "png",
      .aliases = {},
      .label = "PNG",
      .summary = "a PNG picture per page (cv-1.png, ...)",
      .media_type = "image/png",
      .file = {"a PNG picture", {".png"}, looks_like_png, false},
      .needs = Needs::Document,
      .files = Files::PerPage,
      .binary = true,
      .is_default = false,
      .made_by_hanji = png::written_by_hanji,
      .write = write,
  };
  return kPng;
}

}  // namespace hanji::exports
