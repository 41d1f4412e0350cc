// Typesetter: the text module's pipeline for one paragraph — gather the inlines, choose fonts
// and shape (shape.cc), find break opportunities (breaks.cc) and hyphenation points
// (hyphenate.cc), then per segment between forced line breaks build the box/glue/penalty list
// for the width (elements.cc), choose the breaks (knuth_plass.cc / first_fit.cc) and build
// the output lines (lines.cc). Shaping and break opportunities do not depend on the sizes or
// the width, so they are kept per distinct paragraph (shaping_cache.h) and only scaled when
// the same paragraph is set again.
#include "text/text.h"

#include <fmt/format.h>

#include <cstdio>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "text/breaks.h"
#include "text/char_class.h"
#include "text/elements.h"
#include "text/font_store.h"
#include "text/hyphen_dict.h"
#include "text/hyphenate.h"
#include "text/itemize.h"
#include "text/line_breaking.h"
#include "text/lines.h"
#include "text/shape.h"
#include "text/shaping_cache.h"
#include "text/small_caps.h"
#include "text/spacing.h"

namespace hanji::text {

using namespace detail;

namespace {

/// Stretchable glue at the end of a ragged line, in em of the text. LaTeX's \RaggedRight
/// (ragged2e) uses 0pt plus 2em; 3em was measured to balance résumé bullets as well and to
/// leave room for avoiding one-word last lines (see knuth_plass.cc).
constexpr double kRaggedStretchEm = 3.0;
/// Lines quoted in an overflow warning are cut to this many characters.
constexpr int kQuotedChars = 40;
/// Paragraphs whose shaping a typesetter keeps, and paragraphs whose lines at one width it
/// keeps: a long CV's worth, or a few short ones' (a CV has a few hundred paragraphs; fitting
/// sets each at several widths). A watch of a hundred drafts keeps no more than this.
constexpr std::size_t kKeptParagraphs = 1024;
constexpr std::size_t kKeptLines = 2048;

std::string format_pt(double value) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, 1);
  return ec == std::errc() ? std::string(buf, end) : std::string("?");
}

std::string quoted_text(const Line& line) {
  std::string all;
  for (const GlyphRun& run : line.runs) all += run.text;
  std::u32string chars = utf8_decode(all);
  std::string out;
  for (size_t i = 0; i < chars.size() && i < static_cast<size_t>(kQuotedChars); ++i) utf8_append(out, chars[i]);
  if (chars.size() > static_cast<size_t>(kQuotedChars)) out += "…";
  return out;
}

bool fits_on_one_line(const std::vector<Element>& elements, const BreakParams& params, std::size_t& steps) {
  double width = params.end_break_width;
  for (const Element& e : elements) {
    ++steps;
    if (e.type != ElementType::Penalty) width += e.width;
  }
  return width <= params.width;
}

// Whether clusters [begin, end) certainly fit `width` as one line: what fits_on_one_line()
// finds of their elements, found without them. The elements hold every cluster up to the
// last box (spaces as glue) and end in that box's end adjustment; their sum groups the widths
// by element, so a total within rounding of the width is left to them to decide. Most résumé
// paragraphs fit their measure whole and then need neither elements nor break opportunities.
// False for a segment without a box (nothing but spaces): the elements decide that too.
bool certainly_fits(const SourceText& text, const ShapedText& shaped, size_t begin, size_t end, double width,
                    bool justify, std::size_t& steps) {
  const auto is_box = [&](const Cluster& cluster) {
    return !is_space_cluster(text, cluster) && !(justify && is_stretchable_space(text, cluster));
  };
  size_t last = end;
  while (last > begin && !is_box(shaped.clusters[last - 1])) --last;
  if (last == begin) return false;
  double total = 0, magnitude = 0;
  for (size_t c = begin; c < last; ++c) {
    ++steps;
    total += shaped.clusters[c].width;
    magnitude += std::abs(shaped.clusters[c].width);
  }
  const double end_adjust = shaped.clusters[last - 1].end_adjust();
  total -= end_adjust;
  magnitude += std::abs(end_adjust);
  // Any two orders of summing n terms differ by less than 2n units in the last place of
  // their magnitude.
  const double terms = static_cast<double>(last - begin + 1);
  const double rounding = 4.0 * terms * std::numeric_limits<double>::epsilon() * magnitude;
  return total + rounding <= width;
}

bool is_newline_cluster(const SourceText& text, const Cluster& cluster) {
  return is_newline(text.chars[cluster.char_begin]);
}

// A CR directly before an LF belongs to the same line break.
bool is_crlf_tail(const SourceText& text, const ShapedText& shaped, size_t c) {
  return c > 0 && text.chars[shaped.clusters[c].char_begin] == '\n' &&
         text.chars[shaped.clusters[c - 1].char_begin] == '\r';
}

// The text size of a segment: its largest nominal size; for an empty line (two newlines in a
// row) the size of the char that ends it.
double segment_em(const SourceText& text, const ShapedText& shaped, size_t begin, size_t end, size_t end_char) {
  double em = 0;
  for (size_t c = begin; c < end; ++c) {
    const Cluster& cluster = shaped.clusters[c];
    if (cluster.drawn()) em = std::max(em, shaped.items[static_cast<size_t>(cluster.item)].nominal_size);
  }
  return em > 0 ? em : text.inline_at(end_char).font.size;
}

}  // namespace

namespace {

// Where the theme names each font file, for messages about the file.
std::map<std::string, Span> origins_of(const theme::Theme& theme) {
  std::map<std::string, Span> origins;
  const auto note = [&](const std::string& key, const std::string& path) {
    auto span = theme.value_spans.find(key);
    if (!path.empty() && span != theme.value_spans.end()) origins.emplace(path, span->second);
  };
  for (const auto& [family, faces] : {std::pair{"hangul", &theme.fonts.hangul}, std::pair{"latin", &theme.fonts.latin}}) {
    const std::string prefix = std::string("fonts.") + family + ".";
    note(prefix + "regular", faces->regular);
    note(prefix + "bold", faces->bold);
    note(prefix + "italic", faces->italic);
    note(prefix + "bold_italic", faces->bold_italic);
  }
  const char* roles[theme::kLatinRoles] = {"name", "headline", "contact", "section_title"};
  for (std::size_t role = 0; role < theme::kLatinRoles; ++role) {
    const theme::FontFaces& faces = theme.fonts.roles[role];
    for (const std::string* path : {&faces.regular, &faces.bold, &faces.italic, &faces.bold_italic})
      note(std::string("fonts.roles.") + roles[role], *path);
  }
  for (const std::string& path : theme.fonts.fallback) note("fonts.fallback", path);
  return origins;
}

}  // namespace

TypesetSettings TypesetSettings::of(const theme::Theme& theme) {
  return {theme.fonts, origins_of(theme), theme.emphasis_color, theme.hangul_latin_gap, theme.right_to_left,
          theme.italics, theme.korean_break, theme.hyphenate,
          theme.line_breaking == theme::LineBreaking::FirstFit ? Breaker::FirstFit : Breaker::TotalFit,
          theme.ragged_measure};
}

struct Typesetter::Impl {
  Impl(const TypesetSettings& given, Diagnostics& d, FontService* service)
      : diags(&d),
        own_font_service(service ? nullptr : std::make_unique<FontService>()),
        font_service(service ? service : own_font_service.get()),
        settings{given.fonts, given.emphasis_color, given.hangul_latin_gap, given.right_to_left, given.italics},
        korean_break(given.korean_break),
        fonts(d, given.font_origins, *font_service),
        chooser(settings, fonts),
        breaker(given.breaker),
        hyphenate(given.hyphenate),
        ragged_measure(given.ragged_measure) {
    hyphenation.emplace(kEnglishPatterns, d, given.hyphenate);  // and for a word wider than its line
    const theme::Fonts& f = given.fonts;
    if (f.hangul.regular.empty() && f.hangul.bold.empty() && f.latin.regular.empty() && f.latin.bold.empty() &&
        f.fallback.empty())
      diags->error(Span{}, "the layout names no fonts, so no text can be drawn",
                  {"set fonts: hangul: and latin: in the layout (classic.yaml has an example)"});
  }

  // A prepared paragraph's break opportunities (with hyphenation points or without), found
  // when first asked for: a paragraph that fits its measure on one line never needs them.
  class Opportunities {
   public:
    Opportunities(Impl& impl, const SourceText& text, Prepared& prepared, bool hyphenate)
        : impl_(&impl),
          text_(&text),
          kept_(&prepared.boundaries[static_cast<size_t>(hyphenate)]),
          marked_(&prepared.emergency_hyphens[static_cast<size_t>(hyphenate)]),
          hyphenate_(hyphenate) {}
    const std::vector<Boundary>& get() {
      if (!*kept_) *kept_ = impl_->find_boundaries(*text_, hyphenate_);
      return **kept_;
    }
    /// With the hyphenation points where a word wider than its line may break: asked for
    /// only where one is (they change nothing elsewhere, so marking them in place is safe).
    const std::vector<Boundary>& with_emergency_hyphens() {
      get();
      if (!*marked_) mark_emergency_hyphenation(*text_, *impl_->hyphenation, **kept_);
      *marked_ = true;
      return **kept_;
    }
    bool emergency_hyphens_marked() const { return *marked_; }

   private:
    Impl* impl_;
    const SourceText* text_;
    std::optional<std::vector<Boundary>>* kept_;
    bool* marked_;
    bool hyphenate_;
  };

  // Never more lines than first fit: a résumé must not grow because of nicer breaks. Total fit
  // rarely wants more; if it does, a higher line penalty is tried first.
  // Total fit costs each breakpoint as many evaluations as there are active nodes: about 12
  // in a résumé's paragraphs, 30 where Korean breaks between syllables, but 150 where every
  // character of a long run may take an emergency break, set three times over. Within this
  // budget the cost stays in proportion to the text; a paragraph beyond it (pages of text
  // without spaces) is set first fit, which is what total fit finds there anyway.
  static constexpr std::size_t kEvaluationsPerBreakpoint = 48, kEvaluationsPerParagraph = 2000;

  std::vector<size_t> choose_breaks(const std::vector<Element>& elements, BreakParams params) {
    if (fits_on_one_line(elements, params, work.break_steps)) return {elements.size()};  // most résumé paragraphs
    std::vector<size_t> greedy = first_fit(elements, params, work.break_steps);
    if (breaker == Breaker::FirstFit) return greedy;
    std::size_t breakpoints = 0;
    for (size_t i = 0; i <= elements.size(); ++i) {
      ++work.break_steps;
      breakpoints += is_breakpoint(elements, i) ? 1 : 0;
    }
    const std::size_t allowed = kEvaluationsPerBreakpoint * breakpoints + kEvaluationsPerParagraph;
    std::size_t budget = allowed;
    std::optional<std::vector<size_t>> chosen;
    for (int line_penalty : {10, 100, 1000}) {
      params.line_penalty = line_penalty;
      std::optional<std::vector<size_t>> best = total_fit(elements, params, budget);
      if (!best) break;  // over the budget: first fit
      if (best->size() <= greedy.size()) {
        chosen = std::move(best);
        break;
      }
    }
    work.break_steps += allowed - budget;  // each pass spends its evaluations from the budget
    if (chosen) return std::move(*chosen);
    return greedy;
  }

  // One warning per paragraph, at its worst line: a column too narrow for a long word would
  // otherwise report every line.
  void warn_overfull(const std::vector<Line>& lines, double width, const Span& fallback) {
    const Line* worst = nullptr;
    int count = 0;
    for (const Line& line : lines) {
      if (!line.overfull) continue;
      ++count;
      if (!worst || line.width > worst->width) worst = &line;
    }
    if (!worst) return;
    const Span span = worst->runs.empty() ? fallback : worst->runs.front().span;
    std::string message = "line overflows by ";
    message += format_pt(worst->width - width);
    message += " pt";
    std::string hint = "'";
    hint += quoted_text(*worst);
    hint += "' cannot be broken to fit ";
    hint += format_pt(width);
    hint += " pt";
    if (count > 1) hint += " (" + std::to_string(count) + " lines of this paragraph overflow)";
    hint += "; shorten it or give it more room";
    // Once: each placement two balanced columns try sets the same paragraphs again.
    diags->add_once({Severity::Warning, span, std::move(message), {std::move(hint)}, Diagnostic::Kind::OnThePage});
  }

  // Underfull lines (justified, too loose to read well): one warning per paragraph, at its
  // loosest line, as TeX reports underfull boxes.
  void warn_underfull(const std::vector<Line>& lines, double width, const Span& fallback) {
    const Line* worst = nullptr;
    for (const Line& line : lines)
      if (line.underfull && (!worst || line.space_scale > worst->space_scale)) worst = &line;
    if (!worst) return;
    const Span span = worst->runs.empty() ? fallback : worst->runs.front().span;
    std::string message = "justified line is underfull: ";
    // Built step by step: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string.
    if (width - worst->width > 1.0) {
      message += "it ends ";
      message += format_pt(width - worst->width);
      message += " pt short of the margin";
    } else {
      char scale[32];
      std::snprintf(scale, sizeof scale, "%.1f", worst->space_scale);
      message += "its word spaces are stretched to ";
      message += scale;
      message += "x their width";
    }
    std::string hint = "'";
    hint += quoted_text(*worst);
    hint += "' has too few spaces to stretch; set this text ragged (text.align: left), ";
    // Hyphenation already on, it is no remedy to offer (serif's skills said to turn it on).
    hint += hyphenate ? "or reword it" : "turn on text.hyphenate for English, or reword it";
    diags->add_once({Severity::Warning, span, std::move(message), {std::move(hint)}});  // once, as above
  }

  // The clusters of a list marker at the start of a segment: no-break spaces, a bullet or
  // dash, one space ("· ", "\u00A0\u00A0– "); 0 when the segment starts otherwise.
  static size_t marker_length(const SourceText& text, const ShapedText& shaped, size_t begin, size_t end) {
    size_t c = begin;
    const auto char_at = [&](size_t cluster) { return text.chars[shaped.clusters[cluster].char_begin]; };
    while (c < end && char_at(c) == 0x00A0) ++c;
    if (c >= end) return 0;
    const char32_t mark = char_at(c);
    const bool is_mark = mark == 0x00B7 || mark == 0x2022 || mark == 0x25E6 || mark == 0x2013 || mark == '-';
    if (!is_mark || c + 1 >= end || char_at(c + 1) != ' ') return 0;
    return c + 2 - begin;
  }

  // A list item whose marker hangs: its text is set in the width beside the marker, and the
  // marker drawn before its first line (in reading order).
  void typeset_hanging(const SourceText& text, const ShapedText& shaped, Opportunities& boundaries, size_t begin,
                       size_t marker_end, size_t end, double width,
                       const compose::Paragraph& paragraph, std::vector<Line>& lines) {
    LineSpec spec;
    spec.trim = false;
    spec.empty_size = paragraph.inlines.empty() ? 10 : paragraph.inlines.front().font.size;
    spec.right_to_left = settings.right_to_left;
    Line marker = build_line(text, shaped, ClusterRange{begin, marker_end}, spec, work.line_steps);
    const double hang = marker.width;  // untrimmed: the space after the mark included
    const size_t first = lines.size();
    if (marker_end < end && hang < width) {
      typeset_segment(text, shaped, boundaries, marker_end, end, width - hang, paragraph, lines, false);
    } else {
      lines.push_back(std::move(marker));
      return;
    }
    if (lines.size() == first) {  // nothing but spaces after the marker
      lines.push_back(std::move(marker));
      return;
    }
    for (size_t k = first; k < lines.size(); ++k) {
      for (GlyphRun& run : lines[k].runs) run.x += hang;
      lines[k].width += hang;
    }
    Line& head = lines[first];
    head.runs.insert(head.runs.begin(), marker.runs.begin(), marker.runs.end());
    head.size = std::max(head.size, marker.size);
  }

  void typeset_segment(const SourceText& text, const ShapedText& shaped, Opportunities& boundaries, size_t begin,
                       size_t end, double width, const compose::Paragraph& paragraph, std::vector<Line>& lines,
                       bool may_hang = true, std::optional<theme::Align> align_instead = std::nullopt) {
    if (may_hang && paragraph.hanging_markers)
      if (const size_t length = marker_length(text, shaped, begin, end); length > 0)
        return typeset_hanging(text, shaped, boundaries, begin, begin + length, end, width, paragraph, lines);
    const theme::Align align = align_instead.value_or(paragraph.align);
    const size_t first = lines.size();
    const bool justify = align == theme::Align::Justify;
    const size_t end_char = end < shaped.clusters.size() ? shaped.clusters[end].char_begin : text.size() - 1;
    const double em = segment_em(text, shaped, begin, end, end_char);
    // The paragraph's first line may be narrower than the rest (a title beside a date,
    // Paragraph::first_line_inset): it is broken at its own measure, the rest at theirs.
    const double inset = first == 0 && may_hang && paragraph.first_line_inset < width ? paragraph.first_line_inset : 0;
    const double first_width = width - inset;
    std::vector<ClusterRange> ranges =
        certainly_fits(text, shaped, begin, end, first_width, justify, work.break_steps)
            ? std::vector<ClusterRange>{ClusterRange{begin, end, false}}
            : break_segment(text, shaped, boundaries, begin, end, first_width, justify, em);
    // A hanging indent (a wrapped entry title, as LaTeX's \hangindent): the lines after the
    // paragraph's first are set that much narrower and moved in by it, so that the wrapped
    // part reads as the title's, not as a line of its own at the margin.
    const double hang = first == 0 && may_hang && paragraph.hang_indent < width ? paragraph.hang_indent : 0;
    if ((hang > 0 || inset > 0) && ranges.size() > 1) {
      std::vector<ClusterRange> rest =
          break_segment(text, shaped, boundaries, ranges[1].begin, end, width - hang, justify, em);
      ranges.resize(1);
      ranges.insert(ranges.end(), rest.begin(), rest.end());
    }
    if (ranges.size() > 1)
      ranges = wrapped_at_preferred_break(text, shaped, boundaries, ranges, first_width, width - hang, justify, em);
    for (size_t k = 0; k < ranges.size(); ++k) {
      LineSpec spec;
      spec.width = k == 0 ? first_width : width - hang;
      spec.align = align;
      spec.fill = justify && k + 1 < ranges.size();
      spec.shrink = justify;
      spec.empty_size = em;
      spec.right_to_left = settings.right_to_left;
      lines.push_back(build_line(text, shaped, ranges[k], spec, work.line_steps));
      if (k > 0 && hang > 0) {
        for (GlyphRun& run : lines.back().runs) run.x += hang;
        lines.back().width += hang;
      }
    }
    // A justified list item (a highlight, or an item of a cell's list after its hanging marker)
    // whose words will not divide into full lines is set ragged, as its last line is: in a list
    // a short line reads better than a loose one. Loose is past what the spaces stretch by
    // (TeX's badness 100) with the syllable gaps full: a Korean item whose long eojeol went down
    // (a two-line item whose first line can only end a word short) would otherwise be filled
    // with word spaces near 0.6 em. So is a paragraph on a measure under text.ragged_measure
    // ems: on 20 em (columns' left column) a Korean paragraph broken between words left a line
    // at two or three times its spaces' width, and a designer sets so narrow a column ragged
    // (Bringhurst: under about 40 characters a line). Elsewhere a paragraph keeps its
    // justification (and the warning, when underfull).
    const bool list_item = paragraph.marker.has_value() || !may_hang;
    const bool narrow = width < ragged_measure * em;
    const auto loose = [](const Line& line) { return line.underfull || line.space_scale > kLooseSpaceScale; };
    const auto set_here = lines.begin() + static_cast<std::ptrdiff_t>(first);
    if (justify && (list_item || narrow) && std::any_of(set_here, lines.end(), loose)) {
      lines.erase(set_here, lines.end());
      typeset_segment(text, shaped, boundaries, begin, end, width, paragraph, lines, may_hang, theme::Align::Left);
    }
  }

  // Lines that wrap a title line wrap first before its second field (a field after a wide gap,
  // compose::Inline::preferred_break: "**Principal Engineer, Payments**   *Booking Holdings*"
  // puts the employer on a line of its own, never splits it across the break): the lines up to
  // the gap, then those after it, each part broken by its own opportunities. `ranges` are the
  // lines as broken without it; the first line is `first_width` wide, the others `rest_width`.
  std::vector<ClusterRange> wrapped_at_preferred_break(const SourceText& text, const ShapedText& shaped,
                                                       Opportunities& boundaries, const std::vector<ClusterRange>& ranges,
                                                       double first_width, double rest_width, bool justify, double em) {
    const size_t begin = ranges.front().begin, end = ranges.back().end;
    for (size_t c = begin + 1; c < end; ++c) {
      const size_t k = shaped.clusters[c].char_begin;
      const size_t before = shaped.clusters[c - 1].char_begin;
      if (!text.inline_at(k).preferred_break || text.inline_of[before] == text.inline_of[k] ||
          is_space_cluster(text, shaped.clusters[c]))
        continue;
      // c starts the field (its inline, or its first word after the gap's spaces).
      size_t gap = c;
      while (gap > begin && is_space_cluster(text, shaped.clusters[gap - 1])) --gap;
      if (gap == begin || std::any_of(ranges.begin(), ranges.end(), [&](const ClusterRange& r) { return r.begin == c; }))
        return ranges;
      std::vector<ClusterRange> head = break_segment(text, shaped, boundaries, begin, gap, first_width, justify, em);
      std::vector<ClusterRange> tail = break_segment(text, shaped, boundaries, c, end, rest_width, justify, em);
      head.insert(head.end(), tail.begin(), tail.end());
      return head;
    }
    return ranges;
  }

  // The lines of clusters [begin, end) by their break opportunities.
  std::vector<ClusterRange> break_segment(const SourceText& text, const ShapedText& shaped,
                                          Opportunities& boundaries, size_t begin, size_t end,
                                          double width, bool justify, double em) {
    BreakParams params;
    params.width = width;
    params.justify = justify;
    params.ragged_stretch = kRaggedStretchEm * em;
    std::vector<Element> elements =
        build_elements(text, shaped, boundaries.get(), begin, end, width, justify, work.break_steps);
    // A word wider than the line: again, with its hyphenation points.
    const auto emergency = [](const Element& e) { return e.type == ElementType::Penalty && e.emergency; };
    if (!boundaries.emergency_hyphens_marked() && std::any_of(elements.begin(), elements.end(), emergency))
      elements = build_elements(text, shaped, boundaries.with_emergency_hyphens(), begin, end, width, justify,
                                work.break_steps);
    if (!elements.empty()) params.end_break_width = -shaped.clusters[elements.back().cluster_end - 1].end_adjust();
    return line_ranges(elements, choose_breaks(elements, params), end);
  }

  // The shaping of `text`, from the cache when the same paragraph was set before, with its
  // break opportunities as far as they were found. A paragraph whose shaping reported
  // something (a missing glyph) is not kept, so its warnings come again each time, as
  // without a cache. The reference is valid until the next call.
  Prepared& prepare(const SourceText& text) {
    std::string key = shaping_key(text);
    if (std::optional<std::shared_ptr<Prepared>> kept = shaping.find(key)) {
      current = std::move(*kept);
      return *current;
    }
    current = std::make_shared<Prepared>();
    const size_t reported = diags->all().size();
    current->units = shape_units(text, settings, fonts, chooser, words, *diags);
    if (diags->all().size() == reported) shaping.keep(std::move(key), current);
    return *current;
  }

  std::vector<Boundary> find_boundaries(const SourceText& text, bool hyphenate) {
    std::vector<Boundary> boundaries = find_breaks(text, korean_break);
    if (hyphenate) mark_hyphenation(text, *hyphenation, boundaries);
    // An unbreakable inline (one contact: "+82 10-1234-5678", "Seoul, Korea") has no break
    // opportunity inside: it moves to the next line whole. Only a word of it wider than the
    // whole line (an address longer than the measure) keeps its emergency breaks, after a
    // slash first, rather than running into the margin.
    for (size_t k = 1; k < text.size(); ++k)
      if (text.inline_of[k] == text.inline_of[k - 1] && text.inline_at(k).unbreakable)
        boundaries[k].allowed = boundaries[k].hyphen = boundaries[k].range = false;
    return boundaries;
  }

  // Hyphenation is for running text set flush left or justified: never names, and never
  // centred or right-aligned lines (headings, the headline), where a broken word stands out.
  bool hyphenates(const compose::Paragraph& paragraph) const {
    const bool running = paragraph.align == theme::Align::Left || paragraph.align == theme::Align::Justify;
    return hyphenate && running && !paragraph.is_name;
  }

  Diagnostics* diags;  // where messages go now (report_to)
  std::unique_ptr<FontService> own_font_service;  // when given none
  FontService* font_service;
  FontSettings settings;
  theme::KoreanBreak korean_break;
  FontStore fonts;
  FontChooser chooser;
  Breaker breaker;
  bool hyphenate;  // the theme hyphenates English running text
  double ragged_measure;  // ems: a loose justified paragraph narrower than this is set ragged
  // Loads on first use: hyphenation points for the theme's running text (hyphenate), and for
  // any word wider than its line.
  std::optional<HyphenDictionary> hyphenation;
  ShapingMemo shaping{kKeptParagraphs};
  std::shared_ptr<Prepared> current;  // what prepare() gave last, kept alive while in use
  ShapedWords words;  // each distinct word shaped once per font
  Memo<std::string, std::vector<Line>> kept_lines{kKeptLines};  // typeset_at() by lines_key()
  bool keep_lines = true;  // keep_lines()
  SmallCapsFaces small_caps_faces;

  // The inlines as they are set: `inlines` itself, or in `storage` with small capitals made
  // for the faces that have none.
  std::span<const compose::Inline> as_set(std::span<const compose::Inline> inlines,
                                          std::vector<compose::Inline>& storage) {
    if (synthesize_small_caps(inlines, settings.fonts, fonts, small_caps_faces, storage)) return storage;
    return inlines;
  }

  // `inlines` as set (as_set) joined into one text (gather_text), in storage reused from one
  // paragraph to the next. Valid until the next call; it refers to `inlines` or to
  // inline_storage, so `inlines` must outlive its use.
  const SourceText& gathered(std::span<const compose::Inline> inlines) {
    gather_text(as_set(inlines, inline_storage), source_storage);
    return source_storage;
  }

  // A paragraph's text shaped at its sizes, with its break opportunities: what setting it in
  // lines and measuring its widest unbreakable stretch both start from. Both are valid until
  // the next ready() or typeset_line(): `shaped` is in scaled_storage, `boundaries` in the
  // prepared paragraph.
  struct Ready {
    const ShapedText& shaped;
    Opportunities boundaries;
  };
  Ready ready(const SourceText& text, const compose::Paragraph& paragraph) {
    const bool hyphenate = hyphenates(paragraph);
    Prepared& prepared = prepare(text);
    return {scaled(prepared, text), Opportunities(*this, text, prepared, hyphenate)};
  }

  // `prepared`'s shaping at the sizes of `text` (the paragraph it was just prepared for),
  // scaled into storage reused from one paragraph to the next. Valid until the next call.
  const ShapedText& scaled(const Prepared& prepared, const SourceText& text) {
    scale_shaped(prepared.units, text, settings, fonts, scaled_storage);
    return scaled_storage;
  }
  // The paragraph being set, scaled (scaled()): its glyphs and clusters are written where the
  // paragraph before's were, instead of into vectors allocated for each paragraph.
  ShapedText scaled_storage;
  // The paragraph being set, gathered (gathered()), likewise in storage reused: its text and,
  // when small capitals were synthesized, the inlines it refers to.
  SourceText source_storage;
  std::vector<compose::Inline> inline_storage;
  TypesetWork work;
};

Typesetter::Typesetter(const TypesetSettings& settings, Diagnostics& diags, FontService* fonts)
    : impl_(std::make_unique<Impl>(settings, diags, fonts)) {}

Typesetter::~Typesetter() = default;

std::vector<Line> Typesetter::typeset(const compose::Paragraph& paragraph, double width) {
  std::vector<Line> lines = typeset_at(paragraph, width);
  if (paragraph.least_scale < 1 && lines.size() > 1)
    if (std::optional<std::vector<Line>> one = on_one_line(paragraph, width)) lines = std::move(*one);
  impl_->warn_overfull(lines, width, paragraph.span);
  impl_->warn_underfull(lines, width, paragraph.span);
  if (!paragraph.balance || lines.size() < 2) return lines;
  // Balanced: the narrowest measure that still takes as many lines (found to 1%), so that the
  // lines come out of even length instead of a full line over a short one; the lines are
  // then placed in the paragraph's own width, keeping its alignment. Never narrower than its
  // widest word: a trial measure below a URL that fits the full width would break the URL
  // in an emergency ("…/very/long" over "/path/…") and still count as a fit.
  double lo = std::max(width / static_cast<double>(lines.size()), std::min(widest_unbreakable(paragraph), width)),
         hi = width;
  std::vector<Line> best = lines;
  for (int step = 0; step < 10 && hi - lo > width * 0.01; ++step) {
    const double mid = (lo + hi) / 2;
    std::vector<Line> trial = typeset_at(paragraph, mid);
    const bool fits = trial.size() == lines.size() &&
                      std::none_of(trial.begin(), trial.end(), [](const Line& l) { return l.overfull; });
    if (fits) {
      hi = mid;
      best = std::move(trial);
    } else {
      lo = mid;
    }
  }
  const double shift = paragraph.align == theme::Align::Center ? (width - hi) / 2
                       : paragraph.align == theme::Align::Right ? width - hi
                                                                 : 0;
  for (Line& line : best)
    for (GlyphRun& run : line.runs) run.x += shift;
  return best;
}

namespace {

void append_text(std::string& key, const std::string& text) {
  append_bytes(key, text.size());
  key += text;
}

// Everything typeset_at() reads from a paragraph and its width: every inline whole (text,
// style, link, where it is written), the alignment, hyphenation, hanging markers. Two equal
// keys give the same lines.
std::string lines_key(const compose::Paragraph& paragraph, double width, Breaker breaker) {
  // Its size, reserved once: the texts and every inline's fixed fields.
  constexpr size_t kInlineFields = 4 * sizeof(size_t) + 2 * sizeof(int) + 4 * sizeof(double) + 2;
  size_t size = sizeof width + sizeof paragraph.hang_indent + sizeof paragraph.first_line_inset + 3;
  for (const compose::Inline& in : paragraph.inlines)
    size += kInlineFields + in.text.size() + in.link.size() + in.reads_as.size() + in.span.file.size();
  std::string key;
  key.reserve(size);
  append_bytes(key, width);
  key += static_cast<char>(breaker == Breaker::FirstFit);
  key += static_cast<char>(paragraph.align);
  // A list item (with a marker) may be set otherwise than the same text as a paragraph.
  key += static_cast<char>(paragraph.is_name * 4 + paragraph.hanging_markers * 2 + paragraph.marker.has_value());
  append_bytes(key, paragraph.hang_indent);
  append_bytes(key, paragraph.first_line_inset);
  const std::string* file_before = nullptr;
  for (const compose::Inline& in : paragraph.inlines) {
    append_text(key, in.text);
    append_text(key, in.link);
    append_text(key, in.reads_as);
    // The file is written once for the inlines from one file in a row (a paragraph's, most often).
    const bool same_file = file_before && *file_before == in.span.file;
    key += static_cast<char>(same_file);
    if (!same_file) append_text(key, in.span.file);
    file_before = &in.span.file;
    append_bytes(key, in.span.line);
    append_bytes(key, in.span.col);
    const compose::FontSpec& font = in.font;
    append_bytes(key, font.size);
    append_bytes(key, font.color.r);
    append_bytes(key, font.color.g);
    append_bytes(key, font.color.b);
    key += static_cast<char>(font.bold + font.italic * 2 + font.small_caps * 4 + font.emphasized * 8 + font.mono * 16 +
                             in.unbreakable * 32 + in.preferred_break * 64);
    key += static_cast<char>(font.latin);
  }
  return key;
}

}  // namespace

std::vector<Line> Typesetter::typeset_at(const compose::Paragraph& paragraph, double width) {
  if (!impl_->keep_lines) return set_lines(paragraph, width);
  // The lines of a paragraph set before at this width (a warm engine setting a CV again after
  // an edit elsewhere, fitting trying the same measure twice): unless setting it said
  // something, which must be said again.
  // One lookup, which adds the entry on a miss: the key is hashed once.
  std::string key = lines_key(paragraph, width, impl_->breaker);
  if (std::optional<std::vector<Line>> kept = impl_->kept_lines.find(key)) return std::move(*kept);
  const std::size_t reported = impl_->diags->all().size();
  std::vector<Line> lines = set_lines(paragraph, width);
  if (impl_->diags->all().size() == reported) impl_->kept_lines.keep(std::move(key), lines);
  return lines;
}

std::vector<Line> Typesetter::set_lines(const compose::Paragraph& paragraph, double width) {
  const SourceText& text = impl_->gathered(paragraph.inlines);
  if (text.size() == 0) return {};
  Impl::Ready ready = impl_->ready(text, paragraph);
  const ShapedText& shaped = ready.shaped;
  Impl::Opportunities& boundaries = ready.boundaries;
  std::vector<Line> lines;
  // "\n" forces a break: the text between newlines is set as independent segments.
  size_t begin = 0;
  const size_t count = shaped.clusters.size();
  for (size_t c = 0; c < count; ++c) {
    if (!is_newline_cluster(text, shaped.clusters[c])) continue;
    if (!is_crlf_tail(text, shaped, c))
      impl_->typeset_segment(text, shaped, boundaries, begin, c, width, paragraph, lines);
    begin = c + 1;
  }
  if (begin < count) impl_->typeset_segment(text, shaped, boundaries, begin, count, width, paragraph, lines);
  return lines;
}

std::optional<std::vector<Line>> Typesetter::on_one_line(const compose::Paragraph& paragraph, double width) {
  constexpr double kUnbounded = 1e6;  // pt: a measure no paragraph fills
  const std::vector<Line> natural = typeset_at(paragraph, kUnbounded);
  if (natural.size() != 1 || natural.front().width <= 0) return std::nullopt;
  // The scale to whole hundredths, rounded down: the same paragraph at the same measure is
  // set at the same size on every run.
  const double scale = std::floor(width / natural.front().width * 100) / 100;
  if (scale < paragraph.least_scale || scale >= 1) return std::nullopt;
  compose::Paragraph smaller = paragraph;
  smaller.least_scale = 1;
  for (compose::Inline& in : smaller.inlines) in.font.size *= scale;
  std::vector<Line> lines = typeset_at(smaller, width);
  if (lines.size() != 1 || lines.front().overfull) return std::nullopt;
  return lines;
}

/// Room for the kern a compound's piece loses where a line ends inside the compound (pt).
constexpr double kCompoundKernRoom = 1.0;

namespace {

/// Typesetter::widest_unbreakable's measure of `shaped` with `boundaries`.
double widest_stretch(const SourceText& text, const ShapedText& shaped, const std::vector<Boundary>& boundaries,
                      Typesetter::GroupBreaks groups, double split_wider_than, std::size_t& steps) {
  using GroupBreaks = Typesetter::GroupBreaks;
  // Stretches run from one break opportunity to the next: a space where no line may end (in
  // a date, "Apr 2019") belongs to its stretch; spaces before an opportunity do not (a line
  // ending there drops them). A date range may break after its dash when it must, so each
  // date counts alone; a short bracketed group is one stretch, spaces and all.
  double widest = 0, stretch = 0, spaces = 0;
  // The stretch's width before each of its hyphenation points, with the hyphen drawn there.
  std::vector<std::pair<double, double>> points;
  const auto piece = [&](double width) {
    if (width <= split_wider_than) return width;
    double best = width;
    for (const auto& [before, hyphen] : points) best = std::min(best, std::max(before + hyphen, width - before));
    return best;
  };
  for (const Cluster& cluster : shaped.clusters) {
    ++steps;
    const Boundary& before = boundaries[cluster.char_begin];
    const bool compound_end = groups == GroupBreaks::Counted && before.compound;
    if (before.allowed || before.forced || compound_end ||
        (before.range && (!before.in_group || (groups == GroupBreaks::Counted && !before.in_name_group)))) {
      // A line that ends inside a compound loses the kern between its last glyph and the next
      // ("/A" is kerned tighter than "/" alone): the piece set alone is that much wider.
      widest = std::max(widest, piece(stretch) + (compound_end ? kCompoundKernRoom : 0));
      stretch = spaces = 0;
      points.clear();
    } else if (before.hyphen_emergency && groups == GroupBreaks::Counted && &cluster != &shaped.clusters.front()) {
      const Cluster& last = (&cluster)[-1];
      const Item& item = shaped.items[static_cast<size_t>(last.item)];
      if (last.drawn() && item.hyphen_glyph != 0) points.emplace_back(stretch, item.hyphen_advance);
    }
    if (is_newline_cluster(text, cluster)) continue;
    if (is_space_cluster(text, cluster)) {
      spaces += cluster.width;
    } else {
      stretch += spaces + cluster.width;
      spaces = 0;
    }
  }
  return std::max(widest, piece(stretch));
}

}  // namespace

double Typesetter::widest_unbreakable(const compose::Paragraph& paragraph, GroupBreaks groups,
                                      double split_wider_than) {
  const SourceText& text = impl_->gathered(paragraph.inlines);
  if (text.size() == 0) return 0;
  Impl::Ready ready = impl_->ready(text, paragraph);
  const double widest = widest_stretch(text, ready.shaped, ready.boundaries.get(), groups, split_wider_than, impl_->work.line_steps);
  // A word wider than `split_wider_than` counts as its parts at its hyphenation points: found
  // only now that there is one (loading the patterns costs as much as setting a page).
  if (widest <= split_wider_than || groups != GroupBreaks::Counted || ready.boundaries.emergency_hyphens_marked())
    return widest;
  return widest_stretch(text, ready.shaped, ready.boundaries.with_emergency_hyphens(), groups, split_wider_than,
                        impl_->work.line_steps);
}

Line Typesetter::typeset_line(const compose::Inline& inline_text) {
  const SourceText& text = impl_->gathered(std::span<const compose::Inline>(&inline_text, 1));
  LineSpec spec;
  spec.trim = false;
  spec.empty_size = inline_text.font.size;
  spec.right_to_left = impl_->settings.right_to_left;
  if (text.size() == 0) return build_line(text, ShapedText{}, ClusterRange{}, spec, impl_->work.line_steps);
  const Prepared& prepared = impl_->prepare(text);  // one line: no breaks
  const ShapedText& shaped = impl_->scaled(prepared, text);
  return build_line(text, shaped, ClusterRange{0, shaped.clusters.size()}, spec, impl_->work.line_steps);
}

const std::vector<FontInfo>& Typesetter::fonts() const { return impl_->fonts.infos(); }

void Typesetter::report_to(Diagnostics& diags) {
  impl_->diags = &diags;
  impl_->fonts.report_to(diags);
  if (impl_->hyphenation) impl_->hyphenation->report_to(diags);
}

bool Typesetter::reusable() const {
  return impl_->fonts.still_valid() && !(impl_->hyphenation && impl_->hyphenation->failed());
}

void Typesetter::start_document() {
  // Nothing to let go of: the memos keep the paragraphs used last, within their budgets.
  impl_->current.reset();
}

std::string Typesetter::signature(const TypesetSettings& settings) {
  // Everything Impl reads, and where the fonts are named (their FontInfo carries it into
  // messages about embedding them).
  std::string out;
  const auto add = [&](std::string_view part) {
    out += part;
    out += '\x1f';
  };
  for (const auto& [path, span] : settings.font_origins) {
    add(path);
    add(span.file);
    add(std::to_string(span.line) + ":" + std::to_string(span.col));
  }
  const theme::Fonts& fonts = settings.fonts;
  for (const theme::FontFaces* faces : {&fonts.hangul, &fonts.latin})
    for (const std::string* path : {&faces->regular, &faces->bold, &faces->italic, &faces->bold_italic}) add(*path);
  for (const theme::FontFaces& faces : fonts.roles)
    for (const std::string* path : {&faces.regular, &faces.bold, &faces.italic, &faces.bold_italic}) add(*path);
  for (const std::string& path : fonts.fallback) add(path);
  for (const theme::FontFaces& faces : fonts.scripts)
    for (const std::string* path : {&faces.regular, &faces.bold}) add(*path);
  add(fonts.mono);
  add(settings.right_to_left ? "rtl" : "ltr");
  add(settings.italics ? "italics" : "upright");
  const Rgb& emphasis = settings.emphasis_color;
  add(fmt::format("{:a}|{:a}|{:a}|{:a}|{:a}|{:a}|{}|{}|{}|{:a}", fonts.latin_scale, fonts.latin_baseline, emphasis.r,
                  emphasis.g, emphasis.b, settings.hangul_latin_gap, static_cast<int>(settings.korean_break),
                  settings.hyphenate, static_cast<int>(settings.breaker), settings.ragged_measure));
  return out;
}

void Typesetter::set_breaker(Breaker breaker) { impl_->breaker = breaker; }

void Typesetter::keep_lines(bool keep) {
  impl_->keep_lines = keep;
  if (!keep) impl_->kept_lines.clear();
}

ShapingCacheStats Typesetter::shaping_cache_stats() const {
  const MemoStats shaping = impl_->shaping.stats();
  return ShapingCacheStats{shaping.hits, shaping.misses, shaping.entries, impl_->words.shaped(),
                           impl_->kept_lines.stats().hits};
}

MemoStats Typesetter::shaping_stats() const { return impl_->shaping.stats(); }

MemoStats Typesetter::lines_stats() const { return impl_->kept_lines.stats(); }

TypesetWork Typesetter::work() const { return impl_->work; }

}  // namespace hanji::text
