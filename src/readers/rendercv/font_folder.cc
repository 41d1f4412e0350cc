// The fonts of a RenderCV project: a `fonts/` folder beside the CV, where RenderCV finds the
// families its design names. Each file's family and style come from its own tables (`name`,
// `OS/2`, `head`), which the text module reads through HarfBuzz and the engine hands over as
// plain data (ReadOptions::font_file_facts). The theme module then loads the chosen files by
// their paths.
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

// Family names compare as fontconfig and Typst compare them: ASCII case and spaces ignored.
std::string family_key(std::string_view name) {
  std::string key;
  for (char c : name)
    if (c != ' ') key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
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

std::vector<FolderFace> fonts_in_folder(
    const std::string& dir, const std::function<std::optional<FontFileFacts>(const std::string& path)>& read) {
  std::error_code ec;
  if (!read || dir.empty() || !fs::is_directory(dir, ec)) return {};
  std::vector<fs::path> files;
  collect(dir, 1, files);
  std::vector<FolderFace> faces;
  for (const fs::path& file : files) {
    std::optional<FontFileFacts> facts = read(file.string());
    if (!facts) continue;  // no font hanji can read tables from
    FolderFace face;
    face.path = fs::absolute(file).lexically_normal().string();
    for (const std::string& family : facts->families) {
      // Keys: what a CV writes is matched ignoring ASCII case and spaces.
      std::string key = family_key(family);
      if (!key.empty() && std::find(face.families.begin(), face.families.end(), key) == face.families.end())
        face.families.push_back(std::move(key));
    }
    face.truetype = facts->truetype;
    face.italic = facts->italic;
    face.weight = facts->weight;
    faces.push_back(std::move(face));
  }
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
