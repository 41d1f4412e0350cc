#include "cli/listen_address.h"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

namespace hanji::cli {
namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

/// The numeric form of a socket address, IPv6 without its zone ("fe80::1%eth0" -> "fe80::1":
/// a browser's Host never carries one).
std::string numeric(const sockaddr* address, socklen_t length) {
  char text[NI_MAXHOST];
  if (getnameinfo(address, length, text, sizeof text, nullptr, 0, NI_NUMERICHOST) != 0) return std::string();
  std::string out = text;
  return out.substr(0, out.find('%'));
}

using AddressList = std::unique_ptr<addrinfo, decltype(&freeaddrinfo)>;

/// `host` resolved for a listening TCP socket at `port`; empty with `error` when it resolves to nothing.
AddressList resolve(const std::string& host, int port, std::string& error) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const int rc = getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (rc != 0) error = rc == EAI_SYSTEM ? std::strerror(errno) : gai_strerror(rc);
  return AddressList(rc == 0 ? found : nullptr, &freeaddrinfo);
}

void add(std::vector<std::string>& names, const std::string& name) {
  if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

std::string addresses_hint() {
  std::string own;
  for (const std::string& address : machine_addresses()) own += (own.empty() ? "" : ", ") + address;
  return "--host takes an address of this machine: 127.0.0.1 (this machine alone, the default), 0.0.0.0 "
         "(every network it is on)" + (own.empty() ? std::string() : ", or one of its own: " + own);
}

}  // namespace

ListeningSocket& ListeningSocket::operator=(ListeningSocket&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    port_ = other.port_;
    fd_ = other.release();
  }
  return *this;
}

ListeningSocket::~ListeningSocket() {
  if (fd_ >= 0) ::close(fd_);
}

bool is_wildcard_address(const std::string& host) { return host == "0.0.0.0" || host == "::" || host == "[::]"; }

bool is_loopback_name(const std::string& host) {
  const std::string name = lower(host);
  if (name == "localhost" || name == "localhost.") return true;
  in_addr v4{};
  if (inet_pton(AF_INET, name.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6{};
  if (inet_pton(AF_INET6, name.c_str(), &v6) != 1) return false;
  if (IN6_IS_ADDR_LOOPBACK(&v6)) return true;
  return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
}

std::vector<std::string> machine_addresses() {
  std::vector<std::string> addresses;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return addresses;
  const std::unique_ptr<ifaddrs, decltype(&freeifaddrs)> owned(list, &freeifaddrs);
  for (const ifaddrs* entry = list; entry; entry = entry->ifa_next) {
    if (!entry->ifa_addr) continue;
    const int family = entry->ifa_addr->sa_family;
    if (family == AF_INET) add(addresses, numeric(entry->ifa_addr, sizeof(sockaddr_in)));
    if (family == AF_INET6) add(addresses, numeric(entry->ifa_addr, sizeof(sockaddr_in6)));
  }
  return addresses;
}

std::string host_header_name(const std::string& header) {
  std::string name = lower(header);
  if (name.starts_with('[')) {
    const std::size_t end = name.find(']');
    return end == std::string::npos ? std::string() : name.substr(1, end - 1);
  }
  return name.substr(0, name.rfind(':'));
}

std::vector<std::string> host_names_for(const std::string& host) {
  std::vector<std::string> names;
  const std::string own = lower(host.starts_with('[') && host.ends_with(']') ? host.substr(1, host.size() - 2) : host);
  if (!is_wildcard_address(own)) add(names, own);
  if (is_wildcard_address(own) || is_loopback_name(own))
    for (const char* name : {"localhost", "127.0.0.1", "::1"}) add(names, name);
  if (is_wildcard_address(own)) {
    for (const std::string& address : machine_addresses()) add(names, address);
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) == 0 && name[0]) {
      add(names, lower(name));
      add(names, lower(name) + ".local");
    }
  } else {
    std::string error;
    const AddressList found = resolve(own, 0, error);
    for (const addrinfo* a = found.get(); a; a = a->ai_next) add(names, numeric(a->ai_addr, a->ai_addrlen));
  }
  return names;
}

std::optional<ListeningSocket> listen_on(const std::string& host, int port, ListenError& why) {
  std::string error;
  const std::string bare = host.starts_with('[') && host.ends_with(']') ? host.substr(1, host.size() - 2) : host;
  const AddressList found = resolve(bare, port, error);
  if (!found) {
    why = {fmt::format("cannot listen on {}: no address is known by that name ({})", host, error), addresses_hint()};
    return std::nullopt;
  }
  // Every address the name has, in the resolver's order; the first that listens is kept. The
  // failure reported is the most telling one: a port in use or reserved outranks an address
  // this machine lacks (localhost as ::1 on a machine without IPv6).
  int failure = 0;
  std::string failed_at;
  for (const addrinfo* a = found.get(); a; a = a->ai_next) {
    ListeningSocket socket_of(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol), 0);
    if (socket_of.fd() < 0) {
      if (!failure) failure = errno;
      continue;
    }
    const int yes = 1, no = 0;
    // Binding again while the last run's connections wait out TIME_WAIT; on Linux this never
    // lets a second program listen on the same port (SO_REUSEPORT would, and is not set).
    setsockopt(socket_of.fd(), SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (a->ai_family == AF_INET6 && is_wildcard_address(bare))
      setsockopt(socket_of.fd(), IPPROTO_IPV6, IPV6_V6ONLY, &no, sizeof no);  // "::" serves IPv4 too
    if (::bind(socket_of.fd(), a->ai_addr, a->ai_addrlen) != 0 || ::listen(socket_of.fd(), 64) != 0) {
      const int e = errno;
      if (!failure || e == EADDRINUSE || e == EACCES) {
        failure = e;
        failed_at = numeric(a->ai_addr, a->ai_addrlen);
      }
      continue;
    }
    sockaddr_storage bound{};
    socklen_t length = sizeof bound;
    getsockname(socket_of.fd(), reinterpret_cast<sockaddr*>(&bound), &length);
    const int bound_port = bound.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port)
                                                       : ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    return ListeningSocket(socket_of.release(), bound_port);
  }
  const std::string where = failed_at.empty() || failed_at == bare ? host : fmt::format("{} ({})", host, failed_at);
  switch (failure) {
    case EADDRINUSE:
      why = {fmt::format("cannot listen on {} port {}: another program is listening on it", where, port),
             "choose another with --port N (0: any free one)"};
      break;
    case EADDRNOTAVAIL:
      why = {fmt::format("cannot listen on {}: it is not an address of this machine", where), addresses_hint()};
      break;
    case EACCES:
      why = {fmt::format("cannot listen on {} port {}: {}", where, port,
                         port < 1024 ? "ports below 1024 are reserved for the system" : "permission denied"),
             "choose a port from 1024 to 65535 with --port N (0: any free one)"};
      break;
    default:
      why = {fmt::format("cannot listen on {} port {}: {}", where, port, std::strerror(failure)), addresses_hint()};
  }
  return std::nullopt;
}

}  // namespace hanji::cli
