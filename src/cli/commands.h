// Private to the cli: the parsed options and what building one CV takes, shared by `build`
// of one file (cli.cc), of several (batch.cc) and `watch` (watch.cc).
#pragma once

#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "cli/output.h"
#include "cli/outputs_plan.h"
#include "core/core.h"
#include "engine/engine.h"
#include "export/exporter.h"
#include "export/pdf/pdf.h"

namespace hanji::cli {

/// The port `hanji serve` listens on unless --port says otherwise.
inline constexpr int kDefaultPort = 8177;

struct Options {
  std::string command;
  std::vector<std::string> inputs;  // the CV files (or folders, for build), in order
  std::string output;
  std::string layout;
  std::string paper;
  int fit_pages = 0;  // 0: as the layout says (its fit_pages)
  std::string format;                 // --format; empty: from -o's name, else pdf
  std::string language;               // --lang
  std::vector<std::string> only_tags; // --only, repeatable
  std::string design_file;            // --design
  std::string locale_file;            // --locale
  std::string settings_file;          // render: --settings, RenderCV's settings: from a file of its own
  bool watch = false;                 // render: --watch (hanji watch)
  bool rendercv_render = false;       // hanji render: RenderCV's outputs whatever the file says
  std::string theme;                  // export: --theme, a JSON Resume theme (mapped to a layout); new: a RenderCV theme
  std::vector<std::string> template_flags;  // new: RenderCV's --create-typst-templates / --create-markdown-templates
  std::string resume_file;            // export, validate, init: --resume (default resume.json)
  bool warnings_fail = false;         // validate: a warning fails the check too (exit 1), as a schema error does in resume-cli
  std::vector<readers::Override> overrides;  // --set KEY=VALUE, RenderCV's --cv.phone VALUE
  unsigned jobs = 0;                  // -j; 0: as many as the machine has cores
  int dpi = 0;                        // --dpi, for --format png; 0: png::kDefaultDpi
  std::string svg_glyphs;             // --svg-glyphs outlines|fonts; empty: fonts
  int port = kDefaultPort;            // serve: --port (0: any free port)
  std::string host;                   // serve: --host; empty: 127.0.0.1
  std::string editor;                 // serve: --editor 'CMD {file}:{line}:{col}'
  bool open_browser = false;          // serve: --open
  std::string pdf_standard;           // --pdf-standard; empty: the CV's or the layout's
  bool untagged = false;              // --untagged
  bool force = false;                 // --force: a CV file's own outputs may replace files outside rendercv_output/
  bool allow_outside = false;         // --allow-outside: a CV file's own outputs may go outside its folder
  bool fetch_photos = false;          // --fetch-photos: a photo given as a URL is downloaded
  bool allow_over = false;            // --allow-over: a 자기소개서 answer over its limit is a warning (a draft)
  bool letter_starter = false;             // new: --letter, an application file with a cover letter
  bool self_introduction_starter = false;  // new: --self-introduction, one with a 자기소개서
  std::string recipients_file;        // build: --recipients FILE, one letter a recipient
  bool split = false;                 // build: --split, each part of an application a file of its own
  /// The one part of an application this build writes (each file of --split); unset: all, bound.
  std::optional<model::Part> only_part;
  bool quiet = false;
  bool verbose = false;               // --verbose: the details too (settings accepted in silence)
  bool parameters = false;
  bool reference = false;

  const std::string& input() const {
    static const std::string kNone;
    return inputs.empty() ? kNone : inputs.front();
  }
};

/// One `build`, `check` or `watch`: its options and where its output and messages go.
struct Run {
  const Options& opt;
  const std::string& argv0;
  std::ostream& out;
  std::ostream& err;
  TempFiles* temp_files;            // null when nothing can stop the run (tests)
  std::optional<long long> epoch;   // SOURCE_DATE_EPOCH
  bool write;                       // build writes; check does everything else
  /// The files this run has written (their real_location), which it may write again (watch);
  /// null when no file is built twice (build).
  std::set<std::string>* written = nullptr;
  /// The warnings of ignored settings this run has printed (watch: said once, not every save);
  /// null: every build says its own.
  std::set<std::string>* said = nullptr;

  /// The same run with its output and messages going elsewhere (one CV of a batch).
  Run to(std::ostream& other_out, std::ostream& other_err) const {
    return Run{opt, argv0, other_out, other_err, temp_files, epoch, write, written, said};
  }
  /// The rules a CV file's own outputs are held to (outputs_plan.h).
  PlanRules rules() const { return PlanRules{opt.force, opt.allow_outside, written}; }
  engine::Request request() const;
  int refused(const OutputRefusal& refusal) const;
  int failed(const Diagnostics& diags, const char* when_writing, const char* when_checking) const;
};

/// Errors always; warnings and notes unless `quiet` (but never a warning of Kind::OnThePage: a
/// character no font has, what runs past its column or page); details only when `verbose`; at
/// most limits::kMaxPrintedDiagnostics. Each Kind::IgnoredSetting once; `said_before` (watch,
/// serve): those already said this session, which are not said again.
void print_diagnostics(const Diagnostics& diags, bool quiet, std::ostream& err, bool verbose = false,
                       std::set<std::string>* said_before = nullptr);

/// The file `input` is written to: -o, else the input's name with the format's extension (and
/// the --lang asked for before it: cv-ko.pdf), else standard output ("-") for standard input.
std::string output_path(const Options& opt, const std::string& input);

/// The format written: --format, else the default (pdf).
const exports::Exporter& output_format(const Options& opt);

/// Builds (or checks) the CV at `input` with `engine` into `output`; "-" reads standard input
/// or writes standard output. Prints one line saying what was written, unless quiet. Exit code.
/// `inputs` (when given) receives the files the CV was made from (Engine::inputs_of).
int build_one(const Run& run, engine::Engine& engine, const std::string& input, const std::string& output,
              std::vector<std::string>* inputs = nullptr);

/// The file part `part` of an application is written to by --split: `output` (the bound
/// file's name) with "-letter", "-cv" or "-self-introduction" before its extension.
std::string part_output_path(const std::string& output, model::Part part);

/// Page labels for a bound application (Rendered::parts): none for one part alone; a letter's
/// pages i, ii (front matter, as the letter carries no folio), the CV's 1, 2, ... as its own
/// folios say, the 자기소개서's prefixed by its title ("자기소개서 1"), since its folios start
/// at 1 again.
std::vector<exports::PageLabel> page_labels_of(const engine::Rendered& rendered);
/// What the formats are given of a rendered CV or application: its document, its model and its
/// parts' pages.
exports::ExportInput export_input(const engine::Rendered& rendered);

/// `hanji build APP.yaml --recipients recipients.yaml` (batch.cc): the application once a
/// recipient of the list, each with the letter's keys the list gives set over its letter, into
/// the file its `output:` names (beside the list), built in parallel as a batch is.
int build_for_recipients(const Run& run);

/// `hanji build` of several CVs or a folder (batch.cc).
int build_many(const Run& run);

/// `hanji watch CV.yaml` (watch.cc).
int watch(const Run& run);

/// `hanji count FILE [--format json]` (count_command.cc): each 자기소개서 answer's counts.
int count_answers(const Options& opt, const std::string& argv0, std::ostream& out, std::ostream& err);

/// The command line parsed (args[0] is the program); nullopt with `error` on a usage error.
std::optional<Options> parse_command_line(const std::vector<std::string>& args, std::string& error);

/// SOURCE_DATE_EPOCH, when set; `error` says what is wrong with it otherwise.
std::optional<long long> source_date_epoch(std::string& error);

/// `hanji serve CV.yaml` (serve.cc, in the hanji-serve program): `args` as `run` takes them.
int run_serve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, TempFiles* temp_files);

}  // namespace hanji::cli
