// Private to the layout module: applying one configuration tree (a layout file or the CV's
// `layout:` overrides) to a Theme, checked against the parameter registry.
#pragma once

#include <optional>
#include <string>

#include "core/core.h"
#include "layout/layout.h"
#include "config/config.h"

namespace hanji::layout {

/// Where a tree came from: a layout file may also say `description` and `extends`.
enum class ConfigOrigin { LayoutFile, CvOverrides };

/// Stores every value of the Map `root` into `theme`. Unknown keys, wrong types and missing
/// font files are errors at their location; valid values are applied even when others fail,
/// so one run reports every problem.
void apply_config(const config::ConfigNode& root, ConfigOrigin origin, const DataDirs& dirs, Theme& theme,
                  Diagnostics& diags);

/// Finds a font file: `name` as an absolute path, else relative to the directory of the file
/// that names it (span.file), else in `fonts_dir`. Checks that it is a TrueType font and
/// returns its absolute path; errors name the file and where hanji looked.
std::optional<std::string> resolve_font_file(const std::string& name, const Span& span, const std::string& fonts_dir,
                                             Diagnostics& diags);

}  // namespace hanji::layout
