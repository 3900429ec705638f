//===- Type.h - Types of the GraphIt algorithm language --------*- C++ -*-===//
//
// Types are small values. Compound types (vectors, edgesets, lists) keep their
// component type behind a shared_ptr so that copying a Type stays cheap.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_AST_TYPE_H
#define POLYC_AST_TYPE_H

#include <cstdint>
#include <memory>
#include <string>

namespace polyc {

struct Type {
  enum Kind {
    Invalid, // the type of an expression sema could not type; silences cascades
    Void,
    Int,    // 32-bit signed
    UInt,   // 32-bit unsigned
    UInt64,
    Float,  // 32-bit
    Double,
    Bool,
    String,
    Element,       // a vertex or edge of element type `element`
    VertexSet,     // vertexset{element}
    EdgeSet,       // edgeset{element}(src, dst[, weight])
    Vector,        // vector{element}(value): one value per element
    FixedVector,   // vector[length](value)
    List,          // list{value}
    PriorityQueue, // priority_queue{element}(value)
    Function,      // the type of a name that denotes a function
  };

  Kind kind = Invalid;
  std::string element;            // Element, VertexSet, EdgeSet, Vector, PriorityQueue
  std::string srcElement;         // EdgeSet
  std::string dstElement;         // EdgeSet
  std::shared_ptr<const Type> value; // Vector/FixedVector/List/PriorityQueue value;
                                  // EdgeSet weight (null when unweighted)
  int64_t length = 0;             // FixedVector

  Type() = default;
  explicit Type(Kind k) : kind(k) {}

  static Type scalar(Kind k) { return Type(k); }
  static Type elementOf(std::string name);
  static Type vertexSet(std::string element);
  static Type edgeSet(std::string element, std::string src, std::string dst,
                      const Type *weight);
  static Type vector(std::string element, Type value);
  static Type fixedVector(int64_t length, Type value);
  static Type list(Type value);
  static Type priorityQueue(std::string element, Type value);

  bool isValid() const { return kind != Invalid; }
  bool isNumeric() const; // Int, UInt, UInt64, Float, Double (Bool excluded)
  bool isIntegral() const { return kind == Int || kind == UInt || kind == UInt64; }
  bool isFloating() const { return kind == Float || kind == Double; }
  bool isScalar() const { return isNumeric() || kind == Bool || kind == String; }
  bool isWeightedEdgeSet() const { return kind == EdgeSet && value != nullptr; }

  /// GraphIt spelling, e.g. "vector{Vertex}(double)"; used in diagnostics
  /// and in --emit=ast / --emit=ir dumps.
  std::string str() const;

  friend bool operator==(const Type &a, const Type &b);
  friend bool operator!=(const Type &a, const Type &b) { return !(a == b); }
};

/// C++'s usual arithmetic conversions restricted to the language's scalars:
/// the common type of a binary arithmetic operation.
Type promote(const Type &a, const Type &b);

} // namespace polyc

#endif
