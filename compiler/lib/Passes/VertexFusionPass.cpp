//===- VertexFusionPass.cpp - A vertex apply run inside a pull loop ------===//
//
// PageRank's iteration is a pull over every vertex followed by an apply over
// every vertex:
//     #s1# edges.apply(updateEdge);        % new_rank[dst] += contrib[src]
//     vertices.apply(updateVertex);         % reads and writes rank[v] only
// The pull finishes each destination before it moves on, so the apply can
// run for that destination right there, saving a pass over the vertex data
// (what hand-written PageRank does). That is the same computation when:
//   - the pull is the traversal's only variant, walks every destination once
//     (no segments; not edge-parallel) and has no frontier, filter or
//     tracking, and the apply is the very next statement, over the set of
//     every vertex of the same edgeset;
//   - the applied vertex function touches global vectors only at its own
//     vertex, writes no global scalar, and neither prints nor calls extern
//     code;
//   - the edge function touches what the vertex function writes only at the
//     destination (so no later destination reads a value the vertex function
//     already changed), and writes nothing the vertex function reads
//     elsewhere than at its vertex.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

bool isGlobal(const Decl *d) {
  auto *var = dyn_cast<VarDecl>(d);
  return var && var->storage == VarDecl::Global;
}

/// Whether `set` names the global set of every vertex of `edges`
/// (`const vertices : vertexset{Vertex} = edges.getVertices();`).
bool isEveryVertexOf(const Expr &set, const Expr &edges) {
  auto *setName = dyn_cast<NameExpr>(&set);
  auto *edgesName = dyn_cast<NameExpr>(&edges);
  auto *var = setName ? dyn_cast<VarDecl>(setName->decl) : nullptr;
  if (!var || !edgesName || var->storage != VarDecl::Global || !var->isConst || !var->init)
    return false;
  auto *init = dyn_cast<MethodCallExpr>(var->init.get());
  auto *receiver = init ? dyn_cast<NameExpr>(init->receiver.get()) : nullptr;
  return receiver && init->methodKind == Method::GetVertices && init->args.empty() &&
         receiver->decl == edgesName->decl;
}

bool pullWalksEachDestinationOnce(const EdgeTraversalExpr &t) {
  // Deferred updates (configUpdateSync htm, merge) land after the walk:
  // a fused apply would read what they have not updated yet.
  if (t.variants.size() != 1 || t.from || t.toFilter || t.srcFilter || t.producesFrontier() ||
      !t.deferred.empty())
    return false;
  const VariantPlan &v = t.variants.front();
  return v.variant == Variant::DensePull && !v.segments && !(v.numa && v.numa->agents) &&
         v.loop.parallelization != Parallelization::EdgeParallel;
}

bool fusible(const EdgeTraversalExpr &t, const VertexTraversalExpr &u,
             const AccessAnalysis &analysis) {
  if (u.op != VertexTraversalExpr::Apply || !pullWalksEachDestinationOnce(t) ||
      !isEveryVertexOf(*u.set, *t.edges))
    return false;
  const FuncDecl &g = *u.func, &f = *t.applyFunc;
  if (g.params.size() != 1 || f.params.size() < 2)
    return false;
  Accesses vertex = analysis.ofBlock(g.body, g.params[0].get());
  Accesses edge = analysis.ofBlock(f.body, f.params[1].get());
  if (vertex.prints || vertex.timer || !vertex.opaque.empty() || !edge.opaque.empty())
    return false;
  for (const auto &[decl, access] : vertex.vars()) {
    if (!isGlobal(decl))
      continue;
    bool isVector = dyn_cast<VarDecl>(decl)->type.kind == Type::Vector;
    if (access.written && (access.elsewhere || !isVector))
      return false;
    const VarAccess *byEdge = edge.find(decl);
    if (!byEdge)
      continue;
    if (access.written && byEdge->elsewhere)
      return false; // a later destination's edges would read the new value
    if (byEdge->written && (access.elsewhere || byEdge->elsewhere))
      return false;
  }
  return true;
}

/// The statement right after the one holding `t` in a block, if `t` is a
/// statement of its own there.
const Stmt *nextStatementAfter(const Block &block, const EdgeTraversalExpr &t) {
  for (size_t i = 0; i + 1 < block.size(); ++i)
    if (auto *s = dyn_cast<ExprStmtNode>(block[i].get()); s && s->expr.get() == &t)
      return block[i + 1].get();
  return nullptr;
}

} // namespace

bool polyc::runVertexFusionPass(Module &module, DiagnosticEngine &) {
  // Under the Cartesian cut a pull's sums are partial until the ranks of
  // its column fold them after the loop (docs/distributed.md).
  if (module.schedule.distribution &&
      module.schedule.distribution->value == Distribution::Cartesian)
    return true;
  AccessAnalysis analysis(*module.program);
  std::map<const Expr *, VertexTraversalExpr *> vertexTraversals;
  for (VertexTraversalExpr *u : module.vertexTraversals)
    vertexTraversals[u] = u;
  auto visitBlock = [&](const Block &block) {
    for (EdgeTraversalExpr *t : module.edgeTraversals) {
      const Stmt *next = nextStatementAfter(block, *t);
      auto *call = next ? dyn_cast<ExprStmtNode>(next) : nullptr;
      auto it = call ? vertexTraversals.find(call->expr.get()) : vertexTraversals.end();
      // (Inside a par_for an apply's writes meet other iterations': none is owned.)
      if (it == vertexTraversals.end() || it->second->fusedInto || t->fusedVertexApply ||
          t->concurrent)
        continue;
      if (!fusible(*t, *it->second, analysis))
        continue;
      t->fusedVertexApply = it->second;
      it->second->fusedInto = t;
    }
  };
  forEachBlock(*module.program, visitBlock);
  return true;
}

const Pass polyc::vertexFusionPass = {
    "vertex-fusion",
    "a vertex apply over every vertex run inside the pull before it",
    TargetSet::all(), polyc::runVertexFusionPass};
