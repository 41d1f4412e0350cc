// Hostile and broken inputs (tests/hostile/cases.yaml): each case runs the real `hanji build`
// and `hanji check` in a folder of its own, under a 2 GB address-space limit, and checks the
// exit code, the message and where it points, the time taken, that stderr stays small, that a
// failed build leaves the older PDF as it was and a good one keeps its permissions, and that
// no temporary file is left. A crash, a hang (killed at five times the bound) or a sanitizer
// report fails the case.
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
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "source/source.h"

namespace fs = std::filesystem;
using hanji::config::ConfigNode;

namespace {

const fs::path kRepo = HANJI_SOURCE_DIR;

#ifdef HANJI_SANITIZE
constexpr double kTimeFactor = 15;  // AddressSanitizer and UBSan slow hanji down about tenfold
#else
constexpr double kTimeFactor = 1;
#endif

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
  int layouts = -1;
  int exit = 0, check_exit = -1;
  double seconds = 2;
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
      c.seconds = std::stod(scalar_of(row, "seconds", "2"));
      c.max_stderr = std::stoul(scalar_of(row, "max_stderr", "100000"));
      c.layouts = std::stoi(scalar_of(row, "layouts", "-1"));
      c.fifos = list_of(row, "fifos");
      c.args = list_of(row, "args");
      if (const ConfigNode* files = row.find("files"))
        for (std::size_t i = 0; i < files->keys.size(); ++i) c.files.emplace_back(files->keys[i], files->children[i].scalar);
      if (const ConfigNode* links = row.find("links"))
        for (std::size_t i = 0; i < links->keys.size(); ++i) c.links.emplace_back(links->keys[i], links->children[i].scalar);
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
  if (verb == "png") {
    uint32_t width = 0, height = 0;
    words >> width >> height;
    return png_of_size(width, height);
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
  int exit = -1;       // -1: killed by a signal
  int signal = 0;
  double seconds = 0;
  std::string err;
};

// Runs hanji with `args` in `dir`, stderr captured, 2 GB of address space, killed after
// `limit` seconds.
RunResult run_hanji(const fs::path& dir, const std::vector<std::string>& args, double limit) {
  const fs::path err_path = dir / ".stderr";
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
  for (;;) {
    const pid_t done = ::waitpid(child, &status, WNOHANG);
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (done == child) break;
    if (run.seconds > limit) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &status, 0);
      run.err = "(killed after " + std::to_string(limit) + " s)\n";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (WIFEXITED(status)) run.exit = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  run.err += read_file(err_path);
  fs::remove(err_path);
  return run;
}

// ---------------------------------------------------------------- one case

class Hostile : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/hanji-hostile-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The files of the case; returns the input path hanji is given.
  std::string prepare(const Case& c) {
    if (c.has_cv) write_file(dir_ / "cv.yaml", expand(c.cv));
    for (const auto& [name, content] : c.files) write_file(dir_ / name, expand(content));
    for (const std::string& name : c.fifos) EXPECT_EQ(::mkfifo((dir_ / name).c_str(), 0600), 0);
    for (const auto& [name, target] : c.links) fs::create_symlink(target, dir_ / name);
    if (c.layouts >= 0) {
      write_file(dir_ / "l0.yaml", "extends: classic\n");
      for (int k = 1; k <= c.layouts; ++k)
        write_file(dir_ / ("l" + std::to_string(k) + ".yaml"), "extends: ./l" + std::to_string(k - 1) + ".yaml\n");
    }
    if (c.input == "fifo") {
      EXPECT_EQ(::mkfifo((dir_ / "input.yaml").c_str(), 0600), 0);
      return "input.yaml";
    }
    if (c.input == "dir") {
      fs::create_directories(dir_ / "input.yaml");
      return "input.yaml";
    }
    return c.input.empty() ? "cv.yaml" : c.input;
  }

  // What -o names, made ready: an older PDF (private, mode 0600) unless the case says otherwise.
  std::string prepare_output(const Case& c) {
    if (c.output == "/dev/null") return "/dev/null";
    if (c.output == "fifo") {
      EXPECT_EQ(::mkfifo((dir_ / "out.pdf").c_str(), 0600), 0);
      return "out.pdf";
    }
    write_file(dir_ / "older.pdf", kOlderPdf);
    fs::permissions(dir_ / "older.pdf", fs::perms::owner_read | fs::perms::owner_write);
    if (c.output == "symlink") {
      fs::create_symlink("older.pdf", dir_ / "out.pdf");
      return "out.pdf";
    }
    fs::rename(dir_ / "older.pdf", dir_ / "out.pdf");
    return "out.pdf";
  }

  void expect_outcome(const Case& c, const RunResult& run, int expected_exit, const std::string& verb) {
    EXPECT_EQ(run.signal, 0) << verb << " died of signal " << run.signal << "\n" << run.err;
    EXPECT_EQ(run.exit, expected_exit) << verb << "\n" << run.err;
    EXPECT_LE(run.seconds, c.seconds * kTimeFactor) << verb << " took " << run.seconds << " s";
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

  static constexpr const char* kOlderPdf = "%PDF-1.5 an older, good PDF that a failed build must leave alone";
  fs::path dir_;
};

TEST_P(Hostile, GivesAPdfOrALocatedErrorInTime) {
  const Case& c = GetParam();
  const std::string input = prepare(c);
  const std::string output = prepare_output(c);
  const double kill_after = 5 * c.seconds * kTimeFactor + 5;

  std::vector<std::string> args{"build", input, "-o", output, "-q"};
  args.insert(args.end(), c.args.begin(), c.args.end());
  const RunResult build = run_hanji(dir_, args, kill_after);
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

  std::vector<std::string> check_args{"check", input, "-q"};
  check_args.insert(check_args.end(), c.args.begin(), c.args.end());
  const RunResult check = run_hanji(dir_, check_args, kill_after);
  expect_outcome(c, check, c.check_exit, "check");
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

// The table itself: every case the robustness issue lists is in it.
TEST(HostileTable, CoversTheReportedCases) {
  const std::vector<Case> cases = load_cases();
  EXPECT_GE(cases.size(), 40u);
  for (const char* needle : {"flag emoji", "U+FFFF", "0x1033", "80,000", "10,000 unclosed links", "50 MB", "fit_pages",
                             "FIFO as input", "/dev/zero", "20,000 layouts overflowed", "18000 x 18000", "1e16", "1e20",
                             "not an image", "truncated PNG", "truncated JPEG", "margins larger", "only libharu",
                             "10,000 sections", "symbolic link", "no layout", "merge keys", "billion laughs",
                             "without a name"}) {
    bool found = false;
    for (const Case& c : cases) found = found || c.name.find(needle) != std::string::npos;
    EXPECT_TRUE(found) << "no case about " << needle;
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
