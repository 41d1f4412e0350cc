// Writes the document libharu holds as a compact PDF 1.5 file, without libharu's own save.
// libharu would write every object as text, deflate each stream, and the result would then
// be parsed again to pack it (compact.h); this walks libharu's objects once and writes the
// packed form directly: the objects reachable from the catalog and the info dictionary,
// numbered in the order they are reached, those that are not streams in one compressed
// object stream, each stream's data deflated once, straight from libharu's buffers, and a
// cross-reference stream. Text strings are written the short way (a literal for ASCII,
// UTF-16 only when needed) and without the whitespace libharu puts around every token.
// Reaches into libharu 2.3.0's internals, like the glyph-id backend (haru_internals.cc).
#pragma once

#include <hpdf.h>

#include <optional>
#include <string>

#include "pdf/pdf.h"

namespace hanji::pdf {

/// True when the loaded libharu is the 2.3.0 whose object structures save_compact reads.
bool compact_save_available();

/// The whole file, or nullopt when the document holds something this writer does not know
/// (encryption, a font libharu writes in its own way, a non-memory stream): the caller then
/// saves through libharu. The deflate work is counted in `work`. `with_id`: the trailer gets
/// a file identifier (/ID, which PDF/A asks for), a hash of the file's bytes.
std::optional<std::string> save_compact(HPDF_Doc doc, WriteWork& work, WriteMemo* memo = nullptr,
                                        bool with_id = false);

}  // namespace hanji::pdf
