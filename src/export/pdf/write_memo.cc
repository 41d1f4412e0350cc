// pdf::WriteMemo: font subsets and compressed streams kept between documents.
#include "export/pdf/write_memo.h"

namespace hanji::pdf {

std::optional<text::FontSubset> subset_font_memo(const WriteMemo& memo, const doc::FontInfo& font,
                                                 const std::vector<uint32_t>& glyph_ids,
                                                 const std::vector<char32_t>& code_points, Diagnostics& diags) {
  if (!memo.fonts) return text::subset_font(font, glyph_ids, code_points, diags);
  return memo.fonts->subset(font, glyph_ids, code_points, diags);
}

std::optional<std::string> deflate_kept(const WriteMemo& memo, const std::string& data, int level,
                                        const std::function<std::optional<std::string>()>& deflate) {
  if (!memo.streams) return deflate();
  std::string key = std::to_string(level) + '\n' + data;
  if (std::optional<std::string> kept = memo.streams->find(key)) return kept;
  std::optional<std::string> deflated = deflate();
  if (!deflated) return deflated;
  const std::size_t bytes = key.size() + deflated->size();
  memo.streams->keep(std::move(key), *deflated, bytes);
  return deflated;
}

}  // namespace hanji::pdf
