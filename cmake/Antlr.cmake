# antlr_generate(<name> <grammar.g4> <namespace>)
# Runs the ANTLR tool at build time; sets <name>_SOURCES and <name>_INCLUDE_DIR.
function(antlr_generate name grammar namespace)
  get_filename_component(base ${grammar} NAME_WE)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/antlr/${base})
  set(sources ${out}/${base}Lexer.cpp ${out}/${base}Parser.cpp
              ${out}/${base}BaseVisitor.cpp ${out}/${base}Visitor.cpp)
  # The headers are outputs too: hand-written sources include them, and Ninja
  # then rebuilds those sources in the same build when the grammar changes.
  string(REPLACE ".cpp" ".h" headers "${sources}")
  add_custom_command(
    OUTPUT ${sources} ${headers}
    COMMAND ${Java_JAVA_EXECUTABLE} -jar ${ANTLR_JAR} -Dlanguage=Cpp -visitor -no-listener
            -package ${namespace} -Xexact-output-dir -o ${out} ${grammar}
    DEPENDS ${grammar}
    COMMENT "ANTLR: generating the ${base} parser"
    VERBATIM)
  set(${name}_SOURCES ${sources} PARENT_SCOPE)
  set(${name}_INCLUDE_DIR ${out} PARENT_SCOPE)
endfunction()
