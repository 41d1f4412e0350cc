// The fonts of one Typesetter (private to the text module): loaded lazily, once per file
// path, in first-use order, from the font service (HarfBuzz fonts at scale = units per em
// with the hb-ot functions: no FreeType, no hinting, so positions stay exact and are
// converted to pt in double), each with its own memo of cmap and advance answers.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/core.h"
#include "core/files.h"
#include "text/font_blob.h"
#include "text/hb_handles.h"
#include "text/page_memo.h"
#include "text/text.h"

namespace hanji::text::detail {

class FontStore {
 public:
  /// `origins`: where each font path is named (layout keys such as fonts.latin.regular).
  /// `service`: where font files are opened (the engine's, shared by every typesetter).
  FontStore(Diagnostics& diags, std::map<std::string, Span> origins, FontService& service)
      : diags_(&diags), origins_(std::move(origins)), service_(&service) {}

  /// Sends later messages to `diags`.
  void report_to(Diagnostics& diags) { diags_ = &diags; }
  /// True when every font asked for loaded and none has changed on disk since: the loaded
  /// fonts can serve another document (a failed one is reported only once).
  bool still_valid() const;

  /// The index of the font at `path`, loading it on first use. nullopt for an empty path or a
  /// file that cannot be read as a font (reported once, as an error naming the file).
  std::optional<int> load(const std::string& path);

  /// The glyph of `c` in `font`, if it has one. Itemizing asks for every char of every
  /// paragraph, and the cmap lookup costs HarfBuzz some 190 instructions: each font keeps the
  /// answers.
  std::optional<uint32_t> glyph_of(int font, char32_t c);
  bool has_glyph(int font, char32_t c) { return glyph_of(font, c).has_value(); }
  /// The horizontal advance of `glyph` in font units (kept per font likewise: ~130
  /// instructions a call, asked for every cluster shaped).
  int32_t advance(int font, uint32_t glyph);
  /// Horizontal advance of the nominal glyph of `c` in em, 0 if the font lacks it.
  double advance_em(int font, char32_t c);
  hb_font_t* hb_font(int font) const { return entries_[static_cast<size_t>(font)].opened->font.get(); }
  int units_per_em(int font) const { return infos_[static_cast<size_t>(font)].units_per_em; }
  const std::vector<FontInfo>& infos() const { return infos_; }

 private:
  /// glyph_of()'s answers: glyph + 1, or kNoGlyph.
  static constexpr uint32_t kNoGlyph = UINT32_MAX;

  struct Entry {
    std::shared_ptr<const OpenedFont> opened;  // the service's: blob, face and font
    PageMemo<uint32_t, 0> glyphs;           // by code point
    PageMemo<int32_t, INT32_MIN> advances;  // by glyph
  };

  Span origin_of(const std::string& path) const;

  Diagnostics* diags_;
  std::map<std::string, Span> origins_;
  FontService* service_;
  std::vector<Entry> entries_;             // parallel to infos_
  std::vector<FontInfo> infos_;            // first-use order
  std::map<std::string, int> index_of_;    // path -> index, or -1 after a failed load
};

}  // namespace hanji::text::detail
