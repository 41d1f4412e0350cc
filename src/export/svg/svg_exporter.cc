// The SVG format: one picture per page (src/svg), for a web page.
#include "export/exporter.h"
#include "export/svg/svg.h"

namespace hanji::exports {

namespace {

// An SVG page as hanji writes it: text whose first markup is an XML declaration, a comment or
// the <svg> element itself.
bool looks_like_svg(std::string_view head) {
  if (!looks_like_text(head)) return false;
  const std::size_t first = head.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && head.find("<svg") != std::string_view::npos &&
         (head.substr(first).starts_with("<?xml") || head.substr(first).starts_with("<!--") ||
          head.substr(first).starts_with("<svg"));
}

bool made_by_hanji(std::string_view head) {
  return looks_like_svg(head) && head.find(svg::kGeneratorMark) != std::string_view::npos;
}

std::optional<std::vector<std::string>> write(const ExportInput& input, const FormatOptions& options,
                                              Diagnostics& diags) {
  svg::Options svg_options;  // standalone pages: pictures inline, sources by file name
  svg_options.glyphs = options.svg_outlines ? svg::Glyphs::Outlines : svg::Glyphs::Fonts;
  std::vector<std::string> pages = svg::write_pages(*input.doc, svg_options, diags, options.fonts);
  if (pages.empty() || diags.has_errors()) return std::nullopt;
  return pages;
}

}  // namespace

const Exporter& svg_exporter() {
  static const Exporter kSvg{
      .name = "svg",
      .aliases = {},
      .label = "SVG",
      .summary = "an SVG picture per page, text selectable",
      .media_type = "image/svg+xml",
      .file = {"an SVG picture", {".svg"}, looks_like_svg, false},
      .needs = Needs::Document,
      .files = Files::PerPage,
      .binary = false,
      .is_default = false,
      .made_by_hanji = made_by_hanji,
      .write = write,
  };
  return kSvg;
}

}  // namespace hanji::exports
