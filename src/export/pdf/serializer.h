// The PDF serializer: hanji's own writer of the file, the one way a PDF leaves hanji.
// libharu builds the document (pages, their drawing, images, fonts); this writes it, walking
// libharu's objects once: the objects reachable from the catalog and the info dictionary,
// numbered in the order they are reached, those that are not streams in one compressed
// object stream (PDF 1.5), each stream's data deflated once, straight from libharu's buffers,
// and a cross-reference stream, plus the objects hanji writes as text beside libharu's
// (ExtraObjects: the structure tree, the link annotations). libharu's own save would write
// every object uncompressed as text with a classic cross-reference table, and has no object
// streams. Text strings are written the short way (a literal for ASCII, UTF-16 only when
// needed). Reads libharu 2.3.0's structs, the only version CMake accepts.
#pragma once

#include <hpdf.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "export/pdf/pdf.h"

namespace hanji::pdf {

/// Objects the direct writer writes beside libharu's (a tagged PDF's structure tree, the link
/// annotations: hundreds of small dictionaries that libharu's objects would cost more to
/// build, hold and free than to write), as PDF syntax with references to libharu's objects (pages, annotations) and to each
/// other. Each object's text is kept as it will be written; only the numbers of the objects it
/// refers to are filled in once every object has its number.
class ExtraObjects {
 public:
  /// A new, empty object; its index.
  int add();
  /// Appends to object `index`: PDF syntax as it is (names, delimiters); an integer; a text
  /// string; a reference to libharu object `object`; a reference to extra object `other`.
  void syntax(int index, std::string_view text);
  void integer(int index, long long value);
  /// A number as libharu writes its reals (at most five decimals, no trailing zeros).
  void real(int index, float value);
  void string(int index, std::string_view text);
  void reference(int index, const void* object);
  void reference_extra(int index, int other);
  /// Writes `/key` and a reference to extra object `other` into libharu dictionary `dict`.
  void link_from(const void* dict, std::string key, int other);
  /// Writes `/key` and an array of references to extra objects `others` into `dict` (a page's
  /// /Annots, which readers expect there as an array).
  void link_array_from(const void* dict, std::string key, std::vector<int> others);

  /// Where an object's text refers to another object: its number goes in at `at` (before the
  /// " 0 R" the text holds). The references of one object are chained through `next`.
  struct Reference {
    std::size_t at = 0;
    const void* object = nullptr;  // a libharu object, or null for extra object `other`
    int other = 0;
    int next = -1;  // the object's next reference, or -1
  };
  struct Object {
    std::string text;
    int first_reference = -1, last_reference = -1;  // into references(), or -1
  };
  struct Link {
    const void* dict = nullptr;
    std::string key;
    int other = 0;
    std::vector<int> array;  // for link_array_from: the objects in the array (`other` unused)
    bool is_array = false;
  };
  const std::vector<Object>& objects() const { return objects_; }
  const std::vector<Reference>& references() const { return references_; }
  const std::vector<Link>& links() const { return links_; }

 private:
  void add_reference(int index, const void* object, int other);

  std::vector<Object> objects_;
  std::vector<Reference> references_;  // of all objects, in the order they were added
  std::vector<Link> links_;
};

/// The whole file, or nullopt when the document holds something this writer does not know
/// (encryption, a font libharu writes in its own way, a non-memory stream), which hanji never
/// makes: the caller reports an internal error. The deflate work is counted in `work`.
/// `with_id`: the trailer gets a file identifier (/ID, which PDF/A asks for), a hash of the
/// file's bytes. `memo`: compressed streams kept from documents before (null: none).
std::optional<std::string> serialize_pdf(HPDF_Doc doc, const ExtraObjects& extra, bool with_id, WriteWork& work,
                                         const WriteMemo* memo);

}  // namespace hanji::pdf
