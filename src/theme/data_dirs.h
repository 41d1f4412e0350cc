// Private to the layout module: the layouts a data directory holds.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "core/core.h"
#include "core/files.h"

namespace hanji::theme {

/// The *.yaml file stems in `layouts_dir`, sorted (directory order is not deterministic).
std::vector<std::string> layout_names(const std::string& layouts_dir);

/// What a layout file must be: a regular .yaml file (through links too) of at most
/// limits::kMaxLayoutBytes that starts with a layout's key.
const FileKind& layout_file_kind();

/// The layout file at `path` as a tree, or nullopt with an error at `named_at` (where it is
/// named, if known) that never quotes a file that is not a layout.
std::optional<config::ConfigNode> read_layout_file(const std::string& path, const Span& named_at, Diagnostics& diags);

}  // namespace hanji::theme
