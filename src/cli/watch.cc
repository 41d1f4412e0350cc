// `hanji watch CV.yaml [build options]`: builds the CV, then builds it again whenever a file
// it was made from is saved — the CV, a layout file of its chain, its photo, a font, a locale
// file — with one warm engine, so a rebuild costs what the edit changed. One line per
// rebuild (the output, its pages and size, the milliseconds it took); a CV with an error gets
// its messages at FILE:LINE:COL and the last good output stays as it was.
//
// inotify watches the folders that hold those files, not the files: an editor that saves by
// writing a new file and renaming it over the old one (vim, VS Code, most others) replaces
// the file a watch on it would follow. Events for other names in those folders (the output
// itself, an editor's swap files) are passed over, and a burst of events (write, then rename)
// becomes one rebuild, once the files have been quiet for a moment.
#include <fmt/format.h>
#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "cli/cli.h"
#include "cli/commands.h"
#include "core/files.h"
#include "source/source.h"

namespace hanji::cli {
namespace {

namespace fs = std::filesystem;

// How long the watched files must be quiet before a rebuild: an editor's save is several
// events within a few milliseconds (write a temporary file, flush, rename, set attributes).
constexpr int kQuietMs = 30;

class Inotify {
 public:
  Inotify() : fd_(inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}
  Inotify(const Inotify&) = delete;
  Inotify& operator=(const Inotify&) = delete;
  ~Inotify() {
    if (fd_ >= 0) ::close(fd_);
  }
  bool ok() const { return fd_ >= 0; }
  int fd() const { return fd_; }

  /// Watches the folder `dir` for files appearing, changing and going; its watch descriptor
  /// (the same one for a folder already watched), or -1.
  int watch_folder(const std::string& dir) {
    return inotify_add_watch(fd_, dir.c_str(),
                             IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB |
                                 IN_DELETE_SELF | IN_MOVE_SELF);
  }
  void forget(int wd) { inotify_rm_watch(fd_, wd); }

  /// The names the events waiting name, by watch descriptor (an empty name: the folder itself).
  std::vector<std::pair<int, std::string>> read_events() {
    std::vector<std::pair<int, std::string>> events;
    alignas(inotify_event) char buffer[16384];
    for (;;) {
      const ssize_t length = ::read(fd_, buffer, sizeof buffer);
      if (length <= 0) break;
      for (ssize_t at = 0; at < length;) {
        const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
        events.emplace_back(event->wd, event->len > 0 ? std::string(event->name) : std::string());
        at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
      }
    }
    return events;
  }

 private:
  int fd_;
};

std::string folder_of(const std::string& file) {
  const fs::path parent = fs::path(file).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

/// What one build was made from, and how each file was then.
struct Watched {
  std::map<std::string, std::set<std::string>> names_in;  // folder -> file names that matter
  std::set<std::string> any_yaml_in;                     // locale folders: any .yaml there
  std::map<std::string, std::optional<FileStamp>> stamps;
};

/// What to watch after a build from `inputs`. A file known before the build keeps the stamp
/// it had then (`before`), so that a save made while it was being built is seen as one.
Watched what_to_watch(const std::string& cv, const std::vector<std::string>& inputs, const engine::Engine& engine,
                      const Watched* before = nullptr) {
  Watched watched;
  std::vector<std::string> files = inputs;
  files.push_back(cv);  // even when it did not read: it is what the user will fix
  for (const std::string& file : files) {
    watched.names_in[folder_of(file)].insert(fs::path(file).filename().string());
    auto known = before ? before->stamps.find(file) : std::map<std::string, std::optional<FileStamp>>::const_iterator{};
    watched.stamps[file] = before && known != before->stamps.end() ? known->second : file_stamp(file);
  }
  for (const std::string& dir : source::locale_search_dirs(cv, engine.dirs().locales)) {
    watched.any_yaml_in.insert(dir);
    watched.names_in[dir];
  }
  return watched;
}

bool changed_since(const Watched& watched) {
  for (const auto& [file, stamp] : watched.stamps)
    if (file_stamp(file) != stamp) return true;
  return false;
}

class FolderWatches {
 public:
  explicit FolderWatches(Inotify& inotify) : inotify_(inotify) {}

  /// Watches exactly the folders of `watched` (those that exist).
  void update(const Watched& watched) {
    // One folder may be named twice ("." and its full path): the kernel gives both one watch.
    std::map<int, std::set<std::string>> now;
    for (const auto& [dir, names] : watched.names_in) {
      const int wd = inotify_.watch_folder(dir);
      if (wd >= 0) now[wd].insert(dir);
    }
    for (const auto& [wd, dir] : folders_)
      if (!now.contains(wd)) inotify_.forget(wd);
    folders_ = std::move(now);
  }

  /// True when an event names a file the build was made from (or a locale file).
  bool matters(const std::vector<std::pair<int, std::string>>& events, const Watched& watched) const {
    for (const auto& [wd, name] : events) {
      auto folder = folders_.find(wd);
      if (folder == folders_.end()) continue;
      if (name.empty()) return true;  // the folder itself moved or went
      for (const std::string& dir : folder->second) {
        auto names = watched.names_in.find(dir);
        if (names != watched.names_in.end() && names->second.contains(name)) return true;
        if (watched.any_yaml_in.contains(dir) && (has_extension(name, {".yaml", ".yml"}) || name == "index.txt"))
          return true;
      }
    }
    return false;
  }

 private:
  Inotify& inotify_;
  std::map<int, std::set<std::string>> folders_;
};

std::string clock_now() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return fmt::format("{:02}:{:02}:{:02}", local.tm_hour, local.tm_min, local.tm_sec);
}

/// One build, reported on one line (its messages before it). `watched` becomes what it was
/// made from, stamped before the line is printed (whoever saves a file on seeing the line
/// saves after the stamp); a build that failed keeps watching what the last good one read.
void rebuild(const Run& run, engine::Engine& engine, const std::string& cv, const std::string& output, int count,
             std::vector<std::string>& inputs, Watched& watched) {
  std::ostringstream said;
  std::vector<std::string> read;
  for (auto& [file, stamp] : watched.stamps) stamp = file_stamp(file);
  const auto started = std::chrono::steady_clock::now();
  const int code = build_one(run.to(said, run.err), engine, cv, output, &read);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  if (code == kOk) inputs = std::move(read);
  watched = what_to_watch(cv, inputs, engine, &watched);
  std::string line = said.str();
  while (!line.empty() && line.back() == '\n') line.pop_back();
  if (code == kOk)
    run.out << fmt::format("[{}] {}{} in {:.0f} ms{}\n", clock_now(), line, line.empty() ? output : "", ms,
                           count == 0 ? "" : fmt::format(" (rebuild {})", count));
  else
    run.out << fmt::format("[{}] {} {}; watching for the next save\n", clock_now(), output,
                           file_stamp(output) ? "kept as it was" : "not written");
  run.out.flush();
  run.err.flush();
}

}  // namespace

int watch(const Run& run) {
  const Options& opt = run.opt;
  if (opt.inputs.size() != 1 || opt.input() == "-") {
    run.err << "hanji: error: 'watch' needs one CV file\n  hint: hanji watch CV.yaml [-o OUT.pdf] [--layout NAME]\n";
    return kBadUsage;
  }
  Inotify inotify;
  if (!inotify.ok()) {
    run.err << fmt::format("hanji: error: cannot watch files: {}\n", std::strerror(errno))
            << "  hint: raise fs.inotify.max_user_instances, or run hanji build after each save\n";
    return kBadInput;
  }
  const std::string& cv = opt.input();
  const std::string output = output_path(opt, cv);
  engine::Engine engine(layout::find_data_dirs(run.argv0));
  pdf::WriteMemo memo;  // after a one-word edit the fonts draw the same glyphs
  Run warm = run;
  warm.memo = &memo;
  FolderWatches folders(inotify);
  if (!opt.quiet) run.out << fmt::format("hanji: watching {} (Ctrl-C to stop)\n", cv);
  // Watched before the first build, stamped before each build: nothing saved meanwhile is lost.
  Watched watched = what_to_watch(cv, {}, engine);
  folders.update(watched);
  std::vector<std::string> inputs;
  rebuild(warm, engine, cv, output, 0, inputs, watched);
  for (int count = 1;;) {
    folders.update(watched);
    if (!changed_since(watched)) {
      pollfd waiting{inotify.fd(), POLLIN, 0};
      if (::poll(&waiting, 1, -1) < 0) {
        if (errno == EINTR) continue;
        break;
      }
      if (!folders.matters(inotify.read_events(), watched)) continue;
      // Let the save finish: until the folders are quiet for kQuietMs.
      while (::poll(&waiting, 1, kQuietMs) > 0) inotify.read_events();
      if (!changed_since(watched)) continue;  // saved as it was
    }
    rebuild(warm, engine, cv, output, count++, inputs, watched);
  }
  run.err << fmt::format("hanji: error: watching stopped: {}\n", std::strerror(errno));
  return kBadInput;
}

}  // namespace hanji::cli
