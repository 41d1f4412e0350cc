// The search for the least squeeze that fits: lay out at s = 0 (as the layout says), at s = 1
// (the tightest the bounds allow), then home in on the threshold between them by regula falsi
// on how much content is past the last allowed page.
#include "fit/fit.h"

#include <fmt/format.h>

#include "core/limits.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace hanji::fit {

namespace {

// Stop when the squeeze is known to within this: 0.02 of s is under 0.5% of the text size or
// 2% of the spaces, below what anyone sees.
constexpr double kSqueezeTolerance = 0.02;
// Layouts per build at most (s = 0, s = 1 and up to five between). The budget is four times
// a plain build; a first layout is about a third of one (the rest is reading the YAML and the
// fonts, and writing the PDF) and later ones reuse its shaping, so seven layouts measured
// 1.25-1.4 times a plain build in instructions (callgrind) on CVs of 1.2 pages.
constexpr int kMaxAttempts = 7;
// Each new point stays this fraction of the bracket away from its ends, so the bracket shrinks.
constexpr double kMinStep = 0.1;

/// The CV laid out at one squeeze.
struct Attempt {
  double squeeze = 0;
  theme::Theme theme;
  doc::Document doc;
  Diagnostics diags;  // everything this layout reported, in order
  double excess = 0;  // > 0: pt of content past the last allowed page; <= 0: room left on it
};

size_t page_count(const doc::Document& doc) { return doc.pages.size(); }

/// The height of the content on the pages past the first `pages`, less what is drawn there
/// again only because content goes on over a page break (a continued section's title, a
/// table's header row): fitted, it is not there, and counting it overshoots the squeeze.
double content_past(const doc::Document& doc, int pages) {
  double past = 0;
  for (size_t p = static_cast<size_t>(std::max(pages, 0)); p < page_count(doc); ++p)
    past += doc.pages[p].content_height - doc.pages[p].repeated_height;
  return past;
}

/// How far `doc` is from `pages` pages, as one number that falls as the squeeze grows (in a
/// step where an entry moves back a page): the height of everything past page `pages` less
/// the room left at the feet of the pages before (positive, however little), or minus the
/// room left on the pages allowed.
double excess(const doc::Document& doc, int pages) {
  const size_t allowed = static_cast<size_t>(std::max(pages, 0));
  if (page_count(doc) > allowed) {
    double past = content_past(doc, pages);
    // Less the room the pages allowed leave at their feet: a page that ends early to keep an
    // entry with its section's others (fit.lone_entry_room) sends more past the limit than
    // the squeeze has to win back, and the estimate would overshoot.
    for (size_t p = 0; p < allowed; ++p) past -= std::max(0.0, doc.flow_height - doc.pages[p].content_height);
    return std::max(past, 0.1);  // there is something past the limit, however little
  }
  double room = static_cast<double>(allowed - page_count(doc)) * doc.flow_height;
  if (!doc.pages.empty()) room += std::max(0.0, doc.flow_height - doc.pages.back().content_height);
  return -room;
}

bool contains(const std::vector<Diagnostic>& list, const Diagnostic& d) {
  return std::any_of(list.begin(), list.end(), [&](const Diagnostic& other) { return same_message(other, d); });
}

/// Lays the CV out at any squeeze through the caller's LayOut. Each attempt's messages are
/// its own: the returned layout's are kept, the others' dropped, since every attempt repeats
/// them or has its own version (how much a line overflows depends on the squeeze). The
/// exception is a message without a location, about the document as a whole (e.g. a missing
/// hyphenation dictionary): a shared typesetter says it once, in whichever attempt first needs
/// it, so those are gathered from every attempt.
class Layouts {
 public:
  Layouts(const LayOut& lay_out, const theme::Theme& theme, int pages)
      : lay_out_(lay_out), theme_(theme), pages_(pages) {}

  Attempt lay_out(double s, layout::Options options) {
    Attempt a;
    ++count_;
    a.squeeze = s;
    a.theme = s > 0 ? squeezed(theme_, s) : theme_;
    a.doc = lay_out_(a.theme, options, a.diags);
    a.excess = excess(a.doc, pages_);
    for (const Diagnostic& d : a.diags.all())
      if (!d.span.known() && !contains(unlocated_, d)) unlocated_.push_back(d);
    pages_laid_out_ += page_count(a.doc);
    most_pages_ = std::max(most_pages_, page_count(a.doc));
    return a;
  }

  int count() const { return count_; }
  /// Later attempts are measured against `pages` pages.
  void aim_at(int pages) { pages_ = pages; }
  /// Whether one more layout stays within limits::kMaxFitPages, judged by the longest so far
  /// (a squeezed layout is no longer than the natural one).
  bool may_lay_out_again() const { return pages_laid_out_ + most_pages_ <= limits::kMaxFitPages; }

  /// Passes `chosen`'s messages on to `diags`, after the document-wide ones other attempts
  /// reported and `chosen` did not.
  void report(const Attempt& chosen, Diagnostics& diags) const {
    for (const Diagnostic& d : unlocated_)
      if (!contains(chosen.diags.all(), d)) diags.add(d);
    for (const Diagnostic& d : chosen.diags.all()) diags.add(d);
  }

 private:
  const LayOut& lay_out_;
  const theme::Theme& theme_;
  int pages_;
  std::vector<Diagnostic> unlocated_;  // from every attempt so far, once each
  int count_ = 0;
  std::size_t pages_laid_out_ = 0, most_pages_ = 0;
};

/// The least squeeze in (lo.squeeze, hi.squeeze] that fits, given that lo does not fit and
/// hi does. Regula falsi, Illinois variant (the kept end's value is halved when the same end
/// is kept twice, so a curved or stepped excess still converges fast).
Attempt narrow(Layouts& layouts, int pages, const Attempt& lo_attempt, Attempt hi) {
  double lo = lo_attempt.squeeze, f_lo = lo_attempt.excess, f_hi = hi.excess;
  int kept = 0;  // +1: the low end was kept last time, -1: the high end
  layout::Options no_balancing{.balance_last_page = false};
  while (hi.squeeze - lo > kSqueezeTolerance && layouts.count() < kMaxAttempts && layouts.may_lay_out_again()) {
    double width = hi.squeeze - lo;
    double s = lo + width * f_lo / (f_lo - f_hi);
    s = std::clamp(s, lo + kMinStep * width, hi.squeeze - kMinStep * width);
    Attempt a = layouts.lay_out(s, no_balancing);
    if (a.diags.has_errors()) return a;
    if (page_count(a.doc) <= static_cast<size_t>(pages)) {
      if (kept == 1) f_lo /= 2;
      kept = 1;
      f_hi = a.excess;
      hi = std::move(a);
    } else {
      if (kept == -1) f_hi /= 2;
      kept = -1;
      lo = s;
      f_lo = a.excess;
    }
  }
  return hi;
}

std::string pages_text(int pages) { return fmt::format("{} page{}", pages, pages == 1 ? "" : "s"); }

FitResult finish(Attempt a, const Layouts& layouts, Diagnostics& diags) {
  layouts.report(a, diags);
  FitResult r;
  r.squeeze = a.squeeze;
  r.attempts = layouts.count();
  r.theme = std::move(a.theme);
  r.doc = std::move(a.doc);
  return r;
}

void warn_cannot_fit(const theme::Theme& original, const FitResult& tightest, int pages, Diagnostics& diags) {
  const theme::TextStyle& body = tightest.theme.body;
  const double pitch = body.size * body.line_height;
  const int lines = static_cast<int>(std::ceil(tightest.shortfall / pitch));
  std::string changes = describe_changes(original, tightest.theme);
  if (changes.empty()) changes = "the layout's fit.* bounds allow no shrinking";
  diags.on_the_page(Span{},
                fmt::format("cannot fit on {}: needs {:.1f} pt more (about {} line{} of text) at the tightest the "
                            "layout allows",
                            pages_text(pages), tightest.shortfall, lines, lines == 1 ? "" : "s"),
                {fmt::format("laid out at the tightest ({}), it takes {}", changes,
                             pages_text(static_cast<int>(page_count(tightest.doc)))),
                 fmt::format("shorten the CV, or lower the layout's fit.* bounds (now fit.min_font_scale: {:g}, "
                             "fit.min_leading_scale: {:g}, fit.min_space_scale: {:g}, fit.min_margin: {:g}pt)",
                             original.fit_min_font_scale, original.fit_min_leading_scale,
                             original.fit_min_space_scale, original.fit_min_margin)});
}

// A last page this empty (a fraction of the text height) is worth sparing unasked, by going
// at most kGentleSqueeze of the way towards the layout's fit.* bounds: the spaces first, then
// the leading, the text a little at most (97% at half way in the built-in layouts); what a
// typesetter does by hand to a CV that runs a few lines over. A third of the way
// (kMildSqueeze) spares most such pages and is tried first, so that the search homes in
// within it; two columns often need more, as their last page holds a short section beside
// another and both must come back whole (a columns CV of 7 lines over needed half way).
// A last page that holds less than a quarter of a page as it stands is one a designer does
// not print: it may go further, kFirmSqueeze (the text at 94% or more in the built-in layouts,
// the side margins a fifth of the way to fit.min_margin, a millimetre or so).
// A Hebrew ko-standard form whose page 2 held its languages table and the closing (statement,
// date and signature, which move as one) needed 59% of the way: half way brought the table
// back but left the closing 4 pt short, on a page three quarters empty.
constexpr double kNearlyEmptyLastPage = 0.25;
constexpr double kMildSqueeze = 0.35;
constexpr double kGentleSqueeze = 0.5;
constexpr double kFirmSqueeze = 0.65;

/// Whether the last page holds less than a quarter of a page, as it stands.
bool last_page_under_a_quarter(const doc::Document& doc) {
  return doc.pages.size() >= 2 && doc.flow_height > 0 &&
         doc.pages.back().content_height < kNearlyEmptyLastPage * doc.flow_height;
}

/// Whether the last page holds, beyond the room left at the foot of the page before it, less
/// than kNearlyEmptyLastPage of a page: what a squeeze has to win back. A section moved whole
/// to the last page (to keep its entries together, fit.lone_entry_room) fills that page past a
/// quarter while leaving its room empty on the page before; judged by the last page alone, an
/// academic CV with 14% empty on page 1 and 26% on page 2 was never tried.
bool nearly_empty_last_page(const doc::Document& doc) {
  if (doc.pages.size() < 2 || doc.flow_height <= 0) return false;
  const double room_before = std::max(0.0, doc.flow_height - doc.pages[doc.pages.size() - 2].content_height);
  return doc.pages.back().content_height - room_before < kNearlyEmptyLastPage * doc.flow_height;
}

// The natural layout with one page fewer, when its last page is nearly empty and a gentle
// tightening saves it (a firmer one when that page holds under a quarter); nullopt otherwise.
std::optional<Attempt> spare_last_page(Layouts& layouts, Attempt& natural) {
  if (natural.diags.has_errors() || !nearly_empty_last_page(natural.doc) || !layouts.may_lay_out_again())
    return std::nullopt;
  const int target = static_cast<int>(page_count(natural.doc)) - 1;
  layouts.aim_at(target);
  natural.excess = excess(natural.doc, target);
  const layout::Options no_balancing{.balance_last_page = false};
  // Each step tried when the one before did not spare the page; the search then homes in
  // between that one and the step that did.
  std::vector<double> steps{kMildSqueeze, kGentleSqueeze};
  if (last_page_under_a_quarter(natural.doc)) steps.push_back(kFirmSqueeze);
  std::optional<Attempt> looser;  // the last step that did not spare it (natural before the first)
  for (const double step : steps) {
    if (!layouts.may_lay_out_again()) return std::nullopt;
    Attempt tried = layouts.lay_out(step, no_balancing);
    if (tried.diags.has_errors()) return std::nullopt;
    if (page_count(tried.doc) <= static_cast<size_t>(target)) {
      Attempt best = narrow(layouts, target, looser ? *looser : natural, std::move(tried));
      // A page spared where poppler would read more of two columns' rows across them (a
      // column's entries among the paragraph beside them) costs the CV its text.
      if (best.diags.has_errors() || best.doc.rows_read_across_columns > natural.doc.rows_read_across_columns)
        return std::nullopt;
      return best;
    }
    looser = std::move(tried);
  }
  return std::nullopt;
}

// The natural layout, laid out without lifting a stub of a last page (so that sparing it was
// judged on the page as it runs), again with the lift when its last page is such a stub and
// sparing it failed (fit.last_page_least: the page before then ends earlier).
Attempt with_last_page_lifted(Layouts& layouts, const theme::Theme& theme, Attempt natural) {
  const doc::Document& doc = natural.doc;
  const bool stub = doc.pages.size() >= 2 && doc.flow_height > 0 &&
                    doc.pages.back().content_height < theme.last_page_least * doc.flow_height;
  if (natural.diags.has_errors() || !stub || !layouts.may_lay_out_again()) return natural;
  return layouts.lay_out(0, layout::Options{});
}

}  // namespace

FitResult fit_to_pages(const LayOut& lay_out, const theme::Theme& theme, int pages, Diagnostics& diags) {
  Layouts layouts(lay_out, theme, pages);
  // As the layout says, with the usual balancing of a nearly empty last page: fitting changes
  // nothing in a CV that already fits.
  // Sparing a nearly empty last page is judged on the page as it runs: a stub lifted first
  // (the page before ending earlier) would hide it. Only then is the lift left for later.
  const bool may_spare = pages <= 0 && theme.fit_spare_last_page;
  Attempt natural = layouts.lay_out(0, layout::Options{.lift_last_page = !may_spare});
  if (pages <= 0) {
    std::optional<Attempt> spared;
    if (theme.fit_spare_last_page) spared = spare_last_page(layouts, natural);
    if (spared) {
      const int lines = static_cast<int>(std::ceil(natural.doc.pages.back().content_height /
                                                   (theme.body.size * theme.body.line_height)));
      const size_t kept = page_count(spared->doc);
      FitResult r = finish(std::move(*spared), layouts, diags);
      diags.note(Span{}, fmt::format("tightened a little to spare a last page of about {} line{}, on {}: {}", lines,
                                     lines == 1 ? "" : "s", pages_text(static_cast<int>(kept)),
                                     describe_changes(theme, r.theme)));
      return r;
    }
    if (may_spare) natural = with_last_page_lifted(layouts, theme, std::move(natural));
    return finish(std::move(natural), layouts, diags);
  }
  if (natural.diags.has_errors()) return finish(std::move(natural), layouts, diags);
  if (page_count(natural.doc) <= static_cast<size_t>(pages)) {
    FitResult r = finish(std::move(natural), layouts, diags);
    diags.note(Span{}, fmt::format("fits on {} as it is; nothing was shrunk", pages_text(pages)));
    return r;
  }

  if (!layouts.may_lay_out_again()) {
    const std::size_t natural_pages = page_count(natural.doc);
    FitResult r = finish(std::move(natural), layouts, diags);
    r.fits = false;
    diags.on_the_page(Span{},
                  fmt::format("not fitted to {}: the CV runs to {} pages, and fitting lays out at most {} pages in "
                              "all, the first layout included",
                              pages_text(pages), natural_pages, limits::kMaxFitPages),
                  {"shorten the CV to about the length you want, then fit it"});
    return r;
  }

  // From here on fitting alone squeezes the spaces, within the layout's bounds; paginate's
  // balancing would squeeze them again on top.
  Attempt tightest = layouts.lay_out(1, layout::Options{.balance_last_page = false});
  if (tightest.diags.has_errors()) return finish(std::move(tightest), layouts, diags);
  if (page_count(tightest.doc) > static_cast<size_t>(pages)) {
    const double shortfall = content_past(tightest.doc, pages);
    FitResult r = finish(std::move(tightest), layouts, diags);
    r.fits = false;
    r.shortfall = shortfall;
    warn_cannot_fit(theme, r, pages, diags);
    return r;
  }

  Attempt best = narrow(layouts, pages, natural, std::move(tightest));
  bool failed = best.diags.has_errors();
  FitResult r = finish(std::move(best), layouts, diags);
  if (!failed)
    diags.note(Span{}, fmt::format("fitted to {}: {}", pages_text(pages), describe_changes(theme, r.theme)));
  return r;
}

}  // namespace hanji::fit
