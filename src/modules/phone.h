// modules: phone numbers in RenderCV's forms, through hanji-phone.so (libphonenumber),
// loaded only when a CV asks for a form.
#pragma once

#include <optional>
#include <string>

#include "modules/loaded_module.h"
#include "modules/module_abi.h"

namespace hanji::modules {

enum class PhoneForm { National = HANJI_PHONE_NATIONAL, International = HANJI_PHONE_INTERNATIONAL, E164 = HANJI_PHONE_E164 };

class PhoneNumbers {
 public:
  /// Loads hanji-phone.so; nullopt with `error` saying which module is missing.
  static std::optional<PhoneNumbers> load(std::string& error);

  /// `written` in `form`, a number without +CC taken as one of `region` ("KR"; "" = none);
  /// nullopt when it is no valid number.
  std::optional<std::string> format(const std::string& written, const std::string& region, PhoneForm form) const;

  /// The country (ISO 3166 code) a CV's location names in its last part ("Seoul, South
  /// Korea", "Berlin, Deutschland"), in English or in `language`; "" when none.
  std::string country_named(const std::string& location, const std::string& language) const;

 private:
  PhoneNumbers(LoadedModule module, HanjiPhoneFormatFn format, HanjiPhoneCountryFn country)
      : module_(std::move(module)), format_(format), country_(country) {}
  LoadedModule module_;
  HanjiPhoneFormatFn format_;
  HanjiPhoneCountryFn country_;
};

/// The country whose numbers a CV in `language` most likely gives without +CC, for languages
/// spoken chiefly in one country (ko: KR, ja: JP, he: IL, de: DE, ...); "" for the others
/// (English, Spanish, Arabic, ...), whose numbers then need their +CC.
std::string country_of_language(const std::string& language);

}  // namespace hanji::modules
