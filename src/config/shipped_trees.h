// The layouts and locales hanji ships, parsed when hanji was built (see prebuilt.h). Defined
// in shipped_trees.cc, which prebuild_trees writes into the build folder from layouts/*.yaml
// and locales/*.yaml (library hanji_shipped_trees).
#pragma once

#include <span>

#include "config/prebuilt.h"

namespace hanji::config {

std::span<const PrebuiltTree> shipped_trees();

}  // namespace hanji::config
