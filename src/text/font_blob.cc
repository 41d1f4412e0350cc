#include "text/font_blob.h"

#include <memory>
#include <optional>

#include "core/files.h"

namespace hanji::text::detail {

Blob font_blob(const std::string& path, std::string& error) {
  std::optional<MappedFile> mapped = map_data_file(path, font_file_kind(), error);
  if (!mapped) return nullptr;
  // HarfBuzz reads the mapping in place and unmaps it (by destroying it) when it lets go.
  auto owned = std::make_unique<MappedFile>(std::move(*mapped));
  const char* data = owned->data();
  const auto size = static_cast<unsigned int>(owned->size());
  return Blob(hb_blob_create(data, size, HB_MEMORY_MODE_READONLY, owned.release(),
                             [](void* file) { std::unique_ptr<MappedFile> unmapped(static_cast<MappedFile*>(file)); }));
}

}  // namespace hanji::text::detail
