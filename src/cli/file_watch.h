// Watching the files a CV was made from, for `hanji watch` and `hanji serve`: the CV, its
// layout files, photo, fonts, design and locale files, and any locale file appearing in a
// folder where locales are looked up.
//
// inotify watches the folders that hold those files, not the files: an editor that saves by
// writing a new file and renaming it over the old one (vim, VS Code, most others) replaces
// the file a watch on it would follow. Events for other names in those folders (the output
// itself, an editor's swap files) are passed over, and a burst of events (write, then rename)
// becomes one change, once the files have been quiet for a moment. Stamps (size, time,
// inode) decide whether a file really changed: saving a file as it was rebuilds nothing.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/files.h"
#include "engine/engine.h"

namespace hanji::cli {

/// What one build was made from, and how each file was then.
struct Watched {
  std::map<std::string, std::set<std::string>> names_in;  // folder -> file names that matter
  std::set<std::string> any_yaml_in;                     // locale folders: any .yaml there
  std::map<std::string, std::optional<FileStamp>> stamps;

  /// Stamps every file as it is now (just before a build reads them).
  void stamp_now();
  /// True when a file is not as it was stamped.
  bool changed() const;
};

/// What to watch after a build of `cv` that read `inputs`. A file known before the build keeps
/// the stamp it had then (`before`), so that a save made while it was being built is seen.
Watched what_to_watch(const std::string& cv, const std::vector<std::string>& inputs, const engine::Engine& engine,
                      const Watched* before = nullptr);

/// An inotify instance watching the folders of a Watched.
class FileWatch {
 public:
  FileWatch();
  ~FileWatch();
  FileWatch(const FileWatch&) = delete;
  FileWatch& operator=(const FileWatch&) = delete;

  /// False when the system gave no inotify instance (errno says why).
  bool ok() const { return fd_ >= 0; }

  /// Watches exactly the folders of `watched` (those that exist).
  void update(const Watched& watched);

  enum class Wait { Changed, Woken, Failed };
  /// Waits until a watched file changed, or until `other_fd` (when >= 0) is readable (Woken:
  /// the caller has something else to do). Failed (errno says why) if waiting failed.
  Wait wait_for_change(const Watched& watched, int other_fd = -1);

 private:
  std::vector<std::pair<int, std::string>> read_events();
  bool matters(const std::vector<std::pair<int, std::string>>& events, const Watched& watched) const;

  int fd_;
  std::map<int, std::set<std::string>> folders_;  // watch descriptor -> folder names
};

}  // namespace hanji::cli
