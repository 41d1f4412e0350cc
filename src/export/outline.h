// Private to the export module: the CV as an outline of plain lines in the PDF's order, which
// Markdown and plain text then write each in their own way.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"

namespace hanji::exports {

/// Text whose inline markup (**bold**, *italic*, `code`, [links](url)) is kept, for the
/// writer to render or strip.
struct Line {
  std::string text;
  enum class Kind { Title, Subtitle, Detail, Paragraph, Bullet, SubBullet, Numbered } kind = Kind::Paragraph;
  int number = 0;  // for Numbered
};

struct OutlineEntry {
  std::vector<Line> lines;
};

struct OutlineSection {
  std::string title;
  std::vector<OutlineEntry> entries;
};

struct Outline {
  std::string name, headline;
  std::vector<std::string> contacts;  // as shown, with their links in markup: [github.com/jane](https://...)
  std::vector<OutlineSection> sections;
};

Outline outline_of(const model::CvFile& file);

/// `text` with hanji's markup removed; links as "label (url)" unless the label is the address.
std::string plain(const std::string& text);

}  // namespace hanji::exports
