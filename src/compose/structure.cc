// The logical structure of a composed CV, for a tagged PDF: the Document holds the header
// (the name as H1, its lines as P, the photo as a Figure), then a Sect per section with its
// title as H2 and its entries' paragraphs; highlights are lists (L, LI, LBody, and a Lbl for a
// number), table sections Table, TR, TH and TD. Elements are made in reading order, which is
// the order the CV is composed in, whichever region of the page its blocks went to.
#include <algorithm>
#include <cctype>
#include <tuple>

#include "compose/builder.h"

namespace hanji::compose {
namespace {

using doc::Role;

class StructureBuilder {
 public:
  StructureBuilder(std::vector<doc::StructNode>& nodes, std::string photo_alt)
      : nodes_(nodes), photo_alt_(std::move(photo_alt)) {
    nodes_.clear();
    add(Role::Document, -1);
  }

  void block(Block& block) {
    if (block.part != part_) start_part(block.part);
    const int parent = container_;
    if (auto* p = std::get_if<Paragraph>(&block.content)) paragraph(*p, parent);
    else if (auto* row = std::get_if<Row>(&block.content)) this->row(*row, parent);
    else if (auto* figure = std::get_if<Figure>(&block.content)) this->figure(*figure, parent);
    else if (auto* table = std::get_if<Table>(&block.content)) this->table(*table, parent);
  }

 private:
  int add(Role role, int parent) {
    doc::StructNode& node = nodes_.emplace_back();
    node.role = role;
    node.parent = parent;
    return static_cast<int>(nodes_.size()) - 1;
  }

  // The header and the closing lines stand in the Document itself; a section in a Sect.
  void start_part(int part) {
    part_ = part;
    container_ = part >= 0 && part != kClosingPart ? add(Role::Sect, 0) : 0;
    lists_.clear();
  }

  // Whether a list marker says something (a number, a letter) rather than only marks.
  static bool meaningful(const Marker& marker) {
    return std::any_of(marker.text.text.begin(), marker.text.text.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
  }

  void paragraph(Paragraph& p, int parent) {
    if (p.inlines.empty()) return;  // nothing drawn, nothing to read
    if (!p.marker || !p.marker->list_item) {
      lists_.clear();
      p.tag = add(p.role, parent);
      return;
    }
    // Consecutive marked paragraphs of one element form one list; one indented further than
    // the item before it starts a list inside that item (a nested highlight), one indented
    // less goes back out to the list of its indent.
    while (!lists_.empty() && p.indent_left < lists_.back().indent - kIndentSlack) lists_.pop_back();
    if (lists_.empty()) {
      lists_.push_back({add(Role::L, parent), p.indent_left, -1});
    } else if (p.indent_left > lists_.back().indent + kIndentSlack && lists_.back().last_item >= 0) {
      lists_.push_back({add(Role::L, lists_.back().last_item), p.indent_left, -1});
    }
    const int item = add(Role::LI, lists_.back().list);
    lists_.back().last_item = item;
    if (meaningful(*p.marker)) p.marker->tag = add(Role::Lbl, item);
    p.tag = add(Role::LBody, item);
  }

  // A row reads as it is set: each main paragraph, with the lead before it (the degree
  // before the institution) and the aside after it.
  void row(Row& row, int parent) {
    for (std::size_t i = 0; i < std::max({row.main.size(), row.aside.size(), row.lead.size()}); ++i) {
      if (i < row.lead.size()) paragraph(row.lead[i], parent);
      if (i < row.main.size()) paragraph(row.main[i], parent);
      if (i < row.aside.size()) paragraph(row.aside[i], parent);
    }
  }

  // The text beside the photo (the name) reads before it.
  void figure(Figure& figure, int parent) {
    lists_.clear();
    for (Paragraph& p : figure.beside) paragraph(p, parent);
    lists_.clear();
    figure.tag = add(Role::Figure, parent);
    nodes_.back().alt = photo_alt_;
  }

  void table(Table& table, int parent) {
    lists_.clear();
    if (table.photo) {
      table.photo->tag = add(Role::Figure, parent);
      nodes_.back().alt = photo_alt_;
    }
    const int element = add(Role::Table, parent);
    if (!table.header.empty()) {
      const int tr = add(Role::TR, element);
      for (Paragraph& cell : table.header) cell_of(cell, tr, Role::TH, false);
    }
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      auto& cells = table.rows[r];
      const int tr = add(Role::TR, element);
      for (std::size_t c = 0; c < cells.size(); ++c) {
        const bool label = c < table.shaded_columns.size() && table.shaded_columns[c];
        cell_of(cells[c], tr, label ? Role::TH : Role::TD, label);
      }
      // The row's details under it: a row of one cell across every column.
      if (r < table.below.size() && !is_empty_cell(table.below[r])) {
        const int td = cell_of(table.below[r], add(Role::TR, element), Role::TD, false);
        nodes_[static_cast<std::size_t>(td)].column_span = static_cast<int>(std::max<std::size_t>(1, table.widths.size()));
      }
    }
  }

  // Every cell is an element, an empty one too: the cells of a row must line up with the
  // columns for a reader to say which column a value is in. A cell of one plain paragraph
  // holds its text itself; one of several holds them as paragraphs and lists (a summary, then
  // its highlights).
  void cell_of(Paragraph& cell, int tr, Role role, bool row_header) {
    cell.tag = add(role, tr);
    nodes_.back().row_header = row_header;
  }
  int cell_of(Cell& cell, int tr, Role role, bool row_header) {
    if (cell.empty() || (cell.size() == 1 && !cell.front().marker)) {
      const int element = add(role, tr);
      nodes_.back().row_header = row_header;
      if (!cell.empty()) cell.front().tag = element;
      return element;
    }
    const int element = add(role, tr);
    nodes_.back().row_header = row_header;
    lists_.clear();
    for (Paragraph& p : cell) paragraph(p, element);
    lists_.clear();
    return element;
  }

  std::vector<doc::StructNode>& nodes_;
  std::string photo_alt_;
  int part_ = -2;      // no part yet
  int container_ = 0;  // the element of the current part
  // The lists open where the next marked paragraph may go, outermost first.
  struct OpenList {
    int list = -1;
    double indent = 0;      // its items' indent
    int last_item = -1;     // its latest item, where a list indented further goes
  };
  static constexpr double kIndentSlack = 0.5;  // pt
  std::vector<OpenList> lists_;
};

bool holds_name(const Block& block) {
  const auto heading = [](const Paragraph& p) { return p.role == Role::H1; };
  const auto any = [&](const std::vector<Paragraph>& paragraphs) {
    return std::any_of(paragraphs.begin(), paragraphs.end(), heading);
  };
  if (auto* p = std::get_if<Paragraph>(&block.content)) return heading(*p);
  if (auto* row = std::get_if<Row>(&block.content)) return any(row->main) || any(row->aside) || any(row->lead);
  if (auto* figure = std::get_if<Figure>(&block.content)) return any(figure->beside);
  return false;
}

}  // namespace

void tag_structure(Composition& composition, const std::string& photo_alt) {
  std::vector<Block*> blocks;
  for (auto& [flow, flow_blocks] : composition.flows)
    for (Block& block : flow_blocks) blocks.push_back(&block);
  // The header reads from the name on: a side column's photo and contacts, composed before it,
  // come after it.
  const auto rank = [](const Block* block) { return block->part < 0 && !holds_name(*block) ? 1 : 0; };
  std::sort(blocks.begin(), blocks.end(), [&](const Block* a, const Block* b) {
    return std::make_tuple(a->part, rank(a), a->sequence) < std::make_tuple(b->part, rank(b), b->sequence);
  });
  StructureBuilder builder(composition.structure, photo_alt);
  for (Block* block : blocks) builder.block(*block);
}

}  // namespace hanji::compose
