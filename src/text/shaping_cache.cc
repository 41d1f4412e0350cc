#include "text/shaping_cache.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <span>
#include <string_view>
#include <vector>

namespace hanji::text::detail {

namespace {

// The first inline with the same size as inline k: sizes equal in one paragraph stay equal in
// the other, and only that equality shapes the items.
size_t size_class(std::span<const compose::Inline> inlines, size_t k) {
  size_t first = 0;
  while (inlines[first].font.size != inlines[k].font.size) ++first;
  return first;
}

// For each inline, the first inline with the same link address: shaping splits items where
// the address changes, so only which inlines share one matters, not the address itself (a
// key holding every address in full cost a copy of 2,000 characters per word of a long link).
std::vector<size_t> link_classes(std::span<const compose::Inline> inlines) {
  // Most paragraphs link nothing: every inline shares the first one's (empty) address.
  if (std::all_of(inlines.begin(), inlines.end(), [](const compose::Inline& in) { return in.link.empty(); }))
    return std::vector<size_t>(inlines.size(), 0);
  std::map<std::string_view, size_t> first_with;
  std::vector<size_t> classes;
  classes.reserve(inlines.size());
  for (size_t k = 0; k < inlines.size(); ++k) classes.push_back(first_with.try_emplace(inlines[k].link, k).first->second);
  return classes;
}

}  // namespace

std::string shaping_key(const SourceText& text) {
  std::string key;
  // Per inline: its chars, size class and link class, three colour components, two flags.
  constexpr size_t kInlineFields = 3 * sizeof(size_t) + 3 * sizeof(double) + 2;
  key.reserve(sizeof(size_t) + text.inlines.size() * kInlineFields + text.text.size());
  append_bytes(key, text.inlines.size());
  const std::vector<size_t> link_class = link_classes(text.inlines);
  // Where the inlines meet in the text: each one's chars, found by bisection, as the chars
  // come inline by inline (inline_of never decreases).
  auto first_char = text.inline_of.begin();
  for (size_t k = 0; k < text.inlines.size(); ++k) {
    const compose::Inline& in = text.inlines[k];
    const auto next_inline = std::upper_bound(first_char, text.inline_of.end(), static_cast<int>(k));
    append_bytes(key, static_cast<size_t>(next_inline - first_char));
    first_char = next_inline;
    append_bytes(key, size_class(text.inlines, k));
    key += static_cast<char>(in.font.mono * 32 + in.font.emphasized * 16 + in.unbreakable * 8 + in.font.small_caps * 4 +
                             in.font.bold * 2 + in.font.italic);
    key += static_cast<char>(in.font.latin);
    append_bytes(key, in.font.color.r);
    append_bytes(key, in.font.color.g);
    append_bytes(key, in.font.color.b);
    key += static_cast<char>(in.link.empty());  // a link is not hyphenated
    append_bytes(key, link_class[k]);
  }
  key += text.text;
  return key;
}

}  // namespace hanji::text::detail
