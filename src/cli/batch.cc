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
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/outputs_plan.h"
#include "export/registry.h"
#include "config/config.h"
#include "core/files.h"
#include "core/limits.h"

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

// ---------------------------------------------------------------- --recipients

// One recipient of a list: the file it is written to and the letter's keys set for it.
struct Recipient {
  std::string output;
  std::vector<readers::Override> overrides;
};

// `node` (under `key`, "letter.recipient") as overrides: a map key by key, a list of texts as a
// list, a text as itself. False (with an error at the node) for what a letter cannot take.
// `key_spans`: where the list writes each part of `key` (unknown for "letter").
bool add_overrides(const config::ConfigNode& node, const std::string& key, const std::vector<Span>& key_spans,
                   const std::string& origin, std::vector<readers::Override>& out, Diagnostics& diags) {
  using Kind = config::ConfigNode::Kind;
  switch (node.kind) {
    case Kind::Scalar:
      out.push_back({key, node.scalar, origin, node.span, false, {}, key_spans});
      return true;
    case Kind::Sequence: {
      readers::Override list{key, "", origin, node.span, true, {}, key_spans};
      for (const config::ConfigNode& item : node.children) {
        if (item.kind != Kind::Scalar) {
          diags.error(item.span, fmt::format("{} is a list of texts; this item is not one", key),
                      {"write each item as one line of text"});
          return false;
        }
        list.items.push_back(item.scalar);
      }
      out.push_back(std::move(list));
      return true;
    }
    case Kind::Map: {
      bool fine = true;
      for (std::size_t i = 0; i < node.keys.size(); ++i) {
        std::vector<Span> spans = key_spans;
        spans.push_back(i < node.key_spans.size() ? node.key_spans[i] : Span{});
        fine = add_overrides(node.children[i], key + "." + node.keys[i], spans, origin, out, diags) && fine;
      }
      return fine;
    }
    case Kind::Null:
      diags.error(node.span, fmt::format("{} has no value", key), {"give it one, or leave the key out"});
      return false;
  }
  return false;
}

// The recipients the list at `path` holds, each with its output beside the list; nullopt after
// an error (at its line and column in the list).
std::optional<std::vector<Recipient>> read_recipients(const std::string& path, const exports::Exporter& format,
                                                      Diagnostics& diags) {
  std::optional<config::ConfigNode> root = config::load_config(path, diags);
  if (!root) return std::nullopt;
  const Span top = root->span.known() ? root->span : Span{path, 1, 1};
  if (root->kind != config::ConfigNode::Kind::Sequence || root->children.empty()) {
    diags.error(top, "a recipients file is a list of recipients, one map each",
                {"write each as '- output: acme.pdf' followed by the letter's keys to set (recipient:, subject:, ...)"});
    return std::nullopt;
  }
  if (root->children.size() > limits::kMaxRecipients) {
    diags.error(root->children[limits::kMaxRecipients].span,
                fmt::format("the list has {} recipients; hanji writes at most {} letters at once", root->children.size(),
                            limits::kMaxRecipients),
                {"split the list into files of fewer recipients and build each"});
    return std::nullopt;
  }
  const fs::path folder = fs::path(path).parent_path();
  const std::string list_location = real_location(path);
  std::vector<Recipient> recipients;
  std::map<std::string, Span> outputs;  // real location -> where the list names it first
  for (std::size_t n = 0; n < root->children.size(); ++n) {
    const config::ConfigNode& item = root->children[n];
    if (item.kind != config::ConfigNode::Kind::Map) {
      diags.error(item.span, fmt::format("recipient {} is not a map", n + 1),
                  {"write 'output: NAME.pdf' and the letter's keys (recipient:, subject:, ...) under the dash"});
      continue;
    }
    Recipient recipient;
    const std::string origin = fmt::format("{} (recipient {})", path, n + 1);
    bool fine = true;
    for (std::size_t i = 0; i < item.keys.size(); ++i) {
      const config::ConfigNode& value = item.children[i];
      if (item.keys[i] != "output") {
        const Span key_span = i < item.key_spans.size() ? item.key_spans[i] : Span{};
        fine = add_overrides(value, "letter." + item.keys[i], {Span{}, key_span}, origin, recipient.overrides, diags) &&
               fine;
        continue;
      }
      if (value.kind != config::ConfigNode::Kind::Scalar || !has_extension(value.scalar, format.file.extensions) ||
          fs::path(value.scalar).is_absolute()) {
        diags.error(value.span,
                    fmt::format("output: names the {} file this recipient's letter is written to, beside the list",
                                format.label),
                    {fmt::format("a file name ending in {}: output: acme{}", format.extension(), format.extension())});
        fine = false;
        continue;
      }
      // A name, not a path: every letter goes beside the list, none into another folder
      // ("../x.pdf", "sub/x.pdf"), whoever wrote the list.
      if (value.scalar.find('/') != std::string::npos) {
        diags.error(value.span,
                    fmt::format("output: '{}' is a path; each letter is written beside the list, under a name of its "
                                "own",
                                excerpt(value.scalar)),
                    {fmt::format("write a file name without '/': output: acme{}", format.extension())});
        fine = false;
        continue;
      }
      recipient.output = (folder / value.scalar).lexically_normal().string();
      // Two names of one file (a link beside the list to another recipient's file) are one file:
      // the second letter would silently replace the first.
      const std::string location = real_location(recipient.output);
      if (location == list_location) {
        diags.error(value.span, fmt::format("output: '{}' is the list of recipients itself", excerpt(value.scalar)),
                    {fmt::format("name a file of its own: output: acme{}", format.extension())});
        fine = false;
      } else if (auto [it, added] = outputs.emplace(location, value.span); !added) {
        diags.error(value.span, fmt::format("{} is written for an earlier recipient too", excerpt(value.scalar)),
                    {fmt::format("give each recipient a file of its own (the first is at line {})", it->second.line)});
        fine = false;
      }
    }
    if (recipient.output.empty() && fine) {
      diags.error(item.span, fmt::format("recipient {} has no output:", n + 1),
                  {fmt::format("name the file its letter is written to: output: acme{}", format.extension())});
      fine = false;
    }
    if (fine) recipients.push_back(std::move(recipient));
  }
  if (diags.has_errors()) return std::nullopt;
  return recipients;
}

}  // namespace

int build_for_recipients(const Run& run) {
  const Options& opt = run.opt;
  const exports::Exporter& format = output_format(opt);
  Diagnostics diags;
  std::optional<std::vector<Recipient>> recipients = read_recipients(opt.recipients_file, format, diags);
  if (!recipients) {
    print_diagnostics(diags, opt.quiet, run.err, opt.verbose);
    return run.failed(diags, "no letter written", "the recipients do not read");
  }
  // One Options a recipient: the command line's, with the recipient's values set over the file.
  std::vector<Options> options(recipients->size(), opt);
  std::vector<Job> jobs(recipients->size());
  for (std::size_t i = 0; i < recipients->size(); ++i) {
    Recipient& recipient = (*recipients)[i];
    options[i].recipients_file.clear();
    options[i].output = recipient.output;
    options[i].overrides.insert(options[i].overrides.end(), recipient.overrides.begin(), recipient.overrides.end());
    jobs[i].input = opt.input();
    jobs[i].output = recipient.output;
  }
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const unsigned threads =
      static_cast<unsigned>(std::min<std::size_t>(jobs.size(), opt.jobs > 0 ? opt.jobs : cores));
  engine::Engine engine(theme::find_data_dirs(run.argv0));
  // Each recipient's application read first: a value the letter cannot take (an unknown key,
  // a date that is none) is an error at its place in the list before any letter is written,
  // not a letter missing among those written.
  std::vector<Diagnostics> readings(jobs.size());
  in_parallel(jobs.size(), threads, [&](std::size_t i) {
    const Run one{options[i], run.argv0, jobs[i].out, jobs[i].err, run.temp_files, run.epoch, false, nullptr, nullptr};
    engine.load(jobs[i].input, one.request(), readings[i]);
  });
  Diagnostics refusals;
  std::set<std::tuple<std::string, int, int, std::string>> said;  // the application's own, once for all
  for (const Diagnostics& reading : readings) {
    if (!reading.has_errors()) continue;
    for (const Diagnostic& d : reading.all())
      if (said.emplace(d.span.file, d.span.line, d.span.col, d.message).second) refusals.add(d);
  }
  if (refusals.has_errors()) {
    print_diagnostics(refusals, opt.quiet, run.err, opt.verbose);
    return run.failed(refusals, "no letter written", "the letters do not read");
  }
  OrderedPrinter printer(jobs, run, !opt.quiet && isatty(STDERR_FILENO));
  in_parallel(jobs.size(), threads, [&](std::size_t i) {
    Job& job = jobs[i];
    const Run one{options[i], run.argv0, job.out, job.err, run.temp_files, run.epoch, run.write, nullptr, nullptr};
    job.code = build_one(one, engine, job.input, job.output);
    printer.finished(i);
  });
  int code = kOk;
  std::size_t failed = 0;
  for (const Job& job : jobs)
    if (job.code != kOk) {
      ++failed;
      code = std::max(code, job.code);
    }
  if (failed > 0) run.err << fmt::format("hanji: {} of {} letters failed\n", failed, jobs.size());
  return code;
}

namespace {

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
