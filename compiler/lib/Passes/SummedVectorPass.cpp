//===- SummedVectorPass.cpp - Vectors kept only as their sum ------------===//
//
// Triangle counting folds each source's count into a vector and reads the
// vector only through its sum:
//     const counts : vector{Vertex}(uint_64) = 0;
//     func countTriangles(src : Vertex, dst : Vertex)
//         if dst < src
//             counts[src] += intersectNeighbor(edges, src, dst);
//         end
//     end
//     ... var total : uint_64 = counts.sum();
// counts starts at 0 and only grows by the folds, so its sum at any point
// is the sum of every value folded so far. The vector is then never
// materialised: each fold's register starts at 0 and is added to a running
// total after its owner's walk (an OpenMP reduction), and `counts.sum()`
// reads the total. A hand-written kernel's reduction: on a grid, where no
// source folds anything, the vector was megabytes of zeros read and summed
// (docs/benchmark-log/2026-11-27-0000-tc-summed-vector.md).
//
// Conditions:
//   - the vector V is a global of integers (an integer sum does not depend
//     on its order; a floating-point one would) whose declaration sets every
//     element to the literal 0;
//   - every write to V in the program is a register fold `V[owner] += value`
//     (the accumulation pass) of an edge traversal each of whose variants
//     keeps it in a register: not tracked by applyModified, not combined
//     atomically, not NUMA, not cache-blocked, not edge-parallel, not inside
//     a par_for, not bucket-fused, its value not reading V;
//   - every other occurrence of V is `V.sum()`; V is neither a fused field
//     nor placed (configDataPlacement);
//   - the applied functions run only in those traversals and are not
//     exported; they are then not emitted as functions (their body writes V,
//     which does not exist), only as the variants' helpers.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <map>
#include <vector>

using namespace polyc;
using llvm::dyn_cast;

namespace {

/// Every occurrence of V in `e` is the receiver of `V.sum()`.
bool onlySummed(Expr &e, const Decl *vector) {
  if (namesDecl(e, vector))
    return false;
  if (auto *call = dyn_cast<MethodCallExpr>(&e); call && namesDecl(*call->receiver, vector))
    return call->methodKind == Method::Sum && call->args.empty();
  bool ok = true;
  forEachChild(e, [&](ExprPtr &child) { ok = ok && onlySummed(*child, vector); });
  return ok;
}

const VarDecl *foldedVector(const Accumulation &a) {
  return dyn_cast<VarDecl>(accessTarget(*a.fold->target).var);
}

/// Whether variant v's register fold may add to a running total instead of
/// its element.
bool foldsIntoTotal(const EdgeTraversalExpr &t, const VariantPlan &v) {
  const std::optional<Accumulation> &a = v.accumulation;
  return a && a->fold->op == AssignOp::Add && !a->tracksChange && !a->combinesAtomically &&
         !a->readsFoldedAtSource && !a->restingValue && !v.numa && !v.segments &&
         v.loop.parallelization != Parallelization::EdgeParallel && !t.concurrent &&
         !t.bucketFusion && !mentions(*a->fold->value, foldedVector(*a));
}

class SummedVectorFinder {
public:
  explicit SummedVectorFinder(Module &module) : module(module) {}

  /// The traversals folding into V, if V can be kept as its sum.
  std::vector<EdgeTraversalExpr *> traversalsKeeping(const VarDecl &vector) const {
    const Type &type = vector.type;
    auto *zero = llvm::dyn_cast_or_null<IntLitExpr>(vector.init.get());
    if (vector.storage != VarDecl::Global || type.kind != Type::Vector || !type.value ||
        !type.value->isIntegral() || !zero || zero->value != 0 ||
        fusedGroupOf(module, &vector) || module.placements.count(&vector))
      return {};
    std::vector<EdgeTraversalExpr *> folding;
    std::set<const AssignStmt *> folds;
    for (EdgeTraversalExpr *t : module.edgeTraversals) {
      bool any = false, all = true;
      for (const VariantPlan &v : t->variants) {
        bool here = v.accumulation && foldedVector(*v.accumulation) == &vector;
        any = any || here;
        all = all && here && foldsIntoTotal(*t, v);
        if (here)
          folds.insert(v.accumulation->fold);
      }
      if (!any)
        continue;
      if (!all)
        return {};
      folding.push_back(t);
    }
    if (folding.empty() || !onlyThere(folding) || !otherUsesSum(vector, folds))
      return {};
    return folding;
  }

private:
  Module &module;

  /// The functions the traversals apply run nowhere else.
  bool onlyThere(const std::vector<EdgeTraversalExpr *> &folding) const {
    std::set<const FuncDecl *> funcs;
    for (const EdgeTraversalExpr *t : folding) {
      if (t->applyFunc->linkage != FuncDecl::Internal) // callable from outside
        return false;
      funcs.insert(t->applyFunc);
    }
    return runOnlyWithin(module, funcs, {folding.begin(), folding.end()}, {});
  }

  /// Outside its folds, V occurs only as `V.sum()` (global initialisers
  /// included), and nothing else assigns to it.
  bool otherUsesSum(const VarDecl &vector, const std::set<const AssignStmt *> &folds) const {
    bool ok = true;
    for (const auto &decl : module.program->decls) {
      if (auto *global = dyn_cast<VarDecl>(decl.get())) {
        if (global != &vector && global->init)
          ok = ok && onlySummed(*global->init, &vector);
        continue;
      }
      auto *func = dyn_cast<FuncDecl>(decl.get());
      if (!func)
        continue;
      forEachStmtIn(func->body, [&](Stmt &s) {
        if (auto *assign = dyn_cast<AssignStmt>(&s)) {
          if (folds.count(assign)) {
            ok = ok && onlySummed(*assign->value, &vector);
            return;
          }
          if (accessTarget(*assign->target).var == &vector)
            ok = false;
        }
        forEachDirectExpr(s, [&](ExprPtr &e) { ok = ok && onlySummed(*e, &vector); });
      });
    }
    return ok;
  }
};

} // namespace

bool polyc::runSummedVectorPass(Module &module, DiagnosticEngine &) {
  SummedVectorFinder finder(module);
  for (const auto &decl : module.program->decls) {
    auto *vector = dyn_cast<VarDecl>(decl.get());
    if (!vector)
      continue;
    std::vector<EdgeTraversalExpr *> folding = finder.traversalsKeeping(*vector);
    if (folding.empty())
      continue;
    module.summedVectors.insert(vector);
    for (EdgeTraversalExpr *t : folding) {
      module.summedFolders.insert(t->applyFunc);
      for (VariantPlan &v : t->variants)
        v.accumulation->addsToSum = true;
    }
  }
  return true;
}

const Pass polyc::summedVectorPass = {
    "summed-vector",
    "an integer vector only folded into and summed is kept as its running total",
    TargetSet::all(), polyc::runSummedVectorPass};
