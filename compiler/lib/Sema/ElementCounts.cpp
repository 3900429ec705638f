//===- ElementCounts.cpp - How many vertices an element has ----------------===//
//
// An element's count sizes its per-vertex vectors. An edgeset of the element
// gives it when the edgeset is loaded; GraphIt's programs without one declare
// `const vertices : vertexset{Vertex} = new vertexset{Vertex}(5);` and size
// their vectors by it, sometimes declaring the vectors first. The first such
// global gives the count; where its n depends on nothing the program
// initialises, the count is known before every global. Likewise an edgeset
// loaded from argv or a file name is loaded before every other global, as
// GraphIt's programs that declare vectors above it need.
//
//===----------------------------------------------------------------------===//
#include "SemaImpl.h"

#include "polyc/AST/StmtWalk.h"

#include "llvm/Support/Casting.h"

#include <set>
#include <string>

using namespace polyc;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

/// Whether e reads no global and calls no function of the program.
static bool readsNothingInitialised(Expr &e) {
  if (auto *name = dyn_cast<NameExpr>(&e))
    if (auto *var = dyn_cast_or_null<VarDecl>(name->decl); var && var->storage != VarDecl::Local)
      return false;
  if (auto *call = dyn_cast<CallExpr>(&e); call && call->func)
    return false;
  bool independent = true;
  forEachChild(e, [&](ExprPtr &child) { independent = independent && readsNothingInitialised(*child); });
  return independent;
}

void Sema::recordElementCounts() {
  std::set<std::string> byEdgeset;
  for (auto &decl : program.decls)
    if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->type.kind == Type::EdgeSet) {
      byEdgeset.insert({var->type.srcElement, var->type.dstElement});
      var->loadedFirst = var->storage == VarDecl::Global && var->init &&
                         var->init->type.isValid() && readsNothingInitialised(*var->init);
    }
  for (auto &decl : program.decls) {
    auto *var = dyn_cast<VarDecl>(decl.get());
    if (!var || var->storage != VarDecl::Global || var->type.kind != Type::VertexSet ||
        byEdgeset.count(var->type.element))
      continue;
    auto *alloc = var->init ? dyn_cast<NewExpr>(var->init.get()) : nullptr;
    if (!alloc || alloc->args.size() != 1 || !alloc->args[0]->type.isValid())
      continue;
    auto *element = dyn_cast_or_null<ElementDecl>(lookup(var->type.element));
    if (!element || element->countedBy)
      continue;
    element->countedBy = var;
    element->countedFirst = readsNothingInitialised(*alloc->args[0]);
  }
}
