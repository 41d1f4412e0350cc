// engine: the CV's phone numbers in the form the layout asks for (header.phone_format), which
// needs the theme and the CV together, before they are composed.
#pragma once

#include <string>

#include "core/core.h"
#include "model/model.h"
#include "modules/phone.h"
#include "theme/theme.h"

namespace hanji::engine {

/// The country whose numbers `cv` gives without +CC: the one its location names last ("Seoul,
/// South Korea"), else its language's (ko: KR); "" when neither says.
std::string home_country(const model::Cv& cv, const std::string& language, const modules::PhoneNumbers& numbers);

/// Rewrites each phone contact of `cv` in `format` (not AsWritten), its link tel:+E164. A number
/// libphonenumber finds invalid is kept as written, with a warning at its place.
void format_phones(model::Cv& cv, const std::string& language, theme::PhoneFormat format,
                   const modules::PhoneNumbers& numbers, Diagnostics& diags);

}  // namespace hanji::engine
