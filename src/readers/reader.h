// Private to the source module: the helpers every part of the CV reader shares (typed reads
// of YamlNodes with uniform messages) and the parts themselves, one file each.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/files.h"
#include "readers/fields.h"
#include "readers/source.h"
#include "config/yaml_tree.h"

namespace hanji::readers {

using namespace hanji::config;  // the YAML tree the reader walks

struct FoundLocales;  // find_locale's answers during one read of a CV file (locale_files.cc)

/// What the reader needs everywhere: where messages go and the text to locate them in.
struct Reader {
  const SourceText& source;
  Diagnostics& diags;
  std::string locales_dir = {};  // the locale files; empty: the source tree's locales/
  std::string layouts_dir = {};  // the built-in layouts (and rendercv/ themes); empty: the source tree's
  std::optional<Date> today = {};  // what `current_date: today` means; unset: nothing
  LocaleCache* locale_cache = nullptr;  // parsed locale files kept between reads; null: none
  FoundLocales* found_locales = nullptr;  // the locales found so far in this read; null: none kept
  bool json_resume = false;  // the file is a JSON Resume: messages name its keys, not RenderCV's
  /// The file is RenderCV's (its design:), read as RenderCV reads it: a year written as quoted
  /// text ('2021') is January of that year ("Jan 2021"), a plain 2021 the year alone; a
  /// language's words are RenderCV's (a locale file's `rendercv:` block).
  bool from_rendercv = false;
  bool rendercv_render = false;  // ReadOptions::rendercv_render
  bool fetch_photos = false;  // ReadOptions::fetch_photos: a photo given as a URL is downloaded
  FetchedPhotos* fetched_photos = nullptr;  // ReadOptions::fetched_photos
  /// What a date may say for "until now", in lower case: English's words, and the word of
  /// each language the CV may be set in ("현재", "heute"), added once the locale is known.
  std::vector<std::string> present_words = english_present_words();
  std::size_t parts = 0;     // sections, entries and highlights read so far (count_parts)
  /// ReadOptions::font_file_facts: what a font file of the fonts/ folder says; null: none read.
  std::function<std::optional<FontFileFacts>(const std::string& path)> font_file_facts = {};
  /// ReadOptions::installed_fonts: the machine's font families.
  InstalledFonts installed_fonts = {};

  /// Counts `count` more parts of the CV (sections, entries, highlights), or of a letter or
  /// 자기소개서 beside it (paragraphs, list items, questions, lines: `in_cv` false, which the
  /// message says). False, with one error at `at`, once they pass limits::kMaxCvParts: the
  /// reader stops there, before the rest costs time and memory that no file of 100 pages needs.
  bool count_parts(const Span& at, std::size_t count = 1, bool in_cv = true);

  /// A reader of the same file and folders whose messages go to `quiet` (a probe).
  Reader probe(Diagnostics& quiet) const {
    Reader probe{source, quiet, locales_dir, layouts_dir, today, locale_cache, found_locales};
    probe.font_file_facts = font_file_facts;
    probe.from_rendercv = from_rendercv;
    probe.installed_fonts = installed_fonts;
    probe.fetch_photos = false;  // a probe never downloads
    return probe;
  }

  /// The name of a key as the file spells it: `start_date` is `startDate` in a JSON Resume
  /// (its reader translates keys; a message must name the one the user wrote).
  std::string_view shown(std::string_view key) const;

  /// A scalar as Text. Null gives nullopt silently (the key counts as absent); a list or a
  /// map is an error "expected text for 'KEY', found a list".
  std::optional<Text> text(const YamlNode& node, std::string_view key);
  /// When `node`, where a text was expected, is a {...} map a comma cut a value short in
  /// (`{en: Mapo-gu, Seoul}`): reports it at the cut ("expected `what`") with the quoting hint
  /// and returns true.
  bool report_comma_cut(const YamlNode& node, std::string_view what);
  /// A list of texts. With `single_ok`, one scalar counts as a list of one.
  std::vector<Text> text_list(const YamlNode& node, std::string_view key, bool single_ok);
  /// True for a map; otherwise reports "expected a map for 'KEY', found ..." with `hint`.
  bool expect_map(const YamlNode& node, std::string_view key, std::string_view hint);
  /// True for a list; otherwise reports "expected a list for 'KEY', found ..." with `hint`.
  bool expect_list(const YamlNode& node, std::string_view key, std::string_view hint);
  /// "unknown key 'KEY' in WHERE" as an error, with a did-you-mean hint when a known key is
  /// close, otherwise a hint listing the known keys.
  void unknown_key(const Span& span, std::string_view key, std::string_view where,
                   const std::vector<std::string>& known);
};

Text make_text(const YamlNode& scalar);
/// ASCII letters in lower case (names, keys and tags compare without case).
std::string lowercase(std::string_view text);
/// The value of `key` in a map, or nullptr (also for a node that is not a map).
const YamlNode* value_of(const YamlNode& map, std::string_view key);
YamlNode* value_of(YamlNode& map, std::string_view key);
/// The text of `key` in a map when it is a scalar, else "".
std::string scalar_of(const YamlNode& map, std::string_view key);
/// Words joined for a message: "'a', 'b' or 'c'" (or "... and 'c'" with `conjunction` "and").
std::string quoted_list(const std::vector<std::string>& words, std::string_view conjunction = "or");

/// What a YAML file that ships with hanji (a locale, a RenderCV theme) must be.
const FileKind& shipped_yaml_kind();
/// The source tree's locales/ folder (when the reader is given none).
std::string default_locales_dir();

/// The parent directory of `path` ("" for a bare file name), for resolving relative paths.
std::string directory_of(const std::string& path);

// ---- the parts (one .cc each) ----

/// `cv:` -> Cv. `base_dir` resolves the photo; `settings` gives current_date for date checks.
void read_cv(const YamlNode& node, Reader& reader, const std::string& base_dir,
             const Settings& settings, Cv& cv);
/// `cv.sections:` -> sections.
void read_sections(const YamlNode& node, Reader& reader, const Settings& settings,
                   std::vector<Section>& sections);
/// The titles of the sections written under a key without a title of their own, in the
/// locale's language: "experience" -> 경력 (Korean), Experience (English); others as
/// section_title() capitalises them. Run once the CV's language is settled.
void title_sections(std::vector<Section>& sections, const Locale& locale);
/// One entry of a section whose type is `kind`.
std::optional<Entry> read_entry(const YamlNode& node, EntryKind kind, Reader& reader,
                                const Settings& settings);
/// `highlights:` -> highlights with RenderCV's " - " nesting.
std::vector<Highlight> read_highlights(const YamlNode& node, Reader& reader);

/// Which date field a value came from: they accept different forms.
enum class DateField { Date, StartDate, EndDate, CurrentDate };
std::optional<Date> read_date(const YamlNode& node, DateField field, Reader& reader);
/// Text shaped like an ISO date ("2023", "2023-1", "2023-09-31"): read_date takes it as one
/// and refuses it when it is not a real date.
bool looks_like_iso_date(std::string_view text);
/// A real ISO date ("2023-09-30"), without a word of diagnostics; nullopt for anything else.
std::optional<Date> iso_date(std::string_view text);
/// A phone number a tel: link can dial: a digit at least, at most 20 with a leading '+'.
bool plausible_phone(std::string_view phone);
/// The phone number as a tel: link dials it: '+' and digits.
std::string dialled(std::string_view phone);
/// RenderCV's normalisation of date/start_date/end_date, and the start <= end check.
void normalise_dates(Entry& entry, Reader& reader, const Settings& settings);

/// A JSON Resume rather than a RenderCV file: `basics` or JSON Resume's sections, no `cv`.
bool is_json_resume(const YamlNode& root);
/// The top-level keys of a JSON Resume hanji reads (the schema's and hanji's own).
const std::vector<std::string>& json_resume_keys();
/// A JSON Resume as the `cv:` tree of a RenderCV file, its values the original nodes
/// (json_resume.cc); section titles in `locale`'s language.
YamlNode json_resume_as_cv(const YamlNode& root, Reader& reader, const Locale& locale);
/// A JSON Resume's meta.theme: the layout of that theme's look (jsonresume/themes.h); a theme
/// not in the table is a warning naming the layout used. For a file that names no layout.
void read_json_resume_theme(const YamlNode& root, Reader& reader, CvFile& file);

/// `layout:` -> layout_name and layout_overrides.
void read_layout(const YamlNode& node, Reader& reader, CvFile& file);
/// Typst calls in the CV's text (#strong[...], #emph[...], #link("...")[...]) as RenderCV's
/// Markdown; any other call is a warning where it is written (typst_markup.cc).
void translate_typst_markup(Cv& cv, Diagnostics& diags);
/// RenderCV's `design:` -> layout_overrides (below explicit `layout:` values), with the
/// layout and values of its theme (layouts/rendercv/THEME.yaml) under the file's own.
void read_design(const YamlNode& node, Reader& reader, CvFile& file);

/// One font file of a RenderCV project's `fonts/` folder (font_folder.cc): its absolute path,
/// its family names as keys (lower case, no spaces), and its style.
struct FolderFace {
  std::string path;
  std::vector<std::string> families;
  bool truetype = false;  // glyf outlines; else OpenType/CFF, which hanji cannot embed
  bool italic = false;
  int weight = 400;
};
/// The fonts (.ttf and .otf) in `dir` and its subfolders, in name order, as `read` says each
/// is; none when it is no folder or `read` is null.
std::vector<FolderFace> fonts_in_folder(
    const std::string& dir, const std::function<std::optional<FontFileFacts>(const std::string& path)>& read);
/// A family's TrueType files for hanji's four slots (an empty slot: the family has no such
/// face), or, when the family is there only as OpenType/CFF, one such file in `cff_only`;
/// nullopt when no font of `faces` is of that family.
struct FolderFamily {
  std::string regular, bold, italic, bold_italic;
  std::string cff_only;
};
std::optional<FolderFamily> family_in_folder(const std::vector<FolderFace>& faces, std::string_view family);

/// `letter:` (its key at `key_span`) -> Letter; `base_dir` resolves the signature's image.
void read_letter(const YamlNode& node, const Span& key_span, Reader& reader, const std::string& base_dir,
                 Letter& letter);
/// A picture a file names (a signature), checked as the photo is: a PNG or JPEG file that
/// exists, relative to `base_dir`; `key` names it in messages. nullopt after an error.
std::optional<Text> resolve_picture(const Text& written, std::string_view key, const std::string& base_dir,
                                    Reader& reader);
/// The documents a file has, in the default order: the letter, the CV (when `has_cv`), the 자기소개서.
std::vector<Part> present_parts(const CvFile& file, bool has_cv);
/// `parts:` -> file.parts: names of `present` parts, each once (one name alone, as `--set
/// parts=letter` gives it, a list of one); anything else is an error. True when it set file.parts.
bool read_parts(const YamlNode& node, Reader& reader, const std::vector<Part>& present, CvFile& file);

void read_locale(const YamlNode& node, Reader& reader, Locale& locale);
/// RenderCV 1's `locale_catalog:`, read as `locale:` with its old key names translated.
/// Returns its phone_number_format (national, international or e164), which RenderCV 2 moved to
/// design.header.connections.phone_number_format: a layout value, set by the caller.
std::optional<Text> read_locale_catalog(const YamlNode& node, Reader& reader, Locale& locale);
/// The keys of a `locale:` map (or, with `locale_file`, of a locale file) over `locale`.
void read_locale_map(const YamlNode& node, Reader& reader, Locale& locale, bool locale_file);
/// The language a `locale:` value names ("korean", {language: german}); empty if none.
Text locale_language(const YamlNode& node);
/// The locale file for a language name, ISO code or alias ("german", "de"); English is
/// built in; nullopt when no file answers. With the reader's `found_locales`, a name asked
/// again in the same read is answered from there, with the same messages.
std::optional<Locale> find_locale(std::string_view name, Reader& reader);

/// find_locale's answers during one read of a CV file: the file names its locale, and the
/// reader asks for it again to learn its language, its word for "until now" and its phrases
/// (half a million instructions for one locale found twice).
struct FoundLocales {
  struct Answer {
    std::optional<Locale> locale;
    std::vector<Diagnostic> said;  // the messages finding it gave
  };
  std::map<std::string, Answer> by_name;  // lower-case name -> answer
};
/// The names of the locale files, for hints.
std::vector<std::string> locale_names(Reader& reader);

/// Picks one language of the texts written per language and drops what `options.only_tags`
/// leaves out (readers/variants.cc). `file_language` is the ISO code the file's locale names
/// (may be empty). Fills `languages` with the languages the file carries; returns the one
/// chosen ("" when the file carries none and none was asked for).
std::string choose_variant(YamlNode& root, const ReadOptions& options, std::string_view file_language, Reader& reader,
                           std::vector<std::string>& languages);
void read_settings(const YamlNode& node, Reader& reader, Settings& settings);
/// `self_introduction:` -> a 자기소개서 (self_introduction.cc); nullopt when it is null or not a map.
std::optional<SelfIntroduction> read_self_introduction(const YamlNode& node, Reader& reader);
/// `settings.render_command` (and RenderCV 1's `rendercv_settings.render_command`) of `root`
/// -> `render`, its paths resolved for `file` (its folder, name, date and locale) as RenderCV
/// resolves them (render_command.cc).
void read_render_command(const YamlNode& root, const CvFile& file, Reader& reader, RenderSettings& render);
/// The command line's --design, --locale and --set (and the file's settings.render_command
/// design and locale files), put into the file's tree before it is read (overlays.cc).
/// `included` gets the paths of the files read.
void apply_command_line(YamlNode& root, const ReadOptions& options, Reader& reader, std::vector<std::string>& included);


}  // namespace hanji::readers
