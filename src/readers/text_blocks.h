// A text of paragraphs and "- " lists, as a letter's body and a 자기소개서's answer are written:
// one reader for both, so that both read the same text the same way and point at the same places.
#pragma once

#include <string_view>
#include <vector>

#include "readers/reader.h"

namespace hanji::readers {

/// `node` as paragraphs and lists. One text: paragraphs between blank lines; a line that starts
/// with "- " an item of a list, the lines after it (up to a blank line or the next item) its
/// continuation; the lines of a paragraph joined by a space, as Markdown reads a soft break. As
/// in Markdown, blank lines between the items of a list keep one list, and a paragraph between
/// two lists makes two. In a folded (`>`), plain or quoted text YAML has already made each
/// single line break a space, so each line break left in it stands for a blank line and
/// parts a paragraph. A list of texts: each text read as one text is, each nested list a list
/// (its texts items). Each paragraph and item points at its first character in the file, in
/// every scalar style; each counts towards the reader's bound on parts, and the reading stops
/// there. Null: none. A map is an error "expected text or a list for 'KEY'" with `hint`.
std::vector<TextBlock> read_text_blocks(const YamlNode& node, std::string_view key, std::string_view hint,
                                        Reader& reader);

}  // namespace hanji::readers
