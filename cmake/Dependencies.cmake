# Finds every external dependency. A missing one stops configuration with the
# Debian package that provides it (scripts/install-deps.sh installs them all).

function(polyc_require found what package)
  if(NOT ${found})
    message(FATAL_ERROR "polyc needs ${what}; install it with: apt-get install ${package}  "
                        "(or run scripts/install-deps.sh)")
  endif()
endfunction()

# LLVM 19: Support/ADT for the driver, lit and FileCheck for the tests. (LLVM's
# version file wants major.minor, hence 19.1.)
find_package(LLVM 19.1 CONFIG QUIET HINTS /usr/lib/llvm-19/lib/cmake/llvm)
polyc_require(LLVM_FOUND "LLVM 19 (CMake config)" "llvm-19-dev libzstd-dev")
message(STATUS "polyc: LLVM ${LLVM_PACKAGE_VERSION} in ${LLVM_DIR}")

find_program(FILECHECK_EXECUTABLE FileCheck HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
polyc_require(FILECHECK_EXECUTABLE "FileCheck" llvm-19-tools)
find_program(LIT_EXECUTABLE NAMES lit.py lit
  HINTS ${LLVM_TOOLS_BINARY_DIR}/../build/utils/lit /usr/lib/llvm-19/build/utils/lit)
polyc_require(LIT_EXECUTABLE "lit" llvm-19-tools)

# ANTLR 4.9: the tool jar (Maven Central) and the C++ runtime (Debian) must match.
find_package(Java 11 COMPONENTS Runtime QUIET)
polyc_require(Java_FOUND "a Java runtime (for the ANTLR tool)" default-jdk-headless)
find_file(ANTLR_JAR antlr4-4.9-complete.jar
  HINTS $ENV{HOME}/.m2/repository/org/antlr/antlr4/4.9 ${CMAKE_SOURCE_DIR}/third_party
  NO_DEFAULT_PATH)
if(NOT ANTLR_JAR)
  message(FATAL_ERROR "polyc needs the ANTLR 4.9 tool jar; fetch it with: "
    "mvn dependency:get -Dartifact=org.antlr:antlr4:4.9:jar:complete  (or run scripts/install-deps.sh)")
endif()
find_path(ANTLR_RUNTIME_INCLUDE_DIR antlr4-runtime.h PATH_SUFFIXES antlr4-runtime)
find_library(ANTLR_RUNTIME_LIBRARY NAMES libantlr4-runtime.a antlr4-runtime)
polyc_require(ANTLR_RUNTIME_INCLUDE_DIR "the ANTLR 4.9 C++ runtime headers" libantlr4-runtime-dev)
polyc_require(ANTLR_RUNTIME_LIBRARY "the ANTLR 4.9 C++ runtime library" libantlr4-runtime-dev)
include(Antlr)

# libnuma, zlib and OpenMP for the runtime.
find_path(NUMA_INCLUDE_DIR numa.h)
find_library(NUMA_LIBRARY numa)
polyc_require(NUMA_INCLUDE_DIR "libnuma headers" libnuma-dev)
polyc_require(NUMA_LIBRARY "libnuma" libnuma-dev)
# zlib for gzip-compressed graph files; generated programs link it (-lz).
find_package(ZLIB QUIET)
polyc_require(ZLIB_FOUND "zlib" zlib1g-dev)
# METIS for `polyrt-gen metis`: the partition files of configDistribution("metis").
find_path(METIS_INCLUDE_DIR metis.h)
find_library(METIS_LIBRARY metis)
polyc_require(METIS_INCLUDE_DIR "METIS headers" libmetis-dev)
polyc_require(METIS_LIBRARY "METIS" libmetis-dev)
find_package(OpenMP QUIET COMPONENTS CXX)
polyc_require(OpenMP_CXX_FOUND "OpenMP for C++" "g++ (libgomp) or libomp-19-dev")

# Open MPI for distributed programs (configDistribution) and their runtime,
# libpolyrt-mpi.a; without it polyc builds and says so when a schedule asks.
find_package(MPI QUIET COMPONENTS CXX)
if(NOT MPI_CXX_FOUND)
  message(STATUS "polyc: no MPI found: programs with configDistribution cannot be built; "
                 "install it with: apt-get install libopenmpi-dev openmpi-bin")
endif()

find_package(GTest QUIET)
polyc_require(GTest_FOUND "GoogleTest" libgtest-dev)

find_package(Python3 3.9 COMPONENTS Interpreter QUIET)
polyc_require(Python3_FOUND "Python 3 (lit and the test oracles)" python3)
