//===- DirectionPass.cpp - Push, pull or hybrid --------------------------===//
//
// configApplyDirection picks the direction of an edge traversal; without it a
// traversal is SparsePush, GraphIt's default. A hybrid over all vertices (no
// `from`) would always choose its dense side, so it is resolved to that here.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"

#include "llvm/ADT/STLExtras.h"

using namespace polyc;

bool polyc::runDirectionPass(Module &module, DiagnosticEngine &diags) {
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    if (const ApplySchedule *s = module.schedule.find(t->label))
      if (s->direction)
        t->direction = *s->direction;
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    if (!t->from && t->direction == Direction::SparsePushDensePull)
      t->direction = Direction::DensePull;

  bool ok = true;
  for (const auto &[label, s] : module.schedule.byLabel) {
    if (!s.direction)
      continue;
    bool hasEdgeTraversal = llvm::any_of(
        module.edgeTraversals, [&](const EdgeTraversalExpr *t) { return t->label == label; });
    if (!hasEdgeTraversal) {
      diags.error(s.directionLoc, "'configApplyDirection' applies to edge traversals, and the "
                                  "statement labelled '" + label + "' has none");
      ok = false;
    }
  }
  return ok;
}
