// RenderCV's `design:` block, translated into hanji layout overrides.
//
// A file with `design:` comes from RenderCV, so it gets what RenderCV would give it: the
// layout closest to its `design.theme` and that theme's own values, written as RenderCV design
// data in layouts/rendercv/THEME.yaml (on top of RenderCV's defaults, classic.yaml there).
// The theme's values, then the file's own, go through one translation table: each design
// option becomes the hanji layout values that draw it (em units are resolved against the body
// size). An option without an equivalent is one warning naming it; the CV still builds.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <span>

#include "readers/fields.h"
#include "readers/reader.h"

namespace hanji::readers {

namespace {

// ---------------------------------------------------------------- design values

/// One design option as the file (or the theme) gives it.
struct Value {
  const YamlNode* node = nullptr;
  Span key_span;
  bool from_user = false;  // the file's own (theme values are never reported)

  std::string text() const { return node && node->is_scalar() ? node->scalar : ""; }
};

using Values = std::map<std::string, Value, std::less<>>;

// "page.size" -> value, for every leaf of a design map; later calls override earlier ones.
void flatten(const YamlNode& map, const std::string& prefix, bool from_user, Values& out) {
  for (size_t i = 0; i < map.keys.size(); ++i) {
    const std::string path = prefix.empty() ? map.keys[i] : prefix + "." + map.keys[i];
    const YamlNode& value = map.items[i];
    if (value.is_map()) flatten(value, path, from_user, out);
    else out[path] = Value{&value, map.key_spans[i], from_user};
  }
}

// ---------------------------------------------------------------- the overrides tree

ConfigNode* find_child(ConfigNode& map, std::string_view key) {
  for (size_t i = 0; i < map.keys.size(); ++i)
    if (map.keys[i] == key) return &map.children[i];
  return nullptr;
}

ConfigNode* child(ConfigNode& map, std::string_view key, const Span& key_span) {
  if (map.kind != ConfigNode::Kind::Map) map = ConfigNode{ConfigNode::Kind::Map, {}, {}, {}, {}, key_span};
  if (ConfigNode* existing = find_child(map, key)) return existing;
  map.keys.emplace_back(key);
  map.key_spans.push_back(key_span);
  map.children.push_back(ConfigNode{ConfigNode::Kind::Null, {}, {}, {}, {}, key_span});
  return &map.children.back();
}

ConfigNode* node_at(ConfigNode& root, std::string_view dotted, const Span& key_span) {
  ConfigNode* node = &root;
  size_t start = 0;
  while (true) {
    size_t dot = dotted.find('.', start);
    node = child(*node, dotted.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start),
                 key_span);
    if (dot == std::string_view::npos) return node;
    start = dot + 1;
  }
}

// Adds what `extra` sets and `target` does not: explicit `layout:` values win.
void merge_missing(ConfigNode& target, const ConfigNode& extra) {
  if (target.kind == ConfigNode::Kind::Null) {
    target = extra;
    return;
  }
  if (target.kind != ConfigNode::Kind::Map || extra.kind != ConfigNode::Kind::Map) return;
  for (size_t i = 0; i < extra.keys.size(); ++i) {
    ConfigNode* existing = find_child(target, extra.keys[i]);
    if (!existing) {
      target.keys.push_back(extra.keys[i]);
      target.key_spans.push_back(extra.key_spans[i]);
      target.children.push_back(extra.children[i]);
    } else {
      merge_missing(*existing, extra.children[i]);
    }
  }
}

// ---------------------------------------------------------------- units and words

std::string number_text(double value) {
  std::string out = fmt::format("{:.3f}", value);
  while (out.back() == '0') out.pop_back();
  if (out.back() == '.') out.pop_back();
  return out;
}

// A Typst length in points: 10pt, 0.7in, 2cm, 18mm, 1.4em (em: of the body size).
std::optional<double> points(std::string_view text, double body) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  double number = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || !std::isfinite(number) || number < 0 || number > 10000) return std::nullopt;
  std::string_view unit(end, static_cast<size_t>(text.data() + text.size() - end));
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  const double scale = unit.empty() || unit == "pt" ? 1
                       : unit == "in"               ? 72
                       : unit == "cm"               ? 72 / 2.54
                       : unit == "mm"               ? 72 / 25.4
                       : unit == "em"               ? body
                                                    : 0;
  if (scale == 0) return std::nullopt;
  return number * scale;
}

std::string replaced(std::string text, std::string_view from, std::string_view to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// Typst's text conventions in a RenderCV template: "--" is an en dash, "---" an em dash.
std::string typst_dashes(std::string text) {
  text = replaced(std::move(text), "---", "\u2014");
  return replaced(std::move(text), "--", "\u2013");
}

// A RenderCV entry template -> hanji's template lines: SUMMARY and HIGHLIGHTS are where hanji
// always puts them; DATE is DATES, TIME_SPAN is DURATION, URL the DOI or the URL.
std::vector<std::string> template_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    if (line.empty() || line == "SUMMARY" || line == "HIGHLIGHTS") continue;
    line = replaced(replaced(line, "TIME_SPAN", "DURATION"), "DATE", "DATES");
    // RenderCV's URL is the DOI when there is one: hanji has both fields, and shows one.
    if (line.find("DOI") == std::string::npos) line = replaced(line, "URL", "DOI URL");
    line = replaced(replaced(replaced(line, "DATESS", "DATES"), "START_DATES", "START_DATE"), "END_DATES", "END_DATE");
    lines.push_back(typst_dashes(std::move(line)));
  }
  return lines;
}

// RenderCV's footer and top note: page placeholders in hanji's names, emphasis markers dropped
// (the footer style sets the look); the date placeholders (CURRENT_DATE, MONTH_NAME, ...) are
// filled in as RenderCV fills them (compose's furniture).
std::string note_template(std::string text) {
  text = replaced(std::move(text), "*", "");
  text = replaced(std::move(text), "PAGE_NUMBER", "PAGE");
  text = replaced(std::move(text), "TOTAL_PAGES", "TOTAL");
  return typst_dashes(std::move(text));
}

// The hanji faces for a font family RenderCV names: its serif and sans families map to the
// shipped Noto Serif, Lato or Roboto; nullopt for a family hanji has nothing like.
struct FontChoice {
  std::string_view latin_regular, latin_bold, latin_italic, latin_bold_italic, hangul_regular, hangul_bold;
  std::string_view latin_baseline;
  double latin_scale = 1;  // the named family's apparent size over the shipped face's
};

// A family and how large its letters look next to the shipped face it maps to, at the same
// size: the geometric mean of the x-height and cap-height ratios (Source Sans 3 is 0.486 and
// 0.660 em, Lato 0.507 and 0.717: 0.94). RenderCV's 10pt body then fills the page as it does
// there; Hangul, which RenderCV files rarely hold, keeps its size.
struct Family {
  std::string_view name;
  double scale;
};

constexpr Family kSerifFamilies[] = {
    {"New Computer Modern", 0.88}, {"Computer Modern", 0.88}, {"Latin Modern Roman", 0.88}, {"EB Garamond", 0.82},
    {"XCharter", 0.92}, {"Charter", 0.92}, {"Gentium Book Plus", 0.86}, {"Gentium Plus", 0.86},
    {"Libertinus Serif", 0.85}, {"Linux Libertine", 0.85}, {"Times New Roman", 0.88}, {"Times", 0.88},
    {"TeX Gyre Termes", 0.88}, {"Georgia", 0.93}, {"Noto Serif", 1}, {"Source Serif 4", 0.91},
    {"Source Serif Pro", 0.91}, {"Merriweather", 1.04}, {"Crimson Pro", 0.82}, {"Fontin", 0.9}, {"Palatino", 0.92},
    {"TeX Gyre Pagella", 0.92}, {"Cormorant Garamond", 0.81}, {"Lora", 0.96}, {"PT Serif", 0.96}};
constexpr Family kSansFamilies[] = {
    {"Source Sans 3", 0.94}, {"Source Sans Pro", 0.94}, {"Lato", 1}, {"Open Sans", 1.03}, {"Ubuntu", 1},
    {"Raleway", 1.01}, {"Helvetica", 1.01}, {"Arial", 1.01}, {"Liberation Sans", 1.01}, {"Inter", 1.04},
    {"Noto Sans", 1.03}, {"Fira Sans", 1}, {"IBM Plex Sans", 0.99}, {"DejaVu Sans", 1.04}, {"Montserrat", 1},
    {"Nunito", 0.97}, {"Work Sans", 0.96}, {"Mukta", 0.93}, {"Poppins", 1.02}, {"Carlito", 0.91}, {"Calibri", 0.91},
    {"Gill Sans", 0.93}, {"Open Sauce Sans", 1}};
constexpr Family kRobotoFamilies[] = {{"Roboto", 1}, {"Roboto Condensed", 1}, {"Heebo", 1}};

// Family names compare as fontconfig and Typst compare them: ASCII case and spaces ignored.
std::string family_key(std::string_view name) {
  std::string key;
  for (char c : name)
    if (c != ' ') key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

std::optional<double> scale_in(std::span<const Family> families, std::string_view name) {
  const std::string key = family_key(name);
  for (const Family& family : families)
    if (family_key(family.name) == key) return family.scale;
  return std::nullopt;
}

std::optional<FontChoice> font_for(std::string_view family) {
  static constexpr FontChoice serif{"NotoSerif-Regular.ttf", "NotoSerif-Bold.ttf", "NotoSerif-Italic.ttf",
                                    "NotoSerif-BoldItalic.ttf", "NanumMyeongjo.ttf", "NanumMyeongjoExtraBold.ttf",
                                    "0.008"};
  static constexpr FontChoice sans{"Lato-Regular.ttf", "Lato-Bold.ttf", "Lato-Italic.ttf", "Lato-BoldItalic.ttf",
                                   "NanumBarunGothic.ttf", "NanumBarunGothicBold.ttf", "-0.036"};
  static constexpr FontChoice roboto{"Roboto-Regular.ttf", "Roboto-Bold.ttf", "Roboto-Italic.ttf",
                                     "Roboto-Italic.ttf", "NanumSquare_acR.ttf", "NanumSquare_acB.ttf", "0"};
  for (const auto& [families, face] : {std::pair{std::span<const Family>(kSerifFamilies), serif},
                                       std::pair{std::span<const Family>(kSansFamilies), sans},
                                       std::pair{std::span<const Family>(kRobotoFamilies), roboto}})
    if (std::optional<double> scale = scale_in(families, family)) {
      FontChoice choice = face;
      choice.latin_scale = *scale;
      return choice;
    }
  return std::nullopt;
}

// ---------------------------------------------------------------- translation

enum class Outcome { Honoured, NoEquivalent, Reported };

struct Translator {
  const Values& values;
  Reader& reader;
  CvFile& file;
  ConfigNode& out;
  double body = 10;  // pt, for em
  std::vector<FolderFace> folder_fonts = {};  // the fonts/ folder beside the CV, as RenderCV reads it

  const Value* get(std::string_view path) const {
    auto it = values.find(path);
    return it == values.end() ? nullptr : &it->second;
  }
  std::string text_of(std::string_view path) const {
    const Value* v = get(path);
    return v ? v->text() : "";
  }
  void set(std::string_view path, const std::string& value, const Value& from) const {
    *node_at(out, path, from.key_span) =
        ConfigNode{ConfigNode::Kind::Scalar, value, {}, {}, {}, from.node ? from.node->span : from.key_span};
  }
  void set_list(std::string_view path, const std::vector<std::string>& items, const Value& from) const {
    ConfigNode list{ConfigNode::Kind::Sequence, {}, {}, {}, {}, from.node ? from.node->span : from.key_span};
    for (const std::string& item : items) list.children.push_back(ConfigNode{ConfigNode::Kind::Scalar, item, {}, {}, {}, list.span});
    *node_at(out, path, from.key_span) = std::move(list);
  }
  // A warning about a value hanji cannot take, for the file's own values only.
  Outcome bad_value(const std::string& path, const Value& v, std::string hint) const {
    if (v.from_user)
      reader.diags.ignored_setting(v.key_span, fmt::format("design.{} '{}' has no equivalent in hanji and is ignored", path,
                                                   excerpt(v.text())),
                           {std::move(hint)});
    return Outcome::Reported;
  }
  Outcome copy(const Value& v, const std::vector<std::string_view>& targets) const {
    if (!v.node || !v.node->is_scalar()) return Outcome::NoEquivalent;
    for (std::string_view target : targets) set(target, v.text(), v);
    return Outcome::Honoured;
  }
};

using Handler = std::function<Outcome(const std::string& path, const Value& v, Translator& t)>;

Handler copy_to(std::initializer_list<std::string_view> targets) {
  std::vector<std::string_view> list(targets);
  return [list](const std::string&, const Value& v, Translator& t) { return t.copy(v, list); };
}

Handler length_to(std::initializer_list<std::string_view> targets) {
  std::vector<std::string_view> list(targets);
  return [list](const std::string& path, const Value& v, Translator& t) {
    std::optional<double> pt = points(v.text(), t.body);
    if (!pt) return t.bad_value(path, v, "write a length such as 10pt, 0.5cm, 0.2in or 1.2em");
    for (std::string_view target : list) t.set(target, number_text(*pt) + "pt", v);
    return Outcome::Honoured;
  };
}

// Text sizes are plain points in hanji ("1.4em" of a 10pt body is 14).
Handler size_to(std::string_view target) {
  return [target](const std::string& path, const Value& v, Translator& t) {
    std::optional<double> pt = points(v.text(), t.body);
    if (!pt || *pt <= 0) return t.bad_value(path, v, "write a size such as 10pt or 1.4em");
    t.set(target, number_text(*pt), v);
    return Outcome::Honoured;
  };
}

// RenderCV's role names -> hanji's styles.
constexpr std::pair<std::string_view, std::string_view> kRoles[] = {
    {"name", "name"}, {"headline", "headline"}, {"connections", "contact"}, {"section_titles", "section_title"}};

Handler footer_switch() {
  return [](const std::string&, const Value& v, Translator& t) {
    if (v.text() == "false") {
      t.set("footer.page_numbers", "false", v);
      t.set("footer.text", "", v);
    } else {
      t.set("footer.page_numbers", "true", v);
    }
    return Outcome::Honoured;
  };
}

// templates.footer / templates.top_note: the note's text, unless its page.show_ switch is off.
Handler note_template_to(std::string_view show_switch, std::string_view target) {
  return [show_switch, target](const std::string&, const Value& v, Translator& t) {
    if (t.text_of(show_switch) != "false") t.set(target, note_template(v.text()), v);
    return Outcome::Honoured;
  };
}

Handler top_note_switch() {
  return [](const std::string&, const Value& v, Translator& t) {
    if (v.text() == "false") t.set("footer.top_note", "", v);
    else if (!t.get("templates.top_note")) t.set("footer.top_note", "LAST_UPDATED", v);
    return Outcome::Honoured;
  };
}

// Typst's leading is the gap between lines; hanji's line height is baseline to baseline,
// about the cap height (0.7 em) plus that gap.
Handler line_spacing() {
  return [](const std::string& path, const Value& v, Translator& t) {
    std::optional<double> pt = points(v.text(), t.body);
    if (!pt) return t.bad_value(path, v, "write the space between lines as 0.6em");
    const std::string height = number_text(0.7 + *pt / t.body);
    for (std::string_view style : {"body", "aside", "aside_detail", "entry_subtitle"})
      t.set(fmt::format("styles.{}.line_height", style), height, v);
    return Outcome::Honoured;
  };
}

Handler alignment() {
  return [](const std::string& path, const Value& v, Translator& t) {
    const std::string value = v.text();
    if (value == "left") t.set("text.align", "left", v);
    else if (value == "justified") {  // RenderCV's justified text is hyphenated
      t.set("text.align", "justify", v);
      t.set("text.hyphenate", "true", v);
    }
    else if (value == "justified-with-no-hyphenation") {
      t.set("text.align", "justify", v);
      t.set("text.hyphenate", "false", v);
    } else {
      return t.bad_value(path, v, "RenderCV's alignments are left, justified and justified-with-no-hyphenation");
    }
    return Outcome::Honoured;
  };
}

// ---------------------------------------------------------------- font families

// The value that names the body's family: `font_family: X` (every part) or its `body:`, the
// file's own over its theme's.
const Value* body_value(const Translator& t) {
  const Value* every = t.get("typography.font_family");
  const Value* body = t.get("typography.font_family.body");
  if (body && (body->from_user || !(every && every->from_user))) return body;
  return every;
}

// The value that names a part's own family, or nullptr when the part follows the body's (the
// file names one family for every part, over its theme's per-part ones).
const Value* part_value(const Translator& t, std::string_view part) {
  const Value* every = t.get("typography.font_family");
  const Value* own = t.get(fmt::format("typography.font_family.{}", part));
  if (own && (own->from_user || !(every && every->from_user))) return own;
  return nullptr;
}

// Where hanji finds a family a RenderCV design names.
struct FamilySource {
  enum class Kind {
    Folder,     // TrueType files in the fonts/ folder beside the CV, as RenderCV finds them
    Installed,  // installed on the machine: found through fontconfig by the layout
    LookAlike,  // one of RenderCV's (or Typst's) families, not here: hanji's own look-alike
    Refused,    // there only as OpenType/CFF outlines, which hanji cannot embed
    Missing,    // nowhere
  };
  Kind kind = Kind::Missing;
  std::optional<FolderFamily> folder;
  std::optional<FontChoice> look_alike;  // the shipped family of its kind, with its scale
  std::string why_not_itself;            // for a look-alike: why the family itself is not used
  bool bundled = false;                  // one RenderCV bundles: its look-alike wherever it is installed
};

// The families RenderCV bundles with itself (and Typst's built-ins): a RenderCV user has them on
// every machine, so hanji sets them in its own look-alikes on every machine too, without
// asking fontconfig (which costs a stock RenderCV file a fifth of its build, and would make
// the same file come out differently where one of them happens to be installed).
bool rendercv_bundles(std::string_view name) {
  static constexpr std::string_view kBundled[] = {
      "Libertinus Serif", "New Computer Modern", "Mukta", "Open Sans", "Gentium Book Plus", "Noto Sans", "Lato",
      "Source Sans 3", "EB Garamond", "Open Sauce Sans", "Fontin", "Roboto", "Ubuntu", "Poppins", "Raleway",
      "XCharter"};
  const std::string key = family_key(name);
  return std::any_of(std::begin(kBundled), std::end(kBundled),
                     [&](std::string_view bundled) { return family_key(bundled) == key; });
}

FamilySource find_family(const std::string& name, const Translator& t) {
  FamilySource source;
  source.folder = family_in_folder(t.folder_fonts, name);
  source.look_alike = font_for(name);
  if (source.folder && source.folder->cff_only.empty()) {
    source.kind = FamilySource::Kind::Folder;
    return source;
  }
  if (!source.folder && source.look_alike && rendercv_bundles(name)) {
    source.kind = FamilySource::Kind::LookAlike;
    source.bundled = true;
    source.why_not_itself = "RenderCV bundles it; hanji draws its own look-alike on every machine";
    return source;
  }
  const FamilyInstall installed =
      t.reader.installed_fonts.find ? t.reader.installed_fonts.find(name) : FamilyInstall::Missing;
  if (installed == FamilyInstall::Embeddable) {
    source.kind = FamilySource::Kind::Installed;
  } else if (source.look_alike) {
    source.kind = FamilySource::Kind::LookAlike;
    source.why_not_itself = source.folder ? fmt::format("{} in fonts/ has OpenType/CFF outlines", source.folder->cff_only)
                            : installed == FamilyInstall::NotEmbeddable ? "it is installed only as OpenType/CFF"
                                                                        : "it is not installed";
  } else if (source.folder) {
    source.kind = FamilySource::Kind::Refused;
  } else if (installed == FamilyInstall::NotEmbeddable) {
    source.kind = FamilySource::Kind::Installed;  // the layout refuses it, naming its file
  }
  return source;
}

// The installed families nearest to `name`: those sharing a word with it, then the nearest
// by edit distance.
std::vector<std::string> nearest_installed(const std::string& name, const Translator& t) {
  if (!t.reader.installed_fonts.families) return {};
  const std::vector<std::string> installed = t.reader.installed_fonts.families();
  std::vector<std::string> words;
  std::string word;
  for (char c : name + " ") {
    if (c == ' ') {
      if (word.size() > 2) words.push_back(family_key(word));
      word.clear();
    } else {
      word += c;
    }
  }
  const auto shares_a_word = [&](const std::string& family) {
    const std::string key = family_key(family);
    return std::any_of(words.begin(), words.end(), [&](const std::string& w) { return key.find(w) != std::string::npos; });
  };
  std::vector<std::string> out;
  for (const std::string& family : installed)
    if (out.size() < 4 && shares_a_word(family)) out.push_back(family);
  for (const std::string& family : nearest_matches(name, installed, 4))
    if (out.size() < 4 && std::find(out.begin(), out.end(), family) == out.end()) out.push_back(family);
  return out;
}

// The family is nowhere hanji can take it from: an error at the value, not another family in
// silence.
Outcome report_family(const std::string& path, const Value& v, const FamilySource& source, Translator& t) {
  const Span at = v.node ? v.node->span : v.key_span;
  if (source.kind == FamilySource::Kind::Refused) {
    t.reader.diags.error(at,
                         fmt::format("design.{}: '{}' is in the fonts/ folder only as {}, which has OpenType/CFF "
                                     "outlines: hanji embeds TrueType (glyf) outlines only",
                                     path, excerpt(v.text()), source.folder->cff_only),
                         {"put the family's TrueType (.ttf) files in fonts/ beside the CV, or name another family"});
    return Outcome::Reported;
  }
  std::vector<std::string> hints;
  const std::vector<std::string> nearest = nearest_installed(v.text(), t);
  if (!nearest.empty()) {
    std::string listed;
    for (const std::string& family : nearest) listed += (listed.empty() ? "\"" : ", \"") + family + "\"";
    hints.push_back("installed families nearest to it: " + listed + " (`fc-list : family` lists them all)");
  }
  hints.push_back("install the family, put its .ttf files in a fonts/ folder beside the CV, or name an installed "
                  "family or one RenderCV ships (such as \"Source Sans 3\", \"EB Garamond\" or \"Lato\"), which "
                  "hanji draws with a look-alike of its own");
  t.reader.diags.error(at, fmt::format("design.{}: font family '{}' is not installed", path, excerpt(v.text())),
                       std::move(hints));
  return Outcome::Reported;
}

// What --verbose says of a look-alike the file names: which face stands in, and why (a
// theme's own families are its look: not said). The body's is scaled to the family's apparent
// size; a part's is drawn at the body's scale.
void say_look_alike(const std::string& path, const Value& v, const FamilySource& source, bool scaled, Translator& t) {
  const std::string_view file = source.look_alike->latin_regular;
  const std::string_view shipped = file.substr(0, file.find('-'));
  if (!v.from_user || family_key(v.text()) == family_key(shipped)) return;  // Lato is Lato
  const std::string scale = scaled ? fmt::format(" at {:g}%", std::round(source.look_alike->latin_scale * 100)) : "";
  t.reader.diags.detail(v.key_span,
                        fmt::format("design.{}: '{}' is set in hanji's {}{} ({})", path, excerpt(v.text()),
                                    shipped == "NotoSerif" ? "Noto Serif" : shipped, scale, source.why_not_itself),
                        {source.bundled ? "put the family's .ttf files in fonts/ beside the CV to have it itself"
                                        : "install the family as TrueType (.ttf), or put its .ttf files in fonts/ "
                                          "beside the CV, to have it itself"});
}

// A family found in the fonts/ folder beside the CV is used itself, as RenderCV uses it: its
// files fill hanji's four Latin slots (a missing face falls back as the layout's do).
void use_folder_family(const std::string& path, const FolderFamily& folder, const std::optional<FontChoice>& kind,
                       const Value& v, Translator& t) {
  const std::string bold = folder.bold.empty() ? folder.regular : folder.bold;
  const std::string italic = folder.italic.empty() ? folder.regular : folder.italic;
  const std::string bold_italic = !folder.bold_italic.empty() ? folder.bold_italic : !folder.bold.empty() ? bold : italic;
  t.set("fonts.latin.regular", folder.regular, v);
  t.set("fonts.latin.bold", bold, v);
  t.set("fonts.latin.italic", italic, v);
  t.set("fonts.latin.bold_italic", bold_italic, v);
  if (kind) {  // Hangul from the shipped family of the same kind
    t.set("fonts.hangul.regular", std::string(kind->hangul_regular), v);
    t.set("fonts.hangul.bold", std::string(kind->hangul_bold), v);
  }
  t.set("fonts.latin_scale", "1", v);
  t.set("fonts.latin_baseline", kind ? std::string(kind->latin_baseline) : "0", v);
  if (folder.bold.empty() && v.from_user)
    t.reader.diags.warning(v.key_span,
                           fmt::format("design.{}: '{}' in the fonts/ folder has no bold face; bold text is set in {}",
                                       path, excerpt(v.text()), std::filesystem::path(folder.regular).filename().string()),
                           {"put the family's bold .ttf file in fonts/ beside the CV"});
}

// The body's family, and every part's that has none of its own.
Handler font_family() {
  return [](const std::string& path, const Value& v, Translator& t) {
    if (body_value(t) != &v || v.text().empty()) return Outcome::Honoured;  // the other spelling names the body's
    const FamilySource source = find_family(v.text(), t);
    switch (source.kind) {
      case FamilySource::Kind::Folder: use_folder_family(path, *source.folder, source.look_alike, v, t); break;
      case FamilySource::Kind::Installed:
        // Named by its family: the layout finds each face through fontconfig; Hangul keeps
        // the layout's faces.
        for (const char* slot : {"regular", "bold", "italic", "bold_italic"})
          t.set(fmt::format("fonts.latin.{}", slot), v.text(), v);
        t.set("fonts.latin_scale", "1", v);
        t.set("fonts.latin_baseline", source.look_alike ? std::string(source.look_alike->latin_baseline) : "0", v);
        break;
      case FamilySource::Kind::LookAlike: {
        const FontChoice& font = *source.look_alike;
        say_look_alike(path, v, source, true, t);
        t.set("fonts.latin.regular", std::string(font.latin_regular), v);
        t.set("fonts.latin.bold", std::string(font.latin_bold), v);
        t.set("fonts.latin.italic", std::string(font.latin_italic), v);
        t.set("fonts.latin.bold_italic", std::string(font.latin_bold_italic), v);
        t.set("fonts.hangul.regular", std::string(font.hangul_regular), v);
        t.set("fonts.hangul.bold", std::string(font.hangul_bold), v);
        t.set("fonts.latin_scale", number_text(font.latin_scale), v);
        t.set("fonts.latin_baseline", std::string(font.latin_baseline), v);
        break;
      }
      case FamilySource::Kind::Refused:
      case FamilySource::Kind::Missing: return report_family(path, v, source, t);
    }
    return Outcome::Honoured;
  };
}

// A part's own family (name, headline, connections, section titles): set in it through the
// layout's fonts.roles, unless it draws as the body's does.
Handler part_font_family(std::string_view part, std::string_view role) {
  return [part, role](const std::string& path, const Value& v, Translator& t) {
    if (part_value(t, part) != &v || v.text().empty()) return Outcome::Honoured;  // the part follows the body's family
    const Value* body = body_value(t);
    if (body && family_key(body->text()) == family_key(v.text())) return Outcome::Honoured;
    const std::string target = fmt::format("fonts.roles.{}", role);
    const FamilySource source = find_family(v.text(), t);
    switch (source.kind) {
      case FamilySource::Kind::Folder: {
        const FolderFamily& folder = *source.folder;
        const auto or_none = [](const std::string& file) { return file.empty() ? std::string("none") : file; };
        t.set_list(target, {folder.regular, or_none(folder.bold), or_none(folder.italic), or_none(folder.bold_italic)}, v);
        break;
      }
      case FamilySource::Kind::Installed: t.set(target, v.text(), v); break;
      case FamilySource::Kind::LookAlike: {
        const FontChoice& font = *source.look_alike;
        // The body's look-alike, or another family drawn with the same one: nothing changes.
        if (body) {
          const FamilySource bodys = find_family(body->text(), t);
          if (bodys.kind == FamilySource::Kind::LookAlike && bodys.look_alike->latin_regular == font.latin_regular)
            return Outcome::Honoured;
        }
        say_look_alike(path, v, source, false, t);
        t.set_list(target, {std::string(font.latin_regular), std::string(font.latin_bold),
                            std::string(font.latin_italic), std::string(font.latin_bold_italic)}, v);
        break;
      }
      case FamilySource::Kind::Refused:
      case FamilySource::Kind::Missing: return report_family(path, v, source, t);
    }
    return Outcome::Honoured;
  };
}

Handler section_title_type() {
  return [](const std::string& path, const Value& v, Translator& t) {
    const std::string type = v.text();
    auto style = [&](const char* title_style, bool centered) {
      t.set("section.rule", "true", v);
      t.set("section.title_style", title_style, v);
      t.set("section.centered", centered ? "true" : "false", v);
    };
    if (type == "with_partial_line") style("rule-after", false);
    else if (type == "with_full_line") style("rule-below", false);
    else if (type == "without_line") style("plain", false);
    else if (type == "moderncv") style("bar-before", false);
    else if (type == "centered_without_line") style("plain", true);
    else if (type == "centered_with_partial_line") style("rules-around", true);
    // harvard's: the title centred between two rules that fill the width on each side.
    else if (type == "centered_with_centered_partial_line") style("rules-around", true);
    else if (type == "centered_with_full_line") style("rule-below", true);
    else return t.bad_value(path, v, "the types are with_partial_line, with_full_line, without_line, moderncv, "
                                     "their centered_ forms and centered_with_centered_partial_line");
    return Outcome::Honoured;
  };
}

Handler paper() {
  return [](const std::string& path, const Value& v, Translator& t) {
    if (v.text() == "a4" || v.text() == "a5") t.set("page.paper", v.text(), v);
    else if (v.text() == "us-letter") t.set("page.paper", "letter", v);
    else if (v.text() == "us-executive") t.set("page.paper", "executive", v);
    else return t.bad_value(path, v, "the paper sizes are a4, a5, us-letter and us-executive");
    return Outcome::Honoured;
  };
}

// RenderCV puts the separator between spaces; without one, a gap of space_between_connections.
Handler separator() {
  return [](const std::string&, const Value& v, Translator& t) {
    std::string value = v.text();
    if (value.empty()) {
      std::optional<double> gap = points(t.text_of("header.connections.space_between_connections"), t.body);
      const int spaces = std::clamp(static_cast<int>(std::lround(gap.value_or(14) / (0.5 * t.body))), 1, 6);
      std::string en_spaces;
      for (int i = 0; i < spaces; ++i) en_spaces += "\u2002";
      t.set("header.separator", en_spaces, v);
    } else {
      t.set("header.separator", value.front() == ' ' || value.back() == ' ' ? value : "  " + value + "  ", v);
    }
    return Outcome::Honoured;
  };
}

Handler icons() {
  return [](const std::string&, const Value& v, Translator& t) {
    t.set("header.icons", v.text() == "true" ? "true" : "false", v);
    if (v.text() == "true") t.set_list("fonts.fallback", {"ForkAwesome.ttf"}, v);
    return Outcome::Honoured;
  };
}

Handler inverted(std::string_view target) {
  return [target](const std::string&, const Value& v, Translator& t) {
    t.set(target, v.text() == "true" ? "false" : "true", v);
    return Outcome::Honoured;
  };
}

// RenderCV keeps each entry on one page, or lets it break wherever the page ends.
Handler allow_page_break() {
  return [](const std::string& path, const Value& v, Translator& t) {
    const std::string value = v.text();
    if (value != "true" && value != "false") return t.bad_value(path, v, "write true or false");
    t.set("entry.keep_together", value == "true" ? "false" : "true", v);
    t.set("entry.split_across_pages", value, v);
    return Outcome::Honoured;
  };
}

// The highlight text's left edge: RenderCV's space before the bullet, the bullet, the gap.
Handler highlight_indent() {
  return [](const std::string& path, const Value& v, Translator& t) {
    std::optional<double> left = points(t.text_of("entries.highlights.space_left"), t.body);
    std::optional<double> gap = points(t.text_of("entries.highlights.space_between_bullet_and_text"), t.body);
    if (!points(v.text(), t.body)) return t.bad_value(path, v, "write a length such as 0.15cm or 0.5em");
    // hanji sets a bullet's right edge 4pt before the text: a narrower gap would push the
    // bullet out of the column, where RenderCV's starts at space_left.
    constexpr double kBulletGap = 4;
    const double indent = left.value_or(0) + 0.45 * t.body + std::max(gap.value_or(0.5 * t.body), kBulletGap);
    t.set("entry.highlight_indent", number_text(indent) + "pt", v);
    return Outcome::Honoured;
  };
}

// A highlight's bullet. engineeringresumes asks for ● in XCharter, which draws it as its text
// bullet (RenderCV's example PDF holds a small U+2022 there); hanji sets XCharter in a look-alike
// whose ● is a large disc, so it sets the bullet RenderCV's page shows.
Handler bullet(std::string_view target) {
  return [target](const std::string&, const Value& v, Translator& t) {
    if (!v.node || !v.node->is_scalar()) return Outcome::NoEquivalent;
    const bool xcharter_disc = v.text() == "\u25CF" && body_value(t) && body_value(t)->text() == "XCharter";
    t.set(target, xcharter_disc ? "\u2022" : v.text(), v);
    return Outcome::Honoured;
  };
}

Handler spans_in() {
  return [](const std::string& path, const Value& v, Translator& t) {
    if (!v.node || !v.node->is_sequence()) return t.bad_value(path, v, "list section names, e.g. [experience]");
    std::vector<std::string> names;
    for (const YamlNode& item : v.node->items)
      if (item.is_scalar()) names.push_back(item.scalar);
    t.set_list("entry.time_spans_in", names, v);
    return Outcome::Honoured;
  };
}

// The date forms go to the CV's locale: hanji's locale template has RenderCV's placeholders.
Handler single_date() {
  return [](const std::string& path, const Value& v, Translator& t) {
    std::string form = replaced(v.text(), "YEAR_IN_TWO_DIGITS", "YEAR");
    if (form.find("YEAR") == std::string::npos) return t.bad_value(path, v, "a date form needs YEAR");
    t.file.locale.date = form;
    t.set("entry.date_format", "locale", v);
    return Outcome::Honoured;
  };
}

Handler date_range() {
  return [](const std::string& path, const Value& v, Translator& t) {
    const std::string text = v.text();
    const size_t start = text.find("START_DATE"), end = text.find("END_DATE");
    if (start == std::string::npos || end == std::string::npos || end < start + 10)
      return t.bad_value(path, v, "write it as START_DATE – END_DATE with any text between");
    t.set("entry.range_separator", typst_dashes(text.substr(start + 10, end - start - 10)), v);
    return Outcome::Honoured;
  };
}

// hanji writes spans as "2 years 3 months" in the locale's words; RenderCV's default form is
// that, any other is said.
Handler time_span() {
  return [](const std::string& path, const Value& v, Translator& t) {
    if (v.text() == "HOW_MANY_YEARS YEARS HOW_MANY_MONTHS MONTHS") return Outcome::Honoured;
    return t.bad_value(path, v, "hanji writes time spans as \"2 years 3 months\" in the CV's language");
  };
}

// RenderCV sets an entry's lines in the body's face; what is bold or italic its templates say
// (**COMPANY**), so hanji's title and date styles lose their own weight and slant.
void plain_entry_styles(const Value& v, Translator& t) {
  for (std::string_view style : {"entry_title", "entry_subtitle", "aside", "aside_detail"})
    for (std::string_view flag : {"bold", "italic"}) t.set(fmt::format("styles.{}.{}", style, flag), "false", v);
}

Handler entry_template(std::string_view kind, bool aside) {
  return [kind, aside](const std::string&, const Value& v, Translator& t) {
    if (v.node && v.node->is_null()) return Outcome::Honoured;
    plain_entry_styles(v, t);
    std::vector<std::string> lines = template_lines(v.text());
    t.set_list(fmt::format("entry.{}.{}", kind, aside ? "aside" : "main"), lines, v);
    // The main column's template says whether the summary and the highlights are shown: one
    // that leaves them out of its lines leaves them out of the entry.
    if (!aside)
      for (std::string_view part : {"SUMMARY", "HIGHLIGHTS"})
        if (v.text().find(part) == std::string::npos)
          t.set(fmt::format("entry.{}.{}", kind, part == "SUMMARY" ? "summary" : "highlights"), "false", v);
    return Outcome::Honoured;
  };
}

// RenderCV's degree column: a narrow column left of an education entry's main one ("PhD |
// Princeton University"), entries.degree_width wide, which hanji's lead column draws. null
// (or an empty template) is no column, also over a hanji layout that has one.
Handler degree_column() {
  return [](const std::string&, const Value& v, Translator& t) {
    t.set_list("entry.education.lead", template_lines(v.text()), v);
    return Outcome::Honoured;
  };
}

Handler one_line_template() {
  return [](const std::string&, const Value& v, Translator& t) {
    std::vector<std::string> lines = template_lines(v.text());
    t.set("entry.one_line.main", lines.empty() ? std::string("**LABEL:** DETAILS") : lines.front(), v);
    return Outcome::Honoured;
  };
}

// The photo's space on the side facing the text is hanji's gap; on the outer side hanji
// keeps the photo at the margin, so only no space there takes effect.
Handler photo_space(bool left) {
  return [left](const std::string& path, const Value& v, Translator& t) {
    std::optional<double> pt = points(v.text(), t.body);
    if (!pt) return t.bad_value(path, v, "write a length such as 0.4cm");
    const bool photo_left = t.text_of("header.photo_position") != "right";
    if (left != photo_left) t.set("header.photo_gap", number_text(*pt) + "pt", v);
    else if (*pt > 0) return t.bad_value(path, v, "hanji sets the photo against the margin; widen page margins instead");
    return Outcome::Honoured;
  };
}

const std::vector<std::pair<std::string_view, Handler>>& handlers() {
  static const std::vector<std::pair<std::string_view, Handler>> kHandlers = [] {
    std::vector<std::pair<std::string_view, Handler>> h = {
        {"page.size", paper()},
        {"page.top_margin", length_to({"page.margin_top"})},
        {"page.bottom_margin", length_to({"page.margin_bottom"})},
        {"page.left_margin", length_to({"page.margin_left"})},
        {"page.right_margin", length_to({"page.margin_right"})},
        {"page.show_footer", footer_switch()},
        {"page.show_top_note", top_note_switch()},
        {"colors.body", copy_to({"styles.body.color", "styles.aside.color", "styles.aside_detail.color",
                                 "styles.entry_title.color", "styles.entry_subtitle.color"})},
        {"colors.name", copy_to({"styles.name.color"})},
        {"colors.headline", copy_to({"styles.headline.color"})},
        {"colors.connections", copy_to({"styles.contact.color", "header.icon_color"})},
        {"colors.section_titles", copy_to({"styles.section_title.color", "section.rule_color"})},
        {"colors.links", copy_to({"colors.link"})},
        {"colors.footer", copy_to({"styles.footer.color"})},
        // The top note is set in the footer's style: the file's own colour for it is the
        // footer's too, unless the file gives the footer another one.
        {"colors.top_note", [](const std::string& path, const Value& v, Translator& t) {
           const Value* footer = t.get("colors.footer");
           if (!v.from_user || !footer || !footer->from_user) {
             if (v.from_user || !footer) t.set("styles.footer.color", v.text(), v);
             return Outcome::Honoured;
           }
           if (footer->text() == v.text()) return Outcome::Honoured;
           return t.bad_value(path, v, "hanji sets the top note in the footer's colour (colors.footer)");
         }},
        {"typography.line_spacing", line_spacing()},
        {"typography.alignment", alignment()},
        {"typography.date_and_location_column_alignment", copy_to({"entry.aside_align"})},
        {"typography.font_family", font_family()},
        {"typography.font_family.body", font_family()},
        {"typography.font_family.name", part_font_family("name", "name")},
        {"typography.font_family.headline", part_font_family("headline", "headline")},
        {"typography.font_family.connections", part_font_family("connections", "contact")},
        {"typography.font_family.section_titles", part_font_family("section_titles", "section_title")},
        {"typography.font_size.body", [](const std::string& path, const Value& v, Translator& t) {
           std::optional<double> pt = points(v.text(), 10);
           if (!pt || *pt <= 0) return t.bad_value(path, v, "write a size such as 10pt");
           for (std::string_view style : {"body", "aside", "aside_detail", "entry_title", "entry_subtitle"})
             t.set(fmt::format("styles.{}.size", style), number_text(*pt), v);
           return Outcome::Honoured;
         }},
        {"typography.font_size.name", size_to("styles.name.size")},
        {"typography.font_size.headline", size_to("styles.headline.size")},
        {"typography.font_size.connections", size_to("styles.contact.size")},
        {"typography.font_size.section_titles", size_to("styles.section_title.size")},
        {"links.underline", copy_to({"text.underline_links"})},
        {"links.show_external_link_icon", copy_to({"text.link_icon"})},
        {"header.alignment", copy_to({"header.align", "header.align_beside_photo"})},
        {"header.photo_width", length_to({"header.photo_width"})},
        {"header.photo_position", copy_to({"header.photo_position"})},
        {"header.space_below_name", length_to({"header.headline_space"})},
        {"header.space_below_headline", length_to({"header.contact_space"})},
        {"header.space_below_connections", length_to({"header.space_below"})},
        {"header.connections.hyperlink", copy_to({"header.contact_links"})},
        {"header.connections.phone_number_format", [](const std::string& path, const Value& v, Translator& t) {
           // RenderCV writes E164 in capitals; hanji's choices are lower case.
           const std::string form = lowercase(v.text());
           if (form != "national" && form != "international" && form != "e164")
             return t.bad_value(path, v, "RenderCV's forms are national, international and E164");
           t.set("header.phone_format", form, v);
           return Outcome::Honoured;
         }},
        {"header.connections.show_icons", icons()},
        {"header.connections.display_urls_instead_of_usernames", inverted("header.social_usernames")},
        {"header.connections.separator", separator()},
        {"header.connections.space_between_connections", [](const std::string& path, const Value& v, Translator& t) {
           // Used as the gap when there is no separator (see separator()).
           if (!points(v.text(), t.body)) return t.bad_value(path, v, "write a length such as 0.5cm");
           if (!t.get("header.connections.separator")) separator()(path, Value{nullptr, v.key_span, false}, t);
           return Outcome::Honoured;
         }},
        {"section_titles.type", section_title_type()},
        {"section_titles.line_thickness", length_to({"section.rule_thickness"})},
        {"section_titles.space_above", length_to({"section.space_above"})},
        {"section_titles.space_below", length_to({"section.space_below"})},
        {"sections.space_between_regular_entries", length_to({"entry.space"})},
        {"sections.space_between_text_based_entries", length_to({"entry.text_space"})},
        {"sections.show_time_spans_in", spans_in()},
        {"entries.date_and_location_width", length_to({"entry.aside_width"})},
        {"entries.space_between_columns", length_to({"entry.column_gap"})},
        {"entries.degree_width", length_to({"entry.education.lead_width"})},
        {"entries.summary.space_above", [](const std::string& path, const Value& v, Translator& t) {
           const Value* highlights = t.get("entries.highlights.space_above");
           if (!v.from_user && highlights && highlights->from_user) return Outcome::Honoured;  // see above
           return length_to({"entry.summary_space"})(path, v, t);
         }},
        {"entries.summary.space_left", length_to({"entry.summary_indent"})},
        {"entries.short_second_row", copy_to({"entry.short_rows"})},
        {"entries.allow_page_break", allow_page_break()},
        {"header.photo_space_left", photo_space(true)},
        {"header.photo_space_right", photo_space(false)},
        {"entries.highlights.bullet", bullet("entry.bullet")},
        {"entries.highlights.nested_bullet", bullet("entry.nested_bullet")},
        {"entries.highlights.space_left", highlight_indent()},
        {"entries.highlights.space_between_bullet_and_text", highlight_indent()},
        {"entries.highlights.space_above", [](const std::string& path, const Value& v, Translator& t) {
           // hanji has one space above summary and highlights: the file's own wins over a
           // theme's; when the file gives both, the summary's.
           const Value* summary = t.get("entries.summary.space_above");
           if (!summary || !summary->from_user) return length_to({"entry.summary_space"})(path, v, t);
           if (!v.from_user || points(v.text(), t.body) == points(summary->text(), t.body)) return Outcome::Honoured;
           return t.bad_value(path, v, "hanji has one space above an entry's summary and highlights: "
                                       "entries.summary.space_above's");
         }},
        {"entries.highlights.space_between_items", length_to({"entry.highlight_space"})},
        {"templates.footer", note_template_to("page.show_footer", "footer.text")},
        {"templates.top_note", note_template_to("page.show_top_note", "footer.top_note")},
        {"templates.single_date", single_date()},
        {"templates.date_range", date_range()},
        {"templates.time_span", time_span()},
        {"templates.one_line_entry.main_column", one_line_template()},
        {"templates.education_entry.main_column", entry_template("education", false)},
        {"templates.education_entry.date_and_location_column", entry_template("education", true)},
        {"templates.education_entry.degree_column", degree_column()},
        {"templates.normal_entry.main_column", entry_template("normal", false)},
        {"templates.normal_entry.date_and_location_column", entry_template("normal", true)},
        {"templates.experience_entry.main_column", entry_template("experience", false)},
        {"templates.experience_entry.date_and_location_column", entry_template("experience", true)},
        {"templates.publication_entry.main_column", entry_template("publication", false)},
        {"templates.publication_entry.date_and_location_column", entry_template("publication", true)},
        // hanji lets a section break across pages (keeping each title with its first entry).
        {"sections.allow_page_break", [](const std::string& path, const Value& v, Translator& t) {
           if (v.text() == "true") return Outcome::Honoured;
           return t.bad_value(path, v, "hanji breaks long sections across pages; --fit-pages can keep a CV short");
         }},
    };
    return h;
  }();
  return kHandlers;
}

const Handler* find_handler(std::string_view path) {
  for (const auto& [known, handler] : handlers())
    if (known == path) return &handler;
  return nullptr;
}

// typography.small_caps.ROLE and typography.bold.ROLE: the style's flag.
std::optional<std::string> role_flag(std::string_view path) {
  for (std::string_view group : {"typography.small_caps.", "typography.bold."}) {
    if (!path.starts_with(group)) continue;
    for (const auto& [role, style] : kRoles)
      if (path.substr(group.size()) == role)
        return fmt::format("styles.{}.{}", style, group == "typography.bold." ? "bold" : "small_caps");
  }
  return std::nullopt;
}

// ---------------------------------------------------------------- themes

struct ThemeFile {
  std::string layout;   // the hanji layout the theme starts from
  YamlNode design;      // the theme's values, in RenderCV's words
};

std::optional<ThemeFile> read_theme_file(const std::string& theme, const std::string& layouts_dir) {
  namespace fs = std::filesystem;
  const fs::path path = fs::path(layouts_dir) / "rendercv" / (theme + ".yaml");
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  Diagnostics quiet;  // a shipped file; a broken one is a test failure, not the user's problem
  std::string error;
  std::optional<std::string> text = read_data_file(path.string(), shipped_yaml_kind(), error);
  if (!text) return std::nullopt;
  SourceText source(*text, path.string());
  std::optional<YamlNode> root = parse_yaml(source, quiet);
  if (!root || !root->is_map()) return std::nullopt;
  ThemeFile file;
  for (size_t i = 0; i < root->keys.size(); ++i) {
    if (root->keys[i] == "layout" && root->items[i].is_scalar()) file.layout = root->items[i].scalar;
    if (root->keys[i] == "design" && root->items[i].is_map()) file.design = root->items[i];
  }
  return file;
}

// The built-in layouts: the folder given, else the source tree's.
std::string layouts_dir_or_default(const std::string& layouts_dir) {
  if (!layouts_dir.empty()) return layouts_dir;
  return (std::filesystem::path(HANJI_SOURCE_DATA_DIR) / "layouts").string();
}

// A folder beside the CV: `name` there ("fonts", a theme's name), as RenderCV finds it.
std::filesystem::path beside_cv(const CvFile& file, const std::string& name) {
  const std::string dir = directory_of(file.path);
  return dir.empty() ? std::filesystem::path(name) : std::filesystem::path(dir) / name;
}

// True when `dir` holds a Typst file (RenderCV's templates are NAME.j2.typ), in it or below.
bool holds_typst_templates(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return false;
  int looked = 0;  // a folder of templates is small; a huge one is not searched to its end
  for (fs::recursive_directory_iterator it(dir, fs::directory_options::none, ec), end; !ec && it != end && looked < 1000;
       it.increment(ec), ++looked)
    if (it->path().extension() == ".typ" && it->is_regular_file(ec)) return true;
  return false;
}

// RenderCV takes a folder named after the theme, beside the CV, as templates of its own for
// that theme (THEME/Header.j2.typ, ...). hanji draws with its layouts, not with Typst: the
// folder is said once, not silently passed over.
void warn_template_folder(const std::string& theme, const Span& span, const CvFile& file, Reader& reader) {
  const std::filesystem::path folder = beside_cv(file, theme);
  if (!holds_typst_templates(folder)) return;
  reader.diags.ignored_setting(span,
                       fmt::format("RenderCV's template folder {}/ is ignored: hanji does not run Typst templates, and "
                                   "draws the {} theme with its own layout",
                                   excerpt(folder.string()), excerpt(theme)),
                       {"the design: keys and hanji's layout values (under 'layout:'; `hanji layouts --parameters` "
                        "lists them) change what hanji draws"});
}

// The theme a file asks for (RenderCV's default is classic), its layout and its values.
// `themes` keeps the files read: `values` points into them.
void apply_theme(const YamlNode& design, Reader& reader, CvFile& file, std::vector<ThemeFile>& themes,
                 Values& values) {
  std::string name = "classic";
  Span span = design.span;
  for (size_t i = 0; i < design.keys.size(); ++i)
    if (design.keys[i] == "theme") {
      if (auto theme = reader.text(design.items[i], "design.theme")) {
        name = theme->value;
        span = theme->span;
      }
    }
  warn_template_folder(name, span, file, reader);
  const std::string dir = layouts_dir_or_default(reader.layouts_dir);
  themes.reserve(2);  // no reallocation: `values` points into them
  if (auto defaults = read_theme_file("classic", dir)) themes.push_back(std::move(*defaults));
  const bool known = name == "classic" || [&] {
    auto theme = read_theme_file(name, dir);
    if (theme) themes.push_back(std::move(*theme));
    return theme.has_value();
  }();
  if (!known)
    reader.diags.ignored_setting(span, fmt::format("RenderCV theme '{}' is not one hanji knows; using RenderCV's classic",
                                           excerpt(name)),
                         {fmt::format("the themes are {}; or choose a hanji layout with 'layout: NAME'",
                                      quoted_list(rendercv_theme_names(dir), "and"))});
  for (const ThemeFile& theme : themes) flatten(theme.design, "", false, values);
  if (!themes.empty() && file.layout_name.empty() && !themes.back().layout.empty()) {
    file.layout_name = themes.back().layout;
    file.layout_span = span;
  }
}

}  // namespace

void read_design(const YamlNode& node, Reader& reader, CvFile& file) {
  if (node.is_null()) return;
  if (!reader.expect_map(node, "design", "write 'design:' followed by indented keys, or remove it")) return;
  Values values;
  std::vector<ThemeFile> themes;
  apply_theme(node, reader, file, themes, values);
  flatten(node, "", true, values);
  values.erase("theme");
  ConfigNode translated;
  Translator t{values, reader, file, translated};
  t.folder_fonts = fonts_in_folder(beside_cv(file, "fonts").string(), reader.font_file_facts);
  if (auto body = points(t.text_of("typography.font_size.body"), 10)) t.body = *body;
  for (const auto& [path, value] : values) {
    Outcome outcome = Outcome::NoEquivalent;
    if (const Handler* handler = find_handler(path)) outcome = (*handler)(path, value, t);
    else if (auto flag = role_flag(path))
      outcome = t.copy(value, {*flag});  // small capitals: the font's own, else made from capitals
    if (outcome == Outcome::NoEquivalent && value.from_user)
      reader.diags.ignored_setting(value.key_span, fmt::format("design.{} has no equivalent in hanji and is ignored", path),
                           {"hanji's own layout values (page, styles, entry, ...) can be set under 'layout:'"});
  }
  // RenderCV prints a publication's DOI bare ("10.1234/..."), linked to doi.org.
  *node_at(translated, "entry.doi_prefix", node.span) = ConfigNode{ConfigNode::Kind::Scalar, "", {}, {}, {}, node.span};
  merge_missing(file.layout_overrides, translated);
}

std::vector<std::string> rendercv_theme_names(const std::string& layouts_dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> names;
  std::error_code ec;
  const fs::path dir = fs::path(layouts_dir_or_default(layouts_dir)) / "rendercv";
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".yaml" && it->is_regular_file(ec)) names.push_back(it->path().stem().string());
  std::sort(names.begin(), names.end());  // directory order is not deterministic
  return names;
}

std::vector<std::string> honoured_design_options() {
  std::vector<std::string> out;
  for (const auto& [path, handler] : handlers()) out.emplace_back(path);
  for (const auto& [role, style] : kRoles) {
    out.push_back(fmt::format("typography.small_caps.{}", role));
    out.push_back(fmt::format("typography.bold.{}", role));
  }
  return out;
}

}  // namespace hanji::readers
