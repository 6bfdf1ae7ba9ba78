# Installation and packaging: `cmake --install` puts the programs, the desktop
# entry, the icon, the AppStream metainfo, the man pages (help2man, from each
# program's --help, at build time) and the licence texts under the prefix;
# CPack turns the same into a Debian package (scripts/package).
include(GNUInstallDirs)

set(FRONTIER_APP_ID "io.github.frontierlab.FrontierLab")
set(FRONTIER_RESOURCES_DIR ${PROJECT_SOURCE_DIR}/resources)
set(FRONTIER_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/frontier-lab)

install(TARGETS frontier-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/THIRD_PARTY_NOTICES
        DESTINATION ${FRONTIER_DOC_DIR})

# Man pages from --help and --version. help2man runs the built programs, so
# frontier-lab must answer both without a display (app/gui/main.cpp).
find_program(FRONTIER_HELP2MAN help2man)
set(man_pages)
if(FRONTIER_HELP2MAN)
  set(man_programs frontier-cli)
  set(frontier-cli_summary "GPU multi-source BFS on Vulkan from the command line")
  set(frontier-cli_help2man_options)
  if(TARGET frontier-lab)
    list(APPEND man_programs frontier-lab)
    set(frontier-lab_summary "watch and profile GPU multi-source BFS on Vulkan")
    # Its --version says "Frontier Lab X.Y.Z", which help2man would take for
    # the program's name "Frontier": the page is named after the executable.
    set(frontier-lab_help2man_options "--version-string=frontier-lab ${PROJECT_VERSION}")
  endif()
  foreach(program IN LISTS man_programs)
    set(page ${CMAKE_BINARY_DIR}/man/${program}.1)
    add_custom_command(
      OUTPUT ${page}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
      COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY
              ${FRONTIER_HELP2MAN} --no-info --no-discard-stderr --section=1
              "--name=${${program}_summary}" ${${program}_help2man_options} --output=${page}
              $<TARGET_FILE:${program}>
      DEPENDS ${program}
      COMMENT "Generating the man page of ${program}"
      VERBATIM)
    list(APPEND man_pages ${page})
  endforeach()
  add_custom_target(frontier_man_pages ALL DEPENDS ${man_pages})
  install(FILES ${man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(WARNING "help2man not found: no man pages are built or installed (scripts/lib.sh installs it)")
endif()

if(TARGET frontier-lab)
  install(TARGETS frontier-lab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${FRONTIER_RESOURCES_DIR}/frontier-lab.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications RENAME ${FRONTIER_APP_ID}.desktop)
  install(FILES ${FRONTIER_RESOURCES_DIR}/icons/frontier-lab.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${FRONTIER_APP_ID}.svg)
  string(TIMESTAMP FRONTIER_RELEASE_DATE "%Y-%m-%d" UTC)
  configure_file(${FRONTIER_RESOURCES_DIR}/frontier-lab.metainfo.xml.in
                 ${CMAKE_BINARY_DIR}/generated/${FRONTIER_APP_ID}.metainfo.xml @ONLY)
  install(FILES ${CMAKE_BINARY_DIR}/generated/${FRONTIER_APP_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
endif()

# ---- CPack: one Debian package, frontier-lab ---------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME frontier-lab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Frontier Lab developers")
set(CPACK_PACKAGE_CONTACT "The Frontier Lab developers <frontier-lab@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Watch and profile GPU multi-source breadth-first search on Vulkan")
set(CPACK_PACKAGE_DESCRIPTION
    "Frontier Lab loads a graph, runs a Vulkan implementation of iBFS (concurrent BFS over a joint frontier "
    "queue and bitwise status arrays) one iteration at a time or to the end, and shows the frontier, the "
    "queue length and the per-kernel GPU timestamps of every iteration. frontier-cli runs the same engine "
    "headless for scripts and benchmarks.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/frontier-lab/frontier-lab")
# Depends from the libraries the programs link (dpkg-shlibdeps): the Qt 6
# runtime libraries, the Vulkan loader libvulkan1, zlib and the C/C++ runtime.
# libvulkan1 is named as well, in case the loader is ever loaded at run time.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libvulkan1")
# A Vulkan driver: Mesa's (lavapipe runs anywhere); a GPU vendor's driver serves too.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "mesa-vulkan-drivers")
include(CPack)
