// The limits hanji holds every input to, in one place. Each keeps one kind of hostile or
// broken input (a runaway paste, a billion-laughs YAML, a 300-megapixel photo) from taking
// more than a second or two and a bounded amount of memory; each is far beyond any real CV
// (the longest sample is 20 KB and 3 pages). A refusal is an error at the file, line and
// column that crossed the limit, saying what to do. docs/security.md lists them.
#pragma once

#include <cstddef>

namespace hanji::limits {

/// Bytes in a CV or layout file (the longest academic CV we know is 60 KB; a 20-page one
/// with 300 publications would be about 100 KB).
inline constexpr std::size_t kMaxInputBytes = 256u << 10;  // 256 KiB

/// Nested lists and maps in a YAML file (a CV needs 6).
inline constexpr int kMaxNestingDepth = 64;

/// Nodes and bytes that YAML aliases (*name) may add in all, so that a file which reuses a
/// block still builds, while a billion laughs stops at once in bounded memory.
inline constexpr std::size_t kMaxAliasNodes = 100'000;
inline constexpr std::size_t kMaxAliasBytes = 4u << 20;  // 4 MiB of copied text

/// Bytes in a layout file (the built-in ones have under 3 KiB). With the chain below, the
/// layouts of one CV come to at most 17 x 16 KiB of YAML to read beside the CV's 256 KiB.
inline constexpr std::size_t kMaxLayoutBytes = 16u << 10;  // 16 KiB

/// Layouts in an `extends:` chain (the built-in ones use 2).
inline constexpr int kMaxExtendsDepth = 16;

/// Characters in one word, that is, between two spaces or line breaks (a long URL is a few
/// hundred). Text without spaces is set by emergency breaks between characters.
inline constexpr std::size_t kMaxWordLength = 2000;

/// Characters in a web address (what browsers and PDF viewers reliably take; every line a
/// link spans carries its own copy of it in the PDF).
inline constexpr std::size_t kMaxUrlLength = 2000;

/// Sections, entries and highlights in a CV (nested highlights count each): one line each at
/// least, so more than a CV of kMaxPages pages can hold. Each costs memory and time to read,
/// compose and set before the page limit could be found.
inline constexpr std::size_t kMaxCvParts = 10'000;

/// Values the command line sets in a CV (`--set KEY=VALUE`, RenderCV's `--cv.KEY VALUE`): a
/// few change a phone number or a theme; a CV built from thousands of them belongs in a file.
/// Each walks the CV's tree from its root and is a "file" of its own in messages.
inline constexpr std::size_t kMaxOverrides = 1000;

/// Recipients in a list of `hanji build --recipients`: each is a whole build of the application
/// (a letter and its CV, about a hundredth of a second for a three-page one), so a list of
/// 10,000 would take minutes; a hundred tailored letters is more than a search for a job sends.
inline constexpr std::size_t kMaxRecipients = 100;

/// Keywords in settings.bold_keywords (each is looked for in every paragraph).
inline constexpr std::size_t kMaxBoldKeywords = 100;

/// Pixels in a photo: a 12-megapixel phone photo (4032 x 3024) fits; a 3 x 4 cm photo printed
/// at 600 dpi needs 700 x 950. Every pixel of a PNG is inflated and unfiltered to scale it
/// down (about 20 ns a pixel here: a quarter of a second at the limit).
inline constexpr long long kMaxImagePixels = 12'500'000;
/// Bytes in a photo file (a lossless PNG photo of 12 megapixels takes up to about 30 MiB).
inline constexpr std::size_t kMaxImageBytes = 32u << 20;  // 32 MiB
/// Bytes in a JPEG photo, and in a progressive one: each is decoded whole to check it, at about
/// 11 ns a byte for a baseline JPEG and 30 ns for a progressive one (a quarter of a second at
/// each limit). A phone's 12-megapixel JPEG has 3 to 8 MiB.
inline constexpr std::size_t kMaxJpegBytes = 16u << 20;             // 16 MiB
inline constexpr std::size_t kMaxProgressiveJpegBytes = 8u << 20;  // 8 MiB

/// Bytes in a font file (Nanum's are 2 to 4 MiB; a full CJK TrueType font about 20 MiB).
inline constexpr std::size_t kMaxFontBytes = 64u << 20;  // 64 MiB

/// Pages in the PDF.
inline constexpr std::size_t kMaxPages = 100;

/// Pages that --fit-pages (or a layout's fit_pages) lays out in all, its first layout
/// included: a 3-page CV takes its seven layouts (21 pages), a 20-page one six, a 40-page
/// one three; a CV longer than half of this is laid out once and not fitted, with a warning.
/// Each layout costs as much as the first, so this bounds fitting at about twice a 60-page
/// build.
inline constexpr std::size_t kMaxFitPages = 120;

/// What the PNG pictures of one build may draw, all pages together (`--format png`, RenderCV's
/// png_path or dont_generate_png: false), in pixels. Drawing costs about 15 ns a pixel (filling
/// the page, then compressing it) and 30 us a glyph (librsvg and cairo fill each glyph's
/// outline, whatever the resolution), so a glyph counts as 2,000 pixels: a dense A4 page of
/// 3,000 glyphs takes 0.1 s at 150 dpi, while the PDF of 100 such pages takes 0.2 s. 40 million
/// keeps a build's pictures to about half a second: one A4 résumé page (2,500 glyphs) at
/// 600 dpi, three at 300 dpi, five at 150 dpi, fifteen at 36 dpi. SVG pages cost what the PDF costs: the page limit bounds them.
/// A photo is drawn from a copy reduced to what its box needs at the page's resolution (at
/// most 400 dpi, fewer than twice the box's pixels each way; png.cc); each pixel of that copy,
/// on each page it is on, counts as six of the page. A phone's 12-megapixel photo in a 3 x 4 cm
/// box is a copy of 0.2 million pixels at 150 dpi and 0.8 million at 600 dpi.
inline constexpr long long kMaxPngPixels = 40'000'000;
inline constexpr long long kPngPixelsPerGlyph = 2'000;
inline constexpr long long kPngPixelsPerPhotoPixel = 6;

/// Items of a list a layout sets (template lines, table columns and their widths): a
/// résumé's entry has a handful of lines and a form a handful of columns, while 20,000 lines
/// per entry would take seconds to set.
inline constexpr std::size_t kMaxLayoutListItems = 32;
/// Regions of a page grid: a header, columns, the main flow; a dozen is far more than any.
inline constexpr std::size_t kMaxRegions = 12;

/// Diagnostics printed per run; the rest are counted ("and 812 more errors").
inline constexpr std::size_t kMaxPrintedDiagnostics = 100;

}  // namespace hanji::limits
