#include "modules/phone.h"

#include <array>
#include <string_view>
#include <utility>

namespace hanji::modules {

std::optional<PhoneNumbers> PhoneNumbers::load(std::string& error) {
  std::optional<LoadedModule> module = LoadedModule::open("hanji-phone", error);
  if (!module) return std::nullopt;
  auto format = module->function<HanjiPhoneFormatFn>("hanji_phone_format");
  auto country = module->function<HanjiPhoneCountryFn>("hanji_phone_country");
  if (!format || !country) {
    error = "the module " + module->path() + " is not hanji's phone module (it lacks hanji_phone_format)";
    return std::nullopt;
  }
  return PhoneNumbers(std::move(*module), format, country);
}

std::optional<std::string> PhoneNumbers::format(const std::string& written, const std::string& region,
                                                PhoneForm form) const {
  std::array<char, 128> out{};
  if (!format_(written.c_str(), region.c_str(), static_cast<int>(form), out.data(), out.size())) return std::nullopt;
  return std::string(out.data());
}

std::string PhoneNumbers::country_named(const std::string& location, const std::string& language) const {
  std::array<char, 8> out{};
  return country_(location.c_str(), language.c_str(), out.data(), out.size()) ? std::string(out.data()) : "";
}

std::string country_of_language(const std::string& language) {
  static constexpr std::pair<std::string_view, std::string_view> kCountries[] = {
      {"ko", "KR"}, {"ja", "JP"}, {"he", "IL"}, {"de", "DE"}, {"fr", "FR"}, {"it", "IT"}, {"pl", "PL"},
      {"nl", "NL"}, {"tr", "TR"}, {"vi", "VN"}, {"th", "TH"}, {"id", "ID"}, {"cs", "CZ"}, {"hu", "HU"},
      {"da", "DK"}, {"fi", "FI"}, {"sv", "SE"}, {"nb", "NO"}, {"el", "GR"}, {"uk", "UA"}, {"ru", "RU"},
      {"zh", "CN"}, {"hi", "IN"}, {"fa", "IR"}};
  const std::string_view primary = std::string_view(language).substr(0, language.find_first_of("-_"));
  for (const auto& [code, country] : kCountries)
    if (primary == code) return std::string(country);
  return "";
}

}  // namespace hanji::modules
