// The PDF format: the pages as src/pdf writes them, hanji's default output.
#include "export/exporter.h"
#include "export/pdf/pdf.h"

namespace hanji::exports {

namespace {

bool looks_like_pdf(std::string_view head) { return head.starts_with("%PDF-"); }

std::optional<std::vector<std::string>> write(const ExportInput& input, const FormatOptions& options,
                                              Diagnostics& diags) {
  std::optional<std::string> bytes = pdf::write_pdf(*input.doc, pdf::Options{options.creation_time, {options.fonts, options.streams}, options.pdf, options.photo_copies, options.page_labels}, diags);
  if (!bytes) return std::nullopt;
  return std::vector<std::string>{std::move(*bytes)};
}

}  // namespace

const Exporter& pdf_exporter() {
  static const Exporter kPdf{
      .name = "pdf",
      .aliases = {},
      .label = "PDF",
      .summary = "the typeset CV (the default)",
      .media_type = "application/pdf",
      .file = {"a PDF", {".pdf"}, looks_like_pdf, /*known_by_content=*/true},
      .needs = Needs::Document,
      .files = Files::Paged,
      .binary = true,
      .is_default = true,
      .made_by_hanji = nullptr,
      .write = write,
  };
  return kPdf;
}

}  // namespace hanji::exports
