// Markdown and plain text from the outline; the format names.
#include "export/export.h"

#include <fmt/format.h>

#include "compose/compose.h"
#include "export/outline.h"

namespace hanji::exports {

std::string json_resume(const model::CvFile& file, const std::string& output_dir);  // json_resume.cc

namespace {

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : std::string(separator)) + part;
  return out;
}

std::string markdown(const Outline& outline) {
  std::string out;
  if (!outline.name.empty()) out += "# " + compose::markup_linked_as_set(outline.name) + "\n\n";
  if (!outline.headline.empty()) out += compose::markup_linked_as_set(outline.headline) + "\n\n";
  if (!outline.contacts.empty()) out += join(outline.contacts, " \u00B7 ") + "\n\n";
  for (const OutlineSection& section : outline.sections) {
    out += "## " + section.title + "\n\n";
    for (const OutlineEntry& entry : section.entries) {
      Line::Kind previous = Line::Kind::Title;
      for (size_t i = 0; i < entry.lines.size(); ++i) {
        const Line& line = entry.lines[i];
        const bool list = line.kind == Line::Kind::Bullet || line.kind == Line::Kind::SubBullet ||
                          line.kind == Line::Kind::Numbered;
        const bool was_list = i > 0 && (previous == Line::Kind::Bullet || previous == Line::Kind::SubBullet ||
                                        previous == Line::Kind::Numbered);
        if (i > 0 && (line.kind == Line::Kind::Paragraph || (list && !was_list))) out += "\n";
        // The CV's own markup, linked as the PDF links it: a Markdown viewer would otherwise
        // make a javascript: link clickable that the PDF refused.
        const std::string text = compose::markup_linked_as_set(line.text);
        switch (line.kind) {
          case Line::Kind::Title: out += "### " + text + "\n\n"; break;
          // Subtitles and details are lines of one paragraph: two spaces end a Markdown line.
          case Line::Kind::Subtitle: out += text + "  \n"; break;
          case Line::Kind::Detail: out += "*" + text + "*  \n"; break;
          case Line::Kind::Paragraph: out += text + "\n"; break;
          case Line::Kind::Bullet: out += "- " + text + "\n"; break;
          case Line::Kind::SubBullet: out += "  - " + text + "\n"; break;
          case Line::Kind::Numbered: out += fmt::format("{}. {}\n", line.number, text); break;
        }
        previous = line.kind;
      }
      out += "\n";
    }
  }
  while (out.ends_with("\n\n")) out.pop_back();
  return out;
}

std::string plain_text(const Outline& outline) {
  std::string out;
  if (!outline.name.empty()) out += plain(outline.name) + "\n";
  if (!outline.headline.empty()) out += plain(outline.headline) + "\n";
  std::vector<std::string> contacts;
  for (const std::string& contact : outline.contacts) contacts.push_back(plain(contact));
  if (!contacts.empty()) out += join(contacts, " | ") + "\n";
  for (const OutlineSection& section : outline.sections) {
    out += "\n" + plain(section.title) + "\n";
    for (const OutlineEntry& entry : section.entries) {
      const bool titled = !entry.lines.empty() && entry.lines.front().kind == Line::Kind::Title;
      if (titled) out += "\n";
      for (const Line& line : entry.lines) {
        const std::string text = plain(line.text);
        switch (line.kind) {
          case Line::Kind::Bullet: out += "\u2022 " + text + "\n"; break;
          case Line::Kind::SubBullet: out += "  \u25E6 " + text + "\n"; break;
          case Line::Kind::Numbered: out += fmt::format("{}. {}\n", line.number, text); break;
          default: out += text + "\n";
        }
      }
    }
  }
  return out;
}

}  // namespace

std::optional<Format> parse_format(std::string_view name) {
  if (name == "md" || name == "markdown") return Format::Markdown;
  if (name == "txt" || name == "text") return Format::PlainText;
  if (name == "json-resume" || name == "json") return Format::JsonResume;
  return std::nullopt;
}

std::string_view extension(Format format) {
  switch (format) {
    case Format::Markdown: return ".md";
    case Format::PlainText: return ".txt";
    case Format::JsonResume: return ".json";
  }
  return ".txt";
}

std::string export_cv(const model::CvFile& file, Format format, const std::string& output_dir) {
  switch (format) {
    case Format::Markdown: return markdown(outline_of(file));
    case Format::PlainText: return plain_text(outline_of(file));
    case Format::JsonResume: return json_resume(file, output_dir);
  }
  return "";
}

}  // namespace hanji::exports
