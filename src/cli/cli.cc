#include "cli/cli.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <ostream>
#include <sstream>

#include "core/files.h"
#include "core/limits.h"
#include "engine/engine.h"
#include "export/registry.h"
#include "export/pdf/pdf.h"
#include "export/png/png.h"
#include "export/svg/svg.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "cli/outputs_plan.h"
#include "cli/override_args.h"
#include "cli/rendercv_args.h"
#include "cli/json_resume_cli.h"
#include "cli/schema.h"
#include "cli/starter.h"

#ifndef HANJI_VERSION
#define HANJI_VERSION "0.0.0"
#endif

namespace hanji::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kUsage = R"(usage: hanji <command> [options]

Typesets a CV written in YAML (RenderCV's cv: schema) into a PDF.

commands:
  build CV.yaml [-o OUT.pdf] [--layout NAME] [--paper PAPER_CHOICES] [--fit-pages N]
                [--lang CODE] [--only TAG]... [--format {formats}]
                [--dpi N] [--svg-glyphs fonts|outlines] [--design FILE] [--locale FILE] [--set KEY=VALUE]...
                    write the PDF (default: CV.pdf next to CV.yaml, or the PDF
                    and the Markdown where its settings.render_command says)
  build CV.yaml OTHER.yaml FOLDER ... [-j N] [-o FOLDER] [same options]
                    build several CVs (a folder: its .yaml and .json CVs) with one
                    engine on N threads; a bad one fails alone (exit 1 at the end)
  watch CV.yaml [same options as build]
                    build, then build again whenever the CV, its layout, photo,
                    fonts or locale is saved; the last good PDF stays on an error
  serve CV.yaml [--port N] [--host ADDRESS] [--open] [--editor 'CMD {file}:{line}:{col}']
        [same options as build]
                    a live preview in the browser (http://127.0.0.1:8177/): the
                    pages as SVG, updated on every save, errors in a panel, a
                    layout, paper and language switch, the PDF to download; a
                    click on a word shows (and with --editor opens) its line
  check CV.yaml [same options as build]
                    do everything build does but write the PDF: report problems
  render CV.yaml [-w] [-o FOLDER] [-pdf PATH] [-md PATH] [-png PATH] [-typ PATH] [-html PATH]
         [-nopdf] [-nomd] [-nopng] [-nohtml] [-notyp] [-d FILE] [-lc FILE] [-s FILE]
         [--cv.KEY VALUE]... [same options as build]
                    RenderCV's `rendercv render` with its flags (long forms too:
                    --watch, --output-folder, --pdf-path, --dont-generate-markdown,
                    --design, --locale-catalog, --settings, ...): writes what it writes,
                    rendercv_output/NAME_CV.pdf, .md and the PNG pages (-o is a folder
                    here; Typst and HTML paths are accepted and do nothing)
  count FILE [--format json]
                    each 자기소개서 answer counted as web forms count it: characters
                    (with and without spaces), EUC-KR and UTF-8 bytes, beside its
                    limit; exit 1 when one is over
  languages CV.yaml   the languages a CV is written in, one per line (texts
                    written as {ko: ..., en: ...}); one --lang for each
  layouts [--parameters | --reference]
                    list the available layouts (or every value a layout may set
                    with its default, or all of it as Markdown: layouts/README.md)
  new [FILE | "FULL NAME"] [--lang en|ko|ko,en|en,ko] [--layout NAME] [--theme RENDERCV_THEME] [--locale NAME]
                    write a starter CV to edit (default: cv.yaml here; a full
                    name writes FULL_NAME_CV.yaml with that name; ko,en: both
                    languages in one file); never over an existing file. Sample
                    CVs to start from are installed in share/doc/hanji/samples;
                    --theme and --locale as RenderCV's `new` (design.theme, locale:)
  new --letter [FILE] [--lang en|ko]
                    write a starter application file (default application.yaml)
                    with a cover letter, naming cv.yaml as its CV
  new --self-introduction [FILE] [--lang ko]
                    the same with a 자기소개서 (default self-introduction.yaml):
                    the four usual questions with their limits
  create-theme NAME write NAME.yaml, a layout of your own extending classic
  schema cv|layout|letter|self-introduction
                    print the JSON Schema of a CV or layout file, or of an
                    application file with a letter or a 자기소개서, for editors
  export [FILE.pdf] [--resume resume.json] [--theme NAME] [--format FORMAT]
                    resume-cli's `resume export`: build the JSON Resume (default
                    resume.json here) into FILE (default resume.pdf); --theme names
                    a JSON Resume theme, set in the hanji layout most like it
  validate [resume.json]
                    resume-cli's `resume validate`: check the JSON Resume (exit 1
                    on an error or a warning)
  init [resume.json]
                    resume-cli's `resume init`: write a starter JSON Resume; never
                    over an existing file

options:
  -o, --output FILE   where to write the PDF ('-': standard output); a CV of '-'
                      is read from standard input. FILE ends in the format's
                      extension (-o cv.pdf; --format svg -o cv.svg); a page
                      format writes one file a page: -o cv.svg writes cv-1.svg,
                      cv-2.svg, ... -o FOLDER/ writes FOLDER/CV.pdf
  --force             let a CV file's settings.render_command replace files
                      outside rendercv_output/ (without it, it writes only new
                      files there: a CV file may be someone else's)
  --allow-outside     let a CV file's settings.render_command write outside the
                      CV's folder (an absolute path, .., ~, a link leading out)
  -j, --jobs N        CVs built at once by a build of several (default: one per core)
  -l, --layout NAME   layout to use (overrides the file's `layout:`)
  --paper SIZE        paper size: PAPER_NAMES (overrides the layout)
  --fit-pages N       fit the CV on at most N pages: shrink spacing, leading, margins
                      and text size, only as much as needed and never below the
                      layout's fit.* bounds (overrides the layout's fit_pages)
  --lang CODE         the language to set a CV written in several: ko, en, ...
                      (texts in one language only are used as they are); the
                      dates, phrases and PDF language follow it
  --format FORMAT     what to write:
{format_list}  --dpi N             the resolution of --format png, 36 to 600 (default 150)
  --svg-glyphs fonts|outlines
                      how --format svg draws glyphs: fonts (default), the page's
                      fonts cut down to its glyphs and embedded, for browsers; or
                      outlines, each glyph as a path, for any SVG program (editors
                      and converters that cannot use embedded web fonts)
  --only TAG          keep only the entries, highlights and sections that are
                      untagged or tagged TAG (repeat for several tags)
  --design FILE       RenderCV's design: from a file of its own (one holding design:)
  --locale FILE       RenderCV's locale: from a file of its own (one holding locale:)
  --set KEY=VALUE     set a value of the CV file before it is read and checked:
                      cv.phone=..., design.theme=classic, settings.current_date=2025-01-01
                      (list items by position: cv.sections.experience.0.company=...);
                      RenderCV's spelling --cv.phone VALUE works too
  --port N            serve: the port (default 8177; 0: any free one)
  --host ADDRESS      serve: the address to listen on (default 127.0.0.1, this
                      machine only; 0.0.0.0: every network it is on)
  --open              serve: open the preview in the desktop's browser
  --editor COMMAND    serve: what a click on the page runs, {file}, {line} and
                      {col} replaced: 'code -g {file}:{line}:{col}'
  --pdf-standard ua-1|a-2b|a-2a|none
                      a standard the PDF meets: PDF/UA-1 (accessible), PDF/A-2b
                      (archival), PDF/A-2a (both); over the CV's settings.pdf_standard
                      and the layout's pdf.standard
  --fetch-photos      build, check, watch, serve: download a photo given as a URL
                      (http or https; at most 10 MB, 1.5 s, 5 redirects); without it
                      such a photo is left out with a warning
  --recipients FILE   build: one PDF a recipient of the list in FILE (a list of
                      maps: output: FILE.pdf and the letter's keys to set:
                      recipient, subject, salutation, body, ...), built in parallel
  --split             build: write each part of an application (letter, CV,
                      자기소개서) as a PDF of its own: APP-letter.pdf, APP-cv.pdf,
                      APP-self-introduction.pdf (-o OUT.pdf: OUT-letter.pdf, ...)
  --allow-over        a 자기소개서 answer over its limit is a warning, not an
                      error (a draft); watch and serve always render it
  --untagged          no structure tree (PDFs are tagged for screen readers by
                      default; untagged they are 5-17% smaller)
  -q, --quiet         print only errors, and a character no font has or what runs
                      off the page
  --verbose           print also what is accepted and changes nothing (RenderCV
                      settings for outputs hanji does not write)
  -h, --help          show this help
  --version           show the version

exit status: 0 success, 1 bad input (the PDF is not written), 2 bad usage
)";

/// The usage text, with the formats the registry holds and the paper sizes page.paper takes.
std::string usage() {
  std::string list;
  for (const exports::Exporter* exporter : exports::exporters())
    list += fmt::format("{:22}{:<13}{}\n", "", exporter->name, exporter->summary);
  std::string paper_choices;
  for (const std::string& name : theme::paper_names()) paper_choices += (paper_choices.empty() ? "" : "|") + name;
  std::string text = kUsage;
  const auto put = [&text](std::string_view key, const std::string& value) {
    text.replace(text.find(key), key.size(), value);
  };
  put("{formats}", exports::format_names("|", "|"));
  put("{format_list}", list);
  put("PAPER_CHOICES", paper_choices);
  put("PAPER_NAMES", theme::paper_names_text());
  return text;
}

/// --pdf-standard over what the CV and its layout ask; --untagged.
void apply_pdf_flags(const Options& opt, doc::PdfOutput& output) {
  if (std::optional<doc::PdfStandard> standard = doc::pdf_standard_named(opt.pdf_standard)) {
    output.standard = *standard;
    output.standard_span = {};
  }
  if (opt.untagged) output.tagged = false;
}

/// A page count for --fit-pages: a whole number from 1 to the page limit.
std::optional<int> parse_page_count(const std::string& text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 1) return std::nullopt;
  if (static_cast<std::size_t>(value) > limits::kMaxPages) return std::nullopt;
  return value;
}

/// An ISO 639-1 code, maybe with a region: "ko", "en", "pt-BR".
bool plausible_language(const std::string& code) {
  auto letters = [](std::string_view s, size_t min, size_t max) {
    return s.size() >= min && s.size() <= max &&
           std::all_of(s.begin(), s.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
  };
  const size_t dash = code.find('-');
  if (dash == std::string::npos) return letters(code, 2, 2);
  return letters(std::string_view(code).substr(0, dash), 2, 2) && letters(std::string_view(code).substr(dash + 1), 2, 4);
}

/// Parses the arguments after the program name; on a usage error fills `error`.
std::optional<Options> parse_args(const std::vector<std::string>& args, std::string& error) {
  Options opt;
  // RenderCV's flags are read as RenderCV reads them after `render` (its -o is a folder).
  // resume-cli's after export, init and validate.
  const bool rendercv = args.size() > 1 && args[1] == "render";
  const bool json_resume = args.size() > 1 && is_json_resume_command(args[1]);
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::optional<bool> foreign;  // a flag of RenderCV's or resume-cli's
    if (rendercv) foreign = parse_rendercv_flag(args, i, opt, error);
    if (json_resume) foreign = parse_json_resume_flag(args, i, opt, error);
    if (foreign) {
      if (!*foreign) return std::nullopt;
      continue;
    }
    auto value = [&](const char* flag) -> std::optional<std::string> {
      if (i + 1 >= args.size() || args[i + 1].empty()) {
        error = fmt::format("option {} needs a value", flag);
        return std::nullopt;
      }
      return args[++i];
    };
    if (a == "-o" || a == "--output") {
      auto v = value("--output");
      if (!v) return std::nullopt;
      opt.output = *v;
    } else if (a == "-l" || a == "--layout") {
      auto v = value("--layout");
      if (!v) return std::nullopt;
      opt.layout = *v;
    } else if (a == "--paper") {
      auto v = value("--paper");
      if (!v) return std::nullopt;
      if (!theme::is_paper_name(*v)) {
        error = fmt::format("--paper must be {}, not '{}'", theme::paper_names_text(), *v);
        return std::nullopt;
      }
      opt.paper = *v;
    } else if (a == "--lang") {
      auto v = value("--lang");
      if (!v) return std::nullopt;
      // `hanji new --lang ko,en`: a starter in two languages; every other command sets one.
      const size_t comma = v->find(',');
      const bool pair = comma != std::string::npos && plausible_language(v->substr(0, comma)) &&
                        plausible_language(v->substr(comma + 1));
      if (!plausible_language(*v) && !pair) {
        error = fmt::format("--lang needs a language code such as ko or en, not '{}'", *v);
        return std::nullopt;
      }
      opt.language = *v;
    } else if (a == "-j" || a == "--jobs") {
      auto v = value("--jobs");
      if (!v) return std::nullopt;
      std::optional<int> jobs = parse_page_count(*v);
      if (!jobs || *jobs > 64) {
        error = fmt::format("--jobs needs a number of CVs to build at once, 1 to 64, not '{}'", *v);
        return std::nullopt;
      }
      opt.jobs = static_cast<unsigned>(*jobs);
    } else if (a == "--format") {
      auto v = value("--format");
      if (!v) return std::nullopt;
      const bool count_json = *v == "json" && args.size() > 1 && args[1] == "count";  // hanji count's table as JSON
      if (!exports::find_exporter(*v) && !count_json) {
        error = fmt::format("--format must be {}, not '{}'", exports::format_names(), *v);
        return std::nullopt;
      }
      opt.format = *v;
    } else if (a == "--dpi") {
      auto v = value("--dpi");
      if (!v) return std::nullopt;
      int dpi = 0;
      auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), dpi);
      if (ec != std::errc() || end != v->data() + v->size() || dpi < png::kMinDpi || dpi > png::kMaxDpi) {
        error = fmt::format("--dpi needs a whole number of dots per inch from {} to {}, not '{}'", png::kMinDpi,
                            png::kMaxDpi, *v);
        return std::nullopt;
      }
      opt.dpi = dpi;
    } else if (a == "--svg-glyphs") {
      auto v = value("--svg-glyphs");
      if (!v) return std::nullopt;
      if (*v != "fonts" && *v != "outlines") {
        error = fmt::format("--svg-glyphs must be fonts or outlines, not '{}'", *v);
        return std::nullopt;
      }
      opt.svg_glyphs = *v;
    } else if (a == "--theme" && opt.command == "new") {
      auto v = value("--theme");  // RenderCV's `rendercv new NAME --theme THEME`
      if (!v) return std::nullopt;
      opt.theme = *v;
    } else if ((a == "--create-typst-templates" || a == "--create-markdown-templates") && opt.command == "new") {
      opt.template_flags.push_back(a);  // RenderCV's: hanji's look is a layout file (create-theme)
    } else if (a == "--design" || a == "--locale" || a == "--locale-catalog") {
      auto v = value(a == "--design" ? "--design" : "--locale");
      if (!v) return std::nullopt;
      (a == "--design" ? opt.design_file : opt.locale_file) = *v;
    } else if (std::optional<bool> taken = parse_override(args, i, opt.overrides, error)) {
      if (!*taken) return std::nullopt;  // --set KEY=VALUE, RenderCV's --cv.phone VALUE
    } else if (a == "--only") {
      auto v = value("--only");
      if (!v) return std::nullopt;
      opt.only_tags.push_back(*v);
    } else if (a == "--fit-pages") {
      auto v = value("--fit-pages");
      if (!v) return std::nullopt;
      std::optional<int> pages = parse_page_count(*v);
      if (!pages) {
        error = fmt::format("--fit-pages needs a whole number of pages, 1 or more (at most {}), not '{}'",
                            limits::kMaxPages, *v);
        return std::nullopt;
      }
      opt.fit_pages = *pages;
    } else if (a == "--port") {
      auto v = value("--port");
      if (!v) return std::nullopt;
      int port = -1;
      auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), port);
      if (ec != std::errc() || end != v->data() + v->size() || port < 0 || port > 65535) {
        error = fmt::format("--port needs a port number from 1 to 65535 (0: any free one), not '{}'", *v);
        return std::nullopt;
      }
      opt.port = port;
    } else if (a == "--host") {
      auto v = value("--host");
      if (!v) return std::nullopt;
      opt.host = *v;
    } else if (a == "--editor") {
      auto v = value("--editor");
      if (!v) return std::nullopt;
      opt.editor = *v;
    } else if (a == "--open") {
      opt.open_browser = true;
    } else if (a == "--pdf-standard") {
      auto v = value("--pdf-standard");
      if (!v) return std::nullopt;
      if (!doc::pdf_standard_named(*v)) {
        error = fmt::format("--pdf-standard must be ua-1, a-2b, a-2a or none, not '{}'", *v);
        return std::nullopt;
      }
      opt.pdf_standard = *v;
    } else if (a == "--untagged") {
      opt.untagged = true;
    } else if (a == "--force") {
      opt.force = true;
    } else if (a == "--allow-outside") {
      opt.allow_outside = true;
    } else if (a == "--fetch-photos") {
      opt.fetch_photos = true;
    } else if (a == "--letter") {
      opt.letter_starter = true;
    } else if (a == "--self-introduction") {
      opt.self_introduction_starter = true;
    } else if (a == "--recipients") {
      auto v = value("--recipients");
      if (!v) return std::nullopt;
      opt.recipients_file = *v;
    } else if (a == "--split") {
      opt.split = true;
    } else if (a == "--allow-over") {
      opt.allow_over = true;
    } else if (a == "-q" || a == "--quiet") {
      opt.quiet = true;
    } else if (a == "--verbose") {
      opt.verbose = true;
    } else if (a == "--parameters") {
      opt.parameters = true;
    } else if (a == "--reference") {
      opt.reference = true;
    } else if (a == "-h" || a == "--help") {
      opt.command = "help";
      return opt;
    } else if (a == "--version") {
      opt.command = "version";
      return opt;
    } else if (!a.empty() && a[0] == '-' && a != "-") {
      error = fmt::format("unknown option '{}'", a);
      return std::nullopt;
    } else if (opt.command.empty()) {
      opt.command = a;
    } else if (opt.inputs.empty() || opt.command == "build" || opt.command == "check" || opt.command == "new" ||
               opt.command == "render" || is_json_resume_command(opt.command)) {
      opt.inputs.push_back(a);
    } else {
      error = fmt::format("unexpected argument '{}'", a);
      return std::nullopt;
    }
  }
  return opt;
}

}  // namespace

std::optional<Options> parse_command_line(const std::vector<std::string>& args, std::string& error) {
  std::optional<Options> opt = parse_args(args, error);
  if (opt && opt->command != "new" && opt->language.find(',') != std::string::npos) {
    error = fmt::format("--lang sets one language of a CV, not '{}' (hanji new --lang {} writes a starter in both)",
                        opt->language, opt->language);
    return std::nullopt;
  }
  if (opt && opt->command != "new" && (opt->letter_starter || opt->self_introduction_starter)) {
    error = "--letter and --self-introduction are options of 'hanji new' (a starter application file)";
    return std::nullopt;
  }
  if (opt && opt->letter_starter && opt->self_introduction_starter) {
    error = "hanji new writes one starter: --letter or --self-introduction, not both";
    return std::nullopt;
  }
  if (opt && !opt->recipients_file.empty() && opt->command != "build") {
    error = "--recipients is an option of 'hanji build' (one letter a recipient of the list)";
    return std::nullopt;
  }
  if (opt && !opt->recipients_file.empty() && (opt->split || !opt->output.empty())) {
    error = "--recipients writes the files its list names (output: of each recipient): no -o, no --split";
    return std::nullopt;
  }
  if (opt && opt->split && opt->command != "build") {
    error = "--split is an option of 'hanji build' (each part of an application a file of its own)";
    return std::nullopt;
  }
  if (opt && opt->command != "serve" && (opt->port != kDefaultPort || !opt->host.empty() || !opt->editor.empty() || opt->open_browser)) {
    error = "--port, --host, --editor and --open are options of 'hanji serve'";
    return std::nullopt;
  }
  return opt;
}

/// Errors always; warnings and notes (what fitting changed) unless --quiet, except the
/// warnings of what is wrong on the page (Kind::OnThePage: a character no font has, what runs
/// off its column or page, a CV that cannot be fitted, which only the user can fix); details
/// only with --verbose. An ignored setting once (Kind::IgnoredSetting): once a build, or once a
/// session when the caller keeps `said_before`. At most limits::kMaxPrintedDiagnostics of each
/// severity, in file order: a file with 10,000 mistakes needs its first ones fixed, not 10,000
/// messages (nor an error hidden behind them).
void print_diagnostics(const Diagnostics& diags, bool quiet, std::ostream& err, bool verbose,
                       std::set<std::string>* said_before) {
  std::set<std::string> said_in_this_build;
  if (!said_before) said_before = &said_in_this_build;
  std::size_t errors = 0, others = 0, hidden_errors = 0, hidden_others = 0;
  for (const auto& d : diags.all()) {
    const bool detail = d.severity == Severity::Detail;
    if (detail && !verbose) continue;
    if (quiet && !verbose && d.severity != Severity::Error && d.kind != Diagnostic::Kind::OnThePage) continue;
    // A setting hanji cannot follow is said once a session, not on every save (watch, serve).
    if (d.kind == Diagnostic::Kind::IgnoredSetting && !said_before->insert(format_diagnostic(d)).second)
      continue;
    const bool error = d.severity == Severity::Error;
    std::size_t& shown = error ? errors : others;
    if (shown++ >= limits::kMaxPrintedDiagnostics)
      ++(error ? hidden_errors : hidden_others);
    else
      err << format_diagnostic(d);
  }
  if (hidden_errors + hidden_others == 0) return;
  auto count = [](std::size_t n, const char* what) { return fmt::format("{} more {}{}", n, what, n == 1 ? "" : "s"); };
  std::string hidden = hidden_errors > 0 ? count(hidden_errors, "error") : std::string();
  if (hidden_others > 0) hidden += (hidden.empty() ? "" : " and ") + count(hidden_others, "warning");
  err << "hanji: " << hidden << " not shown\n";
}

// The latest second a PDF date can hold (9999-12-31 23:59:59 UTC).
constexpr long long kLatestEpoch = 253402300799;

/// SOURCE_DATE_EPOCH (reproducible-builds.org): unset or empty is none; otherwise a whole
/// number of seconds from 0 to the end of year 9999, or an error naming the variable, so that a
/// typo is not a build dated "now" in silence, nor a year that wraps.
std::optional<long long> source_date_epoch(std::string& error) {
  const char* env = std::getenv("SOURCE_DATE_EPOCH");
  if (!env || !*env) return std::nullopt;
  const std::string_view text(env);
  long long value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > kLatestEpoch) {
    error = fmt::format("SOURCE_DATE_EPOCH is '{}', which is not a whole number of seconds from 0 to {} "
                        "(the end of year 9999)",
                        excerpt(text, 40), kLatestEpoch);
    return std::nullopt;
  }
  return value;
}

namespace {

// The day `current_date: today` (and a RenderCV file's default) means, as TeX's \today and
// Typst's datetime.today() do: SOURCE_DATE_EPOCH's day when it is set (a reproducible build,
// the same bytes on any day), else the local calendar day of the run. Only the day is read,
// and only a file that asks for today depends on it.
std::optional<model::Date> today(std::optional<long long> epoch) {
  std::tm day{};
  if (epoch) {
    const std::time_t when = static_cast<std::time_t>(*epoch);
    if (!gmtime_r(&when, &day)) return std::nullopt;
  } else {
    const std::time_t now = std::time(nullptr);
    if (now == static_cast<std::time_t>(-1) || !localtime_r(&now, &day)) return std::nullopt;
  }
  model::Date date;
  date.kind = model::Date::Kind::YearMonthDay;
  date.year = day.tm_year + 1900;
  date.month = day.tm_mon + 1;
  date.day = day.tm_mday;
  date.text = fmt::format("{:04}-{:02}-{:02}", date.year, date.month, date.day);
  return date;
}

}  // namespace

engine::Request Run::request() const {
  engine::Request request{opt.layout, opt.paper, opt.fit_pages,
                          {opt.language, opt.only_tags, {}, {}, today(epoch), nullptr, opt.overrides, opt.design_file,
                           opt.locale_file}};
  request.read.settings_file = opt.settings_file;
  request.read.rendercv_render = opt.rendercv_render;
  request.read.fetch_photos = opt.fetch_photos;
  // watch and serve show a draft as it stands: an answer over its limit is said on every save
  // (and in the preview's panel) but does not keep the pages from being made.
  request.allow_over = opt.allow_over || opt.command == "watch" || opt.command == "serve";
  return request;
}

int Run::refused(const OutputRefusal& refusal) const {
  if (refusal.at.file.empty()) {
    err << "hanji: error: " << refusal.reason << '\n';
    if (!refusal.hint.empty()) err << "  hint: " << refusal.hint << '\n';
  } else {
    err << format_diagnostic({Severity::Error, refusal.at, refusal.reason,
                              refusal.hint.empty() ? std::vector<std::string>{} : std::vector<std::string>{refusal.hint}});
  }
  return kBadInput;
}

int Run::failed(const Diagnostics& diags, const char* when_writing, const char* when_checking) const {
  err << fmt::format("hanji: {} error{}; {}\n", diags.error_count(), diags.error_count() == 1 ? "" : "s",
                     write ? when_writing : when_checking);
  return kBadInput;
}

const exports::Exporter& output_format(const Options& opt) {
  const exports::Exporter* asked = opt.format.empty() ? nullptr : exports::find_exporter(opt.format);
  return asked ? *asked : exports::default_exporter();
}

/// Whether -o names a folder to write in: FOLDER/, or a folder that is there and is not named as
/// the output is (`-o cv.pdf` that is a folder is refused as one, not written into).
static bool names_folder(const std::string& output, const exports::Exporter& format) {
  if (output.empty() || output == "-") return false;
  return output.back() == '/' || (is_folder(output) && !has_extension(output, format.file.extensions));
}

std::string output_path(const Options& opt, const std::string& input) {
  if (!opt.output.empty() && !names_folder(opt.output, output_format(opt))) return opt.output;
  if (input == "-" && opt.output.empty()) return "-";
  const std::string extension(output_format(opt).extension());
  fs::path p(input == "-" ? "cv" : input);
  // --lang ko and --lang en of one CV are two files, not one written over the other.
  const std::string language = opt.language.empty() ? "" : "-" + opt.language;
  p.replace_filename(p.stem().string() + language + extension);
  // -o FOLDER (or FOLDER/): the file of that name in it, as a build of several CVs writes.
  if (!opt.output.empty()) return (fs::path(opt.output) / p.filename()).string();
  return p.string();
}

namespace {

/// Standard input, whole (a CV is small: at most limits::kMaxInputBytes are taken).
std::optional<std::string> read_standard_input(std::ostream& err) {
  std::string text;
  char buffer[65536];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(std::cin.gcount()));
    if (text.size() > limits::kMaxInputBytes) {
      err << fmt::format("hanji: error: standard input holds more than {}, more than any CV\n",
                         describe_bytes(limits::kMaxInputBytes));
      return std::nullopt;
    }
  }
  return text;
}

/// The bytes of an output sent to standard output ("-o -"), never to a terminal.
int write_standard_output(const Run& run, const std::string& bytes, const exports::Exporter& format) {
  if (format.binary && isatty(STDOUT_FILENO)) {
    run.err << fmt::format("hanji: error: not writing {} to the terminal\n"
                           "  hint: redirect it (hanji build cv.yaml -o - > cv{}) or name a file with -o\n",
                           format.file.name, format.extension());
    return kBadUsage;
  }
  run.out << bytes;
  run.out.flush();
  return run.out ? kOk : kBadInput;
}

// The format's kind, and -o's name agreeing with it: `--format txt -o cv.pdf` would put text
// under a PDF's name, `-o notes.txt` a PDF under a text file's, `-o new.yaml` a PDF under a
// CV's, and `-o x` a file no program knows what to open with. `output` is where the build
// writes (-o, or a file in the folder -o names).
std::optional<OutputRefusal> mismatched_output(const Options& opt, const exports::Exporter& format,
                                               const std::string& output) {
  if (opt.output.empty() || output == "-" || output != opt.output) return std::nullopt;
  if (has_extension(output, format.file.extensions)) return std::nullopt;
  const fs::path named(output);
  const std::string right = fs::path(output).replace_extension(format.extension()).string();
  std::string hint = "-o " + right;
  if (format.files == exports::Files::PerPage)
    hint += fmt::format(" (its pages are {}, {}, ...)", page_path(right, 1), page_path(right, 2));
  const std::string writer = opt.format.empty() ? std::string("hanji build") : "--format " + opt.format;
  for (const exports::Exporter* other : exports::exporters())
    if (other != &format && has_extension(output, other->file.extensions))
      return OutputRefusal{fmt::format("-o {} names {}, but {} writes {}", output, other->file.name, writer,
                                       format.file.name),
                           hint + (opt.format.empty() ? fmt::format(", or --format {}", other->name) : "")};
  if (named.extension().empty())
    return OutputRefusal{fmt::format("-o {} names no format: {} writes {}, named {}", output, writer, format.file.name,
                                     fmt::join(format.file.extensions, " or ")),
                         hint};
  return OutputRefusal{fmt::format("-o {} ends in {}, but {} writes {}, named {}", output,
                                   named.extension().string(), writer, format.file.name,
                                   fmt::join(format.file.extensions, " or ")),
                       hint};
}

/// What a build writes, once every output is made: each file, checked whole before the first
/// is written (check_plan), then written, and the files this run wrote remembered (watch).
struct Writing {
  const Run& run;
  const std::string& input;
  const std::vector<std::string>& inputs;  // the files the CV is made from
  std::vector<PlannedFile> files;

  void remember(const std::string& path) const {
    if (run.written) run.written->insert(real_location(path));
  }
};

/// Writes one planned output and says so.
bool write_planned(const Writing& writing, const PlannedOutput& output, const std::string& bytes, std::size_t pages) {
  const Run& run = writing.run;
  OutputRefusal refusal;
  if (!write_output(output.path, writing.input, output.format->file, bytes, run.temp_files, refusal)) {
    run.refused(refusal);
    return false;
  }
  writing.remember(output.path);
  const std::string what = output.format->files == exports::Files::Paged
                               ? fmt::format("{} page{}", pages, pages == 1 ? "" : "s")
                               : std::string(output.format->name);
  if (!run.opt.quiet)
    run.out << fmt::format("{}: {}, {:.1f} KB\n", output.path, what, static_cast<double>(bytes.size()) / 1024.0);
  return true;
}

/// Whether the file at `path` is a page hanji wrote (its mark near the top): only such a file
/// is removed when the CV has fewer pages than before. Never through a link.
bool page_written_by_hanji(const std::string& path, const exports::Exporter& format) {
  if (!format.made_by_hanji) return false;
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(path, ec))) return false;
  std::ifstream file(path, std::ios::binary);
  std::string head(4096, '\0');
  file.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(file.gcount()));
  return format.made_by_hanji(head);
}

/// Removes the pages after the last one (cv-3.svg of a CV that now has two) that hanji wrote,
/// so that a folder never shows a page of an older build as if it were part of this one; a
/// file there that hanji did not write, or that the plan's rules would not let this build
/// replace (outside rendercv_output/ without --force, one of the CV's inputs), is left, with a
/// warning.
void remove_stale_pages(const Writing& writing, const PlannedOutput& output, std::size_t pages) {
  const Run& run = writing.run;
  for (std::size_t number = pages + 1;; ++number) {
    const std::string path = page_path(output, number);
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(path, ec))) return;
    if (!page_written_by_hanji(path, *output.format)) {
      run.err << fmt::format("hanji: warning: {} is not a page hanji wrote: left as it is, though the CV now has {} "
                             "page{}\n", path, pages, pages == 1 ? "" : "s");
      return;
    }
    OutputRefusal refusal;
    if (!may_remove_stale_page(path, output, writing.input, writing.inputs, writing.files, run.rules(), refusal)) {
      run.err << fmt::format("hanji: warning: {}, a page of an older build, is left as it is, though the CV now has "
                             "{} page{}: {}\n", path, pages, pages == 1 ? "" : "s", refusal.reason);
      return;
    }
    if (!fs::remove(path, ec)) {
      run.err << fmt::format("hanji: warning: cannot remove {}, a page of an older build: {}\n", path, ec.message());
      return;
    }
    if (!run.opt.quiet) run.out << fmt::format("{}: removed (the CV now has {} page{})\n", path, pages, pages == 1 ? "" : "s");
  }
}

/// Writes the pages of a page format (cv-1.svg, cv-2.svg, ...) and says so.
bool write_planned_pages(const Writing& writing, const PlannedOutput& output, const std::vector<std::string>& pages) {
  const Run& run = writing.run;
  std::size_t total = 0;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    OutputRefusal refusal;
    const std::string path = page_path(output, i + 1);
    if (!write_output(path, writing.input, output.format->file, pages[i], run.temp_files, refusal)) {
      run.refused(refusal);
      return false;
    }
    writing.remember(path);
    total += pages[i].size();
  }
  remove_stale_pages(writing, output, pages.size());
  if (!run.opt.quiet) {
    const std::string last = pages.size() > 1 ? " ... " + page_path(output, pages.size()) : std::string();
    run.out << fmt::format("{}{}: {} {} page{}, {:.1f} KB\n", page_path(output, 1), last, pages.size(),
                           output.format->label, pages.size() == 1 ? "" : "s",
                           static_cast<double>(total) / 1024.0);
  }
  return true;
}

/// The options of every format, from the command line; `output_dir` is where the file goes,
/// `pdf` how the PDF is written (the render's, with the command line's flags).
exports::FormatOptions format_options(const Run& run, engine::Engine& engine, const std::string& output_dir,
                                      const doc::PdfOutput& pdf, image::PrintCopies* photo_copies) {
  exports::FormatOptions options;
  options.pdf = pdf;
  options.creation_time = run.epoch;
  options.fonts = &engine.fonts();
  options.streams = engine.kept_streams();
  options.dpi = run.opt.dpi;
  options.svg_outlines = run.opt.svg_glyphs == "outlines";
  options.output_dir = output_dir;
  options.photo_copies = photo_copies;
  return options;
}

/// `format` written from `input`: its files into `files`; false (with `diags` saying why) when
/// it cannot be. `photo_copies`: the photos reduced for every output of this build.
bool export_to(const Run& run, engine::Engine& engine, const PlannedOutput& planned, const exports::ExportInput& input,
               const doc::PdfOutput& pdf, const std::vector<exports::PageLabel>& labels,
               image::PrintCopies* photo_copies, std::vector<std::string>& files, Diagnostics& diags) {
  exports::FormatOptions options =
      format_options(run, engine, fs::path(planned.path).parent_path().string(), pdf, photo_copies);
  options.page_labels = labels;
  std::optional<std::vector<std::string>> written = planned.format->write(input, options, diags);
  if (!written || written->empty()) return false;
  files = std::move(*written);
  return true;
}

}  // namespace

int build_one(const Run& run, engine::Engine& engine, const std::string& input, const std::string& output,
              std::vector<std::string>* inputs) {
  const Options& opt = run.opt;
  const exports::Exporter& format = output_format(opt);
  if (run.write && !opt.output.empty() && opt.output.back() == '/' && !is_folder(opt.output))
    return run.refused({fmt::format("-o {} names a folder, and there is none", opt.output),
                        fmt::format("make it first (mkdir -p {}), or name a file: -o {}", opt.output,
                                    output_path(opt, input))});
  const bool to_stdout = output == "-";
  // The command line's output (-o, standard output) is checked before any work; without one, a
  // RenderCV file may name its own (settings.render_command), known once it is read.
  const bool named = !opt.output.empty() || to_stdout;
  std::vector<PlannedOutput> plan{{&format, output, false, {}, {}}};
  // A page format writes cv-1.svg, cv-2.svg, ...: the first is checked before any work, every
  // one once the CV is rendered and before any is written.
  auto first_files = [&plan] {
    std::vector<PlannedFile> first;
    for (const PlannedOutput& planned : plan)
      first.push_back({planned.format->files == exports::Files::PerPage ? page_path(planned, 1) : planned.path, &planned});
    return first;
  };
  OutputRefusal refusal;
  if (named && run.write && !to_stdout && !check_plan(first_files(), input, {}, run.rules(), refusal))
    return run.refused(refusal);
  // Where -o may write, then what it may be called (`check` writes nothing, and takes any -o).
  if (std::optional<OutputRefusal> mismatch = mismatched_output(opt, format, output); mismatch && run.write)
    return run.refused(*mismatch);
  Diagnostics diags;
  std::optional<model::CvFile> file;
  if (input == "-") {
    std::optional<std::string> text = read_standard_input(run.err);
    if (!text) return kBadInput;
    file = engine.load_text(*text, "<stdin>", run.request(), diags);
  } else {
    file = engine.load(input, run.request(), diags);
  }
  // One file of --split: the part alone, laid out as it is in the bound file.
  if (file && opt.only_part) file->parts = {*opt.only_part};
  if (file && !named) {
    plan = plan_outputs(OutputChoice{opt.format.empty() ? nullptr : &format, output, opt.language},
                        file->settings.render, diags);
    if (run.write && !check_plan(first_files(), input, {}, run.rules(), refusal)) {
      print_diagnostics(diags, opt.quiet, run.err, opt.verbose, run.said);
      return run.refused(refusal);
    }
  }
  // The files the CV is made from, which no output may replace: what the model names, and
  // once it is rendered, its layout and fonts too.
  std::vector<std::string> made_from;
  if (file) {
    made_from = file->included_files;
    if (!file->cv.photo.value.empty()) made_from.push_back(file->cv.photo.value);
  }
  std::vector<std::vector<std::string>> files(plan.size());  // each output's files: one, or one per page
  std::size_t pages = 0;
  // The formats of the model alone before the render takes the CV.
  for (std::size_t i = 0; file && i < plan.size(); ++i)
    if (!plan[i].format->needs_document() &&
        !export_to(run, engine, plan[i], {nullptr, &*file}, {}, {}, nullptr, files[i], diags))
      file.reset();
  if (file && plans_document(plan)) {
    // `check` makes the PDF (or the pages) too, only without writing it: what libharu or an
    // image refuses is found by both, so the two always agree.
    std::optional<engine::Rendered> result = engine.render(std::move(*file), run.request(), diags);
    bool made = result.has_value();
    if (result) apply_pdf_flags(run.opt, result->pdf);
    std::vector<exports::PageLabel> labels;
    if (result) labels = page_labels_of(*result);
    image::PrintCopies photo_copies;  // a PNG photo is reduced once for the PDF and the PNG pages
    // Pages as pictures first: their drawing limit refuses them before the PDF is made for
    // nothing, and a JPEG photo they decode is one the PDF need not decode again to check it.
    for (const bool per_page : {true, false})
      for (std::size_t i = 0; made && i < plan.size(); ++i)
        if (plan[i].format->needs_document() && (plan[i].format->files == exports::Files::PerPage) == per_page)
          made = export_to(run, engine, plan[i], export_input(*result), result->pdf, labels, &photo_copies,
                           files[i], diags) &&
                 !diags.has_errors();
    if (result) made_from = engine::Engine::inputs_of(*result);
    if (result && inputs) *inputs = made_from;
    if (made)
      pages = result->doc.pages.size();
    else
      file.reset();
  }
  print_diagnostics(diags, opt.quiet, run.err, opt.verbose, run.said);
  const bool pdf = plan.empty() ? format.is_default : plans_default(plan);  // what the messages speak of
  if (!file || diags.has_errors())
    return run.failed(diags, pdf ? "no PDF written" : "nothing written",
                      pdf ? "the CV does not build" : "the CV does not read");
  if (!run.write && opt.warnings_fail && diags.warning_count() > 0) {
    run.err << fmt::format("hanji: {} warning{}; {} does not validate\n", diags.warning_count(),
                           diags.warning_count() == 1 ? "" : "s", input);
    return kBadInput;
  }
  if (!run.write) {
    if (!opt.quiet)
      run.out << fmt::format("{}: ok{}\n", input,
                             pages > 0 ? fmt::format(" ({} page{})", pages, pages == 1 ? "" : "s") : "");
    return kOk;
  }
  if (to_stdout) {
    if (files.front().size() != 1) {
      run.err << fmt::format("hanji: error: the CV has {} pages, and standard output takes one {} file\n"
                             "  hint: name a file with -o (-o cv{} writes cv-1{}, cv-2{}, ...)\n",
                             files.front().size(), format.label, format.extension(), format.extension(),
                             format.extension());
      return kBadUsage;
    }
    return write_standard_output(run, files.front().front(), format);
  }
  // The whole plan, every page of every output, is checked before the first byte is written:
  // a refused file leaves every other as it was.
  Writing writing{run, input, made_from, {}};
  for (std::size_t i = 0; i < plan.size(); ++i)
    for (std::size_t k = 0; k < files[i].size(); ++k)
      writing.files.push_back(
          {plan[i].format->files == exports::Files::PerPage ? page_path(plan[i], k + 1) : plan[i].path, &plan[i]});
  if (!check_plan(writing.files, input, made_from, run.rules(), refusal)) return run.refused(refusal);
  // The folders the CV file names first: one that cannot be made stops the build before any
  // file is written.
  for (const PlannedOutput& planned : plan)
    if (!make_output_folder(planned, refusal)) return run.refused(refusal);
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const bool written = plan[i].format->files == exports::Files::PerPage
                             ? write_planned_pages(writing, plan[i], files[i])
                             : write_planned(writing, plan[i], files[i].front(), pages);
    if (!written) return kBadInput;
  }
  return kOk;
}

std::string part_output_path(const std::string& output, model::Part part) {
  const char* suffix = part == model::Part::Letter ? "-letter" : part == model::Part::Cv ? "-cv" : "-self-introduction";
  fs::path p(output);
  p.replace_filename(p.stem().string() + suffix + p.extension().string());
  return p.string();
}

exports::ExportInput export_input(const engine::Rendered& rendered) {
  exports::ExportInput input{&rendered.doc, &rendered.file};
  for (const engine::PartPages& part : rendered.parts) input.parts.push_back({part.part, part.first_page, part.pages});
  return input;
}

std::vector<exports::PageLabel> page_labels_of(const engine::Rendered& rendered) {
  std::vector<exports::PageLabel> labels;
  if (rendered.parts.size() < 2) return labels;
  for (const engine::PartPages& part : rendered.parts) {
    if (part.pages == 0) continue;
    // The letter's and the 자기소개서's pages under their names ("Cover letter 1", "자기소개서 2"),
    // numbered from 1 as their pages print them; the CV's 1, 2, … as its footer does.
    exports::PageLabel label{part.first_page, exports::PageLabel::Style::Decimal, {}};
    const auto& labels_of_locale = rendered.file.locale.labels;
    const auto prefix = [&](const char* key, const char* english) {
      auto title = labels_of_locale.find(key);
      return (title != labels_of_locale.end() && !title->second.empty() ? title->second : std::string(english)) + " ";
    };
    if (part.part == model::Part::Letter) label.prefix = prefix("letter", "Cover letter");
    else if (part.part == model::Part::SelfIntroduction)
      label.prefix = prefix("self_introduction_document", "Self-introduction");
    labels.push_back(std::move(label));
  }
  return labels;
}

namespace {

// `hanji build APP.yaml --split`: each part of the application built as a file of its own, as
// it is laid out in the bound file (its own page numbers, bookmark and structure).
int build_split(const Run& run, engine::Engine& engine) {
  const Options& opt = run.opt;
  const std::string bound = output_path(opt, opt.input());
  if (opt.input() == "-" || bound == "-") {
    run.err << "hanji: error: --split writes files, one a part, and standard input or output is one stream\n"
               "  hint: name the application file, and -o OUT.pdf (OUT-letter.pdf, OUT-cv.pdf, ...)\n";
    return kBadUsage;
  }
  Diagnostics diags;
  std::optional<model::CvFile> file = engine.load(opt.input(), run.request(), diags);
  if (!file) {
    print_diagnostics(diags, opt.quiet, run.err, opt.verbose, run.said);
    return run.failed(diags, "no PDF written", "the application does not build");
  }
  std::vector<model::Part> parts;
  for (model::Part part : file->parts)
    if (part != model::Part::SelfIntroduction || file->self_introduction) parts.push_back(part);
  std::vector<Options> options(parts.size(), opt);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    options[i].split = false;
    options[i].only_part = parts[i];
    options[i].output = part_output_path(bound, parts[i]);
  }
  // All the parts or none: a part's file that may not be written (a folder, a link to another
  // kind of file) or a part that does not build (past the page limit) stops the build before
  // any part is written, where the letter was written and the CV refused beside it.
  if (run.write) {
    const exports::Exporter& format = output_format(opt);
    std::vector<PlannedOutput> planned;
    planned.reserve(parts.size());
    for (const Options& one : options) planned.push_back({&format, one.output, false, {}, {}});
    std::vector<PlannedFile> files;
    for (const PlannedOutput& output : planned) files.push_back({output.path, &output});
    OutputRefusal refusal;
    if (!check_plan(files, opt.input(), file->included_files, run.rules(), refusal)) return run.refused(refusal);
    for (const Options& one : options) {
      std::ostringstream quiet_out, checked_err;
      const int checked = build_one(Run{one, run.argv0, quiet_out, checked_err, run.temp_files, run.epoch, false,
                                        nullptr, nullptr},
                                    engine, opt.input(), one.output);
      if (checked == kOk) continue;
      run.err << checked_err.str() << "hanji: no part written\n";
      return checked;
    }
  }
  int status = kOk;
  for (const Options& one : options) {
    const int built = build_one(Run{one, run.argv0, run.out, run.err, run.temp_files, run.epoch, run.write,
                                    run.written, run.said},
                                engine, opt.input(), one.output);
    if (built != kOk) status = built;
  }
  return status;
}

int build(const Run& run) {
  const Options& opt = run.opt;
  if (opt.inputs.empty()) {
    run.err << fmt::format("hanji: error: '{}' needs a CV file\n  hint: hanji {} CV.yaml\n", opt.command, opt.command);
    return kBadUsage;
  }
  if (opt.split && (opt.inputs.size() > 1 || is_folder(opt.input()))) {
    run.err << "hanji: error: --split takes one application file\n  hint: hanji build application.yaml --split\n";
    return kBadUsage;
  }
  if (!opt.recipients_file.empty() && (opt.inputs.size() > 1 || is_folder(opt.input()) || opt.input() == "-")) {
    run.err << "hanji: error: --recipients takes one application file\n"
               "  hint: hanji build application.yaml --recipients recipients.yaml\n";
    return kBadUsage;
  }
  if (!opt.recipients_file.empty()) return build_for_recipients(run);
  if (opt.inputs.size() > 1 || is_folder(opt.input())) return build_many(run);
  engine::Engine engine(theme::find_data_dirs(run.argv0), opt.split ? engine::Builds::Many : engine::Builds::One);
  if (opt.split) return build_split(run, engine);
  return build_one(run, engine, opt.input(), output_path(opt, opt.input()));
}

// `hanji languages CV`: what `make pdf` asks to render each language a CV carries.
int languages(const Options& opt, const std::string& argv0, std::ostream& out, std::ostream& err) {
  if (opt.inputs.empty()) {
    err << "hanji: error: 'languages' needs a CV file\n  hint: hanji languages CV.yaml\n";
    return kBadUsage;
  }
  Diagnostics diags;
  engine::Engine engine(theme::find_data_dirs(argv0));
  std::optional<model::CvFile> file = engine.load(opt.input(), engine::Request{}, diags);
  print_diagnostics(diags, opt.quiet, err, opt.verbose);
  if (!file) return kBadInput;
  if (file->languages.empty()) out << file->locale.language << "\n";
  for (const std::string& language : file->languages) out << language << "\n";
  return kOk;
}

// Each parameter with classic's value, which every built-in layout starts from.
void list_parameters(const std::string& argv0, std::ostream& out) {
  const std::optional<theme::Theme> classic = theme::classic_values(theme::find_data_dirs(argv0));
  for (const auto& p : classic ? theme::describe_parameters(*classic) : theme::describe_parameters())
    out << fmt::format("{:<34} {}\n{:<34} ({}; default {})\n", p.key, p.help, "", p.expected, p.default_value);
}

int list(const Options& opt, const std::string& argv0, std::ostream& out, std::ostream& err) {
  if (opt.parameters) {
    list_parameters(argv0, out);
    return kOk;
  }
  Diagnostics diags;
  theme::DataDirs dirs = theme::find_data_dirs(argv0);
  if (std::string user = theme::user_layouts_dir(); !user.empty()) dirs.user_layouts.push_back(user);
  std::vector<theme::LayoutInfo> layouts = theme::list_layouts(dirs, diags);
  print_diagnostics(diags, opt.quiet, err, opt.verbose);
  if (opt.reference) {
    out << theme::layout_reference(theme::list_layouts(theme::find_data_dirs(argv0), diags));
    return diags.has_errors() ? kBadInput : kOk;
  }
  for (const auto& l : layouts) out << fmt::format("{:<12} {}\n", l.name, l.description);
  return diags.has_errors() ? kBadInput : kOk;
}

// `hanji serve` is its own program beside this one (see serve.cc for why): found next to
// the running binary, or where `make install` puts it, and run in this process's place.
int start_server(const std::string& argv0, const std::vector<std::string>& args, std::ostream& err) {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) self = fs::absolute(argv0);
  const fs::path dir = self.parent_path();
  for (const fs::path& candidate : {dir / "hanji-serve", dir / ".." / "libexec" / "hanji" / "hanji-serve"}) {
    if (access(candidate.c_str(), X_OK) != 0) continue;
    std::vector<std::string> copy = args;
    copy[0] = candidate.string();
    std::vector<char*> argv;
    for (std::string& arg : copy) argv.push_back(arg.data());
    argv.push_back(nullptr);
    err.flush();
    execv(argv[0], argv.data());
    err << fmt::format("hanji: error: cannot start {}: {}\n", candidate.string(), std::strerror(errno));
    return kBadInput;
  }
  err << fmt::format("hanji: error: 'serve' needs the program hanji-serve beside {}, and it is not there\n",
                     self.string())
      << "  hint: build it with 'make hanji-serve' (make pdf builds it too), or reinstall with make install\n";
  return kBadInput;
}

/// Every command, for the hint after an unknown one.
const std::vector<std::string> kCommands = {"build",  "check",  "watch", "serve",  "layouts", "languages", "new",
                                            "schema", "render", "export", "init",   "validate", "count",
                                            "create-theme"};

int run_command(const Options& opt, const std::string& argv0, const std::vector<std::string>& args,
                std::ostream& out, std::ostream& err, TempFiles* temp_files);

// `hanji render CV.yaml [RenderCV's flags]`: `rendercv render`, as hanji build (or watch, with
// --watch) writing what RenderCV writes where RenderCV writes it (settings.render_command's
// defaults, rendercv_output/ beside the CV, when the file says nothing).
int render(const Options& opt, const std::string& argv0, const std::vector<std::string>& args, std::ostream& out,
           std::ostream& err, TempFiles* temp_files) {
  if (opt.inputs.size() != 1) {
    err << (opt.inputs.empty() ? std::string("hanji: error: 'render' needs a CV file\n")
                               : fmt::format("hanji: error: 'render' takes one CV file, not '{}' too\n", opt.inputs[1]))
        << "  hint: hanji render CV.yaml (hanji build takes several)\n";
    return kBadUsage;
  }
  Options as_build = opt;
  as_build.command = opt.watch ? "watch" : "build";
  as_build.rendercv_render = true;
  return run_command(as_build, argv0, args, out, err, temp_files);
}

int run_command(const Options& opt, const std::string& argv0, const std::vector<std::string>& args,
                std::ostream& out, std::ostream& err, TempFiles* temp_files) {
  if (opt.command == "help") {
    out << usage();
    return kOk;
  }
  if (opt.command == "version") {
    out << "hanji " << HANJI_VERSION << " (libharu " << pdf::libharu_version() << ")\n";
    return kOk;
  }
  if (opt.command == "render") return render(opt, argv0, args, out, err, temp_files);
  if (opt.command == "init") return write_json_resume_starter(opt, argv0, out, err, temp_files);
  if (is_json_resume_command(opt.command)) {
    std::string error;
    std::optional<Options> as_hanji = as_hanji_command(opt, err, error);
    if (!as_hanji) {
      err << "hanji: error: " << error << "\n  hint: run 'hanji --help' for usage\n";
      return kBadUsage;
    }
    return run_command(*as_hanji, argv0, args, out, err, temp_files);
  }
  if (opt.command == "build" || opt.command == "check" || opt.command == "watch") {
    std::string error;
    const std::optional<long long> epoch = source_date_epoch(error);
    if (!error.empty()) {
      err << "hanji: error: " << error << "\n  hint: set it to a date such as $(date +%s), or unset it\n";
      return kBadInput;
    }
    const Run run{opt, argv0, out, err, temp_files, epoch, opt.command != "check"};
    return opt.command == "watch" ? watch(run) : build(run);
  }
  if (opt.command == "serve") return start_server(argv0, args, err);
  if (opt.command == "layouts") return list(opt, argv0, out, err);
  if (opt.command == "languages") return languages(opt, argv0, out, err);
  if (opt.command == "count") return count_answers(opt, argv0, out, err);
  if ((opt.command == "schema" || opt.command == "new" || opt.command == "create-theme") && opt.inputs.size() > 1) {
    err << fmt::format("hanji: error: '{}' takes one argument, not '{}' too\n", opt.command, opt.inputs[1]);
    return kBadUsage;
  }
  if (opt.command == "schema") return print_schema(opt.input(), argv0, out, err);
  if (opt.command == "new")
    return new_cv({opt.input().empty() ? opt.output : opt.input(), opt.language, opt.layout, opt.theme,
                   opt.locale_file, opt.template_flags, opt.quiet,
                   opt.letter_starter              ? StarterKind::Letter
                   : opt.self_introduction_starter ? StarterKind::SelfIntroduction
                                                   : StarterKind::Cv},
                  argv0, out, err, temp_files);
  if (opt.command == "create-theme") {
    if (opt.input().empty()) {
      err << "hanji: error: create-theme needs a name\n  hint: hanji create-theme mytheme writes mytheme.yaml\n";
      return kBadUsage;
    }
    return create_theme(opt.input(), out, err, temp_files);
  }
  if (opt.command.empty()) {
    err << usage();
    return kBadUsage;
  }
  std::string guess = closest_match(opt.command, kCommands);
  err << fmt::format("hanji: error: unknown command '{}'\n", opt.command);
  if (!guess.empty()) err << fmt::format("  hint: did you mean '{}'?\n", guess);
  return kBadUsage;
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, TempFiles* temp_files) {
  std::string error;
  std::optional<Options> opt = parse_command_line(args, error);
  const std::string argv0 = args.empty() ? std::string("hanji") : args[0];
  if (!opt) {
    err << "hanji: error: " << error << "\n  hint: run 'hanji --help' for usage\n";
    return kBadUsage;
  }
  const int code = run_command(*opt, argv0, args, out, err, temp_files);
  // A reader that went away (`hanji layouts | head -1`) or a full disk behind stdout: the
  // output was not all delivered, and the exit status must say so.
  if (!out.flush()) {
    err << "hanji: error: cannot write to standard output (the pipe or file it goes to is closed or full)\n";
    return code == kOk ? kBadInput : code;
  }
  return code;
}

}  // namespace hanji::cli
