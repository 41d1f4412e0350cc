// What Typesetter keeps per distinct paragraph (private to the text module): its shaping in
// font units and its break opportunities, which depend on the text and its styles but not on
// the sizes or the line width. Setting the same paragraphs again at smaller sizes and other
// widths (fitting a CV to its pages) then costs only scaling and line breaking.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "text/breaks.h"
#include "text/paragraph.h"

namespace hanji::text::detail {

struct Prepared {
  ShapedUnits units;
  /// The last document that set it (ShapingCache::next_document).
  std::size_t document = 0;
  /// Break opportunities without and with hyphenation points, each found when first needed
  /// (typeset_line needs none).
  std::array<std::optional<std::vector<Boundary>>, 2> boundaries;
};

/// Everything that decides itemization, shaping and break opportunities except the sizes:
/// the text; per inline its length, weight, slant, colour and link, and which earlier inline
/// it shares its size with (items merge only where sizes are equal). The theme is the
/// Typesetter's and never changes.
std::string shaping_key(const SourceText& text);

/// Lets go of the entries of `entries` (a map whose values have a `document`) that only
/// documents before `last` set, once they outnumber those `last` set: a warm typesetter keeps
/// about one CV, not every draft of it.
template <class Entries>
void keep_last_document(Entries& entries, std::size_t last) {
  std::size_t current = 0;
  for (const auto& [key, entry] : entries) current += entry.document == last ? 1 : 0;
  if (entries.size() > 2 * current + 256)
    std::erase_if(entries, [&](const auto& item) { return item.second.document != last; });
}

class ShapingCache {
 public:
  using Entries = std::unordered_map<std::string, Prepared>;
  /// The entry for `key` and true when it was kept (a hit); else a new empty entry for the
  /// caller to fill, or to drop(). One lookup, so the key is hashed once either way.
  std::pair<Entries::iterator, bool> find_or_add(std::string key);
  /// Lets go of an entry that find_or_add() has just made.
  void drop(Entries::iterator entry) { entries_.erase(entry); }

  /// A new document starts (a warm engine sets one CV after another). What the documents
  /// before the last did not set again is dropped once it outweighs what the last one set,
  /// so that a long `hanji watch` keeps about one CV's paragraphs, not every draft's.
  void next_document();
  /// The document being set (its number, counting from 0).
  size_t document() const { return document_; }
  size_t size() const { return entries_.size(); }

  size_t hits() const { return hits_; }
  size_t misses() const { return misses_; }

 private:
  Entries entries_;
  size_t hits_ = 0, misses_ = 0;
  size_t document_ = 0;
};

}  // namespace hanji::text::detail
