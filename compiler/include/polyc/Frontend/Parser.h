//===- Parser.h - Parsing algorithm and schedule files ----------*- C++ -*-===//
//
// Both parsers run the ANTLR-generated parser on one buffer of the SourceMgr,
// report syntax errors as located diagnostics ("expected ..."), and build the
// AST. They return null / false after any error; they never throw.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_FRONTEND_PARSER_H
#define POLYC_FRONTEND_PARSER_H

#include "polyc/AST/AST.h"
#include "polyc/Schedule/ScheduleAST.h"
#include "polyc/Support/Diagnostics.h"

#include <memory>
#include <optional>

namespace polyc {

/// Parses the algorithm in buffer bufferId (a .gt file, or the part of a
/// single-file program before its `schedule:` line).
std::unique_ptr<Program> parseProgram(unsigned bufferId, DiagnosticEngine &diags);

/// Parses schedule statements in buffer bufferId; an optional `schedule:`
/// header line is accepted.
std::optional<ScheduleFile> parseSchedule(unsigned bufferId, DiagnosticEngine &diags);

} // namespace polyc

#endif
