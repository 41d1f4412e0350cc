// RAII owners for HarfBuzz objects (private to the text module).
#pragma once

#include <hb-subset.h>
#include <hb.h>

#include <memory>

namespace hanji::text::detail {

template <typename T, void (*Destroy)(T*)>
struct HbDeleter {
  void operator()(T* p) const {
    if (p) Destroy(p);
  }
};

template <typename T, void (*Destroy)(T*)>
using HbPtr = std::unique_ptr<T, HbDeleter<T, Destroy>>;

using Blob = HbPtr<hb_blob_t, hb_blob_destroy>;
using Face = HbPtr<hb_face_t, hb_face_destroy>;
using Font = HbPtr<hb_font_t, hb_font_destroy>;
using Buffer = HbPtr<hb_buffer_t, hb_buffer_destroy>;
using Set = HbPtr<hb_set_t, hb_set_destroy>;
using SubsetInput = HbPtr<hb_subset_input_t, hb_subset_input_destroy>;
using SubsetPlan = HbPtr<hb_subset_plan_t, hb_subset_plan_destroy>;

}  // namespace hanji::text::detail
