// `locale:` — a language name, or RenderCV's locale map over the built-in strings.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "source/reader.h"

namespace hanji::source {

namespace {

Locale english() { return *builtin_locale("en"); }

const std::vector<std::string>& locale_keys() {
  static const std::vector<std::string> kKeys = {
      "language", "month_names", "month_abbreviations", "present", "year",   "years",
      "month",    "months",      "last_updated",        "phrases", "page_number", "range_separator"};
  return kKeys;
}

// The built-in locale for the `language` value; other languages fall back to English.
Locale base_locale(const YamlNode& locale_map, Reader& reader) {
  auto it = std::find(locale_map.keys.begin(), locale_map.keys.end(), "language");
  if (it == locale_map.keys.end()) return english();
  std::optional<Text> language = reader.text(locale_map.items[static_cast<size_t>(it - locale_map.keys.begin())], "language");
  if (!language) return english();
  if (auto locale = builtin_locale(language->value)) return *locale;
  reader.diags.warning(language->span, fmt::format("hanji has no built-in '{}' locale; using English", language->value),
                       {"the built-in locales are 'english' and 'korean'; set month_names, present, ... "
                        "to translate the rest"});
  return english();
}

void read_months(const YamlNode& node, std::string_view key, Reader& reader, std::array<std::string, 12>& months) {
  std::vector<Text> names = reader.text_list(node, key, false);
  if (names.size() != 12) {
    if (node.is_sequence())
      reader.diags.error(node.span, fmt::format("'{}' needs 12 names, found {}", key, names.size()),
                         {"list the months from January to December"});
    return;
  }
  for (size_t i = 0; i < 12; ++i) months[i] = names[i].value;
}

void read_phrases(const YamlNode& node, Reader& reader, Locale& locale) {
  if (node.is_null() || !reader.expect_map(node, "phrases", "write 'phrases:' with 'degree_with_area: DEGREE in AREA'"))
    return;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    if (node.keys[i] == "degree_with_area") {
      if (auto text = reader.text(node.items[i], node.keys[i])) locale.degree_with_area = text->value;
    } else {
      reader.unknown_key(node.key_spans[i], node.keys[i], "locale.phrases", {"degree_with_area"});
    }
  }
}

void read_locale_string(const std::string& key, const YamlNode& value, Reader& reader, Locale& locale) {
  std::string* slot = key == "present"           ? &locale.present
                      : key == "year"            ? &locale.year
                      : key == "years"           ? &locale.years
                      : key == "month"           ? &locale.month
                      : key == "months"          ? &locale.months
                      : key == "last_updated"    ? &locale.last_updated
                      : key == "page_number"     ? &locale.page_number
                      : key == "range_separator" ? &locale.range_separator
                                                 : nullptr;
  if (!slot) return;
  if (auto text = reader.text(value, key)) *slot = text->value;
}

}  // namespace


void read_locale(const YamlNode& node, Reader& reader, Locale& locale) {
  if (node.is_null()) return;
  if (node.is_scalar()) {
    if (auto builtin = builtin_locale(node.scalar)) {
      locale = *builtin;
    } else {
      reader.diags.warning(node.span, fmt::format("hanji has no built-in '{}' locale; using English", excerpt(node.scalar)),
                           {"the built-in locales are 'english' and 'korean'"});
    }
    return;
  }
  if (!reader.expect_map(node, "locale", "write 'locale: korean', or a map such as {language: korean}")) return;
  locale = base_locale(node, reader);
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    const YamlNode& value = node.items[i];
    if (key == "language") continue;
    if (key == "month_names") read_months(value, key, reader, locale.month_names);
    else if (key == "month_abbreviations") read_months(value, key, reader, locale.month_abbreviations);
    else if (key == "phrases") read_phrases(value, reader, locale);
    else if (std::find(locale_keys().begin(), locale_keys().end(), key) != locale_keys().end())
      read_locale_string(key, value, reader, locale);
    else reader.unknown_key(node.key_spans[i], key, "locale", locale_keys());
  }
}

}  // namespace hanji::source
