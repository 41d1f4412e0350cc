// fill_columns: a column beside the main flow that would stand half empty while the main flow
// runs onto a page without it takes some of the main flow's short sections (regions.NAME.fill_with),
// as a designer moves the awards into the side panel before letting the CV take a page more;
// a column that balances the main flow (columns) takes them wherever that sets the two fuller.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/core.h"
#include "doc/doc.h"
#include "theme/theme.h"

namespace hanji::engine {

/// Composes and paginates the CV with a theme, saying what is wrong into the diagnostics.
using LayOut = std::function<doc::Document(const theme::Theme&, Diagnostics&)>;

/// The region each of the CV's sections goes to with a theme (compose::section_regions).
using SectionRegions = std::function<std::vector<std::string>(const theme::Theme&)>;

/// The CV laid out with `theme`, its columns filled: for each column with `fill_with` words, while
/// the main flow runs onto a page the column is not on, each word in turn moves the main flow's
/// sections it names into the column (the column's `sections` take the word), kept only when the
/// column then holds content on no page it had none on and the CV takes no more pages. A column
/// that balances the main flow (regions.NAME.balance) tries each word whatever the pages, and
/// keeps it where the two are set fuller (doc::Document::balance: fewer pages; else less room
/// empty before the last page; else nearer ends, by a line or more). A word
/// that moves no section (`regions_of` gives the same places with it) is not laid out: a CV
/// without awards costs no layout for the word "award". A layout without `fill_with` is laid
/// out once, as it was. `diags` gets what the chosen layout said.
doc::Document lay_out_filling_columns(const theme::Theme& theme, const LayOut& lay_out,
                                      const SectionRegions& regions_of, Diagnostics& diags);

}  // namespace hanji::engine
