// What the formats share (see exporter.h).
#include "export/exporter.h"

namespace hanji::exports {

bool looks_like_text(std::string_view head) {
  if (head.find('\0') != std::string_view::npos) return false;
  for (std::size_t cut = 0; cut < 4 && cut <= head.size(); ++cut)
    if (utf8_valid(head.substr(0, head.size() - cut))) return true;
  return false;
}

}  // namespace hanji::exports
