// hanji-fetch.so: downloads through libcurl, within limits enforced while the bytes come. A
// module of its own so that only `--fetch-photos` with a photo given as a URL loads libcurl
// and its TLS, HTTP/2 and LDAP libraries (module_abi.h).
#include <curl/curl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

#include "modules/module_abi.h"

namespace {

struct Download {
  std::string body;
  long max_bytes = 0;
  bool too_large = false;
};

size_t keep_bytes(char* data, size_t size, size_t count, void* user) {
  auto& download = *static_cast<Download*>(user);
  const size_t bytes = size * count;
  // Stopped as soon as the body passes the cap: a server that lies about its length, or
  // sends none, is cut off at the cap, not read to its end.
  if (download.body.size() + bytes > static_cast<size_t>(download.max_bytes)) {
    download.too_large = true;
    return 0;  // curl ends the transfer with CURLE_WRITE_ERROR
  }
  download.body.append(data, bytes);
  return bytes;
}

void fail(HanjiFetchResult& result, const std::string& why) {
  std::snprintf(result.error, sizeof result.error, "%s", why.c_str());
}

struct EasyDeleter {
  void operator()(CURL* curl) const { curl_easy_cleanup(curl); }
};

}  // namespace

extern "C" void hanji_fetch(const char* url, const HanjiFetchLimits* limits, HanjiFetchResult* result) {
  *result = HanjiFetchResult{};
  static std::once_flag global;
  std::call_once(global, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  std::unique_ptr<CURL, EasyDeleter> curl(curl_easy_init());
  if (!curl) return fail(*result, "libcurl could not start a transfer");
  Download download;
  download.max_bytes = limits->max_bytes;
  char curl_error[CURL_ERROR_SIZE] = "";
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, url);
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(c, CURLOPT_MAXREDIRS, limits->max_redirects);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, limits->max_milliseconds);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, limits->max_milliseconds);
  curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(limits->max_bytes));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);  // no SIGALRM in a program with threads
  curl_easy_setopt(c, CURLOPT_USERAGENT, "hanji");
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, keep_bytes);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &download);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, curl_error);
  const CURLcode code = curl_easy_perform(c);
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &result->status);
  const double seconds = static_cast<double>(limits->max_milliseconds) / 1000;
  if (download.too_large || code == CURLE_FILESIZE_EXCEEDED)
    return fail(*result, "it is larger than " + std::to_string(limits->max_bytes / (1024 * 1024)) + " MB");
  if (code == CURLE_OPERATION_TIMEDOUT) {
    char why[96];
    std::snprintf(why, sizeof why, "it did not come within %.1f seconds", seconds);
    return fail(*result, why);
  }
  if (code == CURLE_TOO_MANY_REDIRECTS)
    return fail(*result, "it redirects more than " + std::to_string(limits->max_redirects) + " times");
  if (code == CURLE_UNSUPPORTED_PROTOCOL) return fail(*result, "only http and https addresses are fetched");
  if (code != CURLE_OK) return fail(*result, *curl_error ? curl_error : curl_easy_strerror(code));
  if (result->status < 200 || result->status >= 300)
    return fail(*result, "the server answered HTTP " + std::to_string(result->status));
  result->body = static_cast<char*>(std::malloc(download.body.size() ? download.body.size() : 1));
  if (!result->body) return fail(*result, "out of memory");
  std::memcpy(result->body, download.body.data(), download.body.size());
  result->body_size = download.body.size();
  result->ok = 1;
}

extern "C" void hanji_fetch_free(HanjiFetchResult* result) {
  std::free(result->body);
  result->body = nullptr;
  result->body_size = 0;
}
