// core: reading input files without trusting them. A path in a CV can name anything: a FIFO
// (open() would wait for a writer forever), /dev/zero (endless), a directory, a file of
// gigabytes. These open without blocking, accept only regular files and never read more
// than asked.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/memo.h"

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

/// The first `count` bytes (fewer if the file is shorter) of the regular file `path`; otherwise
/// nullopt, with `error` saying why in words that fit after the file name ("does not exist",
/// "is a directory", "is not a regular file (a FIFO, socket or device)", "cannot be read:
/// Permission denied").
std::optional<std::string> read_file_head(const std::string& path, std::size_t count, std::string& error);

/// What a data file that hanji finds by name or path (a layout, a locale, a font, a photo)
/// must be. A file someone else prepared can be a link to /etc/shadow or ~/.ssh/id_rsa
/// named classic.yaml: it is refused without a byte of it in a message, because it is read
/// only when it is a regular file whose content starts as its kind does, and, when the name
/// leads through a symbolic link, the file reached is named as its kind is.
struct FileKind {
  /// What the file should be, for messages: "a layout", "a TrueType font".
  std::string_view what;
  /// How the name of the file a link leads to ends (lower case): {".yaml", ".yml"}.
  std::vector<std::string_view> extensions;
  /// The largest such file hanji reads.
  std::size_t max_bytes = 0;
  /// True when the file's first bytes are those of its kind (all of them as read_data_file
  /// gives them, or the first `head_bytes` for probe_data_file); nullptr takes any content.
  bool (*recognises)(std::string_view bytes) = nullptr;
  /// How many bytes probe_data_file shows `recognises`.
  std::size_t head_bytes = 16;
};

/// A TrueType or OpenType font file (.ttf; the other font formats are refused by name and by
/// their first bytes with messages of their own).
const FileKind& font_file_kind();

/// What a font file says about itself, as far as choosing it for a family's slot goes (read
/// by the text module, which alone reads font tables, and handed to the reader as plain data).
struct FontFileFacts {
  std::vector<std::string> families;  // its family names (name IDs 1 and 16), as written
  bool truetype = false;              // glyf outlines; else OpenType/CFF
  bool italic = false;                // italic or oblique
  int weight = 400;                   // 100 (thin) to 900 (black)
};
/// A photo: a JPEG or PNG picture of at most limits::kMaxImageBytes.
const FileKind& photo_file_kind();

/// The bytes of the data file `path` if it is what `kind` says; otherwise nullopt with `error` saying why
/// in words that fit after the file name ("does not exist", "is not a regular file (a FIFO,
/// socket or device)", "cannot be read: Permission denied", "is larger than 32 MiB", "is a
/// link to a file that is not a layout", "is not a layout"). The file's content never
/// appears in `error`.
std::optional<std::string> read_data_file(const std::string& path, const FileKind& kind, std::string& error);

/// Checks the data file `path` as read_data_file does, reading only its first
/// kind.head_bytes bytes (its size comes from the file system): for files that a library reads
/// later (fonts) or that are read once the document is made (photos).
bool probe_data_file(const std::string& path, const FileKind& kind, std::string& error);

/// A data file mapped into memory, read only, unmapped when destroyed: a font is read by the
/// page as HarfBuzz needs it rather than copied whole.
class MappedFile {
 public:
  MappedFile(const void* data, std::size_t size) : data_(data), size_(size) {}
  MappedFile(MappedFile&& other) noexcept : data_(other.data_), size_(other.size_) { other.data_ = nullptr; }
  MappedFile& operator=(MappedFile&&) = delete;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  const char* data() const { return static_cast<const char*>(data_); }
  std::size_t size() const { return size_; }

 private:
  const void* data_;
  std::size_t size_;
};

/// The data file `path` mapped into memory, checked as probe_data_file checks it, through the
/// one descriptor that is mapped (the file cannot be swapped for a FIFO in between).
std::optional<MappedFile> map_data_file(const std::string& path, const FileKind& kind, std::string& error);

/// True when the name of `file` ends in one of `extensions` (lower case, with the dot),
/// compared without case: "CV.YAML" is named as {".yaml", ".yml"}.
bool has_extension(const std::string& file, const std::vector<std::string_view>& extensions);

/// True when the real file behind `path` (after every symbolic link) has a name ending in one
/// of `extensions`, or when `path` leads through no link at all.
bool link_target_named_as(const std::string& path, const std::vector<std::string_view>& extensions);

/// What tells one version of a file from another without reading it: the file reached (its
/// device and inode, through links), its size and its modification and change times. A warm
/// engine keeps what it parsed from a file while the stamp stays the same; an editor that
/// saves by writing a new file and renaming it over the old one changes the inode.
struct FileStamp {
  unsigned long long device = 0, inode = 0, size = 0;
  long long modified_ns = 0, changed_ns = 0;
  bool operator==(const FileStamp&) const = default;
};

/// The stamp of the file `path` leads to, or nullopt when it cannot be looked at.
std::optional<FileStamp> file_stamp(const std::string& path);

/// The key a memo of what was made from a file keeps it by: its path and stamp, so that a
/// file saved again is a new key (the old one ages out of the memo); "" when the file cannot
/// be stamped, which is never kept.
std::string stamped_key(const std::string& path, const std::optional<FileStamp>& stamp);

/// What was made from files (parsed layouts, locales), each kept while its file's stamp stays
/// as it was when it was made: a warm engine's memos. Safe to share between threads; keeps
/// the `budget` files asked for last.
template <class T>
class StampedFiles {
 public:
  explicit StampedFiles(std::size_t budget) : memo_(budget) {}

  /// What was kept for `path` when the file was as `stamp` says it is now; nullopt (a miss)
  /// when nothing was, or the file has changed, or it cannot be stamped.
  std::optional<T> find(const std::string& path, const std::optional<FileStamp>& stamp) {
    return memo_.find(stamped_key(path, stamp));
  }
  /// Keeps `value`, made from `path` when it had `stamp` (nothing is kept without one).
  void keep(const std::string& path, const std::optional<FileStamp>& stamp, T value) {
    if (stamp) memo_.keep(stamped_key(path, stamp), std::move(value));
  }
  /// Values made (not found kept), and values found kept, so far.
  std::size_t made() const { return memo_.stats().misses; }
  std::size_t reused() const { return memo_.stats().hits; }
  MemoStats stats() const { return memo_.stats(); }

 private:
  Memo<std::string, T> memo_;
};

/// The user's own folder of hanji's `kind` of files: $XDG_CONFIG_HOME/hanji/KIND, else
/// ~/.config/hanji/KIND; empty when neither variable holds an absolute path.
std::string user_config_folder(std::string_view kind);

/// True when `path` is a folder (through links).
bool is_folder(const std::string& path);

/// Where `path` leads, one folder entry at a time, every symbolic link on the way followed (to
/// a file or a folder, relative or absolute; a `..` is taken after the link before it, as the
/// kernel takes it), at most 40 links.
struct PathWalk {
  /// Every link on the way and the last entry, each as (folder, name), the folder absolute and
  /// free of links: a change to any of them changes what `path` reads. They stop at the first
  /// entry that is missing, which is the last.
  std::vector<std::pair<std::string, std::string>> entries;
  /// The absolute place `path` leads to, free of links; past a missing entry, as written from
  /// there (a link to a file not made yet leads where a write would make it).
  std::string resolved;
  bool exists = false;  // every entry is there, and the links end within the 40
};
PathWalk walk_path(const std::string& path);

/// "1 MiB", "32 MiB", "512 KiB", "900 bytes": a size limit for messages.
std::string describe_bytes(std::size_t bytes);

}  // namespace hanji
