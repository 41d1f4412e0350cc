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

/// A sound PNG of 8 bits or fewer per sample made `factor` times smaller each way, every
/// block of pixels averaged: grey, grey + alpha, RGB or RGBA at 8 bits, with any palette and
/// transparency resolved. "" if it cannot (interlaced, 16-bit, damaged). libharu decodes a
/// PNG whole and compresses it again, which for a 16-megapixel photo took seconds; a CV
/// prints its photo a few centimetres wide. With factor 1 it only resolves transparency.
std::string png_downsampled(std::string_view png, uint32_t factor);

/// True for a grey or RGB PNG with a tRNS colour key, which libharu fails to load ("libpng
/// error"); png_downsampled(png, 1) turns the key into an alpha channel it can load.
bool has_colour_key(std::string_view png);

}  // namespace hanji::pdf
