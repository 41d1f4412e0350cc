// A memo of answers by a 32-bit key (private to the text module), for questions asked once per
// char or glyph of every paragraph whose keys are few but spread over a wide range: code
// points, glyph ids.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace hanji::text::detail {

/// Values kept by key, in pages of 256 keys made when one of them is first asked for: a
/// document asks about a few hundred of tens of thousands of code points and glyphs.
/// `kNotAsked` marks a value not yet computed; a computation that returns it is asked again.
template <class Value, Value kNotAsked>
class PageMemo {
 public:
  template <class Compute>
  Value get(uint32_t key, Compute compute) {
    const size_t at = key / kPage;
    if (at >= pages_.size()) pages_.resize(at + 1);
    if (!pages_[at]) {
      pages_[at] = std::make_unique<Page>();
      pages_[at]->fill(kNotAsked);
    }
    Value& value = (*pages_[at])[key % kPage];
    if (value == kNotAsked) value = compute();
    return value;
  }

 private:
  static constexpr size_t kPage = 256;
  using Page = std::array<Value, kPage>;
  std::vector<std::unique_ptr<Page>> pages_;
};

}  // namespace hanji::text::detail
