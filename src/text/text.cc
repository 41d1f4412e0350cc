#include "text/text.h"

namespace hanji::text {
// Placeholder: implemented in the text module task.
}  // namespace hanji::text
