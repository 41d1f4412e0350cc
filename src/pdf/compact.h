// Rewrites the PDF libharu saved into a smaller file with the same content: the objects
// that are not streams (font and page dictionaries, link annotations, outline entries)
// go into one compressed object stream with a cross-reference stream (PDF 1.5), stream
// lengths become direct values, and objects nothing refers to (libharu's emptied
// CIDToGIDMap streams) are dropped. On the English sample this saves about a third. With the
// libharu 2.3.0 whose internals hanji knows, the direct writer (haru_save.h) writes this
// form straight away; this is for any other libharu, which saves the classic form first.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hanji::pdf {

/// The compacted file, or nullopt if `pdf` is not the simple, classic-xref PDF libharu
/// writes (the caller then keeps the original, which is just as valid).
std::optional<std::string> compact_pdf(std::string_view pdf);

}  // namespace hanji::pdf
