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

// Where each input is written: beside it, or in the folder -o names.
std::optional<std::string> plan_outputs(const Run& run, std::vector<Job>& jobs) {
  const Options& opt = run.opt;
  if (!opt.output.empty()) {
    if (opt.output == "-") return "several CVs cannot all go to standard output";
    std::error_code ec;
    if (!is_folder(opt.output)) fs::create_directories(opt.output, ec);
    if (!is_folder(opt.output)) return fmt::format("-o {} must be a folder when building several CVs", opt.output);
  }
  std::map<std::string, std::string> taken;  // output -> input
  for (Job& job : jobs) {
    Options single = opt;
    single.output.clear();
    job.output = output_path(single, job.input);
    if (!opt.output.empty()) job.output = (fs::path(opt.output) / fs::path(job.output).filename()).string();
    auto [it, added] = taken.emplace(fs::path(job.output).lexically_normal().string(), job.input);
    if (!added) return fmt::format("{} and {} would both be written to {}", it->second, job.input, job.output);
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
  if (std::optional<std::string> clash = plan_outputs(run, jobs)) {
    run.err << "hanji: error: " << *clash << "\n  hint: build them separately, or into different folders\n";
    return kBadUsage;
  }
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const unsigned threads =
      static_cast<unsigned>(std::min<std::size_t>(jobs.size(), opt.jobs > 0 ? opt.jobs : cores));
  engine::Engine engine(theme::find_data_dirs(run.argv0));
  pdf::WriteMemo memo;  // the fonts' subsets of CVs that draw the same glyphs (one CV, many tags)
  Run shared = run;
  shared.memo = &memo;
  OrderedPrinter printer(jobs, run, !opt.quiet && isatty(STDERR_FILENO));
  std::atomic<std::size_t> next{0};
  const auto started = std::chrono::steady_clock::now();
  auto work = [&] {
    for (std::size_t i = next++; i < jobs.size(); i = next++) {
      Job& job = jobs[i];
      job.code = build_one(shared.to(job.out, job.err), engine, job.input, job.output);
      printer.finished(i);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& thread : pool) thread.join();
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
