// The preview's HTTP server, bounded: httplib's routes and request parsing, but its own
// connection handling, so that no client can stall or bloat it.
//
// httplib (0.11) gives each connection a worker from an unbounded queue for its whole life,
// reads with a timeout per recv() (a client sending a byte every 3 s holds its worker for
// ever) and reads a refused body to its end. Here one thread (run()) accepts connections and
// reads every request itself, without blocking, until the request is whole: its head, and its
// body as Content-Length says. Only a whole request goes to a worker, which answers it from
// memory; a client that is slow to send costs a buffer, never a worker, and is dropped when
// its deadline passes. Past each bound the answer is 503 with Retry-After, at once:
//   - connections open at once (reading, waiting or being answered);
//   - whole requests waiting for a worker;
//   - long-lived answers (event streams), which hold a worker each: the workers for them are
//     counted apart, so streams can never take the workers that answer everything else.
// A head or body past its size is refused (431, 413) before it is read; the refused client's
// bytes are read and dropped for a moment so that it sees the answer rather than a reset.
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace hanji::cli {

struct ServerLimits {
  std::size_t workers = 6;          // threads answering ordinary requests
  std::size_t streams = 16;         // event streams open at once (each holds a thread of its own)
  std::size_t connections = 128;    // connections open at once, in every state
  std::size_t waiting = 64;         // whole requests waiting for a worker
  std::size_t head_bytes = 16384;   // request line and headers
  std::size_t body_bytes = 65536;   // a request's body
  std::chrono::milliseconds request_deadline{10000};  // from a connection (or its last answer) to a whole request
  std::chrono::milliseconds write_deadline{10000};    // for each piece of an answer a client must take
  int retry_after_s = 2;
};

class BoundedServer : public httplib::Server {
 public:
  explicit BoundedServer(ServerLimits limits = {});
  ~BoundedServer() override;
  BoundedServer(const BoundedServer&) = delete;
  BoundedServer& operator=(const BoundedServer&) = delete;

  /// Headers sent with every answer, the server's own refusals included.
  void set_every_answer_headers(const httplib::Headers& headers);

  /// Accepts and answers connections on `listening_fd` (a listening socket, closed by this)
  /// until stop(). Blocks.
  void run(int listening_fd);
  /// Ends run() (from any thread): no new connection; event streams end within a second.
  void stop();
  bool stopping() const { return stopping_; }

  /// A place for one event stream, held for the stream's life; nullptr when all are taken
  /// (answer with busy()).
  std::shared_ptr<void> open_stream();
  /// `res` as a refusal for now: 503 with Retry-After and `why`.
  void busy(httplib::Response& res, const std::string& why) const;

 private:
  // httplib's own connection loop is never entered (run() replaces listen()).
  bool process_and_close_socket(socket_t) override { return false; }

  struct Pending;  // a connection the reading thread holds
  struct Whole {   // a whole request (and any bytes after it) for a worker
    int fd = -1;
    std::string bytes;
    std::size_t size = 0;  // the request's own bytes, head and body
  };
  void work();
  void answer_now(int fd, int status, const std::string& why) const;
  std::string refusal(int status, const std::string& why) const;

  const ServerLimits limits_;
  httplib::Headers every_answer_;
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> streams_open_{0};
  std::atomic<std::size_t> connections_{0};
  int wake_fd_ = -1;  // an eventfd: stop, or a connection handed back after its answer

  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::deque<Whole> whole_;      // for the workers
  std::deque<Whole> returned_;   // kept open after an answer: back to the reading thread
  std::vector<std::thread> workers_;
};

}  // namespace hanji::cli
