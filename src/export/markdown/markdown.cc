// The Markdown format: the rendered document read in its structure's order (document_text.h),
// so its sections, titles and words are the PDF's in every layout. Every character of the CV
// that Markdown (CommonMark, and GitHub's ~ and |) or HTML would take for markup is escaped:
// the only markup is the exporter's own (headings, lists, links), and a renderer shows the
// CV's text as the PDF does, `vector<T>` and `<script>` included.
#include <cctype>
#include <string>
#include <vector>

#include "export/document_text.h"
#include "export/exporter.h"

namespace hanji::exports {

namespace {

using Kind = TextBlock::Kind;

// Markup anywhere in a line: emphasis, code, links and images, raw HTML and entities, the
// backslash itself; ~ (strikethrough) and | (tables) in GitHub's dialect.
bool is_inline_markup(char c) {
  switch (c) {
    case '\\': case '`': case '*': case '_': case '[': case ']': case '<': case '>': case '&': case '~': case '|':
      return true;
    default:
      return false;
  }
}

std::string escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (is_inline_markup(c)) out += '\\';
    out += c;
  }
  return out;
}

// `text` (escaped) at the start of a line or of a list item's text: what would open a block
// there (a heading's #, a list's -, + or "1." / "1)", a setext underline's =) is escaped too.
std::string escaped_at_line_start(std::string text) {
  if (text.empty()) return text;
  if (text[0] == '#' || text[0] == '-' || text[0] == '+' || text[0] == '=') return '\\' + text;
  std::size_t digits = 0;
  while (digits < text.size() && digits < 10 && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits > 0 && digits < text.size() && (text[digits] == '.' || text[digits] == ')')) text.insert(digits, 1, '\\');
  return text;
}

// A link's address inside (...): what would end or break it escaped (it is ASCII, spaces and
// controls percent-encoded: core/links.h).
std::string destination(std::string_view uri) {
  std::string out;
  for (char c : uri) {
    if (c == '(' || c == ')' || c == '<' || c == '>' || c == '\\' || c == '&') out += '\\';
    out += c;
  }
  return out;
}

std::string inline_markdown(const InlineText& pieces) {
  std::string out;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const TextPiece& piece = pieces[i];
    std::string text = escaped(piece.text);
    if (piece.link.empty()) {
      // A "!" just before a link would make it an image.
      if (i + 1 < pieces.size() && text.ends_with('!')) text.insert(text.size() - 1, 1, '\\');
      out += i == 0 ? escaped_at_line_start(std::move(text)) : text;
      continue;
    }
    out += '[' + text + "](" + destination(piece.link) + ')';
  }
  return out;
}

bool is_number_label(const std::string& label) {
  std::size_t digits = 0;
  while (digits < label.size() && std::isdigit(static_cast<unsigned char>(label[digits]))) ++digits;
  return digits > 0 && digits <= 9 && digits + 1 == label.size() && (label.back() == '.' || label.back() == ')');
}

std::string markdown(const std::vector<TextBlock>& blocks) {
  std::string out;
  std::vector<std::size_t> indents;  // per list depth: how far its items' text is indented
  std::vector<long> numbers;         // per list depth: the number of its last item, -1 for a bullet
  bool in_list = false;
  for (const TextBlock& block : blocks) {
    const bool item = block.kind == Kind::ListItem;
    if (!out.empty() && !(item && in_list)) out += '\n';  // a blank line between blocks; a list's items tight
    if (!item) numbers.clear();
    in_list = item;
    switch (block.kind) {
      case Kind::Title: out += "# " + inline_markdown(block.text) + "\n"; break;
      case Kind::Heading: out += "## " + inline_markdown(block.text) + "\n"; break;
      case Kind::Paragraph: out += inline_markdown(block.text) + "\n"; break;
      case Kind::TableRow: {
        std::string row;
        // Cells apart by " | ", which is text in CommonMark and no table in GitHub's dialect
        // without a delimiter row (a "|" of the CV's is escaped).
        for (const InlineText& cell : block.cells) row += (row.empty() ? "" : " | ") + inline_markdown(cell);
        out += row + "\n";
        break;
      }
      case Kind::ListItem: {
        const std::size_t depth = static_cast<std::size_t>(block.depth);
        indents.resize(depth + 1);
        const bool continues = numbers.size() > depth;  // an item after another of the same list
        numbers.resize(depth + 1, -1);
        const std::size_t indent = depth == 0 ? 0 : indents[depth - 1];
        // A number as a list's own ("3.") where a renderer numbers the item so: the first of a
        // list, or one more than the item before (a list counting down is written as it is
        // drawn, its numbers as text after bullets); any other label so too.
        const long number = is_number_label(block.label) ? std::stol(block.label) : -1;
        const bool numbered = number >= 0 && (!continues || (numbers[depth] >= 0 && number == numbers[depth] + 1));
        numbers[depth] = numbered ? number : -1;
        const std::string marker = numbered ? block.label + ' ' : std::string("- ");
        std::string text = inline_markdown(block.text);
        if (!numbered && !block.label.empty()) text = escaped_at_line_start(escaped(block.label)) + ' ' + text;
        indents[depth] = indent + marker.size();
        out += std::string(indent, ' ') + marker + text + "\n";
        break;
      }
    }
  }
  return out;
}

std::optional<std::vector<std::string>> write(const ExportInput& input, const FormatOptions&, Diagnostics&) {
  return std::vector<std::string>{markdown(read_blocks(*input.doc))};
}

}  // namespace

const Exporter& markdown_exporter() {
  static const Exporter kMarkdown{
      .name = "md",
      .aliases = {"markdown"},
      .label = "Markdown",
      .summary = "Markdown: the PDF's sections and words",
      .media_type = "text/markdown; charset=utf-8",
      .file = {"a Markdown file", {".md", ".markdown"}, looks_like_text, false},
      .needs = Needs::Document,
      .files = Files::Single,
      .binary = false,
      .is_default = false,
      .made_by_hanji = nullptr,
      .write = write,
  };
  return kMarkdown;
}

}  // namespace hanji::exports
