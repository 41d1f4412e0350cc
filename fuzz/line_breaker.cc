// Fuzz target: arbitrary bytes as a paragraph, set by the typesetter (font per character,
// HarfBuzz shaping, UAX #14 through libunibreak with the Korean rules, Knuth–Plass or first
// fit, justification, hyphenation). The first bytes choose the width, alignment and modes.
// Every character of the text must come back in the lines, in order.
#include <array>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

#include "fuzz/fuzz.h"
#include "theme/theme.h"
#include "text/text.h"

namespace {

// What a line break takes away: spaces at the break and forced line breaks (newlines), and
// list separators left alone at a line end.
bool may_vanish(char32_t c) {
  return c <= ' ' || c == 0x85 || c == 0x1680 || c == 0x205F || c == 0x3000 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == '|' || c == 0xB7 || c == 0x2022;
}

std::string kept(const std::string& text) {
  std::string out;
  for (char32_t c : hanji::utf8_decode(text))
    if (!may_vanish(c)) hanji::utf8_append(out, c);
  return out;
}

// Classic as the repository has it (its fonts, Nanum Barun Gothic and Lato): a bare
// theme::Theme{} has no fonts and zero values. Loaded once.
const hanji::theme::Theme& classic() {
  static const hanji::theme::Theme theme = [] {
    hanji::Diagnostics diags;
    std::optional<hanji::theme::Theme> loaded = hanji::theme::load_theme(
        "classic", hanji::config::ConfigNode{}, "",
        hanji::theme::DataDirs{hanji::fuzz::repo_path("layouts"), hanji::fuzz::repo_path("fonts")}, diags);
    if (!loaded) std::abort();
    return *loaded;
  }();
  return theme;
}

hanji::theme::Theme theme_for(uint8_t modes) {
  hanji::theme::Theme theme = classic();
  theme.korean_break = modes & 1 ? hanji::theme::KoreanBreak::Character : hanji::theme::KoreanBreak::Word;
  theme.hyphenate = modes & 2;
  theme.hangul_latin_gap = modes & 4 ? 0.05 : 0;
  return theme;
}

// Loading the fonts costs far more than setting a paragraph, so each of the 8 themes keeps its
// Typesetter; it is made afresh every 500 inputs, which bounds what its shaping cache and its
// messages hold.
struct CachedTypesetter {
  hanji::theme::Theme theme;
  hanji::Diagnostics diags;
  std::unique_ptr<hanji::text::Typesetter> typesetter;
  int uses = 0;
};

hanji::text::Typesetter& typesetter_for(uint8_t modes) {
  static std::array<std::unique_ptr<CachedTypesetter>, 8> cache;
  std::unique_ptr<CachedTypesetter>& slot = cache[modes & 7];
  if (!slot || ++slot->uses > 500) {
    slot = std::make_unique<CachedTypesetter>();
    slot->theme = theme_for(modes & 7);
    slot->typesetter = std::make_unique<hanji::text::Typesetter>(slot->theme, slot->diags);
  }
  return *slot->typesetter;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t modes = data[0];
  const double width = 4 + data[1] * 2.0;  // 4 to 514 pt
  const std::string text(reinterpret_cast<const char*>(data) + 2, size - 2);

  hanji::text::Typesetter& typesetter = typesetter_for(modes);
  typesetter.set_breaker(modes & 8 ? hanji::text::Breaker::FirstFit : hanji::text::Breaker::TotalFit);
  hanji::compose::Paragraph paragraph;
  hanji::compose::Inline in;
  in.text = text;
  in.font.size = 10;
  in.font.bold = modes & 16;
  in.font.italic = modes & 32;
  in.span = hanji::Span{"cv.yaml", 1, 1};
  paragraph.inlines.push_back(in);
  paragraph.align = static_cast<hanji::theme::Align>((modes >> 6) & 3);
  paragraph.span = in.span;

  const auto lines = typesetter.typeset(paragraph, width);
  // What the lines hold, read in order, is the text without the spaces and line breaks that
  // the breaks took (and without list separators dropped at a line end), and the hyphens
  // that hyphenated line ends add.
  std::string drawn;
  for (const auto& line : lines)
    for (const auto& run : line.runs) {
      if (run.hyphen_inserted && (run.text.empty() || run.text.back() != '-')) std::abort();
      drawn += run.hyphen_inserted ? run.text.substr(0, run.text.size() - 1) : run.text;
    }
  if (kept(text) != kept(drawn)) std::abort();
  (void)typesetter.typeset_line(in);
  return 0;
}
