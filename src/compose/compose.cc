#include "compose/compose.h"

namespace hanji::compose {
// Placeholder: implemented in the compose module task.
}  // namespace hanji::compose
