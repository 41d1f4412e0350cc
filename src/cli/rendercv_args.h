// cli: RenderCV's `rendercv render` flags, as `hanji render` takes them. Each becomes what hanji
// already has: a path or a dont_generate_* flag becomes the CV file's settings.render_command
// key of that name (set from the command line, as RenderCV's flags set them), so that the
// reader that resolves a CV file's own output paths resolves these too; --watch is hanji's
// watch; --design, --locale-catalog and --settings are files read before the CV's.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hanji::cli {

struct Options;

/// Reads the RenderCV flag at args[i] (and its value, moving `i` past it) into `opt`: nullopt
/// when args[i] is none of them; true when taken; false, with `error` filled, when its value
/// is missing.
std::optional<bool> parse_rendercv_flag(const std::vector<std::string>& args, std::size_t& i, Options& opt,
                                        std::string& error);

}  // namespace hanji::cli
