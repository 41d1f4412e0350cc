// `hanji build A.yaml B.yaml ... [-j N]` and `hanji build FOLDER`: many CVs with one warm
// engine, on N threads. Each CV is built exactly as `hanji build CV.yaml` builds it (its
// output written atomically beside it, or into the folder -o names); one that fails fails
// alone, every good one is written, and the exit status says whether any failed. Messages come
// in the order of the inputs, whichever thread finished first; on a terminal a progress line
// shows how far it has got.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/outputs_plan.h"
#include "export/registry.h"
#include "config/config.h"
#include "core/files.h"

namespace hanji::cli {
namespace {

namespace fs = std::filesystem;

// A YAML file in a folder of CVs that is a layout of one's own (it starts with `extends:`),
// not a CV.
bool is_layout_file(const fs::path& file) {
  std::string error;
  std::optional<std::string> head = read_file_head(file.string(), 4096, error);
  if (!head) return false;
  const std::optional<std::string> key = config::first_key(*head);
  return key && *key == "extends";
}

// The CV files of a folder (not its subfolders), in name order.
std::vector<std::string> cvs_in(const std::string& folder) {
  std::vector<std::string> files;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& path = it->path();
    if (!has_extension(path.string(), {".yaml", ".yml", ".json"}) || !it->is_regular_file(ec)) continue;
    if (is_layout_file(path)) continue;
    files.push_back(path.string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

struct Job {
  std::string input, output;
  std::ostringstream out, err;
  int code = kOk;
  bool done = false;
};

// Prints the finished jobs in input order, as soon as every job before them has finished.
class OrderedPrinter {
 public:
  OrderedPrinter(std::vector<Job>& jobs, const Run& run, bool progress)
      : jobs_(jobs), run_(run), progress_(progress) {}

  void finished(std::size_t index) {
    std::lock_guard lock(mutex_);
    jobs_[index].done = true;
    ++finished_;
    if (progress_) run_.err << "\r\033[K";
    while (printed_ < jobs_.size() && jobs_[printed_].done) {
      run_.err << jobs_[printed_].err.str();  // its messages, then what was written
      run_.err.flush();
      run_.out << jobs_[printed_].out.str();
      run_.out.flush();
      ++printed_;
    }
    if (progress_ && finished_ < jobs_.size())
      run_.err << fmt::format("[{}/{}] {}", finished_, jobs_.size(), jobs_[index].input) << std::flush;
  }

 private:
  std::mutex mutex_;
  std::vector<Job>& jobs_;
  const Run& run_;
  bool progress_;
  std::size_t printed_ = 0, finished_ = 0;
};

// Runs `work(i)` for every i below `count` on `threads` threads.
template <class Work>
void in_parallel(std::size_t count, unsigned threads, Work work) {
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i = next++; i < count; i = next++) work(i);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& thread : pool) thread.join();
}

// What one CV of a batch will write and is made from, as far as is known before it is built:
// its outputs (a page format's as the family of its page files, cv-1.svg, cv-2.svg, ...) and
// the files its model names (the CV, its photo, design and locale files).
struct Claims {
  std::vector<std::string> files;                          // real locations of whole outputs
  std::vector<std::pair<std::string, std::string>> pages;  // real folder/stem + separator, extension
  std::vector<std::string> shown;                          // each output as the build names it
  std::vector<std::string> inputs;                         // real locations
};

Claims claims_of(const Run& run, engine::Engine& engine, const Job& job) {
  const Options& opt = run.opt;
  const exports::Exporter& format = output_format(opt);
  std::vector<PlannedOutput> plan{{&format, job.output, false, {}, {}}};
  Claims claims;
  claims.inputs.push_back(real_location(job.input));
  Diagnostics diags;  // a CV that does not read says so when it is built
  if (std::optional<model::CvFile> file = engine.load(job.input, run.request(), diags)) {
    for (const std::string& included : file->included_files) claims.inputs.push_back(real_location(included));
    if (!file->cv.photo.value.empty()) claims.inputs.push_back(real_location(file->cv.photo.value));
    if (opt.output.empty())
      plan = plan_outputs(OutputChoice{opt.format.empty() ? nullptr : &format, job.output, opt.language},
                          file->settings.render, diags);
  }
  for (const PlannedOutput& output : plan) {
    if (output.format->files == exports::Files::PerPage) {
      const std::string first = page_path(output, 1);
      const fs::path real = real_location(first);
      const std::string ext = real.extension().string();
      std::string stem = real.stem().string();
      stem.pop_back();  // the 1: what is left ends in the separator
      claims.pages.emplace_back((real.parent_path() / stem).string(), ext);
      claims.shown.push_back(page_path(output, 1) + ", " + page_path(output, 2) + ", ...");
    } else {
      claims.files.push_back(real_location(output.path));
      claims.shown.push_back(output.path);
    }
  }
  return claims;
}

// Whether `file` is one of the pages of the family `pages` (folder/stem-, .svg): folder/stem-7.svg.
bool is_page_of(const std::string& file, const std::pair<std::string, std::string>& pages) {
  const auto& [start, ext] = pages;
  if (!file.starts_with(start) || !file.ends_with(ext) || file.size() <= start.size() + ext.size()) return false;
  const std::string_view number = std::string_view(file).substr(start.size(), file.size() - start.size() - ext.size());
  return std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Every CV's outputs, planned before any is built: two CVs writing one file (two RenderCV files
// with one cv.name both write rendercv_output/NAME_CV.pdf), or one writing a file another is
// made from (its photo), is refused before anything is written.
std::optional<std::string> plan_outputs(const Run& run, engine::Engine& engine, unsigned threads,
                                        std::vector<Job>& jobs) {
  const Options& opt = run.opt;
  if (!opt.output.empty()) {
    if (opt.output == "-") return "several CVs cannot all go to standard output";
    std::error_code ec;
    if (!is_folder(opt.output)) fs::create_directories(opt.output, ec);
    if (!is_folder(opt.output)) return fmt::format("-o {} must be a folder when building several CVs", opt.output);
  }
  for (Job& job : jobs) {
    Options single = opt;
    single.output.clear();
    job.output = output_path(single, job.input);
    if (!opt.output.empty()) job.output = (fs::path(opt.output) / fs::path(job.output).filename()).string();
  }
  std::vector<Claims> claims(jobs.size());
  in_parallel(jobs.size(), threads, [&](std::size_t i) { claims[i] = claims_of(run, engine, jobs[i]); });
  std::map<std::string, std::pair<std::size_t, std::string>> written;  // real location -> CV, as named
  std::map<std::pair<std::string, std::string>, std::pair<std::size_t, std::string>> paged;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    std::size_t shown = 0;
    for (const std::string& file : claims[i].files) {
      auto [it, added] = written.emplace(file, std::pair{i, claims[i].shown[shown++]});
      if (!added)
        return fmt::format("{} and {} would both be written to {}", jobs[it->second.first].input, jobs[i].input,
                           it->second.second);
    }
    for (const auto& pages : claims[i].pages) {
      auto [it, added] = paged.emplace(pages, std::pair{i, claims[i].shown[shown++]});
      if (!added)
        return fmt::format("{} and {} would both write the pages {}", jobs[it->second.first].input, jobs[i].input,
                           it->second.second);
    }
  }
  for (const auto& [family, by] : paged)
    for (const auto& [file, other] : written)
      if (other.first != by.first && is_page_of(file, family))
        return fmt::format("{} would write its pages {} over {}, which {} writes", jobs[by.first].input, by.second,
                           other.second, jobs[other.first].input);
  for (std::size_t i = 0; i < jobs.size(); ++i)
    for (const std::string& input : claims[i].inputs) {
      if (auto it = written.find(input); it != written.end() && it->second.first != i)
        return fmt::format("{} would write {}, which {} is made from", jobs[it->second.first].input,
                           it->second.second, jobs[i].input);
      for (const auto& [family, by] : paged)
        if (by.first != i && is_page_of(input, family))
          return fmt::format("{} would write its pages {} over {}, which {} is made from", jobs[by.first].input,
                             by.second, input, jobs[i].input);
    }
  return std::nullopt;
}

}  // namespace

int build_many(const Run& run) {
  const Options& opt = run.opt;
  std::vector<Job> jobs;
  for (const std::string& input : opt.inputs) {
    if (input == "-") {
      run.err << "hanji: error: standard input ('-') can only be built alone\n";
      return kBadUsage;
    }
    if (!is_folder(input)) {
      jobs.emplace_back().input = input;
      continue;
    }
    const std::vector<std::string> found = cvs_in(input);
    if (found.empty()) run.err << fmt::format("hanji: warning: {} holds no CV (.yaml, .yml or .json) files\n", input);
    for (const std::string& file : found) jobs.emplace_back().input = file;
  }
  if (jobs.empty()) {
    run.err << "hanji: error: no CV to build\n  hint: name CV files, or a folder that holds some\n";
    return kBadInput;
  }
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const unsigned threads =
      static_cast<unsigned>(std::min<std::size_t>(jobs.size(), opt.jobs > 0 ? opt.jobs : cores));
  engine::Engine engine(theme::find_data_dirs(run.argv0));
  const auto started = std::chrono::steady_clock::now();  // planning counts: it reads every CV
  if (std::optional<std::string> clash = plan_outputs(run, engine, threads, jobs)) {
    run.err << "hanji: error: " << *clash
            << "\n  hint: give each CV files of its own (its settings.render_command paths, or -o FOLDER), or "
               "build them separately\n";
    return kBadUsage;
  }
  const Run& shared = run;  // the engine keeps the fonts' subsets of CVs that draw the same glyphs (one CV, many tags)
  OrderedPrinter printer(jobs, run, !opt.quiet && isatty(STDERR_FILENO));
  in_parallel(jobs.size(), threads, [&](std::size_t i) {
    Job& job = jobs[i];
    job.code = build_one(shared.to(job.out, job.err), engine, job.input, job.output);
    printer.finished(i);
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  std::vector<std::string> failed;
  int code = kOk;
  for (const Job& job : jobs)
    if (job.code != kOk) {
      failed.push_back(job.input);
      code = std::max(code, job.code);
    }
  const std::size_t good = jobs.size() - failed.size();
  if (!opt.quiet)
    run.out << fmt::format("hanji: {} CV{} in {:.2f} s ({:.0f} a second, {} thread{}): {} {}", jobs.size(),
                           jobs.size() == 1 ? "" : "s", seconds, static_cast<double>(jobs.size()) / std::max(seconds, 1e-6),
                           threads, threads == 1 ? "" : "s", good, run.write ? "written" : "fine")
            << (failed.empty() ? "\n" : fmt::format(", {} failed\n", failed.size()));
  if (!failed.empty()) {
    std::string list;
    for (std::size_t k = 0; k < failed.size() && k < 10; ++k) list += (k ? ", " : "") + failed[k];
    if (failed.size() > 10) list += fmt::format(" and {} more", failed.size() - 10);
    run.err << fmt::format("hanji: {} of {} CVs failed: {}\n", failed.size(), jobs.size(), list);
  }
  return code;
}

}  // namespace hanji::cli
