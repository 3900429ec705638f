//===- TraversalVertices.cpp - Parameters that always hold a vertex -------===//
#include "polyc/Passes/TraversalVertices.h"

#include "polyc/IR/Clone.h"
#include "polyc/Passes/Accesses.h"

#include "llvm/Support/Casting.h"

#include <set>

using namespace polyc;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

namespace {

/// E when `set` names a const global vertexset initialised to
/// `E.getVertices()` with E a const global edgeset, else null.
const VarDecl *verticesOf(const Expr *set) {
  const VarDecl *var = constGlobal(set);
  auto *init = var ? dyn_cast_or_null<MethodCallExpr>(var->init.get()) : nullptr;
  if (!init || init->methodKind != Method::GetVertices || var->type.kind != Type::VertexSet)
    return nullptr;
  return constEdgeset(init->receiver.get());
}

/// For each parameter some traversal hands a vertex: the edgeset whose
/// vertex every traversal hands it, or null when they disagree or one hands
/// it something else.
class VertexParams {
public:
  void handedBy(const FuncDecl *f, size_t index, const VarDecl *edges) {
    if (!f || index >= f->params.size())
      return;
    const ParamDecl *p = f->params[index].get();
    auto [it, inserted] = of_.try_emplace(p, edges);
    if (!inserted && it->second != edges)
      it->second = nullptr;
  }
  const VarDecl *edgesetOf(const ParamDecl *p) const {
    auto it = of_.find(p);
    return it == of_.end() ? nullptr : it->second;
  }

private:
  std::map<const ParamDecl *, const VarDecl *> of_;
};

} // namespace

std::map<const ParamDecl *, InRangeVertex> polyc::traversalVertexParams(const Module &module) {
  VertexParams params;
  for (const EdgeTraversalExpr *t : module.edgeTraversals) {
    const VarDecl *edges = constEdgeset(t->edges.get());
    params.handedBy(t->applyFunc, 0, edges);
    params.handedBy(t->applyFunc, 1, edges);
    params.handedBy(t->toFilter, 0, edges);
    params.handedBy(t->srcFilter, 0, edges);
  }
  for (const VertexTraversalExpr *t : module.vertexTraversals)
    params.handedBy(t->func, 0, verticesOf(t->set.get()));

  // f runs only in traversals: no statement calls or names it (a functor
  // application is a name by now), and no C++ caller can reach it.
  const std::set<const EdgeTraversalExpr *> edgeTraversals(module.edgeTraversals.begin(),
                                                           module.edgeTraversals.end());
  const std::set<const VertexTraversalExpr *> vertexTraversals(module.vertexTraversals.begin(),
                                                               module.vertexTraversals.end());
  std::map<const ParamDecl *, InRangeVertex> vertices;
  for (const auto &decl : module.program->decls) {
    auto *func = dyn_cast<FuncDecl>(decl.get());
    if (!func || func->linkage != FuncDecl::Internal ||
        !runOnlyWithin(module, {func}, edgeTraversals, vertexTraversals))
      continue;
    for (const auto &param : func->params)
      if (const VarDecl *edges = params.edgesetOf(param.get());
          edges && !assignsName(func->body, param.get()))
        vertices[param.get()] = {func, param.get(), edges};
  }
  return vertices;
}
