// The glyph-id backend: with the direct writer (haru_save.cc), the only code that reaches
// into libharu 2.3.0's internals (the structs and functions its headers expose beyond the
// documented API). libharu can only draw
// characters through a font's cmap and embeds whole font tables; to keep HarfBuzz's
// ligatures and kerning and get small files this file
//  1. builds each font's dictionaries itself (Type0, CIDFontType2, descriptor, ToUnicode
//     and the hb-subset program as FontFile2): codes are glyph ids (CIDToGIDMap /Identity),
//     /W holds the used glyphs only, and the ToUnicode CMap gives the source text back.
//     libharu's own font loading would parse the whole program, map all 65536 codes and
//     rebuild every table, only for most of it to be replaced;
//  2. writes TJ arrays of glyph ids straight into the page content stream.
// Every step was measured against libharu 2.3.0 (sizes, instructions, what extractors read
// back). glyph_backend_available() guards against any other libharu version.
#include <hpdf_utils.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include "pdf/haru_objects.h"
#include "pdf/text_backend.h"
#include "pdf/write_memo.h"
#include "pdf/sfnt_metrics.h"
#include "pdf/sfnt_program.h"
#include "pdf/text_ops.h"
#include "pdf/tounicode.h"

namespace hanji::pdf {

// Built against other headers, the struct accesses below may not even compile: then the
// public-API backend is all there is.
#if HPDF_VERSION_ID == 20300

namespace {

constexpr std::string_view kSupportedVersion = "2.3.0";

struct LoadedFont {
  HPDF_Font font = nullptr;
  GlyphCodes codes;
};

// PDF names may carry any printable ASCII but libharu does not escape delimiters, and it
// refuses (poisoning the document) a name longer than its limit.
std::string pdf_name_safe(const std::string& name) {
  std::string out;
  for (char c : name) {
    bool plain = c > ' ' && c < 0x7F && !std::strchr("()<>[]{}/%#", c);
    out += plain ? c : '-';
  }
  if (out.empty()) out = "Font";
  if (out.size() > HPDF_LIMIT_MAX_NAME_LEN) out.resize(HPDF_LIMIT_MAX_NAME_LEN);
  return out;
}

// The Type0 font dictionary is what pages name in Tf; libharu accepts a dictionary as a font
// when it carries the font subclass and a font record (it reads only the writing mode).
void free_font_record(HPDF_Dict font) {
  if (font->attr) HPDF_FreeMem(font->mmgr, font->attr);
  font->attr = nullptr;
}

HPDF_Font new_type0_font(HPDF_Doc doc) {
  HPDF_Dict font = new_object(doc);
  if (!font) return nullptr;
  auto* record = static_cast<HPDF_FontAttr>(HPDF_GetMem(doc->mmgr, sizeof(HPDF_FontAttr_Rec)));
  if (!record) return nullptr;  // the font is the xref's to free
  std::memset(record, 0, sizeof(HPDF_FontAttr_Rec));
  record->type = HPDF_FONT_TYPE0_TT;
  record->writing_mode = HPDF_WMODE_HORIZONTAL;
  record->xref = doc->xref;
  font->attr = record;
  font->free_fn = free_font_record;
  font->header.obj_class |= HPDF_OSUBCLASS_FONT;
  return font;
}

// /W as ranges of consecutive codes: [first [w w w] first [w] ...].
HPDF_Array widths_array(HPDF_MMgr mmgr, const std::vector<std::pair<uint16_t, long long>>& widths) {
  HPDF_Array array = HPDF_Array_New(mmgr);
  HPDF_Array range = nullptr;
  int previous = -2;
  for (const auto& [code, width] : widths) {
    if (code != previous + 1 || !range) {
      range = HPDF_Array_New(mmgr);
      HPDF_Array_AddNumber(array, code);
      HPDF_Array_Add(array, range);
    }
    // Billionths of an em in steps of 1/32 thousandth: exact as a float and as printed.
    HPDF_Array_AddReal(range, static_cast<HPDF_REAL>(static_cast<double>(width) / 1e6));
    previous = code;
  }
  return array;
}

HPDF_Array box_array(HPDF_MMgr mmgr, const FontFacts& facts) {
  HPDF_Array box = HPDF_Array_New(mmgr);
  for (int value : {facts.x_min, facts.y_min, facts.x_max, facts.y_max}) HPDF_Array_AddNumber(box, value);
  return box;
}

// libharu's printing of the few numbers a page's text settings use (its sizes and colour
// components), each printed once: HPDF_FToA costs a few hundred instructions a number, and
// most runs change the font, the size or the colour.
class RealTexts {
 public:
  std::string_view text_of(HPDF_REAL value) {
    const auto bits = std::bit_cast<uint32_t>(value);
    for (std::size_t i = 0; i < used_; ++i)
      if (entries_[i].bits == bits) return {entries_[i].text, entries_[i].length};
    Entry& entry = entries_[next_];
    next_ = (next_ + 1) % entries_.size();
    if (used_ < entries_.size()) ++used_;
    entry.bits = bits;
    entry.length = static_cast<std::size_t>(HPDF_FToA(entry.text, value, entry.text + sizeof entry.text - 1) - entry.text);
    return {entry.text, entry.length};
  }

 private:
  struct Entry {
    uint32_t bits = 0;
    std::size_t length = 0;
    char text[32];
  };
  std::array<Entry, 8> entries_;
  std::size_t used_ = 0, next_ = 0;  // entries filled; the one to fill next
};

// The font, size and fill colour in force inside a text object, written as Tf and rg when
// they change, in libharu's number format. libharu's own calls (TextState) write the same
// bytes but clear a 512-byte buffer a byte at a time for each.
class TextSettings {
 public:
  void select(std::string& ops, HPDF_Page page, HPDF_Font font, double size, const Rgb& color) {
    if (font != font_ || size != size_) {
      // Names the font in the page's resources (/F1, /F2 ...) if it is not there yet.
      const char* resource = HPDF_Page_GetLocalFontName(page, font);
      if (!resource) return;  // the page's error says why
      ops += '/';
      ops += resource;
      ops += ' ';
      append_real(ops, size);
      ops += " Tf\n";
      font_ = font;
      size_ = size;
    }
    if (!color_ || !(*color_ == color)) {
      append_real(ops, unit(color.r));
      ops += ' ';
      append_real(ops, unit(color.g));
      ops += ' ';
      append_real(ops, unit(color.b));
      ops += " rg\n";
      color_ = color;
    }
  }

 private:
  static double unit(double component) { return std::clamp(component, 0.0, 1.0); }
  void append_real(std::string& ops, double value) { ops += reals_.text_of(static_cast<HPDF_REAL>(value)); }

  HPDF_Font font_ = nullptr;
  double size_ = 0;
  std::optional<Rgb> color_;
  RealTexts reals_;
};

// Everything the dictionaries of one font say, gathered before any is built.
struct FontParts {
  std::string base_font;                 // "TAG+PostScriptName"
  const std::string* program = nullptr;  // the TrueType program to embed
  FontFacts facts;
  int missing_width = 0;                 // /DW: .notdef's advance, thousandths of an em
  int x_height = 0;                      // the top of the glyph drawn for "x"
  std::vector<std::pair<uint16_t, long long>> widths;
  std::string to_unicode;
};

HPDF_Dict font_descriptor(HPDF_Doc doc, const FontParts& parts) {
  HPDF_Dict program = new_stream(doc, *parts.program);
  HPDF_Dict descriptor = new_object(doc);
  if (!program || !descriptor) return nullptr;
  HPDF_Dict_AddNumber(program, "Length1", static_cast<HPDF_INT32>(parts.program->size()));
  HPDF_Dict_AddName(descriptor, "Type", "FontDescriptor");
  HPDF_Dict_AddName(descriptor, "FontName", parts.base_font.c_str());
  HPDF_Dict_AddNumber(descriptor, "Flags", parts.facts.descriptor_flags());
  HPDF_Dict_Add(descriptor, "FontBBox", box_array(doc->mmgr, parts.facts));
  HPDF_Dict_AddNumber(descriptor, "ItalicAngle", 0);
  HPDF_Dict_AddNumber(descriptor, "Ascent", parts.facts.ascent);
  HPDF_Dict_AddNumber(descriptor, "Descent", parts.facts.descent);
  HPDF_Dict_AddNumber(descriptor, "StemV", 0);
  HPDF_Dict_AddNumber(descriptor, "XHeight", parts.x_height);
  HPDF_Dict_Add(descriptor, "FontFile2", program);
  return descriptor;
}

// Type0 -> CIDFontType2 -> FontDescriptor -> FontFile2, and the ToUnicode CMap; nullptr if
// libharu failed (its error says why).
HPDF_Font build_font(HPDF_Doc doc, const FontParts& parts) {
  HPDF_MMgr mmgr = doc->mmgr;
  HPDF_Dict descriptor = font_descriptor(doc, parts);
  HPDF_Dict cid_font = new_object(doc);
  HPDF_Dict to_unicode = new_stream(doc, parts.to_unicode);
  HPDF_Font font = new_type0_font(doc);
  HPDF_Dict system_info = HPDF_Dict_New(mmgr);
  HPDF_Array descendants = HPDF_Array_New(mmgr);
  if (!descriptor || !cid_font || !to_unicode || !font || !system_info || !descendants) return nullptr;

  HPDF_Dict_AddName(cid_font, "Type", "Font");
  HPDF_Dict_AddName(cid_font, "Subtype", "CIDFontType2");
  HPDF_Dict_AddName(cid_font, "BaseFont", parts.base_font.c_str());
  HPDF_Dict_Add(system_info, "Registry", HPDF_String_New(mmgr, "Adobe", nullptr));
  HPDF_Dict_Add(system_info, "Ordering", HPDF_String_New(mmgr, "Identity", nullptr));
  HPDF_Dict_AddNumber(system_info, "Supplement", 0);
  HPDF_Dict_Add(cid_font, "CIDSystemInfo", system_info);
  HPDF_Dict_Add(cid_font, "FontDescriptor", descriptor);
  HPDF_Dict_AddNumber(cid_font, "DW", parts.missing_width);
  HPDF_Dict_Add(cid_font, "W", widths_array(mmgr, parts.widths));
  HPDF_Dict_AddName(cid_font, "CIDToGIDMap", "Identity");  // codes are the subset's glyph ids

  HPDF_Dict_AddName(font, "Type", "Font");
  HPDF_Dict_AddName(font, "Subtype", "Type0");
  HPDF_Dict_AddName(font, "BaseFont", parts.base_font.c_str());
  HPDF_Dict_AddName(font, "Encoding", "Identity-H");
  HPDF_Array_Add(descendants, cid_font);
  HPDF_Dict_Add(font, "DescendantFonts", descendants);
  HPDF_Dict_Add(font, "ToUnicode", to_unicode);
  return HPDF_GetError(doc) == HPDF_OK ? font : nullptr;
}

bool plain_language_tag(const std::string& language) {
  return !language.empty() && language.size() <= 35 &&
         std::all_of(language.begin(), language.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; });
}

class GlyphBackend final : public TextBackend {
 public:
  GlyphBackend(HPDF_Doc doc, WriteWork& work, WriteMemo* memo) : doc_(doc), work_(work), memo_(memo) {}

  bool load_font(int index, const doc::FontInfo& font, const FontUsage& usage, Diagnostics& diags) override {
    ++work_.fonts_subset;
    std::optional<text::FontSubset> subset = subset_font_memo(memo_, font, usage.glyph_ids, usage.code_points, diags);
    if (!subset) return false;
    std::optional<HorizontalMetrics> metrics = read_horizontal_metrics(subset->data);
    std::optional<FontFacts> facts = read_font_facts(subset->data);
    if (!metrics || !facts) {
      diags.error(font.where(),
                  "cannot read glyph widths from the subset of font '" + font.path + "'",
                  {"the font may be damaged; try another font file"});
      return false;
    }
    if (!facts->has_outlines) {
      diags.error(font.where(), "font '" + font.path + "' has no TrueType outlines (glyf) to embed",
                  {"use a TrueType (glyf) font; CFF-based .otf fonts cannot be embedded"});
      return false;
    }
    if (!facts->embeddable()) {
      diags.error(font.where(), "the licence of font '" + font.path + "' forbids embedding it in a PDF",
                  {"its OS/2 fsType allows no (subset) embedding: use another font"});
      return false;
    }
    LoadedFont loaded;
    std::vector<CodeText> to_unicode = fill_codes(loaded, *subset, *metrics, usage);
    const std::string program = pdf_font_program(subset->data);
    FontParts parts;
    std::string postscript_name = subset->postscript_name.empty() ? font.postscript_name : subset->postscript_name;
    parts.base_font = unique_tag(postscript_name, usage.glyph_ids) + "+" + pdf_name_safe(postscript_name);
    parts.program = &program;
    parts.facts = *facts;
    parts.missing_width = static_cast<int>(metrics->per_mille(0));  // truncated, as libharu did
    parts.x_height = x_height(*subset, usage, *facts);
    parts.widths = loaded.codes.widths();
    parts.to_unicode = to_unicode_cmap(std::move(to_unicode));
    loaded.font = build_font(doc_, parts);
    if (!loaded.font) return false;
    fonts_[index] = std::move(loaded);
    return true;
  }

  // The runs' operators, with their Tf and rg, are gathered in ops_ and written into the
  // page in one piece.
  void draw_runs(HPDF_Page page, const std::vector<doc::PlacedRun>& runs, const DocumentClusters& clusters,
                 std::size_t page_index, double page_height, MarkedContent* marks) override {
    if (runs.empty()) return;
    HPDF_Page_BeginText(page);
    LineStart line;
    TextSettings settings;
    ops_.clear();
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const doc::PlacedRun& placed = runs[r];
      const doc::GlyphRun& run = placed.run;
      auto found = fonts_.find(run.font);
      if (run.glyphs.empty() || run.size <= 0 || found == fonts_.end()) continue;
      if (marks) ops_ += marks->before_run(page_index, placed);
      settings.select(ops_, page, found->second.font, run.size, run.color);
      ops_ += line.move_to(placed.x, page_height - placed.baseline + run.rise);
      append_glyphs(ops_, run, found->second.codes, clusters.of(page_index, r), work_, marks);
    }
    if (marks) ops_ += marks->close();  // inside the text object it began in
    write_operators(page, ops_);
    HPDF_Page_EndText(page);
  }

  void set_language(const std::string& language) override {
    if (!plain_language_tag(language)) return;
    HPDF_Dict_Add(doc_->catalog, "Lang", HPDF_String_New(doc_->mmgr, language.c_str(), nullptr));
  }

  void finish() override {
    // libharu writes %PDF-1.3 whatever it emits; /ActualText needs 1.5, /Lang and the
    // soft masks of transparent PNGs 1.4.
    if (doc_->pdf_version < HPDF_VER_15) doc_->pdf_version = HPDF_VER_15;
  }

 private:
  // libharu's XHeight was the top of the glyph the font's cmap gives for 'x'; the embedded
  // program has no cmap, so it is the glyph the document draws for "x" (0 if it draws none).
  static int x_height(const text::FontSubset& subset, const FontUsage& usage, const FontFacts& facts) {
    for (std::size_t i = 0; i < usage.glyph_ids.size(); ++i)
      if (usage.texts[i] == U"x") return glyph_top(subset.data, subset.map(usage.glyph_ids[i]), facts.units_per_em);
    return 0;
  }

  std::string unique_tag(const std::string& postscript_name, const std::vector<uint32_t>& glyph_ids) {
    for (int salt = 0;; ++salt) {
      std::string tag = subset_tag(postscript_name, glyph_ids, salt);
      if (tags_.insert(tag).second) return tag;
    }
  }

  // The codes and widths of a subset's glyphs (into loaded.codes) and its ToUnicode entries
  // (returned). The text a glyph reads back as is
  // looked up through its code, which is what a viewer sees: a glyph missing from the font
  // is drawn as .notdef (code 0) and reads back as whatever code 0 maps to.
  static std::vector<CodeText> fill_codes(LoadedFont& loaded, const text::FontSubset& subset,
                                          const HorizontalMetrics& metrics, const FontUsage& usage) {
    // Several glyphs may end up as one code (.notdef): the code reads back as the text of
    // the first of them, in glyph id order.
    constexpr uint32_t kNoGlyph = UINT32_MAX;
    std::vector<uint16_t> code_of_glyph(usage.glyph_ids.size());
    std::vector<uint32_t> first_glyph_of_code;  // by code: index into usage.glyph_ids
    for (std::size_t i = 0; i < usage.glyph_ids.size(); ++i) {
      auto code = static_cast<uint16_t>(subset.map(usage.glyph_ids[i]));
      code_of_glyph[i] = code;
      if (code >= first_glyph_of_code.size()) first_glyph_of_code.resize(std::size_t{code} + 1, kNoGlyph);
      if (first_glyph_of_code[code] == kNoGlyph) first_glyph_of_code[code] = static_cast<uint32_t>(i);
    }
    for (std::size_t i = 0; i < usage.glyph_ids.size(); ++i) {
      uint16_t code = code_of_glyph[i];
      loaded.codes.add(usage.glyph_ids[i], code, declared_width(metrics.per_mille(code)),
                       usage.texts[first_glyph_of_code[code]]);
    }
    std::vector<CodeText> to_unicode;
    for (std::size_t code = 0; code < first_glyph_of_code.size(); ++code)
      if (first_glyph_of_code[code] != kNoGlyph)
        to_unicode.emplace_back(static_cast<uint16_t>(code), usage.texts[first_glyph_of_code[code]]);
    return to_unicode;
  }

  HPDF_Doc doc_;
  WriteWork& work_;
  WriteMemo* memo_;  // subsets kept from documents before, or null
  std::map<int, LoadedFont> fonts_;  // by Document font index; ordered = deterministic output
  std::set<std::string> tags_;
  std::string ops_;  // draw_runs: operators not yet written into the page
};

}  // namespace

bool glyph_backend_available() { return HPDF_GetVersion() == kSupportedVersion; }

std::unique_ptr<TextBackend> make_glyph_backend(HPDF_Doc doc, WriteWork& work, WriteMemo* memo) {
  return std::make_unique<GlyphBackend>(doc, work, memo);
}

#else

bool glyph_backend_available() { return false; }

std::unique_ptr<TextBackend> make_glyph_backend(HPDF_Doc doc, WriteWork& work, WriteMemo*) {
  return make_public_backend(doc, work);
}

#endif

}  // namespace hanji::pdf
