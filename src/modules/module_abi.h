// modules: the plain C functions of the shared modules hanji loads only when a CV needs them
// (hanji-phone.so over libphonenumber, hanji-fetch.so over libcurl). Each library pulls in
// tens of shared libraries (protobuf, ICU, abseil; TLS, HTTP/2, LDAP): linked into hanji, they
// would be loaded, and their symbols resolved, on every start, for every CV. Behind a C ABI
// of a few functions, hanji opens them with dlopen on first use instead (loaded_module.h).
#pragma once

#include <stddef.h>

// The modules are built with hidden symbols; these few functions are what they export.
#define HANJI_MODULE_EXPORT __attribute__((visibility("default")))

extern "C" {

/// Phone number forms, as RenderCV names them (design.header.connections.phone_number_format).
enum HanjiPhoneForm { HANJI_PHONE_NATIONAL = 0, HANJI_PHONE_INTERNATIONAL = 1, HANJI_PHONE_E164 = 2 };

/// Formats `written` in `form`, a number without +CC read as one of `region` (ISO 3166 code,
/// "KR"; "" = none). Writes a NUL-terminated text into out (out_size bytes). Returns 1 for a
/// valid number, 0 for one libphonenumber cannot parse or finds invalid (out left empty).
typedef int (*HanjiPhoneFormatFn)(const char* written, const char* region, int form, char* out, size_t out_size);
HANJI_MODULE_EXPORT int hanji_phone_format(const char* written, const char* region, int form, char* out, size_t out_size);

/// The ISO 3166 code of the country `place` names ("South Korea", "대한민국", "Deutschland"),
/// its name in English or in `language` ("ko"), into out (3 bytes). Returns 1 when found.
typedef int (*HanjiPhoneCountryFn)(const char* place, const char* language, char* out, size_t out_size);
HANJI_MODULE_EXPORT int hanji_phone_country(const char* place, const char* language, char* out, size_t out_size);

/// Limits of one download: every one is enforced while the bytes come, not after.
struct HanjiFetchLimits {
  long max_redirects;     // 3xx answers followed, at most
  long max_bytes;         // the body's size, at most
  long max_milliseconds;  // connecting and transferring, in all
};

/// What a download brought: the body (malloc'd, freed by hanji_fetch_free) or an error.
struct HanjiFetchResult {
  int ok;              // 1: body holds the whole answer of a 2xx status
  long status;         // the last HTTP status, 0 when none came
  char* body;          // the bytes, body_size of them
  size_t body_size;
  char error[256];     // why not, in words, when ok is 0
};

/// Downloads `url` (http or https only, redirects to http or https only) within `limits`.
typedef void (*HanjiFetchFn)(const char* url, const struct HanjiFetchLimits* limits, struct HanjiFetchResult* result);
HANJI_MODULE_EXPORT void hanji_fetch(const char* url, const struct HanjiFetchLimits* limits, struct HanjiFetchResult* result);
typedef void (*HanjiFetchFreeFn)(struct HanjiFetchResult* result);
HANJI_MODULE_EXPORT void hanji_fetch_free(struct HanjiFetchResult* result);
}
