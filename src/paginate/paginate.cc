#include "paginate/paginate.h"

#include <algorithm>
#include <array>
#include <optional>

#include "core/limits.h"
#include "paginate/chunks.h"

namespace hanji::paginate {

namespace {

using detail::BreakClass;
using detail::Chunk;

bool is_empty(const Chunk& c) {
  return c.height <= 0 && c.content.runs.empty() && c.content.rects.empty() && c.content.images.empty();
}

/// The height a flow has on each page: less on the first when a full-width header sits above
/// the columns.
struct PageHeights {
  double first = 0, rest = 0;
  double at(size_t page) const { return page == 0 ? first : rest; }
};

/// Index one past the last chunk of the page that starts at `start`: the latest break of the
/// lowest class among those that keep the page within `flow_height`. Vertical spaces are
/// scaled by `space_scale` (1 = as the layout says).
size_t page_end(const std::vector<Chunk>& chunks, size_t start, double flow_height, double space_scale) {
  std::array<long, 3> latest = {-1, -1, -1};
  // A table row that starts the page has its table's header drawn above it again.
  double y = start < chunks.size() && chunks[start].repeat_header ? chunks[start].repeat_header->height : 0;
  size_t i = start;
  for (; i < chunks.size(); ++i) {
    double h = (i == start ? 0 : chunks[i].space_before * space_scale) + chunks[i].height;
    if (i > start && y + h > flow_height + 1e-6) break;
    y += h;
    latest[static_cast<size_t>(chunks[i].break_after)] = static_cast<long>(i);
  }
  if (i == chunks.size()) return i;
  for (long candidate : latest)
    if (candidate >= 0) return static_cast<size_t>(candidate) + 1;
  return i;  // unreachable: the first chunk always records a candidate
}

/// A page: chunks [begin, end).
struct PageRange {
  size_t begin = 0, end = 0;
};

/// Fills pages one after the other; empty chunks (spaces) at the top of a page are dropped.
std::vector<PageRange> fill_pages(const std::vector<Chunk>& chunks, const PageHeights& heights, double space_scale) {
  std::vector<PageRange> pages;
  size_t start = 0;
  while (start < chunks.size()) {
    while (start < chunks.size() && is_empty(chunks[start]) && chunks[start].bookmark.empty()) ++start;
    if (start == chunks.size()) break;
    size_t end = page_end(chunks, start, heights.at(pages.size()), space_scale);
    pages.push_back({start, end});
    start = end;
  }
  return pages;
}

double used_height(const std::vector<Chunk>& chunks, const PageRange& page, double space_scale) {
  double y = 0;
  for (size_t i = page.begin; i < page.end; ++i)
    y += (i == page.begin ? 0 : chunks[i].space_before * space_scale) + chunks[i].height;
  return y;
}

// A last page this empty is worth avoiding by tightening the vertical spaces (never the
// text) by up to kMaxSpaceSqueeze, in small steps, taking the mildest that saves the page.
constexpr double kNearlyEmptyPage = 0.3;
constexpr double kMaxSpaceSqueeze = 0.4;
constexpr double kSqueezeStep = 0.05;

/// The space scale to lay the flow out with: 1, or less when that spares a near-empty last page.
double choose_space_scale(const std::vector<Chunk>& chunks, const PageHeights& heights) {
  std::vector<PageRange> natural = fill_pages(chunks, heights, 1.0);
  if (natural.size() < 2 || used_height(chunks, natural.back(), 1.0) > kNearlyEmptyPage * heights.rest) return 1.0;
  for (double scale = 1.0 - kSqueezeStep; scale >= 1.0 - kMaxSpaceSqueeze - 1e-9; scale -= kSqueezeStep)
    if (fill_pages(chunks, heights, scale).size() < natural.size()) return scale;
  return 1.0;
}

/// One column's flow: its chunks, where they are cut into pages, and where it stands.
struct Flow {
  std::vector<Chunk> chunks;
  std::vector<PageRange> pages;
  double x = 0;            // the column's left edge on the page
  double space_scale = 1;  // its vertical spaces, scaled to spare a nearly empty last page
  bool stopped_early = false;  // not all set: it runs past the page limit (build_chunks)
};

/// Puts the chunks of one page of `flow` on `page` (index `page_index`); returns how far down
/// from the top margin they reach. Each chunk is placed once, so its content is moved onto the
/// page rather than copied (a line's runs carry their text and link address).
double place_chunks(Flow& flow, PageRange range, double top, int page_index, Page& page, Document& doc) {
  double y = top;
  if (range.begin < range.end && flow.chunks[range.begin].repeat_header) {
    const Chunk& header = *flow.chunks[range.begin].repeat_header;  // the table continues here
    Page content = header.content;
    detail::translate(content, flow.x, y);
    detail::append(page, std::move(content));
    y += header.height;
  }
  for (size_t i = range.begin; i < range.end; ++i) {
    Chunk& c = flow.chunks[i];
    if (i != range.begin) y += c.space_before * flow.space_scale;
    if (!c.bookmark.empty()) doc.bookmarks.push_back({c.bookmark, page_index, y});
    Page content = std::move(c.content);
    detail::translate(content, flow.x, y);
    detail::append(page, std::move(content));
    y += c.height;
  }
  return y - top;
}

/// A header band: the layout's colour behind the full-width header, from the page's top edge
/// to halfway into the space below the header, across the whole page.
void add_band(const layout::Theme& theme, double top_height, Page& page) {
  if (theme.header_band == Rgb{1, 1, 1}) return;
  const double bottom = theme.margin_top + top_height + theme.header_space_below / 2;
  page.backgrounds.push_back(FilledRect{0, 0, theme.page_width, bottom, theme.header_band});
}

/// Where the columns stand: the main flow, and the side column with its tinted strip (which
/// runs to the page's edge) when the layout has one.
struct Columns {
  double main_x = 0, main_width = 0;
  double side_x = 0, side_width = 0;
  std::optional<FilledRect> strip;
};

Columns columns_of(const layout::Theme& theme, bool side) {
  Columns c;
  const double text_width = theme.page_width - theme.margin_left - theme.margin_right;
  c.main_x = theme.margin_left;
  c.main_width = text_width;
  if (!side) return c;
  const bool left = theme.sidebar_side == layout::SidebarSide::Left;
  const bool tinted = !(theme.sidebar_background == Rgb{1, 1, 1});
  const double inner = tinted ? theme.sidebar_padding : 0;  // text kept off the strip's inner edge
  c.main_width = std::max(1.0, text_width - theme.sidebar_width - theme.sidebar_gap);
  c.side_width = std::max(1.0, theme.sidebar_width - inner);
  if (left) {
    c.side_x = theme.margin_left;
    c.main_x = theme.margin_left + theme.sidebar_width + theme.sidebar_gap;
  } else {
    c.side_x = theme.page_width - theme.margin_right - theme.sidebar_width + inner;
  }
  if (tinted) {
    const double strip_width = theme.sidebar_width + (left ? theme.margin_left : theme.margin_right);
    c.strip = FilledRect{left ? 0 : theme.page_width - strip_width, 0, strip_width, theme.page_height,
                         theme.sidebar_background};
  }
  return c;
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

// The footer is centred under the main flow: on the paper in one column, beside a side
// column under the text it numbers.
void add_page_numbers(const compose::Furniture& furniture, const layout::Theme& theme, const Columns& columns,
                      text::Typesetter& typesetter, Document& doc) {
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
    const double centre = columns.strip ? columns.main_x + columns.main_width / 2 : doc.page_width / 2;
    double x = std::max(0.0, centre - line.width / 2);
    double baseline = doc.page_height - theme.footer_offset;
    for (auto& run : line.runs) doc.pages[static_cast<size_t>(p)].runs.push_back({run, x + run.x, baseline});
  }
}

// A CV past a hundred pages is a runaway paste or a generated file gone wrong, and drawing
// it would only make a huge PDF nobody asked for.
void report_too_many_pages(const Flow& flow, Diagnostics& diags) {
  Span where;
  for (size_t i = flow.pages[limits::kMaxPages].begin; i < flow.chunks.size() && !where.known(); ++i)
    where = flow.chunks[i].span;
  // Past the limit the rest is not set (build_chunks), so the count is known only when it
  // ended before that.
  const std::string runs_to = flow.stopped_early ? "more than " + std::to_string(limits::kMaxPages + 1)
                                                 : std::to_string(flow.pages.size());
  diags.error(where, "the CV runs to " + runs_to + " pages; hanji makes at most " + std::to_string(limits::kMaxPages),
              {"page " + std::to_string(limits::kMaxPages + 1) + " would start here; shorten the CV or split it"});
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

// Links underlined, as RenderCV's themes may ask: a rule under each linked run's glyphs, just
// below the baseline (icons, which read as nothing, keep none).
void underline_links(Document& doc) {
  for (Page& page : doc.pages)
    for (const PlacedRun& placed : page.runs) {
      const doc::GlyphRun& run = placed.run;
      if (run.link.empty() || (run.actual_text && run.actual_text->empty())) continue;
      const double thickness = std::max(0.4, 0.05 * run.size);
      page.rects.push_back(FilledRect{placed.x, placed.baseline + 0.12 * run.size, run.width(), thickness, run.color, 0});
    }
}
}  // namespace

Document paginate(const compose::Composition& composition, const layout::Theme& theme,
                  text::Typesetter& typesetter, Diagnostics& diags, const Options& options) {
  Document doc;
  doc.page_width = theme.page_width;
  doc.page_height = theme.page_height;
  doc.meta = composition.meta;

  const bool side = !composition.side.empty();
  const Columns columns = columns_of(theme, side);
  const double flow_height = theme.page_height - theme.margin_top - theme.margin_bottom;
  doc.flow_height = flow_height;

  // The full-width part above the columns (the header of a two-column or banded layout).
  Flow top;
  top.x = theme.margin_left;
  // Every flow is set up to the first page past the limit, no further.
  constexpr std::size_t kPagesSet = limits::kMaxPages + 1;
  top.chunks = detail::build_chunks(composition.top, {theme.page_width - theme.margin_left - theme.margin_right,
                                                      flow_height}, typesetter, diags, kPagesSet, top.stopped_early);
  double top_height = 0;
  for (size_t i = 0; i < top.chunks.size(); ++i)
    top_height += (i == 0 ? 0 : top.chunks[i].space_before) + top.chunks[i].height;
  top_height = std::min(top_height, flow_height);
  const double below_top = top.chunks.empty() ? 0 : top_height + theme.header_space_below;
  const PageHeights heights{std::max(1.0, flow_height - below_top), flow_height};

  detail::Column column{columns.main_width, flow_height};
  Flow main;
  main.x = columns.main_x;
  main.chunks = detail::build_chunks(composition.blocks, column, typesetter, diags, kPagesSet, main.stopped_early);
  // Trailing empty chunks (spaces) must not open a page of their own.
  while (!main.chunks.empty() && is_empty(main.chunks.back()) && main.chunks.back().bookmark.empty())
    main.chunks.pop_back();
  main.space_scale = options.balance_last_page ? choose_space_scale(main.chunks, heights) : 1.0;
  main.pages = fill_pages(main.chunks, heights, main.space_scale);

  Flow side_flow;
  if (side) {
    detail::Column side_column{columns.side_width, flow_height};
    side_flow.x = columns.side_x;
    side_flow.chunks =
        detail::build_chunks(composition.side, side_column, typesetter, diags, kPagesSet, side_flow.stopped_early);
    side_flow.pages = fill_pages(side_flow.chunks, heights, 1.0);
  }
  for (const Flow* flow : {&main, &side_flow})
    if (flow->pages.size() > limits::kMaxPages) {
      report_too_many_pages(*flow, diags);
      return doc;
    }
  // Each page holds its part of both flows; the one on the left is drawn first, so text read
  // in drawing order takes each column whole.
  const size_t page_count = std::max({main.pages.size(), side_flow.pages.size(), size_t{1}});
  const bool side_first = side && theme.sidebar_side == layout::SidebarSide::Left;
  for (size_t p = 0; p < page_count; ++p) {
    Page& page = doc.pages.emplace_back();
    const int index = static_cast<int>(p);
    const double columns_top = theme.margin_top + (p == 0 ? below_top : 0);
    if (p == 0 && !top.chunks.empty()) {
      add_band(theme, top_height, page);
      place_chunks(top, {0, top.chunks.size()}, theme.margin_top, index, page, doc);
    }
    if (columns.strip) {
      FilledRect strip = *columns.strip;
      // Below a full-width header the strip starts halfway between it and the columns.
      if (p == 0 && below_top > 0) strip.y = columns_top - theme.header_space_below / 2;
      strip.height = theme.page_height - strip.y;
      page.backgrounds.push_back(strip);
    }
    auto place = [&](Flow& flow) {
      return p < flow.pages.size() ? place_chunks(flow, flow.pages[p], columns_top, index, page, doc) : 0.0;
    };
    if (side_first) place(side_flow);
    page.content_height = place(main) + (columns_top - theme.margin_top);
    if (!side_first) place(side_flow);
  }

  add_page_numbers(composition.furniture, theme, columns, typesetter, doc);
  if (theme.underline_links) underline_links(doc);
  check_text_on_paper(doc, diags);
  check_drawing_on_paper(doc, diags);
  doc.fonts = typesetter.fonts();
  return doc;
}

}  // namespace hanji::paginate
