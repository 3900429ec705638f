//===- WalkedPrefixPass.cpp - Intersections that start where the walk is --===//
//
// Triangle counting pushes over every vertex's out-list and, for each edge,
// counts the neighbours the two endpoints share below the second:
//     func countTriangles(src : Vertex, dst : Vertex)
//         if dst < src
//             counts[src] += intersectNeighbor(edges, src, dst);
//         end
//     end
// src's neighbours below dst are exactly the entries of src's sorted list
// before the edge being walked. Given the edge's index, the intersection
// walks them by count instead of comparing each with dst and testing where
// src's list ends (polyrt::neighborIntersectionCountBeforeEdge): this pays
// where each merge is a step or two, as on a grid
// (docs/benchmark-log/2026-11-29-0330-walked-prefix-block-order-static-bfs.md).
//
// Conditions: a push variant whose fold is kept in a register
// (Accumulation), its value computed per edge, walking each source's whole
// out-list of the traversed edgeset as the graph stores it (not the NUMA,
// agents' or segmented subgraphs, nor edge ranges: there the index is not
// one into the graph's own list); the call's edgeset is the traversed one
// by name and its vertices are the function's source and destination, in
// that order. The first such call in the value is the one recorded.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/IR.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

const CallExpr *findPrefixCall(Expr &e, const Decl *edges, const Decl *src, const Decl *dst) {
  if (auto *call = dyn_cast<CallExpr>(&e); call && !call->func &&
                                           call->builtin == Builtin::IntersectNeighbor &&
                                           call->args.size() == 3 &&
                                           namesDecl(*call->args[0], edges) &&
                                           namesDecl(*call->args[1], src) &&
                                           namesDecl(*call->args[2], dst))
    return call;
  const CallExpr *found = nullptr;
  forEachChild(e, [&](ExprPtr &child) {
    if (!found)
      found = findPrefixCall(*child, edges, src, dst);
  });
  return found;
}

} // namespace

bool polyc::runWalkedPrefixPass(Module &module, DiagnosticEngine &) {
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    auto *edges = dyn_cast<NameExpr>(t->edges.get());
    const FuncDecl &f = *t->applyFunc;
    if (!edges || !edges->decl || f.params.size() < 2)
      continue;
    for (VariantPlan &v : t->variants) {
      if (!v.accumulation || v.accumulation->perSource || !v.isPush() ||
          !v.walksStoredLists())
        continue;
      v.accumulation->intersectsWalkedPrefix =
          findPrefixCall(*v.accumulation->fold->value, edges->decl, f.params[0].get(),
                         f.params[1].get());
    }
  }
  return true;
}

const Pass polyc::walkedPrefixPass = {
    "walked-prefix",
    "a push's intersectNeighbor(edges, src, dst) counts the entries before the edge",
    TargetSet::all(), polyc::runWalkedPrefixPass};
