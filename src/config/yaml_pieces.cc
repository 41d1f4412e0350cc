// Parsing a file again after an edit, piece by piece: `hanji watch` reads the CV after every
// save, and yaml-cpp spends about a thousand instructions a byte, so a two-page CV costs as
// much to read as to lay out. Most saves change one entry. So the file is cut where its
// structure allows, at the outermost items of block lists (the entries of a section, the
// social networks); each item is parsed alone, as the text of its own lines at their own line
// numbers (blank lines before it), and kept by its text and place; what is left, the file
// with each item replaced by a placeholder, is parsed, and the items are put back in their
// places. Only an item that changed, or moved, is parsed again.
//
// A file is cut from its second reading on; the first is parsed whole.
//
// The result is the tree a parse of the whole file gives (same nodes, same spans): anything
// this cannot be sure of sends the file to the whole parse instead, which also gives every
// message. That is a file with anchors, aliases, tags, merge keys, complex keys, directives,
// several documents or tabs in its indentation; a text in quotes over several lines; a
// placeholder not found where it was put; any message at all from a piece; a tree nested
// nearly as deep as the reader allows.
#include <algorithm>
#include <map>
#include <mutex>
#include <set>

#include "config/config.h"
#include "config/yaml_lines.h"
#include "config/yaml_tree.h"
#include "core/limits.h"

namespace hanji::config {

namespace {

// Below this a file is read whole: cutting it costs more than it saves.
constexpr std::size_t kSmallestCut = 2048;
// Pieces kept: about ten CVs' entries.
constexpr std::size_t kMaxPieces = 4096;

struct Line {
  std::size_t begin = 0, end = 0;  // bytes, without the line break
  int indent = 0;                  // leading spaces
  bool blank = false;              // nothing but spaces, or a comment
};

std::vector<Line> lines_of(std::string_view text) {
  std::vector<Line> lines;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    Line line{begin, end, 0, false};
    while (line.begin + static_cast<std::size_t>(line.indent) < end && text[line.begin + static_cast<std::size_t>(line.indent)] == ' ')
      ++line.indent;
    const std::size_t first = line.begin + static_cast<std::size_t>(line.indent);
    line.blank = first >= end || text[first] == '#' || text[first] == '\r';
    lines.push_back(line);
    if (end == text.size()) break;
    begin = end + 1;
  }
  return lines;
}

// A line's text after its indentation, without its line break.
std::string_view content_of(std::string_view text, const Line& line) {
  return text.substr(line.begin + static_cast<std::size_t>(line.indent),
                     line.end - line.begin - static_cast<std::size_t>(line.indent));
}

// The marks YAML gives a meaning beyond plain block structure, where a value may start (after
// "- ", ": ", "[", "{" or ", ", or at the start of a line): anchors, aliases, tags, complex
// keys, directives. A '*' inside a quoted or plain text elsewhere is only text.
bool has_unsafe_syntax(std::string_view text, const std::vector<Line>& lines) {
  for (const Line& line : lines) {
    const std::string_view content = text.substr(line.begin, line.end - line.begin);
    if (content.find('\t') != std::string_view::npos && content.find_first_not_of(" \t") != std::string_view::npos &&
        content.find_first_not_of(' ') < content.size() && content[content.find_first_not_of(' ')] == '\t')
      return true;  // a tab in the indentation
    if (content.starts_with("---") || content.starts_with("...") || content.starts_with("%")) return true;
    if (content.find("<<:") != std::string_view::npos) return true;
    for (std::size_t i = 0; i < content.size(); ++i) {
      const char c = content[i];
      if (c != '&' && c != '*' && c != '!' && c != '?') continue;
      std::size_t before = i;
      while (before > 0 && content[before - 1] == ' ') --before;
      const bool value_start = before == 0 || content[before - 1] == '-' || content[before - 1] == ':' ||
                               content[before - 1] == '[' || content[before - 1] == '{' || content[before - 1] == ',';
      if (value_start) return true;
    }
  }
  return false;
}

// A quoted text that goes on past its line: its lines need not keep to the indentation, so
// nothing is cut inside a file that has one.
bool has_multiline_quotes(std::string_view text, const std::vector<Line>& lines) {
  for (const Line& line : lines)
    if (!line.blank && read_content_line(content_of(text, line)).quote_left_open) return true;
  return false;
}

bool is_item_line(std::string_view text, const Line& line) {
  const std::size_t first = line.begin + static_cast<std::size_t>(line.indent);
  return !line.blank && first < line.end && text[first] == '-' &&
         (first + 1 == line.end || text[first + 1] == ' ' || text[first + 1] == '\r');
}

struct Piece {
  std::size_t first_line = 0, end_line = 0;  // [first, end), 0-based
  int indent = 0;
};

// The outermost items of block lists: an item runs from its "- " line to the next line,
// not blank, indented as far as its dash or less. Lines of block scalars are never cut.
std::vector<Piece> pieces_of(std::string_view text, const std::vector<Line>& lines) {
  std::vector<Piece> pieces;
  std::optional<Piece> open;
  // Inside a block scalar: lines indented past `scalar_indent` and blank lines are its text.
  bool in_scalar = false;
  int scalar_indent = 0;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const Line& line = lines[k];
    if (in_scalar) {
      if (line.blank || line.indent > scalar_indent) continue;
      in_scalar = false;
    }
    if (!line.blank && open && line.indent <= open->indent) {
      open->end_line = k;
      pieces.push_back(*open);
      open.reset();
    }
    if (!open && is_item_line(text, line)) open = Piece{k, 0, line.indent};
    if (!line.blank) {
      // A "|" alone on its line may have its text at its own indentation.
      const ContentLine read = read_content_line(content_of(text, line));
      if (read.opens_block_scalar) {
        in_scalar = true;
        scalar_indent = line.indent - (read.scalar_at_indentation ? 1 : 0);
      }
    }
  }
  if (open) {
    open->end_line = lines.size();
    pieces.push_back(*open);
  }
  // Trailing blank lines and comments belong to no piece (the file's layout around them).
  for (Piece& piece : pieces)
    while (piece.end_line > piece.first_line + 1 && lines[piece.end_line - 1].blank) --piece.end_line;
  return pieces;
}

std::size_t depth_of(const YamlNode& node) {
  std::size_t deepest = 0;
  for (const YamlNode& item : node.items) deepest = std::max(deepest, depth_of(item));
  return deepest + 1;
}

}  // namespace

// A few files' placeholders' trees (the files being edited).
constexpr std::size_t kKeptSkeletons = 8;

struct YamlPieces::Impl {
  Memo<std::string, YamlNode> pieces{kMaxPieces};         // file, line and text -> tree
  Memo<std::string, YamlNode> skeletons{kKeptSkeletons};  // file and placeholders' text -> tree
  Memo<std::string, bool> seen{kMaxPieces};               // files parsed before: only those are cut
  std::mutex mutex;
  std::size_t whole = 0;  // files parsed whole
};

YamlPieces::YamlPieces() : impl_(std::make_unique<Impl>()) {}
YamlPieces::~YamlPieces() = default;

std::size_t YamlPieces::pieces_parsed() const { return impl_->pieces.stats().misses; }
std::size_t YamlPieces::pieces_reused() const { return impl_->pieces.stats().hits; }
std::size_t YamlPieces::whole_parses() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->whole;
}
MemoStats YamlPieces::stats() const {
  MemoStats stats = impl_->pieces.stats();
  stats += impl_->skeletons.stats();
  return stats;
}

namespace {

// `piece`'s item as a tree: its own lines at their own numbers, parsed alone; nullopt when
// the parse said anything or gave no single item.
std::optional<YamlNode> parse_piece(const SourceText& source, const std::vector<Line>& lines, const Piece& piece) {
  const std::string& text = source.text();
  std::string alone(piece.first_line, '\n');
  alone.append(text, lines[piece.first_line].begin, lines[piece.end_line - 1].end - lines[piece.first_line].begin);
  alone += '\n';
  Diagnostics said;
  std::optional<YamlNode> root = parse_yaml(SourceText(std::move(alone), source.file()), said);
  if (!root || !said.all().empty() || !root->is_sequence() || root->items.size() != 1) return std::nullopt;
  return std::move(root->items.front());
}

// Puts each piece's tree where its placeholder is (a null item on the piece's first line);
// false when a placeholder is not found exactly once.
bool put_back(YamlNode& node, std::map<int, YamlNode>& by_line) {
  for (YamlNode& item : node.items) {
    if (node.is_sequence() && item.is_null()) {
      auto it = by_line.find(item.span.line);
      if (it != by_line.end()) {
        item = std::move(it->second);
        by_line.erase(it);
        continue;
      }
    }
    if (!put_back(item, by_line)) return false;
  }
  return true;
}

}  // namespace

std::optional<YamlNode> parse_yaml_in_pieces(const SourceText& source, Diagnostics& diags, YamlPieces* cache) {
  const std::string& text = source.text();
  const auto whole = [&] {
    if (cache) {
      std::lock_guard lock(cache->impl().mutex);
      ++cache->impl().whole;
    }
    return parse_yaml(source, diags);
  };
  if (!cache || text.size() < kSmallestCut || text.size() > limits::kMaxInputBytes || !utf8_valid(text) ||
      text.find('\0') != std::string::npos)
    return whole();
  // A file read once (a build, each CV of a batch) is read whole: cutting pays only from the
  // second reading on (a watch), and costs a little more than the whole parse the first time.
  if (!cache->impl().seen.find(source.file())) {
    cache->impl().seen.keep(source.file(), true);
    return whole();
  }
  const std::vector<Line> lines = lines_of(text);
  if (has_unsafe_syntax(text, lines) || has_multiline_quotes(text, lines)) return whole();
  const std::vector<Piece> pieces = pieces_of(text, lines);
  if (pieces.size() < 2) return whole();

  // The file with every piece a placeholder: "- ~" at the dash, the rest blank.
  std::string skeleton;
  skeleton.reserve(text.size());
  std::size_t next_piece = 0;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const Line& line = lines[k];
    if (next_piece < pieces.size() && k >= pieces[next_piece].first_line) {
      const Piece& piece = pieces[next_piece];
      if (k == piece.first_line) skeleton.append(static_cast<std::size_t>(piece.indent), ' ').append("- ~");
      if (k + 1 == piece.end_line) ++next_piece;
    } else {
      skeleton.append(text, line.begin, line.end - line.begin);
    }
    if (line.end < text.size()) skeleton += '\n';
  }
  // An edit inside an entry leaves the rest of the file as it was: the placeholders' text
  // too, whose tree is kept (a few files' worth).
  const std::string skeleton_key = source.file() + '\n' + skeleton;
  std::optional<YamlNode> root = cache->impl().skeletons.find(skeleton_key);
  if (!root) {
    Diagnostics said;
    root = parse_yaml(SourceText(std::move(skeleton), source.file()), said);
    if (!root || !said.all().empty()) return whole();
    cache->impl().skeletons.keep(skeleton_key, *root);
  }

  std::map<int, YamlNode> by_line;
  for (const Piece& piece : pieces) {
    std::string key = source.file() + '\n' + std::to_string(piece.first_line) + '\n';
    key.append(text, lines[piece.first_line].begin, lines[piece.end_line - 1].end - lines[piece.first_line].begin);
    std::optional<YamlNode> item = cache->impl().pieces.find(key);
    if (!item) {
      item = parse_piece(source, lines, piece);
      if (!item) return whole();
      cache->impl().pieces.keep(std::move(key), *item);
    }
    by_line.emplace(static_cast<int>(piece.first_line) + 1, std::move(*item));
  }
  if (!put_back(*root, by_line) || !by_line.empty()) return whole();
  // The reader's nesting limit is checked by the whole parse, which also says where.
  if (depth_of(*root) + 4 >= static_cast<std::size_t>(limits::kMaxNestingDepth)) return whole();
  return root;
}

}  // namespace hanji::config
