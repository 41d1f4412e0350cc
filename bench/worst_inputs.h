// make bench, part two: the worst input inside each of hanji's limits, and all of them at
// once, made here and built by the real `hanji`, with the CPU time and the memory each took.
// The README's limits section states the cost model these figures check: each must stay under
// one second of CPU on a two-core machine.
#pragma once

#include <string>

/// Prints one line per worst input; returns how many took more than a second of CPU.
int print_worst_inputs(const std::string& hanji, int repeats);
