// load_theme: defaults, then the layout file chain (`extends`), then the CV's overrides,
// then the paper size from the command line.
#include "theme/theme.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "core/files.h"
#include "core/limits.h"
#include "theme/apply.h"
#include "theme/data_dirs.h"
#include "theme/params.h"
#include "theme/values.h"

namespace hanji::theme {
namespace fs = std::filesystem;
namespace {

// A CV rather than a layout: a top-level `cv:` key (RenderCV) or `"basics"` (JSON Resume).
// Folders next to a CV hold CVs too; one named like a layout must not be taken for it.
bool is_cv_file(const fs::path& path) {
  std::string error;
  const std::optional<std::string> head = read_file_head(path.string(), 64 << 10, error);
  if (!head) return false;
  return config::first_key(*head) == "cv" || head->find("\"basics\"") != std::string::npos;
}

using config::ConfigNode;
// A layout file's tree, shared with the engine's cache when it keeps one.
using SharedNode = std::shared_ptr<const ConfigNode>;

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

// Layout files end in .yaml or .yml, in any case.
bool has_layout_extension(const fs::path& path) { return has_extension(path.string(), layout_file_kind().extensions); }

std::string layout_id(const std::string& name) { return is_layout_path(name) ? fs::path(name).stem().string() : name; }

// Layout files from the most basic (the end of the `extends` chain) to `name` itself.
class ChainLoader {
 public:
  ChainLoader(const DataDirs& dirs, Diagnostics& diags) : dirs_(dirs), diags_(diags) {}

  std::optional<std::vector<SharedNode>> load(const std::string& name, const Span& name_span) {
    if (visited_.size() >= static_cast<size_t>(limits::kMaxExtendsDepth)) {
      diags_.error(name_span,
                   fmt::format("layouts extend each other more than {} deep here", limits::kMaxExtendsDepth),
                   {"a layout usually extends a built-in one directly; shorten the chain of `extends:`"});
      return std::nullopt;
    }
    auto path = find(name, name_span);
    if (!path) return std::nullopt;
    if (std::find(visited_.begin(), visited_.end(), *path) != visited_.end()) {
      report_cycle(*path, name, name_span);
      return std::nullopt;
    }
    visited_.push_back(*path);
    names_.push_back(name);
    SharedNode config = read(*path, name_span);
    if (!config) return std::nullopt;
    std::vector<SharedNode> chain;
    if (const ConfigNode* parent = config->kind == ConfigNode::Kind::Map ? map_value(*config, "extends") : nullptr) {
      if (parent->kind != ConfigNode::Kind::Scalar) {
        diags_.error(parent->span, "'extends' must name one layout", {"write `extends: classic`"});
        return std::nullopt;
      }
      auto base = load(parent->scalar, parent->span);
      if (!base) return std::nullopt;
      chain = std::move(*base);
    }
    chain.push_back(std::move(config));
    return chain;
  }

  /// The layout file at `path`: the engine's cached tree, shared, or one read now.
  SharedNode read(const std::string& path, const Span& name_span) {
    if (dirs_.cache) return dirs_.cache->read(path, name_span, diags_);
    std::optional<ConfigNode> node = read_layout_file(path, name_span, diags_);
    return node ? std::make_shared<const ConfigNode>(std::move(*node)) : nullptr;
  }

  /// The files loaded, in the order of the chain `load` returned (the most basic first).
  std::vector<std::string> files() const { return {visited_.rbegin(), visited_.rend()}; }

 private:
  std::optional<std::string> find(const std::string& name, const Span& span) {
    std::error_code ec;
    if (is_layout_path(name)) {
      fs::path path(name);
      // Only a file named as a layout is read: `layout: /etc/shadow` must not make hanji read
      // (and quote in its messages) a file that is no layout, whoever runs it.
      if (!has_layout_extension(path)) {
        diags_.error(span, fmt::format("'{}' is not a layout file: layout files end in .yaml", excerpt(name)),
                     {"name a built-in layout (see `hanji layouts`) or your own layout file, such as ./mine.yaml"});
        return std::nullopt;
      }
      if (path.is_relative() && !span.file.empty())
        path = (fs::path(span.file).parent_path() / path).lexically_normal();
      if (fs::is_regular_file(path, ec)) {
        // A link named mine.yaml may point at any file: what it points to must be a layout too.
        const fs::path target = fs::canonical(path, ec);
        if (ec || !has_layout_extension(target)) {
          diags_.error(span, fmt::format("'{}' leads to a file that is not a layout file (layout files end in .yaml)",
                                         excerpt(name)),
                       {"name your own layout file itself, not a link to another kind of file"});
          return std::nullopt;
        }
        return fs::absolute(path, ec).lexically_normal().string();
      }
      diags_.error(span, "layout file '" + path.string() + "' not found",
                   {"name a built-in layout (see `hanji layouts`) or an existing .yaml file"});
      return std::nullopt;
    }
    // A name: the user's folders first, then the built-in layouts. A file that extends the
    // name it has itself ("classic.yaml" with `extends: classic`) means the next one down.
    std::vector<std::string> folders = dirs_.user_layouts;
    folders.push_back(dirs_.layouts);
    const bool names_itself = !visited_.empty() && fs::path(visited_.back()).stem() == name;
    std::vector<std::pair<std::string, std::string>> passed_over;  // files by that name, and why not
    for (const auto& folder : folders) {
      fs::path path = fs::path(folder) / (name + ".yaml");
      // In the user's folders anything by that name is looked at (a named pipe or a dangling
      // link is passed over with a warning); among the built-in layouts only regular files.
      const bool built_in = folder == dirs_.layouts;
      if (name.empty() || (built_in ? !fs::is_regular_file(path, ec) : !fs::exists(fs::symlink_status(path, ec))))
        continue;
      if (!dirs_.cv_file.empty() && fs::equivalent(path, dirs_.cv_file, ec)) continue;
      if (!built_in && is_cv_file(path)) continue;  // a CV next to this one, named "classic.yaml"
      if (!built_in && !usable_layout(path, passed_over)) continue;
      std::string found = fs::absolute(path, ec).lexically_normal().string();
      if (names_itself && std::find(visited_.begin(), visited_.end(), found) != visited_.end()) continue;
      return found;
    }
    if (names_itself) {
      // mine.yaml with `extends: mine`, and no layout of that name further down to mean.
      diags_.error(span, fmt::format("layout '{}' extends itself", name),
                   {"`extends:` names the layout this one changes: a built-in one such as classic (see "
                    "`hanji layouts`), or another file of yours"});
      return std::nullopt;
    }
    if (!passed_over.empty()) {
      // The file by that name cannot be read as a layout: say so where the layout is named,
      // not only in the warning at the file.
      diags_.error(span, fmt::format("unknown layout '{}': {} was passed over, it {}", name, passed_over.front().first,
                                     passed_over.front().second),
                   {"fix that file, or name another layout (see `hanji layouts`)"});
      return std::nullopt;
    }
    report_unknown_layout(name, span, dirs_, diags_);
    return std::nullopt;
  }

  // A file that merely has a layout's name in a folder hanji looks in (beside the CV, its
  // layouts/, the user's folder) is passed over with a warning when it is no layout, or a
  // link to one that is not: the CV did not name that file, and the next folder may hold the
  // layout it means. Nothing of the file is quoted.
  bool usable_layout(const fs::path& path, std::vector<std::pair<std::string, std::string>>& passed_over) {
    std::string error;
    if (read_data_file(path.string(), layout_file_kind(), error)) return true;
    diags_.warning(Span{path.string(), 1, 1}, fmt::format("passed over as a layout: it {}", error),
                   {"rename it if it is not meant as a layout, or fix it if it is"});
    passed_over.emplace_back(path.string(), error);
    return false;
  }

  void report_cycle(const std::string& path, const std::string& name, const Span& span) {
    if (path == visited_.back()) {  // ./mine.yaml with `extends: ./mine.yaml`
      diags_.error(span, "layout '" + layout_id(name) + "' extends itself",
                   {"`extends:` names the layout this one changes: a built-in one such as classic (see "
                    "`hanji layouts`), or another file of yours"});
      return;
    }
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

// Where a layout that names no font hears of it: its `fonts:` key, else the first line of the
// layout that was asked for.
Span fonts_place(const std::vector<SharedNode>& chain, const std::vector<std::string>& files) {
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const ConfigNode& layout = **it;
    for (size_t i = 0; layout.kind == ConfigNode::Kind::Map && i < layout.keys.size(); ++i)
      if (layout.keys[i] == "fonts" && i < layout.key_spans.size()) return layout.key_spans[i];
  }
  return files.empty() ? Span{} : Span{files.back(), 1, 1};
}

// A layout starts from the built-in values, which name no font: one that extends no other
// (usually by mistake) must name them itself.
void check_fonts(const Theme& theme, const std::vector<SharedNode>& chain, const std::vector<std::string>& files,
                 Diagnostics& diags) {
  const bool hangul = !theme.fonts.hangul.regular.empty(), latin = !theme.fonts.latin.regular.empty();
  if (hangul && latin) return;
  const std::string missing = !hangul && !latin ? "no Hangul font and no Latin font" : !hangul ? "no Hangul font" : "no Latin font";
  std::vector<std::string> hints;
  const std::string base = files.empty() ? std::string() : fs::path(files.front()).filename().string();
  if (!base.empty())
    hints.push_back(fmt::format("add `extends: {}` to {} to start from the built-in layout (its fonts and every other "
                                "value), changing only what differs",
                                kDefaultLayout, base));
  std::string set;
  if (!hangul) set += "fonts.hangul.regular (e.g. NanumBarunGothic.ttf)";
  if (!latin) set += std::string(set.empty() ? "" : " and ") + "fonts.latin.regular (e.g. Lato-Regular.ttf)";
  hints.push_back((base.empty() ? "set " : "or set ") + set + ", and the bold faces with them");
  diags.error(fonts_place(chain, files), "layout '" + theme.id + "' names " + missing, std::move(hints));
}

// Where a problem with these values should be reported: the one of them set in a file that
// is largest (the likeliest culprit), else the paper size.
Span culprit(const Theme& theme, std::initializer_list<std::pair<const char*, double>> candidates) {
  Span best;
  double largest = -1;
  for (const auto& [key, value] : candidates) {
    auto it = theme.value_spans.find(key);
    if (it != theme.value_spans.end() && it->second.known() && value > largest) {
      best = it->second;
      largest = value;
    }
  }
  if (best.known()) return best;
  auto paper = theme.value_spans.find("page.paper");
  return paper != theme.value_spans.end() ? paper->second : Span{};
}

// A lead column (RenderCV's degree column) and the date column beside the same entry must
// leave its main column at least 40% of the text width, as the date column alone must leave half.
void check_lead_columns(const Theme& theme, double text_width, Diagnostics& diags) {
  const std::pair<const char*, const EntryTemplate*> kinds[] = {{"experience", &theme.experience_template},
                                                                 {"education", &theme.education_template},
                                                                 {"normal", &theme.normal_template},
                                                                 {"publication", &theme.publication_template}};
  for (const auto& [kind, entry] : kinds) {
    if (entry->lead.empty() || entry->lead_width + theme.aside_width + 2 * theme.column_gap <= 0.6 * text_width)
      continue;
    const std::string key = fmt::format("entry.{}.lead_width", kind);
    diags.error(culprit(theme, {{key.c_str(), entry->lead_width},
                                {"entry.aside_width", theme.aside_width},
                                {"entry.column_gap", theme.column_gap}}),
                fmt::format("{} plus entry.aside_width and two entry.column_gap take more than 60% of the text width",
                            key),
                {fmt::format("the text column is {:.0f} pt wide; a degree column of 1cm is usual", text_width)});
  }
}

// Margins and the date column must leave room for text; otherwise every line would overflow.
void check_geometry(const Theme& theme, Diagnostics& diags) {
  double text_width = theme.page_width - theme.margin_left - theme.margin_right;
  double text_height = theme.page_height - theme.margin_top - theme.margin_bottom;
  if (text_width < 72) {
    diags.error(culprit(theme, {{"page.margin_left", theme.margin_left}, {"page.margin_right", theme.margin_right}}),
                fmt::format("the left and right margins leave {:.0f} pt for text on a page {:.0f} pt wide", text_width,
                            theme.page_width),
                {"keep at least 72 pt (1 in) between the margins: reduce page.margin_left or page.margin_right"});
  }
  if (text_height < 72) {
    diags.error(culprit(theme, {{"page.margin_top", theme.margin_top}, {"page.margin_bottom", theme.margin_bottom}}),
                fmt::format("the top and bottom margins leave {:.0f} pt for text on a page {:.0f} pt high",
                            text_height, theme.page_height),
                {"keep at least 72 pt (1 in) between the margins: reduce page.margin_top or page.margin_bottom"});
  }
  if (text_width < 72 || text_height < 72) return;
  if (theme.aside_width + theme.column_gap > text_width / 2)
    diags.error(culprit(theme, {{"entry.aside_width", theme.aside_width},
                                {"entry.column_gap", theme.column_gap},
                                {"page.margin_left", theme.margin_left},
                                {"page.margin_right", theme.margin_right}}),
                "entry.aside_width plus entry.column_gap takes more than half of the text width",
                {fmt::format("the text column is {:.0f} pt wide; use a smaller entry.aside_width", text_width)});
  check_lead_columns(theme, text_width, diags);
  if (theme.highlight_indent + theme.nested_indent > text_width - 72)
    diags.error(culprit(theme, {{"entry.highlight_indent", theme.highlight_indent},
                                {"entry.nested_indent", theme.nested_indent},
                                {"page.margin_left", theme.margin_left},
                                {"page.margin_right", theme.margin_right}}),
                fmt::format("entry.highlight_indent plus entry.nested_indent leave less than 72 pt of the {:.0f} pt "
                            "text column for nested highlights",
                            text_width),
                {"indents of 12pt each are usual"});
  if (theme.footer_offset > theme.page_height)
    diags.error(culprit(theme, {{"footer.offset", theme.footer_offset}}),
                fmt::format("footer.offset puts the footer above the page ({:.0f} pt high)", theme.page_height),
                {"footer.offset is measured up from the bottom edge; 24pt is usual"});
}

// The span of the first of a region's values the layout set, for messages about the region.
Span region_span(const Theme& theme, const Region& region, std::initializer_list<const char*> fields) {
  for (const char* field : fields) {
    auto it = theme.value_spans.find("regions." + region.name + "." + field);
    if (it != theme.value_spans.end() && it->second.known()) return it->second;
  }
  return culprit(theme, {});
}

bool on_some_page(const Region& region) { return region.pages != RegionPages::None; }

// What each region takes and where it overflows to make one page grid: one region takes the
// rest, an overflow names another region that takes nothing itself, and no chain runs in a
// circle.
void check_region_flows(const Theme& theme, Diagnostics& diags) {
  static const std::vector<std::string> kTakes{"header", "contacts", "photo", "rest"};
  auto find = [&](const std::string& name) -> const Region* {
    const Region* region = find_region(theme, name);
    return region && on_some_page(*region) ? region : nullptr;
  };
  int rest = 0;
  for (const Region& region : theme.regions) {
    if (!on_some_page(region)) continue;
    for (const std::string& what : region.takes) {
      if (std::find(kTakes.begin(), kTakes.end(), what) == kTakes.end())
        diags.error(region_span(theme, region, {"takes"}),
                    fmt::format("region '{}' takes '{}', which is no part of a CV it can take", region.name, excerpt(what)),
                    {"a region takes header, contacts, photo or rest; sections go by `sections: [words]`"});
      if (what == "rest") ++rest;
    }
    if (region.overflow.empty()) continue;
    const Region* next = find(region.overflow);
    if (!next || next == &region) {
      diags.error(region_span(theme, region, {"overflow"}),
                  fmt::format("region '{}' overflows into '{}', which is {}", region.name, excerpt(region.overflow),
                              next ? "itself" : "no region of this layout"),
                  {"name another region of the layout, or leave overflow out to continue on the next page"});
      continue;
    }
    if (!next->takes.empty() || !next->sections.empty())
      diags.error(region_span(theme, *next, {"takes", "sections"}),
                  fmt::format("region '{}' continues region '{}', so it cannot take content of its own", next->name,
                              region.name),
                  {"remove its `takes` and `sections`"});
  }
  for (const Region& region : theme.regions) {  // a chain that comes back to where it started
    const Region* at = &region;
    for (std::size_t steps = 0; at && !at->overflow.empty(); ++steps) {
      if (steps > theme.regions.size()) {
        diags.error(region_span(theme, region, {"overflow"}),
                    fmt::format("region '{}' overflows in a circle", region.name),
                    {"end the chain: the last region of it continues on the next page (no overflow)"});
        return;
      }
      at = find(at->overflow);
    }
  }
  if (rest != 1)
    diags.error(culprit(theme, {}),
                rest == 0 ? "no region of the layout takes the rest of the CV"
                          : "more than one region takes the rest of the CV",
                {"exactly one region says `takes: [rest]`: the main flow, where the sections no other region "
                 "takes go"});
}

// Every region holds text of its own width, and a flow keeps one width from page to page and
// from region to region: its lines are set once, to that width.
void check_region_widths(const Theme& theme, double text_width, Diagnostics& diags) {
  std::map<std::string, double, std::less<>> width_of;  // the first width each region was found at
  for (std::size_t page = 0; page < 2; ++page)
    for (const RegionFrame& frame : region_frames(theme, page)) {
      const Region& region = *frame.region;
      const Region& head = flow_head(theme, region);
      const bool rest = std::find(head.takes.begin(), head.takes.end(), "rest") != head.takes.end();
      const double least = rest ? std::max(72.0, 0.4 * text_width) : 72.0;
      if (frame.width < least - 0.01) {
        // The likeliest culprit is the widest of the page's regions, or this one's own padding.
        Span where = region_span(theme, region, {"width", "share", "padding"});
        double widest = -1;
        for (const Region& other : theme.regions) {
          auto set = theme.value_spans.find("regions." + other.name + ".width");
          if (set != theme.value_spans.end() && set->second.known() && other.width > widest) {
            widest = other.width;
            where = set->second;
          }
        }
        diags.error(where,
                    fmt::format("region '{}' leaves {} for its text; it needs at least {:.0f} pt{}", region.name,
                                frame.width > 0.5 ? fmt::format("{:.0f} pt", frame.width) : std::string("no room"), least,
                                rest ? " (the main flow takes 40% of the text width or more)" : ""),
                    {fmt::format("the text width is {:.0f} pt; make the columns beside it narrower, or their gaps "
                                 "and paddings smaller",
                                 text_width)});
        return;
      }
      auto [known, fresh] = width_of.emplace(head.name, frame.width);
      if (!fresh && std::abs(known->second - frame.width) > 0.5) {
        // Most likely a column on some pages only beside it: blame where its pages are set.
        Span where = region_span(theme, region, {"pages", "width", "share", "dock"});
        for (const Region& other : theme.regions) {
          const bool column = other.dock == RegionDock::Left || other.dock == RegionDock::Right;
          auto set = theme.value_spans.find("regions." + other.name + ".pages");
          if (column && (other.pages == RegionPages::First || other.pages == RegionPages::Rest) &&
              set != theme.value_spans.end() && set->second.known())
            where = set->second;
        }
        diags.error(where,
                    fmt::format("region '{}' is {:.0f} pt wide where the content it shows is set {:.0f} pt wide",
                                region.name, frame.width, known->second),
                    {"a flow keeps one width: regions an overflow chains together are equally wide, and a column "
                     "beside a flow is on the same pages as it"});
        return;
      }
    }
}

// Lengths that draw stay within what they are drawn in: a section title's rule (or
// moderncv's bar) within the title's line, a table's rules and frame within the cell padding
// they are drawn over. A 1000pt rule was within the range of lengths and filled the page,
// ran past its edges and left the title alone at the foot of the page before it.
void check_drawn_lengths(const Theme& theme, Diagnostics& diags) {
  const double title_line = theme.section_title.size * theme.section_title.line_height;
  if (theme.section_rule_thickness > title_line)
    diags.error(culprit(theme, {{"section.rule_thickness", theme.section_rule_thickness}}),
                fmt::format("section.rule_thickness ({:g} pt) is thicker than the section title's line it is drawn "
                            "with ({:.1f} pt)",
                            theme.section_rule_thickness, title_line),
                {"a rule is usually 0.4 to 1 pt thick, a bar a few points"});
  // A cell's padding, both sides, leaves room for a word in the narrowest column of every
  // table the layout sets (the columns share the text width by their relative widths).
  const double text_width = theme.page_width - theme.margin_left - theme.margin_right;
  double narrowest = text_width;
  for (const TableTemplate* table : {&theme.experience_table, &theme.education_table, &theme.normal_table,
                                     &theme.publication_table, &theme.one_line_table}) {
    double total = 0;
    for (double w : table->widths) total += w;
    for (double w : table->widths)
      if (total > 0) narrowest = std::min(narrowest, text_width * w / total);
  }
  constexpr double kWordRoom = 24;  // pt: two or three letters
  if (2 * theme.table_padding + kWordRoom > narrowest)
    diags.error(culprit(theme, {{"entry.table_padding", theme.table_padding}}),
                fmt::format("entry.table_padding ({:g} pt on each side) leaves no room for text in the narrowest "
                            "table column ({:.0f} pt wide)",
                            theme.table_padding, narrowest),
                {"a cell's padding is usually 3 to 6 pt"});
  // Within the padding, and never more than the thinnest usual padding allows a frame.
  const double stroke_room = std::max(theme.table_padding, 2.0);
  for (const auto& [key, value] : {std::pair{"entry.table_frame", theme.table_frame}, {"entry.table_rule", theme.table_rule}})
    if (value > stroke_room)
      diags.error(culprit(theme, {{key, value}}),
                  fmt::format("{} ({:g} pt) is thicker than the space inside a table cell it is drawn in ({:g} pt, "
                              "entry.table_padding): it would cover the text",
                              key, value, stroke_room),
                  {"table rules are usually 0.4 to 1.5 pt; a thicker frame needs a larger entry.table_padding"});
}

void apply_paper_override(const std::string& paper_override, Theme& theme, Diagnostics& diags) {
  if (paper_override.empty()) return;
  if (auto paper = paper_from_name(ascii_lower(paper_override))) return apply_paper(theme, *paper);
  diags.error({}, "unknown paper size '" + paper_override + "'", {"use " + paper_names_text()});
}

}  // namespace

namespace {

// The link icon's glyph is the icon font's: a layout that asks for the icon without naming
// that font in its fallback list gets it there, as the contacts' icons would need it.
void add_link_icon_font(Theme& theme, const DataDirs& dirs) {
  if (!theme.link_icon) return;
  constexpr std::string_view kIconFont = "ForkAwesome.ttf";
  for (const std::string& font : theme.fonts.fallback)
    if (font.ends_with(kIconFont)) return;
  theme.fonts.fallback.push_back((std::filesystem::path(dirs.fonts) / kIconFont).string());
}

// Hebrew and Arabic letters in any layout: hanji's Noto faces for them (Hebrew in the serif
// beside a serif Latin, when the layout says so), after whatever the layout names, loaded only
// when a CV has such letters.
void add_script_fonts(Theme& theme, const DataDirs& dirs) {
  const char* hebrew = theme.fonts.serif_scripts ? "NotoSerifHebrew" : "NotoSansHebrew";
  for (const char* script : {hebrew, "NotoSansArabic"}) {
    FontFaces faces;
    faces.regular = (std::filesystem::path(dirs.fonts) / (std::string(script) + "-Regular.ttf")).string();
    faces.bold = (std::filesystem::path(dirs.fonts) / (std::string(script) + "-Bold.ttf")).string();
    theme.fonts.scripts.push_back(std::move(faces));
  }
}

// fonts.roles into the styles they are for: a role with a family of its own sets its text in
// it; the name's accent (a two-tone name's last word) is part of the name.
void assign_role_families(Theme& theme) {
  const std::pair<TextStyle*, LatinRole> styles[] = {{&theme.name, LatinRole::Name},
                                                     {&theme.name_accent, LatinRole::Name},
                                                     {&theme.headline, LatinRole::Headline},
                                                     {&theme.contact, LatinRole::Contact},
                                                     {&theme.section_title, LatinRole::SectionTitle}};
  for (const auto& [style, role] : styles) {
    const bool own = !theme.fonts.roles[static_cast<std::size_t>(role) - 1].regular.empty();
    style->latin = own ? role : LatinRole::Body;
  }
}

}  // namespace

std::optional<Theme> load_theme(const std::string& name, const Span& name_span, const config::ConfigNode& overrides,
                                const std::string& paper_override, const DataDirs& dirs, Diagnostics& diags) {
  int errors_before = diags.error_count();
  Theme theme;
  // The page size follows page.paper, whose bare value is A4: a layout that extends none and
  // names no paper gets an A4 page, not a 0 x 0 one that every check of the text width fails.
  apply_paper(theme, theme.paper);
  std::string wanted = name.empty() ? kDefaultLayout : name;
  theme.id = layout_id(wanted);
  ChainLoader loader(dirs, diags);
  auto chain = loader.load(wanted, name_span);
  if (!chain) return std::nullopt;
  theme.files = loader.files();
  SystemFonts system_fonts;  // loaded only if a font is named by its family
  for (const SharedNode& config : *chain) apply_config(*config, ConfigOrigin::LayoutFile, dirs, system_fonts, theme, diags);
  apply_config(overrides, ConfigOrigin::CvOverrides, dirs, system_fonts, theme, diags);
  apply_paper_override(paper_override, theme, diags);
  add_link_icon_font(theme, dirs);
  add_script_fonts(theme, dirs);
  assign_role_families(theme);
  if (diags.error_count() > errors_before) return std::nullopt;  // the checks below would only echo them
  check_fonts(theme, *chain, loader.files(), diags);
  check_geometry(theme, diags);
  check_region_flows(theme, diags);
  if (diags.error_count() == errors_before)
    check_region_widths(theme, theme.page_width - theme.margin_left - theme.margin_right, diags);
  check_drawn_lengths(theme, diags);
  if (diags.error_count() > errors_before) return std::nullopt;
  return theme;
}

std::optional<Theme> load_theme(const std::string& name, const config::ConfigNode& overrides,
                                const std::string& paper_override, const DataDirs& dirs, Diagnostics& diags) {
  return load_theme(name, Span{}, overrides, paper_override, dirs, diags);
}

std::vector<ParameterInfo> describe_parameters() { return describe_parameters(Theme{}); }

std::vector<ParameterInfo> describe_parameters(const Theme& values) {
  std::vector<ParameterInfo> out;
  for (const auto& p : parameters()) {
    std::optional<ParamValue> value = p.read(values);
    out.push_back({p.key, expected_form(p), p.help, value ? format_value(p, *value) : "unset"});
  }
  // Each region of the page grid, by its name (NAME), takes these.
  for (const Param& p : region_fields("NAME")) out.push_back({p.key, expected_form(p), p.help, "unset"});
  return out;
}

namespace {

// A table cell: pipes escaped, nothing that breaks the row.
std::string cell(std::string text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

// The values a layout that `extends: classic` starts from: the built-in classic of `layouts`,
// loaded from its data folder (layouts/ beside fonts/). None when it is not among them.
std::optional<Theme> default_layout_values(const std::vector<LayoutInfo>& layouts) {
  auto classic = std::find_if(layouts.begin(), layouts.end(),
                              [](const LayoutInfo& l) { return l.name == kDefaultLayout; });
  if (classic == layouts.end()) return std::nullopt;
  const fs::path data = fs::path(classic->path).parent_path().parent_path();
  return classic_values(DataDirs{(data / "layouts").string(), (data / "fonts").string()});
}

}  // namespace

std::optional<Theme> classic_values(const DataDirs& dirs) {
  Diagnostics ignored;  // a classic that does not load is documented by the bare values
  DataDirs built_in{dirs.layouts, dirs.fonts};  // never a user's layout of the same name
  return load_theme((fs::path(dirs.layouts) / (std::string(kDefaultLayout) + ".yaml")).string(), ConfigNode{}, "",
                    built_in, ignored);
}

std::string layout_reference(const std::vector<LayoutInfo>& layouts) {
  std::string out =
      "# Layouts\n\n"
      "<!-- Generated by `hanji layouts --reference` (make layouts-doc); a test checks it. Do not edit. -->\n\n"
      "A layout is a YAML file: the values below, grouped by their first part (`page.margin_top` is\n"
      "`margin_top` under `page:`). A layout may start from another with `extends: NAME`, and a CV may\n"
      "override any value under its own `layout:` key. Lengths take `pt`, `mm`, `cm` or `in`; colours\n"
      "`\"#1f3a5f\"`, `rgb(31, 58, 95)` or a CSS name. Your own layouts go next to the CV, or in\n"
      "`$XDG_CONFIG_HOME/hanji/layouts` (`~/.config/hanji/layouts`); a file there named like a\n"
      "built-in layout replaces it and may extend it.\n\n"
      "## Built-in layouts\n\n| name | look |\n|---|---|\n";
  for (const auto& l : layouts) out += "| `" + l.name + "` | " + cell(l.description) + " |\n";
  const std::optional<Theme> classic = default_layout_values(layouts);
  out += classic ? "\n## Parameters\n\nThe third column is what a layout that `extends: classic` gets, classic's own value\n"
                   "(fonts by file name): classic sets every parameter. A layout without `extends:` starts from\n"
                   "bare values instead (zero, false, empty: no fonts, no sizes); it must set them itself.\n\n"
                   "| key | value | with `extends: classic` | meaning |\n|---|---|---|---|\n"
                 : "\n## Parameters\n\n| key | value | built-in value | meaning |\n|---|---|---|---|\n";
  for (const auto& p : describe_parameters(classic ? *classic : Theme{}))
    out += "| `" + p.key + "` | " + cell(p.expected) + " | `" + cell(p.default_value) + "` | " + cell(p.help) + " |\n";
  out += "\nEntry templates (`entry.KIND.main`, `entry.KIND.aside`, `entry.KIND.lead`, table cells) name fields\n"
         "in capitals: POSITION, COMPANY, INSTITUTION, DEGREE, AREA, DEGREE_WITH_AREA, NAME, TITLE, AUTHORS, JOURNAL,\n"
         "DOI, URL, DATES, START_DATE, END_DATE, DURATION, DURATION_SHORT, LOCATION, LABEL, DETAILS, SUMMARY, HIGHLIGHTS.\n"
         "Text between two fields goes away with a field that is empty; `**bold**` and `*italic*` style\n"
         "what they enclose.\n";
  out += "\n## Regions: the page grid\n\n"
         "`regions` names the parts of the page content flows into (`regions.NAME.*` above). They dock in\n"
         "the order written, within the margins: a `top` region spans what is left of the width and is as\n"
         "tall as its content; a `left` or `right` one is a column down to the bottom margin; the `fill`\n"
         "region takes what the others leave. The header, the contacts, the photo and the sections go to\n"
         "the first region that takes them (`takes`, or `sections` by words of their titles); everything\n"
         "else goes where `takes: [rest]` is. A region that is full continues on the next page, or in the\n"
         "region its `overflow` names. A layout without regions has one, `main`, which takes the rest.\n"
         "A layout that extends another changes its regions by name, and removes one with `pages: none`.\n\n"
         "```yaml\n"
         "regions:\n"
         "  header: {dock: top, pages: first, takes: [header], gap: 12pt}\n"
         "  side: {dock: left, width: 5.4cm, gap: 16pt, background: \"#eaf0f5\", padding: 12pt,\n"
         "         takes: [contacts], sections: [skill, language]}\n"
         "  main: {dock: fill, takes: [rest]}\n"
         "```\n";
  return out;
}

}  // namespace hanji::theme
