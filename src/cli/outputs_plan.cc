// Which files `hanji build` writes for one CV, and where (see outputs_plan.h).
#include "cli/outputs_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "export/export.h"

namespace hanji::cli {

namespace {

namespace fs = std::filesystem;

// Where the file puts `format`: its pdf_path and markdown_path, and for the formats RenderCV has
// no key for, RenderCV's name with their extension in its output folder.
std::string asked_path(const model::RenderSettings& render, const std::string& format) {
  if (format == "pdf") return render.pdf.path;
  if (format == "md") return render.markdown.path;
  if (format == "png") return render.png.path;
  return render.stem.path.empty() ? "" : render.stem.path + extension_of(format);
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
  const std::string format = choice.format.empty() ? std::string("pdf") : choice.format;
  if (!render.given) return {PlannedOutput{format, choice.output, false}};
  std::vector<PlannedOutput> plan;
  auto add = [&](const std::string& what) {
    if (std::string path = asked_path(render, what); !path.empty())
      plan.push_back({what, with_language(path, choice.language), true});
  };
  if (!choice.format.empty()) {
    add(format);  // asked for on the command line: written whatever dont_generate_* says
    return plan;
  }
  if (render.pdf_wanted) add("pdf");
  if (render.markdown_wanted) add("md");
  if (render.png_wanted) add("png");
  if (plan.empty())
    diags.warning(render.span,
                  "settings.render_command turns off the PDF and the Markdown (dont_generate_...): nothing is written",
                  {"ask for one on the command line: --format pdf, --format md, or -o OUT.pdf"});
  return plan;
}

bool plans_pdf(const std::vector<PlannedOutput>& plan) {
  return std::any_of(plan.begin(), plan.end(), [](const PlannedOutput& o) { return o.format == "pdf"; });
}

bool is_page_format(const std::string& format) { return format == "svg" || format == "png"; }

bool plans_pages(const std::vector<PlannedOutput>& plan) {
  return std::any_of(plan.begin(), plan.end(),
                     [](const PlannedOutput& o) { return o.format == "pdf" || is_page_format(o.format); });
}

std::string extension_of(const std::string& format) {
  if (const auto text = exports::parse_format(format)) return std::string(exports::extension(*text));
  if (is_page_format(format)) return "." + format;
  return ".pdf";
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
