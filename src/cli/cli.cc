#include "cli/cli.h"

#include <ostream>

namespace hanji::cli {
int run(const std::vector<std::string>&, std::ostream&, std::ostream& err) {
  err << "hanji: not implemented yet\n";
  return kBadUsage;
}
}  // namespace hanji::cli
