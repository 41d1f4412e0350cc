// The page grid: where each region of a layout stands on a page, and which region takes what.
#include <algorithm>

#include "theme/theme.h"
#include "theme/values.h"

namespace hanji::theme {
namespace {

bool on_page(const Region& region, std::size_t page) {
  switch (region.pages) {
    case RegionPages::All: return true;
    case RegionPages::First: return page == 0;
    case RegionPages::Rest: return page > 0;
    case RegionPages::None: return false;
  }
  return false;
}

template <typename T, typename U>
bool lists(const std::vector<T>& items, const U& item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

}  // namespace

std::vector<RegionFrame> region_frames(const Theme& theme, std::size_t page,
                                       const std::vector<const Region*>& left_out) {
  const double right_margin_edge = theme.page_width - theme.margin_right;
  double left = theme.margin_left, right = right_margin_edge;  // what is left of the width
  std::vector<RegionFrame> frames;
  auto dock = [&](const Region& region) {
    RegionFrame frame{&region};
    const double available = right - left;
    const bool bleeds_left = left <= theme.margin_left + 1e-9, bleeds_right = right >= right_margin_edge - 1e-9;
    switch (region.dock) {
      case RegionDock::Top:
      case RegionDock::Fill: {
        frame.x = left + (region.dock == RegionDock::Fill ? region.padding : 0);
        frame.width = available - (region.dock == RegionDock::Fill ? 2 * region.padding : 0);
        frame.outer_x = bleeds_left ? 0 : left;
        frame.outer_width = (bleeds_right ? theme.page_width : right) - frame.outer_x;
        break;
      }
      case RegionDock::Left:
      case RegionDock::Right: {
        const double column = region.share > 0 ? region.share * (available - region.gap) : region.width;
        const bool on_left = region.dock == RegionDock::Left;
        const double start = on_left ? left : right - column;
        // Text keeps the padding off the inner edge; the outer side has the margin.
        frame.x = on_left ? start : start + region.padding;
        frame.width = column - region.padding;
        if (on_left) {
          frame.outer_x = bleeds_left ? 0 : start;
          frame.outer_width = start + column - frame.outer_x;
          left += column + region.gap;
        } else {
          frame.outer_x = start;
          frame.outer_width = (bleeds_right ? theme.page_width : start + column) - start;
          right -= column + region.gap;
        }
        break;
      }
    }
    frames.push_back(frame);
  };
  // The fill region takes what the others leave, so it docks last whatever its place.
  for (const Region& region : theme.regions)
    if (on_page(region, page) && region.dock != RegionDock::Fill && !lists(left_out, &region)) dock(region);
  for (const Region& region : theme.regions)
    if (on_page(region, page) && region.dock == RegionDock::Fill) dock(region);
  return frames;
}

const Region* find_region(const Theme& theme, std::string_view name) {
  for (const Region& region : theme.regions)
    if (region.name == name) return &region;
  return nullptr;
}

const Region* region_taking(const Theme& theme, std::string_view what) {
  for (const Region& region : theme.regions)
    if (region.pages != RegionPages::None && lists(region.takes, what)) return &region;
  return nullptr;
}

const Region* region_for_section(const Theme& theme, std::string_view title, std::string_view key) {
  const std::string lower_title = ascii_lower(title), lower_key = ascii_lower(key);
  for (const Region& region : theme.regions) {
    if (region.pages == RegionPages::None) continue;
    for (const std::string& word : region.sections) {
      const std::string lower_word = ascii_lower(word);
      if (!lower_word.empty() && (lower_title.find(lower_word) != std::string::npos ||
                                  lower_key.find(lower_word) != std::string::npos))
        return &region;
    }
  }
  return region_taking(theme, "rest");
}

const Region& flow_head(const Theme& theme, const Region& region) {
  const Region* head = &region;
  // A chain is checked to end (no circles) when the layout loads; the bound guards a theme
  // built in code.
  for (std::size_t steps = 0; steps <= theme.regions.size(); ++steps) {
    const Region* before = nullptr;
    for (const Region& r : theme.regions)
      if (r.pages != RegionPages::None && r.overflow == head->name && &r != head) before = &r;
    if (!before) return *head;
    head = before;
  }
  return *head;
}

double region_text_width(const Theme& theme, std::string_view name) {
  for (std::size_t page = 0; page < 2; ++page)
    for (const RegionFrame& frame : region_frames(theme, page))
      if (frame.region->name == name) return frame.width;
  return 0;
}

}  // namespace hanji::theme
