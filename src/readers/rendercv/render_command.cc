// RenderCV's `settings.render_command` (RenderCV 1: `rendercv_settings.render_command`): where
// `rendercv render` writes its files and which it makes. hanji makes three of them, the PDF,
// the Markdown and the PNG pages; it keeps their paths as RenderCV resolves them (relative to the CV file's
// folder, OUTPUT_FOLDER and the name and date placeholders expanded, a leading ~ or ~/ the
// home folder); a key that asks for what it cannot make (HTML, Typst) changes nothing hanji
// writes, and is said only with --verbose. The paths are data here; the command decides what
// it writes, by its own rules for output files.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>

#include "core/files.h"
#include "readers/reader.h"

namespace hanji::readers {

namespace {

namespace fs = std::filesystem;

// The longest path and file name hanji asks the system for (Linux's PATH_MAX and NAME_MAX).
constexpr std::size_t kMaxPathBytes = 4095;
constexpr std::size_t kMaxNameBytes = 255;

const std::vector<std::string>& command_keys() {
  static const std::vector<std::string> kKeys = {
      "output_folder", "pdf_path",          "markdown_path",      "html_path",         "png_path",
      "typst_path",    "dont_generate_pdf", "dont_generate_markdown", "dont_generate_html", "dont_generate_png",
      "dont_generate_typst", "design", "locale",
      // RenderCV 1 (and 2 before 2.4)
      "output_folder_name", "latex_path", "locale_catalog", "rendercv_settings", "use_local_latex_command", "watch"};
  return kKeys;
}

// A path as the file writes it. RenderCV 1 expanded placeholders anywhere in a path; RenderCV
// 2 only in the file's name.
struct Written {
  Text text;
  bool anywhere = false;
  std::string name;  // the key as written, for messages: settings.render_command.pdf_path
};

struct Asked {
  std::optional<Written> folder, pdf, markdown, png;
  bool no_pdf = false, no_typst = false, no_markdown = false;
  std::optional<bool> no_png;  // as the file says; RenderCV's default is false
  Span no_png_at;              // where it says so
};

// ---------------------------------------------------------------- placeholders

// ASCII and Latin-1 letters change case as Python's str.upper/lower change them; other
// letters (Hangul has no case) stay as they are.
std::string change_case(std::string_view text, bool upper) {
  std::string out;
  for (char32_t c : utf8_decode(text)) {
    if (upper && c == 0xDF) {
      out += "SS";
      continue;
    }
    if (upper && c == 0xFF) c = 0x178;
    else if (upper && ((c >= 'a' && c <= 'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7))) c -= 0x20;
    else if (!upper && ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7))) c += 0x20;
    utf8_append(out, c);
  }
  return out;
}

// The name as it may stand in a file name: a slash would make it a folder, a control
// character a name no one can type.
std::string file_name_safe(std::string_view name) {
  std::string out(name);
  for (char& c : out)
    if (c == '/' || static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '_';
  return out;
}

std::string replaced(std::string text, char from, char to) {
  std::replace(text.begin(), text.end(), from, to);
  return text;
}

using Placeholders = std::vector<std::pair<std::string, std::string>>;

// RenderCV's placeholders for output paths. Without a name the NAME ones stay as written, as
// in RenderCV; without a date (none given, and no today from the command) so do the dates.
Placeholders placeholders(const CvFile& file, const std::optional<Date>& date) {
  Placeholders out;
  if (const std::string name = file_name_safe(file.cv.name.value); !name.empty()) {
    const std::string snake = replaced(name, ' ', '_'), kebab = replaced(name, ' ', '-');
    out.insert(out.end(), {{"NAME", name},
                           {"NAME_IN_SNAKE_CASE", snake},
                           {"NAME_IN_LOWER_SNAKE_CASE", change_case(snake, false)},
                           {"NAME_IN_UPPER_SNAKE_CASE", change_case(snake, true)},
                           {"NAME_IN_KEBAB_CASE", kebab},
                           {"NAME_IN_LOWER_KEBAB_CASE", change_case(kebab, false)},
                           {"NAME_IN_UPPER_KEBAB_CASE", change_case(kebab, true)}});
  }
  if (date && date->kind != Date::Kind::Present && date->kind != Date::Kind::Free) {
    // A year alone, or a month, stands for its first day (as RenderCV reads such a date).
    const int month = std::clamp(date->month, 1, 12), day = std::max(date->day, 1);
    const auto& names = file.locale.month_names;
    const auto& abbreviations = file.locale.month_abbreviations;
    out.insert(out.end(), {{"MONTH_NAME", file_name_safe(names[static_cast<size_t>(month - 1)])},
                           {"FULL_MONTH_NAME", file_name_safe(names[static_cast<size_t>(month - 1)])},  // RenderCV 1
                           {"MONTH_ABBREVIATION", file_name_safe(abbreviations[static_cast<size_t>(month - 1)])},
                           {"MONTH", std::to_string(month)},
                           {"MONTH_IN_TWO_DIGITS", fmt::format("{:02}", month)},
                           {"DAY", std::to_string(day)},
                           {"DAY_IN_TWO_DIGITS", fmt::format("{:02}", day)},
                           {"YEAR", std::to_string(date->year)},
                           {"YEAR_IN_TWO_DIGITS", fmt::format("{:02}", date->year % 100)}});
  }
  return out;
}

// One pass, the longest placeholder first at each place (YEAR_IN_TWO_DIGITS is not YEAR
// followed by _IN_TWO_DIGITS), and what a value brings in is not looked at again.
std::string expand(std::string_view text, const Placeholders& table) {
  std::string out;
  for (size_t at = 0; at < text.size();) {
    const std::pair<std::string, std::string>* best = nullptr;
    for (const auto& entry : table)
      if (text.substr(at).starts_with(entry.first) && (!best || entry.first.size() > best->first.size())) best = &entry;
    if (best) {
      out += best->second;
      at += best->first.size();
    } else {
      out += text[at++];
    }
  }
  return out;
}

std::string trimmed(std::string text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// ---------------------------------------------------------------- paths

struct Resolver {
  const std::string& base_dir;   // the CV file's folder ("" = the working folder)
  const Placeholders& table;
  const std::string& home;       // $HOME, what a leading ~ stands for ("" = unset)

  std::string against_base(const std::string& path) const {
    // ~ and ~/... are the home folder, as a shell reads them (the command then decides whether
    // a CV file may write there); ~NAME is not expanded, and check_path refuses it.
    if (!home.empty() && (path == "~" || path.starts_with("~/"))) return home + path.substr(1);
    if (path.empty() || fs::path(path).is_absolute() || base_dir.empty()) return path;
    return (fs::path(base_dir) / path).string();
  }
  // output_folder: relative to the CV's folder; RenderCV 1 expanded placeholders in it.
  std::string folder(const Written& written) const {
    return against_base(written.anywhere ? expand(written.text.value, table) : written.text.value);
  }
  // A file path: an OUTPUT_FOLDER part stands for the output folder (what comes before it
  // does not count, as in RenderCV); otherwise the path is relative to the CV's folder.
  std::string file(const Written& written, const std::string& output_folder) const {
    std::string text = written.anywhere ? expand(written.text.value, table) : written.text.value;
    fs::path path(text);
    if (!written.anywhere) path.replace_filename(trimmed(expand(path.filename().string(), table)));
    std::vector<fs::path> parts(path.begin(), path.end());
    const auto marker = std::find(parts.begin(), parts.end(), fs::path("OUTPUT_FOLDER"));
    if (marker == parts.end()) return against_base(path.string());
    fs::path out(output_folder);
    for (auto part = marker + 1; part != parts.end(); ++part) out /= *part;
    return out.string();
  }
};

// RenderCV 2 expands placeholders in a file's name only: `NAME/cv.pdf` makes a folder called
// NAME there, and here too; said, since it is rarely what was meant.
void warn_placeholder_in_folder(const Written& written, const Placeholders& table, Reader& reader) {
  if (written.anywhere) return;
  const fs::path folder = fs::path(written.text.value).parent_path();
  for (const fs::path& part : folder) {
    std::string_view found;
    for (const auto& entry : table)
      if (part.string().find(entry.first) != std::string::npos && entry.first.size() > found.size()) found = entry.first;
    if (found.empty()) continue;
    reader.diags.ignored_setting(written.text.span,
                         fmt::format("{}: {} in the folder '{}' stays as written: RenderCV expands placeholders "
                                     "in the file's name only",
                                     written.name, found, excerpt(part.string())),
                         {"put the placeholder in the file's name, or name the folder itself"});
    return;
  }
}

// What a path must be before the command may write there: a name the system takes, and for a
// file the extension of what is written (a CV file from someone else must not turn the
// Markdown export into ~/.bash_aliases).
bool check_path(const std::string& path, const std::string& name, bool by_default,
                const std::vector<std::string_view>& extensions, const Span& at, Reader& reader) {
  const std::string where = name + (by_default ? " (as RenderCV names it by default)" : "");
  if (path.empty()) {
    reader.diags.error(at, where + " is empty", {"name a file, or remove the key for RenderCV's default"});
    return false;
  }
  if (std::any_of(path.begin(), path.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; })) {
    reader.diags.error(at, fmt::format("{} holds a control character (a line break, a tab or NUL)", where),
                       {"write the path on one line, without escapes such as \\n or \\0"});
    return false;
  }
  std::size_t longest = 0;
  for (const fs::path& part : fs::path(path)) longest = std::max(longest, part.native().size());
  if (path.size() > kMaxPathBytes || longest > kMaxNameBytes) {
    reader.diags.error(at,
                       fmt::format("{} makes a path of {} bytes (a name of {}); the system takes at most {} (a name "
                                   "at most {})",
                                   where, path.size(), longest, kMaxPathBytes, kMaxNameBytes),
                       {"shorten it (a long cv.name makes long NAME placeholders)"});
    return false;
  }
  if (!extensions.empty() && !has_extension(path, extensions)) {
    std::string names;
    for (std::string_view e : extensions) names += (names.empty() ? "" : " or ") + std::string(e);
    reader.diags.error(at, fmt::format("{} '{}' does not end in {}", where, excerpt(path), names),
                       {fmt::format("end the file's name in {}: hanji writes that kind of file there and, from a path "
                                    "a CV file gives, no other",
                                    extensions.front())});
    return false;
  }
  return true;
}

// A folder named ~ (or ~NAME) in a path as the file writes it: nearly always a home folder a
// shell was meant to expand. Made beside the CV, it is a trap for `rm -rf ~`; so only a leading
// ~ or ~/ is taken, as the home folder, and only when $HOME is set.
bool check_home(const Written& written, bool is_folder, bool home_set, Reader& reader) {
  const fs::path path(written.text.value);
  const fs::path folders = is_folder ? path : path.parent_path();
  bool first = true;
  for (const fs::path& part : folders) {
    const bool leading_home = first && part == "~" && home_set;
    first = false;
    if (!part.native().starts_with("~") || leading_home) continue;
    reader.diags.error(written.text.span,
                       fmt::format("{} '{}' names a folder '{}': hanji expands only a leading ~ or ~/, to the home "
                                   "folder{}",
                                   written.name, excerpt(written.text.value), excerpt(part.string()),
                                   part == "~" && !home_set ? ", and $HOME is not set" : ""),
                       {"write the folder's whole path, or a path relative to the CV file"});
    return false;
  }
  return true;
}

// ---------------------------------------------------------------- the keys

std::optional<bool> flag(const YamlNode& node, const std::string& name, Reader& reader) {
  // RenderCV reads these as pydantic does: true/false, yes/no, on/off, 1/0.
  if (node.is_scalar()) {
    const std::string word = lowercase(node.scalar);
    for (std::string_view yes : {"true", "yes", "on", "1", "y", "t"})
      if (word == yes) return true;
    for (std::string_view no : {"false", "no", "off", "0", "n", "f"})
      if (word == no) return false;
  }
  if (node.is_null()) return std::nullopt;
  reader.diags.error(node.span,
                     fmt::format("expected true or false for '{}', found {}", name,
                                 node.is_scalar() ? "'" + excerpt(node.scalar) + "'" : std::string(describe_kind(node))),
                     {"write true or false"});
  return std::nullopt;
}

// An output hanji does not write (HTML, Typst, LaTeX), or turning one off: nothing the user
// would see changes, since RenderCV's own files are beside the point for hanji's. Accepted in
// silence (every stock RenderCV file names them), and said with --verbose.
void not_written(const Span& at, const std::string& name, std::string_view format, Reader& reader) {
  reader.diags.detail(at, fmt::format("{} is accepted and has nothing to do: hanji does not write {}", name, format),
                    {"hanji writes the PDF, the Markdown and the PNG pages (and, with --format, plain text, "
                     "a JSON Resume or SVG pages)"});
}

std::string_view format_of(std::string_view key) {
  if (key.starts_with("html") || key.ends_with("html")) return "HTML";
  if (key.starts_with("latex")) return "LaTeX";
  return "Typst";
}

void read_key(const YamlNode& map, size_t i, bool rendercv1, Reader& reader, Asked& asked) {
  const std::string& key = map.keys[i];
  const YamlNode& value = map.items[i];
  const Span& key_span = map.key_spans[i];
  const std::string name = fmt::format("{}.render_command.{}", rendercv1 ? "rendercv_settings" : "settings", key);
  auto path = [&](std::optional<Written>& slot) {
    if (value.is_null()) return;  // RenderCV's default
    if (auto text = reader.text(value, name)) slot = Written{*text, rendercv1, name};
  };
  if (key == "output_folder" || key == "output_folder_name") path(asked.folder);
  else if (key == "pdf_path") path(asked.pdf);
  else if (key == "markdown_path") path(asked.markdown);
  else if (key == "dont_generate_pdf") asked.no_pdf = flag(value, name, reader).value_or(asked.no_pdf);
  else if (key == "dont_generate_typst") asked.no_typst = flag(value, name, reader).value_or(asked.no_typst);
  else if (key == "dont_generate_markdown") asked.no_markdown = flag(value, name, reader).value_or(asked.no_markdown);
  else if (key == "png_path") path(asked.png);
  else if (key == "dont_generate_png") {
    if (std::optional<bool> no = flag(value, name, reader)) {
      asked.no_png = no;
      asked.no_png_at = key_span;
    }
  } else if (key == "dont_generate_html") {
    if (flag(value, name, reader).has_value()) not_written(key_span, name, format_of(key), reader);
  } else if (key == "html_path" || key == "typst_path" || key == "latex_path") {
    if (value.is_null() || reader.text(value, name)) not_written(key_span, name, format_of(key), reader);
  } else if (key == "design" || key == "locale" || key == "locale_catalog") {
    // Read before the file is (apply_command_line): nothing more to do here.
  } else if (key == "use_local_latex_command") {
    reader.diags.detail(key_span, name + " has nothing to do: hanji sets the PDF itself, without LaTeX");
  } else if (key == "watch") {
    reader.diags.ignored_setting(key_span, name + " is ignored: a file does not start hanji watching",
                         {"ask for it on the command line"});
  } else if (key == "rendercv_settings") {
    reader.diags.ignored_setting(key_span, name + " is ignored: hanji reads the settings from the CV file itself",
                         {"move the settings into the CV file"});
  } else {
    std::string guess = closest_match(key, command_keys());
    reader.diags.ignored_setting(key_span, fmt::format("{}.render_command.{} is not a known setting and is ignored",
                                               rendercv1 ? "rendercv_settings" : "settings", excerpt(key)),
                         {guess.empty() ? fmt::format("the keys are {}", quoted_list(command_keys()))
                                        : fmt::format("did you mean '{}'?", guess)});
  }
}

}  // namespace

void read_render_command(const YamlNode& root, const CvFile& file, Reader& reader, RenderSettings& render) {
  Asked asked;
  // RenderCV 1's settings first: a file with both is read as RenderCV 2 would read its own.
  for (const auto& [section, rendercv1] : {std::pair{"rendercv_settings", true}, std::pair{"settings", false}}) {
    const YamlNode* settings = value_of(root, section);
    if (!settings || !settings->is_map()) continue;
    for (size_t i = 0; i < settings->keys.size(); ++i) {
      if (settings->keys[i] != "render_command") continue;
      const YamlNode& command = settings->items[i];
      render.given = true;
      render.span = settings->key_spans[i];
      if (command.is_null()) continue;
      if (!reader.expect_map(command, fmt::format("{}.render_command", section),
                             "write 'render_command:' followed by indented keys such as 'pdf_path:'"))
        continue;
      for (size_t k = 0; k < command.keys.size(); ++k) read_key(command, k, rendercv1, reader, asked);
    }
  }
  // `hanji render` makes what `rendercv render` makes, whether or not the file says anything.
  if (!render.given && !reader.rendercv_render) return;
  render.given = true;
  render.pdf_wanted = !asked.no_pdf && !asked.no_typst;  // RenderCV makes its PDF from the Typst file
  render.markdown_wanted = !asked.no_markdown;
  // RenderCV draws its PNG pages from the Typst file too.
  // hanji build draws them only when the file asks; hanji render, as RenderCV does, unless told not to.
  render.png_wanted =
      (asked.png || asked.no_png == false || reader.rendercv_render) && asked.no_png != true && !asked.no_typst;
  render.png_asked_at = asked.png ? asked.png->text.span : asked.no_png_at;

  const Placeholders table = placeholders(file, file.settings.current_date ? file.settings.current_date : reader.today);
  const std::string base_dir = directory_of(file.path);
  const char* home_variable = std::getenv("HOME");
  const std::string home = home_variable && fs::path(home_variable).is_absolute() ? home_variable : "";
  const Resolver resolve{base_dir, table, home};
  auto written_or = [&](const std::optional<Written>& written, std::string text, std::string_view key) {
    return written ? *written : Written{Text{std::move(text), render.span}, false, fmt::format("settings.render_command.{}", key)};
  };
  const Written folder = written_or(asked.folder, "rendercv_output", "output_folder");
  // A file RenderCV names by default in an output folder the command line gives is the command
  // line's choice too (outputs_plan.h holds such files to fewer rules than the CV file's own).
  if (asked.folder && !asked.folder->text.span.known() && !asked.folder->text.span.file.empty())
    render.span = asked.folder->text.span;
  if (!check_home(folder, true, !home.empty(), reader)) return;
  render.output_folder = {resolve.folder(folder), folder.text.span};
  if (!check_path(render.output_folder.path, folder.name, !asked.folder, {}, folder.text.span, reader)) return;
  struct Target {
    const std::optional<Written>* written;
    std::string_view key, fallback;
    std::vector<std::string_view> extensions;
    OutputPath* out;
  };
  const std::optional<Written> none;  // the name of the formats RenderCV has no key for
  for (const Target& target :
       {Target{&asked.pdf, "pdf_path", "OUTPUT_FOLDER/NAME_IN_SNAKE_CASE_CV.pdf", {".pdf"}, &render.pdf},
        Target{&asked.markdown, "markdown_path", "OUTPUT_FOLDER/NAME_IN_SNAKE_CASE_CV.md", {".md", ".markdown"},
               &render.markdown},
        Target{&asked.png, "png_path", "OUTPUT_FOLDER/NAME_IN_SNAKE_CASE_CV.png", {".png"}, &render.png},
        Target{&none, "output_folder", "OUTPUT_FOLDER/NAME_IN_SNAKE_CASE_CV", {}, &render.stem}}) {
    const Written written = written_or(*target.written, std::string(target.fallback), target.key);
    if (*target.written) warn_placeholder_in_folder(written, table, reader);
    if (!check_home(written, false, !home.empty(), reader)) continue;
    const std::string path = resolve.file(written, render.output_folder.path);
    if (check_path(path, written.name, !*target.written, target.extensions, written.text.span, reader))
      *target.out = OutputPath{path, written.text.span};
  }
}

}  // namespace hanji::readers
