// Fuzz target: bytes to PDF and SVG pages, as `hanji check` and the preview do it (read the
// CV, build its layout, compose, set, paginate, fit, write the PDF and every SVG page in
// memory). Must never crash, hang or leak, and must either give pages or report an error.
#include <cstdlib>
#include <string>

#include "engine/engine.h"
#include "fuzz/fuzz.h"
#include "export/pdf/pdf.h"
#include "export/svg/svg.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace hanji;
  const std::string text(reinterpret_cast<const char*>(data), size);
  Diagnostics diags;
  const theme::DataDirs dirs{fuzz::repo_path("layouts"), fuzz::repo_path("fonts")};
  engine::Engine engine(dirs);
  std::optional<engine::Rendered> rendered =
      engine.render_text(text, fuzz::repo_path("fuzz/cv.yaml"), engine::Request{}, diags);
  if (!rendered) return diags.has_errors() ? 0 : (std::abort(), 0);
  std::optional<std::string> pdf = pdf::write_pdf(rendered->doc, pdf::Options{0, {}, rendered->pdf}, diags);
  if (!pdf && !diags.has_errors()) std::abort();
  if (pdf && !pdf->starts_with("%PDF-")) std::abort();
  Diagnostics svg_diags;
  const std::vector<std::string> pages = svg::write_pages(rendered->doc, svg::Options{}, svg_diags);
  if (pages.empty() && !svg_diags.has_errors()) std::abort();
  for (const std::string& page : pages)
    if (!page.starts_with("<?xml") || !page.ends_with("</svg>\n")) std::abort();
  return 0;
}
