// The blocks of one entry. Regular entries (experience, education, normal, publication) are
// a Row — title lines on the left, dates and location on the right — followed by a summary
// and highlight bullets; the others are one paragraph each.
#include "compose/entries.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <utility>

#include "compose/markup.h"
#include "compose/templates.h"

namespace hanji::compose {
namespace {

using model::EntryKind;
using model::Text;

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

Placeholder find_placeholder(const std::string& word, const model::Entry& entry) {
  for (const auto& [name, text] : {std::pair<std::string, const Text*>{"DEGREE", &entry.degree}, {"AREA", &entry.area}})
    if (size_t at = word.find(name); at != std::string::npos) return Placeholder{text, at, name.size()};
  return {};
}

}  // namespace

// RenderCV's degree_with_area phrase ("DEGREE in AREA", Korean "AREA DEGREE"): placeholders
// are replaced by the entry's texts; a missing one goes with the characters attached to it
// and with the connector words ("DEGREE in AREA" without a degree -> "AREA").
std::vector<Inline> degree_with_area(Builder& b, const model::Entry& entry, const FontSpec& font) {
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

namespace {

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

// An author the CV writes in emphasis whole ("*Yuna Choi*"): the owner marking their own name,
// most often in another script than the CV's name (a Korean CV's English papers), which the
// owner's bold then meets. Without it, a Korean CV set "최윤아" bold and "*Yuna Choi*" in the
// emphasis colour only (a Korean CV has no italics), two looks for one person.
bool emphasized_whole(const std::string& value) {
  const std::size_t first = value.find_first_not_of(" \t"), last = value.find_last_not_of(" \t");
  return first != std::string::npos && last > first + 1 && value[first] == '*' && value[last] == '*';
}

}  // namespace

std::vector<Inline> author_inlines(Builder& b, const model::Entry& entry, const FontSpec& font) {
  std::vector<std::string> owner = owner_names(b.cv().name.value);
  std::vector<Inline> inlines;
  for (const auto& author : entry.authors) {
    if (!inlines.empty()) inlines.push_back(made_text(", ", font));
    FontSpec author_font = font;
    if (b.theme().bold_owner_in_authors &&
        (std::find(owner.begin(), owner.end(), normalized_name(author.value)) != owner.end() ||
         emphasized_whole(author.value)))
      author_font.bold = true;
    // A person's name never breaks across lines ("Gyewon / Lee"); the list wraps between names.
    std::vector<Inline> name = b.inlines(author, author_font);
    for (Inline& part : name) part.unbreakable = true;
    append(inlines, std::move(name));
  }
  return inlines;
}

namespace {

// The columns of a row an entry template fills.
enum class Slot {
  Main,   // the title and the lines under it
  Aside,  // dates and places
  Lead,   // a narrow column left of the main one (RenderCV's degree column)
};

// The lines of one column of the entry's template, each in its role's style: the first main
// line as the entry's title, the others as its subtitle, and a lead line as the main line
// beside it; the first aside line in the aside style, the others in aside_detail. An empty
// main line is left out; an empty aside or lead line keeps its place (an empty paragraph)
// while a later one has text, so that the dates of a layout that puts them beside the second
// line stay there when there is no place.
std::vector<Paragraph> template_column(Builder& b, const model::Entry& entry, const std::vector<std::string>& lines,
                                       Slot slot) {
  const auto& theme = b.theme();
  const bool aside = slot == Slot::Aside;
  std::vector<Paragraph> out;
  size_t kept = 0;  // aside and lead: paragraphs up to the last one with text
  for (size_t i = 0; i < lines.size(); ++i) {
    // The main column's first line with text is the entry's title, even when the template's
    // first line is empty for this entry (a school without a degree keeps a bold title).
    const bool first = aside ? i == 0 : out.empty();
    const theme::TextStyle& style = aside ? (first ? theme.aside : theme.aside_detail)
                                           : (first ? theme.entry_title : theme.entry_subtitle);
    // Dates and places are right-aligned on either side by default: against the text on the
    // left (moderncv's hints), against the margin on the right.
    const theme::Align align = aside ? theme.aside_align : theme::Align::Left;
    FilledLine line = fill_template(b, entry, lines[i], font_of(style), true);
    if (line.inlines.empty()) {
      if (slot != Slot::Main) out.push_back(b.paragraph({}, style, align, entry.span));
      continue;
    }
    Paragraph p = b.paragraph(std::move(line.inlines), style, align, line.span.known() ? line.span : entry.span);
    p.is_name = line.names;
    out.push_back(std::move(p));
    kept = out.size();
  }
  if (slot != Slot::Main) out.resize(kept);
  return out;
}

const theme::EntryTemplate& template_of(const theme::Theme& theme, EntryKind kind) {
  switch (kind) {
    case EntryKind::Experience: return theme.experience_template;
    case EntryKind::Education: return theme.education_template;
    case EntryKind::Publication: return theme.publication_template;
    default: return theme.normal_template;
  }
}

// ---- below the row

// A highlight's paragraph, its bullet hanging in front.
std::optional<Paragraph> bullet_paragraph(Builder& b, const Text& text, double indent_left, const std::string& bullet) {
  const auto& theme = b.theme();
  auto p = b.paragraph(text, theme.body, theme.highlight_align.value_or(theme.body_align));
  if (!p) return std::nullopt;
  p->indent_left = indent_left;
  p->marker = list_marker(bullet, font_of(theme.body));
  return p;
}

// The highlights after the first `skip` (those already set beside the date column), kept
// `indent_right` from the column's right edge.
void add_highlights(Builder& b, const model::Entry& entry, int group, double indent, bool& first_detail,
                    size_t skip, double indent_right = 0) {
  const auto& theme = b.theme();
  int added = 0;
  auto add_bullet = [&](const Text& text, double indent_left, const std::string& bullet) {
    auto p = bullet_paragraph(b, text, indent_left, bullet);
    if (!p) return;
    p->indent_right = indent_right;
    Block& block = b.add(std::move(*p), first_detail ? theme.summary_space : theme.highlight_space, text.span);
    block.group = group;
    // An entry's header stays with its first two highlights: the first one keeps with the next
    // (with entry.keep_together, each one does).
    block.keep_with_next = ++added == 1 || theme.keep_entries_together;
    first_detail = false;
  };
  for (size_t i = skip; i < entry.highlights.size(); ++i) {
    const model::Highlight& highlight = entry.highlights[i];
    add_bullet(highlight.text, indent + theme.highlight_indent, theme.bullet);
    for (const auto& child : highlight.children)
      add_bullet(child, indent + theme.highlight_indent + theme.nested_indent, theme.nested_bullet);
  }
  // The last one has nothing after it in this entry to keep with.
  if (added == 1 || (added > 1 && theme.keep_entries_together)) b.last().keep_with_next = false;
}

// The hanging indent must hold the widest number ("12.") plus the gap. Compose has no font
// metrics, so digits are estimated at 0.62 em (Lato's are 0.58 em, scaled by latin_scale).
double number_indent(const theme::Theme& theme, int widest) {
  int digits = static_cast<int>(std::to_string(std::max(widest, 1)).size());
  return std::max(theme.highlight_indent, kMarkerGap + (0.62 * digits + 0.3) * theme.body.size);
}

// The entry's summary, indented by entry.summary_indent; nullopt when it has none.
std::optional<Paragraph> summary_paragraph(Builder& b, const model::Entry& entry) {
  const auto& theme = b.theme();
  std::optional<Paragraph> p = b.paragraph(entry.summary, theme.body, theme.summary_align.value_or(theme.body_align));
  if (p) p->indent_left += theme.summary_indent;
  return p;
}

void add_shown_regular(Builder& b, const model::Entry& entry, const EntryPlacement& placement, int group);

// The lead column (entry.KIND.lead, RenderCV's degree column) at the main column's left edge,
// `main_left` from the row's: its lines, and how far it moves the main column and everything
// under it to the right. Its width is kept whether the entry fills it or not, so that the
// section's titles line up (RenderCV keeps an empty degree's column too). A narrow region
// has no room for it: its lines go above the title.
double add_lead(Builder& b, const model::Entry& entry, const theme::EntryTemplate& layout, double main_left,
                Row& row) {
  if (layout.lead.empty()) return 0;
  std::vector<Paragraph> lead = template_column(b, entry, layout.lead, Slot::Lead);
  if (b.narrow()) {
    std::erase_if(lead, [](const Paragraph& p) { return p.inlines.empty(); });
    row.main.insert(row.main.begin(), std::make_move_iterator(lead.begin()), std::make_move_iterator(lead.end()));
    return 0;
  }
  for (Paragraph& p : lead) p.indent_left += main_left;
  row.lead = std::move(lead);
  row.lead_width = main_left + layout.lead_width;
  return layout.lead_width + b.theme().column_gap;
}

// The entry as its template shows it: without the summary or the highlights when the template
// leaves them out (entry.KIND.summary, entry.KIND.highlights).
void add_regular(Builder& b, const model::Entry& entry, const EntryPlacement& placement, int group) {
  const theme::EntryTemplate& layout = template_of(b.theme(), entry.kind);
  if (layout.summary && layout.highlights) return add_shown_regular(b, entry, placement, group);
  model::Entry shown = entry;
  if (!layout.summary) shown.summary = {};
  if (!layout.highlights) shown.highlights.clear();
  add_shown_regular(b, shown, placement, group);
}

void add_shown_regular(Builder& b, const model::Entry& entry, const EntryPlacement& placement, int group) {
  const auto& theme = b.theme();
  const theme::EntryTemplate& layout = template_of(theme, entry.kind);
  const bool numbered = entry.kind == EntryKind::Publication && theme.number_publications;
  // Numbered publications hang their number left of everything the entry shows.
  const double indent = content_indent(b) + (numbered ? number_indent(theme, placement.widest_number) : 0);
  Row row;
  row.main = template_column(b, entry, layout.main, Slot::Main);
  // A numbered entry's title hangs its number instead; its lines share one edge.
  if (!row.main.empty() && !numbered) row.main.front().hang_indent = theme.title_hang;
  std::vector<std::string> aside_lines = layout.aside;
  const bool has_duration = std::any_of(aside_lines.begin(), aside_lines.end(),
                                        [](const std::string& line) { return line.find("DURATION") != std::string::npos; });
  if (placement.time_span && !has_duration) aside_lines.push_back("DURATION");
  row.aside = template_column(b, entry, aside_lines, Slot::Aside);
  row.aside_left = theme.aside_side == theme::AsideSide::Left;
  if (b.narrow()) {  // a narrow column has no room for a date column: dates go under the title
    for (auto& p : row.aside)
      if (!p.inlines.empty()) {
        p.align = theme::Align::Left;
        row.main.push_back(std::move(p));
      }
    row.aside.clear();
    row.aside_left = false;
  }
  // The main column's left edge in the row (dates on the left have moved it already), and
  // the lead column's width and gap, which move it and what is under it further.
  const double lead = add_lead(b, entry, layout, row.aside_left ? 0 : indent, row);
  const double main_left = (row.aside_left ? 0 : indent) + lead;
  // Dates on the left always have their column; on the right, only sections that use it.
  const bool column = (row.aside_left || placement.aside_column) && !b.narrow();
  row.aside_width = column ? theme.aside_width : 0;
  row.gap = column ? theme.column_gap : 0;
  // Dates on the left, in a column longer than the title (dates, then a place or a time
  // span): the first highlights start beside its later lines rather than below empty ones, as
  // moderncv sets them. (On the right, highlights below the row take the full width, which
  // those beside it could not.)
  // A right-hand column beside the whole entry (entry.short_rows): the summary and every
  // highlight stay in the title's column, as narrow as the title.
  // Those in the row keep the spaces they would have as blocks of their own. An entry that may
  // break across pages (entry.split_across_pages) keeps in the row only the highlights beside
  // the date column: a row is never split, the blocks below it are.
  const bool short_rows = theme.short_rows && column && !row.aside_left && !numbered;
  const bool all_in_row = short_rows && !theme.split_entries;
  bool detail_in_row = false;
  std::optional<Paragraph> summary;
  if (short_rows) summary = summary_paragraph(b, entry);
  if (short_rows && summary) {
    summary->space_before = theme.summary_space;
    row.main.push_back(std::move(*summary));
    summary.reset();
    detail_in_row = true;
  }
  size_t beside = 0;
  if ((row.aside_left && entry.summary.empty() && !numbered) || short_rows)
    while ((all_in_row || row.main.size() < row.aside.size()) && beside < entry.highlights.size()) {
      const model::Highlight& highlight = entry.highlights[beside];
      auto p = bullet_paragraph(b, highlight.text, theme.highlight_indent, theme.bullet);
      if (!p) break;
      p->space_before = detail_in_row ? theme.highlight_space : theme.summary_space;
      row.main.push_back(std::move(*p));
      for (const Text& child : highlight.children)  // a bullet keeps its nested ones
        if (auto nested = bullet_paragraph(b, child, theme.highlight_indent + theme.nested_indent, theme.nested_bullet)) {
          nested->space_before = theme.highlight_space;
          row.main.push_back(std::move(*nested));
        }
      detail_in_row = true;
      ++beside;
    }
  for (auto& p : row.main) p.indent_left += main_left;
  if (short_rows)  // those below the date column's last line would take the whole width
    for (size_t i = row.aside.size(); i < row.main.size(); ++i) row.main[i].indent_right += row.aside_width + row.gap;
  if (numbered && !row.main.empty())
    row.main.front().marker = list_marker(std::to_string(placement.number) + ".", font_of(theme.body));
  if (!short_rows) summary = summary_paragraph(b, entry);
  // A one-line title with a date and a place beside it: the summary (a talk's venue) goes
  // beside the place rather than below it, which would leave the line beside the place empty.
  if (summary && row.main.size() < row.aside.size()) {
    summary->indent_left += main_left;
    row.main.push_back(std::move(*summary));
    summary.reset();
  }
  bool details = summary || entry.highlights.size() > beside;
  // Below a short row, highlights stay as narrow as the title's column.
  const double below_right = short_rows ? row.aside_width + row.gap : 0;
  Block& block = b.add(std::move(row), placement.space_before, entry.span);
  block.group = group;
  block.keep_with_next = details;  // the title stays with the first line below it
  bool first_detail = !detail_in_row;
  // Below the row, the entry's text starts where its main column does, past a lead column.
  const double below_left = indent + lead;
  if (summary) {
    summary->indent_left = below_left + theme.summary_indent;
    Block& summary_block = b.add(std::move(*summary), theme.summary_space, entry.summary.span);
    summary_block.group = group;
    summary_block.keep_with_next = !entry.highlights.empty();  // header, summary and first highlights together
    first_detail = false;
  }
  add_highlights(b, entry, group, below_left, first_detail, beside, below_right);
}

// ---- one-paragraph entries

// The one-line template ("**LABEL:** DETAILS") with the label in the date column instead
// when dates go on the left (moderncv's \cvitem): then the label is the line's first field
// and the rest of the template follows in the main column.
void add_one_line(Builder& b, const model::Entry& entry, const EntryPlacement& placement, int group) {
  const auto& theme = b.theme();
  const FontSpec font = font_of(theme.body);
  if (theme.aside_side == theme::AsideSide::Left && !b.narrow()) {
    Row row;
    row.aside_left = true;
    row.aside_width = theme.aside_width;
    row.gap = theme.column_gap;
    FilledLine label = fill_template(b, entry, "LABEL", font_of(theme.aside));
    FilledLine details = fill_template(b, entry, "DETAILS", font);
    if (!label.inlines.empty())
      row.aside.push_back(b.paragraph(std::move(label.inlines), theme.aside, theme::Align::Right, label.span));
    if (!details.inlines.empty())
      row.main.push_back(b.paragraph(std::move(details.inlines), theme.body, theme.body_align, details.span));
    if (row.aside.empty() && row.main.empty()) return;
    b.add(std::move(row), placement.space_before, entry.span).group = group;
    return;
  }
  FilledLine line = fill_template(b, entry, theme.one_line_template, font);
  if (line.inlines.empty()) return;
  Paragraph p = b.paragraph(std::move(line.inlines), theme.body, theme.body_align,
                            line.span.known() ? line.span : entry.span);
  p.indent_left = content_indent(b);
  b.add(std::move(p), placement.space_before, entry.span).group = group;
}

void add_text_like(Builder& b, const model::Entry& entry, const EntryPlacement& placement, int group) {
  const auto& theme = b.theme();
  if (entry.kind == EntryKind::OneLine) {
    add_one_line(b, entry, placement, group);
    return;
  }
  FontSpec font = font_of(theme.body);
  Paragraph p = b.paragraph(b.inlines(entry.text, font), theme.body,
                            entry.kind == EntryKind::Text ? theme.text_align.value_or(theme.body_align)
                                                          : theme.body_align,
                            entry.text.span);
  if (p.inlines.empty()) return;  // an empty string entry: nothing to show
  p.indent_left = content_indent(b);
  if (entry.kind == EntryKind::Bullet) {
    p.indent_left += theme.highlight_indent;
    p.marker = list_marker(theme.bullet, font);
  } else if (entry.kind == EntryKind::Numbered || entry.kind == EntryKind::ReversedNumbered) {
    p.indent_left += number_indent(theme, placement.widest_number);
    p.marker = list_marker(std::to_string(placement.number) + ".", font);
  }
  b.add(std::move(p), placement.space_before, entry.span).group = group;
}

}  // namespace

bool is_text_like(EntryKind kind) {
  return kind == EntryKind::Text || kind == EntryKind::OneLine || kind == EntryKind::Bullet ||
         kind == EntryKind::Numbered || kind == EntryKind::ReversedNumbered;
}

bool has_aside(Builder& b, const model::Entry& entry) {
  if (is_text_like(entry.kind)) return false;
  return !template_column(b, entry, template_of(b.theme(), entry.kind).aside, Slot::Aside).empty();
}

// A region's indent sets its entries in from its section titles: in a narrow region in place of
// the date column's room (its dates stand under the title), in a wide one on top of it. Titles
// standing out of both columns of a two-column page also keep poppler from taking a title and
// the entry beside it for a table's cells, which it would read across the columns.
double content_indent(const Builder& b) {
  return b.narrow() ? b.region().indent : b.region().indent + content_indent(b.theme());
}

double content_indent(const theme::Theme& theme) {
  return theme.aside_side == theme::AsideSide::Left ? theme.aside_width + theme.column_gap : 0;
}

void add_entry(Builder& b, const model::Entry& entry, const EntryPlacement& placement) {
  // An entry's blocks form a group kept on one page when it fits, unless entries may split.
  const int group = b.theme().split_entries ? -1 : b.new_group();
  if (is_text_like(entry.kind))
    add_text_like(b, entry, placement, group);
  else
    add_regular(b, entry, placement, group);
}

// A list marker. One that only marks (a dash, a middle dot, a triangle: no letter or digit)
// reads as the bullet U+2022, whatever its shape: text extractors and the résumé parsers on
// them know a list by its bullets ("•", "●", "∙"), and a dash read back starts no item for
// them, so every wrapped highlight became an item of its own. (A tagged PDF marks such a
// marker as an artifact: a screen reader knows the list from its structure.)
Marker list_marker(std::string text, const FontSpec& font) {
  Inline mark = made_text(std::move(text), font);
  const bool one_mark = utf8_length(mark.text) == 1 &&
                        std::none_of(mark.text.begin(), mark.text.end(),
                                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
  if (one_mark && mark.text != "\u2022") mark.reads_as = "\u2022";
  return Marker{std::move(mark), kMarkerGap};
}

}  // namespace hanji::compose
