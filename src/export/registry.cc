// The formats by name (see registry.h); the list itself is generated (exporter_list.cc).
#include "export/registry.h"

#include <algorithm>
#include <cctype>

namespace hanji::exports {

std::vector<const Exporter*> listed_exporters();  // generated from the folders: exporter_list.cc

const std::vector<const Exporter*>& exporters() {
  // Made once, on first use, and never changed: the list is the build's, not the run's.
  static const std::vector<const Exporter*> kSorted = [] {
    std::vector<const Exporter*> all = listed_exporters();
    std::stable_sort(all.begin(), all.end(), [](const Exporter* a, const Exporter* b) {
      if (a->is_default != b->is_default) return a->is_default;
      return a->name < b->name;
    });
    return all;
  }();
  return kSorted;
}

const Exporter* find_exporter(std::string_view name) {
  for (const Exporter* exporter : exporters())
    if (exporter->name == name ||
        std::find(exporter->aliases.begin(), exporter->aliases.end(), name) != exporter->aliases.end())
      return exporter;
  return nullptr;
}

const Exporter* exporter_for_extension(std::string_view extension) {
  std::string lower(extension);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const Exporter* exporter : exporters())
    for (std::string_view known : exporter->file.extensions)
      if (known == lower) return exporter;
  return nullptr;
}

const Exporter& default_exporter() { return *exporters().front(); }

std::string format_names(std::string_view separator, std::string_view last_separator) {
  std::string out;
  const std::vector<const Exporter*>& all = exporters();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i > 0) out += i + 1 == all.size() ? last_separator : separator;
    out += all[i]->name;
  }
  return out;
}

}  // namespace hanji::exports
