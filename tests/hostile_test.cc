// Hostile and broken inputs (tests/hostile/cases*.yaml): each case runs the real `hanji build`
// and `hanji check` in a folder of its own, under a 2 GB address-space limit, and checks the
// exit code, the message and where it points, that stderr stays small, that a failed build
// leaves the older PDF as it was and a good one keeps its permissions, that no temporary file
// is left, and the most memory the run held (counted by a preloaded allocator, the same on a
// busy machine as on a quiet one). A crash, a sanitizer report or a hang (killed after a
// minute, sixty times the time any case may take) fails the case. No clock is asserted: the
// CPU time of every case is printed by `make bench` (HostileBench below), against the second
// each may take.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "image/reduced_copy.h"
#include "readers/source.h"

namespace fs = std::filesystem;
using hanji::config::ConfigNode;

namespace {

const fs::path kRepo = HANJI_SOURCE_DIR;

// Killed after this long, a run is a hang: no input may take more than a second of CPU
// (sanitizer builds are about ten times slower).
constexpr double kHangSeconds = 60;

#ifdef HANJI_ALLOC_COUNTER
constexpr const char* kAllocCounter = HANJI_ALLOC_COUNTER;
#else
constexpr const char* kAllocCounter = "";  // sanitizer builds: memory is not counted
#endif
constexpr bool kCountsMemory = kAllocCounter[0] != '\0';

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void write_file(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

// ---------------------------------------------------------------- the table

struct Case {
  std::string name, cv, input, output = "pdf", message, at, absent;
  bool has_cv = false;  // a cv key, even an empty one
  std::vector<std::pair<std::string, std::string>> files;
  std::vector<std::string> fifos, args;
  std::vector<std::pair<std::string, std::string>> links;  // name -> target
  std::vector<std::pair<std::string, std::string>> env;    // variable -> value ({dir}: the case's folder)
  std::vector<std::string> unreadable, unchanged;
  std::vector<std::string> present, missing;  // files (or folders) that must be there, or not, after the build
  int layouts = -1;
  int exit = 0, check_exit = -1;
  long file_limit_kb = -1;   // RLIMIT_FSIZE for the run (ulimit -f), or none
  std::size_t max_mb = 256;  // the most memory a run may hold, MiB
  std::size_t max_stderr = 100000;
};

std::string scalar_of(const ConfigNode& map, std::string_view key, std::string fallback = {}) {
  const ConfigNode* node = map.find(key);
  return node && node->kind == ConfigNode::Kind::Scalar ? node->scalar : fallback;
}

std::vector<std::string> list_of(const ConfigNode& map, std::string_view key) {
  std::vector<std::string> out;
  if (const ConfigNode* node = map.find(key))
    for (const ConfigNode& item : node->children) out.push_back(item.scalar);
  return out;
}

// tests/hostile/cases.yaml, then every tests/hostile/cases-*.yaml (one per area), in name order.
std::vector<fs::path> case_files() {
  std::vector<fs::path> files{kRepo / "tests/hostile/cases.yaml"}, more;
  for (const auto& entry : fs::directory_iterator(kRepo / "tests/hostile"))
    if (entry.path().filename().string().starts_with("cases-") && entry.path().extension() == ".yaml")
      more.push_back(entry.path());
  std::sort(more.begin(), more.end());
  files.insert(files.end(), more.begin(), more.end());
  return files;
}

std::vector<Case> load_cases() {
  std::vector<Case> cases;
  for (const fs::path& file : case_files()) {
    hanji::Diagnostics diags;
    std::optional<ConfigNode> table = hanji::config::load_config(file.string(), diags);
    EXPECT_TRUE(table && table->kind == ConfigNode::Kind::Sequence) << file << " does not load";
    if (!table) continue;
    for (const ConfigNode& row : table->children) {
      Case c;
      c.name = scalar_of(row, "name");
      c.cv = scalar_of(row, "cv");
      c.has_cv = row.find("cv") != nullptr;
      c.input = scalar_of(row, "input");
      c.output = scalar_of(row, "output", "pdf");
      c.message = scalar_of(row, "message");
      c.at = scalar_of(row, "at");
      c.absent = scalar_of(row, "absent");
      c.exit = std::stoi(scalar_of(row, "exit", "0"));
      c.check_exit = std::stoi(scalar_of(row, "check_exit", std::to_string(c.exit)));
      c.max_mb = std::stoul(scalar_of(row, "max_mb", "256"));
      c.max_stderr = std::stoul(scalar_of(row, "max_stderr", "100000"));
      c.layouts = std::stoi(scalar_of(row, "layouts", "-1"));
      c.fifos = list_of(row, "fifos");
      c.args = list_of(row, "args");
      if (const ConfigNode* files = row.find("files"))
        for (std::size_t i = 0; i < files->keys.size(); ++i) c.files.emplace_back(files->keys[i], files->children[i].scalar);
      if (const ConfigNode* links = row.find("links"))
        for (std::size_t i = 0; i < links->keys.size(); ++i) c.links.emplace_back(links->keys[i], links->children[i].scalar);
      if (const ConfigNode* env = row.find("env"))
        for (std::size_t i = 0; i < env->keys.size(); ++i) c.env.emplace_back(env->keys[i], env->children[i].scalar);
      c.unreadable = list_of(row, "unreadable");
      c.unchanged = list_of(row, "unchanged");
      c.present = list_of(row, "present");
      c.missing = list_of(row, "missing");
      c.file_limit_kb = std::stol(scalar_of(row, "file_limit_kb", "-1"));
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

// ---------------------------------------------------------------- expansions

std::string be32(uint32_t v) {
  return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

uint32_t crc32_of(const std::string& bytes) {
  uint32_t crc = 0xFFFFFFFF;
  for (unsigned char byte : bytes) {
    crc ^= byte;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320 & (0 - (crc & 1)));
  }
  return ~crc;
}

std::string png_chunk(const std::string& type, const std::string& data) {
  return be32(static_cast<uint32_t>(data.size())) + type + data + be32(crc32_of(type + data));
}

// A grey PNG whose header says width x height; its data is one row (it is refused by size).
std::string png_of_size(uint32_t width, uint32_t height) {
  std::string header = be32(width) + be32(height) + std::string{8, 0, 0, 0, 0};
  std::string idat("\x78\x01\x01\x01\x00\xfe\xff\x00\x00\x01\x00\x01", 12);
  return std::string("\x89PNG\r\n\x1a\n", 8) + png_chunk("IHDR", header) + png_chunk("IDAT", idat) +
         png_chunk("IEND", "");
}

std::string unescape_newlines(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == 'n') {
      out += '\n';
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

std::string expand_one(const std::string& directive) {
  std::istringstream words(directive);
  std::string verb;
  words >> verb;
  if (verb == "repeat") {
    const std::size_t bar = directive.find('|');
    const long count = std::stol(directive.substr(7, bar - 7));
    const std::string unit = unescape_newlines(directive.substr(bar + 1));
    std::string out;
    const bool numbered = unit.find("{i}") != std::string::npos;
    for (long i = 0; i < count; ++i) out += numbered ? replace_all(unit, "{i}", std::to_string(i)) : unit;
    return out;
  }
  if (verb == "bytes") {
    std::string out, hex;
    while (words >> hex) out += static_cast<char>(std::stoi(hex, nullptr, 16));
    return out;
  }
  if (verb == "png") {  // {{png W H}}, {{png W H chunks N}}: N empty chunks before the image data
    uint32_t width = 0, height = 0;
    std::string how;
    long chunks = 0;
    words >> width >> height >> how >> chunks;
    std::string png = png_of_size(width, height);
    if (how == "chunks") {
      const std::string empty = png_chunk("tEXt", "");
      std::string filler;
      filler.reserve(empty.size() * static_cast<std::size_t>(chunks));
      for (long k = 0; k < chunks; ++k) filler += empty;
      png.insert(png.find("IDAT") - 4, filler);
    }
    return png;
  }
  if (verb == "photo") {  // {{photo W H}}: a real 8-bit RGB PNG, light in the middle, dark around
    uint32_t width = 0, height = 0;
    words >> width >> height;
    hanji::image::Pixels pixels{width, height, 3, {}};
    pixels.samples.reserve(std::size_t{width} * height * 3);
    for (uint32_t y = 0; y < height; ++y)
      for (uint32_t x = 0; x < width; ++x) {
        const bool middle = x > width / 4 && x < width * 3 / 4 && y > height / 4 && y < height * 3 / 4;
        for (int c = 0; c < 3; ++c) pixels.samples.push_back(static_cast<unsigned char>(middle ? 200 - 40 * c : 40 + (x ^ y) % 32));
      }
    return hanji::image::encode_png(pixels, 1);
  }
  if (verb == "chars") {  // {{chars FROM N}}: N consecutive characters from U+FROM (hex)
    std::string from;
    long count = 0;
    words >> from >> count;
    std::string out;
    for (long k = 0; k < count; ++k) hanji::utf8_append(out, static_cast<char32_t>(std::stoul(from, nullptr, 16) + k));
    return out;
  }
  if (verb == "file") {  // {{file PATH}}, {{file PATH cut N}}, {{file PATH patch OFFSET HEXBYTE}}
    std::string path, how, byte;
    std::size_t number = std::string::npos;
    words >> path >> how >> number >> byte;
    std::string bytes = read_file(kRepo / path);
    if (how == "cut") return bytes.substr(0, number);
    if (how == "patch" && number < bytes.size()) bytes[number] = static_cast<char>(std::stoi(byte, nullptr, 16));
    return bytes;
  }
  ADD_FAILURE() << "unknown expansion {{" << directive << "}}";
  return {};
}

std::string expand(const std::string& text) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t open = text.find("{{"); open != std::string::npos; open = text.find("{{", at)) {
    const std::size_t close = text.find("}}", open);
    out.append(text, at, open - at);
    out += expand_one(text.substr(open + 2, close - open - 2));
    at = close + 2;
  }
  return out + text.substr(at);
}

// ---------------------------------------------------------------- running hanji

struct RunResult {
  int exit = -1;  // -1: killed by a signal
  int signal = 0;
  bool hung = false;
  double cpu_seconds = 0;     // user + system, from the kernel's accounting (for the bench)
  std::size_t peak_bytes = 0;  // the most heap the run held (0: not counted)
  std::size_t allocations = 0;
  std::string err;
};

// What the preloaded allocator wrote at hanji's exit, if it did.
void read_alloc_report(const fs::path& path, RunResult& run) {
  std::ifstream in(path);
  std::string word;
  while (in >> word) {
    if (word == "allocations") in >> run.allocations;
    if (word == "peak") in >> run.peak_bytes;
  }
  fs::remove(path);
}

// Files made unreadable mean nothing to root, who reads them anyway: a case with such files
// runs as nobody when the test runs as root, in a folder that nobody owns.
constexpr uid_t kNobody = 65534;
constexpr int kNobodyCannotRun = 123;  // the exit status of a child that cannot run hanji as nobody
bool runs_as_nobody(const Case* c) { return c && !c->unreadable.empty() && ::geteuid() == 0; }

std::string with_dir(std::string value, const fs::path& dir) {
  for (std::size_t at = value.find("{dir}"); at != std::string::npos; at = value.find("{dir}"))
    value.replace(at, 5, dir.string());
  return value;
}

// Runs hanji with `args` in `dir`, stderr captured, 2 GB of address space, the counting
// allocator preloaded (when built), killed as hung after kHangSeconds; with the environment,
// file-size limit and user that case `c` asks for, if given.
RunResult run_hanji(const fs::path& dir, const std::vector<std::string>& args, const Case* c = nullptr) {
  const fs::path err_path = dir / ".stderr", alloc_path = dir / ".alloc";
  const auto start = std::chrono::steady_clock::now();
  const pid_t child = ::fork();
  if (child == 0) {
    if (::chdir(dir.c_str()) != 0) ::_exit(120);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ::dup2(err, 2);
    const int null = ::open("/dev/null", O_RDWR);
    ::dup2(null, 0);
    ::dup2(null, 1);
#ifndef HANJI_SANITIZE  // AddressSanitizer reserves terabytes of address space for its shadow
    struct rlimit memory {2ul << 30, 2ul << 30};
    ::setrlimit(RLIMIT_AS, &memory);
#endif
    if (kCountsMemory) {
      ::setenv("LD_PRELOAD", kAllocCounter, 1);
      ::setenv("HANJI_ALLOC_REPORT", alloc_path.c_str(), 1);
    }
    if (c) {
      for (const auto& [name, value] : c->env) ::setenv(name.c_str(), with_dir(value, dir).c_str(), 1);
      if (c->file_limit_kb >= 0) {
        struct rlimit size {static_cast<rlim_t>(c->file_limit_kb) << 10, static_cast<rlim_t>(c->file_limit_kb) << 10};
        ::setrlimit(RLIMIT_FSIZE, &size);
      }
    }
    if (runs_as_nobody(c)) {
      if (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0) ::_exit(122);
      // A checkout in a private folder (/root/...) is out of nobody's reach: say so, and the
      // case is skipped rather than failed.
      const std::string layouts = (kRepo / "layouts/classic.yaml").string(), fonts = (kRepo / "fonts").string();
      if (::access(HANJI_BINARY, X_OK) != 0 || ::access(layouts.c_str(), R_OK) != 0 ||
          ::access(fonts.c_str(), X_OK) != 0 || (kCountsMemory && ::access(kAllocCounter, R_OK) != 0))
        ::_exit(kNobodyCannotRun);
    }
    std::vector<char*> argv;
    std::string binary = HANJI_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copies(args);
    for (std::string& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(binary.c_str(), argv.data());
    ::_exit(121);
  }
  RunResult run;
  int status = 0;
  struct rusage usage {};
  for (;;) {
    const pid_t done = ::wait4(child, &status, WNOHANG, &usage);
    if (done == child) break;
    if (std::chrono::steady_clock::now() - start > std::chrono::duration<double>(kHangSeconds)) {
      ::kill(child, SIGKILL);
      ::wait4(child, &status, 0, &usage);
      run.hung = true;
      run.err = "(killed as hung after " + std::to_string(kHangSeconds) + " s)\n";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (WIFEXITED(status)) run.exit = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  run.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                    static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  run.err += read_file(err_path);
  fs::remove(err_path);
  read_alloc_report(alloc_path, run);
  return run;
}

// ---------------------------------------------------------------- one case

constexpr const char* kOlderPdf = "%PDF-1.5 an older, good PDF that a failed build must leave alone";

// The files of case `c` in `dir`; returns the input path hanji is given.
std::string prepare(const fs::path& dir, const Case& c) {
  if (c.has_cv) write_file(dir / "cv.yaml", expand(c.cv));
  for (const auto& [name, content] : c.files) write_file(dir / name, expand(content));
  for (const std::string& name : c.fifos) {
    fs::create_directories((dir / name).parent_path());
    EXPECT_EQ(::mkfifo((dir / name).c_str(), 0600), 0);
  }
  for (const auto& [name, target] : c.links) {
    fs::create_directories((dir / name).parent_path());
    fs::create_symlink(target, dir / name);
  }
  if (c.layouts >= 0) {
    write_file(dir / "l0.yaml", "extends: classic\n");
    for (int k = 1; k <= c.layouts; ++k)
      write_file(dir / ("l" + std::to_string(k) + ".yaml"), "extends: ./l" + std::to_string(k - 1) + ".yaml\n");
  }
  if (c.input == "fifo") {
    EXPECT_EQ(::mkfifo((dir / "input.yaml").c_str(), 0600), 0);
    return "input.yaml";
  }
  if (c.input == "dir") {
    fs::create_directories(dir / "input.yaml");
    return "input.yaml";
  }
  return c.input.empty() ? "cv.yaml" : c.input;
}

// What -o names in `dir`, made ready: an older PDF (private, mode 0600) unless the case says
// otherwise.
std::string prepare_output(const fs::path& dir, const Case& c) {
  if (c.output == "none") return "";
  if (c.output == "/dev/null") return "/dev/null";
  if (c.output == "fifo") {
    EXPECT_EQ(::mkfifo((dir / "out.pdf").c_str(), 0600), 0);
    return "out.pdf";
  }
  write_file(dir / "older.pdf", kOlderPdf);
  fs::permissions(dir / "older.pdf", fs::perms::owner_read | fs::perms::owner_write);
  if (c.output == "symlink") {
    fs::create_symlink("older.pdf", dir / "out.pdf");
    return "out.pdf";
  }
  fs::rename(dir / "older.pdf", dir / "out.pdf");
  return "out.pdf";
}

// `hanji build INPUT -o OUTPUT ARGS...` (no -o for `output: none`: the CV file, or the
// case's args, say where it goes). Without -q, which would hide the warnings cases expect.
std::vector<std::string> build_args(const std::string& input, const std::string& output, const Case& c) {
  std::vector<std::string> args{"build", input};
  if (!output.empty()) args.insert(args.end(), {"-o", output});
  args.insert(args.end(), c.args.begin(), c.args.end());
  return args;
}

// The case's unreadable files, made so; for a run as nobody, the folder and all in it are
// nobody's (the alloc report and stderr are written there too).
void restrict_access(const fs::path& dir, const Case& c) {
  if (runs_as_nobody(&c)) {
    EXPECT_EQ(::chown(dir.c_str(), kNobody, kNobody), 0);
    for (const auto& entry : fs::recursive_directory_iterator(dir))
      EXPECT_EQ(::lchown(entry.path().c_str(), kNobody, kNobody), 0);
  }
  for (const std::string& name : c.unreadable) fs::permissions(dir / name, fs::perms::none);
}

// The content of each file the case names as `unchanged`, to compare after the runs.
std::vector<std::string> contents(const fs::path& dir, const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& name : names) out.push_back(read_file(dir / name));
  return out;
}

// A folder of its own under /tmp, removed with everything in it.
// `--set` replacing item `k` of the section s.
std::string fmt_key(int k) { return "cv.sections.s." + std::to_string(k) + "=item " + std::to_string(k); }

class CaseDir {
 public:
  CaseDir() {
    char pattern[] = "/tmp/hanji-hostile-XXXXXX";
    EXPECT_NE(::mkdtemp(pattern), nullptr);
    path_ = pattern;
  }
  ~CaseDir() { fs::remove_all(path_); }
  CaseDir(const CaseDir&) = delete;
  CaseDir& operator=(const CaseDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

class Hostile : public ::testing::TestWithParam<Case> {
 protected:
  void expect_outcome(const Case& c, const RunResult& run, int expected_exit, const std::string& verb) {
    EXPECT_EQ(run.signal, 0) << verb << " died of signal " << run.signal << "\n" << run.err;
    EXPECT_EQ(run.exit, expected_exit) << verb << "\n" << run.err;
    EXPECT_FALSE(run.hung) << verb << " hung";
    if (kCountsMemory && run.signal == 0) {
      EXPECT_GT(run.allocations, 0u) << verb << ": the counting allocator wrote no report";
      EXPECT_LE(run.peak_bytes, c.max_mb << 20) << verb << " held " << (run.peak_bytes >> 20) << " MiB";
    }
    EXPECT_LE(run.err.size(), c.max_stderr) << verb << " printed " << run.err.size() << " bytes to stderr";
    EXPECT_EQ(run.err.find("Sanitizer"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("runtime error"), std::string::npos) << run.err;
    if (!c.absent.empty()) {
      EXPECT_EQ(run.err.find(c.absent), std::string::npos) << verb << " quotes it:\n" << run.err;
    }
    if (expected_exit != c.exit) return;  // check_exit differs: the message is about writing
    if (!c.message.empty()) {
      EXPECT_NE(run.err.find(c.message), std::string::npos) << verb << "\n" << run.err;
    }
    if (!c.at.empty()) {
      const std::string where = (c.at.find(".yaml") == std::string::npos ? "cv.yaml:" : "") + c.at + ":";
      const std::size_t line = run.err.find(c.message);
      const std::size_t start = line == std::string::npos ? 0 : run.err.rfind('\n', line) + 1;
      const std::string located = run.err.substr(start == std::string::npos ? 0 : start, line - start);
      EXPECT_NE(located.find(where), std::string::npos)
          << verb << ": expected the message at " << where << "\n" << run.err;
    }
  }

  CaseDir case_dir_;
  const fs::path& dir_ = case_dir_.path();
};

TEST_P(Hostile, GivesAPdfOrALocatedErrorInTime) {
  const Case& c = GetParam();
  const std::string input = prepare(dir_, c);
  const std::string output = prepare_output(dir_, c);
  const std::vector<std::string> before = contents(dir_, c.unchanged);
  restrict_access(dir_, c);

  const RunResult build = run_hanji(dir_, build_args(input, output, c), &c);
  if (runs_as_nobody(&c) && build.exit == kNobodyCannotRun)
    GTEST_SKIP() << "nobody cannot read this checkout, so unreadable files cannot be tried as root";
  expect_outcome(c, build, c.exit, "build");

  if (c.output == "pdf" || c.output == "symlink") {
    const fs::path written = dir_ / (c.output == "symlink" ? "older.pdf" : "out.pdf");
    const std::string bytes = read_file(written);
    if (c.exit == 0) {
      EXPECT_TRUE(bytes.starts_with("%PDF-1.") && bytes != kOlderPdf) << "no new PDF written";
      EXPECT_NE(bytes.find("%%EOF"), std::string::npos) << "the PDF is not whole";
      EXPECT_EQ(fs::status(written).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write)
          << "the replaced PDF lost its permissions";
      if (c.output == "symlink") {
        EXPECT_TRUE(fs::is_symlink(dir_ / "out.pdf")) << "the link was replaced";
      }
    } else {
      EXPECT_TRUE(bytes == kOlderPdf) << "a failed build touched the older PDF";
    }
  }
  for (const auto& entry : fs::recursive_directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << "temporary file left behind";
  for (const std::string& name : c.present)
    EXPECT_TRUE(fs::exists(fs::symlink_status(dir_ / name))) << name << " was not written\n" << build.err;
  for (const std::string& name : c.missing)
    EXPECT_FALSE(fs::exists(fs::symlink_status(dir_ / name))) << name << " was written\n" << build.err;

  std::vector<std::string> check_args{"check", input};
  check_args.insert(check_args.end(), c.args.begin(), c.args.end());
  const RunResult check = run_hanji(dir_, check_args, &c);
  expect_outcome(c, check, c.check_exit, "check");
  EXPECT_EQ(contents(dir_, c.unchanged), before) << "a file hanji did not write was changed";
}

std::string case_id(const ::testing::TestParamInfo<Case>& info) {
  std::string id = std::to_string(info.index) + "_";
  for (char ch : info.param.name)
    if (std::isalnum(static_cast<unsigned char>(ch))) id += ch;
    else if (!id.empty() && id.back() != '_') id += '_';
  while (id.size() > 60 || (!id.empty() && id.back() == '_')) id.pop_back();
  return id;
}

INSTANTIATE_TEST_SUITE_P(Cases, Hostile, ::testing::ValuesIn(load_cases()), case_id);

// For `make bench`, not for ctest: the CPU time (user + system, the kernel's accounting) and
// the memory of `hanji build` on every case, slowest first, against the second each may take.
// It asserts nothing about time: a busy machine would make such a test fail.
TEST(HostileBench, DISABLED_CpuTimeOfEveryCase) {
  struct Row {
    double cpu = 0;
    std::size_t peak_mb = 0;
    std::string name;
  };
  std::vector<Row> rows;
  for (const Case& c : load_cases()) {
    double best = 1e9;
    std::size_t peak = 0;
    for (int round = 0; round < 3; ++round) {  // the least of three: other work only adds
      CaseDir dir;
      const std::string input = prepare(dir.path(), c);
      const std::vector<std::string> args = build_args(input, prepare_output(dir.path(), c), c);
      restrict_access(dir.path(), c);
      const RunResult run = run_hanji(dir.path(), args, &c);
      best = std::min(best, run.cpu_seconds);
      peak = run.peak_bytes >> 20;
    }
    rows.push_back({best, peak, c.name});
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.cpu > b.cpu; });
  std::printf("hostile cases: CPU of `hanji build` (least of 3), most heap held; each may take 1 s\n");
  for (const Row& r : rows)
    std::printf("  %7.1f ms %5zu MiB %s  %s\n", r.cpu * 1000, r.peak_mb, r.cpu > 1.0 ? "OVER" : "    ", r.name.c_str());
  double total = 0;
  for (const Row& r : rows) total += r.cpu;
  std::printf("  %zu cases, slowest %.1f ms, all %.2f s\n", rows.size(), rows.empty() ? 0.0 : rows.front().cpu * 1000,
              total);
}

// The table itself: every case the robustness issue lists is in it.
TEST(HostileTable, CoversTheReportedCases) {
  const std::vector<Case> cases = load_cases();
  EXPECT_GE(cases.size(), 40u);
  for (const char* needle : {"flag emoji", "U+FFFF", "0x1033", "80,000", "10,000 unclosed links", "50 MB", "fit_pages",
                             "FIFO as input", "/dev/zero", "20,000 layouts overflowed", "18000 x 18000", "1e16", "1e20",
                             "not an image", "truncated PNG", "truncated JPEG", "margins larger", "only libharu",
                             "10,000 sections", "symbolic link", "no layout", "merge keys", "billion laughs",
                             "without a name",
                             // issue 29: where a build writes
                             "thesis.pdf", "README.md", "CV's own photo", "refused second page", "~/x.pdf", "~bob",
                             "-o new.yaml", "-o x names no format", "pic.jpg", "-o out/", "one cv.name",
                             "another CV's photo", "first build over the rendercv_output/",
                             // issue 32: letters, 자기소개서, application files, --recipients, --split
                             "letter body of 5 MB", "120,000 list items", "endless word in a letter",
                             "lone surrogate escape in a letter", "CP949 cannot encode", "limit of 0",
                             "negative limit", "no numbers", "unknown unit", "names itself as its CV",
                             "cycle of application files", "CV path that is a folder", "/dev/zero itself",
                             "does not exist", "10,000 recipients", "outputs that are paths", "named twice",
                             "names are paths", "--split with"}) {
    bool found = false;
    for (const Case& c : cases) found = found || c.name.find(needle) != std::string::npos;
    EXPECT_TRUE(found) << "no case about " << needle;
  }
}

// The command line sets at most 1,000 values (limits::kMaxOverrides): 1,000 --set options build,
// each walking the tree to the item it replaces; one more is refused at that one, before any is
// applied, in one message rather than an error per option.
TEST(SetOptions, AThousandBuildAndOneMoreIsRefusedAtIt) {
  CaseDir dir;
  std::string items;
  for (int k = 0; k < 1000; ++k) items += k ? ",x" : "x";
  write_file(dir.path() / "cv.yaml", "cv:\n  name: A B\n  sections:\n    s: [" + items + "]\n");
  std::vector<std::string> args{"build", "cv.yaml", "-q", "-o", "out.pdf"};
  for (int k = 0; k < 1000; ++k) args.insert(args.end(), {"--set", fmt_key(k)});
  const RunResult thousand = run_hanji(dir.path(), args);
  EXPECT_EQ(thousand.exit, 0) << thousand.err.substr(0, 2000);
  args.insert(args.end(), {"--set", "cv.name=C D"});
  const RunResult more = run_hanji(dir.path(), args);
  EXPECT_EQ(more.exit, 1);
  EXPECT_NE(more.err.find("--set cv.name: error: more than 1000 values set on the command line"), std::string::npos)
      << more.err;
  EXPECT_NE(more.err.find("this is number 1001 of 1001"), std::string::npos) << more.err;
  EXPECT_LT(more.err.size(), 1000u) << "one message, not one per option";
}

// The counting allocator sees every block hanji makes, C++'s as well as C's: a library that
// defines operator new (mimalloc does) would otherwise take those blocks, most of a build's,
// uncounted, and every memory bound above would hold by not looking.
TEST(HostileTable, TheCountingAllocatorSeesEveryBlock) {
  if (!kCountsMemory) GTEST_SKIP() << "built without the counting allocator";
  CaseDir dir;
  fs::copy_file(kRepo / "samples/heungsub-lee.yaml", dir.path() / "cv.yaml");
  Case c;
  c.env = {{"LD_DEBUG", "bindings"}};
  const RunResult run = run_hanji(dir.path(), {"build", "cv.yaml"}, &c);
  ASSERT_EQ(run.exit, 0) << run.err.substr(run.err.size() > 2000 ? run.err.size() - 2000 : 0);
  for (const char* symbol : {"malloc", "free", "_Znwm", "_ZdlPvm"}) {
    const std::string bound = std::string("to ") + kAllocCounter + " [0]: normal symbol `" + symbol + "'";
    EXPECT_NE(run.err.find(bound), std::string::npos) << symbol << " is not bound to the counting allocator";
  }
}

// ---------------------------------------------------------------- a property over file trees

// Random trees of links, folders, named pipes and unreadable files around the CV, the output
// and the layouts folders (beside the CV, layouts/, the user's $XDG_CONFIG_HOME), each built
// and checked: whatever the tree, hanji exits 0 or 1 without a crash; no file changes but the
// output it was asked for, and that only through no link or a link to a file named as its
// kind, into a whole file of its kind; no new file appears but that one; no temporary file is
// left; no byte of a file that is not a layout or the CV reaches a message; and check fails
// whenever build fails for a reason other than where to write.
namespace tree {

// What a name in the tree may be.
enum class Kind { Absent, Secret, SecretYaml, Layout, Cv, Pdf, Text, Photo, Font, Link, Fifo, Folder, Unreadable };

const char* const kNames[] = {"out.pdf",      "cv.txt",    "cv.md",        "cv.json",       "layouts/classic.yaml",
                              "layouts/mine.yaml", "classic.yaml", "mine.yaml", "photo.jpg", "font.ttf",
                              "secret",       "secret.yaml", "older.pdf",   "notes.md",      "config/hanji/layouts/classic.yaml",
                              "real/out.pdf"};

std::string content_of(Kind kind) {
  switch (kind) {
    case Kind::Secret: return "root:TOPSECRET-HASH:19000:0:99999:7:::\nTOPSECRET key line\n";
    case Kind::SecretYaml: return "password: TOPSECRET-VALUE\nservices: [TOPSECRET]\n";
    case Kind::Layout: return "extends: classic\npage:\n  margin_top: 50pt\n";
    case Kind::Cv: return "cv:\n  name: Another\n";
    case Kind::Pdf: return "%PDF-1.4 an older PDF\n%%EOF\n";
    case Kind::Text: return "# notes kept by hand\n";
    case Kind::Photo: return read_file(kRepo / "tests/hostile/photo.jpg");
    case Kind::Font: return read_file(kRepo / "fonts/Lato-Regular.ttf");
    default: return "";
  }
}

struct Tree {
  std::vector<std::pair<std::string, Kind>> entries;
  std::vector<std::pair<std::string, std::string>> links;  // name -> target (relative to the name's folder)
  std::string description;
};

Tree random_tree(std::mt19937& random) {
  Tree t;
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  for (const char* name : kNames) {
    const Kind kind = static_cast<Kind>(pick(static_cast<int>(Kind::Unreadable) + 1));
    if (kind == Kind::Absent) continue;
    if (kind == Kind::Link) {
      // A link to another name of the tree (maybe missing, maybe a link itself) or a loop.
      const std::string target = pick(8) == 0 ? std::string(name) : kNames[pick(std::size(kNames))];
      const fs::path from = fs::path(name).parent_path();
      t.links.emplace_back(name, fs::path(target).lexically_relative(from.empty() ? "." : from).string());
    } else {
      t.entries.emplace_back(name, kind);
    }
    t.description += std::string(name) + "=" + std::to_string(static_cast<int>(kind)) + " ";
  }
  return t;
}

void make(const fs::path& dir, const Tree& t, Case& c) {
  for (const auto& [name, kind] : t.entries) {
    const fs::path path = dir / name;
    fs::create_directories(path.parent_path());
    if (kind == Kind::Fifo) {
      EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0);
    } else if (kind == Kind::Folder) {
      fs::create_directories(path);
    } else if (kind == Kind::Unreadable) {
      write_file(path, content_of(Kind::Secret));
      c.unreadable.push_back(name);
    } else {
      write_file(path, content_of(kind));
    }
  }
  for (const auto& [name, target] : t.links) {
    fs::create_directories((dir / name).parent_path());
    std::error_code ec;
    fs::create_symlink(target, dir / name, ec);
  }
}

// Every regular file reachable in the tree without following links, with its content.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const fs::file_status status = fs::symlink_status(it->path(), ec);
    if (!fs::is_regular_file(status)) continue;
    const std::string name = it->path().lexically_relative(dir).string();
    if (name.starts_with(".stderr") || name.starts_with(".alloc")) continue;
    ::chmod(it->path().c_str(), 0644);  // unreadable ones too: root reads them back
    files[name] = read_file(it->path());
  }
  return files;
}

}  // namespace tree

TEST(HostileFiles, RandomTreesOfLinksPipesAndUnreadableFilesKeepThePromises) {
  std::mt19937 random(20261125);
  const std::vector<std::pair<std::string, std::string>> formats = {
      {"pdf", ".pdf"}, {"txt", ".txt"}, {"md", ".md"}, {"json-resume", ".json"}};
  const std::vector<std::string> layouts = {"", "layout: mine\n", "layout: ./mine.yaml\n", "layout: classic\n"};
  for (int round = 0; round < 120; ++round) {
    CaseDir dir;
    const tree::Tree t = tree::random_tree(random);
    Case c;
    c.env.emplace_back("XDG_CONFIG_HOME", "{dir}/config");
    const auto& [format, extension] = formats[random() % formats.size()];
    const std::string layout = layouts[random() % layouts.size()];
    const bool photo = random() % 3 == 0;
    write_file(dir.path() / "cv.yaml", layout + "cv:\n  name: Kim Minjun\n" + (photo ? "  photo: photo.jpg\n" : "") +
                                           "  sections:\n    about: [A line of text.]\n");
    tree::make(dir.path(), t, c);
    const std::string output = (random() % 2 ? "out" : "cv") + extension;
    const std::map<std::string, std::string> before = tree::snapshot(dir.path());
    restrict_access(dir.path(), c);
    const std::string where = "round " + std::to_string(round) + ": --format " + format + " -o " + output + " " +
                              layout + (photo ? " photo " : " ") + t.description;

    const RunResult build = run_hanji(dir.path(), {"build", "cv.yaml", "--format", format, "-o", output}, &c);
    if (runs_as_nobody(&c) && build.exit == kNobodyCannotRun) continue;  // a checkout nobody cannot read
    const RunResult check = run_hanji(dir.path(), {"check", "cv.yaml", "--format", format}, &c);
    for (const RunResult* run : {&build, &check}) {
      EXPECT_EQ(run->signal, 0) << where << run->err;
      EXPECT_TRUE(run->exit == 0 || run->exit == 1) << where << run->err;
      EXPECT_FALSE(run->hung) << where;
      EXPECT_EQ(run->err.find("TOPSECRET"), std::string::npos) << where << "\n" << run->err;
      EXPECT_EQ(run->err.find("Sanitizer"), std::string::npos) << where << run->err;
    }
    // What build refuses for its output alone, check (which writes nothing) may accept.
    const bool about_output = build.err.find("refusing") != std::string::npos ||
                              build.err.find("cannot write") != std::string::npos ||
                              build.err.find("cannot overwrite") != std::string::npos ||
                              build.err.find("cannot create") != std::string::npos ||
                              build.err.find("is a folder") != std::string::npos ||
                              build.err.find("loop of symbolic links") != std::string::npos;
    if (build.exit == 1 && !about_output) {
      EXPECT_EQ(check.exit, 1) << where << build.err << check.err;
    }
    if (check.exit == 1) {
      EXPECT_EQ(build.exit, 1) << where << check.err;
    }

    // The one file that may change: the output, followed through its links.
    fs::path target = dir.path() / output;
    bool via_link = false;
    for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(target)); ++hops) {
      const fs::path next = fs::read_symlink(target);
      target = (next.is_absolute() ? next : target.parent_path() / next).lexically_normal();
      via_link = true;
    }
    const std::string target_name = target.lexically_relative(dir.path()).string();
    const std::map<std::string, std::string> after = tree::snapshot(dir.path());
    for (const auto& [name, content] : after) {
      EXPECT_EQ(name.find(".tmp-"), std::string::npos) << where << ": temporary file " << name;
      const auto old = before.find(name);
      const bool changed = old == before.end() || old->second != content;
      if (!changed) continue;
      EXPECT_EQ(name, target_name) << where << ": " << name << " changed\n" << build.err;
      EXPECT_EQ(build.exit, 0) << where << ": a failed build changed " << name;
      if (via_link) {
        EXPECT_TRUE(name.ends_with(extension)) << where << ": wrote through a link into " << name;
      }
      if (format == "pdf") {
        EXPECT_TRUE(content.starts_with("%PDF-") && content.find("%%EOF") != std::string::npos) << where;
      } else {
        EXPECT_FALSE(content.empty()) << where;
      }
    }
    for (const auto& [name, content] : before)
      EXPECT_TRUE(after.contains(name)) << where << ": " << name << " disappeared";
  }
}

// SIGTERM at any moment of a build: the older PDF is either untouched or replaced by a whole
// new one, and no temporary file is left, whenever the signal lands.
TEST(HostileSignals, TerminationAtAnyMomentLeavesNoTemporaryFile) {
  char pattern[] = "/tmp/hanji-hostile-XXXXXX";
  ASSERT_NE(::mkdtemp(pattern), nullptr);
  const fs::path dir = pattern;
  fs::copy_file(kRepo / "samples/heungsub-lee.yaml", dir / "cv.yaml");
  for (int delay_ms = 0; delay_ms <= 60; delay_ms += 3) {
    write_file(dir / "out.pdf", "%PDF-1.5 older");
    const pid_t child = ::fork();
    if (child == 0) {
      if (::chdir(dir.c_str()) != 0) ::_exit(120);
      const int null = ::open("/dev/null", O_RDWR);
      ::dup2(null, 1);
      ::dup2(null, 2);
      ::execl(HANJI_BINARY, HANJI_BINARY, "build", "cv.yaml", "-o", "out.pdf", static_cast<char*>(nullptr));
      ::_exit(121);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    ::kill(child, delay_ms % 2 ? SIGINT : SIGTERM);
    int status = 0;
    ::waitpid(child, &status, 0);
    const std::string bytes = read_file(dir / "out.pdf");
    EXPECT_TRUE(bytes == "%PDF-1.5 older" || bytes.find("%%EOF") != std::string::npos) << "after " << delay_ms << " ms";
    for (const auto& entry : fs::directory_iterator(dir))
      EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos)
          << "temporary file left behind after " << delay_ms << " ms";
  }
  fs::remove_all(dir);
}

}  // namespace
