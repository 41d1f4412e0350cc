#include "config/yaml_lines.h"

#include <array>
#include <cctype>

namespace hanji::config {

namespace {

// The characters read_content_line stops at; it passes over the others a table lookup each.
constexpr std::array<bool, 256> kQuoteOrComment = [] {
  std::array<bool, 256> table{};
  for (unsigned char c : {'"', '\'', '#', '\\', '!'}) table[c] = true;
  return table;
}();

}  // namespace

ContentLine read_content_line(std::string_view line) {
  ContentLine out;
  char open = 0;
  std::size_t end = line.size();  // of the content, before any comment
  for (std::size_t i = 0; i < line.size(); ++i) {
    while (i < line.size() && !kQuoteOrComment[static_cast<unsigned char>(line[i])]) ++i;
    if (i == line.size()) break;
    const char c = line[i];
    if (open == 0) {
      const char before = i == 0 ? ' ' : line[i - 1];
      if (c == '#' && (before == ' ' || before == '\t') && i > 0) {
        end = i;
        break;
      }
      // Inside a plain text a quote follows a letter or digit ("Lee's", "90's"); anywhere
      // else yaml-cpp may be at the start of a token, even right after a closing quote.
      const auto byte = static_cast<unsigned char>(before);
      const bool in_plain_text = i > 0 && (std::isalnum(byte) || byte >= 0x80);
      if ((c == '"' || c == '\'') && !in_plain_text) open = c;
      if (c == '!' && !in_plain_text) out.tagged = true;
    } else if (open == '"' && c == '\\') {
      ++i;
    } else if (c == open) {
      if (open == '\'' && i + 1 < line.size() && line[i + 1] == '\'') ++i;  // '' inside '...'
      else open = 0;
    }
  }
  out.quote_left_open = open != 0;
  while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' || line[end - 1] == '\r')) --end;
  std::size_t at = end;  // the block scalar's indicators: | or >, then a digit, + or -
  while (at > 0 && (std::isdigit(static_cast<unsigned char>(line[at - 1])) || line[at - 1] == '+' || line[at - 1] == '-'))
    --at;
  if (at > 0 && (line[at - 1] == '|' || line[at - 1] == '>') && (at == 1 || line[at - 2] == ' ' || line[at - 2] == '\t')) {
    out.opens_block_scalar = true;
    out.scalar_at_indentation = at == 1;
  }
  return out;
}


}  // namespace hanji::config
