// cli: `hanji new`, a starter CV to edit: every entry type and the common options, in English
// or Korean, with short comments. The starters are starters/LANG.yaml, compiled in.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hanji::cli {

class TempFiles;

/// The starters as written in starters/ (language code, text), sorted by language
/// (generated at build time from the files).
const std::vector<std::pair<std::string_view, std::string_view>>& starter_texts();

/// What `hanji new` writes: a CV, or an application file naming cv.yaml with a cover letter
/// (starters/letter-LANG.yaml) or a 자기소개서 (starters/self-introduction-LANG.yaml).
enum class StarterKind { Cv, Letter, SelfIntroduction };

struct NewCv {
  std::string file;      // "" = cv.yaml in the current folder; a full name: NAME_CV.yaml with that name
  std::string language;  // "" = en
  std::string layout;    // "" = the starter's own
  /// RenderCV's `new --theme THEME`: the starter takes that theme's look (`design: {theme: THEME}`)
  /// instead of a layout; "" = the starter's layout.
  std::string theme;
  /// RenderCV's `new --locale NAME`: the starter's `locale:`; "" = the starter's own.
  std::string locale;
  /// RenderCV's --create-typst-templates / --create-markdown-templates, which hanji answers with a
  /// note: its look is a layout file (`hanji create-theme NAME`), it has no templates to copy.
  std::vector<std::string> template_flags;
  bool quiet = false;
  StarterKind kind = StarterKind::Cv;
};

/// The application starter of `kind` in `language` (Letter or SelfIntroduction), its first line
/// naming `schema_file` and `layout` (when not empty) set; "" when there is none in that language.
std::string starter_application(StarterKind kind, std::string_view language, const std::string& layout,
                                const std::string& schema_file);

/// The starter in `language`, with `layout` as its layout name (when not empty) and a first
/// line that points editors to `schema_file` (an absolute path; when empty, a comment saying how
/// to make one); "" for a language with no starter.
std::string starter_cv(std::string_view language, const std::string& layout, const std::string& schema_file);

/// The file `hanji new ARGUMENT` writes: ARGUMENT when it ends in .yaml, .yml or .json; else
/// ARGUMENT is a full name and the file is named as RenderCV names it (John Doe ->
/// John_Doe_CV.yaml); cv.yaml for none.
std::string starter_file_for(const std::string& argument);

/// The starter `text` with `name` as its cv.name.
std::string with_name(std::string text, const std::string& name);

/// The starter `text` with RenderCV's theme `theme` as its look: its layout block (and the
/// comment over it) replaced by `design: {theme: THEME}`.
std::string with_rendercv_theme(std::string text, const std::string& theme);
/// The starter `text` with `locale: NAME` (replacing its own, or added before `cv:`).
std::string with_locale(std::string text, const std::string& locale);

/// `hanji create-theme NAME`: writes NAME.yaml, a layout file that extends classic, with the
/// values a new look usually changes, in the current folder (where `hanji build --layout NAME`
/// and a CV's `layout: NAME` beside it find it); never over an existing file.
int create_theme(const std::string& name, std::ostream& out, std::ostream& err, TempFiles* temp_files);

/// `hanji new`: writes the starter; never over an existing file (exit 1 with a hint).
int new_cv(const NewCv& request, const std::string& argv0, std::ostream& out, std::ostream& err,
           TempFiles* temp_files);

}  // namespace hanji::cli
