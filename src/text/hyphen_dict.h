// English hyphenation points from libhyphen (private to the text module): the TeX US-English
// patterns of Debian's hyphen-en-us, loaded lazily, once per Typesetter. Which words may be
// hyphenated at all is hyphenate.cc's business; this only answers "where in this word".
#pragma once

#include <hyphen.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.h"

namespace hanji::text::detail {

/// Where Debian's hyphen-en-us puts the US-English patterns.
constexpr const char* kEnglishPatterns = "/usr/share/hyphen/hyph_en_US.dic";

/// At least three letters on either side of a hyphen
/// (TeX's \lefthyphenmin 2 would allow "de-"; three reads better and avoids most jargon
/// mistakes), and only in words of seven letters or more.
constexpr int kLeftHyphenMin = 3;
constexpr int kRightHyphenMin = 3;
constexpr size_t kMinHyphenatedWord = 7;

class HyphenDictionary {
 public:
  /// Nothing is read until the first word is asked for. Patterns that cannot be read are
  /// reported (once) only when `warn_if_missing`: a layout that hyphenates needs them, while
  /// one that asks only where a word is wider than its line breaks it between letters without.
  HyphenDictionary(std::string path, Diagnostics& diags, bool warn_if_missing = true)
      : path_(std::move(path)), diags_(&diags), warn_if_missing_(warn_if_missing) {}

  /// Sends later messages to `diags`.
  void report_to(Diagnostics& diags) { diags_ = &diags; }
  /// True when the patterns were asked for and could not be loaded (said once).
  bool failed() const { return warn_if_missing_ && tried_ && !dict_; }

  /// The hyphenation points of `word` (lowercase ASCII letters): offsets k (in chars) such
  /// that a hyphen may go between word[k-1] and word[k]. Empty when the patterns are missing
  /// (reported once, as a warning) or the word is too short.
  std::vector<size_t> points(std::string_view word);

 private:
  struct Free {
    void operator()(HyphenDict* dict) const {
      if (dict) hnj_hyphen_free(dict);
    }
  };

  bool load();

  std::string path_;
  Diagnostics* diags_;
  bool warn_if_missing_;
  std::unique_ptr<HyphenDict, Free> dict_;
  bool tried_ = false;
};

}  // namespace hanji::text::detail
