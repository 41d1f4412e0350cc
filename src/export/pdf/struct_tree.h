// Tagged PDF, the document side: the structure tree of the marked content (marked_content.h)
// written as libharu objects. The catalog gets /StructTreeRoot, /MarkInfo <</Marked true>>
// and /ViewerPreferences <</DisplayDocTitle true>>; each page /StructParents (its key in the
// parent tree) and /Tabs /S (tab order by structure); each link annotation's Link element an object
// reference to it.
#pragma once

#include <hpdf.h>

#include <vector>

#include "export/pdf/serializer.h"
#include "export/pdf/marked_content.h"

namespace hanji::pdf {

/// Writes the tree of `marks` (finished): its elements as objects `out` holds for the direct
/// writer (serializer.h), the entries of the catalog and pages into `doc`. `pages` by index;
/// `annotations`: the link annotations' objects in `out` (write_link_annotations gives them
/// /StructParent and /Contents) by the index MarkedContent::add_annotation gave, -1 where none
/// was made. False when libharu failed (its error says why).
bool write_structure_tree(HPDF_Doc doc, const MarkedContent& marks, const std::vector<HPDF_Page>& pages,
                          const std::vector<int>& annotations, ExtraObjects& out);

}  // namespace hanji::pdf
