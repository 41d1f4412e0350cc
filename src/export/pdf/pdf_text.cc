// PdfText (pdf_text.h): each font's dictionaries built by hand, with codes of its own, and the
// runs drawn as TJ arrays of those codes. libharu's own font loading would parse the whole
// program, map all 65536 codes and rebuild every table, only for most of it to be replaced.
// Every step was measured against libharu 2.3.0 (sizes, instructions, what extractors read
// back).
#include "export/pdf/pdf_text.h"

#include <hpdf_utils.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstring>
#include <string_view>
#include <vector>

#include "export/pdf/haru_objects.h"
#include "export/pdf/sfnt_program.h"
#include "export/pdf/tounicode.h"
#include "export/pdf/write_memo.h"
#include "text/font_tables.h"

namespace hanji::pdf {
namespace {

// A gap wider than this (in ems of the run before it) between two runs on one baseline starts
// another line for the letter-spacing check: a table's next cell, a date column.
constexpr double kSeparateLineEm = 1.0;

// The font tables as the text module reads them (through HarfBuzz).
using text::FontFacts;
using text::HorizontalMetrics;
using text::glyph_top;
using text::read_font_facts;
using text::read_horizontal_metrics;

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
  // A libharu array takes at most HPDF_LIMIT_MAX_ARRAY items (32,767; 8,191 in older
  // releases): a run of consecutive codes longer than that (tens of thousands of characters no
  // font has, each a code of .notdef) starts a new range, where it failed the whole PDF.
  constexpr std::size_t kMaxRange = 8191;
  HPDF_Array array = HPDF_Array_New(mmgr);
  HPDF_Array range = nullptr;
  std::size_t in_range = 0;
  int previous = -2;
  for (const auto& [code, width] : widths) {
    if (code != previous + 1 || !range || in_range == kMaxRange) {
      range = HPDF_Array_New(mmgr);
      in_range = 0;
      HPDF_Array_AddNumber(array, code);
      HPDF_Array_Add(array, range);
    }
    ++in_range;
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
// they change, in libharu's number format. libharu's own calls (HPDF_Page_SetFontAndSize,
// HPDF_Page_SetRGBFill) write the same bytes but clear a 512-byte buffer a byte at a time for
// each.
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
  std::string glyph_map;                 // the CIDToGIDMap stream's data; empty: /Identity
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
  if (parts.glyph_map.empty()) {
    HPDF_Dict_AddName(cid_font, "CIDToGIDMap", "Identity");  // codes are the subset's glyph ids
  } else {
    HPDF_Dict glyph_map = new_stream(doc, parts.glyph_map);
    if (!glyph_map) return nullptr;
    HPDF_Dict_Add(cid_font, "CIDToGIDMap", glyph_map);
  }

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

// The codes of one font: each glyph drawn, read as each text it is drawn for, is one code.
// A glyph's main text takes the glyph's own id in the subset as its code, so that most fonts
// need no CIDToGIDMap; every other text takes the next code past the subset's glyphs, which the
// map sends to the same glyph. (Two glyphs the subset gives one id, which only .notdef can be,
// share that code when they read alike.) A font that runs out of the 65,536 codes draws the
// rest as their glyph's main code, and those clusters read back through /ActualText.
struct FontCodes {
  GlyphCodes codes;
  std::vector<CodeText> to_unicode;
  std::string glyph_map;  // CIDToGIDMap data (2 bytes a code), or empty for /Identity
};

FontCodes assign_codes(const text::FontSubset& subset, const HorizontalMetrics& metrics, const FontUsage& usage) {
  constexpr uint32_t kCodes = 0x10000;
  uint32_t glyph_count = 1;  // .notdef
  for (uint32_t id : subset.new_ids) glyph_count = std::max(glyph_count, id + 1);
  FontCodes out;
  std::vector<const std::u32string*> text_of_code(glyph_count, nullptr);
  std::vector<uint16_t> glyph_of_extra;  // by code - glyph_count
  auto give = [&](uint32_t glyph_id, const std::u32string& text, bool main) {
    const uint32_t glyph = std::min(subset.map(glyph_id), glyph_count - 1);
    const std::u32string* own = text_of_code[glyph];
    uint32_t code = glyph;
    if (own ? *own != text : !main) {
      code = glyph_count + static_cast<uint32_t>(glyph_of_extra.size());
      if (code >= kCodes) return;
      glyph_of_extra.push_back(static_cast<uint16_t>(glyph));
      text_of_code.push_back(nullptr);
    }
    text_of_code[code] = &text;
    out.codes.add(glyph_id, text, static_cast<uint16_t>(code), declared_width(metrics.per_mille(glyph)));
  };
  for (std::size_t i = 0; i < usage.glyph_ids.size(); ++i) give(usage.glyph_ids[i], usage.texts[i], true);
  for (const GlyphReading& reading : usage.other_readings) give(reading.glyph_id, reading.text, false);
  for (std::size_t code = 0; code < text_of_code.size(); ++code)
    if (text_of_code[code]) out.to_unicode.emplace_back(static_cast<uint16_t>(code), *text_of_code[code]);
  if (!glyph_of_extra.empty()) {
    out.glyph_map.reserve(2 * text_of_code.size());
    auto put = [&](uint32_t glyph) {
      out.glyph_map += static_cast<char>(glyph >> 8);
      out.glyph_map += static_cast<char>(glyph & 0xFF);
    };
    for (uint32_t code = 0; code < glyph_count; ++code) put(code);
    for (uint16_t glyph : glyph_of_extra) put(glyph);
  }
  return out;
}

// libharu's XHeight was the top of the glyph the font's cmap gives for 'x'; the embedded
// program has no cmap, so it is the glyph the document draws for "x" (0 if it draws none).
int x_height(const text::FontSubset& subset, const FontUsage& usage, const FontFacts& facts) {
  for (std::size_t i = 0; i < usage.glyph_ids.size(); ++i)
    if (usage.texts[i] == U"x") return glyph_top(subset.data, subset.map(usage.glyph_ids[i]), facts.units_per_em);
  return 0;
}

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

// Right-to-left text is drawn in logical order, each glyph moved back to its place (text_ops.cc),
// and mupdf and pdfminer find a word's end only at a space character there: two runs drawn
// apart on one line with no space between them (a rail's title and its entry's title, a title
// and its dates) were read as one word. Such a gap gets a space glyph, which reads as the
// space it stands for and draws nothing. Left-to-right runs alone are left as they are: every
// reader sees a gap between them moving forward and reads a space there itself.
constexpr double kApartEm = 0.25;  // a gap this wide (em of the smaller run) is no kerning
// Baselines this close (em of the smaller run) are one line to a reader: a rail's title set
// larger than the text beside it stands half a point higher.
constexpr double kOneLineEm = 0.3;

// The text of the logically first or last cluster of a run (a right-to-left run's clusters
// stand in visual order, left to right).
std::u32string_view edge_text(const doc::PlacedRun& placed, ClusterView clusters, bool first) {
  const std::span<const ClusterSpan> spans = clusters.clusters();
  if (spans.empty()) return {};
  const bool front = first != placed.run.right_to_left;
  return clusters.text(front ? spans.front() : spans.back());
}

bool is_blank(char32_t c) { return c == U' ' || c == 0xA0 || c == U'\t' || c == 0x3000 || (c >= 0x2000 && c <= 0x200A); }

// Where the space between `before` and `after` goes (the middle of the gap between them, pt
// from the page's left), or nothing when none is needed.
std::optional<double> gap_between(const doc::PlacedRun& before, ClusterView before_clusters,
                                  const doc::PlacedRun& after, ClusterView after_clusters) {
  const doc::GlyphRun& a = before.run;
  const doc::GlyphRun& b = after.run;
  if (!(a.right_to_left || b.right_to_left)) return std::nullopt;
  if (std::abs(before.baseline - after.baseline) > kOneLineEm * std::min(a.size, b.size)) return std::nullopt;
  if (a.decoration || b.decoration || a.glyphs.empty() || b.glyphs.empty()) return std::nullopt;  // an icon reads as spaces
  const std::u32string_view end = edge_text(before, before_clusters, false);
  const std::u32string_view start = edge_text(after, after_clusters, true);
  if (end.empty() || start.empty() || is_blank(end.back()) || is_blank(start.front())) return std::nullopt;
  const double a_right = before.x + a.width(), b_right = after.x + b.width();
  const double gap_left = std::min(a_right, b_right), gap_right = std::max(before.x, after.x);
  if (gap_right - gap_left < kApartEm * std::min(a.size, b.size)) return std::nullopt;  // touching or overlapping
  return (gap_left + gap_right) / 2;
}

}  // namespace

PdfText::PdfText(HPDF_Doc doc, WriteWork& work, const WriteMemo* memo) : doc_(doc), work_(work), memo_(memo) {}

bool PdfText::load_font(int index, const doc::FontInfo& font, const FontUsage& usage, Diagnostics& diags) {
  ++work_.fonts_subset;
  std::optional<text::FontSubset> subset = subset_font_memo(memo_ ? *memo_ : WriteMemo{}, font, usage.glyph_ids, usage.code_points, diags);
  if (!subset) return false;
  std::optional<HorizontalMetrics> metrics = read_horizontal_metrics(subset->data);
  std::optional<FontFacts> facts = read_font_facts(subset->data);
  if (!metrics || !facts) {
    diags.error(font.where(), "cannot read glyph widths from the subset of font '" + font.path + "'",
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
  FontCodes codes = assign_codes(*subset, *metrics, usage);
  const std::string program = pdf_font_program(subset->data);
  FontParts parts;
  std::string postscript_name = subset->postscript_name.empty() ? font.postscript_name : subset->postscript_name;
  parts.base_font = unique_tag(postscript_name, usage.glyph_ids) + "+" + pdf_name_safe(postscript_name);
  parts.program = &program;
  parts.facts = *facts;
  parts.missing_width = static_cast<int>(metrics->per_mille(0));  // truncated, as libharu did
  parts.x_height = x_height(*subset, usage, *facts);
  parts.widths = codes.codes.widths();
  parts.to_unicode = to_unicode_cmap(std::move(codes.to_unicode));
  parts.glyph_map = std::move(codes.glyph_map);
  LoadedFont loaded{build_font(doc_, parts), std::move(codes.codes)};
  if (!loaded.font) return false;
  if (space_font_ < 0)
    for (std::size_t i = 0; i < usage.glyph_ids.size(); ++i)
      if (usage.texts[i] == U" ") {
        space_font_ = index;
        space_glyph_ = usage.glyph_ids[i];
        break;
      }
  fonts_[index] = std::move(loaded);
  return true;
}

// The runs' operators, with their Tf and rg, are gathered in ops_ and written into the page
// in one piece.
void PdfText::draw_runs(HPDF_Page page, const std::vector<doc::PlacedRun>& runs, const DocumentClusters& clusters,
                        const DocumentReadings& readings, std::size_t page_index, double page_height,
                        MarkedContent* marks) {
  if (runs.empty()) return;
  HPDF_Page_BeginText(page);
  LineStart line;
  TextSettings settings;
  ops_.clear();
  std::size_t line_end = 0;  // the runs [r, line_end) stand on one line (one baseline, drawn in turn)
  bool letter_spaced = false;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    if (r == line_end) {
      // A line as an extractor sees one: runs on one baseline, each close after the one before.
      // Text as far right as a table's next cell (or a date column) is another line to it, so
      // the words of one cell ("1 – 2") are judged apart from their neighbours' ("Jan 2020").
      LetterSpacing spacing;
      for (line_end = r; line_end < runs.size() && runs[line_end].baseline == runs[r].baseline; ++line_end) {
        const doc::PlacedRun& before = runs[line_end - (line_end > r ? 1 : 0)];
        if (line_end > r && runs[line_end].x > before.x + before.run.width() + kSeparateLineEm * before.run.size)
          break;
        spacing.add(clusters.of(page_index, line_end));
      }
      letter_spaced = spacing.detected();
    }
    const doc::PlacedRun& placed = runs[r];
    const doc::GlyphRun& run = placed.run;
    auto found = fonts_.find(run.font);
    if (run.glyphs.empty() || run.size <= 0 || found == fonts_.end()) continue;
    if (r > 0 && space_font_ >= 0)
      if (std::optional<double> middle =
              gap_between(runs[r - 1], clusters.of(page_index, r - 1), placed, clusters.of(page_index, r))) {
        const LoadedFont& space = fonts_.at(space_font_);
        const doc::GlyphRun& before = runs[r - 1].run;
        const uint16_t code = space.codes.code_of(space_glyph_);
        const double width = static_cast<double>(space.codes.width_of(code)) * before.size / 1e9;
        if (marks) ops_ += marks->before_artifact();  // the structure has the two apart already
        settings.select(ops_, page, space.font, before.size, before.color);
        ops_ += line.move_to(*middle - width / 2, page_height - runs[r - 1].baseline + before.rise);
        ops_ += show_code(code);
      }
    if (marks) ops_ += marks->before_run(page_index, placed);
    settings.select(ops_, page, found->second.font, run.size, run.color);
    ops_ += line.move_to(placed.x, page_height - placed.baseline + run.rise);
    append_glyphs(ops_, run, found->second.codes, clusters.of(page_index, r), readings.of(page_index, r), work_, marks,
                  letter_spaced);
  }
  if (marks) ops_ += marks->close();  // inside the text object it began in
  write_operators(page, ops_);
  HPDF_Page_EndText(page);
}

void PdfText::set_language(const std::string& language) {
  if (!plain_language_tag(language)) return;
  HPDF_Dict_Add(doc_->catalog, "Lang", HPDF_String_New(doc_->mmgr, language.c_str(), nullptr));
}

void PdfText::finish() {
  // libharu writes %PDF-1.3 whatever it emits; /ActualText needs 1.5, /Lang and the soft
  // masks of transparent PNGs 1.4.
  if (doc_->pdf_version < HPDF_VER_15) doc_->pdf_version = HPDF_VER_15;
}

std::string PdfText::unique_tag(const std::string& postscript_name, const std::vector<uint32_t>& glyph_ids) {
  for (int salt = 0;; ++salt) {
    std::string tag = subset_tag(postscript_name, glyph_ids, salt);
    if (tags_.insert(tag).second) return tag;
  }
}

std::string subset_tag(const std::string& postscript_name, const std::vector<uint32_t>& glyph_ids, int salt) {
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
