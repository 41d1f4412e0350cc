#include "paginate/paginate.h"

namespace hanji::paginate {
// Placeholder: implemented in the paginate module task.
}  // namespace hanji::paginate
