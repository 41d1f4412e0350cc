#include "export/pdf/struct_tree.h"

#include <hpdf_utils.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "export/pdf/haru_objects.h"
#include "export/pdf/serializer.h"

namespace hanji::pdf {

namespace {

using Item = MarkedContent::Item;
using Element = MarkedContent::Element;

class TreeWriter {
 public:
  TreeWriter(HPDF_Doc doc, const MarkedContent& marks, const std::vector<HPDF_Page>& pages,
             const std::vector<int>& annotations, ExtraObjects& out)
      : doc_(doc), mmgr_(doc->mmgr), marks_(marks), pages_(pages), annotations_(annotations), out_(out) {}

  bool write() {
    const std::vector<Element>& elements = marks_.elements();
    if (elements.empty() || pages_.size() < marks_.pages()) return true;
    // A CV with nothing to read (an empty one: a blank page) is still a tagged PDF, of an
    // empty tree, as PDF/UA and PDF/A-2a ask.
    const int root = out_.add();
    objects_.assign(elements.size(), -1);
    for (std::size_t i = 0; i < elements.size(); ++i)
      if (elements[i].has_content) objects_[i] = out_.add();
    find_pages();
    for (std::size_t i = 0; i < elements.size(); ++i)
      if (objects_[i] >= 0) fill(i, elements[i].parent < 0 ? root : objects_[parent(i)]);
    out_.syntax(root, "<</Type/StructTreeRoot");
    if (objects_[0] >= 0) {
      out_.syntax(root, "/K");
      out_.reference_extra(root, objects_[0]);
    }
    parent_tree(root);
    out_.syntax(root, "/ParentTreeNextKey");
    out_.integer(root, static_cast<long long>(marks_.pages() + marks_.annotations().size()));
    out_.syntax(root, ">>");
    out_.link_from(doc_->catalog, "StructTreeRoot", root);
    for (std::size_t p = 0; p < marks_.pages(); ++p) {
      HPDF_Dict_AddNumber(pages_[p], "StructParents", static_cast<HPDF_INT32>(p));
      HPDF_Dict_AddName(pages_[p], "Tabs", "S");
    }
    HPDF_Dict mark_info = HPDF_Dict_New(mmgr_);
    HPDF_Dict_Add(mark_info, "Marked", HPDF_Boolean_New(mmgr_, HPDF_TRUE));
    HPDF_Dict_Add(doc_->catalog, "MarkInfo", mark_info);
    // A reader's title bar shows the CV's title, not its file name (PDF/UA asks for it).
    HPDF_Dict preferences = HPDF_Dict_New(mmgr_);
    HPDF_Dict_Add(preferences, "DisplayDocTitle", HPDF_Boolean_New(mmgr_, HPDF_TRUE));
    HPDF_Dict_Add(doc_->catalog, "ViewerPreferences", preferences);
    return HPDF_GetError(doc_) == HPDF_OK;
  }

 private:
  std::size_t parent(std::size_t i) const { return static_cast<std::size_t>(marks_.elements()[i].parent); }

  // Each element's page, against which the MCIDs it holds count: the first page any of its
  // content is on. An element states it (/Pg) only where it differs from the page it
  // inherits from the elements around it, which spares most elements the entry.
  void find_pages() {
    const std::vector<Element>& elements = marks_.elements();
    constexpr std::size_t kNone = SIZE_MAX;
    std::vector<std::size_t> first(elements.size(), kNone);
    for (std::size_t i = elements.size(); i-- > 0;) {  // children after parents: upwards from the end
      for (const Item& item : elements[i].items)
        if (item.kind == Item::Kind::Content) first[i] = std::min(first[i], item.page);
      if (elements[i].parent >= 0) first[parent(i)] = std::min(first[parent(i)], first[i]);
    }
    page_.assign(elements.size(), kNone);
    states_page_.assign(elements.size(), false);
    for (std::size_t i = 0; i < elements.size(); ++i) {
      const std::size_t inherited = elements[i].parent >= 0 ? page_[parent(i)] : kNone;
      states_page_[i] = first[i] != kNone && first[i] != inherited;
      page_[i] = states_page_[i] ? first[i] : inherited;
    }
  }

  void fill(std::size_t index, int parent_object) {
    const Element& element = marks_.elements()[index];
    const int object = objects_[index];
    out_.syntax(object, "<</S/" + element.type + "/P");
    out_.reference_extra(object, parent_object);
    if (states_page_[index]) {
      out_.syntax(object, "/Pg");
      out_.reference(object, pages_[page_[index]]);
    }
    std::vector<const Item*> kids;
    for (const Item& item : element.items)
      if (shown(item)) kids.push_back(&item);
    out_.syntax(object, "/K");
    if (kids.size() != 1) out_.syntax(object, "[");  // one kid goes in as itself
    for (const Item* kid : kids) add_kid(object, *kid, page_[index]);
    if (kids.size() != 1) out_.syntax(object, "]");
    if (!element.alt.empty()) {
      out_.syntax(object, "/Alt");
      out_.string(object, element.alt);
    }
    if (!element.language.empty()) {
      out_.syntax(object, "/Lang");
      out_.string(object, element.language);
    }
    if (element.type == "TH") out_.syntax(object, element.row_header ? "/A<</O/Table/Scope/Row>>" : "/A<</O/Table/Scope/Column>>");
    if (element.column_span > 1) out_.syntax(object, "/A<</O/Table/ColSpan " + std::to_string(element.column_span) + ">>");
    out_.syntax(object, ">>");
  }

  bool shown(const Item& item) const {
    switch (item.kind) {
      case Item::Kind::Element: return objects_[static_cast<std::size_t>(item.index)] >= 0;
      case Item::Kind::Content: return true;
      case Item::Kind::Annotation: return annotation_at(item.index) >= 0;
    }
    return false;
  }

  // A kid of an element: an element, an MCID on the element's page, a marked-content
  // reference to another page, an annotation's reference.
  void add_kid(int object, const Item& item, std::size_t page) {
    switch (item.kind) {
      case Item::Kind::Element:
        out_.reference_extra(object, objects_[static_cast<std::size_t>(item.index)]);
        return;
      case Item::Kind::Content:
        if (item.page == page) {
          out_.integer(object, item.index);
          return;
        }
        out_.syntax(object, "<</Type/MCR/Pg");
        out_.reference(object, pages_[item.page]);
        out_.syntax(object, "/MCID");
        out_.integer(object, item.index);
        out_.syntax(object, ">>");
        return;
      case Item::Kind::Annotation:
        out_.syntax(object, "<</Type/OBJR/Obj");
        out_.reference_extra(object, annotation_at(item.index));
        out_.syntax(object, ">>");
        return;
    }
  }

  // The extra object of link annotation `index`, or -1 where none was made.
  int annotation_at(int index) const {
    return index >= 0 && static_cast<std::size_t>(index) < annotations_.size() ? annotations_[static_cast<std::size_t>(index)]
                                                                               : -1;
  }

  // Key p: the elements of page p's MCIDs, in MCID order; then one key per link annotation.
  void parent_tree(int root) {
    out_.syntax(root, "/ParentTree<</Nums[");
    for (std::size_t p = 0; p < marks_.pages(); ++p) {
      out_.integer(root, static_cast<long long>(p));
      out_.syntax(root, "[");
      for (int owner : marks_.owners_on(p)) out_.reference_extra(root, objects_[static_cast<std::size_t>(owner)]);
      out_.syntax(root, "]");
    }
    const auto& annotations = marks_.annotations();
    for (std::size_t a = 0; a < annotations.size(); ++a) {
      if (annotation_at(static_cast<int>(a)) < 0) continue;
      out_.integer(root, marks_.struct_parent_of_annotation(static_cast<int>(a)));
      out_.reference_extra(root, objects_[static_cast<std::size_t>(annotations[a].element)]);
    }
    out_.syntax(root, "]>>");
  }

  HPDF_Doc doc_;
  HPDF_MMgr mmgr_;
  const MarkedContent& marks_;
  const std::vector<HPDF_Page>& pages_;
  const std::vector<int>& annotations_;  // extra objects by annotation index (-1: none made)
  ExtraObjects& out_;
  std::vector<int> objects_;        // by element: its extra object, -1 for one without content
  std::vector<std::size_t> page_;   // by element: the page its MCIDs count on
  std::vector<bool> states_page_;   // by element: whether it writes that page as /Pg
};

}  // namespace

bool write_structure_tree(HPDF_Doc doc, const MarkedContent& marks, const std::vector<HPDF_Page>& pages,
                          const std::vector<int>& annotations, ExtraObjects& out) {
  return TreeWriter(doc, marks, pages, annotations, out).write();
}

}  // namespace hanji::pdf
