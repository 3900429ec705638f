//===- CppTypes.cpp - Language types and names in C++ --------------------===//
#include "Emitter.h"

#include "llvm/ADT/StringRef.h"

#include <set>

using namespace polyc;

std::string polyc::cppType(const Type &type) {
  switch (type.kind) {
  case Type::Void: return "void";
  case Type::Int: return "int32_t";
  case Type::UInt: return "uint32_t";
  case Type::UInt64: return "uint64_t";
  case Type::Float: return "float";
  case Type::Double: return "double";
  case Type::Bool: return "bool";
  case Type::String: return "std::string";
  case Type::Element: return "polyrt::VertexId";
  case Type::VertexSet: return "polyrt::VertexSubset";
  case Type::EdgeSet:
    return "polyrt::Graph<" + (type.value ? cppType(*type.value) : "polyrt::NoWeight") + ">";
  case Type::Vector: return "polyrt::VertexArray<" + cppType(*type.value) + ">";
  case Type::FixedVector:
    return "std::array<" + cppType(*type.value) + ", " + std::to_string(type.length) + ">";
  case Type::List: return "std::vector<" + cppType(*type.value) + ">";
  case Type::PriorityQueue: return "polyrt::PriorityQueue<" + cppType(*type.value) + ">";
  case Type::Function:
  case Type::Invalid: break;
  }
  return "void /* unsupported type " + type.str() + " */";
}

std::string polyc::cppName(const std::string &name) {
  // C++ keywords and names the generated code itself uses.
  static const std::set<std::string> reserved = {
      "alignas", "alignof", "asm", "auto", "case", "catch", "char", "char8_t", "char16_t",
      "char32_t", "class", "concept", "consteval", "constexpr", "constinit", "const_cast",
      "continue", "co_await", "co_return", "co_yield", "decltype", "default", "double",
      "dynamic_cast", "enum", "explicit", "export", "extern", "float", "friend", "goto",
      "inline", "int", "long", "mutable", "namespace", "noexcept", "nullptr", "operator",
      "private", "protected", "public", "register", "reinterpret_cast", "requires", "short",
      "signed", "sizeof", "static", "static_assert", "static_cast", "struct", "switch",
      "template", "this", "thread_local", "throw", "try", "typedef", "typeid", "typename",
      "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "std", "polyrt"};
  if (reserved.count(name) || llvm::StringRef(name).starts_with("polyc_") ||
      llvm::StringRef(name).starts_with("num_"))
    return name + "_";
  return name;
}

std::string polyc::cppFunctionName(const FuncDecl &func) {
  if (func.isMain())
    return "polyc_main";
  // Traversal functions call applied functions from inside loops whose
  // locals have these names.
  static const std::set<std::string> traversalLocals = {
      "g",    "frontier", "offsets", "neighbors", "weights", "sources", "inFrontier", "next",
      "set",  "members",  "member",  "e",         "i",       "v",       "src",        "dst"};
  if (traversalLocals.count(func.name))
    return func.name + "_";
  return cppName(func.name);
}

bool polyc::passedByReference(const Type &type) {
  return !type.isScalar() && type.kind != Type::Element;
}
