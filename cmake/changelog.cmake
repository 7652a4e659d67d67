# Build-time script: the Debian changelog of this build (one entry, this
# version), gzip -9n. The date is the last commit's, so a rebuild of the
# same tree gives the same bytes.
# Usage: cmake -DSRC=dir -DVERSION_FILE=version.txt -DMAINTAINER="Name <mail>" -DOUT=changelog -P changelog.cmake
file(STRINGS "${VERSION_FILE}" version LIMIT_COUNT 1)
execute_process(COMMAND git -C "${SRC}" log -1 --format=%cD OUTPUT_VARIABLE date
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR date STREQUAL "")
  set(date "Thu, 01 Jan 1970 00:00:00 +0000")
endif()
file(WRITE "${OUT}" "oomlens (${version}) unstable; urgency=medium

  * Built from the oomlens source tree at version ${version}.
    The changes are the project's git history.

 -- ${MAINTAINER}  ${date}
")
execute_process(COMMAND gzip -9 -n -f "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip failed on ${OUT}")
endif()
