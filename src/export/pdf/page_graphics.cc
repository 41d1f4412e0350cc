#include "export/pdf/page_graphics.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/files.h"
#include "core/limits.h"
#include "core/links.h"
#include "image/image.h"
#include "image/jpeg_check.h"
#include "image/png_format.h"
#include "export/pdf/haru_objects.h"
#include "export/pdf/png_check.h"
#include "image/reduced_copy.h"

namespace hanji::pdf {

namespace png = image::png;
using image::jpeg_decode_problem;
using image::jpeg_structure_problem;
using image::JpegFrame;
using image::swaps_sides;
using image::upright_matrix;
using image::ImageMatrix;
namespace {

HPDF_Rect pdf_rect(double x, double y, double width, double height, double page_height) {
  auto real = [](double v) { return static_cast<HPDF_REAL>(v); };
  return HPDF_Rect{real(x), real(page_height - y - height), real(x + width), real(page_height - y)};
}

HPDF_REAL real(double v) { return static_cast<HPDF_REAL>(v); }

// libharu refuses a colour component outside [0, 1] (and poisons the document): clamped.
void set_fill(HPDF_Page page, const Rgb& color) {
  auto unit = [](double value) { return static_cast<HPDF_REAL>(std::clamp(value, 0.0, 1.0)); };
  HPDF_Page_SetRGBFill(page, unit(color.r), unit(color.g), unit(color.b));
}

// A rectangle with corners rounded to `radius` (clamped to half the shorter side) as a path:
// four lines and four quarter circles, each a cubic Bézier with the usual 0.5523 handle.
void rounded_rect_path(HPDF_Page page, const HPDF_Rect& box, double radius) {
  const double r = std::clamp(radius, 0.0, std::min<double>(box.right - box.left, box.top - box.bottom) / 2);
  if (r <= 0) {
    HPDF_Page_Rectangle(page, box.left, box.bottom, box.right - box.left, box.top - box.bottom);
    return;
  }
  const double k = r * (1 - 0.5523);  // distance of a Bézier handle from the corner
  const double l = box.left, b = box.bottom, rt = box.right, t = box.top;
  HPDF_Page_MoveTo(page, real(l + r), real(b));
  HPDF_Page_LineTo(page, real(rt - r), real(b));
  HPDF_Page_CurveTo(page, real(rt - k), real(b), real(rt), real(b + k), real(rt), real(b + r));
  HPDF_Page_LineTo(page, real(rt), real(t - r));
  HPDF_Page_CurveTo(page, real(rt), real(t - k), real(rt - k), real(t), real(rt - r), real(t));
  HPDF_Page_LineTo(page, real(l + r), real(t));
  HPDF_Page_CurveTo(page, real(l + k), real(t), real(l), real(t - k), real(l), real(t - r));
  HPDF_Page_LineTo(page, real(l), real(b + r));
  HPDF_Page_CurveTo(page, real(l), real(b + k), real(l + k), real(b), real(l + r), real(b));
  HPDF_Page_ClosePath(page);
}

// The outline an image is cut to.
void image_clip_path(HPDF_Page page, const HPDF_Rect& box, doc::ImageShape shape) {
  const double width = box.right - box.left, height = box.top - box.bottom;
  switch (shape) {
    case doc::ImageShape::Rectangle:
      rounded_rect_path(page, box, 0);
      break;
    case doc::ImageShape::Rounded:
      rounded_rect_path(page, box, std::min(width, height) * 0.12);
      break;
    case doc::ImageShape::Circle:  // the largest circle in the box, centred
      HPDF_Page_Circle(page, real((box.left + box.right) / 2), real((box.bottom + box.top) / 2),
                       real(std::min(width, height) / 2));
      break;
  }
}

}  // namespace

void draw_rects(HPDF_Page page, const std::vector<doc::FilledRect>& rects, double page_height,
                const PageMarks& marks) {
  for (const auto& rect : rects) {
    if (rect.width <= 0 || rect.height <= 0) continue;
    if (marks.marks) write_operators(page, marks.marks->before_artifact());  // opens one, once
    set_fill(page, rect.color);
    rounded_rect_path(page, pdf_rect(rect.x, rect.y, rect.width, rect.height, page_height), rect.radius);
    HPDF_Page_Fill(page);
  }
}

void add_link_objects(HPDF_Page page, const std::vector<doc::LinkArea>& links, double page_height, Diagnostics& diags,
                      const PageMarks& marks, ExtraObjects& extra, std::vector<LinkAnnotation>& out) {
  // The last guard against a URI action that runs code or opens a file in the reader's viewer:
  // the stages before never ask for any other link (see core/links.h).
  for (doc::ClickableLink& link : doc::clickable_links(links, "the PDF", diags)) {
    const doc::LinkArea& area = *link.area;
    HPDF_Rect rect = pdf_rect(area.x, area.y, area.width, area.height, page_height);
    if (rect.top < rect.bottom) std::swap(rect.top, rect.bottom);  // as libharu's annotations have it
    const int tag = marks.marks ? marks.marks->add_annotation(marks.page, area) : -1;
    out.push_back(LinkAnnotation{extra.add(), page, rect, std::move(link.uri), tag});
  }
}

void write_link_annotations(const std::vector<LinkAnnotation>& links, const MarkedContent* marks, bool print,
                            ExtraObjects& extra) {
  for (const LinkAnnotation& link : links) {
    const int object = link.object;
    extra.syntax(object, "<</Type/Annot/Subtype/Link/Rect[");
    for (HPDF_REAL value : {link.rect.left, link.rect.bottom, link.rect.right, link.rect.top}) extra.real(object, value);
    extra.syntax(object, "]/Border[0 0 0]/A<</S/URI/URI");
    extra.string(object, link.uri);
    extra.syntax(object, ">>/P");
    extra.reference(object, link.page);
    if (marks && link.tag >= 0) {
      extra.syntax(object, "/StructParent");
      extra.integer(object, marks->struct_parent_of_annotation(link.tag));
      extra.syntax(object, "/Contents");
      extra.string(object, link.uri);
    }
    if (print) extra.syntax(object, "/F 4");  // shown and printed, as PDF/A asks
    extra.syntax(object, ">>");
  }
  // Each page's annotations, in the order they were made (the order of its links).
  for (std::size_t first = 0; first < links.size();) {
    std::size_t end = first;
    while (end < links.size() && links[end].page == links[first].page) ++end;
    std::vector<int> objects;
    for (std::size_t k = first; k < end; ++k) objects.push_back(links[k].object);
    extra.link_array_from(links[first].page, "Annots", std::move(objects));
    first = end;
  }
}

std::vector<int> tagged_link_objects(const std::vector<LinkAnnotation>& links) {
  std::vector<int> by_tag;
  for (const LinkAnnotation& link : links) {
    if (link.tag < 0) continue;
    if (by_tag.size() <= static_cast<std::size_t>(link.tag)) by_tag.resize(static_cast<std::size_t>(link.tag) + 1, -1);
    by_tag[static_cast<std::size_t>(link.tag)] = link.object;
  }
  return by_tag;
}

std::optional<ImageDrawer::Loaded> ImageDrawer::load(const doc::PlacedImage& placed, Diagnostics& diags) {
  const std::string& path = placed.path;
  if (auto it = loaded_.find(path); it != loaded_.end()) return it->second;
  // Problems are reported where the CV names the picture (`photo:`), or else at the file.
  const Span where = placed.span.known() ? placed.span : Span{path, 0, 0};
  std::string error;
  std::optional<std::string> bytes = read_data_file(path, photo_file_kind(), error);
  if (!bytes) {
    std::string hint = error.starts_with("is larger")
                           ? "a photo for a CV needs about 1000 x 1300 pixels; scale it down or save it as JPEG"
                           : "check the photo path in the CV; relative paths start at the CV file's folder";
    diags.error(where, "image '" + path + "' " + error, {std::move(hint)});
    return std::nullopt;
  }
  const Orientation orientation = image::orientation_of(*bytes);
  HPDF_Image image = decode(path, where, *bytes, orientation, placed, diags);
  if (!image) return std::nullopt;
  return loaded_.emplace(path, Loaded{image, orientation}).first->second;
}

namespace {

// "12.5", "16": a pixel count in millions for messages.
std::string fmt_millions(long long count) {
  const long long tenths = count / 100'000;
  return std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : std::string());
}

// A picture big enough to take seconds and hundreds of megabytes to decode (libharu inflates
// a PNG whole and compresses it again) is refused before any decoding.
bool within_pixel_limit(const std::string& path, const Span& where, uint64_t width, uint64_t height,
                        Diagnostics& diags) {
  if (width * height <= static_cast<uint64_t>(limits::kMaxImagePixels)) return true;
  diags.error(where,
              "image '" + path + "' has " + std::to_string(width) + " x " + std::to_string(height) +
                  " pixels, more than the " + fmt_millions(limits::kMaxImagePixels) +
                  " million hanji embeds",
              {"a photo for a CV needs about 1000 x 1300 pixels; scale it down"});
  return false;
}

// How many times smaller a picture can be made each way and still print where it is placed
// (image::print_reduction_factor). A photo shown on its side is compared with its box turned
// the same way.
uint32_t reduction_factor(uint64_t width, uint64_t height, const doc::PlacedImage& placed, Orientation orientation) {
  const bool turned = swaps_sides(orientation);
  return image::print_reduction_factor({static_cast<uint32_t>(width), static_cast<uint32_t>(height)},
                                       turned ? placed.height : placed.width, turned ? placed.width : placed.height);
}

}  // namespace

HPDF_Image ImageDrawer::decode(const std::string& path, const Span& where, const std::string& bytes,
                               Orientation orientation, const doc::PlacedImage& placed, Diagnostics& diags) {
  const std::string resave = "re-save the picture as a plain (8-bit, non-interlaced) PNG or a JPEG";
  HPDF_Image image = nullptr;
  switch (image::format_of(bytes)) {
    case image::Format::Unknown:
      diags.error(where, "image '" + path + "' is neither PNG nor JPEG", {"convert the picture to PNG or JPEG"});
      return nullptr;
    case image::Format::Png: {
      const png::Size size = png::size_of(bytes);
      if (!within_pixel_limit(path, where, size.width, size.height, diags)) return nullptr;
      ++work_.images_decoded;  // inflated once, to reduce it or to check every row
      // A copy hanji made itself (reduced, or its transparency resolved) is sound whatever the
      // file was: png_downsampled inflates every row and makes nothing of a damaged one. Only a
      // file handed to libharu as it is must be checked first: libpng would abort() the whole
      // program on a damaged PNG (see png_check.h). One inflate either way: a noisy 12-megapixel
      // PNG takes about 0.3 s to inflate.
      const uint32_t factor = reduction_factor(size.width, size.height, placed, orientation);
      std::string essentials;
      if (factor > 1 || has_colour_key(bytes))  // the PNG pages of the same build draw this copy too
        essentials = copies_ ? copies_->png_downsampled(bytes, factor) : image::png_downsampled(bytes, factor);
      if (essentials.empty()) {  // not reduced, or it cannot be here (interlaced, 16-bit, damaged)
        if (std::string problem = png_problem(bytes); !problem.empty()) {
          diags.error(where, "cannot embed image '" + path + "': " + problem, {resave});
          return nullptr;
        }
        essentials = png_essentials(bytes);
      }
      image = HPDF_LoadPngImageFromMem(doc_.get(), reinterpret_cast<const HPDF_BYTE*>(essentials.data()),
                                       static_cast<HPDF_UINT>(essentials.size()));
      break;
    }
    case image::Format::Jpeg: {
      // libharu copies a JPEG as it is: a truncated one would make a broken PDF.
      JpegFrame frame;
      std::string problem = jpeg_structure_problem(bytes, frame);
      if (problem.empty() && !within_pixel_limit(path, where, frame.width, frame.height, diags)) return nullptr;
      if (problem.empty() && !(copies_ && copies_->jpeg_decoded(bytes))) {  // after the size check: it decodes
        ++work_.images_decoded;
        problem = jpeg_decode_problem(bytes);
      }
      if (!problem.empty()) {
        diags.error(where, "cannot embed image '" + path + "': " + problem, {resave});
        return nullptr;
      }
      image = HPDF_LoadJpegImageFromMem(doc_.get(), reinterpret_cast<const HPDF_BYTE*>(bytes.data()),
                                        static_cast<HPDF_UINT>(bytes.size()));
      break;
    }
  }
  const std::string hint = "the file may be damaged or an unsupported variant; " + resave;
  if (!doc_.check(diags, where, "loading image '" + path + "'", {hint})) return nullptr;
  if (!image) diags.error(where, "cannot load image '" + path + "'", {hint});
  return image;
}

bool ImageDrawer::draw(HPDF_Page page, const std::vector<doc::PlacedImage>& images, double page_height,
                       Diagnostics& diags, const PageMarks& marks) {
  for (const auto& placed : images) {
    std::optional<Loaded> loaded = load(placed, diags);
    if (!loaded) return false;
    // The picture, turned upright, covers its box keeping its proportions (what does not fit
    // is cut off evenly on both sides), and is clipped to the box's shape. The pixels stay as
    // stored (a JPEG is copied as it is): the matrix turns them.
    const HPDF_Rect box = pdf_rect(placed.x, placed.y, placed.width, placed.height, page_height);
    const double box_width = box.right - box.left, box_height = box.top - box.bottom;
    const double stored_wide = std::max<double>(1, HPDF_Image_GetWidth(loaded->image));
    const double stored_high = std::max<double>(1, HPDF_Image_GetHeight(loaded->image));
    const bool turned = swaps_sides(loaded->orientation);
    const double pixels_wide = turned ? stored_high : stored_wide, pixels_high = turned ? stored_wide : stored_high;
    const double scale = std::max(box_width / pixels_wide, box_height / pixels_high);
    const double width = pixels_wide * scale, height = pixels_high * scale;
    const ImageMatrix m = upright_matrix(loaded->orientation, box.left - (width - box_width) / 2,
                                         box.bottom - (height - box_height) / 2, width, height);
    if (marks.marks) write_operators(page, marks.marks->before_image(marks.page, placed));
    HPDF_Page_GSave(page);
    image_clip_path(page, box, placed.shape);
    HPDF_Page_Clip(page);
    HPDF_Page_EndPath(page);
    HPDF_Page_Concat(page, real(m.a), real(m.b), real(m.c), real(m.d), real(m.e), real(m.f));
    HPDF_Page_ExecuteXObject(page, loaded->image);
    HPDF_Page_GRestore(page);
    if (marks.marks) write_operators(page, marks.marks->close());
  }
  return true;
}

}  // namespace hanji::pdf
