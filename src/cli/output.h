// cli: how every output file is written (PDF, Markdown, text, JSON, and any later format).
// One set of rules for all of them, because a folder someone else prepared can hold links:
// cv.txt -> ~/.bashrc must not turn a text export into a way to replace the user's files.
//   - never over the CV being read, never over anything but a regular file;
//   - an existing file is replaced only by a file of its own kind (a PDF by a PDF, Markdown
//     by Markdown), judged by its name and by its first bytes;
//   - through a symbolic link, the file reached must be named as the output's kind is;
//   - written to a temporary file beside the target, flushed, given the old file's
//     permissions, then renamed over it: readers see the old file or the whole new one, and a
//     run that fails or is stopped leaves no temporary file.
#pragma once

#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.h"
#include "export/exporter.h"

namespace hanji::cli {

/// What an output file is: its format's file kind (export/exporter.h).
using OutputKind = exports::FileKind;

/// The temporary files of a run, for whatever ends it (a signal) to remove. Safe to use from
/// several threads; the rename that ends a file's life is made under the same lock, so a
/// file is either renamed into place or removed, never both, never neither.
class TempFiles {
 public:
  /// Creates a file from the mkstemp `pattern` (which becomes its name) and registers it in
  /// one step; its descriptor, or -1 with errno set.
  int create(std::string& pattern);
  /// Renames `temp` to `target` and forgets it; false (with errno set) if rename failed.
  /// With `keep_existing`, fails (EEXIST) rather than replace a file at `target`.
  bool commit(const std::string& temp, const std::string& target, bool keep_existing = false);
  /// Forgets `temp` after removing it.
  void discard(const std::string& temp);
  /// What remove_all found.
  struct Removal {
    bool removed = false;   // a file was being written and is gone
    bool committed = false;  // a file had been renamed into place before
  };
  /// Removes every file still registered. The lock stays held by `hold` until it is released,
  /// so nothing is renamed after this.
  Removal remove_all(std::unique_lock<std::mutex>& hold);

 private:
  std::mutex mutex_;
  std::set<std::string> paths_;
  bool committed_ = false;
};

/// Why an output may not be written, and what to do: "refusing to overwrite 'notes.txt',
/// which is not a PDF" / "choose another file with -o OUT.pdf".
struct OutputRefusal {
  std::string reason;
  std::string hint;
  Span at = {};  // the CV file's setting that asked for the output, when one did
};

/// Whether `path` may receive an output of `kind` made from the CV at `input` (see the rules
/// above); when not, `refusal` says why. Asked before the CV is rendered, and again by
/// write_output just before writing.
bool output_allowed(const std::string& path, const std::string& input, const OutputKind& kind,
                    OutputRefusal& refusal);

/// Writes `bytes` to `path` by the rules above (`temp_files` may be null when nothing can
/// stop the run). False, with `refusal` filled and `path` untouched, on failure.
bool write_output(const std::string& path, const std::string& input, const OutputKind& kind, const std::string& bytes,
                  TempFiles* temp_files, OutputRefusal& refusal);

/// Writes `bytes` to a new file at `path` (`hanji new`): never over anything there, a file, a
/// folder or a link (even one to nothing). It is written beside it and moved into place only
/// where nothing is, in one step, so the file appears whole or not at all. False, with
/// `refusal` filled, when something is there or the write fails; its hint then gives
/// `another_name`, the command again with another file name ("hanji new my-cv.yaml").
bool write_new_file(const std::string& path, const std::string& bytes, TempFiles* temp_files,
                    OutputRefusal& refusal, std::string_view another_name);

}  // namespace hanji::cli
