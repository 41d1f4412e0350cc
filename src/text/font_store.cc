#include "text/font_store.h"

#include <hb-ot.h>

namespace hanji::text::detail {

namespace {

std::string postscript_name(hb_face_t* face) {
  char buf[256];
  unsigned int len = sizeof buf;
  unsigned int total = hb_ot_name_get_utf8(face, HB_OT_NAME_ID_POSTSCRIPT_NAME, HB_LANGUAGE_INVALID, &len, buf);
  return total > 0 ? std::string(buf, len) : std::string();
}

}  // namespace

std::optional<int> FontStore::load(const std::string& path) {
  if (path.empty()) return std::nullopt;
  if (auto it = index_of_.find(path); it != index_of_.end()) {
    if (it->second < 0) return std::nullopt;
    return it->second;
  }
  Blob blob(hb_blob_create_from_file_or_fail(path.c_str()));
  if (!blob) {
    diags_.error(Span{}, "cannot read font file '" + path + "'",
                 {"check the file exists and is readable, or change the font in the layout's fonts: section"});
    index_of_[path] = -1;
    return std::nullopt;
  }
  Face face(hb_face_create(blob.get(), 0));
  if (hb_face_get_glyph_count(face.get()) == 0) {
    diags_.error(Span{}, "'" + path + "' is not a TrueType/OpenType font",
                 {"use a .ttf file (glyf outlines) in the layout's fonts: section"});
    index_of_[path] = -1;
    return std::nullopt;
  }
  Font font(hb_font_create(face.get()));
  // Layout in font units: exact advances and kerning, converted to pt in double later.
  const unsigned int upem = hb_face_get_upem(face.get());
  hb_font_set_scale(font.get(), static_cast<int>(upem), static_cast<int>(upem));
  hb_ot_font_set_funcs(font.get());

  const int index = static_cast<int>(infos_.size());
  infos_.push_back(FontInfo{path, postscript_name(face.get()), static_cast<int>(upem)});
  entries_.push_back(Entry{std::move(blob), std::move(face), std::move(font)});
  index_of_[path] = index;
  return index;
}

bool FontStore::has_glyph(int font, char32_t c) const {
  hb_codepoint_t glyph = 0;
  return hb_font_get_nominal_glyph(hb_font(font), static_cast<hb_codepoint_t>(c), &glyph) != 0;
}

double FontStore::advance_em(int font, char32_t c) const {
  hb_codepoint_t glyph = 0;
  if (!hb_font_get_nominal_glyph(hb_font(font), static_cast<hb_codepoint_t>(c), &glyph)) return 0;
  return static_cast<double>(hb_font_get_glyph_h_advance(hb_font(font), glyph)) / units_per_em(font);
}

}  // namespace hanji::text::detail
