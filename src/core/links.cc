#include "core/links.h"

#include <algorithm>
#include <array>

#include "core/core.h"

namespace hanji {
namespace {

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }
bool is_scheme_char(char c) { return is_ascii_letter(c) || is_ascii_digit(c) || c == '+' || c == '-' || c == '.'; }
// C0 controls and DEL: browsers drop tabs and line breaks inside an address before they read
// its scheme ("java\tscript:"), so an address holding any is never linked.
bool is_control(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; }
// A letter, digit or hyphen of a host name; bytes of UTF-8 sequences too ("한국.kr").
bool is_host_char(char c) {
  return is_ascii_letter(c) || is_ascii_digit(c) || c == '-' || static_cast<unsigned char>(c) >= 0x80;
}

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// "8080", "8080/cv": what follows the colon of a host and port.
bool starts_with_port(std::string_view rest) {
  const std::size_t digits = static_cast<std::size_t>(
      std::find_if_not(rest.begin(), rest.end(), is_ascii_digit) - rest.begin());
  return digits >= 1 && digits <= 5 &&
         (digits == rest.size() || std::string_view("/?#").find(rest[digits]) != std::string_view::npos);
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

}  // namespace

bool is_linkable_scheme(std::string_view scheme) {
  static constexpr std::array<std::string_view, 4> kLinkable = {"http", "https", "mailto", "tel"};
  return std::find(kLinkable.begin(), kLinkable.end(), scheme) != kLinkable.end();
}

std::string uri_scheme(std::string_view address) {
  const std::size_t colon = address.find(':');
  if (colon == std::string_view::npos || colon == 0 || !is_ascii_letter(address[0])) return "";
  const std::string_view written = address.substr(0, colon);
  if (!std::all_of(written.begin(), written.end(), is_scheme_char)) return "";
  std::string scheme(written);
  std::transform(scheme.begin(), scheme.end(), scheme.begin(), ascii_lower);
  if (!is_linkable_scheme(scheme) && starts_with_port(address.substr(colon + 1))) return "";
  return scheme;
}

bool is_linkable_uri(std::string_view uri) {
  return std::none_of(uri.begin(), uri.end(), is_control) && is_linkable_scheme(uri_scheme(uri));
}

bool looks_like_host(std::string_view address) {
  if (address.empty() || std::any_of(address.begin(), address.end(), [](char c) { return c == ' ' || is_control(c); }))
    return false;
  std::string_view host = address.substr(0, std::min(address.find_first_of("/?#"), address.size()));
  if (const std::size_t colon = host.find(':'); colon != std::string_view::npos) {
    if (!starts_with_port(host.substr(colon + 1))) return false;
    host = host.substr(0, colon);
  }
  // Two labels at least ("example.com"), none of them empty.
  if (host.find('.') == std::string_view::npos) return false;
  std::size_t label_start = 0;
  for (std::size_t i = 0; i <= host.size(); ++i) {
    if (i < host.size() && host[i] != '.') {
      if (!is_host_char(host[i])) return false;
      continue;
    }
    if (i == label_start) return false;
    label_start = i + 1;
  }
  return true;
}

std::string shown_address(std::string_view address) {
  const std::string scheme = uri_scheme(address);
  const bool web = (scheme == "http" || scheme == "https") && address.substr(scheme.size()).starts_with("://");
  if (!web) return std::string(address);
  address.remove_prefix(scheme.size() + 3);
  while (address.ends_with('/')) address.remove_suffix(1);
  return std::string(address);
}

LinkTarget link_target(std::string_view written) {
  const std::string_view address = trimmed(written);
  if (address.empty()) return {};
  if (std::any_of(address.begin(), address.end(), is_control))
    return {"", "it holds a control character (a tab or line break)", "write the address alone on one line"};
  const std::string scheme = uri_scheme(address);
  if (is_linkable_scheme(scheme)) return {scheme + std::string(address.substr(scheme.size())), "", ""};
  if (!scheme.empty())
    return {"",
            "hanji links only http, https, mailto and tel addresses, not " + excerpt(scheme, 30) +
                ": ones (other schemes can run code, open local files or start programs in the reader's viewer)",
            "write a web address (https://...), mailto:EMAIL or tel:NUMBER, or leave the link out"};
  if (looks_like_host(address)) return {"https://" + std::string(address), "", ""};
  return {"", "it has no scheme and does not start with a host name like example.com",
          "write the whole address, e.g. https://example.com/jane"};
}

std::string ascii_uri(std::string_view uri) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : uri) {
    if (c > 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
  return out;
}

std::string clickable_uri(std::string_view uri) {
  std::string ascii = ascii_uri(uri);
  return is_linkable_uri(ascii) ? ascii : std::string();
}

}  // namespace hanji
