// The `hanji` command in process: usage and exit codes, one test per class of bad input
// (each names file:line:col, exits 1 and writes nothing), and atomic output.
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/json_resume_cli.h"
#include "cli/output.h"
#include "cli/outputs_plan.h"
#include "cli/signals.h"
#include "cli/starter.h"
#include "count/count.h"
#include "export/registry.h"
#include "readers/source.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Outcome {
  int code = -1;
  std::string out, err;
};

Outcome hanji(std::vector<std::string> args) {
  args.insert(args.begin(), HANJI_BINARY);
  std::ostringstream out, err;
  Outcome o;
  o.code = hanji::cli::run(args, out, err);
  o.out = out.str();
  o.err = err.str();
  return o;
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("hanji-cli-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& content) {
    fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << content;
    return p.string();
  }
  static std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  /// Builds `yaml` into an existing PDF and checks that the build fails with exit code 1,
  /// prints `expected` in its diagnostics and leaves the old PDF untouched.
  Outcome expect_rejected(const std::string& yaml, const std::string& expected) {
    std::string cv = write("cv.yaml", yaml);
    std::string pdf = write("cv.pdf", "%PDF-1.3 an older good PDF");
    Outcome o = hanji({"build", cv, "-o", pdf});
    EXPECT_EQ(o.code, hanji::cli::kBadInput) << o.err;
    EXPECT_NE(o.err.find(expected), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("no PDF written"), std::string::npos) << o.err;
    EXPECT_EQ(read(pdf), "%PDF-1.3 an older good PDF");
    for (const auto& entry : fs::directory_iterator(dir_))
      EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << "temporary file left behind";
    return o;
  }

  fs::path dir_;
};

TEST_F(Cli, HelpAndVersion) {
  Outcome help = hanji({"--help"});
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("usage: hanji"), std::string::npos);
  Outcome version = hanji({"--version"});
  EXPECT_EQ(version.code, 0);
  EXPECT_EQ(version.out.rfind("hanji ", 0), 0u) << version.out;
  EXPECT_NE(version.out.find("libharu 2.3.0"), std::string::npos) << version.out;
}

TEST_F(Cli, BadUsageExitsWithTwo) {
  EXPECT_EQ(hanji({}).code, hanji::cli::kBadUsage);
  Outcome unknown = hanji({"biuld", "cv.yaml"});
  EXPECT_EQ(unknown.code, hanji::cli::kBadUsage);
  EXPECT_NE(unknown.err.find("did you mean 'build'?"), std::string::npos) << unknown.err;
  EXPECT_EQ(hanji({"build"}).code, hanji::cli::kBadUsage);
  EXPECT_EQ(hanji({"build", "cv.yaml", "--paper", "b5"}).code, hanji::cli::kBadUsage);
  EXPECT_EQ(hanji({"build", "cv.yaml", "--frobnicate"}).code, hanji::cli::kBadUsage);
  EXPECT_EQ(hanji({"build", "cv.yaml", "-o"}).code, hanji::cli::kBadUsage);
}

TEST_F(Cli, ListsLayouts) {
  Outcome o = hanji({"layouts"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("classic"), std::string::npos) << o.out;
}

TEST_F(Cli, ListsLayoutParameters) {
  Outcome o = hanji({"layouts", "--parameters"});
  EXPECT_EQ(o.code, 0) << o.err;
  for (const char* key : {"page.margin_top", "fonts.latin_scale", "styles.body.line_height", "text.korean_line_break"})
    EXPECT_NE(o.out.find(key), std::string::npos) << key;
}

TEST_F(Cli, BuildsAndChecksAValidCv) {
  std::string cv = write("good.yaml",
                         "cv:\n  name: 홍길동 Gildong Hong\n  email: gildong@example.com\n"
                         "  sections:\n    경력:\n      - company: 예시 주식회사\n        position: 엔지니어\n"
                         "        start_date: 2021-03\n        end_date: present\n");
  Outcome check = hanji({"check", cv});
  EXPECT_EQ(check.code, 0) << check.err;
  EXPECT_FALSE(fs::exists(path("good.pdf"))) << "check must not write";
  Outcome build = hanji({"build", cv});
  EXPECT_EQ(build.code, 0) << build.err;
  ASSERT_TRUE(fs::exists(path("good.pdf"))) << "default output is the input's name with .pdf";
  EXPECT_EQ(read(path("good.pdf")).rfind("%PDF-", 0), 0u);
}

TEST_F(Cli, YamlSyntaxErrorNamesLineAndColumn) {
  Outcome o = expect_rejected("cv:\n  name: [unclosed\n  email: a@b.c\n", "cv.yaml:");
  EXPECT_NE(o.err.find(": error: "), std::string::npos) << o.err;
}

TEST_F(Cli, WrongTypeIsAnError) {
  expect_rejected("cv:\n  name:\n    - a\n    - b\n", "cv.yaml:3:");
}

TEST_F(Cli, UnknownKeyGetsDidYouMean) {
  Outcome o = expect_rejected(
      "cv:\n  name: A\n  sections:\n    work:\n      - compnay: X\n        position: Y\n", "cv.yaml:5:9: error:");
  EXPECT_NE(o.err.find("did you mean 'company'?"), std::string::npos) << o.err;
}

TEST_F(Cli, UnknownTopLevelKeyGetsDidYouMean) {
  Outcome o = expect_rejected("cv:\n  name: A\nlayuot: classic\n", "cv.yaml:3:1: error:");
  EXPECT_NE(o.err.find("did you mean 'layout'?"), std::string::npos) << o.err;
}

TEST_F(Cli, BadDateIsAnError) {
  expect_rejected(
      "cv:\n  name: A\n  sections:\n    work:\n      - company: X\n        position: Y\n"
      "        start_date: 2020-13\n",
      "cv.yaml:7:21: error:");
}

TEST_F(Cli, MissingCvFileIsAnError) {
  std::string pdf = write("old.pdf", "%PDF-1.3 keep me");
  Outcome o = hanji({"build", path("nope.yaml"), "-o", pdf});
  EXPECT_EQ(o.code, hanji::cli::kBadInput);
  EXPECT_NE(o.err.find("nope.yaml"), std::string::npos) << o.err;
  EXPECT_EQ(read(pdf), "%PDF-1.3 keep me");
}

TEST_F(Cli, MissingPhotoIsAnError) {
  expect_rejected("cv:\n  name: A\n  photo: missing.png\n", "cv.yaml:3:10: error:");
}

TEST_F(Cli, UnknownLayoutIsAnError) {
  Outcome o = expect_rejected("cv:\n  name: A\nlayout: clasic\n", "cv.yaml:3:9: error:");
  EXPECT_NE(o.err.find("classic"), std::string::npos) << o.err;
}

TEST_F(Cli, BadLayoutOverrideIsAnError) {
  Outcome o = expect_rejected("cv:\n  name: A\nlayout:\n  page:\n    margn_top: 1cm\n", "cv.yaml:5:5: error:");
  EXPECT_NE(o.err.find("did you mean 'margin_top'?"), std::string::npos) << o.err;
}

TEST_F(Cli, MissingGlyphIsAWarningNamingTheCharacter) {
  std::string cv = write("glyph.yaml", "cv:\n  name: A\n  sections:\n    about:\n      - \"mail \u2709 me\"\n");
  Outcome o = hanji({"build", cv, "-o", path("glyph.pdf")});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.err.find("warning:"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("U+2709"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("glyph.yaml:5:"), std::string::npos) << o.err;
  EXPECT_TRUE(fs::exists(path("glyph.pdf")));
}

TEST_F(Cli, RefusesToOverwriteTheCvOrANonPdf) {
  std::string cv = write("cv.yaml", "cv:\n  name: A\n");
  Outcome same = hanji({"build", cv, "-o", cv});
  EXPECT_EQ(same.code, hanji::cli::kBadInput);
  EXPECT_EQ(read(cv), "cv:\n  name: A\n");
  std::string notes = write("notes.txt", "my notes");
  Outcome other = hanji({"build", cv, "-o", notes});
  EXPECT_EQ(other.code, hanji::cli::kBadInput);
  EXPECT_EQ(read(notes), "my notes");
}

// -o naming /dev/null or a FIFO: rename() would replace the device or the pipe itself.
TEST_F(Cli, RefusesToReplaceAnythingButARegularFile) {
  std::string cv = write("cv.yaml", "cv:\n  name: A\n");
  const std::string fifo = path("out.pdf");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& output : {fifo, std::string("/dev/null")}) {
    Outcome o = hanji({"build", cv, "-o", output});
    EXPECT_EQ(o.code, hanji::cli::kBadInput) << output;
    EXPECT_NE(o.err.find("which is not a regular file"), std::string::npos) << o.err;
  }
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

// Replacing a private CV keeps it private; a new one gets the umask's permissions.
TEST_F(Cli, ReplacingAPdfKeepsItsPermissions) {
  std::string cv = write("cv.yaml", "cv:\n  name: A\n");
  std::string pdf = write("cv.pdf", "%PDF-1.3 old");
  fs::permissions(pdf, fs::perms::owner_read | fs::perms::owner_write);
  Outcome o = hanji({"build", cv, "-o", pdf});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(fs::status(pdf).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_NE(read(pdf), "%PDF-1.3 old");
  const mode_t mask = ::umask(022);
  Outcome fresh = hanji({"build", cv, "-o", path("new.pdf")});
  ::umask(mask);
  ASSERT_EQ(fresh.code, 0) << fresh.err;
  EXPECT_EQ(fs::status(path("new.pdf")).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
}

// -o through a symbolic link writes the file it points to, as a shell's `>` would, and the
// link stays a link (also a relative one, and a chain of two).
TEST_F(Cli, WritesThroughSymbolicLinks) {
  std::string cv = write("cv.yaml", "cv:\n  name: A\n");
  fs::create_directories(dir_ / "real");
  std::string real = write("real/cv.pdf", "%PDF-1.3 old");
  fs::create_symlink("real/cv.pdf", dir_ / "link.pdf");
  fs::create_symlink("link.pdf", dir_ / "link2.pdf");
  Outcome o = hanji({"build", cv, "-o", path("link2.pdf")});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.pdf"));
  EXPECT_TRUE(fs::is_symlink(dir_ / "link2.pdf"));
  EXPECT_EQ(read(real).rfind("%PDF-1.5", 0), 0u) << read(real).substr(0, 20);
  fs::create_symlink("real/fresh.pdf", dir_ / "dangling.pdf");  // a link to a file not made yet
  Outcome fresh = hanji({"build", cv, "-o", path("dangling.pdf")});
  ASSERT_EQ(fresh.code, 0) << fresh.err;
  EXPECT_TRUE(fs::is_symlink(dir_ / "dangling.pdf"));
  EXPECT_TRUE(fs::is_regular_file(dir_ / "real/fresh.pdf"));
}

// SIGTERM (or Ctrl-C) while the PDF is being written: the guard's thread removes the
// temporary file before the signal ends the run, so nothing is left behind and the target is
// either as it was or whole. The child arms a timer that sends SIGTERM 20 ms into writing
// 256 MB; the write takes longer than that.
TEST_F(Cli, TerminationWhileWritingLeavesNoTemporaryFile) {
  const std::string target = path("big.pdf");
  const std::string older = "%PDF-1.4 older";
  write("big.pdf", older);
  const std::string payload = "%PDF-" + std::string(256u << 20, 'x');
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    hanji::cli::SignalGuard guard;
    struct sigevent event {};
    event.sigev_notify = SIGEV_SIGNAL;
    event.sigev_signo = SIGTERM;
    timer_t timer;
    ::timer_create(CLOCK_MONOTONIC, &event, &timer);
    struct itimerspec when {};
    when.it_value.tv_nsec = 20'000'000;
    ::timer_settime(timer, 0, &when, nullptr);
    hanji::cli::OutputRefusal refusal;
    hanji::cli::write_output(target, "", hanji::exports::default_exporter().file, payload, &guard.temp_files(), refusal);
    ::pause();  // the guard's thread ends the child, during the write or just after it
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
  const auto size = fs::file_size(target);
  EXPECT_TRUE(size == older.size() || size == payload.size()) << size;
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << "temporary file left behind";
}

TEST_F(Cli, WritesAtomically) {
  std::string target = path("a.pdf");
  hanji::cli::OutputRefusal refusal;
  const auto& pdf = hanji::exports::default_exporter().file;
  ASSERT_TRUE(hanji::cli::write_output(target, "", pdf, "%PDF-new", nullptr, refusal)) << refusal.reason;
  EXPECT_EQ(read(target), "%PDF-new");
  ASSERT_TRUE(hanji::cli::write_output(target, "", pdf, "%PDF-newer", nullptr, refusal)) << refusal.reason;
  EXPECT_EQ(read(target), "%PDF-newer");
  EXPECT_FALSE(hanji::cli::write_output(path("no/such/dir/a.pdf"), "", pdf, "x", nullptr, refusal));
  EXPECT_FALSE(refusal.reason.empty());
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++files;
  EXPECT_EQ(files, 1) << "no temporary files left behind";
}

// --- every output by the PDF's rules ---

// A folder someone else prepared: cv.txt -> ~/.bashrc, out.md -> a key file not made yet.
// Text exports write through a link only into a file named as their format.
TEST_F(Cli, TextExportsNeverWriteThroughALinkToAnotherKindOfFile) {
  std::string cv = write("cv.yaml", "cv:\n  name: A\n");
  const std::string bashrc = write("bashrc", "export SECRET=1\n");
  fs::create_symlink("bashrc", dir_ / "cv.txt");
  Outcome txt = hanji({"build", cv, "--format", "txt"});
  EXPECT_EQ(txt.code, hanji::cli::kBadInput) << txt.err;
  EXPECT_NE(txt.err.find("is a link to a file not named .txt"), std::string::npos) << txt.err;
  EXPECT_EQ(read(bashrc), "export SECRET=1\n");
  fs::create_symlink("authorized_keys", dir_ / "keys.md");  // dangling
  Outcome md = hanji({"build", cv, "--format", "md", "-o", path("keys.md")});
  EXPECT_EQ(md.code, hanji::cli::kBadInput) << md.err;
  EXPECT_FALSE(fs::exists(dir_ / "authorized_keys"));
  fs::create_symlink("bashrc", dir_ / "cv.json");
  Outcome json = hanji({"build", cv, "--format", "json-resume", "-o", path("cv.json")});
  EXPECT_EQ(json.code, hanji::cli::kBadInput) << json.err;
  EXPECT_EQ(read(bashrc), "export SECRET=1\n");
  // Through a link to a file of its own kind, as `>` would.
  const std::string notes = write("notes.md", "# older export\n");
  fs::create_symlink("notes.md", dir_ / "link.md");
  Outcome through = hanji({"build", cv, "--format", "md", "-o", path("link.md")});
  ASSERT_EQ(through.code, 0) << through.err;
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.md"));
  EXPECT_NE(read(notes).find("A"), std::string::npos);
}

// An existing file is replaced only by one of its kind: a PDF by a PDF (by its first bytes),
// a text export only over a file named as its format, holding text.
TEST_F(Cli, OutputsReplaceOnlyFilesOfTheirKind) {
  std::string cv = write("cv.yaml", "cv:\n  name: A\n");
  const std::string binary = write("data.txt", std::string("\x7f" "ELF\0\0\1", 7));
  Outcome txt = hanji({"build", cv, "--format", "txt", "-o", binary});
  EXPECT_EQ(txt.code, hanji::cli::kBadInput);
  EXPECT_NE(txt.err.find("which is not a text file"), std::string::npos) << txt.err;
  const std::string pdf = write("report.json", "%PDF-1.4 a PDF named .json");
  Outcome json = hanji({"build", cv, "--format", "json-resume", "-o", pdf});
  EXPECT_EQ(json.code, hanji::cli::kBadInput) << json.err;
  EXPECT_EQ(read(pdf), "%PDF-1.4 a PDF named .json");
  Outcome over_cv = hanji({"build", cv, "--format", "txt", "-o", cv});
  EXPECT_EQ(over_cv.code, hanji::cli::kBadInput);
  EXPECT_EQ(read(cv), "cv:\n  name: A\n");
  const std::string older = write("cv.md", "# an older export\n");
  fs::permissions(older, fs::perms::owner_read | fs::perms::owner_write);
  Outcome md = hanji({"build", cv, "--format", "md"});
  ASSERT_EQ(md.code, 0) << md.err;
  EXPECT_EQ(fs::status(older).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
}

// SOURCE_DATE_EPOCH outside 0 .. 253402300799 (the end of 9999) or not a whole number is an
// error naming the variable, never a wrapped year blamed on the CV, never ignored.
TEST_F(Cli, SourceDateEpochMustBeASecondCount) {
  std::string cv = write("cv.yaml", "cv:\n  name: A\n");
  for (const char* bad : {"abc", "67768036191676799", "-1", "253402300800", "12 ", "1e9", "0x10"}) {
    ::setenv("SOURCE_DATE_EPOCH", bad, 1);
    Outcome o = hanji({"build", cv, "-o", path("out.pdf")});
    EXPECT_EQ(o.code, hanji::cli::kBadInput) << bad;
    EXPECT_NE(o.err.find("hanji: error: SOURCE_DATE_EPOCH is '"), std::string::npos) << o.err;
    EXPECT_EQ(o.err.find("cv.yaml:"), std::string::npos) << o.err;
    EXPECT_FALSE(fs::exists(path("out.pdf")));
  }
  for (const char* good : {"0", "1700000000", "253402300799"}) {
    ::setenv("SOURCE_DATE_EPOCH", good, 1);
    Outcome o = hanji({"build", cv, "-o", path("out.pdf")});
    EXPECT_EQ(o.code, 0) << good << o.err;
  }
  ::unsetenv("SOURCE_DATE_EPOCH");
}

// A closed standard output is an error with a message, not a silent success.
TEST_F(Cli, AClosedStandardOutputIsAnError) {
  std::ostringstream out, err;
  out.setstate(std::ios::badbit);  // as std::cout is after EPIPE
  const int code = hanji::cli::run({HANJI_BINARY, "layouts"}, out, err);
  EXPECT_EQ(code, hanji::cli::kBadInput);
  EXPECT_NE(err.str().find("cannot write to standard output"), std::string::npos) << err.str();
}

// --- --fit-pages (issue 3) ---

/// A CV of `entries` experience entries; with classic, 13 take about 1.2 pages.
std::string long_cv(int entries, const std::string& layout = "") {
  std::string yaml = layout + "cv:\n  name: Jane Doe\n  sections:\n    experience:\n";
  for (int i = 0; i < entries; ++i)
    yaml += "      - company: Company " + std::to_string(i) + "\n        position: Engineer\n" +
            "        start_date: " + std::to_string(2000 + i) + "-01\n        end_date: " + std::to_string(2001 + i) +
            "-06\n        highlights:\n" +
            "          - Built the system that serves many users every day and kept it running through several "
            "migrations.\n" +
            "          - Led a small team of engineers to rewrite the billing pipeline, cutting costs by a third.\n";
  return yaml;
}

TEST_F(Cli, FitPagesNeedsAWholeNumberOfPages) {
  Outcome empty = hanji({"build", "cv.yaml", "--fit-pages", ""});
  EXPECT_EQ(empty.code, hanji::cli::kBadUsage);
  EXPECT_NE(empty.err.find("option --fit-pages needs a value"), std::string::npos) << empty.err;
  for (const char* bad : {"0", "-1", "abc", "1.5", "2x", "101", "99999999999"}) {
    Outcome o = hanji({"build", "cv.yaml", "--fit-pages", bad});
    EXPECT_EQ(o.code, hanji::cli::kBadUsage) << bad;
    EXPECT_NE(o.err.find("--fit-pages needs a whole number of pages, 1 or more"), std::string::npos) << o.err;
  }
  EXPECT_EQ(hanji({"build", "cv.yaml", "--fit-pages"}).code, hanji::cli::kBadUsage);
  EXPECT_NE(hanji({"--help"}).out.find("--fit-pages N"), std::string::npos);
}

TEST_F(Cli, FitPagesFitsACvOnOnePageAndSaysWhatChanged) {
  // 14 entries run a quarter of a page over: more than is spared unasked (13 are).
  std::string cv = write("long.yaml", long_cv(14));
  Outcome plain = hanji({"build", cv, "-o", path("plain.pdf")});
  EXPECT_EQ(plain.code, 0) << plain.err;
  EXPECT_NE(plain.out.find("2 pages"), std::string::npos) << plain.out;
  Outcome fitted = hanji({"build", cv, "--fit-pages", "1", "-o", path("fitted.pdf")});
  EXPECT_EQ(fitted.code, 0) << fitted.err;
  EXPECT_NE(fitted.out.find("1 page,"), std::string::npos) << fitted.out;
  EXPECT_NE(fitted.err.find("hanji: note: fitted to 1 page: "), std::string::npos) << fitted.err;
  EXPECT_EQ(read(path("fitted.pdf")).rfind("%PDF-", 0), 0u);
  Outcome quiet = hanji({"build", cv, "--fit-pages", "1", "-q", "-o", path("quiet.pdf")});
  EXPECT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "") << "--quiet prints only errors and warnings";
  EXPECT_EQ(read(path("quiet.pdf")), read(path("fitted.pdf")));
  Outcome check = hanji({"check", cv, "--fit-pages", "1"});
  EXPECT_NE(check.out.find("ok (1 page)"), std::string::npos) << check.out;
}

TEST_F(Cli, LayoutFitPagesFitsAndTheFlagOverridesIt) {
  std::string cv = write("long.yaml", long_cv(13, "layout:\n  fit_pages: 1\n"));
  Outcome from_layout = hanji({"build", cv, "-o", path("a.pdf")});
  EXPECT_EQ(from_layout.code, 0) << from_layout.err;
  EXPECT_NE(from_layout.out.find("1 page,"), std::string::npos) << from_layout.out;
  Outcome overridden = hanji({"build", cv, "--fit-pages", "2", "-o", path("b.pdf")});
  EXPECT_EQ(overridden.code, 0) << overridden.err;
  EXPECT_NE(overridden.out.find("2 pages"), std::string::npos) << overridden.out;
  EXPECT_NE(overridden.err.find("fits on 2 pages as it is"), std::string::npos) << overridden.err;
}

TEST_F(Cli, FitPagesWarnsWhenTheCvCannotFit) {
  std::string cv = write("longer.yaml", long_cv(20));
  Outcome o = hanji({"build", cv, "--fit-pages", "1", "-o", path("c.pdf")});
  EXPECT_EQ(o.code, 0) << "the tightest layout is still written";
  EXPECT_NE(o.err.find("warning: cannot fit on 1 page: needs "), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("hint: shorten the CV"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("2 pages"), std::string::npos) << o.out;
}

// ---------------------------------------------------------------- settings.render_command

// A RenderCV file that says where its outputs go (lines 6 on are `command`).
std::string rendercv_file(const std::string& command) {
  return "cv:\n  name: Jane Doe\n  email: jane@example.com\nsettings:\n  current_date: 2025-03-07\n  render_command:\n" +
         command;
}

TEST_F(Cli, ARenderCvFileIsWrittenWhereItsRenderCommandSays) {
  std::string cv = write("cv.yaml", rendercv_file("    output_folder: out\n"
                                                  "    pdf_path: OUTPUT_FOLDER/pdf/NAME_IN_SNAKE_CASE_CV_YEAR.pdf\n"
                                                  "    markdown_path: OUTPUT_FOLDER/md/NAME_IN_LOWER_KEBAB_CASE.md\n"
                                                  "    html_path: OUTPUT_FOLDER/NAME_IN_SNAKE_CASE_CV.html\n"));
  Outcome o = hanji({"build", cv});
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string pdf = path("out/pdf/Jane_Doe_CV_2025.pdf"), md = path("out/md/jane-doe.md");
  // One line per file written, in the folders the file names (made for it).
  EXPECT_EQ(o.out.rfind(pdf + ": 1 page, ", 0), 0u) << o.out;
  EXPECT_NE(o.out.find("\n" + md + ": md, "), std::string::npos) << o.out;
  EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 2) << o.out;
  EXPECT_EQ(read(pdf).rfind("%PDF-", 0), 0u);
  EXPECT_NE(read(md).find("# Jane Doe"), std::string::npos);
  // An output hanji does not write is accepted in silence, and said with --verbose.
  EXPECT_EQ(o.err, "");
  Outcome verbose = hanji({"check", cv, "--verbose"});
  EXPECT_NE(verbose.err.find("cv.yaml:10:5: detail: settings.render_command.html_path is accepted and has nothing to do: "
                             "hanji does not write HTML"),
            std::string::npos)
      << verbose.err;
  // -o on the command line wins: that file alone.
  Outcome given = hanji({"build", cv, "-o", path("mine.pdf")});
  ASSERT_EQ(given.code, 0) << given.err;
  EXPECT_EQ(given.out.find("out/"), std::string::npos) << given.out;
  EXPECT_TRUE(fs::exists(path("mine.pdf")));
  // --format picks one format, written where the file puts it.
  fs::remove_all(dir_ / "out");
  Outcome md_only = hanji({"build", cv, "--format", "md"});
  ASSERT_EQ(md_only.code, 0) << md_only.err;
  EXPECT_TRUE(fs::exists(md) && !fs::exists(path("out/pdf")));
  Outcome txt = hanji({"build", cv, "--format", "txt"});
  ASSERT_EQ(txt.code, 0) << txt.err;
  EXPECT_TRUE(fs::exists(path("out/Jane_Doe_CV.txt"))) << txt.out;
  // `check` writes nothing.
  fs::remove_all(dir_ / "out");
  Outcome check = hanji({"check", cv});
  EXPECT_EQ(check.code, 0) << check.err;
  EXPECT_FALSE(fs::exists(path("out")));
}

TEST_F(Cli, RenderCvsDefaultsAndItsSwitches) {
  std::string cv = write("cv.yaml", rendercv_file("    dont_generate_markdown: true\n"));
  Outcome o = hanji({"build", cv});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_TRUE(fs::exists(path("rendercv_output/Jane_Doe_CV.pdf")));
  EXPECT_FALSE(fs::exists(path("rendercv_output/Jane_Doe_CV.md")));
  EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 1) << o.out;
  // Everything turned off: nothing written, and said.
  write("off.yaml", rendercv_file("    dont_generate_markdown: true\n    dont_generate_pdf: true\n"));
  Outcome off = hanji({"build", path("off.yaml")});
  EXPECT_EQ(off.code, 0) << off.err;
  EXPECT_EQ(off.out, "");
  EXPECT_NE(off.err.find("off.yaml:6:3: warning: settings.render_command turns off the PDF and the Markdown"),
            std::string::npos)
      << off.err;
  Outcome asked = hanji({"build", path("off.yaml"), "--format", "pdf"});  // the command line wins
  EXPECT_EQ(asked.code, 0) << asked.err;
  EXPECT_TRUE(fs::exists(path("rendercv_output/Jane_Doe_CV.pdf")));
  // Each language a file of its own, as hanji names its own outputs.
  Outcome english = hanji({"build", cv, "--lang", "en"});
  EXPECT_EQ(english.code, 0) << english.err;
  EXPECT_TRUE(fs::exists(path("rendercv_output/Jane_Doe_CV-en.pdf"))) << english.out;
}

// The paths a CV file gives go through the same rules as -o: never over another kind of file,
// never through a link to one, never half written; a refused one stops the build before anything
// is written.
TEST_F(Cli, PathsFromTheFileFollowTheOutputRules) {
  write("notes.pdf", "my notes, not a PDF");
  std::string cv = write("cv.yaml", rendercv_file("    pdf_path: notes.pdf\n    markdown_path: cv.md\n"));
  Outcome o = hanji({"build", cv});
  EXPECT_EQ(o.code, hanji::cli::kBadInput);
  EXPECT_NE(o.err.find("refusing to overwrite '" + path("notes.pdf") + "', which is not a PDF"), std::string::npos)
      << o.err;
  EXPECT_EQ(read(path("notes.pdf")), "my notes, not a PDF");
  EXPECT_FALSE(fs::exists(path("cv.md"))) << "nothing is written when one output is refused";
  // A link to a file of another kind.
  write("secret.txt", "secret");
  fs::create_symlink(path("secret.txt"), path("link.md"));
  write("cv.yaml", rendercv_file("    markdown_path: link.md\n"));
  Outcome link = hanji({"build", cv});
  EXPECT_EQ(link.code, hanji::cli::kBadInput);
  EXPECT_NE(link.err.find("it is a link to a file not named .md or .markdown"), std::string::npos) << link.err;
  EXPECT_EQ(read(path("secret.txt")), "secret");
  // A path that is no PDF's name at all is the file's error, at its place.
  write("cv.yaml", rendercv_file("    pdf_path: ../../../../../etc/passwd\n"));
  Outcome passwd = hanji({"build", cv});
  EXPECT_EQ(passwd.code, hanji::cli::kBadInput);
  EXPECT_NE(passwd.err.find("cv.yaml:7:15: error: settings.render_command.pdf_path"), std::string::npos) << passwd.err;
  // A folder that cannot be made.
  write("taken", "a file where the folder would be");
  write("cv.yaml", rendercv_file("    output_folder: taken/out\n"));
  Outcome taken = hanji({"build", cv});
  EXPECT_EQ(taken.code, hanji::cli::kBadInput);
  EXPECT_NE(taken.err.find("cannot make the folder '" + path("taken/out") + "'"), std::string::npos) << taken.err;
  for (const auto& entry : fs::recursive_directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << "temporary file left behind";
}

// ---------------------------------------------------------------- --set, --design, --locale

TEST_F(Cli, SetChangesTheFileBeforeItIsRead) {
  std::string cv = write("cv.yaml", "cv:\n  name: Jane Doe\n  sections:\n    experience:\n"
                                    "      - company: Acme\n        position: Engineer\n        date: 2021\n");
  Outcome o = hanji({"build", cv, "--set", "cv.sections.experience.0.company=Initech", "--cv.name", "Kim Minsu",
                     "--set", "settings.render_command.pdf_path=NAME_IN_SNAKE_CASE.pdf", "--set",
                     "settings.render_command.dont_generate_markdown=true"});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out.find(path("Kim_Minsu.pdf") + ": 1 page"), 0u) << o.out;
  Outcome bad = hanji({"build", cv, "--set", "cv.phone=call me", "-o", path("x.pdf")});
  EXPECT_EQ(bad.code, hanji::cli::kBadInput);
  EXPECT_NE(bad.err.find("--set cv.phone: error: 'call me' is not a phone number"), std::string::npos) << bad.err;
  Outcome spelled = hanji({"build", cv, "--cv.sections.experience.5.company=X", "-o", path("x.pdf")});
  EXPECT_EQ(spelled.code, hanji::cli::kBadInput);
  EXPECT_NE(spelled.err.find("--cv.sections.experience.5.company: error: 'cv.sections.experience' is a list of 1 item"),
            std::string::npos)
      << spelled.err;
  EXPECT_FALSE(fs::exists(path("x.pdf")));
  for (const std::vector<std::string>& usage :
       {std::vector<std::string>{"--set", "cv.phone"}, {"--set", "cv..phone=1"}, {"--set", "=1"}, {"--cv.phone"},
        {"--cvs.phone", "1"}, {"--design"}}) {
    std::vector<std::string> args{"build", cv};
    args.insert(args.end(), usage.begin(), usage.end());
    Outcome u = hanji(args);
    EXPECT_EQ(u.code, hanji::cli::kBadUsage) << usage.front() << ": " << u.err;
  }
}

TEST_F(Cli, DesignAndLocaleFromFilesOfTheirOwn) {
  std::string cv = write("cv.yaml", "cv:\n  name: Jane Doe\n  sections:\n    experience:\n"
                                    "      - company: Acme\n        position: Engineer\n        start_date: 2021-03\n"
                                    "        end_date: present\nsettings:\n  current_date: 2025-03-07\n");
  write("design.yaml", "design:\n  theme: classic\n  page:\n    size: a4\n    show_footer: false\n");
  write("locale.yaml", "locale:\n  language: german\n");
  Outcome o = hanji({"build", cv, "--design", path("design.yaml"), "--locale", path("locale.yaml"), "-o", path("d.pdf")});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.err, "");
  write("broken.yaml", "design:\n  page:\n    size: a3\n");
  Outcome broken = hanji({"build", cv, "--design", path("broken.yaml"), "-o", path("e.pdf")});
  EXPECT_NE(broken.err.find(path("broken.yaml") + ":3:5: warning: design.page.size"), std::string::npos) << broken.err;
  Outcome missing = hanji({"build", cv, "--locale", path("nope.yaml"), "-o", path("e.pdf")});
  EXPECT_EQ(missing.code, hanji::cli::kBadInput);
  EXPECT_NE(missing.err.find(path("nope.yaml")), std::string::npos) << missing.err;
}

// ---- hanji schema: the checked-in schemas are what the command prints, every sample, starter
// and layout validates, and what hanji refuses the schema refuses too.

const fs::path kRepo = HANJI_SOURCE_DIR;

std::string python() { return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3"; }

bool python_checker_available() {
  return std::system((python() + " -c 'import jsonschema, yaml' 2>/dev/null").c_str()) == 0;
}

// schema_check.py's exit status for `files` against schema/NAME.schema.json.
int schema_check(const std::string& name, const std::vector<std::string>& files, bool invalid = false) {
  std::string command = python() + " " + (kRepo / "tests" / "schema_check.py").string() + (invalid ? " --invalid " : " ") +
                        (kRepo / "schema" / (name + ".schema.json")).string();
  for (const std::string& file : files) command += " '" + file + "'";
  return std::system(command.c_str());
}

std::vector<std::string> repo_files(const std::string& folder, const std::string& extension) {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(kRepo / folder))
    if (entry.path().extension() == extension) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

TEST_F(Cli, SchemaFilesAreCurrent) {
  for (const std::string name : {"cv", "layout", "letter", "self-introduction"}) {
    Outcome o = hanji({"schema", name});
    ASSERT_EQ(o.code, 0) << o.err;
    EXPECT_EQ(o.out, read((kRepo / "schema" / (name + ".schema.json")).string()))
        << "run `make schemas` and commit schema/" << name << ".schema.json";
    EXPECT_EQ(hanji({"schema", name}).out, o.out) << "the same bytes every time";
  }
  EXPECT_EQ(hanji({"schema"}).code, hanji::cli::kBadUsage);
  Outcome unknown = hanji({"schema", "resume"});
  EXPECT_EQ(unknown.code, hanji::cli::kBadUsage);
  EXPECT_NE(unknown.err.find("there are cv, layout, letter and self-introduction"), std::string::npos) << unknown.err;
}

TEST_F(Cli, SchemaValidatesEverySampleStarterAndLayout) {
  if (!python_checker_available()) GTEST_SKIP() << "python3-jsonschema or python3-yaml is not installed";
  std::vector<std::string> cvs = repo_files("samples", ".yaml");
  std::vector<std::string> starters = repo_files("starters", ".yaml");
  ASSERT_GE(cvs.size(), 8u);
  // The application starters (letter-en, letter-ko, self-introduction-ko) name their own schemas.
  std::map<std::string, std::vector<std::string>> applications;
  std::erase_if(starters, [&](const std::string& file) {
    const std::string name = fs::path(file).stem().string();
    if (name.find('-') == std::string::npos) return false;
    applications[name.substr(0, name.rfind('-'))].push_back(file);
    return true;
  });
  ASSERT_EQ(starters.size(), 3u);  // en, ko and ko,en
  ASSERT_EQ(applications["letter"].size(), 2u);
  ASSERT_EQ(applications["self-introduction"].size(), 1u);
  for (const auto& [schema, files] : applications) {
    EXPECT_EQ(schema_check(schema, files), 0) << schema;
    for (const std::string& file : files) {
      std::ifstream in(file);
      std::string first;
      std::getline(in, first);
      EXPECT_EQ(first, "# yaml-language-server: $schema=../schema/" + schema + ".schema.json") << file;
    }
  }
  // The samples with a letter or a 자기소개서 are application files too; the CV schema takes them
  // as well (a CV file may hold its letter), but an application's schema wants its part.
  EXPECT_EQ(schema_check("letter", {(kRepo / "samples" / "letter-en.yaml").string(),
                                    (kRepo / "samples" / "letter-ko.yaml").string()}),
            0);
  EXPECT_EQ(schema_check("self-introduction", {(kRepo / "samples" / "self-introduction-ko.yaml").string()}), 0);
  EXPECT_EQ(schema_check("letter", {(kRepo / "samples" / "self-introduction-ko.yaml").string(),
                                    (kRepo / "samples" / "heungsub-lee.yaml").string()},
                         /*invalid=*/true),
            0);
  EXPECT_EQ(schema_check("self-introduction", {(kRepo / "samples" / "letter-en.yaml").string()}, /*invalid=*/true), 0);
  cvs.insert(cvs.end(), starters.begin(), starters.end());
  EXPECT_EQ(schema_check("cv", cvs), 0);
  const std::vector<std::string> layouts = repo_files("layouts", ".yaml");
  ASSERT_GE(layouts.size(), 10u);
  EXPECT_EQ(schema_check("layout", layouts), 0);
  for (const std::string& file : cvs) {
    std::ifstream in(file);
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first, "# yaml-language-server: $schema=../schema/cv.schema.json") << file;
  }
}

// Each typo is refused by `hanji check` and by the schema alike.
TEST_F(Cli, SchemaRefusesWhatHanjiRefuses) {
  if (!python_checker_available()) GTEST_SKIP() << "python3-jsonschema or python3-yaml is not installed";
  write("mine.yaml", "extends: classic\npage:\n  margn_top: 12pt\n");
  const std::vector<std::pair<std::string, std::string>> cvs = {
      {"nmae.yaml", "cv: {nmae: Jane Doe}\n"},
      {"top.yaml", "cv: {name: Jane Doe}\nlayuot: classic\n"},
      {"override.yaml", "cv: {name: Jane Doe}\nlayout: {name: classic, page: {margn_top: 12pt}}\n"},
      {"dotted.yaml", "cv: {name: Jane Doe}\nlayout: {name: classic, page.margn_top: 12pt}\n"},
      {"choice.yaml", "cv: {name: Jane Doe}\nlayout: {name: classic, header: {align: middle}}\n"},
      {"entry.yaml", "cv:\n  name: Jane Doe\n  sections:\n    work:\n      - {company: A, position: B, strat_date: 2020-01}\n"},
      {"date.yaml", "cv:\n  name: Jane Doe\n  sections:\n    work:\n      - {company: A, position: B, start_date: 2020-13}\n"},
      {"mixed.yaml", "cv:\n  name: Jane Doe\n  sections:\n    work:\n      - {company: A, position: B}\n      - {label: C, details: D}\n"},
      {"network.yaml", "cv:\n  name: Jane Doe\n  social_networks: [{network: Github, username: jane}]\n"},
      {"locale.yaml", "cv: {name: Jane Doe}\nlocale: {language: german, presnet: heute}\n"},
      {"layout-file.yaml", "cv: {name: Jane Doe}\nlayout: mine\n"},
  };
  std::vector<std::string> paths;
  for (const auto& [name, yaml] : cvs) {
    paths.push_back(write(name, yaml));
    Outcome o = hanji({"check", paths.back()});
    EXPECT_EQ(o.code, hanji::cli::kBadInput) << name << ": " << o.err;
  }
  paths.pop_back();  // its typo is in the layout file, checked against the layout schema
  EXPECT_EQ(schema_check("cv", paths, /*invalid=*/true), 0);
  EXPECT_EQ(schema_check("layout", {path("mine.yaml")}, /*invalid=*/true), 0);
  // The same files without their typos pass both.
  write("mine.yaml", "extends: classic\npage:\n  margin_top: 12pt\n");
  const std::string fine = write("fine.yaml",
                                 "cv:\n  name: {ko: 박지민, en: Jimin Park}\n  sections:\n    work:\n"
                                 "      - {company: A, position: B, start_date: 2020-01, tags: [x]}\n"
                                 "    about:\n      - {text: {ko: 소개, en: About}, tags: [x]}\n"
                                 "layout: {name: mine, page.margin_left: 20mm, styles: {name: {color: navy}}}\n"
                                 "locale: {language: german, present: heute}\n");
  Outcome o = hanji({"check", fine});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(schema_check("cv", {fine}), 0);
  EXPECT_EQ(schema_check("layout", {path("mine.yaml")}), 0);
}

// ---- hanji new

std::vector<std::string> layout_names() {
  Outcome o = hanji({"layouts"});
  std::vector<std::string> names;
  std::istringstream lines(o.out);
  for (std::string line; std::getline(lines, line);) names.push_back(line.substr(0, line.find(' ')));
  return names;
}

TEST_F(Cli, NewWritesAStarterThatBuildsWithoutAWarningInEveryLayout) {
  const std::vector<std::string> layouts = layout_names();
  ASSERT_GE(layouts.size(), 10u);
  for (const std::string language : {"en", "ko"}) {
    const std::string cv = path("starter-" + language + ".yaml");
    Outcome made = hanji({"new", cv, "--lang", language});
    ASSERT_EQ(made.code, 0) << made.err;
    const std::string text = read(cv);
    EXPECT_EQ(text.rfind("# yaml-language-server: $schema=" + (kRepo / "schema" / "cv.schema.json").string() + "\n", 0), 0u)
        << text.substr(0, 200);
    hanji::Diagnostics diags;
    hanji::readers::ReadOptions options;
    options.today = hanji::model::Date{hanji::model::Date::Kind::YearMonthDay, 2030, 1, 1, "2030-01-01", {}};
    const auto file = hanji::readers::load_cv(cv, diags, options);
    ASSERT_TRUE(file) << hanji::format_diagnostic(diags.all().front());
    std::set<hanji::model::EntryKind> kinds;
    for (const auto& section : file->cv.sections) kinds.insert(section.kind);
    EXPECT_EQ(kinds.size(), 9u) << language << ": every entry type, once";
    EXPECT_FALSE(file->layout_overrides.keys.empty()) << "a layout value or two changed";
    EXPECT_TRUE(file->settings.current_date) << "current_date: today";
    EXPECT_EQ(file->locale.language, language);
    EXPECT_EQ(text.find("\n  photo:"), std::string::npos) << "no photo that is not there";
    for (const std::string& layout : layouts) {
      Outcome built = hanji({"build", cv, "--layout", layout, "-o", path(language + "-" + layout + ".pdf")});
      EXPECT_EQ(built.code, 0) << language << " in " << layout << ": " << built.err;
      EXPECT_EQ(built.err, "") << language << " in " << layout;
    }
    // The same starter, made for a layout.
    const std::string sidebar = path("sidebar-" + language + ".yaml");
    ASSERT_EQ(hanji({"new", sidebar, "--lang", language, "--layout", "sidebar"}).code, 0);
    EXPECT_NE(read(sidebar).find("\nlayout:\n  name: sidebar\n"), std::string::npos);
    Outcome built = hanji({"build", sidebar});
    EXPECT_EQ(built.code, 0) << built.err;
    EXPECT_EQ(built.err, "");
  }
  EXPECT_NE(read(path("starter-ko.yaml")).find("locale: korean"), std::string::npos);
  EXPECT_NE(read(path("starter-en.yaml")).find("locale: english"), std::string::npos);
}

TEST_F(Cli, NewNeverOverwrites) {
  const std::string cv = write("cv.yaml", "cv: {name: Mine}\n");
  Outcome again = hanji({"new", cv});
  EXPECT_EQ(again.code, hanji::cli::kBadInput);
  EXPECT_NE(again.err.find("already exists"), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("hint: give another name"), std::string::npos) << again.err;
  EXPECT_EQ(read(cv), "cv: {name: Mine}\n");
  fs::create_symlink(path("nowhere.yaml"), path("link.yaml"));  // a link to nothing is something
  EXPECT_EQ(hanji({"new", path("link.yaml")}).code, hanji::cli::kBadInput);
  EXPECT_FALSE(fs::exists(path("nowhere.yaml")));
  fs::create_directory(path("folder.yaml"));
  EXPECT_EQ(hanji({"new", path("folder.yaml")}).code, hanji::cli::kBadInput);
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << "temporary file left behind";
  // Without a name: cv.yaml in the current folder, once.
  const fs::path before = fs::current_path();
  fs::create_directory(path("here"));
  fs::current_path(path("here"));
  Outcome first = hanji({"new"}), second = hanji({"new"});
  fs::current_path(before);
  EXPECT_EQ(first.code, 0) << first.err;
  EXPECT_NE(first.out.find("cv.yaml"), std::string::npos) << first.out;
  EXPECT_EQ(second.code, hanji::cli::kBadInput);
  EXPECT_TRUE(fs::is_regular_file(path("here/cv.yaml")));
}

TEST_F(Cli, NewRefusesWhatItCannotMake) {
  Outcome french = hanji({"new", path("cv.yaml"), "--lang", "fr"});
  EXPECT_EQ(french.code, hanji::cli::kBadUsage);
  EXPECT_NE(french.err.find("there are en or ko"), std::string::npos) << french.err;
  EXPECT_EQ(hanji({"new", path("cv.txt")}).code, hanji::cli::kBadUsage);
  Outcome layout = hanji({"new", path("cv.yaml"), "--layout", "sidebr"});
  EXPECT_EQ(layout.code, hanji::cli::kBadInput);
  EXPECT_NE(layout.err.find("did you mean 'sidebar'?"), std::string::npos) << layout.err;
  EXPECT_FALSE(fs::exists(path("cv.yaml")));
}

// `hanji new --letter` and `--self-introduction`: application files naming cv.yaml that build
// with no error and no warning, in every layout, beside the starter CV of their language.
TEST_F(Cli, NewWritesApplicationStartersThatBuild) {
  const std::vector<std::string> layouts = layout_names();
  ASSERT_GE(layouts.size(), 10u);
  struct Starter {
    std::string option, language, file;
  };
  for (const Starter& starter : {Starter{"--letter", "en", "application.yaml"}, Starter{"--letter", "ko", "application.yaml"},
                                 Starter{"--self-introduction", "ko", "self-introduction.yaml"}}) {
    const fs::path folder = dir_ / (starter.option.substr(2) + "-" + starter.language);
    fs::create_directories(folder);
    ASSERT_EQ(hanji({"new", (folder / "cv.yaml").string(), "--lang", starter.language}).code, 0);
    const fs::path app = folder / starter.file;
    Outcome made = starter.language == "ko" && starter.option == "--self-introduction"
                       ? hanji({"new", starter.option, app.string()})  // Korean without --lang
                       : hanji({"new", starter.option, app.string(), "--lang", starter.language});
    ASSERT_EQ(made.code, 0) << made.err;
    const std::string text = read(app.string());
    const std::string schema = starter.option == "--letter" ? "letter" : "self-introduction";
    EXPECT_EQ(text.rfind("# yaml-language-server: $schema=" + (kRepo / "schema" / (schema + ".schema.json")).string() + "\n", 0), 0u)
        << text.substr(0, 200);
    EXPECT_NE(text.find("\ncv: cv.yaml"), std::string::npos);
    for (const std::string& layout : layouts) {
      Outcome built = hanji({"build", app.string(), "--layout", layout, "-o", (folder / (layout + ".pdf")).string()});
      EXPECT_EQ(built.code, 0) << starter.option << " " << starter.language << " in " << layout << ": " << built.err;
      EXPECT_EQ(built.err, "") << starter.option << " " << starter.language << " in " << layout;
    }
    hanji::Diagnostics diags;
    const auto file = hanji::readers::load_cv(app.string(), diags);
    ASSERT_TRUE(file) << hanji::format_diagnostic(diags.all().front());
    if (starter.option == "--letter") {
      ASSERT_TRUE(file->letter);
      EXPECT_EQ(file->parts, (std::vector<hanji::model::Part>{hanji::model::Part::Letter, hanji::model::Part::Cv}));
      EXPECT_EQ(file->locale.language, starter.language) << "the CV's locale";
      continue;
    }
    ASSERT_TRUE(file->self_introduction);
    const auto& questions = file->self_introduction->questions;
    ASSERT_EQ(questions.size(), 4u);
    const char* usual[] = {"성장과정", "성격의 장단점", "지원동기", "입사 후 포부"};
    bool without_spaces = false;
    for (std::size_t i = 0; i < 4; ++i) {
      EXPECT_NE(questions[i].title.value.find(usual[i]), std::string::npos) << questions[i].title.value;
      ASSERT_TRUE(questions[i].limit);
      EXPECT_GE(questions[i].limit->max.value_or(0), 500);
      without_spaces = without_spaces || questions[i].limit->unit == hanji::model::CountUnit::CharsNoSpaces;
    }
    EXPECT_TRUE(without_spaces) << "one limit counts without spaces";
    // Its placeholder answers are within their limits: `hanji count` passes.
    EXPECT_EQ(hanji({"count", app.string()}).code, 0);
  }
  // With a layout; never over a file; no 자기소개서 in English; the flags belong to `new`.
  const std::string awesome = path("awesome.yaml");
  ASSERT_EQ(hanji({"new", "--letter", awesome, "--layout", "awesome"}).code, 0);
  EXPECT_NE(read(awesome).find("\ncv: cv.yaml\nlayout: awesome\n"), std::string::npos);
  Outcome again = hanji({"new", "--letter", awesome});
  EXPECT_EQ(again.code, hanji::cli::kBadInput);
  EXPECT_NE(again.err.find("hint: give another name, e.g. hanji new --letter my-application.yaml"), std::string::npos)
      << again.err;
  Outcome english = hanji({"new", "--self-introduction", path("si.yaml"), "--lang", "en"});
  EXPECT_EQ(english.code, hanji::cli::kBadUsage);
  EXPECT_NE(english.err.find("there is ko"), std::string::npos) << english.err;
  EXPECT_EQ(hanji({"build", awesome, "--letter"}).code, hanji::cli::kBadUsage);
  EXPECT_EQ(hanji({"new", "--letter", "--self-introduction"}).code, hanji::cli::kBadUsage);
}

// ---- pages as SVG and PNG ----------------------------------------------------------------

// A file per page, named after -o; a page of an older build hanji wrote goes, any other file
// stays with a warning; standard output takes a CV of one page only.
TEST_F(Cli, SvgAndPngPagesAreFilesOfTheirOwn) {
  const std::string cv = std::string(HANJI_SOURCE_DIR) + "/samples/heungsub-lee.yaml";  // two pages
  write("out-3.svg", std::string("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") + "<!-- made by hanji -->\n<svg/>");
  Outcome svg = hanji({"build", cv, "--format", "svg", "-o", path("out.svg")});
  ASSERT_EQ(svg.code, 0) << svg.err;
  EXPECT_TRUE(fs::exists(path("out-1.svg")));
  EXPECT_TRUE(fs::exists(path("out-2.svg")));
  EXPECT_FALSE(fs::exists(path("out.svg")));
  EXPECT_FALSE(fs::exists(path("out-3.svg"))) << "a page of an older build hanji wrote is removed";
  EXPECT_NE(read(path("out-1.svg")).find("<!-- made by hanji -->"), std::string::npos);

  write("out-3.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><!-- someone's drawing --></svg>");
  Outcome again = hanji({"build", cv, "--format", "svg", "-o", path("out.svg")});
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_TRUE(fs::exists(path("out-3.svg")));
  EXPECT_NE(again.err.find("out-3.svg is not a page hanji wrote"), std::string::npos) << again.err;

  Outcome to_stdout = hanji({"build", cv, "--format", "svg", "-o", "-"});
  EXPECT_EQ(to_stdout.code, hanji::cli::kBadUsage);
  EXPECT_NE(to_stdout.err.find("the CV has 2 pages"), std::string::npos) << to_stdout.err;
  const std::string one_page = write("one.yaml", "cv:\n  name: Jane Doe\n");
  Outcome single = hanji({"build", one_page, "--format", "svg", "-o", "-"});
  EXPECT_EQ(single.code, 0) << single.err;
  EXPECT_TRUE(single.out.starts_with("<?xml")) << single.out.substr(0, 100);
  // Glyphs from embedded fonts unless --svg-glyphs outlines says otherwise.
  EXPECT_NE(single.out.find("@font-face"), std::string::npos);
  EXPECT_EQ(single.out.find("<use "), std::string::npos);
  Outcome outlined = hanji({"build", one_page, "--format", "svg", "--svg-glyphs", "outlines", "-o", "-"});
  EXPECT_EQ(outlined.code, 0) << outlined.err;
  EXPECT_EQ(outlined.out.find("@font-face"), std::string::npos);
  EXPECT_NE(outlined.out.find("<use "), std::string::npos);

  Outcome png = hanji({"build", one_page, "--format", "png", "--dpi", "50"});
  ASSERT_EQ(png.code, 0) << png.err;
  const std::string picture = read(path("one-1.png"));
  EXPECT_TRUE(picture.starts_with("\x89PNG"));
  EXPECT_NE(picture.find(std::string("tEXtSoftware\0hanji", 18)), std::string::npos);
  EXPECT_EQ(hanji({"check", one_page, "--format", "svg"}).code, 0);
  EXPECT_FALSE(fs::exists(path("one-1.svg"))) << "check writes nothing";
}

TEST_F(Cli, DpiAndPageFormatsAreCheckedAsUsage) {
  const std::string cv = write("cv.yaml", "cv:\n  name: Jane Doe\n");
  for (const char* bad : {"35", "601", "150dpi", "-1"}) {
    Outcome o = hanji({"build", cv, "--format", "png", "--dpi", bad});
    EXPECT_EQ(o.code, hanji::cli::kBadUsage) << bad;
    EXPECT_NE(o.err.find("--dpi needs a whole number of dots per inch from 36 to 600"), std::string::npos) << o.err;
  }
  Outcome glyphs = hanji({"build", cv, "--format", "svg", "--svg-glyphs", "paths"});
  EXPECT_EQ(glyphs.code, hanji::cli::kBadUsage);
  EXPECT_NE(glyphs.err.find("--svg-glyphs must be fonts or outlines, not 'paths'"), std::string::npos) << glyphs.err;
  Outcome mismatch = hanji({"build", cv, "--format", "svg", "-o", path("cv.png")});
  EXPECT_EQ(mismatch.code, hanji::cli::kBadInput);
  EXPECT_NE(mismatch.err.find("names a PNG picture"), std::string::npos) << mismatch.err;
  // An SVG page is written only over a file that is one (or where nothing is).
  write("cv-1.svg", "not a picture");
  Outcome over = hanji({"build", cv, "--format", "svg"});
  EXPECT_EQ(over.code, hanji::cli::kBadInput);
  EXPECT_EQ(read(path("cv-1.svg")), "not a picture");
}

}  // namespace

namespace {

// ---- the plan of a build's outputs (issue 29) ---------------------------------------------

// One planned output (set member by member: GCC 12 sees the nested strings of a braced one as
// maybe uninitialised).
hanji::cli::PlannedOutput planned(const hanji::exports::Exporter* format, const std::string& path, bool from_file,
                                  int line = 0) {
  hanji::cli::PlannedOutput output;
  output.format = format;
  output.path = path;
  output.from_file = from_file;
  if (from_file) output.setting = "settings.render_command.pdf_path";
  if (line > 0) output.span = hanji::Span{"cv.yaml", line, 15};
  return output;
}

// real_location follows every link on the way, a link to nothing too (where a write would
// create the file), and takes `..` after the link before it, as the system does.
TEST_F(Cli, RealLocationFollowsLinksEvenToNothing) {
  fs::create_directories(path("inside/deep"));
  fs::create_directories(path("outside"));
  fs::create_symlink(path("outside/never.pdf"), path("inside/cv.pdf"));  // to nothing yet
  fs::create_symlink("../../outside", path("inside/deep/up"));
  const std::string outside = hanji::cli::real_location(path("outside"));
  EXPECT_EQ(hanji::cli::real_location(path("inside/cv.pdf")), outside + "/never.pdf");
  EXPECT_EQ(hanji::cli::real_location(path("inside/deep/up/../x.pdf")),
            hanji::cli::real_location(path(".")) + "/x.pdf");
  EXPECT_FALSE(hanji::cli::is_within(hanji::cli::real_location(path("inside/cv.pdf")),
                                     hanji::cli::real_location(path("inside"))));
  EXPECT_TRUE(hanji::cli::is_within(hanji::cli::real_location(path("inside/deep/a.pdf")),
                                    hanji::cli::real_location(path("inside"))));
}

// A CV file's own output outside rendercv_output/ replaces an existing file only with --force,
// or when this run wrote it (watch's second build over its first); inside rendercv_output/ it
// replaces freely; a link out of the CV's folder is outside.
TEST_F(Cli, ACvFilesOwnOutputsReplaceOnlyWhatTheRunWroteOrWithForce) {
  const std::string cv = write("cv.yaml", "cv:\n  name: A\n");
  write("mine.pdf", "%PDF-1.4 mine\n%%EOF\n");
  fs::create_directories(path("rendercv_output"));
  write("rendercv_output/A_CV.pdf", "%PDF-1.4 older\n%%EOF\n");
  const hanji::exports::Exporter& pdf = hanji::exports::default_exporter();
  const hanji::cli::PlannedOutput mine = planned(&pdf, path("mine.pdf"), true, 5);
  const hanji::cli::PlannedOutput own = planned(&pdf, path("rendercv_output/A_CV.pdf"), true);
  hanji::cli::OutputRefusal refusal;
  hanji::cli::PlanRules rules;
  EXPECT_FALSE(hanji::cli::check_plan({{mine.path, &mine}}, cv, {}, rules, refusal));
  EXPECT_NE(refusal.reason.find("outside rendercv_output/"), std::string::npos) << refusal.reason;
  EXPECT_EQ(refusal.at.line, 5);
  EXPECT_TRUE(hanji::cli::check_plan({{own.path, &own}}, cv, {}, rules, refusal)) << refusal.reason;
  const std::set<std::string> written{hanji::cli::real_location(path("mine.pdf"))};
  rules.written_before = &written;
  EXPECT_TRUE(hanji::cli::check_plan({{mine.path, &mine}}, cv, {}, rules, refusal)) << refusal.reason;
  rules = {true, false, nullptr};
  EXPECT_TRUE(hanji::cli::check_plan({{mine.path, &mine}}, cv, {}, rules, refusal)) << refusal.reason;
  // Two outputs on one file, and an output over an input, whoever asked for them.
  const hanji::cli::PlannedOutput named = planned(&pdf, path("new.pdf"), false);
  fs::create_symlink("new.pdf", path("alias.pdf"));
  EXPECT_FALSE(hanji::cli::check_plan({{path("new.pdf"), &named}, {path("alias.pdf"), &named}}, cv, {}, rules, refusal));
  EXPECT_NE(refusal.reason.find("are the same file"), std::string::npos) << refusal.reason;
  EXPECT_FALSE(hanji::cli::check_plan({{path("new.pdf"), &named}}, cv, {path("new.pdf")}, rules, refusal));
  EXPECT_NE(refusal.reason.find("a file the CV is made from"), std::string::npos) << refusal.reason;
}

// A page of an older build outside rendercv_output/ is removed only as a write there would be:
// with --force (or by the run that wrote it); else it stays, with a warning.
TEST_F(Cli, StalePagesOutsideRendercvOutputStayWithoutForce) {
  const std::string cv = std::string(HANJI_SOURCE_DIR) + "/samples/heungsub-lee.yaml";  // two pages
  write("cv.yaml", read(cv));
  Outcome first = hanji({"build", path("cv.yaml"), "--format", "svg", "-o", path("p.svg")});
  ASSERT_EQ(first.code, 0) << first.err;
  fs::copy_file(path("p-2.svg"), path("p_3.svg"));  // a page hanji wrote, named as RenderCV names pages
  const hanji::exports::Exporter* svg = hanji::exports::find_exporter("svg");
  ASSERT_NE(svg, nullptr);
  const hanji::cli::PlannedOutput pages = planned(svg, path("p.svg"), true);
  hanji::cli::OutputRefusal refusal;
  EXPECT_FALSE(hanji::cli::may_remove_stale_page(path("p_3.svg"), pages, path("cv.yaml"), {}, {}, {}, refusal));
  EXPECT_NE(refusal.reason.find("--force"), std::string::npos) << refusal.reason;
  EXPECT_TRUE(hanji::cli::may_remove_stale_page(path("p_3.svg"), pages, path("cv.yaml"), {}, {}, {true, false, nullptr},
                                                refusal));
  // Never one of the CV's inputs, even with --force.
  EXPECT_FALSE(hanji::cli::may_remove_stale_page(path("p_3.svg"), pages, path("cv.yaml"), {path("p_3.svg")}, {},
                                                 {true, true, nullptr}, refusal));
}


// ---- RenderCV's and resume-cli's commands ---------------------------------------------------

// `hanji render` is `rendercv render`: RenderCV's outputs in rendercv_output/ whatever the file
// says (PNG pages too), and each of its flags.
TEST_F(Cli, RenderWritesWhatRenderCvWrites) {
  const std::string cv = write("cv.yaml", "cv:\n  name: Jane Doe\n  email: jane@example.com\n");
  Outcome o = hanji({"render", cv});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.err, "");
  for (const char* file : {"Jane_Doe_CV.pdf", "Jane_Doe_CV.md", "Jane_Doe_CV_1.png"})
    EXPECT_TRUE(fs::exists(path(std::string("rendercv_output/") + file))) << file << "\n" << o.out;
  EXPECT_FALSE(fs::exists(path("cv.pdf")));
  // RenderCV's -o is the output folder; the short flags as its reference spells them.
  Outcome flags = hanji({"render", cv, "-o", "out", "-pdf", "OUTPUT_FOLDER/mine.pdf", "-nomd", "-nopng", "-nohtml",
                         "-typ", "cv.typ", "-html", "cv.html", "--cv.phone", "+1 415 555 0100"});
  ASSERT_EQ(flags.code, 0) << flags.err;
  EXPECT_EQ(flags.err, "") << "Typst and HTML paths are accepted in silence";
  EXPECT_TRUE(fs::exists(path("out/mine.pdf"))) << flags.out;
  EXPECT_FALSE(fs::exists(path("out/Jane_Doe_CV.md")));
  EXPECT_EQ(std::count(flags.out.begin(), flags.out.end(), '\n'), 1) << flags.out;
  // --verbose says what the Typst path does: nothing, at the flag.
  Outcome verbose = hanji({"render", cv, "-nopdf", "-nopng", "--typst-path", "cv.typ", "--verbose"});
  ASSERT_EQ(verbose.code, 0) << verbose.err;
  EXPECT_NE(verbose.err.find("--typst-path: detail: settings.render_command.typst_path is accepted and has nothing to do"),
            std::string::npos)
      << verbose.err;
  // -nopdf -nomd: only the Markdown off too, nothing written and said; --dont-generate-markdown long form.
  Outcome quiet = hanji({"render", cv, "-q", "--dont-generate-png", "--markdown-path", "notes/cv.md", "-nopdf"});
  ASSERT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_EQ(quiet.out, "");
  EXPECT_TRUE(fs::exists(path("notes/cv.md")));
  // RenderCV's usage errors are hanji's: one CV, a value after a path flag.
  EXPECT_EQ(hanji({"render"}).code, hanji::cli::kBadUsage);
  EXPECT_EQ(hanji({"render", cv, cv}).code, hanji::cli::kBadUsage);
  EXPECT_EQ(hanji({"render", cv, "--pdf-path"}).code, hanji::cli::kBadUsage);
  // Outside `render`, RenderCV's short flags are not hanji's.
  EXPECT_EQ(hanji({"build", cv, "-nomd"}).code, hanji::cli::kBadUsage);
}

// A path the command line names is the user's choice: it may lead out of the CV's folder, as -o
// may, where the CV file's own settings may not.
TEST_F(Cli, RenderPathsFromTheCommandLineMayLeaveTheCvsFolder) {
  fs::create_directories(dir_ / "cvs");
  const std::string cv = write("cvs/cv.yaml", rendercv_file("    dont_generate_markdown: true\n"));
  const std::string desk = path("desk/My CV.pdf");
  Outcome o = hanji({"render", cv, "--pdf-path", desk, "-nopng"});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(read(desk).rfind("%PDF-", 0), 0u) << o.out;
  // The same path in the file is refused.
  const std::string theirs = write("cvs/theirs.yaml", rendercv_file("    pdf_path: " + path("desk/theirs.pdf") + "\n"));
  Outcome refused = hanji({"build", theirs});
  EXPECT_EQ(refused.code, hanji::cli::kBadInput);
  EXPECT_NE(refused.err.find("leads outside the CV's folder"), std::string::npos) << refused.err;
  // --settings: RenderCV's settings from a file of their own.
  const std::string settings = write("settings.yaml", "settings:\n  render_command:\n    output_folder: from_settings\n"
                                                      "    dont_generate_png: true\n");
  Outcome given = hanji({"render", cv, "-s", settings});
  ASSERT_EQ(given.code, 0) << given.err;
  EXPECT_TRUE(fs::exists(path("cvs/from_settings/Jane_Doe_CV.pdf"))) << given.out;
}

TEST_F(Cli, UnknownCommandGetsTheNearestOne) {
  Outcome o = hanji({"rendr", "cv.yaml"});
  EXPECT_EQ(o.code, hanji::cli::kBadUsage);
  EXPECT_NE(o.err.find("unknown command 'rendr'"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("did you mean 'render'?"), std::string::npos) << o.err;
}

// Every stock RenderCV example builds without a word: the settings that hold RenderCV's
// defaults, or name outputs hanji does not write, are accepted in silence.
TEST_F(Cli, StockRenderCvExamplesBuildWithoutAWarning) {
  int seen = 0;
  for (const auto& entry : fs::directory_iterator(kRepo / "tests" / "data" / "rendercv")) {
    if (entry.path().extension() != ".yaml" || entry.path().stem() == "many-options") continue;
    ++seen;
    Outcome o = hanji({"check", entry.path().string()});
    EXPECT_EQ(o.code, 0) << entry.path() << o.err;
    EXPECT_EQ(o.err, "") << entry.path();
  }
  EXPECT_EQ(seen, 9);
}

// -q silences warnings, but never a character no font has (nor what runs off the page).
TEST_F(Cli, QuietKeepsWhatIsWrongOnThePage) {
  const std::string cv = write("glyph.yaml", "cv:\n  name: A\n  sections:\n    about:\n      - \"mail \u2709 me\"\n"
                                             "settings:\n  render_command:\n    watch_me: true\n");
  Outcome loud = hanji({"check", cv});
  EXPECT_NE(loud.err.find("watch_me is not a known setting"), std::string::npos) << loud.err;
  Outcome quiet = hanji({"check", cv, "-q"});
  EXPECT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_EQ(quiet.err.find("watch_me"), std::string::npos) << quiet.err;
  EXPECT_NE(quiet.err.find("U+2709"), std::string::npos) << quiet.err;
}

// Under watch, a setting hanji ignores is said on the first build, not on every save; what it
// is comes with the message (its kind), not from its words.
TEST_F(Cli, AnIgnoredSettingIsSaidOncePerRun) {
  hanji::Diagnostics diags;
  diags.ignored_setting(hanji::Span{"cv.yaml", 3, 5}, "settings.render_command.watch: a file does not start hanji watching");
  diags.warning(hanji::Span{"cv.yaml", 6, 5}, "an ordinary warning that happens to say it is ignored");
  diags.on_the_page(hanji::Span{"cv.yaml", 9, 5}, "no font has U+2709");
  std::set<std::string> said;
  std::ostringstream first, second;
  hanji::cli::print_diagnostics(diags, false, first, false, &said);
  hanji::cli::print_diagnostics(diags, false, second, false, &said);
  EXPECT_NE(first.str().find("hanji watching"), std::string::npos) << first.str();
  EXPECT_EQ(second.str().find("hanji watching"), std::string::npos) << second.str();
  EXPECT_NE(second.str().find("happens to say it is ignored"), std::string::npos) << second.str();
  EXPECT_NE(second.str().find("U+2709"), std::string::npos) << second.str();
}

// -q keeps a warning of what is on the page whatever its words, and drops any other warning
// even when its words look like one.
TEST_F(Cli, QuietGoesByTheKindOfAWarningNotItsWords) {
  hanji::Diagnostics diags;
  diags.on_the_page(hanji::Span{"cv.yaml", 2, 1}, "a thing only the page shows");
  diags.warning(hanji::Span{"cv.yaml", 4, 1}, "no font has a say in this");
  diags.ignored_setting(hanji::Span{"cv.yaml", 5, 1}, "design.x is ignored");
  std::ostringstream quiet;
  hanji::cli::print_diagnostics(diags, true, quiet);
  EXPECT_NE(quiet.str().find("only the page shows"), std::string::npos) << quiet.str();
  EXPECT_EQ(quiet.str().find("no font has a say"), std::string::npos) << quiet.str();
  EXPECT_EQ(quiet.str().find("design.x"), std::string::npos) << quiet.str();
}

// A line that cannot be broken to fit runs past the margin on the page: -q keeps it, as it
// keeps a missing character (before, -q dropped it: its words were not on the list).
TEST_F(Cli, QuietKeepsAnOverfullLine) {
  // A W at 200 pt is wider than a column of 153 pt: no break can help.
  const std::string cv = write("overfull.yaml", "cv:\n  name: W\nlayout:\n  page: {margin_left: 78mm, margin_right: 78mm}\n"
                                                "  entry: {aside_width: 20pt}\n  styles:\n    name: {size: 200}\n");
  Outcome quiet = hanji({"check", cv, "-q"});
  EXPECT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_NE(quiet.err.find("line overflows by"), std::string::npos) << quiet.err;
}

// Every message that says a file's setting is not followed is flagged as one where it is raised
// (the readers), so that watch and serve say it once a session: RenderCV's settings, design and
// locale keys, hanji's settings, a JSON Resume section, keys in an overlay file.
TEST_F(Cli, TheReadersFlagEveryIgnoredSetting) {
  const std::string rendercv = write("ignored.yaml",
                                     "cv:\n  name: A\n"
                                     "design:\n  theme: classic\n  no_such_key: 1\n"
                                     "locale_catalog:\n  no_such_word: x\n"
                                     "rendercv_settings:\n  render_command:\n    watch: true\n    no_such_command: 1\n");
  const std::string own = write("own.yaml", "cv:\n  name: A\nsettings:\n  no_such_setting: 1\n");
  const std::string json = write("resume.json", "{\"basics\": {\"name\": \"A\"}, \"no_such_section\": [], "
                                                "\"meta\": {\"theme\": \"no-such-theme\"}}");
  for (const std::string& file : {rendercv, own, json}) {
    hanji::Diagnostics diags;
    hanji::readers::load_cv(file, diags);
    int warnings = 0;
    for (const hanji::Diagnostic& d : diags.all()) {
      if (d.severity != hanji::Severity::Warning) continue;
      ++warnings;
      EXPECT_EQ(d.kind, hanji::Diagnostic::Kind::IgnoredSetting) << hanji::format_diagnostic(d);
    }
    EXPECT_GE(warnings, 1) << file;
  }
}

// RenderCV 1's locale_catalog.phone_number_format is RenderCV 2's
// design.header.connections.phone_number_format: the layout's header.phone_format, in silence.
TEST_F(Cli, RenderCv1sPhoneNumberFormatIsHonoured) {
  const std::string cv = write("v1.yaml", "cv:\n  name: Jane Doe\n  phone: \"+14155550100\"\n"
                                          "design:\n  theme: classic\n"
                                          "locale_catalog:\n  phone_number_format: E164\n");
  hanji::Diagnostics diags;
  const auto file = hanji::readers::load_cv(cv, diags);
  ASSERT_TRUE(file);
  EXPECT_EQ(diags.warning_count(), 0) << hanji::format_diagnostic(diags.all().front());
  const hanji::config::ConfigNode* header = file->layout_overrides.find("header");
  ASSERT_NE(header, nullptr);
  const hanji::config::ConfigNode* form = header->find("phone_format");
  ASSERT_NE(form, nullptr);
  EXPECT_EQ(form->scalar, "e164");
  // Built, the text export shows the number in that form (as written here), not RenderCV's
  // default national form.
  Outcome built = hanji({"build", cv, "--format", "txt", "-o", path("v1.txt")});
  ASSERT_EQ(built.code, 0) << built.err;
  EXPECT_NE(read(path("v1.txt")).find("+14155550100"), std::string::npos) << read(path("v1.txt"));
  EXPECT_EQ(read(path("v1.txt")).find("(415) 555-0100"), std::string::npos) << read(path("v1.txt"));
  // A form RenderCV does not have is said, and the theme's stays.
  const std::string odd = write("odd.yaml", "cv:\n  name: Jane Doe\n  phone: \"+14155550100\"\n"
                                           "design:\n  theme: classic\nlocale_catalog:\n  phone_number_format: local\n");
  Outcome warned = hanji({"check", odd});
  EXPECT_NE(warned.err.find("phone_number_format 'local' is not a form hanji knows"), std::string::npos) << warned.err;
}

// The text exports show the phone numbers as the PDF does (RenderCV's default: national), with
// or without a PDF beside them: they are written from the laid-out document (Needs::Document);
// only the link keeps the number whole (tel:+E164).
TEST_F(Cli, TextExportsShowThePhoneNumbersAsThePdfDoes) {
  const std::string cv = write("cv.yaml", "cv:\n  name: Jane Doe\n  phone: \"+14155550100\"\ndesign:\n  theme: classic\n");
  for (const std::string format : {"md", "txt"}) {
    const std::string out = path("alone." + format);
    Outcome alone = hanji({"build", cv, "--format", format, "-o", out});
    ASSERT_EQ(alone.code, 0) << alone.err;
    EXPECT_NE(read(out).find("(415) 555-0100"), std::string::npos) << format << ": " << read(out);
    EXPECT_EQ(read(out).find(" +14155550100"), std::string::npos) << format << ": " << read(out);
  }
  const fs::path before = fs::current_path();
  fs::current_path(dir_);
  Outcome both = hanji({"render", "cv.yaml"});  // RenderCV's outputs: the PDF, the Markdown, the PNG pages
  fs::current_path(before);
  ASSERT_EQ(both.code, 0) << both.err;
  const std::string markdown = read(path("rendercv_output/Jane_Doe_CV.md"));
  EXPECT_NE(markdown.find("(415) 555-0100"), std::string::npos) << markdown;
}

// RenderCV's `rendercv new "John Doe"`: a full name makes John_Doe_CV.yaml, with that name in it.
TEST_F(Cli, NewTakesAFullNameAsRenderCvDoes) {
  const fs::path before = fs::current_path();
  fs::current_path(dir_);
  Outcome made = hanji({"new", "John Doe"});
  Outcome again = hanji({"new", "John Doe"});
  Outcome korean = hanji({"new", "김 서연", "--lang", "ko"});
  fs::current_path(before);
  ASSERT_EQ(made.code, 0) << made.err;
  const std::string text = read(path("John_Doe_CV.yaml"));
  EXPECT_NE(text.find("\ncv:\n  name: \"John Doe\"\n"), std::string::npos) << text.substr(0, 800);
  EXPECT_EQ(again.code, hanji::cli::kBadInput) << "never over an existing file";
  EXPECT_EQ(read(path("John_Doe_CV.yaml")), text);
  ASSERT_EQ(korean.code, 0) << korean.err;
  EXPECT_NE(read(path("김_서연_CV.yaml")).find("name: \"김 서연\""), std::string::npos);
  Outcome built = hanji({"build", path("John_Doe_CV.yaml"), "-o", path("john.pdf")});
  EXPECT_EQ(built.code, 0) << built.err;
  EXPECT_EQ(built.err, "");
  // A file name is a file name.
  EXPECT_EQ(hanji::cli::starter_file_for("cv.yml"), "cv.yml");
  EXPECT_EQ(hanji::cli::starter_file_for("dir/cv.txt"), "dir/cv.txt");
  EXPECT_EQ(hanji::cli::starter_file_for("Jane Q. Public"), "Jane_Q._Public_CV.yaml");
}

// RenderCV's `rendercv new "John Doe" --theme THEME --locale LOCALE`: the starter takes that
// theme's look (design.theme) and that locale, builds without a word, and a misspelt name is
// refused with the nearest one; `create-theme NAME` writes a layout extending classic.
TEST_F(Cli, NewTakesRenderCvsThemeAndLocaleAndCreateThemeWritesALayout) {
  const fs::path before = fs::current_path();
  fs::current_path(dir_);
  Outcome made = hanji({"new", "John Doe", "--theme", "engineeringresumes", "--locale", "german",
                        "--create-typst-templates"});
  Outcome bad_theme = hanji({"new", "a.yaml", "--theme", "engineeringresume"});
  Outcome bad_locale = hanji({"new", "b.yaml", "--locale", "germna"});
  Outcome theme = hanji({"create-theme", "mine"});
  Outcome theme_again = hanji({"create-theme", "mine"});
  Outcome bad_name = hanji({"create-theme", "../x"});
  fs::current_path(before);
  ASSERT_EQ(made.code, 0) << made.err;
  EXPECT_NE(made.out.find("no Typst or Markdown templates"), std::string::npos) << made.out;
  const std::string text = read(path("John_Doe_CV.yaml"));
  EXPECT_NE(text.find("\ndesign:\n  theme: engineeringresumes\n"), std::string::npos) << text.substr(0, 900);
  EXPECT_EQ(text.find("\nlayout:"), std::string::npos) << "the theme replaces the layout block";
  EXPECT_NE(text.find("\nlocale: german\n"), std::string::npos);
  Outcome built = hanji({"build", path("John_Doe_CV.yaml"), "-o", path("john.pdf")});
  EXPECT_EQ(built.code, 0) << built.err;
  EXPECT_EQ(built.err, "");
  EXPECT_EQ(bad_theme.code, hanji::cli::kBadInput);
  EXPECT_NE(bad_theme.err.find("did you mean 'engineeringresumes'"), std::string::npos) << bad_theme.err;
  EXPECT_FALSE(fs::exists(path("a.yaml")));
  EXPECT_EQ(bad_locale.code, hanji::cli::kBadInput);
  EXPECT_NE(bad_locale.err.find("did you mean 'german'"), std::string::npos) << bad_locale.err;
  ASSERT_EQ(theme.code, 0) << theme.err;
  EXPECT_NE(read(path("mine.yaml")).find("extends: classic"), std::string::npos);
  EXPECT_EQ(theme_again.code, hanji::cli::kBadInput) << "never over an existing file";
  EXPECT_EQ(bad_name.code, hanji::cli::kBadUsage);
  Outcome with_theme = hanji({"build", path("John_Doe_CV.yaml"), "--layout", "mine", "-o", path("mine.pdf")});
  EXPECT_EQ(with_theme.code, 0) << with_theme.err;
  EXPECT_EQ(with_theme.err, "");
}

}  // namespace

namespace {

// resume-cli's `resume init`, `resume validate` and `resume export`, with resume.json in the
// current folder by default, as resume-cli reads it.
TEST_F(Cli, JsonResumesCommandsRunOnHanji) {
  const fs::path before = fs::current_path();
  fs::current_path(dir_);
  Outcome init = hanji({"init"});
  Outcome init_again = hanji({"init"});
  Outcome valid = hanji({"validate"});
  Outcome exported = hanji({"export", "mine.pdf"});
  Outcome themed = hanji({"export", "paper", "--theme", "jsonresume-theme-paper", "-f", "txt"});
  fs::current_path(before);
  ASSERT_EQ(init.code, 0) << init.err;
  EXPECT_EQ(read(path("resume.json")).rfind("{", 0), 0u);
  EXPECT_NE(read(path("resume.json")).find("\"basics\""), std::string::npos);
  EXPECT_EQ(init_again.code, hanji::cli::kBadInput) << "never over an existing file";
  EXPECT_EQ(valid.code, 0) << valid.err;
  EXPECT_EQ(valid.err, "");
  ASSERT_EQ(exported.code, 0) << exported.err;
  EXPECT_EQ(exported.err, "");
  EXPECT_EQ(read(path("mine.pdf")).rfind("%PDF-", 0), 0u);
  ASSERT_EQ(themed.code, 0) << themed.err;
  EXPECT_TRUE(fs::exists(path("paper.txt"))) << "the format's extension after a bare name";
  // An invalid resume: exit 1, as resume-cli's validate.
  const std::string broken = write("broken.json", "{\"basics\": {\"name\": \"A\"}, \"work\": [{\"startDate\": \"soon\"}]}");
  Outcome invalid = hanji({"validate", broken});
  EXPECT_EQ(invalid.code, hanji::cli::kBadInput) << invalid.err;
  EXPECT_NE(invalid.err.find("1 warning; " + broken + " does not validate"), std::string::npos) << invalid.err;
  EXPECT_EQ(hanji({"check", broken}).code, 0) << "check takes what it can read";
  EXPECT_EQ(hanji({"validate", write("not.json", "{\"basics\": ")}).code, hanji::cli::kBadInput);
  Outcome resume_flag = hanji({"validate", "--resume", path("resume.json")});
  EXPECT_EQ(resume_flag.code, 0) << resume_flag.err;
}

// --theme: a known JSON Resume theme is set in the layout most like it; any other in classic,
// with one warning naming it.
TEST_F(Cli, JsonResumeThemesMapToLayouts) {
  EXPECT_EQ(hanji::cli::layout_for_theme("even"), "classic");
  EXPECT_EQ(hanji::cli::layout_for_theme("jsonresume-theme-elegant"), "sidebar");
  EXPECT_EQ(hanji::cli::layout_for_theme("macchiato"), "timeline");
  EXPECT_EQ(hanji::cli::layout_for_theme("paper"), "serif");
  EXPECT_FALSE(hanji::cli::layout_for_theme("my-own-theme"));
  // Every layout the table names is one hanji has.
  const std::vector<std::string> layouts = layout_names();
  for (const char* theme : {"even", "class", "elegant", "flat", "kendall", "macchiato", "onepage", "paper",
                            "stackoverflow", "modern", "caffeine", "slick", "professional", "short", "spartacus"}) {
    const std::optional<std::string> layout = hanji::cli::layout_for_theme(theme);
    ASSERT_TRUE(layout) << theme;
    EXPECT_NE(std::find(layouts.begin(), layouts.end(), *layout), layouts.end()) << theme << " -> " << *layout;
  }
  const std::string resume = (kRepo / "samples" / "json-resume.json").string();
  Outcome unknown = hanji({"export", path("cv.pdf"), "--resume", resume, "--theme", "my-own-theme"});
  EXPECT_EQ(unknown.code, 0) << unknown.err;
  EXPECT_NE(unknown.err.find("warning: the JSON Resume theme 'my-own-theme' has no hanji look-alike: set in classic"),
            std::string::npos)
      << unknown.err;
  Outcome elegant = hanji({"export", path("elegant.pdf"), "-r", resume, "-t", "elegant"});
  EXPECT_EQ(elegant.code, 0) << elegant.err;
  EXPECT_EQ(elegant.err, "");
  // The layout it picked is in the PDF's words: sidebar's differs from classic's.
  EXPECT_NE(read(path("elegant.pdf")), read(path("cv.pdf")));
}

}  // namespace

namespace {

// `hanji new --lang ko,en`: one starter in both languages, which `hanji languages` lists and
// each --lang builds without a warning; en,ko puts English first (the default).
TEST_F(Cli, NewWritesAStarterInTwoLanguages) {
  for (const std::string pair : {"ko,en", "en,ko"}) {
    const std::string cv = path(pair == "ko,en" ? "both.yaml" : "english-first.yaml");
    Outcome made = hanji({"new", cv, "--lang", pair});
    ASSERT_EQ(made.code, 0) << made.err;
    Outcome languages = hanji({"languages", cv});
    EXPECT_EQ(languages.out, pair == "ko,en" ? "ko\nen\n" : "en\nko\n") << languages.err;
    for (const std::string language : {"ko", "en"}) {
      Outcome built = hanji({"build", cv, "--lang", language, "-o", path(pair + "-" + language + ".pdf")});
      EXPECT_EQ(built.code, 0) << built.err;
      EXPECT_EQ(built.err, "") << pair << " --lang " << language;
    }
    // The text of each language, with no --lang: the first one written.
    Outcome text = hanji({"build", cv, "--format", "txt", "-o", "-"});
    EXPECT_NE(text.out.find(pair == "ko,en" ? "김서연" : "Seoyeon Kim"), std::string::npos) << text.out.substr(0, 300);
  }
  EXPECT_NE(read(path("english-first.yaml")).find("name: {en: Seoyeon Kim, ko: 김서연}"), std::string::npos);
  // One language a build: a pair is `new`'s alone.
  Outcome pair = hanji({"build", path("both.yaml"), "--lang", "ko,en"});
  EXPECT_EQ(pair.code, hanji::cli::kBadUsage);
  EXPECT_NE(pair.err.find("--lang sets one language"), std::string::npos) << pair.err;
}

}  // namespace

namespace {

// Every flag of RenderCV's render command, long and short, becomes the setting RenderCV's own
// flag sets (settings.render_command.KEY), named after the long flag in messages.
TEST_F(Cli, EveryRenderCvFlagIsTaken) {
  const std::vector<std::tuple<std::string, std::string, std::string, bool>> flags = {
      {"--output-folder", "-o", "output_folder", true},       {"--pdf-path", "-pdf", "pdf_path", true},
      {"--typst-path", "-typ", "typst_path", true},           {"--markdown-path", "-md", "markdown_path", true},
      {"--html-path", "-html", "html_path", true},            {"--png-path", "-png", "png_path", true},
      {"--dont-generate-pdf", "-nopdf", "dont_generate_pdf", false},
      {"--dont-generate-typst", "-notyp", "dont_generate_typst", false},
      {"--dont-generate-markdown", "-nomd", "dont_generate_markdown", false},
      {"--dont-generate-html", "-nohtml", "dont_generate_html", false},
      {"--dont-generate-png", "-nopng", "dont_generate_png", false}};
  for (const auto& [long_name, short_name, key, takes_path] : flags)
    for (const std::string& spelling : {long_name, short_name}) {
      std::vector<std::string> args = {"hanji", "render", "cv.yaml", spelling};
      if (takes_path) args.push_back("some/path");
      std::string error;
      const std::optional<hanji::cli::Options> opt = hanji::cli::parse_command_line(args, error);
      ASSERT_TRUE(opt) << spelling << ": " << error;
      ASSERT_EQ(opt->overrides.size(), 1u) << spelling;
      EXPECT_EQ(opt->overrides[0].key, "settings.render_command." + key);
      EXPECT_EQ(opt->overrides[0].value, takes_path ? "some/path" : "true");
      EXPECT_EQ(opt->overrides[0].origin, long_name);
    }
  std::string error;
  for (const char* watch : {"-w", "--watch"}) {
    const auto opt = hanji::cli::parse_command_line({"hanji", "render", "cv.yaml", watch}, error);
    ASSERT_TRUE(opt) << error;
    EXPECT_TRUE(opt->watch);
  }
  const auto files = hanji::cli::parse_command_line(
      {"hanji", "render", "cv.yaml", "-d", "d.yaml", "-lc", "l.yaml", "-s", "s.yaml", "--cv.phone", "+1 415 555 0100",
       "--design.theme", "sb2nov", "--quiet"},
      error);
  ASSERT_TRUE(files) << error;
  EXPECT_EQ(files->design_file, "d.yaml");
  EXPECT_EQ(files->locale_file, "l.yaml");
  EXPECT_EQ(files->settings_file, "s.yaml");
  EXPECT_TRUE(files->quiet);
  ASSERT_EQ(files->overrides.size(), 2u);
  EXPECT_EQ(files->overrides[0].key, "cv.phone");
  EXPECT_EQ(files->overrides[1].key, "design.theme");
}

// ---------------------------------------------------------------- 자기소개서 (issue 32)

// Question 2's answer is 12 characters with spaces ("가나다 라마바 사아자차"), over its max of 10.
const std::string kOverLimit =
    "cv:\n"
    "  name: 홍길동\n"
    "self_introduction:\n"
    "  company: 예시 주식회사\n"
    "  questions:\n"
    "    - title: 성장과정\n"
    "      limit: {max: 500}\n"
    "      answer: |\n"
    "        첫 문단은 **굵게**, [링크](https://example.com)는 글자만.\n"
    "\n"
    "        - 항목 하나\n"
    "        - 항목 둘\n"
    "    - title: 지원동기\n"
    "      limit: {max: 10, unit: chars}\n"
    "      answer: 가나다 라마바 사아자차\n";

// The lines under "N. TITLE" up to the next blank line or the end: one answer as written.
std::string answer_in_text(const std::string& text, const std::string& heading) {
  size_t at = text.find("\n" + heading + "\n");
  if (at == std::string::npos) return "<no heading " + heading + ">";
  at += heading.size() + 2;
  size_t end = text.find("\n\n", at);
  if (end == std::string::npos) end = text.size();
  std::string answer = text.substr(at, end - at);
  while (!answer.empty() && answer.back() == '\n') answer.pop_back();
  return answer;
}

TEST_F(Cli, AnAnswerOverItsLimitIsAnErrorAtItsLine) {
  Outcome o = expect_rejected(kOverLimit, "answer to question 2 is 12 characters (with spaces), 2 over the limit of 10");
  EXPECT_NE(o.err.find("cv.yaml:15:15: error:"), std::string::npos) << o.err;
  // check says the same
  Outcome check = hanji({"check", path("cv.yaml")});
  EXPECT_EQ(check.code, hanji::cli::kBadInput);
  EXPECT_NE(check.err.find("2 over the limit of 10"), std::string::npos) << check.err;
}

TEST_F(Cli, AllowOverBuildsADraftWithAWarning) {
  std::string cv = write("cv.yaml", kOverLimit);
  Outcome o = hanji({"build", cv, "-o", path("cv.pdf"), "--allow-over"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.err.find("cv.yaml:15:15: warning: answer to question 2"), std::string::npos) << o.err;
  EXPECT_TRUE(fs::exists(path("cv.pdf")));
}

TEST_F(Cli, CountPrintsEveryUnitAndFailsWhenOneIsOver) {
  std::string cv = write("cv.yaml", kOverLimit);
  Outcome o = hanji({"count", cv});
  EXPECT_EQ(o.code, hanji::cli::kBadInput) << o.err;
  // Korean without `locale:`: its answers are in Hangul.
  EXPECT_NE(o.out.find("자기소개서 — 예시 주식회사"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("10 chars: 2 over"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("1 answer is over its limit"), std::string::npos) << o.out;
  Outcome json = hanji({"count", cv, "--format", "json"});
  EXPECT_EQ(json.code, hanji::cli::kBadInput);
  // "가나다 라마바 사아자차": 12 chars, 10 without spaces, 22 CP949 bytes, 32 UTF-8 bytes (python3)
  for (const char* field : {"\"chars\": 12", "\"chars_no_spaces\": 10", "\"bytes_euc_kr\": 22", "\"bytes_utf8\": 32",
                            "\"over\": 2"})
    EXPECT_NE(json.out.find(field), std::string::npos) << field << "\n" << json.out;
  std::string fits = kOverLimit;
  fits.replace(fits.find("max: 10,"), 8, "max: 12,");
  EXPECT_EQ(hanji({"count", write("fits.yaml", fits)}).code, 0);
  Outcome none = hanji({"count", write("plain.yaml", "cv:\n  name: J\n")});
  EXPECT_EQ(none.code, hanji::cli::kBadInput);
  EXPECT_NE(none.err.find("has no self_introduction"), std::string::npos) << none.err;
}

TEST_F(Cli, TextFormatWritesTheVeryAnswersThatWereCounted) {
  std::string fits = kOverLimit;
  fits.replace(fits.find("max: 10,"), 8, "max: 12,");
  std::string cv = write("cv.yaml", fits);
  Outcome o = hanji({"build", cv, "--format", "txt", "-o", path("cv.txt")});
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string text = read(path("cv.txt"));
  hanji::Diagnostics diags;
  std::optional<hanji::model::CvFile> file = hanji::readers::load_cv(cv, diags);
  ASSERT_TRUE(file && file->self_introduction);
  const auto& questions = file->self_introduction->questions;
  EXPECT_EQ(answer_in_text(text, "1. 성장과정"), hanji::count::paste_text(questions[0])) << text;
  EXPECT_EQ(answer_in_text(text, "2. 지원동기"), hanji::count::paste_text(questions[1])) << text;
  EXPECT_EQ(answer_in_text(text, "1. 성장과정"), "첫 문단은 굵게, 링크는 글자만.\n- 항목 하나\n- 항목 둘");
  // The typeset 자기소개서 is not written twice: its answers appear once, as their paste text.
  const std::string once = "첫 문단은 굵게";
  EXPECT_EQ(text.find(once), text.rfind(once)) << text;
}

// ---- One application, each part a file of its own (--split), and the bound file's page labels.

std::string command_output(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen((command + " 2>/dev/null").c_str(), "r"), pclose);
  std::string text;
  if (!pipe) return text;
  char buffer[4096];
  for (std::size_t got; (got = fread(buffer, 1, sizeof buffer, pipe.get())) > 0;) text.append(buffer, got);
  return text;
}

int pdf_pages(const std::string& pdf) {
  const std::string info = command_output("pdfinfo '" + pdf + "'");
  const std::size_t at = info.find("Pages:");
  return at == std::string::npos ? -1 : std::stoi(info.substr(at + 6));
}

// The page labels as qpdf reads them, one "index style prefix" line each.
std::string page_labels(const std::string& pdf) {
  return command_output("qpdf --json '" + pdf + "' | " + python() +
                        " -c \"import json,sys; d=json.load(sys.stdin); "
                        "[print(l['index'], l['label'].get('/S'), l['label'].get('/P', '')) for l in d['pagelabels']]\"");
}

TEST_F(Cli, SplitWritesEachPartAsAWholePdfOfItsOwn) {
  const std::string app = (kRepo / "samples" / "letter-en.yaml").string();
  ASSERT_EQ(hanji({"build", app, "-q", "-o", path("app.pdf")}).code, 0);
  Outcome split = hanji({"build", app, "--split", "-o", path("app.pdf")});
  ASSERT_EQ(split.code, 0) << split.err;
  EXPECT_NE(split.out.find("app-letter.pdf"), std::string::npos) << split.out;
  ASSERT_TRUE(fs::exists(path("app-letter.pdf")));
  ASSERT_TRUE(fs::exists(path("app-cv.pdf")));
  EXPECT_FALSE(fs::exists(path("app-self-introduction.pdf"))) << "the application has no 자기소개서";
  const int letter = pdf_pages(path("app-letter.pdf")), cv = pdf_pages(path("app-cv.pdf"));
  EXPECT_GE(letter, 1);
  EXPECT_GE(cv, 1);
  EXPECT_EQ(letter + cv, pdf_pages(path("app.pdf"))) << "the same pages as the bound file";
  // The CV's file is the CV as it is built alone: the same pages, bookmarks and structure.
  ASSERT_EQ(hanji({"build", (kRepo / "samples" / "heungsub-lee.yaml").string(), "-q", "-o", path("alone.pdf")}).code, 0);
  EXPECT_EQ(read(path("app-cv.pdf")), read(path("alone.pdf")));
  EXPECT_EQ(std::system(("qpdf --check '" + path("app-letter.pdf") + "' >/dev/null").c_str()), 0);
  // Without -o: beside the application, named after it.
  const std::string copy = write("application.yaml", read(app));
  fs::copy_file(kRepo / "samples" / "heungsub-lee.yaml", dir_ / "heungsub-lee.yaml");
  ASSERT_EQ(hanji({"build", copy, "--split", "-q"}).code, 0);
  EXPECT_TRUE(fs::exists(path("application-letter.pdf")));
  EXPECT_TRUE(fs::exists(path("application-cv.pdf")));
  EXPECT_EQ(hanji({"build", copy, "--split", "-o", "-"}).code, hanji::cli::kBadUsage);
}

TEST_F(Cli, ABoundApplicationsPagesAreLabelledByPart) {
  if (std::system("command -v qpdf >/dev/null") != 0) GTEST_SKIP() << "qpdf is not installed";
  const std::string letter_app = (kRepo / "samples" / "letter-en.yaml").string();
  ASSERT_EQ(hanji({"build", letter_app, "-q", "-o", path("app.pdf")}).code, 0);
  const int letter_pages = [&] {
    hanji({"build", letter_app, "--split", "-q", "-o", path("app.pdf")});
    return pdf_pages(path("app-letter.pdf"));
  }();
  // The letter's pages "Cover letter 1", … as its footer numbers them ("1 / 2"); the CV's from 1.
  EXPECT_EQ(page_labels(path("app.pdf")), fmt::format("0 /D u:Cover letter \n{} /D \n", letter_pages));
  EXPECT_EQ(page_labels(path("app-cv.pdf")), "") << "one part alone: no labels";
  const std::string korean = (kRepo / "samples" / "self-introduction-ko.yaml").string();
  ASSERT_EQ(hanji({"build", korean, "-q", "-o", path("ko.pdf")}).code, 0);
  const std::string labels = page_labels(path("ko.pdf"));
  EXPECT_EQ(labels.rfind("0 /D \n", 0), 0u) << labels;
  EXPECT_NE(labels.find(" /D u:자기소개서 \n"), std::string::npos) << labels;
  EXPECT_EQ(std::system(("qpdf --check '" + path("ko.pdf") + "' >/dev/null").c_str()), 0);
}


// The text of a PDF as poppler reads it.
std::string pdf_text(const std::string& pdf) { return command_output("pdftotext -layout '" + pdf + "' -"); }

// --set and --only reach the parts of an application: the letter's keys, the named CV's entries.
TEST_F(Cli, SetAndOnlyTailorAnApplication) {
  write("cv.yaml",
        "cv:\n  name: Jane Doe\n  sections:\n    experience:\n"
        "      - {company: Backend Works, position: Engineer, start_date: 2020-01, tags: [backend]}\n"
        "      - {company: Mobile House, position: Developer, start_date: 2018-01, tags: [mobile]}\n");
  const std::string app = write("application.yaml",
                                "cv: cv.yaml\nletter:\n  recipient: {name: Dr Smith, company: Initech}\n"
                                "  salutation: Dear Dr Smith,\n  body: I apply.\n  closing: Yours,\n");
  Outcome set = hanji({"build", app, "-q", "--set", "letter.recipient.company=ACME Rockets", "-o", path("set.pdf")});
  ASSERT_EQ(set.code, 0) << set.err;
  const std::string text = pdf_text(path("set.pdf"));
  EXPECT_NE(text.find("ACME Rockets"), std::string::npos) << text;
  EXPECT_EQ(text.find("Initech"), std::string::npos) << text;
  Outcome only = hanji({"build", app, "-q", "--only", "backend", "-o", path("only.pdf")});
  ASSERT_EQ(only.code, 0) << only.err;
  const std::string kept = pdf_text(path("only.pdf"));
  EXPECT_NE(kept.find("Backend Works"), std::string::npos) << kept;
  EXPECT_EQ(kept.find("Mobile House"), std::string::npos) << kept;
  EXPECT_NE(kept.find("I apply."), std::string::npos) << "the letter is still there: " << kept;
  Outcome wrong = hanji({"build", app, "--set", "letter.recipent.name=X", "-o", path("wrong.pdf")});
  EXPECT_EQ(wrong.code, hanji::cli::kBadInput);
  EXPECT_NE(wrong.err.find("did you mean 'recipient'?"), std::string::npos) << wrong.err;
}

// `--recipients LIST`: one letter a recipient, each with its keys set over the application's
// letter, into the file its output: names beside the list; the list's mistakes are refused at
// their line and column before anything is written.
TEST_F(Cli, RecipientsWriteOneNamedLetterEach) {
  write("cv.yaml", "cv:\n  name: Jane Doe\n  sections:\n    summary:\n      - I build things.\n");
  const std::string app = write("application.yaml",
                                "cv: cv.yaml\nparts: [letter]\nletter:\n  recipient: {name: Somebody, company: Somewhere}\n"
                                "  salutation: Dear Somebody,\n  body: The letter's own body.\n  closing: Yours,\n");
  fs::create_directory(dir_ / "letters");
  const std::string list = write("letters/recipients.yaml",
                                 "- output: acme.pdf\n"
                                 "  recipient: {name: Ms Ada Lovelace, company: ACME Ltd, address: [1 Main Street, London]}\n"
                                 "  salutation: Dear Ms Lovelace,\n"
                                 "- output: globex.pdf\n"
                                 "  recipient: {name: Mr Hank Scorpio, company: Globex}\n"
                                 "  subject: Staff Engineer\n"
                                 "  body: [I would like to join Globex., A second paragraph.]\n");
  Outcome built = hanji({"build", app, "--recipients", list, "-j", "2"});
  ASSERT_EQ(built.code, 0) << built.err;
  const std::string acme = pdf_text(path("letters/acme.pdf")), globex = pdf_text(path("letters/globex.pdf"));
  EXPECT_NE(acme.find("Ms Ada Lovelace"), std::string::npos) << acme;
  EXPECT_NE(acme.find("1 Main Street"), std::string::npos) << acme;
  EXPECT_NE(acme.find("Dear Ms Lovelace,"), std::string::npos) << acme;
  EXPECT_NE(acme.find("The letter's own body."), std::string::npos) << "what the list does not set stays: " << acme;
  EXPECT_NE(globex.find("Globex"), std::string::npos) << globex;
  EXPECT_NE(globex.find("A second paragraph."), std::string::npos) << globex;
  EXPECT_EQ(globex.find("The letter's own body."), std::string::npos) << globex;
  EXPECT_EQ(globex.find("Ms Ada Lovelace"), std::string::npos) << "each recipient its own letter";
  EXPECT_EQ(pdf_pages(path("letters/acme.pdf")), 1);
  // Mistakes in the list: at their line and column, and nothing written.
  const std::string bad = write("letters/bad.yaml", "- output: one.pdf\n- output: one.pdf\n- subject: no output\n");
  Outcome refused = hanji({"build", app, "--recipients", bad});
  EXPECT_EQ(refused.code, hanji::cli::kBadInput);
  EXPECT_NE(refused.err.find("bad.yaml:2:11: error: one.pdf is written for an earlier recipient too"), std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find("bad.yaml:3:3: error: recipient 3 has no output:"), std::string::npos) << refused.err;
  EXPECT_FALSE(fs::exists(path("letters/one.pdf")));
  const std::string typo = write("letters/typo.yaml", "- output: typo.pdf\n  subjcet: X\n");
  Outcome located = hanji({"build", app, "--recipients", typo});
  EXPECT_EQ(located.code, hanji::cli::kBadInput);
  EXPECT_NE(located.err.find("typo.yaml:2:"), std::string::npos) << located.err;
  EXPECT_NE(located.err.find("did you mean 'subject'?"), std::string::npos) << located.err;
  EXPECT_EQ(hanji({"build", app, "--recipients", list, "-o", path("x.pdf")}).code, hanji::cli::kBadUsage);
  EXPECT_EQ(hanji({"check", app, "--recipients", list}).code, hanji::cli::kBadUsage);
}

}  // namespace
