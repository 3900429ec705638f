//===- CppTypes.cpp - Language types and names in C++ --------------------===//
#include "Emitter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

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

namespace {

// Names a user identifier cannot keep in C++: keywords (C++20, with the
// alternative tokens and the words C++20 modules treat specially), the macros
// of ReservedNames.inc, the integer types and namespaces the generated code
// names unqualified, and the generated code's own global names.
bool isReservedWord(llvm::StringRef name) {
  static const std::set<std::string, std::less<>> words = {
      // Keywords and alternative tokens.
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
      "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
      "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
      "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
      "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
      "if", "import", "inline", "int", "long", "module", "mutable", "namespace", "new",
      "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected",
      "public", "register", "reinterpret_cast", "requires", "return", "short", "signed",
      "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template", "this",
      "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union",
      "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
      // Types and namespaces the generated code names without a qualifier.
      "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
      "uint64_t", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "std", "polyrt", "gt",
      "main",
#include "ReservedNames.inc"
  };
  return words.count(name) != 0;
}

/// A prefix of names the generated code or the included headers own.
bool hasReservedPrefix(llvm::StringRef name) {
  return name.starts_with("polyc_") || name.starts_with("num_") || name.starts_with("SYS_") ||
         name.starts_with("POLYRT_") || name.starts_with("KMP_");
}

// Traversal functions call applied functions (and filters) from inside loops
// whose locals have these names.
bool isTraversalLocal(llvm::StringRef name) {
  static const std::set<std::string, std::less<>> locals = {
      "g",    "frontier", "offsets", "neighbors", "weights", "sources", "inFrontier", "next",
      "set",  "members",  "member",  "e",         "i",       "v",       "src",        "dst"};
  return locals.count(name) != 0;
}

/// The one mapping from a user identifier to C++. `reserved` says which names
/// cannot stay as they are in this position. Kept: every other name that C++
/// does not reserve (no "__", no leading '_' and capital) and that is not a
/// reserved name followed by '_'s. A reserved name gets one '_' ("class" ->
/// "class_"); the rest (reserved spellings, "class_", "polyc_x_") are spelled
/// "polyc_id" followed by the name with each '_' written "_1" ("__X" ->
/// "polyc_id_1_1X"), which no kept or '_'-suffixed name can be.
std::string mangled(const std::string &name, bool (*reserved)(llvm::StringRef)) {
  llvm::StringRef n(name), stem = n.rtrim('_');
  auto anyReserved = [](llvm::StringRef s) {
    return isReservedWord(s) || hasReservedPrefix(s) || isTraversalLocal(s);
  };
  bool cppReserved = n.contains("__") || (n.size() > 1 && n[0] == '_' && llvm::isUpper(n[1]));
  if (!cppReserved && !reserved(n) && (stem == n || stem.empty() || !anyReserved(stem)))
    return name;
  if (!cppReserved && stem == n && !n.starts_with("_"))
    return name + "_";
  std::string out = "polyc_id";
  for (char c : "_" + name) {
    out += c;
    if (c == '_')
      out += '1';
  }
  return out;
}

} // namespace

std::string polyc::cppName(const std::string &name) {
  return mangled(name, [](llvm::StringRef n) { return isReservedWord(n) || hasReservedPrefix(n); });
}

std::string polyc::deferredObjectName(const EdgeTraversalExpr &t, const DeferredReduction &d) {
  return std::string(d.how == WriteSync::Htm ? "polyc_htm_" : "polyc_merge_") + t.name + "_" +
         d.vector->name;
}

std::string polyc::cppFunctionName(const FuncDecl &func) {
  return func.isMain() ? "polyc_main" : cppFunctionName(func.name);
}

std::string polyc::cppFunctionName(const std::string &name) {
  return mangled(name, [](llvm::StringRef n) {
    return isReservedWord(n) || hasReservedPrefix(n) || isTraversalLocal(n);
  });
}

bool polyc::passedByReference(const Type &type) {
  return !type.isScalar() && type.kind != Type::Element;
}

std::string polyc::defaultNamespace(llvm::StringRef programFile) {
  std::string name;
  for (char c : llvm::sys::path::stem(programFile))
    name += llvm::isAlnum(c) || c == '_' ? c : '_';
  // A namespace cannot start with a digit or be empty ("2hop.gt", ".gt").
  if (name.empty() || llvm::isDigit(name[0]))
    name = "gt_" + name;
  return cppName(name);
}

std::string polyc::checkNamespace(llvm::StringRef name) {
  llvm::SmallVector<llvm::StringRef, 4> parts;
  name.split(parts, "::");
  for (llvm::StringRef part : parts) {
    bool identifier = !part.empty() && !llvm::isDigit(part[0]) &&
                      llvm::all_of(part, [](char c) { return llvm::isAlnum(c) || c == '_'; });
    if (!identifier)
      return "'" + part.str() + "' is not a C++ identifier";
    if (cppName(part.str()) != part)
      return "'" + part.str() +
             "' is a C++ keyword, a macro of the standard headers or a name C++ or polyc reserves";
  }
  return "";
}
