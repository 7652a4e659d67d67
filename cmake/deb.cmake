# The Debian package (CPack's DEB generator), built by `make deb`
# (scripts/make-deb.sh): the install rules of cmake/packaging.cmake under
# /usr, Depends computed by dpkg-shlibdeps from the binaries, the version
# from version.txt (the string `oomlens --version` prints), read when cpack
# runs (cmake/cpack-version.cmake). The package has no maintainer scripts:
# the systemd unit is an example under /usr/share/oomlens/deploy, so
# installing the package enables and starts nothing.
set(OOMLENS_DEB_MAINTAINER "oomlens developers <oomlens@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the .deb")

# /usr/share/doc/oomlens: the copyright file and a changelog for this
# version (a native package: changelog.gz), both required by Debian policy.
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/deb/changelog.gz
  COMMAND ${CMAKE_COMMAND} -DSRC=${CMAKE_SOURCE_DIR} -DVERSION_FILE=${OOMLENS_VERSION_FILE}
          -DMAINTAINER=${OOMLENS_DEB_MAINTAINER} -DOUT=${CMAKE_BINARY_DIR}/deb/changelog
          -P ${CMAKE_SOURCE_DIR}/cmake/changelog.cmake
  DEPENDS ${OOMLENS_VERSION_FILE} ${CMAKE_SOURCE_DIR}/cmake/changelog.cmake
  COMMENT "Debian changelog" VERBATIM)
add_custom_target(oomlens_deb_files DEPENDS ${CMAKE_BINARY_DIR}/deb/changelog.gz)
add_dependencies(oomlens_deb_files oomlens_version)
install(FILES ${CMAKE_BINARY_DIR}/deb/changelog.gz ${CMAKE_SOURCE_DIR}/cmake/copyright
        DESTINATION ${CMAKE_INSTALL_DOCDIR} OPTIONAL)

# cpack only installs: the make-deb script builds these first.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY TRUE)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME oomlens)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_CONTACT "${OOMLENS_DEB_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "find, explain and prevent out-of-memory kills on Linux")
# The extended description (CPack puts the summary above it): one string.
string(CONCAT CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "oomlens finds every kernel OOM-killer report in live or saved kernel logs\n"
    "and explains each in one sentence, with the figures and advice. It also\n"
    "supervises jobs (records their process tree's memory, warns and acts before\n"
    "the limit, says why they ended), shows who the OOM killer would pick next,\n"
    "audits OOM-related settings, and serves OOM kills as Prometheus metrics.")
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/oomlens/oomlens")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
set(CPACK_STRIP_FILES TRUE)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
    WORLD_READ WORLD_EXECUTE)
set(CPACK_OOMLENS_VERSION_FILE ${OOMLENS_VERSION_FILE})
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_SOURCE_DIR}/cmake/cpack-version.cmake)
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_BINARY_DIR}/deb)
include(CPack)
