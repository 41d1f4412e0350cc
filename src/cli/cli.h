// cli: the `hanji` command — arguments, diagnostics on stderr, exit codes, and atomic output
// (a PDF is written to a temporary file and renamed, so a failed run never leaves a broken
// file or replaces a good one).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace hanji::cli {

/// Exit codes.
inline constexpr int kOk = 0;
inline constexpr int kBadInput = 1;
inline constexpr int kBadUsage = 2;

/// Runs the command with `args` (args[0] is the program path). Normal output goes to `out`,
/// diagnostics to `err`. Returns the exit code.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename.
/// Returns false (leaving `path` untouched) on failure, with the reason in `error`.
bool write_file_atomically(const std::string& path, const std::string& bytes, std::string& error);

}  // namespace hanji::cli
