// The two ways hanji embeds fonts and draws shaped text through libharu, behind one small
// interface so the writer does not care which one runs:
//  - the glyph-id backend (haru_internals.cc, the only file that touches libharu's
//    internals): hb-subset fonts loaded from memory, glyph ids drawn in TJ arrays, font
//    dictionaries patched (Identity CIDToGIDMap, own /W, own ToUnicode). Keeps ligatures,
//    kerning and every substitution. Needs libharu 2.3.0 exactly (struct layouts).
//  - the public-API backend (haru_fallback.cc): hb-subset fonts loaded from temp files, the
//    runs' characters drawn with HPDF_Page_TextOut, split wherever HarfBuzz's advance differs
//    from libharu's. Loses ligatures and glyph substitutions, keeps positions and text.
#pragma once

#include <hpdf.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/core.h"
#include "doc/doc.h"
#include "pdf/clusters.h"
#include "pdf/font_usage.h"
#include "pdf/marked_content.h"
#include "pdf/pdf.h"
#include "text/font_service.h"

namespace hanji::pdf {

class TextBackend {
 public:
  virtual ~TextBackend() = default;

  /// Subsets and embeds Document font `index` for the glyphs in `usage`. On failure returns
  /// false; the reason is in `diags` or in the libharu document's error state.
  virtual bool load_font(int index, const doc::FontInfo& font, const FontUsage& usage,
                         Diagnostics& diags) = 0;

  /// Draws `runs`, page `page_index` of the document whose runs `clusters` split (all fonts
  /// loaded), on `page` in one text object; each run in its marked content when `marks` is
  /// given (a tagged PDF; only the glyph-id backend tags).
  virtual void draw_runs(HPDF_Page page, const std::vector<doc::PlacedRun>& runs, const DocumentClusters& clusters,
                         std::size_t page_index, double page_height, MarkedContent* marks) = 0;

  /// Sets the catalog's /Lang where the backend can (the public API cannot).
  virtual void set_language(const std::string& language) = 0;

  /// Last changes to the font dictionaries before the document is saved.
  virtual void finish() = 0;
};

/// True when the libharu loaded at run time is 2.3.0, whose internals the glyph-id backend
/// was written against (they are not a stable ABI).
bool glyph_backend_available();

/// Backends for `doc`, counting their work in `work`, which must outlive them.
std::unique_ptr<TextBackend> make_glyph_backend(HPDF_Doc doc, WriteWork& work, WriteMemo* memo = nullptr);
std::unique_ptr<TextBackend> make_public_backend(HPDF_Doc doc, WriteWork& work);

/// The font, size and fill colour in force inside a text object; writes Tf / rg only when
/// they change.
class TextState {
 public:
  void select(HPDF_Page page, HPDF_Font font, double size, const Rgb& color);
  /// Whether select() with these would write anything.
  bool changes(HPDF_Font font, double size, const Rgb& color) const;

 private:
  HPDF_Font font_ = nullptr;
  double size_ = 0;
  std::optional<Rgb> color_;
};

/// Sets the fill colour, clamping components into [0, 1] (libharu rejects anything else).
void set_fill(HPDF_Page page, const Rgb& color);

/// The six uppercase letters before the '+' of a subset font's name: a hash of the font's
/// PostScript name and its glyph set (so different subsets get different tags and the same
/// input the same tag), varied by `salt` when two subsets of a document collide.
std::string subset_tag(const std::string& postscript_name, const std::vector<uint32_t>& glyph_ids,
                       int salt = 0);

}  // namespace hanji::pdf
