#include "cli/file_watch.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <functional>
#include <string_view>

#include "cli/cli.h"
#include "readers/source.h"

namespace hanji::cli {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// How long the watched files must be quiet before a change counts: an editor's save is
// several events within a few milliseconds (rename the old file away, write a new one, set
// attributes), and a build in the middle would find the file missing or half written.
constexpr int kQuietMs = 30;
// The same, when the last event was a file's save ending (written and closed, or renamed into
// place): the file is whole, only an attribute set after it may follow. A save so seen builds
// 25 ms sooner (make bench: the save seen).
constexpr int kSettleMs = 5;
// The longest a stream of events that matter may put a change off: a file written without
// pause (a log, a generator) still rebuilds, once a second.
constexpr int kMostQuietMs = 1000;
// Files up to this size are digested when stamped (a CV, a layout, a locale file: what a user
// saves); larger ones (fonts, photos) are judged by their stamp alone.
constexpr long long kDigestBytes = 256 * 1024;

constexpr uint32_t kFolderEvents = IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE |
                                   IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR;

/// A digest of the bytes of the regular file `path`, when it is one of at most kDigestBytes.
std::optional<std::size_t> content_digest(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  std::optional<std::size_t> digest;
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= kDigestBytes) {
    std::string bytes(static_cast<std::size_t>(st.st_size) + 1, '\0');  // one more: a file that grew is read whole
    std::size_t have = 0;
    for (;;) {
      const ssize_t n = ::read(fd, bytes.data() + have, bytes.size() - have);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      have += static_cast<std::size_t>(n);
      if (have == bytes.size()) break;
    }
    if (have < bytes.size()) digest = std::hash<std::string_view>{}(std::string_view(bytes.data(), have));
  }
  ::close(fd);
  return digest;
}

/// The folder entries `watched` depends on: each file's steps, and the locale folders where
/// any YAML file matters.
std::map<std::string, std::set<std::string>> entries_of(const Watched& watched, std::set<std::string>& any_yaml) {
  std::map<std::string, std::set<std::string>> entries;
  for (const auto& [file, seen] : watched.stamps) {
    const PathWalk steps = walk_path(file);
    for (const auto& [folder, name] : steps.entries) entries[folder].insert(name);
    if (steps.exists && watched.any_yaml_in.contains(file)) {
      any_yaml.insert(steps.resolved);
      entries[steps.resolved];
    }
  }
  return entries;
}

}  // namespace

FileSeen file_seen(const std::string& path) {
  FileSeen seen;
  seen.stamp = file_stamp(path);  // the stamp first: bytes saved in between are digested, and seen again
  if (seen.stamp && static_cast<long long>(seen.stamp->size) <= kDigestBytes) seen.digest = content_digest(path);
  return seen;
}

void Watched::stamp_now() {
  for (auto& [file, seen] : stamps) seen = file_seen(file);
}

bool Watched::changed() const {
  for (const auto& [file, seen] : stamps) {
    const std::optional<FileStamp> now = file_stamp(file);
    if (now == seen.stamp) continue;
    // Saved with the same bytes (a new stamp): nothing to build.
    if (now && seen.digest && static_cast<long long>(now->size) <= kDigestBytes && content_digest(file) == seen.digest)
      continue;
    return true;
  }
  return false;
}

Watched what_to_watch(const std::string& cv, const std::vector<std::string>& inputs, const engine::Engine& engine,
                      const Watched* before) {
  Watched watched;
  std::vector<std::string> files = inputs;
  files.push_back(cv);  // even when it did not read: it is what the user will fix
  // A locale folder is stamped as a folder: a file made, removed or renamed in it changes it.
  for (const std::string& dir : readers::locale_search_dirs(cv, engine.dirs().locales)) {
    watched.any_yaml_in.insert(dir);
    files.push_back(dir);
  }
  for (const std::string& file : files) {
    auto known = before ? before->stamps.find(file) : std::map<std::string, FileSeen>::const_iterator{};
    watched.stamps[file] = before && known != before->stamps.end() ? known->second : file_seen(file);
  }
  return watched;
}

Closed flush_and_check(std::ostream& out, std::ostream& err) {
  out.flush();
  err.flush();
  if (out.bad()) return Closed::Output;
  if (err.bad()) return Closed::Errors;
  return Closed::None;
}

int stop_for_closed(Closed which, std::ostream& out, std::ostream& err) {
  std::ostream& open = which == Closed::Output ? err : out;
  if (!open.bad()) {
    open << "hanji: error: standard " << (which == Closed::Output ? "output" : "error")
         << " was closed (whoever read it is gone); stopping\n";
    open.flush();
  }
  return kBadInput;
}

FileWatch::FileWatch() : fd_(inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}

FileWatch::~FileWatch() {
  if (fd_ >= 0) ::close(fd_);
}

void FileWatch::update(const Watched& watched) {
  std::set<std::string> any_yaml;
  const std::map<std::string, std::set<std::string>> entries = entries_of(watched, any_yaml);
  wanted_.clear();
  // One folder may be reached by two names: the kernel gives both one watch.
  std::map<int, std::vector<std::string>> now;
  for (const auto& [dir, names] : entries) {
    wanted_[dir] = Folder{names, any_yaml.contains(dir)};
    const int wd = inotify_add_watch(fd_, dir.c_str(), kFolderEvents);
    if (wd >= 0) now[wd].push_back(dir);
  }
  for (const auto& [wd, dirs] : folders_)
    if (!now.contains(wd)) inotify_rm_watch(fd_, wd);
  folders_ = std::move(now);
}

std::vector<FileWatch::Event> FileWatch::read_events() {
  std::vector<Event> events;
  alignas(inotify_event) char buffer[16384];
  for (;;) {
    const ssize_t length = ::read(fd_, buffer, sizeof buffer);
    if (length <= 0) break;
    for (ssize_t at = 0; at < length;) {
      const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
      events.push_back(Event{event->wd, event->mask, event->len > 0 ? std::string(event->name) : std::string()});
      at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
    }
  }
  return events;
}

FileWatch::Relevance FileWatch::matters(const std::vector<Event>& events) const {
  Relevance relevance = Relevance::None;
  for (const Event& event : events) {
    if (event.mask & IN_Q_OVERFLOW) {  // events were dropped: any of them may have mattered
      relevance = Relevance::Unfinished;
      continue;
    }
    auto folder = folders_.find(event.wd);
    if (folder == folders_.end()) continue;  // a watch given up (its IN_IGNORED)
    bool counts = event.name.empty();        // the folder itself moved or went
    for (const std::string& dir : folder->second) {
      auto wanted = wanted_.find(dir);
      if (counts || wanted == wanted_.end()) continue;
      counts = wanted->second.names.contains(event.name) ||
               (wanted->second.any_yaml && (has_extension(event.name, {".yaml", ".yml"}) || event.name == "index.txt"));
    }
    if (counts)
      relevance = !event.name.empty() && (event.mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) ? Relevance::Saved
                                                                                       : Relevance::Unfinished;
  }
  return relevance;
}

// Lets a save finish: until the folders are quiet for kQuietMs, or kSettleMs after a save
// that ended (events that do not matter, such as another program's files in the same folder,
// do not put it off). A file caught half written (truncated, not yet filled) would build as
// an error, or as a CV missing its end.
void FileWatch::settle(Relevance last) {
  const auto most = Clock::now() + std::chrono::milliseconds(kMostQuietMs);
  const auto quiet_for = [](Relevance r) { return std::chrono::milliseconds(r == Relevance::Saved ? kSettleMs : kQuietMs); };
  for (auto quiet_until = Clock::now() + quiet_for(last);;) {
    const auto until = std::min(quiet_until, most);
    const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    pollfd quiet{fd_, POLLIN, 0};
    if (wait <= 0 || ::poll(&quiet, 1, static_cast<int>(wait) + 1) <= 0) return;
    if (const Relevance now = matters(read_events()); now != Relevance::None) {
      last = now;
      quiet_until = Clock::now() + quiet_for(last);
    }
  }
}

FileWatch::Wait FileWatch::wait_for_change(const Watched& watched, const Also& also) {
  update(watched);
  if (watched.changed()) {  // saved while the last build ran: maybe still being saved
    const Relevance pending = matters(read_events());
    settle(pending == Relevance::Saved ? Relevance::Saved : Relevance::Unfinished);
    return Wait::Changed;
  }
  const auto deadline = Clock::now() + std::chrono::milliseconds(also.timeout_ms);
  const auto left_ms = [&] {
    if (also.timeout_ms < 0) return -1;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::max<long long>(0, left));
  };
  for (;;) {
    // Outputs are polled for nothing but their errors: a pipe whose reader is gone reports one
    // at once, without a write. One that is not open is left out (it would report always).
    std::vector<pollfd> waiting{{fd_, POLLIN, 0}, {also.wake_fd, POLLIN, 0}};
    std::vector<std::size_t> outputs;
    for (std::size_t i = 0; i < also.output_fds.size(); ++i)
      if (also.output_fds[i] >= 0 && ::fcntl(also.output_fds[i], F_GETFD) != -1) {
        waiting.push_back({also.output_fds[i], 0, 0});
        outputs.push_back(i);
      }
    const int ready = ::poll(waiting.data(), waiting.size(), left_ms());
    if (ready < 0) {
      if (errno == EINTR) continue;
      return Wait::Failed;
    }
    if (ready == 0) return Wait::TimedOut;
    for (std::size_t k = 0; k < outputs.size(); ++k)
      if (waiting[2 + k].revents & (POLLERR | POLLHUP)) {
        closed_fd_ = outputs[k];
        return Wait::Closed;
      }
    if (also.wake_fd >= 0 && (waiting[1].revents & POLLIN)) return Wait::Woken;
    if (!(waiting[0].revents & POLLIN)) continue;
    const Relevance last = matters(read_events());
    if (last == Relevance::None) continue;
    settle(last);
    // The folders again: one made again is watched before its files are looked at, so a save
    // after this look is an event.
    update(watched);
    if (watched.changed()) return Wait::Changed;  // else saved as it was
  }
}

}  // namespace hanji::cli
