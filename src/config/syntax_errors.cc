// yaml-cpp's syntax errors in our words. Its messages name the grammar ("illegal map value");
// ours name the likely mistake and what to write instead, judged from the offending line.
#include <yaml-cpp/exceptions.h>

#include <fmt/format.h>

#include <cstdlib>
#include <optional>
#include <cstring>

#include "config/yaml_tree.h"

namespace hanji::config {

namespace {

// The token at the error position, e.g. "*John" for an alias-looking value.
std::string_view token_at(std::string_view line, size_t byte_col) {
  if (byte_col >= line.size()) return {};
  size_t end = byte_col;
  while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != ',' &&
         line[end] != ']' && line[end] != '}')
    ++end;
  return line.substr(byte_col, end - byte_col);
}

// The rest of the line from the error position, quoted, for a "write it like this" hint.
std::string quoted_example(std::string_view line, size_t byte_col) {
  std::string_view rest = byte_col < line.size() ? line.substr(byte_col) : std::string_view{};
  if (size_t comment = rest.find(" #"); comment != std::string_view::npos) rest = rest.substr(0, comment);
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
  if (rest.find('"') == std::string_view::npos) return fmt::format("\"{}\"", rest);
  return fmt::format("'{}'", rest);
}

bool has_tab_indent(std::string_view line) {
  for (char c : line) {
    if (c == '\t') return true;
    if (c != ' ') return false;
  }
  return false;
}

// "name:Jane": a key glued to its value, which YAML reads as one word. Returns the glued
// text, or "" if the line does not look like that.
std::string_view glued_key_value(std::string_view line) {
  size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos) return {};
  if (line.substr(start).starts_with("- ")) start = line.find_first_not_of(' ', start + 2);
  if (start == std::string_view::npos || line[start] == '"' || line[start] == '\'' || line[start] == '#') return {};
  size_t colon = line.find(':', start);
  if (colon == std::string_view::npos || colon == start || colon + 1 >= line.size()) return {};
  char after = line[colon + 1];
  if (after == ' ' || after == '\t' || after == '/' || after == ':') return {};
  std::string_view key = line.substr(start, colon - start);
  if (key.find_first_of(" \t") != std::string_view::npos) return {};
  size_t end = line.find_first_of(" \t", colon);
  return line.substr(start, (end == std::string_view::npos ? line.size() : end) - start);
}

// A quote before the error position: text after a closing quote ("Jane "Doe"", 'it's').
bool quote_before(std::string_view line, size_t byte_col) {
  std::string_view before = line.substr(0, std::min(byte_col, line.size()));
  return before.find('"') != std::string_view::npos || before.find('\'') != std::string_view::npos;
}

void describe(Diagnostic& d, const std::string& message, std::string_view line, size_t col) {
  std::string_view token = token_at(line, col);
  char first = token.empty() ? '\0' : token[0];
  if (first == '*') {
    d.message = fmt::format("'{}' is read as a YAML alias because it starts with '*'", token);
    d.hints.push_back(fmt::format("put the value in quotes: {}", quoted_example(line, col)));
  } else if (first == '&') {
    d.message = fmt::format("'{}' is read as a YAML anchor because it starts with '&'", token);
    d.hints.push_back(fmt::format("put the value in quotes: {}", quoted_example(line, col)));
  } else if (first == '@' || first == '`') {
    d.message = fmt::format("a value cannot start with '{}' unless it is quoted", first);
    d.hints.push_back(fmt::format("put the value in quotes: {}", quoted_example(line, col)));
  } else if (message.starts_with(YAML::ErrorMsg::INVALID_UNICODE)) {
    // yaml-cpp: "invalid unicode: 55357" for "\uD83D", a surrogate half JSON tools write.
    const unsigned long value = std::strtoul(message.c_str() + std::strlen(YAML::ErrorMsg::INVALID_UNICODE), nullptr, 10);
    if (value >= 0xD800 && value <= 0xDFFF) {
      d.message = fmt::format("'\\u{:04X}' is half of a UTF-16 surrogate pair, not a character", value);
      d.hints.push_back("write the character itself, or one escape for the whole character: \\U0001F600 for 😀");
    } else {
      d.message = fmt::format("this escape names no Unicode character (U+{:X})", value);
      d.hints.push_back("write the character itself, or an escape from \\u0000 to \\U0010FFFF");
    }
  } else if (message == YAML::ErrorMsg::MAP_VALUE) {
    d.message = "unexpected ':' here";
    d.hints.push_back("if the value contains ': ', put it in quotes; otherwise check the indentation of this line");
  } else if (message == YAML::ErrorMsg::BLOCK_ENTRY) {
    d.message = "unexpected '- ' here";
    d.hints.push_back("a list item starts its own line; if the value itself starts with '- ', put it in quotes");
  } else if (message == YAML::ErrorMsg::END_OF_MAP || message == YAML::ErrorMsg::END_OF_SEQ) {
    d.message = message;
    if (quote_before(line, col)) {
      d.hints.push_back("nothing may follow a closing quote: to put quotes inside a value, wrap it in the other "
                        "kind ('say \"hi\"') or double a single quote inside single quotes ('it''s')");
    }
    d.hints.push_back("check the indentation: keys of one map, and the '- ' of one list, start in the same column");
  } else {
    d.message = message.empty() ? std::string("invalid YAML") : message;
    d.hints.push_back("check the YAML syntax here: indentation, quotes and brackets");
  }
}

}  // namespace

std::optional<CommaCutValue> comma_cut_value(const YamlNode& map) {
  if (!map.is_map()) return std::nullopt;
  for (size_t i = 1; i < map.items.size(); ++i) {
    const YamlNode& cut = map.items[i - 1];
    if (!map.items[i].is_null() || !cut.is_scalar() || map.key_spans[i].line != cut.span.line) continue;
    // The value as meant: the text and every key without a value after it on its line
    // ("Mapo-gu, Seoul, Korea").
    std::string whole = cut.scalar;
    for (size_t next = i; next < map.items.size() && map.items[next].is_null() &&
                          map.key_spans[next].line == cut.span.line;
         ++next)
      whole += ", " + map.keys[next];
    const std::string quoted = whole.find('"') == std::string::npos ? fmt::format("\"{}\"", whole)
                                                                      : fmt::format("'{}'", whole);
    return CommaCutValue{map.key_spans[i], map.keys[i - 1], map.keys[i],
                         fmt::format("in a {{...}} map, a comma ends the value: quote it: {}: {}", map.keys[i - 1], quoted)};
  }
  return std::nullopt;
}

Diagnostic syntax_error(const SourceText& source, int line_no, int byte_col, const std::string& message) {
  Diagnostic d;
  d.span = source.span_at(line_no, byte_col);
  std::string_view line = source.line(line_no);
  std::string_view previous = line_no > 0 ? source.line(line_no - 1) : std::string_view{};
  describe(d, message, line, static_cast<size_t>(std::max(byte_col, 0)));
  std::string_view glued = glued_key_value(previous);
  if (glued.empty()) glued = glued_key_value(line);
  if (!glued.empty()) d.hints.push_back(fmt::format("put a space after the ':' in '{}'", glued));
  if (has_tab_indent(line)) {
    // The parser's own complaint about what follows the tab only misleads: say what it is.
    d.span = source.span_at(line_no, 0);
    d.message = "this line is indented with a tab; YAML indents with spaces only";
    d.hints = {"replace the tab with spaces, as many as the lines around it use for this level"};
  } else if (has_tab_indent(previous)) {
    d.hints.push_back("indent with spaces: YAML does not allow tabs for indentation");
  }
  return d;
}

}  // namespace hanji::config
