// The command line's overrides of the CV file (see override_args.h).
#include "cli/override_args.h"

#include <fmt/format.h>

namespace hanji::cli {

namespace {

// The sections of a CV file an override may start with: RenderCV's `--cv.phone VALUE` is told
// from a mistyped option by them.
bool names_a_section(std::string_view key) {
  const std::string_view first = key.substr(0, key.find('.'));
  for (std::string_view section : {"cv", "design", "locale", "locale_catalog", "settings", "rendercv_settings", "layout"})
    if (first == section) return key.size() > first.size();
  return false;
}

// An override of `key`, or false with `error` filled for a key with an empty part ("cv..phone").
bool add(std::string_view key, std::string value, std::string origin, std::vector<readers::Override>& overrides,
         std::string& error) {
  if (key.empty() || key.front() == '.' || key.back() == '.' || key.find("..") != std::string_view::npos) {
    error = fmt::format("{} needs a key such as cv.phone or design.theme, not '{}'", origin, excerpt(key));
    return false;
  }
  overrides.push_back(readers::Override{std::string(key), std::move(value), std::move(origin)});
  return true;
}

}  // namespace

std::optional<bool> parse_override(const std::vector<std::string>& args, std::size_t& i,
                                   std::vector<readers::Override>& overrides, std::string& error) {
  const std::string& arg = args[i];
  if (arg == "--set") {
    if (i + 1 >= args.size() || args[i + 1].empty()) {
      error = "option --set needs a value";
      return false;
    }
    const std::string& given = args[++i];
    const std::size_t equals = given.find('=');
    if (equals == std::string::npos) {
      error = fmt::format("--set needs KEY=VALUE, such as cv.phone=+82 10 1234 5678, not '{}'", excerpt(given));
      return false;
    }
    const std::string key = given.substr(0, equals);
    return add(key, given.substr(equals + 1), "--set " + key, overrides, error);
  }
  // RenderCV's `--cv.phone VALUE` (and `--cv.phone=VALUE`).
  if (!arg.starts_with("--")) return std::nullopt;
  const std::size_t equals = arg.find('=');
  const std::string key = arg.substr(2, equals == std::string::npos ? std::string::npos : equals - 2);
  if (!names_a_section(key)) return std::nullopt;
  std::string value;
  if (equals != std::string::npos) {
    value = arg.substr(equals + 1);
  } else if (i + 1 < args.size()) {
    value = args[++i];
  } else {
    error = fmt::format("option {} needs a value", arg);
    return false;
  }
  return add(key, std::move(value), "--" + key, overrides, error);
}

}  // namespace hanji::cli
