// cli: which files `hanji build` writes for one CV, and where. What the command line names
// first (-o, standard output); otherwise what a RenderCV file's settings.render_command asks
// (model::RenderSettings: the PDF and the Markdown, in the folders it names); otherwise hanji's
// own default beside the CV. Once every output is made in memory, the whole plan (each page
// file too) is checked before the first byte is written (check_plan): output.h's rules for
// every file, none over a file the CV is made from, no two on one file, and for what the CV
// file itself asks, its folder and --force (PlanRules). A refused plan writes nothing.
#pragma once

#include <set>
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
  Span span;               // where the CV file asks for it (from_file), for messages
  std::string setting;     // the key that asks for it: settings.render_command.pdf_path
  /// The command line named it (hanji render --pdf-path, --output-folder): the user's choice,
  /// held to output.h's rules only, as -o is.
  bool by_command_line = false;
};

/// One file a build will write: a whole output, or one page of a per-page output.
struct PlannedFile {
  std::string path;
  const PlannedOutput* output = nullptr;
};

/// The rules a plan is held to beyond output.h's (which every file meets). A CV file is
/// input, often someone else's (a downloaded example, a colleague's CV): what its own
/// settings.render_command names stays inside its folder unless `allow_outside`, and outside
/// RenderCV's own output folder (rendercv_output/ beside the CV) replaces no existing file
/// unless `force`, so that `pdf_path: thesis.pdf` cannot silently take the user's thesis.
/// What the command line names (-o) the user chose, and only output.h's rules apply to it.
struct PlanRules {
  bool force = false;          // --force
  bool allow_outside = false;  // --allow-outside
  /// Files this run wrote itself (their real_location), which it may replace: watch's
  /// rebuilds write over the files its first build made. Null: none.
  const std::set<std::string>* written_before = nullptr;
};

/// Where `path` really leads, absolute: each symbolic link on the way followed (a link to
/// nothing too, which a write would create), `..` taken after the link before it, as the
/// system resolves it. A loop of links stops after 40 and gives the path reached.
std::string real_location(const std::string& path);

/// Whether `path` (a real_location) is `folder` (another) or inside it.
bool is_within(const std::string& path, const std::string& folder);

/// Checks every file of a build before the first is written: output.h's rules for each; none
/// is one of the files the CV is made from (`inputs`: the CV, its photo, layout, locale,
/// fonts); no two are the same file; and for what the CV file itself asks, `rules`. False
/// with `refusal` filled (located at the setting, for a CV file's own) at the first that fails.
bool check_plan(const std::vector<PlannedFile>& files, const std::string& input,
                const std::vector<std::string>& inputs, const PlanRules& rules, OutputRefusal& refusal);

/// The same rules for removing `path`, a page of `output` left from an older build.
bool may_remove_stale_page(const std::string& path, const PlannedOutput& output, const std::string& input,
                           const std::vector<std::string>& inputs, const std::vector<PlannedFile>& files,
                           const PlanRules& rules, OutputRefusal& refusal);

/// The folder of the CV at `input` ("." for standard input), where its own outputs stay.
std::string cv_folder(const std::string& input);

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
