#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/signals.h"

// The last line of defence: every input is bounded so that this is never reached, but should
// memory still run out, or a library throw, the user gets a message and exit status 1 (the
// output is written atomically, so nothing is damaged), never an abort.
int main(int argc, char** argv) {
  try {
    hanji::cli::SignalGuard signals;  // before any thread or temporary file
    std::vector<std::string> args(argv, argv + argc);
    return hanji::cli::run(args, std::cout, std::cerr, &signals.temp_files());
  } catch (const std::bad_alloc&) {
    std::cerr << "hanji: error: out of memory; nothing was written\n"
                 "  hint: the CV may be far larger than it looks (repeated aliases, a huge photo)\n";
  } catch (const std::exception& e) {
    std::cerr << "hanji: error: internal error: " << e.what() << "; nothing was written\n"
                 "  hint: please report this with the CV file that causes it\n";
  }
  return hanji::cli::kBadInput;
}
