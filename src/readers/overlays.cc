// What the command line (and a file's settings.render_command) puts into the CV file's tree
// before it is read, as `rendercv render` does: `design:` and `locale:` from files of their
// own, then --set values. Everything then goes through the one reader, so an override or a
// design file is checked as the CV file is, and its messages point into where it was written.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <limits>

#include "core/files.h"
#include "core/limits.h"
#include "readers/reader.h"

namespace hanji::readers {

namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------- --set

std::vector<std::string> split_key(std::string_view key) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t dot = key.find('.', start);
    parts.emplace_back(key.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) return parts;
    start = dot + 1;
  }
}

std::string joined(const std::vector<std::string>& parts, size_t count) {
  std::string out;
  for (size_t i = 0; i < count; ++i) out += (i ? "." : "") + parts[i];
  return out;
}

// A node made from the command line: its messages name the option (the "file" of its span),
// and it has no place in the CV file's text (a line past its end: nothing is looked up there).
YamlNode command_line_node(YamlNode::Kind kind, const Span& span) {
  YamlNode node;
  node.kind = kind;
  node.span = span;
  node.style = ScalarStyle::DoubleQuoted;
  node.raw = RawMark{std::numeric_limits<int>::max(), 0};
  return node;
}

std::optional<size_t> position(std::string_view text) {
  size_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// Follows `key` from the root, making the maps it lacks, and sets the value at its end.
void apply_override(YamlNode& root, const Override& override, Reader& reader) {
  const Span at = override.span.known() ? override.span : Span{override.origin, 0, 0};
  const std::vector<std::string> parts = split_key(override.key);
  if (parts.size() > static_cast<size_t>(limits::kMaxNestingDepth)) {
    reader.diags.error(at, fmt::format("the key has {} levels; a CV file has at most {}", parts.size(),
                                       limits::kMaxNestingDepth));
    return;
  }
  if (override.value.size() > limits::kMaxInputBytes) {
    reader.diags.error(at, fmt::format("the value has {} bytes; a whole CV file has at most {}", override.value.size(),
                                       limits::kMaxInputBytes));
    return;
  }
  YamlNode* node = &root;
  for (size_t i = 0; i < parts.size(); ++i) {
    const std::string& part = parts[i];
    const std::string where = i == 0 ? std::string("the top level of the file") : "'" + joined(parts, i) + "'";
    if (node->is_null() && i > 0) *node = command_line_node(YamlNode::Kind::Map, at);
    if (node->is_sequence()) {
      const std::optional<size_t> index = position(part);
      if (!index || *index >= node->items.size()) {
        reader.diags.error(at,
                           fmt::format("{} is a list of {} item{}: '{}' is not one of its positions", where,
                                       node->items.size(), node->items.size() == 1 ? "" : "s", excerpt(part)),
                           {fmt::format("count the items from 0: {}.0 is the first", joined(parts, i))});
        return;
      }
      node = &node->items[*index];
    } else if (node->is_map()) {
      YamlNode* child = value_of(*node, part);
      if (!child) {
        node->keys.push_back(part);
        node->key_spans.push_back(i < override.key_spans.size() && override.key_spans[i].known() ? override.key_spans[i]
                                                                                               : at);
        node->items.push_back(command_line_node(YamlNode::Kind::Null, at));
        child = &node->items.back();
      }
      node = child;
    } else {
      reader.diags.error(at, fmt::format("{} is {}, so it has no '{}'", where, describe_kind(*node), excerpt(part)),
                         {fmt::format("set {} itself, or check the key", joined(parts, i))});
      return;
    }
  }
  if (override.list) {
    *node = command_line_node(YamlNode::Kind::Sequence, at);
    for (const std::string& item : override.items) {
      node->items.push_back(command_line_node(YamlNode::Kind::Scalar, at));
      node->items.back().scalar = item;
    }
    return;
  }
  *node = command_line_node(YamlNode::Kind::Scalar, at);
  node->scalar = override.value;
}

bool is_settings_override(const Override& override) {
  return override.key.starts_with("settings.") || override.key.starts_with("rendercv_settings.");
}

// ---------------------------------------------------------------- design and locale files

/// A file of one section: `design:` (from --design or render_command.design) or `locale:`.
struct Overlay {
  std::vector<std::string_view> sections;  // the keys it may hold: {"locale", "locale_catalog"}
  std::string_view option;                 // the command line's option, for messages
  std::string path;                        // as given
  Span named_at;                           // where the CV file names it; unknown from the command line
};

const FileKind& overlay_kind() {
  static const FileKind kind{"a YAML file", {".yaml", ".yml", ".json"}, limits::kMaxInputBytes, nullptr};
  return kind;
}

// The text of an overlay file. One the CV file names is a data file: read only when it is named
// as YAML (and so is the file a link leads to), so a CV file cannot make hanji read and quote
// another kind of file. One the command line names is read as the CV file is.
std::optional<std::string> read_overlay(const Overlay& overlay, const std::string& path, Reader& reader) {
  if (!overlay.named_at.known()) {
    // Named as YAML, and so is the file a link leads to: otherwise the CV file's checks would
    // call it "not a CV", which is not what the option asks for.
    const std::string takes = fmt::format("{} takes a YAML file holding '{}:' (a .yaml or .yml file)", overlay.option,
                                          overlay.sections.front());
    if (!has_extension(path, overlay_kind().extensions)) {
      reader.diags.error(Span{}, fmt::format("{}, not '{}'", takes, excerpt(path)),
                         {fmt::format("write the {} into a file such as {}.yaml: '{}:' followed by indented keys",
                                      overlay.sections.front(), overlay.sections.front(), overlay.sections.front())});
      return std::nullopt;
    }
    if (!link_target_named_as(path, overlay_kind().extensions)) {
      reader.diags.error(Span{}, fmt::format("{}; '{}' is a link to another kind of file", takes, excerpt(path)),
                         {"name the YAML file itself, not a link to another kind of file"});
      return std::nullopt;
    }
    return read_input_file(path, Span{}, reader.diags);
  }
  if (!has_extension(path, overlay_kind().extensions)) {
    reader.diags.error(overlay.named_at,
                       fmt::format("'{}' is not a YAML file: a {} file ends in .yaml or .yml", excerpt(overlay.path),
                                   overlay.sections.front()),
                       {"name the YAML file that holds it"});
    return std::nullopt;
  }
  std::string error;
  std::optional<std::string> text = read_data_file(path, overlay_kind(), error);
  if (!text)
    reader.diags.error(overlay.named_at, fmt::format("{} file '{}' {}", overlay.sections.front(), path, error),
                       {error.starts_with("does not exist")
                            ? fmt::format("the path is relative to the CV file's folder ({})",
                                          directory_of(reader.source.file()).empty() ? "."
                                                                                     : directory_of(reader.source.file()))
                            : "name a YAML file you may read"});
  return text;
}

// Reads the overlay and puts its section into the CV file's tree, over the file's own.
void apply_overlay(YamlNode& root, const Overlay& overlay, Reader& reader, std::vector<std::string>& included) {
  std::string path = overlay.path;
  if (overlay.named_at.known() && fs::path(path).is_relative() && !directory_of(reader.source.file()).empty())
    path = (fs::path(directory_of(reader.source.file())) / path).string();
  std::optional<std::string> text = read_overlay(overlay, path, reader);
  if (!text) return;
  included.push_back(path);
  SourceText source(std::move(*text), path);
  std::optional<YamlNode> file = parse_yaml(source, reader.diags);
  if (!file) return;
  auto is_section = [&](const std::string& key) {
    return std::find(overlay.sections.begin(), overlay.sections.end(), key) != overlay.sections.end();
  };
  if (!file->is_map() || std::none_of(file->keys.begin(), file->keys.end(), is_section)) {
    reader.diags.error(Span{path, 1, 1}, fmt::format("the file has no '{}:' key", overlay.sections.front()),
                       {fmt::format("a {} file ({} FILE, or settings.render_command.{}) holds '{}:' followed by "
                                    "indented keys, as the CV file would",
                                    overlay.sections.front(), overlay.option, overlay.sections.front(),
                                    overlay.sections.front())});
    return;
  }
  for (size_t i = 0; i < file->keys.size(); ++i) {
    const std::string& key = file->keys[i];
    if (!is_section(key)) {
      reader.diags.ignored_setting(file->key_spans[i],
                           fmt::format("'{}' is ignored: only '{}:' is read from a {} file", excerpt(key),
                                       overlay.sections.front(), overlay.sections.front()),
                           {fmt::format("write '{}' in the CV file", excerpt(key))});
      continue;
    }
    if (YamlNode* own = value_of(root, key)) {
      *own = std::move(file->items[i]);
    } else {
      root.keys.push_back(key);
      root.key_spans.push_back(file->key_spans[i]);
      root.items.push_back(std::move(file->items[i]));
    }
  }
}

// settings.render_command.KEY (or RenderCV 1's rendercv_settings.render_command.KEY): a path,
// or nullopt when the file does not name one.
std::optional<Overlay> named_in_file(const YamlNode& root, std::string_view key, Reader& reader) {
  for (std::string_view section : {"settings", "rendercv_settings"}) {
    const YamlNode* settings = value_of(root, section);
    const YamlNode* command = settings ? value_of(*settings, "render_command") : nullptr;
    const YamlNode* value = command ? value_of(*command, key) : nullptr;
    if (!value || value->is_null()) continue;
    if (auto text = reader.text(*value, fmt::format("{}.render_command.{}", section, key)))
      return Overlay{{}, {}, text->value, text->span};
  }
  return std::nullopt;
}

}  // namespace

void apply_command_line(YamlNode& root, const ReadOptions& options, Reader& reader, std::vector<std::string>& included) {
  if (options.overrides.size() > limits::kMaxOverrides) {
    reader.diags.error(Span{options.overrides[limits::kMaxOverrides].origin, 0, 0},
                       fmt::format("more than {} values set on the command line (--set KEY=VALUE or --cv.KEY VALUE): "
                                   "this is number {} of {}",
                                   limits::kMaxOverrides, limits::kMaxOverrides + 1, options.overrides.size()),
                       {"write them into the CV file, or into a file of your own given with --design or --locale"});
    return;
  }
  // The settings first, since they may name the design and locale files (a settings file,
  // then the command line's own settings over it); the rest after those files, so that `--set
  // design.theme=...` changes the design they bring.
  if (!options.settings_file.empty())
    apply_overlay(root, Overlay{{"settings"}, "--settings", options.settings_file, Span{}}, reader, included);
  for (const Override& override : options.overrides)
    if (is_settings_override(override)) apply_override(root, override, reader);
  const std::pair<std::vector<std::string_view>, std::string_view> kinds[] = {
      {{"design"}, "--design"}, {{"locale", "locale_catalog"}, "--locale"}};
  for (const auto& [sections, option] : kinds) {
    const std::string& given = sections.front() == "design" ? options.design_file : options.locale_file;
    std::optional<Overlay> overlay;
    if (!given.empty()) overlay = Overlay{sections, option, given, Span{}};
    else
      for (std::string_view key : sections)
        if (!overlay) overlay = named_in_file(root, key, reader);
    if (!overlay) continue;
    overlay->sections = sections;
    overlay->option = option;
    apply_overlay(root, *overlay, reader, included);
  }
  for (const Override& override : options.overrides)
    if (!is_settings_override(override)) apply_override(root, override, reader);
}

}  // namespace hanji::readers
