// `locale:` — a language name, or a map over a language's strings (RenderCV's form), and
// RenderCV's older `locale_catalog:`. Languages come from locale files (locale_files.cc).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "readers/fields.h"
#include "readers/reader.h"

namespace hanji::readers {

const std::vector<Field>& locale_fields() {
  static const std::vector<Field> kFields = {
      {"language", Shape::Text, "the language whose words the rest changes: korean, english, german, ..."},
      {"month_names", Shape::Months, "the twelve month names, January first"},
      {"month_abbreviations", Shape::Months, "the twelve short month names (Jan, Feb, ...)"},
      {"present", Shape::Text, "the word for an end date of present"},
      {"year", Shape::Text, "'year' in a time span (1 year)"},
      {"years", Shape::Text, "'years' in a time span (2 years)"},
      {"month", Shape::Text, "'month' in a time span (1 month)"},
      {"months", Shape::Text, "'months' in a time span (3 months)"},
      {"year_short", Shape::Text, "'year' in a short time span (DURATION_SHORT: 1 yr); the full word when not given"},
      {"years_short", Shape::Text, "'years' in a short time span (2 yrs)"},
      {"month_short", Shape::Text, "'month' in a short time span (1 mo)"},
      {"months_short", Shape::Text, "'months' in a short time span (3 mos)"},
      {"last_updated", Shape::Text, "the words before the date in LAST_UPDATED"},
      {"phrases", Shape::Phrases, "phrases that join fields: degree_with_area, score, courses, keywords, photo_of, cv_title_with_name, cv_title"},
      {"page_number", Shape::Text, "the page numbers: PAGE and TOTAL are filled in"},
      {"range_separator", Shape::Text, "between the two dates of a range, with its spaces: ' – '"},
      {"date", Shape::Text, "how a month is written: MONTH_NAME, MONTH_ABBREVIATION, MONTH_IN_TWO_DIGITS, MONTH and YEAR are filled in"},
      {"date_with_day", Shape::Text, "how a day is written: as date, with DAY"},
      {"month_year", Shape::Text, "the layouts' month-year date form: as date ('MONTH_ABBREVIATION YEAR')"},
      {"year_in_words", Shape::Text, "a year written out in words, with YEAR ('YEAR')"},
      {"date_in_words", Shape::Text, "a month written out in words, as a form is signed ('MONTH_NAME YEAR')"},
      {"date_in_words_with_day", Shape::Text, "a day written out in words ('DAY MONTH_NAME YEAR')"},
      {"section_titles", Shape::SectionTitles,
       "the titles of the usual sections in this language, by key (experience: Berufserfahrung): a CV's "
       "sections written under these keys and a JSON Resume's sections take them"},
      {"labels", Shape::Labels,
       "the words of a form in this language, by key (period: Zeitraum): its title, the labels of its header "
       "table, the headers of its tables, its declaration and signature line"},
  };
  return kFields;
}

const std::vector<Field>& locale_file_fields() {
  static const std::vector<Field> kFields = {
      {"code", Shape::Text, "the language's ISO 639-1 code: ko, en, de"},
      {"script", Shape::Text, "the script it is written in: Hangul, Latin, ..."},
      {"aliases", Shape::TextList, "other names it answers to"},
      {"emphasis", Shape::Text,
       "how the language shows emphasis: italic, or color (a script without italics, such as Hangul: nothing "
       "is set in italics, emphasis takes the layout's colors.emphasis)"},
      {"paragraphs", Shape::Text,
       "justify: the language's paragraphs (summaries, text sections) and list items are justified in every "
       "layout; layout: "
       "as the layout sets them"},
      {"rendercv", Shape::Locale,
       "RenderCV's words for this language where they differ from the file's (month names, present, ...), "
       "as RenderCV's own locale file has them: a CV from RenderCV (one with design:) is printed with them"},
      {"date_forms_as_date", Shape::TextList,
       "the layouts' date forms (month-year, dotted, words, numeric) this language writes as its `date`: one "
       "form of date in every layout"},
  };
  return kFields;
}

const std::vector<Field>& phrase_fields() {
  static const std::vector<Field> kFields = {
      {"degree_with_area", Shape::Text, "a degree with its area: DEGREE and AREA are filled in ('DEGREE in AREA')"},
      {"score", Shape::Text, "the label before a JSON Resume education's score"},
      {"courses", Shape::Text, "the label before a JSON Resume education's courses"},
      {"keywords", Shape::Text, "the label before a JSON Resume entry's keywords"},
      {"photo_of", Shape::Text, "what a screen reader says for the photo: NAME is filled in ('Photo of NAME')"},
      {"cv_title_with_name", Shape::Text, "the PDF's title when the CV gives none: NAME is filled in ('NAME – CV')"},
      {"cv_title", Shape::Text, "the PDF's title for a CV without a name ('CV')"},
      {"ongoing", Shape::Text, "after the time span of an entry that runs to the present, as ONGOING gives it ('ongoing')"},
      {"continued", Shape::Text,
       "after a section's title drawn again at the top of a page the section goes on to ('(cont.)')"},
  };
  return kFields;
}

const std::vector<Field>& section_title_fields() {
  static const std::vector<Field> kFields = [] {
    std::vector<Field> fields;
    for (std::string_view key : model::known_section_keys())
      fields.push_back({key, Shape::Text, "the title of a section written under this key"});
    return fields;
  }();
  return kFields;
}

const std::vector<Field>& label_fields() {
  static const std::vector<Field> kFields = [] {
    std::vector<Field> fields;
    for (const model::FormLabel& label : model::form_labels()) fields.push_back({label.key, Shape::Text, label.what});
    return fields;
  }();
  return kFields;
}

namespace {

const std::vector<std::string>& locale_keys() {
  static const std::vector<std::string> kKeys = keys_of(locale_fields());
  return kKeys;
}

// Keys only a locale file has: what the language is, not how a CV words it.
const std::vector<std::string>& file_only_keys() {
  static const std::vector<std::string> kKeys = keys_of(locale_file_fields());
  return kKeys;
}

// RenderCV's languages whose scripts no shipped font covers: named so the warning can say
// what is missing.
std::string_view unsupported_script(std::string_view language) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 1> kScripts = {
      {{"hindi", "Devanagari"}}};
  for (const auto& [name, script] : kScripts)
    if (name == language) return script;
  return {};
}

void warn_unknown_language(const Text& language, Reader& reader) {
  std::string_view script = unsupported_script(lowercase(language.value));
  if (!script.empty()) {
    reader.diags.ignored_setting(language.span,
                         fmt::format("hanji has no {} locale: none of its fonts has the {} script; dates and phrases "
                                     "stay in English",
                                     language.value, script),
                         {fmt::format("add a TrueType font with {} letters to the layout's fonts.fallback and a "
                                      "locales/{}.yaml file (copy locales/english.yaml and translate it)",
                                      script, lowercase(language.value))});
    return;
  }
  std::string guess = closest_match(lowercase(language.value), locale_names(reader));
  reader.diags.ignored_setting(language.span, fmt::format("hanji has no '{}' locale; using English", excerpt(language.value)),
                       {guess.empty() ? fmt::format("the locales are {}", quoted_list(locale_names(reader)))
                                      : fmt::format("did you mean '{}'?", guess)});
}

// The locale a `language` value names, or English with a warning.
Locale base_locale(const Text& language, Reader& reader) {
  if (auto locale = find_locale(language.value, reader)) return *locale;
  warn_unknown_language(language, reader);
  return *builtin_locale("en");
}

bool known(const std::vector<std::string>& keys, const std::string& key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

void read_months(const YamlNode& node, std::string_view key, Reader& reader, std::array<std::string, 12>& months) {
  std::vector<Text> names = reader.text_list(node, key, false);
  if (names.size() != 12) {
    if (node.is_sequence())
      reader.diags.error(node.span, fmt::format("'{}' needs 12 names, found {}", key, names.size()),
                         {"list the months from January to December"});
    return;
  }
  for (size_t i = 0; i < 12; ++i) months[i] = names[i].value;
}

void read_phrases(const YamlNode& node, Reader& reader, Locale& locale) {
  if (node.is_null() || !reader.expect_map(node, "phrases", "write 'phrases:' with 'degree_with_area: DEGREE in AREA'"))
    return;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    std::string* slot = key == "degree_with_area" ? &locale.degree_with_area
                        : key == "score"          ? &locale.score
                        : key == "courses"        ? &locale.courses
                        : key == "keywords"       ? &locale.keywords
                        : key == "photo_of"       ? &locale.photo_of
                        : key == "cv_title_with_name" ? &locale.cv_title_with_name
                        : key == "cv_title"       ? &locale.cv_title
                        : key == "ongoing"        ? &locale.ongoing
                        : key == "continued"      ? &locale.continued
                                                  : nullptr;
    if (!slot) reader.unknown_key(node.key_spans[i], key, "locale.phrases", keys_of(phrase_fields()));
    else if (auto text = reader.text(node.items[i], key)) *slot = text->value;
  }
}

// The titles of the usual sections in this language ({experience: Berufserfahrung, ...}).
void read_section_titles(const YamlNode& node, Reader& reader, Locale& locale) {
  static const std::vector<std::string> kSections = keys_of(section_title_fields());
  if (node.is_null() || !reader.expect_map(node, "section_titles", "write 'section_titles:' with 'experience: Experience', ..."))
    return;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    if (!known(kSections, node.keys[i])) reader.unknown_key(node.key_spans[i], node.keys[i], "section_titles", kSections);
    else if (auto text = reader.text(node.items[i], node.keys[i])) locale.section_titles[node.keys[i]] = text->value;
  }
}

// A form's words in this language ({period: Zeitraum, ...}).
void read_labels(const YamlNode& node, Reader& reader, Locale& locale) {
  static const std::vector<std::string> kLabels = keys_of(label_fields());
  if (node.is_null() || !reader.expect_map(node, "labels", "write 'labels:' with 'period: Period', ..."))
    return;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    if (!known(kLabels, node.keys[i])) reader.unknown_key(node.key_spans[i], node.keys[i], "labels", kLabels);
    else if (node.items[i].is_scalar() && node.items[i].scalar.empty()) locale.labels[node.keys[i]] = "";
    else if (auto text = reader.text(node.items[i], node.keys[i])) locale.labels[node.keys[i]] = text->value;
  }
}

std::string* string_slot(const std::string& key, Locale& locale) {
  return key == "present"           ? &locale.present
         : key == "year"            ? &locale.year
         : key == "years"           ? &locale.years
         : key == "month"           ? &locale.month
         : key == "months"          ? &locale.months
         : key == "year_short"      ? &locale.year_short
         : key == "years_short"     ? &locale.years_short
         : key == "month_short"     ? &locale.month_short
         : key == "months_short"    ? &locale.months_short
         : key == "last_updated"    ? &locale.last_updated
         : key == "page_number"     ? &locale.page_number
         : key == "range_separator" ? &locale.range_separator
         : key == "date"            ? &locale.date
         : key == "date_with_day"   ? &locale.date_with_day
         : key == "month_year"      ? &locale.month_year
         : key == "year_in_words"   ? &locale.year_in_words
         : key == "date_in_words"   ? &locale.date_in_words
         : key == "date_in_words_with_day" ? &locale.date_in_words_with_day
         : key == "code"            ? &locale.language
         : key == "script"          ? &locale.script
                                    : nullptr;
}


// The layouts' entry.date_format names a language may write as its own date (theme/params.def
// has them all; "locale" is that date already, "year" a precision, not a form).
void read_date_forms(const YamlNode& node, Reader& reader, Locale& locale) {
  static const std::vector<std::string> kForms = {"month-year", "dotted", "words", "numeric"};
  locale.date_forms_as_date.clear();
  for (const Text& form : reader.text_list(node, "date_forms_as_date", false)) {
    if (known(kForms, form.value)) locale.date_forms_as_date.push_back(form.value);
    else reader.diags.error(form.span, fmt::format("'{}' is not a layout's date form", excerpt(form.value)),
                            {fmt::format("the forms are {}", quoted_list(kForms))});
  }
}

// `emphasis: italic | color` and `paragraphs: layout | justify`.
void read_choice(const YamlNode& node, const std::string& key, Reader& reader, Locale& locale) {
  const std::optional<Text> text = reader.text(node, key);
  if (!text) return;
  const bool emphasis = key == "emphasis";
  const std::vector<std::string> choices = emphasis ? std::vector<std::string>{"italic", "color"}
                                                    : std::vector<std::string>{"layout", "justify"};
  if (!known(choices, text->value)) {
    reader.diags.error(text->span, fmt::format("'{}' cannot be '{}'", key, excerpt(text->value)),
                       {fmt::format("write {}", quoted_list(choices))});
    return;
  }
  (emphasis ? locale.emphasis_in_color : locale.justify_paragraphs) = text->value == choices[1];
}

// RenderCV 1's locale_catalog keys and their names today.
std::string_view catalog_key(std::string_view key) {
  if (key == "abbreviations_for_months") return "month_abbreviations";
  if (key == "full_names_of_months") return "month_names";
  if (key == "date_template") return "date";
  if (key == "to") return "range_separator";
  if (key == "page_numbering_template") return "page_number";
  return key;
}

// RenderCV 1's templates use other placeholder names.
std::string modern_placeholders(std::string text) {
  auto replace = [&](std::string_view from, std::string_view to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  };
  replace("FULL_MONTH_NAME", "MONTH_NAME");
  replace("PAGE_NUMBER", "PAGE");
  replace("TOTAL_PAGES", "TOTAL");
  return text;
}

}  // namespace

void read_locale_map(const YamlNode& node, Reader& reader, Locale& locale, bool locale_file) {
  const YamlNode* rendercv_words = nullptr;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    const YamlNode& value = node.items[i];
    if (key == "rendercv" && locale_file) {
      if (reader.expect_map(value, key, "write RenderCV's words as indented keys: present: ...")) rendercv_words = &value;
      continue;
    }
    if (key == "language") {
      if (locale_file)
        if (auto text = reader.text(value, key)) locale.name = text->value;
      continue;
    }
    if (key == "aliases" && locale_file) continue;
    if ((key == "emphasis" || key == "paragraphs") && locale_file) {
      read_choice(value, key, reader, locale);
      continue;
    }
    if (key == "date_forms_as_date" && locale_file) {
      read_date_forms(value, reader, locale);
      continue;
    }
    // The language's own separator: no layout changes it (see Locale::owns_range_separator).
    if (key == "range_separator" && locale_file) locale.owns_range_separator = true;
    if (key == "month_names") read_months(value, key, reader, locale.month_names);
    else if (key == "month_abbreviations") read_months(value, key, reader, locale.month_abbreviations);
    else if (key == "phrases") read_phrases(value, reader, locale);
    else if (key == "section_titles") read_section_titles(value, reader, locale);
    else if (key == "labels") read_labels(value, reader, locale);
    else if (known(locale_keys(), key) || (locale_file && known(file_only_keys(), key))) {
      if (auto text = reader.text(value, key)) *string_slot(key, locale) = text->value;
    } else {
      reader.unknown_key(node.key_spans[i], key, locale_file ? "a locale file" : "locale", locale_keys());
    }
  }
  // Last, over the file's own words: RenderCV's, for a CV from RenderCV.
  if (rendercv_words && reader.from_rendercv) read_locale_map(*rendercv_words, reader, locale, false);
}

Text locale_language(const YamlNode& node) {
  if (node.is_scalar()) return make_text(node);
  if (node.is_map())
    for (size_t i = 0; i < node.keys.size(); ++i)
      if (node.keys[i] == "language" && node.items[i].is_scalar()) return make_text(node.items[i]);
  return Text{};
}

void read_locale(const YamlNode& node, Reader& reader, Locale& locale) {
  if (node.is_null()) return;
  if (node.is_scalar()) {
    locale = base_locale(make_text(node), reader);
    return;
  }
  if (!reader.expect_map(node, "locale", "write 'locale: korean', or a map such as {language: german, present: heute}"))
    return;
  Text language = locale_language(node);
  locale = language.empty() ? *builtin_locale("en") : base_locale(language, reader);
  read_locale_map(node, reader, locale, false);
}

std::optional<Text> read_locale_catalog(const YamlNode& node, Reader& reader, Locale& locale) {
  if (node.is_null()) return std::nullopt;
  if (!reader.expect_map(node, "locale_catalog", "write 'locale_catalog:' followed by indented keys, or remove it"))
    return std::nullopt;
  YamlNode modern = node;
  std::vector<std::string> written = node.keys;  // the old names, for messages
  for (size_t i = 0; i < modern.keys.size(); ++i) {
    modern.keys[i] = std::string(catalog_key(modern.keys[i]));
    YamlNode& value = modern.items[i];
    if (value.is_scalar()) value.scalar = modern_placeholders(value.scalar);
    // RenderCV 1 wrote the range separator bare ("to: –"); hanji's carries its spaces.
    if (modern.keys[i] == "range_separator" && value.is_scalar() && !value.scalar.starts_with(' '))
      value.scalar = " " + value.scalar + " ";
  }
  // The phone form is no word of the locale but a layout value (header.phone_format), as
  // RenderCV 2 has it: handed back. Keys RenderCV 1 had and hanji does not: said once each,
  // then left out.
  std::optional<Text> phone_format;
  for (size_t i = 0; i < modern.keys.size();) {
    if (known(locale_keys(), modern.keys[i])) {
      ++i;
      continue;
    }
    if (modern.keys[i] == "phone_number_format") {
      if (std::optional<Text> form = reader.text(modern.items[i], "locale_catalog.phone_number_format")) {
        // RenderCV writes E164 in capitals; hanji's choices are lower case.
        const std::string lower = lowercase(form->value);
        if (lower == "national" || lower == "international" || lower == "e164")
          phone_format = Text{lower, form->span};
        else
          reader.diags.ignored_setting(form->span,
                                       fmt::format("locale_catalog.phone_number_format '{}' is not a form hanji knows "
                                                   "and is ignored",
                                                   excerpt(form->value)),
                                       {"RenderCV's forms are national, international and E164"});
      }
    } else {
      reader.diags.ignored_setting(modern.key_spans[i], fmt::format("locale_catalog.{} is ignored", written[i]),
                                   {"hanji has no template for this"});
    }
    written.erase(written.begin() + static_cast<long>(i));
    modern.keys.erase(modern.keys.begin() + static_cast<long>(i));
    modern.key_spans.erase(modern.key_spans.begin() + static_cast<long>(i));
    modern.items.erase(modern.items.begin() + static_cast<long>(i));
  }
  read_locale_map(modern, reader, locale, false);
  return phone_format;
}

}  // namespace hanji::readers
