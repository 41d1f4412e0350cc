// A section: title (an outline entry), rule, then its entries with their spacing.
#include <algorithm>

#include "compose/builder.h"
#include "compose/entries.h"
#include "compose/markup.h"

namespace hanji::compose {
namespace {

using source::EntryKind;

void add_title(Builder& b, const source::Section& section, bool first) {
  const auto& theme = b.theme();
  Paragraph title = b.paragraph(b.inlines(section.title, font_of(theme.section_title)), theme.section_title,
                                layout::Align::Left, section.title.span);
  std::string bookmark = inline_text(title.inlines);
  Block& block =
      b.add(std::move(title), first ? theme.header_space_below : theme.section_space_above, section.title.span);
  block.keep_with_next = !section.entries.empty() || theme.section_rule;  // a title never ends a page
  block.bookmark = std::move(bookmark);
}

void add_rule(Builder& b, const source::Section& section) {
  const auto& theme = b.theme();
  Rule rule{theme.section_rule_thickness, theme.section_rule_color, 0};
  b.add(rule, theme.section_rule_gap, section.title.span).keep_with_next = !section.entries.empty();
}

int entry_number(const source::Section& section, size_t index) {
  int count = static_cast<int>(section.entries.size());
  return section.kind == EntryKind::ReversedNumbered ? count - static_cast<int>(index) : static_cast<int>(index) + 1;
}

}  // namespace

void add_section(Builder& b, const source::Section& section, bool first) {
  const auto& theme = b.theme();
  add_title(b, section, first);
  if (theme.section_rule) add_rule(b, section);
  bool aside_column = std::any_of(section.entries.begin(), section.entries.end(), has_aside);
  for (size_t i = 0; i < section.entries.size(); ++i) {
    const source::Entry& entry = section.entries[i];
    EntryPlacement placement;
    placement.space_before = i == 0                     ? theme.section_space_below
                             : is_text_like(entry.kind) ? theme.text_entry_space
                                                        : theme.entry_space;
    placement.aside_column = aside_column;
    placement.number = entry_number(section, i);
    placement.widest_number = static_cast<int>(section.entries.size());
    add_entry(b, entry, placement);
  }
}

}  // namespace hanji::compose
