// Fuzz target: any text through the inline markup parser (**bold**, *italic*, [links](url),
// bare addresses, escapes) and bold keywords. Input: "KEYWORD,KEYWORD\x01TEXT" or just TEXT.
// The visible text never holds more characters than the source (markup is only removed), and
// the value written back for the Markdown export links only what the PDF links.
#include <cstdlib>
#include <string>
#include <vector>

#include "compose/markup.h"
#include "core/links.h"
#include "fuzz/fuzz.h"

namespace {

std::vector<std::string> split_keywords(const std::string& list) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t comma = list.find(','); out.size() < 100; comma = list.find(',', start)) {
    out.push_back(list.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t separator = input.find('\x01');
  const std::string value = separator == std::string::npos ? input : input.substr(separator + 1);
  const hanji::compose::BoldKeywords keywords(
      separator == std::string::npos ? std::vector<std::string>{} : split_keywords(input.substr(0, separator)));
  hanji::Diagnostics diags;
  const hanji::model::Text text{value, hanji::Span{"cv.yaml", 3, 7}};
  const auto inlines = hanji::compose::parse_markup(text, hanji::compose::FontSpec{}, hanji::Rgb{}, keywords, diags);
  std::size_t visible = 0;
  for (const auto& in : inlines) visible += hanji::utf8_decode(in.text).size();
  if (visible > hanji::utf8_decode(value).size()) std::abort();
  (void)hanji::compose::plain_text(value);
  // The value written back for the Markdown export links nothing the PDF would not: read
  // again, its every link has a web, mail or phone scheme (a bare https:// address that was a
  // refused link's text may become one: it is a web address, as it reads).
  hanji::Diagnostics quiet;
  const hanji::model::Text linked{hanji::compose::markup_linked_as_set(value), {}};
  for (const auto& in : hanji::compose::parse_inline(linked, hanji::compose::FontSpec{}, hanji::Rgb{}, quiet))
    if (!in.link.empty() && !hanji::is_linkable_scheme(hanji::uri_scheme(in.link))) std::abort();
  return 0;
}
