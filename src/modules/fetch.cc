#include "modules/fetch.h"

#include <memory>

#include "modules/loaded_module.h"
#include "modules/module_abi.h"

namespace hanji::modules {

std::optional<std::string> fetch(const std::string& url, const FetchLimits& limits, std::string& error) {
  std::optional<LoadedModule> module = LoadedModule::open("hanji-fetch", error);
  if (!module) return std::nullopt;
  auto download = module->function<HanjiFetchFn>("hanji_fetch");
  auto release = module->function<HanjiFetchFreeFn>("hanji_fetch_free");
  if (!download || !release) {
    error = "the module " + module->path() + " is not hanji's fetch module (it lacks hanji_fetch)";
    return std::nullopt;
  }
  const HanjiFetchLimits c_limits{limits.max_redirects, limits.max_bytes, limits.max_milliseconds};
  HanjiFetchResult result{};
  download(url.c_str(), &c_limits, &result);
  // The body is the module's: copied, then given back before the module closes.
  auto give_back = [release](HanjiFetchResult* r) { release(r); };
  std::unique_ptr<HanjiFetchResult, decltype(give_back)> owned(&result, give_back);
  if (!result.ok) {
    error = result.error;
    return std::nullopt;
  }
  return std::string(result.body, result.body_size);
}

}  // namespace hanji::modules
