// The document's fonts and the text drawn with them. libharu can only draw characters
// through a font's cmap and embeds whole font tables; to keep HarfBuzz's ligatures, kerning
// and every substitution, and to get small files, hanji
//  - subsets each font with hb-subset and builds its dictionaries itself (Type0,
//    CIDFontType2, descriptor, ToUnicode, the subset as FontFile2);
//  - draws glyphs by code in TJ arrays written straight into the page's content stream.
// A code is a glyph read as one text: a glyph drawn for two texts (a capital drawn for a
// small-caps lowercase letter, one glyph for two characters) gets a second code, mapped to the
// same glyph by the font's CIDToGIDMap, so that every reader, not only those that honour
// /ActualText, gets each word back as written. This file and serializer.h are what reach into
// libharu 2.3.0's internals (CMake accepts no other version).
#pragma once

#include <hpdf.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/core.h"
#include "doc/doc.h"
#include "export/pdf/clusters.h"
#include "export/pdf/font_usage.h"
#include "export/pdf/marked_content.h"
#include "export/pdf/pdf.h"
#include "export/pdf/text_ops.h"

namespace hanji::pdf {

class PdfText {
 public:
  /// Fonts and text for `doc`, counting its work in `work` (which must outlive it); subsets
  /// made before come from `memo` when given.
  PdfText(HPDF_Doc doc, WriteWork& work, const WriteMemo* memo);

  /// Subsets and embeds Document font `index` for the glyphs and readings in `usage`. On
  /// failure returns false; the reason is in `diags` or in the libharu document's error state.
  bool load_font(int index, const doc::FontInfo& font, const FontUsage& usage, Diagnostics& diags);

  /// Draws `runs`, page `page_index` of the document whose runs `clusters` split and whose
  /// glyphs read as `readings` say (all fonts loaded), on `page` in one text object; each run in
  /// its marked content when `marks` is given (a tagged PDF).
  void draw_runs(HPDF_Page page, const std::vector<doc::PlacedRun>& runs, const DocumentClusters& clusters,
                 const DocumentReadings& readings, std::size_t page_index, double page_height, MarkedContent* marks);

  /// Sets the catalog's /Lang (a plain language tag; anything else is left out).
  void set_language(const std::string& language);

  /// Last changes before the document is saved (the version its features need).
  void finish();

 private:
  struct LoadedFont {
    HPDF_Font font = nullptr;
    GlyphCodes codes;
  };

  std::string unique_tag(const std::string& postscript_name, const std::vector<uint32_t>& glyph_ids);

  HPDF_Doc doc_;
  WriteWork& work_;
  const WriteMemo* memo_;                // subsets kept from documents before, or null
  std::map<int, LoadedFont> fonts_;  // by Document font index; ordered = deterministic output
  std::set<std::string> tags_;
  // A glyph the document draws as a space (the first font's, by index, that draws one): what
  // a gap between right-to-left runs is given (pdf_text.cc). -1: the document draws no space.
  int space_font_ = -1;
  uint32_t space_glyph_ = 0;
  std::string ops_;  // draw_runs: operators not yet written into the page
};

/// The six uppercase letters before the '+' of a subset font's name: a hash of the font's
/// PostScript name and its glyph set (so different subsets get different tags and the same
/// input the same tag), varied by `salt` when two subsets of a document collide.
std::string subset_tag(const std::string& postscript_name, const std::vector<uint32_t>& glyph_ids,
                       int salt = 0);

}  // namespace hanji::pdf
