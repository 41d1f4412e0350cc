#include "text/itemize.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <set>

#include "text/bidi.h"
#include "text/char_class.h"

namespace hanji::text::detail {

namespace {

std::optional<Family> strong_family(char32_t c) {
  if (c < 0x80) return is_latin_char(c) ? std::optional(Family::Latin) : std::nullopt;  // the common case, first
  if (is_cjk_char(c)) return Family::Hangul;
  if (is_latin_char(c)) return Family::Latin;
  return std::nullopt;
}

bool follows_base(char32_t c) { return is_combining_mark(c) || is_default_ignorable(c); }

// Opening brackets open; an ASCII quote opens when only space or an opening bracket precedes it.
bool opens(const std::u32string& chars, size_t i) {
  const char32_t c = chars[i];
  if (is_opening_bracket(c)) return true;
  if (c != '\'' && c != '"') return false;
  if (i == 0) return true;
  const char32_t before = chars[i - 1];
  return is_space(before) || is_newline(before) || is_opening_bracket(before);
}

}  // namespace

std::vector<Family> resolve_families(const std::u32string& chars) {
  const size_t n = chars.size();
  // Only a CJK char, or the space before a CJK bracket, is ever Hangul; every other char takes
  // a Latin char's family or Latin by default. A text without either (most of an English CV,
  // the Latin paragraphs of a Korean one) is Latin throughout, found without the passes below.
  const auto may_be_hangul = [](char32_t c) { return is_cjk_char(c) || is_cjk_opening_bracket(c); };
  if (std::none_of(chars.begin(), chars.end(), may_be_hangul)) return std::vector<Family>(n, Family::Latin);
  // The next strong family anywhere ahead (for line starts) and within the word (for openers).
  std::vector<std::optional<Family>> next_anywhere(n + 1), next_in_word(n + 1);
  for (size_t i = n; i-- > 0;) {
    const auto strong = strong_family(chars[i]);
    next_anywhere[i] = strong ? strong : next_anywhere[i + 1];
    const bool word_end = is_space(chars[i]) || is_newline(chars[i]);
    next_in_word[i] = word_end ? std::nullopt : strong ? strong : next_in_word[i + 1];
  }
  std::vector<Family> out(n, Family::Latin);
  // The family of the previous non-space char on this line (a plain pair: GCC 12 misreads an
  // optional enum here as uninitialised).
  Family previous = Family::Latin;
  bool have_previous = false;
  for (size_t i = 0; i < n; ++i) {
    const Family before = have_previous ? previous : next_anywhere[i].value_or(Family::Latin);
    const char32_t c = chars[i];
    if (auto strong = strong_family(c)) {
      out[i] = *strong;
    } else if (follows_base(c) && i > 0) {
      out[i] = out[i - 1];
    } else if (opens(chars, i)) {
      out[i] = next_in_word[i + 1].value_or(before);
    } else if (is_space(c) && i + 1 < n && is_cjk_opening_bracket(chars[i + 1])) {
      // The space before 「 goes with the bracket, so that the bracket's blank half can be
      // taken out of the gap (shape.cc trims it only within one item).
      out[i] = Family::Hangul;
    } else {
      out[i] = before;
    }
    if (is_newline(c)) {
      have_previous = false;
    } else if (!is_space(c)) {
      previous = out[i];
      have_previous = true;
    }
  }
  return out;
}

FontChooser::FontChooser(const FontSettings& settings, FontStore& fonts) : settings_(settings), fonts_(fonts) {}

std::optional<FontChoice> FontChooser::choose_anew(char32_t c, Family family, const compose::FontSpec& spec,
                                                   FontChoice& primary) {
  std::array<Family, 2> order{family, family == Family::Hangul ? Family::Latin : Family::Hangul};
  // Hangul has no small capitals: a small-caps style, which sets Latin apart by its letter
  // forms (a section title over bold entry titles), sets Hangul apart by weight, in its bold
  // face; in the regular one a Korean title read lighter than the entries under it. (As
  // Hangul has no italics, and emphasis over it becomes colour.)
  const auto bold_in = [&](Family f) { return spec.bold || (spec.small_caps && f == Family::Hangul); };
  if (family == Family::Hangul && prefers_proportional(c)) {
    const auto korean = face(Family::Hangul, spec.latin, bold_in(Family::Hangul), spec.italic);
    if (korean && looks_full_width(korean->font, c)) std::swap(order[0], order[1]);
  }
  bool have_primary = false;
  const auto try_font = [&](const FontChoice& candidate) {
    if (!have_primary) primary = candidate;
    have_primary = true;
    return fonts_.has_glyph(candidate.font, c);
  };
  // `code` takes the monospaced face for what it has; Hangul in code keeps the Korean font.
  if (spec.mono && family == Family::Latin)
    if (auto candidate = mono(); candidate && try_font(*candidate)) return candidate;
  for (Family f : order)
    if (auto candidate = face(f, spec.latin, bold_in(f), spec.italic); candidate && try_font(*candidate))
      return candidate;
  for (const std::string& path : settings_.fonts.fallback) {
    if (auto index = fonts_.load(path)) {
      const FontChoice candidate{*index, Role::Fallback, false};
      if (try_font(candidate)) return candidate;
    }
  }
  for (const theme::FontFaces& faces : settings_.fonts.scripts)
    for (const std::string* path : face_fallbacks(faces, spec.bold, false))
      if (auto index = fonts_.load(*path)) {
        const FontChoice candidate{*index, Role::Fallback, false};
        if (try_font(candidate)) return candidate;
        break;  // the style's face lacks it: so do the others of this script
      }
  return std::nullopt;
}

std::optional<FontChoice> FontChooser::face(Family family, theme::LatinRole role, bool bold, bool italic) {
  // Hangul has no italics: emphasis is colour; in a CV whose language has none, in every script.
  if (family == Family::Hangul || !settings_.italics) italic = false;
  if (family == Family::Hangul) role = theme::LatinRole::Body;  // the roles' families are Latin ones
  auto& slot = faces_[static_cast<size_t>(role)][static_cast<size_t>(family == Family::Hangul)][bold][italic];
  if (!slot) slot = load_face(family, role, bold, italic);
  return *slot;
}

std::optional<FontChoice> FontChooser::mono() {
  if (!mono_) {
    mono_ = std::optional<FontChoice>{};
    if (!settings_.fonts.mono.empty())
      if (auto index = fonts_.load(settings_.fonts.mono)) *mono_ = FontChoice{*index, Role::Latin, false};
  }
  return *mono_;
}

std::optional<FontChoice> FontChooser::load_face(Family family, theme::LatinRole latin, bool bold, bool italic) {
  const theme::FontFaces& faces = family == Family::Hangul ? settings_.fonts.hangul : latin_faces(settings_.fonts, latin);
  const Role role = family == Family::Hangul ? Role::Hangul : Role::Latin;
  for (const std::string* path : face_fallbacks(faces, bold, italic)) {
    if (auto index = fonts_.load(*path)) {
      const bool real_italic = path == &faces.italic || path == &faces.bold_italic;
      return FontChoice{*index, role, real_italic && family == Family::Latin};
    }
  }
  // A role's family whose files do not load (reported by the store): the layout's Latin.
  if (family == Family::Latin && latin != theme::LatinRole::Body)
    return load_face(family, theme::LatinRole::Body, bold, italic);
  return std::nullopt;
}

// Some Korean fonts draw ‘ ’ “ ” · – • as wide as a syllable; the Latin font's are better.
bool FontChooser::looks_full_width(int font, char32_t c) const {
  const double syllable = fonts_.advance_em(font, U'\uAC00');
  return fonts_.advance_em(font, c) >= 0.9 * (syllable > 0 ? syllable : 1.0);
}

namespace {

std::string describe_char(char32_t c) {
  char code[16];
  std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
  std::string out = code;
  out += " '";
  utf8_append(out, c);
  return out + "'";
}

// The HarfBuzz script of char `i`: Hangul for the Korean font's runs, otherwise the char's own
// script, with common and inherited chars (digits, punctuation, marks) taking the previous one's.
hb_script_t script_of(char32_t c, Role role, hb_script_t previous) {
  if (role == Role::Hangul) return HB_SCRIPT_HANGUL;
  // ASCII letters are Latin and the rest of ASCII common, as HarfBuzz says, at a tenth of its cost.
  const hb_script_t own = c < 0x80 ? (is_latin_letter(c) ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON)
                                   : hb_unicode_script(hb_unicode_funcs_get_default(), static_cast<hb_codepoint_t>(c));
  if (own != HB_SCRIPT_COMMON && own != HB_SCRIPT_INHERITED && own != HB_SCRIPT_UNKNOWN) return own;
  return previous == HB_SCRIPT_HANGUL ? HB_SCRIPT_LATIN : previous;
}

// The name of a script for a message ("Arabic"); its ISO 15924 tag when not listed.
std::string script_name(hb_script_t script) {
  static constexpr std::pair<hb_script_t, const char*> kNames[] = {
      {HB_SCRIPT_ARABIC, "Arabic"},       {HB_SCRIPT_HEBREW, "Hebrew"},     {HB_SCRIPT_DEVANAGARI, "Devanagari"},
      {HB_SCRIPT_BENGALI, "Bengali"},     {HB_SCRIPT_TAMIL, "Tamil"},       {HB_SCRIPT_TELUGU, "Telugu"},
      {HB_SCRIPT_KANNADA, "Kannada"},     {HB_SCRIPT_MALAYALAM, "Malayalam"}, {HB_SCRIPT_GUJARATI, "Gujarati"},
      {HB_SCRIPT_GURMUKHI, "Gurmukhi"},   {HB_SCRIPT_THAI, "Thai"},         {HB_SCRIPT_LAO, "Lao"},
      {HB_SCRIPT_KHMER, "Khmer"},         {HB_SCRIPT_MYANMAR, "Myanmar"},   {HB_SCRIPT_GEORGIAN, "Georgian"},
      {HB_SCRIPT_ARMENIAN, "Armenian"},   {HB_SCRIPT_ETHIOPIC, "Ethiopic"}, {HB_SCRIPT_SINHALA, "Sinhala"},
      {HB_SCRIPT_TIBETAN, "Tibetan"},     {HB_SCRIPT_HAN, "Han (Chinese characters)"},
      {HB_SCRIPT_HIRAGANA, "Hiragana"},   {HB_SCRIPT_KATAKANA, "Katakana"}, {HB_SCRIPT_CYRILLIC, "Cyrillic"},
      {HB_SCRIPT_GREEK, "Greek"},         {HB_SCRIPT_LATIN, "Latin"},       {HB_SCRIPT_HANGUL, "Hangul"}};
  for (const auto& [tag, name] : kNames)
    if (tag == script) return name;
  char tag[5] = {};
  hb_tag_to_string(hb_script_to_iso15924_tag(script), tag);
  return tag;
}

// Characters no font has, gathered over a paragraph: a symbol is named alone ("no font has
// U+2709 '✉'"); letters of a script are named once for the script, so a text in a script the
// fonts lack gives one warning that says what to add, not one per letter.
class MissingChars {
 public:
  void add(char32_t c, size_t index) {
    const hb_script_t script = hb_unicode_script(hb_unicode_funcs_get_default(), static_cast<hb_codepoint_t>(c));
    if (script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN) {
      symbols_.push_back({c, index});
      return;
    }
    auto it = std::find_if(scripts_.begin(), scripts_.end(), [&](const Group& g) { return g.script == script; });
    if (it == scripts_.end()) it = scripts_.insert(it, Group{script, {}});
    it->chars.push_back({c, index});
  }

  // One warning per paragraph for its symbols (a family emoji is seven of them) and one per
  // script: each names the first three characters and where the first is.
  void report(const SourceText& text, Diagnostics& diags) const {
    if (symbols_.size() == 1)
      diags.on_the_page(text.span_of(symbols_[0].second), "no font has " + describe_char(symbols_[0].first),
                    {"add a font that has it to the layout's fonts: fallback list, or remove the character"});
    else if (!symbols_.empty())
      diags.on_the_page(text.span_of(symbols_[0].second), "no font has " + listed(symbols_),
                    {"add a font that has them to the layout's fonts: fallback list, or remove the characters"});
    for (const Group& group : scripts_) {
      const std::string name = script_name(group.script);
      diags.on_the_page(text.span_of(group.chars.front().second),
                    fmt::format("no font has the {} script of this text: {}", name, listed(group.chars)),
                    {fmt::format("add a TrueType font with {} letters to the layout's fonts: fallback list", name)});
    }
  }

 private:
  static std::string listed(const std::vector<std::pair<char32_t, size_t>>& chars) {
    std::string out;
    for (size_t k = 0; k < chars.size() && k < 3; ++k) out += (k ? ", " : "") + describe_char(chars[k].first);
    if (chars.size() > 3) out += fmt::format(" and {} more", chars.size() - 3);
    return out;
  }

  struct Group {
    hb_script_t script;
    std::vector<std::pair<char32_t, size_t>> chars;
  };
  std::vector<std::pair<char32_t, size_t>> symbols_;
  std::vector<Group> scripts_;
};

}  // namespace

const theme::FontFaces& latin_faces(const theme::Fonts& fonts, theme::LatinRole role) {
  if (role == theme::LatinRole::Body) return fonts.latin;
  const theme::FontFaces& own = fonts.roles[static_cast<size_t>(role) - 1];
  return own.regular.empty() ? fonts.latin : own;
}

std::vector<const std::string*> face_fallbacks(const theme::FontFaces& faces, bool bold, bool italic) {
  if (bold && italic) return {&faces.bold_italic, &faces.bold, &faces.regular};
  if (italic) return {&faces.italic, &faces.regular};
  if (bold) return {&faces.bold, &faces.regular};
  return {&faces.regular};
}

double item_rise(Role role, char32_t first, const FontSettings& settings, double size) {
  // A Hebrew or Arabic font is drawn to the Latin font's baseline, not the Korean one's that
  // the Latin shift corrects for; and between its words stand the Latin font's spaces and
  // brackets, shifted. Left where they stood, the letters of each word sat a little above the
  // spaces around them: poppler, which takes each letter of a line drawn right to left for a
  // word of its own, then read a line's letters one to a line.
  const bool on_latin_baseline = role == Role::Latin || (role == Role::Fallback && right_to_left_script(first));
  return on_latin_baseline ? settings.fonts.latin_baseline * size : 0.0;
}

namespace {

bool same_item(const Item& a, const Item& b) {
  return a.font == b.font && a.role == b.role && a.size == b.size && a.nominal_size == b.nominal_size &&
         a.rise == b.rise && a.small_caps == b.small_caps && a.color == b.color && (a.link == b.link || *a.link == *b.link) && a.script == b.script &&
         a.level == b.level;
}

bool same_choice(const FontChoice& a, const FontChoice& b) {
  return a.font == b.font && a.role == b.role && a.italic == b.italic;
}

// The item of char `i` alone, drawn with `choice`.
Item item_of(const SourceText& text, size_t i, const FontChoice& choice, const FontSettings& settings, uint8_t level,
             hb_script_t script) {
  const compose::Inline& source = text.inline_at(i);
  Item item;
  item.begin = i;
  item.end = i + 1;
  item.font = choice.font;
  item.role = choice.role;
  item.nominal_size = source.font.size;
  const bool latin = choice.role == Role::Latin;
  item.size = latin ? source.font.size * settings.fonts.latin_scale : source.font.size;
  item.rise = item_rise(choice.role, text.chars[i], settings, source.font.size);
  // Emphasis that cannot be drawn in italics (Hangul, a missing italic face) becomes colour;
  // a role set in italics keeps its own colour there.
  item.color = source.font.emphasized && !choice.italic ? settings.emphasis_color : source.font.color;
  item.small_caps = source.font.small_caps;
  item.level = level;
  item.link = &source.link;
  item.script = script;
  return item;
}

// In a right-to-left paragraph a contact item or a link with no right-to-left letter (a phone
// number, an address) reads left to right as a whole, as if isolated (U+2066 ... U+2069): its digits and
// separators would otherwise be reordered by the paragraph ("+972 52-123" as "52-123 972+").
void isolate_left_to_right_items(const SourceText& text, std::vector<uint8_t>& levels) {
  struct Piece {
    std::size_t begin = 0, end = 0;
    bool isolated = false;   // a left-to-right item, now read as a whole
    bool separator = false;  // only spaces and separators ("  |  ", " · ")
  };
  std::vector<Piece> pieces;
  for (std::size_t i = 0; i < text.size();) {
    const int in = text.inline_of[i];
    Piece piece{i, i};
    bool right_to_left = false, icon = false, separator = true;
    for (; piece.end < text.size() && text.inline_of[piece.end] == in; ++piece.end) {
      const char32_t c = text.chars[piece.end];
      right_to_left |= right_to_left_script(c);
      icon |= is_private_use(c);  // an icon goes with the paragraph's direction: it leads the item
      separator &= is_space(c) || is_separator(c) || c == ',';
    }
    const compose::Inline& item = text.inlines[static_cast<std::size_t>(in)];
    piece.isolated = (item.unbreakable || !item.link.empty()) && !right_to_left && !icon;
    piece.separator = separator;
    if (piece.isolated)
      for (std::size_t k = piece.begin; k < piece.end; ++k) levels[k] = static_cast<uint8_t>((levels[k] + 1) & ~1u);
    pieces.push_back(piece);
    i = piece.end;
  }
  // A separator between two such items takes the paragraph's direction, so that the items
  // follow one another right to left (else "a@b.c | +972 | c.com", all left to right, read
  // from the right last item first).
  for (std::size_t p = 1; p + 1 < pieces.size(); ++p)
    if (pieces[p].separator && pieces[p - 1].isolated && pieces[p + 1].isolated)
      for (std::size_t k = pieces[p].begin; k < pieces[p].end; ++k) levels[k] = 1;
}

}  // namespace

std::vector<Item> itemize(const SourceText& text, const FontSettings& settings, FontChooser& chooser,
                          Diagnostics& diags) {
  const std::vector<Family> families = resolve_families(text.chars);
  std::vector<uint8_t> levels = bidi_levels(text.chars, settings.right_to_left);  // empty: all left to right
  if (settings.right_to_left && !levels.empty()) isolate_left_to_right_items(text, levels);
  std::vector<Item> items;
  std::set<char32_t> warned;
  MissingChars missing;
  FontChoice previous;         // the choice of the previous char
  bool have_previous = false;  // reset at newlines (a flag: GCC 12 misreads an optional here as uninitialised)
  hb_script_t previous_script = HB_SCRIPT_LATIN;
  // Hangul has no italics; an italic text that holds Hangul ("2020년 4월", "서울 Seoul") is set
  // upright throughout, its Latin and digits too, rather than half slanted.
  std::vector<compose::FontSpec> specs;
  specs.reserve(text.inlines.size());
  for (const compose::Inline& in : text.inlines) specs.push_back(in.font);
  // So are Hebrew and Arabic, which have no italics either.
  for (size_t i = 0; i < text.size(); ++i)
    if (is_hangul_letter(text.chars[i]) || right_to_left_script(text.chars[i]))
      specs[static_cast<size_t>(text.inline_of[i])].italic = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char32_t c = text.chars[i];
    if (is_newline(c)) {
      have_previous = false;
      continue;
    }
    FontChoice choice;
    if (follows_base(c) && have_previous) {
      choice = previous;  // a mark or joiner stays in its base's font so they shape together
    } else if (auto found = chooser.choose(c, families[i], specs[static_cast<size_t>(text.inline_of[i])], choice)) {
      choice = *found;
    } else if (choice.font >= 0 && !is_default_ignorable(c) && warned.insert(c).second) {
      missing.add(c, i);
    }
    if (choice.font < 0) continue;  // no usable font at all (already reported as an error)
    // Most chars continue the item of the char before them, from the same inline with the
    // same choice: then only the level and script can differ, and no whole item need be built.
    const bool continues = have_previous && items.back().end == i && same_choice(previous, choice) &&
                           text.inline_of[i - 1] == text.inline_of[i];
    previous = choice;
    have_previous = true;
    const uint8_t level = levels.empty() ? 0 : levels[i];
    const hb_script_t script = previous_script = script_of(c, choice.role, previous_script);
    if (continues && items.back().level == level && items.back().script == script) {
      items.back().end = i + 1;
      continue;
    }
    const Item item = item_of(text, i, choice, settings, level, script);
    if (!items.empty() && items.back().end == i && same_item(items.back(), item)) {
      items.back().end = i + 1;
    } else {
      items.push_back(item);
    }
  }
  missing.report(text, diags);
  return items;
}

}  // namespace hanji::text::detail
