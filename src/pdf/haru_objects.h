// New objects in a libharu 2.3.0 document, made through its internals (the structs its
// headers expose beyond the documented API): indirect dictionaries and Flate streams filled
// in one piece. Shared by the glyph-id backend, the structure tree and the standards'
// metadata; only built where the headers are 2.3.0's.
#pragma once

#include <hpdf.h>

#include <string_view>

namespace hanji::pdf {

#if HPDF_VERSION_ID == 20300

/// A dictionary that is an indirect object of the document (nullptr on failure: the
/// document's error says why; libharu frees what it could not add).
HPDF_Dict new_object(HPDF_Doc doc);

/// A Flate-compressed stream object holding `data` (nullptr on failure).
HPDF_Dict new_stream(HPDF_Doc doc, std::string_view data);

#endif

/// Appends `ops` to the page's content stream as they are (nothing where the internals are
/// not 2.3.0's: no marked content is made there).
void write_operators(HPDF_Page page, std::string_view ops);

}  // namespace hanji::pdf
