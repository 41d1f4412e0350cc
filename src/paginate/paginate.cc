#include "paginate/paginate.h"

#include <array>

#include "paginate/chunks.h"

namespace hanji::paginate {

namespace {

using detail::BreakClass;
using detail::Chunk;

bool is_empty(const Chunk& c) {
  return c.height <= 0 && c.content.runs.empty() && c.content.rects.empty() && c.content.images.empty();
}

/// Index one past the last chunk of the page that starts at `start`: the latest break of the
/// lowest class among those that keep the page within `flow_height`.
size_t page_end(const std::vector<Chunk>& chunks, size_t start, double flow_height) {
  std::array<long, 3> latest = {-1, -1, -1};
  double y = 0;
  size_t i = start;
  for (; i < chunks.size(); ++i) {
    double h = (i == start ? 0 : chunks[i].space_before) + chunks[i].height;
    if (i > start && y + h > flow_height + 1e-6) break;
    y += h;
    latest[static_cast<size_t>(chunks[i].break_after)] = static_cast<long>(i);
  }
  if (i == chunks.size()) return i;
  for (long candidate : latest)
    if (candidate >= 0) return static_cast<size_t>(candidate) + 1;
  return i;  // unreachable: the first chunk always records a candidate
}

void place_chunks(const std::vector<Chunk>& chunks, size_t begin, size_t end, const layout::Theme& theme,
                  int page_index, Document& doc) {
  Page& page = doc.pages.emplace_back();
  double y = theme.margin_top;
  for (size_t i = begin; i < end; ++i) {
    const Chunk& c = chunks[i];
    if (i != begin) y += c.space_before;
    if (!c.bookmark.empty()) doc.bookmarks.push_back({c.bookmark, page_index, y});
    for (auto run : c.content.runs) {
      run.x += theme.margin_left;
      run.baseline += y;
      page.runs.push_back(std::move(run));
    }
    for (auto rect : c.content.rects) {
      rect.x += theme.margin_left;
      rect.y += y;
      page.rects.push_back(rect);
    }
    for (auto link : c.content.links) {
      link.x += theme.margin_left;
      link.y += y;
      page.links.push_back(std::move(link));
    }
    for (auto image : c.content.images) {
      image.x += theme.margin_left;
      image.y += y;
      page.images.push_back(std::move(image));
    }
    y += c.height;
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

}  // namespace

Document paginate(const compose::Composition& composition, const layout::Theme& theme,
                  text::Typesetter& typesetter, Diagnostics& diags) {
  Document doc;
  doc.page_width = theme.page_width;
  doc.page_height = theme.page_height;
  doc.meta = composition.meta;

  detail::Column column;
  column.width = theme.page_width - theme.margin_left - theme.margin_right;
  column.page_height = theme.page_height - theme.margin_top - theme.margin_bottom;
  std::vector<Chunk> chunks = detail::build_chunks(composition.blocks, column, typesetter, diags);

  // Trailing empty chunks (spaces) must not open a page of their own.
  while (!chunks.empty() && is_empty(chunks.back()) && chunks.back().bookmark.empty()) chunks.pop_back();

  size_t start = 0;
  while (start < chunks.size()) {
    // Empty chunks at the top of a page (spaces) are dropped.
    while (start < chunks.size() && is_empty(chunks[start]) && chunks[start].bookmark.empty()) ++start;
    if (start == chunks.size()) break;
    size_t end = page_end(chunks, start, column.page_height);
    place_chunks(chunks, start, end, theme, static_cast<int>(doc.pages.size()), doc);
    start = end;
  }
  if (doc.pages.empty()) doc.pages.emplace_back();

  add_page_numbers(composition.furniture, theme, typesetter, doc);
  doc.fonts = typesetter.fonts();
  return doc;
}

}  // namespace hanji::paginate
