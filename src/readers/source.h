// source: the RenderCV reader. Reads a CV file (YAML or JSON, RenderCV's `cv:` schema plus
// hanji's `layout:` and `locale:`) into the CV model (model/model.h). Every value keeps the
// Span it came from.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "core/core.h"
#include "core/files.h"
#include "core/json.h"
#include "model/model.h"

namespace hanji::readers {

// The reader fills the model; inside it the model's names need no prefix.
using namespace hanji::model;
using config::ConfigNode;

/// Locale files parsed once and kept while they stay the same on disk: an Engine's, shared
/// by its threads (the reader's locale_files.cc is its only user).
class LocaleCache {
 public:
  LocaleCache();
  ~LocaleCache();
  LocaleCache(const LocaleCache&) = delete;
  LocaleCache& operator=(const LocaleCache&) = delete;

  /// Locale files (and indexes) parsed, and reads answered from the cache, so far.
  std::size_t parsed() const;
  std::size_t reused() const;
  /// Both memos' counts together (files and folder indexes).
  MemoStats stats() const;

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

/// Photos fetched from web addresses (--fetch-photos), kept for a session: `watch` and `serve`
/// read the CV again on every save, and a photo whose address did not change is not
/// downloaded again. An Engine keeps one; safe to share between threads. Each photo's
/// temporary file lives while the session or a CV holding it does.
class FetchedPhotos {
 public:
  struct Photo {
    std::string path;                   // the temporary file
    std::shared_ptr<const void> file;   // removes it when the last holder goes
  };
  std::optional<Photo> find(const std::string& url) const;
  /// Keeps `photo` for `url`; past kMaxKept photos, the ones kept before are let go.
  void keep(const std::string& url, Photo photo);
  /// Photos downloaded (kept) so far: what a test of a session counts.
  std::size_t downloads() const;
  static constexpr std::size_t kMaxKept = 16;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, Photo> photos_;
  std::size_t downloads_ = 0;
};

/// One value given on the command line (`--set cv.phone=+82...`, or RenderCV's spelling
/// `--cv.phone +82...`), put into the file's tree before it is read: it is checked as the
/// file is, and a key it names that the file lacks is made (a map on the way, or the value).
struct Override {
  std::string key;     // dotted; list items by position from 0: cv.sections.experience.0.company
  std::string value;   // text, as a quoted YAML scalar would hold it
  std::string origin;  // how messages name it: "--set cv.phone"
  /// Where a file wrote it (a list of recipients, `hanji build --recipients`), for messages
  /// about the value; unknown: the command line's `origin` names it.
  Span span = {};
  /// A list of texts rather than one (`list`): a recipient's address lines, a letter's
  /// paragraphs or enclosures, each item written as `value` would be.
  bool list = false;
  std::vector<std::string> items = {};
  /// Where a file wrote each part of `key` (a recipient's `recipent:`), for a message about
  /// a key no letter has; a part without one (or none at all) is named at `span`.
  std::vector<Span> key_spans = {};
};

/// How a font family a RenderCV design names is installed on the machine.
enum class FamilyInstall {
  Missing,        // no installed family of that name
  Embeddable,     // installed as TrueType faces hanji embeds
  NotEmbeddable,  // installed only as faces hanji cannot embed (OpenType/CFF, a collection)
};

/// The machine's installed font families, as plain answers (the engine asks fontconfig through
/// the theme module; the reader never does). Null: no family is installed.
struct InstalledFonts {
  std::function<FamilyInstall(const std::string& family)> find = {};
  /// Every installed family's name, for the nearest ones to a family that is not installed.
  std::function<std::vector<std::string>()> families = {};
};

/// Choices made when reading, over what the file says (the command line's --lang and --only).
struct ReadOptions {
  /// For texts written as a map of language to text ({ko: 박지민, en: Jimin Park}): the
  /// language to pick ("ko", "en", ...); empty = the file's own language. A field that lacks
  /// it falls back to another language it has.
  std::string language = {};
  /// Keep only what is untagged or carries one of these tags (entries, highlights and
  /// sections may have `tags:`); empty = keep everything.
  std::vector<std::string> only_tags = {};
  /// The folder of locale files (locales/*.yaml); empty = the one in the source tree. The
  /// CV's own locales/ folder and the user's ($XDG_CONFIG_HOME/hanji/locales) come first.
  std::string locales_dir = {};
  /// The built-in layouts (RenderCV's themes are in its rendercv/ folder); empty = the source tree's.
  std::string layouts_dir = {};
  /// What `current_date: today` means, and a RenderCV file's date when it sets none (the
  /// command passes SOURCE_DATE_EPOCH's day, else the day it runs); unset, neither sets a date.
  std::optional<Date> today = {};
  /// Where parsed locale files are kept between reads (the Engine's); null: read each time.
  LocaleCache* locale_cache = nullptr;
  /// --set values, in the order given (a later one wins).
  std::vector<Override> overrides = {};
  /// RenderCV's `design:` and `locale:` (or RenderCV 1's `locale_catalog:`) read from files of
  /// their own, as `rendercv render CV.yaml --design FILE --locale-catalog FILE` does: they
  /// replace the CV file's own, and win over its settings.render_command.design / .locale.
  /// Paths as given (relative to the working folder); empty = none.
  std::string design_file = {};
  std::string locale_file = {};
  /// RenderCV's `settings:` from a file of its own (`rendercv render --settings FILE`): it
  /// replaces the CV file's, before the command line's settings overrides. Empty = none.
  std::string settings_file = {};
  /// Read for `hanji render` (RenderCV's command): the outputs are RenderCV's even when the file
  /// has no settings.render_command (rendercv_output/NAME_CV.pdf, .md and the PNG pages).
  bool rendercv_render = false;
  /// Pieces of CV files parsed before (the Engine's): a CV saved again is parsed again only
  /// where it changed. Null: every CV is parsed whole.
  config::YamlPieces* yaml_pieces = nullptr;
  /// Reads what a font file says about itself, for the fonts/ folder beside a RenderCV file
  /// (the engine gives the text module's text::font_file_facts: only it reads font tables).
  /// Null: no fonts/ folder is looked at.
  std::function<std::optional<FontFileFacts>(const std::string& path)> font_file_facts = {};
  /// The families installed on the machine, for a RenderCV design's font families.
  InstalledFonts installed_fonts = {};
  /// --fetch-photos: a photo given as a URL (RenderCV's `photo:`, JSON Resume's basics.image)
  /// is downloaded, within limits (modules/fetch.h); off, it is left out with a warning that
  /// says how to download it. A CV from elsewhere is untrusted input: off by default.
  bool fetch_photos = false;
  /// Where fetched photos are kept between reads (the Engine's); null: each read downloads.
  FetchedPhotos* fetched_photos = nullptr;
};

/// Reads and validates a CV file. Errors (syntax, wrong types, unknown keys with a
/// did-you-mean hint, bad dates, a missing photo file) go to `diags` with file:line:col;
/// returns nullopt when any error was reported. Ignored RenderCV keys are warnings.
std::optional<CvFile> load_cv(const std::string& path, Diagnostics& diags, const ReadOptions& options = {});

/// Same, from text in memory (`path` is used for messages and to resolve the photo).
std::optional<CvFile> load_cv_from_string(const std::string& text, const std::string& path,
                                          Diagnostics& diags, const ReadOptions& options = {});

/// The folders searched for locale files for the CV at `cv_path`, before `shipped_dir`:
/// its own locales/ folder, then the user's ($XDG_CONFIG_HOME/hanji/locales, else
/// ~/.config/hanji/locales); `shipped_dir` (empty: the source tree's) last.
std::vector<std::string> locale_search_dirs(const std::string& cv_path, const std::string& shipped_dir);

/// The text of a locales folder's index.txt: every name a locale file there answers to (its
/// file name, `language`, `code` and `aliases`, in lower case) and the file, one per line, so
/// that finding a language reads one file instead of all. Errors in the files go to `diags`.
std::string locale_index(const std::string& locales_dir, Diagnostics& diags);

/// The JSON Schema (draft-07) of a CV file, for editors (VS Code's YAML extension) and
/// checkers: generated from the tables the reader checks keys against, with each key's value
/// shape, help and required keys, and the names hanji knows (locales, social networks,
/// RenderCV themes; the locale and layout folders as in `folders`). The `layout:` map's values
/// are the layout module's: `layout_values` is their schema, `definitions` holds what it
/// refers to, and `layout_names` are offered for `layout: NAME`.
Json cv_schema(const Json& layout_values, Json definitions, const std::vector<std::string>& layout_names,
               const ReadOptions& folders = {});

/// RenderCV's design options that take effect ("page.size", ...), for tests and docs/cv-format.md.
std::vector<std::string> honoured_design_options();

}  // namespace hanji::readers
