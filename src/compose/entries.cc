// The blocks of one entry. Regular entries (experience, education, normal, publication) are
// a Row — title lines on the left, dates and location on the right — followed by a summary
// and highlight bullets; the others are one paragraph each.
#include "compose/entries.h"

#include <algorithm>
#include <utility>

#include "compose/markup.h"

namespace hanji::compose {
namespace {

using source::EntryKind;
using source::Text;

constexpr double kMarkerGap = 4;  // between a bullet's right edge and the text

// A source text made by hanji (separators, labels): no location.
Inline made_text(std::string text, const FontSpec& font) { return Inline{std::move(text), font, "", {}}; }

void append(std::vector<Inline>& to, std::vector<Inline> more) {
  std::move(more.begin(), more.end(), std::back_inserter(to));
}

// ---- the main column

// A word of the degree_with_area phrase that holds a placeholder, e.g. "(DEGREE)".
struct Placeholder {
  const Text* text = nullptr;
  size_t at = 0, length = 0;
};

Placeholder find_placeholder(const std::string& word, const source::Entry& entry) {
  for (const auto& [name, text] : {std::pair<std::string, const Text*>{"DEGREE", &entry.degree}, {"AREA", &entry.area}})
    if (size_t at = word.find(name); at != std::string::npos) return Placeholder{text, at, name.size()};
  return {};
}

// RenderCV's degree_with_area phrase ("DEGREE in AREA", Korean "AREA DEGREE"): placeholders
// are replaced by the entry's texts; a missing one goes with the characters attached to it
// and with the connector words ("DEGREE in AREA" without a degree -> "AREA").
std::vector<Inline> degree_with_area(Builder& b, const source::Entry& entry, const FontSpec& font) {
  std::vector<std::string> words;
  std::string phrase = b.locale().degree_with_area;
  for (size_t pos = 0; pos <= phrase.size();) {
    size_t space = std::min(phrase.find(' ', pos), phrase.size());
    if (space > pos) words.push_back(phrase.substr(pos, space - pos));
    pos = space + 1;
  }
  bool any_missing = std::any_of(words.begin(), words.end(), [&](const std::string& w) {
    Placeholder p = find_placeholder(w, entry);
    return p.text && p.text->empty();
  });
  std::vector<Inline> out;
  for (const auto& word : words) {
    Placeholder p = find_placeholder(word, entry);
    if (p.text ? p.text->empty() : any_missing) continue;
    if (!out.empty()) out.push_back(made_text(" ", font));
    if (!p.text) {
      out.push_back(made_text(word, font));
      continue;
    }
    if (p.at > 0) out.push_back(made_text(word.substr(0, p.at), font));
    append(out, b.inlines(*p.text, font));
    if (p.at + p.length < word.size()) out.push_back(made_text(word.substr(p.at + p.length), font));
  }
  return out;
}

// The CV owner's name as it would be compared: markup removed, white space collapsed.
std::string normalized_name(const std::string& value) {
  std::string plain = plain_text(value), out;
  for (char c : plain) {
    bool space = c == ' ' || c == '\t' || c == '\n';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The forms of the owner's name an author list may use: the whole name, and for a
// bilingual "김하늘 (Haneul Kim)" each of its two halves.
std::vector<std::string> owner_names(const std::string& name) {
  std::string whole = normalized_name(name);
  std::vector<std::string> names{whole};
  size_t open = whole.find(" ("), close = whole.rfind(')');
  if (open != std::string::npos && close == whole.size() - 1 && close > open + 2) {
    names.push_back(whole.substr(0, open));
    names.push_back(whole.substr(open + 2, close - open - 2));
  }
  names.erase(std::remove(names.begin(), names.end(), std::string()), names.end());
  return names;
}

Paragraph authors_paragraph(Builder& b, const source::Entry& entry) {
  const auto& theme = b.theme();
  FontSpec font = font_of(theme.body);
  std::vector<std::string> owner = owner_names(b.cv().name.value);
  std::vector<Inline> inlines;
  for (const auto& author : entry.authors) {
    if (!inlines.empty()) inlines.push_back(made_text(", ", font));
    FontSpec author_font = font;
    if (theme.bold_owner_in_authors &&
        std::find(owner.begin(), owner.end(), normalized_name(author.value)) != owner.end())
      author_font.bold = true;
    append(inlines, b.inlines(author, author_font));
  }
  Paragraph p = b.paragraph(std::move(inlines), theme.body, layout::Align::Left, entry.authors.front().span);
  p.is_name = true;
  return p;
}

// The journal, then the DOI ("doi:10.1145/…", linked to doi.org) or else the URL, linked.
std::optional<Paragraph> journal_paragraph(Builder& b, const source::Entry& entry) {
  const auto& theme = b.theme();
  FontSpec font = font_of(theme.entry_subtitle);
  std::vector<Inline> inlines = b.inlines(entry.journal, font);
  const Text& target = entry.doi.empty() ? entry.url : entry.doi;
  if (!target.empty()) {
    if (!inlines.empty()) inlines.push_back(made_text(", ", font));
    FontSpec link_font = font;
    link_font.color = theme.link_color;
    bool doi = !entry.doi.empty();
    Inline link{doi ? "doi:" + entry.doi.value : entry.url.value, link_font,
                doi ? "https://doi.org/" + entry.doi.value : entry.url.value, target.span};
    inlines.push_back(std::move(link));
  }
  if (inlines.empty()) return std::nullopt;
  Span span = entry.journal.empty() ? target.span : entry.journal.span;
  return b.paragraph(std::move(inlines), theme.entry_subtitle, layout::Align::Left, span);
}

std::vector<Paragraph> main_column(Builder& b, const source::Entry& entry) {
  const auto& theme = b.theme();
  std::vector<std::optional<Paragraph>> lines;
  switch (entry.kind) {
    case EntryKind::Experience:
      lines.push_back(b.paragraph(entry.position, theme.entry_title));
      lines.push_back(b.paragraph(entry.company, theme.entry_subtitle));
      break;
    case EntryKind::Education: {
      lines.push_back(b.paragraph(entry.institution, theme.entry_title));
      auto degree = degree_with_area(b, entry, font_of(theme.entry_subtitle));
      Span span = entry.degree.empty() ? entry.area.span : entry.degree.span;
      if (!degree.empty())
        lines.push_back(b.paragraph(std::move(degree), theme.entry_subtitle, layout::Align::Left, span));
      break;
    }
    case EntryKind::Publication:
      lines.push_back(b.paragraph(entry.title, theme.entry_title));
      if (!entry.authors.empty()) lines.push_back(authors_paragraph(b, entry));
      lines.push_back(journal_paragraph(b, entry));
      break;
    default:  // Normal
      lines.push_back(b.paragraph(entry.name, theme.entry_title));
      break;
  }
  std::vector<Paragraph> out;
  for (auto& line : lines)
    if (line) out.push_back(std::move(*line));
  return out;
}

// ---- the aside column

const source::Date* first_date(const source::Entry& entry) {
  if (entry.date) return &*entry.date;
  if (entry.start_date) return &*entry.start_date;
  if (entry.end_date) return &*entry.end_date;
  return nullptr;
}

std::vector<Paragraph> aside_column(Builder& b, const source::Entry& entry) {
  const auto& theme = b.theme();
  std::vector<Paragraph> out;
  std::string dates = format_dates(entry, b.locale());
  if (!dates.empty()) {
    Span span = first_date(entry) ? first_date(entry)->span : entry.span;
    out.push_back(
        b.paragraph({Inline{dates, font_of(theme.aside), "", span}}, theme.aside, layout::Align::Right, span));
  }
  if (entry.kind != EntryKind::Publication)
    if (auto location = b.paragraph(entry.location, theme.aside, layout::Align::Right))
      out.push_back(std::move(*location));
  return out;
}

// ---- below the row

Marker marker(std::string text, const FontSpec& font) { return Marker{made_text(std::move(text), font), kMarkerGap}; }

void add_highlights(Builder& b, const source::Entry& entry, int group, bool& first_detail) {
  const auto& theme = b.theme();
  FontSpec font = font_of(theme.body);
  const layout::Align align = theme.highlight_align.value_or(theme.body_align);
  int added = 0;
  auto add_bullet = [&](const Text& text, double indent, const std::string& bullet) {
    auto p = b.paragraph(text, theme.body, align);
    if (!p) return;
    p->indent_left = indent;
    p->marker = marker(bullet, font);
    Block& block = b.add(std::move(*p), first_detail ? theme.summary_space : theme.highlight_space, text.span);
    block.group = group;
    // An entry's header stays with its first two highlights: the first one keeps with the next.
    block.keep_with_next = ++added == 1;
    first_detail = false;
  };
  for (const auto& highlight : entry.highlights) {
    add_bullet(highlight.text, theme.highlight_indent, theme.bullet);
    for (const auto& child : highlight.children)
      add_bullet(child, theme.highlight_indent + theme.nested_indent, "\u25E6");  // ◦
  }
  if (added == 1) b.last().keep_with_next = false;  // nothing after it in this entry to keep with
}

void add_regular(Builder& b, const source::Entry& entry, const EntryPlacement& placement, int group) {
  const auto& theme = b.theme();
  Row row;
  row.main = main_column(b, entry);
  row.aside = aside_column(b, entry);
  row.aside_width = placement.aside_column ? theme.aside_width : 0;
  row.gap = placement.aside_column ? theme.column_gap : 0;
  bool details = !entry.summary.empty() || !entry.highlights.empty();
  Block& block = b.add(std::move(row), placement.space_before, entry.span);
  block.group = group;
  block.keep_with_next = details;  // the title stays with the first line below it
  bool first_detail = true;
  if (auto summary = b.paragraph(entry.summary, theme.body, theme.summary_align.value_or(theme.body_align))) {
    Block& summary_block = b.add(std::move(*summary), theme.summary_space, entry.summary.span);
    summary_block.group = group;
    summary_block.keep_with_next = !entry.highlights.empty();  // header, summary and first highlights together
    first_detail = false;
  }
  add_highlights(b, entry, group, first_detail);
}

// ---- one-paragraph entries

// The hanging indent must hold the widest number ("12.") plus the gap. Compose has no font
// metrics, so digits are estimated at 0.62 em (Lato's are 0.58 em, scaled by latin_scale).
double number_indent(const layout::Theme& theme, int widest) {
  int digits = static_cast<int>(std::to_string(std::max(widest, 1)).size());
  return std::max(theme.highlight_indent, kMarkerGap + (0.62 * digits + 0.3) * theme.body.size);
}

Paragraph one_line(Builder& b, const source::Entry& entry) {
  const auto& theme = b.theme();
  FontSpec font = font_of(theme.body), bold = font;
  bold.bold = true;
  std::vector<Inline> inlines = b.inlines(entry.label, bold);
  inlines.push_back(made_text(":", bold));
  if (!entry.details.empty()) {
    inlines.push_back(made_text(" ", font));
    append(inlines, b.inlines(entry.details, font));
  }
  return b.paragraph(std::move(inlines), theme.body, theme.body_align, entry.label.span);
}

void add_text_like(Builder& b, const source::Entry& entry, const EntryPlacement& placement, int group) {
  const auto& theme = b.theme();
  FontSpec font = font_of(theme.body);
  Paragraph p = entry.kind == EntryKind::OneLine
                    ? one_line(b, entry)
                    : b.paragraph(b.inlines(entry.text, font), theme.body,
                                  entry.kind == EntryKind::Text ? theme.text_align.value_or(theme.body_align)
                                                                : theme.body_align,
                                  entry.text.span);
  if (p.inlines.empty()) return;  // an empty string entry: nothing to show
  if (entry.kind == EntryKind::Bullet) {
    p.indent_left = theme.highlight_indent;
    p.marker = marker(theme.bullet, font);
  } else if (entry.kind == EntryKind::Numbered || entry.kind == EntryKind::ReversedNumbered) {
    p.indent_left = number_indent(theme, placement.widest_number);
    p.marker = marker(std::to_string(placement.number) + ".", font);
  }
  b.add(std::move(p), placement.space_before, entry.span).group = group;
}

}  // namespace

bool is_text_like(EntryKind kind) {
  return kind == EntryKind::Text || kind == EntryKind::OneLine || kind == EntryKind::Bullet ||
         kind == EntryKind::Numbered || kind == EntryKind::ReversedNumbered;
}

bool has_aside(const source::Entry& entry) {
  if (is_text_like(entry.kind)) return false;
  bool location = entry.kind != EntryKind::Publication && !entry.location.empty();
  return entry.date || entry.start_date || entry.end_date || location;
}

void add_entry(Builder& b, const source::Entry& entry, const EntryPlacement& placement) {
  int group = b.new_group();
  if (is_text_like(entry.kind))
    add_text_like(b, entry, placement, group);
  else
    add_regular(b, entry, placement, group);
}

}  // namespace hanji::compose
