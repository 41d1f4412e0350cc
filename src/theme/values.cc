// Scalar forms of layout values: lengths, colours, numbers and booleans.
#include <array>
#include <charconv>
#include <string>

#include "theme/theme.h"
#include "theme/values.h"

namespace hanji::theme {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// How long the decimal number at the start of `text` is: [+-]digits[.digits] or [+-].digits.
// Written by hand so that "1e3", "inf" and "nan" (which from_chars accepts) are rejected.
size_t number_prefix_length(std::string_view text) {
  size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  size_t digits = 0;
  while (i < text.size() && is_digit(text[i])) ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && is_digit(text[i])) ++i, ++digits;
  }
  return digits == 0 ? 0 : i;
}

std::optional<double> to_double(std::string_view number) {
  if (!number.empty() && number.front() == '+') number.remove_prefix(1);
  double value = 0;
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (ec != std::errc() || end != number.data() + number.size()) return std::nullopt;
  return value;
}

struct Unit {
  std::string_view name;
  double points;
};
constexpr std::array<Unit, 4> kUnits{{{"pt", 1.0}, {"in", 72.0}, {"cm", 72.0 / 2.54}, {"mm", 72.0 / 25.4}}};

std::optional<double> hex_digit(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return std::nullopt;
}

Rgb rgb_from_u32(uint32_t v) { return Rgb{((v >> 16) & 0xFF) / 255.0, ((v >> 8) & 0xFF) / 255.0, (v & 0xFF) / 255.0}; }

// "#rgb" or "#rrggbb" (already lower case, without the '#').
std::optional<Rgb> parse_hex_color(std::string_view hex) {
  if (hex.size() != 3 && hex.size() != 6) return std::nullopt;
  uint32_t v = 0;
  for (char c : hex) {
    auto d = hex_digit(c);
    if (!d) return std::nullopt;
    v = v * 16 + static_cast<uint32_t>(*d);
    if (hex.size() == 3) v = v * 16 + static_cast<uint32_t>(*d);  // #abc = #aabbcc
  }
  return rgb_from_u32(v);
}

// One rgb() component: 0..255 or a percentage.
std::optional<double> parse_channel(std::string_view text) {
  text = trim(text);
  bool percent = !text.empty() && text.back() == '%';
  if (percent) text.remove_suffix(1);
  auto value = parse_number(text);
  if (!value) return std::nullopt;
  double unit = percent ? *value / 100.0 : *value / 255.0;
  if (unit < 0 || unit > 1) return std::nullopt;
  return unit;
}

// "rgb(31, 58, 95)", also "rgb(31 58 95)" and percentages (CSS forms).
std::optional<Rgb> parse_rgb_function(std::string_view text) {
  if (!text.starts_with("rgb(") || !text.ends_with(")")) return std::nullopt;
  std::string_view args = text.substr(4, text.size() - 5);
  bool commas = args.find(',') != std::string_view::npos;
  std::array<double, 3> channels{};
  size_t count = 0;
  while (!(args = trim(args)).empty()) {
    size_t end = commas ? args.find(',') : args.find_first_of(" \t");
    std::string_view part = args.substr(0, end);
    if (count == 3) return std::nullopt;
    auto channel = parse_channel(part);
    if (!channel) return std::nullopt;
    channels[count++] = *channel;
    args = end == std::string_view::npos ? std::string_view() : args.substr(end + 1);
  }
  if (count != 3) return std::nullopt;
  return Rgb{channels[0], channels[1], channels[2]};
}

// A regular expression matching `word` in any case: "pt" -> "[pP][tT]".
std::string any_case(std::string_view word) {
  std::string out;
  for (char c : word) {
    const char upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    out += upper == c ? std::string(1, c) : std::string{'[', c, upper, ']'};
  }
  return out;
}

// What number_prefix_length accepts, as a regular expression.
constexpr std::string_view kNumberPattern = "[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)";

}  // namespace

std::string length_pattern() {
  std::string units;
  for (const Unit& unit : kUnits) units += (units.empty() ? "" : "|") + any_case(unit.name);
  return "^\\s*" + std::string(kNumberPattern) + "\\s*(" + units + ")?\\s*$";
}

std::string color_pattern() {
  // parse_rgb_function's channels: a number (0 to 255) or a percentage, apart by commas or spaces.
  const std::string channel = "\\s*[+]?([0-9]+[.]?[0-9]*|[.][0-9]+)%?\\s*";
  return "^\\s*(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})|" + any_case("rgb") + "\\((" + channel + "," + channel + "," +
         channel + "|" + channel + "\\s" + channel + "\\s" + channel + ")\\))\\s*$";
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::optional<double> parse_number(std::string_view text) {
  text = trim(text);
  if (text.empty() || number_prefix_length(text) != text.size()) return std::nullopt;
  return to_double(text);
}

std::optional<bool> parse_bool(std::string_view text) {
  std::string word = ascii_lower(trim(text));
  if (word == "true" || word == "yes" || word == "on") return true;
  if (word == "false" || word == "no" || word == "off") return false;
  return std::nullopt;
}

std::optional<double> parse_length(std::string_view text) {
  text = trim(text);
  size_t n = number_prefix_length(text);
  if (n == 0) return std::nullopt;
  auto value = to_double(text.substr(0, n));
  if (!value) return std::nullopt;
  std::string unit = ascii_lower(trim(text.substr(n)));
  if (unit.empty()) return *value;  // a bare number is in points
  for (const auto& u : kUnits)
    if (unit == u.name) return *value * u.points;
  return std::nullopt;
}

std::optional<Rgb> parse_color(std::string_view text) {
  std::string lower = ascii_lower(trim(text));
  if (lower.starts_with("#")) return parse_hex_color(std::string_view(lower).substr(1));
  if (lower.starts_with("rgb(")) return parse_rgb_function(lower);
  if (auto v = named_color(lower)) return rgb_from_u32(*v);
  return std::nullopt;
}

}  // namespace hanji::theme
