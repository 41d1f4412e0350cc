// cli: what ends a run from outside. While a SignalGuard lives:
//   - SIGPIPE and SIGXFSZ are ignored, so a closed pipe or a file-size limit (ulimit -f)
//     makes the write fail with EPIPE or EFBIG, which the run reports as an error (exit 1)
//     instead of dying silently with a temporary file left behind;
//   - SIGHUP, SIGINT, SIGTERM and SIGQUIT are blocked in every thread and taken by one thread
//     of the guard's own, which removes the run's temporary files (no rename can happen after
//     that), says on stderr what stopped the run, and ends it: after SIGHUP (the terminal
//     closed) with exit status 1 like any other error; after SIGINT, SIGTERM or SIGQUIT by
//     the signal itself, as shells expect, so that `for f in *.yaml; do hanji build $f; done`
//     stops at Ctrl-C.
// SIGKILL cannot be caught; nothing can clean up after it.
#pragma once

#include <pthread.h>

#include <thread>

#include "cli/output.h"

namespace hanji::cli {

class SignalGuard {
 public:
  SignalGuard();
  ~SignalGuard();
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

  /// Where a run registers its temporary files, for the guard to remove.
  TempFiles& temp_files() { return temp_files_; }

 private:
  void wait_for_signals();
  [[noreturn]] void stop_run(int signal);

  TempFiles temp_files_;
  sigset_t watched_{};
  sigset_t saved_mask_{};
  std::thread waiter_;
};

}  // namespace hanji::cli
