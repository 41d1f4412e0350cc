// Shared by the fuzz targets: where the repository's fonts and layouts are. Each target
// defines LLVMFuzzerTestOneInput; built with clang's libFuzzer (`make fuzz`) it is a fuzzer,
// built with replay_main.cc it runs saved inputs as an ordinary test.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace hanji::fuzz {

inline std::string repo_path(const std::string& relative) { return std::string(HANJI_SOURCE_DIR) + "/" + relative; }

}  // namespace hanji::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
