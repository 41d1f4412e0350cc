#include "cli/file_watch.h"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "readers/source.h"

namespace hanji::cli {
namespace {

namespace fs = std::filesystem;

// How long the watched files must be quiet before a change counts: an editor's save is
// several events within a few milliseconds (write a temporary file, flush, rename, set
// attributes).
constexpr int kQuietMs = 30;

std::string folder_of(const std::string& file) {
  const fs::path parent = fs::path(file).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

}  // namespace

void Watched::stamp_now() {
  for (auto& [file, stamp] : stamps) stamp = file_stamp(file);
}

bool Watched::changed() const {
  for (const auto& [file, stamp] : stamps)
    if (file_stamp(file) != stamp) return true;
  return false;
}

Watched what_to_watch(const std::string& cv, const std::vector<std::string>& inputs, const engine::Engine& engine,
                      const Watched* before) {
  Watched watched;
  std::vector<std::string> files = inputs;
  files.push_back(cv);  // even when it did not read: it is what the user will fix
  for (const std::string& file : files) {
    watched.names_in[folder_of(file)].insert(fs::path(file).filename().string());
    auto known = before ? before->stamps.find(file) : std::map<std::string, std::optional<FileStamp>>::const_iterator{};
    watched.stamps[file] = before && known != before->stamps.end() ? known->second : file_stamp(file);
  }
  for (const std::string& dir : readers::locale_search_dirs(cv, engine.dirs().locales)) {
    watched.any_yaml_in.insert(dir);
    watched.names_in[dir];
  }
  return watched;
}

FileWatch::FileWatch() : fd_(inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}

FileWatch::~FileWatch() {
  if (fd_ >= 0) ::close(fd_);
}

void FileWatch::update(const Watched& watched) {
  // One folder may be named twice ("." and its full path): the kernel gives both one watch.
  std::map<int, std::set<std::string>> now;
  for (const auto& [dir, names] : watched.names_in) {
    const int wd = inotify_add_watch(fd_, dir.c_str(),
                                     IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB |
                                         IN_DELETE_SELF | IN_MOVE_SELF);
    if (wd >= 0) now[wd].insert(dir);
  }
  for (const auto& [wd, dir] : folders_)
    if (!now.contains(wd)) inotify_rm_watch(fd_, wd);
  folders_ = std::move(now);
}

std::vector<std::pair<int, std::string>> FileWatch::read_events() {
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

bool FileWatch::matters(const std::vector<std::pair<int, std::string>>& events, const Watched& watched) const {
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

FileWatch::Wait FileWatch::wait_for_change(const Watched& watched, int other_fd) {
  update(watched);
  if (watched.changed()) return Wait::Changed;  // saved while the last build ran
  for (;;) {
    pollfd waiting[2] = {{fd_, POLLIN, 0}, {other_fd, POLLIN, 0}};
    if (::poll(waiting, other_fd >= 0 ? 2 : 1, -1) < 0) {
      if (errno == EINTR) continue;
      return Wait::Failed;
    }
    if (other_fd >= 0 && (waiting[1].revents & POLLIN)) return Wait::Woken;
    if (!matters(read_events(), watched)) continue;
    // Let the save finish: until the folders are quiet for kQuietMs.
    pollfd quiet{fd_, POLLIN, 0};
    while (::poll(&quiet, 1, kQuietMs) > 0) read_events();
    if (watched.changed()) return Wait::Changed;  // else saved as it was
  }
}

}  // namespace hanji::cli
