# What `cmake --install` adds besides the targets' own install rules
# (runtime/CMakeLists.txt: polyrt and its headers; compiler/tools/polyc:
# polyc): the CMake package find_package(polyc CONFIG) reads and a pkg-config
# file. Every path in them is relative to the installed files, so the
# installed tree can move.
include(CMakePackageConfigHelpers)

set(POLYC_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/polyc)
install(EXPORT polycTargets NAMESPACE polyc:: DESTINATION ${POLYC_CMAKE_INSTALL_DIR}
        FILE polycTargets.cmake)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/polycConfig.cmake.in
  ${PROJECT_BINARY_DIR}/polycConfig.cmake
  INSTALL_DESTINATION ${POLYC_CMAKE_INSTALL_DIR}
  PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/polycConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/polycConfig.cmake
              ${PROJECT_BINARY_DIR}/polycConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/polycKernel.cmake
        DESTINATION ${POLYC_CMAKE_INSTALL_DIR})

# pkg-config: `pkg-config --cflags --libs polyrt` (prefix from the .pc file's
# own place: ${pcfiledir}).
file(RELATIVE_PATH POLYC_PC_PREFIX_FROM_PCDIR "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
string(REGEX REPLACE "/$" "" POLYC_PC_PREFIX_FROM_PCDIR "${POLYC_PC_PREFIX_FROM_PCDIR}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/polyrt.pc.in ${PROJECT_BINARY_DIR}/polyrt.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/polyrt.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
