#include "export/pdf/document_info.h"

#include <algorithm>
#include <chrono>
#include <string>

namespace hanji::pdf {
namespace {

// libharu refuses a string longer than 65535 bytes and poisons the whole document (a CV with
// 10,000 sections had that many bytes of keywords). Metadata is for a viewer's Properties
// window and for search: its first thousand-odd characters say all there is to say.
constexpr std::size_t kMaxInfoBytes = 1000;
constexpr std::size_t kMaxBookmarkBytes = 400;

// `text` cut to at most `max_bytes` at a character boundary, preferring the end of a list item
// (", ") when `list` is set, with "…" when anything was cut.
std::string bounded(const std::string& text, std::size_t max_bytes, bool list = false) {
  if (text.size() <= max_bytes) return text;
  std::size_t cut = max_bytes - 3;  // room for the ellipsis
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  if (list) {
    const std::size_t item_end = text.rfind(", ", cut);
    if (item_end != std::string::npos && item_end > 0) return text.substr(0, item_end) + ", \u2026";
  }
  return text.substr(0, cut) + "\u2026";
}

void set_if_present(HPDF_Doc doc, HPDF_InfoType type, const std::string& value, bool list = false) {
  if (!value.empty()) HPDF_SetInfoAttr(doc, type, bounded(value, kMaxInfoBytes, list).c_str());
}

}  // namespace

HPDF_Date utc_date(long long epoch_seconds) {
  using namespace std::chrono;
  const sys_seconds time{seconds{epoch_seconds}};
  const sys_days day = floor<days>(time);
  const year_month_day date{day};
  const hh_mm_ss clock{time - day};
  HPDF_Date out{};
  out.year = static_cast<int>(date.year());
  out.month = static_cast<int>(static_cast<unsigned>(date.month()));
  out.day = static_cast<int>(static_cast<unsigned>(date.day()));
  out.hour = static_cast<int>(clock.hours().count());
  out.minutes = static_cast<int>(clock.minutes().count());
  out.seconds = static_cast<int>(clock.seconds().count());
  out.ind = 'Z';
  return out;
}

void set_document_info(HPDF_Doc doc, const doc::Metadata& meta, std::optional<long long> creation_time) {
  set_if_present(doc, HPDF_INFO_TITLE, meta.title);
  set_if_present(doc, HPDF_INFO_AUTHOR, meta.author);
  set_if_present(doc, HPDF_INFO_SUBJECT, meta.subject);
  set_if_present(doc, HPDF_INFO_KEYWORDS, meta.keywords, true);
  HPDF_SetInfoAttr(doc, HPDF_INFO_CREATOR, "hanji");
  if (creation_time) {
    HPDF_Date date = utc_date(*creation_time);
    HPDF_SetInfoDateAttr(doc, HPDF_INFO_CREATION_DATE, date);
    HPDF_SetInfoDateAttr(doc, HPDF_INFO_MOD_DATE, date);
  }
}

void add_bookmarks(HPDF_Doc doc, const std::vector<doc::Bookmark>& bookmarks,
                   const std::vector<HPDF_Page>& pages, double page_height, Diagnostics& diags) {
  // No encoder: libharu keeps the title's bytes as they are, and the serializer writes the
  // UTF-8 text as a PDF text string (as it does the info strings).
  const HPDF_Encoder no_encoder = nullptr;
  bool any = false;
  // The latest outline entry of each level: where one a level deeper goes (a CV's sections
  // beneath the CV in a bound application).
  std::vector<HPDF_Outline> parents;
  for (const auto& bookmark : bookmarks) {
    if (bookmark.page < 0 || static_cast<std::size_t>(bookmark.page) >= pages.size()) {
      diags.warning({}, "bookmark '" + excerpt(bookmark.title) + "' points to page " + std::to_string(bookmark.page + 1) +
                            " of " + std::to_string(pages.size()) + "; left out of the outline");
      continue;
    }
    const std::size_t level = std::min(static_cast<std::size_t>(std::max(bookmark.level, 0)), parents.size());
    HPDF_Outline parent = level > 0 ? parents[level - 1] : nullptr;
    if (parent) HPDF_Outline_SetOpened(parent, HPDF_TRUE);  // a part's own bookmarks in view
    HPDF_Outline outline = HPDF_CreateOutline(doc, parent, bounded(bookmark.title, kMaxBookmarkBytes).c_str(), no_encoder);
    parents.resize(level);
    parents.push_back(outline);
    HPDF_Destination destination = HPDF_Page_CreateDestination(pages[static_cast<std::size_t>(bookmark.page)]);
    // Zoom 1, not 0: libharu rejects 0 ("keep the zoom") and poisons the document (pitfall 19).
    double top = std::clamp(page_height - bookmark.y, 0.0, page_height);
    HPDF_Destination_SetXYZ(destination, 0, static_cast<HPDF_REAL>(top), 1);
    HPDF_Outline_SetDestination(outline, destination);
    any = true;
  }
  if (any) HPDF_SetPageMode(doc, HPDF_PAGE_MODE_USE_OUTLINE);
}

void add_page_labels(HPDF_Doc doc, const std::vector<exports::PageLabel>& labels, std::size_t page_count) {
  for (const exports::PageLabel& label : labels) {
    if (label.first_page < 0 || static_cast<std::size_t>(label.first_page) >= page_count) continue;
    const HPDF_PageNumStyle style = label.style == exports::PageLabel::Style::LowerRoman
                                        ? HPDF_PAGE_NUM_STYLE_LOWER_ROMAN
                                        : HPDF_PAGE_NUM_STYLE_DECIMAL;
    // An empty prefix is none at all: libharu writes /P () for "" (a viewer shows the same).
    HPDF_AddPageLabel(doc, static_cast<HPDF_UINT>(label.first_page), style, 1,
                      label.prefix.empty() ? nullptr : bounded(label.prefix, kMaxBookmarkBytes).c_str());
  }
}

}  // namespace hanji::pdf
