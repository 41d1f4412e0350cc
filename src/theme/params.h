// Private to the layout module: the registry of layout parameters. One table says, for every
// dotted key a layout file may set, what type of value it takes, where it goes in Theme and
// what it means. Reading files, applying CV overrides, error messages and documentation all
// come from this table, whose rows are params.def's: a new parameter is one row there (which
// declares its Theme member too) and its value in layouts/classic.yaml.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "theme/theme.h"

namespace hanji::theme {

enum class ParamType {
  Length,    // "12pt", "0.5in", "1cm", "18mm", bare number = pt
  Number,    // a plain decimal number
  Bool,      // true / false
  String,    // any text
  Color,     // "#1f3a5f", "#333", "rgb(31, 58, 95)", "navy"
  Enum,      // one word of Param::choices
  Font,      // a TrueType file name, resolved to an absolute path
  FontList,  // a list of TrueType file names
  FontFamily,  // a role's Latin family: an installed family or up to four files, to four faces
  TextList,  // a list of texts (entry template lines); one text is a list of one
  NumberList,  // a list of positive numbers (relative column widths)
};

/// Which values a numeric parameter accepts. Every number has bounds: a value no real layout
/// would use (a 1e16 pt font, 1e20 pages) would otherwise reach integer conversions and
/// libharu, which cannot take it.
struct Range {
  double min = 0, max = 0;
  bool min_excluded = false;  // greater than `min`, not equal to it
  bool whole = false;         // whole numbers only
  const char* unit = "";      // for messages: "pt", "em", ""

  bool contains(double value) const {
    return (min_excluded ? value > min : value >= min) && value <= max && (!whole || value == static_cast<long long>(value));
  }
};

/// One word an Enum parameter accepts, and the value of the C++ enum (or bool, or int) it
/// stands for: paired by name, so the order of the words is only the order they are listed in.
struct Choice {
  std::string word;
  int value = 0;
  template <typename Value>
  Choice(std::string word_, Value value_) : word(std::move(word_)), value(static_cast<int>(value_)) {}
};

/// A parsed value, ready to store: double (Length, Number), bool, std::string (String, Font),
/// Rgb, int (Enum: the chosen Choice's value), a list of strings (FontList, FontFamily, TextList) or of numbers (NumberList).
using ParamValue = std::variant<double, bool, std::string, Rgb, int, std::vector<std::string>, std::vector<double>>;

/// How a parameter's value goes into a Theme, and comes back out of one (nullopt: unset).
struct Access {
  std::function<void(Theme&, const ParamValue&)> store;
  std::function<std::optional<ParamValue>(const Theme&)> read;
};

struct Param {
  std::string key;  // dotted path, e.g. "page.margin_top"
  ParamType type;
  std::string help;
  Range range;
  std::vector<Choice> choices;  // Enum: the accepted words and their values
  /// Enum: other spellings accepted for a choice (RenderCV's "us-letter", "justified").
  std::vector<std::pair<std::string, std::string>> aliases;
  Access access;
  /// What fitting a CV to fewer pages does with it (squeeze): nothing, or scale it with the
  /// text size, the leading or the spaces between blocks.
  FitRole fit = FitRole::None;

  void store(Theme& theme, const ParamValue& value) const { access.store(theme, value); }
  std::optional<ParamValue> read(const Theme& theme) const { return access.read(theme); }
};

/// A value as a layout file would write it ("12pt", "#1f3a5f", "left", "[a, b]").
std::string format_value(const Param& param, const ParamValue& value);

/// Every parameter, in the order of layouts/classic.yaml.
const std::vector<Param>& parameters();

/// The parameter with exactly this dotted key, or nullptr.
const Param* find_parameter(std::string_view key);

/// The fields of the region named `name` ("regions.NAME.dock", ...), in the reference's order.
std::vector<Param> region_fields(const std::string& name);
/// The parameter of a region's field with its name in the key ("regions.side.width"), or nullopt.
std::optional<Param> region_parameter(std::string_view key);
/// Region names are short words of lower-case letters, digits, '-' and '_'.
bool is_region_name(std::string_view name);

/// The distinct key segments that may follow `prefix` ("" = top level, "page" -> margin_top,
/// ...), in registry order. Empty when `prefix` is a parameter itself or unknown.
std::vector<std::string> child_keys(std::string_view prefix);
/// Whether child_keys(prefix) has any: found at the first, without listing them (asked for
/// every group a layout sets).
bool has_child_keys(std::string_view prefix);

/// A key of a layout file that is no parameter: what the layout is and what it starts from.
struct FileKey {
  std::string_view key;
  std::string_view help;
};
/// `description` and `extends`, which a layout file may have and a CV's `layout:` may not.
const std::vector<FileKey>& layout_file_keys();
bool is_layout_file_key(std::string_view key);

/// How the expected form of a value is described in messages ("a length such as 12pt, ...").
std::string expected_form(const Param& param);

/// The page size of a paper format, in points.
void apply_paper(Theme& theme, Paper paper);

/// "a4"/"letter" (also RenderCV's "us-letter") -> Paper.
std::optional<Paper> paper_from_name(std::string_view name);

/// The words of an Enum parameter, in the order listed.
std::vector<std::string> choice_words(const Param& param);
/// The value of the word `word` (an alias is followed), or nullopt.
std::optional<int> choice_value(const Param& param, std::string_view word);

}  // namespace hanji::theme
