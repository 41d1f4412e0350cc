# Writes OUTPUT, a C++ file holding the starter CVs (STARTERS_DIR/LANG.yaml) as string
# constants, so that `hanji new` needs no data file once installed. Run at build time by the
# custom command in CMakeLists.txt whenever a starter changes.
file(GLOB starters "${STARTERS_DIR}/*.yaml")
list(SORT starters)
set(delimiter "hanji_starter")
set(entries "")
foreach(starter IN LISTS starters)
  get_filename_component(language "${starter}" NAME_WE)
  file(READ "${starter}" text)
  string(FIND "${text}" ")${delimiter}\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${starter} holds the raw string delimiter )${delimiter}\"")
  endif()
  string(APPEND entries "    {\"${language}\", R\"${delimiter}(${text})${delimiter}\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from starters/*.yaml by src/cli/embed_starters.cmake at build time; do not edit.\n"
  "#include \"cli/starter.h\"\n\n"
  "namespace hanji::cli {\n\n"
  "const std::vector<std::pair<std::string_view, std::string_view>>& starter_texts() {\n"
  "  static const std::vector<std::pair<std::string_view, std::string_view>> kStarters = {\n"
  "${entries}"
  "  };\n"
  "  return kStarters;\n"
  "}\n\n"
  "}  // namespace hanji::cli\n")
# Only a changed file is replaced: what includes nothing new is not rebuilt.
configure_file("${OUTPUT}.tmp" "${OUTPUT}" COPYONLY)
file(REMOVE "${OUTPUT}.tmp")
