#include "source/source.h"

namespace hanji::source {
// Placeholder: implemented in the source module task.
}  // namespace hanji::source
