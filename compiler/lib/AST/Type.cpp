//===- Type.cpp - Types of the GraphIt algorithm language -----------------===//
#include "polyc/AST/Type.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

using namespace polyc;

Type Type::elementOf(std::string name) {
  Type t(Element);
  t.element = std::move(name);
  return t;
}

Type Type::vertexSet(std::string element) {
  Type t(VertexSet);
  t.element = std::move(element);
  return t;
}

Type Type::edgeSet(std::string element, std::string src, std::string dst,
                   const Type *weight) {
  Type t(EdgeSet);
  t.element = std::move(element);
  t.srcElement = std::move(src);
  t.dstElement = std::move(dst);
  if (weight)
    t.value = std::make_shared<const Type>(*weight);
  return t;
}

Type Type::vector(std::string element, Type value) {
  Type t(Vector);
  t.element = std::move(element);
  t.value = std::make_shared<const Type>(std::move(value));
  return t;
}

Type Type::fixedVector(int64_t length, Type value) {
  Type t(FixedVector);
  t.length = length;
  t.value = std::make_shared<const Type>(std::move(value));
  return t;
}

Type Type::list(Type value) {
  Type t(List);
  t.value = std::make_shared<const Type>(std::move(value));
  return t;
}

Type Type::priorityQueue(std::string element, Type value) {
  Type t(PriorityQueue);
  t.element = std::move(element);
  t.value = std::make_shared<const Type>(std::move(value));
  return t;
}

bool Type::isNumeric() const {
  return kind == Int || kind == UInt || kind == UInt64 || kind == Float || kind == Double;
}

// Every compound type holds its value, so a null `value` only happens for an
// unweighted edgeset or a hand-made Type; print it rather than crash.
static std::string valueStr(const std::shared_ptr<const Type> &value) {
  return value ? value->str() : "<invalid>";
}

std::string Type::str() const {
  switch (kind) {
  case Invalid: return "<invalid>";
  case Void: return "void";
  case Int: return "int";
  case UInt: return "uint";
  case UInt64: return "uint_64";
  case Float: return "float";
  case Double: return "double";
  case Bool: return "bool";
  case String: return "string";
  case Element: return element;
  case VertexSet: return "vertexset{" + element + "}";
  case EdgeSet: {
    std::string s = "edgeset{" + element + "}(" + srcElement + ", " + dstElement;
    if (value)
      s += ", " + value->str();
    return s + ")";
  }
  case Vector: return "vector{" + element + "}(" + valueStr(value) + ")";
  case FixedVector: return "vector[" + std::to_string(length) + "](" + valueStr(value) + ")";
  case List: return "list{" + valueStr(value) + "}";
  case PriorityQueue: return "priority_queue{" + element + "}(" + valueStr(value) + ")";
  case Function: return "function";
  }
  llvm_unreachable("a Type kind outside the enum");
}

namespace polyc {

bool operator==(const Type &a, const Type &b) {
  if (a.kind != b.kind || a.element != b.element || a.srcElement != b.srcElement ||
      a.dstElement != b.dstElement || a.length != b.length)
    return false;
  if (!a.value || !b.value)
    return !a.value && !b.value;
  return *a.value == *b.value;
}

// The rank of a scalar under C++'s usual arithmetic conversions; bool and
// vertices (which GraphIt treats as ints) take part as int.
static int arithmeticRank(const Type &t) {
  switch (t.kind) {
  case Type::Bool:
  case Type::Element:
  case Type::Int: return 0;
  case Type::UInt: return 1;
  case Type::UInt64: return 2;
  case Type::Float: return 3;
  case Type::Double: return 4;
  default: return -1;
  }
}

Type promote(const Type &a, const Type &b) {
  static const Type::Kind byRank[] = {Type::Int, Type::UInt, Type::UInt64, Type::Float,
                                      Type::Double};
  int ra = arithmeticRank(a), rb = arithmeticRank(b);
  if (ra < 0 || rb < 0)
    return Type(Type::Invalid);
  return Type(byRank[std::max(ra, rb)]);
}

} // namespace polyc
