// cli: the `hanji` command — arguments, diagnostics on stderr, exit codes, and outputs written
// by one set of rules (output.h: atomic, never through a link to another kind of file, never
// over the CV), so a failed or stopped run never leaves a broken file or replaces a good one.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace hanji::cli {

/// Exit codes.
inline constexpr int kOk = 0;
inline constexpr int kBadInput = 1;
inline constexpr int kBadUsage = 2;

class TempFiles;

/// Runs the command with `args` (args[0] is the program path). Normal output goes to `out`,
/// diagnostics to `err`. Temporary files are registered in `temp_files` (see signals.h), when
/// given. Returns the exit code.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
        TempFiles* temp_files = nullptr);

}  // namespace hanji::cli
