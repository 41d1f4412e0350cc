// Private to the compose module: the state shared while one CV is composed, and the
// helpers that turn source texts into styled paragraphs.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compose/compose.h"
#include "compose/markup.h"

namespace hanji::compose {

/// Size, weight, slant and colour of a theme text role.
FontSpec font_of(const theme::TextStyle& style);

/// Baseline-to-baseline distance of a role: size x line_height.
double line_height_of(const theme::TextStyle& style);

/// Puts the link icon (text.link_icon) after the last piece of each link in `inlines`.
void add_link_icons(std::vector<Inline>& inlines);

class Builder {
 public:
  Builder(const model::CvFile& file, const theme::Theme& theme, Diagnostics& diags, MarkupMemo* memo = nullptr);

  const model::CvFile& file() const { return file_; }
  const model::Cv& cv() const { return file_.cv; }
  const theme::Theme& theme() const { return theme_; }
  /// The CV's locale with the layout's own choices over it (the date range separator).
  const model::Locale& locale() const { return locale_; }
  Diagnostics& diags() { return diags_; }

  /// Inlines of a source text in `font`, with inline markup and bold keywords resolved; links
  /// take the layout's link colour.
  std::vector<Inline> inlines(const model::Text& text, const FontSpec& font);
  /// The same with links in `link_color` (an entry title keeps its role's colour when linked).
  std::vector<Inline> inlines(const model::Text& text, const FontSpec& font, const Rgb& link_color);
  /// A paragraph holding `inlines`, sized by `style`.
  Paragraph paragraph(std::vector<Inline> inlines, const theme::TextStyle& style, theme::Align align,
                      const Span& span) const;
  /// A paragraph of one source text in a role's style; nullopt for an empty text.
  std::optional<Paragraph> paragraph(const model::Text& text, const theme::TextStyle& style,
                                     theme::Align align = theme::Align::Left);

  /// Where add() puts blocks: the flow of a region of the page grid; null: the main flow.
  void set_region(const theme::Region* region);
  /// The region add() puts blocks in.
  const theme::Region& region() const { return *region_; }
  /// Whether that region is a narrow column (less than 45% of the text width): entries there
  /// put their dates under the title, sections are no tables.
  bool narrow() const { return narrow_; }
  /// Whether the current region has no blocks yet.
  bool empty_region() { return current().empty(); }

  /// Appends a block and returns it for further settings (keep_with_next, group, ...).
  Block& add(decltype(Block::content) content, double space_before, const Span& span);
  /// The block added last (there must be one).
  Block& last() { return current().back(); }
  /// How many blocks the current region has, and the one at `index` of them.
  size_t block_count() { return current().size(); }
  Block& block_at(size_t index) { return current().at(index); }
  /// The current region's blocks from `index` on, taken out of it (to be set again).
  std::vector<Block> take_from(size_t index) {
    std::vector<Block>& blocks = current();
    std::vector<Block> tail(std::make_move_iterator(blocks.begin() + static_cast<std::ptrdiff_t>(index)),
                            std::make_move_iterator(blocks.end()));
    blocks.resize(index);
    return tail;
  }
  /// Which part of the CV add() is composing now (Block::part): -1 the header, the index of a
  /// section in reading order, kClosingPart.
  void set_part(int part) { part_ = part; }
  /// A fresh keep-together group id.
  int new_group() { return next_group_++; }
  /// Every region's blocks, by region name.
  std::map<std::string, std::vector<Block>, std::less<>> take_flows() { return std::move(flows_); }
  /// The region that takes the rest of the CV.
  const theme::Region& main_region() const { return *main_; }

  /// The fields the CV's own entry keys give templates (GPA for `gpa`), a known field's name
  /// excepted.
  const std::set<std::string, std::less<>>& custom_fields() const { return custom_fields_; }

  /// Says once per CV that a time span running to the present cannot be counted: neither
  /// settings.current_date nor a day of the build (a caller that gives no day) to count to.
  void report_open_time_span(const Span& span);

 private:
  /// inlines() before the link icons: the markup parsed, or as the memo kept it.
  std::vector<Inline> parsed_inlines(const model::Text& text, const FontSpec& font, const Rgb& link_color);
  const model::CvFile& file_;
  const theme::Theme& theme_;
  Diagnostics& diags_;
  MarkupMemo* memo_;  // texts parsed before (a warm engine's), or null
  std::string keywords_key_;  // the bold keywords, for the memo's keys
  model::Locale locale_;
  BoldKeywords bold_keywords_;  // settings.bold_keywords, prepared once
  std::set<std::string, std::less<>> custom_fields_;
  std::vector<Block>& current() { return flows_[region_->name]; }

  std::map<std::string, std::vector<Block>, std::less<>> flows_;
  const theme::Region* main_;    // the region that takes the rest
  const theme::Region* region_;  // where blocks go now
  bool narrow_ = false;
  int next_group_ = 0;
  int part_ = -1;
  int next_sequence_ = 0;
  bool open_time_span_reported_ = false;
};

/// How a layout's text names a word of the locale's form labels: "label:period".
inline constexpr std::string_view kLabelPrefix = "label:";

/// A layout's text in the CV's language: "label:KEY" is the locale's label of that key (its
/// English words where the locale file has none; "" for a key no locale knows); "한국어|English"
/// the part for the language (the first for Korean, else the second when there is one).
std::string in_language(const std::string& text, const model::Locale& locale);

/// Whether a CV in `language` is in none of the layout's form languages
/// (section.order_languages; a layout that names none is every language's): it takes the
/// form's order and tables as the layout gives them for other languages.
bool outside_form_languages(const theme::Theme& theme, const std::string& language);

/// A ruled table with the theme's rules, padding and shade, columns `widths` apart.
Table table_of(const theme::Theme& theme, std::vector<double> widths, size_t columns);

/// The header: name, headline and contact line (beside the photo when there is one).
void add_header(Builder& builder);

/// One section: its title, the rule and its entries. `first` is the first section after
/// the header (it takes header.space_below instead of section.space_above).
void add_section(Builder& builder, const model::Section& section, bool first);

/// Builds the composition's logical structure (Composition::structure) over every region's
/// blocks, in reading order, and names each paragraph's, marker's and figure's element in
/// it. `photo_alt` is what the photo reads as.
void tag_structure(Composition& composition, const std::string& photo_alt);

/// The PDF's information of the CV in `file` (its name, title, keywords, language).
Metadata metadata_of(const model::CvFile& file);
/// The page furniture (page numbers, footer text, top note) as the layout sets it for `file`.
Furniture furniture_of(const model::CvFile& file, const theme::Theme& theme);

/// The closing statement, date and signature the layout ends with (footer.declaration).
void add_declaration(Builder& builder);

}  // namespace hanji::compose
