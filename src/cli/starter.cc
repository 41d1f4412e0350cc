// `hanji new`: a starter CV from starters/LANG.yaml (compiled in), its layout and schema line
// filled in, written where no file is.
#include "cli/starter.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "cli/cli.h"
#include "cli/output.h"
#include "core/files.h"
#include "theme/theme.h"

namespace hanji::cli {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kSchemaLine = "# yaml-language-server: $schema=";
constexpr std::string_view kLayoutName = "\nlayout:\n  name: ";

// The starters are starters/NAME.yaml: a CV's NAME is its language ("ko", "ko,en"), an
// application's is what it holds and its language ("letter-en", "self-introduction-ko").
bool is_application_starter(std::string_view name) { return name.find('-') != std::string_view::npos; }

std::string_view find_starter(std::string_view name) {
  for (const auto& [code, text] : starter_texts())
    if (code == name) return text;
  return {};
}

std::string_view application_prefix(StarterKind kind) {
  return kind == StarterKind::Letter ? "letter-" : "self-introduction-";
}

std::string_view schema_name(StarterKind kind) {
  return kind == StarterKind::Cv ? "cv" : kind == StarterKind::Letter ? "letter" : "self-introduction";
}

// The languages an application starter of `kind` is written in: "en or ko".
std::string application_languages(StarterKind kind) {
  std::string out;
  const std::string_view prefix = application_prefix(kind);
  for (const auto& [code, text] : starter_texts())
    if (code.starts_with(prefix)) out += (out.empty() ? "" : " or ") + std::string(code.substr(prefix.size()));
  return out;
}

// The two-language starter is written Korean first (starters/ko,en.yaml), and the first
// language written is a CV's default: for `--lang en,ko`, each {ko: A, en: B} becomes
// {en: B, ko: A}, and each `ko:` line followed by its `en:` line changes place with it.
std::string english_first(std::string_view korean_first) {
  std::vector<std::string> lines;
  for (size_t at = 0; at <= korean_first.size();) {
    const size_t end = std::min(korean_first.find('\n', at), korean_first.size());
    lines.emplace_back(korean_first.substr(at, end - at));
    at = end + 1;
  }
  for (std::string& line : lines) {
    const size_t open = line.find("{ko: "), comma = line.find(", en: ", open), close = line.rfind('}');
    if (open == std::string::npos || comma == std::string::npos || close == std::string::npos || close < comma) continue;
    const std::string korean = line.substr(open + 5, comma - open - 5);
    const std::string english = line.substr(comma + 6, close - comma - 6);
    line.replace(open, close + 1 - open, "{en: " + english + ", ko: " + korean + "}");
  }
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    const size_t ko = lines[i].find("ko: "), en = lines[i + 1].find("en: ");
    if (ko == std::string::npos || ko != en || lines[i].find_first_not_of(" -") != ko ||
        lines[i + 1].find_first_not_of(' ') != en)
      continue;
    // "- ko: A" / "  en: B" -> "- en: B" / "  ko: A": the list's dash stays first.
    const std::string korean = lines[i].substr(ko + 4), english = lines[i + 1].substr(en + 4);
    lines[i] = lines[i].substr(0, ko) + "en: " + english;
    lines[i + 1] = lines[i + 1].substr(0, en) + "ko: " + korean;
    ++i;
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) out += lines[i] + (i + 1 < lines.size() ? "\n" : "");
  return out;
}

std::string languages_list() {
  std::string out;
  for (const auto& [code, text] : starter_texts())
    if (!is_application_starter(code)) out += (out.empty() ? "" : " or ") + std::string(code);
  return out + " or en,ko";
}

// The first line: where an editor finds the schema. A starter cannot know a path relative to
// the CV, so it names the installed (or source tree's) schema by its absolute path; without
// one, it says how to make one.
std::string schema_line(const std::string& schema_file, std::string_view name = "cv") {
  if (!schema_file.empty()) return std::string(kSchemaLine) + schema_file;
  return fmt::format("# For checks and completion in your editor, run `hanji schema {0} > {0}.schema.json` and make\n"
                     "# this line: {1}{0}.schema.json",
                     name, kSchemaLine);
}

// The schema NAME.schema.json of this hanji's data folder, absolute; "" when it has none.
std::string installed_schema(const theme::DataDirs& dirs, std::string_view name = "cv") {
  std::error_code ec;
  const fs::path schema =
      fs::absolute(fs::path(dirs.layouts).parent_path() / "schema" / (std::string(name) + ".schema.json"), ec);
  if (ec || !fs::is_regular_file(schema, ec)) return "";
  return schema.lexically_normal().string();
}

// Writes a new file `new` or `create-theme` made, never over an existing one; a refusal is said
// on `err` with its hint.
bool write_starter(const std::string& file, const std::string& text, std::string_view another_name,
                   TempFiles* temp_files, std::ostream& err) {
  OutputRefusal refusal;
  if (write_new_file(file, text, temp_files, refusal, another_name)) return true;
  err << "hanji: error: " << refusal.reason << '\n';
  if (!refusal.hint.empty()) err << "  hint: " << refusal.hint << '\n';
  return false;
}

// Whether `name` is a layout `hanji build` would find for a CV at `file`; if not, a hint.
bool known_layout(const std::string& name, const std::string& file, const theme::DataDirs& dirs, std::string& hint) {
  theme::DataDirs search = dirs;
  search.user_layouts = theme::layout_search_dirs(file);
  Diagnostics ignored;  // a broken layout file is the build's to report
  std::vector<std::string> names;
  for (const theme::LayoutInfo& info : theme::list_layouts(search, ignored)) names.push_back(info.name);
  if (std::find(names.begin(), names.end(), name) != names.end()) return true;
  const std::string guess = closest_match(name, names);
  hint = guess.empty() ? "`hanji layouts` lists them" : fmt::format("did you mean '{}'?", guess);
  return false;
}

// The names a data folder offers: RenderCV's themes (layouts/rendercv/*.yaml) or the
// locales' (locales/index.txt, every name a locale file answers to).
std::vector<std::string> rendercv_theme_names(const theme::DataDirs& dirs) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(dirs.layouts) / "rendercv", ec))
    if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> locale_names_in(const theme::DataDirs& dirs) {
  const fs::path locales = dirs.locales.empty() ? fs::path(dirs.layouts).parent_path() / "locales" : fs::path(dirs.locales);
  std::ifstream index(locales / "index.txt");
  std::vector<std::string> names;
  for (std::string line; std::getline(index, line);) {
    if (line.empty() || line.front() == '#') continue;
    names.push_back(line.substr(0, line.find(' ')));
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

// Whether `name` is among `names`; if not, a hint (did you mean, or the list).
bool offered(const std::string& name, const std::vector<std::string>& names, std::string& hint) {
  if (std::find(names.begin(), names.end(), name) != names.end()) return true;
  const std::string guess = closest_match(name, names);
  std::string listed;
  for (const std::string& each : names) listed += (listed.empty() ? "" : ", ") + each;
  hint = guess.empty() ? fmt::format("one of {}", listed) : fmt::format("did you mean '{}'?", guess);
  return false;
}

}  // namespace

std::string with_rendercv_theme(std::string text, const std::string& theme) {
  const size_t layout = text.find("\nlayout:\n");
  if (layout == std::string::npos) return text;
  // The block ends at the first line that is not indented under it.
  size_t end = layout + 1;
  do end = text.find('\n', end) + 1;
  while (end != 0 && end < text.size() && text[end] == ' ');
  // The comment lines right above it describe a layout; they go with it.
  size_t start = layout + 1;
  while (start > 1) {
    const size_t line = text.rfind('\n', start - 2) + 1;
    if (text[line] != '#') break;
    start = line;
  }
  text.replace(start, end - start,
               fmt::format("# The look: RenderCV's {} theme (its design: keys change it; `hanji layouts`\n"
                           "# lists hanji's own layouts, for `layout: NAME` instead).\n"
                           "design:\n  theme: {}\n",
                           theme, theme));
  return text;
}

std::string with_locale(std::string text, const std::string& locale) {
  if (const size_t at = text.find("\nlocale: "); at != std::string::npos) {
    const size_t start = at + std::string_view("\nlocale: ").size();
    text.replace(start, text.find('\n', start) - start, locale);
  } else if (const size_t cv = text.find("\ncv:\n"); cv != std::string::npos) {
    text.insert(cv + 1, fmt::format("locale: {}\n\n", locale));
  }
  return text;
}

std::string starter_application(StarterKind kind, std::string_view language, const std::string& layout,
                                const std::string& schema_file) {
  std::string text(find_starter(std::string(application_prefix(kind)) + std::string(language)));
  if (text.empty()) return text;
  if (text.starts_with(kSchemaLine)) text.erase(0, text.find('\n'));
  text.insert(0, schema_line(schema_file, schema_name(kind)));
  // The layout over the CV's own: beneath the line naming the CV.
  constexpr std::string_view kCvLine = "\ncv: cv.yaml\n";
  if (const size_t at = text.find(kCvLine); at != std::string::npos && !layout.empty())
    text.insert(at + kCvLine.size(), "layout: " + layout + "\n");
  return text;
}

std::string starter_cv(std::string_view language, const std::string& layout, const std::string& schema_file) {
  if (is_application_starter(language)) return "";
  std::string text(language == "en,ko" ? english_first(find_starter("ko,en")) : std::string(find_starter(language)));
  if (text.empty()) return text;
  // The starter's own first line points to the schema in the source tree; replace it.
  if (text.starts_with(kSchemaLine)) text.erase(0, text.find('\n'));
  text.insert(0, schema_line(schema_file));
  if (const size_t at = text.find(kLayoutName); at != std::string::npos && !layout.empty()) {
    const size_t start = at + kLayoutName.size();
    text.replace(start, text.find_first_of(" \n#", start) - start, layout);
  }
  return text;
}

std::string starter_file_for(const std::string& argument) {
  if (argument.empty()) return "cv.yaml";
  // A path (one with a folder in it) names the file, whatever it ends in (new_cv says when it
  // is not a YAML file); a name has no slash.
  if (has_extension(argument, {".yaml", ".yml", ".json"}) || argument.find('/') != std::string::npos) return argument;
  std::string file = argument;
  std::replace(file.begin(), file.end(), ' ', '_');
  return file + "_CV.yaml";
}

std::string with_name(std::string text, const std::string& name) {
  const size_t cv = text.find("\ncv:\n  name: ");
  if (cv == std::string::npos) return text;
  const size_t start = cv + std::string_view("\ncv:\n  name: ").size();
  // Double-quoted, so that a name with a colon or a quote stays one YAML string.
  std::string quoted = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  quoted += '"';
  text.replace(start, text.find('\n', start) - start, quoted);
  return text;
}

namespace {

// `hanji new --letter` and `--self-introduction`: an application file naming cv.yaml.
int new_application(const NewCv& request, const std::string& argv0, std::ostream& out, std::ostream& err,
                    TempFiles* temp_files) {
  const bool letter = request.kind == StarterKind::Letter;
  const std::string language = !request.language.empty() ? request.language : letter ? "en" : "ko";
  const std::string option = letter ? "--letter" : "--self-introduction";
  if (starter_application(request.kind, language, "", "").empty()) {
    const std::string languages = application_languages(request.kind);
    err << fmt::format("hanji: error: there is no starter {} in '{}'; there is {}\n  hint: hanji new {} --lang {}\n",
                       letter ? "letter" : "자기소개서", language, languages, option,
                       languages.substr(0, languages.find(' ')));
    return kBadUsage;
  }
  const std::string file = !request.file.empty() ? request.file : letter ? "application.yaml" : "self-introduction.yaml";
  if (!has_extension(file, {".yaml", ".yml"})) {
    err << fmt::format("hanji: error: '{}' is not named as a YAML file\n  hint: end its name in .yaml, e.g. hanji new {} {}\n",
                       file, option, letter ? "application.yaml" : "self-introduction.yaml");
    return kBadUsage;
  }
  const theme::DataDirs dirs = theme::find_data_dirs(argv0);
  std::string hint;
  if (!request.layout.empty() && !known_layout(request.layout, file, dirs, hint)) {
    err << fmt::format("hanji: error: no layout named '{}'\n  hint: {}\n", request.layout, hint);
    return kBadInput;
  }
  const std::string text =
      starter_application(request.kind, language, request.layout, installed_schema(dirs, schema_name(request.kind)));
  const std::string another = fmt::format("hanji new {} my-{}", option, letter ? "application.yaml" : "self-introduction.yaml");
  if (!write_starter(file, text, another, temp_files, err)) return kBadInput;
  if (!request.quiet) {
    const fs::path cv = fs::path(file).parent_path() / "cv.yaml";
    std::error_code ec;
    out << fmt::format("{}: a starter {} ({}) naming cv.yaml; edit it, then: hanji build {}\n", file,
                       letter ? "cover letter" : "자기소개서", language, file);
    if (!fs::exists(cv, ec))
      out << fmt::format("  there is no {} yet: hanji new {}{} writes one\n", cv.string(),
                         cv.string(), language == "ko" ? " --lang ko" : "");
  }
  return kOk;
}

}  // namespace

int new_cv(const NewCv& request, const std::string& argv0, std::ostream& out, std::ostream& err,
           TempFiles* temp_files) {
  if (request.kind != StarterKind::Cv) return new_application(request, argv0, out, err, temp_files);
  const std::string language = request.language.empty() ? "en" : request.language;
  // RenderCV's `rendercv new "John Doe"`: a full name, written into John_Doe_CV.yaml.
  const bool named_person = !request.file.empty() && starter_file_for(request.file) != request.file;
  const std::string file = starter_file_for(request.file);
  if (starter_cv(language, "", "").empty()) {
    err << fmt::format("hanji: error: there is no starter CV in '{}'; there are {}\n  hint: hanji new --lang ko (or ko,en: both in one file)\n",
                       language, languages_list());
    return kBadUsage;
  }
  if (!has_extension(file, {".yaml", ".yml"})) {
    err << fmt::format("hanji: error: '{}' is not named as a YAML file\n  hint: end its name in .yaml, e.g. "
                       "hanji new cv.yaml; or give your full name: hanji new \"Jane Doe\" writes Jane_Doe_CV.yaml\n",
                       file);
    return kBadUsage;
  }
  const theme::DataDirs dirs = theme::find_data_dirs(argv0);
  std::string hint;
  if (!request.layout.empty() && !known_layout(request.layout, file, dirs, hint)) {
    err << fmt::format("hanji: error: no layout named '{}'\n  hint: {}\n", request.layout, hint);
    return kBadInput;
  }
  if (!request.theme.empty() && !offered(request.theme, rendercv_theme_names(dirs), hint)) {
    err << fmt::format("hanji: error: no RenderCV theme named '{}'\n  hint: {}\n", request.theme, hint);
    return kBadInput;
  }
  if (!request.locale.empty() && !offered(request.locale, locale_names_in(dirs), hint)) {
    err << fmt::format("hanji: error: no locale named '{}'\n  hint: {}\n", request.locale, hint);
    return kBadInput;
  }
  std::string text = starter_cv(language, request.layout, installed_schema(dirs));
  if (named_person) text = with_name(std::move(text), request.file);
  if (!request.theme.empty()) text = with_rendercv_theme(std::move(text), request.theme);
  if (!request.locale.empty()) text = with_locale(std::move(text), request.locale);
  if (!write_starter(file, text, "hanji new my-cv.yaml", temp_files, err)) return kBadInput;
  if (!request.quiet) {
    out << fmt::format("{}: a starter CV ({}); edit it, then: hanji build {}\n", file, language, file);
    for (const std::string& flag : request.template_flags)
      out << fmt::format("{}: hanji has no Typst or Markdown templates to copy: a look is a layout file "
                         "(hanji create-theme NAME writes one)\n", flag);
  }
  return kOk;
}

int create_theme(const std::string& name, std::ostream& out, std::ostream& err, TempFiles* temp_files) {
  const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
  if (!plain) {
    err << fmt::format("hanji: error: '{}' is no theme name\n  hint: a name of letters, digits, - and _: "
                       "hanji create-theme mytheme\n", name);
    return kBadUsage;
  }
  const std::string file = name + ".yaml";
  std::error_code ec;
  if (fs::exists(file, ec)) {
    err << fmt::format("hanji: error: '{}' already exists; create-theme never replaces a file\n"
                       "  hint: give another name, or edit {} as it is\n", file, file);
    return kBadInput;
  }
  const std::string text = fmt::format(
      "# {0}: a layout of your own. It starts as classic (extends: classic) and changes what you\n"
      "# write here; `hanji layouts --parameters` lists every value with its meaning.\n"
      "# A CV beside this file uses it with `layout: {0}` (or hanji build CV.yaml --layout {0});\n"
      "# in ~/.config/hanji/layouts/ every CV finds it.\n"
      "description: My own look, from classic.\n"
      "extends: classic\n"
      "\n"
      "page: {{paper: a4, margin_left: 18mm, margin_right: 18mm}}\n"
      "colors: {{link: \"#1f3a5f\"}}\n"
      "styles:\n"
      "  name: {{size: 24, bold: true, color: \"#1f3a5f\"}}\n"
      "  section_title: {{size: 12, bold: true, color: \"#1f3a5f\"}}\n"
      "header: {{align: center}}\n"
      "section: {{rule: true}}\n",
      name);
  if (!write_starter(file, text, "hanji create-theme my-theme", temp_files, err)) return kBadInput;
  out << fmt::format("{}: a layout extending classic; edit it, then: hanji build CV.yaml --layout {}\n", file, name);
  return kOk;
}

}  // namespace hanji::cli
