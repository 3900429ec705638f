# polyc's arguments for SOURCE (absolute) with an optional schedule,
# namespace and extra options, and the files the command depends on: sets
# `args` and `depends` in the caller.
function(_polyc_arguments source schedule namespace options)
  set(args "${source}")
  set(depends "${source}")
  if(schedule)
    get_filename_component(schedule "${schedule}" ABSOLUTE)
    list(APPEND args -s "${schedule}")
    list(APPEND depends "${schedule}")
  endif()
  if(namespace)
    list(APPEND args "--namespace=${namespace}")
  endif()
  list(APPEND args ${options})
  set(args "${args}" PARENT_SCOPE)
  set(depends "${depends}" PARENT_SCOPE)
endfunction()

# The checks both functions below make of what cmake_parse_arguments gave
# them (the caller's arg_* variables, hence a macro).
macro(_polyc_check_parsed_arguments function)
  if(NOT arg_TARGET OR NOT arg_SOURCE)
    message(FATAL_ERROR "${function}: TARGET and SOURCE are required")
  endif()
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${function}: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
endmacro()

# polyc_add_kernel: a library target made from a GraphIt library program
# (one without main, whose `export func`s C++ calls).
#
#   polyc_add_kernel(TARGET name SOURCE prog.gt [SCHEDULE prog.sched]
#                    [NAMESPACE ns] [HEADER name.h] [SHARED]
#                    [OPTIONS polyc-option ...])
#
# At build time polyc writes prog.cpp and the header (default: the program's
# stem, prog.h) into <build dir>/<name>.polyc/; editing the .gt or the .sched
# runs it again. The target compiles prog.cpp, links polyc::polyrt
# (polyc::polyrt-shared with SHARED) and puts the header on its users' include
# path, so `#include "prog.h"` declares the export functions in namespace
# `ns` (default: polyc's, from the file name: pr.gt -> pr). Call
# ns::polyc_initialize() once before them.
function(polyc_add_kernel)
  cmake_parse_arguments(PARSE_ARGV 0 arg "SHARED" "TARGET;SOURCE;SCHEDULE;NAMESPACE;HEADER"
                        "OPTIONS")
  _polyc_check_parsed_arguments(polyc_add_kernel)
  get_filename_component(source "${arg_SOURCE}" ABSOLUTE)
  get_filename_component(stem "${arg_SOURCE}" NAME_WE)
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/${arg_TARGET}.polyc")
  set(cpp "${dir}/${stem}.cpp")
  if(arg_HEADER)
    set(header "${dir}/${arg_HEADER}")
  else()
    set(header "${dir}/${stem}.h")
  endif()
  _polyc_arguments("${source}" "${arg_SCHEDULE}" "${arg_NAMESPACE}" "${arg_OPTIONS}")
  add_custom_command(
    OUTPUT "${cpp}" "${header}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${dir}"
    COMMAND polyc::polyc ${args} --emit=cpp -o "${cpp}"
    COMMAND polyc::polyc ${args} --emit=header -o "${header}"
    DEPENDS ${depends} polyc::polyc
    COMMENT "polyc ${arg_SOURCE}: ${stem}.cpp and ${stem}.h for ${arg_TARGET}"
    VERBATIM)
  if(arg_SHARED)
    add_library(${arg_TARGET} SHARED "${cpp}" "${header}")
    target_link_libraries(${arg_TARGET} PUBLIC polyc::polyrt-shared)
  else()
    add_library(${arg_TARGET} STATIC "${cpp}" "${header}")
    target_link_libraries(${arg_TARGET} PUBLIC polyc::polyrt)
  endif()
  target_include_directories(${arg_TARGET} PUBLIC "${dir}")
  target_compile_features(${arg_TARGET} PUBLIC cxx_std_20)
endfunction()

# polyc_add_python_module: an importable Python module of a library
# program's export functions, built with nanobind.
#
#   polyc_add_python_module(TARGET name SOURCE prog.gt [SCHEDULE prog.sched]
#                           [NAMESPACE ns] [OPTIONS polyc-option ...])
#
# `import name` then gives one function per export: an edgeset parameter
# takes a SciPy sparse matrix or a tuple (src, dst[, num_vertices]) of NumPy
# arrays, a per-vertex result is a NumPy array (polyrt/python.h). Needs
# Python's development files and nanobind for the Python found
# (Python_EXECUTABLE): `python3 -m pip install nanobind`.
function(polyc_add_python_module)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;SOURCE;SCHEDULE;NAMESPACE" "OPTIONS")
  _polyc_check_parsed_arguments(polyc_add_python_module)
  if(NOT COMMAND nanobind_add_module)
    find_package(Python 3.8 COMPONENTS Interpreter Development.Module REQUIRED)
    execute_process(COMMAND "${Python_EXECUTABLE}" -m nanobind --cmake_dir
                    OUTPUT_VARIABLE nanobind_cmake_dir OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE nanobind_missing ERROR_QUIET)
    if(nanobind_missing)
      message(FATAL_ERROR "polyc_add_python_module needs nanobind for ${Python_EXECUTABLE}: "
                          "${Python_EXECUTABLE} -m pip install nanobind")
    endif()
    find_package(nanobind CONFIG REQUIRED PATHS "${nanobind_cmake_dir}" NO_DEFAULT_PATH)
  endif()
  get_filename_component(source "${arg_SOURCE}" ABSOLUTE)
  get_filename_component(stem "${arg_SOURCE}" NAME_WE)
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/${arg_TARGET}.polyc")
  set(cpp "${dir}/${stem}.cpp")
  set(module_cpp "${dir}/${arg_TARGET}_module.cpp")
  _polyc_arguments("${source}" "${arg_SCHEDULE}" "${arg_NAMESPACE}" "${arg_OPTIONS}")
  add_custom_command(
    OUTPUT "${cpp}" "${module_cpp}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${dir}"
    COMMAND polyc::polyc ${args} --emit=cpp -o "${cpp}"
    COMMAND polyc::polyc ${args} --emit=python "--python-module=${arg_TARGET}" -o "${module_cpp}"
    DEPENDS ${depends} polyc::polyc
    COMMENT "polyc ${arg_SOURCE}: ${stem}.cpp and the Python module ${arg_TARGET}"
    VERBATIM)
  nanobind_add_module(${arg_TARGET} "${module_cpp}" "${cpp}")
  target_link_libraries(${arg_TARGET} PRIVATE polyc::polyrt)
  target_compile_features(${arg_TARGET} PRIVATE cxx_std_20)
endfunction()
