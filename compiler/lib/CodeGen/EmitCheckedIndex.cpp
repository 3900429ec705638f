//===- EmitCheckedIndex.cpp - Vector accesses with a range check ---------===//
//
// The checked-indices pass lists the vector accesses of serial code
// (Module::checkedIndices); each is emitted through polyrt/checked_index.h,
// which stops the program with the place and the range instead of reading
// or writing outside the vector:
//
//   polyrt::checkedAt(SP, start_vertex, "sssp.gt:19:7") = 0;
//   polyrt::writeMin(&polyrt::checkedAt(SP, v, "sssp.gt:20:5"), 3);
//   polyrt::addStartVertex(frontier, start_vertex, "bfs.gt:24:5");
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "EmitFusedFields.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

std::string CppEmitter::quotedPlace(llvm::SMLoc loc) {
  std::string place = "\"";
  for (char c : sourcePlace(loc)) {
    if (c == '"' || c == '\\')
      place += '\\';
    place += c;
  }
  return place + "\"";
}

std::string CppEmitter::checkedAccess(const Expr &vector, const std::string &vectorText,
                                      const Expr &index, llvm::SMLoc loc, IndexCheck check) {
  std::string helper =
      check == IndexCheck::Vertex ? "polyrt::checkedAt(" : "polyrt::checkedSlotAt(";
  std::string rest = ", " + expr(index) + ", " + quotedPlace(loc) + ")";
  // A fused vector (fuseFields) is a field of its group's array's elements.
  if (auto *name = dyn_cast<NameExpr>(&vector))
    if (const FusedFieldGroup *g = fusedGroupOf(module, name->decl))
      return helper + fusedArrayName(*g) + rest + "." + cppName(name->name);
  return helper + vectorText + rest;
}

std::string CppEmitter::checkedElement(const IndexExpr &ix, IndexCheck check) {
  return checkedAccess(*ix.base, expr(*ix.base), *ix.index, ix.loc, check);
}

std::string CppEmitter::atomicElementAddress(const CallExpr &call) {
  const Expr &vector = *call.args[0], &index = *call.args[1];
  auto checked = module.checkedAtomicIndices.find(&call);
  if (checked == module.checkedAtomicIndices.end())
    return elementAddress(vector, index);
  return "&" + checkedAccess(vector, lvalue(vector), index, call.loc, checked->second);
}

std::string CppEmitter::startVertexAdded(const MethodCallExpr &m, const std::string &receiver,
                                         const std::string &vertex) {
  if (!module.checkedStartVertices.count(&m))
    return receiver + ".addVertex(" + vertex + ")";
  return "polyrt::addStartVertex(" + receiver + ", " + vertex + ", " + quotedPlace(m.args[0]->loc) +
         ")";
}
