// export: the CV as text instead of a PDF. Markdown and plain text follow the PDF's order
// (header, then each section with its entries), which is what an applicant tracking system
// reads; a JSON Resume (jsonresume.org schema 1.0) takes the CV to that ecosystem's tools and
// reads back into hanji to the same text. Exporters see the CV model (after --lang and
// --only) and compose's date and markup rules, nothing of the layout.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/model.h"

namespace hanji::exports {

enum class Format { Markdown, PlainText, JsonResume };

/// "md", "txt" or "json-resume"; nullopt for anything else.
std::optional<Format> parse_format(std::string_view name);
/// The file extension of a format, with its dot: ".md", ".txt", ".json".
std::string_view extension(Format format);

/// The CV in `format`. `output_dir` is where the file will be: a JSON Resume names the photo
/// relative to it.
std::string export_cv(const model::CvFile& file, Format format, const std::string& output_dir);

}  // namespace hanji::exports
