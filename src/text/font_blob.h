// Private to the text module: font files as HarfBuzz reads them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/core.h"
#include "core/files.h"
#include "text/font_service.h"
#include "text/hb_handles.h"

#include <hb-ot.h>

namespace hanji::text::detail {

/// A font file as FontService opened it: immutable, shared by every user of the file while
/// it stays the same (HarfBuzz's faces and fonts are safe to share between threads).
struct OpenedFont {
  Blob blob;
  Face face;
  Font font;  // at its units per em (font units), with HarfBuzz's OpenType functions
  FileStamp stamp;
  std::uint64_t serial = 0;  // tells this opening from every other (keys of what is made from it)
};

/// The path data of glyph `glyph_id` drawn whole (see PathWriter).
std::string draw_outline(hb_font_t* font, uint32_t glyph_id);

/// The font file at `path` as a HarfBuzz blob over its mapping, checked as core's
/// font_file_kind() says (a regular file, a font's first bytes, no link to another kind of
/// file, at most limits::kMaxFontBytes), or null with the reason in `error`.
Blob font_blob(const std::string& path, std::string& error);

/// The tag of the first table a subset is made of that the file's directory says runs past
/// its end (HarfBuzz reads such a table as cut short, or empty), or "" if there is none.
std::string truncated_table(hb_blob_t* blob);

/// What to do about a font file that cannot be subset.
std::vector<std::string> damaged_font_hints(const FontInfo& font);

/// subset_font on a face already open (`font` names it in messages).
std::optional<FontSubset> subset_face(hb_face_t* face, const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                      const std::vector<char32_t>& code_points, Diagnostics& diags);

/// subset_face on an opened font, after checking that no table it reads is cut short.
std::optional<FontSubset> subset_opened(const OpenedFont& opened, const FontInfo& font,
                                        const std::vector<uint32_t>& glyph_ids, const std::vector<char32_t>& code_points,
                                        Diagnostics& diags);

/// Those of `glyph_ids` that leave ink (not a space, not .notdef, in the font), sorted, once each.
std::vector<uint32_t> inked_glyphs(hb_font_t* font, std::vector<uint32_t> glyph_ids);

/// The web font of a face already open, for `glyph_ids` as inked_glyphs gives them.
std::optional<WebFont> make_web_font(hb_face_t* face, const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                     Diagnostics& diags);

/// Those of `characters` that `font`'s cmap maps to a glyph, sorted, once each.
std::vector<char32_t> characters_in(hb_font_t* font, std::vector<char32_t> characters);

/// The text web font of a face already open (`hb_font` over it) for `characters` (as
/// characters_in gives them).
std::optional<TextWebFont> make_text_web_font(hb_face_t* face, hb_font_t* hb_font, const FontInfo& font,
                                              const std::vector<char32_t>& characters, Diagnostics& diags);

}  // namespace hanji::text::detail
