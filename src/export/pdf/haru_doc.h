// The owner of one libharu document. libharu reports errors through a callback and then
// refuses every later call (a libharu trait that is easy to miss); this wrapper records the
// first error in a context it owns, turns it into a diagnostic naming the step that failed,
// and frees the document on every path.
#pragma once

#include <hpdf.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.h"

namespace hanji::pdf {

/// The first error libharu reported for a document.
struct HaruError {
  HPDF_STATUS code = HPDF_OK;
  HPDF_STATUS detail = 0;
};

/// A short English name for a libharu error code ("cannot open file"), or "" if unknown.
std::string_view haru_error_name(HPDF_STATUS code);

class HaruDoc {
 public:
  HaruDoc();
  ~HaruDoc();
  // The error callback holds a pointer to error_: the object must stay where it is.
  HaruDoc(const HaruDoc&) = delete;
  HaruDoc& operator=(const HaruDoc&) = delete;

  HPDF_Doc get() const { return doc_; }

  /// True until libharu reports an error (or if the document could not be created).
  bool ok() const;

  /// If libharu has failed, reports it once into `diags` as an error saying what hanji was
  /// doing ("loading image"), with `hints`; returns ok().
  bool check(Diagnostics& diags, const Span& where, std::string_view activity,
             std::vector<std::string> hints = {});

 private:
  static void on_error(HPDF_STATUS code, HPDF_STATUS detail, void* context);
  HaruError current_error() const;

  HaruError error_;
  HPDF_Doc doc_ = nullptr;
  bool reported_ = false;
};

}  // namespace hanji::pdf
