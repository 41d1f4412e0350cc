# Writes OUTPUT, a C++ file defining `std::string_view NAME()` in hanji::cli that returns the
# bytes of INPUT, so that the installed binary needs no data file for it. Run at build time.
file(READ "${INPUT}" text)
set(delimiter "hanji_embedded")
string(FIND "${text}" ")${delimiter}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} holds the raw string delimiter )${delimiter}\"")
endif()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT} by src/cli/embed_file.cmake at build time; do not edit.\n"
  "#include <string_view>\n\n"
  "namespace hanji::cli {\n\n"
  "std::string_view ${NAME}() {\n"
  "  static constexpr std::string_view kText = R\"${delimiter}(${text})${delimiter}\";\n"
  "  return kText;\n"
  "}\n\n"
  "}  // namespace hanji::cli\n")
configure_file("${OUTPUT}.tmp" "${OUTPUT}" COPYONLY)
file(REMOVE "${OUTPUT}.tmp")
