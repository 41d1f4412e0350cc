// Private to the pdf module: what WriteMemo keeps, and the calls that use it (each does the
// work itself when given no memo).
#pragma once

#include <functional>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "pdf/pdf.h"
#include "text/font_service.h"

namespace hanji::pdf {

struct WriteMemo::Impl {
  std::mutex mutex;
  std::map<std::string, text::FontSubset> subsets;  // font, stamp and glyphs -> subset
  std::deque<std::string> subset_order;             // their keys, oldest first
  std::map<std::string, std::string> streams;       // level and data -> deflated data
  std::size_t stream_bytes = 0;
  std::size_t subsets_reused = 0, streams_reused = 0;
};

/// text::subset_font, from `memo` when the same font file was cut to the same glyphs before.
std::optional<text::FontSubset> subset_font_memo(WriteMemo* memo, const doc::FontInfo& font,
                                                 const std::vector<uint32_t>& glyph_ids,
                                                 const std::vector<char32_t>& code_points, Diagnostics& diags);

/// `data` deflated at `level`: as `memo` kept it from a document before, else by `deflate()`
/// (nullopt when that fails), and then kept.
std::optional<std::string> deflate_kept(WriteMemo* memo, const std::string& data, int level,
                                        const std::function<std::optional<std::string>()>& deflate);

}  // namespace hanji::pdf
