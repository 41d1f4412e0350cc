#include "paginate/paginate.h"

#include <array>

#include "core/limits.h"
#include "paginate/chunks.h"

namespace hanji::paginate {

namespace {

using detail::BreakClass;
using detail::Chunk;

bool is_empty(const Chunk& c) {
  return c.height <= 0 && c.content.runs.empty() && c.content.rects.empty() && c.content.images.empty();
}

/// Index one past the last chunk of the page that starts at `start`: the latest break of the
/// lowest class among those that keep the page within `flow_height`. Vertical spaces are
/// scaled by `space_scale` (1 = as the layout says).
size_t page_end(const std::vector<Chunk>& chunks, size_t start, double flow_height, double space_scale) {
  std::array<long, 3> latest = {-1, -1, -1};
  double y = 0;
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
std::vector<PageRange> fill_pages(const std::vector<Chunk>& chunks, double flow_height, double space_scale) {
  std::vector<PageRange> pages;
  size_t start = 0;
  while (start < chunks.size()) {
    while (start < chunks.size() && is_empty(chunks[start]) && chunks[start].bookmark.empty()) ++start;
    if (start == chunks.size()) break;
    size_t end = page_end(chunks, start, flow_height, space_scale);
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
double choose_space_scale(const std::vector<Chunk>& chunks, double flow_height) {
  std::vector<PageRange> natural = fill_pages(chunks, flow_height, 1.0);
  if (natural.size() < 2 || used_height(chunks, natural.back(), 1.0) > kNearlyEmptyPage * flow_height) return 1.0;
  for (double scale = 1.0 - kSqueezeStep; scale >= 1.0 - kMaxSpaceSqueeze - 1e-9; scale -= kSqueezeStep)
    if (fill_pages(chunks, flow_height, scale).size() < natural.size()) return scale;
  return 1.0;
}

void place_chunks(const std::vector<Chunk>& chunks, PageRange range, double space_scale, const layout::Theme& theme,
                  int page_index, Document& doc) {
  Page& page = doc.pages.emplace_back();
  double y = theme.margin_top;
  for (size_t i = range.begin; i < range.end; ++i) {
    const Chunk& c = chunks[i];
    if (i != range.begin) y += c.space_before * space_scale;
    if (!c.bookmark.empty()) doc.bookmarks.push_back({c.bookmark, page_index, y});
    Page content = c.content;
    detail::translate(content, theme.margin_left, y);
    detail::append(page, std::move(content));
    y += c.height;
  }
  page.content_height = y - theme.margin_top;
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

void add_page_numbers(const compose::Furniture& furniture, const layout::Theme& theme,
                      text::Typesetter& typesetter, Document& doc) {
  int total = static_cast<int>(doc.pages.size());
  if (!furniture.page_numbers || total < 2) return;
  for (int p = 0; p < total; ++p) {
    compose::Inline label{page_number_text(furniture.page_number_format, p + 1, total), furniture.footer_font, "", {}};
    text::Line line = typesetter.typeset_line(label);
    double x = (doc.page_width - line.width) / 2;
    double baseline = doc.page_height - theme.footer_offset;
    for (auto& run : line.runs) doc.pages[static_cast<size_t>(p)].runs.push_back({run, x + run.x, baseline});
  }
}

// A CV past a hundred pages is a runaway paste or a generated file gone wrong, and drawing
// it would only make a huge PDF nobody asked for.
void report_too_many_pages(const std::vector<Chunk>& chunks, const std::vector<PageRange>& pages,
                           Diagnostics& diags) {
  Span where;
  for (size_t i = pages[limits::kMaxPages].begin; i < chunks.size() && !where.known(); ++i) where = chunks[i].span;
  diags.error(where,
              "the CV runs to " + std::to_string(pages.size()) + " pages; hanji makes at most " +
                  std::to_string(limits::kMaxPages),
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

}  // namespace

Document paginate(const compose::Composition& composition, const layout::Theme& theme,
                  text::Typesetter& typesetter, Diagnostics& diags, const Options& options) {
  Document doc;
  doc.page_width = theme.page_width;
  doc.page_height = theme.page_height;
  doc.meta = composition.meta;

  detail::Column column;
  column.width = theme.page_width - theme.margin_left - theme.margin_right;
  column.page_height = theme.page_height - theme.margin_top - theme.margin_bottom;
  doc.flow_height = column.page_height;
  std::vector<Chunk> chunks = detail::build_chunks(composition.blocks, column, typesetter, diags);

  // Trailing empty chunks (spaces) must not open a page of their own.
  while (!chunks.empty() && is_empty(chunks.back()) && chunks.back().bookmark.empty()) chunks.pop_back();

  double space_scale = options.balance_last_page ? choose_space_scale(chunks, column.page_height) : 1.0;
  const std::vector<PageRange> pages = fill_pages(chunks, column.page_height, space_scale);
  if (pages.size() > limits::kMaxPages) {
    report_too_many_pages(chunks, pages, diags);
    return doc;
  }
  for (const PageRange& range : pages)
    place_chunks(chunks, range, space_scale, theme, static_cast<int>(doc.pages.size()), doc);
  if (doc.pages.empty()) doc.pages.emplace_back();

  add_page_numbers(composition.furniture, theme, typesetter, doc);
  check_text_on_paper(doc, diags);
  doc.fonts = typesetter.fonts();
  return doc;
}

}  // namespace hanji::paginate
