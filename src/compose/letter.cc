// compose_letter(): a cover letter on the CV's letterhead. The header is the CV's, as the layout
// composes it (add_header); below it the recipient, the date, the subject, the salutation, the
// body in the layout's body style, the closing, the signature and the enclosures, each placed
// as the layout's `letter:` values say.
#include <fmt/format.h>

#include <algorithm>

#include "compose/builder.h"
#include "compose/entries.h"
#include "compose/templates.h"

namespace hanji::compose {
namespace {

// A paragraph's lines as one paragraph, each after a forced break.
std::vector<Inline> joined_lines(std::vector<std::vector<Inline>> lines, const FontSpec& font) {
  std::vector<Inline> out;
  for (auto& line : lines) {
    if (line.empty()) continue;
    if (!out.empty()) out.push_back(Inline{"\n", font, "", {}});
    out.insert(out.end(), std::make_move_iterator(line.begin()), std::make_move_iterator(line.end()));
  }
  return out;
}

// The letter's date in the locale's words or form: the letter's own, else the day of the build,
// else the CV's current_date; a date written as free text is printed as written.
std::string letter_date(const model::CvFile& file, const theme::Theme& theme) {
  std::optional<model::Date> date = file.letter->date;
  if (!date) date = file.settings.build_date;
  if (!date) date = file.settings.current_date;
  if (!date) return "";
  if (date->kind == model::Date::Kind::Free || date->kind == model::Date::Kind::Present) return date->text;
  if (date->year == 0) return "";
  return theme.letter_date_in_words ? date_in_words(*date, file.locale) : format_date(*date, file.locale);
}

// The locale's word for a letter's label, else its English word (a locale made in code has none).
std::string label_of(std::string_view key, const model::Locale& locale) {
  std::string label = in_language(std::string(kLabelPrefix) + std::string(key), locale);
  if (!label.empty()) return label;
  for (const model::FormLabel& form : model::form_labels())
    if (form.key == key) return std::string(form.english);
  return "";
}

// The body style a letter is set in: the CV's body, at the letter's own line height if the
// layout gives one.
theme::TextStyle letter_body_style(const theme::Theme& theme) {
  theme::TextStyle style = theme.body;
  if (theme.letter_line_height > 0) style.line_height = theme.letter_line_height;
  return style;
}

class LetterComposer {
 public:
  LetterComposer(Builder& builder, const model::CvFile& file)
      : b_(builder),
        file_(file),
        letter_(*file.letter),
        theme_(builder.theme()),
        body_(letter_body_style(theme_)),
        body_font_(font_of(body_)) {
    const double column = theme::region_text_width(theme_, b_.main_region().name);
    width_ = theme_.letter_measure > 0 ? std::min(theme_.letter_measure, column) : column;
    // Kept free at the lines' end (the right; a right-to-left page is mirrored as a whole).
    measure_inset_ = column - width_;
    align_ = theme_.letter_align.value_or(theme_.body_align);
  }

  void compose() {
    b_.set_region(nullptr);
    b_.set_part(kClosingPart);
    double space = b_.empty_region() ? 0 : theme_.letter_space_top;
    add_recipient_and_date(space);
    add_subject_and_salutation(space);
    add_body(space);
    add_closing(space);
    add_enclosures(space);
  }

 private:
  // A paragraph of `inlines`, in the right half of the column when `right`.
  Paragraph paragraph(std::vector<Inline> inlines, theme::Align align, const Span& span, bool right = false) {
    Paragraph p = b_.paragraph(std::move(inlines), body_, align, span);
    if (right) p.indent_left = width_ / 2;
    p.indent_right += measure_inset_;
    return p;
  }

  Block& add(Paragraph p, double& space) {
    const Span span = p.span;
    Block& block = b_.add(std::move(p), space, span);
    space = theme_.letter_paragraph_space;
    return block;
  }

  void add_recipient_and_date(double& space) {
    const model::Recipient& to = letter_.recipient;
    FontSpec name_font = body_font_;
    name_font.bold = theme_.letter_recipient_name_bold;
    std::vector<std::vector<Inline>> lines;
    lines.push_back(b_.inlines(to.name, name_font));
    lines.push_back(b_.inlines(to.title, body_font_));
    lines.push_back(b_.inlines(to.company, body_font_));
    for (const model::Text& line : to.address) lines.push_back(b_.inlines(line, body_font_));
    std::vector<Inline> recipient = joined_lines(std::move(lines), body_font_);
    const Span recipient_span = !to.name.empty() ? to.name.span : !to.company.empty() ? to.company.span : letter_.span;
    date_ = letter_date(file_, theme_);
    const bool right = theme_.letter_recipient_right;
    const int group = b_.new_group();
    using theme::LetterDate;
    if (theme_.letter_date_position == LetterDate::Beside && !recipient.empty() && !date_.empty()) {
      Row row;
      row.main.push_back(paragraph(std::move(recipient), theme::Align::Left, recipient_span));
      row.aside.push_back(paragraph({Inline{date_, body_font_, "", {}}}, theme::Align::Right, date_span()));
      // The aside reaches the column's edge: its text ends at the measure's, the recipient beside it.
      row.aside_width = width_ * 0.3 + measure_inset_;
      row.main.back().indent_right -= measure_inset_;
      b_.add(std::move(row), space, recipient_span).group = group;
      space = theme_.letter_subject_space_above;
      return;
    }
    if (!recipient.empty()) {
      add(paragraph(std::move(recipient), theme::Align::Left, recipient_span, right), space).group = group;
      space = theme_.letter_date_space;
    }
    if (!date_.empty() && theme_.letter_date_position != LetterDate::Closing) {
      const bool date_right = theme_.letter_date_position == LetterDate::Right;
      add(paragraph({Inline{date_, body_font_, "", {}}}, date_right ? theme::Align::Right : theme::Align::Left,
                    date_span(), right && !date_right),
          space)
          .group = group;
    }
    space = theme_.letter_subject_space_above;
  }

  Span date_span() const { return letter_.date ? letter_.date->span : letter_.span; }

  void add_subject_and_salutation(double& space) {
    if (!letter_.subject.empty()) {
      FontSpec font = body_font_;
      font.bold = theme_.letter_subject_bold;
      if (theme_.letter_subject_color) font.color = theme_.section_title.color;
      Block& block = add(paragraph(b_.inlines(letter_.subject, font), theme::Align::Left, letter_.subject.span), space);
      block.keep_with_next = true;
      space = theme_.letter_subject_space_below;
    }
    if (!letter_.salutation.empty()) {
      add(paragraph(b_.inlines(letter_.salutation, body_font_), theme::Align::Left, letter_.salutation.span), space)
          .keep_with_next = true;
    }
  }

  // Paragraphs as the layout sets its body; a list as it sets highlights.
  void add_body(double& space) {
    for (const model::TextBlock& block : letter_.body) {
      if (!block.list) {
        for (const model::Text& text : block.items)
          if (auto p = b_.paragraph(text, body_, align_)) {
            p->indent_right += measure_inset_;
            add(std::move(*p), space);
          }
        continue;
      }
      bool first = true;
      for (const model::Text& text : block.items) {
        auto p = b_.paragraph(text, body_, theme_.highlight_align.value_or(align_));
        if (!p) continue;
        p->indent_left = theme_.highlight_indent;
        p->indent_right += measure_inset_;
        p->marker = list_marker(theme_.bullet, body_font_);
        Block& added = b_.add(std::move(*p), first ? space : theme_.highlight_space, text.span);
        (void)added;
        first = false;
      }
      space = theme_.letter_paragraph_space;
    }
  }

  // The closing, the date where the layout puts it there, the room for a signature (or its
  // picture) and the signed name: one group, which a page never splits.
  void add_closing(double& space) {
    const bool right = theme_.letter_closing_right;
    const int group = b_.new_group();
    space = std::max(space, theme_.letter_closing_space);
    if (!letter_.closing.empty())
      add(paragraph(b_.inlines(letter_.closing, body_font_), theme::Align::Left, letter_.closing.span, right), space)
          .group = group;
    if (!date_.empty() && theme_.letter_date_position == theme::LetterDate::Closing)
      add(paragraph({Inline{date_, body_font_, "", {}}}, theme::Align::Left, date_span(), right), space).group = group;
    double signature_space = theme_.letter_signature_space;
    if (!letter_.signature_image.empty()) {
      Figure figure;
      figure.path = letter_.signature_image.value;
      figure.span = letter_.signature_image.span;
      figure.height = std::max(theme_.letter_signature_space, theme_.body.size * 3);
      figure.width = figure.height * 3;
      figure.right = false;
      Block& block = b_.add(std::move(figure), theme_.body.size * 0.5, letter_.signature_image.span);
      block.group = group;
      if (right) block.inset_left = width_ / 2;
      signature_space = theme_.body.size * 0.5;
    }
    const model::Text& signed_name = letter_.signature_name.empty() ? file_.cv.name : letter_.signature_name;
    FontSpec name_font = body_font_;
    name_font.bold = theme_.letter_signature_bold;
    if (!signed_name.empty()) {
      Paragraph p = paragraph(b_.inlines(signed_name, name_font), theme::Align::Left, signed_name.span, right);
      p.is_name = true;
      double before = signature_space;
      add(std::move(p), before).group = group;
    }
    space = theme_.letter_enclosures_space;
  }

  void add_enclosures(double& space) {
    if (letter_.enclosures.empty()) return;
    const std::string label = label_of("letter_enclosures", b_.locale());
    FontSpec font = body_font_;
    std::vector<Inline> inlines{Inline{label + ": ", font, "", {}}};
    for (size_t i = 0; i < letter_.enclosures.size(); ++i) {
      if (i > 0) inlines.push_back(Inline{", ", font, "", {}});
      for (Inline& in : b_.inlines(letter_.enclosures[i], font)) inlines.push_back(std::move(in));
    }
    add(paragraph(std::move(inlines), theme::Align::Left, letter_.enclosures.front().span), space);
  }

  Builder& b_;
  const model::CvFile& file_;
  const model::Letter& letter_;
  const theme::Theme& theme_;
  theme::TextStyle body_;
  FontSpec body_font_;
  double width_ = 0;          // the letter's measure
  double measure_inset_ = 0;  // the column's width beyond it
  theme::Align align_ = theme::Align::Left;
  std::string date_;
};

}  // namespace

theme::Theme letter_page_theme(const theme::Theme& theme) {
  // The letterhead is the CV's header without a form's title (이 력 서: a letter is no form); a
  // compact one is the name and the contact line alone, without the header's table.
  theme::Theme page = theme;
  page.document_title.clear();
  if (theme.letter_compact_letterhead) page.header_table = false;
  // A column that takes only sections stays empty beside a letter: without it the letter is set
  // at the width it is shown at (a column that continues another stays).
  std::erase_if(page.regions, [&](const theme::Region& region) {
    const bool continues_another = std::any_of(theme.regions.begin(), theme.regions.end(),
                                               [&](const theme::Region& other) { return other.overflow == region.name; });
    return region.takes.empty() && !continues_another;
  });
  // A letterhead in a region of its own (a band, a header over columns): the space the letter
  // keeps from it is that region's gap, since space at the top of the letter's region vanishes
  // as space at the top of a page does.
  for (theme::Region& region : page.regions)
    if (region.dock == theme::RegionDock::Top &&
        std::find(region.takes.begin(), region.takes.end(), "header") != region.takes.end())
      region.gap = theme.letter_space_top;
  return page;
}

Composition compose_letter(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags,
                           MarkupMemo* memo) {
  if (!file.letter) return {};
  const theme::Theme letter_theme = letter_page_theme(theme);
  std::optional<model::CvFile> compact;
  if (theme.letter_compact_letterhead) {
    compact = file;
    compact->cv.photo = {};
    compact->cv.headline = {};
  }
  const model::CvFile& head = compact ? *compact : file;
  Builder builder(head, letter_theme, diags, memo);
  add_header(builder);
  LetterComposer(builder, file).compose();
  Metadata meta = metadata_of(file);
  const std::string label = label_of("letter", builder.locale());
  meta.title = meta.author.empty() ? label : meta.author + " \u2013 " + label;
  meta.subject = plain_text(file.letter->subject.value);
  Furniture furniture = furniture_of(file, letter_theme);
  furniture.top_note.clear();  // "Last updated ..." speaks of the CV, not of a letter
  furniture.top_note_reads_as.clear();
  Composition composition{builder.take_flows(), builder.main_region().name, std::move(meta), std::move(furniture),
                          {}};
  std::string photo_alt = builder.locale().photo_of;
  if (const size_t at = photo_alt.find("NAME"); at != std::string::npos)
    photo_alt.replace(at, 4, plain_text(file.cv.name.value));
  tag_structure(composition, photo_alt);
  // The signature's picture reads as whose signature it is, not as a photo.
  std::string signature_alt = label_of("letter_signature", builder.locale());
  const model::Text& signer = file.letter->signature_name.empty() ? file.cv.name : file.letter->signature_name;
  if (const size_t at = signature_alt.find("NAME"); at != std::string::npos)
    signature_alt.replace(at, 4, plain_text(signer.value));
  for (const Block& block : composition.main())
    if (const auto* figure = std::get_if<Figure>(&block.content);
        figure && figure->path == file.letter->signature_image.value && figure->tag >= 0 &&
        static_cast<size_t>(figure->tag) < composition.structure.size())
      composition.structure[static_cast<size_t>(figure->tag)].alt = signature_alt;
  return composition;
}

}  // namespace hanji::compose
