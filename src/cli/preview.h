// The state of a live preview (`hanji serve`), apart from HTTP: a warm engine building the CV
// as the viewer chose (layout, paper, language: the preview's own choices, never written to
// the file), the pages of the last good build as SVG, the messages of the last build, and the
// answers to what the page may ask (the PDF of those pages, a picture, opening a place of the
// CV in the user's editor). Every file it hands out is one the build used and that lies in
// the CV's own folder; what a request names is looked up among those, never opened as a path.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/file_watch.h"
#include "core/json.h"
#include "count/count.h"
#include "export/exporter.h"
#include "text/font_service.h"
#include "theme/theme.h"

namespace hanji::cli {

/// What the viewer picked in the page; empty = as the CV file and the command line say.
struct PreviewChoice {
  std::string layout, paper, language;
};

/// One 자기소개서 answer in the preview's count panel: its count against its limit, and the
/// panel's three lines as the page shows them ("1. 성장과정"; "507 / 700 characters (with
/// spaces)", in bold; " · 7 over" or " · 12 short" or nothing).
struct PanelAnswer {
  std::size_t number = 0;
  std::string title;
  model::CountLimit limit;
  count::LimitCheck check;
  std::string unit;
  std::string heading, tally, note;
};

/// Each answer of `file`'s 자기소개서 (none without one), counted as `hanji count` counts it.
std::vector<PanelAnswer> panel_answers(const model::CvFile& file);

/// A face the panel's text is drawn with: a web font (a data: URL, as the page's policy lets
/// fonts in) of family `family` at `weight`.
struct PanelFace {
  std::string family;
  int weight = 400;
  std::string src;  // data:font/woff;base64,...
  std::size_t slot = 0;  // its family's place in the panel's font-family list
};

/// The faces that draw `answers` as the panel shows them, from the layout's own fonts (its
/// body's Latin and Hangul faces first, regular and bold), each cut down to the characters it
/// draws: the panel needs no font of the viewer's system. Listed family by family in the
/// order the page names them; none for no answers.
std::vector<PanelFace> panel_faces(const std::vector<PanelAnswer>& answers, const theme::Fonts& fonts,
                                   text::FontService& service, Diagnostics& diags);

/// An editor command template split into its arguments, `{file}`, `{line}` and `{col}` kept
/// for replacing: "code -g {file}:{line}:{col}". nullopt (with `error`) when it cannot be
/// split (an unclosed quote) or names no {file}.
std::optional<std::vector<std::string>> parse_editor_command(const std::string& command, std::string& error);

/// The arguments to run for a place: each {file}, {line} and {col} of the template replaced,
/// once; the file's name is put in as it is (its own `{line}` stays `{line}`).
std::vector<std::string> editor_arguments(const std::vector<std::string>& command, const std::string& file, int line,
                                          int col);

/// Starts the program args[0] (looked up in PATH) with `args`, without a shell and without
/// waiting for it; false when it could not be started.
bool start_program(const std::vector<std::string>& args);

class Preview {
 public:
  /// `run` gives the build options (layout, paper, language, overrides) and where messages go.
  Preview(const Run& run, engine::Engine& engine, std::string cv, std::vector<std::string> editor);

  /// Builds the CV as chosen now. On success the pages are replaced; on failure they stay as
  /// the last good build left them and the messages say why. Returns the new version.
  std::uint64_t rebuild();

  /// What the build read (for watching), stamped as they were before it read them.
  Watched& watched() { return watched_; }

  /// Changes the viewer's choice; true when it differs from the one in force (rebuild then).
  bool choose(const PreviewChoice& choice);

  std::uint64_t version() const;
  /// One line on the last build: its time, pages and messages, as `hanji watch` prints.
  std::string summary() const;
  /// The state as JSON: version, ok, ms, the pages as SVG with their sizes, messages, the
  /// choices in force and offered, whether an editor is set, a 자기소개서's answers as the
  /// count panel shows them and the faces it draws them with (panel_fonts).
  std::string state_json() const;
  /// The first version after `seen` with its state_json(), waiting up to `wait_ms` for one;
  /// nullopt when none came.
  std::optional<std::pair<std::uint64_t, std::string>> next_state(std::uint64_t seen, int wait_ms) const;

  /// The pages shown (of the last good build) in `format`, a format of one file (the PDF,
  /// Markdown), with its file name; nullopt before a build or for a format of a file per page.
  std::optional<std::pair<std::string, std::string>> download(const exports::Exporter& format,
                                                              Diagnostics& diags) const;
  /// The bytes of picture `index` of the pages shown, with its media type.
  std::optional<std::pair<std::string, std::string>> picture(std::size_t index) const;
  /// Runs the editor at `place` ("FILE:LINE:COL" as the pages name a source). Returns what
  /// to tell the viewer; false when the place names no file the build read.
  bool open_in_editor(const std::string& place, std::string& said);

 private:
  std::string state_json_locked() const;  // state_json() with mutex_ held

  /// The warnings of settings hanji cannot follow said so far: once a session, not on every
  /// save (as watch says them).
  std::set<std::string> said_;
  Run run_;
  engine::Engine& engine_;
  const std::string cv_;
  const std::string folder_;  // the CV's folder, absolute and without links
  const std::vector<std::string> editor_;
  Watched watched_;
  text::GlyphOutlines outlines_;  // from the engine's fonts, kept between builds: an edit redraws few new glyphs
  std::vector<std::string> inputs_;

  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  PreviewChoice choice_;
  std::uint64_t version_ = 0;
  bool ok_ = false;
  double ms_ = 0;
  std::optional<engine::Rendered> shown_;  // the last good build
  std::uint64_t shown_version_ = 0;         // its version
  std::string shown_layout_;                // the layout it was set in
  std::vector<std::string> pages_;           // its pages as SVG
  std::vector<PanelFace> panel_faces_;       // the faces its count panel is drawn with
  std::vector<std::string> pictures_;        // files its pages show, by index
  std::vector<std::pair<std::string, std::string>> sources_;  // name in the pages -> file
  std::vector<Diagnostic> messages_;
  std::vector<std::string> languages_, layouts_;
};

}  // namespace hanji::cli
