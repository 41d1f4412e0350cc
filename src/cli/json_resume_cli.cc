// resume-cli's commands on hanji (see json_resume_cli.h).
#include "cli/json_resume_cli.h"

#include <fmt/format.h>

#include <filesystem>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "cli/starter.h"
#include "export/registry.h"
#include "readers/jsonresume/themes.h"
#include "theme/theme.h"

namespace hanji::cli {

namespace {

namespace fs = std::filesystem;

// resume-cli reads resume.json in the current folder unless --resume names another.
constexpr std::string_view kDefaultResume = "resume.json";

}  // namespace

bool is_json_resume_command(std::string_view command) {
  return command == "export" || command == "init" || command == "validate";
}

std::optional<bool> parse_json_resume_flag(const std::vector<std::string>& args, std::size_t& i, Options& opt,
                                           std::string& error) {
  const std::string& arg = args[i];
  auto value = [&](std::string_view flag, std::string& into) {
    if (i + 1 >= args.size() || args[i + 1].empty()) {
      error = fmt::format("option {} needs a value", flag);
      return false;
    }
    into = args[++i];
    return true;
  };
  if (arg == "-t" || arg == "--theme") return value("--theme", opt.theme);
  if (arg == "-r" || arg == "--resume") return value("--resume", opt.resume_file);
  if (arg == "-f") {  // resume-cli's short --format; the long one is hanji's own
    if (!value("--format", opt.format)) return false;
    if (!exports::find_exporter(opt.format)) {
      error = fmt::format("--format must be {}, not '{}'", exports::format_names(), opt.format);
      return false;
    }
    return true;
  }
  // resume-cli's --force skips its schema test before an export; hanji checks every input
  // the same way, and there is nothing to skip.
  if (arg == "-F") return true;
  return std::nullopt;
}

// The same table a résumé's meta.theme is read with (readers/jsonresume/themes.h).
std::optional<std::string> layout_for_theme(std::string_view theme) {
  if (std::optional<std::string_view> layout = readers::layout_for_json_resume_theme(theme)) return std::string(*layout);
  return std::nullopt;
}

std::optional<Options> as_hanji_command(const Options& opt, std::ostream& err, std::string& error) {
  Options run = opt;
  const std::string resume = opt.resume_file.empty() ? std::string(kDefaultResume) : opt.resume_file;
  if (opt.command == "validate") {
    // `resume validate` reads --resume (or resume.json); hanji's spelling names the file.
    if (opt.inputs.size() > 1) {
      error = fmt::format("'validate' takes one JSON Resume, not '{}' too", opt.inputs[1]);
      return std::nullopt;
    }
    run.command = "check";
    // resume-cli fails on anything its schema refuses; hanji reads much of that with a warning
    // (a date it cannot read is printed as written), and a warning fails validate too.
    run.warnings_fail = true;
    if (run.inputs.empty()) run.inputs.push_back(resume);
    return run;
  }
  // export [FILE]: resume-cli writes FILE, its format from --format or its extension.
  if (opt.inputs.size() > 1) {
    error = fmt::format("'export' takes one file to write, not '{}' too", opt.inputs[1]);
    return std::nullopt;
  }
  run.command = "build";
  std::string output = opt.inputs.empty() ? "resume" : opt.inputs.front();
  if (fs::path(output).extension().empty())
    output += exports::find_exporter(opt.format.empty() ? "pdf" : opt.format)->extension();
  run.output = output;
  run.inputs = {resume};
  if (!opt.theme.empty() && opt.layout.empty()) {
    if (std::optional<std::string> layout = layout_for_theme(opt.theme)) {
      run.layout = *layout;
    } else {
      run.layout = std::string(kThemeFallbackLayout);
      err << fmt::format("hanji: warning: the JSON Resume theme '{}' has no hanji look-alike: set in {}\n"
                         "  hint: --layout NAME picks another (`hanji layouts` lists them)\n",
                         opt.theme, kThemeFallbackLayout);
    }
  }
  return run;
}

int write_json_resume_starter(const Options& opt, const std::string& argv0, std::ostream& out, std::ostream& err,
                              TempFiles* temp_files) {
  if (opt.inputs.size() > 1) {
    err << fmt::format("hanji: error: 'init' takes one file, not '{}' too\n", opt.inputs[1]);
    return kBadUsage;
  }
  const std::string file =
      !opt.inputs.empty() ? opt.inputs.front() : opt.resume_file.empty() ? std::string(kDefaultResume) : opt.resume_file;
  if (!has_extension(file, {".json"})) {
    err << fmt::format("hanji: error: '{}' is not named as a JSON file\n  hint: hanji init resume.json\n", file);
    return kBadUsage;
  }
  // The English starter, read and written as a JSON Resume: one starter to keep, and what
  // `hanji build --format json-resume` would make of it.
  engine::Engine engine(theme::find_data_dirs(argv0), engine::Builds::One);
  Diagnostics diags;
  std::optional<model::CvFile> cv = engine.load_text(starter_cv("en", "", ""), "starter.yaml", engine::Request{}, diags);
  const exports::Exporter* json = exports::find_exporter("json-resume");
  std::optional<std::vector<std::string>> written;
  if (cv && json) {
    exports::FormatOptions options;
    options.output_dir = fs::path(file).parent_path().string();
    written = json->write({nullptr, &*cv}, options, diags);
  }
  if (!written || written->size() != 1) {
    print_diagnostics(diags, false, err);
    err << "hanji: error: the starter does not make a JSON Resume\n";
    return kBadInput;
  }
  OutputRefusal refusal;
  if (!write_new_file(file, written->front(), temp_files, refusal, "hanji init my-resume.json")) {
    err << "hanji: error: " << refusal.reason << '\n';
    if (!refusal.hint.empty()) err << "  hint: " << refusal.hint << '\n';
    return kBadInput;
  }
  if (!opt.quiet)
    out << fmt::format("{}: a starter JSON Resume; edit it, then: hanji export resume.pdf --resume {}\n", file, file);
  return kOk;
}

}  // namespace hanji::cli
