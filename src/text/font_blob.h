// Private to the text module: font files as HarfBuzz reads them.
#pragma once

#include <string>

#include "text/hb_handles.h"

namespace hanji::text::detail {

/// The font file at `path` as a HarfBuzz blob over its mapping, checked as core's
/// font_file_kind() says (a regular file, a font's first bytes, no link to another kind of
/// file, at most limits::kMaxFontBytes), or null with the reason in `error`.
Blob font_blob(const std::string& path, std::string& error);

}  // namespace hanji::text::detail
