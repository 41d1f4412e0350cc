// Tagged PDF, the content side: which drawn piece belongs to which structure element. Every
// piece of page content is either marked content with an MCID that the structure tree points
// at (a run of text, the photo) or an artifact (rules, shades, bullets, icons, page numbers,
// a table header drawn again), so a screen reader reads the CV in its structure's order and
// skips the decoration. Runs of a link go into a Link element with its annotation; a run in
// another language than the document's (Hangul in an English CV, Latin in a Korean one)
// into a Span with its /Lang. Pure bookkeeping and operator text: no libharu here
// (struct_tree.cc writes the tree).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "doc/doc.h"
#include "export/pdf/text_ops.h"

namespace hanji::pdf {

/// The BCP 47 language a run of text is written in where that is not `document_language`'s
/// own script: "ko" for Hangul in an English CV, "en" for Latin letters in a Korean one, "he",
/// "ar", "ja", "ru", "el", "zh"; "" for text in the document's script; nullopt for text
/// without letters (digits, punctuation, spaces), which takes whatever surrounds it.
std::optional<std::string> language_of(std::string_view text, std::string_view document_language);

class MarkedContent : public ActualTextMarks {
 public:
  /// What an element holds, in reading order: another element, marked content on a page, or
  /// a link annotation (by its index in annotations()).
  struct Item {
    enum class Kind { Element, Content, Annotation };
    Kind kind = Kind::Content;
    int index = 0;     // Element: element index; Content: MCID; Annotation: annotation index
    std::size_t page = 0;  // Content, Annotation: the page
  };
  struct Element {
    std::string type;  // standard structure type: "P", "Link", "Span"
    int parent = -1;
    std::vector<Item> items;
    std::string language;  // "" inherits
    std::string alt;
    bool row_header = false;  // TH that labels a row
    int column_span = 1;      // TD across this many columns
    bool has_content = false;  // itself or an element inside it holds content
    /// Where a Link's text stands (page, left and right edge, baseline; pt, y down): which of
    /// two links to one address an annotation belongs to.
    struct Box {
      std::size_t page = 0;
      double left = 0, right = 0, baseline = 0;
    };
    std::vector<Box> boxes;
  };
  struct Annotation {
    std::size_t page = 0;
    int element = 0;  // its Link element
    std::string uri;
  };

  /// Marks the content of `doc`, whose structure must not be empty.
  explicit MarkedContent(const doc::Document& doc);

  /// The operators to write before drawing `run` on page `page` (inside the page's text
  /// object): an EMC closing the sequence before and a BDC opening the run's own, or nothing
  /// when the run continues the open sequence.
  std::string before_run(std::size_t page, const doc::PlacedRun& run);
  /// Before an image: its Figure element's sequence, or an artifact.
  std::string before_image(std::size_t page, const doc::PlacedImage& image);
  /// Before decoration drawn outside text (rules, shades): an artifact.
  std::string before_artifact();
  /// Closes the open sequence ("EMC\n"), if any: at the end of a text object, after an image
  /// or an artifact.
  std::string close();

  /// An /ActualText span inside the open sequence: in a run's content, the sequence ends and
  /// the span is marked content of the same element with an MCID of its own; in an artifact
  /// it nests.
  std::string begin_actual_text(const std::string& utf16_hex) override;
  std::string end_actual_text() override;
  std::string resume() override;

  /// A link annotation drawn for `link` on page `page`: its index (the annotation's
  /// /StructParent is struct_parent_of_annotation(index)), or -1 when the link belongs to no
  /// element (a table header row drawn again).
  int add_annotation(std::size_t page, const doc::LinkArea& link);

  /// Elements with content, children before nothing: element 0 is the Document. Call once all
  /// pages are drawn.
  void finish();

  const std::vector<Element>& elements() const { return elements_; }
  const std::vector<Annotation>& annotations() const { return annotations_; }
  /// The element of each MCID on page `page`, by MCID.
  const std::vector<int>& owners_on(std::size_t page) const;
  std::size_t pages() const { return owners_.size(); }
  /// The parent tree key of annotation `index` (after the pages' keys 0 .. pages-1).
  int struct_parent_of_annotation(int index) const { return static_cast<int>(pages_ + index); }

 private:
  int add_element(std::string type, int parent);
  // Whether `tag` names one of the document's elements and `page` is one of its pages.
  bool in_structure(int tag, std::size_t page) const {
    return tag >= 0 && static_cast<std::size_t>(tag) < nodes_ && page < owners_.size();
  }
  // The element a run's marked content goes into: its element, a Link inside it, a Span
  // with the run's language inside either.
  int owner_of(std::size_t page, const doc::PlacedRun& run);
  int link_in(int leaf, const std::string& uri);
  int link_of(std::size_t page, const doc::LinkArea& area) const;
  int span_in(int element, const std::string& language);
  std::string open(std::size_t page, int element, const std::string& actual_text = "");
  void hoist_lone_spans();

  std::string document_language_;
  std::vector<Element> elements_;
  std::size_t nodes_ = 0;  // elements_[0 .. nodes_) are the document's structure nodes
  std::vector<std::vector<int>> owners_;  // by page, by MCID
  std::vector<Annotation> annotations_;
  std::map<std::pair<int, std::string>, std::vector<int>> links_;  // (leaf, uri) -> its Link elements
  std::size_t pages_ = 0;
  enum class Open { Nothing, Artifact, Content };
  Open open_ = Open::Nothing;
  int open_element_ = -1;
  std::size_t open_page_ = 0;
  bool nested_span_ = false;  // an /ActualText span nested in an artifact is open
  int resume_element_ = -1;   // the element whose sequence a span ended, to reopen
};

}  // namespace hanji::pdf
