// Document-level data through libharu's public API: the Info dictionary (title, author...,
// UTF-8 so Korean names survive) and the outline (bookmarks) with its Korean titles.
#pragma once

#include <hpdf.h>

#include <optional>
#include <vector>

#include "doc/doc.h"
#include "core/core.h"
#include "export/exporter.h"

namespace hanji::pdf {

/// Title, Author, Subject, Keywords (when set) and Creator "hanji"; CreationDate and ModDate
/// only for an explicit `creation_time` (seconds since the epoch, written as UTC), so that by
/// default the same input gives the same bytes. The strings are UTF-8, which the serializer
/// (serializer.h) writes as PDF text strings.
void set_document_info(HPDF_Doc doc, const doc::Metadata& meta, std::optional<long long> creation_time);

/// The date libharu writes for `epoch_seconds`, in UTC.
HPDF_Date utc_date(long long epoch_seconds);

/// One top-level outline entry per bookmark, opening its page at the bookmark's height; the
/// viewer shows the outline panel when there is one. Bookmarks to pages that do not exist
/// are skipped with a warning. Titles are UTF-8, encoded like the info strings.
void add_bookmarks(HPDF_Doc doc, const std::vector<doc::Bookmark>& bookmarks,
                   const std::vector<HPDF_Page>& pages, double page_height, Diagnostics& diags);

/// The document's /PageLabels from `labels` (none written when it is empty); a label starting
/// past the last page is left out. Prefixes are UTF-8, encoded like the info strings.
void add_page_labels(HPDF_Doc doc, const std::vector<exports::PageLabel>& labels, std::size_t page_count);

}  // namespace hanji::pdf
