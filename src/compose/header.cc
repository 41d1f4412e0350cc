// The header: name, headline and one contact line, centred by default; with a photo the
// three are set left-aligned beside it.
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "compose/builder.h"

namespace hanji::compose {
namespace {

// The contacts as the layout shows them: social networks by username when it asks for that,
// and without links when it wants plain text.
std::vector<model::Contact> shown_contacts(const Builder& b) {
  std::vector<model::Contact> contacts = b.cv().contacts;
  for (model::Contact& contact : contacts) {
    if (b.theme().social_usernames && contact.kind == model::Contact::Kind::Social)
      for (const model::SocialNetwork& social : b.cv().social_networks)
        if (social.url == contact.url) contact.text = social.username;
    if (!b.theme().contact_links) contact.url.clear();
  }
  return contacts;
}


namespace fs = std::filesystem;

// The icon (a Fork Awesome code point, in the Private Use Area) drawn before a contact.
std::string contact_icon(const model::Contact& contact) {
  using Kind = model::Contact::Kind;
  switch (contact.kind) {
    case Kind::Location: return "\uF041";  // map-marker
    case Kind::Email: return "\uF0E0";     // envelope
    case Kind::Phone: return "\uF095";     // phone
    case Kind::Website: return "\uF0AC";   // globe
    case Kind::Social: break;
  }
  static const std::pair<const char*, const char*> kNetworks[] = {
      {"LinkedIn", "\uF0E1"},      {"GitHub", "\uF09B"},    {"GitLab", "\uF296"},   {"IMDB", "\uF2D8"},
      {"Instagram", "\uF16D"},     {"ORCID", "\uF337"},     {"Mastodon", "\uF2E1"}, {"StackOverflow", "\uF16C"},
      {"ResearchGate", "\uF338"},  {"YouTube", "\uF167"},   {"Google Scholar", "\uF19D"},
      {"Telegram", "\uF2C6"},      {"WhatsApp", "\uF232"},  {"Leetcode", "\uF121"}, {"X", "\uF099"},
      {"Reddit", "\uF1A1"}};
  for (const auto& [network, icon] : kNetworks)
    if (contact.network == network) return icon;
  return "\uF0C1";  // link
}

// A contact as it is set: its icon (where the layout shows icons) kept to it by a no-break
// space, reading as nothing in the text, then its text, linked.
void append_contact(const Builder& b, const model::Contact& contact, const theme::TextStyle& style,
                    bool unbreakable, std::vector<Inline>& out) {
  if (b.theme().contact_icons) {
    FontSpec icon_font = font_of(style);
    icon_font.color = b.theme().icon_color;
    out.push_back(Inline{contact_icon(contact) + "\u00A0", icon_font, contact.url, {}});
  }
  // Where the layout asks, a link reads as one in the links' colour, as in the body; the
  // place, never a link, keeps the contacts' own.
  FontSpec font = font_of(style);
  if (!contact.url.empty() && b.theme().contact_links_colored) font.color = b.theme().link_color;
  out.push_back(Inline{contact.text.value, font, contact.url, contact.text.span, unbreakable});
}

// The least gap between a hanging contact icon and its text, in ems of the contact style.
constexpr double kIconGapEm = 0.3;

// How far a column's contacts stand in to hang their icons: the widest icon (Fork Awesome's
// are at most an em wide) and its gap, and at least as far as the column's entries stand in
// (region.indent), so that the contacts' texts and the entries below them share one left edge,
// the icons out on the section titles' edge.
double region_icon_column(const theme::Theme& theme, const theme::Region& region) {
  return std::max(region.indent, (1 + kIconGapEm) * theme.contact.size);
}

// A contact's icon as a hanging marker: drawn before the text's first line, read as nothing
// (an icon, like a bullet, is not a word of the CV). Only the text is linked: a link on the
// icon would be an annotation outside the tagged PDF's Link elements (the icon is an artifact).
// An em-wide icon starts at the column's edge; narrower ones keep the same gap to the text.
Marker contact_icon_marker(const Builder& b, const model::Contact& contact, const theme::Region& region) {
  const theme::Theme& theme = b.theme();
  FontSpec icon_font = font_of(theme.contact);
  icon_font.color = theme.icon_color;
  Marker icon{Inline{contact_icon(contact), icon_font, "", {}}, region_icon_column(theme, region) - theme.contact.size};
  icon.list_item = false;
  return icon;
}

// One Inline per contact, separated by header.separator. Contact texts are shown verbatim
// (e-mail addresses and URLs are not markup); links keep the contact colour so the header
// reads as one line.
std::optional<Paragraph> contact_line(Builder& b, theme::Align align) {
  const auto& contacts = shown_contacts(b);
  if (contacts.empty()) return std::nullopt;
  const theme::TextStyle& style = b.theme().contact;
  // An empty separator would run the items together, in print and in extracted text.
  const std::string& separator = b.theme().contact_separator.empty() ? " " : b.theme().contact_separator;
  std::vector<Inline> inlines;
  for (const auto& contact : contacts) {
    if (contact.text.empty()) continue;
    if (!inlines.empty()) inlines.push_back(Inline{separator, font_of(style), "", {}});
    append_contact(b, contact, style, true, inlines);
  }
  if (inlines.empty()) return std::nullopt;
  Paragraph p = b.paragraph(std::move(inlines), style, align, contacts.front().text.span);
  p.is_name = true;  // addresses and handles must never be hyphenated
  // Centred lines look best of even length; left- or right-aligned ones use the width, as a
  // letterhead does, instead of wrapping at half of it.
  p.balance = align == theme::Align::Center;
  return p;
}

// A name written family name first without a space between the names: Hangul, kana, CJK
// ideographs. Any other script (José García, Łukasz Nowak, Ελένη Παππά) puts the family name
// last, after a space.
bool family_name_first(const std::string& text) {
  for (char32_t c : utf8_decode(text))
    if ((c >= 0x1100 && c <= 0x11FF) || (c >= 0x3040 && c <= 0x30FF) || (c >= 0x3130 && c <= 0x318F) ||
        (c >= 0x3400 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF))
      return true;
  return false;
}

// Awesome-CV's name: the first names light, the last name in the accent style. A Korean
// name is not split (the family name comes first and has no space): it takes the accent
// style whole, and a name in another script after it, "김하늘 (Haneul Kim)", stays light.
void two_tone(std::vector<Inline>& inlines, const FontSpec& accent) {
  if (inlines.size() != 1) return;
  Inline& name = inlines[0];
  if (family_name_first(name.text)) {
    const size_t open = name.text.find(" (");
    Inline korean = name;
    korean.font = accent;
    if (open == std::string::npos || open == 0) {
      name = std::move(korean);
      return;
    }
    korean.text = name.text.substr(0, open);
    name.text.erase(0, open);
    name.span = name.span.shifted(static_cast<int>(utf8_decode(korean.text).size()));
    inlines.insert(inlines.begin(), std::move(korean));
    return;
  }
  const size_t space = name.text.find_last_of(' ');
  if (space == std::string::npos || space == 0 || space + 1 >= name.text.size()) return;
  Inline last = name;
  last.text = name.text.substr(space + 1);
  last.font = accent;
  last.span = name.span.shifted(utf8_length(std::string_view(name.text).substr(0, space + 1)));
  name.text.erase(space + 1);
  inlines.push_back(std::move(last));
}

// The photo as written may be relative to the CV file (RenderCV's rule) or already
// resolved by the reader; take whichever exists.
std::string photo_path(const Builder& b) {
  fs::path photo(b.cv().photo.value);
  if (photo.is_absolute()) return photo.string();
  fs::path beside_cv = fs::path(b.file().path).parent_path() / photo;
  std::error_code ec;
  if (fs::exists(beside_cv, ec) || !fs::exists(photo, ec)) return beside_cv.lexically_normal().string();
  return photo.string();
}

struct HeaderParts {
  std::optional<Paragraph> name, headline, contacts;
};

HeaderParts header_parts(Builder& b, theme::Align align, bool with_contacts) {
  const auto& theme = b.theme();
  HeaderParts parts;
  parts.name = b.paragraph(b.cv().name, theme.name, align);
  if (parts.name) {
    parts.name->is_name = true;
    parts.name->role = doc::Role::H1;
    if (theme.two_tone_name) two_tone(parts.name->inlines, font_of(theme.name_accent));
  }
  parts.headline = b.paragraph(b.cv().headline, theme.headline, align);
  // A headline is display text, set as a typesetter sets a title that wraps: in lines of even
  // length, not a full line over one word ("... inspection, / retrofit").
  if (parts.headline) parts.headline->balance = true;
  if (with_contacts) parts.contacts = contact_line(b, align);
  return parts;
}

void add_with_photo(Builder& b, HeaderParts parts) {
  const auto& theme = b.theme();
  // Only a CV with a photo needs room for one beside the name.
  const double text_width = theme.page_width - theme.margin_left - theme.margin_right;
  if (theme.photo_width > text_width / 2)
    b.diags().error(b.cv().photo.span,
                    fmt::format("the photo ({:.0f} pt wide, header.photo_width) takes more than half of the "
                                "{:.0f} pt text width",
                                theme.photo_width, text_width),
                    {"use a smaller header.photo_width (a 3 x 4 cm photo is 85pt wide) or smaller page margins"});
  else if (theme.photo_width + theme.photo_gap > text_width / 2)  // a 1000pt gap set the name a letter a line
    b.diags().error(b.cv().photo.span,
                    fmt::format("the photo ({:.0f} pt) and the gap beside it ({:.0f} pt, header.photo_gap) take more "
                                "than half of the {:.0f} pt text width, which the name and contacts need",
                                theme.photo_width, theme.photo_gap, text_width),
                    {"a gap of about 14pt is usual; use a smaller header.photo_gap"});
  Figure figure;
  figure.path = photo_path(b);
  figure.span = b.cv().photo.span;
  figure.width = theme.photo_width;
  figure.height = theme.photo_width * 4 / 3;  // the 3 x 4 cm Korean résumé photo
  figure.right = theme.photo_right;
  figure.gap = theme.photo_gap;
  figure.shape = static_cast<doc::ImageShape>(theme.photo_shape);
  if (theme.photo_shape == theme::PhotoShape::Circle) figure.height = figure.width;  // a circle needs a square
  // The spaces between them are the layout's, as without a photo.
  if (parts.headline) parts.headline->space_before = theme.headline_space;
  if (parts.contacts) parts.contacts->space_before = theme.contact_space;
  for (auto* part : {&parts.name, &parts.headline, &parts.contacts})
    if (*part) figure.beside.push_back(std::move(**part));
  b.add(std::move(figure), 0, b.cv().photo.span).group = b.new_group();
}

void add_stacked(Builder& b, HeaderParts parts) {
  const auto& theme = b.theme();
  struct Part {
    std::optional<Paragraph>* paragraph;
    double space_before;
  };
  std::vector<Part> present;
  for (Part part :
       {Part{&parts.name, 0}, Part{&parts.headline, theme.headline_space}, Part{&parts.contacts, theme.contact_space}})
    if (*part.paragraph) present.push_back(part);
  int group = b.new_group();
  for (size_t i = 0; i < present.size(); ++i) {
    Paragraph& p = **present[i].paragraph;
    Span span = p.span;
    Block& block = b.add(std::move(p), i == 0 ? 0 : present[i].space_before, span);
    block.group = group;
    block.keep_with_next = i + 1 < present.size();  // the header never splits across pages
  }
}

}  // namespace

// The photo on its own, at the top of a region of its own (a side column), as wide as the
// layout says or as the column is.
void add_region_photo(Builder& b, const theme::Region& region) {
  const auto& theme = b.theme();
  b.set_region(&region);
  Figure figure;
  figure.path = photo_path(b);
  figure.span = b.cv().photo.span;
  figure.width = std::min(theme.photo_width, theme::region_text_width(theme, region.name));
  figure.height = theme.photo_shape == theme::PhotoShape::Circle ? figure.width : figure.width * 4 / 3;
  figure.shape = static_cast<doc::ImageShape>(theme.photo_shape);
  b.add(std::move(figure), 0, b.cv().photo.span).group = b.new_group();
}

// The contacts one per line, each after its icon, at the top of a region of their own (a
// side column), below the photo when it is there too.
void add_region_contacts(Builder& b, const theme::Region& region) {
  const auto& theme = b.theme();
  b.set_region(&region);
  const bool after_photo = !b.empty_region();
  int group = b.new_group();
  bool first = true;
  for (const auto& contact : shown_contacts(b)) {
    if (contact.text.empty()) continue;
    Paragraph p = b.paragraph({Inline{contact.text.value, font_of(theme.contact), contact.url, contact.text.span}},
                              theme.contact, theme::Align::Left, contact.text.span);
    p.least_scale = theme.contact_least_scale;  // a long address a little smaller rather than broken
    // The icon hangs before the text as a list's bullet does: a long address that wraps goes
    // on under its own first letter, not under the icon.
    if (theme.contact_icons) {
      p.marker = contact_icon_marker(b, contact, region);
      p.indent_left = region_icon_column(theme, region);
    }
    p.is_name = true;
    const double space = first ? (after_photo ? theme.header_space_below : 0) : theme.contact_space;
    b.add(std::move(p), space, contact.text.span).group = group;
    first = false;
  }
}

// The header as a letterhead: the name and the headline on the left, the contacts one per line
// on the right, its first line on the name's baseline.
void add_split(Builder& b) {
  const auto& theme = b.theme();
  HeaderParts parts = header_parts(b, theme::Align::Left, false);
  Row row;
  if (parts.name) row.main.push_back(std::move(*parts.name));
  if (parts.headline) row.main.push_back(std::move(*parts.headline));
  std::vector<Inline> lines;
  Span first_span;
  for (const auto& contact : shown_contacts(b)) {
    if (contact.text.empty()) continue;
    if (!lines.empty()) lines.push_back(Inline{"\n", font_of(theme.contact), "", {}});
    if (!first_span.known()) first_span = contact.text.span;
    append_contact(b, contact, theme.contact, true, lines);
  }
  if (!lines.empty()) {
    Paragraph contacts = b.paragraph(std::move(lines), theme.contact, theme::Align::Right, first_span);
    contacts.is_name = true;
    row.aside.push_back(std::move(contacts));
  }
  if (row.main.empty() && row.aside.empty()) return;
  row.aside_width = row.aside.empty() ? 0 : theme.header_contacts_width;
  row.gap = row.aside.empty() ? 0 : theme.photo_gap;
  row.main_first = true;  // a name broken to make room for an address reads as two names
  row.under_separator = theme.contact_separator;
  row.under_space = theme.contact_space;
  const Span span = b.cv().name.span;
  b.add(std::move(row), 0, span).group = b.new_group();
}

// A title centred above everything ("이 력 서"), in the name's style.
void add_document_title(Builder& b) {
  const auto& theme = b.theme();
  const std::string title = in_language(theme.document_title, b.locale());
  if (title.empty()) return;
  Paragraph p = b.paragraph({Inline{title, font_of(theme.name), "", {}}}, theme.name, theme::Align::Center, {});
  p.is_name = true;
  p.role = doc::Role::H1;  // the form's title: the name stands in its table
  b.add(std::move(p), 0, {}).keep_with_next = true;
}

// The 인적사항 table: a labelled row for the name and each contact, beside the photo.
void add_header_table(Builder& b, bool photo) {
  const auto& theme = b.theme();
  const auto& labels = theme.header_table_labels;
  auto label_of = [&](size_t index) { return index < labels.size() ? in_language(labels[index], b.locale()) : ""; };
  FontSpec label_font = font_of(theme.body);
  label_font.bold = true;
  Table table = table_of(theme, {1, 3.2}, 2);
  table.shaded_columns[0] = true;
  auto add_row = [&](const std::string& label, std::vector<Inline> value, const Span& span, bool balance = false) {
    std::vector<Cell> row;
    row.push_back({b.paragraph({Inline{label, label_font, "", {}}}, theme.body, theme::Align::Center, span)});
    Paragraph content = b.paragraph(std::move(value), theme.body, theme::Align::Left, span);
    content.is_name = true;
    content.balance = balance;
    row.push_back({std::move(content)});
    table.rows.push_back(std::move(row));
  };
  if (!b.cv().name.empty()) add_row(label_of(0), b.inlines(b.cv().name, font_of(theme.body)), b.cv().name.span);
  if (!b.cv().headline.empty())
    // A headline is display text wherever it stands: wrapped, in lines of even length.
    add_row(label_of(5), b.inlines(b.cv().headline, font_of(theme.body)), b.cv().headline.span, true);
  using Kind = model::Contact::Kind;
  for (const auto& contact : shown_contacts(b)) {
    if (contact.text.empty()) continue;
    const size_t index = contact.kind == Kind::Location ? 1 : contact.kind == Kind::Email ? 2
                         : contact.kind == Kind::Phone  ? 3 : 4;
    const std::string label = contact.kind == Kind::Social ? contact.network : label_of(index);
    add_row(label, {Inline{contact.text.value, font_of(theme.body), contact.url, contact.text.span}}, contact.text.span);
  }
  if (photo) {
    Figure figure;
    figure.path = photo_path(b);
    figure.span = b.cv().photo.span;
    figure.width = theme.photo_width;
    figure.height = theme.photo_width * 4 / 3;  // 3 x 4 cm
    figure.shape = static_cast<doc::ImageShape>(theme.photo_shape);
    table.photo = std::move(figure);
  }
  if (table.rows.empty() && !table.photo) return;
  b.add(std::move(table), theme.headline_space, b.cv().name.span).group = b.new_group();
}

void add_header(Builder& b) {
  const auto& theme = b.theme();
  b.set_region(theme::region_taking(theme, "header"));
  const theme::Region& here = b.region();
  add_document_title(b);
  bool photo = !b.cv().photo.empty();
  if (theme.header_table) {
    add_header_table(b, photo);
    b.set_region(nullptr);
    return;
  }
  // The photo and the contacts go to regions of their own (a side column) where the layout
  // says so; otherwise they stay with the name.
  const theme::Region* photo_region = theme::region_taking(theme, "photo");
  const theme::Region* contacts_region = theme::region_taking(theme, "contacts");
  if (photo && photo_region && photo_region != &here) {
    add_region_photo(b, *photo_region);
    photo = false;
  }
  const bool contacts_here = !contacts_region || contacts_region == &here;
  if (!contacts_here) add_region_contacts(b, *contacts_region);
  b.set_region(&here);
  if (theme.header_split && !photo && contacts_here) {
    add_split(b);
    b.set_region(nullptr);
    return;
  }
  theme::Align align = photo ? theme.header_align_beside_photo : theme.header_align;
  HeaderParts parts = header_parts(b, align, contacts_here);
  if (parts.name || parts.headline || parts.contacts || photo) {
    if (photo)
      add_with_photo(b, std::move(parts));
    else
      add_stacked(b, std::move(parts));
  }
  b.set_region(nullptr);
}

}  // namespace hanji::compose
