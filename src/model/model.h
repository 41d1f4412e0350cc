// model: what a CV is, independent of the file format it was written in. Readers (the
// RenderCV reader in source/, JSON Resume next) fill it; compose turns it into boxes. Every
// text keeps the Span it came from, so problems found later are reported where they are
// written.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "core/core.h"

namespace hanji::model {

/// A scalar from the file, as the user wrote it (inline markup such as **bold** is kept
/// verbatim; compose interprets it). `span` points at the first character of the content
/// (after an opening quote), so span.shifted(k) locates the k-th code point on that line.
struct Text {
  std::string value;
  Span span;

  bool empty() const { return value.empty(); }
};

/// A date as RenderCV accepts it: YYYY-MM-DD, YYYY-MM, YYYY, "present", or free text
/// ("Fall 2023") in the `date` field.
struct Date {
  enum class Kind { Year, YearMonth, YearMonthDay, Present, Free };
  Kind kind = Kind::Free;
  int year = 0, month = 0, day = 0;  // set for Year / YearMonth / YearMonthDay
  std::string text;                  // the value as written
  Span span;
};

/// RenderCV's entry types; a section's type is inferred from its first identifiable entry.
enum class EntryKind {
  Text,              // a plain string
  OneLine,           // label + details
  Normal,            // name
  Experience,        // company + position
  Education,         // institution + area (+ degree)
  Publication,       // title + authors (+ doi, url, journal)
  Bullet,            // bullet
  Numbered,          // number
  ReversedNumbered,  // reversed_number
};

/// "experience", "one-line", ... for messages.
std::string_view entry_kind_name(EntryKind kind);

/// One highlight bullet. RenderCV writes nested bullets inside one string separated by
/// " - "; they arrive here split into `text` and `children`.
struct Highlight {
  Text text;
  std::vector<Text> children;
};

/// One entry of a section. Which fields are set depends on `kind`; absent fields are empty.
struct Entry {
  EntryKind kind = EntryKind::Text;
  Span span;

  Text text;  // Text: the paragraph; Bullet: `bullet`; Numbered: `number`; ReversedNumbered: `reversed_number`

  Text label, details;               // OneLine
  Text name;                         // Normal
  Text company, position;            // Experience
  Text institution, area, degree;    // Education
  Text title, journal, doi, url;     // Publication (url is dropped when doi is set)
  std::vector<Text> authors;         // Publication

  // Normalised as RenderCV does: when `date` is given, start/end are cleared; only
  // `end_date` becomes `date`; only `start_date` implies end_date = present.
  std::optional<Date> date, start_date, end_date;
  Text location, summary;
  std::vector<Highlight> highlights;

  /// Keys RenderCV allows but hanji has no slot for, in file order: texts a template prints
  /// by the key in capitals (`gpa` as GPA), and where each key is written.
  std::vector<std::pair<std::string, Text>> extra;
  std::vector<Span> extra_spans;
};

struct Section {
  /// What is printed. From the key unless `title_given`: a known key in the CV's language
  /// ("experience" -> 경력 in Korean, "Experience" in English), any other as RenderCV
  /// capitalises it ("work_history" -> "Work History"); Hangul and capitalised keys verbatim.
  Text title;
  EntryKind kind = EntryKind::Text;
  std::vector<Entry> entries;
  /// The key it is written under in `sections:` ("experience", "경력"); "" for a section of
  /// the list form. Layouts and exports that recognise sections by name look here too.
  std::string key;
  bool title_given = false;  // `title:` written, which stays as written
};

struct SocialNetwork {
  Text network;   // "GitHub", "LinkedIn", ... (RenderCV's 17 names)
  Text username;
  std::string url;  // built from network + username
  Span span;
};

/// One contact item in the order the user listed the keys (RenderCV keeps key order).
struct Contact {
  enum class Kind { Location, Email, Phone, Website, Social };
  Kind kind = Kind::Email;
  Text text;         // what is shown (username for social networks, URL without scheme for websites)
  std::string url;   // mailto:, tel:, https://... ; empty for a location
  std::string network;  // for Social: the network name
};

struct Cv {
  Text name, headline, location, photo;
  std::vector<Text> emails, phones, websites;
  std::vector<SocialNetwork> social_networks;
  std::vector<Contact> contacts;  // all of the above in display order
  std::vector<Section> sections;
  /// A photo fetched from a URL (--fetch-photos) lives in a temporary file, which this keeps
  /// until the last copy of the CV is gone, then removes; null for a photo of the CV's own.
  std::shared_ptr<const void> downloaded_photo;
};

/// Fixed strings and date forms for one language, from a locale file (locales/NAME.yaml)
/// or English, built in.
struct Locale {
  std::string language = "en";  // ISO 639-1 code: "en", "ko", "de", ...
  std::string name = "english"; // the file's name for it, as RenderCV's `locale: german`
  std::string script = "Latin"; // the script its words are written in, for font checks
  std::array<std::string, 12> month_names;
  std::array<std::string, 12> month_abbreviations;
  std::string present = "present";
  /// How a date with a month prints, and one with a day: placeholders YEAR, MONTH (3),
  /// MONTH_IN_TWO_DIGITS (03), MONTH_NAME, MONTH_ABBREVIATION, DAY. English "Sept 2023",
  /// Korean "2020. 3.", German "09/2018". A year alone prints as the number.
  std::string date = "MONTH_ABBREVIATION YEAR";
  std::string date_with_day;  // empty: as `date`
  /// The layouts' month-year form (`entry.date_format: month-year`): English "Sept 2018",
  /// Korean, which has no month names, "2018년 9월". A year alone there: year_in_words.
  std::string month_year = "MONTH_ABBREVIATION YEAR";
  /// A date written out in words, as a form is signed: "23 November 2026", "2026년 11월 23일".
  std::string year_in_words = "YEAR";
  std::string date_in_words = "MONTH_NAME YEAR";
  std::string date_in_words_with_day = "DAY MONTH_NAME YEAR";
  std::string range_separator = " \u2013 ";  // between start and end date
  /// A locale file that gives range_separator owns it: a layout's entry.range_separator is
  /// for the languages whose file leaves it out (Korean pairs its dotted dates with " ~ ").
  bool owns_range_separator = false;
  /// The layouts' date forms (entry.date_format: "month-year", "dotted", "words", "numeric")
  /// this language writes as its own `date`: a language with one form of date (Korean's
  /// "2021. 3.") shows it in every layout, while English keeps "Sept 2018" beside "09/2018".
  std::vector<std::string> date_forms_as_date;
  /// The language's script has no italics (Hangul): a CV in it sets nothing in italics, and
  /// emphasis becomes the layout's emphasis colour in every script, so that an English line
  /// looks like the Hangul ones beside it (locale file: `emphasis: color`).
  bool emphasis_in_color = false;
  /// The language's paragraphs (a summary, a text section) and list items are justified in
  /// every layout (locale file: `paragraphs: justify`): Korean prose is set flush on both sides, and
  /// ragged lines balanced against each other ended a centimetre short where the next word fit.
  bool justify_paragraphs = false;
  std::string degree_with_area = "DEGREE in AREA";  // placeholders DEGREE and AREA
  std::string year = "year", years = "years", month = "month", months = "months";
  /// The same units as a form's narrow cell writes them (DURATION_SHORT: "7 yrs 9 mos"); empty:
  /// the full word.
  std::string year_short, years_short, month_short, months_short;
  std::string last_updated = "Last updated in";
  std::string page_number = "PAGE / TOTAL";  // footer, placeholders PAGE and TOTAL
  /// Titles of the usual section keys in this language ("experience" -> "Berufserfahrung"),
  /// which a CV's keys and a JSON Resume's sections take, and the labels of the fields a
  /// JSON Resume's entries have that become highlights.
  std::map<std::string, std::string, std::less<>> section_titles;
  std::string score = "Score", courses = "Courses", keywords = "Keywords";
  /// The words of a form in this language, by key (form_labels()): its title (이 력 서), the
  /// labels of its header table and the headers of its tables, its closing declaration and
  /// signature line. Layouts name them as "label:KEY"; a key a locale file leaves out keeps
  /// its English words.
  std::map<std::string, std::string, std::less<>> labels;
  /// The photo's alternative text in a tagged PDF, what a screen reader says for it; NAME is
  /// filled in.
  std::string photo_of = "Photo of NAME";
  /// The PDF's title when the CV names none: with the CV's name (NAME) and without.
  std::string cv_title_with_name = "NAME \u2013 CV";
  std::string cv_title = "CV";
  /// After the time span of an entry that runs to the present (ONGOING): "ongoing", "재직 중".
  std::string ongoing = "ongoing";
  /// After a section's title drawn again at the top of a page its section goes on to
  /// (section.repeat_title): "(cont.)", "(계속)".
  std::string continued = "(cont.)";
};

/// Whether `language` (an ISO 639-1 code) is written right to left: Hebrew, Yiddish, Arabic,
/// Persian, Urdu, Pashto.
bool is_right_to_left(std::string_view language);

/// The section keys a locale may title ("experience", "work_experience", ...), in the
/// order locale files list them. Their English titles are what RenderCV makes of the key.
const std::vector<std::string_view>& known_section_keys();

/// A form's label keys (Locale::labels) with their English words and what each labels.
struct FormLabel {
  std::string_view key, english, what;
};
const std::vector<FormLabel>& form_labels();

/// The built-in locale: English ("en" or "english"); nullopt for any other name (the others
/// are locale files, read by the CV reader).
std::optional<Locale> builtin_locale(std::string_view name);

/// A file RenderCV's `render_command` asks for: relative to the CV file's folder (as RenderCV
/// resolves it), its placeholders (NAME_IN_SNAKE_CASE, YEAR, ...) expanded.
struct OutputPath {
  std::string path;  // "" = none
  Span span;         // where the file asks for it; unknown for one of RenderCV's defaults
};

/// What a RenderCV file's `settings.render_command` (RenderCV 1: `rendercv_settings.render_command`)
/// asks `hanji build` to write, with RenderCV's defaults for what it leaves out. Only a file
/// that has a render_command is written this way; the command line wins over it.
struct RenderSettings {
  bool given = false;        // the file has a render_command
  Span span;                 // its key
  OutputPath output_folder;  // output_folder (RenderCV 1: output_folder_name); default rendercv_output
  OutputPath pdf;            // pdf_path; default OUTPUT_FOLDER/NAME_IN_SNAKE_CASE_CV.pdf
  OutputPath markdown;       // markdown_path; default OUTPUT_FOLDER/NAME_IN_SNAKE_CASE_CV.md
  OutputPath png;            // png_path; default OUTPUT_FOLDER/NAME_IN_SNAKE_CASE_CV.png (pages _1.png, _2.png)
  /// The name RenderCV gives every output, without its extension (OUTPUT_FOLDER/NAME_IN_SNAKE_CASE_CV):
  /// where the formats RenderCV has no key for (--format txt, json-resume) go.
  OutputPath stem;
  bool pdf_wanted = true;       // neither dont_generate_pdf nor dont_generate_typst
  bool markdown_wanted = true;  // not dont_generate_markdown
  /// png_path given, or dont_generate_png: false. RenderCV draws its PNG pages unless told
  /// not to; hanji only when the file asks (a picture of every page is seldom what a build is for).
  bool png_wanted = false;
  /// Where the file asks for them: png_path, else dont_generate_png (for the PNG limits' errors).
  Span png_asked_at;
};

struct Settings {
  std::optional<Date> current_date;       // settings.current_date (today: the day the command gives)
  /// The day of the build, as the command gives it (SOURCE_DATE_EPOCH's day in UTC when set,
  /// else today): what a time span running to the present counts to, and a form's signing
  /// date, when the CV gives no current_date. Unset when the caller gives no day.
  std::optional<Date> build_date;
  std::vector<std::string> bold_keywords; // settings.bold_keywords
  std::string pdf_title;                  // settings.pdf_title, placeholder NAME; "" = default
  std::string pdf_standard;               // settings.pdf_standard ("ua-1", ...); "" = the layout's
  Span pdf_standard_span;
  RenderSettings render;                  // settings.render_command
};

/// A block of a letter's body or of an answer: a paragraph (one item), or a list (its items,
/// each a paragraph of its own with a bullet). Texts keep their inline markup.
struct TextBlock {
  std::vector<Text> items;
  bool list = false;
};

/// Whom a letter is written to: lines of the address block, each optional.
struct Recipient {
  Text name, title, company;
  std::vector<Text> address;  // street, city, country: one line each
};

/// A cover letter (`letter:` in a CV file or in an application file that names its CV). The
/// letterhead is the CV's header; everything else is the letter's own.
struct Letter {
  Span span;                  // the `letter:` key
  Recipient recipient;
  std::optional<Date> date;   // unset: the build date (Settings::build_date), in the locale's words
  Text subject, salutation, closing;
  std::vector<TextBlock> body;
  Text signature_name;        // empty: the CV's name
  Text signature_image;       // a PNG or JPEG of the signature, resolved as the photo is; empty: none
  std::vector<Text> enclosures;
};

/// What a web form counts in an answer's limit (the company's form says which).
enum class CountUnit {
  Chars,          // UTF-16 code units, as the form's JavaScript `length`: a Hangul syllable is 1
  CharsNoSpaces,  // the same, without U+0020, U+00A0, U+3000, tabs and line breaks
  BytesEucKr,     // bytes in CP949 (Unified Hangul Code): 2 a Hangul syllable, 1 an ASCII letter
  BytesUtf8,      // bytes in UTF-8: 3 a Hangul syllable
};

/// "chars", "chars_no_spaces", "bytes_euc_kr", "bytes_utf8" as files write them, and back.
std::string_view count_unit_name(CountUnit unit);
std::optional<CountUnit> count_unit_named(std::string_view name);

/// An answer's limit as the form states it: "500자 이내 (공백 포함)".
struct CountLimit {
  std::optional<long> max, min;
  CountUnit unit = CountUnit::Chars;
  int newline = 1;  // what one line break counts: 1, 2 (CR LF) or 0
  Span span;        // the `limit:` key
};

/// One question of a 자기소개서 and its answer.
struct Question {
  Span span;
  Text title;                       // the company's wording of the question
  std::vector<TextBlock> answer;    // paragraphs (and lists)
  std::optional<CountLimit> limit;
};

/// A 자기소개서 (self-introduction): the company's questions and their answers, each with
/// the limit the company's form counts (`self_introduction:`).
struct SelfIntroduction {
  Span span;      // the `self_introduction:` key
  Text title;     // empty: the locale's label (자기소개서, Personal Statement)
  Text company;   // the company it is written for; empty: none shown
  std::vector<Question> questions;
};

/// The documents of an application, in the order they are bound into one PDF.
enum class Part { Cv, Letter, SelfIntroduction };
/// "cv", "letter", "self_introduction", and back.
std::string_view part_name(Part part);
std::optional<Part> part_named(std::string_view name);

/// Everything a CV file says.
struct CvFile {
  std::string path;
  Cv cv;
  /// The layout the file asks for (`layout: classic` or `layout: {name: classic, ...}`); "" = default.
  std::string layout_name;
  Span layout_span;
  /// Overrides of layout values: the `layout:` map without `name`, merged with what could be
  /// translated from RenderCV's `design:` (e.g. design.page.size -> page.paper). Null if none.
  config::ConfigNode layout_overrides;
  Locale locale;
  Settings settings;
  /// The languages the file's texts are written in when it gives them per language
  /// ({ko: ..., en: ...}), in the order they first appear; empty for a one-language file.
  std::vector<std::string> languages;
  /// The design and locale files read into it (--design, --locale, settings.render_command's
  /// design and locale), for whatever watches its inputs.
  std::vector<std::string> included_files;
  /// The application the file holds beside the CV (or, for an application file, beside the CV
  /// it names with `cv: PATH`): a cover letter, a 자기소개서.
  std::optional<Letter> letter;
  std::optional<SelfIntroduction> self_introduction;
  /// The parts a build binds, in order: `parts:` as written, else the letter, the CV, the
  /// 자기소개서 (those the file has). A CV file without a letter or 자기소개서: {Cv}.
  std::vector<Part> parts = {Part::Cv};
  Span parts_span;
};

}  // namespace hanji::model
