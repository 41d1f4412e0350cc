// The table of JSON Resume themes: each is placed by its look (columns, type, density), not by
// its colours, which a layout's own values or the CV's `layout:` change.
#include "readers/jsonresume/themes.h"

#include <algorithm>
#include <cctype>

namespace hanji::readers {

namespace {

constexpr JsonResumeTheme kThemes[] = {
    {"academic", "academic"},         // a scholar's CV: publications first, serif
    {"actual", "classic"},            // one column, headings with rules
    {"awesome", "awesome"},           // after Awesome-CV
    {"caffeine", "sidebar"},          // a tinted side column
    {"class", "classic"},             // one column, centred head
    {"classy", "classic"},
    {"crisp", "classic"},
    {"cora", "serif"},                // a serif page
    {"elegant", "sidebar"},           // a photo card and a side column
    {"eloquent", "serif"},
    {"engineering", "engineering"},   // the dense one-page engineering résumé
    {"even", "classic"},              // the JSON Resume tools' default: one calm column
    {"flat", "classic"},              // resume-cli's former default: one column, plain headings
    {"github", "classic"},
    {"kendall", "sidebar"},           // a side column of contacts and skills
    {"kwan", "compact"},
    {"macchiato", "timeline"},        // section titles in a column left of their entries
    {"mocha-responsive", "timeline"},
    {"modern", "moderncv"},           // dates in a left column
    {"moderncv", "moderncv"},
    {"onepage", "compact"},           // as much as fits on one page
    {"onepage-plus", "compact"},
    {"paper", "serif"},               // a serif page like a printed one
    {"paper-plus-plus", "serif"},
    {"professional", "harvard"},      // the career office's résumé
    {"short", "compact"},
    {"sidebar", "sidebar"},
    {"slick", "banner"},              // the name on a coloured band
    {"spartacus", "compact"},
    {"stackoverflow", "classic"},     // one column, sans-serif
    {"straightforward", "classic"},
    {"timeline", "timeline"},         // a career down a line
};

bool same_letters(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

}  // namespace

std::span<const JsonResumeTheme> json_resume_themes() { return kThemes; }

std::optional<std::string_view> layout_for_json_resume_theme(std::string_view theme) {
  constexpr std::string_view kPrefix = "jsonresume-theme-";
  if (theme.size() > kPrefix.size() && same_letters(theme.substr(0, kPrefix.size()), kPrefix))
    theme.remove_prefix(kPrefix.size());
  for (const JsonResumeTheme& known : kThemes)
    if (same_letters(known.theme, theme)) return known.layout;
  return std::nullopt;
}

std::string json_resume_theme_names() {
  std::string out;
  const size_t count = std::size(kThemes);
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) out += i + 1 == count ? " and " : ", ";
    out += kThemes[i].theme;
  }
  return out;
}

}  // namespace hanji::readers
