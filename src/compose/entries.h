// Private to the compose module: the blocks of one entry.
#pragma once

#include "compose/builder.h"

namespace hanji::compose {

/// Where an entry sits in its section.
struct EntryPlacement {
  double space_before = 0;
  /// Some entry of the section has dates or a location, so every entry reserves the aside
  /// column: titles then wrap at the same width and dates line up down the section.
  bool aside_column = false;
  int number = 0;         // Numbered / ReversedNumbered: the number shown
  int widest_number = 0;  // the section's largest number (sets the hanging indent)
  /// The section is one of the layout's entry.time_spans_in: dated entries add their length
  /// to the date column.
  bool time_span = false;
};

/// Text, bullet, numbered and one-line entries: one short paragraph each, set closer together.
bool is_text_like(model::EntryKind kind);

/// Whether the entry has anything for the date/location column.
bool has_aside(Builder& builder, const model::Entry& entry);

/// How far the text of entries stands from the column's left edge: the date column and its
/// gap when dates go on the left, else 0.
double content_indent(const theme::Theme& theme);
/// The same in the builder's current region (sidebar.indent in the side column).
double content_indent(const Builder& builder);

/// RenderCV's degree_with_area phrase filled with the entry's degree and area.
std::vector<Inline> degree_with_area(Builder& builder, const model::Entry& entry, const FontSpec& font);

/// A publication's authors, comma-separated, the CV owner's name in bold when the layout asks.
std::vector<Inline> author_inlines(Builder& builder, const model::Entry& entry, const FontSpec& font);

/// A list marker hanging before a paragraph: a bullet (read as U+2022) or a number.
Marker list_marker(std::string text, const FontSpec& font);

/// Adds the entry's blocks (sharing one new group id).
void add_entry(Builder& builder, const model::Entry& entry, const EntryPlacement& placement);

}  // namespace hanji::compose
