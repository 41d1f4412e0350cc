#include "pdf/pdf.h"

namespace hanji::pdf {
// Placeholder: implemented in the pdf module task.
}  // namespace hanji::pdf
