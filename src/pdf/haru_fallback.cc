// The public-API backend (characters through the font's cmap), used when the loaded libharu
// is not the 2.3.0 whose internals the glyph-id backend needs, or when asked for
// (Options::public_api_only). libharu draws characters through the font's cmap, so each
// run is drawn as its clusters' text with HPDF_Page_TextOut, in segments that are cut
// wherever HarfBuzz's position differs from where libharu's own widths would put the next
// character (kerning, justification, ligatures). Text extracts and positions stay exact;
// ligature and other substituted glyphs are drawn as their separate characters.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string_view>

#include "pdf/text_backend.h"

namespace hanji::pdf {
namespace {

// A font subset written to a temporary file (libharu 2.3.0 loads TrueType only from files),
// removed when the backend goes. libharu keeps reading it until the document is saved.
class TempFile {
 public:
  static std::optional<TempFile> create(std::string_view contents) {
    std::error_code ignored;
    std::filesystem::path dir = std::filesystem::temp_directory_path(ignored);
    if (dir.empty()) dir = "/tmp";
    std::string path = (dir / "hanji-font-XXXXXX").string();
    int fd = mkstemp(path.data());
    if (fd < 0) return std::nullopt;
    TempFile file(path);
    bool written = write_all(fd, contents);
    bool closed = ::close(fd) == 0;
    if (!written || !closed) return std::nullopt;
    return file;
  }

  TempFile(TempFile&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  TempFile& operator=(TempFile&&) = delete;
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    if (!path_.empty()) std::remove(path_.c_str());
  }

  const std::string& path() const { return path_; }

 private:
  explicit TempFile(std::string path) : path_(std::move(path)) {}

  static bool write_all(int fd, std::string_view contents) {
    while (!contents.empty()) {
      ssize_t n = ::write(fd, contents.data(), contents.size());
      if (n <= 0) return false;
      contents.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
  }

  std::string path_;
};

// A piece of a run that libharu can draw in one TextOut: its start (pt from the run's pen
// origin), vertical offset, UTF-8 text, and where libharu's widths will end it.
struct Segment {
  double x = 0;
  double y_offset = 0;
  std::string text;
  double end = 0;
};

class PublicBackend final : public TextBackend {
 public:
  PublicBackend(HPDF_Doc doc, WriteWork& work) : doc_(doc), work_(work) {}

  bool load_font(int index, const doc::FontInfo& font, const FontUsage& usage, Diagnostics& diags) override {
    ++work_.fonts_subset;
    // Subset by characters: libharu finds glyphs through the cmap, not by HarfBuzz's ids.
    std::optional<text::FontSubset> subset = text::subset_font(font, {}, usage.code_points, diags);
    if (!subset) return false;
    std::optional<TempFile> file = TempFile::create(subset->data);
    if (!file) {
      diags.error(Span{font.path, 0, 0}, "cannot write a temporary copy of the font subset",
                  {"check that the temporary directory (TMPDIR) is writable"});
      return false;
    }
    const char* name = HPDF_LoadTTFontFromFile(doc_, file->path().c_str(), HPDF_TRUE);
    temp_files_.push_back(std::move(*file));
    if (!name) return false;
    HPDF_Font loaded = HPDF_GetFont(doc_, name, "UTF-8");
    if (!loaded) return false;
    fonts_[index] = loaded;
    return true;
  }

  void draw_runs(HPDF_Page page, const std::vector<doc::PlacedRun>& runs, const DocumentClusters&, std::size_t,
                 double page_height, MarkedContent*) override {
    if (runs.empty()) return;
    HPDF_Page_BeginText(page);
    TextState state;
    for (const auto& placed : runs) {
      auto found = fonts_.find(placed.run.font);
      if (placed.run.glyphs.empty() || placed.run.size <= 0 || found == fonts_.end()) continue;
      state.select(page, found->second, placed.run.size, placed.run.color);
      double baseline = page_height - placed.baseline + placed.run.rise;
      for (const Segment& segment : segments(placed.run, found->second, work_))
        draw(page, placed.x, baseline, segment);
    }
    HPDF_Page_EndText(page);
  }

  void set_language(const std::string&) override {}  // no public call for the catalog's /Lang
  void finish() override {}

 private:
  static std::vector<Segment> segments(const doc::GlyphRun& run, HPDF_Font font, WriteWork& work) {
    std::vector<Segment> out;
    double pen = 0;
    for (const Cluster& cluster : clusters_of(run)) {
      const doc::Glyph& first = run.glyphs[cluster.first_glyph];
      double x = pen + first.x_offset;
      for (std::size_t k = 0; k < cluster.glyph_count; ++k) {
        ++work.glyphs_drawn;  // as the characters of its cluster
        pen += run.glyphs[cluster.first_glyph + k].advance;
      }
      std::string text;
      for (char32_t c : cluster.text) utf8_append(text, c);
      // A glyph past the run's text is the hyphen of a hyphenated line end (text.h).
      if (text.empty() && first.cluster >= run.text.size()) text += '-';
      if (text.empty()) continue;
      double width = HPDF_Font_TextWidth(font, reinterpret_cast<const HPDF_BYTE*>(text.c_str()),
                                         static_cast<HPDF_UINT>(text.size())).width * run.size / 1000.0;
      // Half a thousandth of a point: invisible, and above float noise in libharu's positions.
      constexpr double kSamePlace = 0.0005;
      bool continues = !out.empty() && out.back().y_offset == first.y_offset &&
                       std::abs(out.back().end - x) < kSamePlace;
      if (!continues) out.push_back(Segment{x, first.y_offset, {}, x});
      out.back().text += text;
      out.back().end += width;
    }
    return out;
  }

  static void draw(HPDF_Page page, double run_x, double baseline, const Segment& segment) {
    if (segment.y_offset != 0) HPDF_Page_SetTextRise(page, static_cast<HPDF_REAL>(segment.y_offset));
    HPDF_Page_TextOut(page, static_cast<HPDF_REAL>(run_x + segment.x), static_cast<HPDF_REAL>(baseline),
                      segment.text.c_str());
    if (segment.y_offset != 0) HPDF_Page_SetTextRise(page, 0);
  }

  HPDF_Doc doc_;
  WriteWork& work_;
  std::map<int, HPDF_Font> fonts_;  // by Document font index
  std::vector<TempFile> temp_files_;
};

}  // namespace

std::unique_ptr<TextBackend> make_public_backend(HPDF_Doc doc, WriteWork& work) {
  return std::make_unique<PublicBackend>(doc, work);
}

}  // namespace hanji::pdf
