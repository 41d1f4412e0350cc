// Finding and checking the fonts a layout names: a file (next to the layout, or in fonts/),
// else a family installed on the machine (through fontconfig).
#include <filesystem>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "core/files.h"
#include "theme/apply.h"
#include "theme/system_fonts.h"
#include "theme/values.h"

namespace hanji::theme {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kTrueTypeOnly =
    "libharu embeds TrueType fonts with glyf outlines only; use the .ttf version of the font";

// What the first four bytes of a font file say it is.
enum class FontFormat { TrueType, Cff, Collection, WebFont, Unknown };

FontFormat sniff_font_format(const fs::path& path) {
  std::string error;
  std::optional<std::string> head = read_file_head(path.string(), 4, error);  // never blocks on a FIFO
  if (!head || head->size() < 4) return FontFormat::Unknown;
  std::string_view t(*head);
  if (t == std::string_view("\0\1\0\0", 4) || t == "true") return FontFormat::TrueType;
  if (t == "OTTO") return FontFormat::Cff;
  if (t == "ttcf") return FontFormat::Collection;
  if (t == "wOFF" || t == "wOF2") return FontFormat::WebFont;
  return FontFormat::Unknown;
}

// Rejects by extension before looking for the file, so `MyFont.otf` gets the useful
// message even when the file is elsewhere.
bool has_unsupported_extension(const std::string& name, const Span& span, Diagnostics& diags) {
  std::string ext = ascii_lower(fs::path(name).extension().string());
  if (ext == ".otf") {
    diags.error(span, "font '" + name + "' is an OpenType/CFF (.otf) font, which hanji cannot embed",
                {std::string(kTrueTypeOnly)});
    return true;
  }
  if (ext == ".ttc" || ext == ".otc") {
    diags.error(span, "font '" + name + "' is a font collection (" + ext + "), which hanji cannot embed",
                {std::string(kTrueTypeOnly) + " (one face per file)"});
    return true;
  }
  if (ext == ".woff" || ext == ".woff2") {
    diags.error(span, "font '" + name + "' is a web font (" + ext + ")", {std::string(kTrueTypeOnly)});
    return true;
  }
  return false;
}

bool check_format(const fs::path& path, const std::string& name, const Span& span, Diagnostics& diags) {
  switch (sniff_font_format(path)) {
    case FontFormat::TrueType: return true;
    case FontFormat::Cff:
      diags.error(span, "font '" + name + "' has CFF (PostScript) outlines, which hanji cannot embed",
                  {std::string(kTrueTypeOnly)});
      return false;
    case FontFormat::Collection:
      diags.error(span, "font '" + name + "' is a font collection",
                  {std::string(kTrueTypeOnly) + " (one face per file)"});
      return false;
    case FontFormat::WebFont:
      diags.error(span, "font '" + name + "' is a web font (WOFF)", {std::string(kTrueTypeOnly)});
      return false;
    case FontFormat::Unknown:
      diags.error(span, fmt::format("'{}' is not a TrueType font file", path.string()),
                  {"name a TrueType (.ttf) font file"});
      return false;
  }
  return false;
}

std::vector<fs::path> candidate_dirs(const Span& span, const std::string& fonts_dir) {
  std::vector<fs::path> dirs;
  if (!span.file.empty()) dirs.push_back(fs::absolute(fs::path(span.file)).parent_path());
  if (!fonts_dir.empty()) dirs.push_back(fs::absolute(fs::path(fonts_dir)));
  return dirs;
}

// A path or a name with a font file's extension names a file; anything else may also be a
// family installed on the machine.
bool names_a_file(const std::string& name) {
  return name.find('/') != std::string::npos || ascii_lower(fs::path(name).extension().string()) == ".ttf";
}

// The file exists: it must be a readable TrueType font.
std::optional<std::string> checked_font_file(const fs::path& path, const std::string& name, const Span& span,
                                             Diagnostics& diags) {
  // A FIFO would block the font loader, a folder or a link to /etc/shadow is no font, and
  // an unreadable file must be called unreadable, not "no font".
  std::string error;
  if (!probe_data_file(path.string(), font_file_kind(), error)) {
    diags.error(span, fmt::format("font '{}' {}", path.lexically_normal().string(), error),
                {error.starts_with("cannot be read") ? "check the file's permissions: hanji must be able to read it"
                                                      : "name a TrueType (.ttf) font file"});
    return std::nullopt;
  }
  if (!check_format(path, name, span, diags)) return std::nullopt;
  return path.lexically_normal().string();
}

// The font loader takes the first face of a TrueType file with glyf outlines.
bool embeddable(const InstalledFace& face) {
  const std::string ext = ascii_lower(fs::path(face.file).extension().string());
  return face.format == "TrueType" && face.index == 0 && ext != ".ttc" && ext != ".otc";
}

std::string truetype_alternative(const std::string& family, SystemFonts& system_fonts) {
  std::vector<std::string> names;
  for (const InstalledFamily& f : system_fonts.families())
    if (f.embeddable) names.push_back(f.name);
  std::vector<std::string> nearest = nearest_matches(family, names, 1);
  return nearest.empty() ? "install a TrueType (.ttf) version of it, or put one in fonts/ and name the file"
                         : fmt::format("a TrueType family installed here: \"{}\"", nearest.front());
}

// fontconfig found the family, but only as a face the font loader cannot take.
void report_unembeddable(const InstalledFace& face, const std::string& name, const Span& span,
                         SystemFonts& system_fonts, Diagnostics& diags) {
  const std::string ext = ascii_lower(fs::path(face.file).extension().string());
  const std::string family = excerpt(name);
  std::string message;
  if (face.index >> 16 != 0)
    message = fmt::format("font family '{}' is installed as a named instance of the variable font {}: hanji draws "
                          "only a font's default instance",
                          family, face.file);
  else if (face.index != 0 || ext == ".ttc" || ext == ".otc")
    message = fmt::format("font family '{}' is installed as face {} of the font collection {}: hanji takes only "
                          "a font file that holds one face",
                          family, face.index, face.file);
  else
    message = fmt::format("font family '{}' is installed as {}, which has {} outlines: hanji embeds TrueType (glyf) "
                          "outlines only",
                          family, face.file, face.format.empty() ? std::string("unknown") : face.format);
  diags.error(span, std::move(message), {std::string(kTrueTypeOnly), truetype_alternative(name, system_fonts)});
}

void report_not_found(const std::string& name, const Span& span, const std::string& looked, SystemFonts& system_fonts,
                      Diagnostics& diags) {
  std::vector<std::string> names;
  for (const InstalledFamily& f : system_fonts.families()) names.push_back(f.name);
  std::vector<std::string> hints{"no font file of that name in " + looked + ", and no installed font family of that name"};
  if (std::string guess = closest_match(name, names); !guess.empty()) hints.push_back("did you mean \"" + guess + "\"?");
  std::string nearest;
  for (const std::string& n : nearest_matches(name, names, 4)) nearest += (nearest.empty() ? "\"" : ", \"") + n + "\"";
  hints.push_back(names.empty() ? "fontconfig lists no installed fonts: put a .ttf file in fonts/ or next to the layout"
                                : "installed families nearest to it: " + nearest + " (`fc-list : family` lists them all)");
  diags.error(span, "font '" + excerpt(name) + "' not found", std::move(hints));
}

// A family installed on the machine, in the slot's style.
std::optional<std::string> installed_font(const std::string& name, FontSlot slot, const Span& span,
                                          const std::string& looked, SystemFonts& system_fonts, Diagnostics& diags) {
  const FontQuery query{name, slot.bold, slot.italic};
  std::optional<InstalledFace> face = system_fonts.find(query);
  if (!face) {
    report_not_found(name, span, looked, system_fonts, diags);
    return std::nullopt;
  }
  if (!embeddable(*face)) {
    std::optional<InstalledFace> truetype = system_fonts.find_truetype(query);
    if (!truetype) {
      report_unembeddable(*face, name, span, system_fonts, diags);
      return std::nullopt;
    }
    face = truetype;
  }
  std::optional<std::string> path = checked_font_file(fs::path(face->file), name, span, diags);
  if (path && ((slot.bold && !face->bold) || (slot.italic && !face->italic)))
    diags.warning(span,
                  fmt::format("font family '{}' has no {} face; its {} face ({}) is used", face->family,
                              slot.bold && slot.italic ? "bold italic" : slot.bold ? "bold" : "italic",
                              face->style.empty() ? "closest" : face->style, fs::path(*path).filename().string()),
                  {"name a family or a .ttf file that has such a face"});
  return path;
}

}  // namespace

FontSlot font_slot(std::string_view key) {
  if (key.ends_with(".bold_italic")) return {true, true};
  if (key.ends_with(".bold")) return {true, false};
  if (key.ends_with(".italic")) return {false, true};
  return {};
}

std::optional<std::string> resolve_font_file(const std::string& name, FontSlot slot, const Span& span,
                                             const std::string& fonts_dir, SystemFonts& system_fonts,
                                             Diagnostics& diags) {
  if (name.empty()) {
    diags.error(span, "empty font name",
                {"name a .ttf file, e.g. NanumBarunGothic.ttf, or an installed font family, e.g. \"DejaVu Serif\""});
    return std::nullopt;
  }
  if (has_unsupported_extension(name, span, diags)) return std::nullopt;
  fs::path given(name);
  std::vector<fs::path> dirs = given.is_absolute() ? std::vector<fs::path>{} : candidate_dirs(span, fonts_dir);
  std::vector<fs::path> candidates;
  if (given.is_absolute()) candidates.push_back(given);
  for (const auto& dir : dirs) candidates.push_back(dir / given);
  std::error_code ec;
  for (const auto& path : candidates)
    if (fs::exists(fs::status(path, ec))) return checked_font_file(path, name, span, diags);
  std::string looked;
  for (const auto& dir : dirs) looked += (looked.empty() ? "" : ", ") + dir.lexically_normal().string();
  if (!names_a_file(name)) return installed_font(name, slot, span, looked, system_fonts, diags);
  diags.error(span, "font file '" + name + "' not found",
              {given.is_absolute() ? "check the path" : "looked in " + looked,
               "a font may also be named by an installed family, such as \"DejaVu Serif\" (`fc-list : family`)"});
  return std::nullopt;
}

std::optional<std::vector<std::string>> resolve_font_family(const std::string& name, const Span& span,
                                                            const std::string& fonts_dir, SystemFonts& system_fonts,
                                                            Diagnostics& diags) {
  std::optional<std::string> regular = resolve_font_file(name, FontSlot{}, span, fonts_dir, system_fonts, diags);
  if (!regular) return std::nullopt;
  std::vector<std::string> faces{*regular};
  // A file (found by its name, beside the file that names it or in fonts/) is one face.
  if (names_a_file(name) || fs::path(*regular).filename() == fs::path(name).filename()) return faces;
  for (const FontSlot slot : {FontSlot{true, false}, FontSlot{false, true}, FontSlot{true, true}}) {
    const FontQuery query{name, slot.bold, slot.italic};
    std::optional<InstalledFace> face = system_fonts.find(query);
    if (face && !embeddable(*face)) face = system_fonts.find_truetype(query);
    const bool fits = face && face->bold == slot.bold && face->italic == slot.italic;
    faces.push_back(fits ? fs::path(face->file).lexically_normal().string() : std::string());
  }
  while (faces.back().empty()) faces.pop_back();
  return faces;
}

}  // namespace hanji::theme
