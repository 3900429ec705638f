//===- EmitCheckedIndex.cpp - Vector accesses with a range check ---------===//
//
// The checked-indices pass lists the vector accesses of serial code
// (Module::checkedIndices); each is emitted through polyrt/checked_index.h,
// which stops the program with the place and the range instead of reading
// or writing outside the vector:
//
//   polyrt::checkedAt(SP, start_vertex, "sssp.gt:19:7") = 0;
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "EmitFusedFields.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

std::string CppEmitter::checkedElement(const IndexExpr &ix, IndexCheck check) {
  std::string helper =
      check == IndexCheck::Vertex ? "polyrt::checkedAt(" : "polyrt::checkedSlotAt(";
  std::string place;
  for (char c : sourcePlace(ix.loc)) {
    if (c == '"' || c == '\\')
      place += '\\';
    place += c;
  }
  std::string rest = ", " + expr(*ix.index) + ", \"" + place + "\")";
  // A fused vector (fuseFields) is a field of its group's array's elements.
  if (auto *base = dyn_cast<NameExpr>(ix.base.get()))
    if (const FusedFieldGroup *g = fusedGroupOf(module, base->decl))
      return helper + g->arrayName + rest + "." + cppName(base->name);
  return helper + expr(*ix.base) + rest;
}
