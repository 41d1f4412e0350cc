#include "text/hyphen_dict.h"

#include <cstdlib>

namespace hanji::text::detail {

namespace {

// Frees what hnj_hyphen_hyphenate3 allocates for non-standard hyphenation (malloc'd arrays).
struct NonStandard {
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  size_t size = 0;

  ~NonStandard() {
    if (rep)
      for (size_t i = 0; i < size; ++i) std::free(rep[i]);
    std::free(rep);
    std::free(pos);
    std::free(cut);
  }
};

}  // namespace

bool HyphenDictionary::load() {
  if (tried_) return dict_ != nullptr;
  tried_ = true;
  dict_.reset(hnj_hyphen_load(path_.c_str()));
  if (!dict_ && warn_if_missing_)
    diags_->warning(Span{}, "hyphenation is on, but the English hyphenation patterns '" + path_ +
                               "' cannot be read: no word is hyphenated",
                   {"install them (Debian: apt-get install hyphen-en-us), or set text: {hyphenate: false} "
                    "in the layout"});
  return dict_ != nullptr;
}

std::vector<size_t> HyphenDictionary::points(std::string_view word) {
  std::vector<size_t> out;
  if (word.size() < kMinHyphenatedWord || !load()) return out;
  const std::string terminated(word);
  std::string hyphens(word.size() + 5, '\0');  // the size hyphen.h asks for
  NonStandard extra;
  extra.size = word.size();
  const int failed =
      hnj_hyphen_hyphenate3(dict_.get(), terminated.c_str(), static_cast<int>(word.size()), hyphens.data(), nullptr,
                            &extra.rep, &extra.pos, &extra.cut, kLeftHyphenMin, kRightHyphenMin, kLeftHyphenMin,
                            kRightHyphenMin);
  if (failed) return out;
  // hyphens[i] is a digit, odd for a point after byte i (ASCII: after char i). A replacement
  // (rep[i] set) would change the spelling at the break, which English patterns never ask
  // for: skipped.
  for (size_t i = 0; i + 1 < word.size(); ++i)
    if ((hyphens[i] & 1) && !(extra.rep && extra.rep[i])) out.push_back(i + 1);
  return out;
}

}  // namespace hanji::text::detail
