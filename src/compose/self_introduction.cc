// compose_self_introduction(): a 자기소개서 as a document of its own: its title, the company and
// the applicant, then each question (numbered as Korean forms number them, or as the layout
// says) over its answer, with the answer's count where the layout shows counts.
#include <fmt/format.h>

#include "compose/builder.h"
#include "compose/entries.h"

namespace hanji::compose {
namespace {

void replace_all(std::string& text, std::string_view from, const std::string& to) {
  for (size_t pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size()))
    text.replace(pos, from.size(), to);
}

std::string count_label_key(model::CountUnit unit) {
  switch (unit) {
    case model::CountUnit::Chars: return "label:count_chars";
    case model::CountUnit::CharsNoSpaces: return "label:count_chars_no_spaces";
    case model::CountUnit::BytesEucKr:
    case model::CountUnit::BytesUtf8: return "label:count_bytes";
  }
  return "label:count_chars";
}

// 1000 -> "1,000", as forms write their limits.
std::string grouped(long n) {
  std::string digits = std::to_string(n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0 && digits[static_cast<size_t>(at) - 1] != '-'; at -= 3)
    digits.insert(static_cast<size_t>(at), ",");
  return digits;
}

// "(487/500자)", "(487 / 500 characters)": the locale's words for the limit's unit; without a
// max, the count alone ("(487자)").
std::string count_text(long count, const std::optional<model::CountLimit>& limit, const model::Locale& locale) {
  std::string text = in_language(count_label_key(limit ? limit->unit : model::CountUnit::Chars), locale);
  if (limit && limit->max) {
    replace_all(text, "MAX", grouped(*limit->max));
  } else {
    for (std::string_view no_max : {" / MAX", "/MAX", "MAX"}) replace_all(text, no_max, "");
  }
  replace_all(text, "COUNT", grouped(count));
  return text;
}

// The title, then the company and the applicant on one line under it.
void add_title(Builder& b, const model::SelfIntroduction& si) {
  const theme::Theme& theme = b.theme();
  const std::string title = si.title.empty() ? in_language(theme.si_title, b.locale()) : plain_text(si.title.value);
  if (!title.empty()) {
    Paragraph p = b.paragraph({Inline{title, font_of(theme.name), "", si.title.span}}, theme.name, theme.si_title_align,
                              si.title.span);
    p.is_name = true;
    p.role = doc::Role::H1;
    // No bookmark of its own: the outline lists the questions (the part's own entry is the
    // joining engine's).
    b.add(std::move(p), 0, si.span).keep_with_next = true;
  }
  std::vector<Inline> line;
  const FontSpec font = font_of(theme.headline);
  if (!si.company.empty()) line = b.inlines(si.company, font);
  std::string applicant = in_language("label:applicant", b.locale());
  const std::string name = plain_text(b.cv().name.value);
  if (!name.empty() && !applicant.empty()) {
    replace_all(applicant, "NAME", name);
    if (!line.empty()) line.push_back(Inline{"  \u00B7  ", font, "", {}});
    line.push_back(Inline{applicant, font, "", b.cv().name.span});
  }
  if (!line.empty()) {
    Paragraph p = b.paragraph(std::move(line), theme.headline, theme.si_title_align, si.company.span);
    p.is_name = true;
    b.add(std::move(p), theme.headline_space, si.span).keep_with_next = true;
  }
  b.add(Rule{theme.section_rule_thickness, theme.section_rule_color, 0}, theme.header_space_below / 2, si.span);
}

// A question's title: its number, the company's wording and, where the layout shows counts,
// the answer's count; as an entry's title, or as a section title with the layout's rules.
void add_question(Builder& b, const model::Question& question, size_t number, std::optional<long> count, bool first) {
  const theme::Theme& theme = b.theme();
  const bool section = theme.si_question_style;
  const theme::TextStyle& style = section ? theme.section_title : theme.entry_title;
  std::vector<Inline> inlines;
  const FontSpec font = font_of(style);
  if (!theme.si_numbering.empty()) {
    std::string numbered = theme.si_numbering;
    replace_all(numbered, "N", std::to_string(number));
    inlines.push_back(Inline{numbered + " ", font, "", question.title.span});
  }
  for (Inline& in : b.inlines(question.title, font)) inlines.push_back(std::move(in));
  // The outline reads as the heading does, count included: a reader sees what is left to cut.
  std::string bookmark = inline_text(inlines);
  if (count && theme.si_show_counts) {
    // In the aside's size but the footer's muted colour: a layout's accent (awesome's red) on a
    // number reads as a warning.
    FontSpec count_font = font_of(theme.aside);
    count_font.bold = false;
    count_font.color = theme.footer.color;
    // One unit when the line breaks: "(472 / 1,200 characters" on one line and "without
    // spaces)" on the next reads as two remarks, so its spaces are no-break spaces.
    const std::string shown = count_text(*count, question.limit, b.locale());
    bookmark += " " + shown;
    std::string unbroken = shown;
    replace_all(unbroken, " ", "\u00A0");
    inlines.push_back(Inline{" " + unbroken, count_font, "", {}});
  }
  theme::Align align = theme::Align::Left;
  Paragraph title = b.paragraph(std::move(inlines), style, align, question.title.span);
  title.is_name = true;  // a heading is never hyphenated
  title.role = doc::Role::H2;
  const bool ruled = section && theme.section_rule;
  if (ruled && (theme.section_title_style == theme::TitleStyle::RuleAfter ||
                theme.section_title_style == theme::TitleStyle::RulesAround)) {
    LineRules rules;
    rules.kind = LineRules::Kind::After;
    rules.thickness = theme.section_rule_thickness;
    rules.color = theme.section_rule_color;
    rules.gap = 0.5 * style.size;
    title.rules = rules;
  }
  Block& block = b.add(std::move(title), first ? theme.header_space_below : theme.si_question_space, question.span);
  block.keep_with_next = true;
  block.bookmark = bookmark;
  if (ruled && theme.section_title_style == theme::TitleStyle::RuleBelow)
    b.add(Rule{theme.section_rule_thickness, theme.section_rule_color, 0}, theme.section_rule_gap, question.span)
        .keep_with_next = true;
}

// The answer's paragraphs, aligned as the CV's paragraphs are (justified in Korean), and its
// lists with the layout's bullet.
void add_answer(Builder& b, const model::Question& question) {
  const theme::Theme& theme = b.theme();
  const theme::Align align = theme.text_align.value_or(theme.body_align);
  bool first = true;
  for (const model::TextBlock& block : question.answer)
    for (const model::Text& item : block.items) {
      std::optional<Paragraph> p =
          b.paragraph(item, theme.body, block.list ? theme.highlight_align.value_or(align) : align);
      if (!p) continue;
      if (block.list) {
        p->indent_left = theme.highlight_indent;
        p->marker = list_marker(theme.bullet, font_of(theme.body));
      }
      b.add(std::move(*p), first ? theme.si_answer_space : theme.si_paragraph_space, item.span);
      first = false;
    }
}

}  // namespace

Composition compose_self_introduction(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags,
                                      MarkupMemo* memo, const std::vector<long>& counts) {
  Builder builder(file, theme, diags, memo);
  const model::SelfIntroduction& si = *file.self_introduction;
  builder.set_part(-1);
  add_title(builder, si);
  for (size_t i = 0; i < si.questions.size(); ++i) {
    builder.set_part(static_cast<int>(i));
    add_question(builder, si.questions[i], i + 1, i < counts.size() ? std::optional<long>(counts[i]) : std::nullopt,
                 i == 0);
    add_answer(builder, si.questions[i]);
  }
  Metadata meta;
  meta.author = plain_text(file.cv.name.value);
  const std::string title = si.title.empty() ? in_language(theme.si_title, builder.locale()) : plain_text(si.title.value);
  meta.title = meta.author.empty() ? title : fmt::format("{} \u2013 {}", meta.author, title);
  meta.subject = plain_text(si.company.value);
  meta.language = file.locale.language;
  Furniture furniture;
  furniture.page_numbers = theme.page_numbers;
  furniture.page_number_format = file.locale.page_number;
  furniture.footer_font = font_of(theme.footer);
  Composition composition{builder.take_flows(), builder.main_region().name, std::move(meta), std::move(furniture), {}};
  tag_structure(composition, "");
  return composition;
}

}  // namespace hanji::compose
