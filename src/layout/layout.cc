// load_theme: defaults, then the layout file chain (`extends`), then the CV's overrides,
// then the paper size from the command line.
#include "layout/layout.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "layout/apply.h"
#include "layout/data_dirs.h"
#include "layout/params.h"
#include "layout/values.h"

namespace hanji::layout {
namespace fs = std::filesystem;
namespace {

using source::ConfigNode;

constexpr const char* kDefaultLayout = "classic";

const ConfigNode* map_value(const ConfigNode& map, std::string_view key) {
  for (size_t i = 0; i < map.keys.size() && i < map.children.size(); ++i)
    if (map.keys[i] == key) return &map.children[i];
  return nullptr;
}

void report_unknown_layout(const std::string& name, const Span& span, const DataDirs& dirs, Diagnostics& diags) {
  std::vector<std::string> names = layout_names(dirs.layouts);
  std::vector<std::string> hints;
  std::string guess = closest_match(name, names);
  if (!guess.empty()) hints.push_back("did you mean '" + guess + "'?");
  std::string available;
  for (const auto& n : names) available += (available.empty() ? "" : ", ") + n;
  hints.push_back(names.empty() ? "no layouts found in " + dirs.layouts + " (set HANJI_DATA_DIR?)"
                                : "available layouts: " + available);
  diags.error(span, "unknown layout '" + name + "'", std::move(hints));
}

// A layout is named by its stem ("classic", looked up in dirs.layouts) or, for a layout of
// one's own, by a path to a .yaml file ("./mine.yaml"), relative to the file that names it.
bool is_layout_path(const std::string& name) {
  return name.find('/') != std::string::npos || name.ends_with(".yaml") || name.ends_with(".yml");
}

std::string layout_id(const std::string& name) { return is_layout_path(name) ? fs::path(name).stem().string() : name; }

// Layout files from the most basic (the end of the `extends` chain) to `name` itself.
class ChainLoader {
 public:
  ChainLoader(const DataDirs& dirs, Diagnostics& diags) : dirs_(dirs), diags_(diags) {}

  std::optional<std::vector<ConfigNode>> load(const std::string& name, const Span& name_span) {
    auto path = find(name, name_span);
    if (!path) return std::nullopt;
    if (std::find(visited_.begin(), visited_.end(), *path) != visited_.end()) {
      report_cycle(*path, name, name_span);
      return std::nullopt;
    }
    visited_.push_back(*path);
    names_.push_back(name);
    auto config = source::load_config(*path, diags_);
    if (!config) return std::nullopt;
    std::vector<ConfigNode> chain;
    if (const ConfigNode* parent = config->kind == ConfigNode::Kind::Map ? map_value(*config, "extends") : nullptr) {
      if (parent->kind != ConfigNode::Kind::Scalar) {
        diags_.error(parent->span, "'extends' must name one layout", {"write `extends: classic`"});
        return std::nullopt;
      }
      auto base = load(parent->scalar, parent->span);
      if (!base) return std::nullopt;
      chain = std::move(*base);
    }
    chain.push_back(std::move(*config));
    return chain;
  }

 private:
  std::optional<std::string> find(const std::string& name, const Span& span) {
    std::error_code ec;
    if (is_layout_path(name)) {
      fs::path path(name);
      if (path.is_relative() && !span.file.empty())
        path = (fs::path(span.file).parent_path() / path).lexically_normal();
      if (fs::is_regular_file(path, ec)) return fs::absolute(path, ec).lexically_normal().string();
      diags_.error(span, "layout file '" + path.string() + "' not found",
                   {"name a built-in layout (see `hanji layouts`) or an existing .yaml file"});
      return std::nullopt;
    }
    fs::path path = fs::path(dirs_.layouts) / (name + ".yaml");
    if (!name.empty() && fs::is_regular_file(path, ec)) return fs::absolute(path, ec).lexically_normal().string();
    report_unknown_layout(name, span, dirs_, diags_);
    return std::nullopt;
  }

  void report_cycle(const std::string& path, const std::string& name, const Span& span) {
    auto first = std::find(visited_.begin(), visited_.end(), path) - visited_.begin();
    std::string loop;
    for (size_t i = static_cast<size_t>(first); i < names_.size(); ++i) loop += layout_id(names_[i]) + " -> ";
    diags_.error(span,
                 "layout '" + layout_id(names_.back()) + "' extends '" + layout_id(name) + "', which leads back to it",
                 {"the chain is " + loop + layout_id(name) + "; remove one `extends`"});
  }

  const DataDirs& dirs_;
  Diagnostics& diags_;
  std::vector<std::string> visited_;  // absolute paths of the files loaded so far
  std::vector<std::string> names_;    // the names they were asked for by
};

void check_fonts(const Theme& theme, Diagnostics& diags) {
  if (theme.fonts.hangul.regular.empty())
    diags.error({}, "layout '" + theme.id + "' names no Hangul font",
                {"set fonts.hangul.regular, e.g. NanumBarunGothic.ttf"});
  if (theme.fonts.latin.regular.empty())
    diags.error({}, "layout '" + theme.id + "' names no Latin font",
                {"set fonts.latin.regular, e.g. Lato-Regular.ttf"});
}

// Margins and the date column must leave room for text; otherwise every line would overflow.
void check_geometry(const Theme& theme, Diagnostics& diags) {
  double text_width = theme.page_width - theme.margin_left - theme.margin_right;
  double text_height = theme.page_height - theme.margin_top - theme.margin_bottom;
  if (text_width < 72 || text_height < 72) {
    diags.error({}, fmt::format("the page margins leave no room for text ({:.0f} x {:.0f} pt)", text_width, text_height),
                {"reduce page.margin_left/right/top/bottom"});
    return;
  }
  if (theme.aside_width + theme.column_gap > text_width / 2)
    diags.error({}, "entry.aside_width plus entry.column_gap takes more than half of the text width",
                {fmt::format("the text column is {:.0f} pt wide; use a smaller entry.aside_width", text_width)});
}

void apply_paper_override(const std::string& paper_override, Theme& theme, Diagnostics& diags) {
  if (paper_override.empty()) return;
  if (auto paper = paper_from_name(ascii_lower(paper_override))) return apply_paper(theme, *paper);
  diags.error({}, "unknown paper size '" + paper_override + "'", {"use a4 or letter"});
}

}  // namespace

std::optional<Theme> load_theme(const std::string& name, const Span& name_span, const source::ConfigNode& overrides,
                                const std::string& paper_override, const DataDirs& dirs, Diagnostics& diags) {
  int errors_before = diags.error_count();
  Theme theme;
  std::string wanted = name.empty() ? kDefaultLayout : name;
  theme.id = layout_id(wanted);
  auto chain = ChainLoader(dirs, diags).load(wanted, name_span);
  if (!chain) return std::nullopt;
  for (const auto& config : *chain) apply_config(config, ConfigOrigin::LayoutFile, dirs, theme, diags);
  apply_config(overrides, ConfigOrigin::CvOverrides, dirs, theme, diags);
  apply_paper_override(paper_override, theme, diags);
  if (diags.error_count() > errors_before) return std::nullopt;  // the checks below would only echo them
  check_fonts(theme, diags);
  check_geometry(theme, diags);
  if (diags.error_count() > errors_before) return std::nullopt;
  return theme;
}

std::optional<Theme> load_theme(const std::string& name, const source::ConfigNode& overrides,
                                const std::string& paper_override, const DataDirs& dirs, Diagnostics& diags) {
  return load_theme(name, Span{}, overrides, paper_override, dirs, diags);
}

std::vector<ParameterInfo> describe_parameters() {
  std::vector<ParameterInfo> out;
  for (const auto& p : parameters()) out.push_back({p.key, expected_form(p), p.help});
  return out;
}

}  // namespace hanji::layout
