// Highlights and RenderCV's nested bullets. RenderCV has no YAML structure for nesting; users
// write continuation lines starting with "- ", which YAML folds into one string:
//   - Published research          ->  "Published research - ICML 2022 - NeurIPS 2022"
//     - ICML 2022
//     - NeurIPS 2022
// Splitting at " - " gives back the parent and its children.
#include <fmt/format.h>

#include "readers/reader.h"

namespace hanji::readers {

namespace {

constexpr std::string_view kNestSeparator = " - ";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n'; }

// [begin, end) of value without surrounding whitespace.
std::pair<size_t, size_t> trimmed(std::string_view value, size_t begin, size_t end) {
  while (begin < end && is_space(value[begin])) ++begin;
  while (end > begin && is_space(value[end - 1])) --end;
  return {begin, end};
}

Highlight split_highlight(const YamlNode& item, const SourceText& source) {
  std::string_view value = item.scalar;
  ScalarLocator locate(source, item);  // the parts come in order
  Highlight highlight;
  size_t cut = value.find(kNestSeparator);
  auto [head_begin, head_end] = trimmed(value, 0, cut == std::string_view::npos ? value.size() : cut);
  highlight.text = Text{std::string(value.substr(head_begin, head_end - head_begin)),
                        locate.at(head_begin)};
  while (cut != std::string_view::npos) {
    size_t begin = cut + kNestSeparator.size();
    cut = value.find(kNestSeparator, begin);
    auto [child_begin, child_end] = trimmed(value, begin, cut == std::string_view::npos ? value.size() : cut);
    if (child_begin == child_end) continue;
    highlight.children.push_back(Text{std::string(value.substr(child_begin, child_end - child_begin)),
                                      locate.at(child_begin)});
  }
  return highlight;
}

}  // namespace

std::vector<Highlight> read_highlights(const YamlNode& node, Reader& reader) {
  std::vector<Highlight> highlights;
  if (node.is_null()) return highlights;
  if (!reader.expect_list(node, "highlights", "write each highlight on its own line starting with '- '"))
    return highlights;
  for (const YamlNode& item : node.items) {
    if (item.is_scalar() && item.plain) {
      if (!reader.count_parts(item.span)) break;
      highlights.push_back(Highlight{make_text(item), {}});
    } else if (item.is_scalar()) {
      Highlight highlight = split_highlight(item, reader.source);
      if (!reader.count_parts(item.span, 1 + highlight.children.size())) break;
      highlights.push_back(std::move(highlight));
    } else if (item.is_null()) {
      reader.diags.error(item.span, "empty highlight", {"remove the empty '- ' line or write the highlight"});
    } else if (!reader.report_comma_cut(item, "text for a highlight")) {
      reader.diags.error(item.span, fmt::format("expected text for a highlight, found {}", describe_kind(item)),
                         {"write nested bullets inside the highlight: continuation lines starting with '- ', "
                          "or ' - ' between the parts"});
    }
  }
  return highlights;
}

}  // namespace hanji::readers
