// The squeezed theme: one factor s in [0, 1] mapped onto every dimension fitting may shrink,
// and the words that tell the user what it shrank.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "fit/fit.h"

namespace hanji::fit {

namespace {

using theme::Theme;

/// The part of the overall squeeze over which one group of dimensions goes from its value to
/// its bound.
struct Stage {
  double begin = 0, end = 1;
};

// The order in which things give, staggered rather than in strict stages. Cheapest first: the
// top and bottom margins (nothing about the text changes), then the leading; the text size
// only from s = 0.2 on, so a CV a few lines too long is fitted without touching the text; the
// side margins last, since a longer line of smaller type is the hardest to read (classic's
// column already holds about 105 characters). The spaces between blocks shrink steadily over
// the whole range instead of first: tried on a 1.23-page CV (samples/heungsub-lee-brief.yaml),
// spaces and leading first (then size) fitted it with the text at 98% but the spaces at their
// 50% bound, and entries and section titles ran together into one grey block; this order
// fitted it with the text at 94%, the spaces at 67%, and the page kept its structure.
constexpr Stage kEdgeMargins{0.0, 0.4};   // top and bottom
constexpr Stage kLeading{0.0, 0.7};
constexpr Stage kSpaces{0.0, 1.0};
constexpr Stage kTextSize{0.2, 1.0};
constexpr Stage kSideMargins{0.5, 1.0};

double progress(Stage stage, double s) { return std::clamp((s - stage.begin) / (stage.end - stage.begin), 0.0, 1.0); }

/// The factor that is 1 at t = 0 and `bound` at t = 1. A bound above 1 is taken as 1:
/// fitting never enlarges anything.
double factor_towards(double bound, double t) { return 1.0 - t * (1.0 - std::clamp(bound, 0.0, 1.0)); }

/// A margin moved a fraction t of the way to `floor`; a margin already at or below it stays.
double margin_towards(double margin, double floor, double t) {
  return margin <= floor ? margin : margin - t * (margin - floor);
}

/// The page footer ("1 / 2") sits in the bottom margin, footer_offset above the edge: the
/// margin keeps it clear of the text by at least its own size.
double bottom_margin_floor(const Theme& theme) {
  double footer_clearance = theme.page_numbers ? theme.footer_offset + theme.footer.size : 0;
  return std::max(theme.fit_min_margin, footer_clearance);
}

// --- describing the change ---

constexpr double kPointsPerMm = 72.0 / 25.4;

std::string percent(double ratio) {
  double pct = ratio * 100;
  // "100%" for something that did shrink would be a lie; say 99.6% instead.
  return std::lround(pct) >= 100 ? fmt::format("{:.1f}%", pct) : fmt::format("{:.0f}%", pct);
}

std::string millimetres(double pt) { return fmt::format("{:g}", std::round(pt / kPointsPerMm * 10) / 10); }

bool changed(double before, double after) { return std::abs(before - after) > 1e-6; }

void describe_ratio(std::vector<std::string>& parts, const char* what, double before, double after) {
  if (before > 0 && changed(before, after)) parts.push_back(fmt::format("{} at {}", what, percent(after / before)));
}

void describe_margins(std::vector<std::string>& parts, const char* what_both, const char* what_first,
                      const char* what_second, double first_before, double second_before, double first_after,
                      double second_after) {
  // Changed as the note prints it, to a tenth of a millimetre: "12 → 12 mm" says nothing.
  const auto moved = [](double before, double after) { return millimetres(before) != millimetres(after); };
  bool first_changed = moved(first_before, first_after), second_changed = moved(second_before, second_after);
  if (!first_changed && !second_changed) return;
  auto one = [](const char* what, double before, double after) {
    return fmt::format("{} {} → {} mm", what, millimetres(before), millimetres(after));
  };
  if (!moved(first_before, second_before) && !moved(first_after, second_after)) {
    parts.push_back(one(what_both, first_before, first_after));
    return;
  }
  if (first_changed) parts.push_back(one(what_first, first_before, first_after));
  if (second_changed) parts.push_back(one(what_second, second_before, second_after));
}

}  // namespace

theme::Theme squeezed(const theme::Theme& theme, double s) {
  s = std::clamp(s, 0.0, 1.0);
  const double size_factor = factor_towards(theme.fit_min_font_scale, progress(kTextSize, s));
  const double leading_factor = factor_towards(theme.fit_min_leading_scale, progress(kLeading, s));
  const double space_factor = factor_towards(theme.fit_min_space_scale, progress(kSpaces, s));
  const double edge = progress(kEdgeMargins, s), side = progress(kSideMargins, s);

  // What shrinks is what the parameter registry declares with a fit role: every text style
  // (the name's accent and the date column's detail line included), every vertical space.
  Theme out = theme;
  theme::scale_parameters(out, theme::FitRole::TextSize, size_factor);
  theme::scale_parameters(out, theme::FitRole::Leading, leading_factor);
  theme::scale_parameters(out, theme::FitRole::VerticalSpace, space_factor);
  out.margin_top = margin_towards(theme.margin_top, theme.fit_min_margin, edge);
  out.margin_bottom = margin_towards(theme.margin_bottom, bottom_margin_floor(theme), edge);
  out.margin_left = margin_towards(theme.margin_left, theme.fit_min_margin, side);
  out.margin_right = margin_towards(theme.margin_right, theme.fit_min_margin, side);
  return out;
}

std::string describe_changes(const theme::Theme& original, const theme::Theme& fitted) {
  std::vector<std::string> parts;
  describe_ratio(parts, "text", original.body.size, fitted.body.size);
  describe_ratio(parts, "line spacing", original.body.line_height, fitted.body.line_height);
  const std::vector<double> spaces = theme::parameter_values(original, theme::FitRole::VerticalSpace),
                            fitted_spaces = theme::parameter_values(fitted, theme::FitRole::VerticalSpace);
  for (std::size_t i = 0; i < spaces.size() && i < fitted_spaces.size(); ++i) {
    if (spaces[i] <= 0) continue;
    describe_ratio(parts, "space between blocks", spaces[i], fitted_spaces[i]);
    break;  // all spaces share one factor
  }
  describe_margins(parts, "top and bottom margins", "top margin", "bottom margin", original.margin_top,
                   original.margin_bottom, fitted.margin_top, fitted.margin_bottom);
  describe_margins(parts, "side margins", "left margin", "right margin", original.margin_left,
                   original.margin_right, fitted.margin_left, fitted.margin_right);
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace hanji::fit
