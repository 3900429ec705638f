//===- LoopChecks.h - What the loop schedules' passes share -----*- C++ -*-===//
//
// The loop-splitting, loop-fusion and apply-fusion passes each apply the
// schedule's transforms of one kind, in schedule order, and report what is in
// the way as an error at the schedule call with a note at the statement.
//
// splitForLoop and fuseForLoop change how often and in which order the
// statements of a for loop run. They are only correct when the loop leaves
// by its bounds (no `break`; for fusion no `return` either), when the body
// leaves its loop variable alone, and when the bounds are plain values the
// body does not change. checkLoopShape reports the first thing in the way.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_LIB_PASSES_LOOPCHECKS_H
#define POLYC_LIB_PASSES_LOOPCHECKS_H

#include "polyc/IR/Clone.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Support/Diagnostics.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace polyc {

/// Calls apply on each of the schedule's transforms of `kind`, in schedule
/// order, stopping at the first that fails (after reporting); refills the
/// module's traversal lists when any ran.
bool runLoopTransforms(Module &module, LoopTransform::Kind kind,
                       llvm::function_ref<bool(const LoopTransform &)> apply);

/// Errors about one transform: at the schedule call, "<what>: <why>".
struct TransformErrors {
  DiagnosticEngine &diags;
  std::string what; // "cannot fuse 'l1' and 'l2'"
  llvm::SMLoc at;   // the schedule call

  /// Reports why, with a note at `where` when it is valid; returns false.
  bool fail(const std::string &why, llvm::SMLoc where = {}, const std::string &note = "") const;
  /// The statement an input label names now; an error if none does (the
  /// label of a transform polyc applies later).
  StmtPosition find(Program &program, const Located<std::string> &label) const;
};

/// The scoped label of a transform's output k.
std::string outputLabel(const LoopTransform &t, size_t k);

/// An expression as the program writes it, for messages.
std::string sourceText(const Expr &e);

/// Why code a and code b (named as in messages) cannot run interleaved
/// beyond their variables: both print, both use the timer, or one calls
/// code polyc cannot see. Empty when nothing is in the way.
std::string effectConflict(const Accesses &a, const std::string &nameA, const Accesses &b,
                           const std::string &nameB);

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

/// Checks the loop for splitting or fusing; reports the first problem.
bool checkLoopShape(const ForStmt &loop, const AccessAnalysis &analysis, bool allowReturn,
                    const TransformErrors &errors);

/// The value of an integer constant expression (literals, unary minus,
/// + - *, and const globals initialised with one), if it is one.
std::optional<int64_t> constantValue(const Expr &e);

/// A variable's name for messages.
std::string nameOf(const Decl *decl);

} // namespace polyc

#endif
