// How libjpeg's errors and warnings reach hanji's JPEG decoders (jpeg_check.cc, reduced_copy.cc):
// an error jumps back to the decoder's setjmp with libjpeg's message; a warning (corrupt data
// libjpeg decoded around) is kept, except for stray bytes between segments, which many cameras
// write. Internal to the image module.
#pragma once

#include <csetjmp>
#include <cstdio>

#include <jpeglib.h>

namespace hanji::image::jpeg_errors {

struct Manager {
  jpeg_error_mgr base;  // first: libjpeg sees only this part
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX] = {};
  bool warned = false;
};

extern "C" void on_error(j_common_ptr info);
extern "C" void on_message(j_common_ptr info, int level);

}  // namespace hanji::image::jpeg_errors
