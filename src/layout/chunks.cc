#include "layout/chunks.h"

#include <algorithm>
#include <numeric>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <string>

namespace hanji::layout::detail {

namespace {

// The em box a line's glyphs are centred on: 0.8 em above the baseline, 0.2 em below.
constexpr double kAscent = 0.8;
constexpr double kDescent = 0.2;

/// A paragraph set into lines, positioned relative to the top of its first line box.
struct SetParagraph {
  std::vector<Page> lines;         // one Page fragment per line, baselines relative to that line's top
  std::vector<double> baselines;   // baseline of each line, from the paragraph top
  double line_height = 0;
  double height() const { return line_height * static_cast<double>(lines.size()); }
};

void add_link_area(Page& page, const PlacedRun& placed) {
  const doc::GlyphRun& run = placed.run;
  if (run.link.empty()) return;
  double nominal = run.size;
  LinkArea area{placed.x, placed.baseline - kAscent * nominal - 1.0, run.width(),
                (kAscent + kDescent) * nominal + 2.0, run.link, placed.tag};
  // Runs of one link on one line (e.g. Latin and Hangul parts of "HarfBuzz와") become one area.
  if (!page.links.empty()) {
    LinkArea& last = page.links.back();
    bool same_line = std::abs(last.y - area.y) < 0.5 * nominal;
    bool touching = std::abs(last.x + last.width - area.x) < 0.5;
    if (last.uri == area.uri && last.tag == area.tag && same_line && touching) {
      double top = std::min(last.y, area.y);
      double bottom = std::max(last.y + last.height, area.y + area.height);
      last.width = area.x + area.width - last.x;
      last.y = top;
      last.height = bottom - top;
      return;
    }
  }
  page.links.push_back(area);
}

/// Moves the runs of `line` onto `page` with the line's left edge at `x` and its baseline at
/// `baseline`, as text of structure element `tag` (a line is set for one place: its runs,
/// glyphs and text are not copied).
void place_line(text::Line&& line, double x, double baseline, int tag, Page& page) {
  for (doc::GlyphRun& run : line.runs) {
    const double run_x = x + run.x;
    PlacedRun placed{std::move(run), run_x, baseline, tag};
    add_link_area(page, placed);
    page.runs.push_back(std::move(placed));
  }
}

}  // namespace

namespace {

/// The rules of a section title around its first line: centred on the lower-case letters'
/// middle (0.3 em above the baseline), `gap` away from the text.
void add_line_rules(const compose::LineRules& rules, const text::Line& line, double indent, double width,
                    double baseline, Page& page) {
  const double y = baseline - 0.3 * line.size - rules.thickness / 2;
  const double text_left = indent + (line.runs.empty() ? 0 : line.runs.front().x);
  const double text_right = text_left + line.width;
  auto rule = [&](double from, double to) {
    if (to - from > 0.5) page.rects.push_back({from, y, to - from, rules.thickness, rules.color});
  };
  switch (rules.kind) {
    case compose::LineRules::Kind::After:
      rule(text_right + rules.gap, width);
      break;
    case compose::LineRules::Kind::Around:
      rule(0, text_left - rules.gap);
      rule(text_right + rules.gap, width);
      break;
    case compose::LineRules::Kind::Before:
      rule(0, rules.bar_width);
      break;
  }
}

/// Sets a paragraph in a column `width` wide. Lines are positioned with x from the column's
/// left edge (indents applied) and baselines relative to each line's own top.
SetParagraph set_paragraph(const compose::Paragraph& para, double width, text::Typesetter& typesetter) {
  SetParagraph out;
  out.line_height = para.line_height;
  double measure = std::max(1.0, width - para.indent_left - para.indent_right);
  std::vector<text::Line> lines = typesetter.typeset(para, measure);
  double top = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    text::Line& line = lines[i];
    Page fragment;
    double baseline = baseline_offset(para.line_height, line.size);
    // A list's marker first: text read in drawing order has the bullet before its item. A
    // marker of no list item (a contact's icon, which reads as nothing) after the line's text:
    // pdfminer joins a glyph drawn just before a line into it, and that line then starts at the
    // icon while a wrapped second line starts at the text, so the two fall into different text
    // boxes (which it may read apart, a main column's heading between them); drawn after the
    // text, the icon is a line of its own that reads as nothing, and is dropped.
    const bool marker_first = para.marker && para.marker->list_item;
    auto place_marker = [&] {
      text::Line marker = typesetter.typeset_line(para.marker->text);
      double x = para.indent_left - para.marker->gap - marker.width;
      place_line(std::move(marker), x, baseline, para.marker->tag, fragment);
    };
    if (i == 0 && marker_first) place_marker();
    // The rules read the line's runs before they are moved onto the page.
    if (i == 0 && para.rules) add_line_rules(*para.rules, line, para.indent_left, width, baseline, fragment);
    place_line(std::move(line), para.indent_left, baseline, para.tag, fragment);
    if (i == 0 && para.marker && !marker_first) place_marker();
    out.baselines.push_back(top + baseline);
    out.lines.push_back(std::move(fragment));
    top += para.line_height;
  }
  return out;
}

/// `chunk` alone, moved in: a braced list would copy it, every run and glyph of it.
std::vector<Chunk> just(Chunk&& chunk) {
  std::vector<Chunk> out;
  out.push_back(std::move(chunk));
  return out;
}

/// The runs of one line in a piece's content: [begin, end) of its runs, and its baseline.
struct LineRuns {
  std::size_t begin = 0, end = 0;
  double baseline = 0;
};

/// A stack of paragraphs as one piece (row columns, text beside a figure).
struct SetStack {
  Page content;
  std::vector<double> first_baselines;  // per paragraph, from the stack top
  std::vector<LineRuns> lines;          // every line's runs, in the order set
  std::vector<std::size_t> first_lines; // per paragraph, the index of its first line in `lines`
  double height = 0;
};

SetStack set_stack(std::span<const compose::Paragraph> paras, double width, text::Typesetter& typesetter) {
  SetStack out;
  for (const auto& para : paras) {
    if (&para != &paras.front()) out.height += para.space_before;
    SetParagraph set = set_paragraph(para, width, typesetter);
    out.first_baselines.push_back(out.height + (set.baselines.empty() ? 0 : set.baselines.front()));
    out.first_lines.push_back(out.lines.size());
    double top = out.height;
    for (size_t i = 0; i < set.lines.size(); ++i) {
      translate(set.lines[i], 0, top + para.line_height * static_cast<double>(i));
      const std::size_t begin = out.content.runs.size();
      append(out.content, std::move(set.lines[i]));
      out.lines.push_back(LineRuns{begin, out.content.runs.size(), top + set.baselines[i]});
    }
    out.height += set.height();
  }
  return out;
}

std::vector<Chunk> paragraph_chunks(const compose::Paragraph& para, const Column& column,
                                    text::Typesetter& typesetter) {
  SetParagraph set = set_paragraph(para, column.width, typesetter);
  std::vector<Chunk> chunks;
  size_t n = set.lines.size();
  for (size_t i = 0; i < n; ++i) {
    Chunk c;
    c.height = para.line_height;
    c.content = std::move(set.lines[i]);
    c.span = para.span;
    c.paragraph_line = true;
    // Widows and orphans: a break inside a paragraph leaves at least two lines on each side.
    size_t before = i + 1, after = n - i - 1;
    if (after > 0) c.break_after = (before >= 2 && after >= 2) ? BreakClass::Free : BreakClass::Forbidden;
    chunks.push_back(std::move(c));
  }
  return chunks;
}

/// The aside column's width for this row: the layout's, or wider when a date or place would
/// not fit on one line ("Sept 2014 – June 2018"). Asides are right-aligned, so a wider aside
/// only narrows this row's main column; it never takes more than half the column.
double aside_width_for(const compose::Row& row, const Column& column, text::Typesetter& typesetter) {
  // On the left the column is the text's indent: it stays put, and what is too long wraps.
  if (row.aside.empty() || row.aside_width <= 0 || row.aside_left || row.aside_fixed) return row.aside_width;
  constexpr double kUnbounded = 1e6;
  double natural = 0;
  for (const auto& para : row.aside)
    for (const text::Line& line : typesetter.typeset(para, kUnbounded)) natural = std::max(natural, line.width);
  natural += row.aside.front().indent_left + row.aside.front().indent_right;
  if (row.main_first && !row.main.empty()) {  // the name first, the aside in what is left
    double name = 0;
    for (const text::Line& line : typesetter.typeset(row.main.front(), kUnbounded)) name = std::max(name, line.width);
    name += row.main.front().indent_left + row.main.front().indent_right;
    const double left = column.width - row.gap - name;
    return left < row.aside_width ? left : std::clamp(natural, row.aside_width, left);
  }
  return std::clamp(natural, row.aside_width, std::max(row.aside_width, column.width / 2));
}

/// The widest of `paragraphs` set on one line, their indents in.
double widest_unwrapped(const std::vector<compose::Paragraph>& paragraphs, text::Typesetter& typesetter) {
  constexpr double kUnbounded = 1e6;
  double widest = 0;
  for (const auto& para : paragraphs)
    for (const text::Line& line : typesetter.typeset(para, kUnbounded))
      widest = std::max(widest, line.width + para.indent_left + para.indent_right);
  return widest;
}

/// A line of a row's column, where the row's content has it.
struct RowLine {
  LineRuns runs;
  double x = 0;          // where it starts: its leftmost run, else its column's left edge
  bool aside = false;    // a line of a column beside the main one: the aside (dates, places), the lead
  bool list = false;     // a line of the main column's list (from its first item on)
  std::size_t paragraph = 0;  // a main line's paragraph (its index in the row's main column)
  std::size_t row = 0;   // runs_in_reading_order: the row it stands on
};

/// Moves `stack` to (x, y) inside the row's content `into`, noting where its lines went. A
/// line's own left edge, not its column's, places it among the others on its row: a lead
/// column (the degree) starts where the main column's box does, left of the main text.
void add_to_row(SetStack&& stack, double x, double y, bool aside, bool list, std::size_t paragraph, Page& into,
                std::vector<RowLine>& lines) {
  const std::size_t offset = into.runs.size();
  translate(stack.content, x, y);
  append(into, std::move(stack.content));
  for (const LineRuns& line : stack.lines) {
    RowLine row_line{LineRuns{offset + line.begin, offset + line.end, y + line.baseline}, x, aside, list, paragraph};
    if (line.begin < line.end) row_line.x = std::numeric_limits<double>::infinity();
    for (std::size_t r = row_line.runs.begin; r < row_line.runs.end; ++r)
      row_line.x = std::min(row_line.x, into.runs[r].x);
    lines.push_back(row_line);
  }
}

/// Numbers the rows `lines` stand on: lines whose baselines are less than a few points apart
/// stand on one row (a smaller date set beside a title, its baseline nudged to the title's),
/// as a reader sees them. Sorts `lines` from the top.
void number_rows(std::vector<RowLine>& lines) {
  constexpr double kSameRow = 3;  // pt
  std::stable_sort(lines.begin(), lines.end(),
                   [](const RowLine& a, const RowLine& b) { return a.runs.baseline < b.runs.baseline; });
  std::size_t row = 0;
  for (std::size_t i = 0, top = 0; i < lines.size(); ++i) {
    if (lines[i].runs.baseline - lines[top].runs.baseline >= kSameRow) {
      top = i;
      ++row;
    }
    lines[i].row = row;
  }
}

/// The row's runs in reading order. Its heading first: each paragraph of the main column before
/// its list, whole, with the aside and lead lines on the rows of its lines, those left of it (a
/// date on the left, a degree before the title) before it and those right of it (a date or place
/// on the right) after it; then the aside lines on no such row (dates and a duration beside the
/// list), from the top; then the list. Read in drawing order (as pdf.js, mupdf and the résumé
/// parsers built on them read a page), no date is glued to a title or read in the middle of a
/// highlight, a wrapped title is read whole (a date drawn between its lines is read between
/// them by mupdf, which takes the gap before a date on the right for the end of a line), and two
/// columns whose lines do not line up (a header's headline beside its contacts) are read one
/// after the other, not line by line in turn, where a reader joins lines that stand less than a
/// line apart. Each line's runs stay as the typesetter set them. (A right-to-left CV is mirrored
/// afterwards: its columns then read from right to left.)
void runs_in_reading_order(Page& content, std::vector<RowLine> lines) {
  number_rows(lines);
  std::vector<const RowLine*> ordered;
  std::vector<bool> taken(lines.size(), false);
  for (std::size_t m = 0; m < lines.size(); ++m) {
    if (lines[m].aside || lines[m].list || taken[m]) continue;
    std::vector<std::size_t> paragraph, before, after;
    double left = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (!lines[i].aside && !lines[i].list && lines[i].paragraph == lines[m].paragraph) {
        paragraph.push_back(i);
        left = std::min(left, lines[i].x);
      }
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (!lines[i].aside || taken[i]) continue;
      const bool beside = std::any_of(paragraph.begin(), paragraph.end(),
                                      [&](std::size_t p) { return lines[p].row == lines[i].row; });
      if (beside) (lines[i].x < left ? before : after).push_back(i);
    }
    const auto by_row_then_x = [&](std::size_t a, std::size_t b) {
      return lines[a].row != lines[b].row ? lines[a].row < lines[b].row : lines[a].x < lines[b].x;
    };
    std::stable_sort(before.begin(), before.end(), by_row_then_x);
    std::stable_sort(after.begin(), after.end(), by_row_then_x);
    for (const auto* part : {&before, &paragraph, &after})
      for (std::size_t i : *part) {
        taken[i] = true;
        ordered.push_back(&lines[i]);
      }
  }
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].aside && !taken[i]) ordered.push_back(&lines[i]);
  const std::size_t list_begin = ordered.size();
  for (const RowLine& line : lines)
    if (line.list) ordered.push_back(&line);
  // Aside lines read last before the list but standing right of the list's first line, on its
  // row (a date beside a numbered publication's first line), are read after the list's first
  // paragraph instead: read right before it, the list's marker would follow them with no break
  // between ("2022년2."), and read after its first line, mupdf would read them between the
  // lines of a wrapped title.
  if (list_begin < ordered.size()) {
    const RowLine& first = *ordered[list_begin];
    std::size_t asides_begin = list_begin;
    while (asides_begin > 0 && ordered[asides_begin - 1]->aside && ordered[asides_begin - 1]->row == first.row &&
           ordered[asides_begin - 1]->x > first.x)
      --asides_begin;
    std::size_t first_end = list_begin;
    while (first_end < ordered.size() && ordered[first_end]->paragraph == first.paragraph) ++first_end;
    const auto at = [&](std::size_t i) { return ordered.begin() + static_cast<std::ptrdiff_t>(i); };
    std::rotate(at(asides_begin), at(list_begin), at(first_end));
  }
  std::vector<PlacedRun> runs;
  runs.reserve(content.runs.size());
  for (const RowLine* line : ordered)
    for (std::size_t r = line->runs.begin; r < line->runs.end; ++r) runs.push_back(std::move(content.runs[r]));
  content.runs = std::move(runs);
}

/// A column of a row set beside the main one (the aside, the lead): where it is, how wide,
/// and how far down its paragraphs have gone.
struct SideColumn {
  double x = 0, width = 0;
  double bottom = 0;
};

/// Sets `para` into `side`, its first baseline level with `beside` (the first baseline of the
/// main paragraph of its index; -1 for none) unless the column's paragraphs above reach lower.
void add_beside(const compose::Paragraph& para, double beside, SideColumn& side, text::Typesetter& typesetter,
                Page& into, std::vector<RowLine>& lines) {
  if (para.inlines.empty()) return;  // an empty one only keeps the index
  SetStack one = set_stack(std::span(&para, 1), side.width, typesetter);
  const double own = one.first_baselines.empty() ? 0 : one.first_baselines.front();
  const double target = std::max(side.bottom + own, beside);
  const double height = one.height;
  add_to_row(std::move(one), side.x, target - own, true, false, 0, into, lines);
  side.bottom = target - own + height;
}

/// Where the aside paragraph of index `i` is one line beside main paragraph `i`'s first line
/// (a date beside a title) and nothing else of the aside stands beside that paragraph: how much
/// narrower that first line must be, the date's own width and the gap; its later lines, below
/// the date, take the whole width (a wrapped title or run-in position stopped 30-50 mm short of
/// the margin under a date column). Nullopt where the paragraph is set narrow throughout:
/// dates on the left, a date of two lines or none, more of the aside below it, an aside still
/// running beside it from above.
std::optional<double> beside_first_line_only(const compose::Row& row, size_t i, double main_top,
                                             const SideColumn& aside, text::Typesetter& typesetter) {
  // The last aside paragraph only: a place under the date, beside the next main paragraph,
  // would stand below the title's first line, where pdfminer read it between the title's lines
  // once those no longer fell into one of its boxes.
  if (row.aside_left || i + 1 != row.aside.size() || main_top < aside.bottom - 1e-6) return std::nullopt;
  const compose::Paragraph& date = row.aside[i];
  const compose::Paragraph& title = row.main[i];
  if (date.inlines.empty() || title.indent_right > 0) return std::nullopt;
  const std::vector<text::Line> lines = typesetter.typeset(date, aside.width - date.indent_left - date.indent_right);
  if (lines.size() != 1) return std::nullopt;
  // A right-aligned date stands at the column's right edge; otherwise at the aside's left.
  const double taken = date.align == theme::Align::Right ? lines.front().width + date.indent_right
                                                          : aside.width;
  return taken + row.gap;
}

// Each aside paragraph's first baseline lines up with the main paragraph of the same index
// (dates beside the title, the place beside the organisation), and so does each lead one (the
// degree beside the institution). Main paragraphs are set narrow only while an aside paragraph
// is beside them: a title or author list below the last date takes the whole width. Dates on
// the left keep the main column narrow throughout. The lead column stands at the main
// column's left edge; the main paragraphs' indents keep them clear of it.
Chunk row_chunk(const compose::Row& row, const Column& column, text::Typesetter& typesetter) {
  const double aside_width = aside_width_for(row, column, typesetter);
  // Too little room beside the name: less than the layout's width for the aside, or less than
  // one of its lines needs (a long web address, which would break in two at a slash where
  // the whole width holds it).
  if (row.main_first && !row.aside.empty() &&
      (aside_width < row.aside_width || widest_unwrapped(row.aside, typesetter) > aside_width + 1e-6)) {
    // The aside goes under the name, flush left, the whole width.
    compose::Row under = row;
    under.main_first = false;
    for (compose::Paragraph& para : under.aside) {
      para.align = theme::Align::Left;
      para.space_before = row.under_space;
      if (!row.under_separator.empty())
        for (compose::Inline& piece : para.inlines)
          if (piece.text == "\n") piece.text = row.under_separator;
      under.main.push_back(std::move(para));
    }
    under.aside.clear();
    return row_chunk(under, column, typesetter);
  }
  const double side = aside_width + row.gap;
  const double narrow = std::max(1.0, column.width - side);
  const double main_x = row.aside_left ? side : 0;
  SideColumn aside{row.aside_left ? 0 : column.width - aside_width, aside_width};
  SideColumn lead{main_x, row.lead_width};
  Chunk c;
  std::vector<RowLine> lines;
  bool in_list = false;  // the main column's list has begun
  double main_bottom = 0;
  for (size_t i = 0; i < std::max({row.main.size(), row.aside.size(), row.lead.size()}); ++i) {
    double first_baseline = -1;
    if (i < row.main.size()) {
      if (i > 0) main_bottom += row.main[i].space_before;
      const bool beside_aside = row.aside_left || i < row.aside.size() || main_bottom < aside.bottom - 1e-6;
      const std::optional<double> inset =
          beside_aside ? beside_first_line_only(row, i, main_bottom, aside, typesetter) : std::nullopt;
      compose::Paragraph main_paragraph = row.main[i];
      if (inset) main_paragraph.first_line_inset = *inset;
      SetStack one = set_stack(std::span(&main_paragraph, 1), beside_aside && !inset ? narrow : column.width, typesetter);
      if (!one.first_baselines.empty()) first_baseline = main_bottom + one.first_baselines.front();
      const double height = one.height;
      in_list = in_list || row.main[i].marker.has_value();
      add_to_row(std::move(one), main_x, main_bottom, false, in_list, i, c.content, lines);
      main_bottom += height;
    }
    if (i < row.lead.size()) add_beside(row.lead[i], first_baseline, lead, typesetter, c.content, lines);
    if (i < row.aside.size()) add_beside(row.aside[i], first_baseline, aside, typesetter, c.content, lines);
  }
  runs_in_reading_order(c.content, std::move(lines));
  c.height = std::max({main_bottom, aside.bottom, lead.bottom});
  return c;
}

Chunk rule_chunk(const compose::Rule& rule, const Column& column) {
  Chunk c;
  c.height = rule.thickness;
  c.content.rects.push_back({rule.indent_left, 0, column.width - rule.indent_left, rule.thickness, rule.color});
  return c;
}

/// The photo with text beside it; the text block is centred vertically on the image.
Chunk figure_chunk(const compose::Figure& fig, const Column& column, text::Typesetter& typesetter) {
  double text_width = std::max(1.0, column.width - fig.width - fig.gap);
  SetStack text = set_stack(fig.beside, text_width, typesetter);
  double height = std::max(fig.height, text.height);
  // A picture with nothing beside it (the side column's photo) is centred.
  double image_x = fig.beside.empty() ? (column.width - fig.width) / 2 : fig.right ? column.width - fig.width : 0;
  double text_x = fig.right ? 0 : fig.width + fig.gap;
  Chunk c;
  c.height = height;
  translate(text.content, text_x, (height - text.height) / 2);
  c.content = std::move(text.content);
  c.content.images.push_back(
      {fig.path, image_x, (height - fig.height) / 2, fig.width, fig.height, fig.span, fig.shape, fig.tag});
  return c;
}

// The vertical extent of everything in a chunk, as intervals that a cut must not cross.
std::vector<std::pair<double, double>> occupied(const Page& content) {
  std::vector<std::pair<double, double>> spans;
  for (const PlacedRun& r : content.runs)
    spans.emplace_back(r.baseline - kAscent * r.run.size, r.baseline + kDescent * r.run.size);
  for (const FilledRect& r : content.rects) spans.emplace_back(r.y, r.y + r.height);
  for (const PlacedImage& i : content.images) spans.emplace_back(i.y, i.y + i.height);
  std::sort(spans.begin(), spans.end());
  return spans;
}

// Where a piece may be cut: the y of every gap between its lines (the start of the next one).
std::vector<double> cuts(const std::vector<std::pair<double, double>>& spans, double height) {
  std::vector<double> out;
  double reach = 0;  // the bottom of everything that starts above
  for (const auto& [begin, end] : spans) {
    if (begin >= reach && begin > 0 && begin < height && (out.empty() || begin > out.back())) out.push_back(begin);
    reach = std::max(reach, end);
  }
  return out;
}

// Everything of `content` between y = top and y = bottom, moved up to start at 0.
Page band(const Page& content, double top, double bottom) {
  Page out;
  const auto inside = [&](double y) { return y >= top && y < bottom; };
  for (const PlacedRun& r : content.runs)
    if (inside(r.baseline - kAscent * r.run.size)) out.runs.push_back(r);
  for (const FilledRect& r : content.rects)
    if (inside(r.y)) out.rects.push_back(r);
  for (const FilledRect& r : content.backgrounds)
    if (inside(r.y)) out.backgrounds.push_back(r);
  for (const LinkArea& l : content.links)
    if (inside(l.y + l.height / 2)) out.links.push_back(l);
  for (const PlacedImage& i : content.images)
    if (inside(i.y)) out.images.push_back(i);
  translate(out, 0, -top);
  return out;
}

// ---- tables

/// One row of a table set into its cells: the cells' text positioned inside their padding,
/// and the row's natural height.
struct SetRow {
  Page content;
  double height = 0;
  /// The paragraphs of the running column's cell (its summary, its bullets): each one's line
  /// baselines, from the row's top. A split row's page break goes between them (row_chunks).
  std::vector<std::vector<double>> running_paragraphs;
};

/// The baselines of each paragraph of `stack`, moved down by `y`.
std::vector<std::vector<double>> paragraph_baselines(const SetStack& stack, double y) {
  std::vector<std::vector<double>> out;
  for (std::size_t p = 0; p < stack.first_lines.size(); ++p) {
    const std::size_t end = p + 1 < stack.first_lines.size() ? stack.first_lines[p + 1] : stack.lines.size();
    std::vector<double>& baselines = out.emplace_back();
    for (std::size_t i = stack.first_lines[p]; i < end; ++i) baselines.push_back(stack.lines[i].baseline + y);
  }
  return out;
}

/// `running`: the cell whose paragraphs the row notes (SetRow::running_paragraphs), if any.
SetRow set_row(const std::vector<compose::Cell>& cells, const std::vector<double>& edges, size_t first_edge,
               double padding, text::Typesetter& typesetter, std::optional<std::size_t> running = std::nullopt) {
  SetRow row;
  double tallest = 0;
  for (size_t c = 0; c < cells.size() && first_edge + c + 1 < edges.size(); ++c) {
    if (compose::is_empty_cell(cells[c])) continue;
    const double left = edges[first_edge + c], right = edges[first_edge + c + 1];
    SetStack cell = set_stack(cells[c], std::max(1.0, right - left - 2 * padding), typesetter);
    if (running == c) row.running_paragraphs = paragraph_baselines(cell, padding);
    translate(cell.content, left + padding, padding);
    append(row.content, std::move(cell.content));
    tallest = std::max(tallest, cell.height);
  }
  row.height = tallest + 2 * padding;
  return row;
}

/// How thick the rule above or below a row is: the heavier frame at the table's top and foot
/// (`outer`), else the rule between rows.
double row_rule(const compose::Table& table, bool outer) { return outer ? table.frame : table.rule; }

/// The rules and shades of a row `height` tall between `edges`: shades under the text (the
/// header row, label columns), a rule `top` thick above and one `bottom` thick below (none
/// where 0: a row split by a page break goes on there), and one at every column edge; the
/// table's outer edges in the heavier frame.
void frame_row(const compose::Table& table, const std::vector<double>& edges, double height, bool header,
               double top, double bottom, size_t first_shaded_edge, Page& page) {
  const double width = edges.back() - edges.front();
  for (size_t c = 0; c + 1 < edges.size(); ++c) {
    const size_t column = c - std::min(c, first_shaded_edge);
    const bool shaded = header || (c >= first_shaded_edge && column < table.shaded_columns.size() &&
                                   table.shaded_columns[column]);
    if (shaded) page.backgrounds.push_back({edges[c], 0, edges[c + 1] - edges[c], height, table.fill});
  }
  if (top > 0) page.rects.push_back({edges.front(), 0, width, top, table.rule_color});
  if (bottom > 0) page.rects.push_back({edges.front(), height - bottom, width, bottom, table.rule_color});
  for (size_t e = 0; e < edges.size(); ++e) {
    const bool outer = e == 0 || e + 1 == edges.size();
    const double thickness = outer ? table.frame : table.rule;
    // Outer rules sit inside the table's width; inner ones centred on their edge.
    const double x = e == 0 ? edges[e] : outer ? edges[e] - thickness : edges[e] - thickness / 2;
    page.rects.push_back({x, 0, thickness, height, table.rule_color});
  }
}

/// What a column's cells need: the widest piece no line may break inside (a word, a date, a
/// short bracketed group; a header's words too), the widest line its cells take set without
/// wrapping (each forced line of a cell measured alone), and the width that sets each of those
/// lines on two at most; each with the cell's padding.
struct ColumnNeeds {
  double least = 0, whole = 0, two_lines = 0, few_lines = 0;
};

/// How many lines a short text (a company, a position, a length of service) of a crowded table
/// takes at most while the running text keeps its share: three reads as a name set in a column,
/// where seven ("Software / Engineer – / Azure / …") reads as a list of words.
constexpr std::size_t kShortTextLines = 3;

/// The narrowest width that sets one line of text (its inlines) on `lines` lines at most,
/// breaking at spaces outside an unbreakable inline (a date, a number with its unit), the
/// words packed as a line breaker packs them; its widest word at least.
double k_line_width(const std::vector<compose::Inline>& line, std::size_t lines, text::Typesetter& typesetter) {
  std::vector<double> words;
  double space = 0;
  bool open = false;  // the last word goes on: no space has ended it yet
  const auto add = [&](double width) {
    if (open) words.back() += width;
    else words.push_back(width);
    open = true;
  };
  for (const compose::Inline& in : line) {
    const auto measure = [&](std::string text) {
      compose::Inline piece = in;
      piece.text = std::move(text);
      piece.reads_as.clear();
      return typesetter.typeset_line(piece).width;
    };
    if (space == 0) space = measure(" ");
    if (in.unbreakable) {  // one word, and the spaces it ends with, where a line may end
      const std::size_t last = in.text.find_last_not_of(' ');
      if (last != std::string::npos) add(measure(in.text.substr(0, last + 1)));
      if (last + 1 < in.text.size()) open = false;
      continue;
    }
    for (std::size_t start = 0; start <= in.text.size();) {
      const std::size_t end = std::min(in.text.find(' ', start), in.text.size());
      if (end > start) add(measure(in.text.substr(start, end - start)));
      if (end < in.text.size()) open = false;
      start = end + 1;
    }
  }
  if (words.empty()) return 0;
  const auto fits = [&](double width) {
    std::size_t count = 1;
    double at = words.front();
    for (std::size_t w = 1; w < words.size(); ++w) {
      if (at + space + words[w] <= width) {
        at += space + words[w];
      } else {
        at = words[w];
        if (++count > lines) return false;
      }
    }
    return true;
  };
  double low = *std::max_element(words.begin(), words.end()), high = 0;
  for (double w : words) high += w + space;
  if (fits(low)) return low;
  for (int step = 0; step < 30 && high - low > 0.05; ++step) {
    const double middle = (low + high) / 2;
    (fits(middle) ? high : low) = middle;
  }
  return high;
}

/// The narrowest width that sets one line of text (its inlines) on two lines at most, breaking
/// at a space: its longer half at the best space, or before a bracket when that is not much
/// wider ("Typeset AG / (Zürich)", a name and its place, rather than "Typeset / AG (Zürich)").
/// A line of many words is running text, which wraps anyway: its whole width stands for it.
double two_line_width(const std::vector<compose::Inline>& line, double whole, text::Typesetter& typesetter) {
  constexpr std::size_t kMostWords = 16;
  std::vector<std::pair<std::size_t, std::size_t>> spaces;  // (inline, byte)
  // A space ends a line where a word stands before it (in its inline, or ending the one
  // before), never inside an unbreakable inline (a date, a number with its unit).
  for (std::size_t i = 0; i < line.size(); ++i) {
    // An unbreakable inline ends where a line may: at the spaces it ends with ("May 2018 – ").
    const std::size_t from = line[i].unbreakable ? line[i].text.find_last_not_of(' ') : 0;
    if (from == std::string::npos) continue;
    for (std::size_t at = line[i].text.find(' ', from); at != std::string::npos; at = line[i].text.find(' ', at + 1)) {
      const bool after_word = at > 0 ? line[i].text[at - 1] != ' '
                                     : i > 0 && !line[i - 1].text.empty() && line[i - 1].text.back() != ' ';
      if (after_word) spaces.emplace_back(i, at);
    }
  }
  if (spaces.empty() || spaces.size() >= kMostWords) return whole;
  const auto width_of = [&](std::size_t i, std::size_t from, std::size_t to) {
    compose::Inline piece = line[i];
    piece.text = line[i].text.substr(from, to == std::string::npos ? std::string::npos : to - from);
    piece.reads_as.clear();
    return piece.text.empty() ? 0.0 : typesetter.typeset_line(piece).width;
  };
  double best = whole, before_brackets = std::numeric_limits<double>::infinity();
  // How much wider than the narrowest split a split before a bracket may be and still be taken.
  constexpr double kBracketSplitWider = 1.3;
  for (const auto& [split, at] : spaces) {
    double head = 0, tail = 0;
    for (std::size_t i = 0; i < split; ++i) head += width_of(i, 0, std::string::npos);
    head += width_of(split, 0, at);
    const std::size_t resume = line[split].text.find_first_not_of(' ', at);
    if (resume != std::string::npos) tail += width_of(split, resume, std::string::npos);
    for (std::size_t i = split + 1; i < line.size(); ++i) tail += width_of(i, 0, std::string::npos);
    best = std::min(best, std::max(head, tail));
    const bool before_bracket = resume != std::string::npos ? line[split].text[resume] == '('
                                                            : split + 1 < line.size() && line[split + 1].text.starts_with('(');
    if (before_bracket) before_brackets = std::min(before_brackets, std::max(head, tail));
  }
  return before_brackets <= kBracketSplitWider * best ? before_brackets : best;
}

/// A word wider than this share of a table's width may be hyphenated in its cell rather than
/// set the column's width: "Ziekenhuisapotheker-specialist" made a Position column 104 pt of
/// 504, and the duties beside it a third of the table, 18 lines beside 4.
constexpr double kLongWordShare = 0.15;

/// `long_word`: the width past which a word may be hyphenated (kLongWordShare of the table);
/// infinite for a header, which never breaks inside a word.
void measure_cell(const compose::Paragraph& cell, double padding, text::Typesetter& typesetter, ColumnNeeds& needs,
                  double long_word = std::numeric_limits<double>::infinity()) {
  if (cell.inlines.empty()) return;
  const double around = cell.indent_left + cell.indent_right + 2 * padding;
  // The widest stretch the line breaker will not divide: a word, and a date ("Apr 2019"), an
  // address, a number with its unit; measured by the breaker's own rules, so that a column
  // is never narrower than something its cells cannot wrap (text over the next column).
  const double least =
      typesetter.widest_unbreakable(cell, text::Typesetter::GroupBreaks::Counted, long_word) + around;
  needs.least = std::max(needs.least, least);
  // A cell's lines end at its forced breaks (a summary, then a highlight a line): its widest
  // line is what it needs to set nothing wrapped. Each line is also measured for two lines (a
  // company's name, a position: "Senior Backend / Engineer").
  double line = 0, widest = 0, two_lines = 0;
  std::vector<compose::Inline> pieces;
  double few_lines = 0;
  const auto end_line = [&] {
    widest = std::max(widest, line);
    two_lines = std::max(two_lines, two_line_width(pieces, line, typesetter));
    few_lines = std::max(few_lines, k_line_width(pieces, kShortTextLines, typesetter));
    line = 0;
    pieces.clear();
  };
  for (const compose::Inline& in : cell.inlines) {
    std::size_t from = 0;
    while (true) {
      const std::size_t newline = in.text.find('\n', from);
      compose::Inline piece = in;
      piece.text = in.text.substr(from, newline == std::string::npos ? std::string::npos : newline - from);
      if (!piece.text.empty()) {
        line += typesetter.typeset_line(piece).width;
        pieces.push_back(std::move(piece));
      }
      if (newline == std::string::npos) break;
      end_line();
      from = newline + 1;
    }
  }
  end_line();
  needs.whole = std::max(needs.whole, widest + around);
  needs.two_lines = std::max({needs.two_lines, two_lines + around, least});
  needs.few_lines = std::max({needs.few_lines, few_lines + around, least});
}

// `columns` share `room`: each its `low` plus a share of what is left in proportion to what it
// lacks of its `high`; one the share would take past its high stops there (it needs no more
// while another wraps) and the others share again what it leaves. Room beyond every high is
// shared in proportion to the highs.
void fill_columns(const std::vector<std::size_t>& columns, const std::vector<double>& low,
                  const std::vector<double>& high, double room, std::vector<double>& widths) {
  std::vector<bool> full(low.size(), false);
  for (std::size_t round = 0; round <= columns.size(); ++round) {
    double left = room, lack = 0;
    for (std::size_t i : columns) {
      left -= full[i] ? high[i] : low[i];
      if (!full[i]) lack += high[i] - low[i];
    }
    bool changed = false;
    for (std::size_t i : columns) {
      widths[i] = full[i] ? high[i] : low[i] + (lack > 0 ? std::max(0.0, left) * (high[i] - low[i]) / lack : 0);
      if (!full[i] && widths[i] > high[i]) {
        full[i] = changed = true;
        widths[i] = high[i];
      }
    }
    if (!changed) break;
  }
  double total = 0, highs = 0;
  for (std::size_t i : columns) {
    total += widths[i];
    highs += std::max(high[i], 1.0);
  }
  if (total < room && highs > 0)
    for (std::size_t i : columns) widths[i] += (room - total) * std::max(high[i], 1.0) / highs;
}

}  // namespace

double matrix_aside_width(const std::vector<const compose::Row*>& rows, text::Typesetter& typesetter) {
  if (rows.empty()) return 0;
  const double shared = 2 * rows.front()->aside_width;  // both columns' width, the gap left out
  const double half = shared / 2, least = 0.3 * shared;
  double first = 0, second = 0;
  for (const compose::Row* row : rows) {
    if (row->aside.empty()) continue;  // a last cell alone on its row takes the whole width
    first = std::max(first, widest_unwrapped(row->main, typesetter));
    second = std::max(second, widest_unwrapped(row->aside, typesetter));
  }
  if (first <= half && second <= half) return half;
  // The second as wide as its widest cell, flush with the right edge, the first the rest.
  if (first + second <= shared || second < half) return std::max(second, least);
  if (first < half) return half;  // the second wraps however wide: the first keeps its half
  return std::clamp(shared * second / (first + second), least, shared - least);
}

// Automatic table layout, as browsers and LaTeX's tabulary share a table's width: each column
// between its minimum and its maximum.
std::size_t running_column(const std::vector<double>& most, const std::vector<double>& hints) {
  // The layout knows which column holds sentences (a date range is long, and no running
  // text); without hints, the column of the longest line.
  const auto hint = [&](std::size_t i) { return i < hints.size() && hints[i] > 0 ? hints[i] : 1.0; };
  std::size_t running = 0;
  for (std::size_t i = 1; i < most.size(); ++i)
    if (hint(i) > hint(running) || (hint(i) == hint(running) && most[i] > most[running])) running = i;
  return running;
}

/// The share of a crowded table its running text keeps (or its hinted share, when smaller)
/// before the short columns beside it take what sets their texts on kShortTextLines lines:
/// about forty-five characters a line at a body size, where a list of duties still reads as
/// sentences rather than as a column of three-word lines.
constexpr double kCrowdedRunningShare = 0.4;

std::vector<double> share_table_width(const std::vector<double>& least, const std::vector<double>& most,
                                      const std::vector<double>& hints, double width,
                                      const std::vector<double>& few_lines, double crowded_share) {
  const std::size_t n = least.size();
  std::vector<double> widths(n, 0);
  if (n == 0) return widths;
  std::vector<double> low(n), high(n);
  for (std::size_t i = 0; i < n; ++i) {
    low[i] = std::max(0.0, least[i]);
    high[i] = std::max(low[i], most[i]);
  }
  const auto sum = [](const std::vector<double>& values) {
    double total = 0;
    for (double v : values) total += v;
    return total;
  };
  const auto hint = [&](std::size_t i) { return i < hints.size() && hints[i] > 0 ? hints[i] : 1.0; };
  const std::size_t running = running_column(high, hints);
  if (sum(high) <= width) {
    // Every column on one line: the room left goes to the running text.
    widths = high;
    widths[running] += width - sum(high);
    return widths;
  }
  if (sum(low) >= width) {
    // Not even the minima fit (an address wider than the page's share): the columns whose
    // minima are the widest give way, down to one width for them all, and the others keep
    // theirs, so that a date beside a long link stays whole (shrunk in proportion, "Aug 2024"
    // ran over its rule). The breaker breaks inside a word, at an address's slash, only there.
    std::vector<std::size_t> by_least(n);
    for (std::size_t i = 0; i < n; ++i) by_least[i] = i;
    std::stable_sort(by_least.begin(), by_least.end(), [&](std::size_t a, std::size_t b) { return low[a] < low[b]; });
    double kept = 0;
    std::size_t capped = 0;  // by_least[capped..] share what the narrower ones leave
    while (capped < n && kept + low[by_least[capped]] * double(n - capped) <= width) kept += low[by_least[capped++]];
    const double cap = (width - kept) / double(n - capped);
    for (std::size_t k = 0; k < n; ++k) widths[by_least[k]] = k < capped ? low[by_least[k]] : cap;
    return widths;
  }
  if (n == 1) {
    widths[0] = width;
    return widths;
  }
  double hinted = 0, others_low = 0;
  for (std::size_t i = 0; i < n; ++i) {
    hinted += hint(i);
    if (i != running) others_low += low[i];
  }
  std::vector<std::size_t> others;
  for (std::size_t i = 0; i < n; ++i)
    if (i != running) others.push_back(i);
  if (!few_lines.empty()) {
    // A crowded table: the running text keeps the share its hint gives it (its longest word at
    // least, its longest line at most), and each short column what sets its cells on a few
    // lines (a page of duties does not starve a long position into seven lines of a word, and a
    // length of service takes no more than its text); short of that room, each short column its
    // minimum and a share in proportion to what it lacks of it. Room the running text cannot
    // use goes to the short columns, towards their longest lines.
    std::vector<double> want(n);
    double wanted = 0;
    for (std::size_t i : others) {
      want[i] = std::clamp(i < few_lines.size() ? few_lines[i] : low[i], low[i], high[i]);
      wanted += want[i];
    }
    const double share = crowded_share > 0 ? crowded_share : std::min(hint(running) / hinted, kCrowdedRunningShare);
    const double running_share = std::clamp(width * share, low[running], high[running]);
    if (wanted + running_share <= width) {
      for (std::size_t i : others) widths[i] = want[i];
      widths[running] = width - wanted;
      if (widths[running] > high[running]) {
        fill_columns(others, want, high, wanted + widths[running] - high[running], widths);
        widths[running] = high[running];
      }
    } else {
      const double room = std::max(others_low, width - running_share);
      fill_columns(others, low, want, room, widths);
      widths[running] = width - room;
    }
    return widths;
  }
  // The running text is set no narrower than the share its hint gives it (or its longest line,
  // if shorter), as far as the other columns' minima leave room: the short columns then take
  // their maxima, those that lack least first (a length of service, a date), each only while
  // the others keep their minima, and share what is left; the running text takes the rest.
  const double running_part = crowded_share > 0 ? crowded_share : hint(running) / hinted;
  const double comfortable =
      std::clamp(std::min(width * running_part, width - others_low), low[running], high[running]);
  std::vector<std::size_t> by_lack, wrapping;
  for (std::size_t i = 0; i < n; ++i)
    if (i != running) by_lack.push_back(i);
  std::stable_sort(by_lack.begin(), by_lack.end(),
                   [&](std::size_t a, std::size_t b) { return high[a] - low[a] < high[b] - low[b]; });
  double room = width - comfortable, lows = others_low;
  for (std::size_t i : by_lack) {
    if (room - high[i] >= lows - low[i] - 1e-9) {
      widths[i] = high[i];
      room -= high[i];
      lows -= low[i];
    } else {
      wrapping.push_back(i);
    }
  }
  fill_columns(wrapping, low, high, room, widths);
  double taken = 0;
  for (std::size_t i : by_lack) taken += widths[i];
  widths[running] = width - taken;
  // The running text past its longest line while a short column wraps: they take the excess.
  if (widths[running] > high[running] && !wrapping.empty()) {
    const double over = widths[running] - high[running];
    widths[running] = high[running];
    std::vector<double> from = widths;
    double share = over;
    for (std::size_t i : wrapping) share += widths[i];
    fill_columns(wrapping, from, high, share, widths);
  }
  return widths;
}

namespace {

/// The most of a crowded table's width its running text may take to make the rows less tall,
/// and how many shares column_widths tries between its hinted share and that.
constexpr double kCrowdedRunningShareMost = 0.6;
constexpr std::size_t kCrowdedShareSteps = 16;

/// How a table's rows are set with some column widths: how tall they are, each row its
/// tallest cell (as set_paragraph sets the cells), and how many lines the columns other than
/// the running text take (a short text wrapped where it need not be).
struct RowsSet {
  double height = 0;
  std::size_t short_lines = 0;
  std::size_t longest_short = 0;  // the most lines a cell of a column other than the running text takes
};

RowsSet rows_set(const compose::Table& table, const std::vector<double>& widths, std::size_t running,
                 text::Typesetter& typesetter) {
  RowsSet set;
  for (const auto& row : table.rows) {
    double tallest = 0;
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) {
      double cell = 0;
      for (const compose::Paragraph& paragraph : row[i]) {
        if (paragraph.inlines.empty()) continue;
        const double measure =
            std::max(1.0, widths[i] - 2 * table.padding - paragraph.indent_left - paragraph.indent_right);
        const std::size_t lines = typesetter.typeset(paragraph, measure).size();
        cell += double(lines) * paragraph.line_height;
        if (i != running) set.short_lines += lines;
        if (i != running) set.longest_short = std::max(set.longest_short, lines);
      }
      tallest = std::max(tallest, cell);
    }
    set.height += tallest;
  }
  return set;
}

/// The widths of the columns from their content (share_table_width), the header row included:
/// a header never breaks inside a word. A column of short texts (a company, a position) sets
/// each on two lines at most when the table can give that and the running text its longest
/// word: "Typeset / AG / (Zürich)" read as three things. The layout's widths are hints only:
/// they weigh which column is the running text, which takes the room left (its index goes to
/// `running_out`).
std::vector<double> column_widths(const compose::Table& table, double width, text::Typesetter& typesetter,
                                  std::size_t& running_out) {
  const size_t n = table.widths.size();
  std::vector<ColumnNeeds> needs(n);
  for (size_t i = 0; i < table.header.size() && i < n; ++i)
    measure_cell(table.header[i], table.padding, typesetter, needs[i]);
  for (const auto& row : table.rows)
    for (size_t i = 0; i < row.size() && i < n; ++i)
      for (const compose::Paragraph& paragraph : row[i])
        measure_cell(paragraph, table.padding, typesetter, needs[i], kLongWordShare * width);
  std::vector<double> least(n), two_lines(n), most(n), few_lines(n);
  for (size_t i = 0; i < n; ++i) {
    least[i] = needs[i].least;
    most[i] = std::max(needs[i].whole, least[i]);
    few_lines[i] = needs[i].few_lines;
  }
  const size_t running = running_column(most, table.widths);
  running_out = running;
  // A table whose running text stands under its rows (Table::below) has none beside them: where
  // its cells all fit on one line, each column takes its share of the room left by how wide
  // its text is, rather than one column taking it all.
  const bool details_below = std::any_of(table.below.begin(), table.below.end(),
                                         [](const compose::Cell& cell) { return !compose::is_empty_cell(cell); });
  if (double whole = std::accumulate(most.begin(), most.end(), 0.0); details_below && whole > 0 && whole <= width) {
    std::vector<double> widths = most;
    for (double& w : widths) w *= width / whole;
    return widths;
  }
  double floors = 0, weights = 0;
  for (size_t i = 0; i < n; ++i) {
    two_lines[i] = i == running ? least[i] : std::min(needs[i].two_lines, most[i]);
    floors += two_lines[i];
    weights += i < table.widths.size() && table.widths[i] > 0 ? table.widths[i] : 1.0;
  }
  // Crowded: the short texts cannot all stand on two lines and leave the running text the
  // share a crowded table keeps for it (a column of duties three words wide reads worse than
  // a position on three lines).
  const double running_weight = running < table.widths.size() && table.widths[running] > 0 ? table.widths[running] : 1.0;
  const double running_share =
      std::min(width * std::min(running_weight / weights, kCrowdedRunningShare), most[running]);
  const bool crowded = floors + std::max(0.0, running_share - least[running]) > width;
  double table_line = 0;
  for (const auto& row : table.rows)
    for (const auto& cell : row)
      for (const compose::Paragraph& paragraph : cell) table_line = std::max(table_line, paragraph.line_height);
  // A crowded table: the running text's share from its hinted one up to
  // kCrowdedRunningShareMost, the widest that leaves the rows least tall, give or take a line
  // of the table's text: a row is as tall as its tallest cell, so duties set wider (fewer lines
  // of more words) cost nothing while the company or position beside them, narrower and on
  // more lines, is no taller than they are; past that the table grows (and a table of duties
  // three words a line beside roomy short columns was the other extreme).
  // A table that is not crowded (its short texts on two lines at most) likewise: its running
  // text from its hinted share up, the widest share that leaves the rows least tall, so that
  // no short column is set wider than it needs while the duties beside it wrap (a position on
  // one line beside six lines of duties that two lines of it would have shortened).
  const double from = crowded ? std::min(running_weight / weights, kCrowdedRunningShare) : running_weight / weights;
  if (from >= kCrowdedRunningShareMost) return share_table_width(two_lines, most, table.widths, width);
  if (!crowded) {
    // Its running text on one line in every row already (a table of degrees, of awards): no
    // share makes its rows less tall, and trying them would only cost the typesetting.
    std::vector<double> natural = share_table_width(two_lines, most, table.widths, width);
    if (natural[running] >= most[running] - 0.01) return natural;
  }
  std::vector<std::vector<double>> tried;
  std::vector<RowsSet> sets;
  for (std::size_t step = 0; step <= kCrowdedShareSteps; ++step) {
    const double share = from + (kCrowdedRunningShareMost - from) * double(step) / double(kCrowdedShareSteps);
    tried.push_back(crowded ? share_table_width(least, most, table.widths, width, few_lines, share)
                            : share_table_width(two_lines, most, table.widths, width, {}, share));
    sets.push_back(rows_set(table, tried.back(), running, typesetter));
  }
  double lowest = sets.front().height;
  for (const RowsSet& set : sets) lowest = std::min(lowest, set.height);
  std::size_t chosen = 0;
  if (crowded) {
    // The widest share whose rows are least tall give or take a line, as long as no short text
    // wraps past kShortTextLines (or past what the hinted share already sets it on): a position
    // on seven lines of a word or two beside roomy duties reads as a list of words, even where
    // the row is no taller for it.
    const std::size_t short_most = std::max(kShortTextLines, sets.front().longest_short);
    for (std::size_t k = 0; k < tried.size(); ++k)
      if (sets[k].height <= lowest + table_line + 0.01 && sets[k].longest_short <= short_most) chosen = k;
    return tried[chosen];
  }
  // Not crowded: of the shares that leave the rows least tall, the one that wraps the short
  // texts least ("Typeset AG" whole, "5 years" on one line), the widest of those.
  std::size_t fewest = std::numeric_limits<std::size_t>::max();
  for (std::size_t k = 0; k < tried.size(); ++k)
    if (sets[k].height <= lowest + 0.01 && sets[k].short_lines <= fewest) {
      fewest = sets[k].short_lines;
      chosen = k;
    }
  return tried[chosen];
}

/// Where the columns meet: the photo's column first when there is one, then the others.
/// `running` becomes the index of the running text's column (column_widths).
std::vector<double> column_edges(const compose::Table& table, double width, text::Typesetter& typesetter,
                                 std::size_t& running) {
  std::vector<double> edges{0};
  double rest = width;
  if (table.photo) {
    edges.push_back(std::min(width / 2, table.photo->width + 2 * table.padding));
    rest = width - edges.back();
  }
  const double start = edges.back();
  double at = start;
  for (double w : column_widths(table, rest, typesetter, running)) {
    at += w;
    edges.push_back(at);
  }
  if (!table.widths.empty()) edges.back() = start + rest;  // the right edge exactly where the table ends
  return edges;
}

/// A table with a photo column: one piece, the rows stretched evenly to the photo's height.
Chunk photo_table_chunk(const compose::Table& table, const std::vector<double>& edges, text::Typesetter& typesetter) {
  std::vector<SetRow> rows;
  double natural = 0;
  for (const auto& cells : table.rows) {
    rows.push_back(set_row(cells, edges, 1, table.padding, typesetter));
    natural += rows.back().height;
  }
  const double photo_height = table.photo->height + 2 * table.padding;
  const double extra = rows.empty() ? 0 : std::max(0.0, photo_height - natural) / static_cast<double>(rows.size());
  Chunk c;
  double y = 0;
  for (size_t r = 0; r < rows.size(); ++r) {
    const double height = rows[r].height + extra;
    Page row;
    frame_row(table, std::vector<double>(edges.begin() + 1, edges.end()), height, false, row_rule(table, r == 0),
              row_rule(table, r + 1 == rows.size()), 0, row);
    translate(rows[r].content, 0, extra / 2);  // the text centred in its stretched row
    append(row, std::move(rows[r].content));
    translate(row, 0, y);
    append(c.content, std::move(row));
    y += height;
  }
  c.height = std::max(y, photo_height);
  const compose::Figure& photo = *table.photo;
  Page frame;
  frame_row(table, {edges[0], edges[1]}, c.height, false, table.frame, table.frame, edges.size(), frame);
  append(c.content, std::move(frame));
  c.content.images.push_back({photo.path, (edges[1] - photo.width) / 2, (c.height - photo.height) / 2, photo.width,
                              photo.height, photo.span, photo.shape, photo.tag});
  return c;
}

/// A table row of more lines than this may be split between its lines where a page ends, as a
/// paragraph is: a ruled form goes on across the page (under its header row again) rather than
/// leave the foot of a page empty. A row this short or shorter moves whole to the next page: it
/// leaves at most these few lines empty, and it reads as one thing. (A row moved whole whenever
/// it was under a third of the page left a form's first page with a fifth of it blank under a
/// row of ten lines of duties.)
constexpr std::size_t kWholeRowLines = 5;
/// A row taller than this share of the page splits however few its lines.
constexpr double kTallRowShare = 1.0 / 3;
/// A split row keeps at least this many of its lines on each side of the break, as a paragraph
/// does; and so does a paragraph of its running text (a bullet of duties) that the break falls in.
constexpr std::size_t kLinesKeptTogether = 2;
/// A split row's page break this few lines or fewer below the start of a bullet of its running
/// text gives way to the break before that bullet: a designer splits duties between bullets, and
/// a bullet's sentence broken across pages, the header drawn again between its halves, reads
/// badly; moving these few lines over costs little of the page. A break further down the bullet
/// stays free: moving the whole bullet would leave more of the page empty.
constexpr std::size_t kBulletLinesMovedOver = 3;

/// How many lines of a paragraph of the running text (`paragraphs`, each one's baselines) stand
/// above and below a cut at `y`: {0, 0} where the cut falls between two paragraphs.
std::pair<std::size_t, std::size_t> paragraph_lines_around(const std::vector<std::vector<double>>& paragraphs,
                                                           double y) {
  for (const std::vector<double>& baselines : paragraphs) {
    const auto above = static_cast<std::size_t>(std::count_if(baselines.begin(), baselines.end(), [&](double b) { return b < y; }));
    if (above > 0 && above < baselines.size()) return {above, baselines.size() - above};
  }
  return {0, 0};
}

/// How bad a page break after a band of a split row is, with `above` and `below` lines of the
/// row on its sides and `in_paragraph` lines of a running-text paragraph (paragraph_lines_around).
/// A break in a bullet's first kBulletLinesMovedOver lines is a LoneEntry break: the page takes
/// it only when ending at the latest free one (the bullet's start, as a rule) would leave more
/// of it empty than the layout allows for an entry kept company (fit.lone_entry_room).
BreakClass band_break(std::size_t above, std::size_t below, std::pair<std::size_t, std::size_t> in_paragraph) {
  if (above < kLinesKeptTogether || below < kLinesKeptTogether) return BreakClass::Forbidden;
  const auto [before, after] = in_paragraph;
  if (before == 0) return BreakClass::Free;  // between two bullets
  if (before < kLinesKeptTogether || after < kLinesKeptTogether) return BreakClass::Forbidden;
  return before <= kBulletLinesMovedOver ? BreakClass::LoneEntry : BreakClass::Free;
}

/// The rules of a row's columns through a strip `height` tall with no text (where a split row
/// goes on: the room its padding takes above and below its text), with `top` and `bottom`
/// rules (0: none).
Chunk row_strip(const compose::Table& table, const std::vector<double>& edges, double height, double top,
                double bottom) {
  Chunk strip;
  strip.height = height;
  frame_row(table, edges, height, false, top, bottom, 0, strip.content);
  return strip;
}

/// The height between the band's top and its text's first glyph top, and between its last glyph
/// foot and its bottom (the em box, kAscent and kDescent).
std::pair<double, double> text_clearance(const Page& text, double height) {
  double top = height, bottom = 0;
  for (const PlacedRun& r : text.runs) {
    top = std::min(top, r.baseline - kAscent * r.run.size);
    bottom = std::max(bottom, r.baseline + kDescent * r.run.size);
  }
  return {std::max(0.0, top), std::max(0.0, height - bottom)};
}

/// Where a split row goes on at the top of a page: `above` (the header row again and the room
/// the row's padding gives its text) and, beside the row's first line there, the row's
/// identifying cells again (those left of its running text: the period, the company, the
/// position), which ended higher up; without them the lines at the page's top would belong to
/// no visible row. Their baselines stand level with the continuation's first line. Empty (a
/// page should not begin the row there) when one of them goes on below `cut` (a company's
/// last line alone at the top of a page names nothing) or when they would run below the row's
/// last line. Drawn again, like the header row, they are page furniture: readers are given
/// them once. Only the first `shown` of those columns are drawn again (all of them by default).
std::optional<Chunk> continued_with_identity(const Chunk& above, const Page& row, double cut,
                                             const std::vector<double>& edges, std::size_t running,
                                             std::size_t shown = std::numeric_limits<std::size_t>::max(),
                                             const SetStack* mark = nullptr, double padding = 0) {
  const auto in_column = [&](const PlacedRun& r, std::size_t i) { return r.x >= edges[i] && r.x < edges[i + 1]; };
  double rest_first = std::numeric_limits<double>::infinity(), rest_bottom = 0;
  for (const PlacedRun& r : row.runs) {
    if (r.baseline - kAscent * r.run.size < cut) continue;
    rest_first = std::min(rest_first, r.baseline);
    rest_bottom = std::max(rest_bottom, r.baseline + kDescent * r.run.size);
    for (std::size_t i = 0; i < running && i + 1 < edges.size(); ++i)
      if (in_column(r, i)) return std::nullopt;
  }
  Page identity;
  double first = std::numeric_limits<double>::infinity(), bottom = 0;
  for (const PlacedRun& r : row.runs) {
    if (r.baseline - kAscent * r.run.size >= cut) continue;
    for (std::size_t i = 0; i < std::min(running, shown) && i + 1 < edges.size(); ++i)
      if (in_column(r, i)) {
        identity.runs.push_back(r);
        first = std::min(first, r.baseline);
        bottom = std::max(bottom, r.baseline + kDescent * r.run.size);
      }
  }
  if (identity.runs.empty() || rest_first == std::numeric_limits<double>::infinity()) return Chunk(above);
  const double shift = (rest_first - cut) - first;  // its first baseline level with the continuation's
  if (bottom + shift > rest_bottom - cut + 1e-6) return std::nullopt;
  // The word for continued under the first column's text ("2021. 3. ~ 현재 / (계속)"), where the
  // continuation is tall enough: the row drawn again unmarked read as a second job.
  if (mark && !mark->content.runs.empty()) {
    double first_column_bottom = 0;
    for (const PlacedRun& r : identity.runs)
      if (in_column(r, 0)) first_column_bottom = std::max(first_column_bottom, r.baseline + kDescent * r.run.size);
    if (first_column_bottom > 0 && first_column_bottom + mark->height + shift <= rest_bottom - cut + 1e-6) {
      Page marked = mark->content;
      translate(marked, edges[0] + padding, first_column_bottom);
      append(identity, std::move(marked));
    }
  }
  Chunk c = above;
  translate(identity, 0, above.height + shift);
  append(c.content, std::move(identity));
  return c;
}

/// A table row as the pieces a page may end between: the whole row, or, when it has more than
/// kWholeRowLines lines (or is taller than kTallRowShare of the page), a band per line of the row (a cut common to
/// all its cells, where no cell's text crosses; a cell whose text ends earlier leaves its part
/// of later bands empty). The bands carry slice_continues, as the bands of a piece taller than a
/// page do: a page may end after one that leaves kLinesKeptTogether lines of the row on each
/// side, and as many of a bullet of the running text it falls in, and ends between two bullets
/// rather than in a bullet's first few lines (band_break). The column rules run through every band; the row's top rule opens its first, its foot
/// rule closes its last. Where a page ends after a band, `close_at_break` is drawn under it:
/// the rules on through the room the row's padding gives its text and the table's frame below;
/// where a page begins with one, `continued_header` is drawn above it (the header row and that
/// room again) with the row's identifying cells beside its first line (continued_with_identity,
/// the columns before `running`); a page does not begin where they would not fit in the row.
std::vector<Chunk> row_chunks(const compose::Table& table, const std::vector<double>& edges, std::size_t running,
                              SetRow&& set, double top_rule, double bottom_rule, const Column& column,
                              const std::shared_ptr<const Chunk>& header,
                              const std::shared_ptr<const Chunk>& continued_header, const SetStack* mark = nullptr) {
  std::vector<double> at;  // the tops of the row's lines but its first
  const double first_line = text_clearance(set.content, set.height).first;
  for (double cut : cuts(occupied(set.content), set.height))
    if (cut > first_line + 1e-6) at.push_back(cut);
  // A row of few but tall lines (a third of the page or more) is not moved whole either.
  const bool tall = set.height > kTallRowShare * column.page_height;
  if (at.size() + 1 < 2 * kLinesKeptTogether || (at.size() + 1 <= kWholeRowLines && !tall)) {
    Chunk c;
    c.height = set.height;
    frame_row(table, edges, set.height, false, top_rule, bottom_rule, 0, c.content);
    append(c.content, std::move(set.content));
    c.repeat_header = header;
    return just(std::move(c));
  }
  const double padding_below = text_clearance(set.content, set.height).second;
  std::vector<Chunk> bands;
  double top = 0;
  for (std::size_t k = 0; k <= at.size(); ++k) {
    const bool last = k == at.size();
    const double bottom = last ? set.height : at[k];
    std::shared_ptr<const Chunk> above = header;
    if (k > 0) {
      std::optional<Chunk> again = continued_with_identity(*continued_header, set.content, top, edges, running,
                                                           std::numeric_limits<std::size_t>::max(), mark, table.padding);
      // Company and position taller than what goes on beside them (eleven lines of a long
      // name): the period alone names the row there, as a page may then end nearer the foot
      // (the whole identity again held the continuation to eleven lines and left them empty
      // at the foot of the page before).
      if (!again && running > 1)
        again = continued_with_identity(*continued_header, set.content, top, edges, running, 1, mark, table.padding);
      if (again) {
        above = std::make_shared<const Chunk>(std::move(*again));
      } else {
        above = continued_header;
        bands.back().break_after = BreakClass::Forbidden;  // the row's name would not fit beside what follows
      }
    }
    Page text = band(set.content, top, last ? std::numeric_limits<double>::infinity() : bottom);
    Chunk c;
    c.height = bottom - top;
    frame_row(table, edges, c.height, false, k == 0 ? top_rule : 0, last ? bottom_rule : 0, 0, c.content);
    if (!last) {
      // What a page ending here draws below it: the room the row keeps below its last line.
      const double below = text_clearance(text, c.height).second;
      c.close_at_break = std::make_shared<const Chunk>(
          row_strip(table, edges, std::max(0.0, padding_below - below), 0, table.frame));
    }
    append(c.content, std::move(text));
    c.repeat_header = above;
    c.slice_continues = !last;
    if (!last) c.break_after = band_break(k + 1, at.size() - k, paragraph_lines_around(set.running_paragraphs, bottom));
    bands.push_back(std::move(c));
    top = bottom;
  }
  return bands;
}

/// Chunks stacked into one, each `space_before` below the one above (the first's dropped): a
/// title drawn again as one piece.
void stack_onto(Chunk& stack, Chunk&& piece) {
  const double space = stack.height > 0 ? piece.space_before : 0;
  translate(piece.content, 0, stack.height + space);
  stack.height += space + piece.height;
  append(stack.content, std::move(piece.content));
}

/// What a row's details (Table::below) continued at a page's top stand under: the header row,
/// if any, a line across the table naming their row with the word for continued
/// (Table::below_continued), and `room` (the details' padding above their text).
Chunk header_and_row_named(const std::shared_ptr<const Chunk>& header, const compose::Paragraph& named,
                           const compose::Table& table, const std::vector<double>& across, double room,
                           text::Typesetter& typesetter) {
  Chunk above = header ? Chunk(*header) : Chunk{};
  SetRow line = set_row({compose::Cell{named}}, across, 0, table.padding, typesetter);
  Chunk strip;
  strip.height = line.height;
  frame_row(table, across, line.height, false, 0, 0, 0, strip.content);
  append(strip.content, std::move(line.content));
  stack_onto(above, std::move(strip));
  stack_onto(above, row_strip(table, across, room, 0, 0));
  return above;
}

/// A table as pieces a page may break between: the header row (kept with the first row), then
/// each row (row_chunks), which carries the header to draw again when it starts a page; two
/// rows at least on each side of a break.
std::vector<Chunk> table_chunks(const compose::Table& table, const Column& column, text::Typesetter& typesetter) {
  std::size_t running = 0;
  const std::vector<double> edges = column_edges(table, column.width, typesetter, running);
  if (table.photo) return just(photo_table_chunk(table, edges, typesetter));
  std::vector<Chunk> chunks;
  std::shared_ptr<const Chunk> header;
  if (!table.header.empty()) {
    std::vector<compose::Cell> cells;
    for (const compose::Paragraph& label : table.header) cells.push_back({label});
    SetRow set = set_row(cells, edges, 0, table.padding, typesetter);
    Chunk c;
    c.height = set.height;
    frame_row(table, edges, set.height, true, table.frame, row_rule(table, table.rows.empty()), 0, c.content);
    append(c.content, std::move(set.content));
    c.break_after = BreakClass::Forbidden;  // a header never ends a page
    header = std::make_shared<const Chunk>(c);
    chunks.push_back(std::move(c));
  }
  // Above a split row's continuation: the header row (or the table's frame where it has none),
  // then the room the row's padding gives its text above its first line.
  std::shared_ptr<const Chunk> continued_header;
  const auto continued = [&](double room) {
    if (continued_header) return continued_header;
    Chunk above = header ? Chunk(*header) : Chunk{};
    stack_onto(above, row_strip(table, edges, room, header ? 0 : table.frame, 0));
    continued_header = std::make_shared<const Chunk>(std::move(above));
    return continued_header;
  };
  struct RowPieces {
    std::size_t last = 0;  // its last chunk
    double height = 0;
    bool splits = false;  // set as bands a page may end between (a row of many lines)
  };
  std::vector<RowPieces> rows;
  const std::vector<double> across{edges.front(), edges.back()};
  // The word for continued, set in the first column, under a split row's cells drawn again;
  // only where it fits there on a line ("(con / t.)" beside a year reads as nothing).
  std::optional<SetStack> mark;
  if (!table.continued_mark.inlines.empty() && edges.size() > 1) {
    const double room = edges[1] - edges[0] - 2 * table.padding;
    double wide = 0;
    for (const compose::Inline& in : table.continued_mark.inlines) wide += typesetter.typeset_line(in).width;
    if (wide <= room) mark = set_stack(std::span(&table.continued_mark, 1), room, typesetter);
  }
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const bool last = r + 1 == table.rows.size();
    const bool below = r < table.below.size() && !compose::is_empty_cell(table.below[r]);
    SetRow set = set_row(table.rows[r], edges, 0, table.padding, typesetter, running);
    double height = set.height;
    const double room_above = text_clearance(set.content, set.height).first;
    std::vector<Chunk> pieces =
        row_chunks(table, edges, running, std::move(set), row_rule(table, r == 0 && !header),
                   below ? 0 : row_rule(table, last), column, header, continued(room_above), mark ? &*mark : nullptr);
    if (below) {
      // The row's details across the table under it, never parted from it by a page's end:
      // split where they are long, as a row's duties are, under the header and a line that
      // names their row as continued (lines of duties at a page's top would belong to no job;
      // the row drawn again whole read as a second job).
      pieces.back().break_after = BreakClass::Forbidden;
      SetRow details = set_row({table.below[r]}, across, 0, table.padding, typesetter, 0);
      height += details.height;
      const double room = text_clearance(details.content, details.height).first;
      std::shared_ptr<const Chunk> above = continued(room);
      if (r < table.below_continued.size())
        above = std::make_shared<const Chunk>(
            header_and_row_named(header, table.below_continued[r], table, across, room, typesetter));
      for (Chunk& c : row_chunks(table, across, 0, std::move(details), 0, row_rule(table, last), column, header, above))
        pieces.push_back(std::move(c));
    }
    Span span;
    if (!table.rows[r].empty() && !table.rows[r].front().empty()) span = table.rows[r].front().front().span;
    // A row with its details under it is a job with its duties, an entry's worth, never a stray
    // line: it may stand alone under the header (as a row of many lines may).
    const bool splits = pieces.size() > 1;
    for (Chunk& c : pieces) {
      c.span = span;
      chunks.push_back(std::move(c));
    }
    rows.push_back({chunks.size() - 1, height, splits});
  }
  // Widows and orphans of a table, as of a paragraph: its first row never alone at a page's
  // foot under the header, its last never alone on the next page under the repeated header
  // (a row moves over instead). Only where the two rows fit on a page with the header: a row
  // as tall as a page is cut where it must. A row of many lines (one that splits) may stand
  // alone: it is a paragraph's worth, not a stray line, and forbidding the page to end after
  // it whole made it end inside it (a first job's duties split over two pages with a sixth
  // of the first page left empty under them).
  const double header_height = header ? header->height : 0;
  for (size_t r = 0; r + 1 < rows.size(); ++r) {
    const std::size_t lone = r == 0 ? 0 : r + 1;  // the row a page ending here leaves alone
    if ((r == 0 || r + 2 == rows.size()) && !rows[lone].splits &&
        header_height + rows[r].height + rows[r + 1].height <= column.page_height)
      chunks[rows[r].last].break_after = BreakClass::Forbidden;
  }
  return chunks;
}

/// Moves chunks set in a narrower column `inset` to the right (a section's entries beside its
/// rail title). A table's header row, drawn again where the table continues, moves with them.
void inset_chunks(std::vector<Chunk>& chunks, double inset) {
  // Each drawn once, moved once: the chunks that share it share the moved one.
  std::map<const Chunk*, std::shared_ptr<const Chunk>> moved;
  const auto moved_one = [&](std::shared_ptr<const Chunk>& shared) {
    if (!shared) return;
    std::shared_ptr<const Chunk>& to = moved[shared.get()];
    if (!to) {
      Chunk copy = *shared;
      translate(copy.content, inset, 0);
      to = std::make_shared<const Chunk>(std::move(copy));
    }
    shared = to;
  };
  for (Chunk& c : chunks) {
    translate(c.content, inset, 0);
    moved_one(c.repeat_header);
    moved_one(c.close_at_break);
  }
}

std::vector<Chunk> block_chunks(const compose::Block& block, const Column& full_column, text::Typesetter& typesetter) {
  Column column = full_column;
  column.width = std::max(1.0, full_column.width - block.inset_left);
  std::vector<Chunk> chunks;
  if (auto* para = std::get_if<compose::Paragraph>(&block.content)) {
    chunks = paragraph_chunks(*para, column, typesetter);
  } else if (auto* row = std::get_if<compose::Row>(&block.content)) {
    chunks.push_back(row_chunk(*row, column, typesetter));
  } else if (auto* rule = std::get_if<compose::Rule>(&block.content)) {
    chunks.push_back(rule_chunk(*rule, column));
  } else if (auto* fig = std::get_if<compose::Figure>(&block.content)) {
    chunks.push_back(figure_chunk(*fig, column, typesetter));
  } else if (auto* table = std::get_if<compose::Table>(&block.content)) {
    chunks = table_chunks(*table, column, typesetter);
  } else if (auto* space = std::get_if<compose::Space>(&block.content)) {
    Chunk c;
    c.space_before = space->height;  // pure space: vanishes at the top of a page
    chunks.push_back(std::move(c));
  }
  if (chunks.empty()) chunks.emplace_back();  // an empty paragraph still carries its spacing and flags
  chunks.front().space_before += block.space_before;
  chunks.front().bookmark = block.bookmark;
  for (auto& c : chunks)
    if (!c.span.known()) c.span = block.span;
  if (block.inset_left > 0) inset_chunks(chunks, block.inset_left);
  return chunks;
}

/// A section title set in its rail (compose::Block::rail), waiting for the first line beside it.
struct RailTitle {
  Page content;               // from the title's top, at the column's left edge
  double first_baseline = 0;  // from its top
  double height = 0;
  std::size_t lines = 0;
  double space_before = 0;
  std::string bookmark;
  Span span;
  bool repeats = false;  // drawn again where its section goes on on the next page (section.repeat_title)
  /// What is drawn again: the title with the word for continued under it where that fits the
  /// rail (one line more than the title), else the title as it stands.
  Page again;
};

RailTitle set_rail_title(const compose::Block& block, text::Typesetter& typesetter) {
  RailTitle title;
  title.space_before = block.space_before;
  title.bookmark = block.bookmark;
  title.span = block.span;
  title.repeats = block.continued_title != nullptr;
  if (const auto* para = std::get_if<compose::Paragraph>(&block.content)) {
    SetStack set = set_stack(std::span(para, 1), block.rail, typesetter);
    title.content = std::move(set.content);
    title.first_baseline = set.first_baselines.empty() ? 0 : set.first_baselines.front();
    title.height = set.height;
    title.lines = set.lines.size();
    title.again = title.content;
  }
  if (block.rail_continued_title) {
    SetStack set = set_stack(std::span(block.rail_continued_title.get(), 1), block.rail, typesetter);
    if (set.lines.size() == title.lines + 1) title.again = std::move(set.content);
  }
  return title;
}

/// A rail title too long for its rail, set on a line of its own above its section's entries
/// across the whole column (section.rail_overflow: above), kept with them.
std::vector<Chunk> title_above(const compose::Block& block, const Column& column, text::Typesetter& typesetter) {
  compose::Block above = block;
  above.rail = 0;
  if (auto* para = std::get_if<compose::Paragraph>(&above.content)) para->align = theme::Align::Left;
  std::vector<Chunk> chunks = block_chunks(above, column, typesetter);
  for (Chunk& c : chunks) c.break_after = BreakClass::Forbidden;
  return chunks;
}

/// The rail title as a chunk of its own, above what follows (a section with no entries).
Chunk rail_title_alone(RailTitle&& title) {
  Chunk c;
  c.height = title.height;
  c.space_before = title.space_before;
  c.content = std::move(title.content);
  c.bookmark = std::move(title.bookmark);
  c.span = title.span;
  return c;
}

/// Where the rail title's top stands in `chunk` for its first baseline to be level with the
/// chunk's first line.
double rail_title_top(const RailTitle& title, const Chunk& chunk) {
  double first_line = title.first_baseline;
  if (!chunk.content.runs.empty()) {
    first_line = chunk.content.runs.front().baseline;
    for (const PlacedRun& run : chunk.content.runs) first_line = std::min(first_line, run.baseline);
  }
  // Level with the line, but a hair above where the title is larger than what stands on it: a
  // reader that orders text by the foot of each piece (pdfminer, and the parsers built on it)
  // then meets the title, whose larger letters reach lower, before a smaller date beside it.
  double title_size = 0, smallest_beside = 0;
  for (const PlacedRun& run : title.content.runs)
    if (std::abs(run.baseline - title.first_baseline) < 1e-6) title_size = std::max(title_size, run.run.size);
  for (const PlacedRun& run : chunk.content.runs)
    if (run.baseline - first_line < 3 && (smallest_beside == 0 || run.run.size < smallest_beside))
      smallest_beside = run.run.size;
  const double raise = smallest_beside > 0 ? 0.5 * std::max(0.0, title_size - smallest_beside) + 0.2 : 0;
  return first_line - title.first_baseline - raise;
}

/// Puts the rail title into `chunk`, the first piece of its section, its first baseline level
/// with the chunk's first line; its runs go first, so that the title is read (and tagged)
/// before its entries. Returns how far the title reaches below the chunk's top.
double put_rail_title(RailTitle&& title, Chunk& chunk) {
  const double top = rail_title_top(title, chunk);
  translate(title.content, 0, top);
  Page merged = std::move(title.content);
  append(merged, std::move(chunk.content));
  chunk.content = std::move(merged);
  chunk.space_before = title.space_before;  // level with the title: the entry's own space goes
  if (chunk.bookmark.empty()) chunk.bookmark = std::move(title.bookmark);
  return top + title.height;
}

// A piece taller than a page (an entry whose title or author list runs for pages) is cut
// between its lines into bands, one per line, that the pages then take as they take the
// lines of a paragraph, so that nothing is drawn below the bottom margin. It stays whole
// where no cut can be made (a single picture taller than a page).
std::vector<Chunk> slice_tall(Chunk piece, double page_height) {
  if (piece.height <= page_height + 1e-6) return just(std::move(piece));
  const std::vector<double> at = cuts(occupied(piece.content), piece.height);
  if (at.empty()) return just(std::move(piece));
  std::vector<Chunk> bands;
  double top = 0;
  for (size_t k = 0; k <= at.size(); ++k) {
    const double bottom = k < at.size() ? at[k] : std::numeric_limits<double>::infinity();
    Chunk slice;
    slice.height = (k < at.size() ? bottom : piece.height) - top;
    slice.content = band(piece.content, top, bottom);
    slice.span = piece.span;
    slice.slice_continues = k < at.size();
    slice.break_after = k < at.size() ? BreakClass::Free : piece.break_after;
    bands.push_back(std::move(slice));
    top = bottom;
  }
  bands.front().space_before = piece.space_before;
  bands.front().bookmark = piece.bookmark;
  return bands;
}

}  // namespace

std::string format_pt(double value) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, 1);
  return ec == std::errc() ? std::string(buf, end) : std::string("?");
}

double baseline_offset(double line_height, double size) {
  return (line_height - (kAscent + kDescent) * size) / 2 + kAscent * size;
}

namespace {

// A timeline's rule down one chunk of a block, and through the space above it; the block's
// first chunk carries the entry's dot on its first line, where a section's rule begins.
void draw_side_rule(const compose::SideRule& rule, bool first_of_block, Chunk& chunk) {
  const double left = rule.x - rule.thickness / 2;
  double top = 0;
  if (first_of_block && rule.dot > 0 && !chunk.content.runs.empty()) {
    const PlacedRun* first_line = &chunk.content.runs.front();
    for (const PlacedRun& run : chunk.content.runs)
      if (run.baseline < first_line->baseline) first_line = &run;
    const double centre = first_line->baseline - 0.33 * first_line->run.size;  // the x-height's middle
    chunk.content.rects.push_back(
        {rule.x - rule.dot / 2, centre - rule.dot / 2, rule.dot, rule.dot, rule.color, rule.dot / 2});
    if (rule.starts_here) top = centre;
  }
  if (chunk.height > top) chunk.content.rects.push_back({left, top, rule.thickness, chunk.height - top, rule.color});
  if (!(first_of_block && rule.starts_here)) chunk.lead_in = doc::FilledRect{left, 0, rule.thickness, 0, rule.color};
}

/// The widest word of a paragraph as its fonts set it: each inline's pieces between spaces.
double widest_word(const compose::Paragraph& para, text::Typesetter& typesetter) {
  double widest = 0;
  for (const compose::Inline& piece : para.inlines)
    for (std::size_t start = 0; start < piece.text.size();) {
      const std::size_t end = std::min(piece.text.find(' ', start), piece.text.size());
      if (end > start) {
        compose::Inline word = piece;
        word.text = piece.text.substr(start, end - start);
        word.reads_as.clear();
        widest = std::max(widest, typesetter.typeset_line(word).width);
      }
      start = end + 1;
    }
  return widest;
}

/// A lead column keeps its width so that the section's entries line up: a word wider than it
/// ("Bachelor" in RenderCV's 1 cm degree column) is broken between its letters, as the
/// column's own words are drawn nowhere else. That is said, with what to change.
void warn_overlong_lead(const compose::Row& row, text::Typesetter& typesetter, Diagnostics& diags) {
  for (const compose::Paragraph& para : row.lead) {
    const double measure = row.lead_width - para.indent_left - para.indent_right;
    const double widest = widest_word(para, typesetter);
    if (widest <= measure + 0.01) continue;
    diags.on_the_page(para.span,
                  "a word of the lead column (the degree column) is " + format_pt(widest) + " pt wide and the column " +
                      format_pt(measure) + " pt: it breaks inside the word",
                  {"write it shorter (BS, MSc, PhD), or widen the column: the layout's entry.KIND.lead_width, "
                   "a RenderCV file's design.entries.degree_width"});
  }
}

/// A section's title drawn again (`title`) over a table's header row drawn again (`header`),
/// where a table section goes on on the next page: the title, then the header row.
std::shared_ptr<const Chunk> title_over_header(const Chunk& title, const Chunk& header) {
  Chunk both = title;
  Chunk row = header;
  translate(row.content, 0, both.height);
  both.height += row.height;
  append(both.content, std::move(row.content));
  return std::make_shared<const Chunk>(std::move(both));
}

}  // namespace

std::vector<Chunk> build_chunks(const std::vector<compose::Block>& blocks, const Column& column,
                                text::Typesetter& typesetter, Diagnostics& diags, std::size_t pages_at_most,
                                bool& stopped_early) {
  std::vector<Chunk> chunks;
  std::vector<int> group_of_chunk;
  std::vector<size_t> block_end;  // index of each block's last chunk
  const double most_content = static_cast<double>(pages_at_most) * column.page_height;
  double content = 0;  // a lower bound of the height the pages need, spaces left out
  stopped_early = false;
  std::size_t set = 0;
  // A rail title waiting for its section's first piece, then how far it still reaches below
  // the pieces set beside it: until they are as tall, no page may break between them, and a
  // section that ends first is lengthened to the title's foot.
  std::optional<RailTitle> rail_title;
  double rail_reach = 0;
  // The title of the section beside the rail, once its first piece holds it: drawn again
  // beside a later piece that starts a page.
  std::optional<RailTitle> rail_title_set;
  std::shared_ptr<const Page> rail_title_again;
  // A title too long for the rail, set above its section: drawn again above a later piece of
  // the section that starts a page, as a table's header row is.
  std::shared_ptr<const Chunk> title_above_again;
  std::optional<Chunk> title_above_pending;  // until the space below it is known
  // A section's title with the locale's word for continued (section.repeat_title), set as
  // the title is, its rule with it: drawn above a later piece of the section that starts a page.
  // Pending until the space below it (the first entry's) is known; `continued_part` is the
  // section's (Block::part), and a table's header row drawn again goes under it.
  std::shared_ptr<const Chunk> continued_again;
  std::optional<Chunk> continued_pending;
  int continued_part = 0;
  std::map<const Chunk*, std::shared_ptr<const Chunk>> continued_over_header;
  // The matrix whose rows are being set: the block after its last row, its second column's width.
  std::size_t matrix_end = 0;
  double matrix_aside = 0;
  const auto end_rail = [&] {
    if (rail_title) {
      chunks.push_back(rail_title_alone(std::move(*rail_title)));
      group_of_chunk.push_back(-1);
      rail_title.reset();
    }
    if (rail_reach > 0 && !chunks.empty()) chunks.back().height += rail_reach;
    rail_reach = 0;
    rail_title_set.reset();
    rail_title_again.reset();
    title_above_again.reset();
    title_above_pending.reset();
  };
  for (; set < blocks.size() && content <= most_content; ++set) {
    const compose::Block& block = blocks[set];
    if (block.rail > 0 || block.inset_left <= 0) end_rail();  // the section beside the rail ended
    if (continued_again && block.part != continued_part) {  // the section ended
      continued_again.reset();
      continued_over_header.clear();
    }
    if (block.rail > 0) {
      // It takes no chunk of its own: block_end repeats the last one (or is -1 + 1 = 0 in
      // unsigned arithmetic for the next block's first, when it is the flow's first block).
      rail_title = set_rail_title(block, typesetter);
      if (rail_title->lines > 1 && !block.rail_wraps) {
        rail_title.reset();
        for (Chunk& c : title_above(block, column, typesetter)) {
          chunks.push_back(std::move(c));
          group_of_chunk.push_back(-1);
        }
        if (block.continued_title) {  // drawn again with the word for continued, as set above
          compose::Block continued = block;
          continued.content = *block.continued_title;
          Chunk again;
          for (Chunk& c : title_above(continued, column, typesetter)) stack_onto(again, std::move(c));
          title_above_pending = std::move(again);
        }
      }
      block_end.push_back(chunks.size() - 1);
      continue;
    }
    std::size_t block_first = chunks.size();
    const bool title_again_here = continued_pending && !block.continued_title;  // the title's rule, its first entry
    if (block.continued_title) {
      compose::Block again = block;
      again.content = *block.continued_title;
      again.continued_title.reset();
      continued_again.reset();
      continued_over_header.clear();
      continued_pending = Chunk{};
      continued_part = block.part;
      for (Chunk& c : block_chunks(again, column, typesetter)) stack_onto(*continued_pending, std::move(c));
    }
    if (const auto* row = std::get_if<compose::Row>(&blocks[set].content)) warn_overlong_lead(*row, typesetter, diags);
    // A matrix's row: its columns sized with the other rows of its matrix (measured at its first).
    std::optional<compose::Block> matrix_row;
    if (const auto* row = std::get_if<compose::Row>(&blocks[set].content); row && row->matrix) {
      if (set >= matrix_end) {
        std::vector<const compose::Row*> rows;
        for (matrix_end = set; matrix_end < blocks.size(); ++matrix_end) {
          const auto* next = std::get_if<compose::Row>(&blocks[matrix_end].content);
          if (!next || !next->matrix) break;
          rows.push_back(next);
        }
        matrix_aside = matrix_aside_width(rows, typesetter);
      }
      matrix_row = blocks[set];
      auto& sized = std::get<compose::Row>(matrix_row->content);
      sized.aside_width = matrix_aside;
    }
    for (auto& piece : block_chunks(matrix_row ? *matrix_row : blocks[set], column, typesetter))
      for (auto& c : slice_tall(std::move(piece), column.page_height)) {
        content += std::min(c.height, column.page_height);
        c.block = set;
        chunks.push_back(std::move(c));
        group_of_chunk.push_back(blocks[set].group);
      }
    if (blocks[set].side_rule)
      for (std::size_t i = block_first; i < chunks.size(); ++i) draw_side_rule(*blocks[set].side_rule, i == block_first, chunks[i]);
    for (std::size_t i = block_first; i < chunks.size(); ++i) {
      if (title_again_here && continued_pending) {
        if (std::holds_alternative<compose::Rule>(block.content) && block.keep_with_next) {
          Chunk rule = chunks[i];  // a rule under the title is the title's
          stack_onto(*continued_pending, std::move(rule));
        } else {  // the section's first piece, kept with the title: the space between is the title's
          continued_pending->height += chunks[i].space_before;
          continued_again = std::make_shared<const Chunk>(std::move(*continued_pending));
          continued_pending.reset();
        }
      } else if (continued_again && blocks[set].part == continued_part) {
        if (!chunks[i].repeat_header) {
          chunks[i].repeat_header = continued_again;
        } else {  // a table's rows: the title again over its header row again
          std::shared_ptr<const Chunk>& both = continued_over_header[chunks[i].repeat_header.get()];
          if (!both) both = title_over_header(*continued_again, *chunks[i].repeat_header);
          chunks[i].repeat_header = both;
        }
      }
      if (title_above_pending) {  // the section's first piece, kept with the title: the space between is the title's
        title_above_pending->height += chunks[i].space_before;
        title_above_again = std::make_shared<const Chunk>(std::move(*title_above_pending));
        title_above_pending.reset();
      } else if (title_above_again && !chunks[i].repeat_header) {
        chunks[i].repeat_header = title_above_again;
      }
      if (rail_title_set && !chunks[i].content.runs.empty()) {
        chunks[i].rail_again = rail_title_again;
        chunks[i].rail_again_top = rail_title_top(*rail_title_set, chunks[i]);
      }
      if (rail_title) {
        if (rail_title->repeats) {
          rail_title_set = *rail_title;
          rail_title_again = std::make_shared<const Page>(rail_title->again);
        }
        rail_reach = put_rail_title(std::move(*rail_title), chunks[i]);
        rail_title.reset();
      } else if (rail_reach > 0) {
        chunks[i - 1].break_after = BreakClass::Forbidden;  // the title still stands beside this piece
        rail_reach -= chunks[i].space_before;
      } else {
        continue;
      }
      rail_reach -= chunks[i].height;
    }
    block_end.push_back(chunks.size() - 1);
  }
  end_rail();
  stopped_early = set < blocks.size();
  const std::size_t block_count = set;

  // Entries (groups) that fit on a page are kept together.
  std::map<int, double> group_height;
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (group_of_chunk[i] < 0) continue;
    bool first_of_group = i == 0 || group_of_chunk[i - 1] != group_of_chunk[i];
    group_height[group_of_chunk[i]] += chunks[i].height + (first_of_group ? 0 : chunks[i].space_before);
  }
  for (size_t i = 0; i + 1 < chunks.size(); ++i) {
    int g = group_of_chunk[i];
    if (g >= 0 && g == group_of_chunk[i + 1] && group_height[g] <= column.page_height)
      chunks[i].break_after = std::max(chunks[i].break_after, BreakClass::InsideGroup);
  }
  // A block kept with the next one is also kept whole (a title, an entry's first highlight),
  // except between the bands of a piece too tall for a page.
  for (size_t b = 0; b < block_count; ++b) {
    if (!blocks[b].keep_with_next || blocks[b].rail > 0) continue;  // a rail title is inside the next piece
    size_t begin = b == 0 ? 0 : block_end[b - 1] + 1;
    for (size_t i = begin; i <= block_end[b]; ++i)
      if (!chunks[i].slice_continues) chunks[i].break_after = BreakClass::Forbidden;
  }
  // Widows and orphans of a section's entries, as of a paragraph's lines: a break between two
  // entries that leaves one entry of the section alone on a page (its first under its title
  // at a page's foot, its last at the next page's head, one of two on each page) is a
  // LoneEntry break, which a page takes only when ending at a free break leaves too much of
  // it empty (fit.lone_entry_room). Entries are the groups of a section (its part).
  {
    std::vector<int> entry_of(chunks.size(), -1);  // a grouped chunk's entry, counted in its section
    std::map<int, int> entries_in_part;
    int last_group = -1, last_part = 0;
    bool any = false;
    const auto part_of = [&](std::size_t i) { return blocks[chunks[i].block].part; };
    for (std::size_t i = 0; i < chunks.size(); ++i) {
      if (group_of_chunk[i] < 0 || chunks[i].block >= block_count) continue;
      const int part = part_of(i);
      if (!any || part != last_part || group_of_chunk[i] != last_group) ++entries_in_part[part];
      entry_of[i] = entries_in_part[part] - 1;
      any = true;
      last_group = group_of_chunk[i];
      last_part = part;
    }
    // The first grouped chunk after each chunk (chunks.size(): none).
    std::vector<std::size_t> next_grouped(chunks.size(), chunks.size());
    for (std::size_t i = chunks.size(); i-- > 1;) next_grouped[i - 1] = entry_of[i] >= 0 ? i : next_grouped[i];
    std::optional<std::size_t> before;  // the last grouped chunk so far
    for (std::size_t i = 0; i + 1 < chunks.size(); ++i) {
      if (entry_of[i] >= 0) before = i;
      const std::size_t next = next_grouped[i];  // the entry a break after chunk i sends to the next page
      if (!before || chunks[i].break_after != BreakClass::Free || next == chunks.size()) continue;
      const int part = part_of(next);
      if (part < 0 || part == compose::kClosingPart || part_of(*before) != part || entry_of[*before] == entry_of[next])
        continue;
      const int above = entry_of[next], below = entries_in_part[part] - above;
      if (above == 1 || below == 1) chunks[i].break_after = BreakClass::LoneEntry;
    }
  }
  // A piece that cannot be split (a row, a figure) and is taller than the flow area starts a
  // page of its own and still runs past the bottom margin, by exactly this much.
  for (const auto& c : chunks)
    if (c.height > column.page_height + 1e-6)
      diags.on_the_page(c.span, "content runs past the bottom margin by " + format_pt(c.height - column.page_height) + " pt",
                    {"it is " + format_pt(c.height) + " pt tall and a page holds " + format_pt(column.page_height) +
                     " pt; shorten it or reduce the layout's sizes and margins"});
  return chunks;
}

}  // namespace hanji::layout::detail
