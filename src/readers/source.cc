// load_cv: the top level of a CV file (`cv`, `layout`, `locale`, `design`, `settings`).
#include "readers/source.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <tuple>
#include <unordered_map>

#include "core/limits.h"
#include "readers/fields.h"
#include "readers/reader.h"

namespace hanji::readers {

const std::vector<Field>& top_level_fields() {
  static const std::vector<Field> kFields = {
      {"cv", Shape::Cv, "the CV: the name, contacts and sections (RenderCV's cv: schema)", true},
      {"layout", Shape::Layout,
       "the layout: its name (`hanji layouts` lists them), or a map of its name and the values to change, "
       "e.g. {name: classic, page: {paper: letter}}"},
      {"locale", Shape::Locale,
       "the language of dates and phrases: a name such as korean or english, or a map that changes some of its "
       "words"},
      {"locale_catalog", Shape::LocaleCatalog, "RenderCV 1's name for locale, with its old key names"},
      {"design", Shape::Design,
       "RenderCV's design: a theme and its options, translated into layout values (values under layout: win)"},
      {"settings", Shape::Settings, "the CV's date, words set in bold, the PDF's title"},
      {"rendercv_settings", Shape::Settings, "RenderCV 1's name for settings"},
      {"self_introduction", Shape::SelfIntroduction,
       "a 자기소개서 (self-introduction): the company's questions, each answer and the limit its web form counts"},
      {"letter", Shape::Letter, "a cover letter bound with the CV: recipient, date, subject, body, closing, signature"},
      {"parts", Shape::Parts,
       "the documents a build binds into one PDF, in order: letter, cv, self_introduction (default: the letter, the "
       "CV, then the 자기소개서, those the file has)"},
  };
  return kFields;
}

const std::vector<Field>& application_fields() {
  static const std::vector<Field> kFields = {
      {"cv", Shape::Cv, "the CV the application binds: the path of a CV file, relative to this file", true},
      {"layout", Shape::Layout, "the layout, over the CV file's own (a name, or a map of its name and values)"},
      {"letter", Shape::Letter, "the cover letter"},
      {"self_introduction", Shape::SelfIntroduction,
       "a 자기소개서 (self-introduction): the company's questions, each answer and the limit its web form counts"},
      {"parts", Shape::Parts, "the documents bound into one PDF, in order: letter, cv, self_introduction"},
  };
  return kFields;
}

const std::vector<Field>& settings_fields() {
  static const std::vector<Field> kFields = {
      {"current_date", Shape::CurrentDate,
       "the day the CV speaks of: current positions' time spans count to it and LAST_UPDATED shows it; today is "
       "the day of the build (SOURCE_DATE_EPOCH's when set)"},
      {"date", Shape::CurrentDate, "RenderCV 1's name for current_date"},
      {"bold_keywords", Shape::TextList, "words set in bold wherever they appear in the CV"},
      {"pdf_title", Shape::Text,
       "the title of the PDF, as a viewer shows it; NAME and CURRENT_DATE are filled in (default: NAME – CV)"},
      {"pdf_standard", Shape::PdfStandard,
       "a standard the PDF meets: ua-1 (PDF/UA-1, accessible), a-2b (PDF/A-2b, archival), a-2a (PDF/A-2a, both) "
       "or none; over the layout's pdf.standard"},
      {"render_command", Shape::Anything,
       "RenderCV's output settings; hanji's command line says what is written where, so they are not used"},
  };
  return kFields;
}

const Field& layout_name_field() {
  static const Field kField{"name", Shape::Text,
                            "the layout to start from: a name (`hanji layouts` lists them) or the path of a layout "
                            "file"};
  return kField;
}

namespace {

void read_current_date(const YamlNode& node, Reader& reader, Settings& settings) {
  // "today" (RenderCV's default) is the day the command gives (SOURCE_DATE_EPOCH's when set,
  // so a reproducible build stays one, else the day it runs); without one it is left unset.
  if (node.is_scalar() && lowercase(node.scalar) == kTodayWord) {
    if (reader.today) settings.current_date = reader.today;
    return;
  }
  settings.current_date = read_date(node, DateField::CurrentDate, reader);
}

void read_bold_keywords(const YamlNode& node, Reader& reader, Settings& settings) {
  std::vector<Text> keywords = reader.text_list(node, "bold_keywords", false);
  if (keywords.size() > limits::kMaxBoldKeywords) {
    reader.diags.error(keywords[limits::kMaxBoldKeywords].span,
                       fmt::format("settings.bold_keywords lists {} keywords; hanji takes at most {}", keywords.size(),
                                   limits::kMaxBoldKeywords),
                       {"keep the few words a reader should catch at a glance"});
    return;
  }
  auto& list = settings.bold_keywords;
  for (Text& keyword : keywords)
    if (!keyword.empty() && std::find(list.begin(), list.end(), keyword.value) == list.end())
      list.push_back(std::move(keyword.value));
}

// A JSON Resume's meta.lastModified ("2026-11-01T09:00:00") is the day the résumé speaks
// of: the date time spans to the present count to, unless settings say otherwise. Anything
// else there is the schema's business, not an error of ours.
std::optional<Date> last_modified(const YamlNode& root) {
  const YamlNode* meta = value_of(root, "meta");
  if (!meta || !meta->is_map()) return std::nullopt;
  const YamlNode* stamp = value_of(*meta, "lastModified");
  if (!stamp || !stamp->is_scalar() || stamp->scalar.size() < 10) return std::nullopt;
  std::optional<Date> day = iso_date(std::string_view(stamp->scalar).substr(0, 10));
  if (!day || day->kind != Date::Kind::YearMonthDay) return std::nullopt;
  day->span = stamp->span;
  return day;
}

// Diagnostics come from the parts in the order they are read; users read them top to bottom:
// the CV file's first, then those of the other files and of the command line's --set values
// (each a "file" of its own), each in the order its first message came.
void flush_in_file_order(const Diagnostics& local, const std::string& path, Diagnostics& diags) {
  std::vector<Diagnostic> items = local.all();
  // Each file's rank by its first message, looked up by name: every --set value is a "file"
  // of its own, and a linear search per message made 20,000 of them quadratic (seconds).
  std::unordered_map<std::string_view, std::size_t> rank_of;
  for (const Diagnostic& d : items)
    if (d.span.file != path && !d.span.file.empty()) rank_of.try_emplace(d.span.file, rank_of.size() + 1);
  auto file_rank = [&](const Diagnostic& d) {
    return d.span.file == path || d.span.file.empty() ? std::size_t{0} : rank_of.at(d.span.file);
  };
  std::vector<std::size_t> ranks;
  ranks.reserve(items.size());
  for (const Diagnostic& d : items) ranks.push_back(file_rank(d));
  std::vector<std::size_t> order(items.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::tuple(ranks[a], items[a].span.line, items[a].span.col) <
           std::tuple(ranks[b], items[b].span.line, items[b].span.col);
  });
  for (std::size_t i : order) diags.add(std::move(items[i]));
}

bool written_in_korean(const Cv& cv, const std::optional<SelfIntroduction>& self_introduction) {
  // Letters of the texts that carry the language: section titles and what entries say (a
  // name or an e-mail address says little). Hangul syllables weigh about three Latin letters.
  size_t hangul = 0, latin = 0;
  auto count = [&](const std::string& text) {
    for (char32_t c : utf8_decode(text)) {
      if (c >= 0xAC00 && c <= 0xD7A3) ++hangul;
      else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) ++latin;
    }
  };
  for (const auto& section : cv.sections) {
    count(section.title.value);
    for (const auto& e : section.entries)
      for (const Text* t : {&e.text, &e.label, &e.details, &e.name, &e.company, &e.position, &e.institution, &e.area,
                            &e.degree, &e.title, &e.summary})
        count(t->value);
  }
  count(cv.headline.value);
  // A 자기소개서's questions and answers say it as well (its CV may be a header alone).
  if (self_introduction)
    for (const Question& question : self_introduction->questions) {
      count(question.title.value);
      for (const TextBlock& block : question.answer)
        for (const Text& item : block.items) count(item.value);
    }
  return hangul > 0 && hangul * 3 >= 2 * latin;  // clearly more Korean than English
}

// The ISO code of the language the file's `locale:` (or `locale_catalog:`) names; "" if none.
std::string declared_language(const YamlNode& root, Reader& reader) {
  for (std::string_view key : {"locale", "locale_catalog"}) {
    const YamlNode* node = value_of(root, key);
    if (!node) continue;
    Text name = locale_language(*node);
    Diagnostics quiet;  // an unknown name is reported when the locale is read
    Reader probe = reader.probe(quiet);
    if (auto locale = find_locale(name.value, probe)) return locale->language;
  }
  return "";
}

// The locale: --lang's language when it asks for one the file's locale is not in, else
// what the file says, else the language it is written in. Returns RenderCV 1's
// locale_catalog.phone_number_format, a layout value (see keep_phone_format).
std::optional<Text> read_file_locale(const YamlNode& root, const std::string& asked, const std::string& chosen,
                                     const std::string& declared, Reader& reader, CvFile& file) {
  const YamlNode* locale = value_of(root, "locale");
  const YamlNode* catalog = value_of(root, "locale_catalog");
  const bool overridden = !asked.empty() && asked.substr(0, 2) != declared;
  if (overridden || ((!locale && !catalog) && !chosen.empty())) {
    if (auto found = find_locale(chosen.substr(0, 2), reader)) file.locale = *found;
    else if (!asked.empty())
      reader.diags.warning(Span{file.path, 1, 1},
                           fmt::format("--lang {}: hanji has no locale for '{}'; dates and phrases stay in {}", asked,
                                       asked, file.locale.name),
                           {fmt::format("the locales are {}", quoted_list(locale_names(reader)))});
    if (overridden) return std::nullopt;
  }
  // RenderCV's default language is English in RenderCV's words ("Sept 2018", "June 2023").
  if (reader.from_rendercv && !locale && !catalog && chosen.empty())
    if (auto english = find_locale(file.locale.name, reader)) file.locale = *english;
  std::optional<Text> phone_format;
  if (catalog) phone_format = read_locale_catalog(*catalog, reader, file.locale);
  if (locale) read_locale(*locale, reader, file.locale);
  return phone_format;
}

// RenderCV 1's locale_catalog.phone_number_format is what RenderCV 2 calls
// design.header.connections.phone_number_format: the layout's header.phone_format, unless the
// file's `layout:` sets that itself. Set before the design is read, it wins over the theme's
// default (national), as RenderCV 1's catalog did.
void keep_phone_format(const Text& form, CvFile& file) {
  ConfigNode& overrides = file.layout_overrides;
  if (overrides.kind == ConfigNode::Kind::Null) overrides = ConfigNode{ConfigNode::Kind::Map, {}, {}, {}, {}, form.span};
  if (overrides.kind != ConfigNode::Kind::Map) return;
  auto child = [](ConfigNode& map, const std::string& key, const Span& span) -> ConfigNode& {
    for (size_t i = 0; i < map.keys.size(); ++i)
      if (map.keys[i] == key) return map.children[i];
    map.keys.push_back(key);
    map.key_spans.push_back(span);
    map.children.push_back(ConfigNode{ConfigNode::Kind::Map, {}, {}, {}, {}, span});
    return map.children.back();
  };
  ConfigNode& header = child(overrides, "header", form.span);
  if (header.kind != ConfigNode::Kind::Map || header.find("phone_format")) return;
  child(header, "phone_format", form.span) = ConfigNode{ConfigNode::Kind::Scalar, form.value, {}, {}, {}, form.span};
}

// JSON Resume allows keys of one's own beside its sections: a warning, not an error.
void check_json_resume_keys(const YamlNode& root, Reader& reader) {
  const auto& known = json_resume_keys();
  for (size_t i = 0; i < root.keys.size(); ++i)
    if (std::find(known.begin(), known.end(), root.keys[i]) == known.end())
      reader.diags.ignored_setting(root.key_spans[i], fmt::format("'{}' is not a JSON Resume section; it is ignored", excerpt(root.keys[i])),
                           {fmt::format("the sections hanji reads are {}", quoted_list(known))});
}

// A date may say "until now" in English or in any language the CV may be set in: the
// locale's, every language the file is written in, and Korean for a file that names no
// locale (it becomes Korean when written in Hangul, which is known only once it is read).
void add_present_words(const CvFile& file, bool locale_said, Reader& reader) {
  auto add = [&](const std::string& word) {
    std::string key = lowercase(word);
    if (!key.empty() && std::find(reader.present_words.begin(), reader.present_words.end(), key) ==
                            reader.present_words.end())
      reader.present_words.push_back(std::move(key));
  };
  add(file.locale.present);
  std::vector<std::string> languages = file.languages;
  if (!locale_said) languages.push_back("ko");
  for (const std::string& language : languages) {
    Diagnostics quiet;  // a language without a locale file is reported where it is chosen
    Reader probe = reader.probe(quiet);
    if (auto locale = find_locale(language, probe)) add(locale->present);
  }
}

// The letter (resolved beside the file that writes it) and `parts:` of a CV or application file.
void read_application_parts(const YamlNode& root, Reader& reader, CvFile& file, bool has_cv) {
  for (size_t i = 0; i < root.keys.size(); ++i)
    if (root.keys[i] == "letter") {
      Letter letter;
      read_letter(root.items[i], root.key_spans[i], reader, directory_of(reader.source.file()), letter);
      file.letter = std::move(letter);
    }
  const std::vector<Part> present = present_parts(file, has_cv);
  // Parts set from the command line (--set parts=letter) have no place in the file: whether
  // they were read is what counts, not where.
  const YamlNode* parts = value_of(root, "parts");
  if (!parts || !read_parts(*parts, reader, present, file)) file.parts = present;
}

void read_top_level(YamlNode& root, Reader& reader, const ReadOptions& options, CvFile& file) {
  const bool json_resume = is_json_resume(root);
  reader.json_resume = json_resume;
  // A file from RenderCV (its `design:`, or RenderCV 1's settings) is read as RenderCV reads
  // it, from the first locale looked up.
  const bool from_rendercv = value_of(root, "design") || value_of(root, "rendercv_settings");
  reader.from_rendercv = from_rendercv;
  if (json_resume) check_json_resume_keys(root, reader);
  for (size_t i = 0; i < root.keys.size() && !json_resume; ++i)
    if (!find_field(top_level_fields(), root.keys[i]))
      reader.unknown_key(root.key_spans[i], root.keys[i], "the top level of the CV file", keys_of(top_level_fields()));
  // One language and one tailored version of the file, before anything is read from it.
  const std::string declared = declared_language(root, reader);
  const std::string chosen = choose_variant(root, options, declared, reader, file.languages);
  // Settings first: current_date is needed to check dates; layout before design so that
  // explicit layout values win over translated design values.
  // RenderCV 1 called the settings rendercv_settings (with `date` for current_date).
  if (const YamlNode* settings = value_of(root, "rendercv_settings")) read_settings(*settings, reader, file.settings);
  if (const YamlNode* settings = value_of(root, "settings")) read_settings(*settings, reader, file.settings);
  if (json_resume && !file.settings.current_date) file.settings.current_date = last_modified(root);
  file.settings.build_date = reader.today;
  // RenderCV dates a CV today unless told otherwise ("Last updated", spans of current jobs).
  if (from_rendercv && !file.settings.current_date) file.settings.current_date = reader.today;
  const std::optional<Text> phone_format = read_file_locale(root, options.language, chosen, declared, reader, file);
  if (const YamlNode* layout = value_of(root, "layout")) read_layout(*layout, reader, file);
  if (phone_format) keep_phone_format(*phone_format, file);
  if (json_resume && file.layout_name.empty()) read_json_resume_theme(root, reader, file);
  // A file from RenderCV (its `design:`, or RenderCV 1's settings) gets what RenderCV would
  // give it: its theme's layout and values, RenderCV's defaults under them.
  if (const YamlNode* design = value_of(root, "design")) read_design(*design, reader, file);
  else if (from_rendercv) {
    YamlNode no_design;
    no_design.kind = YamlNode::Kind::Map;
    read_design(no_design, reader, file);
  }
  std::optional<YamlNode> translated;
  if (json_resume) translated = json_resume_as_cv(root, reader, file.locale);
  const YamlNode* cv = json_resume ? &*translated : value_of(root, "cv");
  if (!cv) {
    reader.diags.error(Span{file.path, 1, 1}, "the file has no 'cv' key",
                       {"a CV file starts with 'cv:' followed by indented keys such as 'name:' and 'sections:' "
                        "(or is a JSON Resume, with \"basics\", \"work\", ...)"});
    return;
  }
  const bool said = value_of(root, "locale") || value_of(root, "locale_catalog") || !chosen.empty();
  add_present_words(file, said, reader);
  read_cv(*cv, reader, directory_of(file.path), file.settings, file.cv);
  translate_typst_markup(file.cv, reader.diags);
  if (const YamlNode* self_introduction = value_of(root, "self_introduction")) {
    file.self_introduction = read_self_introduction(*self_introduction, reader);
  }
  // A Korean CV without `locale:` gets Korean dates and phrases ("석사 in 전산학부" otherwise).
  if (!said && written_in_korean(file.cv, file.self_introduction))
    if (auto korean = find_locale("ko", reader)) file.locale = *korean;
  title_sections(file.cv.sections, file.locale);
  read_application_parts(root, reader, file, true);
  // Last: the output paths are named after the CV's owner and dated in its language.
  read_render_command(root, file, reader, file.settings.render);
}

void check_extension(const std::string& path, Diagnostics& diags) {
  std::string extension = lowercase(std::filesystem::path(path).extension().string());
  if (extension.empty() || extension == ".yaml" || extension == ".yml" || extension == ".json") return;
  diags.warning(Span{path, 0, 0}, fmt::format("expected a .yaml, .yml or .json file; reading '{}' as YAML", path),
                {"rename the file if it is a CV in YAML"});
}

}  // namespace

void read_layout(const YamlNode& node, Reader& reader, CvFile& file) {
  if (node.is_null()) return;
  if (node.is_scalar()) {
    file.layout_name = node.scalar;
    file.layout_span = node.span;
    return;
  }
  if (!reader.expect_map(node, "layout", "write 'layout: NAME', or a map with 'name:' and the values to change"))
    return;
  ConfigNode overrides{ConfigNode::Kind::Map, {}, {}, {}, {}, node.span};
  for (size_t i = 0; i < node.keys.size(); ++i) {
    if (node.keys[i] == layout_name_field().key) {
      if (auto name = reader.text(node.items[i], "layout.name")) {
        file.layout_name = name->value;
        file.layout_span = name->span;
      }
      continue;
    }
    overrides.keys.push_back(node.keys[i]);
    overrides.key_spans.push_back(node.key_spans[i]);
    overrides.children.push_back(to_config(node.items[i]));
  }
  if (!overrides.keys.empty()) file.layout_overrides = std::move(overrides);
}

void read_pdf_standard(const YamlNode& node, Reader& reader, Settings& settings) {
  auto text = reader.text(node, "pdf_standard");
  if (!text) return;
  const std::string& name = text->value;
  if (name != "none" && name != "ua-1" && name != "a-2b" && name != "a-2a") {
    reader.diags.error(text->span, fmt::format("settings.pdf_standard '{}' is no standard hanji writes", text->value),
                       {"write ua-1 (accessible), a-2b (archival), a-2a (both) or none"});
    return;
  }
  settings.pdf_standard = text->value;
  settings.pdf_standard_span = text->span;
}

void read_settings(const YamlNode& node, Reader& reader, Settings& settings) {
  if (node.is_null()) return;
  if (!reader.expect_map(node, "settings", "write 'settings:' followed by indented keys, or remove it")) return;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    const YamlNode& value = node.items[i];
    const Field* field = find_field(settings_fields(), key);
    if (!field) {
      const std::vector<std::string> known = keys_of(settings_fields());
      std::string guess = closest_match(key, known);
      reader.diags.ignored_setting(node.key_spans[i], fmt::format("settings.{} is not a known setting and is ignored", key),
                           {guess.empty() ? fmt::format("the settings are {}", quoted_list(known))
                                          : fmt::format("did you mean '{}'?", guess)});
    } else if (field->shape == Shape::CurrentDate) {
      read_current_date(value, reader, settings);
    } else if (key == "bold_keywords") {
      read_bold_keywords(value, reader, settings);
    } else if (key == "pdf_title") {
      if (auto title = reader.text(value, key)) settings.pdf_title = title->value;
    } else if (key == "pdf_standard") {
      read_pdf_standard(value, reader, settings);
    }
    // render_command is read once the CV's name and date are known: its paths hold them
    // (read_render_command).
  }
}

namespace {

std::optional<CvFile> load_file(const std::string& text, const std::string& path, Diagnostics& diags,
                                const ReadOptions& options, bool application_allowed);

// `layout:` of an application file over its CV's: a name replaces the name, values go over the
// CV's values key by key.
void merge_over(config::ConfigNode& base, const config::ConfigNode& over) {
  if (base.kind != config::ConfigNode::Kind::Map || over.kind != config::ConfigNode::Kind::Map) {
    base = over;
    return;
  }
  for (size_t i = 0; i < over.keys.size(); ++i) {
    auto it = std::find(base.keys.begin(), base.keys.end(), over.keys[i]);
    if (it == base.keys.end()) {
      base.keys.push_back(over.keys[i]);
      base.key_spans.push_back(over.key_spans[i]);
      base.children.push_back(over.children[i]);
    } else {
      merge_over(base.children[static_cast<size_t>(it - base.keys.begin())], over.children[i]);
    }
  }
}

bool is_application(const YamlNode& root) {
  const YamlNode* cv = value_of(root, "cv");
  return cv && cv->is_scalar();
}

// An application file: `cv: PATH` names the CV, read as any CV file is (its layout, locale and
// design apply); the application's `layout:` goes over the CV's, and its letter and parts are
// its own. The command line's cv.* values go to the CV, the others to the application.
std::optional<CvFile> read_application(const YamlNode& root, Reader& reader, const ReadOptions& options) {
  for (size_t i = 0; i < root.keys.size(); ++i)
    if (!find_field(application_fields(), root.keys[i]))
      reader.unknown_key(root.key_spans[i], root.keys[i], "an application file (which names its CV with cv: PATH)",
                         keys_of(application_fields()));
  std::optional<Text> named = reader.text(*value_of(root, "cv"), "cv");
  if (!named || named->empty()) {
    reader.diags.error(value_of(root, "cv")->span, "cv: names no CV file", {"write 'cv: cv.yaml', the CV's path"});
    return std::nullopt;
  }
  const std::string extension = lowercase(std::filesystem::path(named->value).extension().string());
  if (extension != ".yaml" && extension != ".yml" && extension != ".json") {
    reader.diags.error(named->span, fmt::format("cv: '{}' is no CV file (.yaml, .yml or .json)", excerpt(named->value)),
                       {"an application file names its CV by its path: cv: cv.yaml"});
    return std::nullopt;
  }
  const std::filesystem::path written(named->value);
  const std::string cv_path = written.is_absolute() ? written.string()
                                                    : (std::filesystem::path(directory_of(reader.source.file())) / written)
                                                          .lexically_normal()
                                                          .string();
  std::error_code missing;
  if (!std::filesystem::exists(cv_path, missing)) {
    const std::string folder = directory_of(reader.source.file());
    reader.diags.error(named->span, fmt::format("the CV file '{}' does not exist", cv_path),
                       {fmt::format("the path is relative to the application file's folder ({})",
                                    folder.empty() ? "." : folder)});
    return std::nullopt;
  }
  std::optional<std::string> cv_text = read_input_file(cv_path, named->span, reader.diags);
  if (!cv_text) return std::nullopt;
  ReadOptions cv_options = options;
  cv_options.overrides.clear();
  for (const Override& value : options.overrides)
    if (value.key.starts_with("cv.")) cv_options.overrides.push_back(value);
  std::optional<CvFile> file = load_file(*cv_text, cv_path, reader.diags, cv_options, false);
  if (!file) return std::nullopt;
  file->included_files.push_back(reader.source.file());
  if (const YamlNode* layout = value_of(root, "layout")) {
    CvFile own;
    read_layout(*layout, reader, own);
    if (!own.layout_name.empty()) {
      file->layout_name = own.layout_name;
      file->layout_span = own.layout_span;
    }
    if (own.layout_overrides.kind != config::ConfigNode::Kind::Null) merge_over(file->layout_overrides, own.layout_overrides);
  }
  // The application's letter is its own: one the CV file holds beside its CV stays there.
  file->letter.reset();
  file->self_introduction.reset();
  if (const YamlNode* self_introduction = value_of(root, "self_introduction"))
    file->self_introduction = read_self_introduction(*self_introduction, reader);
  file->parts_span = {};
  read_application_parts(root, reader, *file, true);
  return file;
}

std::optional<CvFile> load_file(const std::string& text, const std::string& path, Diagnostics& diags,
                                const ReadOptions& options, bool application_allowed) {
  Diagnostics local;
  SourceText source(text, path);
  FoundLocales found_locales;
  Reader reader{source, local, options.locales_dir, options.layouts_dir, options.today, options.locale_cache,
                &found_locales};
  reader.font_file_facts = options.font_file_facts;
  reader.rendercv_render = options.rendercv_render;
  reader.fetch_photos = options.fetch_photos;
  reader.fetched_photos = options.fetched_photos;
  CvFile file;
  file.path = path;
  reader.installed_fonts = options.installed_fonts;
  file.locale = *builtin_locale("en");
  if (std::optional<YamlNode> root = parse_yaml_in_pieces(source, local, options.yaml_pieces)) {
    if (root->is_null()) {
      local.error(Span{path, 1, 1}, "the file is empty", {"a CV file starts with 'cv:' followed by 'name: ...'"});
    } else if (!root->is_map()) {
      local.error(root->span, fmt::format("expected keys such as 'cv:' at the top of the file, found {}",
                                          describe_kind(*root)),
                  {"a CV file starts with 'cv:' followed by indented keys"});
    } else {
      if (is_application(*root)) {
        std::optional<CvFile> bound;
        if (application_allowed) {
          ReadOptions own = options;
          std::erase_if(own.overrides, [](const Override& value) { return value.key.starts_with("cv."); });
          apply_command_line(*root, own, reader, file.included_files);
          bound = read_application(*root, reader, options);
        } else {
          local.error(value_of(*root, "cv")->span, "the CV an application file names names a CV file of its own",
                      {"name the CV file itself in the application file"});
        }
        flush_in_file_order(local, path, diags);
        if (local.has_errors() || !bound) return std::nullopt;
        return bound;
      }
      apply_command_line(*root, options, reader, file.included_files);
      read_top_level(*root, reader, options, file);
    }
  }
  flush_in_file_order(local, path, diags);
  if (local.has_errors()) return std::nullopt;
  return file;
}

}  // namespace

std::optional<CvFile> load_cv_from_string(const std::string& text, const std::string& path, Diagnostics& diags,
                                          const ReadOptions& options) {
  return load_file(text, path, diags, options, true);
}

std::optional<CvFile> load_cv(const std::string& path, Diagnostics& diags, const ReadOptions& options) {
  std::optional<std::string> text = read_input_file(path, Span{}, diags);
  if (!text) return std::nullopt;
  check_extension(path, diags);
  return load_cv_from_string(*text, path, diags, options);
}

}  // namespace hanji::readers
