// modules: downloads through hanji-fetch.so (libcurl), loaded only when a CV's photo is a URL
// and the command was asked to fetch it (--fetch-photos).
#pragma once

#include <optional>
#include <string>

namespace hanji::modules {

/// The limits of one download, each enforced while the bytes come. The time is the whole
/// connect and transfer: a build stays within its two seconds.
struct FetchLimits {
  long max_redirects = 5;
  long max_bytes = 10L * 1024 * 1024;
  long max_milliseconds = 1500;
};

/// The body of `url` (http or https, a 2xx answer) within `limits`; nullopt with `error` in
/// words that fit after "cannot fetch URL: " (or naming the missing module).
std::optional<std::string> fetch(const std::string& url, const FetchLimits& limits, std::string& error);

}  // namespace hanji::modules
