// Which files `hanji build` writes for one CV, and where (see outputs_plan.h).
#include "cli/outputs_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "core/files.h"
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
  std::string_view key;
};
constexpr RenderCvOutput kRenderCvOutputs[] = {
    {"pdf", &model::RenderSettings::pdf, &model::RenderSettings::pdf_wanted, "pdf_path"},
    {"md", &model::RenderSettings::markdown, &model::RenderSettings::markdown_wanted, "markdown_path"},
    {"png", &model::RenderSettings::png, &model::RenderSettings::png_wanted, "png_path"},
};

// Where the file asks for `format`, and by which key.
struct Asked {
  std::string path;
  Span span;
  std::string setting;
};

Asked asked_path(const model::RenderSettings& render, const exports::Exporter& format) {
  for (const RenderCvOutput& output : kRenderCvOutputs)
    if (output.format == format.name)
      return {(render.*output.path).path, (render.*output.path).span,
              fmt::format("settings.render_command.{}", output.key)};
  if (render.stem.path.empty()) return {};
  return {render.stem.path + std::string(format.extension()), render.stem.span,
          "settings.render_command.output_folder"};
}

// What the command line sets (hanji render --pdf-path, or --set settings.render_command...) is
// located at the option that set it: a "file" named after the option, with no line.
bool named_on_command_line(const Span& span) { return !span.known() && span.file.starts_with("--"); }

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
  if (!render.given) return {PlannedOutput{&format, choice.output, false, {}, {}}};
  std::vector<PlannedOutput> plan;
  auto add = [&](const exports::Exporter& what) {
    if (Asked asked = asked_path(render, what); !asked.path.empty())
      plan.push_back({&what, with_language(asked.path, choice.language), true, asked.span, asked.setting,
                      named_on_command_line(asked.span)});
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

std::string real_location(const std::string& path) { return walk_path(path).resolved; }

bool is_within(const std::string& path, const std::string& folder) {
  const fs::path relative = fs::path(path).lexically_relative(folder);
  return !relative.empty() && *relative.begin() != "..";
}

std::string cv_folder(const std::string& input) {
  if (input == "-") return ".";
  const fs::path folder = fs::path(input).parent_path();
  return folder.empty() ? "." : folder.string();
}

namespace {

// What the rules of a plan need to know of the CV and its build, their paths made real once.
class PlanCheck {
 public:
  PlanCheck(const std::string& input, const std::vector<std::string>& inputs, const PlanRules& rules)
      : rules_(rules),
        folder_(real_location(cv_folder(input))),
        rendercv_output_(real_location((fs::path(cv_folder(input)) / "rendercv_output").string())) {
    if (input != "-") inputs_.emplace(real_location(input), input);
    for (const std::string& file : inputs) inputs_.emplace(real_location(file), file);
  }

  // The rules of this file, `real` being where it leads, beyond output.h's.
  bool allows(const std::string& path, const std::string& real, const PlannedOutput& output, const char* doing,
              OutputRefusal& refusal) const {
    const std::string hint = output.from_file
                                 ? fmt::format("change {} in the CV file, or choose the file with -o", output.setting)
                                 : fmt::format("choose another file with -o OUT{}", output.format->extension());
    if (auto it = inputs_.find(real); it != inputs_.end())
      return refuse(refusal, output,
                    fmt::format("refusing to {} '{}': it is '{}', a file the CV is made from", doing, path, it->second),
                    hint);
    if (!output.from_file || output.by_command_line) return true;
    if (!rules_.allow_outside && !is_within(real, folder_))
      return refuse(refusal, output,
                    fmt::format("{} leads outside the CV's folder: '{}' is {}", output.setting, path, real),
                    "a CV file's own settings write only inside its folder (it may be someone else's file): if you "
                    "trust it, build with --allow-outside; or change the path, or choose the file with -o");
    std::error_code ec;
    const bool exists = fs::exists(fs::symlink_status(path, ec)) || fs::exists(fs::symlink_status(real, ec));
    if (!rules_.force && exists && !is_within(real, rendercv_output_) &&
        !(rules_.written_before && rules_.written_before->contains(real)))
      return refuse(refusal, output,
                    fmt::format("refusing to {} '{}', which {} names outside rendercv_output/: a CV file's settings "
                                "replace no file there without --force",
                                doing, path, output.setting),
                    "if the CV file is yours and the file may go, build with --force; or change the path (files in "
                    "rendercv_output/ are replaced freely), or choose the file with -o");
    return true;
  }

 private:
  static bool refuse(OutputRefusal& refusal, const PlannedOutput& output, std::string reason, std::string hint) {
    refusal = {std::move(reason), std::move(hint), output.from_file ? output.span : Span{}};
    return false;
  }

  const PlanRules& rules_;
  std::string folder_, rendercv_output_;
  std::map<std::string, std::string> inputs_;  // real location -> the path as the build named it
};

}  // namespace

bool check_plan(const std::vector<PlannedFile>& files, const std::string& input,
                const std::vector<std::string>& inputs, const PlanRules& rules, OutputRefusal& refusal) {
  const PlanCheck check(input, inputs, rules);
  std::map<std::string, const PlannedFile*> seen;
  for (const PlannedFile& file : files) {
    const PlannedOutput& output = *file.output;
    if (!output_allowed(file.path, input, output.format->file, refusal)) {
      if (output.from_file) refusal.at = output.span;
      return false;
    }
    const std::string real = real_location(file.path);
    if (!check.allows(file.path, real, output, "write", refusal)) return false;
    if (auto [it, added] = seen.emplace(real, &file); !added) {
      refusal = {fmt::format("'{}' and '{}' are the same file: one build cannot write two outputs there",
                             it->second->path, file.path),
                 "give each output a file of its own", output.from_file ? output.span : Span{}};
      return false;
    }
  }
  return true;
}

bool may_remove_stale_page(const std::string& path, const PlannedOutput& output, const std::string& input,
                           const std::vector<std::string>& inputs, const std::vector<PlannedFile>& files,
                           const PlanRules& rules, OutputRefusal& refusal) {
  const std::string real = real_location(path);
  for (const PlannedFile& file : files)
    if (real_location(file.path) == real) {
      refusal = {fmt::format("'{}' is also '{}', written by this build", path, file.path), ""};
      return false;
    }
  return PlanCheck(input, inputs, rules).allows(path, real, output, "remove", refusal);
}

}  // namespace hanji::cli
