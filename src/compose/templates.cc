// Entry templates: tokens (literal text, fields, ** and * toggles), then the fields' inlines
// with the separators that belong to fields that have a value.
#include "compose/templates.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "compose/entries.h"
#include "core/links.h"
#include "compose/markup.h"

namespace hanji::compose {
namespace {

constexpr std::array<std::string_view, 23> kFields = {
    "POSITION",   "COMPANY",  "INSTITUTION",    "DEGREE",  "AREA",     "DEGREE_WITH_AREA", "NAME",    "TITLE",
    "AUTHORS",    "JOURNAL",  "DOI",            "URL",     "DATES",    "START_DATE",       "END_DATE", "DURATION",
    "DURATION_SHORT", "ONGOING", "LOCATION",    "LABEL",   "DETAILS",  "SUMMARY",          "HIGHLIGHTS"};

bool is_field_char(char c) { return (c >= 'A' && c <= 'Z') || c == '_'; }

// A word of capitals starting at `i` of a template line, not inside a word of its own: where
// it ends, and whether it stands whole (no letter or digit follows) as a field must; `i`
// itself when no such word starts there.
struct FieldWord {
  size_t end;
  bool whole;
};
FieldWord field_word_at(const std::string& line, size_t i) {
  if (!is_field_char(line[i]) || (i > 0 && std::isalnum(static_cast<unsigned char>(line[i - 1])))) return {i, false};
  size_t end = i;
  while (end < line.size() && is_field_char(line[end])) ++end;
  return {end, end == line.size() || !std::isalnum(static_cast<unsigned char>(line[end]))};
}

/// A piece of a template: literal text, or a field's inlines.
struct Piece {
  bool field = false;
  std::string literal;          // !field
  FontSpec font;                // !field: the literal's font
  std::vector<Inline> inlines;  // field: its value, possibly empty
};

Inline made(std::string text, const FontSpec& font) { return Inline{std::move(text), font, "", {}}; }

const model::Date* first_date(const model::Entry& entry) {
  if (entry.date) return &*entry.date;
  if (entry.start_date) return &*entry.start_date;
  if (entry.end_date) return &*entry.end_date;
  return nullptr;
}

/// What a date field holds: how its text may be divided between lines.
enum class DateText {
  Dates,     // a date or a range of two: each date whole ("May 2018", "מרץ 2019", "2021. 3.")
  // A time span, one piece ("4년 9개월", "4 years 8 months"): split between its parts, it read
  // as two lengths, and a reader took the half on the next line for the next row's. A table
  // column is never narrower than its widest piece, so the span stands on one line there; only
  // a span wider than the whole line breaks, by the breaker's emergency rules, at a space.
  Duration,
};

/// A date field's text as inlines, each a piece no line may break inside (DateText), that
/// carries the text after it up to the next piece ("May 2018 – "): a line may end between two
/// pieces only, after a range's dash; a duration is one piece. Without this, a
/// narrow table column broke a date between its month and its year ("מרץ" over "2019 – היום"),
/// where the line breaker's own rules do not know the month's name. The dash and spaces go with
/// the piece before them, not in an inline of their own: set alone, a dash would take a style
/// its date does not (an italic dash between upright Hebrew dates, a face without Hebrew).
std::vector<Inline> date_inlines(const std::string& text, const model::Date* date, const model::Entry& entry,
                                 const FontSpec& font, const std::string& range_separator,
                                 DateText kind = DateText::Dates) {
  if (text.empty()) return {};
  std::vector<std::string> pieces;
  if (kind == DateText::Duration) {
    pieces = {text};
  } else if (const std::size_t dash = range_separator.empty() ? std::string::npos : text.find(range_separator);
             dash != std::string::npos && dash > 0 && dash + range_separator.size() < text.size()) {
    pieces = {text.substr(0, dash + range_separator.size()), text.substr(dash + range_separator.size())};
  } else {
    pieces = {text};
  }
  const Span span = date ? date->span : entry.span;
  std::vector<Inline> out;
  int column = 0;  // where the piece stands in the field's text, in code points (core's columns)
  for (std::string& piece : pieces) {
    const int chars = static_cast<int>(std::count_if(piece.begin(), piece.end(), [](char c) {
      return (static_cast<unsigned char>(c) & 0xC0) != 0x80;  // not a UTF-8 continuation byte
    }));
    out.push_back(Inline{std::move(piece), font, "", span.known() ? span.shifted(column) : span, true});
    column += chars;
  }
  return out;
}

/// A spaced dash that joins two fields ("Teaching Assistant – Lagos") is tied to the word before
/// it, as a typesetter ties it: the space before the dash becomes a no-break space, so that a
/// line may end after the dash but never starts with it ("– St Andrews" at a line's start read
/// as a list's dash or a minus; the Chicago Manual breaks after a dash, not before). An
/// extractor still reads the plain space.
void tie_dash_to_previous(Inline& separator) {
  static constexpr std::string_view kSpacedDashes[] = {" \u2013 ", " \u2014 "};
  std::string& text = separator.text;
  for (const std::string_view dash : kSpacedDashes)
    if (text.size() >= dash.size() && text.compare(text.size() - dash.size(), dash.size(), dash) == 0) {
      if (separator.reads_as.empty()) separator.reads_as = text;
      text.replace(text.size() - dash.size(), 1, "\u00A0");
      return;
    }
}

/// Whether a template's text between two fields is a wide gap (two spaces or more, nothing
/// else): the run-in of a title line's two fields, where a line that must wrap wraps best.
bool is_wide_gap(std::string_view text) {
  return text.size() >= 2 && text.find_first_not_of(' ') == std::string_view::npos;
}

// The value of one field in `font`; fields that are texts of the CV keep their markup.
std::vector<Inline> field_inlines(Builder& b, const model::Entry& entry, std::string_view field,
                                  const FontSpec& font, bool role_colored_links, bool& names) {
  const theme::DateFormat format = b.theme().date_format;
  const Rgb link_color = role_colored_links ? font.color : b.theme().link_color;
  auto text = [&](const model::Text& t) {
    return t.empty() ? std::vector<Inline>{} : b.inlines(t, font, link_color);
  };
  if (field == "POSITION") return text(entry.position);
  if (field == "COMPANY") return text(entry.company);
  if (field == "INSTITUTION") return text(entry.institution);
  if (field == "DEGREE") return text(entry.degree);
  if (field == "AREA") return text(entry.area);
  if (field == "DEGREE_WITH_AREA") return degree_with_area(b, entry, font);
  if (field == "NAME") return text(entry.name);
  if (field == "TITLE") return text(entry.title);
  if (field == "JOURNAL") return text(entry.journal);
  if (field == "LOCATION") return text(entry.location);
  if (field == "LABEL") return text(entry.label);
  if (field == "DETAILS") return text(entry.details);
  if (field == "SUMMARY") return text(entry.summary);
  if (field == "HIGHLIGHTS") {  // one per line (a table cell's list): "· " before each, "– " nested
    // A lone highlight keeps its mark too: under the entry's summary it would otherwise read
    // as the summary going on, and every other layout marks it.
    std::vector<Inline> out;
    auto add_line = [&](const model::Text& line, const char* marker) {
      if (!out.empty()) out.push_back(made("\n", font));
      out.push_back(made(marker, font));
      std::vector<Inline> item = b.inlines(line, font);
      std::move(item.begin(), item.end(), std::back_inserter(out));
    };
    for (const auto& highlight : entry.highlights) {
      add_line(highlight.text, "\u00B7 ");
      for (const auto& child : highlight.children) add_line(child, "\u00A0\u00A0\u2013 ");
    }
    return out;
  }
  if (field == "AUTHORS") {
    names = !entry.authors.empty();
    return author_inlines(b, entry, font);
  }
  if (field == "DOI" || field == "URL") {
    if (field == "DOI" && entry.doi.empty()) return {};
    // A DOI is the lasting link to a paper: with one, the URL is not shown as well.
    if (field == "URL" && (entry.url.empty() || !entry.doi.empty())) return {};
    const bool doi = field == "DOI";
    // A url that is no web, mail or phone address is shown as plain text (the reader warned).
    std::string link = doi ? "https://doi.org/" + entry.doi.value : link_target(entry.url.value).uri;
    FontSpec link_font = font;
    if (!link.empty()) link_font.color = b.theme().link_color;
    return {Inline{doi ? b.theme().doi_prefix + entry.doi.value : entry.url.value, link_font, std::move(link),
                   doi ? entry.doi.span : entry.url.span}};
  }
  const std::string& range = b.locale().range_separator;
  if (field == "DATES")
    return date_inlines(format_dates(entry, b.locale(), format), first_date(entry), entry, font, range);
  if (field == "START_DATE" && entry.start_date)
    return date_inlines(format_date(*entry.start_date, b.locale(), format), &*entry.start_date, entry, font, range);
  if (field == "END_DATE" && (entry.end_date || entry.start_date)) {
    const model::Date* end = entry.end_date ? &*entry.end_date : nullptr;
    return date_inlines(end ? format_date(*end, b.locale(), format) : b.locale().present, end, entry, font, range);
  }
  for (const auto& [key, value] : entry.extra)  // a key of the CV's own, named in capitals
    if (custom_field_name(key) == field) return text(value);
  const bool open = entry.start_date && (!entry.end_date || entry.end_date->kind == model::Date::Kind::Present);
  if (field == "DURATION" || field == "DURATION_SHORT") {
    const std::optional<model::Date>& today = count_to(b.file().settings);
    if (open && !today) b.report_open_time_span(entry.span);
    const Units units = field == "DURATION" ? Units::Full : Units::Short;
    return date_inlines(duration_text(entry, b.locale(), today, units), first_date(entry), entry, font, range,
                        DateText::Duration);
  }
  if (field == "ONGOING")  // "(재직 중)" after a current job's time span in the form's cell
    return open ? date_inlines(b.locale().ongoing, first_date(entry), entry, font, "") : std::vector<Inline>{};
  return {};
}

std::vector<Piece> pieces_of(Builder& b, const model::Entry& entry, const std::string& line, const FontSpec& base,
                             bool role_colored_links, bool& names) {
  std::vector<Piece> pieces;
  FontSpec font = base;
  bool bold = false, italic = false;
  auto literal = [&](std::string_view text) {
    if (pieces.empty() || pieces.back().field || pieces.back().font != font) pieces.push_back(Piece{false, "", font, {}});
    pieces.back().literal += text;
  };
  for (size_t i = 0; i < line.size();) {
    if (line.compare(i, 2, "**") == 0) {
      bold = !bold;
      font.bold = base.bold || bold;
      i += 2;
    } else if (line[i] == '*') {
      italic = !italic;
      font.italic = base.italic || italic;
      i += 1;
    } else if (const FieldWord found = field_word_at(line, i); found.end > i) {
      const size_t end = found.end;
      const std::string word = line.substr(i, end - i);
      if (found.whole && (is_template_field(word) || b.custom_fields().contains(word)))
        pieces.push_back(Piece{true, "", font, field_inlines(b, entry, word, font, role_colored_links, names)});
      else
        literal(word);
      i = end;
    } else {
      literal(std::string_view(line).substr(i, 1));
      i += 1;
    }
  }
  return pieces;
}

}  // namespace

std::string custom_field_name(const std::string& key) {
  std::string name;
  for (char c : key) {
    if (c >= 'a' && c <= 'z') name += static_cast<char>(c - 'a' + 'A');
    else if ((c >= 'A' && c <= 'Z') || c == '_') name += c;
    else return "";  // a key with other chars cannot be written as a field
  }
  return name;
}

bool template_names(const std::string& line, const std::string& field) {
  for (size_t i = 0; i < line.size();) {
    const FieldWord found = field_word_at(line, i);
    if (found.end == i) {
      ++i;
      continue;
    }
    if (found.whole && line.compare(i, found.end - i, field) == 0) return true;
    i = found.end;
  }
  return false;
}

bool is_template_field(const std::string& word) {
  return std::find(kFields.begin(), kFields.end(), word) != kFields.end();
}

FilledLine fill_template(Builder& b, const model::Entry& entry, const std::string& line, const FontSpec& font,
                         bool role_colored_links) {
  FilledLine out;
  std::vector<Piece> pieces = pieces_of(b, entry, line, font, role_colored_links, out.names);
  const bool any_field = std::any_of(pieces.begin(), pieces.end(), [](const Piece& p) { return p.field; });
  if (!any_field) {  // a line of plain words, shown as written
    for (auto& p : pieces) out.inlines.push_back(made(std::move(p.literal), p.font));
    return out;
  }
  size_t first_field = 0, last_field = 0;
  for (size_t i = 0; i < pieces.size(); ++i)
    if (pieces[i].field) last_field = i;
  while (!pieces[first_field].field) ++first_field;
  bool emitted = false;  // a field with a value has been written
  std::vector<Inline> pending;  // literal text waiting for the next field with a value
  for (size_t i = 0; i < pieces.size(); ++i) {
    Piece& p = pieces[i];
    if (!p.field) {
      // Before the first field, between fields, or after the last one.
      if (i < first_field || emitted) pending.push_back(made(std::move(p.literal), p.font));
      if (i > last_field && emitted) std::move(pending.begin(), pending.end(), std::back_inserter(out.inlines));
      continue;
    }
    if (p.inlines.empty()) {
      // A field without a value takes the text before it, unless nothing was written yet and
      // it is text that leads the whole line ("(" of "(DEGREE)" goes with DEGREE).
      pending.clear();
      if (i == last_field) break;
      continue;
    }
    if (!out.span.known()) out.span = p.inlines.front().span;
    if (emitted && !pending.empty()) tie_dash_to_previous(pending.back());
    if (emitted && !pending.empty() && is_wide_gap(pending.back().text)) p.inlines.front().preferred_break = true;
    std::move(pending.begin(), pending.end(), std::back_inserter(out.inlines));
    pending.clear();
    std::move(p.inlines.begin(), p.inlines.end(), std::back_inserter(out.inlines));
    emitted = true;
  }
  if (!emitted) out.inlines.clear();
  return out;
}

const std::optional<model::Date>& count_to(const model::Settings& settings) {
  return settings.current_date ? settings.current_date : settings.build_date;
}

std::string duration_text(const model::Entry& entry, const model::Locale& locale,
                          const std::optional<model::Date>& today, Units units) {
  using Kind = model::Date::Kind;
  auto dated = [](const model::Date& d) { return d.kind == Kind::YearMonth || d.kind == Kind::YearMonthDay; };
  auto calendar = [&](const model::Date& d) { return d.kind == Kind::Year || dated(d); };
  if (!entry.start_date || !calendar(*entry.start_date)) return "";
  const model::Date* end = nullptr;
  if (entry.end_date && calendar(*entry.end_date)) end = &*entry.end_date;
  else if ((!entry.end_date || entry.end_date->kind == Kind::Present) && today && calendar(*today)) end = &*today;
  if (!end) return "";
  int years = 0, rest = 0;
  if (dated(*entry.start_date) && dated(*end)) {
    // Months counted inclusively: March to March is one month.
    const int months = (end->year - entry.start_date->year) * 12 + (end->month - entry.start_date->month) + 1;
    if (months <= 0) return "";
    years = months / 12;
    rest = months % 12;
  } else {
    // A year alone on either side counts in years, as RenderCV counts them: "2013 – 2018" is
    // 5 years, a range within one year 1 year.
    if (end->year < entry.start_date->year) return "";
    years = std::max(1, end->year - entry.start_date->year);
  }
  // Korean, Japanese and Chinese units follow the number without a space ("2년 3개월",
  // "2年3か月"); alphabetic ones after a no-break space ("2 years", "2 år", "2 лет"). The
  // whole span is set as one piece (DateText::Duration).
  auto part = [&](int n, const std::string& one, const std::string& many, const std::string& one_short,
                  const std::string& many_short) {
    const std::string& full = n == 1 ? one : many;
    const std::string& abbreviated = n == 1 ? one_short : many_short;
    const std::string& unit = units == Units::Short && !abbreviated.empty() ? abbreviated : full;
    const std::u32string chars = utf8_decode(unit);
    const bool cjk = !chars.empty() && chars.front() >= 0x2E80;
    return std::to_string(n) + (cjk || unit.empty() ? "" : "\u00A0") + unit;
  };
  std::string out;
  if (years > 0) out = part(years, locale.year, locale.years, locale.year_short, locale.years_short);
  if (rest > 0)
    out += (out.empty() ? "" : " ") + part(rest, locale.month, locale.months, locale.month_short, locale.months_short);
  return out;
}

}  // namespace hanji::compose
