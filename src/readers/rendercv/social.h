// Private to the source module: RenderCV's social networks as data.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hanji::readers {

struct SocialNetworkInfo {
  std::string_view name;        // as RenderCV spells it: "GitHub", "Google Scholar"
  std::string_view url_prefix;  // the URL is prefix + username (Mastodon builds its own)
  bool (*valid_username)(std::string_view);  // nullptr: any username
  std::string_view username_hint;            // what a valid username looks like
};

/// The network called exactly `name`, or nullptr.
const SocialNetworkInfo* find_network(std::string_view name);
/// All 17 names, for did-you-mean hints.
std::vector<std::string> network_names();
/// The profile URL for `username` (validated first).
std::string network_url(const SocialNetworkInfo& info, std::string_view username);
/// What the header shows: the URL without "https://" ("github.com/jane"); Google Scholar's
/// URL is an opaque id, so it shows the network's name.
std::string network_display(const SocialNetworkInfo& info, const std::string& url);

}  // namespace hanji::readers
