// Private to the pdf module: the calls that use a WriteMemo (each does the work itself when
// the memo holds nothing).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "export/pdf/pdf.h"
#include "text/font_service.h"

namespace hanji::pdf {

/// `font` cut down to the glyphs: from the memo's font service (kept when the same font file
/// was cut to the same glyphs before), else made for this document alone.
std::optional<text::FontSubset> subset_font_memo(const WriteMemo& memo, const doc::FontInfo& font,
                                                 const std::vector<uint32_t>& glyph_ids,
                                                 const std::vector<char32_t>& code_points, Diagnostics& diags);

/// `data` deflated at `level`: as the memo kept it from a document before, else by
/// `deflate()` (nullopt when that fails), and then kept (weighed in bytes).
std::optional<std::string> deflate_kept(const WriteMemo& memo, const std::string& data, int level,
                                        const std::function<std::optional<std::string>()>& deflate);

}  // namespace hanji::pdf
