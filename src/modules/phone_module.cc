// hanji-phone.so: phone numbers through libphonenumber (Google's metadata of every country's
// numbering plan), and country names through ICU, which libphonenumber loads anyway. Built as
// a module of its own so that only a CV asking for a phone format loads them (module_abi.h).
#include <phonenumbers/phonenumberutil.h>
#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <cstring>
#include <string>
#include <string_view>

#include "modules/module_abi.h"

namespace {

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

bool copy_out(const std::string& text, char* out, size_t out_size) {
  if (out_size == 0) return false;
  if (text.size() + 1 > out_size) {
    out[0] = '\0';
    return false;
  }
  std::memcpy(out, text.c_str(), text.size() + 1);
  return true;
}

std::string_view trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t.") - first + 1);
}

// The country a name means, as ICU names it in English or in `language`, or as its code.
const char* country_named(std::string_view name, const icu::Locale& language) {
  const icu::UnicodeString wanted = icu::UnicodeString::fromUTF8(icu::StringPiece(name.data(), int32_t(name.size())));
  // Names people write that are not ICU's own.
  static const std::pair<const char*, const char*> kAliases[] = {
      {"USA", "US"}, {"U.S.A", "US"}, {"U.S", "US"}, {"America", "US"}, {"UK", "GB"}, {"England", "GB"},
      {"Scotland", "GB"}, {"Wales", "GB"}, {"Britain", "GB"}, {"Korea", "KR"}, {"Republic of Korea", "KR"},
      {"한국", "KR"}};
  for (const auto& [alias, code] : kAliases)
    if (wanted.caseCompare(icu::UnicodeString::fromUTF8(alias), U_FOLD_CASE_DEFAULT) == 0) return code;
  const icu::Locale english("en");
  for (const char* const* code = icu::Locale::getISOCountries(); *code; ++code) {
    const icu::Locale country("", *code);
    icu::UnicodeString shown;
    if (wanted.caseCompare(icu::UnicodeString::fromUTF8(*code), U_FOLD_CASE_DEFAULT) == 0) return *code;
    if (wanted.caseCompare(country.getDisplayCountry(english, shown), U_FOLD_CASE_DEFAULT) == 0) return *code;
    shown.remove();
    if (wanted.caseCompare(country.getDisplayCountry(language, shown), U_FOLD_CASE_DEFAULT) == 0) return *code;
  }
  return nullptr;
}

}  // namespace

extern "C" int hanji_phone_format(const char* written, const char* region, int form, char* out, size_t out_size) {
  if (out_size > 0) out[0] = '\0';
  const PhoneNumberUtil& util = *PhoneNumberUtil::GetInstance();
  PhoneNumber number;
  const std::string region_code = region && *region ? region : "ZZ";  // ZZ: unknown, +CC needed
  if (util.Parse(written, region_code, &number) != PhoneNumberUtil::NO_PARSING_ERROR) return 0;
  if (!util.IsValidNumber(number)) return 0;
  const PhoneNumberUtil::PhoneNumberFormat format = form == HANJI_PHONE_NATIONAL ? PhoneNumberUtil::NATIONAL
                                                    : form == HANJI_PHONE_INTERNATIONAL ? PhoneNumberUtil::INTERNATIONAL
                                                                                        : PhoneNumberUtil::E164;
  std::string formatted;
  util.Format(number, format, &formatted);
  return copy_out(formatted, out, out_size) ? 1 : 0;
}

extern "C" int hanji_phone_country(const char* place, const char* language, char* out, size_t out_size) {
  if (out_size > 0) out[0] = '\0';
  if (!place) return 0;
  const icu::Locale in_language(language && *language ? language : "en");
  // "Seoul, South Korea": the country is the last part, or the whole when it is alone (an
  // earlier part is a town, which may share a country's name).
  const std::string_view all(place);
  const size_t comma = all.find_last_of(',');
  const std::string_view last = trimmed(comma == std::string_view::npos ? all : all.substr(comma + 1));
  if (last.empty()) return 0;
  const char* code = country_named(last, in_language);
  return code && copy_out(code, out, out_size) ? 1 : 0;
}
