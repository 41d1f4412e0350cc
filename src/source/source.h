// source: the RenderCV reader. Reads a CV file (YAML or JSON, RenderCV's `cv:` schema plus
// hanji's `layout:` and `locale:`) into the CV model (model/model.h). Every value keeps the
// Span it came from.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "core/core.h"
#include "model/model.h"

namespace hanji::source {

// The reader fills the model; inside it the model's names need no prefix.
using namespace hanji::model;
using config::ConfigNode;

/// Choices made when reading, over what the file says (the command line's --lang and --only).
struct ReadOptions {
  /// For texts written as a map of language to text ({ko: 박지민, en: Jimin Park}): the
  /// language to pick ("ko", "en", ...); empty = the file's own language. A field that lacks
  /// it falls back to another language it has.
  std::string language = {};
  /// Keep only what is untagged or carries one of these tags (entries, highlights and
  /// sections may have `tags:`); empty = keep everything.
  std::vector<std::string> only_tags = {};
  /// The folder of locale files (locales/*.yaml); empty = the one in the source tree.
  std::string locales_dir = {};
  /// The built-in layouts (RenderCV's themes are in its rendercv/ folder); empty = the source tree's.
  std::string layouts_dir = {};
  /// What `current_date: today` means, and a RenderCV file's date when it sets none (the
  /// command passes SOURCE_DATE_EPOCH's day, else the day it runs); unset, neither sets a date.
  std::optional<Date> today = {};
};

/// Reads and validates a CV file. Errors (syntax, wrong types, unknown keys with a
/// did-you-mean hint, bad dates, a missing photo file) go to `diags` with file:line:col;
/// returns nullopt when any error was reported. Ignored RenderCV keys are warnings.
std::optional<CvFile> load_cv(const std::string& path, Diagnostics& diags, const ReadOptions& options = {});

/// Same, from text in memory (`path` is used for messages and to resolve the photo).
std::optional<CvFile> load_cv_from_string(const std::string& text, const std::string& path,
                                          Diagnostics& diags, const ReadOptions& options = {});

/// RenderCV's design options that take effect ("page.size", ...), for tests and the README.
std::vector<std::string> honoured_design_options();

}  // namespace hanji::source
