# Installing oomlens like a tool: man pages generated from docs/, shell
# completions generated from the binary's own parser, install() rules for
# `make install` (PREFIX, DESTDIR) and CPack's DEB generator for `make deb`.
# Included from the top-level CMakeLists.txt after the targets exist.
include(GNUInstallDirs)

# ---- the version: one string for --version, the record, the .deb ---------
# Regenerated at every build (cmake/version.cmake; files rewritten only when
# the string changes, so an unchanged tree recompiles nothing).
set(OOMLENS_VERSION_FILE ${CMAKE_BINARY_DIR}/generated/version.txt)
add_custom_target(oomlens_version
  COMMAND ${CMAKE_COMMAND} -DSRC=${CMAKE_SOURCE_DIR} -DPROJECT_VERSION=${PROJECT_VERSION}
          -DOUT_DIR=${CMAKE_BINARY_DIR}/generated -P ${CMAKE_SOURCE_DIR}/cmake/version.cmake
  BYPRODUCTS ${CMAKE_BINARY_DIR}/generated/version.h ${OOMLENS_VERSION_FILE}
  COMMENT "oomlens version (git describe)" VERBATIM)
add_dependencies(oomlens_core oomlens_version)

# ---- man pages: docs/<page>.md -> oomlens-<page>.1.gz ----------------------
find_program(OOMLENS_PANDOC pandoc)
file(GLOB OOMLENS_DOC_PAGES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/*.md)
# docs/ARCHITECTURE.md is for developers, not a man page.
list(FILTER OOMLENS_DOC_PAGES EXCLUDE REGEX "/ARCHITECTURE\\.md$")
set(OOMLENS_MAN_PAGES)
if(OOMLENS_PANDOC)
  foreach(page ${OOMLENS_DOC_PAGES})
    get_filename_component(name ${page} NAME_WE)
    if(name STREQUAL "oomlens")
      set(man oomlens.1.gz)
    else()
      set(man oomlens-${name}.1.gz)
    endif()
    add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/man/${man}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
      COMMAND ${CMAKE_COMMAND} -DPANDOC=${OOMLENS_PANDOC} -DIN=${page} -DOUT=${CMAKE_BINARY_DIR}/man/${man}
              -DFILTER=${CMAKE_SOURCE_DIR}/cmake/man-links.lua -DVERSION_FILE=${OOMLENS_VERSION_FILE}
              -P ${CMAKE_SOURCE_DIR}/cmake/man.cmake
      DEPENDS ${page} ${CMAKE_SOURCE_DIR}/cmake/man.cmake ${CMAKE_SOURCE_DIR}/cmake/man-links.lua
              ${OOMLENS_VERSION_FILE}
      COMMENT "man page ${man}" VERBATIM)
    list(APPEND OOMLENS_MAN_PAGES ${CMAKE_BINARY_DIR}/man/${man})
  endforeach()
  add_custom_target(oomlens_man ALL DEPENDS ${OOMLENS_MAN_PAGES})
  add_dependencies(oomlens_man oomlens_version)
  install(FILES ${OOMLENS_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(WARNING "pandoc not found: man pages not built (scripts/install-deps.sh build installs it)")
endif()

# ---- shell completions: `oomlens --generate-completion SHELL` -------------
set(OOMLENS_COMPLETIONS ${CMAKE_BINARY_DIR}/completions/oomlens.bash ${CMAKE_BINARY_DIR}/completions/_oomlens
    ${CMAKE_BINARY_DIR}/completions/oomlens.fish)
add_custom_command(OUTPUT ${OOMLENS_COMPLETIONS}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/completions
  COMMAND sh -c "\"$1\" --generate-completion bash > \"$2\".bash && \"$1\" --generate-completion zsh > \"$3\" && \"$1\" --generate-completion fish > \"$2\".fish"
          sh $<TARGET_FILE:oomlens> ${CMAKE_BINARY_DIR}/completions/oomlens ${CMAKE_BINARY_DIR}/completions/_oomlens
  DEPENDS oomlens
  COMMENT "shell completions (bash, zsh, fish)" VERBATIM)
add_custom_target(oomlens_completions ALL DEPENDS ${OOMLENS_COMPLETIONS})

# ---- install rules ----------------------------------------------------------
# oomlens and oomlens-daemon side by side (`oomlens daemon` execs its
# sibling), the Python hook in share/oomlens/python (found from
# /proc/self/exe as ../share/oomlens/python: guard/python.h).
install(TARGETS oomlens oomlens-daemon RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES share/oomlens/python/sitecustomize.py DESTINATION ${CMAKE_INSTALL_DATADIR}/oomlens/python)
# run --sites's preload: PREFIX/lib/oomlens/preload (run/sites.h finds it
# from bin/); one level below lib/oomlens so CPack adds no ldconfig scripts.
install(TARGETS oomlens-sites LIBRARY DESTINATION lib/oomlens/preload)
install(FILES share/oomlens/pylib/oomlens/__init__.py DESTINATION ${CMAKE_INSTALL_DATADIR}/oomlens/pylib/oomlens)
install(FILES ${CMAKE_BINARY_DIR}/completions/oomlens.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME oomlens)
install(FILES ${CMAKE_BINARY_DIR}/completions/oomlens.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES README.md README.zh-CN.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Decided at install time, when the prefix is final (cpack installs into
# /usr): Debian's zsh reads packages' completions from
# /usr/share/zsh/vendor-completions and local ones from
# /usr/local/share/zsh/site-functions. The deploy/ files name the installed
# binary, /usr/bin/oomlens in the sources, PREFIX/bin/oomlens once installed.
# They are examples to copy: nothing is enabled or started.
install(CODE "
  if(CMAKE_INSTALL_PREFIX STREQUAL \"/usr\")
    set(zsh_dir \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions\")
  else()
    set(zsh_dir \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/zsh/site-functions\")
  endif()
  file(INSTALL DESTINATION \"\${zsh_dir}\" TYPE FILE FILES \"${CMAKE_BINARY_DIR}/completions/_oomlens\")
  foreach(f systemd/oomlens.service slurm/epilog-oomlens.sh prometheus/oomlens-alerts.yml)
    file(READ \"${CMAKE_SOURCE_DIR}/deploy/\${f}\" text)
    string(REPLACE \"/usr/bin/oomlens\" \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/oomlens\" text \"\${text}\")
    file(WRITE \"${CMAKE_BINARY_DIR}/deploy-installed/\${f}\" \"\${text}\")
    get_filename_component(sub \"\${f}\" DIRECTORY)
    set(perms OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
    if(f MATCHES \"[.]sh$\")
      list(APPEND perms OWNER_EXECUTE GROUP_EXECUTE WORLD_EXECUTE)
    endif()
    file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/oomlens/deploy/\${sub}\" TYPE FILE
         PERMISSIONS \${perms} FILES \"${CMAKE_BINARY_DIR}/deploy-installed/\${f}\")
  endforeach()
")

# ---- the Debian package: `make deb` (scripts/make-deb.sh) -----------------
include(cmake/deb.cmake)

# The package test (tests/package/deb_test.sh): builds the .deb, unpacks it
# into a throwaway root and uses it from there. Label `package`: not part of
# the sanitizer stage's `unit|cli`.
if(TARGET oomlens_tests)
  add_test(NAME package_deb COMMAND bash ${CMAKE_SOURCE_DIR}/tests/package/deb_test.sh ${CMAKE_SOURCE_DIR}
           ${CMAKE_BINARY_DIR})
  set_tests_properties(package_deb PROPERTIES LABELS package TIMEOUT 600 RUN_SERIAL TRUE)
endif()
