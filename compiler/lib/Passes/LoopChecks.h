//===- LoopChecks.h - Legality checks the loop schedules share --*- C++ -*-===//
//
// splitForLoop and fuseForLoop change how often and in which order the
// statements of a for loop run. They are only correct when the loop leaves
// by its bounds (no `break`; for fusion no `return` either), when the body
// leaves its loop variable alone, and when the bounds are plain values the
// body does not change. These checks report the first thing in the way.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_LIB_PASSES_LOOPCHECKS_H
#define POLYC_LIB_PASSES_LOOPCHECKS_H

#include "polyc/Passes/Accesses.h"
#include "polyc/Support/Diagnostics.h"

#include <optional>
#include <string>

namespace polyc {

/// A `break` that leaves the loop whose body this is (not one of a loop
/// nested in it), or null.
const Stmt *findBreakOf(const Block &body);

/// A `return` anywhere in the block, or null.
const Stmt *findReturn(const Block &body);

/// An assignment to `var` itself in the block, or null.
const Stmt *findAssignmentTo(const Block &body, const Decl *var);

/// What makes evaluating code more or less often observable: a write, output,
/// the timer, unknown code. Empty when there is nothing.
std::string sideEffect(const Accesses &accesses);

/// Checks the loop for splitting or fusing; `what` is "cannot split 'l1'"
/// and the like. Reports at `at` (the schedule call) with a note at the
/// offending statement, and returns false, on the first problem.
bool checkLoopShape(const ForStmt &loop, const AccessAnalysis &analysis, bool allowReturn,
                    const std::string &what, llvm::SMLoc at, DiagnosticEngine &diags);

/// The value of an integer constant expression (literals, unary minus,
/// + - *, and const globals initialised with one), if it is one.
std::optional<int64_t> constantValue(const Expr &e);

/// A variable's name for messages.
std::string nameOf(const Decl *decl);

} // namespace polyc

#endif
