// Reading a layout file found by name or path. A layouts/ folder beside a CV, or the user's
// own, may hold a link named classic.yaml to any file on the machine: it is read only when it
// is a regular file, named as a layout (through links too) and starting with a layout's key,
// so that no message ever quotes a file that is not a layout.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "config/shipped_trees.h"
#include "core/files.h"
#include "core/limits.h"
#include "theme/data_dirs.h"
#include "theme/theme.h"
#include "theme/params.h"

namespace hanji::theme {
namespace {

// The keys a layout file may start with: its own (description, extends) and the first part
// of every parameter's key (page, fonts, styles, ...).
const std::set<std::string>& top_level_keys() {
  static const std::set<std::string> keys = [] {
    std::set<std::string> out;
    for (const FileKey& file_key : layout_file_keys()) out.emplace(file_key.key);
    for (const Param& p : parameters()) out.insert(p.key.substr(0, p.key.find('.')));
    return out;
  }();
  return keys;
}

bool starts_like_a_layout(std::string_view text) {
  // Text that is not UTF-8 is refused by the YAML reader with its encoding named, and no
  // quote of it: let it through to say so.
  if (!utf8_valid(text) || text.find('\0') != std::string_view::npos) return true;
  const std::optional<std::string> key = config::first_key(text);
  if (!key) return false;
  if (key->empty()) return true;  // comments only: nothing to quote
  const std::string group = key->substr(0, key->find('.'));
  const std::set<std::string>& keys = top_level_keys();
  if (keys.contains(group)) return true;
  // A typo in the first key ("pgae") is the user's own layout, and deserves "did you mean".
  return !closest_match(group, std::vector<std::string>(keys.begin(), keys.end())).empty();
}

}  // namespace

const FileKind& layout_file_kind() {
  static const FileKind kind{"a layout",
                             {".yaml", ".yml"}, limits::kMaxLayoutBytes, starts_like_a_layout};
  return kind;
}

std::optional<config::ConfigNode> read_layout_file(const std::string& path, const Span& named_at, Diagnostics& diags) {
  std::string error;
  std::optional<std::string> text = read_data_file(path, layout_file_kind(), error);
  if (!text) {
    std::vector<std::string> hints;
    if (error.starts_with("does not exist")) hints.push_back("check the name; see `hanji layouts` for the layouts there are");
    else if (error.starts_with("is larger")) hints.push_back(fmt::format("a layout file holds at most {} (the built-in ones under 3 KiB); is this the right file?", describe_bytes(limits::kMaxLayoutBytes)));
    else if (error.starts_with("is not") || error.starts_with("is a link"))
      hints.push_back("a layout is a .yaml file that starts with `extends: NAME` or one of a layout's groups (page:, fonts:, styles:)");
    else if (!error.starts_with("is a directory")) hints.push_back("check that you may read the file");
    diags.error(named_at.known() ? named_at : Span{path, 0, 0}, fmt::format("layout file '{}' {}", path, error),
                std::move(hints));
    return std::nullopt;
  }
  return config::load_config_from_string(*text, path, diags, config::shipped_trees());
}

}  // namespace hanji::theme

namespace hanji::theme {

struct LayoutFileCache::Impl {
  StampedFiles<std::shared_ptr<const config::ConfigNode>> files;
};

LayoutFileCache::LayoutFileCache() : impl_(std::make_unique<Impl>()) {}
LayoutFileCache::~LayoutFileCache() = default;

std::shared_ptr<const config::ConfigNode> LayoutFileCache::read(const std::string& path, const Span& named_at,
                                                                Diagnostics& diags) {
  const std::optional<FileStamp> stamp = file_stamp(path);
  if (std::optional<std::shared_ptr<const config::ConfigNode>> kept = impl_->files.find(path, stamp)) return *kept;
  const std::size_t reported = diags.all().size();
  std::optional<config::ConfigNode> node = read_layout_file(path, named_at, diags);
  if (!node) {
    impl_->files.forget(path);
    return nullptr;
  }
  auto shared = std::make_shared<const config::ConfigNode>(std::move(*node));
  if (diags.all().size() == reported) impl_->files.keep(path, stamp, shared);
  else impl_->files.forget(path);
  return shared;
}

std::size_t LayoutFileCache::parsed() const { return impl_->files.made(); }

std::size_t LayoutFileCache::reused() const { return impl_->files.reused(); }

}  // namespace hanji::theme
