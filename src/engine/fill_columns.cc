#include "engine/fill_columns.h"

#include <algorithm>
#include <cmath>
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

// Whether `tried` sets two balanced columns (doc::Document::balance) better than `before`, as
// the columns layout judges its own placements: fewer pages; else, as many, less room left
// empty before the last page by a line or more; else, as empty, the two ending nearer by a
// line or more (less is no reason to move a section).
bool balances_better(const doc::Document& before, const doc::Document& tried) {
  if (!before.balance || !tried.balance) return false;
  if (tried.pages.size() != before.pages.size()) return tried.pages.size() < before.pages.size();
  constexpr double kLine = 12;  // pt
  const doc::Document::Balance &was = *before.balance, &now = *tried.balance;
  if (std::abs(now.empty_room - was.empty_room) >= kLine) return now.empty_room < was.empty_room;
  return now.ends_apart + kLine <= was.ends_apart;
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
    // A column that balances the main flow (columns) may take a section wherever that sets
    // the two fuller; a side panel only while the main flow runs past it.
    for (const std::string& word : column.fill_with) {
      if (!column.balance && !runs_past(doc, rest->name, column.name)) break;
      theme::Theme trial = chosen;
      trial.regions[r].sections.push_back(word);
      std::vector<std::string> trial_places = regions_of(trial);
      if (trial_places == places) continue;
      Diagnostics said;
      doc::Document tried = lay_out(trial, said);
      // A column filled is read column by column: a placement poppler may read as a table's rows
      // across the columns (the layout's model, with its margin of error) is taken only where it
      // has fewer of them than the one before.
      const std::size_t rows = tried.rows_read_across_columns;
      if (said.has_errors() || (rows > 0 && rows >= doc.rows_read_across_columns)) continue;
      if (column.balance ? !balances_better(doc, tried) : !column_still_fits(doc, tried, column.name)) continue;
      chosen = std::move(trial);
      places = std::move(trial_places);
      doc = std::move(tried);
      diags = std::move(said);
    }
  }
  return doc;
}

}  // namespace hanji::engine
