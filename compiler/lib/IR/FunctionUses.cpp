//===- FunctionUses.cpp - Where a function runs -------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/Clone.h"
#include "polyc/IR/IR.h"

using namespace polyc;

bool polyc::runOnlyWithin(const Module &module, const std::set<const FuncDecl *> &funcs,
                          const std::set<const EdgeTraversalExpr *> &edges,
                          const std::set<const VertexTraversalExpr *> &vertices) {
  for (const EdgeTraversalExpr *other : module.edgeTraversals)
    if (funcs.count(other->applyFunc) && !edges.count(other))
      return false;
  for (const VertexTraversalExpr *other : module.vertexTraversals)
    if (funcs.count(other->func) && !vertices.count(other))
      return false;
  // A call `f(x)` names f through CallExpr::func, not through a NameExpr.
  bool named = false;
  auto visit = [&](Expr &e) {
    if (auto *call = llvm::dyn_cast<CallExpr>(&e); call && funcs.count(call->func))
      named = true;
    for (const FuncDecl *f : funcs)
      named = named || namesDecl(e, f);
  };
  for (const auto &decl : module.program->decls) {
    if (auto *func = llvm::dyn_cast<FuncDecl>(decl.get()))
      forEachExprIn(func->body, visit);
    else if (auto *var = llvm::dyn_cast<VarDecl>(decl.get()); var && var->init)
      forEachExprBelow(*var->init, visit);
  }
  return !named;
}
