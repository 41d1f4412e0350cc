// RenderCV's social networks (schema/models/cv/social_network.py): the 17 names, how each
// builds its URL from the username, and the username rules RenderCV enforces.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "readers/rendercv/social.h"

namespace hanji::readers {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool every_char(std::string_view s, bool (*pred)(char)) { return !s.empty() && std::all_of(s.begin(), s.end(), pred); }
bool is_handle_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }
bool is_phone_char(char c) { return is_digit(c) || c == '+' || c == ' ' || c == '-' || c == '(' || c == ')'; }

bool valid_orcid(std::string_view u) {
  if (u.size() != 19) return false;
  for (size_t i = 0; i < u.size(); ++i) {
    bool dash = i == 4 || i == 9 || i == 14;
    bool last = i == 18;
    if (dash ? u[i] != '-' : !(is_digit(u[i]) || (last && u[i] == 'X'))) return false;
  }
  return true;
}

bool valid_imdb(std::string_view u) { return u.starts_with("nm") && u.size() >= 9 && every_char(u.substr(2), is_digit); }

bool valid_mastodon(std::string_view u) {
  if (u.starts_with('@')) u.remove_prefix(1);
  size_t at = u.find('@');
  if (at == std::string_view::npos || at == 0) return false;
  std::string_view domain = u.substr(at + 1);
  return domain.find('.') != std::string_view::npos && domain.find('@') == std::string_view::npos &&
         domain.find(' ') == std::string_view::npos;
}

bool valid_stackoverflow(std::string_view u) {
  size_t slash = u.find('/');
  return slash != std::string_view::npos && every_char(u.substr(0, slash), is_digit) && slash + 1 < u.size();
}

bool valid_reddit(std::string_view u) { return u.size() >= 3 && u.size() <= 23 && every_char(u, is_handle_char); }
bool valid_youtube(std::string_view u) { return !u.starts_with('@'); }
bool valid_bluesky(std::string_view u) {
  return u.find('@') == std::string_view::npos && u.find('.') != std::string_view::npos &&
         u.find(' ') == std::string_view::npos;
}
bool valid_whatsapp(std::string_view u) {
  return every_char(u, is_phone_char) && std::count_if(u.begin(), u.end(), is_digit) >= 7;
}

std::string digits_only(std::string_view s) {
  std::string out;
  for (char c : s)
    if (is_digit(c)) out += c;
  return out;
}

const std::vector<SocialNetworkInfo>& networks() {
  static const std::vector<SocialNetworkInfo> kNetworks = {
      {"LinkedIn", "https://linkedin.com/in/", nullptr, ""},
      {"GitHub", "https://github.com/", nullptr, ""},
      {"GitLab", "https://gitlab.com/", nullptr, ""},
      {"IMDB", "https://imdb.com/name/", valid_imdb, "an IMDB name id looks like nm0000001"},
      {"Instagram", "https://instagram.com/", nullptr, ""},
      {"ORCID", "https://orcid.org/", valid_orcid, "an ORCID iD looks like 0000-0002-1825-0097"},
      {"Mastodon", "", valid_mastodon, "a Mastodon username looks like @name@mastodon.social"},
      {"StackOverflow", "https://stackoverflow.com/users/", valid_stackoverflow,
       "a StackOverflow username is the id and name from your profile URL, e.g. 4999991/jane-doe"},
      {"ResearchGate", "https://researchgate.net/profile/", nullptr, ""},
      {"YouTube", "https://youtube.com/@", valid_youtube, "write the YouTube handle without the leading '@'"},
      {"Google Scholar", "https://scholar.google.com/citations?user=", nullptr, ""},
      {"Telegram", "https://t.me/", nullptr, ""},
      {"WhatsApp", "https://wa.me/", valid_whatsapp, "a WhatsApp username is an international phone number, e.g. +82 10-1234-5678"},
      {"Leetcode", "https://leetcode.com/u/", nullptr, ""},
      {"X", "https://x.com/", nullptr, ""},
      {"Bluesky", "https://bsky.app/profile/", valid_bluesky, "a Bluesky handle looks like name.bsky.social, without '@'"},
      {"Reddit", "https://reddit.com/user/", valid_reddit,
       "a Reddit username has 3 to 23 letters, digits, '_' or '-'"},
  };
  return kNetworks;
}

}  // namespace

const SocialNetworkInfo* find_network(std::string_view name) {
  for (const SocialNetworkInfo& info : networks())
    if (info.name == name) return &info;
  return nullptr;
}

std::vector<std::string> network_names() {
  std::vector<std::string> names;
  for (const SocialNetworkInfo& info : networks()) names.emplace_back(info.name);
  return names;
}

std::string network_url(const SocialNetworkInfo& info, std::string_view username) {
  if (info.name == "Mastodon") {
    if (username.starts_with('@')) username.remove_prefix(1);
    size_t at = username.find('@');
    return fmt::format("https://{}/@{}", username.substr(at + 1), username.substr(0, at));
  }
  if (info.name == "WhatsApp") return std::string(info.url_prefix) + digits_only(username);
  return fmt::format("{}{}", info.url_prefix, username);
}

std::string network_display(const SocialNetworkInfo& info, const std::string& url) {
  if (info.name == "Google Scholar") return "Google Scholar";
  std::string_view shown = url;
  if (shown.starts_with("https://")) shown.remove_prefix(8);
  return std::string(shown);
}

}  // namespace hanji::readers
