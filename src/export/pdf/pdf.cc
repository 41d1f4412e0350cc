// write_pdf: one libharu document per call, built in a fixed order (fonts by index, pages,
// outline, info) so the same Document always gives the same bytes. Any libharu error
// abandons the document: the caller gets nullopt and a diagnostic, never half a file.
#include "export/pdf/pdf.h"

#include <memory>
#include <optional>

#include "export/pdf/document_info.h"
#include "export/pdf/font_usage.h"
#include "export/pdf/haru_doc.h"
#include "export/pdf/haru_objects.h"
#include "export/pdf/serializer.h"
#include "export/pdf/page_graphics.h"
#include "export/pdf/standards.h"
#include "export/pdf/struct_tree.h"
#include "export/pdf/pdf_text.h"

namespace hanji::pdf {
namespace {

// Runs name their font by index; a bad index is a bug upstream, caught before any drawing.
bool fonts_valid(const doc::Document& doc, Diagnostics& diags) {
  for (const auto& page : doc.pages) {
    for (const auto& placed : page.runs) {
      if (placed.run.font >= 0 && static_cast<std::size_t>(placed.run.font) < doc.fonts.size()) continue;
      diags.error(placed.run.span, "internal error: text '" + placed.run.text + "' uses font " +
                                       std::to_string(placed.run.font) + " but the document has " +
                                       std::to_string(doc.fonts.size()) + " fonts");
      return false;
    }
  }
  return true;
}

bool load_fonts(HaruDoc& haru, PdfText& text, const doc::Document& doc,
                const std::vector<FontUsage>& usage, Diagnostics& diags) {
  for (std::size_t i = 0; i < doc.fonts.size(); ++i) {
    if (!usage[i].used()) continue;
    const doc::FontInfo& font = doc.fonts[i];
    int errors_before = diags.error_count();
    if (text.load_font(static_cast<int>(i), font, usage[i], diags) && haru.ok()) continue;
    const Span where = font.where();
    const std::vector<std::string> hints{"use a TrueType (glyf) font; CFF-based .otf fonts cannot be embedded"};
    if (haru.check(diags, where, "embedding font '" + font.postscript_name + "'", hints) &&
        diags.error_count() == errors_before)
      diags.error(where, "cannot embed font '" + font.postscript_name + "'", hints);
    return false;
  }
  return true;
}

bool set_page_size(HaruDoc& haru, HPDF_Page page, const doc::Document& doc, Diagnostics& diags) {
  HPDF_Page_SetWidth(page, static_cast<HPDF_REAL>(doc.page_width));
  HPDF_Page_SetHeight(page, static_cast<HPDF_REAL>(doc.page_height));
  return haru.check(diags, {},
                    "setting the page size to " + std::to_string(doc.page_width) + " x " +
                        std::to_string(doc.page_height) + " pt",
                    {"page sides must be between 3 and 14400 pt"});
}

// The link annotations, written by the direct writer as objects of `extra`.
struct Links {
  ExtraObjects* extra = nullptr;
  std::vector<LinkAnnotation> objects;
};

bool draw_pages(HaruDoc& haru, PdfText& text, const doc::Document& doc, const DocumentClusters& clusters,
                const DocumentReadings& readings,
                MarkedContent* marks, std::vector<HPDF_Page>& pages, Links& links, WriteWork& work,
                image::PrintCopies* photo_copies, Diagnostics& diags) {
  ImageDrawer images(haru, work, photo_copies);
  // A PDF without pages is not something a viewer can open: an empty CV gets one blank page.
  const std::vector<doc::Page> blank(1);
  const std::vector<doc::Page>& content = doc.pages.empty() ? blank : doc.pages;
  for (const auto& page_content : content) {
    HPDF_Page page = HPDF_AddPage(haru.get());
    if (!haru.check(diags, {}, "adding a page") || !set_page_size(haru, page, doc, diags)) return false;
    pages.push_back(page);
    const PageMarks page_marks{marks, pages.size() - 1};
    draw_rects(page, page_content.backgrounds, doc.page_height, page_marks);
    draw_rects(page, page_content.rects, doc.page_height, page_marks);
    if (marks) write_operators(page, marks->close());
    if (!images.draw(page, page_content.images, doc.page_height, diags, page_marks)) return false;
    text.draw_runs(page, page_content.runs, clusters, readings, pages.size() - 1, doc.page_height, marks);
    add_link_objects(page, page_content.links, doc.page_height, diags, page_marks, *links.extra, links.objects);
    if (!haru.check(diags, {}, "drawing page " + std::to_string(pages.size()))) return false;
  }
  return true;
}

// The file, written straight from libharu's objects and the extra ones.
std::optional<std::string> save(HaruDoc& haru, bool with_id, const ExtraObjects& extra, WriteWork& work,
                                const WriteMemo* memo, Diagnostics& diags) {
  if (!haru.check(diags, {}, "building the document")) return std::nullopt;
  std::optional<std::string> bytes = serialize_pdf(haru.get(), extra, with_id, work, memo);
  if (!bytes)
    diags.error({}, "internal error: the PDF writer met a libharu object it does not know",
                {"please report this with the CV that caused it"});
  return bytes;
}

}  // namespace

std::optional<std::string> write_pdf(const doc::Document& doc, const Options& options, Diagnostics& diags,
                                     WriteWork* work) {
  if (!fonts_valid(doc, diags)) return std::nullopt;
  WriteWork uncounted;
  WriteWork& counted = work ? *work : uncounted;
  HaruDoc haru;
  HPDF_Doc pdf = haru.get();
  if (!haru.check(diags, {}, "creating the document")) return std::nullopt;
  // Before any font: fonts loaded earlier keep uncompressed streams (pitfall 1).
  HPDF_SetCompressionMode(pdf, HPDF_COMP_ALL);
  if (!haru.check(diags, {}, "setting up the document")) return std::nullopt;

  // Declared after haru: destroyed first, while libharu's document still exists.
  PdfText text(pdf, counted, &options.memo);
  const DocumentClusters clusters(doc);             // split once for the font usage and the drawing,
  const DocumentReadings readings(doc, clusters);  // and read once
  const std::vector<FontUsage> usage = collect_font_usage(doc, readings);
  if (!load_fonts(haru, text, doc, usage, diags)) return std::nullopt;

  std::optional<MarkedContent> marks;
  if (options.output.tagged && !doc.structure.empty()) marks.emplace(doc);
  const doc::PdfStandard standard = options.output.standard;
  if (!check_standard(doc, options.output, marks.has_value(), diags)) return std::nullopt;
  MarkedContent* marking = marks ? &*marks : nullptr;
  std::vector<HPDF_Page> pages;
  ExtraObjects extra;  // the structure tree and the links, written beside libharu's objects
  Links links{&extra, {}};
  if (!draw_pages(haru, text, doc, clusters, readings, marking, pages, links, counted, options.photo_copies, diags)) return std::nullopt;
  if (marks) {
    marks->finish();
    if (!write_structure_tree(pdf, *marks, pages, tagged_link_objects(links.objects), extra) ||
        !haru.check(diags, {}, "writing the structure tree"))
      return std::nullopt;
  }
  write_link_annotations(links.objects, marking, is_archival(standard), extra);
  add_bookmarks(pdf, doc.bookmarks, pages, doc.page_height, diags);
  if (!haru.check(diags, {}, "writing the outline")) return std::nullopt;
  add_page_labels(pdf, options.page_labels, pages.size());
  if (!haru.check(diags, {}, "writing the page labels")) return std::nullopt;
  set_document_info(pdf, doc.meta, options.creation_time);
  text.set_language(doc.meta.language);
  text.finish();
  if (!add_standard_parts(pdf, doc, standard, options.creation_time) ||
      !haru.check(diags, options.output.standard_span, "adding what the PDF standard asks for"))
    return std::nullopt;
  return save(haru, standard != doc::PdfStandard::None, extra, counted, &options.memo, diags);
}

std::string libharu_version() { return HPDF_GetVersion(); }

}  // namespace hanji::pdf
