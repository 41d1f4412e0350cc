// The TrueType program a PDF embeds for a subset font (the FontFile2 stream). hanji writes
// hb-subset's output as it is, so long as it holds only the tables a PDF viewer reads for a
// CIDFontType2 font: the outlines and metrics, the hinting programs, OS/2, name and post.
// Glyphs are chosen by id (CIDToGIDMap /Identity), so the cmap is not among them.
#pragma once

#include <string>
#include <string_view>

namespace hanji::pdf {

/// True when `tag` is a table that goes into the embedded font program.
bool embedded_table(std::string_view tag);

/// `font` (an sfnt) with only the embedded tables: returned unchanged when it has no other
/// (hb-subset is told to drop the rest), else rebuilt with those tables byte for byte and a
/// new directory and checksums. A font that cannot be parsed is returned unchanged.
std::string pdf_font_program(std::string_view font);

}  // namespace hanji::pdf
