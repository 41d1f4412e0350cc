// Private to the source module: the keys each part of a CV file takes, the shape of their
// values and what they mean. The readers check keys against these tables (a key not listed is
// unknown) and `hanji schema cv` writes them out (schema.cc): one table for both, so the schema
// an editor checks a CV with cannot drift from what hanji reads.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hanji::readers {

/// The shape of a key's value, as its reader takes it.
enum class Shape {
  Text,          // one text (any scalar), or one per language: {ko: ..., en: ...}
  Texts,         // one text or a list of texts
  TextList,      // a list of texts
  Months,        // a list of the twelve month names
  FreeDate,      // YYYY-MM-DD, YYYY-MM, YYYY, present, or free text ("Fall 2023")
  StartDate,     // YYYY-MM-DD, YYYY-MM or YYYY
  EndDate,       // YYYY-MM-DD, YYYY-MM, YYYY or present
  CurrentDate,   // YYYY-MM-DD, YYYY-MM, YYYY or today
  Highlights,    // a list of texts (each may be {text: ..., tags: [...]})
  Sections,      // cv.sections
  SocialNetworks,
  CustomConnections,
  Phrases,       // locale.phrases
  SectionTitles,  // locale.section_titles
  Labels,         // locale.labels
  PdfStandard,   // none, ua-1, a-2b or a-2a
  Anything,      // read and left alone (RenderCV's render_command)
  // The parts of the top level.
  Cv,
  Layout,
  Locale,
  LocaleCatalog,
  Design,
  Settings,
  // A 자기소개서 (self_introduction.cc).
  SelfIntroduction,
  Questions,   // a list of {title, answer, limit}
  CountLimit,  // {max, min, unit, newline}
  Count,       // a whole number >= 0
  CountUnit,   // chars, chars_no_spaces, bytes_euc_kr or bytes_utf8
  Newline,     // 0, 1 or 2
  // A cover letter's (letter.cc).
  Letter,
  Recipient,
  Signature,
  Blocks,        // a letter's body, an answer: one text of paragraphs, or a list of them (a nested list a list)
  Parts,         // the documents a build binds: cv, letter, self_introduction
};

struct Field {
  std::string_view key;
  Shape shape;
  std::string_view help;
  bool required = false;
};

/// The keys of a table, for messages ("did you mean", "the keys are ...").
std::vector<std::string> keys_of(const std::vector<Field>& fields);
/// The field of `key`, or nullptr.
const Field* find_field(const std::vector<Field>& fields, std::string_view key);

// The tables, each beside its reader.
const std::vector<Field>& top_level_fields();        // source.cc
const std::vector<Field>& settings_fields();          // source.cc
const Field& layout_name_field();                     // source.cc: `layout: {name: ...}`
const std::vector<Field>& cv_fields();                // cv_header.cc
const std::vector<Field>& social_network_fields();    // cv_header.cc
const std::vector<Field>& custom_connection_fields();  // cv_header.cc
const std::vector<Field>& section_fields();           // entries.cc: a section written as a map
const std::vector<Field>& entry_fields();             // entry_types.cc: every key of any entry type
const std::vector<Field>& locale_fields();            // locale.cc
const std::vector<Field>& locale_file_fields();       // locale.cc: what only a locale file has
const std::vector<Field>& phrase_fields();            // locale.cc
const std::vector<Field>& section_title_fields();     // locale.cc
const std::vector<Field>& label_fields();             // locale.cc
const std::vector<Field>& letter_fields();            // letter.cc
const std::vector<Field>& recipient_fields();         // letter.cc
const std::vector<Field>& signature_fields();         // letter.cc
const std::vector<Field>& application_fields();       // source.cc: an application file's top level
const Field& tags_field();                            // variants.cc
const std::vector<Field>& self_introduction_fields();  // self_introduction.cc
const std::vector<Field>& question_fields();          // self_introduction.cc
const std::vector<Field>& count_limit_fields();       // self_introduction.cc
/// A plain-text list item with tags: {text: ..., tags: [...]} (variants.cc).
const Field& tagged_text_field();

// What the schema says of values, each from the code that reads them.
/// The keys of a text per language, as a regular expression: "ko", "en-US" (variants.cc).
std::string language_key_pattern();
/// A date read_date takes as one: YYYY, YYYY-MM or YYYY-MM-DD with a real month and day
/// (dates.cc); and text shaped like one, which must then be one.
std::string date_pattern();
std::string date_like_pattern();
/// What an end date may say instead of a date in any CV, in lower case: English's words
/// (dates.cc). The reader adds the word of the CV's language; locale_present_words() gives
/// the words of every locale, for the schema, which cannot know the language.
const std::vector<std::string>& english_present_words();
std::vector<std::string> locale_present_words(const std::string& locales_dir);  // locale_files.cc
/// What settings.current_date may be instead of a date (any case).
inline constexpr std::string_view kTodayWord = "today";
/// Every spelling `locale:` may name a language by, in lower case and sorted: the locale
/// files' names, their ISO codes and aliases, and English, which is built in (locale_files.cc).
std::vector<std::string> locale_spellings(const std::string& locales_dir);
/// The RenderCV themes `design.theme` may name: layouts/rendercv/*.yaml (design.cc).
std::vector<std::string> rendercv_theme_names(const std::string& layouts_dir);

}  // namespace hanji::readers
