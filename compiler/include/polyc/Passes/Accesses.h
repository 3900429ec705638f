//===- Accesses.h - What code reads and writes, variable by variable -*- C++ -*-===//
//
// Effects.h answers what the parallelization and update-sync passes need:
// which globals an applied function writes. The loop schedules need more:
// every variable a piece of code reads or writes (globals, locals and
// parameters alike), including through the functions it calls and the
// functions its traversals apply, and whether each access is to the element
// a loop variable selects (`x[i]`) or possibly elsewhere. Reordering two
// pieces of code is safe when neither writes what the other touches; fusing
// two loops is safe when what they share is only ever touched at x[i].
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_PASSES_ACCESSES_H
#define POLYC_PASSES_ACCESSES_H

#include "polyc/AST/AST.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <map>
#include <string>
#include <vector>

namespace polyc {

/// How some code touches one variable.
struct VarAccess {
  bool read = false;
  bool written = false;
  /// Some access is not to the element the loop variable selects: the whole
  /// variable, another index, or anything a called function does.
  bool elsewhere = false;
  /// Reads and writes other than those of a reduction `x[i] += v` (min=,
  /// max=), which reads only to update: configUpdateSync may defer a
  /// reduction on a vector nothing else touches.
  bool readOutsideReductions = false;
  bool writtenOutsideReductions = false;
  llvm::SMLoc loc; // the first access
};

/// Everything some code touches, in the order it first touches it.
class Accesses {
public:
  const std::vector<std::pair<const Decl *, VarAccess>> &vars() const { return list; }
  const VarAccess *find(const Decl *decl) const;
  VarAccess &at(const Decl *decl, llvm::SMLoc loc);

  /// Effects outside the program's variables.
  bool prints = false; // writes the program's output
  bool timer = false;  // startTimer() / stopTimer()
  /// Why its effects cannot be known ("calls the extern function 'f'"), or
  /// empty.
  std::string opaque;

  /// Merges `other` in, every access of it counted as elsewhere.
  void mergeElsewhere(const Accesses &other);
  bool operator==(const Accesses &other) const;

private:
  std::vector<std::pair<const Decl *, VarAccess>> list;
  std::map<const Decl *, size_t> index;
};

/// Per-function summaries of the whole program, computed once.
class AccessAnalysis {
public:
  explicit AccessAnalysis(const Program &program);

  /// What a function does, callees included: its accesses to globals and to
  /// its own parameters (a vector, set or list parameter is the caller's
  /// variable). Locals are left out.
  const Accesses &ofFunction(const FuncDecl &func) const;

  /// What a block does. Accesses `x[loopVar]` (loopVar may be null) are not
  /// counted as elsewhere; everything else is.
  Accesses ofBlock(const Block &block, const Decl *loopVar) const;
  Accesses ofExpr(const Expr &e) const;

private:
  std::map<const FuncDecl *, Accesses> summaries;
};

/// The variable and element index of an access target `x[i]` (or
/// `x[i][j]`): x and i; for a plain name, the name and null.
struct AccessTarget {
  const Decl *var = nullptr;
  const Expr *elementIndex = nullptr;
};
AccessTarget accessTarget(const Expr &e);

/// The const global variable `e` names (never reassigned: every use sees
/// the value it was initialised to), or null; constEdgeset: the same for an
/// edgeset.
const VarDecl *constGlobal(const Expr *e);
const VarDecl *constEdgeset(const Expr *e);

/// Whether a method only reads its receiver (`size`, `sum`, ...); any other
/// may change it (`addVertex`, `append`, the priority queue's updates).
bool isReadOnlyMethod(Method method);

/// Whether a built-in call reads and writes one element of the vector that is
/// its first argument, atomically: writeMin(vec, v, x) and
/// compareAndSwap(vec, v, old, new).
bool updatesVectorElement(const CallExpr &call);

} // namespace polyc

#endif
