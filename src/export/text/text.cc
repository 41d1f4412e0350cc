// The plain-text format: the rendered document read in its structure's order (document_text.h)
// without markup, for pasting into a form: the PDF's sections, titles and words, a link as its
// text and, where that does not show it, its address in parentheses.
#include <string>
#include <vector>

#include "export/document_text.h"
#include "export/exporter.h"

namespace hanji::exports {

namespace {

using Kind = TextBlock::Kind;

// Whether `label` shows the address `link` opens (an email, a phone, a web address as
// written), so that writing the address again would only repeat it.
bool shows_address(const std::string& label, const std::string& link) {
  return link.empty() || link == label || link.starts_with("mailto:") || link.starts_with("tel:") ||
         link.ends_with("://" + label) || link.ends_with("://" + label + "/");
}

std::string inline_text(const InlineText& pieces) {
  std::string out;
  for (const TextPiece& piece : pieces) {
    out += piece.text;
    if (!shows_address(piece.text, piece.link)) out += " (" + piece.link + ")";
  }
  return out;
}

std::string plain_text(const std::vector<TextBlock>& blocks) {
  std::string out;
  bool after_list = false;
  for (const TextBlock& block : blocks) {
    // A blank line before a section, and after a list (which ends an entry's highlights).
    const bool item = block.kind == Kind::ListItem;
    if (!out.empty() && (block.kind == Kind::Heading || (after_list && !item))) out += '\n';
    after_list = item;
    switch (block.kind) {
      case Kind::Title:
      case Kind::Heading:
      case Kind::Paragraph: out += inline_text(block.text) + "\n"; break;
      case Kind::TableRow: {
        std::string row;
        for (const InlineText& cell : block.cells) row += (row.empty() ? "" : " | ") + inline_text(cell);
        out += row + "\n";
        break;
      }
      case Kind::ListItem:
        out += std::string(2 * static_cast<std::size_t>(block.depth), ' ') +
               (block.label.empty() ? std::string(block.depth == 0 ? "\u2022" : "\u25E6") : block.label) + ' ' +
               inline_text(block.text) + "\n";
        break;
    }
  }
  return out;
}

std::optional<std::vector<std::string>> write(const ExportInput& input, const FormatOptions&, Diagnostics&) {
  return std::vector<std::string>{plain_text(read_blocks(*input.doc))};
}

}  // namespace

const Exporter& text_exporter() {
  static const Exporter kText{
      .name = "txt",
      .aliases = {"text"},
      .label = "text",
      .summary = "plain text: the PDF's sections and words",
      .media_type = "text/plain; charset=utf-8",
      .file = {"a text file", {".txt"}, looks_like_text, false},
      .needs = Needs::Document,
      .files = Files::Single,
      .binary = false,
      .is_default = false,
      .made_by_hanji = nullptr,
      .write = write,
  };
  return kText;
}

}  // namespace hanji::exports
