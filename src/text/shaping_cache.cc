#include "text/shaping_cache.h"

#include <cstring>
#include <vector>

namespace hanji::text::detail {

namespace {

template <typename T>
void append_bytes(std::string& key, const T& value) {
  char bytes[sizeof value];
  std::memcpy(bytes, &value, sizeof value);
  key.append(bytes, sizeof value);
}

// The first inline with the same size as inline k: sizes equal in one paragraph stay equal in
// the other, and only that equality shapes the items.
size_t size_class(std::span<const compose::Inline> inlines, size_t k) {
  size_t first = 0;
  while (inlines[first].font.size != inlines[k].font.size) ++first;
  return first;
}

}  // namespace

std::string shaping_key(const SourceText& text) {
  std::string key;
  key.reserve(text.text.size() + text.inlines.size() * 48);
  append_bytes(key, text.inlines.size());
  std::vector<size_t> chars_of(text.inlines.size(), 0);  // where the inlines meet in the text
  for (int k : text.inline_of) ++chars_of[static_cast<size_t>(k)];
  for (size_t k = 0; k < text.inlines.size(); ++k) {
    const compose::Inline& in = text.inlines[k];
    append_bytes(key, chars_of[k]);
    append_bytes(key, size_class(text.inlines, k));
    key += static_cast<char>(in.font.mono * 32 + in.font.emphasized * 16 + in.unbreakable * 8 + in.font.small_caps * 4 +
                             in.font.bold * 2 + in.font.italic);
    append_bytes(key, in.font.color.r);
    append_bytes(key, in.font.color.g);
    append_bytes(key, in.font.color.b);
    append_bytes(key, in.link.size());
    key += in.link;
  }
  key += text.text;
  return key;
}

Prepared* ShapingCache::find(const std::string& key) {
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    ++misses_;
    return nullptr;
  }
  ++hits_;
  return &it->second;
}

Prepared& ShapingCache::insert(std::string key, Prepared prepared) {
  return entries_.insert_or_assign(std::move(key), std::move(prepared)).first->second;
}

}  // namespace hanji::text::detail
