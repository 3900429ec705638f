//===- Functions.h - The table of schedule functions ----------*- C++ -*-===//
//
// One row per schedule function: its arity, its checker, and a description
// of each argument (what kind of value, from which option table). The
// validator (ScheduleValidator.cpp) uses the arity and the checker; the
// schedule-space printer (ScheduleSpace.cpp) prints the argument descriptions
// so that tools searching schedules (polyc-tune, the equivalence suite) read
// the values the validator accepts instead of keeping copies of them (rows
// marked not searchable are left out of that space).
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_LIB_SCHEDULE_FUNCTIONS_H
#define POLYC_LIB_SCHEDULE_FUNCTIONS_H

#include "Checker.h"

#include "llvm/ADT/ArrayRef.h"

namespace polyc::schedule {

enum class ArgKind {
  None,      // no argument at this position
  Label,     // a statement label with the function's `labelTraits`
  NewLabel,  // a label the call introduces (loop transforms)
  Option,    // one spelling of `values()`
  Number,    // an integer of `rule`
  Real,      // a positive number
  Variant,   // a `dir`: SparsePush, DensePush or DensePull
  Vector,    // a global per-vertex vector
  VectorList // a list of them
};

struct ArgSpec {
  const char *name = nullptr;
  ArgKind kind = ArgKind::None;
  llvm::ArrayRef<OptionValue> (*values)() = nullptr; // for Option
  NumberRule rule{0, false};                          // for Number
};

/// Which labelled statements a function configures. The validator checks
/// only for loops and edge traversals strictly (loop transforms); the rest
/// is what the passes accept, and is what tools should try.
enum AppliesTo : unsigned {
  ToEdgeTraversal = 1,
  ToVertexTraversal = 2, // a labelled statement without an edge traversal
  ToForLoop = 4,
  ToProgram = 8, // no label: vectors, the barrier
};

constexpr unsigned kMaxArgs = 5;

struct FunctionInfo {
  const char *name;
  unsigned minArgs, maxArgs;
  CheckFn check;
  /// Whether the first argument is a label whose schedule entry it sets.
  bool setsLabelOptions;
  unsigned appliesTo;
  ArgSpec args[kMaxArgs];
  /// Listed by --emit=schedule-space. The distribution functions are not:
  /// tools that search the space run candidates without mpirun.
  bool searchable = true;
};

/// Every schedule function polyc accepts, in the order of docs/schedule.md's
/// quick reference.
llvm::ArrayRef<FunctionInfo> scheduleFunctions();

} // namespace polyc::schedule

#endif
