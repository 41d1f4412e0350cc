// Installed fonts through fontconfig: a family and a slot's style to a face's file.
#include "theme/system_fonts.h"

#include <fontconfig/fontconfig.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <string_view>

namespace hanji::theme {
namespace {

struct PatternRelease {
  void operator()(FcPattern* pattern) const { FcPatternDestroy(pattern); }
};
struct ObjectSetRelease {
  void operator()(FcObjectSet* set) const { FcObjectSetDestroy(set); }
};
struct FontSetRelease {
  void operator()(FcFontSet* set) const { FcFontSetDestroy(set); }
};
using Pattern = std::unique_ptr<FcPattern, PatternRelease>;
using ObjectSet = std::unique_ptr<FcObjectSet, ObjectSetRelease>;
using FontSet = std::unique_ptr<FcFontSet, FontSetRelease>;

const FcChar8* fc_text(const std::string& text) { return reinterpret_cast<const FcChar8*>(text.c_str()); }

std::string text_value(const FcPattern* pattern, const char* object, int n = 0) {
  FcChar8* value = nullptr;
  if (FcPatternGetString(pattern, object, n, &value) != FcResultMatch || !value) return {};
  return reinterpret_cast<const char*>(value);
}

int int_value(const FcPattern* pattern, const char* object, int fallback) {
  int value = fallback;
  return FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch ? value : fallback;
}

// Family names compare as fontconfig compares them: ASCII case and spaces ignored.
std::string family_key(std::string_view name) {
  std::string key;
  for (char c : name)
    if (c != ' ') key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

bool is_collection_file(const std::string& file) {
  std::string ext = file.size() >= 4 ? file.substr(file.size() - 4) : "";
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".ttc" || ext == ".otc";
}

// The family name of `face` that `wanted` names, or "" when none does.
std::string matching_family(const FcPattern* face, const std::string& wanted) {
  const std::string key = family_key(wanted);
  for (int n = 0;; ++n) {
    std::string family = text_value(face, FC_FAMILY, n);
    if (family.empty()) return {};
    if (family_key(family) == key) return family;
  }
}

}  // namespace

SystemFonts::SystemFonts() = default;
SystemFonts::~SystemFonts() = default;

void SystemFonts::ConfigRelease::operator()(FcConfig* config) const { FcConfigDestroy(config); }

FcConfig* SystemFonts::config() {
  if (!config_ && !tried_) {
    tried_ = true;
    // A configuration of its own (the system's files, $FONTCONFIG_FILE if set), not
    // fontconfig's process-wide current one.
    config_.reset(FcInitLoadConfigAndFonts());
  }
  return config_.get();
}

std::optional<InstalledFace> SystemFonts::match(const FontQuery& query, bool truetype_only) {
  FcConfig* fc = config();
  if (!fc || query.family.empty()) return std::nullopt;
  Pattern pattern(FcPatternCreate());
  if (!pattern) return std::nullopt;
  FcPatternAddString(pattern.get(), FC_FAMILY, fc_text(query.family));
  FcPatternAddInteger(pattern.get(), FC_WEIGHT, query.bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
  FcPatternAddInteger(pattern.get(), FC_SLANT, query.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
  FcPatternAddBool(pattern.get(), FC_SCALABLE, FcTrue);  // outlines: a bitmap font cannot be embedded
  if (truetype_only) FcPatternAddString(pattern.get(), FC_FONTFORMAT, fc_text("TrueType"));
  FcConfigSubstitute(fc, pattern.get(), FcMatchPattern);
  FcDefaultSubstitute(pattern.get());
  FcResult result = FcResultNoMatch;
  Pattern found(FcFontMatch(fc, pattern.get(), &result));
  if (!found || result != FcResultMatch) return std::nullopt;
  InstalledFace face;
  face.family = matching_family(found.get(), query.family);
  face.file = text_value(found.get(), FC_FILE);
  if (face.family.empty() || face.file.empty()) return std::nullopt;
  face.index = int_value(found.get(), FC_INDEX, 0);
  face.format = text_value(found.get(), FC_FONTFORMAT);
  describe_style(fc, face);
  return face;
}

// The face's own weight, slant and style name. The matched pattern may hold a synthetic
// style instead (fontconfig's standard configuration asks renderers to embolden or slant a
// face the family lacks), which hanji does not draw.
void SystemFonts::describe_style(FcConfig* fc, InstalledFace& face) {
  Pattern own(FcPatternCreate());
  ObjectSet objects(FcObjectSetBuild(FC_WEIGHT, FC_SLANT, FC_STYLE, static_cast<char*>(nullptr)));
  if (!own || !objects) return;
  FcPatternAddString(own.get(), FC_FILE, fc_text(face.file));
  FcPatternAddInteger(own.get(), FC_INDEX, face.index);
  FontSet listed(FcFontList(fc, own.get(), objects.get()));
  if (!listed || listed->nfont < 1) return;
  const FcPattern* described = listed->fonts[0];
  face.style = text_value(described, FC_STYLE);
  face.bold = int_value(described, FC_WEIGHT, FC_WEIGHT_REGULAR) >= FC_WEIGHT_DEMIBOLD;
  face.italic = int_value(described, FC_SLANT, FC_SLANT_ROMAN) != FC_SLANT_ROMAN;
}

std::optional<InstalledFace> SystemFonts::find(const FontQuery& query) { return match(query, false); }

std::optional<InstalledFace> SystemFonts::find_truetype(const FontQuery& query) {
  std::optional<InstalledFace> face = match(query, true);
  if (face && (face->format != "TrueType" || face->index != 0 || is_collection_file(face->file))) return std::nullopt;
  return face;
}

std::optional<bool> SystemFonts::installed(const std::string& family) {
  const FontQuery regular{family, false, false};
  std::optional<InstalledFace> face = find(regular);
  if (!face) return std::nullopt;
  if (face->format == "TrueType" && face->index == 0 && !is_collection_file(face->file)) return true;
  return find_truetype(regular).has_value();
}

std::vector<InstalledFamily> SystemFonts::families() {
  FcConfig* fc = config();
  if (!fc) return {};
  Pattern scalable(FcPatternCreate());
  if (scalable) FcPatternAddBool(scalable.get(), FC_SCALABLE, FcTrue);
  ObjectSet objects(FcObjectSetBuild(FC_FAMILY, FC_FONTFORMAT, FC_INDEX, FC_FILE, static_cast<char*>(nullptr)));
  if (!scalable || !objects) return {};
  FontSet fonts(FcFontList(fc, scalable.get(), objects.get()));
  if (!fonts) return {};
  std::map<std::string, bool> embeddable;  // sorted, each name once
  for (int i = 0; i < fonts->nfont; ++i) {
    const FcPattern* face = fonts->fonts[i];
    const bool usable = text_value(face, FC_FONTFORMAT) == "TrueType" && int_value(face, FC_INDEX, 0) == 0 &&
                        !is_collection_file(text_value(face, FC_FILE));
    for (int n = 0;; ++n) {
      std::string family = text_value(face, FC_FAMILY, n);
      if (family.empty()) break;
      embeddable[family] = embeddable[family] || usable;
    }
  }
  std::vector<InstalledFamily> out;
  for (const auto& [name, usable] : embeddable) out.push_back({name, usable});
  return out;
}

}  // namespace hanji::theme
