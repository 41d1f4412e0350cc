// Fuzz target: bytes to PDF, as `hanji check` does it (read the CV, build its layout, compose,
// set, paginate, fit, write the PDF in memory). Must never crash, hang or leak, and must
// either give a PDF or report an error.
#include <cstdlib>
#include <string>

#include "fit/fit.h"
#include "fuzz/fuzz.h"
#include "layout/layout.h"
#include "pdf/pdf.h"
#include "source/source.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace hanji;
  const std::string text(reinterpret_cast<const char*>(data), size);
  Diagnostics diags;
  std::optional<source::CvFile> file = source::load_cv_from_string(text, fuzz::repo_path("fuzz/cv.yaml"), diags);
  if (!file) return diags.has_errors() ? 0 : (std::abort(), 0);
  const layout::DataDirs dirs{fuzz::repo_path("layouts"), fuzz::repo_path("fonts")};
  const std::string name = file->layout_name.empty() ? std::string("classic") : file->layout_name;
  std::optional<layout::Theme> theme = layout::load_theme(name, file->layout_span, file->layout_overrides, "", dirs, diags);
  if (!theme) return diags.has_errors() ? 0 : (std::abort(), 0);
  fit::FitResult fitted = fit::fit_to_pages(*file, *theme, theme->fit_pages, diags);
  if (diags.has_errors()) return 0;
  std::optional<std::string> pdf = pdf::write_pdf(fitted.doc, pdf::Options{0}, diags);
  if (!pdf && !diags.has_errors()) std::abort();
  if (pdf && !pdf->starts_with("%PDF-")) std::abort();
  return 0;
}
