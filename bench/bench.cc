// make bench: renders each sample several times as a whole `hanji build` process and prints
// the median wall time, the peak memory (max RSS) and the PDF size. A program that reports
// figures, not a test that fails.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

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
    } else if (a == "--layout" && i + 1 < argc) {
      layout = argv[++i];
    } else {
      samples.push_back(a);
    }
  }
  if (samples.empty()) {
    std::fprintf(stderr, "usage: hanji_bench [-n RUNS] [--layout NAME] SAMPLE.yaml...\n");
    return 2;
  }
  fs::path out_dir = fs::temp_directory_path() / "hanji-bench";
  fs::create_directories(out_dir);
  std::printf("%-28s %6s %12s %12s %12s %10s\n", "sample", "pages", "median ms", "min ms", "peak RSS MB", "PDF KB");
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
    std::printf("%-28s %6d %12.1f %12.1f %12.1f %10.1f\n", fs::path(sample).stem().c_str(), pages, median(times),
                *std::min_element(times.begin(), times.end()), static_cast<double>(rss) / 1024.0,
                static_cast<double>(fs::file_size(out)) / 1024.0);
  }
  std::printf("(%d runs per sample, whole `hanji build` processes, %s, layout: %s)\n", repeats, hanji.c_str(),
              layout.empty() ? "the sample's own" : layout.c_str());
  return failures ? 1 : 0;
}
