// Which files `hanji build` writes for one CV, and where (see outputs_plan.h).
#include "cli/outputs_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "export/registry.h"

namespace hanji::cli {

namespace {

namespace fs = std::filesystem;

// The outputs RenderCV's settings.render_command names, by the name of hanji's format for each:
// its path and whether it is wanted. Every other format goes under RenderCV's name with its
// own extension, in its output folder.
struct RenderCvOutput {
  std::string_view format;
  const model::OutputPath model::RenderSettings::*path;
  bool model::RenderSettings::*wanted;
};
constexpr RenderCvOutput kRenderCvOutputs[] = {
    {"pdf", &model::RenderSettings::pdf, &model::RenderSettings::pdf_wanted},
    {"md", &model::RenderSettings::markdown, &model::RenderSettings::markdown_wanted},
    {"png", &model::RenderSettings::png, &model::RenderSettings::png_wanted},
};

std::string asked_path(const model::RenderSettings& render, const exports::Exporter& format) {
  for (const RenderCvOutput& output : kRenderCvOutputs)
    if (output.format == format.name) return (render.*output.path).path;
  return render.stem.path.empty() ? "" : render.stem.path + std::string(format.extension());
}

// cv.pdf -> cv-ko.pdf for --lang ko: each language of a CV is a file of its own.
std::string with_language(const std::string& path, const std::string& language) {
  if (language.empty()) return path;
  fs::path p(path);
  p.replace_filename(p.stem().string() + "-" + language + p.extension().string());
  return p.string();
}

}  // namespace

std::vector<PlannedOutput> plan_outputs(const OutputChoice& choice, const model::RenderSettings& render,
                                        Diagnostics& diags) {
  const exports::Exporter& format = choice.format ? *choice.format : exports::default_exporter();
  if (!render.given) return {PlannedOutput{&format, choice.output, false}};
  std::vector<PlannedOutput> plan;
  auto add = [&](const exports::Exporter& what) {
    if (std::string path = asked_path(render, what); !path.empty())
      plan.push_back({&what, with_language(path, choice.language), true});
  };
  if (choice.format) {
    add(format);  // asked for on the command line: written whatever dont_generate_* says
    return plan;
  }
  for (const RenderCvOutput& output : kRenderCvOutputs)
    if (render.*output.wanted)
      if (const exports::Exporter* exporter = exports::find_exporter(output.format)) add(*exporter);
  if (plan.empty())
    diags.warning(render.span,
                  "settings.render_command turns off the PDF and the Markdown (dont_generate_...): nothing is written",
                  {"ask for one on the command line: --format pdf, --format md, or -o OUT.pdf"});
  return plan;
}

bool plans_default(const std::vector<PlannedOutput>& plan) {
  return std::any_of(plan.begin(), plan.end(), [](const PlannedOutput& o) { return o.format->is_default; });
}

bool plans_document(const std::vector<PlannedOutput>& plan) {
  return std::any_of(plan.begin(), plan.end(), [](const PlannedOutput& o) { return o.format->needs_document(); });
}

std::string page_path(const std::string& path, std::size_t number, char separator) {
  fs::path p(path);
  p.replace_filename(p.stem().string() + separator + std::to_string(number) + p.extension().string());
  return p.string();
}

std::string page_path(const PlannedOutput& output, std::size_t number) {
  return page_path(output.path, number, output.from_file ? '_' : '-');
}

bool make_output_folder(const PlannedOutput& output, OutputRefusal& refusal) {
  const fs::path folder = fs::path(output.path).parent_path();
  std::error_code ec;
  if (!output.from_file || folder.empty() || fs::is_directory(folder, ec)) return true;
  fs::create_directories(folder, ec);
  if (!ec) return true;
  refusal = {fmt::format("cannot make the folder '{}' for '{}': {}", folder.string(), output.path, ec.message()),
             "change the CV file's settings.render_command paths, or choose the file with -o"};
  return false;
}

}  // namespace hanji::cli
