#include "layout/layout.h"

namespace hanji::layout {
// Placeholder: implemented in the layout module task.
}  // namespace hanji::layout
