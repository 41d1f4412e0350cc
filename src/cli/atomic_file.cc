// Atomic output: the PDF goes to a temporary file beside the target, is flushed to disk and
// then renamed over the target, so readers see either the old file or the complete new one.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include "cli/cli.h"

namespace hanji::cli {

namespace {

/// Owns a file descriptor.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  bool close() {
    int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0;
  }

 private:
  int fd_;
};

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

}  // namespace

bool write_file_atomically(const std::string& path, const std::string& bytes, std::string& error) {
  namespace fs = std::filesystem;
  fs::path target(path);
  fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string hidden_name(".");  // built step by step: GCC 12 warns falsely on "." + string
  hidden_name += target.filename().string();
  hidden_name += ".tmp-XXXXXX";
  std::string pattern = (dir / hidden_name).string();
  int raw = ::mkstemp(pattern.data());
  if (raw < 0) {
    error = "cannot create a file in '" + dir.string() + "': " + std::strerror(errno);
    return false;
  }
  Fd fd(raw);
  TempFile temp(pattern);
  if (!write_all(fd.get(), bytes) || ::fsync(fd.get()) != 0) {
    error = "cannot write '" + temp.path() + "': " + std::strerror(errno);
    return false;
  }
  // mkstemp creates 0600; a PDF is a document to share, so give it the usual 0644 (minus umask).
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd.get(), 0666 & ~mask);
  if (!fd.close()) {
    error = "cannot write '" + temp.path() + "': " + std::strerror(errno);
    return false;
  }
  if (::rename(temp.path().c_str(), path.c_str()) != 0) {
    error = "cannot replace '" + path + "': " + std::strerror(errno);
    return false;
  }
  temp.release();
  return true;
}

}  // namespace hanji::cli
