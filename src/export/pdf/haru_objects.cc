#include "export/pdf/haru_objects.h"

#include <hpdf_utils.h>

#include <algorithm>
#include <cstring>

namespace hanji::pdf {

HPDF_Dict new_object(HPDF_Doc doc) {
  HPDF_Dict dict = HPDF_Dict_New(doc->mmgr);
  if (!dict || HPDF_Xref_Add(doc->xref, dict) != HPDF_OK) return nullptr;
  return dict;
}

// A Flate-compressed stream object holding `data`, in one buffer of its size filled by
// memcpy: HPDF_Stream_Write copies a byte at a time into 4 KB buffers. The memory stream is
// left as a single write of that size would leave it.
HPDF_Dict new_stream(HPDF_Doc doc, std::string_view data) {
  HPDF_Dict dict = HPDF_DictStream_New(doc->mmgr, doc->xref);
  if (!dict) return nullptr;
  dict->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
  if (data.empty()) return dict;
  HPDF_Stream stream = dict->stream;
  auto* attr = static_cast<HPDF_MemStreamAttr>(stream->attr);
  auto* buffer = static_cast<HPDF_BYTE*>(HPDF_GetMem(doc->mmgr, static_cast<HPDF_UINT>(data.size())));
  if (!buffer) return nullptr;
  if (attr->buf->count != 0 || HPDF_List_Add(attr->buf, buffer) != HPDF_OK) {
    HPDF_FreeMem(doc->mmgr, buffer);
    return nullptr;
  }
  std::memcpy(buffer, data.data(), data.size());
  attr->buf_siz = static_cast<HPDF_UINT>(data.size());
  attr->w_pos = attr->buf_siz;
  attr->w_ptr = buffer + data.size();
  stream->size = static_cast<HPDF_UINT32>(data.size());
  return dict;
}

// What HPDF_Stream_Write does to a memory stream (fill the last buffer, then add buffers of
// the stream's buffer size), but with memcpy: libharu copies a byte at a time, and a page's
// text is tens of kilobytes of operators.
void write_operators(HPDF_Page page, std::string_view ops) {
  HPDF_Stream content = static_cast<HPDF_PageAttr>(page->attr)->stream;
  if (ops.empty() || HPDF_Error_GetCode(content->error) != HPDF_OK) return;  // as libharu skips
  if (content->type != HPDF_STREAM_MEMORY) {
    HPDF_Stream_Write(content, reinterpret_cast<const HPDF_BYTE*>(ops.data()), static_cast<HPDF_UINT>(ops.size()));
    return;
  }
  auto* attr = static_cast<HPDF_MemStreamAttr>(content->attr);
  while (!ops.empty()) {
    if (attr->w_pos >= attr->buf_siz) {  // the last buffer is full (or there is none yet)
      auto* buffer = static_cast<HPDF_BYTE*>(HPDF_GetMem(content->mmgr, attr->buf_siz));
      if (!buffer) return;  // the document's error says why
      if (HPDF_List_Add(attr->buf, buffer) != HPDF_OK) {
        HPDF_FreeMem(content->mmgr, buffer);
        return;
      }
      attr->w_ptr = buffer;
      attr->w_pos = 0;
    }
    const std::size_t length = std::min<std::size_t>(ops.size(), attr->buf_siz - attr->w_pos);
    std::memcpy(attr->w_ptr, ops.data(), length);
    attr->w_ptr += length;
    attr->w_pos += static_cast<HPDF_UINT>(length);
    content->size += static_cast<HPDF_UINT32>(length);
    ops.remove_prefix(length);
  }
}

}  // namespace hanji::pdf
