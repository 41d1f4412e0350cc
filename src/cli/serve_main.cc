// hanji-serve: `hanji serve`, as a program of its own (serve.cc says why).
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/signals.h"

int main(int argc, char** argv) {
  try {
    hanji::cli::SignalGuard signals;  // before any thread
    std::vector<std::string> args(argv, argv + argc);
    return hanji::cli::run_serve(args, std::cout, std::cerr, &signals.temp_files());
  } catch (const std::bad_alloc&) {
    std::cerr << "hanji: error: out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << "hanji: error: internal error: " << e.what() << "\n  hint: please report this with the CV file\n";
  }
  return hanji::cli::kBadInput;
}
