// Where hanji's layouts/ and fonts/ are, and which layouts exist.
#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "theme/data_dirs.h"
#include "theme/theme.h"

namespace hanji::theme {
namespace fs = std::filesystem;
namespace {

bool is_data_dir(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir / "layouts", ec) && fs::is_directory(dir / "fonts", ec);
}

DataDirs dirs_in(const fs::path& dir) {
  return DataDirs{(dir / "layouts").lexically_normal().string(), (dir / "fonts").lexically_normal().string(),
                  (dir / "locales").lexically_normal().string(), {}};
}

// The running program's directory. Without a slash argv0 was found on $PATH, so ask the
// kernel where the binary is instead of guessing.
fs::path executable_dir(const std::string& argv0) {
  std::error_code ec;
  fs::path exe = argv0.find('/') != std::string::npos ? fs::path(argv0) : fs::read_symlink("/proc/self/exe", ec);
  if (exe.empty() || ec) return {};
  fs::path resolved = fs::weakly_canonical(fs::absolute(exe, ec), ec);
  return ec ? fs::path() : resolved.parent_path();
}

// From the executable's directory upwards: a directory holding layouts/ and fonts/ (the
// source or build tree), or <prefix>/share/hanji (an installed copy, binary in <prefix>/bin).
std::optional<fs::path> search_upwards(fs::path dir) {
  while (!dir.empty()) {
    if (is_data_dir(dir)) return dir;
    if (is_data_dir(dir / "share" / "hanji")) return dir / "share" / "hanji";
    if (dir == dir.root_path() || dir.parent_path() == dir) break;
    dir = dir.parent_path();
  }
  return std::nullopt;
}

}  // namespace

DataDirs find_data_dirs(const std::string& argv0) {
  if (const char* env = std::getenv("HANJI_DATA_DIR"); env != nullptr && *env != '\0') return dirs_in(env);
  if (auto found = search_upwards(executable_dir(argv0))) return dirs_in(*found);
  return dirs_in(HANJI_SOURCE_DATA_DIR);
}

std::string user_layouts_dir() { return user_config_folder("layouts"); }

std::vector<std::string> layout_search_dirs(const std::string& cv_path) {
  std::vector<std::string> dirs;
  const fs::path folder = fs::path(cv_path).parent_path();
  dirs.push_back(folder.empty() ? "." : folder.string());
  dirs.push_back((folder.empty() ? fs::path("layouts") : folder / "layouts").string());
  if (std::string user = user_layouts_dir(); !user.empty()) dirs.push_back(user);
  return dirs;
}

std::vector<std::string> layout_names(const std::string& layouts_dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(layouts_dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".yaml" && it->is_regular_file(ec)) names.push_back(it->path().stem().string());
  std::sort(names.begin(), names.end());  // directory order is not deterministic
  return names;
}

std::vector<LayoutInfo> list_layouts(const DataDirs& dirs, Diagnostics& diags) {
  std::vector<LayoutInfo> layouts;
  std::vector<std::string> folders = dirs.user_layouts;
  folders.push_back(dirs.layouts);
  for (const auto& folder : folders)
    for (const auto& name : layout_names(folder)) {
      // A user's layout named like a built-in one replaces it: only the first is listed.
      if (std::any_of(layouts.begin(), layouts.end(), [&](const LayoutInfo& l) { return l.name == name; })) continue;
      const std::string path = (fs::path(folder) / (name + ".yaml")).string();
      // As when a CV names it: a file there that is no layout is passed over, unquoted.
      std::string refusal;
      if (!read_data_file(path, layout_file_kind(), refusal)) {
        diags.warning(Span{path, 0, 0}, "passed over as a layout: it " + refusal,
                      {"rename it if it is not meant as a layout, or fix it if it is"});
        continue;
      }
      auto config = read_layout_file(path, Span{}, diags);
      LayoutInfo info{name, "", path};
      if (config && config->kind == config::ConfigNode::Kind::Map)
        for (size_t i = 0; i < config->keys.size() && i < config->children.size(); ++i)
          if (config->keys[i] == "description") info.description = config->children[i].scalar;
      layouts.push_back(std::move(info));
    }
  std::sort(layouts.begin(), layouts.end(), [](const LayoutInfo& a, const LayoutInfo& b) { return a.name < b.name; });
  return layouts;
}

}  // namespace hanji::theme
