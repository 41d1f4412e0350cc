// cli: the JSON Resume project's command line (resume-cli: `resume export`, `init`, `validate`,
// with its --resume, --theme and --format), as hanji commands over hanji's own build, check and
// the starter CV, so that a JSON Resume user keeps the commands they know.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace hanji::cli {

struct Options;
class TempFiles;

/// The commands resume-cli has and hanji runs.
bool is_json_resume_command(std::string_view command);

/// Reads resume-cli's flag at args[i] (-t/--theme, -r/--resume, -f/--format, -F/--force) into
/// `opt`, moving `i` past its value: nullopt when args[i] is none of them; false, with `error`
/// filled, when its value is missing.
std::optional<bool> parse_json_resume_flag(const std::vector<std::string>& args, std::size_t& i, Options& opt,
                                           std::string& error);

/// The layout a JSON Resume theme's look is closest to: `theme` as resume-cli takes it ("even",
/// "jsonresume-theme-even"); nullopt for a theme hanji knows no look-alike of.
std::optional<std::string> layout_for_theme(std::string_view theme);

/// The layout hanji uses when the theme has none (resume-cli's own default, even, looks like it).
inline constexpr std::string_view kThemeFallbackLayout = "classic";

/// What `export`, `init` or `validate` runs as, in hanji's terms: `opt` turned into a build
/// (export), a check (validate) or nullopt for init, which `write_json_resume_starter` does.
/// A warning (an unknown theme) goes to `err`; a usage error is `error`.
std::optional<Options> as_hanji_command(const Options& opt, std::ostream& err, std::string& error);

/// `hanji init [FILE]`: the starter CV as a JSON Resume (default resume.json here, or --resume),
/// never over an existing file. Exit code.
int write_json_resume_starter(const Options& opt, const std::string& argv0, std::ostream& out, std::ostream& err,
                              TempFiles* temp_files);

}  // namespace hanji::cli
