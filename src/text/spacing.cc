#include "text/spacing.h"

#include "text/char_class.h"

namespace hanji::text::detail {

double hangul_gap_stretch(const SourceText& text, const ShapedText& shaped, size_t c) {
  if (c == 0 || c >= shaped.clusters.size()) return 0;
  const Cluster& left = shaped.clusters[c - 1];
  const Cluster& right = shaped.clusters[c];
  if (!left.drawn() || !right.drawn()) return 0;
  const char32_t before = text.chars[left.char_end - 1], after = text.chars[right.char_begin];
  const auto syllable = [](char32_t ch) { return is_cjk_letter(ch) && !is_punctuation(ch); };  // not ㆍ
  if (!syllable(before) || !syllable(after)) return 0;
  return kHangulGapStretchEm * shaped.items[static_cast<size_t>(left.item)].nominal_size;
}

}  // namespace hanji::text::detail
