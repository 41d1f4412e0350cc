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
#include "pdf/haru_doc.h"
#include "pdf/marked_content.h"
#include "pdf/pdf.h"

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

/// Clickable URI areas without a visible border; an address of another scheme than http,
/// https, mailto and tel gets none, and a warning. Each annotation made is added to `made`;
/// in a tagged PDF also put into `tagged` at the index its link element gave it.
void add_links(HPDF_Page page, const std::vector<doc::LinkArea>& links, double page_height, Diagnostics& diags,
               const PageMarks& marks = {}, std::vector<HPDF_Annotation>* made = nullptr,
               std::vector<HPDF_Annotation>* tagged = nullptr);

/// Loads each image file once per document and draws it wherever it is placed.
class ImageDrawer {
 public:
  /// Counts the pictures it decodes in `work`.
  ImageDrawer(HaruDoc& doc, WriteWork& work) : doc_(doc), work_(work) {}

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
  std::map<std::string, Loaded> loaded_;
};

}  // namespace hanji::pdf
