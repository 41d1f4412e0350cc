// Finding and checking the font files a layout names.
#include <filesystem>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "core/files.h"
#include "layout/apply.h"
#include "layout/values.h"

namespace hanji::layout {
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

}  // namespace

std::optional<std::string> resolve_font_file(const std::string& name, const Span& span, const std::string& fonts_dir,
                                             Diagnostics& diags) {
  if (name.empty()) {
    diags.error(span, "empty font file name", {"name a .ttf file, e.g. NanumBarunGothic.ttf"});
    return std::nullopt;
  }
  if (has_unsupported_extension(name, span, diags)) return std::nullopt;
  fs::path given(name);
  std::vector<fs::path> dirs = given.is_absolute() ? std::vector<fs::path>{} : candidate_dirs(span, fonts_dir);
  std::vector<fs::path> candidates;
  if (given.is_absolute()) candidates.push_back(given);
  for (const auto& dir : dirs) candidates.push_back(dir / given);
  std::error_code ec;
  for (const auto& path : candidates) {
    if (!fs::exists(fs::status(path, ec))) continue;
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
  std::string looked;
  for (const auto& dir : dirs) looked += (looked.empty() ? "" : ", ") + dir.lexically_normal().string();
  diags.error(span, "font file '" + name + "' not found",
              {given.is_absolute() ? "check the path" : "looked in " + looked});
  return std::nullopt;
}

}  // namespace hanji::layout
