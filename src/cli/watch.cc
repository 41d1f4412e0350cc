// `hanji watch CV.yaml [build options]`: builds the CV, then builds it again whenever a file
// it was made from is saved — the CV, a layout file of its chain, its photo, a font, a locale
// file — with one warm engine, so a rebuild costs what the edit changed. One line per
// rebuild (the output, its pages and size, the milliseconds it took); a CV with an error gets
// its messages at FILE:LINE:COL and the last good output stays as it was.
// How files are watched: file_watch.h.
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <set>
#include <sstream>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/file_watch.h"
#include "core/files.h"

namespace hanji::cli {
namespace {

std::string clock_now() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return fmt::format("{:02}:{:02}:{:02}", local.tm_hour, local.tm_min, local.tm_sec);
}

/// One build, reported on one line (its messages before it). `watched` becomes what it was
/// made from, stamped before the line is printed (whoever saves a file on seeing the line
/// saves after the stamp); a build that failed keeps watching what the last good one read.
/// A CV that is gone (removed, or its folder removed) is said once and not built until it is
/// back. Returns which standard stream it found closed, if one was.
Closed rebuild(const Run& run, engine::Engine& engine, const std::string& cv, const std::string& output, int& count,
               std::vector<std::string>& inputs, Watched& watched, bool& gone) {
  watched.stamp_now();
  if (count > 0 && !file_stamp(cv)) {  // (the first build says what is missing, as hanji build does)
    if (!gone)
      run.out << fmt::format("[{}] {} is gone; waiting for it to come back\n", clock_now(), cv);
    gone = true;
    watched = what_to_watch(cv, inputs, engine, &watched);
    return flush_and_check(run.out, run.err);
  }
  gone = false;
  std::ostringstream said;
  std::vector<std::string> read;
  const auto started = std::chrono::steady_clock::now();
  const int code = build_one(run.to(said, run.err), engine, cv, output, &read);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  if (code == kOk) inputs = std::move(read);
  watched = what_to_watch(cv, inputs, engine, &watched);
  std::string line = said.str();
  while (!line.empty() && line.back() == '\n') line.pop_back();
  if (code == kOk)
    run.out << fmt::format("[{}] {}{} in {:.0f} ms{}\n", clock_now(), line, line.empty() ? output : "", ms,
                           count == 0 ? "" : fmt::format(" (rebuild {})", count));
  else
    run.out << fmt::format("[{}] {} {}; watching for the next save\n", clock_now(), output,
                           file_stamp(output) ? "kept as it was" : "not written");
  ++count;
  return flush_and_check(run.out, run.err);
}

}  // namespace

int watch(const Run& run) {
  const Options& opt = run.opt;
  if (opt.inputs.size() != 1 || opt.input() == "-") {
    run.err << "hanji: error: 'watch' needs one CV file\n  hint: hanji watch CV.yaml [-o OUT.pdf] [--layout NAME]\n";
    return kBadUsage;
  }
  FileWatch files;
  if (!files.ok()) {
    run.err << fmt::format("hanji: error: cannot watch files: {}\n", std::strerror(errno))
            << "  hint: raise fs.inotify.max_user_instances, or run hanji build after each save\n";
    return kBadInput;
  }
  const std::string& cv = opt.input();
  const std::string output = output_path(opt, cv);
  engine::Engine engine(theme::find_data_dirs(run.argv0));
  // The engine keeps fonts, subsets and streams: after a one-word edit the fonts draw the same
  // glyphs. The files this watch writes, its next builds may replace (a CV file's own outputs
  // outside rendercv_output/ are otherwise replaced only with --force).
  std::set<std::string> written;
  // A setting hanji cannot follow is said on the first build, not again on every save.
  std::set<std::string> said;
  Run warm = run.to(run.out, run.err);
  warm.written = &written;
  warm.said = &said;
  if (!opt.quiet) run.out << fmt::format("hanji: watching {} (Ctrl-C to stop)\n", cv);
  // Watched before the first build, stamped before each build: nothing saved meanwhile is lost.
  Watched watched = what_to_watch(cv, {}, engine);
  files.update(watched);
  std::vector<std::string> inputs;
  int count = 0;
  bool gone = false;
  // A closed standard output ends the run (`hanji watch cv.yaml | head -1`): seen at the next
  // write, or while waiting, when the pipe reports its reader gone.
  const FileWatch::Also also{-1, {STDOUT_FILENO, STDERR_FILENO}, -1};
  for (Closed closed = rebuild(warm, engine, cv, output, count, inputs, watched, gone);;
       closed = rebuild(warm, engine, cv, output, count, inputs, watched, gone)) {
    if (closed != Closed::None) return stop_for_closed(closed, run.out, run.err);
    const FileWatch::Wait why = files.wait_for_change(watched, also);
    if (why == FileWatch::Wait::Closed)
      return stop_for_closed(files.closed_fd() == 0 ? Closed::Output : Closed::Errors, run.out, run.err);
    if (why != FileWatch::Wait::Changed) break;
  }
  run.err << fmt::format("hanji: error: watching stopped: {}\n", std::strerror(errno));
  return kBadInput;
}

}  // namespace hanji::cli
