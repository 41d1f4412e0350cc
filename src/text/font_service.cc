// text::FontService: each font file opened once per stamp, and what is made from it kept.
#include <atomic>

#include "text/font_blob.h"
#include "text/font_service.h"

namespace hanji::text {

namespace {

// Budgets: the fonts of a few layouts (a layout names up to a dozen faces); their subsets; a
// few CVs' glyphs drawn as outlines; a preview's pages' web fonts.
constexpr std::size_t kKeptFaces = 32;
constexpr std::size_t kKeptSubsets = 16;
constexpr std::size_t kKeptOutlines = 16384;
constexpr std::size_t kKeptWebFonts = 64;
constexpr std::size_t kKeptTextWebFonts = 16;  // a preview's panel: a face or two per weight

std::atomic<std::uint64_t> next_serial{1};

// The glyph ids and code points asked of a font, as bytes after its opening's serial.
std::string glyphs_key(std::uint64_t serial, const std::vector<uint32_t>& glyph_ids,
                       const std::vector<char32_t>& code_points) {
  std::string key;
  append_bytes(key, serial);
  append_bytes(key, glyph_ids.size());
  key.append(reinterpret_cast<const char*>(glyph_ids.data()), glyph_ids.size() * sizeof(uint32_t));
  key.append(reinterpret_cast<const char*>(code_points.data()), code_points.size() * sizeof(char32_t));
  return key;
}

// What the SVG says of a font it cannot draw from.
void say_unreadable(const FontInfo& font, const std::string& error, Diagnostics& diags) {
  diags.error(font.where(), "cannot read font '" + font.path + "': " + error, {"check the font path in the layout"});
}

// The font opened for drawing from, or null once said to be unreadable (outlines, web fonts).
std::shared_ptr<const detail::OpenedFont> open_or_say(FontService& service, const FontInfo& font, Diagnostics& diags) {
  std::string error;
  std::shared_ptr<const detail::OpenedFont> opened = service.open(font.path, error);
  if (!opened) say_unreadable(font, error, diags);
  return opened;
}

// True (and said) when a table a subset is made of runs past the file's end: HarfBuzz would
// subset a cut file as if its missing glyphs were empty.
bool cut_short(const detail::OpenedFont& opened, const FontInfo& font, Diagnostics& diags) {
  const std::string table = detail::truncated_table(opened.blob.get());
  if (table.empty()) return false;
  diags.error(font.where(), "font file '" + font.path + "' is cut short: its " + table + " runs past the end",
              detail::damaged_font_hints(font));
  return true;
}

}  // namespace

struct FontService::Impl {
  Memo<std::string, std::shared_ptr<const detail::OpenedFont>> faces{kKeptFaces};  // by stamped_key()
  Memo<std::string, FontSubset> subsets{kKeptSubsets};                            // by glyphs_key()
  Memo<std::uint64_t, std::string> outlines{kKeptOutlines};  // by serial << 32 | glyph id
  Memo<std::string, WebFont> web_fonts{kKeptWebFonts};       // by glyphs_key() of the inked glyphs
  Memo<std::string, TextWebFont> text_web_fonts{kKeptTextWebFonts};  // by glyphs_key() of the characters it has
};

FontService::FontService() : impl_(std::make_unique<Impl>()) {}
FontService::~FontService() = default;

std::shared_ptr<const detail::OpenedFont> FontService::open(const std::string& path, std::string& error) {
  const std::optional<FileStamp> stamp = file_stamp(path);
  const std::string key = stamped_key(path, stamp);
  if (stamp)
    if (std::optional<std::shared_ptr<const detail::OpenedFont>> kept = impl_->faces.find(key)) return *kept;
  detail::Blob blob = detail::font_blob(path, error);
  if (!blob) return nullptr;
  auto opened = std::make_shared<detail::OpenedFont>();
  opened->face.reset(hb_face_create(blob.get(), 0));
  hb_face_make_immutable(opened->face.get());
  opened->font.reset(hb_font_create(opened->face.get()));
  // Font units: exact advances and kerning, converted to pt in double later.
  const int upem = static_cast<int>(hb_face_get_upem(opened->face.get()));
  hb_font_set_scale(opened->font.get(), upem, upem);
  hb_ot_font_set_funcs(opened->font.get());
  hb_font_make_immutable(opened->font.get());
  opened->blob = std::move(blob);
  opened->stamp = stamp.value_or(FileStamp{});
  opened->serial = next_serial.fetch_add(1);
  std::shared_ptr<const detail::OpenedFont> shared = std::move(opened);
  if (stamp) impl_->faces.keep(key, shared);
  return shared;
}

std::optional<FontSubset> FontService::subset(const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                              const std::vector<char32_t>& code_points, Diagnostics& diags) {
  std::string error;
  std::shared_ptr<const detail::OpenedFont> opened = open(font.path, error);
  if (!opened) {
    diags.error(font.where(), "font file '" + font.path + "' " + error, detail::damaged_font_hints(font));
    return std::nullopt;
  }
  std::string key = glyphs_key(opened->serial, glyph_ids, code_points);
  if (std::optional<FontSubset> kept = impl_->subsets.find(key)) return kept;
  const std::size_t reported = diags.all().size();
  std::optional<FontSubset> made = detail::subset_opened(*opened, font, glyph_ids, code_points, diags);
  if (made && diags.all().size() == reported) impl_->subsets.keep(std::move(key), *made);
  return made;
}

std::optional<std::string> FontService::outline(const FontInfo& font, uint32_t glyph_id, Diagnostics& diags) {
  std::shared_ptr<const detail::OpenedFont> opened = open_or_say(*this, font, diags);
  if (!opened) return std::nullopt;
  return impl_->outlines.get(opened->serial << 32 | glyph_id,
                             [&] { return detail::draw_outline(opened->font.get(), glyph_id); });
}

std::optional<WebFont> FontService::web_font(const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                             Diagnostics& diags) {
  std::shared_ptr<const detail::OpenedFont> opened = open_or_say(*this, font, diags);
  if (!opened) return std::nullopt;
  const std::vector<uint32_t> inked = detail::inked_glyphs(opened->font.get(), glyph_ids);
  std::string key = glyphs_key(opened->serial, inked, {});
  if (std::optional<WebFont> kept = impl_->web_fonts.find(key)) return kept;
  if (cut_short(*opened, font, diags)) return std::nullopt;
  std::optional<WebFont> made = detail::make_web_font(opened->face.get(), font, inked, diags);
  if (made) impl_->web_fonts.keep(std::move(key), *made);
  return made;
}

std::optional<TextWebFont> FontService::text_web_font(const FontInfo& font, const std::vector<char32_t>& characters,
                                                      Diagnostics& diags) {
  std::shared_ptr<const detail::OpenedFont> opened = open_or_say(*this, font, diags);
  if (!opened) return std::nullopt;
  // Kept by the characters the font has: a panel whose Korean changed finds its Latin font ready.
  const std::vector<char32_t> asked = detail::characters_in(opened->font.get(), characters);
  std::string key = glyphs_key(opened->serial, {}, asked);
  if (std::optional<TextWebFont> kept = impl_->text_web_fonts.find(key)) return kept;
  if (cut_short(*opened, font, diags)) return std::nullopt;
  std::optional<TextWebFont> made =
      detail::make_text_web_font(opened->face.get(), opened->font.get(), font, asked, diags);
  if (made) impl_->text_web_fonts.keep(std::move(key), *made);
  return made;
}

FontServiceStats FontService::stats() const {
  return {impl_->faces.stats(), impl_->subsets.stats(), impl_->outlines.stats(), impl_->web_fonts.stats(),
          impl_->text_web_fonts.stats()};
}

GlyphOutlines::GlyphOutlines(FontService* service)
    : own_(service ? nullptr : std::make_unique<FontService>()), service_(service ? service : own_.get()) {}
GlyphOutlines::~GlyphOutlines() = default;

std::optional<std::string> GlyphOutlines::path(const FontInfo& font, uint32_t glyph_id, Diagnostics& diags) {
  // An unreadable font is said once, not once per glyph.
  if (unreadable_.contains(font.path)) return std::nullopt;
  std::optional<std::string> drawn = service_->outline(font, glyph_id, diags);
  if (!drawn) unreadable_.insert(font.path);
  return drawn;
}

std::optional<WebFont> GlyphOutlines::web_font(const FontInfo& font, const std::vector<uint32_t>& glyph_ids,
                                               Diagnostics& diags) {
  if (unreadable_.contains(font.path)) return std::nullopt;
  if (!open_or_say(*service_, font, diags)) {
    unreadable_.insert(font.path);
    return std::nullopt;
  }
  return service_->web_font(font, glyph_ids, diags);
}

std::size_t GlyphOutlines::outlines_made() const { return service_->stats().outlines.misses; }
std::size_t GlyphOutlines::web_fonts_made() const { return service_->stats().web_fonts.misses; }

}  // namespace hanji::text
