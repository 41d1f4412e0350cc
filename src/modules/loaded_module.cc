#include "modules/loaded_module.h"

#include <dlfcn.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace hanji::modules {

namespace fs = std::filesystem;

void LoadedModule::Closer::operator()(void* handle) const { dlclose(handle); }

void* LoadedModule::address_of(const char* symbol) const { return dlsym(handle_.get(), symbol); }

std::vector<std::string> module_folders() {
  std::vector<std::string> folders;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    folders.push_back(self.parent_path().string());
    folders.push_back((self.parent_path() / ".." / HANJI_INSTALL_MODULE_DIR).lexically_normal().string());
  }
  if (std::find(folders.begin(), folders.end(), HANJI_BUILD_MODULE_DIR) == folders.end())
    folders.push_back(HANJI_BUILD_MODULE_DIR);
  return folders;
}

std::optional<LoadedModule> LoadedModule::open(const std::string& name, std::string& error) {
  const std::string file = name + ".so";
  std::string looked;
  for (const std::string& folder : module_folders()) {
    const fs::path candidate = fs::path(folder) / file;
    std::error_code ec;
    if (!fs::is_regular_file(candidate, ec)) {
      looked += (looked.empty() ? "" : ", ") + folder;
      continue;
    }
    // RTLD_LOCAL: its libraries' symbols stay its own and cannot stand in for hanji's.
    if (void* handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL))
      return LoadedModule(handle, candidate.string());
    const char* why = dlerror();
    error = "the module " + candidate.string() + " cannot be loaded: " + (why ? why : "unknown error");
    return std::nullopt;
  }
  error = "the module " + file + " is missing (looked in " + looked + ")";
  return std::nullopt;
}

}  // namespace hanji::modules
