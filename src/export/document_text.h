// export: the rendered document read as text, in the order of its structure (doc::StructNode),
// which is the order a tagged PDF gives a screen reader: the blocks the Markdown and plain-text
// formats write, each in its own way. Only what the pages show is read (the runs' text, as
// doc::reads_as takes it), so the text says what the PDF says in the layout's order, with its
// titles and dates; page furniture (page numbers, bullets, icons) is no element's and is left out.
#pragma once

#include <string>
#include <vector>

#include "doc/doc.h"

namespace hanji::exports {

/// Text with one link or none: runs in a row to the same address are one piece.
struct TextPiece {
  std::string text;  // whitespace squeezed to single spaces
  std::string link;  // what a click opens (core/links.h clickable_uri); "" for plain text
};
using InlineText = std::vector<TextPiece>;

struct TextBlock {
  enum class Kind {
    Title,      // the name (H1)
    Heading,    // a section's title (H2)
    Paragraph,  // a paragraph, a line of an entry
    ListItem,   // an item of a list (a highlight), `depth` deep
    TableRow,   // a row of a table: its cells
  };
  Kind kind = Kind::Paragraph;
  int depth = 0;           // ListItem: 0 for a list's items, 1 for the items of a list inside one
  std::string label;       // ListItem: its label as drawn into the structure ("1."), "" for a bullet
  InlineText text;         // everything but a TableRow
  std::vector<InlineText> cells;  // TableRow
};

/// The blocks of `doc` in reading order; none when it has no structure.
std::vector<TextBlock> read_blocks(const doc::Document& doc);

/// The text of `pieces` without its links.
std::string plain_text_of(const InlineText& pieces);

}  // namespace hanji::exports
