// cli: which files `hanji build` writes for one CV, and where. What the command line names
// first (-o, standard output); otherwise what a RenderCV file's settings.render_command asks
// (model::RenderSettings: the PDF and the Markdown, in the folders it names); otherwise hanji's
// own default beside the CV. Every file is then written by output.h's rules, wherever it was
// asked for.
#pragma once

#include <string>
#include <vector>

#include "core/core.h"
#include "model/model.h"
#include "cli/output.h"
#include "export/exporter.h"

namespace hanji::cli {

/// One file to write.
struct PlannedOutput {
  const exports::Exporter* format = nullptr;
  std::string path;
  bool from_file = false;  // the CV file asked for it: its folder is made when missing
};

/// What the command line says about one CV's outputs.
struct OutputChoice {
  const exports::Exporter* format = nullptr;  // --format; null = not given
  std::string output;    // where the command line's rules put it: -o, or hanji's default beside the CV
  std::string language;  // --lang: marks each path the CV file gives (cv-ko.pdf), as hanji's own default does
};

/// The files to write, the PDF first, for a CV file whose render_command is `render` (when the
/// command line names the output itself, the caller plans that one file alone). When the file
/// turns off everything hanji makes, the plan is empty and `diags` has a warning saying so.
std::vector<PlannedOutput> plan_outputs(const OutputChoice& choice, const model::RenderSettings& render,
                                        Diagnostics& diags);

/// Whether the plan holds the default format (the PDF).
bool plans_default(const std::vector<PlannedOutput>& plan);

/// Whether the plan holds a format written from the rendered document (a PDF, SVG, Markdown):
/// the CV is typeset only then.
bool plans_document(const std::vector<PlannedOutput>& plan);

/// Where page `number` (1-based) of a page format planned at `path` goes: cv.svg -> cv-2.svg
/// (with `separator` '_', as RenderCV names its PNG pages: John_Doe_CV_2.png).
std::string page_path(const std::string& path, std::size_t number, char separator = '-');
/// The same for a planned output: RenderCV's naming for what the CV file asked for.
std::string page_path(const PlannedOutput& output, std::size_t number);

/// Makes the folder of an output the CV file asked for, when it is missing (RenderCV makes its
/// output folder too); false with `refusal` filled when it cannot.
bool make_output_folder(const PlannedOutput& output, OutputRefusal& refusal);

}  // namespace hanji::cli
