# Writes OUTPUT, a C++ file defining `std::string_view NAME()` in hanji::pdf that returns the
# bytes of the binary file INPUT, so that the installed binary needs no data file for it. Run
# at build time.
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
string(REGEX REPLACE "(('\\\\x[0-9a-f][0-9a-f]',){16})" "\\1\n    " bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT} by src/export/pdf/embed_bytes.cmake at build time; do not edit.\n"
  "#include <string_view>\n\n"
  "namespace hanji::pdf {\n\n"
  "std::string_view ${NAME}() {\n"
  "  static constexpr char kBytes[] = {\n    ${bytes}\n  };\n"
  "  return std::string_view(kBytes, sizeof kBytes);\n"
  "}\n\n"
  "}  // namespace hanji::pdf\n")
configure_file("${OUTPUT}.tmp" "${OUTPUT}" COPYONLY)
file(REMOVE "${OUTPUT}.tmp")
