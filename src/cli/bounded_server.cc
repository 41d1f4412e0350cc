#include "cli/bounded_server.h"

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <optional>

namespace hanji::cli {

using Clock = std::chrono::steady_clock;

struct BoundedServer::Pending {
  int fd;
  std::string bytes;  // the request so far (after an answer: what came after the last request)
  Clock::time_point deadline;
  bool draining = false;  // refused and shut for writing: its bytes are read and dropped, then it closes
  std::size_t dropped = 0;
};

namespace {

// A refused client's bytes dropped for at most this long and this many, so that it reads the
// refusal rather than a reset; then the connection is closed whatever it still sends.
constexpr std::chrono::milliseconds kDrainTime{2000};
constexpr std::size_t kDrainBytes = 1 << 20;

/// One whole request, answered: reads come from the bytes the reading thread gathered (never
/// from the socket, so no read can wait), writes go to the socket within a deadline each.
class WholeRequestStream final : public httplib::Stream {
 public:
  WholeRequestStream(int fd, const std::string& bytes, std::chrono::milliseconds write_deadline)
      : fd_(fd), bytes_(bytes), write_deadline_(write_deadline) {}

  bool is_readable() const override { return read_at_ < bytes_.size(); }
  // Whether the client is still there: false once it has closed its side (a viewer who left
  // an event stream), whether or not the socket's buffer has room now.
  bool is_writable() const override {
    pollfd p{fd_, POLLRDHUP, 0};
    return poll(&p, 1, 0) == 0 || (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) == 0;
  }
  ssize_t read(char* ptr, size_t size) override {
    const std::size_t n = std::min(size, bytes_.size() - read_at_);
    std::copy_n(bytes_.data() + read_at_, n, ptr);
    read_at_ += n;
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* ptr, size_t size) override {
    const Clock::time_point deadline = Clock::now() + write_deadline_;
    std::size_t sent = 0;
    while (sent < size) {
      const ssize_t n = ::send(fd_, ptr + sent, size - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0) {
        sent += static_cast<std::size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) return -1;
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      pollfd p{fd_, POLLOUT, 0};
      if (left <= 0 || poll(&p, 1, static_cast<int>(left)) <= 0) return -1;  // a client that does not read
    }
    return static_cast<ssize_t>(size);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override { address(getpeername, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address(getsockname, ip, port); }
  socket_t socket() const override { return fd_; }

 private:
  void address(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
    sockaddr_storage a{};
    socklen_t length = sizeof a;
    char host[NI_MAXHOST], service[NI_MAXSERV];
    if (get(fd_, reinterpret_cast<sockaddr*>(&a), &length) != 0 ||
        getnameinfo(reinterpret_cast<sockaddr*>(&a), length, host, sizeof host, service, sizeof service,
                    NI_NUMERICHOST | NI_NUMERICSERV) != 0)
      return;
    ip = host;
    port = std::atoi(service);
  }

  int fd_;
  const std::string& bytes_;
  std::size_t read_at_ = 0;
  std::chrono::milliseconds write_deadline_;
};

enum class Gathered { Partial, Whole, HeadTooLarge, BodyTooLarge, LengthRequired, Malformed };

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

/// How far `bytes` go towards one request; `size` its length (head and body) when whole. A
/// body comes only with Content-Length (the preview takes no chunked uploads).
Gathered examine(const std::string& bytes, const ServerLimits& limits, std::size_t& size) {
  const std::size_t end = bytes.find("\r\n\r\n");
  if (end == std::string::npos) return bytes.size() > limits.head_bytes ? Gathered::HeadTooLarge : Gathered::Partial;
  if (end + 4 > limits.head_bytes) return Gathered::HeadTooLarge;
  std::optional<std::size_t> length;
  const std::string_view head(bytes.data(), end + 2);
  for (std::size_t at = head.find("\r\n") + 2; at < head.size();) {
    const std::size_t line_end = head.find("\r\n", at);
    const std::string_view line = head.substr(at, line_end - at);
    at = line_end + 2;
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;  // httplib's parser judges the rest
    const std::string_view name = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
    if (same_name(name, "transfer-encoding")) return Gathered::LengthRequired;
    if (!same_name(name, "content-length")) continue;
    std::size_t n = 0;
    const auto [stop, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec == std::errc::result_out_of_range) return Gathered::BodyTooLarge;
    if (ec != std::errc() || stop != value.data() + value.size() || (length && *length != n)) return Gathered::Malformed;
    length = n;
  }
  if (length.value_or(0) > limits.body_bytes) return Gathered::BodyTooLarge;
  size = end + 4 + length.value_or(0);
  return bytes.size() >= size ? Gathered::Whole : Gathered::Partial;
}

const char* reason(int status) {
  switch (status) {
    case 400: return "Bad Request";
    case 408: return "Request Timeout";
    case 411: return "Length Required";
    case 413: return "Payload Too Large";
    case 431: return "Request Header Fields Too Large";
    default: return "Service Unavailable";
  }
}

void poke(int fd) {
  const std::uint64_t one = 1;
  [[maybe_unused]] ssize_t n = ::write(fd, &one, sizeof one);
}

}  // namespace

BoundedServer::BoundedServer(ServerLimits limits)
    : limits_(limits), wake_fd_(eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
  set_payload_max_length(limits_.body_bytes);
  set_keep_alive_timeout(std::chrono::duration_cast<std::chrono::seconds>(limits_.request_deadline).count());
  set_keep_alive_max_count(1000);  // said in Keep-Alive; the deadline, not a count, ends an idle connection
}

BoundedServer::~BoundedServer() {
  stop();
  for (std::thread& worker : workers_)
    if (worker.joinable()) worker.join();
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

void BoundedServer::set_every_answer_headers(const httplib::Headers& headers) {
  every_answer_ = headers;
  set_default_headers(headers);
}

void BoundedServer::stop() {
  stopping_ = true;
  if (wake_fd_ >= 0) poke(wake_fd_);
  std::lock_guard lock(mutex_);
  work_ready_.notify_all();
}

std::shared_ptr<void> BoundedServer::open_stream() {
  std::size_t open = streams_open_.load();
  do {
    if (open >= limits_.streams) return nullptr;
  } while (!streams_open_.compare_exchange_weak(open, open + 1));
  // Not null (a null one would read as "no place"); what it points to is never used.
  return std::shared_ptr<void>(static_cast<void*>(&streams_open_), [this](void*) { --streams_open_; });
}

void BoundedServer::busy(httplib::Response& res, const std::string& why) const {
  res.status = 503;
  res.set_header("Retry-After", std::to_string(limits_.retry_after_s));
  res.set_content(why + "\n", "text/plain; charset=utf-8");
}

std::string BoundedServer::refusal(int status, const std::string& why) const {
  std::string out = "HTTP/1.1 " + std::to_string(status) + " " + reason(status) + "\r\n";
  for (const auto& [name, value] : every_answer_) out += name + ": " + value + "\r\n";
  if (status == 503) out += "Retry-After: " + std::to_string(limits_.retry_after_s) + "\r\n";
  out += "Content-Type: text/plain; charset=utf-8\r\nContent-Length: " + std::to_string(why.size() + 1) +
         "\r\nConnection: close\r\n\r\n" + why + "\n";
  return out;
}

void BoundedServer::answer_now(int fd, int status, const std::string& why) const {
  const std::string answer = refusal(status, why);  // small: the socket's buffer takes it whole
  [[maybe_unused]] ssize_t n = ::send(fd, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
}

void BoundedServer::run(int listening_fd) {
  svr_sock_ = listening_fd;  // httplib ends a streamed answer when this is no longer valid
  fcntl(listening_fd, F_SETFL, fcntl(listening_fd, F_GETFL) | O_NONBLOCK);
  for (std::size_t i = 0; i < limits_.workers + limits_.streams; ++i) workers_.emplace_back([this] { work(); });

  std::vector<Pending> pending;
  const auto drop = [&](Pending& p) {
    ::close(p.fd);
    p.fd = -1;
    --connections_;
  };
  const auto refuse = [&](Pending& p, int status, const std::string& why) {
    answer_now(p.fd, status, why);
    ::shutdown(p.fd, SHUT_WR);
    p.draining = true;
    p.deadline = Clock::now() + kDrainTime;
    std::string().swap(p.bytes);
  };
  // What to do with a connection whose bytes may now make a whole request.
  const auto advance = [&](Pending& p) {
    if (p.draining) return;
    std::size_t size = 0;
    switch (examine(p.bytes, limits_, size)) {
      case Gathered::Partial: return;
      case Gathered::HeadTooLarge: return refuse(p, 431, "refused: the request's head is too large");
      case Gathered::BodyTooLarge:
        return refuse(p, 413, "refused: the preview takes no body over " + std::to_string(limits_.body_bytes) + " bytes");
      case Gathered::LengthRequired: return refuse(p, 411, "refused: a body needs a Content-Length");
      case Gathered::Malformed: return refuse(p, 400, "refused: the Content-Length is not one number");
      case Gathered::Whole: break;
    }
    {
      std::lock_guard lock(mutex_);
      if (whole_.size() < limits_.waiting) {
        whole_.push_back({p.fd, std::move(p.bytes), size});
        p.fd = -1;  // the worker's now
        work_ready_.notify_one();
        return;
      }
    }
    refuse(p, 503, "busy: too many requests at once; try again in a moment");
  };
  // Reads what the client has sent; false when it is gone.
  const auto read_from = [&](Pending& p) {
    char buffer[16384];
    for (int rounds = 0; rounds < 8; ++rounds) {  // then the others' turn
      const ssize_t n = ::recv(p.fd, buffer, sizeof buffer, 0);
      if (n == 0) return false;
      if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
      if (p.draining) {
        p.dropped += static_cast<std::size_t>(n);
        if (p.dropped > kDrainBytes) return false;
        continue;
      }
      p.bytes.append(buffer, static_cast<std::size_t>(n));
      if (p.bytes.size() > limits_.head_bytes + limits_.body_bytes) break;  // enough to judge
    }
    return true;
  };

  std::vector<pollfd> polled;
  while (!stopping_) {
    {
      std::lock_guard lock(mutex_);
      for (Whole& back : returned_) {
        pending.push_back({back.fd, std::move(back.bytes), Clock::now() + limits_.request_deadline});
        advance(pending.back());  // the next request may be here already
      }
      returned_.clear();
    }
    std::erase_if(pending, [](const Pending& p) { return p.fd < 0; });

    polled.assign({{listening_fd, POLLIN, 0}, {wake_fd_, POLLIN, 0}});
    Clock::time_point next = Clock::now() + std::chrono::seconds(1);
    for (const Pending& p : pending) {
      polled.push_back({p.fd, POLLIN, 0});
      next = std::min(next, p.deadline);
    }
    const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now()).count();
    if (poll(polled.data(), polled.size(), static_cast<int>(std::max<long long>(wait, 0) + 1)) < 0 && errno != EINTR) break;
    if (polled[1].revents) {
      std::uint64_t count = 0;
      [[maybe_unused]] ssize_t n = ::read(wake_fd_, &count, sizeof count);
    }

    const Clock::time_point now = Clock::now();
    for (std::size_t i = 0; i < pending.size(); ++i) {
      Pending& p = pending[i];
      if (polled[i + 2].revents) {
        if (!read_from(p)) {
          drop(p);
          continue;
        }
        advance(p);
      }
      if (p.fd >= 0 && now >= p.deadline) {
        // Too slow to send a whole request (or idle since its last answer): dropped, with a
        // word if it had begun one.
        if (!p.draining && !p.bytes.empty()) answer_now(p.fd, 408, "dropped: the request took too long to arrive");
        drop(p);
      }
    }
    std::erase_if(pending, [](const Pending& p) { return p.fd < 0; });

    if (polled[0].revents) {
      for (;;) {
        const int fd = accept4(listening_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) break;  // none left (or out of descriptors: the open ones finish first)
        if (connections_ >= limits_.connections) {
          answer_now(fd, 503, "busy: too many connections at once; try again in a moment");
          ::close(fd);
          continue;
        }
        ++connections_;
        pending.push_back({fd, std::string(), Clock::now() + limits_.request_deadline});
      }
    }
  }

  svr_sock_ = INVALID_SOCKET;
  stop();
  for (std::thread& worker : workers_) worker.join();
  workers_.clear();
  for (Pending& p : pending) drop(p);
  std::lock_guard lock(mutex_);
  for (Whole& left : whole_) ::close(left.fd);
  for (Whole& left : returned_) ::close(left.fd);
  whole_.clear();
  returned_.clear();
  ::close(listening_fd);
}

void BoundedServer::work() {
  for (;;) {
    Whole job;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return stopping_ || !whole_.empty(); });
      if (stopping_) return;
      job = std::move(whole_.front());
      whole_.pop_front();
    }
    bool closed = false;
    bool answered = false;
    {
      WholeRequestStream stream(job.fd, job.bytes, limits_.write_deadline);
      answered = process_request(stream, false, closed, nullptr);
    }
    if (answered && !closed && !stopping_) {
      // Kept open for the client's next request, which the reading thread waits for.
      std::lock_guard lock(mutex_);
      returned_.push_back({job.fd, job.bytes.substr(job.size), 0});
      poke(wake_fd_);
    } else {
      ::close(job.fd);
      --connections_;
    }
  }
}

}  // namespace hanji::cli
