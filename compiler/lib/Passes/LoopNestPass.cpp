//===- LoopNestPass.cpp - Each variant's loops, made explicit -------------===//
//
// The last pass turns the decisions recorded so far (parallelization,
// frontier forms, cache blocking, ownership of writes) into the loops that
// run each variant: which owners the outer loop walks, how it is cut into
// tasks, whether a small frontier stays on one thread, how a destination
// joins the output, whether the threads then drain their own current bucket (bucket fusion),
// whether an ordered loop's rounds all run in one parallel region, where
// an owner's edge walk can stop (edgeStopOf), and whether a pull's
// floating-point sum is split into partial sums (partialSumsOf).
// The emitter prints these loops as they are.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

/// `other < owner` (or `owner > other`) among the conjuncts of an `and`
/// chain: the stop it allows.
EdgeStop stopOfTest(const Expr &test, const Decl *owner, const Decl *other) {
  auto *b = dyn_cast<BinaryExpr>(&test);
  if (!b)
    return EdgeStop::None;
  if (b->op == BinaryOp::And) {
    EdgeStop left = stopOfTest(*b->lhs, owner, other);
    return left != EdgeStop::None ? left : stopOfTest(*b->rhs, owner, other);
  }
  bool otherFirst = namesDecl(*b->lhs, other) && namesDecl(*b->rhs, owner);
  bool ownerFirst = namesDecl(*b->lhs, owner) && namesDecl(*b->rhs, other);
  if ((b->op == BinaryOp::Lt && otherFirst) || (b->op == BinaryOp::Gt && ownerFirst))
    return EdgeStop::AtOwner;
  if ((b->op == BinaryOp::Le && otherFirst) || (b->op == BinaryOp::Ge && ownerFirst))
    return EdgeStop::AboveOwner;
  return EdgeStop::None;
}

/// Whether the owner's edge walk can stop at the first neighbour that fails
/// `neighbour < owner` (`<=`): the applied function's whole body is one `if`
/// (no else) whose test, free of effects, requires it, so every later edge
/// of the sorted list would do nothing. Only where the loop walks each
/// owner's whole list as the graph stores it (not the NUMA, agents' or
/// segmented subgraphs, nor edge ranges) and no per-edge filter runs first.
EdgeStop edgeStopOf(const EdgeTraversalExpr &t, const VariantPlan &v,
                    const AccessAnalysis &analysis) {
  const FuncDecl &f = *t.applyFunc;
  if (!v.walksStoredLists() || (v.isPush() ? t.toFilter : t.srcFilter) || t.earlyExit ||
      f.body.size() != 1 || f.params.size() < 2)
    return EdgeStop::None;
  auto *test = dyn_cast<IfStmt>(f.body.front().get());
  if (!test || test->branches.size() != 1 || !test->elseBody.empty())
    return EdgeStop::None;
  const Expr &cond = *test->branches[0].cond;
  Accesses reads = analysis.ofExpr(cond);
  if (reads.prints || reads.timer || !reads.opaque.empty() ||
      llvm::any_of(reads.vars(), [](const auto &access) { return access.second.written; }))
    return EdgeStop::None;
  const Decl *owner = f.params[v.isPush() ? 0 : 1].get(), *other = f.params[v.isPush() ? 1 : 0].get();
  return stopOfTest(cond, owner, other);
}

LoopShape shapeOf(Parallelization p) {
  switch (p) {
  case Parallelization::Serial: return LoopShape::Serial;
  case Parallelization::StaticVertex: return LoopShape::Static;
  case Parallelization::DynamicVertex: return LoopShape::Dynamic;
  case Parallelization::EdgeAwareDynamicVertex: return LoopShape::EdgeBalancedChunks;
  case Parallelization::EdgeParallel: return LoopShape::EdgeRanges;
  }
  return LoopShape::Serial;
}

/// Each thread takes whole 64-vertex blocks of destinations, so that a
/// bitvector output's words each have one writer: a pull over every vertex
/// in order, serial or in dynamic chunks of a multiple of 64 known at compile
/// time. (OpenMP's static split and the edge-aware and segmented loops cut
/// the vertices anywhere.)
bool ownsOutputWords(const VariantPlan &v) {
  if (v.isPush() || v.segments || (v.numa && v.numa->agents))
    return false;
  if (v.numa) // node ranges start on multiples of 64 (numa_partition.h)
    return !v.numa->chunk.fromArgv() && v.numa->chunk.value % 64 == 0;
  const ScheduleNumber &grain = v.loop.grain;
  return v.loop.parallelization == Parallelization::Serial ||
         (v.loop.parallelization == Parallelization::DynamicVertex && !grain.fromArgv() &&
          grain.value % 64 == 0);
}

/// A parallel push into per-thread lists: a source's many adds can name the
/// thread, looked up once for the source.
bool addsFromThread(const VariantPlan &v) {
  return v.isPush() && v.loop.parallelization != Parallelization::Serial &&
         (v.output == FrontierRepr::SparseQueue || v.output == FrontierRepr::SlidingQueue);
}

OutputAdd outputAddOf(const VariantPlan &v) {
  bool shared = v.isPush() || v.loop.parallelization == Parallelization::EdgeParallel ||
                (v.numa && v.numa->agents);
  if (v.output == FrontierRepr::BoolArray && shared)
    return OutputAdd::AddShared;
  if (v.output == FrontierRepr::Bitvector && ownsOutputWords(v))
    return OutputAdd::AddToOwnWord;
  if (addsFromThread(v))
    return OutputAdd::AddFromThread;
  return OutputAdd::Add;
}

/// A pull's register fold `x[dst] += value` on doubles waits for each add
/// before the next (3-4 cycles each): with four partial sums the adds of
/// four edges overlap (PageRank on urand20: 12-15% faster). Only for the
/// plain walk of a destination's whole in-list with nothing else per edge
/// (no frontier test, filter, early exit, accounting or tracking). Not for
/// float: reassociated float sums moved kron20's PageRank by 1e-5 relative,
/// beyond the 1e-6 within which schedules must agree; doubles move by ~1e-15.
int partialSumsOf(const EdgeTraversalExpr &t, const VariantPlan &v, EdgeStop stop) {
  const std::optional<Accumulation> &a = v.accumulation;
  if (v.isPush() || !a || a->fold->op != AssignOp::Add || a->fold->target->type.kind != Type::Double ||
      a->tracksChange || a->readsFoldedAtSource || a->combinesAtomically || v.numa ||
      v.segments || v.accounting || v.loop.parallelization == Parallelization::EdgeParallel ||
      (t.from && !a->perSource) || t.srcFilter || t.earlyExit || stop != EdgeStop::None)
    return 1;
  return 4;
}

LoopNest nestOf(const EdgeTraversalExpr &t, const VariantPlan &v, const AccessAnalysis &analysis) {
  LoopNest nest;
  ForLoop owners;
  owners.kind = ForLoop::Owners;
  owners.shape = shapeOf(v.loop.parallelization);
  owners.grain = v.loop.grain;
  if (v.segments && !(v.numa && v.numa->merge)) {
    ForLoop segments;
    segments.kind = ForLoop::Segments;
    nest.loops.push_back(segments);
    owners.owners = OwnerList::SegmentDestinations;
  } else if (v.numa) {
    // (The merge form walks its segments as parts of the node subgraphs.)
    owners.owners = v.numa->merge                          ? OwnerList::NodeSubgraphVertices
                    : v.numa->agents && v.input == FrontierRepr::SparseQueue
                        ? OwnerList::NodeAgentFrontier
                    : v.numa->agents                       ? OwnerList::NodeAgents
                    : v.numa->readsNodeParts               ? OwnerList::NodeFrontierParts
                    : v.input == FrontierRepr::SparseQueue ? OwnerList::NodeFrontierList
                                                           : OwnerList::NodeRanges;
    owners.shape = LoopShape::NodeChunks;
    owners.grain = v.numa->chunk;
    if (v.numa->merge) {
      ForLoop merge;
      merge.kind = ForLoop::Owners;
      merge.owners = OwnerList::NodeRanges;
      merge.shape = LoopShape::NodeChunks;
      merge.grain = v.numa->chunk;
      nest.merge = merge;
    }
  } else if (v.input == FrontierRepr::SparseQueue) {
    owners.owners = OwnerList::FrontierList;
    owners.serialWhenSmall = owners.isParallel();
  }
  nest.outputAdd = outputAddOf(v);
  nest.loops.push_back(owners);
  ForLoop edges;
  edges.kind = ForLoop::Edges;
  edges.stop = edgeStopOf(t, v, analysis);
  edges.partialSums = partialSumsOf(t, v, edges.stop);
  nest.loops.push_back(edges);
  return nest;
}

/// The owner loop runs on every thread however small its frontier.
void keepEveryThread(LoopNest &nest) {
  for (ForLoop &loop : nest.loops)
    if (loop.kind == ForLoop::Owners)
      loop.serialWhenSmall = false;
}

/// Bucket fusion drains the current bucket after the sparse push's owner
/// loop, in the same parallel region: where that loop walks the frontier's
/// list in vertex tasks. (A hybrid's dense variant runs without it.)
bool addBucketDrain(const EdgeTraversalExpr &t, VariantPlan &v, DiagnosticEngine &diags) {
  if (!t.bucketFusion || v.variant != Variant::SparsePush)
    return true;
  const ForLoop &owners = v.nest.owners();
  if (owners.owners != OwnerList::FrontierList || !owners.walksVertexTasks()) {
    diags.error(t.loc, "bucket fusion (eager_priority_update_with_merge) drains the current "
                       "bucket after a loop over the frontier's vertices, and '" +
                           t.label + "' runs " + spelling(v.loop.parallelization) +
                           (v.numa ? " over NUMA nodes" : ""));
    return false;
  }
  v.nest.drainsCurrentBucket = t.bucketFusion;
  // Every thread drains its own bins, whatever the frontier's size: a round
  // of a few vertices is followed by fused work the frontier does not show.
  keepEveryThread(v.nest);
  return true;
}

/// A traversal that is the round of a plain ordered loop (the
/// priority-update pass found it) that declares its frontier (so nothing
/// reads it after the loop) runs the whole loop in one parallel region where
/// its one variant is a sparse push in dynamic vertex tasks and nothing is
/// set up or finished around its loops (no NUMA, deferred reductions,
/// replicas, fused apply or accounting).
bool runsRoundsInOneRegion(const EdgeTraversalExpr &t, const VariantPlan &v) {
  const ForLoop &owners = v.nest.owners();
  return t.orderedLoop && llvm::isa<VarDeclStmt>(*t.orderedLoop->body.front()) &&
         t.variants.size() == 1 && v.variant == Variant::SparsePush &&
         owners.owners == OwnerList::FrontierList && owners.shape == LoopShape::Dynamic &&
         !v.numa && !v.accounting && t.deferred.empty() && t.replicaReads.empty() &&
         !t.fusedVertexApply;
}

} // namespace

bool polyc::runLoopNestPass(Module &module, DiagnosticEngine &diags) {
  bool ok = true;
  AccessAnalysis analysis(*module.program);
  for (EdgeTraversalExpr *t : module.edgeTraversals)
    for (VariantPlan &v : t->variants) {
      v.nest = nestOf(*t, v, analysis);
      if (v.numa) {
        v.numa->oneNode = nestOf(*t, oneNodeVariant(v), analysis);
      }
      ok &= addBucketDrain(*t, v, diags);
      if (runsRoundsInOneRegion(*t, v)) {
        v.nest.roundsInOneRegion = true;
        keepEveryThread(v.nest); // the threads are there anyway
        module.orderedLoops[t->orderedLoop] = t;
      }
    }
  for (VertexTraversalExpr *u : module.vertexTraversals)
    u->serialWhenSmall = u->loop.parallelization != Parallelization::Serial;
  return ok;
}
