// The fonts of a RenderCV project: a `fonts/` folder beside the CV, where RenderCV finds the
// families its design names. Each file's family and style come from its own tables (`name`,
// `OS/2`, `head`), read here with bounds checked at every step: the files are the user's,
// and may be anything. The layout module then loads the chosen files by their paths.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "readers/reader.h"

namespace hanji::readers {

namespace {

namespace fs = std::filesystem;

// A folder of fonts is a handful of families; more files than this are not looked at.
constexpr std::size_t kMaxFolderFonts = 256;
constexpr int kMaxFolderDepth = 3;

// Big-endian reads that answer 0 past the end (a truncated table reads as empty).
struct Bytes {
  std::string_view data;
  std::uint32_t u16(std::size_t at) const {
    if (at + 2 > data.size()) return 0;
    return static_cast<std::uint32_t>(static_cast<unsigned char>(data[at]) << 8 | static_cast<unsigned char>(data[at + 1]));
  }
  std::uint32_t u32(std::size_t at) const { return u16(at) << 16 | u16(at + 2); }
};

// The table `tag` of the font, or an empty view when it has none (or it lies outside the file).
std::string_view table(const Bytes& font, std::string_view tag) {
  const std::uint32_t count = std::min<std::uint32_t>(font.u16(4), 512);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::size_t record = 12 + 16 * static_cast<std::size_t>(i);
    if (record + 16 > font.data.size()) break;
    if (font.data.substr(record, 4) != tag) continue;
    const std::size_t offset = font.u32(record + 8), length = font.u32(record + 12);
    if (offset > font.data.size() || length > font.data.size() - offset) return {};
    return font.data.substr(offset, length);
  }
  return {};
}

// Family names compare as fontconfig and Typst compare them: ASCII case and spaces ignored.
std::string family_key(std::string_view name) {
  std::string key;
  for (char c : name)
    if (c != ' ') key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

// The family names (name IDs 1 and 16) a font gives in Windows (UTF-16) or Mac (Roman) records,
// keys only: ASCII letters are all a family name needs to be matched by what a CV writes.
std::vector<std::string> family_keys(const Bytes& font) {
  const Bytes names{table(font, "name")};
  const std::size_t count = std::min<std::uint32_t>(names.u16(2), 1024), strings = names.u16(4);
  std::vector<std::string> keys;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t record = 6 + 12 * i;
    if (record + 12 > names.data.size()) break;
    const std::uint32_t platform = names.u16(record), id = names.u16(record + 6);
    if ((id != 1 && id != 16) || (platform != 1 && platform != 3)) continue;
    const std::size_t length = names.u16(record + 8), offset = strings + names.u16(record + 10);
    if (offset > names.data.size() || length > names.data.size() - offset) continue;
    std::string text;
    const std::size_t step = platform == 3 ? 2 : 1;  // UTF-16BE: the low byte of each unit
    for (std::size_t k = step - 1; k < length; k += step) {
      const char c = names.data[offset + k];
      if (step == 2 && names.data[offset + k - 1] != 0) text += '?';  // beyond Latin-1: no ASCII match
      else text += c;
    }
    std::string key = family_key(text);
    if (!key.empty() && std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(std::move(key));
  }
  return keys;
}

// What a font file holds, as far as choosing it for a slot goes; nullopt for a file that is
// no font hanji can read tables from.
std::optional<FolderFace> read_face(const fs::path& path) {
  std::string error;
  std::optional<MappedFile> mapped = map_data_file(path.string(), font_file_kind(), error);
  if (!mapped) return std::nullopt;
  const Bytes font{std::string_view(mapped->data(), mapped->size())};
  const std::string_view magic = font.data.substr(0, 4);
  FolderFace face;
  face.path = fs::absolute(path).lexically_normal().string();
  face.truetype = magic == std::string_view("\0\1\0\0", 4) || magic == "true";
  if (!face.truetype && magic != "OTTO") return std::nullopt;  // a collection or a web font
  face.families = family_keys(font);
  const Bytes os2{table(font, "OS/2")}, head{table(font, "head")};
  const std::uint32_t mac_style = head.u16(44);
  face.italic = (os2.u16(62) & 0x201) != 0 || (mac_style & 2) != 0;  // italic or oblique
  face.weight = static_cast<int>(os2.u16(4));
  if (face.weight == 0) face.weight = (mac_style & 1) ? 700 : 400;
  return face;
}

void collect(const fs::path& dir, int depth, std::vector<fs::path>& files) {
  std::error_code ec;
  std::vector<fs::path> entries;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end && entries.size() < 4 * kMaxFolderFonts;
       it.increment(ec))
    entries.push_back(it->path());
  std::sort(entries.begin(), entries.end());  // directory order is not deterministic
  for (const fs::path& entry : entries) {
    if (files.size() >= kMaxFolderFonts) return;
    if (fs::is_directory(fs::symlink_status(entry, ec))) {
      if (depth < kMaxFolderDepth) collect(entry, depth + 1, files);
    } else if (has_extension(entry.string(), {".ttf", ".otf"})) {
      files.push_back(entry);
    }
  }
}

// The face of `faces` nearest to the slot: the slant asked for, then the weight nearest.
const FolderFace* nearest(const std::vector<const FolderFace*>& faces, bool italic, int weight) {
  const FolderFace* best = nullptr;
  for (const FolderFace* face : faces) {
    if (face->italic != italic) continue;
    if (!best || std::abs(face->weight - weight) < std::abs(best->weight - weight)) best = face;
  }
  return best;
}

}  // namespace

std::vector<FolderFace> fonts_in_folder(const std::string& dir) {
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return {};
  std::vector<fs::path> files;
  collect(dir, 1, files);
  std::vector<FolderFace> faces;
  for (const fs::path& file : files)
    if (std::optional<FolderFace> face = read_face(file)) faces.push_back(std::move(*face));
  return faces;
}

std::optional<FolderFamily> family_in_folder(const std::vector<FolderFace>& faces, std::string_view family) {
  const std::string key = family_key(family);
  std::vector<const FolderFace*> truetype;
  FolderFamily found;
  for (const FolderFace& face : faces) {
    if (std::find(face.families.begin(), face.families.end(), key) == face.families.end()) continue;
    if (face.truetype) truetype.push_back(&face);
    else if (found.cff_only.empty()) found.cff_only = face.path;
  }
  if (truetype.empty()) {
    if (found.cff_only.empty()) return std::nullopt;
    return found;  // only as OpenType/CFF: said by the caller
  }
  found.cff_only.clear();
  const FolderFace* regular = nearest(truetype, false, 400);
  if (!regular) regular = nearest(truetype, true, 400);  // a family of italics only
  const FolderFace* bold = nearest(truetype, false, 700);
  const FolderFace* italic = nearest(truetype, true, 400);
  const FolderFace* bold_italic = nearest(truetype, true, 700);
  found.regular = regular->path;
  found.bold = bold && bold->weight >= 600 ? bold->path : "";
  found.italic = italic ? italic->path : "";
  found.bold_italic = bold_italic && bold_italic->weight >= 600 ? bold_italic->path : "";
  return found;
}

}  // namespace hanji::readers
