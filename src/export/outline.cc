// The CV as lines in the PDF's order, for the Markdown and plain-text exports.
#include "export/outline.h"

#include <fmt/format.h>

#include "compose/compose.h"
#include "core/links.h"

namespace hanji::exports {

namespace {

using model::Entry;
using model::EntryKind;
using Kind = Line::Kind;

// "DEGREE in AREA" with the entry's texts; without one of them, the other alone.
std::string degree_with_area(const Entry& entry, const model::Locale& locale) {
  if (entry.degree.empty()) return entry.area.value;
  if (entry.area.empty()) return entry.degree.value;
  std::string phrase = locale.degree_with_area;
  const size_t degree = phrase.find("DEGREE");
  if (degree != std::string::npos) phrase.replace(degree, 6, entry.degree.value);
  const size_t area = phrase.find("AREA");
  if (area != std::string::npos) phrase.replace(area, 4, entry.area.value);
  return phrase;
}

// "Apr 2021 – present · Seoul": what the date column shows, on one line.
std::string dates_and_place(const Entry& entry, const model::Locale& locale) {
  std::string dates = compose::format_dates(entry, locale);
  if (entry.location.empty()) return dates;
  return dates.empty() ? entry.location.value : dates + " \u00B7 " + entry.location.value;
}

void add(OutlineEntry& out, Kind kind, const std::string& text, int number = 0) {
  if (!text.empty()) out.lines.push_back(Line{text, kind, number});
}

std::string authors_of(const Entry& entry, const std::string& owner) {
  std::string out;
  for (const model::Text& author : entry.authors) {
    if (!out.empty()) out += ", ";
    // The owner's name in bold, as the PDF sets it.
    out += !owner.empty() && compose::plain_text(author.value) == owner ? "**" + author.value + "**" : author.value;
  }
  return out;
}

OutlineEntry entry_lines(const Entry& entry, const model::CvFile& file, size_t index, size_t count) {
  OutlineEntry out;
  const model::Locale& locale = file.locale;
  switch (entry.kind) {
    case EntryKind::Text: add(out, Kind::Paragraph, entry.text.value); return out;
    case EntryKind::Bullet: add(out, Kind::Bullet, entry.text.value); return out;
    case EntryKind::Numbered: add(out, Kind::Numbered, entry.text.value, static_cast<int>(index + 1)); return out;
    case EntryKind::ReversedNumbered:
      add(out, Kind::Numbered, entry.text.value, static_cast<int>(count - index));
      return out;
    case EntryKind::OneLine:
      add(out, Kind::Paragraph,
          entry.label.empty() ? entry.details.value : fmt::format("**{}:** {}", entry.label.value, entry.details.value));
      return out;
    case EntryKind::Experience:
      add(out, Kind::Title, entry.position.empty() ? entry.company.value : entry.position.value);
      if (!entry.position.empty()) add(out, Kind::Subtitle, entry.company.value);
      add(out, Kind::Detail, dates_and_place(entry, locale));
      break;
    case EntryKind::Education:
      add(out, Kind::Title, entry.institution.value);
      add(out, Kind::Subtitle, degree_with_area(entry, locale));
      add(out, Kind::Detail, dates_and_place(entry, locale));
      break;
    case EntryKind::Normal:
      add(out, Kind::Title, entry.name.value);
      add(out, Kind::Detail, dates_and_place(entry, locale));
      break;
    case EntryKind::Publication: {
      add(out, Kind::Title, entry.title.value);
      add(out, Kind::Subtitle, authors_of(entry, compose::plain_text(file.cv.name.value)));
      std::string venue = entry.journal.value;
      if (std::string date = compose::format_dates(entry, locale); !date.empty())
        venue += (venue.empty() ? "" : " \u00B7 ") + date;
      add(out, Kind::Detail, venue);
      if (!entry.doi.empty())
        add(out, Kind::Detail, fmt::format("[{}](https://doi.org/{})", entry.doi.value, entry.doi.value));
      else if (const std::string link = link_target(entry.url.value).uri; !link.empty())
        add(out, Kind::Detail, fmt::format("[{}]({})", entry.url.value, link));
      else  // no web, mail or phone address: shown, not linked, as in the PDF
        add(out, Kind::Detail, entry.url.value);
      break;
    }
  }
  add(out, Kind::Paragraph, entry.summary.value);
  for (const model::Highlight& highlight : entry.highlights) {
    add(out, Kind::Bullet, highlight.text.value);
    for (const model::Text& child : highlight.children) add(out, Kind::SubBullet, child.value);
  }
  return out;
}

std::string contact_markup(const model::Contact& contact) {
  if (contact.url.empty()) return contact.text.value;
  return fmt::format("[{}]({})", contact.text.value, contact.url);
}

}  // namespace

Outline outline_of(const model::CvFile& file) {
  Outline outline{file.cv.name.value, file.cv.headline.value, {}, {}};
  for (const model::Contact& contact : file.cv.contacts) outline.contacts.push_back(contact_markup(contact));
  for (const model::Section& section : file.cv.sections) {
    if (section.entries.empty()) continue;
    OutlineSection out{section.title.value, {}};
    for (size_t i = 0; i < section.entries.size(); ++i)
      out.entries.push_back(entry_lines(section.entries[i], file, i, section.entries.size()));
    outline.sections.push_back(std::move(out));
  }
  return outline;
}

std::string plain(const std::string& text) {
  Diagnostics quiet;
  std::string out, label, link;
  auto flush = [&] {
    out += label;
    const bool shows_address = link.empty() || link == label || link.starts_with("mailto:") || link.starts_with("tel:") ||
                               link.ends_with("://" + label) || link.ends_with("://" + label + "/");
    if (!shows_address) out += " (" + link + ")";
    label.clear();
  };
  for (const compose::Inline& run : compose::parse_inline(model::Text{text, {}}, compose::FontSpec{}, Rgb{}, quiet)) {
    if (run.link != link) flush();  // a link's label may be several runs (bold inside it)
    link = run.link;
    label += run.text;
  }
  flush();
  return out;
}

}  // namespace hanji::exports
