// cli: `hanji schema cv|layout`, the JSON Schemas an editor checks CV and layout files with.
#pragma once

#include <ostream>
#include <string>

#include "theme/theme.h"

namespace hanji::cli {

/// The JSON Schema of a CV file (`which` "cv") or of a layout file ("layout"), as `hanji
/// schema` prints it, from the built-in layouts and locales in `dirs`; "" for another word.
std::string schema_text(const std::string& which, const theme::DataDirs& dirs);

/// `hanji schema cv|layout`: prints the schema. 0, or 2 (bad usage) for a missing or unknown kind.
int print_schema(const std::string& which, const std::string& argv0, std::ostream& out, std::ostream& err);

}  // namespace hanji::cli
