// A letter's body and a 자기소개서's answer: paragraphs and "- " lists (text_blocks.h).
#include "readers/text_blocks.h"

#include <fmt/format.h>

namespace hanji::readers {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// [begin, end) of value's line without the blanks around it.
std::pair<size_t, size_t> trimmed(std::string_view value, size_t begin, size_t end) {
  while (begin < end && is_blank(value[begin])) ++begin;
  while (end > begin && is_blank(value[end - 1])) --end;
  return {begin, end};
}

// One text read line by line into `blocks`; false once the reader's bound on parts stops it.
bool add_blocks_of_text(const YamlNode& scalar, Reader& reader, std::vector<TextBlock>& blocks) {
  const std::string& value = scalar.scalar;
  // Only a literal block keeps the writer's single line breaks; in any other style a line
  // break left in the value was a blank line in the file.
  const bool soft_breaks = scalar.style == ScalarStyle::Literal;
  ScalarLocator locate(reader.source, scalar);  // asked in increasing order: one walk of the value
  const size_t first_block = blocks.size();
  bool after_blank = true;
  for (size_t at = 0; at < value.size();) {
    size_t end = value.find('\n', at);
    if (end == std::string::npos) end = value.size();
    auto [begin, stop] = trimmed(value, at, end);
    at = end + 1;
    if (begin == stop) {
      after_blank = true;
      continue;
    }
    const std::string_view line(value.data() + begin, stop - begin);
    const bool item = line == "-" || line.starts_with("- ") || line.starts_with("-\t");
    if (item) begin = trimmed(value, begin + 1, stop).first;
    const std::string_view text(value.data() + begin, stop - begin);
    const bool continues = !item && !after_blank && blocks.size() > first_block;
    after_blank = !soft_breaks;
    if (continues) {
      Text& last = blocks.back().items.back();
      if (last.value.empty()) last.span = locate.at(begin);  // an item written "-" alone, its text below
      else last.value += ' ';
      last.value += text;
      continue;
    }
    const Span span = locate.at(begin);
    if (!reader.count_parts(span, 1, false)) return false;
    if (!item) {
      blocks.push_back(TextBlock{{Text{std::string(text), span}}, false});
      continue;
    }
    // Markdown's rule: items parted only by blank lines are one list.
    if (blocks.size() == first_block || !blocks.back().list) blocks.push_back(TextBlock{{}, true});
    blocks.back().items.push_back(Text{std::string(text), span});
  }
  return true;
}

// A nested list of a list of texts: one list, each text an item (each paragraph, should one
// text hold several).
bool add_list(const YamlNode& list, std::string_view key, Reader& reader, std::vector<TextBlock>& blocks) {
  TextBlock block{{}, true};
  bool whole = true;
  for (const YamlNode& entry : list.items) {
    if (entry.is_null()) continue;
    if (!entry.is_scalar()) {
      reader.text(entry, key);  // the usual "expected text" error
      continue;
    }
    std::vector<TextBlock> pieces;
    whole = add_blocks_of_text(entry, reader, pieces);
    for (TextBlock& piece : pieces)
      for (Text& text : piece.items) block.items.push_back(std::move(text));
    if (!whole) break;
  }
  if (!block.items.empty()) blocks.push_back(std::move(block));
  return whole;
}

}  // namespace

std::vector<TextBlock> read_text_blocks(const YamlNode& node, std::string_view key, std::string_view hint,
                                        Reader& reader) {
  std::vector<TextBlock> blocks;
  if (node.is_scalar()) {
    add_blocks_of_text(node, reader, blocks);
  } else if (node.is_sequence()) {
    for (const YamlNode& item : node.items) {
      if (item.is_null()) continue;
      const bool going = item.is_sequence() ? add_list(item, key, reader, blocks)
                         : item.is_scalar() ? add_blocks_of_text(item, reader, blocks)
                                            : (reader.text(item, key), true);  // the usual "expected text" error
      if (!going) break;
    }
  } else if (!node.is_null()) {
    reader.diags.error(node.span, fmt::format("expected text or a list for '{}', found {}", key, describe_kind(node)),
                       {std::string(hint)});
  }
  // An item written "-" with nothing after it is no item.
  for (TextBlock& block : blocks) std::erase_if(block.items, [](const Text& text) { return text.empty(); });
  std::erase_if(blocks, [](const TextBlock& block) { return block.items.empty(); });
  return blocks;
}

}  // namespace hanji::readers
