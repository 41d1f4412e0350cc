// New objects in a libharu 2.3.0 document, made through its internals (the structs its
// headers expose beyond the documented API): indirect dictionaries and Flate streams filled
// in one piece. Shared by the glyph-id backend, the structure tree and the standards'
// metadata. CMake accepts no libharu but 2.3.0, whose struct layouts this code reads.
#pragma once

#include <hpdf.h>

#include <string_view>

namespace hanji::pdf {

/// A dictionary that is an indirect object of the document (nullptr on failure: the
/// document's error says why; libharu frees what it could not add).
HPDF_Dict new_object(HPDF_Doc doc);

/// A Flate-compressed stream object holding `data` (nullptr on failure).
HPDF_Dict new_stream(HPDF_Doc doc, std::string_view data);

/// Appends `ops` to the page's content stream as they are.
void write_operators(HPDF_Page page, std::string_view ops);

}  // namespace hanji::pdf
