// JSON Resume (jsonresume.org, schema 1.0): a document with `basics`, `work`, `education`, ...
// instead of `cv:`. It is translated into the RenderCV form the rest of the reader knows — a
// `cv:` tree whose values are the original nodes, spans included — so JSON Resume files get
// every check, message and feature RenderCV files do.
//
// What goes where: basics -> the header (profiles of networks RenderCV knows become social
// networks, any other a link); basics.summary -> a first text section; work and volunteer ->
// experience entries; education -> education entries (score and courses as highlights);
// awards and certificates -> normal entries with the awarder or issuer in the place column;
// publications -> publication entries; skills, languages and interests -> one-line entries;
// projects -> normal entries (roles and type before the description, entity in the place
// column, keywords as a last highlight); references -> text entries. Texts are read as hanji
// markup, as many JSON Resume themes read Markdown. The schema allows properties of one's
// own anywhere, so a key hanji does not read is a warning at its place; a value of the wrong
// type (a list where text belongs) is an error there, as in a RenderCV file.
//
// Keys beyond the schema that hanji writes itself (`--format json-resume`) and reads back:
// per entry `location`, `date` (free text such as "Fall 2023"), `authors`, `doi`, `summary`
// and `highlights` where the schema has none, `highlight_children` (nested bullets), a
// profile's `text`, and at the top level `hanji: {sections: [...],
// contact_order: [...]}` keeping section titles, their order and the order of the contacts.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "core/links.h"
#include "readers/jsonresume/themes.h"
#include "readers/reader.h"
#include "readers/rendercv/social.h"

namespace hanji::readers {

namespace {

// The top-level arrays of a JSON Resume, in the order a CV shows them by default.
constexpr std::array<std::string_view, 11> kSections = {"work",   "volunteer", "education", "awards",
                                                        "certificates", "publications", "skills", "languages",
                                                        "interests", "projects", "references"};

YamlNode make_map(const Span& span) {
  YamlNode node;
  node.kind = YamlNode::Kind::Map;
  node.span = span;
  return node;
}

YamlNode make_list(const Span& span) {
  YamlNode node;
  node.kind = YamlNode::Kind::Sequence;
  node.span = span;
  return node;
}

YamlNode make_scalar(std::string value, const Span& span) {
  YamlNode node;
  node.kind = YamlNode::Kind::Scalar;
  node.scalar = std::move(value);
  node.span = span;
  node.style = ScalarStyle::DoubleQuoted;  // positions inside it are not the file's: see locate_in_scalar
  return node;
}

void put(YamlNode& map, std::string key, YamlNode value) {
  map.key_spans.push_back(value.span);
  map.keys.push_back(std::move(key));
  map.items.push_back(std::move(value));
}

// Copies `from[key]` to `to[as]` when it is there (any kind: the RenderCV reader checks it).
bool copy(const YamlNode& from, std::string_view key, YamlNode& to, std::string_view as) {
  const YamlNode* value = value_of(from, key);
  if (!value || value->is_null()) return false;
  put(to, std::string(as), *value);
  return true;
}

// The text of `key` when it is a non-empty text; a list or an object there is an error at
// its place (JSON Resume's texts are strings), an absent key or null nothing.
std::optional<YamlNode> text_node(const YamlNode& map, std::string_view key, Reader& reader) {
  const YamlNode* node = value_of(map, key);
  if (!node || !reader.text(*node, key) || node->scalar.empty()) return std::nullopt;
  return *node;
}

std::string text_of(const YamlNode& map, std::string_view key, Reader& reader) {
  std::optional<YamlNode> node = text_node(map, key, reader);
  return node ? node->scalar : "";
}

// A name linked to its url, in hanji's markup: "[Acme](https://acme.example)". A url that is
// no web, mail or phone address (see core/links.h) leaves the name unlinked, with a warning at
// the url.
YamlNode linked(const YamlNode& entry, std::string_view name_key, Reader& reader) {
  const YamlNode* name = value_of(entry, name_key);
  const std::optional<YamlNode> url = text_node(entry, "url", reader);
  if (!name || !name->is_scalar()) return name ? *name : make_scalar("", entry.span);
  // A name that is already a link (hanji writes them so) stays as it is.
  if (!url || name->scalar.empty() || name->scalar.find("](") != std::string::npos) return *name;
  const LinkTarget target = link_target(url->scalar);
  if (target.uri.empty()) {
    reader.diags.warning(url->span,
                         fmt::format("no link to url '{}': {}; '{}' is shown as plain text", excerpt(url->scalar),
                                     target.problem, excerpt(name->scalar)),
                         {target.hint});
    return *name;
  }
  return make_scalar(fmt::format("[{}]({})", name->scalar, target.uri), name->span);
}

// A keyword such as "Laravel 5.*" is a name, not the start of an emphasis: a '*' or '`' that
// has no partner in its keyword is escaped, so that it prints as written (and no warning
// says it is never closed). Paired ones ("**C++**", as hanji writes) stay markup.
std::string literal_if_unpaired(const std::string& keyword) {
  std::string out = keyword;
  for (char mark : {'*', '`'}) {
    if (std::count(out.begin(), out.end(), mark) % 2 == 0) continue;
    std::string escaped;
    for (size_t i = 0; i < out.size(); ++i) {
      if (out[i] == mark && (i == 0 || out[i - 1] != '\\')) escaped += '\\';
      escaped += out[i];
    }
    out = std::move(escaped);
  }
  return out;
}

// A list of texts joined into one ("C++, Python"), or nullopt when there is none; anything
// but a list of texts is an error at its place.
std::optional<YamlNode> joined(const YamlNode& entry, std::string_view key, std::string_view separator,
                               Reader& reader) {
  const YamlNode* list = value_of(entry, key);
  if (!list) return std::nullopt;
  std::string text;
  std::optional<Span> first;
  for (const Text& item : reader.text_list(*list, key, false)) {
    if (item.value.empty()) continue;
    text += (text.empty() ? "" : std::string(separator)) + literal_if_unpaired(item.value);
    if (!first) first = item.span;
  }
  if (!first) return std::nullopt;
  return make_scalar(text, *first);
}

// JSON Resume dates: startDate / endDate (an open end is "present", as RenderCV reads it),
// or a single date under another name (awards' `date`, publications' `releaseDate`).
// A date meant the schema's way: "2020", "2020-03", "2020-03-15", or "present"; with a time
// of day after it ("…T09:00:00Z") too. The RenderCV reader then checks that it is a date it
// takes ("2024-09-31" is an error, and so is a time of day).
bool iso_like(const std::string& value) {
  if (lowercase(value) == "present") return true;
  const size_t time = value.find('T');
  if (time != std::string::npos && value.find_first_not_of("0123456789:.+-Z", time + 1) != std::string::npos)
    return false;
  return looks_like_iso_date(std::string_view(value).substr(0, time));
}

void copy_dates(const YamlNode& from, YamlNode& to, Reader& reader, std::string_view single = "date") {
  if (copy(from, "date", to, "date")) return;  // hanji's own: free text such as "Fall 2023"
  if (single != "date" && copy(from, single, to, "date")) return;
  // Dates written as words ("至今", "Summer 2019") are shown as written, with a warning: the
  // schema asks for ISO dates, but a file that has others is still somebody's résumé.
  const YamlNode* start = value_of(from, "startDate");
  const YamlNode* end = value_of(from, "endDate");
  const auto wordy = [](const YamlNode* d) { return d && d->is_scalar() && !iso_like(d->scalar); };
  if (wordy(start) || wordy(end)) {
    const YamlNode& first = wordy(start) ? *start : *end;
    reader.diags.warning(first.span,
                         fmt::format("'{}' in {} is not a date (YYYY-MM-DD); it is printed as written", excerpt(first.scalar),
                                     wordy(start) ? "startDate" : "endDate"),
                         {"write dates as 2020-03 so that they are formatted and ordered; keep words for 'summary'"});
    std::string text = start && start->is_scalar() ? start->scalar : "";
    if (end && end->is_scalar()) text += (text.empty() ? "" : " \u2013 ") + end->scalar;
    put(to, "date", make_scalar(text, first.span));
    return;
  }
  copy(from, "startDate", to, "start_date");
  copy(from, "endDate", to, "end_date");
}

// A section's title in the CV's language (from its locale file), English when it has none.
// The locale titles sections by the keys RenderCV files use; two of JSON Resume's names
// mean another key's section ("work" is what `experience` holds, which English calls
// Experience where a RenderCV key `work` is titled Work).
std::string title_of(std::string_view section, const Locale& locale) {
  const std::string_view key = section == "work" ? "experience" : section == "volunteer" ? "volunteering" : section;
  if (auto it = locale.section_titles.find(key); it != locale.section_titles.end()) return it->second;
  const Locale english = *builtin_locale("en");
  if (auto it = english.section_titles.find(key); it != english.section_titles.end()) return it->second;
  return std::string(section);
}

// Highlights of a JSON Resume are plain strings (" - " inside one is text, not RenderCV's
// nesting); hanji writes nested bullets beside them as `highlight_children`, one list per
// highlight, and they are joined back the way the RenderCV reader splits them.
void copy_highlights(const YamlNode& from, YamlNode& to) {
  const YamlNode* list = value_of(from, "highlights");
  if (!list || list->is_null()) return;
  YamlNode copied = *list;
  const YamlNode* children = value_of(from, "highlight_children");
  for (size_t i = 0; i < copied.items.size(); ++i) {
    YamlNode& item = copied.items[i];
    item.plain = true;
    if (!children || !children->is_sequence() || i >= children->items.size() || !item.is_scalar()) continue;
    for (const YamlNode& child : children->items[i].items)
      if (child.is_scalar() && !child.scalar.empty()) {
        item.scalar += " - " + child.scalar;
        item.plain = false;
      }
  }
  put(to, "highlights", std::move(copied));
}

// Appends "Label: text" highlights (score, courses, keywords) to an entry.
void add_labelled_highlight(YamlNode& entry, std::string_view label, std::optional<YamlNode> text) {
  if (!text) return;
  text->scalar = fmt::format("{}: {}", label, text->scalar);
  text->plain = true;
  YamlNode* highlights = nullptr;
  for (size_t i = 0; i < entry.keys.size(); ++i)
    if (entry.keys[i] == "highlights" && entry.items[i].is_sequence()) highlights = &entry.items[i];
  if (!highlights) {
    put(entry, "highlights", make_list(text->span));
    highlights = &entry.items.back();
  }
  highlights->items.push_back(std::move(*text));
}

// One JSON Resume entry of `section` as a RenderCV entry.
YamlNode translate_entry(std::string_view section, const YamlNode& in, const Locale& locale, Reader& reader) {
  YamlNode out = make_map(in.span);
  if (section == "work" || section == "volunteer") {
    put(out, "company", linked(in, section == "work" ? "name" : "organization", reader));
    if (!copy(in, "position", out, "position")) put(out, "position", make_scalar("", in.span));
    copy(in, "location", out, "location");
    copy_dates(in, out, reader);
    std::optional<YamlNode> summary = text_node(in, "summary", reader);
    if (auto description = text_node(in, "description", reader)) {  // what the organisation is
      if (summary) description->scalar = fmt::format("*{}.* {}", description->scalar, summary->scalar);
      summary = description;
    }
    if (summary) put(out, "summary", *summary);
    copy_highlights(in, out);
  } else if (section == "education") {
    put(out, "institution", linked(in, "institution", reader));
    if (!copy(in, "area", out, "area")) put(out, "area", make_scalar("", in.span));
    copy(in, "studyType", out, "degree");
    copy(in, "location", out, "location");
    copy_dates(in, out, reader);
    copy(in, "summary", out, "summary");
    copy_highlights(in, out);
    add_labelled_highlight(out, locale.score, text_node(in, "score", reader));
    add_labelled_highlight(out, locale.courses, joined(in, "courses", ", ", reader));
  } else if (section == "awards" || section == "certificates") {
    put(out, "name", linked(in, section == "awards" ? "title" : "name", reader));
    if (!copy(in, "location", out, "location")) copy(in, section == "awards" ? "awarder" : "issuer", out, "location");
    copy_dates(in, out, reader);
    copy(in, "summary", out, "summary");
    copy_highlights(in, out);
  } else if (section == "publications") {
    copy(in, "name", out, "title");  // a publication shows its DOI or URL on a line of its own
    if (!copy(in, "authors", out, "authors")) put(out, "authors", make_list(in.span));
    copy(in, "publisher", out, "journal");
    copy(in, "doi", out, "doi");
    if (!value_of(in, "doi")) copy(in, "url", out, "url");
    copy_dates(in, out, reader, "releaseDate");
    copy(in, "summary", out, "summary");
  } else if (section == "skills" || section == "interests" || section == "languages") {
    put(out, "label", section == "languages" ? linked(in, "language", reader) : linked(in, "name", reader));
    std::optional<YamlNode> details =
        section == "languages" ? text_node(in, "fluency", reader) : joined(in, "keywords", ", ", reader);
    if (auto level = text_node(in, "level", reader)) {
      if (details) details->scalar = fmt::format("{} ({})", details->scalar, level->scalar);
      else details = level;
    }
    put(out, "details", details ? *details : make_scalar("", in.span));
  } else if (section == "projects") {
    put(out, "name", linked(in, "name", reader));
    if (!copy(in, "location", out, "location")) copy(in, "entity", out, "location");
    copy_dates(in, out, reader);
    // Roles and the kind of project lead the description: "*Lead (application).* A map ...".
    std::optional<YamlNode> summary = text_node(in, "description", reader);
    std::optional<YamlNode> roles = joined(in, "roles", ", ", reader);
    if (auto type = text_node(in, "type", reader)) {
      if (roles) roles->scalar = fmt::format("{} ({})", roles->scalar, type->scalar);
      else roles = type;
    }
    if (roles) {
      if (summary) roles->scalar = fmt::format("*{}.* {}", roles->scalar, summary->scalar);
      summary = roles;
    }
    if (summary) put(out, "summary", *summary);
    copy_highlights(in, out);
    add_labelled_highlight(out, locale.keywords, joined(in, "keywords", ", ", reader));
  } else if (section == "references") {
    std::string text = text_of(in, "reference", reader);
    const std::string name = text_of(in, "name", reader);
    if (!name.empty()) text += (text.empty() ? "" : " \u2014 ") + name;
    return make_scalar(text, in.span);
  }
  return out;
}

// Every key of an entry that the translation reads, for the "ignored" warning.
bool known_entry_key(std::string_view section, std::string_view key) {
  static const std::vector<std::pair<std::string_view, std::vector<std::string_view>>> kKeys = {
      {"work", {"name", "location", "description", "position", "url", "startDate", "endDate", "summary", "highlights", "highlight_children", "date"}},
      {"volunteer", {"organization", "position", "url", "startDate", "endDate", "summary", "highlights", "highlight_children", "location", "date"}},
      {"education", {"institution", "url", "area", "studyType", "startDate", "endDate", "score", "courses", "location", "date", "summary", "highlights", "highlight_children"}},
      {"awards", {"title", "date", "awarder", "summary", "url", "location", "highlights", "highlight_children"}},
      {"certificates", {"name", "date", "url", "issuer", "location", "summary", "highlights", "highlight_children"}},
      {"publications", {"name", "publisher", "releaseDate", "url", "summary", "authors", "doi", "date"}},
      {"skills", {"name", "level", "keywords"}},
      {"languages", {"language", "fluency"}},
      {"interests", {"name", "keywords"}},
      {"references", {"name", "reference"}},
      {"projects", {"name", "description", "highlights", "highlight_children", "keywords", "startDate", "endDate", "url", "roles", "entity", "type", "location", "date"}},
  };
  for (const auto& [name, keys] : kKeys)
    if (name == section) return std::find(keys.begin(), keys.end(), key) != keys.end();
  return false;
}

// The entries of one top-level array, translated; a warning for what has no place.
std::vector<YamlNode> translate_entries(std::string_view section, const YamlNode& list, Reader& reader,
                                        const Locale& locale) {
  std::vector<YamlNode> out;
  if (list.is_null()) return out;
  if (!reader.expect_list(list, section, "JSON Resume writes each section as a list of objects")) return out;
  for (const YamlNode& entry : list.items) {
    if (!reader.expect_map(entry, section, "write each entry as an object with keys such as \"name\"")) continue;
    for (size_t i = 0; i < entry.keys.size(); ++i)
      if (!known_entry_key(section, entry.keys[i]))
        reader.diags.ignored_setting(entry.key_spans[i],
                             fmt::format("'{}' in {} has no place in a hanji CV and is ignored", entry.keys[i], section),
                             {"remove it, or move what it says into \"summary\" or \"highlights\""});
    out.push_back(translate_entry(section, entry, locale, reader));
  }
  return out;
}

// JSON Resume allows properties of one's own anywhere: a key hanji has no use for is a
// warning at its place, never an error.
void warn_unknown_keys(const YamlNode& map, std::string_view where, std::initializer_list<std::string_view> known,
                       Reader& reader) {
  for (size_t i = 0; i < map.keys.size(); ++i)
    if (std::find(known.begin(), known.end(), map.keys[i]) == known.end()) {
      std::vector<std::string> names(known.begin(), known.end());
      reader.diags.ignored_setting(map.key_spans[i],
                           fmt::format("'{}' in {} has no place in a hanji CV and is ignored", map.keys[i], where),
                           {fmt::format("the keys hanji reads here are {}", quoted_list(names))});
    }
}

// An address written over several lines ("1 Main St\nApt 2"), on one: "1 Main St, Apt 2".
std::string one_line(const std::string& text) {
  std::string out;
  bool pending = false;
  for (char c : text) {
    if (c == '\n' || c == '\r') {
      pending = !out.empty();
      continue;
    }
    if (pending) {
      while (!out.empty() && (out.back() == ' ' || out.back() == ',')) out.pop_back();
      out += ", ";
      pending = false;
      if (c == ' ') continue;
    }
    out += c;
  }
  return out;
}

// basics.location {address, postalCode, city, countryCode, region} as one line of text, in
// the order an address is read: "Main St 1, Lisbon, Lisboa, 1000-001, PT".
std::optional<YamlNode> location_text(const YamlNode& location, Reader& reader) {
  if (location.is_null() ||
      !reader.expect_map(location, "location", "write it as {\"city\": ..., \"countryCode\": ...}"))
    return std::nullopt;
  warn_unknown_keys(location, "basics.location", {"address", "city", "region", "postalCode", "countryCode"}, reader);
  std::string text;
  for (std::string_view key : {"address", "city", "region", "postalCode", "countryCode"})
    if (std::string part = one_line(text_of(location, key, reader)); !part.empty())
      text += (text.empty() ? "" : ", ") + part;
  if (text.empty()) return std::nullopt;
  return make_scalar(text, location.span);
}

// basics -> name, headline, contacts and photo, in the RenderCV keys read_cv knows.
void translate_basics(const YamlNode& basics, Reader& reader, YamlNode& cv, const std::vector<std::string>& order) {
  if (!reader.expect_map(basics, "basics", "write \"basics\" as an object with \"name\", \"email\", ...")) return;
  warn_unknown_keys(basics, "basics",
                    {"name", "label", "image", "email", "phone", "url", "summary", "location", "profiles"}, reader);
  copy(basics, "name", cv, "name");
  copy(basics, "label", cv, "headline");
  if (auto image = text_node(basics, "image", reader)) {
    const auto beside = [&] {
      std::error_code ignored;
      return std::filesystem::exists(std::filesystem::path(reader.source.file()).parent_path() / image->scalar, ignored);
    };
    // A web address is read as a RenderCV file's would be: fetched with --fetch-photos, else
    // left out with a warning that says how to download it (read_photo).
    if (image->scalar.starts_with("http://") || image->scalar.starts_with("https://"))
      put(cv, "photo", *image);
    else if (!beside())
      // The picture a résumé names often lives with its web site, not beside the file.
      reader.diags.warning(image->span, fmt::format("basics.image '{}' is not beside the résumé, so the CV has no photo",
                                                    excerpt(image->scalar)),
                           {"put the picture there, or give its path relative to the résumé"});
    else
      put(cv, "photo", *image);
  }
  // Contacts in the order hanji wrote them, else RenderCV's: location, email, phone, url, profiles.
  std::vector<std::string> kinds = order.empty() ? std::vector<std::string>{"location", "email", "phone", "url", "profiles"}
                                                 : order;
  YamlNode custom = make_list(basics.span);  // contacts shown as written: links of other networks
  for (const std::string& kind : kinds) {
    if (kind == "location") {
      if (const YamlNode* location = value_of(basics, "location"))
        if (auto text = location_text(*location, reader)) put(cv, "location", std::move(*text));
    } else if (kind == "phone") {
      // The schema takes any text as a phone ("upon request"): what is no number is shown as
      // written, without a link, rather than refused.
      const YamlNode* phone = value_of(basics, "phone");
      if (phone && phone->is_scalar() && !plausible_phone(phone->scalar)) {
        YamlNode item = make_map(phone->span);
        put(item, "placeholder", *phone);
        custom.items.push_back(std::move(item));
      } else {
        copy(basics, kind, cv, kind);
      }
    } else if (kind == "email") {
      copy(basics, kind, cv, kind);
    } else if (kind == "url") {
      copy(basics, "url", cv, "website");
    } else if (kind == "profiles") {
      const YamlNode* profiles = value_of(basics, "profiles");
      if (!profiles || !reader.expect_list(*profiles, "profiles", "write each profile as {\"network\": ..., \"url\": ...}"))
        continue;
      YamlNode social = make_list(profiles->span);
      for (const YamlNode& profile : profiles->items) {
        if (!reader.expect_map(profile, "profiles", "write each profile as {\"network\": ..., \"url\": ...}")) continue;
        warn_unknown_keys(profile, "a profile", {"network", "username", "url", "text"}, reader);
        std::optional<YamlNode> network = text_node(profile, "network", reader);
        std::optional<YamlNode> username = text_node(profile, "username", reader);
        const std::string url = text_of(profile, "url", reader);
        const SocialNetworkInfo* info = network && network->is_scalar() ? find_network(network->scalar) : nullptr;
        // Twitter is X since 2023 (RenderCV knows only "X", at https://x.com/): a profile with
        // only a username is X's; one with its own address keeps it (below), never re-pointed.
        const bool twitter = network && network->is_scalar() && (network->scalar == "Twitter" || network->scalar == "twitter");
        if (twitter && url.empty()) info = find_network("X");
        if (!info && !twitter && network && network->is_scalar())  // "github" as well as "GitHub"
          for (const std::string& name : network_names())
            if (std::equal(name.begin(), name.end(), network->scalar.begin(), network->scalar.end(),
                           [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) ==
                                                       std::tolower(static_cast<unsigned char>(b)); }))
              info = find_network(name);
        // A username the network would not take ("Jane Doe" on LinkedIn) is shown by its URL.
        const bool usable = info && username && username->is_scalar() && !username->scalar.empty() &&
                            username->scalar.find_first_of(" \t\n") == std::string::npos &&
                            (!info->valid_username || info->valid_username(username->scalar));
        if (usable) {
          YamlNode item = make_map(profile.span);
          put(item, "network", make_scalar(std::string(info->name), network->span));
          put(item, "username", *username);
          social.items.push_back(std::move(item));
        } else if (!url.empty() || (username && username->is_scalar())) {
          // A network RenderCV does not know: a plain link showing the address (or the name).
          std::string shown = shown_address(url);
          // An address that does not hold the username (the schema's own sample gives Twitter's
          // home page with one) would leave the name out of the page: the name is shown, linked.
          const std::string name = username && username->is_scalar() ? username->scalar : "";
          if (!name.empty() && lowercase(shown).find(lowercase(name)) == std::string::npos) {
            const std::string network_name = scalar_of(profile, "network");
            shown = network_name.empty() ? name : network_name + ": " + name;
          }
          if (std::string text = scalar_of(profile, "text"); !text.empty()) shown = text;  // hanji's own
          YamlNode item = make_map(profile.span);
          put(item, "placeholder", make_scalar(shown, profile.span));
          if (!url.empty()) put(item, "url", *value_of(profile, "url"));  // where a warning about it points
          custom.items.push_back(std::move(item));
        }
      }
      if (!social.items.empty()) put(cv, "social_networks", std::move(social));
    }
  }
  if (!custom.items.empty()) put(cv, "custom_connections", std::move(custom));
}

// hanji's own section list: [{title, from, count} | {title, entries}], or the default one.
struct SectionPlan {
  std::string title;
  Span span;
  std::string from;      // a JSON Resume array ("work"), or "" for inline entries
  size_t count = 0;      // how many of its entries, taken in order
  const YamlNode* entries = nullptr;  // inline RenderCV entries (text, bullets, ...)
};

std::vector<SectionPlan> planned_sections(const YamlNode& root, const Locale& locale, Reader& reader) {
  std::vector<SectionPlan> plan;
  const YamlNode* hanji = value_of(root, "hanji");
  const YamlNode* listed = hanji ? value_of(*hanji, "sections") : nullptr;
  if (listed && reader.expect_list(*listed, "hanji.sections", "a list of {\"title\": ..., \"from\": ..., \"count\": N}")) {
    for (const YamlNode& item : listed->items) {
      if (!reader.expect_map(item, "hanji.sections", "write each section as {\"title\": ..., \"from\": ..., \"count\": N}"))
        continue;
      SectionPlan section{scalar_of(item, "title"), item.span, scalar_of(item, "from"), 0, value_of(item, "entries")};
      const std::string count = scalar_of(item, "count");
      section.count = count.empty() ? 0 : static_cast<size_t>(std::max(0L, std::strtol(count.c_str(), nullptr, 10)));
      plan.push_back(std::move(section));
    }
    return plan;
  }
  if (const YamlNode* basics = value_of(root, "basics"))
    if (!scalar_of(*basics, "summary").empty()) plan.push_back(SectionPlan{title_of("summary", locale), basics->span, "summary", 1, nullptr});
  for (std::string_view name : kSections)
    if (const YamlNode* list = value_of(root, name); list && list->is_sequence() && !list->items.empty())
      plan.push_back(SectionPlan{title_of(name, locale), list->span, std::string(name), list->items.size(), nullptr});
  return plan;
}

}  // namespace

bool is_json_resume(const YamlNode& root) {
  if (!root.is_map() || value_of(root, "cv")) return false;
  if (value_of(root, "basics") || value_of(root, "meta") || value_of(root, "$schema")) return true;
  return std::any_of(kSections.begin(), kSections.end(), [&](std::string_view key) { return value_of(root, key); });
}

const std::vector<std::string>& json_resume_keys() {
  static const std::vector<std::string> kKeys = {"$schema", "basics", "work",  "volunteer", "education", "awards",
                                                 "certificates", "publications", "skills", "languages", "interests",
                                                 "references", "projects", "meta", "hanji", "layout", "locale",
                                                 "locale_catalog", "design", "settings", "letter", "parts"};
  return kKeys;
}

namespace {

// JSON Resume files in the wild write "" (or null) for "not given": such a value is as if the
// key were absent, and so is an item "" in a list.
void drop_empty_values(YamlNode& node) {
  if (node.is_map()) {
    size_t kept = 0;  // compacted in place: one pass, however many keys
    for (size_t i = 0; i < node.keys.size(); ++i) {
      YamlNode& value = node.items[i];
      drop_empty_values(value);
      if (value.is_null() || (value.is_scalar() && value.scalar.empty())) continue;
      if (kept != i) {
        node.keys[kept] = std::move(node.keys[i]);
        node.key_spans[kept] = node.key_spans[i];
        node.items[kept] = std::move(node.items[i]);
      }
      ++kept;
    }
    node.keys.resize(kept);
    node.key_spans.resize(kept);
    node.items.resize(kept);
  } else if (node.is_sequence()) {
    std::vector<YamlNode> kept;
    for (YamlNode& item : node.items) {
      drop_empty_values(item);
      if (!(item.is_scalar() && item.scalar.empty()) && !item.is_null()) kept.push_back(std::move(item));
    }
    node.items = std::move(kept);
  }
}

// The names of the schema before 1.0, still common: each is read as today's name when the
// entry does not have that one too.
void rename_key(YamlNode& map, std::string_view old_name, std::string_view new_name) {
  if (!map.is_map() || value_of(map, new_name)) return;
  for (std::string& key : map.keys)
    if (key == old_name) key = std::string(new_name);
}

void read_older_names(YamlNode& root) {
  if (YamlNode* basics = value_of(root, "basics")) {
    rename_key(*basics, "website", "url");
    rename_key(*basics, "picture", "image");
  }
  // (The sections added later took "website" from the tools of their day too, and a
  // language is often given by "name", as the other lists name their items.)
  static const std::array<std::array<std::string_view, 3>, 10> kRenamed{{{"work", "company", "name"},
                                                                          {"work", "website", "url"},
                                                                          {"volunteer", "website", "url"},
                                                                          {"education", "gpa", "score"},
                                                                          {"publications", "website", "url"},
                                                                          {"projects", "summary", "description"},
                                                                          {"projects", "website", "url"},
                                                                          {"awards", "website", "url"},
                                                                          {"certificates", "website", "url"},
                                                                          {"languages", "name", "language"}}};
  for (const auto& [section, old_name, new_name] : kRenamed)
    if (YamlNode* list = value_of(root, section); list && list->is_sequence())
      for (YamlNode& entry : list->items) rename_key(entry, old_name, new_name);
}

// An entry left with nothing in it (all its values were "") would print an empty heading.
void drop_empty_entries(YamlNode& root, Reader& reader) {
  for (std::string_view section : kSections) {
    YamlNode* list = value_of(root, section);
    if (!list || !list->is_sequence()) continue;
    std::vector<YamlNode> kept;
    for (YamlNode& entry : list->items) {
      if (entry.is_map() && entry.keys.empty()) {
        reader.diags.warning(entry.span, fmt::format("an entry of {} has nothing in it and is left out", section),
                             {"fill it in, or delete it"});
        continue;
      }
      kept.push_back(std::move(entry));
    }
    list->items = std::move(kept);
  }
}

}  // namespace

void read_json_resume_theme(const YamlNode& root, Reader& reader, CvFile& file) {
  const YamlNode* meta = value_of(root, "meta");
  const YamlNode* theme = meta && meta->is_map() ? value_of(*meta, "theme") : nullptr;
  if (!theme || !theme->is_scalar() || theme->scalar.empty()) return;
  if (std::optional<std::string_view> layout = layout_for_json_resume_theme(theme->scalar)) {
    file.layout_name = std::string(*layout);
    file.layout_span = theme->span;
    return;
  }
  reader.diags.ignored_setting(theme->span,
                       fmt::format("JSON Resume theme '{}' is not one hanji knows: the CV is set in hanji's classic "
                                   "layout (or the one --layout names), and meta.theme is not followed",
                                   excerpt(theme->scalar)),
                       {fmt::format("the themes hanji maps to its layouts are {}; or name a layout with "
                                    "\"layout\": \"NAME\" (`hanji layouts` lists them)",
                                    json_resume_theme_names())});
}

YamlNode json_resume_as_cv(const YamlNode& original, Reader& reader, const Locale& locale) {
  YamlNode root = original;
  drop_empty_values(root);
  read_older_names(root);
  drop_empty_entries(root, reader);
  YamlNode cv = make_map(root.span);
  std::vector<std::string> contact_order;
  if (const YamlNode* hanji = value_of(root, "hanji"))
    if (const YamlNode* order = value_of(*hanji, "contact_order"); order && order->is_sequence())
      for (const YamlNode& kind : order->items)
        if (kind.is_scalar()) contact_order.push_back(kind.scalar);
  if (const YamlNode* basics = value_of(root, "basics")) translate_basics(*basics, reader, cv, contact_order);

  std::map<std::string, std::vector<YamlNode>, std::less<>> entries;  // per array, translated
  std::map<std::string, size_t, std::less<>> taken;
  for (std::string_view name : kSections)
    if (const YamlNode* list = value_of(root, name)) entries[std::string(name)] = translate_entries(name, *list, reader, locale);
  if (const YamlNode* basics = value_of(root, "basics"))
    if (auto summary = text_node(*basics, "summary", reader)) entries["summary"].push_back(*summary);

  YamlNode sections = make_map(root.span);
  for (const SectionPlan& plan : planned_sections(root, locale, reader)) {
    YamlNode list = make_list(plan.span);
    if (plan.entries) {
      if (plan.entries->is_sequence()) list = *plan.entries;
    } else if (auto found = entries.find(plan.from); found != entries.end()) {
      size_t& next = taken[plan.from];
      for (size_t k = 0; k < plan.count && next < found->second.size(); ++k) list.items.push_back(found->second[next++]);
    }
    std::string title = plan.title.empty() ? title_of(plan.from, locale) : plan.title;
    // Two sections of one title would be one key: the second gets a mark to stay apart.
    while (std::find(sections.keys.begin(), sections.keys.end(), title) != sections.keys.end()) title += " ";
    if (!list.items.empty()) {
      put(sections, title, std::move(list));
      sections.key_spans.back() = plan.span;
    }
  }
  if (!sections.keys.empty()) put(cv, "sections", std::move(sections));
  return cv;
}

}  // namespace hanji::readers
