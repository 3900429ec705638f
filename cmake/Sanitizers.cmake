# The sanitized tree (POLYC_SANITIZE=ON): only the compiler, built with
# clang++ under AddressSanitizer and UndefinedBehaviorSanitizer, its libraries
# instrumented for libFuzzer's coverage (-fsanitize=fuzzer-no-link). It builds
# polyc (sanitized) and polyc-fuzz, nothing of the runtime and no tests; its
# polyc compiles generated programs against the main build's polyrt with the
# main build's compiler (POLYC_RUNTIME_LIBRARY_DIR, POLYC_DEFAULT_CXX).
#
# The main build configures and builds this tree itself in <build>/sanitize
# (cmake/SanitizedBuild.cmake); by hand:
#   cmake -G Ninja -S . -B build-san -DCMAKE_CXX_COMPILER=clang++-19 \
#     -DPOLYC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug \
#     -DPOLYC_RUNTIME_LIBRARY_DIR=$PWD/build/lib -DPOLYC_DEFAULT_CXX=g++

if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "POLYC_SANITIZE needs clang++ (libFuzzer), not ${CMAKE_CXX_COMPILER_ID}: "
                      "configure with -DCMAKE_CXX_COMPILER=clang++-19")
endif()

set(POLYC_RUNTIME_LIBRARY_DIR "" CACHE PATH
    "Where the sanitized polyc finds libpolyrt.a (the main build's lib/)")
set(POLYC_DEFAULT_CXX "c++" CACHE STRING
    "The C++ compiler the sanitized polyc runs for --emit=exe (the main build's)")

# -O1 keeps the fuzzer fast and stack traces exact. Assertions stay on, and
# every sanitizer report stops the process (no recovery), so that libFuzzer
# and lit both see it as a failure.
add_compile_options(-O1 -g -fno-omit-frame-pointer
                    -fsanitize=address,undefined -fno-sanitize-recover=all
                    -fsanitize=fuzzer-no-link)
add_link_options(-fsanitize=address,undefined)
