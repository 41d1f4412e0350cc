// Everything on a page besides text, through libharu's public API: filled rectangles
// (rules), images (PNG, JPEG) and link annotations. Document coordinates are top-left and
// y-down; PDF's are bottom-left and y-up, hence the page height everywhere.
#pragma once

#include <hpdf.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/core.h"
#include "doc/doc.h"
#include "image/exif_orientation.h"
#include "image/reduced_copy.h"
#include "export/pdf/haru_doc.h"
#include "export/pdf/serializer.h"
#include "export/pdf/marked_content.h"
#include "export/pdf/pdf.h"

namespace hanji::pdf {

using image::Orientation;

/// Where a tagged PDF's marked content goes while a page is drawn: its marks (null for an
/// untagged PDF) and the page's index.
struct PageMarks {
  MarkedContent* marks = nullptr;
  std::size_t page = 0;
};

/// Filled rectangles: rules, frames, shades, all artifacts (the artifact is left open for
/// more of them; the caller closes it).
void draw_rects(HPDF_Page page, const std::vector<doc::FilledRect>& rects, double page_height,
                const PageMarks& marks = {});

/// A link annotation the direct writer writes itself, as an object of ExtraObjects: libharu's
/// annotation dictionaries cost more to make, write and free than the text of one.
struct LinkAnnotation {
  int object = -1;  // its extra object
  HPDF_Page page = nullptr;
  HPDF_Rect rect{};  // left, bottom, right, top
  std::string uri;   // ASCII, one of the schemes links may have
  int tag = -1;      // its index in a tagged PDF's marks (MarkedContent::add_annotation), or -1
};

/// Clickable URI areas without a visible border: each link of the page gets an object of
/// `extra`, filled by write_link_annotations once the document is drawn. An address of another
/// scheme than http, https, mailto and tel gets none, and a warning.
void add_link_objects(HPDF_Page page, const std::vector<doc::LinkArea>& links, double page_height, Diagnostics& diags,
                      const PageMarks& marks, ExtraObjects& extra, std::vector<LinkAnnotation>& out);

/// Writes the annotations add_link_objects made, and each page's /Annots: in a tagged PDF with
/// /StructParent and /Contents (what the link opens) from `marks` (finished); with `print`
/// (PDF/A), the Print flag.
void write_link_annotations(const std::vector<LinkAnnotation>& links, const MarkedContent* marks, bool print,
                            ExtraObjects& extra);

/// The extra object of each tagged link by its index in the marks (-1 where none was made),
/// for the structure tree's object references.
std::vector<int> tagged_link_objects(const std::vector<LinkAnnotation>& links);

/// Loads each image file once per document and draws it wherever it is placed.
class ImageDrawer {
 public:
  /// Counts the pictures it decodes in `work`; takes reduced copies from `copies` (shared
  /// with the other outputs of a build) when it is given.
  ImageDrawer(HaruDoc& doc, WriteWork& work, image::PrintCopies* copies = nullptr)
      : doc_(doc), work_(work), copies_(copies) {}

  /// False (with an error in `diags`) if an image cannot be read or is not PNG or JPEG.
  bool draw(HPDF_Page page, const std::vector<doc::PlacedImage>& images, double page_height,
            Diagnostics& diags, const PageMarks& marks = {});

 private:
  /// An embedded picture and how its stored pixels are turned to stand upright.
  struct Loaded {
    HPDF_Image image = nullptr;
    Orientation orientation = Orientation::Upright;
  };

  std::optional<Loaded> load(const doc::PlacedImage& placed, Diagnostics& diags);
  HPDF_Image decode(const std::string& path, const Span& where, const std::string& bytes, Orientation orientation,
                    const doc::PlacedImage& placed, Diagnostics& diags);

  HaruDoc& doc_;
  WriteWork& work_;
  image::PrintCopies* copies_;
  std::map<std::string, Loaded> loaded_;
};

}  // namespace hanji::pdf
