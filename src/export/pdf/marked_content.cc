#include "export/pdf/marked_content.h"

#include <algorithm>

#include "core/core.h"

namespace hanji::pdf {
namespace {

enum class Script { None, Latin, Hangul, Kana, Han, Hebrew, Arabic, Cyrillic, Greek, Thai };

Script script_of(char32_t c) {
  if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) ||
      (c >= 0x1E00 && c <= 0x1EFF))
    return Script::Latin;
  if ((c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F)) return Script::Hangul;
  if (c >= 0x3040 && c <= 0x30FF) return Script::Kana;
  if ((c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF)) return Script::Han;
  if (c >= 0x0590 && c <= 0x05FF) return Script::Hebrew;
  if ((c >= 0x0600 && c <= 0x06FF) || (c >= 0x0750 && c <= 0x077F) || (c >= 0xFB50 && c <= 0xFDFF) ||
      (c >= 0xFE70 && c <= 0xFEFF))
    return Script::Arabic;
  if (c >= 0x0400 && c <= 0x04FF) return Script::Cyrillic;
  if (c >= 0x0370 && c <= 0x03FF) return Script::Greek;
  if (c >= 0x0E00 && c <= 0x0E7F) return Script::Thai;
  return Script::None;
}

// The script a language is written in (its primary subtag: "ko" of "ko-KR").
Script script_of_language(std::string_view language) {
  const std::string_view primary = language.substr(0, language.find('-'));
  auto is = [&](std::initializer_list<std::string_view> codes) {
    for (std::string_view code : codes)
      if (primary == code) return true;
    return false;
  };
  if (is({"ko"})) return Script::Hangul;
  if (is({"ja"})) return Script::Kana;
  if (is({"zh"})) return Script::Han;
  if (is({"he", "yi"})) return Script::Hebrew;
  if (is({"ar", "fa", "ur", "ps"})) return Script::Arabic;
  if (is({"ru", "uk", "be", "bg", "sr", "mk", "kk", "mn"})) return Script::Cyrillic;
  if (is({"el"})) return Script::Greek;
  if (is({"th"})) return Script::Thai;
  return Script::Latin;
}

}  // namespace

std::optional<std::string> language_of(std::string_view text, std::string_view document_language) {
  const Script document = script_of_language(document_language);
  for (std::size_t at = 0; at < text.size();) {
    const Script script = script_of(utf8_next(text, at));
    if (script == Script::None) continue;
    if (script == document) return "";
    switch (script) {
      case Script::Latin: return "en";
      case Script::Hangul: return "ko";
      case Script::Kana: return "ja";
      // Hanja in Korean and kanji in Japanese are their own language's.
      case Script::Han: return document == Script::Hangul || document == Script::Kana ? "" : "zh";
      case Script::Hebrew: return "he";
      case Script::Arabic: return "ar";
      case Script::Cyrillic: return "ru";
      case Script::Greek: return "el";
      case Script::Thai: return "th";
      case Script::None: break;
    }
  }
  return std::nullopt;
}

MarkedContent::MarkedContent(const doc::Document& doc)
    : document_language_(doc.meta.language), nodes_(doc.structure.size()),
      owners_(std::max<std::size_t>(1, doc.pages.size())), pages_(owners_.size()) {
  elements_.reserve(doc.structure.size());
  for (const doc::StructNode& node : doc.structure) {
    Element& element = elements_.emplace_back();
    element.type = doc::role_name(node.role);
    element.parent = node.parent;
    element.alt = node.alt;
    element.row_header = node.row_header;
    element.column_span = node.column_span;
  }
  // Children in reading order: the structure lists them so.
  for (std::size_t i = 1; i < elements_.size(); ++i) {
    const int parent = elements_[i].parent;
    if (parent >= 0 && static_cast<std::size_t>(parent) < i)
      elements_[static_cast<std::size_t>(parent)].items.push_back({Item::Kind::Element, static_cast<int>(i), 0});
  }
}

int MarkedContent::add_element(std::string type, int parent) {
  Element& element = elements_.emplace_back();
  element.type = std::move(type);
  element.parent = parent;
  const int index = static_cast<int>(elements_.size()) - 1;
  elements_[static_cast<std::size_t>(parent)].items.push_back({Item::Kind::Element, index, 0});
  return index;
}

// A link's runs one after the other (its lines, its parts in two scripts) make one Link
// element; the same address again later in the element is a link of its own.
int MarkedContent::link_in(int leaf, const std::string& uri) {
  std::vector<int>& links = links_[{leaf, uri}];
  const std::vector<Item>& items = elements_[static_cast<std::size_t>(leaf)].items;
  if (!links.empty() && !items.empty() && items.back().kind == Item::Kind::Element && items.back().index == links.back())
    return links.back();
  links.push_back(add_element("Link", leaf));
  return links.back();
}

// The Link element an annotation belongs to: the one of its element and address whose text
// runs through the annotation (the latest when none does).
int MarkedContent::link_of(std::size_t page, const doc::LinkArea& area) const {
  auto found = links_.find({area.tag, area.uri});
  if (found == links_.end() || found->second.empty()) return -1;
  const double x = area.x + area.width / 2;
  for (int link : found->second)
    for (const Element::Box& box : elements_[static_cast<std::size_t>(link)].boxes)
      if (box.page == page && x >= box.left && x <= box.right && box.baseline >= area.y &&
          box.baseline <= area.y + area.height)
        return link;
  return found->second.back();
}

int MarkedContent::span_in(int element, const std::string& language) {
  const std::vector<Item>& items = elements_[static_cast<std::size_t>(element)].items;
  if (!items.empty() && items.back().kind == Item::Kind::Element) {
    const Element& last = elements_[static_cast<std::size_t>(items.back().index)];
    if (last.type == "Span" && last.language == language) return items.back().index;
  }
  const int span = add_element("Span", element);
  elements_[static_cast<std::size_t>(span)].language = language;
  return span;
}

int MarkedContent::owner_of(std::size_t page, const doc::PlacedRun& placed) {
  const doc::GlyphRun& run = placed.run;
  const int base = run.link.empty() ? placed.tag : link_in(placed.tag, run.link);
  if (!run.link.empty())
    elements_[static_cast<std::size_t>(base)].boxes.push_back({page, placed.x, placed.x + run.width(), placed.baseline});
  const std::optional<std::string> language =
      language_of(run.actual_text ? *run.actual_text : run.text, document_language_);
  if (language && !language->empty()) return span_in(base, *language);
  // Digits and punctuation stay in the sequence open in their element, whatever its language.
  if (!language && open_ == Open::Content && open_page_ == page &&
      (open_element_ == base || (elements_[static_cast<std::size_t>(open_element_)].parent == base &&
                                 elements_[static_cast<std::size_t>(open_element_)].type == "Span")))
    return open_element_;
  return base;
}

std::string MarkedContent::open(std::size_t page, int element, const std::string& actual_text) {
  std::vector<int>& owners = owners_[page];
  const int mcid = static_cast<int>(owners.size());
  owners.push_back(element);
  elements_[static_cast<std::size_t>(element)].items.push_back({Item::Kind::Content, mcid, page});
  open_ = Open::Content;
  open_element_ = element;
  open_page_ = page;
  // Readers take replacement text only from a /Span sequence (poppler does): one that
  // carries it is tagged so, whatever its element (the structure tree says what that is).
  if (!actual_text.empty())
    return "/Span<</MCID " + std::to_string(mcid) + "/ActualText<" + actual_text + ">>>BDC\n";
  return "/" + elements_[static_cast<std::size_t>(element)].type + "<</MCID " + std::to_string(mcid) + ">>BDC\n";
}

std::string MarkedContent::before_run(std::size_t page, const doc::PlacedRun& placed) {
  if (!in_structure(placed.tag, page) || placed.run.decoration) return before_artifact();
  const int owner = owner_of(page, placed);
  if (open_ == Open::Content && open_element_ == owner && open_page_ == page) return "";
  std::string ops = close();  // before open(), which changes what close() sees
  return ops + open(page, owner);
}

std::string MarkedContent::before_image(std::size_t page, const doc::PlacedImage& image) {
  if (!in_structure(image.tag, page)) return before_artifact();
  std::string ops = close();
  return ops + open(page, image.tag);
}

std::string MarkedContent::before_artifact() {
  if (open_ == Open::Artifact) return "";
  std::string ops = close();
  open_ = Open::Artifact;
  return ops + "/Artifact BMC\n";
}

std::string MarkedContent::close() {
  resume_element_ = -1;
  if (open_ == Open::Nothing) return "";
  open_ = Open::Nothing;
  return "EMC\n";
}

std::string MarkedContent::begin_actual_text(const std::string& utf16_hex) {
  if (open_ != Open::Content && resume_element_ < 0) {
    nested_span_ = true;
    return "/Span <</ActualText <" + utf16_hex + ">>> BDC\n";
  }
  const int element = open_ == Open::Content ? open_element_ : resume_element_;
  std::string ops = close();
  return ops + open(open_page_, element, utf16_hex);
}

std::string MarkedContent::end_actual_text() {
  if (nested_span_) {
    nested_span_ = false;
    return "EMC\n";
  }
  const int element = open_element_;
  std::string ops = close();
  resume_element_ = element;
  return ops;
}

std::string MarkedContent::resume() {
  if (resume_element_ < 0 || open_ != Open::Nothing) return "";
  const int element = resume_element_;
  resume_element_ = -1;
  return open(open_page_, element);
}

int MarkedContent::add_annotation(std::size_t page, const doc::LinkArea& link) {
  if (!in_structure(link.tag, page)) return -1;
  int element = link_of(page, link);
  if (element < 0) element = link_in(link.tag, link.uri);  // an area without text: a link of its own
  const int index = static_cast<int>(annotations_.size());
  annotations_.push_back({page, element, link.uri});
  elements_[static_cast<std::size_t>(element)].items.push_back({Item::Kind::Annotation, index, page});
  return index;
}

// An element whose text is all in one other language (an English title in a Korean CV, a
// link's address) says so itself instead of holding one Span that does: one element fewer.
void MarkedContent::hoist_lone_spans() {
  for (std::size_t i = nodes_; i < elements_.size(); ++i) {
    Element& span = elements_[i];
    if (span.type != "Span" || span.parent < 0) continue;
    Element& parent = elements_[static_cast<std::size_t>(span.parent)];
    if (!parent.language.empty()) continue;
    const auto is_span = [&](const Item& item) {
      return item.kind == Item::Kind::Element && static_cast<std::size_t>(item.index) == i;
    };
    const bool alone = std::all_of(parent.items.begin(), parent.items.end(), [&](const Item& item) {
      return is_span(item) || item.kind == Item::Kind::Annotation;
    });
    if (!alone) continue;
    std::vector<Item> items;
    for (const Item& item : parent.items) {
      if (!is_span(item)) {
        items.push_back(item);
        continue;
      }
      for (const Item& inner : span.items) {
        items.push_back(inner);
        if (inner.kind == Item::Kind::Content) owners_[inner.page][static_cast<std::size_t>(inner.index)] = span.parent;
      }
    }
    parent.items = std::move(items);
    parent.language = span.language;
    span.items.clear();
  }
}

void MarkedContent::finish() {
  hoist_lone_spans();
  // Children come after their parents, so one pass from the end carries content upwards.
  for (std::size_t i = elements_.size(); i-- > 0;) {
    Element& element = elements_[i];
    for (const Item& item : element.items)
      if (item.kind != Item::Kind::Element) element.has_content = true;
    if (element.has_content && element.parent >= 0)
      elements_[static_cast<std::size_t>(element.parent)].has_content = true;
  }
}

const std::vector<int>& MarkedContent::owners_on(std::size_t page) const { return owners_.at(page); }

}  // namespace hanji::pdf
