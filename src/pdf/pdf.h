// pdf: writes a doc::Document as PDF bytes through libharu. Fonts are subset per
// document (text::subset_font) and drawn by glyph id so HarfBuzz's ligatures and kerning
// survive; a ToUnicode map per font gives the exact source text back to extractors.
// Only this module sees libharu.
#pragma once

#include <optional>
#include <string>

#include "core/core.h"
#include "doc/doc.h"

namespace hanji::pdf {

struct Options {
  /// Seconds since the epoch for /CreationDate and /ModDate; unset = no dates, so the same
  /// input gives the same bytes. The CLI sets it from SOURCE_DATE_EPOCH.
  std::optional<long long> creation_time;
  /// Draw text with libharu's public API only (characters through the font's cmap) instead
  /// of glyph ids through its internals. Used automatically when the loaded libharu is not
  /// 2.3.0; set here to test that route. Loses ligatures, keeps positions and text.
  bool public_api_only = false;
};

/// The whole PDF file in memory, or nullopt (with an error in `diags`) if libharu failed.
std::optional<std::string> write_pdf(const doc::Document& doc, const Options& options,
                                     Diagnostics& diags);

/// libharu's version string as loaded at run time ("2.3.0").
std::string libharu_version();

}  // namespace hanji::pdf
