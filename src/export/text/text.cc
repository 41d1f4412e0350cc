// The plain-text format: the rendered document read in its structure's order (document_text.h)
// without markup, for pasting into a form: the PDF's sections, titles and words, a link as its
// text and, where that does not show it, its address in parentheses.
#include <algorithm>
#include <string>
#include <vector>

#include "compose/compose.h"
#include "count/count.h"
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

bool binds_self_introduction(const ExportInput& input) {
  return input.model && input.model->self_introduction &&
         std::any_of(input.parts.begin(), input.parts.end(),
                     [](const PartPages& part) { return part.part == model::Part::SelfIntroduction; });
}

// The document with only the pages of `part` (the text is read from the pages' runs, so an
// element of another part's pages gives nothing).
doc::Document pages_of(const doc::Document& doc, const PartPages& part) {
  doc::Document only = doc;
  const auto count = static_cast<int>(only.pages.size());
  const int first = std::clamp(part.first_page, 0, count);
  const int end = std::clamp(part.first_page + part.pages, first, count);
  only.pages.erase(only.pages.begin() + end, only.pages.end());
  only.pages.erase(only.pages.begin(), only.pages.begin() + first);
  return only;
}

// Each answer ready to paste into the company's form, under its question: the very text
// count::paste_text gives, which `hanji count` counts and the limits are checked against.
std::string paste_section(const model::CvFile& file) {
  const model::SelfIntroduction& si = *file.self_introduction;
  std::string out = si.title.empty() ? file.locale.labels.at("self_introduction_document") : compose::plain_text(si.title.value);
  if (!si.company.empty()) out += " \u2014 " + compose::plain_text(si.company.value);
  out += "\n";
  for (std::size_t i = 0; i < si.questions.size(); ++i) {
    const model::Question& question = si.questions[i];
    out += "\n" + std::to_string(i + 1) + ". " + compose::plain_text(question.title.value) + "\n";
    out += count::paste_text(question) + "\n";
  }
  return out;
}

// The parts in their order: the letter and the CV as their pages read, the 자기소개서 as its
// answers ready to paste (its pages, which set the same answers, left out).
std::optional<std::vector<std::string>> write(const ExportInput& input, const FormatOptions&, Diagnostics&) {
  if (!binds_self_introduction(input)) return std::vector<std::string>{plain_text(read_blocks(*input.doc))};
  std::string text;
  for (const PartPages& part : input.parts) {
    const std::string piece = part.part == model::Part::SelfIntroduction
                                  ? paste_section(*input.model)
                                  : plain_text(read_blocks(pages_of(*input.doc, part)));
    if (piece.empty()) continue;
    if (!text.empty()) text += "\n";
    text += piece;
  }
  return std::vector<std::string>{text};
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
