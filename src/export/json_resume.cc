// The CV as a JSON Resume (schema 1.0). Each hanji section goes to the schema's array for its
// entry type — experience to `work`, education to `education`, publications to
// `publications`, normal entries to `projects`, one-line entries to `skills` (details split
// at ", " into keywords) — or, when its title is the one the CV's language gives another
// array of the same kind (a JSON Resume read by hanji titles its sections so), to that one:
// `volunteer`, `awards`, `certificates`, `languages`, `interests`, `references`, and a
// one-paragraph "Summary" to basics.summary. So the tools of that ecosystem see the CV, and
// a JSON Resume written again keeps its arrays. A name that is one link ("[Acme](https://..)")
// is written as the schema's name and url. What the schema has no
// place for travels in keys it allows beside its own, which hanji's reader reads back: an
// entry's free-text `date`, `location`, `authors`, `doi`, `highlight_children`, and at the top level `hanji:
// {sections, contact_order}` (section titles and order, text sections, the order of the
// contacts), `layout`, `locale` and `settings`. A written file builds again to the same text.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>

#include "export/export.h"
#include "core/json.h"

namespace hanji::exports {

namespace {

using model::Date;
using model::Entry;
using model::EntryKind;

// ISO 8601 as the schema's pattern wants it, or "" for a date that is not one (free text,
// present).
std::string iso_date(const Date& date) {
  switch (date.kind) {
    case Date::Kind::Year: return fmt::format("{:04}", date.year);
    case Date::Kind::YearMonth: return fmt::format("{:04}-{:02}", date.year, date.month);
    case Date::Kind::YearMonthDay: return fmt::format("{:04}-{:02}-{:02}", date.year, date.month, date.day);
    case Date::Kind::Present:
    case Date::Kind::Free: return "";
  }
  return "";
}

// start/end as startDate/endDate (an ongoing one has no endDate); a single date as
// `single` when it is ISO 8601, else as hanji's own free-text `date`.
void set_dates(Json& out, const Entry& entry, const char* single = "date") {
  if (entry.date) {
    const std::string iso = iso_date(*entry.date);
    out.set(iso.empty() ? "date" : single, iso.empty() ? entry.date->text : iso);
    return;
  }
  if (entry.start_date) out.set_text("startDate", iso_date(*entry.start_date));
  if (entry.end_date && entry.end_date->kind != Date::Kind::Present) out.set_text("endDate", iso_date(*entry.end_date));
}

// The highlights as the schema's strings; nested bullets, which it lacks, beside them in
// `highlight_children` (one list per highlight), only when there are any.
void set_highlights(Json& out, const Entry& entry) {
  if (entry.highlights.empty()) return;
  Json list = Json::array(), children = Json::array();
  bool nested = false;
  for (const model::Highlight& highlight : entry.highlights) {
    list.push(highlight.text.value);
    Json own = Json::array();
    for (const model::Text& child : highlight.children) own.push(child.value);
    nested = nested || !own.empty();
    children.push(std::move(own));
  }
  out.set("highlights", std::move(list));
  if (nested) out.set("highlight_children", std::move(children));
}

Json texts(const std::vector<model::Text>& items) {
  Json list = Json::array();
  for (const model::Text& item : items) list.push(item.value);
  return list;
}

// "C++, Python, Go" -> ["C++", "Python", "Go"]; joined with ", " again when read back.
Json keywords(const std::string& details) {
  Json list = Json::array();
  for (size_t start = 0; start <= details.size();) {
    size_t comma = details.find(", ", start);
    if (comma == std::string::npos) comma = details.size();
    list.push(details.substr(start, comma - start));
    start = comma + 2;
  }
  return list;
}

// "[Acme](https://acme.example)" as {name: Acme, url: https://acme.example}, as the schema
// keeps them; anything else (plain text, other markup, a relative link) as it is. hanji's
// reader joins the two back into the same link.
void set_linked(Json& out, const std::string& name_key, const std::string& text) {
  const size_t middle = text.find("](");
  const bool one_link = text.size() > 4 && text.front() == '[' && text.back() == ')' && middle != std::string::npos;
  if (one_link) {
    const std::string name = text.substr(1, middle - 1), url = text.substr(middle + 2, text.size() - middle - 3);
    const bool plain_name = !name.empty() && name.find_first_of("[]*`\\") == std::string::npos;
    const bool web = (url.starts_with("https://") || url.starts_with("http://")) &&
                     url.find_first_of(" \t\n[]") == std::string::npos;
    if (plain_name && web) {
      out.set(name_key, name);
      out.set("url", url);
      return;
    }
  }
  out.set(name_key, text);
}

// Work, or volunteering (`organization_key` "organization": the schema's other name for it).
Json work(const Entry& e, const char* organization_key = "name") {
  Json out = Json::object();
  set_linked(out, organization_key, e.company.value);
  out.set_text("position", e.position.value);
  out.set_text("location", e.location.value);
  set_dates(out, e);
  out.set_text("summary", e.summary.value);
  set_highlights(out, e);
  return out;
}

Json education(const Entry& e) {
  Json out = Json::object();
  set_linked(out, "institution", e.institution.value);
  out.set_text("area", e.area.value);
  out.set_text("studyType", e.degree.value);
  out.set_text("location", e.location.value);
  set_dates(out, e);
  out.set_text("summary", e.summary.value);
  set_highlights(out, e);
  return out;
}

Json publication(const Entry& e) {
  Json out = Json::object();
  out.set("name", e.title.value);
  if (!e.authors.empty()) out.set("authors", texts(e.authors));
  out.set_text("publisher", e.journal.value);
  set_dates(out, e, "releaseDate");
  out.set_text("doi", e.doi.value);
  out.set_text("url", e.doi.empty() ? e.url.value : "https://doi.org/" + e.doi.value);
  out.set_text("summary", e.summary.value);
  return out;
}

// Awards and certificates: a name, one ISO date, who gave it (the place column).
Json award(const Entry& e, bool certificate) {
  Json out = Json::object();
  set_linked(out, certificate ? "name" : "title", e.name.value);
  set_dates(out, e);
  out.set_text(certificate ? "issuer" : "awarder", e.location.value);
  out.set_text("summary", e.summary.value);
  set_highlights(out, e);
  return out;
}

Json project(const Entry& e) {
  Json out = Json::object();
  set_linked(out, "name", e.name.value);
  out.set_text("location", e.location.value);
  set_dates(out, e);
  out.set_text("description", e.summary.value);
  set_highlights(out, e);
  return out;
}

Json skill(const Entry& e) {
  Json out = Json::object();
  set_linked(out, "name", e.label.value);
  out.set("keywords", keywords(e.details.value));
  return out;
}

Json language(const Entry& e) {
  Json out = Json::object();
  set_linked(out, "language", e.label.value);
  out.set_text("fluency", e.details.value);
  return out;
}

Json reference(const Entry& e) {
  Json out = Json::object();
  out.set("reference", e.text.value);
  return out;
}

// A section without a place in the schema (text, bullets, numbered): its entries as hanji
// writes them, inside hanji's own section list.
Json inline_entries(const model::Section& section) {
  Json list = Json::array();
  for (const Entry& e : section.entries) {
    if (e.kind == EntryKind::Text) {
      list.push(e.text.value);
      continue;
    }
    Json item = Json::object();
    item.set(e.kind == EntryKind::Bullet     ? "bullet"
             : e.kind == EntryKind::Numbered ? "number"
                                             : "reversed_number",
             e.text.value);
    list.push(std::move(item));
  }
  return list;
}

// The section keys whose sections a JSON Resume array holds, the first the one whose title
// the JSON Resume reader gives the array (as readers/jsonresume/json_resume.cc names them).
std::vector<std::string_view> keys_for(std::string_view array) {
  if (array == "volunteer") return {"volunteering", "volunteer"};
  if (array == "awards") return {"awards", "honors", "selected_honors"};
  if (array == "certificates") return {"certificates", "certifications"};
  if (array == "summary") return {"summary", "about", "about_me", "profile"};
  return {array};
}

// "Work experience", "work_experience" -> "work_experience".
std::string key_name(std::string_view key) {
  std::string name;
  for (char c : key) name += c == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

// True when the section is written under one of the keys of `array`, or titled as the CV's
// language (or English) titles one of them (a JSON Resume read in, whose keys are titles).
bool titled_as(const model::Section& section, std::string_view array, const model::Locale& locale) {
  for (std::string_view key : keys_for(array)) {
    if (key_name(section.key) == key) return true;
    for (const model::Locale& titles : {locale, *model::builtin_locale("en")})
      if (auto it = titles.section_titles.find(key); it != titles.section_titles.end() && it->second == section.title.value)
        return true;
  }
  return false;
}

// Awards and certificates have one ISO date each: a range or free text stays in `projects`,
// whose dates are a range and whose free text hanji keeps in its own `date`.
bool one_iso_date_each(const model::Section& section) {
  return std::all_of(section.entries.begin(), section.entries.end(), [](const Entry& e) {
    return !e.start_date && !e.end_date && (!e.date || !iso_date(*e.date).empty());
  });
}

// The schema's array for a section ("summary": basics.summary), or "" for a section it
// has no place for (bullets, numbered items, several paragraphs): those go inline into
// hanji's own section list.
std::string array_for(const model::Section& section, const model::Locale& locale) {
  switch (section.kind) {
    case EntryKind::Experience: return titled_as(section, "volunteer", locale) ? "volunteer" : "work";
    case EntryKind::Education: return "education";
    case EntryKind::Publication: return "publications";
    case EntryKind::Normal:
      for (const char* array : {"awards", "certificates"})
        if (titled_as(section, array, locale) && one_iso_date_each(section)) return array;
      return "projects";
    case EntryKind::OneLine:
      for (const char* array : {"languages", "interests"})
        if (titled_as(section, array, locale)) return array;
      return "skills";
    case EntryKind::Text:
      if (titled_as(section, "references", locale)) return "references";
      if (titled_as(section, "summary", locale) && section.entries.size() == 1) return "summary";
      return "";
    default: return "";
  }
}

Json entry_json(const Entry& e, std::string_view array) {
  if (array == "volunteer") return work(e, "organization");
  if (array == "awards" || array == "certificates") return award(e, array == "certificates");
  if (array == "languages") return language(e);
  if (array == "references") return reference(e);
  switch (e.kind) {
    case EntryKind::Experience: return work(e);
    case EntryKind::Education: return education(e);
    case EntryKind::Publication: return publication(e);
    case EntryKind::Normal: return project(e);
    case EntryKind::OneLine: return skill(e);  // skills and interests: a name and keywords
    default: return Json();
  }
}

std::string photo_path(const std::string& photo, const std::string& output_dir) {
  namespace fs = std::filesystem;
  if (photo.empty()) return "";
  std::error_code ec;
  fs::path relative = fs::relative(fs::absolute(photo, ec), fs::absolute(output_dir.empty() ? "." : output_dir, ec), ec);
  return ec || relative.empty() ? photo : relative.generic_string();
}

Json basics(const model::CvFile& file, const std::string& output_dir, Json& contact_order) {
  const model::Cv& cv = file.cv;
  Json out = Json::object();
  out.set_text("name", cv.name.value);
  out.set_text("label", cv.headline.value);
  out.set_text("image", photo_path(cv.photo.value, output_dir));
  Json profiles = Json::array();
  bool website_set = false;
  std::vector<std::string> seen;
  auto order = [&](const char* kind) {
    for (const std::string& known : seen)
      if (known == kind) return;
    seen.emplace_back(kind);
    contact_order.push(kind);
  };
  for (const model::Contact& contact : cv.contacts) {
    switch (contact.kind) {
      case model::Contact::Kind::Location: {
        Json location = Json::object();
        location.set("address", contact.text.value);
        out.set("location", std::move(location));
        order("location");
        break;
      }
      case model::Contact::Kind::Email:
        if (!cv.emails.empty() && contact.text.value == cv.emails.front().value) {
          out.set("email", contact.text.value);
          order("email");
        }
        break;
      case model::Contact::Kind::Phone:
        if (!cv.phones.empty() && contact.text.value == cv.phones.front().value) {
          out.set("phone", contact.text.value);
          order("phone");
        }
        break;
      case model::Contact::Kind::Website:
      case model::Contact::Kind::Social: {
        const bool first_site = contact.kind == model::Contact::Kind::Website && !website_set &&
                                !cv.websites.empty() && contact.url.find(cv.websites.front().value) != std::string::npos;
        if (first_site) {
          out.set("url", contact.url);
          website_set = true;
          order("url");
          break;
        }
        Json profile = Json::object();
        if (contact.kind == model::Contact::Kind::Social) {
          profile.set("network", contact.network);
          for (const model::SocialNetwork& social : cv.social_networks)
            if (social.url == contact.url) profile.set("username", social.username.value);
        } else {
          profile.set("network", "Website");
          profile.set("text", contact.text.value);  // hanji's own: the text shown for the link
        }
        profile.set_text("url", contact.url);
        profiles.push(std::move(profile));
        order("profiles");
        break;
      }
    }
  }
  if (!profiles.empty()) out.set("profiles", std::move(profiles));
  return out;
}

Json locale_json(const model::Locale& locale) {
  Json out = Json::object();
  out.set("language", locale.name);
  auto months = [](const std::array<std::string, 12>& names) {
    Json list = Json::array();
    for (const std::string& name : names) list.push(name);
    return list;
  };
  out.set("month_names", months(locale.month_names));
  out.set("month_abbreviations", months(locale.month_abbreviations));
  out.set("date", locale.date);
  out.set_text("date_with_day", locale.date_with_day);
  out.set("present", locale.present);
  out.set("range_separator", locale.range_separator);
  out.set("year", locale.year);
  out.set("years", locale.years);
  out.set("month", locale.month);
  out.set("months", locale.months);
  out.set("last_updated", locale.last_updated);
  out.set("page_number", locale.page_number);
  Json phrases = Json::object();
  phrases.set("degree_with_area", locale.degree_with_area);
  out.set("phrases", std::move(phrases));
  return out;
}

Json config_json(const config::ConfigNode& node) {
  switch (node.kind) {
    case config::ConfigNode::Kind::Null: return Json();
    case config::ConfigNode::Kind::Scalar: return Json(node.scalar);
    case config::ConfigNode::Kind::Sequence: {
      Json list = Json::array();
      for (const auto& child : node.children) list.push(config_json(child));
      return list;
    }
    case config::ConfigNode::Kind::Map: {
      Json map = Json::object();
      for (size_t i = 0; i < node.keys.size(); ++i) map.set(node.keys[i], config_json(node.children[i]));
      return map;
    }
  }
  return Json();
}

Json layout_json(const model::CvFile& file) {
  Json layout = config_json(file.layout_overrides);
  if (layout.empty()) return file.layout_name.empty() ? Json() : Json(file.layout_name);
  Json out = Json::object();
  out.set_text("name", file.layout_name);
  // The overrides' keys after the name (a map copied key by key).
  for (size_t i = 0; i < file.layout_overrides.keys.size(); ++i)
    out.set(file.layout_overrides.keys[i], config_json(file.layout_overrides.children[i]));
  return out;
}

Json settings_json(const model::Settings& settings) {
  Json out = Json::object();
  if (settings.current_date) out.set_text("current_date", iso_date(*settings.current_date));
  if (!settings.bold_keywords.empty()) {
    Json words = Json::array();
    for (const std::string& word : settings.bold_keywords) words.push(word);
    out.set("bold_keywords", std::move(words));
  }
  out.set_text("pdf_title", settings.pdf_title);
  return out;
}

}  // namespace

std::string json_resume(const model::CvFile& file, const std::string& output_dir) {
  Json root = Json::object();
  root.set("$schema", "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json");
  Json contact_order = Json::array();
  Json basics_json = basics(file, output_dir, contact_order);
  // The schema's arrays, filled in section order; hanji's plan says which entries form which
  // titled section.
  std::vector<std::pair<std::string, Json>> arrays;
  auto array = [&](const std::string& name) -> Json& {
    for (auto& [key, value] : arrays)
      if (key == name) return value;
    arrays.emplace_back(name, Json::array());
    return arrays.back().second;
  };
  Json plan = Json::array();
  bool summary_taken = false;
  for (const model::Section& section : file.cv.sections) {
    Json item = Json::object();
    item.set("title", section.title.value);
    std::string name = array_for(section, file.locale);
    if (name == "summary" && !summary_taken) {  // the first one; a second stays inline
      basics_json.set("summary", section.entries.front().text.value);
      summary_taken = true;
      item.set("from", name);
      item.set("count", "1");
    } else if (!name.empty() && name != "summary") {
      Json& entries = array(name);
      for (const Entry& e : section.entries) entries.push(entry_json(e, name));
      item.set("from", name);
      item.set("count", std::to_string(section.entries.size()));
    } else {
      item.set("entries", inline_entries(section));
    }
    plan.push(std::move(item));
  }
  root.set("basics", std::move(basics_json));
  for (auto& [name, entries] : arrays) root.set(name, std::move(entries));
  Json hanji = Json::object();
  hanji.set("sections", std::move(plan));
  if (!contact_order.empty()) hanji.set("contact_order", std::move(contact_order));
  root.set("hanji", std::move(hanji));
  if (Json layout = layout_json(file); !layout.empty()) root.set("layout", std::move(layout));
  root.set("locale", locale_json(file.locale));
  if (Json settings = settings_json(file.settings); !settings.empty()) root.set("settings", std::move(settings));
  return root.dump();
}

}  // namespace hanji::exports
