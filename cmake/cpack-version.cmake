# Read by cpack (CPACK_PROJECT_CONFIG_FILE) when it runs, after the build:
# the package version is the string `oomlens --version` prints.
if(NOT EXISTS "${CPACK_OOMLENS_VERSION_FILE}")
  message(FATAL_ERROR "${CPACK_OOMLENS_VERSION_FILE} missing: build oomlens first (make deb does)")
endif()
file(STRINGS "${CPACK_OOMLENS_VERSION_FILE}" CPACK_PACKAGE_VERSION LIMIT_COUNT 1)
set(CPACK_DEBIAN_PACKAGE_VERSION "${CPACK_PACKAGE_VERSION}")
