# Installs the sample CVs (run by `cmake --install`): each YAML sample names the CV schema by
# its place in the source tree (../schema/cv.schema.json); the installed copy names it where
# it is installed, so an editor opened on an installed sample still finds it.
# In: SAMPLES_SOURCE (the samples/ folder), SAMPLES_DESTINATION and SCHEMA_FILE (absolute,
# under the install prefix; DESTDIR is added here, as install() does).
file(GLOB samples "${SAMPLES_SOURCE}/*")
file(MAKE_DIRECTORY "$ENV{DESTDIR}${SAMPLES_DESTINATION}")
foreach(sample IN LISTS samples)
  get_filename_component(name "${sample}" NAME)
  set(target "$ENV{DESTDIR}${SAMPLES_DESTINATION}/${name}")
  message(STATUS "Installing: ${target}")
  if(name MATCHES "\\.ya?ml$")
    file(READ "${sample}" text)
    string(REPLACE "$schema=../schema/cv.schema.json" "$schema=${SCHEMA_FILE}" text "${text}")
    file(WRITE "${target}" "${text}")
  else()
    file(COPY "${sample}" DESTINATION "$ENV{DESTDIR}${SAMPLES_DESTINATION}")
  endif()
endforeach()
