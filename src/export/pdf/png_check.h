// A PNG check run before libharu sees a PNG. libharu 2.3.0's libpng error callback returns
// instead of jumping out, so on a damaged PNG libpng calls abort() and the whole program
// dies ("libpng error: ... invalid chunk type", then SIGABRT). Checking what libpng would
// reject first (chunk structure and CRCs of the critical chunks, header values, palette,
// the zlib stream, its exact size and the per-row filter bytes) turns that into an ordinary
// diagnostic; so do the PNG variants libharu mishandles (interlaced, 16-bit, ...).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hanji::pdf {

/// Why the PNG file `png` cannot be embedded ("damaged PNG: truncated IDAT chunk",
/// "16-bit PNGs cannot be embedded"), or "" if libharu and libpng can handle it.
std::string png_problem(std::string_view png);

/// A sound PNG (png_problem() == "") as libharu should get it: reduced to IHDR, PLTE, tRNS
/// (if intact), IDAT and IEND, since libharu ignores colour profiles, text and EXIF but turns
/// any libpng warning about them (say "iCCP: known incorrect sRGB profile", common in
/// photos) into a failure to load the image; and with fewer than 8 bits per pixel unpacked
/// to 8, since libpng leaves the padding bits of packed rows uninitialised in libharu's
/// buffers (the PDF would differ from run to run) and libharu reads past packed rows of
/// palette images with transparency.
std::string png_essentials(std::string_view png);

/// True for a grey or RGB PNG with a tRNS colour key, which libharu fails to load ("libpng
/// error"); image::png_downsampled(png, 1) (image/reduced_copy.h) turns the key into an
/// alpha channel it can load.
bool has_colour_key(std::string_view png);

}  // namespace hanji::pdf
