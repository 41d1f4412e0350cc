// export: the formats hanji writes, looked up by name. The list is made by the build from the
// folders under src/export/ (one format each, see exporter.h): adding a format is adding a
// folder. The command line (--format, its help and messages), the outputs a CV file asks for,
// batch builds and the preview's downloads all ask here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "export/exporter.h"

namespace hanji::exports {

/// Every format: the default one (pdf) first, then by name.
const std::vector<const Exporter*>& exporters();

/// The format named `name` (its name or one of its aliases), or null.
const Exporter* find_exporter(std::string_view name);

/// The format a file named with `extension` (".md", any case) holds, or null.
const Exporter* exporter_for_extension(std::string_view extension);

/// The format written when none is asked for (pdf).
const Exporter& default_exporter();

/// The formats' names for messages, in exporters()' order: "pdf, json-resume, md, png, svg or
/// txt" (with `separator` "|": "pdf|json-resume|md|png|svg|txt").
std::string format_names(std::string_view separator = ", ", std::string_view last_separator = " or ");

}  // namespace hanji::exports
