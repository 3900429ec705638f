//===- Builtins.h - The builtin functions and methods, by name -*- C++ -*-===//
//
// Sema resolves a call of a builtin function (`atoi(argv[2])`) or of a
// method on a graph, set, vector, list or priority queue (`edges.from(s)`)
// once, into these enums stored on the call node; passes, lowering and the
// emitter compare the enums, never the spelling. One table maps each name to
// its enum and back (Builtins.cpp); printers take the spelling from it.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_AST_BUILTINS_H
#define POLYC_AST_BUILTINS_H

#include "llvm/ADT/StringRef.h"

namespace polyc {

/// A builtin function. IntConversion (`int`) is not written by programs:
/// Sema inserts it where a wider or floating value becomes an int.
enum class Builtin {
  None,
  Load, Atoi, Atof, Fabs, Sqrt, Floor, Log, Pow, Min, Max, ToDouble,
  StartTimer, StopTimer, Intersection, IntersectNeighbor, AtomicAdd, WriteMin,
  CompareAndSwap, IntConversion
};

/// A method; which receiver types have it is Sema's business
/// (CheckMethods.cpp, CheckPriorityQueue.cpp). GraphIt's aliases
/// (where/filter, dequeueReadySet/dequeue_ready_set, ...) stay distinct, as
/// passes tell some of them apart.
enum class Method {
  None,
  // edgesets
  GetVertices, GetOutDegrees, GetOutDegreesUint, GetOutDegree, GetOutNeighbor, GetNgh,
  Transpose, Relabel, Apply, ApplyModified, From, To, DstFilter, SrcFilter,
  ApplyUpdatePriority,
  // vertexsets (and Apply), lists (Size)
  Filter, Where, ApplyUpdatePriorityExtern, Size, GetVertexSetSize, AddVertex,
  // vectors
  Sum, Max,
  // lists
  Append, Pop,
  // priority queues
  Finished, DequeueReadySet, DequeueReadySetCamel, GetCurrentPriority, FinishedNode,
  UpdatePriorityMin, UpdatePriorityMax, UpdatePrioritySum
};

/// The builtin or method spelt `name`, or None.
Builtin builtinNamed(llvm::StringRef name);
Method methodNamed(llvm::StringRef name);

/// The spelling of a builtin or method ("" for None).
llvm::StringRef builtinName(Builtin builtin);
llvm::StringRef methodName(Method method);

} // namespace polyc

#endif
