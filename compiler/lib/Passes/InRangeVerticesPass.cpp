//===- InRangeVerticesPass.cpp - Graph queries about a traversal's vertex ===//
//
// `edges.getOutDegree(v)` and `edges.getOutNeighbor(v, i)` check that v is a
// vertex of edges: in main, v may be a number from the command line. In a
// function a traversal applies, v is usually the vertex the traversal hands
// it, and the check is a compare and a branch per call in the traversal's
// loop (Afforest's sampling, `linkToNeighbor(v)`:
// docs/benchmark-log/2026-11-28-0950-afforest-in-range-vertices.md). This
// pass records the queries whose vertex is provably
// one of the receiver's (Module::inRangeVertexQueries); the emitter passes
// polyrt::QueryVertex::InRange to them, which skips the vertex check. The
// position check of getOutNeighbor stays: i is the program's arithmetic.
//
// A query qualifies when its receiver is a const global edgeset E (never
// reassigned, so its vertex count is the one the traversals walked) and its
// vertex argument names a parameter that every use of its function hands a
// vertex of E (traversalVertexParams, TraversalVertices.h).
// A function that is also called directly, or applied over another edgeset
// or a set of other origin (a frontier, a filtered set), keeps its checks.
//
//===----------------------------------------------------------------------===//
#include "polyc/IR/Clone.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"
#include "polyc/Passes/TraversalVertices.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

bool polyc::runInRangeVerticesPass(Module &module, DiagnosticEngine &) {
  module.inRangeVertexQueries.clear();
  const std::map<const ParamDecl *, InRangeVertex> vertices = traversalVertexParams(module);
  for (const auto &decl : module.program->decls) {
    auto *func = dyn_cast<FuncDecl>(decl.get());
    if (!func)
      continue;
    forEachExprIn(func->body, [&](Expr &e) {
      auto *query = dyn_cast<MethodCallExpr>(&e);
      if (!query ||
          (query->methodKind != Method::GetOutDegree &&
           query->methodKind != Method::GetOutNeighbor) ||
          query->args.empty())
        return;
      auto *vertex = dyn_cast<NameExpr>(query->args[0].get());
      auto *param = vertex ? dyn_cast_or_null<ParamDecl>(vertex->decl) : nullptr;
      auto it = vertices.find(param);
      if (it != vertices.end() && it->second.edges == constEdgeset(query->receiver.get()))
        module.inRangeVertexQueries[query] = it->second;
    });
  }
  return true;
}

const Pass polyc::inRangeVerticesPass = {
    "in-range-vertices",
    "degree and neighbour queries of a vertex known to be in range skip the check",
    TargetSet::all(), polyc::runInRangeVerticesPass};
