#include "core/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace hanji {
namespace {

std::string errno_reason(int error) {
  if (error == ENOENT || error == ENOTDIR) return "does not exist";
  if (error == EISDIR) return "is a directory";
  return std::string("cannot be read: ") + std::strerror(error);
}

// Opens `path` for reading if it is a regular file. O_NONBLOCK makes opening a FIFO return
// at once instead of waiting for a writer; fstat on the open descriptor then tells what it
// is, with no window for the path to change in between.
std::optional<FileDescriptor> open_regular(const std::string& path, std::string& error) {
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (fd.get() < 0) {
    error = errno_reason(errno);
    return std::nullopt;
  }
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) {
    error = errno_reason(errno);
    return std::nullopt;
  }
  if (S_ISDIR(info.st_mode)) {
    error = "is a directory";
    return std::nullopt;
  }
  if (!S_ISREG(info.st_mode)) {
    error = "is not a regular file (a FIFO, socket or device)";
    return std::nullopt;
  }
  return fd;
}

// Reads until end of file or until `out` holds `limit` bytes.
bool read_up_to(int fd, std::size_t limit, std::string& out, std::string& error) {
  char buffer[1 << 16];
  while (out.size() < limit) {
    const std::size_t want = std::min(sizeof buffer, limit - out.size());
    const ssize_t n = ::read(fd, buffer, want);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = errno_reason(errno);
      return false;
    }
    if (n == 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace

FileDescriptor::~FileDescriptor() {
  if (fd_ >= 0) ::close(fd_);
}

bool FileDescriptor::close() {
  const int fd = fd_;
  fd_ = -1;
  return ::close(fd) == 0;
}

std::optional<std::string> read_regular_file(const std::string& path, std::size_t max_bytes, std::string& error) {
  std::optional<FileDescriptor> fd = open_regular(path, error);
  if (!fd) return std::nullopt;
  // One byte more than allowed tells "too large" without trusting st_size (/proc files say 0).
  std::string bytes;
  if (!read_up_to(fd->get(), max_bytes + 1, bytes, error)) return std::nullopt;
  if (bytes.size() > max_bytes) {
    error = "is larger than " + describe_bytes(max_bytes);
    return std::nullopt;
  }
  return bytes;
}

std::optional<std::string> read_file_head(const std::string& path, std::size_t count, std::string& error) {
  std::optional<FileDescriptor> fd = open_regular(path, error);
  if (!fd) return std::nullopt;
  std::string bytes;
  if (!read_up_to(fd->get(), count, bytes, error)) return std::nullopt;
  return bytes;
}

std::string describe_bytes(std::size_t bytes) {
  constexpr std::size_t kKiB = 1024, kMiB = kKiB * kKiB;
  if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  if (bytes >= kKiB && bytes % kKiB == 0) return std::to_string(bytes / kKiB) + " KiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace hanji
