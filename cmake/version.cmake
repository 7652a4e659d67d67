# Build-time script: the one version string of oomlens. Writes
# OUT_DIR/version.h (OOMLENS_VERSION, for `oomlens --version`, the record
# header and oomlens_build_info) and OUT_DIR/version.txt (read by CPack for
# the .deb's Version and by the man page footers), each only when it changed.
# The string: PROJECT_VERSION, then `+` and what git says of the tree:
#   0.1.0+57.gf4d420a[.dirty]   57 commits (since the last tag, else in all), commit f4d420a
#   0.1.0                       not a git checkout (a source tarball)
# A valid Debian version (digits, letters, + . ~), growing with the history.
# Usage: cmake -DSRC=dir -DPROJECT_VERSION=x.y.z -DOUT_DIR=dir -P version.cmake
set(version "${PROJECT_VERSION}")
find_program(GIT git)
if(GIT)
  execute_process(COMMAND "${GIT}" -C "${SRC}" describe --tags --long --always --dirty=.dirty --abbrev=7
                  OUTPUT_VARIABLE describe OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
  if(rc EQUAL 0 AND describe MATCHES "-([0-9]+)-g([0-9a-f]+)(\\.dirty)?$")
    set(version "${PROJECT_VERSION}+${CMAKE_MATCH_1}.g${CMAKE_MATCH_2}${CMAKE_MATCH_3}")
  elseif(rc EQUAL 0 AND describe MATCHES "^([0-9a-f]+)(\\.dirty)?$")
    execute_process(COMMAND "${GIT}" -C "${SRC}" rev-list --count HEAD
                    OUTPUT_VARIABLE count OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    set(version "${PROJECT_VERSION}+${count}.g${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
  endif()
endif()
file(CONFIGURE OUTPUT "${OUT_DIR}/version.h" CONTENT
     "#pragma once\n// Generated at build time by cmake/version.cmake.\n#define OOMLENS_VERSION \"${version}\"\n")
file(CONFIGURE OUTPUT "${OUT_DIR}/version.txt" CONTENT "${version}\n")
