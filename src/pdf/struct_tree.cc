#include "pdf/struct_tree.h"

#include <hpdf_utils.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "pdf/haru_objects.h"

namespace hanji::pdf {

#if HPDF_VERSION_ID == 20300

namespace {

using Item = MarkedContent::Item;
using Element = MarkedContent::Element;

class TreeWriter {
 public:
  TreeWriter(HPDF_Doc doc, const MarkedContent& marks, const std::vector<HPDF_Page>& pages,
             const std::vector<HPDF_Annotation>& annotations)
      : doc_(doc), mmgr_(doc->mmgr), marks_(marks), pages_(pages), annotations_(annotations) {}

  bool write() {
    const std::vector<Element>& elements = marks_.elements();
    if (elements.empty() || !elements.front().has_content || pages_.size() < marks_.pages()) return true;
    HPDF_Dict root = new_object(doc_);
    if (!root) return false;
    HPDF_Dict_AddName(root, "Type", "StructTreeRoot");
    objects_.assign(elements.size(), nullptr);
    for (std::size_t i = 0; i < elements.size(); ++i)
      if (elements[i].has_content && !(objects_[i] = new_object(doc_))) return false;
    find_pages();
    for (std::size_t i = 0; i < elements.size(); ++i)
      if (objects_[i]) fill(i, objects_[i], elements[i].parent < 0 ? root : objects_[parent(i)]);
    HPDF_Dict_Add(root, "K", objects_[0]);
    HPDF_Dict_Add(root, "ParentTree", parent_tree());
    HPDF_Dict_AddNumber(root, "ParentTreeNextKey", static_cast<HPDF_INT32>(marks_.pages() + marks_.annotations().size()));
    for (std::size_t p = 0; p < marks_.pages(); ++p) {
      HPDF_Dict_AddNumber(pages_[p], "StructParents", static_cast<HPDF_INT32>(p));
      HPDF_Dict_AddName(pages_[p], "Tabs", "S");
    }
    annotate_links();
    HPDF_Dict mark_info = HPDF_Dict_New(mmgr_);
    HPDF_Dict_Add(mark_info, "Marked", HPDF_Boolean_New(mmgr_, HPDF_TRUE));
    HPDF_Dict_Add(doc_->catalog, "MarkInfo", mark_info);
    HPDF_Dict_Add(doc_->catalog, "StructTreeRoot", root);
    // A reader's title bar shows the CV's title, not its file name (PDF/UA asks for it).
    HPDF_Dict preferences = HPDF_Dict_New(mmgr_);
    HPDF_Dict_Add(preferences, "DisplayDocTitle", HPDF_Boolean_New(mmgr_, HPDF_TRUE));
    HPDF_Dict_Add(doc_->catalog, "ViewerPreferences", preferences);
    return HPDF_GetError(doc_) == HPDF_OK;
  }

 private:
  std::size_t parent(std::size_t i) const { return static_cast<std::size_t>(marks_.elements()[i].parent); }

  HPDF_String text(const std::string& value) { return HPDF_String_New(mmgr_, value.c_str(), nullptr); }

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

  void fill(std::size_t index, HPDF_Dict object, HPDF_Dict parent) {
    const Element& element = marks_.elements()[index];
    HPDF_Dict_AddName(object, "S", element.type.c_str());
    HPDF_Dict_Add(object, "P", parent);
    if (states_page_[index]) HPDF_Dict_Add(object, "Pg", pages_[page_[index]]);
    std::vector<void*> kids;
    for (const Item& item : element.items)
      if (void* kid = kid_of(item, page_[index])) kids.push_back(kid);
    if (kids.size() == 1) {  // one kid goes in as itself, without an array around it
      HPDF_Dict_Add(object, "K", kids.front());
    } else {
      HPDF_Array array = HPDF_Array_New(mmgr_);
      for (void* kid : kids) HPDF_Array_Add(array, kid);
      HPDF_Dict_Add(object, "K", array);
    }
    if (!element.alt.empty()) HPDF_Dict_Add(object, "Alt", text(element.alt));
    if (!element.language.empty()) HPDF_Dict_Add(object, "Lang", text(element.language));
    if (element.type == "TH") {
      HPDF_Dict attributes = HPDF_Dict_New(mmgr_);
      HPDF_Dict_AddName(attributes, "O", "Table");
      HPDF_Dict_AddName(attributes, "Scope", element.row_header ? "Row" : "Column");
      HPDF_Dict_Add(object, "A", attributes);
    }
  }

  // A kid of an element: an element (indirect: added as a reference), an MCID on the
  // element's page, a marked-content reference to another page, an annotation's reference.
  void* kid_of(const Item& item, std::size_t page) {
    switch (item.kind) {
      case Item::Kind::Element:
        return objects_[static_cast<std::size_t>(item.index)];
      case Item::Kind::Content: {
        if (item.page == page) return HPDF_Number_New(mmgr_, item.index);
        HPDF_Dict reference = HPDF_Dict_New(mmgr_);
        HPDF_Dict_AddName(reference, "Type", "MCR");
        HPDF_Dict_Add(reference, "Pg", pages_[item.page]);
        HPDF_Dict_AddNumber(reference, "MCID", item.index);
        return reference;
      }
      case Item::Kind::Annotation: {
        HPDF_Annotation annotation = annotation_at(item.index);
        if (!annotation) return nullptr;
        HPDF_Dict reference = HPDF_Dict_New(mmgr_);
        HPDF_Dict_AddName(reference, "Type", "OBJR");
        HPDF_Dict_Add(reference, "Obj", annotation);
        return reference;
      }
    }
    return nullptr;
  }

  HPDF_Annotation annotation_at(int index) const {
    return index >= 0 && static_cast<std::size_t>(index) < annotations_.size() ? annotations_[static_cast<std::size_t>(index)]
                                                                               : nullptr;
  }

  // Key p: the elements of page p's MCIDs, in MCID order; then one key per link annotation.
  HPDF_Dict parent_tree() {
    HPDF_Dict tree = HPDF_Dict_New(mmgr_);
    HPDF_Array nums = HPDF_Array_New(mmgr_);
    for (std::size_t p = 0; p < marks_.pages(); ++p) {
      HPDF_Array_AddNumber(nums, static_cast<HPDF_INT32>(p));
      HPDF_Array owners = HPDF_Array_New(mmgr_);
      for (int owner : marks_.owners_on(p)) HPDF_Array_Add(owners, objects_[static_cast<std::size_t>(owner)]);
      HPDF_Array_Add(nums, owners);
    }
    const auto& annotations = marks_.annotations();
    for (std::size_t a = 0; a < annotations.size(); ++a) {
      if (!annotation_at(static_cast<int>(a))) continue;
      HPDF_Array_AddNumber(nums, marks_.struct_parent_of_annotation(static_cast<int>(a)));
      HPDF_Array_Add(nums, objects_[static_cast<std::size_t>(annotations[a].element)]);
    }
    HPDF_Dict_Add(tree, "Nums", nums);
    return tree;
  }

  void annotate_links() {
    const auto& annotations = marks_.annotations();
    for (std::size_t a = 0; a < annotations.size(); ++a) {
      HPDF_Annotation annotation = annotation_at(static_cast<int>(a));
      if (!annotation) continue;
      HPDF_Dict_AddNumber(annotation, "StructParent", marks_.struct_parent_of_annotation(static_cast<int>(a)));
      HPDF_Dict_Add(annotation, "Contents", text(annotations[a].uri));
    }
  }

  HPDF_Doc doc_;
  HPDF_MMgr mmgr_;
  const MarkedContent& marks_;
  const std::vector<HPDF_Page>& pages_;
  const std::vector<HPDF_Annotation>& annotations_;
  std::vector<HPDF_Dict> objects_;  // by element; null for one without content
  std::vector<std::size_t> page_;   // by element: the page its MCIDs count on
  std::vector<bool> states_page_;   // by element: whether it writes that page as /Pg
};

}  // namespace

bool structure_tree_available() { return true; }

bool write_structure_tree(HPDF_Doc doc, const MarkedContent& marks, const std::vector<HPDF_Page>& pages,
                          const std::vector<HPDF_Annotation>& annotations) {
  return TreeWriter(doc, marks, pages, annotations).write();
}

#else

bool structure_tree_available() { return false; }

bool write_structure_tree(HPDF_Doc, const MarkedContent&, const std::vector<HPDF_Page>&,
                          const std::vector<HPDF_Annotation>&) {
  return true;
}

#endif

}  // namespace hanji::pdf
