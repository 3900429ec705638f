# The runtime for ThreadSanitizer builds of generated programs
# (`polyc --sanitize=thread`, docs/testing.md "Sanitized generated programs").
#
# GCC's libgomp synchronises its threads in ways TSan cannot see (false
# reports on every parallel loop), so a TSan program and its runtime are built
# with clang++-19 and LLVM's libomp, whose OMPT tool Archer (libarcher.so,
# loaded by libomp when the program runs under TSan) tells TSan about OpenMP's
# barriers, locks and tasks. This compiler differs from the main build's, so
# libpolyrt-tsan.a comes from a second configuration of this source tree
# (POLYRT_VARIANT=tsan builds nothing but the runtime library) in
# <build>/runtime-tsan, written to <build>/lib. Not part of the default build
# (measured on a loaded 2-core machine: 3 minutes wall, 1.3 CPU-minutes; and
# polyrt-asan 18.7 minutes wall, 9.3 CPU-minutes): `ninja -C build polyrt-tsan`,
# or the ctest label sanitize-programs, builds it. polyrt-asan (ASan+UBSan,
# this build's compiler) is an ordinary target in runtime/CMakeLists.txt.
include(ExternalProject)

find_program(POLYC_TSAN_CXX NAMES clang++-19 clang++
  HINTS ${LLVM_TOOLS_BINARY_DIR} DOC "clang++ for ThreadSanitizer builds of generated programs")
set(POLYC_TSAN_CXX_FOUND ${POLYC_TSAN_CXX})
if(NOT POLYC_TSAN_CXX)
  set(POLYC_TSAN_CXX "clang++-19")
endif()
set(POLYRT_TSAN_FLAGS -g -fsanitize=thread)

ExternalProject_Add(polyrt-tsan
  SOURCE_DIR ${PROJECT_SOURCE_DIR}
  BINARY_DIR ${CMAKE_BINARY_DIR}/runtime-tsan
  PREFIX ${CMAKE_BINARY_DIR}/runtime-tsan/ep
  CMAKE_GENERATOR ${CMAKE_GENERATOR}
  CMAKE_CACHE_ARGS
    -DCMAKE_CXX_COMPILER:FILEPATH=${POLYC_TSAN_CXX}
    -DCMAKE_BUILD_TYPE:STRING=Release
    -DPOLYRT_VARIANT:STRING=tsan
    -DPOLYRT_VARIANT_OUTPUT_DIR:PATH=${CMAKE_ARCHIVE_OUTPUT_DIRECTORY}
    "-DPOLYRT_VARIANT_FLAGS:STRING=${POLYRT_TSAN_FLAGS}"
  BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target polyrt
  INSTALL_COMMAND ""
  BUILD_ALWAYS ON
  EXCLUDE_FROM_ALL ON
  USES_TERMINAL_CONFIGURE ON
  USES_TERMINAL_BUILD ON)
