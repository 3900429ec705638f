//===- FunctionUses.cpp - Where a function runs -------------------------===//
#include "polyc/AST/StmtWalk.h"
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
  bool named = false;
  forEachStmt(*module.program, [&](Stmt &s) {
    forEachDirectExpr(s, [&](ExprPtr &e) {
      for (const FuncDecl *f : funcs)
        named = named || mentions(*e, f);
    });
  });
  return !named;
}
