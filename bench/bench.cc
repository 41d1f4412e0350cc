// make bench: renders each sample several times as a whole `hanji build` process and prints
// the median wall time, the peak memory (max RSS) and the PDF size; then, in this process,
// the time of each stage per sample and of the work the tests count (markup, bold keywords,
// an overlong word, a YAML alias bomb) at two sizes, to show it growing in proportion. A
// program that reports figures, not a test that fails: times belong here, since a test must
// pass on a busy machine and so counts work instead.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <filesystem>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "compose/markup.h"   // private to compose: the parser with bold keywords, its work
#include "config/yaml_tree.h"  // private to config: the YAML loader's work
#include "cli/commands.h"
#include "cli/file_watch.h"
#include "cli/output.h"
#include "cli/preview.h"
#include "engine/engine.h"
#include "export/registry.h"
#include "theme/theme.h"
#include "export/pdf/pdf.h"
#include "text/text.h"
#include "worst_inputs.h"

namespace fs = std::filesystem;

namespace {

struct Run {
  double millis = 0;
  long max_rss_kb = 0;
  bool ok = false;
};

/// Runs `hanji build sample -q -o out [--layout L]` once, with stdout/stderr discarded.
Run run_once(const std::string& hanji, const std::string& sample, const std::string& out, const std::string& layout) {
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, STDOUT_FILENO);
    dup2(devnull, STDERR_FILENO);
    if (layout.empty())
      execl(hanji.c_str(), hanji.c_str(), "build", sample.c_str(), "-q", "-o", out.c_str(), static_cast<char*>(nullptr));
    else
      execl(hanji.c_str(), hanji.c_str(), "build", sample.c_str(), "-q", "-o", out.c_str(), "--layout", layout.c_str(),
            static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  auto end = std::chrono::steady_clock::now();
  Run r;
  r.millis = std::chrono::duration<double, std::milli>(end - start).count();
  r.max_rss_kb = usage.ru_maxrss;
  r.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return r;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The milliseconds of `repeats` calls of `work`, in this process.
template <typename Work>
std::vector<double> times_ms(int repeats, Work work) {
  std::vector<double> times;
  for (int i = 0; i < repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    work();
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  return times;
}

template <typename Work>
double median_ms(int repeats, Work work) {
  return median(times_ms(repeats, work));
}

// The fastest of the runs: other processes on the machine add time, never take it away, so
// this is the figure to compare between two sizes.
template <typename Work>
double best_ms(int repeats, Work work) {
  const std::vector<double> times = times_ms(repeats, work);
  return *std::min_element(times.begin(), times.end());
}

/// The instructions a whole `hanji build` of `sample` runs (valgrind's callgrind), in millions;
/// nullopt without valgrind. A count, not a time: the same on a busy machine.
std::optional<double> instructions_millions(const std::string& hanji, const std::string& sample, const std::string& out,
                                            const std::string& layout) {
  static const bool have_valgrind = std::system("command -v valgrind >/dev/null 2>&1") == 0;
  if (!have_valgrind) return std::nullopt;
  const std::string command = "valgrind --tool=callgrind --callgrind-out-file=/dev/null '" + hanji + "' build '" +
                              sample + "' -q -o '" + out + "'" + (layout.empty() ? "" : " --layout " + layout) +
                              " 2>&1 | awk '/Collected/ {print $4}'";
  double instructions = 0;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return std::nullopt;
  const bool read = std::fscanf(pipe, "%lf", &instructions) == 1;
  pclose(pipe);
  if (!read) return std::nullopt;
  return instructions / 1e6;
}

/// A CV's text with the `nth` word of `length` letters or more replaced by `word`.
std::string with_word(const std::string& text, std::size_t at, std::size_t length, const std::string& word) {
  std::string edited = text;
  edited.replace(at, length, word);
  return edited;
}

// The edit-and-look loop in this process: the two-page sample rendered to PDF by one warm
// engine after a one-word edit, alternating two words (what the engine has seen before) and
// with a word never seen (what typing gives), as bench/typst/warm.mjs times Typst.
void print_warm_rebuild(const std::string& sample, const char* argv0, int edits) {
  using namespace hanji;
  std::ifstream in(sample, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The word edited: the last "the" of the file in running text (not in a comment).
  std::size_t at = text.rfind(" the ");
  const auto in_comment = [&](std::size_t where) {
    const std::size_t line = text.rfind('\n', where);
    const std::size_t first = text.find_first_not_of(' ', line == std::string::npos ? 0 : line + 1);
    return first != std::string::npos && text[first] == '#';
  };
  while (at != std::string::npos && at > 0 && in_comment(at)) at = text.rfind(" the ", at - 1);
  if (at == std::string::npos || in_comment(at)) return;
  engine::Engine engine(theme::find_data_dirs(argv0));
  const auto build = [&](const std::string& cv) {  // as `hanji watch` builds: fonts and streams from the engine
    Diagnostics diags;
    std::optional<engine::Rendered> rendered = engine.render_text(cv, sample, {}, diags);
    if (rendered) pdf::write_pdf(rendered->doc, pdf::Options{0, {&engine.fonts(), engine.kept_streams()}, rendered->pdf}, diags);
  };
  const double cold = median_ms(1, [&] { build(text); });
  std::vector<double> seen, fresh;
  for (int k = 0; k < edits; ++k) {
    const std::string alternate = with_word(text, at + 1, 3, k % 2 ? "a" : "one");
    seen.push_back(median_ms(1, [&] { build(alternate); }));
  }
  for (int k = 0; k < edits; ++k) {
    const std::string edited = with_word(text, at + 1, 3, "word" + std::to_string(k));
    fresh.push_back(median_ms(1, [&] { build(edited); }));
  }
  const auto p90 = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, v.size() * 9 / 10)];
  };
  std::printf("\nwarm rebuild of %s after a one-word edit, to PDF, in this process (cold in process: %.1f ms)\n",
              fs::path(sample).filename().c_str(), cold);
  std::printf("hanji warm pdf median %.1f ms p90 %.1f ms (%d edits, two words in turn)\n", median(seen), p90(seen), edits);
  std::printf("hanji warm fresh pdf median %.1f ms p90 %.1f ms (%d edits, fresh words)\n", median(fresh), p90(fresh),
              edits);
  std::printf("the engine's memos after them:   hits  misses  evictions  entries\n");
  for (const engine::MemoReport& memo : engine.stats())
    std::printf("  %-28s %8zu %7zu %10zu %8zu\n", memo.name.c_str(), memo.stats.hits, memo.stats.misses,
                memo.stats.evictions, memo.stats.entries);
}

// The milliseconds from the end of `save`, made by another thread while `files` waits, to the
// wait's end; nullopt when it did not end with the change.
std::optional<double> saved_and_seen_ms(hanji::cli::FileWatch& files, const hanji::cli::Watched& watched,
                                        const std::function<void()>& save) {
  std::chrono::steady_clock::time_point saved;
  std::thread saver([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the wait begins first
    save();
    saved = std::chrono::steady_clock::now();
  });
  const bool changed = files.wait_for_change(watched, {-1, {}, 5000}) == hanji::cli::FileWatch::Wait::Changed;
  const auto woken = std::chrono::steady_clock::now();
  saver.join();
  if (!changed) return std::nullopt;
  return std::chrono::duration<double, std::milli>(woken - saved).count();
}

// Where the time of a `hanji watch` rebuild goes, and of a `hanji serve` one: the sample
// saved with a one-word edit (two words in turn) `saves` times in a folder of its own, each
// save seen by the same FileWatch the commands wait on and built by the same code: build_one
// (watch) and Preview::rebuild (serve). Then the stages of build_one one by one on the same
// saves: read (load and parse), render (typeset and lay out), export (the PDF serialised),
// write (a temporary file beside the output), fsync, rename; the write as the output module
// does it, timed apart. Medians.
void print_watch_rebuild(const std::string& sample, const char* argv0, int saves) {
  using namespace hanji;
  std::ifstream in(sample, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t at = text.rfind(" the ");
  if (at == std::string::npos) return;
  const fs::path dir = fs::temp_directory_path() / "hanji-bench-watch";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string cv = (dir / fs::path(sample).filename()).string();
  const std::string output = (dir / (fs::path(sample).stem().string() + ".pdf")).string();
  const auto save = [&](int k) {  // as an editor saves: a new file renamed over the CV
    std::ofstream(cv + ".new", std::ios::binary) << with_word(text, at + 1, 3, k % 2 ? "a" : "one");
    fs::rename(cv + ".new", cv);
  };
  save(0);
  cli::Options options;
  options.command = "watch";
  options.quiet = true;
  const std::string argv0_text = argv0;
  std::ostringstream said;
  const cli::Run run{options, argv0_text, said, said, nullptr, std::nullopt, true};
  engine::Engine engine(theme::find_data_dirs(argv0));
  std::vector<std::string> inputs;
  cli::build_one(run, engine, cv, output, &inputs);  // the first build of a watch: cold
  cli::Watched watched = cli::what_to_watch(cv, inputs, engine);
  cli::FileWatch files;
  std::vector<double> seen_ms, bookkeeping_ms, build_ms;
  for (int k = 1; k <= saves && files.ok(); ++k) {
    const std::optional<double> seen = saved_and_seen_ms(files, watched, [&] { save(k); });
    if (!seen) break;
    seen_ms.push_back(*seen);
    bookkeeping_ms.push_back(median_ms(1, [&] { watched.stamp_now(); }));
    build_ms.push_back(median_ms(1, [&] { cli::build_one(run, engine, cv, output, &inputs); }));
    bookkeeping_ms.back() += median_ms(1, [&] { watched = cli::what_to_watch(cv, inputs, engine, &watched); });
  }
  // The stages, one by one, on the same saves.
  std::vector<double> read_ms, render_ms, export_ms, write_ms, fsync_ms, rename_ms, write_output_ms;
  const exports::Exporter& pdf_format = *exports::exporter_for_extension(".pdf");
  for (int k = 1; k <= saves; ++k) {
    save(k);
    Diagnostics diags;
    const engine::Request request = run.request();
    std::optional<model::CvFile> file;
    read_ms.push_back(median_ms(1, [&] { file = engine.load(cv, request, diags); }));
    if (!file) break;
    std::optional<engine::Rendered> rendered;
    render_ms.push_back(median_ms(1, [&] { rendered = engine.render(std::move(*file), request, diags); }));
    if (!rendered) break;
    exports::FormatOptions format_options;
    format_options.pdf = rendered->pdf;
    format_options.fonts = &engine.fonts();
    format_options.streams = engine.kept_streams();
    format_options.output_dir = dir.string();
    std::optional<std::vector<std::string>> bytes;
    export_ms.push_back(median_ms(1, [&] { bytes = pdf_format.write({&rendered->doc, &rendered->file}, format_options, diags); }));
    if (!bytes || bytes->size() != 1) break;
    const std::string& pdf = bytes->front();
    const std::string temp = (dir / ".bench.pdf.tmp").string();
    int fd = -1;
    write_ms.push_back(median_ms(1, [&] {
      fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd >= 0 && ::write(fd, pdf.data(), pdf.size()) != static_cast<ssize_t>(pdf.size())) std::perror("write");
    }));
    fsync_ms.push_back(median_ms(1, [&] {
      if (fd >= 0 && ::fsync(fd) != 0) std::perror("fsync");
    }));
    rename_ms.push_back(median_ms(1, [&] {
      if (fd >= 0) ::close(fd);
      fs::rename(temp, output);
    }));
    cli::OutputRefusal refusal;
    write_output_ms.push_back(median_ms(1, [&] {
      cli::write_output(output, cv, pdf_format.file, pdf, nullptr, refusal);
    }));
  }
  // The preview: a save seen, the pages drawn as SVG and the state the page fetches made.
  cli::Preview preview(run, engine, cv, {});
  preview.rebuild();
  std::vector<double> preview_seen_ms, preview_rebuild_ms, state_ms;
  std::size_t state_bytes = 0;
  for (int k = 1; k <= saves && files.ok(); ++k) {
    const std::optional<double> seen = saved_and_seen_ms(files, preview.watched(), [&] { save(k); });
    if (!seen) break;
    preview_seen_ms.push_back(*seen);
    preview_rebuild_ms.push_back(median_ms(1, [&] { preview.rebuild(); }));
    state_ms.push_back(median_ms(1, [&] { state_bytes = preview.state_json().size(); }));
  }
  std::printf("\nwatch rebuild of %s after a save (a one-word edit, renamed over the CV), medians of %zu saves\n",
              fs::path(sample).filename().c_str(), build_ms.size());
  if (build_ms.empty() || read_ms.size() < build_ms.size()) {
    std::printf("  (the saves were not seen or did not build)\n");
    fs::remove_all(dir);
    return;
  }
  std::printf("  save seen by the watch: %.1f ms (most of it waiting for the folder to be quiet: an editor's save is several events)\n",
              median(seen_ms));
  std::printf("  hanji watch's rebuild (build_one, what it prints): %.1f ms; stamping the files: %.2f ms\n",
              median(build_ms), median(bookkeeping_ms));
  std::printf("  its stages: read %.2f ms, render %.2f ms, export %.2f ms, write %.2f ms, fsync %.2f ms, rename %.2f ms\n",
              median(read_ms), median(render_ms), median(export_ms), median(write_ms), median(fsync_ms),
              median(rename_ms));
  std::printf("  the output written as hanji writes it (temporary file, fsync, rename): %.2f ms\n",
              median(write_output_ms));
  if (!preview_rebuild_ms.empty())
    std::printf("serve: save seen %.1f ms, pages drawn as SVG (Preview::rebuild) %.1f ms, state made %.2f ms (%.0f KB)\n",
                median(preview_seen_ms), median(preview_rebuild_ms), median(state_ms),
                static_cast<double>(state_bytes) / 1024.0);
  fs::remove_all(dir);
}

// `hanji build FOLDER -j 2`: 200 CVs (the samples over and over, each under a name of its own)
// with one warm engine on two threads.
void print_batch(const std::string& hanji, const std::vector<std::string>& samples) {
  const fs::path dir = fs::temp_directory_path() / "hanji-bench-batch";
  fs::remove_all(dir);
  fs::create_directories(dir / "cvs");
  std::vector<std::string> usable;
  for (const std::string& sample : samples)
    if (fs::path(sample).extension() == ".yaml") usable.push_back(sample);
  if (usable.empty()) return;
  for (const auto& entry : fs::directory_iterator(fs::path(usable.front()).parent_path()))
    if (entry.path().extension() == ".png" || entry.path().extension() == ".jpg")
      fs::copy_file(entry.path(), dir / "cvs" / entry.path().filename());
  constexpr int kCvs = 200;
  for (int k = 0; k < kCvs; ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "cv%03d.yaml", k);
    // Each CV a person of its own: the sample with a number after the name (so no two PDFs,
    // and few font subsets, are alike).
    std::ifstream in(usable[static_cast<std::size_t>(k) % usable.size()], std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t cv = text.find("\ncv:");
    if (std::size_t at = text.find("\n  name: ", cv == std::string::npos ? 0 : cv); at != std::string::npos) {
      const std::size_t end = text.find('\n', at + 1);
      if (text[at + 9] != '{' && text[at + 9] != '"' && text[at + 9] != '\'') text.insert(end, " " + std::to_string(k));
    }
    std::ofstream(dir / "cvs" / name, std::ios::binary) << text;
  }
  const std::string command = "'" + hanji + "' build '" + (dir / "cvs").string() + "' -j 2 -q -o '" +
                              (dir / "out").string() + "' >/dev/null 2>&1";
  const auto start = std::chrono::steady_clock::now();
  const int status = std::system(command.c_str());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::size_t written = 0;
  for (const auto& entry : fs::directory_iterator(dir / "out")) written += entry.path().extension() == ".pdf";
  std::printf("\nbatch: hanji build of %d CVs -j 2: %.2f s, %.0f CVs a second, %zu PDFs written%s\n", kCvs, seconds,
              kCvs / seconds, written, status == 0 ? "" : " (some failed)");
  fs::remove_all(dir);
}

std::string repeated(const std::string& unit, int times) {
  std::string out;
  for (int k = 0; k < times; ++k) out += unit;
  return out;
}

// Reading, laying out (compose, set, paginate, fit) and writing the PDF of each sample; the
// theme of the first one laid out, for the figures below.
std::optional<hanji::theme::Theme> print_stage_times(const std::vector<std::string>& samples,
                                                      const std::string& layout, int repeats, const char* argv0) {
  using namespace hanji;
  engine::Engine engine(theme::find_data_dirs(argv0));  // warm: what watch and batch see
  engine::Request request;
  request.layout = layout;
  std::optional<theme::Theme> first_theme;
  std::printf("\n%-28s %10s %10s %10s %10s\n", "in this process, median ms", "load", "lay out", "PDF", "glyphs");
  for (const std::string& sample : samples) {
    Diagnostics diags;
    const std::optional<model::CvFile> file = engine.load(sample, request, diags);
    std::optional<engine::Rendered> rendered = file ? engine.render(*file, request, diags) : std::nullopt;
    if (!rendered) continue;  // the table above says it failed
    if (!first_theme) first_theme = rendered->theme;
    const double load = median_ms(repeats, [&] {
      Diagnostics quiet;
      engine.load(sample, request, quiet);
    });
    const double lay_out = median_ms(repeats, [&] {
      Diagnostics quiet;
      engine.render(*file, request, quiet);
    });
    const double write = median_ms(repeats, [&] {
      Diagnostics quiet;
      pdf::write_pdf(rendered->doc, {}, quiet);
    });
    std::size_t glyphs = 0;
    for (const doc::Page& page : rendered->doc.pages)
      for (const doc::PlacedRun& placed : page.runs) glyphs += placed.run.glyphs.size();
    std::printf("%-28s %10.2f %10.2f %10.2f %10zu\n", fs::path(sample).stem().c_str(), load, lay_out, write, glyphs);
  }
  return first_theme;
}

// What tagging costs: each sample's PDF tagged (the default) and untagged, in bytes and in
// the time of writing it, and of the whole build (lay out and write), warm, median.
void print_tagging_cost(const std::vector<std::string>& samples, const std::string& layout, int repeats,
                        const char* argv0) {
  using namespace hanji;
  engine::Engine engine(theme::find_data_dirs(argv0));
  engine::Request request;
  request.layout = layout;
  std::printf("\n%-28s %9s %9s %7s %10s %10s %7s\n", "tagged PDF, warm", "untagged", "tagged", "bytes",
              "build ms", "tagged", "time");
  for (const std::string& sample : samples) {
    Diagnostics diags;
    const std::optional<model::CvFile> file = engine.load(sample, request, diags);
    std::optional<engine::Rendered> rendered = file ? engine.render(*file, request, diags) : std::nullopt;
    if (!rendered) continue;
    auto write = [&](bool tagged) {
      Diagnostics quiet;
      pdf::Options options;
      options.output = rendered->pdf;
      options.output.tagged = tagged;
      return pdf::write_pdf(rendered->doc, options, quiet).value_or("").size();
    };
    auto build = [&](bool tagged) {
      return median_ms(repeats, [&] {
        Diagnostics quiet;
        std::optional<engine::Rendered> again = engine.render(*file, request, quiet);
        if (!again) return;
        pdf::Options options;
        options.output = again->pdf;
        options.output.tagged = tagged;
        pdf::write_pdf(again->doc, options, quiet);
      });
    };
    const std::size_t plain = write(false), tagged = write(true);
    const double plain_ms = build(false), tagged_ms = build(true);
    std::printf("%-28s %9zu %9zu %+6.1f%% %10.2f %10.2f %+6.1f%%\n", fs::path(sample).stem().c_str(), plain, tagged,
                100.0 * (static_cast<double>(tagged) / static_cast<double>(std::max<std::size_t>(plain, 1)) - 1),
                plain_ms, tagged_ms, 100.0 * (tagged_ms / std::max(plain_ms, 1e-9) - 1));
  }
}

// An input's best time and the steps the tests count for it.
struct Measured {
  double ms = 0;
  std::size_t steps = 0;
};

// One line of the figures below: an input and four times as much. The steps grow 4x exactly
// when the work is linear, whatever the machine. The time also moves with the memory: buffers
// of a few megabytes come from fresh pages (a page fault per 4 KiB) or from pages an earlier
// run left, depending on what ran before; and with whatever else the machine runs.
void print_scaling(const std::string& what, const Measured& small, const Measured& large) {
  const auto ratio = [](double a, double b) { return b / std::max(a, 1e-9); };
  std::printf("  %-44s %9.2f %9.2f %7.1fx %7.1fx\n", what.c_str(), small.ms, large.ms, ratio(small.ms, large.ms),
              ratio(static_cast<double>(small.steps), static_cast<double>(large.steps)));
}

// Ten aliases of the level before on each level. Built by appending: GCC 12 warns falsely
// (-Wrestrict) on "literal" + std::string.
std::string alias_bomb(int levels) {
  std::string yaml = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int level = 1; level <= levels; ++level) {
    std::string name("a"), previous("*a");
    name.append(std::to_string(level));
    previous.append(std::to_string(level - 1));
    yaml.append(name).append(": &").append(name).append(" [").append(previous);
    for (int k = 1; k < 10; ++k) yaml.append(", ").append(previous);
    yaml.append("]\n");
  }
  return yaml.append("cv:\n  name: *a").append(std::to_string(levels)).append("\n");
}

// What the tests count instead of timing (compose_test, text_test, cv_readers_test), at the sizes
// the tests use, timed.
void print_scaling_figures(const hanji::theme::Theme& theme, int repeats) {
  using namespace hanji;
  std::printf("\n%-46s %9s %9s %8s %8s\n", "work in proportion to the input, best ms", "1x", "4x", "time",
              "steps");
  const auto parse = [&](const std::string& text, const compose::BoldKeywords& keywords) {
    const auto once = [&](compose::MarkupWork* work) {
      Diagnostics diags;
      compose::parse_markup(model::Text{text, {}}, compose::FontSpec{}, Rgb{}, keywords, diags, work);
    };
    compose::MarkupWork work;
    once(&work);
    return Measured{best_ms(repeats, [&] { once(nullptr); }), work.parse_steps + work.keyword_steps};
  };
  for (const std::string unit : {"[a ", "*a ", "a* ", "[a](b ", "**a ", "[a](x) ", "`a ", "``a` "}) {
    std::string what("markup '");
    what.append(unit).append("' x 10,000");
    print_scaling(what, parse(repeated(unit, 10000), {}), parse(repeated(unit, 40000), {}));
  }
  const compose::BoldKeywords keywords({std::string(99, 'a') + "b", std::string(50, 'a') + "c"});
  print_scaling("bold keywords nearly matching 50,000 chars", parse(std::string(50000, 'a'), keywords),
                parse(std::string(200000, 'a'), keywords));

  Diagnostics diags;
  text::Typesetter typesetter(theme, diags);
  const auto overlong = [&](std::size_t length) {
    compose::Inline letters;
    letters.text = std::string(length, 'x');
    compose::Paragraph word;
    word.inlines.push_back(letters);
    const text::TypesetWork before = typesetter.work();
    typesetter.typeset(word, 300);
    const text::TypesetWork after = typesetter.work();
    const std::size_t steps = after.break_steps - before.break_steps + after.line_steps - before.line_steps;
    return Measured{best_ms(repeats, [&] { typesetter.typeset(word, 300); }), steps};
  };
  print_scaling("one word of 10,000 chars, 300 pt wide", overlong(10000), overlong(40000));

  // The loader stops at its alias budget, however many levels there are: the same time and
  // nodes for 36 levels (10^36 nodes written out) as for 9.
  const auto load = [&](int levels) {
    const config::SourceText source(alias_bomb(levels), "bomb.yaml");
    config::YamlWork work;
    Diagnostics quiet;
    config::parse_yaml(source, quiet, &work);
    return Measured{best_ms(repeats,
                            [&] {
                              Diagnostics ignored;
                              config::parse_yaml(source, ignored);
                            }),
                    work.nodes_built + work.nodes_measured};
  };
  print_scaling("YAML alias bomb of 9 levels (to its budget)", load(9), load(36));
}

}  // namespace

int main(int argc, char** argv) {
  std::string hanji = HANJI_BINARY;
  int repeats = 15;
  std::string layout;
  std::vector<std::string> samples;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-n" && i + 1 < argc) {
      repeats = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--worst-inputs") {  // part two alone
      return print_worst_inputs(hanji, 3) ? 1 : 0;
    } else if (a == "--layout" && i + 1 < argc) {
      layout = argv[++i];
    } else if (a.starts_with("-")) {
      samples.clear();  // an option it does not know: the usage below
      break;
    } else {
      samples.push_back(a);
    }
  }
  if (samples.empty()) {
    std::fprintf(stderr, "usage: hanji_bench [-n RUNS] [--layout NAME] SAMPLE.yaml...\n"
                         "       hanji_bench --worst-inputs\n");
    return 2;
  }
  fs::path out_dir = fs::temp_directory_path() / "hanji-bench";
  fs::create_directories(out_dir);
  std::printf("%-28s %6s %12s %12s %12s %10s %10s\n", "sample", "pages", "median ms", "min ms", "peak RSS MB", "PDF KB",
              "M instr");
  int failures = 0;
  for (const auto& sample : samples) {
    std::string out = (out_dir / (fs::path(sample).stem().string() + ".pdf")).string();
    run_once(hanji, sample, out, layout);  // warm the page cache
    std::vector<double> times;
    long rss = 0;
    bool ok = true;
    for (int i = 0; i < repeats; ++i) {
      Run r = run_once(hanji, sample, out, layout);
      ok = ok && r.ok;
      times.push_back(r.millis);
      rss = std::max(rss, r.max_rss_kb);
    }
    if (!ok) {
      std::printf("%-28s failed to build\n", fs::path(sample).stem().c_str());
      ++failures;
      continue;
    }
    std::string cmd = "pdfinfo '" + out + "' 2>/dev/null | awk '/^Pages:/{print $2}'";
    int pages = 0;
    if (FILE* p = popen(cmd.c_str(), "r")) {
      if (std::fscanf(p, "%d", &pages) != 1) pages = 0;
      pclose(p);
    }
    const std::optional<double> instructions = instructions_millions(hanji, sample, out, layout);
    std::printf("%-28s %6d %12.1f %12.1f %12.1f %10.1f %10s\n", fs::path(sample).stem().c_str(), pages, median(times),
                *std::min_element(times.begin(), times.end()), static_cast<double>(rss) / 1024.0,
                static_cast<double>(fs::file_size(out)) / 1024.0,
                instructions ? std::to_string(static_cast<int>(*instructions + 0.5)).c_str() : "-");
  }
  std::printf("(%d runs per sample, whole `hanji build` processes, %s, layout: %s; instructions: callgrind, cold)\n",
              repeats, hanji.c_str(), layout.empty() ? "the sample's own" : layout.c_str());
  for (const std::string& sample : samples)
    if (fs::path(sample).filename() == "heungsub-lee.yaml") {
      print_warm_rebuild(sample, argv[0], 30);
      print_watch_rebuild(sample, argv[0], 30);
    }
  print_batch(hanji, samples);
  print_tagging_cost(samples, layout, repeats, argv[0]);
  if (const std::optional<hanji::theme::Theme> theme = print_stage_times(samples, layout, repeats, argv[0]))
    print_scaling_figures(*theme, repeats);
  const int over = print_worst_inputs(hanji, 3);
  return failures || over ? 1 : 0;
}
