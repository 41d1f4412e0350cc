// compose(): the header, every section, then the PDF metadata and the page furniture.
#include "compose/compose.h"

#include <algorithm>

#include "compose/builder.h"
#include "compose/markup.h"

namespace hanji::compose {
namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (size_t pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size()))
    text.replace(pos, from.size(), to);
}

std::string current_date_text(const source::CvFile& file) {
  if (!file.settings.current_date) return "";
  source::Entry dated;
  dated.date = file.settings.current_date;
  return format_dates(dated, file.locale);
}

// settings.pdf_title with NAME (and CURRENT_DATE) filled in, else "NAME – CV" / "NAME 이력서",
// or just "CV" / "이력서" for a CV without a name.
std::string document_title(const source::CvFile& file, const std::string& name) {
  const bool korean = file.locale.language == "ko";
  std::string title = file.settings.pdf_title;
  if (title.empty()) title = name.empty() ? (korean ? "이력서" : "CV") : (korean ? "NAME 이력서" : "NAME \u2013 CV");
  replace_all(title, "CURRENT_DATE", current_date_text(file));
  replace_all(title, "NAME", name);
  return title;
}

Metadata metadata(const source::CvFile& file) {
  Metadata meta;
  meta.author = plain_text(file.cv.name.value);
  meta.title = document_title(file, meta.author);
  meta.subject = plain_text(file.cv.headline.value);
  for (const auto& section : file.cv.sections)
    if (!section.entries.empty())
      meta.keywords += (meta.keywords.empty() ? "" : ", ") + plain_text(section.title.value);
  meta.language = file.locale.language;
  return meta;
}

Furniture furniture(const source::CvFile& file, const layout::Theme& theme) {
  Furniture f;
  f.page_numbers = theme.page_numbers;
  f.page_number_format = file.locale.page_number;
  f.footer_font = font_of(theme.footer);
  return f;
}

}  // namespace

std::string ascii_lower(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

// Whether the layout's side column takes this section: its title contains one of the
// layout's words, in any case ("Skills", "Programming Languages", "보유 기술").
bool goes_to_side(const source::Section& section, const layout::Theme& theme) {
  if (theme.sidebar_side == layout::SidebarSide::None) return false;
  const std::string title = ascii_lower(plain_text(section.title.value));
  return std::any_of(theme.sidebar_sections.begin(), theme.sidebar_sections.end(), [&](const std::string& word) {
    return !word.empty() && title.find(ascii_lower(word)) != std::string::npos;
  });
}

Composition compose(const source::CvFile& file, const layout::Theme& theme, Diagnostics& diags) {
  Builder builder(file, theme, diags);
  add_header(builder);
  // The first section of each column follows the header (or the side column's photo and
  // contacts) with header.space_below instead of section.space_above.
  bool first_main = true;
  builder.set_region(Builder::Region::Side);
  bool first_side = builder.empty_region();
  for (const auto& section : file.cv.sections) {
    // A title over nothing looks like a mistake on paper; say so rather than print it.
    if (section.entries.empty()) {
      diags.warning(section.title.span, "section '" + excerpt(section.title.value) + "' has no entries and is left out",
                    {"add entries to it, or delete the section"});
      continue;
    }
    const bool side = goes_to_side(section, theme);
    builder.set_region(side ? Builder::Region::Side : Builder::Region::Main);
    bool& first = side ? first_side : first_main;
    add_section(builder, section, first);
    first = false;
  }
  Composition composition{builder.take_blocks(), builder.take_side(), builder.take_top(), metadata(file),
                          furniture(file, theme)};
  return composition;
}

}  // namespace hanji::compose
