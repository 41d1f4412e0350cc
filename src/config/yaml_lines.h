// Private to the config module: one line of a YAML file read as yaml-cpp reads quotes,
// comments and block scalars, for the one place that looks at a file's lines before yaml-cpp
// does: the pieces a watched file is cut into for parsing again.
#pragma once

#include <string_view>

namespace hanji::config {

/// What a line that is neither blank nor a comment line shows of the file's structure.
struct ContentLine {
  bool quote_left_open = false;        // a quoted text goes on past the line, or may
  bool tagged = false;                 // a tag ("!x"), after which a quote opens a text at once
  bool opens_block_scalar = false;     // "key: |", "- >-", "|": the lines under it are its text
  bool scalar_at_indentation = false;  // the '|' or '>' is the line's first character
};

/// `line` without its indentation and line break. A quote opens a text unless it follows a
/// letter or digit inside a plain text (yaml-cpp starts a quoted text wherever a token may
/// start: after a space, a bracket, a comma, a colon, a closing quote, a tag); " #" outside
/// quotes starts a comment, which may follow a block scalar's indicator. Errs towards a quote
/// left open (a plain text with a stray quote): callers then leave the file to yaml-cpp whole.
ContentLine read_content_line(std::string_view line);

}  // namespace hanji::config
