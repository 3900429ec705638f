//===- Effects.h - What a function does besides computing -------*- C++ -*-===//
//
// The parallelization and update-sync passes need to know, for a function
// applied to many vertices or edges at once, which global state it writes
// and whether anything in it (or in what it calls) must run in order.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_PASSES_EFFECTS_H
#define POLYC_PASSES_EFFECTS_H

#include "polyc/AST/AST.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace polyc {

struct FunctionEffects {
  /// Assignments in the function's own body whose target is global.
  std::vector<AssignStmt *> globalWrites;
  /// Globals written by the functions it calls, transitively.
  std::set<std::string> globalsWrittenByCallees;
  /// Why the function cannot be applied in parallel ("prints", "calls the
  /// extern function 'f'", ...); empty when it can.
  std::string serialReason;
};

/// Effects of every function of the program.
std::map<const FuncDecl *, FunctionEffects> analyzeEffects(const Program &program);

/// The functions of `roots` and every function they call, directly or
/// through others (the call graph analyzeEffects walks). Functions that are
/// only named, not called (a function given to another), are not followed.
std::set<const FuncDecl *> functionsCalledFrom(const Program &program,
                                               const std::set<const FuncDecl *> &roots);

/// The index that selects a per-element vector's element in an assignment
/// target: `latent[v]` in `latent[v][i]`; null when the target is no index.
const IndexExpr *elementIndex(const Expr &target);

/// The global a write targets (`x = ...`, `x[v] = ...`, `x[v][i] = ...`), or null.
const VarDecl *writtenGlobal(const AssignStmt &assign);

} // namespace polyc

#endif
