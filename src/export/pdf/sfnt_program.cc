#include "export/pdf/sfnt_program.h"

#include <algorithm>

#include "text/sfnt.h"

namespace hanji::pdf {
namespace {

// What a viewer's TrueType rasteriser reads: the tables every TrueType font needs, the
// hinting programs when a font keeps them, and the informational OS/2, name and post.
constexpr std::string_view kEmbeddedTables[] = {"OS/2", "cvt ", "fpgm", "glyf", "head", "hhea",
                                                "hmtx", "loca", "maxp", "name", "post", "prep"};

}  // namespace

bool embedded_table(std::string_view tag) {
  return std::find(std::begin(kEmbeddedTables), std::end(kEmbeddedTables), tag) != std::end(kEmbeddedTables);
}

std::string pdf_font_program(std::string_view font) {
  std::optional<text::Sfnt> sfnt = text::read_sfnt(font);
  if (!sfnt) return std::string(font);
  const auto dropped = std::erase_if(sfnt->tables, [](const text::SfntTable& table) { return !embedded_table(table.tag); });
  if (dropped == 0) return std::string(font);
  return text::write_sfnt(*sfnt);
}

}  // namespace hanji::pdf
