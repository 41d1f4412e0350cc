#include "pdf/text_backend.h"

#include <algorithm>

namespace hanji::pdf {
namespace {

HPDF_REAL unit_interval(double value) { return static_cast<HPDF_REAL>(std::clamp(value, 0.0, 1.0)); }

// FNV-1a, 64 bit: tiny, and stable across platforms and runs (std::hash is neither).
class Fnv1a {
 public:
  void add_byte(unsigned char byte) {
    hash_ ^= byte;
    hash_ *= 0x100000001b3ULL;
  }
  void add_u32(uint32_t value) {
    for (int shift = 0; shift < 32; shift += 8) add_byte(static_cast<unsigned char>(value >> shift));
  }
  uint64_t value() const { return hash_; }

 private:
  uint64_t hash_ = 0xcbf29ce484222325ULL;
};

}  // namespace

void set_fill(HPDF_Page page, const Rgb& color) {
  HPDF_Page_SetRGBFill(page, unit_interval(color.r), unit_interval(color.g), unit_interval(color.b));
}

bool TextState::changes(HPDF_Font font, double size, const Rgb& color) const {
  return font != font_ || size != size_ || !color_ || !(*color_ == color);
}

void TextState::select(HPDF_Page page, HPDF_Font font, double size, const Rgb& color) {
  if (font != font_ || size != size_) {
    HPDF_Page_SetFontAndSize(page, font, static_cast<HPDF_REAL>(size));
    font_ = font;
    size_ = size;
  }
  if (!color_ || !(*color_ == color)) {
    set_fill(page, color);
    color_ = color;
  }
}

std::string subset_tag(const std::string& postscript_name, const std::vector<uint32_t>& glyph_ids,
                       int salt) {
  Fnv1a hash;
  for (char c : postscript_name) hash.add_byte(static_cast<unsigned char>(c));
  hash.add_byte(0);
  for (uint32_t id : glyph_ids) hash.add_u32(id);
  hash.add_u32(static_cast<uint32_t>(salt));
  uint64_t bits = hash.value();
  std::string tag;
  for (int i = 0; i < 6; ++i) {
    tag += static_cast<char>('A' + bits % 26);
    bits /= 26;
  }
  return tag;
}

}  // namespace hanji::pdf
