//===- TraversalVertices.h - Parameters that always hold a vertex -*- C++ -*-===//
//
// A function that only traversals run gets its vertex parameters from the
// traversal's loop: they are vertices of the edgeset walked, in [0, n). The
// in-range-vertices pass skips graph queries' vertex checks on them, and the
// value-ranges pass starts their ranges there.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_PASSES_TRAVERSALVERTICES_H
#define POLYC_PASSES_TRAVERSALVERTICES_H

#include "polyc/IR/IR.h"

#include <map>

namespace polyc {

/// The parameters p of functions f such that every use of f hands p a vertex
/// of one const global edgeset E, which is what each entry names:
///   - f is the applied function or a filter of edge traversals over E (p a
///     source or destination), or the function of vertex traversals over a
///     const global set `E.getVertices()`;
///   - nothing else names or calls f, f is not exported (C++ callers may pass
///     anything), and f never assigns p.
std::map<const ParamDecl *, InRangeVertex> traversalVertexParams(const Module &module);

} // namespace polyc

#endif
