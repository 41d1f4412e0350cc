// The glyph-id backend: the ONLY file that reaches into libharu 2.3.0's internals (the
// structs and functions hpdf.h exposes beyond the documented API). libharu can only draw
// characters through a font's cmap and embeds whole font tables; to keep HarfBuzz's
// ligatures and kerning and get small files this file
//  1. loads each hb-subset font from memory (libharu 2.3.0 has no public call for that),
//  2. writes TJ arrays of glyph ids straight into the page content stream,
//  3. rewrites each font's dictionaries before saving: CIDToGIDMap /Identity (codes are
//     glyph ids), /W for the used glyphs only, a real ToUnicode CMap, Ordering (Identity).
// Every step was measured against libharu 2.3.0 (sizes, times, what extractors read back). glyph_backend_available() guards against any other libharu version.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include "pdf/text_backend.h"
#include "pdf/sfnt_metrics.h"
#include "pdf/sfnt_prep.h"
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
  std::vector<CodeText> to_unicode;
};

bool doc_failed(HPDF_Doc doc) { return HPDF_GetError(doc) != HPDF_OK; }

// Reads `font` into a libharu font definition (HPDF_LoadTTFontFromFile without the file).
HPDF_FontDef load_font_def(HPDF_Doc doc, const std::string& font) {
  // With a 'prep' table libharu can always seek to every table it writes (see sfnt_prep.h).
  const std::string data = with_nonempty_prep(font);
  auto size = static_cast<HPDF_UINT>(data.size());
  // One buffer with room to spare: libharu's memory stream cannot seek to its very end when
  // the data fills its buffers exactly (the same bug as in sfnt_prep.h, for a table ending
  // the file).
  HPDF_Stream stream = HPDF_MemStream_New(doc->mmgr, size + 4);
  if (!stream) return nullptr;
  if (HPDF_Stream_Write(stream, reinterpret_cast<const HPDF_BYTE*>(data.data()), size) != HPDF_OK) {
    HPDF_Stream_Free(stream);
    return nullptr;
  }
  return HPDF_TTFontDef_Load(doc->mmgr, stream, HPDF_TRUE);  // owns the stream from here
}

// PDF names may carry any printable ASCII but libharu does not escape delimiters.
std::string pdf_name_safe(const std::string& name) {
  std::string out;
  for (char c : name) {
    bool plain = c > ' ' && c < 0x7F && !std::strchr("()<>[]{}/%#", c);
    out += plain ? c : '-';
  }
  return out.empty() ? std::string("Font") : out;
}

void copy_name(char* dest, const std::string& name) {
  std::size_t length = std::min<std::size_t>(name.size(), HPDF_LIMIT_MAX_NAME_LEN);
  std::memcpy(dest, name.data(), length);
  dest[length] = '\0';
}

// Names the font definition: `tag`+PostScript name in the PDF (libharu would append
// ",Bold" for bold faces), and `key` as libharu's lookup name, unique per document font so
// two files with the same PostScript name cannot be confused (pitfall 10).
void name_font_def(HPDF_FontDef def, const std::string& tag, const std::string& postscript_name,
                   const std::string& key) {
  std::string tag_buffer = tag;
  HPDF_TTFontDef_SetTagName(def, tag_buffer.data());
  auto* attr = static_cast<HPDF_TTFontDefAttr>(def->attr);
  copy_name(attr->base_font, tag + "+" + pdf_name_safe(postscript_name));
  copy_name(def->base_font, key);
}

// HPDF_GetFont builds a /W and a 128 KB CIDToGIDMap by looking up every one of the 65536
// UTF-8 codes in the font (1.5 ms per font), only for patch_font to replace both. For
// encoders whose to_unicode_fn is the generic CMap one, libharu only looks up the codes of
// the encoder's cid_map; so while this guard lives the UTF-8 encoder takes that function
// and a cid_map with a single code (the space), and the lookup shrinks to one glyph. Both
// are restored afterwards, before anything else (outline, info strings) uses the encoder.
class SingleCodeEncoder {
 public:
  explicit SingleCodeEncoder(HPDF_Encoder encoder)
      : encoder_(encoder),
        attr_(static_cast<HPDF_CMapEncoderAttr>(encoder->attr)),
        saved_to_unicode_(encoder->to_unicode_fn),
        saved_map_(&attr_->cid_map[0][0], &attr_->cid_map[0][0] + kCodes) {
    encoder_->to_unicode_fn = HPDF_CMapEncoder_ToUnicode;
    std::fill_n(&attr_->cid_map[0][0], kCodes, HPDF_UINT16{0});
    attr_->cid_map[0][0x20] = 0x20;  // libharu refuses an encoder with no code at all
  }
  ~SingleCodeEncoder() {
    std::copy(saved_map_.begin(), saved_map_.end(), &attr_->cid_map[0][0]);
    encoder_->to_unicode_fn = saved_to_unicode_;
  }
  SingleCodeEncoder(const SingleCodeEncoder&) = delete;
  SingleCodeEncoder& operator=(const SingleCodeEncoder&) = delete;

 private:
  static constexpr std::size_t kCodes = 256 * 256;
  HPDF_Encoder encoder_;
  HPDF_CMapEncoderAttr attr_;
  HPDF_Encoder_ToUnicode_Func saved_to_unicode_;
  std::vector<HPDF_UINT16> saved_map_;
};

// A subset holds only the glyphs we draw (plus the components of composite glyphs), so all
// of them go into the embedded font; libharu would otherwise keep only glyphs it drew itself.
void mark_all_glyphs_used(HPDF_FontDef def) {
  auto* attr = static_cast<HPDF_TTFontDefAttr>(def->attr);
  if (!attr->glyph_tbl.flgs) return;
  std::fill_n(attr->glyph_tbl.flgs, attr->num_glyphs, HPDF_BYTE{1});
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

void replace_to_unicode(HPDF_Dict cmap, const std::vector<CodeText>& entries) {
  // libharu's stream is a copy of its encoding CMap (CMapType 1, cidrange): not a ToUnicode.
  for (const char* key : {"Type", "CMapName", "CIDSystemInfo", "WMode"}) HPDF_Dict_RemoveElement(cmap, key);
  HPDF_MemStream_FreeData(cmap->stream);
  std::string text = to_unicode_cmap(entries);
  HPDF_Stream_Write(cmap->stream, reinterpret_cast<const HPDF_BYTE*>(text.data()),
                    static_cast<HPDF_UINT>(text.size()));
}

void patch_font(HPDF_Doc doc, const LoadedFont& loaded) {
  auto* attr = static_cast<HPDF_FontAttr>(loaded.font->attr);
  HPDF_Dict descendant = attr->descendant_font;
  HPDF_Dict_AddName(descendant, "CIDToGIDMap", "Identity");
  // The old map (128 KB, code = Unicode) stays an orphan object; emptied it costs nothing.
  if (attr->map_stream) HPDF_MemStream_FreeData(attr->map_stream->stream);
  HPDF_Dict_Add(descendant, "W", widths_array(doc->mmgr, loaded.codes.widths()));
  auto system_info = static_cast<HPDF_Dict>(HPDF_Dict_GetItem(descendant, "CIDSystemInfo", HPDF_OCLASS_DICT));
  if (system_info) HPDF_Dict_Add(system_info, "Ordering", HPDF_String_New(doc->mmgr, "Identity", nullptr));
  if (attr->cmap_stream) replace_to_unicode(attr->cmap_stream, loaded.to_unicode);
}

bool plain_language_tag(const std::string& language) {
  return !language.empty() && language.size() <= 35 &&
         std::all_of(language.begin(), language.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; });
}

class GlyphBackend final : public TextBackend {
 public:
  GlyphBackend(HPDF_Doc doc, WriteWork& work) : doc_(doc), work_(work) {}

  bool load_font(int index, const doc::FontInfo& font, const FontUsage& usage, Diagnostics& diags) override {
    ++work_.fonts_subset;
    std::optional<text::FontSubset> subset = text::subset_font(font, usage.glyph_ids, usage.code_points, diags);
    if (!subset) return false;
    std::optional<HorizontalMetrics> metrics = read_horizontal_metrics(subset->data);
    if (!metrics) {
      diags.error(font.where(),
                  "cannot read glyph widths from the subset of font '" + font.path + "'",
                  {"the font may be damaged; try another font file"});
      return false;
    }
    std::string postscript_name = subset->postscript_name.empty() ? font.postscript_name : subset->postscript_name;
    HPDF_Font handle = embed(*subset, postscript_name, usage.glyph_ids, "hanji-font-" + std::to_string(index));
    if (!handle) return false;
    LoadedFont& loaded = fonts_[index];
    loaded.font = handle;
    fill_codes(loaded, *subset, *metrics, usage);
    return true;
  }

  // The runs' operators are gathered in ops_ and written into the page in one piece
  // wherever libharu itself writes (Tf, rg, ET), so the stream gets the same bytes in the
  // same order with far fewer calls.
  void draw_runs(HPDF_Page page, const std::vector<doc::PlacedRun>& runs, double page_height) override {
    if (runs.empty()) return;
    HPDF_Stream content = static_cast<HPDF_PageAttr>(page->attr)->stream;
    HPDF_Page_BeginText(page);
    LineStart line;
    TextState state;
    ops_.clear();
    for (const auto& placed : runs) {
      const doc::GlyphRun& run = placed.run;
      auto found = fonts_.find(run.font);
      if (run.glyphs.empty() || run.size <= 0 || found == fonts_.end()) continue;
      if (state.changes(found->second.font, run.size, run.color)) {
        write_ops(content);
        state.select(page, found->second.font, run.size, run.color);
      }
      ops_ += line.move_to(placed.x, page_height - placed.baseline + run.rise);
      append_glyphs(ops_, run, found->second.codes, clusters_, work_);
    }
    write_ops(content);
    HPDF_Page_EndText(page);
  }

  void set_language(const std::string& language) override {
    if (!plain_language_tag(language)) return;
    HPDF_Dict_Add(doc_->catalog, "Lang", HPDF_String_New(doc_->mmgr, language.c_str(), nullptr));
  }

  void finish() override {
    for (const auto& [index, loaded] : fonts_) patch_font(doc_, loaded);
    // libharu writes %PDF-1.3 whatever it emits; /ActualText needs 1.5, /Lang and the
    // soft masks of transparent PNGs 1.4.
    if (doc_->pdf_version < HPDF_VER_15) doc_->pdf_version = HPDF_VER_15;
  }

 private:
  // Loads the subset as a libharu font named `key` (nullptr on failure: see the doc's error).
  HPDF_Font embed(const text::FontSubset& subset, const std::string& postscript_name,
                  const std::vector<uint32_t>& glyph_ids, const std::string& key) {
    HPDF_FontDef def = load_font_def(doc_, subset.data);
    if (!def || doc_failed(doc_)) return nullptr;
    name_font_def(def, unique_tag(postscript_name, glyph_ids), postscript_name, key);
    mark_all_glyphs_used(def);
    HPDF_Encoder utf8 = HPDF_GetEncoder(doc_, "UTF-8");
    if (HPDF_Doc_RegisterFontDef(doc_, def) != HPDF_OK || !utf8) return nullptr;
    SingleCodeEncoder fast(utf8);
    return HPDF_GetFont(doc_, key.c_str(), "UTF-8");
  }

  std::string unique_tag(const std::string& postscript_name, const std::vector<uint32_t>& glyph_ids) {
    for (int salt = 0;; ++salt) {
      std::string tag = subset_tag(postscript_name, glyph_ids, salt);
      if (tags_.insert(tag).second) return tag;
    }
  }

  // Codes, widths and ToUnicode entries of a loaded subset. The text a glyph reads back as is
  // looked up through its code, which is what a viewer sees: a glyph missing from the font
  // is drawn as .notdef (code 0) and reads back as whatever code 0 maps to.
  static void fill_codes(LoadedFont& loaded, const text::FontSubset& subset, const HorizontalMetrics& metrics,
                         const FontUsage& usage) {
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
    for (std::size_t code = 0; code < first_glyph_of_code.size(); ++code)
      if (first_glyph_of_code[code] != kNoGlyph)
        loaded.to_unicode.emplace_back(static_cast<uint16_t>(code), usage.texts[first_glyph_of_code[code]]);
  }

  void write_ops(HPDF_Stream content) {
    if (ops_.empty()) return;
    HPDF_Stream_Write(content, reinterpret_cast<const HPDF_BYTE*>(ops_.data()), static_cast<HPDF_UINT>(ops_.size()));
    ops_.clear();
  }

  HPDF_Doc doc_;
  WriteWork& work_;
  std::map<int, LoadedFont> fonts_;  // by Document font index; ordered = deterministic output
  std::set<std::string> tags_;
  std::string ops_;        // draw_runs: operators not yet written into the page
  RunClusters clusters_;   // draw_runs: scratch space, reused from run to run
};

}  // namespace

bool glyph_backend_available() { return HPDF_GetVersion() == kSupportedVersion; }

std::unique_ptr<TextBackend> make_glyph_backend(HPDF_Doc doc, WriteWork& work) {
  return std::make_unique<GlyphBackend>(doc, work);
}

#else

bool glyph_backend_available() { return false; }

std::unique_ptr<TextBackend> make_glyph_backend(HPDF_Doc doc, WriteWork& work) {
  return make_public_backend(doc, work);
}

#endif

}  // namespace hanji::pdf
