//===- TypeRules.h - Which values go where ----------------------*- C++ -*-===//
//
// The conversions GraphIt allows, in one place. GraphIt compiles to C++ and
// inherits its permissiveness: numbers convert into each other, a vertex is
// an int (it indexes vectors, prints, and takes part in arithmetic), and a
// per-vertex vector can be filled from a single value. Invalid types convert
// to and from everything so that one error does not cause others.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_SEMA_TYPERULES_H
#define POLYC_SEMA_TYPERULES_H

#include "polyc/AST/Type.h"

namespace polyc {

/// A number, a bool or a vertex: what arithmetic and comparisons accept.
bool isArithmetic(const Type &t);

/// An integer or a vertex: what indexes vectors and bounds loops.
bool isIndexLike(const Type &t);

/// A vertex of element `element`, or an integer standing for one.
bool isVertexOf(const Type &t, const std::string &element);

/// Whether a value of type `from` may be stored where `to` is expected
/// (assignment, initialisation, argument passing). Vectors accept a scalar
/// (element-wise fill).
bool canAssign(const Type &to, const Type &from);

/// Values `print` can write.
bool isPrintable(const Type &t);

} // namespace polyc

#endif
