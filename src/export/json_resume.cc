// The CV as a JSON Resume (schema 1.0). Each hanji section goes to the schema's array for its
// entry type — experience to `work`, education to `education`, publications to
// `publications`, normal entries to `projects`, one-line entries to `skills` (details split
// at ", " into keywords) — so the tools of that ecosystem see the CV. What the schema has no
// place for travels in keys it allows beside its own, which hanji's reader reads back: an
// entry's free-text `date`, `location`, `authors`, `doi`, `highlight_children`, and at the top level `hanji:
// {sections, contact_order}` (section titles and order, text sections, the order of the
// contacts), `layout`, `locale` and `settings`. A written file builds again to the same text.
#include <fmt/format.h>

#include <array>
#include <filesystem>

#include "export/export.h"
#include "export/json_writer.h"

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

Json work(const Entry& e) {
  Json out = Json::object();
  out.set("name", e.company.value);
  out.set_text("position", e.position.value);
  out.set_text("location", e.location.value);
  set_dates(out, e);
  out.set_text("summary", e.summary.value);
  set_highlights(out, e);
  return out;
}

Json education(const Entry& e) {
  Json out = Json::object();
  out.set("institution", e.institution.value);
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

Json project(const Entry& e) {
  Json out = Json::object();
  out.set("name", e.name.value);
  out.set_text("location", e.location.value);
  set_dates(out, e);
  out.set_text("description", e.summary.value);
  set_highlights(out, e);
  return out;
}

Json skill(const Entry& e) {
  Json out = Json::object();
  out.set("name", e.label.value);
  out.set("keywords", keywords(e.details.value));
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

const char* array_for(EntryKind kind) {
  switch (kind) {
    case EntryKind::Experience: return "work";
    case EntryKind::Education: return "education";
    case EntryKind::Publication: return "publications";
    case EntryKind::Normal: return "projects";
    case EntryKind::OneLine: return "skills";
    default: return nullptr;
  }
}

Json entry_json(const Entry& e) {
  switch (e.kind) {
    case EntryKind::Experience: return work(e);
    case EntryKind::Education: return education(e);
    case EntryKind::Publication: return publication(e);
    case EntryKind::Normal: return project(e);
    case EntryKind::OneLine: return skill(e);
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
  root.set("basics", basics(file, output_dir, contact_order));
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
  for (const model::Section& section : file.cv.sections) {
    Json item = Json::object();
    item.set("title", section.title.value);
    if (const char* name = array_for(section.kind)) {
      Json& entries = array(name);
      for (const Entry& e : section.entries) entries.push(entry_json(e));
      item.set("from", name);
      item.set("count", std::to_string(section.entries.size()));
    } else {
      item.set("entries", inline_entries(section));
    }
    plan.push(std::move(item));
  }
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
