// The rendered document as blocks of text in its structure's order (see document_text.h).
#include "export/document_text.h"

#include <cstddef>

#include "core/links.h"

namespace hanji::exports {

namespace {

using doc::Role;
using Kind = TextBlock::Kind;

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Appends `text` to `out` with its whitespace squeezed to single spaces, none at the start of
// the whole text (`out` may end a piece before this one: `before`).
void append_squeezed(std::string& out, std::string_view text, bool space_before) {
  bool space = space_before;
  for (char c : text) {
    if (is_blank(c)) {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  if (space) out += ' ';  // kept for the next piece: dropped at the end of the text
}

// Squeezes whitespace across pieces, keeps spaces outside links (a link's label is its words),
// and drops empty pieces and the spaces at both ends.
InlineText tidy(const InlineText& raw) {
  InlineText out;
  bool pending_space = false;
  for (const TextPiece& piece : raw) {
    std::string text;
    append_squeezed(text, piece.text, false);
    const bool leading = !piece.text.empty() && is_blank(piece.text.front());
    const bool trailing = !text.empty() && text.back() == ' ';
    if (trailing) text.pop_back();
    if (text.empty()) {
      pending_space = pending_space || leading || trailing || !piece.text.empty();
      continue;
    }
    const bool space = (pending_space || leading) && !out.empty();
    if (!out.empty() && out.back().link == piece.link) {
      out.back().text += (space ? " " : "") + text;
    } else {
      if (space) {
        if (out.back().link.empty()) out.back().text += ' ';
        else if (piece.link.empty()) text.insert(0, 1, ' ');
        else out.push_back({" ", ""});
      }
      out.push_back({std::move(text), piece.link});
    }
    pending_space = trailing;
  }
  return out;
}

class Reader {
 public:
  explicit Reader(const doc::Document& doc)
      : doc_(doc), kids_(doc.structure.size()), runs_(doc.structure.size()) {
    const std::size_t count = doc.structure.size();
    for (std::size_t i = 1; i < count; ++i) {
      const int parent = doc.structure[i].parent;
      if (parent >= 0 && static_cast<std::size_t>(parent) < i)
        kids_[static_cast<std::size_t>(parent)].push_back(static_cast<int>(i));
    }
    for (const doc::Page& page : doc.pages)
      for (const doc::PlacedRun& placed : page.runs)
        if (placed.tag >= 0 && static_cast<std::size_t>(placed.tag) < count)
          runs_[static_cast<std::size_t>(placed.tag)].push_back(&placed);
  }

  std::vector<TextBlock> read() {
    if (!doc_.structure.empty()) block(0, 0);
    return std::move(blocks_);
  }

 private:
  const doc::StructNode& node(int element) const { return doc_.structure[static_cast<std::size_t>(element)]; }
  const std::vector<int>& kids(int element) const { return kids_[static_cast<std::size_t>(element)]; }

  // The text of `element` and the elements inside it, raw: the elements inside first, then
  // its own runs, as a tagged PDF orders an element's content (export/pdf/marked_content.h).
  void collect(int element, InlineText& out) const {
    for (int kid : kids(element))
      if (node(kid).role != Role::Figure) collect(kid, out);
    collect_own(element, out);
  }

  void collect_own(int element, InlineText& out) const {
    const std::vector<const doc::PlacedRun*>& runs = runs_[static_cast<std::size_t>(element)];
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const doc::PlacedRun& placed = *runs[i];
      std::string text = doc::reads_as(placed.run);
      if (doc::needs_space_between(placed, i + 1 < runs.size() ? runs[i + 1] : nullptr)) text += ' ';
      std::string link = placed.run.link.empty() ? std::string() : clickable_uri(placed.run.link);
      if (!out.empty() && out.back().link == link) out.back().text += text;
      else out.push_back({std::move(text), std::move(link)});
    }
  }

  InlineText text_of(int element) const {
    InlineText raw;
    collect(element, raw);
    return tidy(raw);
  }

  void add(Kind kind, InlineText text, int depth = 0, std::string label = {}) {
    if (text.empty() && label.empty()) return;
    TextBlock block;
    block.kind = kind;
    block.text = std::move(text);
    block.depth = depth;
    block.label = std::move(label);
    blocks_.push_back(std::move(block));
  }

  void row(int element) {
    TextBlock row;
    row.kind = Kind::TableRow;
    for (int kid : kids(element))
      if (InlineText cell = text_of(kid); !cell.empty()) row.cells.push_back(std::move(cell));
    InlineText own;
    collect_own(element, own);
    if (InlineText cell = tidy(own); !cell.empty()) row.cells.push_back(std::move(cell));
    if (row.cells.empty()) return;
    blocks_.push_back(std::move(row));
  }

  void list_item(int element, int depth) {
    std::string label;
    InlineText raw;
    std::vector<int> lists;
    for (int kid : kids(element)) {
      if (node(kid).role == Role::Lbl) label = plain_text_of(text_of(kid));
      else if (node(kid).role == Role::L) lists.push_back(kid);
      else if (node(kid).role != Role::Figure) collect(kid, raw);
    }
    collect_own(element, raw);
    add(Kind::ListItem, tidy(raw), depth, std::move(label));
    for (int list : lists) block(list, depth + 1);
  }

  void block(int element, int depth) {
    switch (node(element).role) {
      case Role::H1: add(Kind::Title, text_of(element)); return;
      case Role::H2: add(Kind::Heading, text_of(element)); return;
      case Role::Figure: return;  // the photo: its alternative text is not on the page
      case Role::TR: row(element); return;
      case Role::LI: list_item(element, depth); return;
      case Role::P:
      case Role::Lbl:
      case Role::LBody:
      case Role::TH:
      case Role::TD: add(Kind::Paragraph, text_of(element)); return;
      case Role::Document:
      case Role::Sect:
      case Role::Div:
      case Role::L:
      case Role::Table: {
        for (int kid : kids(element)) block(kid, depth);
        InlineText own;
        collect_own(element, own);
        add(Kind::Paragraph, tidy(own));
        return;
      }
    }
  }

  const doc::Document& doc_;
  std::vector<std::vector<int>> kids_;
  std::vector<std::vector<const doc::PlacedRun*>> runs_;  // each element's own runs, in page order
  std::vector<TextBlock> blocks_;
};

}  // namespace

std::vector<TextBlock> read_blocks(const doc::Document& doc) { return Reader(doc).read(); }

std::string plain_text_of(const InlineText& pieces) {
  std::string out;
  for (const TextPiece& piece : pieces) out += piece.text;
  return out;
}

}  // namespace hanji::exports
