// A workaround for a libharu 2.3.0 bug that made some CVs fail to build ("libharu failed
// while writing the document: error 0x1033"), depending only on which glyphs they used.
//
// When libharu embeds a TrueType font it rebuilds 13 tables into a memory stream made of
// 4096-byte buffers, then seeks back to each table to checksum it. The last of the 13 is
// 'prep', which hb-subset drops along with the other hinting tables; libharu then gives it
// length 0 and an offset equal to the size of everything before it. Seeking to that offset
// fails with HPDF_INVALID_OBJECT when the size is an exact multiple of 4096 (the buffer it
// points to does not exist), which happens for about one glyph set in 2048. A 'prep' table
// that is not empty has an offset inside the stream, whatever the other tables add up to.
#pragma once

#include <string>
#include <string_view>

namespace hanji::pdf {

/// `font` (an sfnt) with a one-instruction 'prep' table added when it has none or an empty
/// one; every other table is kept byte for byte, the directory and checksums are rebuilt.
/// A font that already has a 'prep' table, or cannot be parsed, is returned unchanged.
std::string with_nonempty_prep(std::string_view font);

}  // namespace hanji::pdf
