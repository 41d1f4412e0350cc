// JSON Resume's themes (the jsonresume-theme-NAME packages its tools render with) and the hanji
// layout closest to each: what a JSON Resume's meta.theme, and `hanji export --theme`, set.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace hanji::readers {

struct JsonResumeTheme {
  std::string_view theme;   // as JSON Resume names it, without the package prefix
  std::string_view layout;  // the hanji layout of the nearest look
};

/// Every theme hanji maps, by name.
std::span<const JsonResumeTheme> json_resume_themes();

/// The layout for a theme as a résumé or a command names it: "elegant", "Elegant" or
/// "jsonresume-theme-elegant"; nullopt for a theme not in the table.
std::optional<std::string_view> layout_for_json_resume_theme(std::string_view theme);

/// The theme names, "a, b and c", for a message listing them.
std::string json_resume_theme_names();

}  // namespace hanji::readers
