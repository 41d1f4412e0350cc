#include "cli/signals.h"

#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <mutex>
#include <string>

namespace hanji::cli {
namespace {

// Sent by the guard's destructor to its own thread: the run is over, stop waiting.
constexpr int kStopWaiting = SIGUSR2;

const char* why(int signal) {
  switch (signal) {
    case SIGHUP: return "the terminal closed (SIGHUP)";
    case SIGINT: return "interrupted (SIGINT)";
    case SIGTERM: return "terminated (SIGTERM)";
    case SIGQUIT: return "quit (SIGQUIT)";
  }
  return "stopped by a signal";
}

// write(2), not a stream: the main thread may hold the stream's lock at this moment.
void say(const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(STDERR_FILENO, text.data() + done, text.size() - done);
    if (n <= 0) return;  // stderr closed as well: the exit status alone tells
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

SignalGuard::SignalGuard() {
  ::signal(SIGPIPE, SIG_IGN);
  ::signal(SIGXFSZ, SIG_IGN);
  sigemptyset(&watched_);
  for (int sig : {SIGHUP, SIGINT, SIGTERM, SIGQUIT, kStopWaiting}) sigaddset(&watched_, sig);
  ::pthread_sigmask(SIG_BLOCK, &watched_, &saved_mask_);  // threads made from now on inherit it
  waiter_ = std::thread([this] { wait_for_signals(); });
}

SignalGuard::~SignalGuard() {
  ::pthread_kill(waiter_.native_handle(), kStopWaiting);
  waiter_.join();
  ::pthread_sigmask(SIG_SETMASK, &saved_mask_, nullptr);
}

void SignalGuard::wait_for_signals() {
  for (;;) {
    int signal = 0;
    if (::sigwait(&watched_, &signal) != 0) continue;
    if (signal == kStopWaiting) return;
    stop_run(signal);
  }
}

void SignalGuard::stop_run(int signal) {
  std::unique_lock<std::mutex> hold;
  const TempFiles::Removal removal = temp_files_.remove_all(hold);  // and no rename after this
  say(std::string("hanji: error: ") + why(signal) +
      (removal.committed ? "; the files written before it stay as they are\n" : "; nothing was written\n"));
  if (signal == SIGHUP) ::_exit(1);
  // Die of the signal itself: unblock it with its default action in this thread and raise it.
  ::signal(signal, SIG_DFL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signal);
  ::pthread_sigmask(SIG_UNBLOCK, &only, nullptr);
  ::raise(signal);
  ::_exit(128 + signal);  // not reached
}

}  // namespace hanji::cli
