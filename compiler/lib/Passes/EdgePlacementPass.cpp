//===- EdgePlacementPass.cpp - Edgesets that live on their NUMA nodes ---===//
//
// Agents walk node parts of an edgeset's edges (polyrt::nodeSubgraphs), a
// copy of every edge. When every traversal of an edgeset walks agents in
// every variant, then on more than one node nothing reads the edgeset's own
// neighbour arrays: Polymer and Gemini keep only the node parts, built when
// the graph is loaded. This pass finds such edgesets and records the parts
// their traversals walk; the emitter has polyc_init_globals build them and
// free the graph's own neighbours (polyrt::placeEdgesOnNodes). The timed
// region then builds nothing, and agents cost memory for the agents alone.
//
// An edgeset qualifies when it is a global loaded by its declaration and the
// program names it nowhere else than as the edges of a traversal and as the
// receiver of a method that reads only its offsets (vertex count, degrees):
// a call argument, an assignment, getNgh, transpose or an intersection could
// read its edges.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/Passes/Pass.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <set>

using namespace polyc;

namespace {

bool readsOffsetsOnly(Method method) {
  return method == Method::GetVertices || method == Method::GetOutDegrees ||
         method == Method::GetOutDegreesUint || method == Method::GetOutDegree;
}

const VarDecl *namedEdgeset(const Expr *e) {
  auto *name = llvm::dyn_cast_or_null<NameExpr>(e);
  auto *var = name ? llvm::dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
  return var && var->type.kind == Type::EdgeSet ? var : nullptr;
}

/// Every edgeset named in e other than as a traversal's edges or the
/// receiver of an offsets-only method.
void collectOtherUses(Expr &e, std::set<const VarDecl *> &used) {
  if (const VarDecl *edges = namedEdgeset(&e)) {
    used.insert(edges);
    return;
  }
  if (auto *t = llvm::dyn_cast<EdgeTraversalExpr>(&e)) {
    if (!namedEdgeset(t->edges.get()))
      collectOtherUses(*t->edges, used);
    if (t->from)
      collectOtherUses(*t->from, used);
    return;
  }
  if (auto *m = llvm::dyn_cast<MethodCallExpr>(&e); m && namedEdgeset(m->receiver.get()) &&
                                                     readsOffsetsOnly(m->methodKind)) {
    for (ExprPtr &arg : m->args)
      collectOtherUses(*arg, used);
    return;
  }
  forEachChild(e, [&](ExprPtr &child) { collectOtherUses(*child, used); });
}

} // namespace

bool polyc::runEdgePlacementPass(Module &module, DiagnosticEngine &) {
  module.edgesOnNodes.clear();
  std::set<const VarDecl *> otherUses;
  Program &program = *module.program;
  for (const auto &decl : program.decls)
    if (auto *var = llvm::dyn_cast<VarDecl>(decl.get()); var && var->init)
      collectOtherUses(*var->init, otherUses);
  forEachStmt(program, [&](Stmt &s) {
    forEachDirectExpr(s, [&](ExprPtr &e) { collectOtherUses(*e, otherUses); });
  });

  // Each edgeset's traversals, in source order; one that is not agents all
  // through rules the edgeset out.
  std::map<const VarDecl *, std::vector<AgentParts>> walked;
  std::set<const VarDecl *> ruledOut = otherUses;
  for (const EdgeTraversalExpr *t : module.edgeTraversals) {
    const VarDecl *edges = namedEdgeset(t->edges.get());
    if (!edges)
      continue;
    for (const VariantPlan &v : t->variants) {
      if (!v.numa || !v.numa->agents) {
        ruledOut.insert(edges);
        break;
      }
      AgentParts parts{v.isPush(), v.numa->partition, v.numa->alpha};
      if (!llvm::is_contained(walked[edges], parts))
        walked[edges].push_back(parts);
    }
  }
  for (const auto &decl : program.decls) {
    auto *var = llvm::dyn_cast<VarDecl>(decl.get());
    if (!var || var->storage != VarDecl::Global || !var->init || ruledOut.count(var) ||
        !walked.count(var))
      continue;
    module.edgesOnNodes.push_back({var, walked[var]});
  }
  return true;
}

const Pass polyc::edgePlacementPass = {
    "edge-placement",
    "edgesets only agents walk: node parts built at load, own edges freed",
    TargetSet::all(), polyc::runEdgePlacementPass};
