// The composing state and the source-text-to-paragraph helpers.
#include "compose/builder.h"

#include "compose/markup.h"

namespace hanji::compose {

FontSpec font_of(const layout::TextStyle& style) { return FontSpec{style.size, style.bold, style.italic, style.color, style.small_caps}; }

double line_height_of(const layout::TextStyle& style) { return style.size * style.line_height; }

Builder::Builder(const source::CvFile& file, const layout::Theme& theme, Diagnostics& diags)
    : file_(file), theme_(theme), diags_(diags), bold_keywords_(file.settings.bold_keywords) {}

std::vector<Inline> Builder::inlines(const source::Text& text, const FontSpec& font) {
  return parse_markup(text, font, theme_.link_color, bold_keywords_, diags_);
}

Paragraph Builder::paragraph(std::vector<Inline> inlines, const layout::TextStyle& style, layout::Align align,
                             const Span& span) const {
  Paragraph p;
  p.inlines = std::move(inlines);
  p.align = align;
  p.line_height = line_height_of(style);
  p.span = span;
  return p;
}

std::optional<Paragraph> Builder::paragraph(const source::Text& text, const layout::TextStyle& style,
                                            layout::Align align) {
  if (text.empty()) return std::nullopt;
  return paragraph(inlines(text, font_of(style)), style, align, text.span);
}

Block& Builder::add(decltype(Block::content) content, double space_before, const Span& span) {
  Block block;
  block.content = std::move(content);
  block.space_before = space_before;
  block.span = span;
  current().push_back(std::move(block));
  return current().back();
}

}  // namespace hanji::compose
