// Atomic output: the PDF goes to a temporary file beside the target, is flushed to disk and
// then renamed over the target, so readers see either the old file or the complete new one.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include "cli/cli.h"
#include "core/files.h"

namespace hanji::cli {

namespace {

namespace fs = std::filesystem;

/// Removes the temporary file unless the rename succeeded.
class TempFile {
 public:
  explicit TempFile(std::string path) : path_(std::move(path)) {}
  ~TempFile() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }
  void release() { path_.clear(); }

 private:
  std::string path_;
};

/// Holds back the signals that end a program (Ctrl-C, kill, a closed terminal) while the
/// temporary file exists; they take effect when this is destroyed, after the file has been
/// renamed or removed. Without this an interrupted build left `.cv.pdf.tmp-XXXXXX` behind.
/// (SIGKILL cannot be held back; nothing can clean up after it.)
class DeferTerminationSignals {
 public:
  DeferTerminationSignals() {
    sigset_t block;
    sigemptyset(&block);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&block, sig);
    active_ = ::pthread_sigmask(SIG_BLOCK, &block, &saved_) == 0;
  }
  ~DeferTerminationSignals() {
    if (active_) ::pthread_sigmask(SIG_SETMASK, &saved_, nullptr);
  }
  DeferTerminationSignals(const DeferTerminationSignals&) = delete;
  DeferTerminationSignals& operator=(const DeferTerminationSignals&) = delete;

 private:
  sigset_t saved_{};
  bool active_ = false;
};

bool write_all(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

/// The file `path` stands for: `-o link.pdf` writes through a symbolic link into the file it
/// points to (as `>` in a shell does) instead of replacing the link. Relative link targets
/// count from the link's directory; a chain is followed up to the system's limit.
bool resolve_symlinks(const std::string& path, fs::path& target, std::string& error) {
  target = path;
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(target, ec))) return true;
    fs::path next = fs::read_symlink(target, ec);
    if (ec) {
      error = "cannot follow the link '" + target.string() + "': " + ec.message();
      return false;
    }
    target = next.is_absolute() ? next : target.parent_path() / next;
  }
  error = "'" + path + "' is a loop of symbolic links";
  return false;
}

/// Gives the new file the old one's permissions and owner, so replacing a private (0600) CV
/// keeps it private; a new file gets the usual 0666 minus the umask. The owner can only be
/// kept where the system allows it (as root, or the same user); failing that is no error.
void set_permissions(int fd, const fs::path& target) {
  struct stat old {};
  if (::stat(target.c_str(), &old) == 0) {
    // Owner first: changing it clears set-user-ID bits, which the mode then restores.
    if (::fchown(fd, old.st_uid, old.st_gid) != 0) {
      // Another owner cannot be given away; the mode alone keeps the file as private as it was.
    }
    ::fchmod(fd, old.st_mode & 07777);
    return;
  }
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
}

}  // namespace

bool write_file_atomically(const std::string& path, const std::string& bytes, std::string& error) {
  fs::path target;
  if (!resolve_symlinks(path, target, error)) return false;
  fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string hidden_name(".");  // built step by step: GCC 12 warns falsely on "." + string
  hidden_name += target.filename().string();
  hidden_name += ".tmp-XXXXXX";
  std::string pattern = (dir / hidden_name).string();
  DeferTerminationSignals deferred;  // from here until the temporary file is gone
  int raw = ::mkstemp(pattern.data());
  if (raw < 0) {
    error = "cannot create a file in '" + dir.string() + "': " + std::strerror(errno);
    return false;
  }
  FileDescriptor fd(raw);
  TempFile temp(pattern);
  if (!write_all(fd.get(), bytes) || ::fsync(fd.get()) != 0) {
    error = "cannot write '" + temp.path() + "': " + std::strerror(errno);
    return false;
  }
  set_permissions(fd.get(), target);
  if (!fd.close()) {
    error = "cannot write '" + temp.path() + "': " + std::strerror(errno);
    return false;
  }
  if (::rename(temp.path().c_str(), target.c_str()) != 0) {
    error = "cannot replace '" + target.string() + "': " + std::strerror(errno);
    return false;
  }
  temp.release();
  return true;
}

}  // namespace hanji::cli
