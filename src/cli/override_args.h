// cli: the command line's values for the CV file (`--set cv.phone=...`, and RenderCV's own
// spelling `--cv.phone ...`), as overrides the reader puts into the file before reading it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "readers/source.h"

namespace hanji::cli {

/// Reads the override at args[i] (and its value after it, moving `i` past it): nullopt when
/// args[i] is no override option; true when one was added to `overrides`; false, with `error`
/// filled, when it is one but malformed (no KEY=VALUE, a key with an empty part, no value).
std::optional<bool> parse_override(const std::vector<std::string>& args, std::size_t& i,
                                   std::vector<readers::Override>& overrides, std::string& error);

}  // namespace hanji::cli
