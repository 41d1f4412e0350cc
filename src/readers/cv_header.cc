// The `cv:` mapping: name, headline, the contact items in the order the keys are written
// (RenderCV keeps key order), the photo, and the sections.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include <unistd.h>

#include "core/files.h"
#include "core/limits.h"
#include "core/links.h"
#include "modules/fetch.h"
#include "readers/fields.h"
#include "readers/reader.h"
#include "readers/rendercv/social.h"

namespace hanji::readers {

const std::vector<Field>& cv_fields() {
  static const std::vector<Field> kFields = {
      {"name", Shape::Text, "your name, the header's first line and the PDF's author"},
      {"headline", Shape::Text, "a line under the name: what you do"},
      {"location", Shape::Text, "where you live: 'Seoul, South Korea'"},
      {"email", Shape::Texts, "an e-mail address, or a list of them"},
      {"phone", Shape::Texts, "a phone number with its country code (+82 10-1234-5678), or a list of them"},
      {"website", Shape::Texts, "a web address (https://...), or a list of them"},
      {"photo", Shape::Text, "a PNG or JPEG picture, its path relative to the CV file"},
      {"social_networks", Shape::SocialNetworks, "profiles, each {network: GitHub, username: jane}"},
      {"custom_connections", Shape::CustomConnections,
       "other contacts, each {placeholder: TEXT, url: URL}; shown as a link"},
      {"sections", Shape::Sections,
       "the sections: each key with its list of entries (every entry of a section is of one type), or a map "
       "{title:, entries:}; a usual key (experience, education, skills) is titled in the CV's language, another "
       "lower-case one capitalised, one with capitals kept as written"},
  };
  return kFields;
}

const std::vector<Field>& social_network_fields() {
  static const std::vector<Field> kFields = {
      {"network", Shape::Text, "the network, spelt as RenderCV does", true},
      {"username", Shape::Text, "your name there (for Mastodon @name@host, for WhatsApp the phone number)", true},
  };
  return kFields;
}

const std::vector<Field>& custom_connection_fields() {
  static const std::vector<Field> kFields = {
      {"placeholder", Shape::Text, "the text shown", true},
      {"url", Shape::Text, "where it links to"},
      {"fontawesome_icon", Shape::Text, "RenderCV's icon name; hanji draws no icon for it"},
  };
  return kFields;
}

namespace {

// What a website or connection links to (see core/links.h): an address of another scheme
// than http, https, mailto and tel, or one that is no address, is shown without a link.
std::string checked_link(const Text& written, std::string_view what, Reader& reader) {
  LinkTarget target = link_target(written.value);
  if (!target.problem.empty())
    reader.diags.warning(written.span,
                         fmt::format("no link to {} '{}': {}; it is shown as plain text", what, excerpt(written.value),
                                     target.problem),
                         {target.hint});
  return target.uri;
}

bool plausible_email(std::string_view email) {
  size_t at = email.find('@');
  return at != std::string_view::npos && at > 0 && email.find('@', at + 1) == std::string_view::npos &&
         email.find('.', at) != std::string_view::npos && email.back() != '.' &&
         email.find_first_of(" \t") == std::string_view::npos;
}

void add_emails(const YamlNode& node, Reader& reader, Cv& cv) {
  for (Text& email : reader.text_list(node, "email", true)) {
    if (!plausible_email(email.value))
      reader.diags.error(email.span, fmt::format("'{}' is not an email address", excerpt(email.value)),
                         {"write it as name@example.com"});
    cv.contacts.push_back({Contact::Kind::Email, email, "mailto:" + email.value, ""});
    cv.emails.push_back(std::move(email));
  }
}

}  // namespace

std::string dialled(std::string_view phone) {
  std::string dial;  // tel: URLs take only '+' and digits
  for (char c : phone)
    if ((c >= '0' && c <= '9') || (c == '+' && dial.empty())) dial += c;
  return dial;
}

bool plausible_phone(std::string_view phone) {
  const std::string dial = dialled(phone);
  constexpr std::size_t kMostDigits = 20;  // E.164 allows 15, extensions a few more
  return dial.find_first_of("0123456789") != std::string::npos && dial.size() <= kMostDigits;
}

namespace {

void add_phones(const YamlNode& node, Reader& reader, Cv& cv) {
  for (Text& phone : reader.text_list(node, "phone", true)) {
    if (!plausible_phone(phone.value))
      reader.diags.error(phone.span, fmt::format("'{}' is not a phone number", excerpt(phone.value)),
                         {"write it with its country code, e.g. +82 10-1234-5678"});
    cv.contacts.push_back({Contact::Kind::Phone, phone, "tel:" + dialled(phone.value), ""});
    cv.phones.push_back(std::move(phone));
  }
}

void add_websites(const YamlNode& node, Reader& reader, Cv& cv) {
  for (Text& site : reader.text_list(node, "website", true)) {
    if (site.value.find_first_of(" \t\n\r") != std::string::npos) {
      reader.diags.error(site.span, fmt::format("'{}' is not a web address: it has a space", excerpt(site.value)),
                         {"write the address alone, e.g. https://example.com/jane"});
      continue;
    }
    std::string url = checked_link(site, "website", reader);
    cv.contacts.push_back({Contact::Kind::Website, Text{shown_address(site.value), site.span}, url, ""});
    cv.websites.push_back(std::move(site));
  }
}

std::optional<SocialNetwork> read_social(const YamlNode& node, Reader& reader) {
  if (!reader.expect_map(node, "social_networks", "write each item as {network: GitHub, username: jane}"))
    return std::nullopt;
  SocialNetwork social;
  social.span = node.span;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    if (key == "network") social.network = reader.text(node.items[i], key).value_or(Text{});
    else if (key == "username") social.username = reader.text(node.items[i], key).value_or(Text{});
    else reader.unknown_key(node.key_spans[i], key, "a social network", keys_of(social_network_fields()));
  }
  if (social.network.empty() || social.username.empty()) {
    reader.diags.error(node.span, "a social network needs both 'network' and 'username'",
                       {"write it as {network: GitHub, username: jane}"});
    return std::nullopt;
  }
  const SocialNetworkInfo* info = find_network(social.network.value);
  if (!info) {
    // RenderCV knows Twitter only as X (https://x.com/), and refuses "Twitter" as hanji does.
    const bool twitter = social.network.value == "Twitter" || social.network.value == "twitter";
    std::string guess = twitter ? "X" : closest_match(social.network.value, network_names());
    reader.diags.error(social.network.span, fmt::format("unknown social network '{}'", excerpt(social.network.value)),
                       {guess.empty() ? fmt::format("the networks are {}", quoted_list(network_names()))
                                      : fmt::format("did you mean '{}'?", guess)});
    return std::nullopt;
  }
  const bool phone_number = info->name == "WhatsApp";  // "+82 10-1234-5678" has spaces
  if (!phone_number && social.username.value.find_first_of(" \t\n\r") != std::string::npos) {
    reader.diags.error(social.username.span,
                       fmt::format("'{}' is not a {} username: it has a space", excerpt(social.username.value), info->name),
                       {info->username_hint.empty() ? std::string("write the username alone, e.g. jane")
                                                    : std::string(info->username_hint)});
    return std::nullopt;
  }
  if (info->valid_username && !info->valid_username(social.username.value)) {
    reader.diags.error(social.username.span,
                       fmt::format("'{}' is not a valid {} username", excerpt(social.username.value), info->name),
                       {std::string(info->username_hint)});
    return std::nullopt;
  }
  social.url = network_url(*info, social.username.value);
  return social;
}

void add_socials(const YamlNode& node, Reader& reader, Cv& cv) {
  if (node.is_null()) return;
  if (!reader.expect_list(node, "social_networks", "write each network on its own line starting with '- '"))
    return;
  for (const YamlNode& item : node.items) {
    std::optional<SocialNetwork> social = read_social(item, reader);
    if (!social) continue;
    const SocialNetworkInfo& info = *find_network(social->network.value);
    Text shown{network_display(info, social->url), social->username.span};
    cv.contacts.push_back({Contact::Kind::Social, shown, social->url, social->network.value});
    cv.social_networks.push_back(std::move(*social));
  }
}

// RenderCV's custom_connections: any text with any icon; hanji shows the text as a website.
void add_custom_connection(const YamlNode& node, Reader& reader, Cv& cv) {
  if (!reader.expect_map(node, "custom_connections",
                         "write each item as {placeholder: TEXT, url: URL, fontawesome_icon: NAME}"))
    return;
  Text placeholder, url;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    if (key == "placeholder") placeholder = reader.text(node.items[i], key).value_or(Text{});
    else if (key == "url") url = reader.text(node.items[i], key).value_or(Text{});
    else if (key == "fontawesome_icon") reader.text(node.items[i], key);  // hanji draws no icons
    else reader.unknown_key(node.key_spans[i], key, "a custom connection", keys_of(custom_connection_fields()));
  }
  if (placeholder.empty()) {
    reader.diags.error(node.span, "a custom connection needs 'placeholder', the text to show",
                       {"write it as {placeholder: TEXT, url: URL, fontawesome_icon: NAME}"});
    return;
  }
  cv.contacts.push_back({Contact::Kind::Website, placeholder, checked_link(url, "url", reader), ""});
}

void add_custom_connections(const YamlNode& node, Reader& reader, Cv& cv) {
  if (node.is_null()) return;
  if (!reader.expect_list(node, "custom_connections", "write each connection on its own line starting with '- '"))
    return;
  for (const YamlNode& item : node.items) add_custom_connection(item, reader, cv);
}

// The command that downloads `url` into the CV's folder as `name`, quoted for a POSIX shell.
std::string curl_command(const std::string& url, const std::string& name) {
  std::string quoted = "'";
  for (char c : url) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return fmt::format("curl -fL -o {} {}'", name, quoted);
}

// The file name a downloaded photo is given: the URL's own when it names a picture, else photo.jpg.
std::string download_name(const std::string& url) {
  std::string path = url.substr(0, url.find_first_of("?#"));
  std::string last = path.substr(path.find_last_of('/') + 1);
  const std::string extension = lowercase(std::filesystem::path(last).extension().string());
  const bool plain = !last.empty() && last.find_first_not_of(
                                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") ==
                                          std::string::npos;
  return plain && (extension == ".png" || extension == ".jpg" || extension == ".jpeg") ? last : "photo.jpg";
}

// A temporary file removed when the last CV holding it goes (Cv::downloaded_photo).
struct DownloadedPhoto {
  std::string path;
  DownloadedPhoto(const DownloadedPhoto&) = delete;
  DownloadedPhoto& operator=(const DownloadedPhoto&) = delete;
  explicit DownloadedPhoto(std::string p) : path(std::move(p)) {}
  ~DownloadedPhoto() {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
};

// The bytes of a photo given as a URL, put in a temporary file of its own (never beside the
// CV: the user did not ask for a file there) once they are known to be a PNG or JPEG picture.
void fetch_photo(const Text& photo, Reader& reader, Cv& cv) {
  if (reader.fetched_photos)
    if (std::optional<FetchedPhotos::Photo> kept = reader.fetched_photos->find(photo.value)) {
      cv.photo = Text{kept->path, photo.span};
      cv.downloaded_photo = std::move(kept->file);
      return;
    }
  std::string error;
  std::optional<std::string> bytes = modules::fetch(photo.value, modules::FetchLimits{}, error);
  if (!bytes) {
    reader.diags.error(photo.span, fmt::format("cannot fetch the photo {}: {}", excerpt(photo.value), error),
                       {fmt::format("download it yourself ({}) and give its path", curl_command(photo.value,
                                                                                         download_name(photo.value)))});
    return;
  }
  const FileKind& kind = photo_file_kind();
  if (!kind.recognises(*bytes)) {
    reader.diags.error(photo.span, fmt::format("the photo {} is not a PNG or JPEG picture", excerpt(photo.value)),
                       {"give the address of a .jpg or .png picture"});
    return;
  }
  const bool png = bytes->starts_with("\x89PNG");
  std::string name = (std::filesystem::temp_directory_path() / (png ? "hanji-photo-XXXXXX.png" : "hanji-photo-XXXXXX.jpg")).string();
  const int fd = mkstemps(name.data(), 4);  // created 0600, a name no other file has
  if (fd < 0) {
    reader.diags.error(photo.span, fmt::format("cannot keep the fetched photo in {}: {}", name, std::strerror(errno)));
    return;
  }
  auto kept = std::make_shared<const DownloadedPhoto>(name);
  const bool written = ::write(fd, bytes->data(), bytes->size()) == static_cast<ssize_t>(bytes->size());
  ::close(fd);
  if (!written) {
    reader.diags.error(photo.span, fmt::format("cannot keep the fetched photo in {}", name));
    return;
  }
  cv.photo = Text{name, photo.span};
  if (reader.fetched_photos) reader.fetched_photos->keep(photo.value, {name, kept});
  cv.downloaded_photo = std::move(kept);
}

}  // namespace

std::optional<FetchedPhotos::Photo> FetchedPhotos::find(const std::string& url) const {
  std::lock_guard lock(mutex_);
  auto it = photos_.find(url);
  if (it == photos_.end()) return std::nullopt;
  return it->second;
}

void FetchedPhotos::keep(const std::string& url, Photo photo) {
  std::lock_guard lock(mutex_);
  if (photos_.size() >= kMaxKept) photos_.clear();  // a session of many photos: start again
  photos_[url] = std::move(photo);
  ++downloads_;
}

std::size_t FetchedPhotos::downloads() const {
  std::lock_guard lock(mutex_);
  return downloads_;
}

namespace {

void read_photo(const YamlNode& node, Reader& reader, const std::string& base_dir, Cv& cv) {
  std::optional<Text> photo = reader.text(node, "photo");
  if (!photo || photo->empty()) return;
  namespace fs = std::filesystem;
  const std::string& written = photo->value;
  if (written.starts_with("http://") || written.starts_with("https://")) {
    if (reader.fetch_photos) return fetch_photo(*photo, reader, cv);
    // A CV from elsewhere is untrusted: hanji reaches no address it names unless asked.
    const std::string name = download_name(written);
    reader.diags.warning(photo->span,
                         fmt::format("{} is a web address ({}), which hanji fetches only with --fetch-photos; "
                                     "the CV is built without it",
                                     reader.json_resume ? "basics.image" : "photo", excerpt(written)),
                         {fmt::format("download it into the CV's folder ({}) and write {}", curl_command(written, name),
                                      reader.json_resume ? fmt::format("\"image\": \"{}\"", name)
                                                         : fmt::format("'photo: {}'", name)),
                          "or build with --fetch-photos to fetch it each time"});
    return;
  }
  std::string extension = lowercase(fs::path(written).extension().string());
  if (extension != ".png" && extension != ".jpg" && extension != ".jpeg") {
    reader.diags.error(photo->span, fmt::format("photo '{}' is not a PNG or JPEG file", written),
                       {"use a .png, .jpg or .jpeg image"});
    return;
  }
  fs::path resolved = fs::path(written).is_absolute() ? fs::path(written) : fs::path(base_dir) / written;
  // Checked as the PDF writer will read it: a FIFO is named a FIFO, an unreadable file
  // unreadable, and a link to a file that is no picture is refused without a look inside.
  std::string error;
  if (!probe_data_file(resolved.string(), photo_file_kind(), error)) {
    const std::string hint =
        error.starts_with("does not exist")
            ? fmt::format("the path is relative to the CV file's directory ({})", base_dir.empty() ? "." : base_dir)
        : error.starts_with("cannot be read") ? "check the file's permissions: hanji must be able to read it"
        : error.starts_with("is larger") ? "a photo for a CV needs about 1000 x 1300 pixels; scale it down or save it as JPEG"
                                         : "give the path of a .jpg or .png picture";
    reader.diags.error(photo->span, fmt::format("photo file '{}' {}", resolved.string(), error), {hint});
    return;
  }
  cv.photo = Text{resolved.lexically_normal().string(), photo->span};
}

// A CV builds without a name, but an employer's first question is whose it is: a missing or
// blank name is most likely a slip (a typo in the key, a value lost in an edit).
void warn_if_nameless(const YamlNode& node, Reader& reader, const Cv& cv) {
  if (cv.name.value.find_first_not_of(" \t\n\r") != std::string::npos) return;
  Span where = node.span;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    if (node.keys[i] == "name") where = node.key_spans[i];
    else if (!closest_match(node.keys[i], {"name"}).empty()) return;  // "nmae:" is already an error
  }
  reader.diags.warning(where, "the CV has no name: its header has no name line and the PDF no author",
                       {reader.json_resume ? "add \"name\": \"Your Name\" to \"basics\"" : "add 'name: Your Name' under 'cv:'"});
}

// Every line a link spans carries its own copy of the address in the PDF: a 250 KB "website"
// wrapped over a hundred lines came to gigabytes.
void check_link_lengths(Reader& reader, const Cv& cv) {
  for (const Contact& contact : cv.contacts)
    if (contact.url.size() > limits::kMaxUrlLength)
      reader.diags.error(contact.text.span,
                         fmt::format("this makes a link of {} characters; hanji takes at most {}", contact.url.size(),
                                     limits::kMaxUrlLength),
                         {"shorten it (an address rarely needs more than a hundred characters)"});
}

}  // namespace

void read_cv(const YamlNode& node, Reader& reader, const std::string& base_dir, const Settings& settings, Cv& cv) {
  if (!reader.expect_map(node, "cv", "write 'cv:' followed by indented keys such as 'name:' and 'sections:'"))
    return;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    const YamlNode& value = node.items[i];
    if (key == "name") cv.name = reader.text(value, key).value_or(Text{});
    else if (key == "headline") cv.headline = reader.text(value, key).value_or(Text{});
    else if (key == "location") {
      if (auto location = reader.text(value, key)) {
        cv.location = *location;
        cv.contacts.push_back({Contact::Kind::Location, *location, "", ""});
      }
    } else if (key == "email") add_emails(value, reader, cv);
    else if (key == "phone") add_phones(value, reader, cv);
    else if (key == "website") add_websites(value, reader, cv);
    else if (key == "photo") read_photo(value, reader, base_dir, cv);
    else if (key == "social_networks") add_socials(value, reader, cv);
    else if (key == "custom_connections") add_custom_connections(value, reader, cv);
    else if (key == "sections") read_sections(value, reader, settings, cv.sections);
    else reader.unknown_key(node.key_spans[i], key, "cv", keys_of(cv_fields()));
  }
  warn_if_nameless(node, reader, cv);
  check_link_lengths(reader, cv);
}

}  // namespace hanji::readers
