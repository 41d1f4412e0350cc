#include "pdf/page_graphics.h"

#include <fstream>
#include <optional>
#include <string_view>

#include "pdf/png_check.h"
#include "pdf/png_format.h"
#include "pdf/text_backend.h"

namespace hanji::pdf {
namespace {

enum class ImageFormat { Unknown, Png, Jpeg };

std::optional<std::string> read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return std::nullopt;
  std::streamoff size = in.tellg();
  if (size < 0) return std::nullopt;
  std::string bytes(static_cast<std::size_t>(size), '\0');
  in.seekg(0);
  if (!in.read(bytes.data(), size)) return std::nullopt;
  return bytes;
}

// By content, not by extension: a photo saved as .jpg that is really a PNG still works.
ImageFormat image_format(std::string_view bytes) {
  if (bytes.substr(0, png::kSignature.size()) == png::kSignature) return ImageFormat::Png;
  if (bytes.substr(0, 3) == "\xFF\xD8\xFF") return ImageFormat::Jpeg;
  return ImageFormat::Unknown;
}

// URI actions are 7-bit ASCII (PDF 32000 12.6.4.7): bytes beyond it and spaces are
// percent-encoded, the way browsers send a Korean path.
std::string ascii_uri(const std::string& uri) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : uri) {
    if (c > 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
  return out;
}

HPDF_Rect pdf_rect(double x, double y, double width, double height, double page_height) {
  auto real = [](double v) { return static_cast<HPDF_REAL>(v); };
  return HPDF_Rect{real(x), real(page_height - y - height), real(x + width), real(page_height - y)};
}

}  // namespace

void draw_rects(HPDF_Page page, const std::vector<paginate::FilledRect>& rects, double page_height) {
  for (const auto& rect : rects) {
    if (rect.width <= 0 || rect.height <= 0) continue;
    set_fill(page, rect.color);
    HPDF_Page_Rectangle(page, static_cast<HPDF_REAL>(rect.x),
                        static_cast<HPDF_REAL>(page_height - rect.y - rect.height),
                        static_cast<HPDF_REAL>(rect.width), static_cast<HPDF_REAL>(rect.height));
    HPDF_Page_Fill(page);
  }
}

void add_links(HPDF_Page page, const std::vector<paginate::LinkArea>& links, double page_height) {
  for (const auto& link : links) {
    if (link.uri.empty() || link.width <= 0 || link.height <= 0) continue;
    HPDF_Annotation annot = HPDF_Page_CreateURILinkAnnot(
        page, pdf_rect(link.x, link.y, link.width, link.height, page_height), ascii_uri(link.uri).c_str());
    if (annot) HPDF_LinkAnnot_SetBorderStyle(annot, 0, 0, 0);
  }
}

HPDF_Image ImageDrawer::load(const std::string& path, Diagnostics& diags) {
  if (auto it = loaded_.find(path); it != loaded_.end()) return it->second;
  const Span where{path, 0, 0};
  std::optional<std::string> bytes = read_whole_file(path);
  if (!bytes) {
    diags.error(where, "cannot open image file '" + path + "'",
                {"check the photo path in the CV; relative paths start at the CV file's folder"});
    return nullptr;
  }
  HPDF_Image image = decode(path, *bytes, diags);
  if (!image) return nullptr;
  loaded_.emplace(path, image);
  return image;
}

HPDF_Image ImageDrawer::decode(const std::string& path, const std::string& bytes, Diagnostics& diags) {
  const Span where{path, 0, 0};
  const std::string resave = "re-save the picture as a plain (8-bit, non-interlaced) PNG or a JPEG";
  HPDF_Image image = nullptr;
  switch (image_format(bytes)) {
    case ImageFormat::Unknown:
      diags.error(where, "image '" + path + "' is neither PNG nor JPEG", {"convert the picture to PNG or JPEG"});
      return nullptr;
    case ImageFormat::Png: {
      // libpng would abort() the whole program on a damaged PNG (see png_check.h).
      if (std::string problem = png_problem(bytes); !problem.empty()) {
        diags.error(where, "cannot embed image '" + path + "': " + problem, {resave});
        return nullptr;
      }
      std::string essentials = png_essentials(bytes);
      image = HPDF_LoadPngImageFromMem(doc_.get(), reinterpret_cast<const HPDF_BYTE*>(essentials.data()),
                                       static_cast<HPDF_UINT>(essentials.size()));
      break;
    }
    case ImageFormat::Jpeg:
      image = HPDF_LoadJpegImageFromMem(doc_.get(), reinterpret_cast<const HPDF_BYTE*>(bytes.data()),
                                        static_cast<HPDF_UINT>(bytes.size()));
      break;
  }
  const std::string hint = "the file may be damaged or an unsupported variant; " + resave;
  if (!doc_.check(diags, where, "loading image '" + path + "'", {hint})) return nullptr;
  if (!image) diags.error(where, "cannot load image '" + path + "'", {hint});
  return image;
}

bool ImageDrawer::draw(HPDF_Page page, const std::vector<paginate::PlacedImage>& images, double page_height,
                       Diagnostics& diags) {
  for (const auto& placed : images) {
    HPDF_Image image = load(placed.path, diags);
    if (!image) return false;
    HPDF_Rect box = pdf_rect(placed.x, placed.y, placed.width, placed.height, page_height);
    HPDF_Page_DrawImage(page, image, box.left, box.bottom, box.right - box.left, box.top - box.bottom);
  }
  return true;
}

}  // namespace hanji::pdf
