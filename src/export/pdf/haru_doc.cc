#include "export/pdf/haru_doc.h"

#include <array>
#include <cstdio>
#include <utility>

namespace hanji::pdf {
namespace {

struct ErrorName {
  HPDF_STATUS code;
  std::string_view name;
};

// The codes a CV writer can plausibly meet; the rest are reported by number only.
constexpr std::array kErrorNames{
    ErrorName{HPDF_FAILD_TO_ALLOC_MEM, "out of memory"},
    ErrorName{HPDF_FILE_IO_ERROR, "file read error"},
    ErrorName{HPDF_FILE_OPEN_ERROR, "cannot open file"},
    ErrorName{HPDF_FONT_EXISTS, "font loaded twice"},
    ErrorName{HPDF_DUPLICATE_REGISTRATION, "font registered twice"},
    ErrorName{HPDF_INVALID_DOCUMENT, "document already failed"},
    ErrorName{HPDF_INVALID_FONTDEF_DATA, "invalid font data"},
    ErrorName{HPDF_INVALID_IMAGE, "invalid image"},
    ErrorName{HPDF_INVALID_JPEG_DATA, "invalid JPEG data"},
    ErrorName{HPDF_INVALID_PNG_IMAGE, "invalid PNG image"},
    ErrorName{HPDF_LIBPNG_ERROR, "libpng error"},
    ErrorName{HPDF_UNSUPPORTED_JPEG_FORMAT, "unsupported JPEG format"},
    ErrorName{HPDF_INVALID_PARAMETER, "invalid parameter"},
    ErrorName{HPDF_PAGE_INVALID_SIZE, "invalid page size"},
    ErrorName{HPDF_PAGE_INVALID_FONT_SIZE, "invalid font size"},
    ErrorName{HPDF_PAGE_INVALID_GMODE, "operator not allowed here"},
    ErrorName{HPDF_STREAM_EOF, "end of stream"},
    ErrorName{HPDF_TTF_INVALID_CMAP, "unsupported TrueType cmap"},
    ErrorName{HPDF_TTF_INVALID_FOMAT, "unsupported TrueType format"},
    ErrorName{HPDF_TTF_MISSING_TABLE, "TrueType table missing"},
    ErrorName{HPDF_TTF_CANNOT_EMBEDDING_FONT, "font licence forbids embedding"},
    ErrorName{HPDF_ZLIB_ERROR, "zlib error"},
    ErrorName{HPDF_INVALID_URI, "invalid URI"},
};

std::string hex_code(HPDF_STATUS code) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%04lX", static_cast<unsigned long>(code));
  return buf;
}

}  // namespace

std::string_view haru_error_name(HPDF_STATUS code) {
  for (const auto& entry : kErrorNames)
    if (entry.code == code) return entry.name;
  return {};
}

HaruDoc::HaruDoc() : doc_(HPDF_New(&HaruDoc::on_error, &error_)) {}

HaruDoc::~HaruDoc() {
  if (doc_) HPDF_Free(doc_);
}

void HaruDoc::on_error(HPDF_STATUS code, HPDF_STATUS detail, void* context) {
  auto* error = static_cast<HaruError*>(context);
  // Only the first error says what went wrong; later ones are its consequences (0x1025).
  if (error->code == HPDF_OK) *error = HaruError{code, detail};
}

HaruError HaruDoc::current_error() const {
  if (error_.code != HPDF_OK) return error_;
  // Internal calls (used by the glyph-id backend) set the error without calling the handler.
  if (doc_ && HPDF_GetError(doc_) != HPDF_OK) return {HPDF_GetError(doc_), HPDF_GetErrorDetail(doc_)};
  return {};
}

bool HaruDoc::ok() const { return doc_ && current_error().code == HPDF_OK; }

bool HaruDoc::check(Diagnostics& diags, const Span& where, std::string_view activity,
                    std::vector<std::string> hints) {
  if (ok()) return true;
  if (reported_) return false;
  reported_ = true;
  if (!doc_) {
    diags.error(where, "cannot create a PDF document: libharu is out of memory");
    return false;
  }
  HaruError error = current_error();
  std::string message = "libharu failed while " + std::string(activity) + ": error " + hex_code(error.code);
  std::string_view name = haru_error_name(error.code);
  if (!name.empty()) message += " (" + std::string(name) + ")";
  message += ", detail " + std::to_string(error.detail);
  diags.error(where, std::move(message), std::move(hints));
  return false;
}

}  // namespace hanji::pdf
