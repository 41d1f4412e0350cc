#include "engine/fill_columns.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hanji::engine {
namespace {

bool holds(const doc::Page& page, const std::string& region) {
  return std::find(page.regions.begin(), page.regions.end(), region) != page.regions.end();
}

// Whether the main flow has content on a page where `column` has none.
bool runs_past(const doc::Document& doc, const std::string& main, const std::string& column) {
  return std::any_of(doc.pages.begin(), doc.pages.end(),
                     [&](const doc::Page& page) { return holds(page, main) && !holds(page, column); });
}

// Whether `tried` keeps what `before` promised: no more pages, and the column on no page it was
// not on (it does not run on past where it ended).
bool column_still_fits(const doc::Document& before, const doc::Document& tried, const std::string& column) {
  if (tried.pages.size() > before.pages.size()) return false;
  for (std::size_t p = 0; p < tried.pages.size(); ++p)
    if (holds(tried.pages[p], column) && !holds(before.pages[p], column)) return false;
  return true;
}

// How far `region` reaches on `page`; nullopt where it has nothing.
std::optional<double> reach(const doc::Page& page, const std::string& region) {
  for (std::size_t r = 0; r < page.regions.size() && r < page.reaches.size(); ++r)
    if (page.regions[r] == region) return page.reaches[r];
  return std::nullopt;
}

// How far two body columns are from ending together, pt: on every page but the last, the room
// each leaves empty at its foot; on the last, how far apart their ends are. A page with one of
// them alone counts nothing (it is set across), unless the column keeps the grid
// (regions.NAME.keep): then the main flow beside the empty column counts its whole length.
double imbalance(const doc::Document& doc, const std::string& main, const theme::Region& column) {
  double apart = 0;
  for (std::size_t p = 0; p < doc.pages.size(); ++p) {
    const std::optional<double> main_reach = reach(doc.pages[p], main);
    const std::optional<double> column_reach_here = reach(doc.pages[p], column.name);
    if (!main_reach || (!column_reach_here && !column.keep)) continue;
    const double column_reach = column_reach_here.value_or(0);
    if (p + 1 < doc.pages.size())
      apart += std::max(0.0, doc.flow_height - *main_reach) + std::max(0.0, doc.flow_height - column_reach);
    else
      apart += std::abs(*main_reach - column_reach);
  }
  return apart;
}

// Whether `tried` balances two body columns better than `before`: fewer pages, or as many with
// the columns at least a few lines nearer ending together.
bool balances_better(const doc::Document& before, const doc::Document& tried, const std::string& main,
                     const theme::Region& column) {
  constexpr double kNoticeable = 24;  // pt: two lines or so; less is not worth a different grid
  if (tried.pages.size() != before.pages.size()) return tried.pages.size() < before.pages.size();
  return imbalance(tried, main, column) + kNoticeable < imbalance(before, main, column);
}

}  // namespace

doc::Document lay_out_filling_columns(const theme::Theme& theme, const LayOut& lay_out,
                                      const SectionRegions& regions_of, Diagnostics& diags) {
  doc::Document doc = lay_out(theme, diags);
  const theme::Region* rest = theme::region_taking(theme, "rest");
  if (!rest || diags.has_errors()) return doc;
  theme::Theme chosen = theme;
  std::vector<std::string> places = regions_of(chosen);
  for (std::size_t r = 0; r < theme.regions.size(); ++r) {
    const theme::Region& column = theme.regions[r];
    if (column.fill_with.empty() || column.pages == theme::RegionPages::None || &column == rest ||
        (column.dock != theme::RegionDock::Left && column.dock != theme::RegionDock::Right))
      continue;
    for (const std::string& word : column.fill_with) {
      if (!column.balance && !runs_past(doc, rest->name, column.name)) break;
      theme::Theme trial = chosen;
      trial.regions[r].sections.push_back(word);
      std::vector<std::string> trial_places = regions_of(trial);
      if (trial_places == places) continue;
      Diagnostics said;
      doc::Document tried = lay_out(trial, said);
      if (said.has_errors()) continue;
      if (column.balance ? !balances_better(doc, tried, rest->name, column)
                         : !column_still_fits(doc, tried, column.name))
        continue;
      chosen = std::move(trial);
      places = std::move(trial_places);
      doc = std::move(tried);
      diags = std::move(said);
    }
  }
  return doc;
}

}  // namespace hanji::engine
