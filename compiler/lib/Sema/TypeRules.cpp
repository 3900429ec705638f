//===- TypeRules.cpp - Which values go where ------------------------------===//
#include "TypeRules.h"

using namespace polyc;

bool polyc::isArithmetic(const Type &t) {
  return t.isNumeric() || t.kind == Type::Bool || t.kind == Type::Element;
}

bool polyc::isIndexLike(const Type &t) { return t.isIntegral() || t.kind == Type::Element; }

bool polyc::isVertexOf(const Type &t, const std::string &element) {
  return (t.kind == Type::Element && t.element == element) || t.isIntegral();
}

bool polyc::canAssign(const Type &to, const Type &from) {
  if (!to.isValid() || !from.isValid() || to == from)
    return true;
  switch (to.kind) {
  case Type::Bool:
    return false; // only from bool, handled by ==
  case Type::Int:
  case Type::UInt:
  case Type::UInt64:
  case Type::Float:
  case Type::Double:
    return isArithmetic(from);
  case Type::Element:
    return from.isIntegral() || (from.kind == Type::Element && from.element == to.element);
  case Type::Vector:
  case Type::FixedVector:
    // `const rank : vector{Vertex}(double) = 0;` fills every element.
    return to.value && from.kind != Type::Vector && canAssign(*to.value, from);
  default:
    return false;
  }
}

bool polyc::isPrintable(const Type &t) {
  return !t.isValid() || isArithmetic(t) || t.kind == Type::String;
}
