// A section: title (an outline entry), rule, then its entries with their spacing.
#include <algorithm>
#include <cctype>
#include <optional>

#include "compose/builder.h"
#include "compose/entries.h"
#include "compose/markup.h"
#include "compose/templates.h"

namespace hanji::compose {
namespace {

using model::EntryKind;

bool is_hangul_syllable(char32_t c) { return c >= 0xAC00 && c <= 0xD7A3; }

// Byte length of the first `count` code points of `text` (all of it when shorter).
size_t prefix_bytes(const std::string& text, size_t count) {
  size_t bytes = 0;
  for (size_t n = 0; n < count && bytes < text.size(); ++n) {
    ++bytes;
    while (bytes < text.size() && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) ++bytes;
  }
  return bytes;
}

// Awesome-CV's two-colour title: its first letters (or first Hangul syllable, which weighs
// about as much as three letters) in the accent colour. Only the first inline is split.
void accent_first_letters(std::vector<Inline>& inlines, int letters, const Rgb& color) {
  if (letters <= 0 || inlines.empty() || inlines.front().text.empty()) return;
  Inline& first = inlines.front();
  const char32_t lead = utf8_decode(first.text).front();
  // Arabic letters join: two colours would cut the word into two shapings, its letters at the
  // cut set in their unjoined forms.
  if ((lead >= 0x0600 && lead <= 0x08FF) || (lead >= 0xFB50 && lead <= 0xFEFF)) return;
  const size_t count = is_hangul_syllable(lead) ? 1 : static_cast<size_t>(letters);
  const size_t bytes = prefix_bytes(first.text, count);
  Inline accent = first;
  accent.text = first.text.substr(0, bytes);
  accent.font.color = color;
  first.text.erase(0, bytes);
  first.span = first.span.shifted(static_cast<int>(count));
  if (first.text.empty()) inlines.erase(inlines.begin());
  inlines.insert(inlines.begin(), std::move(accent));
}

theme::TitleStyle title_style(const theme::Theme& theme) {
  // A rail is where the title stands, not a rule: section.rule does not take it away.
  const bool rail = theme.section_title_style == theme::TitleStyle::Rail;
  return theme.section_rule || rail ? theme.section_title_style : theme::TitleStyle::Plain;
}

// Whether this region's section titles stand in a rail: a narrow column (a sidebar) has no
// room for one beside its entries, and sets its titles plain above them.
bool rail_titles(Builder& b) { return title_style(b.theme()) == theme::TitleStyle::Rail && !b.narrow(); }

// How far a section's entries stand in, past the rail and its gap; 0 without a rail.
double rail_inset(Builder& b) {
  return rail_titles(b) ? b.theme().section_rail_width + b.theme().section_rail_gap : 0;
}

// The rules a title style draws on the title's own line; nullopt for styles without any.
std::optional<LineRules> line_rules(const theme::Theme& theme, bool date_column) {
  LineRules rules;
  rules.thickness = theme.section_rule_thickness;
  rules.color = theme.section_rule_color;
  rules.gap = 0.5 * theme.section_title.size;
  switch (title_style(theme)) {
    case theme::TitleStyle::RuleAfter:
      rules.kind = LineRules::Kind::After;
      return rules;
    case theme::TitleStyle::RulesAround:
      rules.kind = LineRules::Kind::Around;
      return rules;
    case theme::TitleStyle::BarBefore:
      rules.kind = LineRules::Kind::Before;
      // The bar fills the date column when dates go on the left, else it is a short tab.
      rules.bar_width = date_column ? theme.aside_width : 2 * theme.section_title.size;
      rules.thickness = std::max(theme.section_rule_thickness, 0.4 * theme.section_title.size);
      return rules;
    default:
      return std::nullopt;
  }
}

void add_title(Builder& b, const model::Section& section, bool first) {
  const auto& theme = b.theme();
  std::vector<Inline> inlines = b.inlines(section.title, font_of(theme.section_title));
  std::string bookmark = inline_text(inlines);
  accent_first_letters(inlines, theme.section_accent_letters, theme.section_accent_color);
  const theme::TitleStyle style = title_style(theme);
  const bool rail = rail_titles(b);
  const theme::Align align = rail ? theme.section_rail_align
                             : style == theme::TitleStyle::RulesAround || theme.section_title_centered
                                 ? theme::Align::Center
                                 : theme::Align::Left;
  Paragraph title = b.paragraph(std::move(inlines), theme.section_title, align, section.title.span);
  const bool date_column = theme.aside_side == theme::AsideSide::Left && !b.narrow();
  title.rules = line_rules(theme, date_column);
  if (title.rules && title.rules->kind == LineRules::Kind::Before)
    title.indent_left = title.rules->bar_width + (date_column ? theme.column_gap : title.rules->gap);
  title.is_name = true;  // a heading is never hyphenated
  title.role = doc::Role::H2;
  std::shared_ptr<const Paragraph> continued, rail_continued;
  if (theme.section_repeat_title && !title.inlines.empty()) {
    Paragraph again = title;
    again.inlines.push_back(Inline{"\u00A0" + b.locale().continued, font_of(theme.section_title), "", section.title.span});
    continued = std::make_shared<const Paragraph>(std::move(again));
  }
  if (theme.section_repeat_title && rail && !title.inlines.empty()) {
    // In the rail the word goes under the title, at the size and weight of the dates: a
    // note on the title, not a second heading.
    Paragraph again = title;
    FontSpec note = font_of(theme.section_title);
    note.size = theme.aside.size;
    note.bold = note.small_caps = false;
    again.inlines.push_back(Inline{"\n" + b.locale().continued, note, "", section.title.span});
    rail_continued = std::make_shared<const Paragraph>(std::move(again));
  }
  Block& block =
      b.add(std::move(title), first ? theme.header_space_below : theme.section_space_above, section.title.span);
  block.keep_with_next = !section.entries.empty() || style == theme::TitleStyle::RuleBelow;  // never ends a page
  block.bookmark = std::move(bookmark);
  block.continued_title = std::move(continued);
  block.rail_continued_title = std::move(rail_continued);
  if (rail) {
    block.rail = theme.section_rail_width;
    block.rail_wraps = theme.section_rail_wraps;
  }
}

void add_rule(Builder& b, const model::Section& section) {
  const auto& theme = b.theme();
  Rule rule{theme.section_rule_thickness, theme.section_rule_color, 0};
  b.add(rule, theme.section_rule_gap, section.title.span).keep_with_next = !section.entries.empty();
}

const theme::TableTemplate& table_template(const theme::Theme& theme, EntryKind kind) {
  switch (kind) {
    case EntryKind::Experience: return theme.experience_table;
    case EntryKind::Education: return theme.education_table;
    case EntryKind::Publication: return theme.publication_table;
    case EntryKind::OneLine: return theme.one_line_table;
    default: return theme.normal_table;
  }
}

bool is_table_kind(EntryKind kind) {
  return kind == EntryKind::Experience || kind == EntryKind::Education || kind == EntryKind::Publication ||
         kind == EntryKind::OneLine || kind == EntryKind::Normal;
}

// Column `c` goes from the table: its width, its header, its shade and every row's cell.
void erase_column(Table& table, size_t c) {
  auto erase = [c](auto& cells) {
    if (c < cells.size()) cells.erase(cells.begin() + static_cast<std::ptrdiff_t>(c));
  };
  erase(table.widths);
  erase(table.header);
  erase(table.shaded_columns);
  for (auto& row : table.rows) erase(row);
}

// A column no entry has anything for (재직기간 when no dates allow counting) goes, with its
// header: an empty column reads as something missing.
void drop_empty_columns(Table& table) {
  for (size_t c = table.widths.size(); c-- > 0;) {
    const bool empty = std::all_of(table.rows.begin(), table.rows.end(), [&](const std::vector<Cell>& row) {
      return c >= row.size() || is_empty_cell(row[c]);
    });
    if (!empty || table.rows.empty() || table.widths.size() == 1) continue;
    erase_column(table, c);
  }
}

// The column whose text goes under each row across the table (TableTemplate::below), if the
// layout names one and the CV is not in one of the form's own languages.
std::optional<size_t> column_set_below(const Builder& b, const theme::TableTemplate& layout) {
  const auto& languages = b.theme().section_order_languages;
  if (layout.below.empty() || (!languages.empty() && !outside_form_languages(b.theme(), b.locale().language)))
    return std::nullopt;
  const auto it = std::find(layout.cells.begin(), layout.cells.end(), layout.below);
  if (it == layout.cells.end()) return std::nullopt;
  return static_cast<size_t>(it - layout.cells.begin());
}

// What names a row above its details where they go on at a page's top: the name it is known
// by (its second cell, after the period: the company, up to its bracketed place; its first
// where it has one), then the word for continued: "Northwind Logistics (cont.)". The whole
// row again, three lines of it, read as a second job.
Paragraph row_continued(const Builder& b, const std::vector<Cell>& row, const Span& span) {
  const FontSpec font = font_of(b.theme().body);
  std::vector<Inline> inlines;
  const std::size_t name = row.size() > 1 && !is_empty_cell(row[1]) ? 1 : 0;
  if (name < row.size() && !is_empty_cell(row[name]))
    for (Inline in : row[name].front().inlines) {
      if (in.preferred_break) break;  // its place, "(Geneva, Switzerland)"
      in.link.clear();
      inlines.push_back(std::move(in));
    }
  while (!inlines.empty() && inlines.back().text.find_first_not_of(' ') == std::string::npos) inlines.pop_back();
  inlines.push_back(Inline{(inlines.empty() ? "" : "\u00A0") + b.locale().continued, font, "", span});
  return b.paragraph(std::move(inlines), b.theme().body, theme::Align::Left, span);
}

// Column `c`'s cells go under their rows, across the table, and the column with its header.
void move_below(const Builder& b, Table& table, size_t c, const Span& span) {
  for (auto& row : table.rows) table.below.push_back(c < row.size() ? std::move(row[c]) : Cell{});
  erase_column(table, c);
  for (const auto& row : table.rows) table.below_continued.push_back(row_continued(b, row, span));
  // No column beside the details is running text: none is hinted wider, and the one with the
  // longest line (the company, as a rule) takes the room the others leave, rather than the
  // period, whose hint was the widest left ("Tessellate Payments / B.V." wrapped beside a
  // length of service on one line).
  table.widths.assign(table.widths.size(), 1.0);
}

// A cell's bracketed field after another ("COMPANY (LOCATION)") is where its text wraps
// first: "Tessellate Payments B.V. / (Rotterdam)", not "Tessellate Payments / B.V.
// (Rotterdam)" (a balanced break inside the name); the columns' widths are measured so
// (chunks' split before a bracket). The " (" between them becomes a space and a "(" that
// starts the preferred line.
void break_before_bracket(std::vector<Inline>& inlines) {
  for (std::size_t i = 1; i + 1 < inlines.size(); ++i) {
    if (inlines[i].text != " (") continue;
    Inline bracket = inlines[i];
    bracket.text = "(";
    bracket.preferred_break = true;
    inlines[i].text = " ";
    inlines.insert(inlines.begin() + static_cast<std::ptrdiff_t>(i) + 1, std::move(bracket));
    return;
  }
}

// The markers fill_template puts before a table cell's highlights, and how deep each sits.
struct CellMarker {
  std::string_view text, bullet;
  int depth;
};
constexpr CellMarker kCellMarkers[] = {{"\u00B7 ", "\u00B7", 1}, {"\u00A0\u00A0\u2013 ", "\u2013", 2}};

// A filled cell as its paragraphs: each of its lines (a summary, a note) a paragraph, and each
// highlight a list item whose marker hangs before it, so that a tagged PDF reads the cell's
// highlights as a list (L, LI, LBody), as it reads an entry's anywhere else.
Cell cell_paragraphs(Builder& b, std::vector<Inline> inlines, const Span& span, bool names) {
  const auto& theme = b.theme();
  std::vector<std::vector<Inline>> lines(1);
  for (Inline& in : inlines) {
    std::size_t from = 0;
    for (std::size_t newline = in.text.find('\n'); ; newline = in.text.find('\n', from)) {
      Inline piece = in;
      piece.text = in.text.substr(from, newline == std::string::npos ? std::string::npos : newline - from);
      if (newline != std::string::npos) piece.reads_as.clear();
      if (!piece.text.empty()) lines.back().push_back(std::move(piece));
      if (newline == std::string::npos) break;
      lines.emplace_back();
      from = newline + 1;
    }
  }
  Cell cell;
  for (std::vector<Inline>& line : lines) {
    if (line.empty()) continue;
    const CellMarker* mark = nullptr;
    for (const CellMarker& m : kCellMarkers)
      if (line.front().text == m.text) mark = &m;
    Paragraph p;
    if (mark) {
      const FontSpec font = line.front().font;
      line.erase(line.begin());
      p = b.paragraph(std::move(line), theme.body, theme::Align::Left, span);
      // Hung as an entry's highlights are anywhere else: the marker and the text as far apart,
      // which text extractors need to read them as two words.
      p.marker = list_marker(std::string(mark->bullet), font);
      p.indent_left = theme.highlight_indent + (mark->depth - 1) * theme.nested_indent;
    } else {
      p = b.paragraph(std::move(line), theme.body, theme::Align::Left, span);
    }
    p.is_name = names;
    cell.push_back(std::move(p));
  }
  return cell;
}

// A section as a ruled table: the header row, then one row per entry, each cell one of the
// layout's templates filled for the entry (an entry of another kind fills what it can).
// False, and nothing added, when only one column would have anything in it: a table of one
// column is a list in a frame (a section of interests, each with its points), set as entries.
bool add_table(Builder& b, const model::Section& section, const theme::TableTemplate& layout) {
  const auto& theme = b.theme();
  const size_t columns = layout.cells.size();
  Table table = table_of(theme, layout.widths, columns);
  const FontSpec header_font = [&] {
    FontSpec f = font_of(theme.body);
    f.bold = true;
    return f;
  }();
  for (size_t c = 0; c < columns; ++c) {
    const std::string label = c < layout.headers.size() ? in_language(layout.headers[c], b.locale()) : "";
    table.header.push_back(b.paragraph({Inline{label, header_font, "", {}}}, theme.body, theme::Align::Center,
                                       section.title.span));
  }
  if (std::all_of(table.header.begin(), table.header.end(), [](const Paragraph& p) { return p.inlines[0].text.empty(); }))
    table.header.clear();
  // Nothing an entry says is dropped: a summary or highlights no cell names go, on lines of
  // their own, into the widest column.
  auto names = [&](const char* field) {
    return std::any_of(layout.cells.begin(), layout.cells.end(),
                       [&](const std::string& cell) { return cell.find(field) != std::string::npos; });
  };
  const bool shows_details = names("SUMMARY") && names("HIGHLIGHTS");
  size_t widest = 0;
  for (size_t c = 1; c < columns; ++c)
    if (c < table.widths.size() && table.widths[c] > table.widths[widest]) widest = c;
  // A title over lines of its own (a project over its summary) is set bold, as a paper's over
  // its authors: in the whole section, so that its titles are alike from row to row.
  const bool titles_over_details =
      !shows_details && std::any_of(section.entries.begin(), section.entries.end(), [](const model::Entry& e) {
        return !e.summary.empty() || !e.highlights.empty();
      });
  for (const auto& entry : section.entries) {
    std::vector<Cell> row;
    for (size_t c = 0; c < columns; ++c) {
      std::string cell_template = layout.cells[c];
      if (c == widest && !shows_details) {
        if (titles_over_details && cell_template == "NAME") cell_template = "**NAME**";
        if (!names("SUMMARY")) cell_template += "\nSUMMARY";
        if (!names("HIGHLIGHTS")) cell_template += "\nHIGHLIGHTS";
      }
      FilledLine cell = fill_template(b, entry, cell_template, font_of(theme.body));
      break_before_bracket(cell.inlines);
      // A cell is a share of the width, often narrow: a long author's name may wrap there
      // rather than run into the next column. Its dates stay whole (the table measures its
      // columns no narrower than a date).
      if (cell.names)
        for (Inline& part : cell.inlines) part.unbreakable = false;
      row.push_back(cell_paragraphs(b, std::move(cell.inlines), cell.span.known() ? cell.span : entry.span, cell.names));
    }
    table.rows.push_back(std::move(row));
  }
  if (const std::optional<size_t> below = column_set_below(b, layout)) move_below(b, table, *below, section.title.span);
  table.continued_mark = b.paragraph({Inline{b.locale().continued, font_of(theme.body), "", section.title.span}},
                                     theme.body, theme::Align::Left, section.title.span);
  drop_empty_columns(table);
  if (table.widths.size() < 2) return false;
  b.add(std::move(table), theme.section_space_below, section.title.span);
  return true;
}

int entry_number(const model::Section& section, size_t index) {
  int count = static_cast<int>(section.entries.size());
  return section.kind == EntryKind::ReversedNumbered ? count - static_cast<int>(index) : static_cast<int>(index) + 1;
}

// Whether the layout lists the section in entry.time_spans_in, by its title ("Experience")
// or by its key, as RenderCV names sections in its design ("experience", "work_experience"),
// which a Korean CV's 경력 under the key `experience` still answers to.
bool shows_time_spans(const theme::Theme& theme, const model::Section& section) {
  if (theme.time_spans_in.empty()) return false;
  auto normal = [](std::string text) {
    for (char& c : text) c = c == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
  };
  const std::string title = normal(plain_text(section.title.value));
  const std::string key = normal(section.key);
  return std::any_of(theme.time_spans_in.begin(), theme.time_spans_in.end(), [&](const std::string& name) {
    return normal(name) == title || (!key.empty() && normal(name) == key);
  });
}

}  // namespace

// Widows and orphans of a list: a section of one-line entries (skills, awards, bullets) never
// leaves its last entry alone at the top of a page, nor its first alone under its title at the
// bottom of one; as a paragraph keeps two lines on each side of a page break.
void keep_short_entries_in_pairs(Builder& b, const model::Section& section, const std::vector<size_t>& first_block) {
  const size_t n = section.entries.size();
  if (n < 2) return;
  const auto one_line = [&](size_t i) {
    const model::EntryKind kind = section.entries[i].kind;
    const bool short_kind = kind == model::EntryKind::OneLine || kind == model::EntryKind::Bullet ||
                            kind == model::EntryKind::Numbered || kind == model::EntryKind::ReversedNumbered;
    const size_t end = i + 1 < n ? first_block[i + 1] : b.block_count();
    return short_kind && end == first_block[i] + 1;
  };
  if (one_line(n - 1) && one_line(n - 2)) b.block_at(first_block[n - 1] - 1).keep_with_next = true;
  if (one_line(0) && one_line(1)) b.block_at(first_block[1] - 1).keep_with_next = true;
}

// A section of one-line entries (skills, languages) as a matrix in two columns: the entries
// side by side in pairs, read row by row in the CV's order. Only where each entry is one
// paragraph on the full width (not beside a date column on the left, not in a narrow column).
void set_in_two_columns(Builder& b, const model::Section& section, const std::vector<size_t>& first_block) {
  const auto& theme = b.theme();
  if (theme.one_line_columns != 2 || b.narrow() || theme.aside_side == theme::AsideSide::Left ||
      first_block.size() < 2)
    return;
  const bool one_line = std::all_of(section.entries.begin(), section.entries.end(),
                                    [](const model::Entry& e) { return e.kind == model::EntryKind::OneLine; });
  if (!one_line || b.block_count() - first_block.front() != first_block.size()) return;
  for (size_t i = first_block.front(); i < b.block_count(); ++i)
    if (!std::holds_alternative<Paragraph>(b.block_at(i).content)) return;
  std::vector<Block> entries = b.take_from(first_block.front());
  const double width = theme::region_text_width(theme, b.region().name) - rail_inset(b);
  const double gap = 2 * theme.column_gap;
  for (size_t i = 0; i < entries.size(); i += 2) {
    Row row;
    // Ragged: a half-width cell justified opens wide gaps.
    for (size_t j = i; j < std::min(i + 2, entries.size()); ++j) {
      Paragraph cell = std::get<Paragraph>(std::move(entries[j].content));
      if (cell.align == theme::Align::Justify) cell.align = theme::Align::Left;
      (j == i ? row.main : row.aside).push_back(std::move(cell));
    }
    row.aside_width = std::max(1.0, (width - gap) / 2);
    row.aside_fixed = true;  // the second column's cells line up
    row.matrix = true;       // the layout sizes the two columns to their cells
    row.gap = gap;
    Block& added = b.add(std::move(row), entries[i].space_before, entries[i].span);
    added.group = entries[i].group;
    // A pair stays with the next one when its second entry did (a list's last pair).
    added.keep_with_next = entries[std::min(i + 1, entries.size() - 1)].keep_with_next;
  }
}

// A bullet entry beside a rail's timeline: its dot on the line is its bullet, so the item
// keeps its marker (it is still a list item) but draws none, and starts where the section's
// other entries do, rather than a "•" beside a dot, indented.
void use_dot_as_bullet(Block& block, const theme::Theme& theme) {
  auto* item = std::get_if<Paragraph>(&block.content);
  if (!item || !item->marker) return;
  item->marker->text.text.clear();
  item->marker->text.reads_as.clear();
  item->indent_left = std::max(0.0, item->indent_left - theme.highlight_indent);
}

// A timeline down a section: with dates on the left, down a dated section in the middle of
// the gap between the dates and the text, a dot at each dated entry's first line; with titles
// in a rail, down every section in the middle of the gap between the rail and the text, a dot
// at every entry, so that the line and its dots are the page's spine. The rule runs from the
// first entry's dot to the end of the last entry.
void add_timeline(Builder& b, const model::Section& section, const std::vector<size_t>& first_block) {
  const auto& theme = b.theme();
  const bool rail = rail_titles(b);
  const bool dates_left = theme.aside_side == theme::AsideSide::Left && !b.narrow();
  if (!theme.timeline || !(rail || dates_left) || first_block.empty()) return;
  const bool dated = std::any_of(section.entries.begin(), section.entries.end(),
                                 [](const model::Entry& entry) { return entry.date || entry.start_date; });
  if (!dated && !rail) return;
  SideRule rule;
  rule.x = rail ? theme.section_rail_width + theme.section_rail_gap / 2 : theme.aside_width + theme.column_gap / 2;
  rule.thickness = theme.timeline_thickness;
  rule.color = theme.timeline_color;
  for (size_t i = first_block.front(); i < b.block_count(); ++i) {
    SideRule here = rule;
    // Beside dates on the left, a dot marks a dated entry: one without a date has no place on
    // the line of years. Beside a rail the line is the section's, and every entry hangs on it.
    // Plain strings one after another are the paragraphs of one text (a 자기소개 in three): the
    // text hangs on the line by its first paragraph, not by each of them.
    const auto start = std::find(first_block.begin(), first_block.end(), i);
    if (start != first_block.end()) {
      const size_t index = static_cast<size_t>(start - first_block.begin());
      const model::Entry& entry = section.entries[index];
      const bool text_goes_on = entry.kind == EntryKind::Text && index > 0 &&
                                section.entries[index - 1].kind == EntryKind::Text;
      if ((rail && !text_goes_on) || entry.date || entry.start_date) here.dot = theme.timeline_dot;
      if (rail && entry.kind == EntryKind::Bullet) use_dot_as_bullet(b.block_at(i), theme);
    }
    here.starts_here = i == first_block.front();
    b.block_at(i).side_rule = here;
  }
}

namespace {

// A section's blocks after its title (at `title_block`) stand in past the rail it is set in.
void inset_past_rail(Builder& b, size_t title_block) {
  const double inset = rail_inset(b);
  if (inset <= 0) return;
  for (size_t i = title_block + 1; i < b.block_count(); ++i) b.block_at(i).inset_left = inset;
}

}  // namespace

void add_section(Builder& b, const model::Section& section, bool first) {
  const auto& theme = b.theme();
  const size_t title_block = b.block_count();
  add_title(b, section, first);
  if (title_style(theme) == theme::TitleStyle::RuleBelow) add_rule(b, section);
  const theme::TableTemplate& table = table_template(theme, section.kind);
  if (is_table_kind(section.kind) && !table.cells.empty() && !b.narrow() && add_table(b, section, table)) {
    inset_past_rail(b, title_block);
    return;
  }
  const bool time_span = shows_time_spans(theme, section);
  bool aside_column = !b.narrow() && std::any_of(section.entries.begin(), section.entries.end(),
                                                  [&](const model::Entry& entry) { return has_aside(b, entry); });
  std::vector<size_t> first_block;  // of each entry
  for (size_t i = 0; i < section.entries.size(); ++i) {
    const model::Entry& entry = section.entries[i];
    first_block.push_back(b.block_count());
    EntryPlacement placement;
    // Beside a rail title the first entry starts level with it (the title's space above takes
    // its place); below one too long for the rail, this space apart.
    placement.space_before = i == 0                     ? theme.section_space_below
                             : is_text_like(entry.kind) ? theme.text_entry_space
                                                        : theme.entry_space;
    placement.aside_column = aside_column;
    placement.number = entry_number(section, i);
    placement.widest_number = static_cast<int>(section.entries.size());
    placement.time_span = time_span;
    add_entry(b, entry, placement);
  }
  keep_short_entries_in_pairs(b, section, first_block);
  set_in_two_columns(b, section, first_block);
  add_timeline(b, section, first_block);
  inset_past_rail(b, title_block);
}

}  // namespace hanji::compose
