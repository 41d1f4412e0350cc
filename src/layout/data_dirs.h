// Private to the layout module: the layouts a data directory holds.
#pragma once

#include <string>
#include <vector>

namespace hanji::layout {

/// The *.yaml file stems in `layouts_dir`, sorted (directory order is not deterministic).
std::vector<std::string> layout_names(const std::string& layouts_dir);

}  // namespace hanji::layout
