//===- NeighborPrefetchPass.cpp - Prefetching a neighbour's value ahead --===//
//
// A vertex apply whose function reads one value through one neighbour of
// its vertex, `values[edges.getOutNeighbor(v, position)]` (Afforest's
// sampling: `link(v, edges.getOutNeighbor(v, position))`, whose first line
// reads `IDs[v]` of its second vertex), does little else per vertex, and
// that read is random. The loop over every vertex then prefetches the value
// for the vertex polyrt::kNeighborValueDistance ahead, where polyrt judges
// the graph's neighbours far apart (polyrt::NeighborValuePrefetch; on a
// grid it only costs). This pass finds such a read and records it on the
// traversal (VertexTraversalExpr::prefetchedNeighborValue).
//
// The read qualifies when:
//   - the neighbour is `E.getOutNeighbor(v, position)` of a const global
//     edgeset E, v is the applied function's vertex, and position is a
//     literal or a global int that neither the function nor its callees
//     write, so that it is the same for the whole loop;
//   - it indexes a global per-vertex vector of numbers, stored as one array
//     (not a field of fused ones, not a running total), either right there
//     or in a function it is handed to, through a parameter that function
//     never assigns.
// A traversal inside a par_for (whose iterations may change the position)
// or fused into a pull gets none. Only the first such read is prefetched.
//
//===----------------------------------------------------------------------===//
#include "polyc/IR/Clone.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

namespace {

/// `e` is the same throughout a loop applying a function with the accesses
/// `applied`: an int literal, or a global int the function never writes.
bool sameThroughoutTheLoop(const Expr &e, const Accesses &applied) {
  if (llvm::isa<IntLitExpr>(e))
    return true;
  auto *name = dyn_cast<NameExpr>(&e);
  auto *var = name ? dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
  if (!var || var->storage != VarDecl::Global || !var->type.isIntegral())
    return false;
  const VarAccess *access = applied.find(var);
  return !access || !access->written;
}

/// The vector `x` of `x[...]` when it is a global per-vertex vector of
/// numbers stored as one array, else null.
const VarDecl *prefetchableVector(const Module &module, const Expr &base) {
  auto *name = dyn_cast<NameExpr>(&base);
  auto *var = name ? dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
  if (!var || var->storage != VarDecl::Global || var->type.kind != Type::Vector ||
      !var->type.value || !var->type.value->isNumeric() || fusedGroupOf(module, var) ||
      module.summedVectors.count(var))
    return nullptr;
  return var;
}

/// The vector that f indexes with `index` (an expression of f's body)
/// itself, or that a function f calls indexes with the parameter `index` is
/// handed to; null if none.
const VarDecl *vectorIndexedBy(const Module &module, const FuncDecl &f, const Expr &index) {
  const VarDecl *found = nullptr;
  forEachExprIn(f.body, [&](Expr &e) {
    if (found)
      return;
    if (auto *ix = dyn_cast<IndexExpr>(&e); ix && ix->index.get() == &index) {
      found = prefetchableVector(module, *ix->base);
      return;
    }
    auto *call = dyn_cast<CallExpr>(&e);
    if (!call || !call->func)
      return;
    const FuncDecl &callee = *call->func;
    for (size_t i = 0; i < call->args.size() && i < callee.params.size() && !found; ++i) {
      if (call->args[i].get() != &index || assignsName(callee.body, callee.params[i].get()))
        continue;
      forEachExprIn(callee.body, [&](Expr &inner) {
        auto *ix = dyn_cast<IndexExpr>(&inner);
        auto *at = ix ? dyn_cast<NameExpr>(ix->index.get()) : nullptr;
        if (!found && at && at->decl == callee.params[i].get())
          found = prefetchableVector(module, *ix->base);
      });
    }
  });
  return found;
}

std::optional<NeighborValueRead> neighborValueRead(const Module &module,
                                                   const AccessAnalysis &accesses,
                                                   const VertexTraversalExpr &t) {
  const FuncDecl &f = *t.func;
  if (t.fusedInto || t.concurrent || f.params.empty())
    return std::nullopt;
  const Accesses &applied = accesses.ofFunction(f);
  std::optional<NeighborValueRead> read;
  forEachExprIn(f.body, [&](Expr &e) {
    auto *query = dyn_cast<MethodCallExpr>(&e);
    const VarDecl *edges = query && query->methodKind == Method::GetOutNeighbor
                               ? constEdgeset(query->receiver.get())
                               : nullptr;
    if (read || !edges || query->args.size() != 2)
      return;
    auto *vertex = dyn_cast<NameExpr>(query->args[0].get());
    if (!vertex || vertex->decl != f.params[0].get() || assignsName(f.body, vertex->decl) ||
        !sameThroughoutTheLoop(*query->args[1], applied))
      return;
    const VarDecl *values = vectorIndexedBy(module, f, *query);
    if (values && values->type.element == edges->type.dstElement)
      read = NeighborValueRead{query, values};
  });
  return read;
}

} // namespace

bool polyc::runNeighborPrefetchPass(Module &module, DiagnosticEngine & /*diags*/) {
  const AccessAnalysis accesses(*module.program);
  for (VertexTraversalExpr *t : module.vertexTraversals)
    t->prefetchedNeighborValue =
        module.accountAccesses ? std::nullopt : neighborValueRead(module, accesses, *t);
  return true;
}

const Pass polyc::neighborPrefetchPass = {
    "neighbor-prefetch",
    "applies reading a value through one neighbour prefetch it ahead",
    {Target::CpuOpenMP}, polyc::runNeighborPrefetchPass};
