// The composing state and the source-text-to-paragraph helpers.
#include "compose/builder.h"

#include "compose/markup.h"
#include "compose/templates.h"

#include <algorithm>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

namespace hanji::compose {

FontSpec font_of(const theme::TextStyle& style) {
  FontSpec font{style.size, style.bold, style.italic, style.color, style.small_caps};
  font.latin = style.latin;
  return font;
}

double line_height_of(const theme::TextStyle& style) { return style.size * style.line_height; }

Builder::Builder(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags, MarkupMemo* memo)
    : file_(file), theme_(theme), diags_(diags), memo_(memo), locale_(file.locale),
      bold_keywords_(file.settings.bold_keywords) {
  for (const std::string& keyword : file.settings.bold_keywords) keywords_key_ += keyword + '\n';
  // A layout's separator is for the languages that leave it to the layouts (English " – "
  // or "–"); Korean's " ~ " belongs with its dotted dates in every layout.
  if (!theme.range_separator.empty() && !file.locale.owns_range_separator)
    locale_.range_separator = in_language(theme.range_separator, file.locale);
  // A loaded layout always has a region that takes the rest; a theme made in code may not.
  static const theme::Region kMain{"main", theme::RegionDock::Fill, 0, 0, 0, theme::RegionPages::All,
                                    {1, 1, 1}, 0, 0, {"rest"}, {}, {}, false, false, {}};
  for (const auto& section : file.cv.sections)
    for (const auto& entry : section.entries)
      for (const auto& [key, value] : entry.extra)
        if (std::string name = custom_field_name(key); !name.empty() && !is_template_field(name))
          custom_fields_.insert(std::move(name));
  main_ = theme::region_taking(theme, "rest");
  if (!main_) main_ = &kMain;
  region_ = main_;
}

void Builder::set_region(const theme::Region* region) {
  region_ = region ? region : main_;
  const double text_width = theme_.page_width - theme_.margin_left - theme_.margin_right;
  narrow_ = theme::region_text_width(theme_, region_->name) < theme_.narrow_region_share * text_width;
}

void Builder::report_open_time_span(const Span& span) {
  if (open_time_span_reported_) return;
  open_time_span_reported_ = true;
  diags_.warning(span, "the time span of an entry that runs to the present is left out: there is no date to "
                       "count to",
                 {"set one under settings: 'current_date: 2026-11-01' (the CV's date), or 'current_date: today' "
                  "(the day of the build; SOURCE_DATE_EPOCH fixes it for a reproducible build)"});
}

std::vector<Inline> Builder::inlines(const model::Text& text, const FontSpec& font) {
  return inlines(text, font, theme_.link_color);
}

// After the last piece of each link, a no-break space and Fork Awesome's external-link arrow
// in the link's colour at four fifths of its size, linked too, so the arrow is part of what a click opens. The
// arrow reads as a space: read as nothing (as a contact's icon is), it left a gap with no
// character in the line, where text extraction ended the line ("the notes" / "for details").
void add_link_icons(std::vector<Inline>& inlines) {
  for (std::size_t i = 0; i < inlines.size(); ++i) {
    const bool ends_link = !inlines[i].link.empty() && (i + 1 == inlines.size() || inlines[i + 1].link != inlines[i].link);
    if (!ends_link) continue;
    Inline icon{"\u00A0\uF08E", inlines[i].font, inlines[i].link, {}, false, "\u00A0 "};
    icon.font.size *= 0.8;
    icon.font.bold = icon.font.italic = false;
    inlines.insert(inlines.begin() + static_cast<std::ptrdiff_t>(i) + 1, std::move(icon));
    ++i;
  }
}

namespace {

// About ten CVs' texts.
constexpr std::size_t kKeptTexts = 20000;

}  // namespace

struct MarkupMemo::Impl {
  Memo<std::string, std::vector<Inline>> texts{kKeptTexts};
};

MarkupMemo::MarkupMemo() : impl_(std::make_unique<Impl>()) {}
MarkupMemo::~MarkupMemo() = default;

std::size_t MarkupMemo::parsed() const { return impl_->texts.stats().misses; }
std::size_t MarkupMemo::reused() const { return impl_->texts.stats().hits; }
MemoStats MarkupMemo::stats() const { return impl_->texts.stats(); }

namespace {

// Everything parse_markup reads: the text and where it is written, the style, the link
// colour, the bold keywords.
std::string markup_key(const model::Text& text, const FontSpec& font, const Rgb& link_color,
                       const std::string& keywords) {
  std::string key;
  key.reserve(7 * sizeof(double) + 1 + 2 * sizeof(int) + 2 * sizeof(size_t) + text.span.file.size() + keywords.size() +
              text.value.size());
  for (double value : {font.size, font.color.r, font.color.g, font.color.b, link_color.r, link_color.g, link_color.b})
    append_bytes(key, value);
  key += static_cast<char>(font.bold + font.italic * 2 + font.small_caps * 4 + font.emphasized * 8 + font.mono * 16);
  key += static_cast<char>(font.latin);
  append_bytes(key, text.span.line);
  append_bytes(key, text.span.col);
  append_bytes(key, text.span.file.size());
  key += text.span.file;
  append_bytes(key, keywords.size());
  key += keywords;
  key += text.value;
  return key;
}

}  // namespace

std::vector<Inline> Builder::inlines(const model::Text& text, const FontSpec& font, const Rgb& link_color) {
  std::vector<Inline> out = parsed_inlines(text, font, link_color);
  if (theme_.link_icon) add_link_icons(out);
  return out;
}

std::vector<Inline> Builder::parsed_inlines(const model::Text& text, const FontSpec& font, const Rgb& link_color) {
  if (!memo_) return parse_markup(text, font, link_color, bold_keywords_, diags_);
  std::string key = markup_key(text, font, link_color, keywords_key_);
  Memo<std::string, std::vector<Inline>>& memo = memo_->impl().texts;
  if (std::optional<std::vector<Inline>> kept = memo.find(key)) return std::move(*kept);
  const std::size_t reported = diags_.all().size();
  std::vector<Inline> parsed = parse_markup(text, font, link_color, bold_keywords_, diags_);
  if (diags_.all().size() == reported) memo.keep(std::move(key), parsed);
  return parsed;
}

Paragraph Builder::paragraph(std::vector<Inline> inlines, const theme::TextStyle& style, theme::Align align,
                             const Span& span) const {
  Paragraph p;
  p.inlines = std::move(inlines);
  p.align = align;
  p.line_height = line_height_of(style);
  p.span = span;
  return p;
}

std::optional<Paragraph> Builder::paragraph(const model::Text& text, const theme::TextStyle& style,
                                            theme::Align align) {
  if (text.empty()) return std::nullopt;
  return paragraph(inlines(text, font_of(style)), style, align, text.span);
}

bool outside_form_languages(const theme::Theme& theme, const std::string& language) {
  const auto& languages = theme.section_order_languages;
  return !languages.empty() && std::find(languages.begin(), languages.end(), language) == languages.end();
}

std::string in_language(const std::string& text, const model::Locale& locale) {
  if (text.starts_with(kLabelPrefix)) {
    const std::string_view key = std::string_view(text).substr(kLabelPrefix.size());
    const auto label = locale.labels.find(key);
    return label == locale.labels.end() ? "" : label->second;
  }
  const size_t bar = text.find('|');
  if (bar == std::string::npos) return text;
  return locale.language == "ko" ? text.substr(0, bar) : text.substr(bar + 1);
}

bool is_empty_cell(const Cell& cell) {
  return std::all_of(cell.begin(), cell.end(), [](const Paragraph& p) { return p.inlines.empty(); });
}

Table table_of(const theme::Theme& theme, std::vector<double> widths, size_t columns) {
  Table table;
  widths.resize(columns, widths.empty() ? 1.0 : widths.back());  // a missing width repeats the last
  table.widths = std::move(widths);
  table.shaded_columns.assign(columns, false);
  table.rule = theme.table_rule;
  table.frame = theme.table_frame;
  table.padding = theme.table_padding;
  table.rule_color = theme.table_rule_color;
  table.fill = theme.table_header_fill;
  return table;
}

Block& Builder::add(decltype(Block::content) content, double space_before, const Span& span) {
  Block block;
  block.content = std::move(content);
  block.space_before = space_before;
  block.span = span;
  block.part = part_;
  block.sequence = next_sequence_++;
  current().push_back(std::move(block));
  return current().back();
}

}  // namespace hanji::compose
