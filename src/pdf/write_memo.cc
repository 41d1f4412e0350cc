// pdf::WriteMemo: font subsets and compressed streams kept between documents.
#include "pdf/write_memo.h"

#include <cstring>

#include "core/files.h"

namespace hanji::pdf {

namespace {

// Bounds: a few layouts' fonts, and the streams of a few CVs.
constexpr std::size_t kMaxSubsets = 16;
constexpr std::size_t kMaxStreamBytes = 16u << 20;

}  // namespace

WriteMemo::WriteMemo() : impl_(std::make_unique<Impl>()) {}
WriteMemo::~WriteMemo() = default;

std::size_t WriteMemo::subsets_reused() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->subsets_reused;
}

std::size_t WriteMemo::streams_reused() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->streams_reused;
}

std::optional<text::FontSubset> subset_font_memo(WriteMemo* memo, const doc::FontInfo& font,
                                                 const std::vector<uint32_t>& glyph_ids,
                                                 const std::vector<char32_t>& code_points, Diagnostics& diags) {
  if (!memo) return text::subset_font(font, glyph_ids, code_points, diags);
  // The font file as it is now (a font saved again is subset again), and what is asked of it.
  const std::optional<FileStamp> stamp = file_stamp(font.path);
  if (!stamp) return text::subset_font(font, glyph_ids, code_points, diags);
  std::string key = font.path + '\n';
  append_bytes(key, *stamp);
  append_bytes(key, glyph_ids.size());
  key.append(reinterpret_cast<const char*>(glyph_ids.data()), glyph_ids.size() * sizeof(uint32_t));
  key.append(reinterpret_cast<const char*>(code_points.data()), code_points.size() * sizeof(char32_t));
  WriteMemo::Impl& kept = memo->impl();
  {
    std::lock_guard lock(kept.mutex);
    if (auto it = kept.subsets.find(key); it != kept.subsets.end()) {
      ++kept.subsets_reused;
      return it->second;
    }
  }
  const std::size_t reported = diags.all().size();
  std::optional<text::FontSubset> subset = text::subset_font(font, glyph_ids, code_points, diags);
  if (!subset || diags.all().size() != reported) return subset;
  std::lock_guard lock(kept.mutex);
  // Full: the oldest goes (a batch of CVs in turn keeps the latest ones' fonts).
  if (kept.subsets.size() >= kMaxSubsets && !kept.subset_order.empty()) {
    kept.subsets.erase(kept.subset_order.front());
    kept.subset_order.pop_front();
  }
  if (kept.subsets.emplace(key, *subset).second) kept.subset_order.push_back(std::move(key));
  return subset;
}

std::optional<std::string> deflate_kept(WriteMemo* memo, const std::string& data, int level,
                                        const std::function<std::optional<std::string>()>& deflate) {
  if (!memo) return deflate();
  std::string key = std::to_string(level) + '\n' + data;
  WriteMemo::Impl& kept = memo->impl();
  {
    std::lock_guard lock(kept.mutex);
    if (auto it = kept.streams.find(key); it != kept.streams.end()) {
      ++kept.streams_reused;
      return it->second;
    }
  }
  std::optional<std::string> deflated = deflate();
  if (!deflated) return deflated;
  std::lock_guard lock(kept.mutex);
  if (kept.stream_bytes + data.size() + deflated->size() > kMaxStreamBytes) {
    kept.streams.clear();
    kept.stream_bytes = 0;
  }
  if (kept.streams.emplace(std::move(key), *deflated).second) kept.stream_bytes += data.size() + deflated->size();
  return deflated;
}

}  // namespace hanji::pdf
