// Where `hanji serve` listens (--host, --port) and which names a browser may use to reach it.
// The socket is opened here, not by the HTTP library, so that a refusal names its real cause
// (a name that resolves to nothing, an address this machine does not have, a port in use or
// reserved) and so that no other program can share the port (no SO_REUSEPORT).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hanji::cli {

/// A listening TCP socket, closed when this goes (unless released).
class ListeningSocket {
 public:
  ListeningSocket() = default;
  ListeningSocket(int fd, int port) : fd_(fd), port_(port) {}
  ListeningSocket(ListeningSocket&& other) noexcept : fd_(other.release()), port_(other.port_) {}
  ListeningSocket& operator=(ListeningSocket&& other) noexcept;
  ListeningSocket(const ListeningSocket&) = delete;
  ListeningSocket& operator=(const ListeningSocket&) = delete;
  ~ListeningSocket();
  int fd() const { return fd_; }
  int port() const { return port_; }
  /// The descriptor, now the caller's to close.
  int release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_ = -1;
  int port_ = 0;
};

/// A refusal to listen: what went wrong and what to do instead.
struct ListenError {
  std::string error, hint;
};

/// Listens on `host` (an address or a name of this machine; "0.0.0.0" or "::" every address)
/// at `port` (0: a free one). On failure `why` says which of: the name resolves to nothing,
/// the address is not this machine's, the port is held by another program, the port is
/// reserved for the system.
std::optional<ListeningSocket> listen_on(const std::string& host, int port, ListenError& why);

/// True for "0.0.0.0" and "::": every address of the machine.
bool is_wildcard_address(const std::string& host);
/// True for the names and addresses of this machine only: localhost, 127.0.0.0/8, ::1, and
/// 127.x written as an IPv4-mapped IPv6 address (as a dual-stack socket reports a peer).
bool is_loopback_name(const std::string& host);

/// The names a browser may send in Host to reach a server listening on `host`, lower case
/// and without brackets: the loopback names for a loopback address; `host` itself and the
/// addresses it resolves to; for a wildcard address every address of the machine's
/// interfaces, the loopback names and the machine's own host name (with .local, as mDNS
/// names it). Any other name (one a web page chose, DNS rebinding) is refused.
std::vector<std::string> host_names_for(const std::string& host);

/// The addresses of this machine's interfaces (numeric, IPv6 without a zone).
std::vector<std::string> machine_addresses();

/// A Host header's name: lower case, without the port or an IPv6 address's brackets.
std::string host_header_name(const std::string& header);

}  // namespace hanji::cli
