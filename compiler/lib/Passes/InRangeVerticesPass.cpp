//===- InRangeVerticesPass.cpp - Graph queries about a traversal's vertex ===//
//
// `edges.getOutDegree(v)` and `edges.getOutNeighbor(v, i)` check that v is a
// vertex of edges: in main, v may be a number from the command line. In a
// function a traversal applies, v is usually the vertex the traversal hands
// it, and the check is a compare and a branch per call in the traversal's
// loop (Afforest's sampling, `linkToNeighbor(v)`, paid 5% of its kernel on
// kron20 for them). This pass records the queries whose vertex is provably
// one of the receiver's (Module::inRangeVertexQueries); the emitter passes
// polyrt::QueryVertex::InRange to them, which skips the vertex check. The
// position check of getOutNeighbor stays: i is the program's arithmetic.
//
// A query qualifies when
//   - its receiver is a const global edgeset E (never reassigned, so its
//     vertex count is the one the traversals walked);
//   - its vertex argument names a parameter p of the function f it is in,
//     which f never assigns;
//   - every use of f hands p a vertex of E: f is the applied function or a
//     filter of edge traversals over E (p a source or destination), or the
//     function of vertex traversals over a const global set `E.getVertices()`;
//     nothing else names or calls f, and f is not exported (C++ callers may
//     pass anything).
// A function that is also called directly, or applied over another edgeset
// or a set of other origin (a frontier, a filtered set), keeps its checks.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/Clone.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

#include <map>
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
  if (!init || init->method != "getVertices" || var->type.kind != Type::VertexSet)
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

bool assignsParam(const FuncDecl &f, const ParamDecl *p) {
  bool assigned = false;
  forEachStmtIn(f.body, [&](Stmt &s) {
    if (auto *assign = dyn_cast<AssignStmt>(&s))
      assigned = assigned || namesDecl(*assign->target, p);
  });
  return assigned;
}

} // namespace

bool polyc::runInRangeVerticesPass(Module &module, DiagnosticEngine &) {
  module.inRangeVertexQueries.clear();
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
  for (const auto &decl : module.program->decls) {
    auto *func = dyn_cast<FuncDecl>(decl.get());
    if (!func || func->linkage != FuncDecl::Internal ||
        !runOnlyWithin(module, {func}, edgeTraversals, vertexTraversals))
      continue;
    forEachExprIn(func->body, [&](Expr &e) {
      auto *query = dyn_cast<MethodCallExpr>(&e);
      if (!query || (query->method != "getOutDegree" && query->method != "getOutNeighbor") ||
          query->args.empty())
        return;
      auto *vertex = dyn_cast<NameExpr>(query->args[0].get());
      auto *param = vertex ? dyn_cast_or_null<ParamDecl>(vertex->decl) : nullptr;
      const VarDecl *edges = params.edgesetOf(param);
      if (edges && edges == constEdgeset(query->receiver.get()) && !assignsParam(*func, param))
        module.inRangeVertexQueries[query] = {func, param, edges};
    });
  }
  return true;
}
