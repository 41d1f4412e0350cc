#include "engine/phones.h"

#include <fmt/format.h>

namespace hanji::engine {

std::string home_country(const model::Cv& cv, const std::string& language, const modules::PhoneNumbers& numbers) {
  if (!cv.location.value.empty())
    if (std::string country = numbers.country_named(cv.location.value, language); !country.empty()) return country;
  return modules::country_of_language(language);
}

void format_phones(model::Cv& cv, const std::string& language, theme::PhoneFormat format,
                   const modules::PhoneNumbers& numbers, Diagnostics& diags) {
  using theme::PhoneFormat;
  const modules::PhoneForm form = format == PhoneFormat::National        ? modules::PhoneForm::National
                                  : format == PhoneFormat::International ? modules::PhoneForm::International
                                                                         : modules::PhoneForm::E164;
  // Looked up only for a number without +CC: country names come from ICU's data, which a
  // number with its code never needs.
  std::optional<std::string> home;
  for (model::Contact& contact : cv.contacts) {
    if (contact.kind != model::Contact::Kind::Phone) continue;
    const std::string written = contact.text.value;
    if (!home && written.find('+') == std::string::npos) home = home_country(cv, language, numbers);
    const std::string& country = home ? *home : std::string();
    std::optional<std::string> shown = numbers.format(written, country, form);
    std::optional<std::string> dialled = numbers.format(written, country, modules::PhoneForm::E164);
    if (!shown || !dialled) {
      diags.warning(contact.text.span,
                    fmt::format("'{}' is not a valid phone number{}; it is shown as written", written,
                                country.empty() ? "" : fmt::format(" (read as a number of {} without +CC)", country)),
                    {country.empty() ? "check its digits, and write it with its country code: +82 10-1234-5678"
                                     : "check its digits; a number of another country needs its code: +82 10-1234-5678"});
      continue;
    }
    for (model::Text& phone : cv.phones)  // what the text exports write
      if (phone.value == written) phone.value = *shown;
    contact.text.value = *shown;
    if (contact.url.starts_with("tel:")) contact.url = "tel:" + *dialled;
  }
}

}  // namespace hanji::engine
