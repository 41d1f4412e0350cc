// Writing an output file by one set of rules (see output.h).
#include "cli/output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "core/core.h"
#include "core/files.h"

namespace hanji::cli {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------- kinds

bool named_as(const fs::path& file, const OutputKind& kind) { return has_extension(file.string(), kind.extensions); }

std::string extensions_of(const OutputKind& kind) {
  std::string out;
  for (std::string_view e : kind.extensions) out += (out.empty() ? "" : " or ") + std::string(e);
  return out;
}

std::string hint_for(const OutputKind& kind) {
  return fmt::format("choose another file with -o OUT{}", kind.extensions.front());
}

// ---------------------------------------------------------------- where the bytes go

/// The file `path` stands for: `-o link.pdf` writes into the file a symbolic link points to
/// (as `>` in a shell does) instead of replacing the link. Relative link targets count from
/// the link's folder; `hops` says how many links were followed.
bool resolve_links(const std::string& path, fs::path& target, int& hops, std::string& error) {
  target = path;
  for (hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(target, ec))) return true;
    fs::path next = fs::read_symlink(target, ec);
    if (ec) {
      error = fmt::format("cannot follow the link '{}': {}", target.string(), ec.message());
      return false;
    }
    target = next.is_absolute() ? next : target.parent_path() / next;
  }
  error = fmt::format("'{}' is a loop of symbolic links", path);
  return false;
}

bool refuse(OutputRefusal& refusal, std::string reason, std::string hint) {
  refusal = {std::move(reason), std::move(hint)};
  return false;
}

// The rules for a file that exists at `target` (reached from `path`, through a link or not).
bool may_replace(const std::string& path, const fs::path& target, bool via_link, const std::string& input,
                 const OutputKind& kind, OutputRefusal& refusal) {
  std::error_code ec;
  const fs::file_status status = fs::status(target, ec);
  if (fs::is_directory(status)) return refuse(refusal, fmt::format("'{}' is a folder", path), hint_for(kind));
  if (!fs::is_regular_file(status))
    return refuse(refusal, fmt::format("refusing to replace '{}', which is not a regular file", path), hint_for(kind));
  if (!input.empty() && fs::equivalent(input, target, ec))
    return refuse(refusal, fmt::format("refusing to write over the CV file '{}'", input), hint_for(kind));
  // A PDF is known by its first bytes whatever its name; a text file only by its name too
  // (any text looks like Markdown), and so is any file a link leads to.
  const bool by_name = via_link || !kind.known_by_content;
  if (by_name && !named_as(target, kind))
    return refuse(refusal,
                  via_link ? fmt::format("refusing to write through '{}': it is a link to a file not named {}", path,
                                         extensions_of(kind))
                           : fmt::format("refusing to overwrite '{}' with {}: its name does not end in {}", path,
                                         kind.name, extensions_of(kind)),
                  hint_for(kind));
  std::string error;
  const std::optional<std::string> head = read_file_head(target.string(), 4096, error);
  if (!head) return refuse(refusal, fmt::format("cannot overwrite '{}': it {}", path, error), hint_for(kind));
  if (!head->empty() && !kind.recognises(*head))
    return refuse(refusal, fmt::format("refusing to overwrite '{}', which is not {}", path, kind.name), hint_for(kind));
  return true;
}

// ---------------------------------------------------------------- writing

bool write_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::string write_error(const std::string& path, int error, std::size_t size) {
  if (error == EFBIG)
    return fmt::format("cannot write '{}': the file-size limit (ulimit -f) is smaller than its {:.1f} KB", path,
                       static_cast<double>(size) / 1024.0);
  if (error == ENOSPC) return fmt::format("cannot write '{}': the disk is full", path);
  if (error == EDQUOT) return fmt::format("cannot write '{}': the disk quota is used up", path);
  return fmt::format("cannot write '{}': {}", path, std::strerror(error));
}

/// Gives the new file the old one's permissions and owner, so replacing a private (0600) file
/// keeps it private; a new file gets the usual 0666 minus the umask. The owner can only be kept
/// where the system allows it (as root, or the same user); failing that is no error.
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
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
}

/// rename(2); with `keep_existing` one that fails with EEXIST instead of replacing a file.
bool move_into_place(const std::string& temp, const std::string& target, bool keep_existing) {
  if (!keep_existing) return ::rename(temp.c_str(), target.c_str()) == 0;
  if (::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) == 0) return true;
  if (errno != EINVAL && errno != ENOSYS) return false;
  // A file system without RENAME_NOREPLACE: a hard link, too, is made only where nothing is.
  if (::link(temp.c_str(), target.c_str()) != 0) return false;
  ::unlink(temp.c_str());
  return true;
}

/// The temporary file of one write: made and registered in one step, and removed unless it
/// was renamed into place.
class PendingFile {
 public:
  PendingFile(std::string pattern, TempFiles* registry) : path_(std::move(pattern)), registry_(registry) {}
  ~PendingFile() {
    if (!open_) return;
    if (registry_) registry_->discard(path_);
    else ::unlink(path_.c_str());
  }
  PendingFile(const PendingFile&) = delete;
  PendingFile& operator=(const PendingFile&) = delete;

  /// Creates the file; its descriptor, or -1 with errno set.
  int create() {
    const int fd = registry_ ? registry_->create(path_) : ::mkostemp(path_.data(), O_CLOEXEC);
    open_ = fd >= 0;
    return fd;
  }
  bool rename_to(const fs::path& target, bool keep_existing = false) {
    const bool done = registry_ ? registry_->commit(path_, target.string(), keep_existing)
                                : move_into_place(path_, target.string(), keep_existing);
    if (done) open_ = false;
    return done;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  TempFiles* registry_;
  bool open_ = false;
};

}  // namespace

int TempFiles::create(std::string& pattern) {
  std::lock_guard<std::mutex> hold(mutex_);
  const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd >= 0) paths_.insert(pattern);
  return fd;
}

bool TempFiles::commit(const std::string& temp, const std::string& target, bool keep_existing) {
  std::lock_guard<std::mutex> hold(mutex_);
  if (!move_into_place(temp, target, keep_existing)) return false;
  paths_.erase(temp);
  committed_ = true;
  return true;
}

void TempFiles::discard(const std::string& temp) {
  std::lock_guard<std::mutex> hold(mutex_);
  ::unlink(temp.c_str());
  paths_.erase(temp);
}

TempFiles::Removal TempFiles::remove_all(std::unique_lock<std::mutex>& hold) {
  hold = std::unique_lock<std::mutex>(mutex_);
  for (const std::string& path : paths_) ::unlink(path.c_str());
  const Removal removal{!paths_.empty(), committed_};
  paths_.clear();
  return removal;
}

namespace {

// The rules, for `path` once its links are followed to `target` (`hops` of them).
bool allowed(const std::string& path, const fs::path& target, int hops, const std::string& input,
             const OutputKind& kind, OutputRefusal& refusal) {
  std::error_code ec;
  if (fs::exists(fs::status(target, ec))) return may_replace(path, target, hops > 0, input, kind, refusal);
  // A link to a file not made yet (~/.ssh/authorized_keys) would make one of another kind.
  if (hops > 0 && !named_as(target, kind))
    return refuse(refusal,
                  fmt::format("refusing to write through '{}': it is a link to a file not named {}", path,
                              extensions_of(kind)),
                  hint_for(kind));
  return true;
}

}  // namespace

bool output_allowed(const std::string& path, const std::string& input, const OutputKind& kind,
                    OutputRefusal& refusal) {
  fs::path target;
  int hops = 0;
  std::string error;
  if (!resolve_links(path, target, hops, error)) return refuse(refusal, error, hint_for(kind));
  return allowed(path, target, hops, input, kind, refusal);
}

namespace {

std::string temp_pattern(const fs::path& target) {
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string hidden_name(".");  // built step by step: GCC 12 warns falsely on "." + string
  hidden_name += target.filename().string();
  hidden_name += ".tmp-XXXXXX";
  return (dir / hidden_name).string();
}

// `bytes` in the new temporary file `temp` (made beside `target`), flushed, given `target`'s
// permissions and closed: ready to be renamed into place. `path` is what messages call it.
bool fill(PendingFile& temp, const fs::path& target, const std::string& path, const std::string& bytes,
          const std::string& create_hint, OutputRefusal& refusal) {
  const int raw = temp.create();
  if (raw < 0) {
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    return refuse(refusal, fmt::format("cannot create a file in '{}': {}", dir.string(), std::strerror(errno)),
                  create_hint);
  }
  FileDescriptor fd(raw);
  if (!write_all(fd.get(), bytes) || ::fsync(fd.get()) != 0) return refuse(refusal, write_error(path, errno, bytes.size()), "");
  set_permissions(fd.get(), target);
  if (!fd.close()) return refuse(refusal, write_error(path, errno, bytes.size()), "");
  return true;
}

}  // namespace

bool write_output(const std::string& path, const std::string& input, const OutputKind& kind, const std::string& bytes,
                  TempFiles* temp_files, OutputRefusal& refusal) {
  fs::path target;
  int hops = 0;
  std::string error;
  if (!resolve_links(path, target, hops, error)) return refuse(refusal, error, hint_for(kind));
  if (!allowed(path, target, hops, input, kind, refusal)) return false;
  PendingFile temp(temp_pattern(target), temp_files);
  if (!fill(temp, target, path, bytes, hint_for(kind), refusal)) return false;
  if (!temp.rename_to(target))
    return refuse(refusal, fmt::format("cannot replace '{}': {}", target.string(), std::strerror(errno)), "");
  return true;
}

bool write_new_file(const std::string& path, const std::string& bytes, TempFiles* temp_files,
                    OutputRefusal& refusal, std::string_view another_name) {
  const std::string hint = fmt::format("give another name, e.g. {}", another_name);
  std::error_code ec;
  if (fs::exists(fs::symlink_status(path, ec)))
    return refuse(refusal, fmt::format("'{}' already exists; hanji new never replaces a file", path), hint);
  const fs::path target(path);
  PendingFile temp(temp_pattern(target), temp_files);
  // Nothing is there: the file gets 0666 minus the umask.
  if (!fill(temp, target, path, bytes, "check that the folder exists and that you may write in it", refusal))
    return false;
  if (!temp.rename_to(target, /*keep_existing=*/true)) {
    if (errno == EEXIST)
      return refuse(refusal, fmt::format("'{}' already exists; hanji new never replaces a file", path), hint);
    return refuse(refusal, fmt::format("cannot write '{}': {}", path, std::strerror(errno)), "");
  }
  return true;
}

}  // namespace hanji::cli
