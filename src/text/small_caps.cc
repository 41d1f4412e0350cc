// Small capitals where the Latin face has none: capitals set smaller, reading as typed.
#include "text/small_caps.h"

#include "text/itemize.h"

#include <hb-ot.h>

#include <algorithm>

namespace hanji::text::detail {
namespace {

bool has_feature(hb_face_t* face, hb_tag_t feature) {
  constexpr unsigned kBatch = 64;
  hb_tag_t tags[kBatch];
  for (unsigned start = 0;; start += kBatch) {
    unsigned count = kBatch;
    const unsigned total = hb_ot_layout_table_get_feature_tags(face, HB_OT_TAG_GSUB, start, &count, tags);
    if (std::find(tags, tags + count, feature) != tags + count) return true;
    if (start + count >= total || count == 0) return false;
  }
}

// One inline split where its chars change between a lowercase letter (drawn as a smaller
// capital) and anything else (drawn as it is).
void split(const compose::Inline& in, std::vector<compose::Inline>& out) {
  const std::u32string shown = utf8_decode(in.text);
  std::u32string read = in.reads_as.empty() ? shown : utf8_decode(in.reads_as);
  if (read.size() != shown.size()) read = shown;
  size_t begin = 0;
  while (begin < shown.size()) {
    const bool small = single_capital(shown[begin]) != 0;
    size_t end = begin;
    while (end < shown.size() && (single_capital(shown[end]) != 0) == small) ++end;
    compose::Inline piece = in;
    piece.text.clear();
    piece.reads_as.clear();
    std::string read_piece;
    for (size_t i = begin; i < end; ++i) {
      utf8_append(piece.text, small ? single_capital(shown[i]) : shown[i]);
      utf8_append(read_piece, read[i]);
    }
    if (read_piece != piece.text) piece.reads_as = std::move(read_piece);
    // Still a small-caps piece: Hangul in it keeps its bold face (itemize), and the face has
    // no smcp to apply to its Latin.
    if (small) piece.font.size *= kSyntheticSmallCapsScale;
    if (in.span.known()) piece.span = in.span.shifted(static_cast<int>(begin));
    out.push_back(std::move(piece));
    begin = end;
  }
}

}  // namespace

char32_t single_capital(char32_t c) {
  if (c >= U'a' && c <= U'z') return c - 0x20;
  if (c >= 0xE0 && c <= 0xFE && c != 0xF7) return c - 0x20;  // à … þ (not ÷)
  // Latin Extended-A pairs capital/small, except the letters with no single-char capital.
  if (c >= 0x100 && c <= 0x17F && c != 0x131 && c != 0x138 && c != 0x149 && c != 0x17F) {
    const bool even_small = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
    if (even_small ? c % 2 == 0 : c % 2 == 1) return c - 1;
    return 0;
  }
  if (c >= 0x3B1 && c <= 0x3C9 && c != 0x3C2) return c - 0x20;  // Greek α … ω (not final ς)
  if (c >= 0x430 && c <= 0x44F) return c - 0x20;                // Cyrillic а … я
  return 0;
}

bool SmallCapsFaces::has_small_caps(const theme::Fonts& fonts, const compose::FontSpec& font, FontStore& store) {
  // The face the font chooser sets this style in: the first of its fallbacks that loads.
  for (const std::string* path : face_fallbacks(latin_faces(fonts, font.latin), font.bold, font.italic)) {
    if (auto known = known_.find(*path); known != known_.end()) return known->second;
    const std::optional<int> loaded = store.load(*path);
    if (!loaded) continue;
    const bool has = has_feature(hb_font_get_face(store.hb_font(*loaded)), HB_TAG('s', 'm', 'c', 'p'));
    known_.emplace(*path, has);
    return has;
  }
  return true;  // no face loads: nothing to make small capitals of
}

bool synthesize_small_caps(std::span<const compose::Inline> inlines, const theme::Fonts& fonts, FontStore& store,
                           SmallCapsFaces& faces, std::vector<compose::Inline>& out) {
  const auto needs = [&](const compose::Inline& in) {
    return in.font.small_caps && !in.font.mono && !faces.has_small_caps(fonts, in.font, store);
  };
  if (std::none_of(inlines.begin(), inlines.end(), needs)) return false;
  out.clear();
  for (const compose::Inline& in : inlines) {
    if (needs(in))
      split(in, out);
    else
      out.push_back(in);
  }
  return true;
}

}  // namespace hanji::text::detail
