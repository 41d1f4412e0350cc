#include "layout/paginate.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "core/limits.h"
#include "layout/reading_model.h"
#include "layout/chunks.h"

namespace hanji::layout {

namespace {

using detail::BreakClass;
using detail::Chunk;

bool is_empty(const Chunk& c) {
  return c.height <= 0 && c.content.runs.empty() && c.content.rects.empty() && c.content.images.empty();
}

/// Whether chunk `at` is the first of its block (or past the last chunk).
bool starts_block(const std::vector<Chunk>& chunks, size_t at) {
  return at == 0 || at >= chunks.size() || chunks[at - 1].block != chunks[at].block;
}

/// Index one past the last chunk of the page that starts at `start`: the latest break of the
/// lowest class among those that keep the page within `flow_height`. Vertical spaces are
/// scaled by `space_scale` (1 = as the layout says). A break that leaves an entry alone
/// (BreakClass::LoneEntry) counts as free when the latest free one would leave more than
/// `lone_room` of the page empty: an entry moves to the next page with its section's others
/// only when that costs little room. With `may_wait` (the region starts below
/// another on its page, so the next page gives it more room), a page whose only breaks are
/// forbidden ones takes nothing: a section's title and a table's header row are not left at
/// the foot of the first page under the header when the table's first rows cannot follow.
/// With `block_ends`, a break between two blocks is taken over a later one inside a block of
/// the same class (the flow is set to another width on the next page, and goes on there from
/// the start of a block).
size_t page_end(const std::vector<Chunk>& chunks, size_t start, double flow_height, double space_scale,
                double lone_room, bool may_wait = false, bool block_ends = false) {
  constexpr std::size_t kClasses = 4;
  std::array<long, kClasses> latest, latest_block_end;
  latest.fill(-1);
  latest_block_end.fill(-1);
  std::array<double, kClasses> reach{}, reach_block_end{};  // how far down the page each of those ends
  // A table row that starts the page has its table's header drawn above it again.
  double y = start < chunks.size() && chunks[start].repeat_header ? chunks[start].repeat_header->height : 0;
  size_t i = start;
  for (; i < chunks.size(); ++i) {
    double h = (i == start ? 0 : chunks[i].space_before * space_scale) + chunks[i].height;
    if (i > start && y + h > flow_height + 1e-6) break;
    y += h;
    // A band of a split table row ends a page only where what closes it fits below it.
    if (chunks[i].close_at_break && y + chunks[i].close_at_break->height > flow_height + 1e-6) continue;
    const auto k = static_cast<size_t>(chunks[i].break_after);
    latest[k] = static_cast<long>(i);
    reach[k] = y;
    if (starts_block(chunks, i + 1)) {
      latest_block_end[k] = static_cast<long>(i);
      reach_block_end[k] = y;
    }
  }
  if (i == chunks.size()) return i;
  constexpr auto kFree = static_cast<size_t>(BreakClass::Free), kLone = static_cast<size_t>(BreakClass::LoneEntry);
  if (may_wait && latest[kFree] < 0 && latest[kLone] < 0 && latest[static_cast<size_t>(BreakClass::InsideGroup)] < 0)
    return start;
  std::array<long, kClasses> candidate;
  std::array<double, kClasses> candidate_reach;
  for (std::size_t k = 0; k < kClasses; ++k) {
    const bool at_block_end = block_ends && latest_block_end[k] >= 0;
    candidate[k] = at_block_end ? latest_block_end[k] : latest[k];
    candidate_reach[k] = at_block_end ? reach_block_end[k] : reach[k];
  }
  // A free break that leaves too much of the page empty gives way to a later one that leaves
  // an entry alone.
  if (candidate[kLone] > candidate[kFree] &&
      (candidate[kFree] < 0 || flow_height - candidate_reach[kFree] > lone_room + 1e-6))
    return static_cast<size_t>(candidate[kLone]) + 1;
  for (std::size_t k = 0; k < kClasses; ++k)
    if (candidate[k] >= 0) return static_cast<size_t>(candidate[k]) + 1;
  return i;  // unreachable: the first chunk always records a candidate
}

/// A page: chunks [begin, end).
struct PageRange {
  size_t begin = 0, end = 0;
};

double used_height(const std::vector<Chunk>& chunks, const PageRange& range, double space_scale) {
  double y = range.begin < range.end && chunks[range.begin].repeat_header ? chunks[range.begin].repeat_header->height : 0;
  for (size_t i = range.begin; i < range.end; ++i)
    y += (i == range.begin ? 0 : chunks[i].space_before * space_scale) + chunks[i].height;
  if (range.begin < range.end && chunks[range.end - 1].close_at_break) y += chunks[range.end - 1].close_at_break->height;
  return y;
}

/// Where a flow stands: in which of its settings, and the next chunk of it to place.
struct Cursor {
  std::size_t setting = 0, at = 0;
};

/// A flow's blocks set into chunks at one width.
struct Setting {
  double width = 0;
  std::vector<Chunk> chunks;
  bool stopped_early = false;  // not all set: it runs past the page limit (build_chunks)
};

/// The blocks of one region (and of the regions its overflow chains to), set into chunks at
/// the width of those regions. A flow is set at the width the full grid gives it (its first
/// setting), and again at another width when a page gives it more room: a column beside it
/// with nothing left is not on that page, and the regions docked after it take its room.
struct Flow {
  std::string name;
  const std::vector<compose::Block>* blocks = nullptr;
  std::vector<Setting> settings;
  double space_scale = 1;  // its vertical spaces, scaled to spare a nearly empty last page
  double lone_room = 0;    // how much of a page it leaves empty to keep an entry company (page_end)
  /// A page that would run past this chunk of this setting ends before it: the page before a
  /// last page that would hold a stub gives that page its last section (choose_last_break).
  std::optional<Cursor> break_before;
  /// The blocks from this one on came from a column that ran longer than this flow (its last
  /// sections, balance_columns): on a page that holds them, the flow stays in its measure
  /// rather than go on across the page under the column (wrap_main): a short CV's skills and
  /// languages set across a whole page read as a list on an empty page, and poppler read the
  /// main column's dates after them.
  std::size_t taken_from_column = std::numeric_limits<std::size_t>::max();

  const std::vector<Chunk>& chunks(std::size_t setting = 0) const { return settings[setting].chunks; }
  std::vector<Chunk>& chunks(std::size_t setting = 0) { return settings[setting].chunks; }
};

/// What setting a flow again takes: the typesetter and the pages' height.
struct Setter {
  text::Typesetter& typesetter;
  double flow_height = 0;
  std::size_t pages_at_most = 0;
};

/// A space (an empty chunk with no bookmark) that a region's top drops, as a page's top does.
bool droppable(const Chunk& c) { return is_empty(c) && c.bookmark.empty(); }

/// The setting of `flow` at `width` (its index), set now when there is none yet.
std::size_t setting_at(Flow& flow, double width, const Setter& setter, Diagnostics& diags) {
  for (std::size_t s = 0; s < flow.settings.size(); ++s)
    if (std::abs(flow.settings[s].width - width) <= 0.5) return s;
  Setting& added = flow.settings.emplace_back();
  added.width = width;
  added.chunks = detail::build_chunks(*flow.blocks, {width, setter.flow_height}, setter.typesetter, diags,
                                      setter.pages_at_most, added.stopped_early);
  // Trailing empty chunks (spaces) must not open a page of their own.
  while (!added.chunks.empty() && droppable(added.chunks.back())) added.chunks.pop_back();
  return flow.settings.size() - 1;
}

/// A region's part of one page: the chunks [range) of a flow's setting, from `top` down.
struct Placement {
  theme::RegionFrame frame;
  std::size_t flow = 0;
  std::size_t setting = 0;
  PageRange range;
  double top = 0, height = 0;
  double above_gap = 0;  // the gap below the top region docked before it (0: none)
  bool under_column = false;  // the main flow at the page's width under a column that ended (wrap_under)
  /// How far a column's spaces between its blocks have grown (0 as set, 1 all they may,
  /// growth_share): it ends level with a section going on across the page under it (wrap_main).
  double grown = 0;
};

/// The pages as the regions take them: for each page, what each region holds.
struct Plan {
  std::vector<std::vector<Placement>> pages;
  /// A flow that still had content when no region of it was left on any later page.
  std::optional<std::size_t> stranded;
};

/// The first chunk at or after `at` that a region starting there keeps.
std::size_t past_spaces(const std::vector<Chunk>& chunks, std::size_t at) {
  while (at < chunks.size() && droppable(chunks[at])) ++at;
  return at;
}

bool flow_done(const std::vector<Chunk>& chunks, std::size_t next) { return past_spaces(chunks, next) >= chunks.size(); }
bool flow_done(const Flow& flow, const Cursor& cursor) { return flow_done(flow.chunks(cursor.setting), cursor.at); }

/// The chunk of setting `to` where a flow that stands at the first chunk of a block in another
/// setting goes on: the first chunk of that block.
std::size_t same_place(const std::vector<Chunk>& from, std::size_t at, const std::vector<Chunk>& to) {
  if (at >= from.size()) return to.size();
  const std::size_t block = from[at].block;
  return static_cast<std::size_t>(
      std::partition_point(to.begin(), to.end(), [&](const Chunk& c) { return c.block < block; }) - to.begin());
}

/// The columns of a chain (a region and the ones its overflow continues in) on one page, in
/// the order the flow fills them.
std::vector<const theme::Region*> chain_on_page(const theme::Theme& theme,
                                                 const std::vector<theme::RegionFrame>& frames,
                                                 const theme::Region& head) {
  std::vector<const theme::Region*> chain;
  for (const theme::Region* at = &head; at && chain.size() <= theme.regions.size();) {
    const bool here = std::any_of(frames.begin(), frames.end(), [&](const auto& f) { return f.region == at; });
    if (here && at->dock != theme::RegionDock::Top) chain.push_back(at);
    at = at->overflow.empty() ? nullptr : theme::find_region(theme, at->overflow);
  }
  return chain;
}

/// Where the rest of a flow fits in the columns of its chain on this page, the least height
/// that still holds it: the columns of a last page end level, as in a newspaper, instead of
/// the first full and the second short. None when it does not fit or there is one column.
std::optional<double> balanced_height(const Flow& flow, std::size_t from,
                                      const std::vector<const theme::Region*>& chain, double room) {
  if (chain.size() < 2) return std::nullopt;
  auto fits = [&](double height) {
    std::size_t at = from;
    for (std::size_t column = 0; column < chain.size() && !flow_done(flow.chunks(), at); ++column) {
      at = past_spaces(flow.chunks(), at);
      const std::size_t start = at;
      at = page_end(flow.chunks(), at, height, flow.space_scale, flow.lone_room);
      // page_end takes at least one chunk: a first chunk taller than the height does not fit.
      if (used_height(flow.chunks(), {start, at}, flow.space_scale) > height + 1e-6) return false;
    }
    return flow_done(flow.chunks(), at);
  };
  if (!fits(room)) return std::nullopt;
  double low = 0, high = room;  // fits(high) holds throughout
  for (int step = 0; step < 20 && high - low > 0.5; ++step) {
    const double middle = (low + high) / 2;
    (fits(middle) ? high : low) = middle;
  }
  return high;
}

/// The columns (left and right regions) of `frames` that have nothing left to show: those of
/// no flow, and those whose flow the cursors have placed whole. None when a region of the
/// layout overflows into another (newspaper columns), or when a column that keeps the grid
/// (regions.NAME.keep) has content in this CV: its place stays on every page. Otherwise a
/// page after a column's content ends (sidebar's panel, columns' left column) is set across:
/// an empty column beside a narrow main one reads as a page left unfinished.
std::vector<const theme::Region*> empty_columns(const std::vector<theme::RegionFrame>& frames,
                                                const std::vector<Flow>& flows, const std::vector<Cursor>& cursors,
                                                const std::map<std::string, std::size_t, std::less<>>& flow_of_head,
                                                const theme::Theme& theme) {
  std::vector<const theme::Region*> empty;
  if (std::any_of(theme.regions.begin(), theme.regions.end(), [&](const theme::Region& r) {
        const bool column = r.dock == theme::RegionDock::Left || r.dock == theme::RegionDock::Right;
        return !r.overflow.empty() || (r.keep && column && flow_of_head.contains(r.name));
      }))
    return empty;
  for (const theme::RegionFrame& frame : frames) {
    const theme::Region& region = *frame.region;
    if (region.dock != theme::RegionDock::Left && region.dock != theme::RegionDock::Right) continue;
    auto flow = flow_of_head.find(region.name);
    if (flow == flow_of_head.end() || flow_done(flows[flow->second], cursors[flow->second])) empty.push_back(&region);
  }
  return empty;
}

/// The frames of page `page` without the columns that have nothing left to show.
std::vector<theme::RegionFrame> frames_of_page(std::size_t page, const std::vector<Flow>& flows,
                                               const std::vector<Cursor>& cursors,
                                               const std::map<std::string, std::size_t, std::less<>>& flow_of_head,
                                               const theme::Theme& theme) {
  std::vector<theme::RegionFrame> frames = theme::region_frames(theme, page);
  const std::vector<const theme::Region*> empty = empty_columns(frames, flows, cursors, flow_of_head, theme);
  return empty.empty() ? frames : theme::region_frames(theme, page, empty);
}

/// How much the space above chunk `i` of a column may grow, a share of itself, where the
/// column grows to end level with what goes on across the page under it (Placement::grown):
/// above a section's title by up to itself again, between entries by up to half. A designer
/// airs a short column between its sections rather than its entries, and never between a
/// title and what it heads (a break there is forbidden, and nothing grows).
constexpr double kSectionSpaceGrowth = 1.0;
constexpr double kEntrySpaceGrowth = 0.5;

/// Whether a block starts at chunk `i` (0 < i < size) after a break a page may take (free, or
/// one that leaves an entry alone): between entries or sections, not under a title.
bool free_block_break_before(const std::vector<Chunk>& chunks, std::size_t i) {
  const BreakClass kind = chunks[i - 1].break_after;
  return starts_block(chunks, i) && (kind == BreakClass::Free || kind == BreakClass::LoneEntry);
}

/// Whether chunk `i` (0 < i) starts another section (Block::part) than the chunk before it.
bool starts_section(const std::vector<Chunk>& chunks, const std::vector<compose::Block>& blocks, std::size_t i) {
  return blocks[chunks[i - 1].block].part != blocks[chunks[i].block].part;
}

double growth_share(const Flow& flow, const std::vector<Chunk>& chunks, std::size_t i) {
  if (i == 0 || i >= chunks.size() || !free_block_break_before(chunks, i)) return 0;
  return starts_section(chunks, *flow.blocks, i) ? kSectionSpaceGrowth : kEntrySpaceGrowth;
}

/// The space above chunk `i` of a placement on its page: its first chunk's dropped, a grown
/// column's grown.
double space_above(const Flow& flow, const Placement& placed, std::size_t i) {
  if (i == placed.range.begin) return 0;
  const std::vector<Chunk>& chunks = flow.chunks(placed.setting);
  const double space = chunks[i].space_before * flow.space_scale;
  return placed.grown > 0 ? space * (1 + placed.grown * growth_share(flow, chunks, i)) : space;
}

/// How much a placement's spaces add to its height grown all they may (Placement::grown = 1).
double most_growth(const Flow& flow, const Placement& placed) {
  const std::vector<Chunk>& chunks = flow.chunks(placed.setting);
  double most = 0;
  for (std::size_t i = placed.range.begin + 1; i < placed.range.end; ++i)
    most += chunks[i].space_before * flow.space_scale * growth_share(flow, chunks, i);
  return most;
}

/// The tallest space above a section's title in a placement, as set (0: none).
double section_space(const Flow& flow, const Placement& placed) {
  const std::vector<Chunk>& chunks = flow.chunks(placed.setting);
  double most = 0;
  for (std::size_t i = placed.range.begin + 1; i < placed.range.end; ++i)
    if (free_block_break_before(chunks, i) && starts_section(chunks, *flow.blocks, i))
      most = std::max(most, chunks[i].space_before * flow.space_scale);
  return most;
}

/// The top of chunk `i` of a placement on its page: its space above counted, a first chunk's
/// dropped.
double chunk_top(const Flow& flow, const Placement& placed, std::size_t i) {
  const std::vector<Chunk>& chunks = flow.chunks(placed.setting);
  double y = placed.top;
  for (std::size_t j = placed.range.begin; j < i; ++j) y += space_above(flow, placed, j) + chunks[j].height;
  return y + space_above(flow, placed, i);
}

/// How tall the part of the section chunk `at` is in stands before it among chunks [from, at),
/// its title with it: infinite for one that began before `from`.
double section_height_above(const std::vector<Chunk>& chunks, const std::vector<compose::Block>& blocks,
                            std::size_t from, std::size_t at, double space_scale) {
  const int part = blocks[chunks[at].block].part;
  for (std::size_t i = at; i-- > from;)
    if (blocks[chunks[i].block].part != part) return used_height(chunks, {i + 1, at}, space_scale);
  return std::numeric_limits<double>::infinity();
}

/// Where the main flow may go on under a column that ends on its page (regions.NAME.wrap_under):
/// the column's foot, the room beside the main flow there, and the main region's frame once the
/// column is not beside it.
struct Wrap {
  double column_bottom = 0;  // the column's lowest line
  double gap = 0;            // the column's gap: text under the column starts that far below it
  double column_width = 0;   // the column with its gap: the room beside the narrow main flow
  theme::RegionFrame wide;
  double last_top = 0;       // the top of the column's last piece (its last line, or an entry kept whole)
  std::size_t placement = 0; // the column's placement on its page
  double most_growth = 0;    // how much lower the column may end, its spaces grown (most_growth)
  double section_space = 0;  // the tallest space above a title in the column, as set

  /// Where text under the column may start once it has grown by `growth`: its gap below it,
  /// or the space above its sections as grown where that is taller (what goes on under both
  /// parts from the column at least as much as its sections part from each other, or it
  /// reads as the column's next section).
  double clear_after(double growth) const {
    const double share = most_growth > 0 ? growth / most_growth : 0;
    return column_bottom + growth + std::max(gap, section_space * (1 + kSectionSpaceGrowth * share));
  }
};

/// The wrap the main region (`fill`) has on a page whose columns are placed (`page`): under a
/// column that wraps and ends there, its flow placed whole. None where no such column is.
std::optional<Wrap> wrap_under(const std::vector<Placement>& page, std::size_t page_index,
                               const theme::Region& fill, const std::vector<Flow>& flows,
                               const std::vector<Cursor>& next, const theme::Theme& theme) {
  for (std::size_t index = 0; index < page.size(); ++index) {
    const Placement& placed = page[index];
    const theme::Region& column = *placed.frame.region;
    if (!column.wrap_under || (column.dock != theme::RegionDock::Left && column.dock != theme::RegionDock::Right) ||
        !flow_done(flows[placed.flow], next[placed.flow]))
      continue;
    // Beside a column of a few lines (a short CV's, or the end of one overleaf) the page stays
    // in two columns: set across under it, the page would turn from two columns into one a few
    // lines down, and a short list would stand on the whole width.
    constexpr double kLeastColumnShare = 1.0 / 4;  // of the room the column had on the page
    if (placed.height < kLeastColumnShare * (theme.page_height - theme.margin_bottom - placed.top)) continue;
    for (const theme::RegionFrame& frame : theme::region_frames(theme, page_index, {&column}))
      if (frame.region == &fill) {
        const double bottom = placed.top + placed.height;
        return Wrap{bottom,
                    column.gap,
                    placed.frame.outer_width + column.gap,
                    frame,
                    chunk_top(flows[placed.flow], placed, placed.range.end - 1),
                    index,
                    most_growth(flows[placed.flow], placed),
                    section_space(flows[placed.flow], placed)};
      }
  }
  return std::nullopt;
}

/// How far (a share of the page's flow height, about 65 mm) below the foot of a column the main
/// flow may start going on under it (wrap_main), the room left empty deciding among the starts
/// within it: a senior CV's second job, 70 mm tall, straddled the foot of a short left column,
/// and with the third job 40 mm below it (past a nearer bound) the right column went on narrow
/// beside a 127 mm hole.
constexpr double kNearFootShare = 0.24;

/// What a section going on across the page under its title again on the same page costs,
/// as the room empty under the column over this share of the page's flow height: the title
/// twice within a few lines reads as a slip, and a hole this deep under the column reads less
/// badly.
constexpr double kContinuedCost = 0.1;

/// How much more the main flow's narrow part may grow than the column (growth_share's shares
/// this many times): its entries are many and its spaces between them small beside a column's
/// sections, and a few points it lacked left a Korean CV's next section across the page
/// refused, a '(계속)' and a 27 mm hole instead.
constexpr double kMainGrowth = 2;

/// How far (a share of the page's flow height, about 30 mm) a section's title stands above
/// where it goes on across under it again on the same page, at the least (wrap_main).
constexpr double kLeastSectionAbove = 0.11;

/// The deepest hole under the column (pt, about 30 mm) that a section starting across the
/// page below it counts at half (wrap_main): two columns ending this far apart read as
/// designed; deeper, as the page running out.
constexpr double kDeepHole = 85;

/// The entries (groups) among chunks [at, end) of the section chunk `at` is in.
std::size_t section_entries_from(const std::vector<Chunk>& chunks, const std::vector<compose::Block>& blocks,
                                 std::size_t at, std::size_t end) {
  std::set<int> groups;
  const int part = blocks[chunks[at].block].part;
  for (std::size_t i = at; i < end && i < chunks.size() && blocks[chunks[i].block].part == part; ++i)
    if (const int group = blocks[chunks[i].block].group; group >= 0) groups.insert(group);
  return groups.size();
}

/// The main flow's part of a page beside a column that ends on it (`wrap`), set narrow from
/// `cursor` down from `top`, `narrow_end` the chunk its page would end before: where it goes
/// on under the column at the wide frame's width. It goes on there from the start of a block
/// after a break a page may take at or a little below the column's foot (kNearFootShare), the
/// one that leaves the least room empty where the two widths meet (beside the narrow part
/// under the column's foot, and the column's gap above the wide part). A section's start
/// counts half of a hole up to kDeepHole, and the two columns' spaces grow (growth_share) to
/// end level at it, a quarter of the growth counted as room empty. Inside a section only where
/// two entries or more of it go across and its title stands kLeastSectionAbove above, at a
/// cost (kContinuedCost); none where staying narrow to the page's end (or the flow's) leaves
/// less, or less than a tenth of the page's height under the column. Inside a section, the part set across has the section's title again
/// with the word for continued, as at a page's top: under the column's last section it would
/// read as that section's.
/// The two placements, narrow then wide, how far the column grew, and where the flow stands
/// after them.
struct Wrapped {
  Placement narrow, wide;
  double growth = 0;  // pt the column ends lower, its spaces grown
  Cursor next;
};
std::optional<Wrapped> wrap_main(Flow& flow, std::size_t index, const Cursor& cursor, std::size_t narrow_end,
                                 const theme::RegionFrame& frame, double top, double bottom, const Wrap& wrap,
                                 const Setter& setter) {
  {
    const std::vector<Chunk>& chunks = flow.chunks(cursor.setting);
    if (narrow_end > cursor.at && chunks[narrow_end - 1].block >= flow.taken_from_column) return std::nullopt;
  }
  // Staying narrow: the column's empty foot beside the main flow, down to where it stops here.
  const double narrow_reach = top + used_height(flow.chunks(cursor.setting), {cursor.at, narrow_end}, flow.space_scale);
  const double stays = std::max(0.0, narrow_reach - wrap.column_bottom) * wrap.column_width;
  // A few lines beside the column's foot are two columns ending near each other, as on any
  // last page: nothing goes across the page for them.
  constexpr double kLeastHoleShare = 0.1;  // of the page's flow height
  if (narrow_reach - wrap.column_bottom < kLeastHoleShare * setter.flow_height) return std::nullopt;
  // The flow set at the wide frame's width (set now where it is not yet: the references to
  // its settings' chunks are taken after).
  Diagnostics repeated;  // the flow's first setting said what is wrong with its content
  const std::size_t wide = setting_at(flow, wrap.wide.width, setter, repeated);
  const std::vector<Chunk>& chunks = flow.chunks(cursor.setting);
  const std::vector<Chunk>& wide_chunks = flow.chunks(wide);
  // What goes across from chunk `at` (the narrow part reaching `reach`, the column grown by
  // `growth`): its first chunk and its top there, and the chunk its page ends before.
  struct Across {
    std::size_t start = 0, end = 0;
    double top = 0;
  };
  const auto across = [&](std::size_t at, double reach, double growth) -> std::optional<Across> {
    const std::size_t from = same_place(chunks, at, wide_chunks);
    if (from >= wide_chunks.size()) return std::nullopt;
    Across part;
    part.top = std::max(reach + wide_chunks[from].space_before * flow.space_scale, wrap.clear_after(growth));
    if (part.top >= bottom) return std::nullopt;
    part.start = past_spaces(wide_chunks, from);
    part.end = page_end(wide_chunks, part.start, bottom - part.top, flow.space_scale, flow.lone_room, true);
    return part;
  };
  std::optional<std::size_t> best;
  double least = stays, best_reach = 0, best_growth = 0, best_main_growth = 0;
  // What goes across starts near the column's foot, where it fills the room beside it: not
  // further down than this (a hole under the column beside the main flow, filled by nothing).
  const double near = kNearFootShare * setter.flow_height;
  constexpr double kTouching = 4;  // pt: a line's top beside the main flow's last line
  const std::vector<compose::Block>& blocks = *flow.blocks;
  for (std::size_t at = cursor.at + 1; at < narrow_end && at < chunks.size(); ++at) {
    if (!free_block_break_before(chunks, at)) continue;
    const bool section_starts = starts_section(chunks, blocks, at);
    double reach = top + used_height(chunks, {cursor.at, at}, flow.space_scale);
    // Where a section starts across the page, the two columns end level: the main flow's
    // narrow part, ending above the column's foot, has its spaces grown to meet it; the
    // column, ending above the section's start, has its own grown (an airier short column
    // reads as designed, a hole under it as the column having run out).
    Placement narrow{frame, index, cursor.setting, {cursor.at, at}, top, 0, 0};
    const double main_growth =
        section_starts ? std::clamp(wrap.column_bottom - reach, 0.0, kMainGrowth * most_growth(flow, narrow)) : 0;
    reach += main_growth;
    // Beside the column's last piece at least: poppler reads a column's last lines standing
    // below everything beside them after the other column (here, after the main flow's narrow
    // part); a piece beside the main flow's last line it reads in its place.
    if (reach < wrap.last_top + kTouching) continue;
    const double growth = section_starts ? std::clamp(reach - wrap.column_bottom, 0.0, wrap.most_growth) : 0;
    if (reach > wrap.column_bottom + growth + near) continue;
    // A section goes on across the page under its title again only where two entries or more
    // of it go across (as many as the page holds at its width), and its title stands well
    // above, beside the column (kLeastSectionAbove, or it began higher): one entry alone under
    // "(cont.)", or "(cont.)" a few lines below its title, reads as a slip.
    if (!section_starts) {
      if (section_height_above(chunks, blocks, cursor.at, at, flow.space_scale) <
          kLeastSectionAbove * setter.flow_height)
        continue;
      const std::optional<Across> part = across(at, reach, 0);
      if (!part || part->start >= part->end || section_entries_from(wide_chunks, blocks, part->start, part->end) < 2)
        continue;
    }
    const double foot = wrap.column_bottom + growth, clear = wrap.clear_after(growth);
    double empty = reach < clear ? (clear - reach) * frame.width + (clear - foot) * wrap.column_width
                                 : (reach - foot) * wrap.column_width;
    // A section that starts across the page keeps one measure; one that goes on across the
    // page from the column beside it (under its title again, "(cont.)") changes measure
    // half-way: a section's start is taken over an entry's for up to twice the room, as long
    // as the room is a hole a designer leaves (kDeepHole); a deeper one under the column
    // reads as the page running out, and counts in full past that.
    constexpr double kGrowthCost = 0.25;  // of the room the column's grown spaces take
    if (section_starts) {
      const double deep = kDeepHole * wrap.column_width;
      empty = (empty <= deep ? empty / 2 : deep / 2 + 1.5 * (empty - deep)) +
              kGrowthCost * (growth * wrap.column_width + main_growth * frame.width);
    } else {
      empty += kContinuedCost * setter.flow_height * wrap.column_width;
    }
    if (empty < least - 1e-6) {
      least = empty;
      best = at;
      best_reach = reach;
      best_growth = growth;
      best_main_growth = main_growth;
    }
  }
  if (!best) return std::nullopt;
  const std::optional<Across> part = across(*best, best_reach, best_growth);
  if (!part) return std::nullopt;
  Wrapped out;
  out.narrow = Placement{frame, index, cursor.setting, {cursor.at, *best}, top, 0, 0};
  if (best_main_growth > 0) out.narrow.grown = best_main_growth / most_growth(flow, out.narrow);
  out.narrow.height = used_height(chunks, out.narrow.range, flow.space_scale) + best_main_growth;
  out.wide = Placement{wrap.wide, index, wide, {part->start, part->end}, part->top, 0, 0, true};
  out.wide.height = used_height(wide_chunks, out.wide.range, flow.space_scale);
  out.growth = best_growth;
  out.next = Cursor{wide, part->end};
  return out;
}

/// Fills the pages region by region, in docking order: a top region takes as much of its
/// flow as fits and pushes the regions after it down; a column or the fill region takes what
/// fits in its height. A flow continues where it stopped: in the next region of its chain on
/// the page, else on the next page. A column with nothing left is not on the page, and the
/// regions docked after it take its room: their flows go on at that width from the start of a
/// block (a page that hands a flow to another width ends between blocks where it can). Stops
/// at `most_pages`.
Plan plan_pages(std::vector<Flow>& flows, const std::map<std::string, std::size_t, std::less<>>& flow_of_head,
                const theme::Theme& theme, std::size_t most_pages, const Setter& setter) {
  Plan plan;
  std::vector<Cursor> next(flows.size());
  const double bottom = theme.page_height - theme.margin_bottom;
  auto remaining = [&] {
    for (std::size_t f = 0; f < flows.size(); ++f)
      if (!flow_done(flows[f], next[f])) return true;
    return false;
  };
  std::size_t idle_pages = 0;
  while (remaining() && plan.pages.size() < most_pages) {
    const std::size_t page_index = plan.pages.size();
    std::vector<Placement>& page = plan.pages.emplace_back();
    double y = theme.margin_top, above_gap = 0;
    bool placed_any = false;
    const std::vector<theme::RegionFrame> page_frames = frames_of_page(page_index, flows, next, flow_of_head, theme);
    std::map<std::size_t, double> balanced;  // flows whose columns are balanced here: their height
    for (const theme::RegionFrame& frame : page_frames) {
      const theme::Region& region = *frame.region;
      const theme::Region& head_region = theme::flow_head(theme, region);
      auto head = flow_of_head.find(head_region.name);
      if (head == flow_of_head.end()) continue;
      Flow& flow = flows[head->second];
      Cursor& cursor = next[head->second];
      cursor.at = past_spaces(flow.chunks(cursor.setting), cursor.at);  // spaces at the top of a region are dropped
      if (cursor.at >= flow.chunks(cursor.setting).size() || y >= bottom) continue;
      // The page gives the flow another width: it goes on in its setting at that width, from
      // the start of a block. A block begun at the other width on the page before ends at it.
      if (std::abs(frame.width - flow.settings[cursor.setting].width) > 0.5 &&
          starts_block(flow.chunks(cursor.setting), cursor.at)) {
        Diagnostics repeated;  // the flow's first setting said what is wrong with its content
        const std::size_t wider = setting_at(flow, frame.width, setter, repeated);
        cursor = {wider, same_place(flow.chunks(cursor.setting), cursor.at, flow.chunks(wider))};
        cursor.at = past_spaces(flow.chunks(cursor.setting), cursor.at);
        if (cursor.at >= flow.chunks(cursor.setting).size()) continue;
      }
      // A band (a top region with a background, first on its page) holds its content as far
      // below the paper's top as its background reaches below it: the band's text or photo
      // stands in its middle, whatever the top margin of the pages after it.
      if (region.dock == theme::RegionDock::Top && !(region.background == Rgb{1, 1, 1}) && page.empty() &&
          y == theme.margin_top)
        y = region.padding;
      const std::vector<Chunk>& chunks = flow.chunks(cursor.setting);
      if (&region == &head_region && !region.overflow.empty())
        if (auto height = balanced_height(flow, cursor.at, chain_on_page(theme, page_frames, region), bottom - y))
          balanced[head->second] = *height;
      auto limit = balanced.find(head->second);
      const double room = limit == balanced.end() ? bottom - y : std::min(bottom - y, limit->second);
      // Will the next page set this flow at another width? Then this page ends between blocks.
      // The columns docked before this region have taken their part of the page already.
      bool width_changes = false;
      if (region.dock == theme::RegionDock::Fill || region.dock == theme::RegionDock::Left ||
          region.dock == theme::RegionDock::Right)
        for (const theme::RegionFrame& later : frames_of_page(page_index + 1, flows, next, flow_of_head, theme))
          if (later.region == &region && std::abs(later.width - flow.settings[cursor.setting].width) > 0.5)
            width_changes = true;
      const bool below_another = y > theme.margin_top + 1e-6;
      std::size_t end = page_end(chunks, cursor.at, room, flow.space_scale, flow.lone_room, below_another, width_changes);
      if (flow.break_before && flow.break_before->setting == cursor.setting && flow.break_before->at > cursor.at &&
          flow.break_before->at < end)
        end = flow.break_before->at;
      if (end == cursor.at) continue;  // it waits for the next page
      if (region.dock == theme::RegionDock::Fill)
        if (auto wrap = wrap_under(page, page_index, region, flows, next, theme))
          if (auto wrapped = wrap_main(flow, head->second, cursor, end, frame, y, bottom, *wrap, setter)) {
            if (wrapped->growth > 0) {
              Placement& column = page[wrap->placement];
              column.grown = wrapped->growth / wrap->most_growth;
              column.height += wrapped->growth;
            }
            page.push_back(wrapped->narrow);
            if (wrapped->wide.range.end > wrapped->wide.range.begin) page.push_back(wrapped->wide);
            cursor = wrapped->next;
            placed_any = true;
            continue;
          }
      Placement placement{frame, head->second, cursor.setting, {cursor.at, end}, y, 0, above_gap};
      // (wrap_main may have set the flow at another width: `chunks` is taken again.)
      placement.height = used_height(flow.chunks(cursor.setting), placement.range, flow.space_scale);
      cursor.at = end;
      placed_any = true;
      if (region.dock == theme::RegionDock::Top) {
        y += placement.height + region.padding + region.gap;
        above_gap = region.gap;
      }
      page.push_back(placement);
    }
    // A page on which nothing could go: what is left belongs to regions that are on no
    // later page (a header region of the first page only, taller than it).
    if (!placed_any && ++idle_pages > 1) {
      plan.pages.pop_back();
      for (std::size_t f = 0; f < flows.size(); ++f)
        if (!flow_done(flows[f], next[f])) plan.stranded = f;
      break;
    }
    if (placed_any) idle_pages = 0;
  }
  while (!plan.pages.empty() && plan.pages.back().empty()) plan.pages.pop_back();
  return plan;
}

/// How full the main flow leaves the last page: its lowest placement there, from the top margin.
double main_on_last_page(const Plan& plan, std::size_t main, const theme::Theme& theme) {
  double deepest = 0;
  for (const Placement& placed : plan.pages.back())
    if (placed.flow == main) deepest = std::max(deepest, placed.top + placed.height - theme.margin_top);
  return deepest;
}

/// Sets the main flow's space scale: 1, or less when that spares a near-empty last page (less
/// than fit.balance_nearly_empty full): the vertical spaces (never the text) tightened by up to
/// fit.balance_max_squeeze, in steps of fit.balance_squeeze_step, the mildest that saves the page.
void choose_space_scale(std::vector<Flow>& flows, std::size_t main,
                        const std::map<std::string, std::size_t, std::less<>>& flow_of_head, const theme::Theme& theme,
                        std::size_t most_pages, const Setter& setter) {
  const double flow_height = theme.page_height - theme.margin_top - theme.margin_bottom;
  const Plan natural = plan_pages(flows, flow_of_head, theme, most_pages, setter);
  if (natural.pages.size() < 2 || main_on_last_page(natural, main, theme) > theme.balance_nearly_empty * flow_height)
    return;
  const double step = theme.balance_squeeze_step;
  for (double scale = 1.0 - step; scale >= 1.0 - theme.balance_max_squeeze - 1e-9; scale -= step) {
    flows[main].space_scale = scale;
    if (plan_pages(flows, flow_of_head, theme, most_pages, setter).pages.size() < natural.pages.size()) return;
  }
  flows[main].space_scale = 1.0;
}

/// A flow's part of page `page` (the main flow's, as a rule): its lowest reach there, from the
/// top margin; 0 when it has nothing there.
double main_on_page(const Plan& plan, std::size_t page, std::size_t main, const theme::Theme& theme) {
  double deepest = 0;
  for (const Placement& placed : plan.pages[page])
    if (placed.flow == main) deepest = std::max(deepest, placed.top + placed.height - theme.margin_top);
  return deepest;
}

/// Where a flow ends, counted down through the pages: a page's flow height for each page
/// before its last one, then its reach there from the top margin.
double flow_end(const Plan& plan, std::size_t flow, const theme::Theme& theme, double flow_height) {
  for (std::size_t page = plan.pages.size(); page-- > 0;) {
    double deepest = -1;
    for (const Placement& placed : plan.pages[page])
      if (placed.flow == flow) deepest = std::max(deepest, placed.top + placed.height - theme.margin_top);
    if (deepest >= 0) return static_cast<double>(page) * flow_height + deepest;
  }
  return 0;
}

/// Where the main flow goes on under a column on a page (wrap_under): the reach of its narrow
/// part beside the column, from the top margin; none where it does not go on under one there.
std::optional<double> narrow_reach_beside_column(const std::vector<Placement>& page, std::size_t main,
                                                 const theme::Theme& theme) {
  bool wrapped = false;
  double narrow = 0;
  for (const Placement& placed : page)
    if (placed.flow == main) {
      wrapped = wrapped || placed.under_column;
      if (!placed.under_column) narrow = std::max(narrow, placed.top + placed.height - theme.margin_top);
    }
  return wrapped ? std::optional<double>(narrow) : std::nullopt;
}

/// How far apart (pt) the column and the main flow end, counted down through the pages; where
/// the main flow goes on under the column at the page's width (wrap_under), how far apart the
/// column's foot and the main flow's narrow part beside it end: the room left empty where the
/// two widths meet.
double columns_end_apart(const Plan& plan, std::size_t column, std::size_t main, const theme::Theme& theme,
                         double flow_height) {
  for (std::size_t page = 0; page < plan.pages.size(); ++page)
    if (const std::optional<double> narrow = narrow_reach_beside_column(plan.pages[page], main, theme))
      return std::abs(*narrow - main_on_page(plan, page, column, theme));
  return std::abs(flow_end(plan, main, theme, flow_height) - flow_end(plan, column, theme, flow_height));
}

/// Whether a column ends no lower than the main flow beside it, on the last page the column
/// holds anything. A designer lets the main column be the long one; and poppler reads a
/// column's last lines standing below everything beside them after the other column (the
/// page number under them stretches their block across the page, above which the other
/// column's blocks come first).
bool column_ends_above_main(const Plan& plan, std::size_t column, std::size_t main, const theme::Theme& theme) {
  for (std::size_t page = plan.pages.size(); page-- > 0;) {
    const double column_reach = main_on_page(plan, page, column, theme);
    if (column_reach > 0) return column_reach <= main_on_page(plan, page, main, theme) + 1e-6;
  }
  return true;
}

/// Whether a column's end reads after the main flow: it ends no lower than the main flow
/// (column_ends_above_main), or it ends on a page the main flow has nothing on, where no line
/// stands beside its last ones for poppler to read first, and every page before is full
/// (a long CV's publications going on from page 1's left-column hole to page 2's left column,
/// rather than leaving page 1 with a hole and page 2 with one column used either way).
/// There, the column ends no lower than the main flow on every page they share, for the same
/// reason (end_column_before_its_page_alone).
bool column_end_reads_after_main(const Plan& plan, std::size_t column, std::size_t main, const theme::Theme& theme) {
  if (column_ends_above_main(plan, column, main, theme)) return true;
  for (std::size_t page = 0; page < plan.pages.size(); ++page) {
    const double main_reach = main_on_page(plan, page, main, theme);
    if (main_reach > 0 && main_on_page(plan, page, column, theme) > main_reach + 1e-6) return false;
  }
  return true;
}

/// The room the two flows leave empty at the foot of their columns on every page but the last
/// (pt, counted from each column's lowest line to the bottom margin; a column with nothing on
/// a page counts whole, from the other's top; a column the main flow goes on under, how far
/// its foot and the main flow's narrow part end apart): a hole a reader sees before the CV ends.
double empty_room_before_last_page(const Plan& plan, std::size_t column, std::size_t main, const theme::Theme& theme) {
  const double bottom = theme.page_height - theme.margin_bottom;
  double empty = 0;
  for (std::size_t page = 0; page + 1 < plan.pages.size(); ++page) {
    double top = bottom;
    for (const Placement& placed : plan.pages[page])
      if (placed.flow == column || placed.flow == main) top = std::min(top, placed.top);
    // Where the main flow goes on under the column (wrap_under), the column's foot is the
    // main flow's: what is empty is where the two widths meet.
    const std::optional<double> narrow = narrow_reach_beside_column(plan.pages[page], main, theme);
    for (const std::size_t flow : {column, main}) {
      const double reach = main_on_page(plan, page, flow, theme);
      if (narrow && flow == column)
        empty += std::abs(*narrow - reach);
      else
        empty += bottom - (reach > 0 ? theme.margin_top + reach : top);
    }
  }
  return empty;
}

/// How far (pt) a block's edge may stand from where poppler finds it (rounding, a rise, a
/// glyph's advance against its outline).
constexpr double kModelSlack = 0.5;

/// Calls `visit(run, x, baseline)` for every run the flow (`index`) has on page `page`, with
/// the run's left edge and baseline on the page as the plan places it.
template <typename Visit>
void for_each_run(const Plan& plan, std::size_t page, const Flow& flow, std::size_t index, Visit&& visit) {
  for (const Placement& placed : plan.pages[page]) {
    if (placed.flow != index) continue;
    const std::vector<Chunk>& chunks = flow.chunks(placed.setting);
    for (std::size_t i = placed.range.begin; i < placed.range.end; ++i) {
      const double top = chunk_top(flow, placed, i);
      for (const doc::PlacedRun& run : chunks[i].content.runs) visit(run, placed.frame.x + run.x, top + run.baseline);
    }
  }
}

/// The words of a flow's text on page `page` as poppler measures them (split at spaces; a
/// word reaches its font's declared ascent above the baseline and descent below; an icon is
/// no word), their `source` the flow's index; where they will stand once a right-to-left
/// page is mirrored.
void add_words(const Plan& plan, std::size_t page, const Flow& flow, std::size_t index, const theme::Theme& theme,
               const std::vector<doc::FontInfo>& fonts, std::vector<reading::Word>& words) {
  for_each_run(plan, page, flow, index, [&](const doc::PlacedRun& placed, double x, double baseline) {
    const doc::GlyphRun& run = placed.run;
    if (run.decoration) return;  // an icon is drawn, not text, to poppler
    const auto font = static_cast<std::size_t>(run.font);
    const doc::FontInfo metrics = font < fonts.size() ? fonts[font] : doc::FontInfo{};
    reading::Word word{0, 0, baseline, baseline - metrics.ascent * run.size, baseline + metrics.descent * run.size,
                       run.size, index};
    bool open = false;
    // A right-to-left page is mirrored whole, each run moved to the other side as drawn.
    double pen = theme.right_to_left ? theme.page_width - x - run.width() : x;
    auto close = [&] {
      if (open) words.push_back(word);
      open = false;
    };
    for (const doc::Glyph& glyph : run.glyphs) {
      const bool space = glyph.cluster < run.text.size() && run.text[glyph.cluster] == ' ';
      if (space) {
        close();
      } else {
        if (!open) word.left = pen;
        open = true;
        word.right = pen + glyph.advance;
      }
      pen += glyph.advance;
    }
    close();
  });
}

/// The steps a column's vertical spaces are scaled by to part its rows from the main flow's
/// (part_column_rows), tighter first (a column that ends no lower stays so), then looser: a
/// few points between its sections and entries.
constexpr std::array<double, 8> kColumnSpaceSteps = {-0.05, -0.1, -0.15, -0.2, 0.05, 0.1, 0.15, 0.2};

/// How many times poppler would take blocks of the column and of the main flow beside it for
/// a table's cells on some page (reading::mixed_table_cells), and read its rows across both
/// columns: a section among another's entries, a title apart from its own. With `slack`
/// (pt), also where the blocks may be so once each edge is that far off the model's.
std::size_t table_rows(const Plan& plan, const std::vector<Flow>& flows, std::size_t column, std::size_t main,
                       const theme::Theme& theme, const std::vector<doc::FontInfo>& fonts, double slack = 0) {
  std::size_t count = 0;
  for (std::size_t page = 0; page < plan.pages.size(); ++page) {
    std::vector<reading::Word> words;
    add_words(plan, page, flows[column], column, theme, fonts, words);
    add_words(plan, page, flows[main], main, theme, fonts, words);
    count += reading::mixed_table_cells(reading::group_blocks(std::move(words)), slack);
  }
  return count;
}

/// The pages with a column ending page `page` at its last break no lower than `main_reach`
/// (from the top margin), its rest going on to the next page; none when no break is so high.
/// A break that leaves an entry alone (BreakClass::LoneEntry) is taken over the last free one
/// where that one would leave more than the flow's lone room empty, as a page's end is chosen.
std::optional<Plan> end_column_no_lower_than(const Plan& plan, std::vector<Flow>& flows, std::size_t column,
                                             std::size_t page, double main_reach,
                                             const std::map<std::string, std::size_t, std::less<>>& flow_of_head,
                                             const theme::Theme& theme, std::size_t most_pages, const Setter& setter) {
  const auto placed = std::find_if(plan.pages[page].rbegin(), plan.pages[page].rend(),
                                   [&](const Placement& p) { return p.flow == column; });
  Flow& flow = flows[column];
  const std::vector<Chunk>& chunks = flow.chunks(placed->setting);
  std::optional<std::size_t> lone;
  for (std::size_t at = placed->range.end - 1; at > placed->range.begin; --at) {
    const BreakClass kind = chunks[at - 1].break_after;
    if (kind != BreakClass::Free && (kind != BreakClass::LoneEntry || lone)) continue;
    const double reach =
        placed->top - theme.margin_top + used_height(chunks, {placed->range.begin, at}, flow.space_scale);
    if (reach > main_reach + 1e-6) continue;
    if (kind == BreakClass::LoneEntry) {
      lone = at;
      continue;
    }
    flow.break_before = Cursor{placed->setting, lone && setter.flow_height - reach > flow.lone_room + 1e-6 ? *lone : at};
    return plan_pages(flows, flow_of_head, theme, most_pages, setter);
  }
  if (!lone) return std::nullopt;
  flow.break_before = Cursor{placed->setting, *lone};
  return plan_pages(flows, flow_of_head, theme, most_pages, setter);
}

/// A column that ends below the main flow on its last page, where the main flow goes on to a
/// later page, ends that page instead at its last break no lower than the main flow there
/// (Flow::break_before) and goes on beside the main flow on the next page: poppler reads lines
/// standing below everything beside them after the other column, and a designer fills the
/// next page's column rather than leave it empty. The pages planned so; none when it does
/// not apply or no break is high enough.
std::optional<Plan> end_column_beside_main(const Plan& plan, std::vector<Flow>& flows, std::size_t column,
                                           std::size_t main,
                                           const std::map<std::string, std::size_t, std::less<>>& flow_of_head,
                                           const theme::Theme& theme, std::size_t most_pages, const Setter& setter) {
  std::size_t last = plan.pages.size();
  while (last > 0 && main_on_page(plan, last - 1, column, theme) <= 0) --last;
  if (last == 0 || last >= plan.pages.size()) return std::nullopt;  // the main flow ends with it
  const std::size_t page = last - 1;
  const double main_reach = main_on_page(plan, page, main, theme);
  if (main_reach <= 0 || main_on_page(plan, page, column, theme) <= main_reach + 1e-6) return std::nullopt;
  return end_column_no_lower_than(plan, flows, column, page, main_reach, flow_of_head, theme, most_pages, setter);
}

/// A column whose last page holds nothing of the main flow (column_end_reads_after_main) but
/// that ends below the main flow on the page before ends that page instead at its last break
/// no lower than the main flow there, and goes on alone on the next: poppler reads lines
/// standing below everything beside them after the other column. The pages planned so; none
/// when it does not apply or no break is high enough.
std::optional<Plan> end_column_before_its_page_alone(const Plan& plan, std::vector<Flow>& flows, std::size_t column,
                                                     std::size_t main,
                                                     const std::map<std::string, std::size_t, std::less<>>& flow_of_head,
                                                     const theme::Theme& theme, std::size_t most_pages,
                                                     const Setter& setter) {
  std::size_t last = plan.pages.size();
  while (last > 0 && main_on_page(plan, last - 1, column, theme) <= 0) --last;
  if (last < 2 || main_on_page(plan, last - 1, main, theme) > 0) return std::nullopt;
  const std::size_t page = last - 2;
  const double main_reach = main_on_page(plan, page, main, theme);
  if (main_reach <= 0 || main_on_page(plan, page, column, theme) <= main_reach + 1e-6) return std::nullopt;
  return end_column_no_lower_than(plan, flows, column, page, main_reach, flow_of_head, theme, most_pages, setter);
}

/// Whether a section stands in both flows on one page: its first entries in the column, the
/// rest in the main flow (given back to it, under its title again).
bool section_parted_on_a_page(const Plan& plan, const std::vector<Flow>& flows, std::size_t column, std::size_t main) {
  for (const std::vector<Placement>& page : plan.pages) {
    std::set<int> in_column, in_main;
    for (const Placement& placed : page) {
      if (placed.flow != column && placed.flow != main) continue;
      const Flow& flow = flows[placed.flow];
      const std::vector<Chunk>& chunks = flow.chunks(placed.setting);
      for (std::size_t i = placed.range.begin; i < placed.range.end; ++i) {
        const int part = (*flow.blocks)[chunks[i].block].part;
        if (part >= 0 && part != compose::kClosingPart) (placed.flow == column ? in_column : in_main).insert(part);
      }
    }
    for (const int part : in_column)
      if (in_main.contains(part)) return true;
  }
  return false;
}

/// The blocks a flow holds once a column that balances it (regions.NAME.balance) takes its
/// sections from `cut` on: `kept` stays in the main flow (its closing statement too), `moved`
/// goes to the column's foot after the column's own blocks, in the order they were composed.
void split_at_part(const std::vector<compose::Block>& main_blocks, const std::vector<compose::Block>& side_blocks,
                   int cut, bool narrow, std::vector<compose::Block>& kept, std::vector<compose::Block>& side) {
  kept.clear();
  side = side_blocks;
  for (const compose::Block& block : main_blocks) {
    if (block.part < cut || block.part == compose::kClosingPart) {
      kept.push_back(block);
      continue;
    }
    compose::Block& moved = side.emplace_back(block);
    auto* row = std::get_if<compose::Row>(&moved.content);
    // A narrow column has no room for a date column: as compose sets an entry there, the
    // dates and places go under the title, flush left with it (a title wrapped beside its
    // dates reads interleaved with them), in from the section's title as the title is.
    if (!narrow || !row || row->aside.empty() || row->aside_left || row->aside_fixed || !row->lead.empty() ||
        row->main.empty())
      continue;
    const double title_left = row->main.front().indent_left;
    for (compose::Paragraph& para : row->aside)
      if (!para.inlines.empty()) {
        para.align = theme::Align::Left;
        para.indent_left += title_left;
        row->main.push_back(std::move(para));
      }
    row->aside.clear();
    row->aside_width = 0;
    row->gap = 0;
  }
}

/// The blocks the two flows hold once the main flow takes the column's sections from the
/// `moved_from`-th of them on (a column that runs longer than the main flow): `column_kept`
/// stays in the column, `main` is the main flow's own blocks, then those it took, at its foot
/// and above its closing statement, in the order they were composed. Their entries keep the
/// column's setting (dates under the title), which reads as well at the main flow's width.
void split_column_at_part(const std::vector<compose::Block>& main_blocks,
                          const std::vector<compose::Block>& side_blocks, int moved_from,
                          std::vector<compose::Block>& main, std::vector<compose::Block>& column_kept) {
  column_kept.clear();
  main.clear();
  const auto closing = std::find_if(main_blocks.begin(), main_blocks.end(),
                                    [](const compose::Block& b) { return b.part == compose::kClosingPart; });
  main.insert(main.end(), main_blocks.begin(), closing);
  bool moving = false;
  for (const compose::Block& block : side_blocks) {
    moving = moving || block.part == moved_from;
    (moving ? main : column_kept).push_back(block);
  }
  main.insert(main.end(), closing, main_blocks.end());
}

/// The pages with a column beside the main flow that poppler would read with it as a table in
/// more than `allowed` rows (table_rows: its rows across both columns, a column's lines among
/// the other's paragraph) parted: its vertical spaces scaled a little, the mildest of a few
/// steps that leaves no more rows even with the model's error (kModelSlack), in as many pages
/// and (a column that ended no lower than the main flow) ending no lower. Only the spaces
/// between the column's blocks change, never its text or lines; the model checks that lines
/// poppler joined into a block (a contact's) stay joined. None parts them: the column stays as
/// it was set, and none is returned.
std::optional<Plan> part_column_rows(const Plan& plan, std::vector<Flow>& flows, std::size_t column, std::size_t main,
                                     std::size_t allowed,
                                     const std::map<std::string, std::size_t, std::less<>>& flow_of_head,
                                     const theme::Theme& theme, std::size_t most_pages, const Setter& setter) {
  const bool above_main = column_ends_above_main(plan, column, main, theme);
  const double as_set = flows[column].space_scale;
  for (const double step : kColumnSpaceSteps) {
    flows[column].space_scale = as_set * (1 + step);
    Plan tried = plan_pages(flows, flow_of_head, theme, most_pages, setter);
    if (tried.pages.size() == plan.pages.size() &&
        table_rows(tried, flows, column, main, theme, setter.typesetter.fonts(), kModelSlack) <= allowed &&
        (!above_main || column_ends_above_main(tried, column, main, theme)))
      return tried;
  }
  flows[column].space_scale = as_set;
  return std::nullopt;
}

/// Every column beside the main flow that poppler would read with it as a table is parted
/// from it where its spaces can part it (part_column_rows).
void keep_columns_apart(std::vector<Flow>& flows, std::size_t main,
                        const std::map<std::string, std::size_t, std::less<>>& flow_of_head, const theme::Theme& theme,
                        std::size_t most_pages, const Setter& setter) {
  for (const theme::Region& region : theme.regions) {
    if (region.dock != theme::RegionDock::Left && region.dock != theme::RegionDock::Right) continue;
    const auto found = flow_of_head.find(region.name);
    if (found == flow_of_head.end() || found->second == main) continue;
    const std::size_t column = found->second;
    const Plan natural = plan_pages(flows, flow_of_head, theme, most_pages, setter);
    if (table_rows(natural, flows, column, main, theme, setter.typesetter.fonts()) > 0)
      part_column_rows(natural, flows, column, main, 0, flow_of_head, theme, most_pages, setter);
  }
}

/// The blocks of the two flows once a column that took the main flow's sections from its
/// block `own` on (own: its own blocks before them) gives back those from its block
/// `first_given` on: they go to the main flow's foot (`main_blocks` as composed, dates beside
/// the title rather than under it), above its closing statement, under their section's title
/// again with the word for continued where they begin inside it (page furniture, as a
/// repeated title is). `kept` and `side` are the flows' blocks now; `main_out` and `side_out`
/// may be either. Where what is given back starts in `main_out`; none where `first_given` is
/// not one of the blocks the column took.
std::optional<std::size_t> give_back_blocks(const std::vector<compose::Block>& main_blocks, std::size_t own,
                                            std::size_t first_given, const std::vector<compose::Block>& kept,
                                            const std::vector<compose::Block>& side, std::vector<compose::Block>& main_out,
                                            std::vector<compose::Block>& side_out) {
  if (first_given <= own || first_given >= side.size()) return std::nullopt;
  std::vector<const compose::Block*> moved;  // the main flow's blocks the column took, as composed
  for (const compose::Block& block : main_blocks)
    if (block.part >= side[own].part && block.part != compose::kClosingPart) moved.push_back(&block);
  if (moved.size() != side.size() - own) return std::nullopt;
  const std::size_t back = first_given - own;  // the first of `moved` given back
  std::vector<compose::Block> main_now;
  const auto closing = std::find_if(kept.begin(), kept.end(),
                                    [](const compose::Block& b) { return b.part == compose::kClosingPart; });
  main_now.insert(main_now.end(), kept.begin(), closing);
  const std::size_t given_from = main_now.size();
  const auto title = std::find_if(moved.begin(), moved.end(),
                                  [&](const compose::Block* b) { return b->part == moved[back]->part; });
  if (title != moved.begin() + static_cast<std::ptrdiff_t>(back) && (*title)->continued_title) {
    compose::Block again = **title;
    again.content = *(*title)->continued_title;
    again.continued_title.reset();
    again.bookmark.clear();
    main_now.push_back(std::move(again));
  }
  for (std::size_t k = back; k < moved.size(); ++k) main_now.push_back(*moved[k]);
  main_now.insert(main_now.end(), closing, kept.end());
  std::vector<compose::Block> side_now(side.begin(), side.begin() + static_cast<std::ptrdiff_t>(first_given));
  main_out = std::move(main_now);
  side_out = std::move(side_now);
  return given_from;
}

/// The first chunk of a flow's first setting set from block `block` or a later one; none.
std::optional<std::size_t> first_chunk_from_block(const Flow& flow, std::size_t block) {
  const std::vector<Chunk>& chunks = flow.chunks();
  const auto at = std::find_if(chunks.begin(), chunks.end(), [&](const Chunk& c) { return c.block >= block; });
  if (at == chunks.end()) return std::nullopt;
  return static_cast<std::size_t>(at - chunks.begin());
}

/// How a placement of two balanced columns reads: its pages, the room it leaves empty before
/// its last page (empty_room_before_last_page) and how far apart the columns end.
struct ColumnsJudged {
  std::size_t pages = 0;
  double empty_room = 0, ends_apart = 0;
  /// Fewer pages; else less empty room by a line or more; else, as empty, ends nearer by 1pt
  /// or more (less is no reason to move a section).
  bool better_than(const ColumnsJudged& other) const {
    constexpr double kFuller = 12, kNearer = 1;  // pt
    if (pages != other.pages) return pages < other.pages;
    if (std::abs(empty_room - other.empty_room) >= kFuller) return empty_room < other.empty_room;
    return ends_apart + kNearer < other.ends_apart;
  }
};

/// Two body columns end near each other on the last page they share, as a designer sets
/// them (Deedy's résumé): when a column beside the main flow balances it (regions.NAME.balance),
/// the main flow's last sections move whole to that column's foot, as many as bring the two
/// columns' ends nearest on the last page, in no more pages than the natural layout. A section
/// moves whole or not at all, and the text still reads column by column (the column's own
/// sections, then those it took); a section that would end the column below the main flow on a
/// page the main flow runs on from goes on beside it on the next page (end_column_beside_main).
/// In as many pages, the placement that leaves less room empty before the last page wins over
/// nearer ends: a column may take the main flow's last section into its hole on page 1 and go
/// on with it alone on the next page (column_end_reads_after_main), so page 1 is full.
/// A column that already ends below the main flow balances the
/// other way: its last sections move to the main flow's foot, as few as bring its end no lower
/// than the main flow's. `kept` and `side` hold the blocks of the two flows chosen.
void balance_columns(std::vector<Flow>& flows, std::size_t main,
                     const std::map<std::string, std::size_t, std::less<>>& flow_of_head, const theme::Theme& theme,
                     std::size_t most_pages, const Setter& setter, bool squeeze, std::vector<compose::Block>& kept,
                     std::vector<compose::Block>& side) {
  const auto balancing = std::find_if(theme.regions.begin(), theme.regions.end(), [](const theme::Region& r) {
    return r.balance && (r.dock == theme::RegionDock::Left || r.dock == theme::RegionDock::Right);
  });
  if (balancing == theme.regions.end()) return;
  const auto side_flow = flow_of_head.find(balancing->name);
  if (side_flow == flow_of_head.end() || side_flow->second == main) return;
  const std::size_t column = side_flow->second;
  // Compose sets a column this narrow without a date column (entry.narrow_region_below).
  const bool narrow =
      theme::region_text_width(theme, balancing->name) <
      theme.narrow_region_share * (theme.page_width - theme.margin_left - theme.margin_right);
  // The main flow's sections, in order: the last of them are what may move.
  std::vector<int> parts;
  for (const compose::Block& block : *flows[main].blocks)
    if (block.part >= 0 && block.part != compose::kClosingPart && (parts.empty() || parts.back() != block.part))
      parts.push_back(block.part);
  if (parts.empty()) return;  // nothing for the two columns to balance
  // Fewer pages first, then the less room left empty before the last page (a reader sees a
  // hole on page 1 first), then the columns' ends nearer each other (counted through the pages).
  auto judged = [&](const Plan& plan) {
    return ColumnsJudged{plan.pages.size(), empty_room_before_last_page(plan, column, main, theme),
                         columns_end_apart(plan, column, main, theme, setter.flow_height)};
  };
  // The pages as they will be set: with the main flow's spaces tightened where that spares a
  // near-empty last page (choose_space_scale), which moves every line below the first space.
  auto plan_as_set = [&] {
    if (squeeze) choose_space_scale(flows, main, flow_of_head, theme, most_pages, setter);
    return plan_pages(flows, flow_of_head, theme, most_pages, setter);
  };
  const Plan natural_plan = plan_as_set();
  const auto natural = judged(natural_plan);
  // A column that already ends below the main flow gives its last sections to the main flow's
  // foot instead (the other way round), as few as bring it up to no lower than the main flow:
  // poppler reads its last lines after the main flow, as one block with the page number under
  // them. A one-page CV has no page number; its column ends lower as in Deedy's résumé, read
  // in its place, rather than its last sections (a Korean new graduate's 자격 and 어학) set
  // across the main column's width under the experience.
  const bool column_longer =
      natural_plan.pages.size() > 1 && !column_ends_above_main(natural_plan, column, main, theme);
  // Moving sections must not make poppler read more of the two columns as a table's rows than
  // it already does (rows at the columns' tops, which no move changes, are no reason to leave
  // a hole).
  const std::size_t natural_table_rows = table_rows(natural_plan, flows, column, main, theme, setter.typesetter.fonts());
  const std::size_t natural_table_rows_slack =
      table_rows(natural_plan, flows, column, main, theme, setter.typesetter.fonts(), kModelSlack);
  flows[main].space_scale = 1;  // chosen again once the columns are
  auto best = natural;
  Flow main_whole = std::move(flows[main]), column_whole = std::move(flows[column]);
  std::optional<std::pair<Flow, Flow>> chosen;
  std::vector<compose::Block> try_kept, try_side;
  // The pages with the two flows holding `try_kept` and `try_side`.
  std::size_t taken_from_column = std::numeric_limits<std::size_t>::max();  // of try_kept (Flow::taken_from_column)
  auto plan_with_tried = [&] {
    Diagnostics again;  // what the blocks' content says was said when they were first set
    for (auto [index, blocks, whole] : {std::tuple{main, &try_kept, &main_whole}, {column, &try_side, &column_whole}}) {
      flows[index] = Flow{};
      flows[index].name = whole->name;
      flows[index].blocks = blocks;
      flows[index].lone_room = whole->lone_room;
      setting_at(flows[index], whole->settings.front().width, setter, again);
    }
    flows[main].taken_from_column = taken_from_column;
    return plan_as_set();
  };
  auto choose_tried = [&](const ColumnsJudged& result) {
    best = result;
    std::swap(kept, try_kept);
    std::swap(side, try_side);
    chosen.emplace(std::move(flows[main]), std::move(flows[column]));
    chosen->first.space_scale = 1;  // chosen again once the columns are
    chosen->first.blocks = &kept;
    chosen->second.blocks = &side;
  };
  if (column_longer) {
    std::vector<int> column_parts;
    for (const compose::Block& block : *column_whole.blocks)
      if (block.part >= 0 && (column_parts.empty() || column_parts.back() != block.part))
        column_parts.push_back(block.part);
    // The column keeps a section of its own; the first count of moved sections that brings its
    // end no lower than the main flow's is the nearest (each more lengthens the main flow).
    for (std::size_t moved = 1; moved < column_parts.size(); ++moved) {
      split_column_at_part(*main_whole.blocks, *column_whole.blocks, column_parts[column_parts.size() - moved],
                           try_kept, try_side);
      taken_from_column = static_cast<std::size_t>(
          std::find_if(main_whole.blocks->begin(), main_whole.blocks->end(),
                       [](const compose::Block& b) { return b.part == compose::kClosingPart; }) -
          main_whole.blocks->begin());
      const Plan plan = plan_with_tried();
      const auto result = judged(plan);
      if (result.pages > natural.pages) break;
      if (column_ends_above_main(plan, column, main, theme) &&
          table_rows(plan, flows, column, main, theme, setter.typesetter.fonts()) <= natural_table_rows) {
        choose_tried(result);
        break;
      }
    }
  }
  // What the column sets past the page it takes the main flow's sections onto goes back to the
  // main flow's foot, as composed (dates beside the title, not under it), under its section's
  // title again with the word for continued (page furniture, as a repeated title is), heading
  // the main column's next page at the earliest: the column fills its hole on that page and
  // never runs on beside the main flow or alone as a narrow strip (give_back_blocks). The
  // pages so, or none where nothing goes past that page. `on_its_page`: what is given back
  // follows the main flow on the page the column took the sections onto, where that ends the
  // CV there (a section in two places on one page, its first entries in the column, read
  // first, and the rest under its title again at the main flow's foot, rather than a page
  // more); none where the CV would go on past that page (the section then in three places).
  auto give_back_past_its_page = [&](const Plan& plan, bool on_its_page) -> std::optional<Plan> {
    const std::size_t own = column_whole.blocks->size();
    std::optional<std::size_t> taking_page;  // where the column sets the first block it took
    std::optional<std::size_t> first_given;
    for (std::size_t page = 0; page < plan.pages.size() && !first_given; ++page)
      for (const Placement& p : plan.pages[page]) {
        if (p.flow != column || p.range.begin >= p.range.end) continue;
        const std::vector<Chunk>& chunks = flows[column].chunks(p.setting);
        if (taking_page && page > *taking_page) {
          first_given = chunks[p.range.begin].block;
          break;
        }
        if (!taking_page && chunks[p.range.end - 1].block >= own) taking_page = page;
      }
    if (!first_given) return std::nullopt;
    const std::optional<std::size_t> given_from =
        give_back_blocks(*main_whole.blocks, own, *first_given, try_kept, try_side, try_kept, try_side);
    if (!given_from) return std::nullopt;
    Plan given = plan_with_tried();
    if (on_its_page) {
      if (given.pages.size() != *taking_page + 1) return std::nullopt;
      return given;
    }
    // It heads a page after the one the column took it onto.
    const std::optional<std::size_t> head = first_chunk_from_block(flows[main], *given_from);
    if (!head) return given;
    for (std::size_t page = 0; page <= *taking_page && page < given.pages.size(); ++page)
      for (const Placement& p : given.pages[page])
        if (p.flow == main && p.range.begin <= *head && *head < p.range.end) {
          flows[main].break_before = Cursor{0, *head};
          return plan_as_set();
        }
    return given;
  };
  // A column the main flow goes on under (wrap_under) leaves no hole for the main flow's last
  // sections to fill: they stay where the CV writes them, across the page under the column
  // where that is where they fall, and move to the column's foot only where they fit there
  // whole and that spares a page (a third page a third full is the worse flaw). Moved into the
  // narrow column otherwise, reviewers found them split between its foot and the next page,
  // in two styles, out of the CV's order.
  const bool only_whole_sparing = balancing->wrap_under;
  auto column_ends_on_its_taking_page = [&](const Plan& plan) {
    const std::size_t own = column_whole.blocks->size();
    std::optional<std::size_t> taking, last;
    for (std::size_t page = 0; page < plan.pages.size(); ++page)
      for (const Placement& p : plan.pages[page]) {
        if (p.flow != column || p.range.begin >= p.range.end) continue;
        last = page;
        if (!taking && flows[column].chunks(p.setting)[p.range.end - 1].block >= own) taking = page;
      }
    return taking && last && *taking == *last;
  };
  for (std::size_t moved = 1; !column_longer && moved < parts.size(); ++moved) {
    const int cut = parts[parts.size() - moved];
    // The pages with the column taking the main flow's sections from `cut` on: at its foot,
    // going on with them to the next page where they do not fit, or, `giving_back`, giving what
    // goes past that page back to the main flow (give_back_past_its_page: heading its next page,
    // or on that page where the CV then ends there); none where nothing would be given back.
    enum class GiveBack { None, NextPage, OnItsPage };
    auto placed_with = [&](GiveBack giving_back) -> std::optional<Plan> {
      split_at_part(*main_whole.blocks, *column_whole.blocks, cut, narrow, try_kept, try_side);
      Plan plan = plan_with_tried();
      if (!column_ends_above_main(plan, column, main, theme)) {
        if (auto beside = end_column_beside_main(plan, flows, column, main, flow_of_head, theme, most_pages, setter))
          plan = std::move(*beside);
        else if (auto alone = end_column_before_its_page_alone(plan, flows, column, main, flow_of_head, theme,
                                                               most_pages, setter))
          plan = std::move(*alone);
      }
      if (giving_back != GiveBack::None) {
        std::optional<Plan> given = give_back_past_its_page(plan, giving_back == GiveBack::OnItsPage);
        if (!given) return std::nullopt;
        plan = std::move(*given);
      }
      // Rows poppler would read across both columns are parted by the column's spaces where
      // they can be, as the columns finally set are (keep_columns_apart).
      if (table_rows(plan, flows, column, main, theme, setter.typesetter.fonts()) > natural_table_rows)
        if (auto parted = part_column_rows(plan, flows, column, main, natural_table_rows_slack, flow_of_head, theme,
                                           most_pages, setter))
          plan = std::move(*parted);
      return plan;
    };
    // The text reads each page's columns whole, the column's own sections, then those it took.
    auto choose_if_better = [&](const Plan& plan) {
      const auto result = judged(plan);
      // Under a column the main flow goes on under (wrap_under) there is no hole for a
      // section's first entries to fill apart from the rest of it, set across below, on the
      // same page.
      if (balancing->wrap_under && section_parted_on_a_page(plan, flows, column, main)) return;
      if (result.pages <= natural.pages && column_end_reads_after_main(plan, column, main, theme) &&
          result.better_than(best) &&
          table_rows(plan, flows, column, main, theme, setter.typesetter.fonts()) <= natural_table_rows)
        choose_tried(result);
    };
    const Plan plan = *placed_with(GiveBack::None);
    const bool past = plan.pages.size() > natural.pages;
    // Once the column ends below the main flow, moving more only lengthens it further.
    const bool longest = past || flow_end(plan, column, theme, setter.flow_height) >
                                     flow_end(plan, main, theme, setter.flow_height);
    if (only_whole_sparing) {
      if (plan.pages.size() < natural.pages && column_ends_on_its_taking_page(plan)) choose_if_better(plan);
      if (longest) break;
      continue;
    }
    choose_if_better(plan);
    if (auto given = placed_with(GiveBack::NextPage)) choose_if_better(*given);
    if (auto given = placed_with(GiveBack::OnItsPage)) choose_if_better(*given);
    if (longest) break;
  }
  flows[main] = chosen ? std::move(chosen->first) : std::move(main_whole);
  flows[column] = chosen ? std::move(chosen->second) : std::move(column_whole);
  if (!chosen) return;
  // The column that took the main flow's last sections may go on with them to a page the main
  // flow does not reach: a narrow strip beside an empty main column. What it sets there goes
  // back to the main flow's foot, under its section's title again, and the main column goes on
  // on that page at its width; page 1 stays as full.
  const Plan placed = plan_as_set();
  std::size_t strip = placed.pages.size();
  while (strip > 1 && main_on_page(placed, strip - 1, main, theme) <= 0 && main_on_page(placed, strip - 1, column, theme) > 0)
    --strip;
  if (strip == placed.pages.size() || main_on_page(placed, strip, column, theme) <= 0) return;
  const auto on_strip = std::find_if(placed.pages[strip].begin(), placed.pages[strip].end(),
                                     [&](const Placement& p) { return p.flow == column; });
  if (on_strip == placed.pages[strip].end()) return;
  const std::size_t own = column_whole.blocks->size();
  const std::size_t first_given = flows[column].chunks(on_strip->setting)[on_strip->range.begin].block;
  const std::optional<std::size_t> given_from =
      give_back_blocks(*main_whole.blocks, own, first_given, kept, side, try_kept, try_side);
  if (!given_from) return;
  Flow main_set = std::move(flows[main]), column_set = std::move(flows[column]);
  plan_with_tried();
  // It heads the page it was on: the main flow's page before ends where the main flow ended.
  const std::optional<std::size_t> head = first_chunk_from_block(flows[main], *given_from);
  if (!head) {
    flows[main] = std::move(main_set);
    flows[column] = std::move(column_set);
    return;
  }
  flows[main].break_before = Cursor{0, *head};
  const Plan given = plan_as_set();
  if (given.pages.size() <= placed.pages.size() && main_on_page(given, given.pages.size() - 1, main, theme) > 0 &&
      empty_room_before_last_page(given, column, main, theme) <=
          empty_room_before_last_page(placed, column, main, theme) + 1e-6) {
    std::swap(kept, try_kept);
    std::swap(side, try_side);
    flows[main].blocks = &kept;
    flows[column].blocks = &side;
    flows[main].space_scale = 1;  // chosen again once the columns are
    return;
  }
  flows[main] = std::move(main_set);
  flows[column] = std::move(column_set);
}

/// A last page that would hold a stub (less than fit.last_page_least of a page, a few lines
/// the spaces could not pull back) takes more: the page before ends earlier, so that the last
/// page carries a real share and never more than the page before keeps. A typographer moves
/// the last section whole: the latest start of a section on the page before that gives the
/// last page its share, while the hole it leaves is at most fit.last_page_hole; failing that,
/// the latest break between entries of the last section (or between lines of a long
/// paragraph) that does, or one higher up within that bound. The type is never shrunk for it, and the count of pages stays.
/// Else a section of two entries split one and one (its title and first entry at the foot of
/// the page before) moves to the last page whole where that page then holds no more than the
/// one before.
/// Without `lift_stub` (the fit module judging whether tighter spaces spare the last page,
/// which a fuller page would hide from it) only the second.
void choose_last_break(std::vector<Flow>& flows, std::size_t main,
                       const std::map<std::string, std::size_t, std::less<>>& flow_of_head, const theme::Theme& theme,
                       std::size_t most_pages, const Setter& setter, bool lift_stub) {
  if (theme.last_page_least <= 0) return;
  const double flow_height = theme.page_height - theme.margin_top - theme.margin_bottom;
  const double least = theme.last_page_least * flow_height;
  const Plan natural = plan_pages(flows, flow_of_head, theme, most_pages, setter);
  const std::size_t pages = natural.pages.size();
  if (pages < 2) return;
  // The main flow's last placement on the page before: where its page may end earlier.
  const Placement* before = nullptr;
  for (const Placement& placed : natural.pages[pages - 2])
    if (placed.flow == main) before = &placed;
  if (!before) return;
  Flow& flow = flows[main];
  const std::vector<Chunk>& chunks = flow.chunks(before->setting);
  const std::vector<compose::Block>& blocks = *flow.blocks;
  auto part_of = [&](std::size_t at) {
    return at < chunks.size() && chunks[at].block < blocks.size() ? blocks[chunks[at].block].part : -1;
  };
  auto section_starts = [&](std::size_t at) {
    return starts_block(chunks, at) && chunks[at - 1].block < blocks.size() && chunks[at].block < blocks.size() &&
           starts_section(chunks, blocks, at);
  };
  const bool stub = main_on_page(natural, pages - 1, main, theme) < least;
  if (stub && !lift_stub) return;
  // A short section (two entries) that starts at the foot of the page before with its title
  // and one entry, and goes on on the last page (split one and one), moves there whole when
  // the last page still holds no more than the page before: a typographer keeps a short
  // section together rather than leave its title and first entry apart from the other.
  std::optional<std::size_t> lone_entry_section;
  if (!stub && before->range.end > before->range.begin + 1 && part_of(before->range.end) >= 0 &&
      part_of(before->range.end - 1) == part_of(before->range.end)) {
    std::size_t start = before->range.end - 1;
    while (start > before->range.begin && part_of(start - 1) == part_of(start)) --start;
    std::size_t end = before->range.end;
    while (end < chunks.size() && part_of(end) == part_of(start)) ++end;
    auto entries_in = [&](std::size_t from, std::size_t to) {
      std::set<int> groups;
      for (std::size_t at = from; at < to; ++at)
        if (const int group = blocks[chunks[at].block].group; group >= 0) groups.insert(group);
      return groups;
    };
    const std::set<int> above = entries_in(start, before->range.end), below = entries_in(before->range.end, end);
    // One entry on each side, or one split between the pages; a longer section may well
    // start at a page's foot.
    std::set<int> all = above;
    all.insert(below.begin(), below.end());
    if (start > before->range.begin && section_starts(start) && chunks[start - 1].break_after == BreakClass::Free &&
        above.size() == 1 && all.size() <= 2)
      lone_entry_section = start;
  }
  if (!stub && !lone_entry_section) return;
  // A stub that starts with a section of its own is whole already: every section on the page
  // before fits where it stands and stays there (a designer fills a page before moving a
  // section on); only a section that runs over onto the last page moves, whole or from one of
  // its entries. The layout's closing (a signature, a date) is no section: alone, it takes more.
  const std::size_t first_on_last = before->range.end;
  std::size_t running_over = before->range.begin;  // where the section that runs over starts
  if (stub && !lone_entry_section) {
    if (first_on_last >= chunks.size()) return;
    if (section_starts(first_on_last) && part_of(first_on_last) != compose::kClosingPart) return;
    if (!section_starts(first_on_last))
      for (running_over = first_on_last - 1;
           running_over > before->range.begin && !section_starts(running_over);)
        --running_over;
  }
  // A whole section moves only while the hole it leaves at the foot of the page before is at
  // most fit.last_page_hole of a page (or the hole that page has already, if deeper): past
  // that, the section is split between entries, which takes no more than the last page needs.
  const double most_hole =
      theme.last_page_hole > 0
          ? std::max(theme.last_page_hole * flow_height, flow_height - main_on_page(natural, pages - 2, main, theme))
          : flow_height;
  auto takes = [&](std::size_t at, bool bounded) {
    flow.break_before = Cursor{before->setting, at};
    const Plan plan = plan_pages(flows, flow_of_head, theme, most_pages, setter);
    if (plan.pages.size() != pages) return false;
    const double last = main_on_page(plan, pages - 1, main, theme), kept = main_on_page(plan, pages - 2, main, theme);
    return last >= least && last <= kept && (!bounded || flow_height - kept <= most_hole);
  };
  if (lone_entry_section) {
    if (!takes(*lone_entry_section, false)) flow.break_before.reset();
    return;
  }
  for (const bool sections_only : {true, false}) {
    // Between entries, a break below the last start of a section on the page before takes no
    // more than the last page needs, whatever hole it leaves. That start, and every break above
    // it, moves a whole section (the first pass tried the starts): held to the same bound, so
    // that a section which fits where it stands stays there.
    bool bounded = sections_only;
    for (std::size_t at = before->range.end - 1; at > before->range.begin && at >= running_over; --at) {
      if (chunks[at - 1].break_after != BreakClass::Free) continue;
      if (section_starts(at)) {
        bounded = true;
        if (!sections_only) continue;
      } else if (sections_only) {
        continue;
      }
      if (takes(at, bounded)) return;
    }
  }
  flow.break_before.reset();
}

/// Puts the chunks of one placement on `page` (index `page_index`). Each chunk is placed
/// once, so its content is moved onto the page rather than copied (a line's runs carry their
/// text and link address).
void place_chunks(Flow& flow, const Placement& placed, int page_index, Page& page, Document& doc) {
  double y = placed.top;
  const PageRange range = placed.range;
  const double x = placed.frame.x;
  std::vector<Chunk>& chunks = flow.chunks(placed.setting);
  if (range.begin < range.end && chunks[range.begin].repeat_header) {
    const Chunk& header = *chunks[range.begin].repeat_header;  // the table continues here
    Page content = header.content;
    // Read once, where the table begins: drawn again, the header row is page furniture.
    for (PlacedRun& run : content.runs) run.tag = -1;
    for (LinkArea& link : content.links) link.tag = -1;
    detail::translate(content, x, y);
    detail::append(page, std::move(content));
    y += header.height;
    page.repeated_height += header.height;
  }
  bool first_text = true;  // no chunk with text placed yet
  for (size_t i = range.begin; i < range.end; ++i) {
    Chunk& c = chunks[i];
    if (i != range.begin) {
      const double space = space_above(flow, placed, i);
      if (c.lead_in && space > 0)  // a timeline's rule through the space above
        page.rects.push_back({x + c.lead_in->x, y, c.lead_in->width, space, c.lead_in->color});
      y += space;
    }
    if (first_text && !c.content.runs.empty()) {
      first_text = false;
      if (c.rail_again) {  // the section goes on from the page before: its title in the rail again
        Page title = *c.rail_again;
        // Read once, where the section begins: drawn again, the title is page furniture.
        for (PlacedRun& run : title.runs) run.tag = -1;
        for (LinkArea& link : title.links) link.tag = -1;
        detail::translate(title, x, y + c.rail_again_top);
        detail::append(page, std::move(title));
      }
    }
    if (!c.bookmark.empty()) doc.bookmarks.push_back({c.bookmark, page_index, y});
    Page content = std::move(c.content);
    detail::translate(content, x, y);
    detail::append(page, std::move(content));
    y += c.height;
  }
  if (range.begin < range.end && chunks[range.end - 1].close_at_break) {  // a split table row goes on
    Page closing = chunks[range.end - 1].close_at_break->content;
    detail::translate(closing, x, y);
    detail::append(page, std::move(closing));
  }
}

/// How many runs place_chunks puts on a page for these placements (a page's runs are reserved
/// at once, not grown and moved chunk by chunk).
std::size_t runs_placed(const std::vector<Placement>& placements, const std::vector<Flow>& flows) {
  std::size_t runs = 0;
  for (const Placement& placed : placements) {
    const std::vector<Chunk>& chunks = flows[placed.flow].chunks(placed.setting);
    const PageRange range = placed.range;
    if (range.begin < range.end && chunks[range.begin].repeat_header)
      runs += chunks[range.begin].repeat_header->content.runs.size();
    for (size_t i = range.begin; i < range.end; ++i) runs += chunks[i].content.runs.size();
  }
  return runs;
}

/// A vertical rule drawn in pieces (a timeline's, one per line and per space between blocks)
/// as one rectangle: the pieces of one rule continue each other exactly. Smaller files, and
/// no hairline seams where two pieces meet in a viewer that anti-aliases each one.
void join_rule_pieces(Page& page) {
  std::vector<FilledRect> joined;
  joined.reserve(page.rects.size());
  for (const FilledRect& r : page.rects) {
    if (!joined.empty()) {
      FilledRect& last = joined.back();
      const bool continues = last.radius == 0 && r.radius == 0 && last.x == r.x && last.width == r.width &&
                             last.color == r.color && std::abs(last.y + last.height - r.y) < 1e-6;
      if (continues) {
        last.height += r.height;
        continue;
      }
    }
    joined.push_back(r);
  }
  page.rects = std::move(joined);
}

/// A region's background on a page where it holds content: to the paper's edge on its outer
/// sides; a top region's down to `padding` below its content (from the paper's top when it is
/// first on the page), a column's from halfway into the gap above it (or the paper's top) to
/// the paper's foot: a panel the height of the page, never a card that ends where its text does.
void add_background(const Placement& placed, const theme::Theme& theme, Page& page) {
  const theme::Region& region = *placed.frame.region;
  if (region.background == Rgb{1, 1, 1}) return;
  // A band at the top of the page, or a column with nothing above it, starts at the paper's top.
  const bool at_top =
      placed.top <= theme.margin_top + 1e-9 || (region.dock == theme::RegionDock::Top && placed.above_gap == 0);
  const double y = at_top ? 0 : placed.top - placed.above_gap / 2;
  const double bottom = region.dock == theme::RegionDock::Top
                            ? std::min(theme.page_height, placed.top + placed.height + region.padding)
                            : theme.page_height;
  page.backgrounds.push_back(
      FilledRect{placed.frame.outer_x, y, placed.frame.outer_width, bottom - y, region.background});
}

/// Whether `region` is a column with a background that keeps its place on pages without its
/// content (regions.NAME.keep).
bool kept_tinted_column(const theme::Region& region) {
  const bool column = region.dock == theme::RegionDock::Left || region.dock == theme::RegionDock::Right;
  return column && region.keep && !(region.background == Rgb{1, 1, 1});
}

/// The backgrounds of the kept columns (regions.NAME.keep) that have no content on a page the
/// grid keeps them on: drawn empty, from where the columns beside them start (below the top
/// regions) to the paper's foot, as on a page where they hold content. Only when the column's
/// flow exists (the layout keeps its grid for this CV: paginate's empty_columns).
void add_kept_backgrounds(const std::vector<Placement>& placed_on_page, std::size_t page_index,
                          const std::map<std::string, std::size_t, std::less<>>& flow_of_head,
                          const theme::Theme& theme, Page& page) {
  for (const theme::RegionFrame& frame : theme::region_frames(theme, page_index)) {
    const theme::Region& region = *frame.region;
    if (!kept_tinted_column(region) || !flow_of_head.contains(region.name)) continue;
    const bool has_content = std::any_of(placed_on_page.begin(), placed_on_page.end(),
                                         [&](const Placement& placed) { return placed.frame.region == &region; });
    if (has_content) continue;
    // Any column beside it starts where it would: under the top regions of the page.
    Placement empty;
    empty.frame = frame;
    empty.top = theme.margin_top;
    for (const Placement& placed : placed_on_page)
      if (placed.frame.region->dock != theme::RegionDock::Top) {
        empty.top = placed.top;
        empty.above_gap = placed.above_gap;
        break;
      }
    add_background(empty, theme, page);
  }
}

std::string page_number_text(std::string format, int page, int total) {
  auto replace = [&](const std::string& key, const std::string& value) {
    for (size_t at = format.find(key); at != std::string::npos; at = format.find(key, at + value.size()))
      format.replace(at, key.size(), value);
  };
  replace("TOTAL", std::to_string(total));
  replace("PAGE", std::to_string(page));
  return format;
}

// The footer stands at the end of the text it numbers, flush with its right edge (a right-to-
// left page is mirrored, so there with its left edge): on the paper in one column, beside a
// side column under the main flow. poppler orders a page's blocks by where they stand: of two,
// the one wholly left of the other is read first unless something under the one and above the
// other stands across both. A number centred under the text stood wholly left of a date at the
// right of the page's last entry, with nothing under that date, and was read before it; flush
// right it stands under that date and is read last on its page. A page number is read at the boundary between pages:
// last on the first page, first on every later one. Read in drawing order with no line ended
// where a page ends, as pdf.js (and the résumé parsers built on it) reads a document, the
// last line of one page and the first of the next are joined to what stands between them: the
// first two pages' numbers then make a line of their own, which keeps the next page's first
// line apart (a section title, most often, lost when joined to "1 / 2") and stands at the foot
// of the page, a wide gap after the page's last line (where a parser starts a new entry). Past
// the second page, a page's first line stands alone and its last is joined to the next
// page's number. The top note is read first on the first page.
void add_page_numbers(const compose::Furniture& furniture, const theme::Theme& theme,
                      const std::vector<double>& text_ends, text::Typesetter& typesetter, Document& doc) {
  int total = static_cast<int>(doc.pages.size());
  if (!doc.pages.empty() && !furniture.top_note.empty()) {
    // The note sits in the top margin, right-aligned with the text, above the first line.
    compose::Inline note{furniture.top_note, furniture.footer_font, "", {}};
    note.reads_as = furniture.top_note_reads_as;
    text::Line line = typesetter.typeset_line(note);
    const double x = theme.page_width - theme.margin_right - line.width;
    const double baseline = std::max(theme.margin_top / 2, theme.margin_top - 2 * furniture.footer_font.size);
    std::vector<PlacedRun> placed;
    for (auto& run : line.runs) placed.push_back({run, x + run.x, baseline});
    auto& runs = doc.pages.front().runs;
    runs.insert(runs.begin(), placed.begin(), placed.end());  // read first
  }
  if (!furniture.page_numbers || total < 2) return;
  for (int p = 0; p < total; ++p) {
    compose::Inline label{page_number_text(furniture.page_number_format, p + 1, total), furniture.footer_font, "", {}};
    if (!furniture.page_number_reads_as.empty())
      label.reads_as = page_number_text(furniture.page_number_reads_as, p + 1, total);
    text::Line line = typesetter.typeset_line(label);
    double x = std::max(0.0, text_ends[static_cast<size_t>(p)] - line.width);
    double baseline = doc.page_height - theme.footer_offset;
    std::vector<PlacedRun> placed;
    for (auto& run : line.runs) placed.push_back({run, x + run.x, baseline});
    auto& runs = doc.pages[static_cast<size_t>(p)].runs;
    runs.insert(p == 0 ? runs.end() : runs.begin(), placed.begin(), placed.end());
  }
}

// A CV past a hundred pages is a runaway paste or a generated file gone wrong, and drawing
// it would only make a huge PDF nobody asked for.
void report_too_many_pages(const Plan& plan, const std::vector<Flow>& flows, Diagnostics& diags) {
  Span where;
  bool stopped_early = false;
  for (const Flow& flow : flows)
    for (const Setting& setting : flow.settings) stopped_early = stopped_early || setting.stopped_early;
  for (const Placement& placed : plan.pages[limits::kMaxPages])
    for (size_t i = placed.range.begin; i < placed.range.end && !where.known(); ++i)
      where = flows[placed.flow].chunks(placed.setting)[i].span;
  // Past the limit the rest is not set (build_chunks), so the count is known only when it
  // ended before that.
  const std::string runs_to = stopped_early || plan.pages.size() > limits::kMaxPages + 1
                                  ? "more than " + std::to_string(limits::kMaxPages + 1)
                                  : std::to_string(plan.pages.size());
  diags.error(where, "the CV runs to " + runs_to + " pages; hanji makes at most " + std::to_string(limits::kMaxPages),
              {"page " + std::to_string(limits::kMaxPages + 1) + " would start here; shorten the CV or split it"});
}

// Content of a region that is on no later page (a header region of the first page only) and
// does not fit there: reported where it starts, never dropped in silence.
void report_stranded(const Flow& flow, const theme::Theme& theme, Diagnostics& diags) {
  Span where;
  for (const Chunk& chunk : flow.chunks())
    if (chunk.span.known()) {
      where = chunk.span;
      break;
    }
  diags.error(where,
              "the content of region '" + flow.name + "' does not fit in it, and the region is on no later page",
              {"shorten it, or let the region continue: `regions." + flow.name +
               ".pages: all`, or an `overflow` into another region (layout " + theme.id + ")"});
}

// What hanji draws stays on the paper. Text can only leave it when a layout's sizes, indents
// or texts do not fit the page (a 200 pt body with a bullet, a footer longer than the page
// is wide, no top margin at all): that is refused, where the text comes from, rather than
// printed cut off. The glyph box is taken generously (1 em above the baseline, 0.3 below),
// as text extraction measures it with the font's own ascent.
void check_text_on_paper(const Document& doc, Diagnostics& diags) {
  constexpr double kAbove = 1.0, kBelow = 0.3, kTolerance = 0.01;
  for (size_t p = 0; p < doc.pages.size(); ++p)
    for (const PlacedRun& placed : doc.pages[p].runs) {
      const doc::GlyphRun& run = placed.run;
      const double baseline = placed.baseline - run.rise;
      const double beyond[] = {-placed.x, placed.x + run.width() - doc.page_width, -(baseline - kAbove * run.size),
                               baseline + kBelow * run.size - doc.page_height};
      const char* edges[] = {"left", "right", "top", "bottom"};
      for (int e = 0; e < 4; ++e) {
        if (beyond[e] <= kTolerance) continue;
        diags.error(run.span,
                    "text falls off the page: '" + excerpt(run.text, 30) + "' on page " + std::to_string(p + 1) +
                        " reaches " + detail::format_pt(beyond[e]) + " pt past its " + edges[e] + " edge",
                    {"the layout's sizes, indents, margins or texts (bullet, separators, page number) are too large "
                     "for the page; make them smaller, or the margins larger"});
        return;  // one is enough to say what is wrong
      }
    }
}


// Rules, frames, shades and photos stay on the paper too. The layout's own checks keep every
// drawn length within its region (layout.cc), so this is the last guard: what it finds is
// refused, never printed cut off.
void check_drawing_on_paper(const Document& doc, Diagnostics& diags) {
  constexpr double kTolerance = 0.01;
  auto off_paper = [&](double x, double y, double width, double height) {
    return x < -kTolerance || y < -kTolerance || x + width > doc.page_width + kTolerance ||
           y + height > doc.page_height + kTolerance;
  };
  for (size_t p = 0; p < doc.pages.size(); ++p) {
    const Page& page = doc.pages[p];
    for (const PlacedImage& image : page.images)
      if (off_paper(image.x, image.y, image.width, image.height)) {
        diags.error(image.span, "the photo falls off page " + std::to_string(p + 1),
                    {"the layout's photo size and margins do not fit the page; make header.photo_width smaller"});
        return;
      }
    for (const auto* rects : {&page.backgrounds, &page.rects})
      for (const FilledRect& r : *rects)
        if (off_paper(r.x, r.y, r.width, r.height)) {
          diags.error(Span{}, "a rule, frame or shade of the layout falls off page " + std::to_string(p + 1),
                      {"the layout's rule thicknesses, paddings or margins are too large for the page"});
          return;
        }
  }
}

// A right-to-left CV: every page as the mirror image of the layout's, left for right. The text
// was set for it (a right-to-left paragraph's runs from right to left, text.h), so the lines
// read right to left and end flush right, a side column stands on the other side, dates and
// bullets on the other side of their text. Each piece keeps its own drawing: a run its glyphs,
// the photo its pixels.
void mirror_pages(Document& doc) {
  const double width = doc.page_width;
  auto mirror_boxes = [&](auto& boxes) {
    for (auto& box : boxes) box.x = width - box.x - box.width;
  };
  for (Page& page : doc.pages) {
    for (PlacedRun& placed : page.runs) placed.x = width - placed.x - placed.run.width();
    mirror_boxes(page.backgrounds);
    mirror_boxes(page.rects);
    mirror_boxes(page.links);
    mirror_boxes(page.images);
  }
}

// Links underlined, as RenderCV's themes may ask: a rule under each linked run's glyphs, just
// below the baseline (icons keep none). A link broken across lines is underlined on each: its
// later parts read as nothing (actual_text, the first reads whole) but are drawn as its text.
void underline_links(Document& doc) {
  for (Page& page : doc.pages)
    for (const PlacedRun& placed : page.runs) {
      const doc::GlyphRun& run = placed.run;
      if (run.link.empty() || run.decoration) continue;
      const double thickness = std::max(0.4, 0.05 * run.size);
      page.rects.push_back(FilledRect{placed.x, placed.baseline + 0.12 * run.size, run.width(), thickness, run.color, 0});
    }
}
}  // namespace

/// poppler pools a page's words in bands 4 pt deep by their baselines (TextPool), and builds a
/// block's lines band by band: a line of Hangul whose Latin words stand a little higher or
/// lower (fonts.latin_baseline, 0.3 pt at a body size) came apart into one word a line where a
/// band's edge ran between the two baselines ("연속" / "관류" / … / "3.1 g/L" read apart).
constexpr double kPopplerBand = 4;

/// Every line whose runs stand on baselines in two of poppler's bands (their rises apart) is
/// moved, by less than their rises differ (a third of a point), into one band: up or down,
/// whichever is the nearer.
void keep_lines_in_one_band(Document& doc) {
  for (Page& page : doc.pages) {
    std::map<double, std::pair<double, double>> lines;  // a line's baseline: the lowest and highest base of its runs
    for (const PlacedRun& placed : page.runs) {
      // An icon reads as a space, and a space is no word: neither stands in a band to poppler.
      if (placed.run.decoration || placed.run.text.find_first_not_of(' ') == std::string::npos) continue;
      const double base = placed.baseline - placed.run.rise;
      auto [at, added] = lines.try_emplace(placed.baseline, base, base);
      if (!added) at->second = {std::min(at->second.first, base), std::max(at->second.second, base)};
    }
    std::map<double, double> moves;
    for (const auto& [baseline, bases] : lines) {
      const auto [low, high] = bases;
      const double edge = std::floor(high / kPopplerBand) * kPopplerBand;
      if (high - low >= kPopplerBand || low >= edge) continue;  // one band already (or no band holds it)
      constexpr double kPast = 0.01;  // pt past the edge
      const double down = edge - low + kPast, up = high - edge + kPast;
      moves[baseline] = down <= up ? down : -up;
    }
    if (moves.empty()) continue;
    for (PlacedRun& placed : page.runs)
      if (auto move = moves.find(placed.baseline); move != moves.end()) placed.baseline += move->second;
  }
}

Document paginate(const compose::Composition& composition, const theme::Theme& theme,
                  text::Typesetter& typesetter, Diagnostics& diags, const Options& options) {
  Document doc;
  doc.page_width = theme.page_width;
  doc.page_height = theme.page_height;
  doc.meta = composition.meta;
  doc.structure = composition.structure;
  const double flow_height = theme.page_height - theme.margin_top - theme.margin_bottom;
  doc.flow_height = flow_height;

  // Each region that takes content has a flow, set to the width of its text. Every flow is
  // set up to the first page past the limit, no further.
  constexpr std::size_t kPagesSet = limits::kMaxPages + 1;
  const Setter setter{typesetter, flow_height, kPagesSet};
  std::vector<Flow> flows;
  std::map<std::string, std::size_t, std::less<>> flow_of_head;
  std::size_t main = 0;
  for (const auto& [name, blocks] : composition.flows) {
    if (blocks.empty()) continue;
    double width = theme::region_text_width(theme, name);
    if (width <= 0) width = theme.page_width - theme.margin_left - theme.margin_right;  // a theme made in code
    Flow& flow = flows.emplace_back();
    flow.name = name;
    flow.blocks = &blocks;
    flow.lone_room = theme.lone_entry_room * flow_height;
    setting_at(flow, width, setter, diags);
    flow_of_head[name] = flows.size() - 1;
    if (name == composition.main_flow) main = flows.size() - 1;
  }
  std::vector<compose::Block> balanced_main, balanced_column;  // the two flows' blocks, balanced
  if (!flows.empty())
    balance_columns(flows, main, flow_of_head, theme, kPagesSet, setter, options.balance_last_page, balanced_main,
                    balanced_column);
  if (!flows.empty() && options.balance_last_page) {
    choose_space_scale(flows, main, flow_of_head, theme, kPagesSet, setter);
    choose_last_break(flows, main, flow_of_head, theme, kPagesSet, setter, options.lift_last_page);
  }
  if (!flows.empty()) keep_columns_apart(flows, main, flow_of_head, theme, kPagesSet, setter);
  const Plan plan = plan_pages(flows, flow_of_head, theme, kPagesSet, setter);
  if (plan.pages.size() > limits::kMaxPages) {
    report_too_many_pages(plan, flows, diags);
    return doc;
  }
  if (plan.stranded) report_stranded(flows[*plan.stranded], theme, diags);
  // Counted only where a column may be filled, balances or wraps (regions.NAME.fill_with,
  // balance, wrap_under), for its readers (engine's filling, fit's sparing of a last page): the
  // reading model is a tenth of a columns build's work.
  const bool filled = std::any_of(theme.regions.begin(), theme.regions.end(), [](const theme::Region& region) {
    return !region.fill_with.empty() || region.balance || region.wrap_under;
  });
  for (const theme::Region& region : theme.regions) {
    const auto column = flow_of_head.find(region.name);
    if (filled && (region.dock == theme::RegionDock::Left || region.dock == theme::RegionDock::Right) &&
        column != flow_of_head.end() && column->second != main)
      doc.rows_read_across_columns += table_rows(plan, flows, column->second, main, theme, typesetter.fonts(), kModelSlack);
    if (region.balance && column != flow_of_head.end() && column->second != main)
      doc.balance = Document::Balance{empty_room_before_last_page(plan, column->second, main, theme),
                                      columns_end_apart(plan, column->second, main, theme, flow_height)};
  }

  // The top regions first, then the columns from left to right: text read in drawing order
  // takes each region whole.
  for (std::size_t p = 0; p < std::max<std::size_t>(plan.pages.size(), 1); ++p) {
    Page& page = doc.pages.emplace_back();
    if (p >= plan.pages.size()) break;
    std::vector<Placement> order = plan.pages[p];
    std::stable_sort(order.begin(), order.end(), [](const Placement& a, const Placement& b) {
      const bool a_top = a.frame.region->dock == theme::RegionDock::Top;
      const bool b_top = b.frame.region->dock == theme::RegionDock::Top;
      if (a_top != b_top) return a_top;
      if (a.under_column != b.under_column) return b.under_column;  // read after both columns
      return !a_top && a.frame.x < b.frame.x;
    });
    page.runs.reserve(runs_placed(order, flows));
    double main_bottom = 0, deepest = 0;
    add_kept_backgrounds(order, p, flow_of_head, theme, page);
    for (const Placement& placed : order) {
      add_background(placed, theme, page);
      if (std::find(page.regions.begin(), page.regions.end(), flows[placed.flow].name) == page.regions.end())
        page.regions.push_back(flows[placed.flow].name);
      place_chunks(flows[placed.flow], placed, static_cast<int>(p), page, doc);
      const double reach = placed.top + placed.height - theme.margin_top;
      deepest = std::max(deepest, reach);
      if (placed.flow == main) main_bottom = std::max(main_bottom, reach);
    }
    page.content_height = main_bottom > 0 ? main_bottom : deepest;
    join_rule_pieces(page);
  }

  // A page's number goes under the main flow's end when a tinted column stands beside it there,
  // else at the end of the text across the paper.
  const theme::Region* rest = theme::region_taking(theme, "rest");
  std::vector<double> text_ends(doc.pages.size(), doc.page_width - theme.margin_right);
  for (std::size_t p = 0; p < plan.pages.size() && p < text_ends.size(); ++p) {
    const bool tinted_column =
        std::any_of(plan.pages[p].begin(), plan.pages[p].end(),
                    [](const Placement& placed) {
                      const theme::Region& region = *placed.frame.region;
                      const bool column =
                          region.dock == theme::RegionDock::Left || region.dock == theme::RegionDock::Right;
                      return column && !(region.background == Rgb{1, 1, 1});
                    }) ||
        std::any_of(theme.regions.begin(), theme.regions.end(), [&](const theme::Region& region) {
          return kept_tinted_column(region) && flow_of_head.contains(region.name);  // drawn empty if not placed
        });
    if (!tinted_column) continue;
    for (const theme::RegionFrame& frame : theme::region_frames(theme, p))  // the main flow's place beside it
      if (frame.region == rest) text_ends[p] = frame.x + frame.width;
  }
  add_page_numbers(composition.furniture, theme, text_ends, typesetter, doc);
  keep_lines_in_one_band(doc);
  if (theme.underline_links) underline_links(doc);
  if (theme.right_to_left) mirror_pages(doc);
  check_text_on_paper(doc, diags);
  check_drawing_on_paper(doc, diags);
  doc.fonts = typesetter.fonts();
  return doc;
}

}  // namespace hanji::layout
