// For end-to-end tests of the commands that keep running (`hanji watch`, `hanji serve`): the
// real binary in the background, what it says on stdout and stderr read through a pipe, and
// stopped (SIGTERM) when the test is done with it.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

class RunningHanji {
 public:
  /// Runs HANJI_BINARY with `args` (after the program name) in the folder `dir` ("": here).
  explicit RunningHanji(std::vector<std::string> args, const std::string& dir = "") {
    int fds[2];
    if (pipe(fds) != 0) return;
    args.insert(args.begin(), HANJI_BINARY);
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], 1);
      dup2(fds[1], 2);
      close(fds[0]);
      close(fds[1]);
      if (!dir.empty() && chdir(dir.c_str()) != 0) _exit(127);
      std::vector<char*> argv;
      for (std::string& arg : args) argv.push_back(arg.data());
      argv.push_back(nullptr);
      execv(HANJI_BINARY, argv.data());
      _exit(127);
    }
    close(fds[1]);
    fd_ = fds[0];
  }
  RunningHanji(const RunningHanji&) = delete;
  RunningHanji& operator=(const RunningHanji&) = delete;
  pid_t pid() const { return pid_; }
  ~RunningHanji() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    if (fd_ >= 0) close(fd_);
  }

  /// Everything said until a line holding `needle` (and that line); "" if it stopped or said
  /// nothing for 60 s (a hang guard for a busy machine, not a time the test expects).
  std::string until(const std::string& needle) {
    for (;;) {
      if (std::size_t at = seen_.find(needle); at != std::string::npos) {
        const std::size_t end = seen_.find('\n', at);
        if (end != std::string::npos) {
          std::string said = seen_.substr(0, end + 1);
          seen_.erase(0, end + 1);
          return said;
        }
      }
      pollfd waiting{fd_, POLLIN, 0};
      if (poll(&waiting, 1, 60000) <= 0) return "";
      char buffer[4096];
      const ssize_t n = read(fd_, buffer, sizeof buffer);
      if (n <= 0) return "";
      seen_.append(buffer, static_cast<std::size_t>(n));
    }
  }

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string seen_;
};
