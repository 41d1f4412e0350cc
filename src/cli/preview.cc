#include "cli/preview.h"

#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>
#include <unordered_map>

#include "core/files.h"
#include "count/count.h"
#include "image/image.h"
#include "export/svg/svg.h"

extern char** environ;

namespace hanji::cli {
namespace {

namespace fs = std::filesystem;

std::string absolute_real(const std::string& path) {
  std::error_code ec;
  fs::path real = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? fs::absolute(path).lexically_normal().string() : real.string();
}

/// True when `path` (absolute, links resolved) lies inside `folder`.
bool inside(const std::string& path, const std::string& folder) {
  const fs::path relative = fs::path(path).lexically_relative(folder);
  return !relative.empty() && *relative.begin() != "..";
}

const char* severity_name(Severity s) {
  return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note";
}

std::string media_type(const std::string& bytes) {
  switch (image::format_of(bytes)) {
    case image::Format::Png: return "image/png";
    case image::Format::Jpeg: return "image/jpeg";
    case image::Format::Unknown: break;
  }
  return "application/octet-stream";
}

/// Splits "A 'B C' {file}:{line}" into A, B C, {file}:{line} (quotes as a shell reads them,
/// without a shell: nothing in a place can become a command).
std::optional<std::vector<std::string>> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (char c : command) {
    if (quote) {
      if (c == quote) quote = 0; else word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote) return std::nullopt;
  if (in_word) words.push_back(std::move(word));
  return words;
}

/// `word` of the editor template with its placeholders replaced, read from the template alone:
/// a file named `a{line}.yaml` goes in as it is named, never read for placeholders itself.
std::string fill_placeholders(const std::string& word, const std::string& file, int line, int col) {
  const std::pair<std::string_view, std::string> values[] = {
      {"{file}", file}, {"{line}", std::to_string(line)}, {"{col}", std::to_string(col)}};
  std::string out;
  for (std::size_t at = 0; at < word.size();) {
    const auto placeholder = std::find_if(std::begin(values), std::end(values), [&](const auto& v) {
      return std::string_view(word).substr(at).starts_with(v.first);
    });
    if (placeholder == std::end(values)) {
      out += word[at++];
      continue;
    }
    out += placeholder->second;
    at += placeholder->first.size();
  }
  return out;
}

/// How the preview names a file: by its path from the CV's folder when it lies inside it,
/// else by its full path.
std::string place_name(const std::string& real, const std::string& folder) {
  return inside(real, folder) ? fs::path(real).lexically_relative(folder).string() : real;
}

Json message_json(const Diagnostic& d, const std::string& folder) {
  Json m = Json::object();
  m.set("severity", severity_name(d.severity));
  const std::string file = d.span.file.empty() ? std::string() : place_name(absolute_real(d.span.file), folder);
  m.set("where", d.span.known() ? fmt::format("{}:{}:{}", file, d.span.line, d.span.col) : file);
  m.set("text", d.message);
  m.set("hints", Json::strings(d.hints));
  return m;
}

/// `n` with a comma between thousands: 1,234 (as the panel shows counts).
std::string with_commas(std::size_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// Each 자기소개서 answer's count against its limit, for the preview's panel: what `hanji count`
// prints, counted from the pasteable text of the build shown (an answer over its limit still
// renders in the preview, and shows red there). With the numbers, the panel's three lines as
// it shows them: the font sent with them is cut down to their characters.
Json answers_json(const model::CvFile& file) {
  Json answers = Json::array();
  for (const PanelAnswer& shown : panel_answers(file)) {
    Json answer = Json::object();
    answer.set("number", Json::number(static_cast<double>(shown.number)));
    answer.set("title", shown.title);
    answer.set("count", Json::number(static_cast<double>(shown.check.count)));
    answer.set("unit", shown.unit);
    if (shown.limit.max) answer.set("max", Json::number(static_cast<double>(*shown.limit.max)));
    if (shown.limit.min) answer.set("min", Json::number(static_cast<double>(*shown.limit.min)));
    answer.set("over", Json::number(static_cast<double>(shown.check.over)));
    answer.set("under", Json::number(static_cast<double>(shown.check.under)));
    answer.set("heading", shown.heading);
    answer.set("tally", shown.tally);
    answer.set("note", shown.note);
    answers.push(std::move(answer));
  }
  return answers;
}

// The panel's faces, in the order the page lists their families: the body's Latin face, its
// Hangul face, the layout's fallbacks, hanji's faces for other scripts (Hebrew, Arabic); each
// in the weight asked for (a layout without a bold face: its regular one).
std::vector<std::string> panel_face_files(const theme::Fonts& fonts, bool bold) {
  std::vector<std::string> files;
  const auto face = [&](const theme::FontFaces& faces) { return bold && !faces.bold.empty() ? faces.bold : faces.regular; };
  files.push_back(face(fonts.latin));
  files.push_back(face(fonts.hangul));
  for (const std::string& fallback : fonts.fallback) files.push_back(fallback);
  for (const theme::FontFaces& script : fonts.scripts) files.push_back(face(script));
  std::erase_if(files, [](const std::string& f) { return f.empty(); });
  return files;
}

// Each face of `files` cut down to the characters of `text` no face before it has: the panel's
// text drawn with the layout's own fonts, on a machine with no font for its script.
void add_panel_faces(const std::vector<std::string>& files, const std::string& text, int weight,
                     text::FontService& fonts, std::vector<PanelFace>& out, Diagnostics& diags) {
  std::u32string left = utf8_decode(text);
  std::sort(left.begin(), left.end());
  left.erase(std::unique(left.begin(), left.end()), left.end());
  for (std::size_t i = 0; i < files.size() && !left.empty(); ++i) {
    const doc::FontInfo font{files[i], "", 1000, {}};
    std::optional<text::TextWebFont> web =
        fonts.text_web_font(font, std::vector<char32_t>(left.begin(), left.end()), diags);
    if (!web || web->woff.empty()) continue;
    std::erase_if(left, [&](char32_t c) { return std::binary_search(web->characters.begin(), web->characters.end(), c); });
    out.push_back({fmt::format("hanji-panel-{}", i), weight, "data:font/woff;base64," + base64(web->woff), i});
  }
}

/// a, b, ..., z, ba, bb, ...: a short id prefix for page `index`.
std::string page_letters(std::size_t index) {
  std::string letters;
  do {
    letters.insert(letters.begin(), static_cast<char>('a' + index % 26));
    index /= 26;
  } while (index > 0);
  return letters;
}

}  // namespace

std::vector<PanelAnswer> panel_answers(const model::CvFile& file) {
  std::vector<PanelAnswer> out;
  if (!file.self_introduction) return out;
  for (const model::Question& question : file.self_introduction->questions) {
    PanelAnswer shown;
    shown.number = out.size() + 1;
    shown.title = question.title.value;
    shown.limit = question.limit.value_or(model::CountLimit{});
    const count::Counts counted = count::counts(count::paste_text(question), shown.limit.newline);
    shown.check = count::check_limit(counted, shown.limit);
    shown.unit = std::string(count::unit_words(shown.limit.unit));
    shown.heading = fmt::format("{}. {}", shown.number, shown.title);
    shown.tally = with_commas(static_cast<std::size_t>(shown.check.count)) +
                  (shown.limit.max ? " / " + with_commas(static_cast<std::size_t>(*shown.limit.max)) : "") + " " + shown.unit;
    if (shown.check.over > 0) shown.note = fmt::format(" · {} over", with_commas(static_cast<std::size_t>(shown.check.over)));
    else if (shown.check.under > 0) shown.note = fmt::format(" · {} short", with_commas(static_cast<std::size_t>(shown.check.under)));
    out.push_back(std::move(shown));
  }
  return out;
}

std::vector<PanelFace> panel_faces(const std::vector<PanelAnswer>& answers, const theme::Fonts& fonts,
                                   text::FontService& service, Diagnostics& diags) {
  std::vector<PanelFace> faces;
  if (answers.empty()) return faces;
  // The panel's text in each weight (the tally is bold), and the ellipsis that ends a title
  // too long for its line.
  std::string regular = "…", bold;
  for (const PanelAnswer& a : answers) {
    regular += a.heading + a.note;
    bold += a.tally;
  }
  add_panel_faces(panel_face_files(fonts, false), regular, 400, service, faces, diags);
  add_panel_faces(panel_face_files(fonts, true), bold, 700, service, faces, diags);
  // Family by family, as the page lists them: the bold text looks in the Latin family first too.
  std::stable_sort(faces.begin(), faces.end(), [](const PanelFace& a, const PanelFace& b) { return a.slot < b.slot; });
  return faces;
}

std::optional<std::vector<std::string>> parse_editor_command(const std::string& command, std::string& error) {
  std::optional<std::vector<std::string>> words = split_command(command);
  if (!words || words->empty()) {
    error = fmt::format("--editor '{}' cannot be split into a command and its arguments (a quote is not closed?)",
                        command);
    return std::nullopt;
  }
  if (std::none_of(words->begin(), words->end(), [](const std::string& w) { return w.find("{file}") != std::string::npos; })) {
    error = fmt::format("--editor '{}' does not say where the file goes", command);
    return std::nullopt;
  }
  return words;
}

std::vector<std::string> editor_arguments(const std::vector<std::string>& command, const std::string& file, int line,
                                          int col) {
  std::vector<std::string> args;
  for (const std::string& word : command) args.push_back(fill_placeholders(word, file, line, col));
  return args;
}

bool start_program(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (args.empty() || posix_spawnp(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return false;
  std::thread([pid] { waitpid(pid, nullptr, 0); }).detach();  // reaped whenever it ends
  return true;
}

Preview::Preview(const Run& run, engine::Engine& engine, std::string cv, std::vector<std::string> editor)
    : run_(run), engine_(engine), cv_(std::move(cv)), folder_(fs::path(absolute_real(cv_)).parent_path().string()),
      editor_(std::move(editor)), watched_(what_to_watch(cv_, {}, engine)), outlines_(&engine.fonts()) {
  if (!run_.said) run_.said = &said_;
  Diagnostics ignored;
  theme::DataDirs dirs = engine.dirs();
  dirs.user_layouts = {folder_};
  if (std::string user = theme::user_layouts_dir(); !user.empty()) dirs.user_layouts.push_back(user);
  dirs.cv_file = cv_;
  for (const theme::LayoutInfo& info : theme::list_layouts(dirs, ignored)) layouts_.push_back(info.name);
}

std::uint64_t Preview::rebuild() {
  PreviewChoice choice;
  {
    std::lock_guard lock(mutex_);
    choice = choice_;
  }
  engine::Request request = run_.request();
  if (!choice.layout.empty()) request.layout = choice.layout;
  if (!choice.paper.empty()) request.paper = choice.paper;
  if (!choice.language.empty()) request.read.language = choice.language;

  watched_.stamp_now();
  const auto started = std::chrono::steady_clock::now();
  Diagnostics diags;
  std::optional<model::CvFile> file = engine_.load(cv_, request, diags);
  std::vector<std::string> languages;
  if (file) languages = file->languages;
  std::optional<engine::Rendered> rendered;
  if (file) rendered = engine_.render(std::move(*file), request, diags);

  // The pages name their sources and pictures through these, kept with them. Every run names
  // its file: each file is resolved (links followed, on disk) once per build, not per run.
  std::vector<std::pair<std::string, std::string>> sources;
  std::unordered_map<std::string, std::string> names;  // path as the spans give it -> its name
  std::vector<std::string> pictures;
  svg::Options options;
  // Fonts embedded per page, not outlines: half the bytes, so a Korean page in a serif layout
  // reaches the browser in under 100 KB; each font subset is kept between builds.
  options.glyphs = svg::Glyphs::Fonts;
  options.source_name = [&](const std::string& path) {
    if (auto known = names.find(path); known != names.end()) return known->second;
    const std::string real = absolute_real(path);
    const std::string name = place_name(real, folder_);
    if (std::none_of(sources.begin(), sources.end(), [&](const auto& s) { return s.first == name; }))
      sources.emplace_back(name, real);
    return names.emplace(path, name).first->second;
  };
  options.image_href = [&](const doc::PlacedImage& image) -> std::string {
    const std::string real = absolute_real(image.path);
    if (!inside(real, folder_)) return std::string();  // inline: nothing outside the CV's folder is served
    auto known = std::find(pictures.begin(), pictures.end(), real);
    const std::size_t index = static_cast<std::size_t>(known - pictures.begin());
    if (known == pictures.end()) pictures.push_back(real);
    const std::optional<FileStamp> stamp = file_stamp(real);
    return fmt::format("/picture/{}?v={}", index, stamp ? stamp->modified_ns : 0);
  };
  std::vector<std::string> pages;
  std::uint64_t next;
  {
    std::lock_guard lock(mutex_);
    next = version_ + 1;
  }
  if (rendered) {
    // Ids unique per page (a photo's clip path differs from page to page), and short: every
    // glyph drawn repeats its id. The page swaps all pages of a build in at once, so two
    // builds never meet in it.
    std::vector<std::string> drawn;
    for (std::size_t i = 0; i < rendered->doc.pages.size(); ++i) {
      options.id_prefix = page_letters(i);
      drawn.push_back(svg::write_page(rendered->doc, i, options, outlines_, diags));
    }
    if (!diags.has_errors()) pages = std::move(drawn);
  }
  std::vector<PanelFace> faces;
  if (rendered && !diags.has_errors())
    faces = panel_faces(panel_answers(rendered->file), rendered->theme.fonts, engine_.fonts(), diags);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  const bool ok = rendered && !diags.has_errors();
  print_diagnostics(diags, run_.opt.quiet, run_.err, run_.opt.verbose, run_.said);
  std::string layout_name;
  std::vector<std::string> inputs;
  if (ok) {
    inputs = engine::Engine::inputs_of(*rendered);
    layout_name = engine::choose_layout(rendered->file, request).name;
  } else {
    std::lock_guard lock(mutex_);
    inputs = inputs_;  // a build that failed watches what the last good one read
  }
  watched_ = what_to_watch(cv_, inputs, engine_, &watched_);

  std::lock_guard lock(mutex_);
  version_ = next;
  ok_ = ok;
  ms_ = ms;
  // Details (what --verbose prints) change nothing on the page: the panel shows what does.
  messages_.clear();
  for (const Diagnostic& d : diags.all())
    if (d.severity != Severity::Detail) messages_.push_back(d);
  if (!languages.empty() || ok) languages_ = languages;
  inputs_ = std::move(inputs);
  if (ok) {
    shown_ = std::move(rendered);
    shown_version_ = version_;
    shown_layout_ = std::move(layout_name);
    pages_ = std::move(pages);
    panel_faces_ = std::move(faces);
    pictures_ = std::move(pictures);
    sources_ = std::move(sources);
  }
  changed_.notify_all();
  return version_;
}

bool Preview::choose(const PreviewChoice& choice) {
  std::lock_guard lock(mutex_);
  if (choice.layout == choice_.layout && choice.paper == choice_.paper && choice.language == choice_.language)
    return false;
  choice_ = choice;
  return true;
}

std::uint64_t Preview::version() const {
  std::lock_guard lock(mutex_);
  return version_;
}

std::string Preview::summary() const {
  std::lock_guard lock(mutex_);
  const auto count = [](std::size_t n, const char* what) { return fmt::format("{} {}{}", n, what, n == 1 ? "" : "s"); };
  const std::size_t errors = static_cast<std::size_t>(
      std::count_if(messages_.begin(), messages_.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; }));
  if (!ok_)
    return fmt::format("hanji: build {}: {}; the preview keeps the last good pages", version_, count(errors, "error"));
  return fmt::format("hanji: build {}: {} in {:.0f} ms", version_, count(pages_.size(), "page"), ms_);
}

std::string Preview::state_json() const {
  std::lock_guard lock(mutex_);
  return state_json_locked();
}

std::string Preview::state_json_locked() const {
  Json state = Json::object();
  state.set("version", Json::number(static_cast<double>(version_)));
  state.set("ok", Json::boolean(ok_));
  state.set("pages_version", Json::number(static_cast<double>(shown_version_)));
  state.set("ms", Json::number(std::round(ms_ * 10) / 10));
  state.set("cv", fs::path(cv_).filename().string());
  Json pages = Json::array();
  for (std::size_t i = 0; i < pages_.size(); ++i) {
    Json page = Json::object();
    page.set("width", Json::number(shown_->doc.page_width));
    page.set("height", Json::number(shown_->doc.page_height));
    page.set("svg", pages_[i]);
    pages.push(std::move(page));
  }
  state.set("pages", std::move(pages));
  Json messages = Json::array();
  for (const Diagnostic& d : messages_) messages.push(message_json(d, folder_));
  state.set("messages", std::move(messages));
  state.set("answers", shown_ ? answers_json(shown_->file) : Json::array());
  Json faces = Json::array();
  for (const PanelFace& face : panel_faces_) {
    Json f = Json::object();
    f.set("family", face.family);
    f.set("weight", Json::number(face.weight));
    f.set("src", face.src);
    faces.push(std::move(f));
  }
  state.set("panel_fonts", std::move(faces));
  Json chosen = Json::object();
  chosen.set("layout", choice_.layout.empty() ? shown_layout_ : choice_.layout);
  chosen.set("paper", choice_.paper);
  chosen.set("language", choice_.language.empty() && shown_ ? shown_->file.locale.language : choice_.language);
  state.set("choice", std::move(chosen));
  state.set("layouts", Json::strings(layouts_));
  state.set("papers", Json::strings(theme::paper_names()));  // page.paper's choices: the page lists no sizes itself
  state.set("languages", Json::strings(languages_));
  state.set("editor", Json::boolean(!editor_.empty()));
  return state.dump();
}

std::optional<std::pair<std::uint64_t, std::string>> Preview::next_state(std::uint64_t seen, int wait_ms) const {
  std::unique_lock lock(mutex_);
  if (!changed_.wait_for(lock, std::chrono::milliseconds(wait_ms), [&] { return version_ > seen; }))
    return std::nullopt;
  return std::pair{version_, state_json_locked()};  // the version and the state it is, together
}

std::optional<std::pair<std::string, std::string>> Preview::download(const exports::Exporter& format,
                                                                     Diagnostics& diags) const {
  if (format.files == exports::Files::PerPage) return std::nullopt;
  std::lock_guard lock(mutex_);
  if (!shown_) return std::nullopt;
  exports::FormatOptions options;
  options.creation_time = run_.epoch;
  options.pdf = shown_->pdf;
  options.output_dir = fs::path(cv_).parent_path().string();  // a download lands anywhere: the CV's folder
  std::optional<std::vector<std::string>> files = format.write(export_input(*shown_), options, diags);
  if (!files || files->size() != 1) return std::nullopt;
  return std::pair{fs::path(cv_).stem().string() + std::string(format.extension()), std::move(files->front())};
}

std::optional<std::pair<std::string, std::string>> Preview::picture(std::size_t index) const {
  std::string path;
  {
    std::lock_guard lock(mutex_);
    if (index >= pictures_.size()) return std::nullopt;
    path = pictures_[index];
  }
  std::string error;
  std::optional<std::string> bytes = read_data_file(path, photo_file_kind(), error);
  if (!bytes) return std::nullopt;
  return std::pair{media_type(*bytes), std::move(*bytes)};
}

bool Preview::open_in_editor(const std::string& place, std::string& said) {
  // FILE:LINE:COL, the file name itself possibly holding colons.
  const std::size_t col_at = place.rfind(':');
  const std::size_t line_at = col_at == std::string::npos || col_at == 0 ? std::string::npos : place.rfind(':', col_at - 1);
  if (line_at == std::string::npos) return false;
  const std::string name = place.substr(0, line_at);
  int line = 0, col = 0;
  try {
    line = std::stoi(place.substr(line_at + 1, col_at - line_at - 1));
    col = std::stoi(place.substr(col_at + 1));
  } catch (const std::exception&) {
    return false;
  }
  // Only a file the build read: one the pages name, or the CV, its layouts, locale, photo.
  std::string path;
  std::vector<std::string> read;
  {
    std::lock_guard lock(mutex_);
    auto source = std::find_if(sources_.begin(), sources_.end(), [&](const auto& s) { return s.first == name; });
    if (source != sources_.end()) path = source->second;
    read = inputs_;
  }
  read.push_back(cv_);
  for (const std::string& file : read) {
    if (!path.empty()) break;
    const std::string real = absolute_real(file);
    if (place_name(real, folder_) == name) path = real;
  }
  if (path.empty()) return false;
  if (editor_.empty()) {
    said = place;
    return true;
  }
  const std::vector<std::string> args = editor_arguments(editor_, path, line, col);
  said = start_program(args) ? fmt::format("{} (opened in {})", place, args.front())
                             : fmt::format("{} (the editor '{}' could not be started)", place, args.front());
  return true;
}

}  // namespace hanji::cli
