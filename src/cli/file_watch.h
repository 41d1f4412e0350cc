// Watching the files a CV was made from, for `hanji watch` and `hanji serve`: the CV, its
// layout files, photo, fonts, design and locale files, and any locale file appearing in a
// folder where locales are looked up.
//
// inotify watches the folders that hold those files, not the files: an editor that saves by
// writing a new file and renaming it over the old one (vim, VS Code, most others) replaces
// the file a watch on it would follow. A file is followed to where it really is: for
// `view/cv.yaml -> ../real/cv.yaml` both view/ (the link may be pointed elsewhere) and real/
// (where the saves happen) are watched, and so on along a chain of links, of files or of
// folders; the chain is followed again before every wait, so a re-pointed link is followed.
// A folder that is gone (`rm -rf d`) is waited for in its nearest folder that exists, and
// watched again once it is made again.
//
// Events for other names in those folders (the output itself, an editor's swap files) are
// passed over, and a burst of events (write, then rename) becomes one change, once the files
// have been quiet for a moment. Stamps (size, time, inode; and the bytes of a small file)
// decide whether a file really changed: saving a file as it was rebuilds nothing. Events the
// kernel dropped (its queue overflowed) count as a change: a rebuild too many, never a save
// missed.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/files.h"
#include "engine/engine.h"

namespace hanji::cli {

/// How a file (or a folder) was when it was stamped: its stamp, and for a small regular file
/// a digest of its bytes (a file saved with the same bytes has a new stamp, not new bytes).
struct FileSeen {
  std::optional<FileStamp> stamp;
  std::optional<std::size_t> digest;
  bool operator==(const FileSeen&) const = default;
};

/// The file `path` leads to as it is now (links followed; nullopt stamp when it is not there).
FileSeen file_seen(const std::string& path);

/// What one build was made from, and how each file was then.
struct Watched {
  std::map<std::string, FileSeen> stamps;  // file or locale folder -> as it was
  std::set<std::string> any_yaml_in;       // locale folders: any .yaml there matters

  /// Stamps every file as it is now (just before a build reads them).
  void stamp_now();
  /// True when a file is not as it was stamped (its bytes, when they were digested, differ).
  bool changed() const;
};

/// What to watch after a build of `cv` that read `inputs`. A file known before the build keeps
/// the stamp it had then (`before`), so that a save made while it was being built is seen.
Watched what_to_watch(const std::string& cv, const std::vector<std::string>& inputs, const engine::Engine& engine,
                      const Watched* before = nullptr);

/// Which of the two standard streams a run that lasts until it is stopped (watch, serve)
/// found closed: after a write (the stream went bad: with SIGPIPE ignored, a write to a pipe
/// whose reader is gone fails with EPIPE), or while it waited (the pipe reported its reader
/// gone).
enum class Closed { None, Output, Errors };

/// Flushes both streams and says which one went bad, if one did.
Closed flush_and_check(std::ostream& out, std::ostream& err);

/// Ends such a run: a message on the stream still open, if one is, and exit status 1.
int stop_for_closed(Closed which, std::ostream& out, std::ostream& err);

/// What else ends a FileWatch's wait for a change.
struct WaitAlso {
  int wake_fd = -1;             // readable: Woken (the caller has something else to do)
  std::vector<int> output_fds;  // an error or hang-up on one (a pipe whose reader is gone): Closed
  int timeout_ms = -1;          // then TimedOut; < 0: none
};

/// An inotify instance watching the folders of a Watched.
class FileWatch {
 public:
  FileWatch();
  ~FileWatch();
  FileWatch(const FileWatch&) = delete;
  FileWatch& operator=(const FileWatch&) = delete;

  /// False when the system gave no inotify instance (errno says why).
  bool ok() const { return fd_ >= 0; }

  /// Watches exactly the folders `watched` depends on now (links followed again).
  void update(const Watched& watched);

  using Also = WaitAlso;
  enum class Wait { Changed, Woken, Closed, TimedOut, Failed };
  /// Waits until a watched file changed, or for what `also` names. Failed (errno says why) if
  /// waiting failed; Closed when output_fds[closed_fd()] was closed by its reader.
  Wait wait_for_change(const Watched& watched, const Also& also = {});
  /// The index in Also::output_fds of the one a wait found closed.
  std::size_t closed_fd() const { return closed_fd_; }

 private:
  struct Event {
    int wd;
    unsigned mask;
    std::string name;
  };
  struct Folder {
    std::set<std::string> names;  // entries that matter
    bool any_yaml = false;        // a locale folder
  };
  std::vector<Event> read_events();
  // What a batch of events says of the watched files: nothing; a change under way (or that
  // may be: a folder went, events were dropped); or, last, a file's save that ended.
  enum class Relevance { None, Unfinished, Saved };
  Relevance matters(const std::vector<Event>& events) const;
  void settle(Relevance last);

  int fd_;
  std::map<int, std::vector<std::string>> folders_;  // watch descriptor -> folder names
  std::map<std::string, Folder> wanted_;            // folder -> what matters in it
  std::size_t closed_fd_ = 0;
};

}  // namespace hanji::cli
