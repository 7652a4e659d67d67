# Message catalogues (issue 19): po/<lang>.po -> <build>/locale/<lang>/LC_MESSAGES/oomlens.mo
# with msgfmt (Debian's gettext, scripts/install-deps.sh build), installed to
# share/locale (util/i18n.h finds both from /proc/self/exe). `oomlens_pot`
# regenerates po/oomlens.pot from the sources and merges it into every .po
# (run it after adding or changing a tr()/trf()/N_() string, then translate
# the new entries; ctest i18n_catalogue_complete fails until then).
include(GNUInstallDirs)
find_program(OOMLENS_MSGFMT msgfmt)
find_program(OOMLENS_XGETTEXT xgettext)
find_program(OOMLENS_MSGMERGE msgmerge)
set(OOMLENS_LANGUAGES zh_CN)
if(OOMLENS_MSGFMT)
  set(OOMLENS_MO_FILES)
  foreach(lang ${OOMLENS_LANGUAGES})
    set(mo ${CMAKE_BINARY_DIR}/locale/${lang}/LC_MESSAGES/oomlens.mo)
    add_custom_command(OUTPUT ${mo}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/locale/${lang}/LC_MESSAGES
      COMMAND ${OOMLENS_MSGFMT} --check-format -o ${mo} ${CMAKE_SOURCE_DIR}/po/${lang}.po
      DEPENDS ${CMAKE_SOURCE_DIR}/po/${lang}.po
      COMMENT "message catalogue ${lang}" VERBATIM)
    list(APPEND OOMLENS_MO_FILES ${mo})
    install(FILES ${mo} DESTINATION ${CMAKE_INSTALL_LOCALEDIR}/${lang}/LC_MESSAGES)
  endforeach()
  add_custom_target(oomlens_catalogues ALL DEPENDS ${OOMLENS_MO_FILES})
  add_dependencies(oomlens oomlens_catalogues)
else()
  message(WARNING "msgfmt not found: no translations built (scripts/install-deps.sh build installs gettext)")
endif()
if(OOMLENS_XGETTEXT AND OOMLENS_MSGMERGE)
  add_custom_target(oomlens_pot
    COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/update-pot.sh ${CMAKE_SOURCE_DIR}
    COMMENT "po/oomlens.pot from the sources, merged into po/*.po" VERBATIM)
endif()
