// text: a styled paragraph and a width in, lines of shaped glyph runs out. Picks a font per
// character (Hangul / Latin / fallback), shapes with HarfBuzz at units-per-em, finds break
// opportunities (UAX #14 via libunibreak plus the Korean rules, English hyphenation points via
// libhyphen when asked for), and chooses line breaks over a box/glue/penalty list. Only this
// module sees HarfBuzz, FreeType, libunibreak and libhyphen; font_service.h is its part that
// exporters use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compose/compose.h"
#include "core/core.h"
#include "doc/doc.h"
#include "theme/theme.h"
#include "text/font_service.h"

namespace hanji::text {

// The glyph-run vocabulary is doc's: a line's runs go onto pages unchanged.
using doc::FontInfo;
using doc::Glyph;
using doc::GlyphRun;

/// One line of a paragraph, positioned within the paragraph's width (alignment applied).
struct Line {
  std::vector<GlyphRun> runs;
  double width = 0;       // extent of the ink-bearing content from the first run's x
  double size = 10;       // largest nominal size on the line (for vertical placement)
  bool overfull = false;  // content could not be made to fit the width
  /// A justified line that could only be filled by stretching its word spaces beyond twice
  /// their width, or not at all (TeX's underfull box): `space_scale` says how far.
  bool underfull = false;
  double space_scale = 1;  // justified lines: word spaces as a multiple of their natural width
};

/// How a paragraph's line breaks are chosen: Knuth–Plass total fit (the default), or first fit
/// (each line as full as it goes; kept for comparison).
enum class Breaker { TotalFit, FirstFit };

/// How often typeset() and typeset_line() found a paragraph already shaped.
struct ShapingCacheStats {
  size_t hits = 0, misses = 0;
  size_t kept = 0;  // paragraphs held now
  size_t words_shaped = 0;  // distinct words (and runs of spaces) HarfBuzz was given
  size_t lines_reused = 0;  // paragraphs set again at a width they were set at: their lines kept
};

/// The work typeset() and typeset_line() have done so far besides shaping (which
/// ShapingCacheStats counts), as the iterations of the loops whose cost must grow in
/// proportion to the text. Tests check these counts, which a busy machine does not change;
/// make bench prints the times.
struct TypesetWork {
  /// Breaking lines: clusters looked at to build the box/glue/penalty lists, Knuth–Plass
  /// evaluations (an active node tried at a breakpoint, in every pass), first fit's
  /// breakpoints looked at and elements measured.
  size_t break_steps = 0;
  /// Building the lines: clusters looked at, those of words broken across lines included.
  size_t line_steps = 0;
};

/// What the typesetter reads of a theme, and nothing else: the fonts with where the layout
/// names each file (for messages about the file), the emphasis colour, the Hangul-Latin gap,
/// the writing direction, the Korean break rule, hyphenation, the line breaker and the measure
/// under which a loose justified paragraph is set ragged.
struct TypesetSettings {
  theme::Fonts fonts;
  std::map<std::string, Span> font_origins;
  Rgb emphasis_color;
  double hangul_latin_gap = 0;  // em
  bool right_to_left = false;
  bool italics = true;  // false: nothing in italics (the CV's language shows emphasis as colour)
  theme::KoreanBreak korean_break{};
  bool hyphenate = false;
  Breaker breaker = Breaker::TotalFit;
  /// A justified paragraph on a measure narrower than this many ems whose lines would come out
  /// loose is set ragged (0: never).
  double ragged_measure = 0;

  static TypesetSettings of(const theme::Theme& theme);
};

/// Shapes and breaks paragraphs with the fonts of one theme. Holds the loaded fonts for the
/// whole document; the font indices in its runs refer to fonts(). With theme.hyphenate,
/// English words may be hyphenated (libhyphen's en-US patterns, loaded on first use).
///
/// Shaping is kept per distinct paragraph (its text and styles, not its sizes): setting the
/// same paragraphs again, at other sizes or widths, costs only line breaking, and gives
/// exactly what a new Typesetter would. So reuse one Typesetter when fitting a document.
class Typesetter {
 public:
  /// `fonts`: where font files are opened (a warm engine's, shared by its typesetters and
  /// exporters); null: a service of its own.
  Typesetter(const TypesetSettings& settings, Diagnostics& diags, FontService* fonts = nullptr);
  Typesetter(const theme::Theme& theme, Diagnostics& diags, FontService* fonts = nullptr)
      : Typesetter(TypesetSettings::of(theme), diags, fonts) {}
  ~Typesetter();
  Typesetter(const Typesetter&) = delete;
  Typesetter& operator=(const Typesetter&) = delete;

  /// Breaks `paragraph` into lines at most `width` pt wide (indents are the caller's business:
  /// pass the width left after them). Runs' x positions start at 0 = the paragraph's left edge.
  /// A character no font has, an unbreakable overlong line: warnings with the source span.
  std::vector<Line> typeset(const compose::Paragraph& paragraph, double width);

  /// Shapes `inline_text` as a single unbroken line (markers, footers, aside cells).
  Line typeset_line(const compose::Inline& inline_text);

  /// The width of the widest stretch of `paragraph` that no regular break opportunity
  /// divides (a word, a URL, an unbreakable contact item, a date range): the narrowest
  /// measure it can be set in without breaking a word in an emergency. 0 for no text.
  /// A short bracketed group ("(Juba, South Sudan)") is one stretch with GroupBreaks::Kept
  /// (the measure a paragraph needs to set it whole); with GroupBreaks::Counted its inner
  /// spaces divide it, as the breaker does where the group does not fit, unless it is as short
  /// as a name ("(VDA 6.3)", kNameGroupChars): the least a table column needs (a Company column
  /// as wide as "(Copenhagen, Denmark)" while its cells wrap took from the duties beside it);
  /// and a compound divides after its hyphen or slash before a letter ("A350-900/|A330-300"),
  /// where the breaker ends a line when the compound does not fit.
  /// A word wider than `split_wider_than` counts as the wider of the two parts of its best
  /// split at an English hyphenation point ("Ziekenhuis-" of "Ziekenhuisapotheker"), where the
  /// breaker hyphenates a word that does not fit its line: one long word need not set a
  /// table column's width.
  enum class GroupBreaks { Kept, Counted };
  double widest_unbreakable(const compose::Paragraph& paragraph, GroupBreaks groups = GroupBreaks::Kept,
                            double split_wider_than = std::numeric_limits<double>::infinity());

  /// Every font file loaded so far (the PDF writer embeds those that runs use).
  const std::vector<FontInfo>& fonts() const;

  /// Sends later messages to `diags`: a warm engine's typesetter sets one document after
  /// another, each reporting into its own Diagnostics.
  void report_to(Diagnostics& diags);
  /// True when it may set another document: every font it was asked for loaded (a failure
  /// is reported only once) and none has changed on disk since, and the hyphenation patterns
  /// did not fail to load.
  bool reusable() const;
  /// Starts another document (the memos of shaped paragraphs and of their lines keep the
  /// ones used last, within their budgets).
  void start_document();
  /// What a typesetter for `theme` depends on (fonts and where they are named, the emphasis
  /// colour, the Hangul-Latin gap, the Korean break rule, hyphenation, the breaker): themes
  /// with the same signature are set identically by the same typesetter.
  static std::string signature(const TypesetSettings& settings);
  static std::string signature(const theme::Theme& theme) { return signature(TypesetSettings::of(theme)); }

  /// Selects the line breaker for later typeset() calls.
  void set_breaker(Breaker breaker);
  /// Whether the lines of each paragraph are kept, for setting it again at the same width
  /// (the default): a warm engine's next build, or the placements a build of two balanced
  /// columns tries. Other single builds set a paragraph at one width once (fitting changes the
  /// sizes or the measure), so they keep none.
  void keep_lines(bool keep);

  ShapingCacheStats shaping_cache_stats() const;
  /// The memos of shaped paragraphs and of paragraphs' lines at one width.
  MemoStats shaping_stats() const;
  MemoStats lines_stats() const;
  TypesetWork work() const;

 private:
  /// typeset() without balancing, from the lines kept when the paragraph was set before.
  std::vector<Line> typeset_at(const compose::Paragraph& paragraph, double width);
  /// The paragraph on one line, its sizes scaled down as little as that takes (to whole
  /// hundredths, no less than Paragraph::least_scale); none when that does not hold it.
  std::optional<std::vector<Line>> on_one_line(const compose::Paragraph& paragraph, double width);
  /// typeset_at() without them.
  std::vector<Line> set_lines(const compose::Paragraph& paragraph, double width);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hanji::text
