// pdf: writes a doc::Document as PDF bytes through libharu 2.3.0. Fonts are subset per
// document (text::subset_font) and drawn by glyph so HarfBuzz's ligatures and kerning
// survive; each character code reads as one text (a ToUnicode map per font), so every reader
// gives the exact source text back. Only this module sees libharu.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "core/core.h"
#include "doc/doc.h"

namespace hanji::pdf {

/// What write_pdf made before and may make again, kept between documents: font subsets by
/// font file (and its FileStamp) and glyphs, compressed streams by their content. A CV built
/// again after a one-word edit draws the same glyphs, so its fonts cost nothing the second
/// time. `hanji watch` and a batch hold one; safe to share between threads; bounded (about
/// sixteen fonts' subsets, the oldest going first, and 16 MiB of streams, then it starts again).
class WriteMemo {
 public:
  WriteMemo();
  ~WriteMemo();
  WriteMemo(const WriteMemo&) = delete;
  WriteMemo& operator=(const WriteMemo&) = delete;

  /// Subsets and streams found made before, so far.
  std::size_t subsets_reused() const;
  std::size_t streams_reused() const;

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

struct Options {
  /// Seconds since the epoch for /CreationDate and /ModDate; unset = no dates, so the same
  /// input gives the same bytes. The CLI sets it from SOURCE_DATE_EPOCH.
  std::optional<long long> creation_time;
  /// Subsets and compressed streams kept from documents before (null: none); the bytes are
  /// the same with or without it.
  WriteMemo* memo = nullptr;
  /// The standard the file meets and whether it is tagged. A tagged PDF: the document's
  /// structure (doc::Document::structure) as a structure tree, every drawn piece marked as its
  /// element's content or as an artifact; without a structure the PDF is untagged.
  doc::PdfOutput output = {};
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
