// modules: a shared module of hanji's own (hanji-phone.so, hanji-fetch.so), opened with dlopen
// when a CV first needs it and closed when the handle goes (see module_abi.h for why).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hanji::modules {

class LoadedModule {
 public:
  /// Opens NAME.so from the folders module_folders() lists, in order; nullopt with `error`
  /// naming the module and where it was looked for when none has it (or it cannot be loaded).
  static std::optional<LoadedModule> open(const std::string& name, std::string& error);

  /// The function `symbol` of the module, as type Fn; null when the module lacks it.
  template <typename Fn>
  Fn function(const char* symbol) const {
    return reinterpret_cast<Fn>(address_of(symbol));
  }

  const std::string& path() const { return path_; }

 private:
  struct Closer {
    void operator()(void* handle) const;
  };
  LoadedModule(void* handle, std::string path) : handle_(handle), path_(std::move(path)) {}
  void* address_of(const char* symbol) const;

  std::unique_ptr<void, Closer> handle_;
  std::string path_;
};

/// Where modules are looked for: beside the running program (the build tree), then where
/// `cmake --install` puts them (BINDIR/../LIBDIR/hanji), then the build tree's top folder (for
/// the tests, whose programs live in a folder below it).
std::vector<std::string> module_folders();

}  // namespace hanji::modules
