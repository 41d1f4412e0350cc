// pdf: writes a doc::Document as PDF bytes through libharu 2.3.0. Fonts are subset per
// document (text::subset_font) and drawn by glyph so HarfBuzz's ligatures and kerning
// survive; each character code reads as one text (a ToUnicode map per font), so every reader
// gives the exact source text back. Only this module sees libharu.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "image/reduced_copy.h"
#include "core/core.h"
#include "core/memo.h"
#include "doc/doc.h"
#include "export/exporter.h"
#include "text/font_service.h"

namespace hanji::pdf {

/// Compressed streams by level and content (a warm engine's): a CV built again after a
/// one-word edit has mostly the same streams.
using StreamMemo = Memo<std::string, std::string>;

/// What write_pdf may take from documents before, held by a warm engine (`hanji watch`, a
/// batch): its font service (each font file opened once, subsets kept by font file and
/// glyphs) and its compressed streams. Both may be null: made for this document alone. The
/// bytes are the same either way.
struct WriteMemo {
  text::FontService* fonts = nullptr;
  StreamMemo* streams = nullptr;
};

struct Options {
  /// Seconds since the epoch for /CreationDate and /ModDate; unset = no dates, so the same
  /// input gives the same bytes. The CLI sets it from SOURCE_DATE_EPOCH.
  std::optional<long long> creation_time;
  /// Fonts, subsets and compressed streams kept from documents before; the bytes are the
  /// same with or without them.
  WriteMemo memo = {};
  /// The standard the file meets and whether it is tagged. A tagged PDF: the document's
  /// structure (doc::Document::structure) as a structure tree, every drawn piece marked as its
  /// element's content or as an artifact; without a structure the PDF is untagged.
  doc::PdfOutput output = {};
  /// PNG photos reduced for print in this build, shared with its PNG pages (null: none kept).
  image::PrintCopies* photo_copies = nullptr;
  /// /PageLabels: how a viewer numbers the pages (empty: written without, 1 to N).
  std::vector<exports::PageLabel> page_labels = {};
};

/// The work write_pdf did where its cost lies, counted: tests check these counts, which a busy
/// machine does not change (make bench prints the times).
struct WriteWork {
  std::size_t fonts_subset = 0;     // fonts subset and embedded: once per font the runs use
  std::size_t glyphs_drawn = 0;     // glyphs written into the pages: each glyph of the runs once
  std::size_t glyphs_measured = 0;  // glyphs measured for where extractors will read them: at most once each
  std::size_t images_decoded = 0;   // pictures whose pixels were inflated or decoded, to check or embed them
  std::size_t streams_compressed = 0;  // deflate runs: each stream of the file once (page contents, fonts,
                                       // ToUnicode maps, images, the packed objects, the cross-references)
  std::size_t bytes_compressed = 0;    // bytes fed to deflate: each byte of those streams' data once
};

/// The whole PDF file in memory, or nullopt (with an error in `diags`) if libharu failed.
/// `work`, when given, gets the work done added to it.
std::optional<std::string> write_pdf(const doc::Document& doc, const Options& options,
                                     Diagnostics& diags, WriteWork* work = nullptr);

/// libharu's version string as loaded at run time ("2.3.0").
std::string libharu_version();

}  // namespace hanji::pdf
