// Private to the layout module: applying one configuration tree (a layout file or the CV's
// `layout:` overrides) to a Theme, checked against the parameter registry.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.h"
#include "theme/theme.h"
#include "config/config.h"
#include "theme/system_fonts.h"

namespace hanji::theme {

/// Where a tree came from: a layout file may also say `description` and `extends`.
enum class ConfigOrigin { LayoutFile, CvOverrides };

/// Stores every value of the Map `root` into `theme`. Unknown keys, wrong types and missing
/// font files are errors at their location; valid values are applied even when others fail,
/// so one run reports every problem.
/// `system_fonts` finds fonts named by family.
void apply_config(const config::ConfigNode& root, ConfigOrigin origin, const DataDirs& dirs,
                  SystemFonts& system_fonts, Theme& theme, Diagnostics& diags);

/// The style a font parameter's slot wants of a family: `fonts.latin.bold` its bold face.
struct FontSlot {
  bool bold = false;
  bool italic = false;
};
FontSlot font_slot(std::string_view key);

/// Finds a font file: `name` as an absolute path, else relative to the directory of the file
/// that names it (span.file), else in `fonts_dir`; else, for a name that is no file name
/// ("DejaVu Serif"), the installed family's face for `slot`, through fontconfig. Checks that
/// it is a TrueType font and returns its absolute path; errors name the file and where hanji
/// looked, or the installed families nearest to the name.
std::optional<std::string> resolve_font_file(const std::string& name, FontSlot slot, const Span& span,
                                             const std::string& fonts_dir, SystemFonts& system_fonts,
                                             Diagnostics& diags);

/// A role's Latin family (fonts.roles.*) named by one value: an installed family's regular,
/// bold, italic and bold italic faces (a style the family lacks is left empty and falls back
/// as fonts.latin's do, in silence: a role uses one or two of them), or a font file, which is
/// the regular face alone. Errors as resolve_font_file's for the regular face.
std::optional<std::vector<std::string>> resolve_font_family(const std::string& name, const Span& span,
                                                            const std::string& fonts_dir, SystemFonts& system_fonts,
                                                            Diagnostics& diags);

}  // namespace hanji::theme
