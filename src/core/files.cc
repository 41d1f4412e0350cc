#include "core/files.h"

#include "core/limits.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <cstdlib>
#include <deque>
#include <filesystem>

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

std::optional<std::string> read_file_head(const std::string& path, std::size_t count, std::string& error) {
  std::optional<FileDescriptor> fd = open_regular(path, error);
  if (!fd) return std::nullopt;
  std::string bytes;
  if (!read_up_to(fd->get(), count, bytes, error)) return std::nullopt;
  return bytes;
}

namespace {

// Whether the path, as written, goes through a symbolic link anywhere: in its last part (a
// link named classic.yaml) or in a folder on the way (a layouts/ that is a link elsewhere).
bool passes_through_link(const std::string& path) {
  // Each prefix that ends a name ("a", "a/b", "a/b/c"), asked with lstat: a link there is
  // not followed. "/", "." and ".." name no link of their own; an empty part ("a//b", a
  // trailing "/") adds nothing.
  std::string prefix;
  prefix.reserve(path.size());
  for (std::size_t at = 0; at <= path.size();) {
    std::size_t slash = path.find('/', at);
    if (slash == std::string::npos) slash = path.size();
    const std::string_view part(path.data() + at, slash - at);
    if (!part.empty() && part != "." && part != "..") {
      prefix.assign(path, 0, slash);
      struct stat status {};
      if (::lstat(prefix.c_str(), &status) == 0 && S_ISLNK(status.st_mode)) return true;
    }
    at = slash + 1;
  }
  return false;
}

// The file an open descriptor reads, as the kernel names it: what the path led to when it
// was opened, whatever has been renamed or relinked since.
std::filesystem::path opened_file(int fd, const std::string& path) {
  std::error_code ec;
  std::filesystem::path real = std::filesystem::read_symlink("/proc/self/fd/" + std::to_string(fd), ec);
  if (!ec && real.is_absolute()) return real;
  real = std::filesystem::canonical(path, ec);
  return ec ? std::filesystem::path(path) : real;
}

// What every data file is checked for before its bytes are looked at: a name through a link
// that is its kind's.
bool named_as_its_kind(const FileDescriptor& fd, const std::string& path, const FileKind& kind, std::string& error) {
  if (kind.extensions.empty() || !passes_through_link(path) ||
      has_extension(opened_file(fd.get(), path).string(), kind.extensions))
    return true;
  error = "is a link to a file that is not " + std::string(kind.what);
  return false;
}

// ... and, once they are read (all of them or the head), first bytes of its kind.
bool starts_as_its_kind(std::string_view bytes, const FileKind& kind, std::string& error) {
  if (!kind.recognises || kind.recognises(bytes)) return true;
  error = "is not " + std::string(kind.what);
  return false;
}

// The checks of probe_data_file on an open descriptor; its size in `size`.
bool check_open_data_file(const FileDescriptor& fd, const std::string& path, const FileKind& kind, std::size_t& size,
                          std::string& error) {
  if (!named_as_its_kind(fd, path, kind, error)) return false;
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) {
    error = errno_reason(errno);
    return false;
  }
  if (static_cast<std::uintmax_t>(info.st_size) > kind.max_bytes) {
    error = "is larger than " + describe_bytes(kind.max_bytes);
    return false;
  }
  size = static_cast<std::size_t>(info.st_size);
  std::string head;
  return read_up_to(fd.get(), kind.head_bytes, head, error) && starts_as_its_kind(head, kind, error);
}

}  // namespace

bool has_extension(const std::string& file, const std::vector<std::string_view>& extensions) {
  std::string extension = std::filesystem::path(file).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return std::find(extensions.begin(), extensions.end(), extension) != extensions.end();
}

bool link_target_named_as(const std::string& path, const std::vector<std::string_view>& extensions) {
  if (!passes_through_link(path)) return true;
  std::error_code ec;
  const std::filesystem::path real = std::filesystem::canonical(path, ec);
  return !ec && has_extension(real.string(), extensions);
}

std::optional<std::string> read_data_file(const std::string& path, const FileKind& kind, std::string& error) {
  std::optional<FileDescriptor> fd = open_regular(path, error);
  if (!fd || !named_as_its_kind(*fd, path, kind, error)) return std::nullopt;
  // One byte more than allowed tells "too large" without trusting st_size (/proc files say 0).
  std::string bytes;
  if (!read_up_to(fd->get(), kind.max_bytes + 1, bytes, error)) return std::nullopt;
  if (bytes.size() > kind.max_bytes) {
    error = "is larger than " + describe_bytes(kind.max_bytes);
    return std::nullopt;
  }
  if (!starts_as_its_kind(bytes, kind, error)) return std::nullopt;
  return bytes;
}

bool probe_data_file(const std::string& path, const FileKind& kind, std::string& error) {
  std::optional<FileDescriptor> fd = open_regular(path, error);
  std::size_t size = 0;
  return fd && check_open_data_file(*fd, path, kind, size, error);
}

MappedFile::~MappedFile() {
  if (data_ && size_ > 0) ::munmap(const_cast<void*>(data_), size_);
}

std::optional<MappedFile> map_data_file(const std::string& path, const FileKind& kind, std::string& error) {
  std::optional<FileDescriptor> fd = open_regular(path, error);
  std::size_t size = 0;
  if (!fd || !check_open_data_file(*fd, path, kind, size, error)) return std::nullopt;
  if (size == 0) return MappedFile(nullptr, 0);
  void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd->get(), 0);
  if (data == MAP_FAILED) {
    error = errno_reason(errno);
    return std::nullopt;
  }
  return MappedFile(data, size);
}

namespace {

bool starts_like_a_font(std::string_view bytes) {
  // TrueType (1.0 or Apple's 'true'), CFF OpenType, collections and web fonts: the font
  // checks name the ones hanji cannot embed.
  for (std::string_view tag : {std::string_view("\0\1\0\0", 4), std::string_view("true"), std::string_view("OTTO"),
                               std::string_view("ttcf"), std::string_view("wOFF"), std::string_view("wOF2")})
    if (bytes.starts_with(tag)) return true;
  return false;
}

bool starts_like_a_picture(std::string_view bytes) {
  return bytes.starts_with("\xFF\xD8\xFF") || bytes.starts_with("\x89PNG\r\n\x1A\n");
}

}  // namespace

const FileKind& font_file_kind() {
  static const FileKind kind{"a font (a TrueType .ttf file)", {".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2"},
                             limits::kMaxFontBytes, starts_like_a_font, 4};
  return kind;
}

const FileKind& photo_file_kind() {
  static const FileKind kind{"a JPEG or PNG picture", {".jpg", ".jpeg", ".png"}, limits::kMaxImageBytes,
                             starts_like_a_picture, 8};
  return kind;
}

std::string describe_bytes(std::size_t bytes) {
  constexpr std::size_t kKiB = 1024, kMiB = kKiB * kKiB;
  if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  if (bytes >= kKiB && bytes % kKiB == 0) return std::to_string(bytes / kKiB) + " KiB";
  return std::to_string(bytes) + " bytes";
}

std::optional<FileStamp> file_stamp(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  FileStamp stamp;
  stamp.device = static_cast<unsigned long long>(st.st_dev);
  stamp.inode = static_cast<unsigned long long>(st.st_ino);
  stamp.size = static_cast<unsigned long long>(st.st_size);
  stamp.modified_ns = static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
  stamp.changed_ns = static_cast<long long>(st.st_ctim.tv_sec) * 1000000000LL + st.st_ctim.tv_nsec;
  return stamp;
}

std::string stamped_key(const std::string& path, const std::optional<FileStamp>& stamp) {
  if (!stamp) return "";
  std::string key = path;
  key += '\0';
  key.append(reinterpret_cast<const char*>(&*stamp), sizeof *stamp);
  return key;
}

std::string user_config_folder(std::string_view kind) {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg == '/')
    return (std::filesystem::path(xdg) / "hanji" / kind).string();
  if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/')
    return (std::filesystem::path(home) / ".config" / "hanji" / kind).string();
  return "";
}

bool is_folder(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec);
}

PathWalk walk_path(const std::string& path) {
  constexpr int kMostLinks = 40;
  PathWalk walk;
  std::error_code ec;
  const std::filesystem::path start = std::filesystem::absolute(path, ec);
  if (ec || path.empty()) return walk;
  std::deque<std::string> rest;
  for (const std::filesystem::path& part : start.relative_path()) rest.push_back(part.string());
  std::filesystem::path at = start.root_path().empty() ? std::filesystem::path("/") : start.root_path();
  bool whole = true;  // every entry so far is there and was followed: `at` exists, free of links
  int links = 0;
  while (!rest.empty()) {
    const std::string name = std::move(rest.front());
    rest.pop_front();
    if (name.empty() || name == ".") continue;
    if (name == "..") {  // `at` has no links: its parent is the real one
      at = at.parent_path();
      continue;
    }
    const std::filesystem::path next = at / name;
    struct stat st {};
    if (whole && ::lstat(next.c_str(), &st) != 0) {  // missing: its making is waited for where it would be
      walk.entries.emplace_back(at.string(), name);
      whole = false;
    }
    if (whole && S_ISLNK(st.st_mode)) {
      walk.entries.emplace_back(at.string(), name);  // the link may be pointed elsewhere
      std::string target(static_cast<std::size_t>(st.st_size > 0 ? st.st_size : 4095) + 1, '\0');
      const ssize_t length = ::readlink(next.c_str(), target.data(), target.size());
      if (++links <= kMostLinks && length > 0 && static_cast<std::size_t>(length) < target.size()) {
        target.resize(static_cast<std::size_t>(length));
        const std::filesystem::path to(target);
        std::vector<std::string> parts;
        for (const std::filesystem::path& part : to.relative_path()) parts.push_back(part.string());
        rest.insert(rest.begin(), parts.begin(), parts.end());
        if (to.is_absolute()) at = to.root_path();
        continue;
      }
      whole = false;  // a loop, or a link that cannot be read: taken as a name from here
    }
    if (whole && rest.empty()) walk.entries.emplace_back(at.string(), name);  // the file (or folder) itself
    at = next;
  }
  walk.resolved = at.string();
  walk.exists = whole;
  return walk;
}

}  // namespace hanji
