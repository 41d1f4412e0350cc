#include "trace/trace.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace hanji::trace {

namespace {

// Hundredths of a point: every length is compared and printed at this precision, so that
// sub-0.01 pt noise (floating-point order, a font metric rounded differently) never shows.
long long hundredths(double v) { return std::llround(v * 100.0); }

/// `v` rounded to 0.01, without trailing zeros: 72, 9.3, -0.36 (never "-0").
std::string number(double v) {
  const long long n = hundredths(v);
  const long long whole = std::llabs(n) / 100, fraction = std::llabs(n) % 100;
  std::string out = n < 0 ? "-" : "";
  out += std::to_string(whole);
  if (fraction != 0) {
    out += '.';
    out += static_cast<char>('0' + fraction / 10);
    if (fraction % 10 != 0) out += static_cast<char>('0' + fraction % 10);
  }
  return out;
}

// Characters a reviewer could not see or tell apart from a plain space in a trace.
bool is_invisible(char32_t c) {
  return c == 0x00A0 || c == 0x00AD || c == 0x034F || c == 0x061C || c == 0x180E ||
         (c >= 0x2000 && c <= 0x200F) || (c >= 0x2028 && c <= 0x202F) || (c >= 0x205F && c <= 0x206F) ||
         c == 0x3000 || c == 0x3164 || c == 0xFEFF;
}

/// `text` in double quotes; `"` and `\` escaped, control characters and invisible spaces as
/// \n, \t or \u{hex}, so every character of the source is visible and the line stays one line.
std::string in_quotes(std::string_view text) {
  std::string out = "\"";
  for (char32_t c : utf8_decode(text)) {
    if (c == U'"' || c == U'\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == U'\n') {
      out += "\\n";
    } else if (c == U'\t') {
      out += "\\t";
    } else if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || is_invisible(c)) {
      char hex[16];
      std::snprintf(hex, sizeof hex, "\\u{%x}", static_cast<unsigned>(c));
      out += hex;
    } else {
      utf8_append(out, c);
    }
  }
  return out + "\"";
}

/// " color=#rrggbb", or nothing for black (most text is black; saying so is noise).
std::string color_field(const Rgb& color) {
  if (color == Rgb{}) return "";
  const auto byte = [](double c) { return static_cast<unsigned>(std::lround(std::clamp(c, 0.0, 1.0) * 255)); };
  char hex[16];
  std::snprintf(hex, sizeof hex, " color=#%02x%02x%02x", byte(color.r), byte(color.g), byte(color.b));
  return hex;
}

/// The font's file stem ("NanumBarunGothicBold"): a path would differ between machines.
std::string font_name(const doc::Document& doc, int font) {
  if (font < 0 || static_cast<size_t>(font) >= doc.fonts.size()) return "font#" + std::to_string(font);
  return std::filesystem::path(doc.fonts[static_cast<size_t>(font)].path).stem().string();
}

std::string shape_field(doc::ImageShape shape) {
  switch (shape) {
    case doc::ImageShape::Rounded:
      return " shape=rounded";
    case doc::ImageShape::Circle:
      return " shape=circle";
    case doc::ImageShape::Rectangle:
      break;
  }
  return "";
}

std::string box_fields(double x, double y, double width, double height) {
  return "x=" + number(x) + " y=" + number(y) + " w=" + number(width) + " h=" + number(height);
}

/// HarfBuzz's notation: [id=cluster+advance|…], with @x_offset,y_offset when not zero.
std::string glyph_list(const doc::GlyphRun& run) {
  std::string out = "[";
  for (size_t i = 0; i < run.glyphs.size(); ++i) {
    const doc::Glyph& g = run.glyphs[i];
    if (i > 0) out += '|';
    out += std::to_string(g.id) + '=' + std::to_string(g.cluster);
    if (hundredths(g.x_offset) != 0 || hundredths(g.y_offset) != 0)
      out += '@' + number(g.x_offset) + ',' + number(g.y_offset);
    out += '+' + number(g.advance);
  }
  return out + "]";
}

/// Runs sharing a baseline (to 0.01 pt), left to right: what a reader sees as one line.
struct VisualLine {
  double baseline = 0;
  std::vector<const doc::PlacedRun*> runs;
};

std::vector<VisualLine> visual_lines(const doc::Page& page) {
  std::vector<const doc::PlacedRun*> runs;
  for (const doc::PlacedRun& placed : page.runs) runs.push_back(&placed);
  // Top to bottom, then left to right; the stable sort keeps the order of runs drawn at the
  // same point, and the trace does not depend on the order paginate happens to emit them in.
  std::stable_sort(runs.begin(), runs.end(), [](const auto* a, const auto* b) {
    if (hundredths(a->baseline) != hundredths(b->baseline)) return hundredths(a->baseline) < hundredths(b->baseline);
    return hundredths(a->x) < hundredths(b->x);
  });
  std::vector<VisualLine> lines;
  for (const doc::PlacedRun* placed : runs) {
    if (lines.empty() || hundredths(lines.back().baseline) != hundredths(placed->baseline))
      lines.push_back(VisualLine{placed->baseline, {}});
    lines.back().runs.push_back(placed);
  }
  return lines;
}

// A horizontal gap wider than this between two runs separates columns (a date aside, a bullet
// and its text) rather than words: spaces, justification and Hangul–Latin gaps live inside
// the glyph advances, so runs of one line of text touch.
constexpr double kColumnGap = 2.0;

/// `line y=… x=left..right "segment" "segment"`: the line's text at a glance.
std::string line_header(const VisualLine& line) {
  const doc::PlacedRun& first = *line.runs.front();
  double right = first.x;
  std::string segments, segment;
  for (const doc::PlacedRun* placed : line.runs) {
    if (placed != &first && placed->x - right > kColumnGap) {
      segments += ' ' + in_quotes(segment);
      segment.clear();
    }
    segment += placed->run.text;
    right = std::max(right, placed->x + placed->run.width());
  }
  segments += ' ' + in_quotes(segment);
  return "line y=" + number(line.baseline) + " x=" + number(first.x) + ".." + number(right) + segments + "\n";
}

/// `  run …` and its glyphs on the next row, so a change of positions alone leaves the run row
/// as it was.
std::string run_rows(const doc::Document& doc, const doc::PlacedRun& placed) {
  const doc::GlyphRun& run = placed.run;
  std::string out = "  run x=" + number(placed.x) + " w=" + number(run.width()) + " font=" + font_name(doc, run.font) +
                    " size=" + number(run.size) + color_field(run.color);
  if (hundredths(run.rise) != 0) out += " rise=" + number(run.rise);
  out += ' ' + in_quotes(run.text);
  if (run.actual_text) out += " actual=" + in_quotes(*run.actual_text);
  if (!run.link.empty()) out += " link=" + run.link;
  if (run.span.known()) out += " @" + std::to_string(run.span.line) + ':' + std::to_string(run.span.col);
  return out + "\n    " + glyph_list(run) + "\n";
}

template <typename Item>
std::vector<const Item*> top_to_bottom(const std::vector<Item>& items) {
  std::vector<const Item*> sorted;
  for (const Item& item : items) sorted.push_back(&item);
  std::stable_sort(sorted.begin(), sorted.end(), [](const Item* a, const Item* b) {
    if (hundredths(a->y) != hundredths(b->y)) return hundredths(a->y) < hundredths(b->y);
    return hundredths(a->x) < hundredths(b->x);
  });
  return sorted;
}

std::string page_rows(const doc::Document& doc, const doc::Page& page, size_t number_from_one) {
  std::string out = "page " + std::to_string(number_from_one) + "\n";
  for (const VisualLine& line : visual_lines(page)) {
    out += line_header(line);
    for (const doc::PlacedRun* placed : line.runs) out += run_rows(doc, *placed);
  }
  const auto rect_rows = [&out](const char* kind, const std::vector<doc::FilledRect>& rects) {
    for (const auto* rect : top_to_bottom(rects)) {
      out += std::string(kind) + " " + box_fields(rect->x, rect->y, rect->width, rect->height) +
             color_field(rect->color);
      if (rect->radius > 0) out += " radius=" + number(rect->radius);
      out += "\n";
    }
  };
  rect_rows("background", page.backgrounds);
  rect_rows("rect", page.rects);
  for (const auto* link : top_to_bottom(page.links))
    out += "link " + box_fields(link->x, link->y, link->width, link->height) + " " + link->uri + "\n";
  for (const auto* image : top_to_bottom(page.images))
    out += "image " + box_fields(image->x, image->y, image->width, image->height) + " " +
           std::filesystem::path(image->path).filename().string() + shape_field(image->shape) + "\n";
  return out;
}

std::string meta_row(const doc::Metadata& meta) {
  std::string out;
  const auto field = [&out](const char* name, const std::string& value) {
    if (!value.empty()) out += std::string(" ") + name + "=" + in_quotes(value);
  };
  field("title", meta.title);
  field("author", meta.author);
  field("subject", meta.subject);
  field("keywords", meta.keywords);
  field("language", meta.language);
  return out.empty() ? "" : "meta" + out + "\n";
}

}  // namespace

std::string write_trace(const doc::Document& doc) {
  std::string out = "document " + number(doc.page_width) + "x" + number(doc.page_height) +
                    " pages=" + std::to_string(doc.pages.size()) + "\n";
  out += meta_row(doc.meta);
  for (size_t i = 0; i < doc.pages.size(); ++i) out += page_rows(doc, doc.pages[i], i + 1);
  for (const doc::Bookmark& mark : doc.bookmarks)
    out += "bookmark page=" + std::to_string(mark.page + 1) + " y=" + number(mark.y) + " " + in_quotes(mark.title) + "\n";
  return out;
}

}  // namespace hanji::trace
