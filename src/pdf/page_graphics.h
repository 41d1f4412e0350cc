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
#include "pdf/pdf.h"

namespace hanji::pdf {

using image::Orientation;

void draw_rects(HPDF_Page page, const std::vector<doc::FilledRect>& rects, double page_height);

/// Clickable URI areas without a visible border; an address of another scheme than http,
/// https, mailto and tel gets none, and a warning.
void add_links(HPDF_Page page, const std::vector<doc::LinkArea>& links, double page_height, Diagnostics& diags);

/// Loads each image file once per document and draws it wherever it is placed.
class ImageDrawer {
 public:
  /// Counts the pictures it decodes in `work`.
  ImageDrawer(HaruDoc& doc, WriteWork& work) : doc_(doc), work_(work) {}

  /// False (with an error in `diags`) if an image cannot be read or is not PNG or JPEG.
  bool draw(HPDF_Page page, const std::vector<doc::PlacedImage>& images, double page_height,
            Diagnostics& diags);

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
