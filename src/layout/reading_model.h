// reading_model: how poppler (pdftotext, the text layer most applicant tracking systems read)
// will group a page's words into blocks and take blocks of two columns for a table's cells,
// worked out from where the words stand. Pagination asks it before it moves a section into a
// column beside the main flow: poppler reads a table's rows across both columns, which
// scatters a section among another's entries.
//
// The rules are poppler's (TextPage::coalesce, 22.12), restated from what it does, not from
// its code: words join a block line by line while their size is the block's (within 5%) and
// the next line is at most 1.5 sizes below; a block then takes every word on its lines that
// overlaps it; four blocks are a table's cells when two of one column and two beside them are
// aligned in pairs (left, right or centre within 0.7 of a size) and level in pairs (top,
// bottom or middle within half a size).
#pragma once

#include <cstddef>
#include <vector>

namespace hanji::layout::reading {

/// A word as poppler measures it: its left and right edges, its baseline, the height its
/// font's declared ascent and descent give it, its size; and which text (a flow) it is of.
/// Lengths in pt, y down.
struct Word {
  double left = 0, right = 0, baseline = 0, top = 0, bottom = 0, size = 0;
  std::size_t source = 0;
};

/// A block of words: its box, the size of its first word (the top line's leftmost, which
/// poppler's alignment tolerances scale with), and the sources its words came from.
struct Block {
  double left = 0, right = 0, top = 0, bottom = 0, size = 0;
  std::vector<std::size_t> sources;  // distinct, in the order first met
};

/// The blocks poppler makes of a page's words, in the order it makes them (from the top).
std::vector<Block> group_blocks(std::vector<Word> words);

/// How many blocks poppler takes as the first cell of a table (the upper left one of four)
/// whose four cells are not all of one source: rows it would read across two texts. `slack`
/// (pt) widens its tolerances, for a margin against the model's error.
std::size_t mixed_table_cells(const std::vector<Block>& blocks, double slack = 0);

}  // namespace hanji::layout::reading
