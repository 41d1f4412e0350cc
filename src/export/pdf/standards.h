// PDF/UA-1 and PDF/A-2 (b and a): what a file must hold to claim them, and the refusal when a
// CV cannot. Every standard gets XMP metadata that repeats the Info dictionary and names the
// standard (pdfuaid:part 1, pdfaid:part 2 with conformance B or A) and a file identifier; PDF/A
// also an output intent with an embedded sRGB profile (the colours' meaning, for printing in
// years) and link annotations that print. The structure tree (UA-1, A-2a) and fonts that may
// be embedded come from the rest of the writer.
#pragma once

#include <hpdf.h>

#include <optional>
#include <vector>

#include "core/core.h"
#include "doc/doc.h"

namespace hanji::pdf {

/// The bytes of the sRGB ICC profile built into hanji (Debian's icc-profiles-free).
std::string_view srgb_profile();

/// Whether `standard` is one of PDF/A's (its annotations must print).
bool is_archival(doc::PdfStandard standard);

/// Whether `doc` can meet the standard `output` asks for when written `tagged` or not: false,
/// with an error naming what stands in the way and what to do, when it cannot.
bool check_standard(const doc::Document& doc, const doc::PdfOutput& output, bool tagged, Diagnostics& diags);

/// Adds the parts of `standard` to `pdf` (Info already set; the link annotations get their
/// flags from write_link_annotations). False when libharu failed.
bool add_standard_parts(HPDF_Doc pdf, const doc::Document& doc, doc::PdfStandard standard,
                        std::optional<long long> creation_time);

/// The XMP packet for `standard` with the document's information (what the Info dictionary
/// says, each value as it is there), for the catalog's /Metadata.
struct InfoValues {
  std::string title, author, subject, keywords, creator, producer;
  std::optional<long long> created;  // seconds since the epoch, UTC
};
std::string xmp_packet(doc::PdfStandard standard, const InfoValues& info, const std::string& language);

}  // namespace hanji::pdf
