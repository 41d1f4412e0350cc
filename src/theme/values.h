// Private to the layout module: parsing of the scalar forms a layout value may take.
// parse_length and parse_color are public (theme.h); these are their helpers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hanji::theme {

/// A decimal number ("12", "-0.036", ".5"); no exponent, no inf/nan. nullopt if malformed.
std::optional<double> parse_number(std::string_view text);

/// true/false (also yes/no, on/off, as YAML 1.1 files often say), case-insensitive.
std::optional<bool> parse_bool(std::string_view text);

/// The 0xRRGGBB value of an SVG/CSS colour name ("navy", "darkslategray"), lower case.
std::optional<uint32_t> named_color(std::string_view lowercase_name);

/// The SVG/CSS colour names, in lower case and sorted (for the JSON Schema's list).
std::vector<std::string> named_color_names();

/// A regular expression (ECMA-262 and Python alike) for the texts parse_length reads: a
/// decimal number and an optional unit, in any case.
std::string length_pattern();

/// A regular expression for the colours parse_color reads as "#rgb"/"#rrggbb" or rgb(...).
std::string color_pattern();

/// `text` without leading and trailing ASCII white space.
std::string_view trim(std::string_view text);

/// ASCII lower case (layout keywords and units are ASCII).
std::string ascii_lower(std::string_view text);

}  // namespace hanji::theme
