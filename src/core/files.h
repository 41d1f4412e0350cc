// core: reading input files without trusting them. A path in a CV can name anything: a FIFO
// (open() would wait for a writer forever), /dev/zero (endless), a directory, a file of
// gigabytes. These open without blocking, accept only regular files and never read more
// than asked.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace hanji {

/// Owns a POSIX file descriptor and closes it when destroyed.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(FileDescriptor&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  FileDescriptor& operator=(FileDescriptor&&) = delete;
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor();

  int get() const { return fd_; }
  /// Closes it now; false if that failed (a write error may show only here).
  bool close();

 private:
  int fd_;
};

/// The whole of the regular file `path` if it has at most `max_bytes`; otherwise nullopt,
/// with `error` saying why in words that fit after the file name ("does not exist", "is a
/// directory", "is not a regular file (a FIFO, socket or device)", "is larger than 1 MiB",
/// "cannot be read: Permission denied").
std::optional<std::string> read_regular_file(const std::string& path, std::size_t max_bytes, std::string& error);

/// The first `count` bytes (fewer if the file is shorter) of the regular file `path`; errors
/// as read_regular_file.
std::optional<std::string> read_file_head(const std::string& path, std::size_t count, std::string& error);

/// "1 MiB", "32 MiB", "512 KiB", "900 bytes": a size limit for messages.
std::string describe_bytes(std::size_t bytes);

}  // namespace hanji
