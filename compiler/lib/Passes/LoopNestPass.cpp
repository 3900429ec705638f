//===- LoopNestPass.cpp - Each variant's loops, made explicit -------------===//
//
// Builds each variant's loop program (polyc/IR/Loops.h) from the decisions
// recorded so far (parallelization, frontier forms, cache blocking, NUMA,
// register folds, ownership of writes): which owners the owner loop walks
// and how it is cut into tasks; the per-owner ops (the register fold's
// prologue and epilogue, the edge loop, what its body tests and where it may
// stop, edgeStopOf); the NUMA merge form's team, barrier and exchange; a
// bucket drain after the loop in one region, or the ordered loop's rounds in
// one region. Later passes rewrite the ops (partial-sums, stream-prefetch,
// owner-prefetch, library-errors) and the emitter prints them as they are.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

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
  llvm_unreachable("a parallelization without a loop shape");
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

/// How the owner's register fold starts and ends (the 7 forms of
/// Accumulation, most specific first).
FoldRegister foldRegisterOf(const Accumulation &a) {
  if (a.addsToSum)
    return FoldRegister::SummedTotal;
  if (a.combinesAtomically)
    return FoldRegister::CombinedAtomically;
  bool minMax = a.fold->op == AssignOp::Min || a.fold->op == AssignOp::Max;
  if (a.tracksChange)
    return minMax ? FoldRegister::TrackedMinMax : FoldRegister::TrackedSteps;
  if (a.restingValue)
    return FoldRegister::Resting;
  // Integers are stored only when changed: owners that fold nothing (most
  // vertices of a grid's triangle count) leave their cache lines clean. Not
  // floating point, where -0.0 == +0.0 but prints differently.
  return a.fold->target->type.isFloating() ? FoldRegister::Stored : FoldRegister::StoredIfChanged;
}

LoopOp op(LoopOp::Kind kind) {
  LoopOp o;
  o.kind = kind;
  return o;
}

/// The edge loop of one owner, and what its body tests.
LoopOp edgeLoopOf(const EdgeTraversalExpr &t, const VariantPlan &v, const AccessAnalysis &analysis,
                  const LoopOp &owners) {
  LoopOp edges = op(LoopOp::EdgeLoop);
  edges.bounds = owners.shape == LoopShape::EdgeRanges ? EdgeBounds::SplitRange : EdgeBounds::OwnerList;
  // (The NUMA and edge-balanced loops read the end from memory.)
  edges.hoistsEnd = owners.walksVertexTasks() && edges.bounds == EdgeBounds::OwnerList;
  edges.stop = edgeStopOf(t, v, analysis);
  const std::optional<Accumulation> &a = v.accumulation;
  edges.testsSourceInFrontier = !v.isPush() && t.from && !(a && a->perSource);
  edges.storesBeforeSelfLoop =
      a && a->readsFoldedAtSource && !(v.numa && v.numa->merge) && !a->combinesAtomically;
  if (!v.isPush() && !a)
    edges.exit = t.earlyExit ? EdgeExit::FirstUpdate
                 : t.toFilter ? EdgeExit::FilterFails
                              : EdgeExit::None;
  return edges;
}

/// What an owner loop runs per owner: the registers before its edges, the
/// edge loop, and what follows them.
std::vector<LoopOp> perOwnerOps(const EdgeTraversalExpr &t, const VariantPlan &v, LoopOp edges,
                                OutputAdd add) {
  std::vector<LoopOp> ops;
  LoopOp prologue = op(LoopOp::FoldPrologue), epilogue = op(LoopOp::FoldEpilogue);
  if (v.accumulation) {
    prologue.fold = epilogue.fold = foldRegisterOf(*v.accumulation);
    ops.push_back(prologue);
  } else if (v.sourceElementInRegister) {
    ops.push_back(op(LoopOp::SourceRegister));
  }
  if (add == OutputAdd::AddFromThread)
    ops.push_back(op(LoopOp::OutputThread));
  ops.push_back(std::move(edges));
  if (v.accumulation && prologue.fold != FoldRegister::Resting)
    ops.push_back(epilogue);
  if (t.fusedVertexApply) {
    LoopOp fused = op(LoopOp::FusedApply);
    fused.fold = prologue.fold; // Resting: the apply works on the register
    ops.push_back(fused);
  }
  return ops;
}

/// The NUMA merge form: one region whose team walks the node subgraphs into
/// buffers, waits, then folds the buffers into the owners (the exchange).
LoopOp mergeRegionOf(const EdgeTraversalExpr &t, const VariantPlan &v, LoopOp walk, LoopOp edges) {
  LoopOp region = op(LoopOp::ParallelRegion);
  region.team = RegionTeam::MergeTeam;
  LoopOp start = op(LoopOp::FoldPrologue), store = op(LoopOp::FoldEpilogue);
  start.fold = store.fold = FoldRegister::IntoBuffer;
  walk.ops = {start, std::move(edges), store};
  LoopOp exchange = op(LoopOp::Exchange);
  exchange.owners = OwnerList::NodeRanges;
  exchange.shape = LoopShape::NodeChunks;
  exchange.grain = v.numa->chunk;
  LoopOp combine = op(LoopOp::CombineParts);
  for (LoopOp &perOwner : perOwnerOps(t, v, combine, OutputAdd::Add))
    exchange.ops.push_back(std::move(perOwner));
  region.ops = {std::move(walk), op(LoopOp::Barrier), std::move(exchange)};
  return region;
}

LoopNest nestOf(const EdgeTraversalExpr &t, const VariantPlan &v,
                const AccessAnalysis &analysis) {
  LoopNest nest;
  LoopOp owners = op(LoopOp::OwnerLoop);
  owners.shape = shapeOf(v.loop.parallelization);
  owners.grain = v.loop.grain;
  bool segmented = v.segments && !(v.numa && v.numa->merge);
  if (segmented) {
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
  } else if (v.input == FrontierRepr::SparseQueue) {
    owners.owners = OwnerList::FrontierList;
    owners.serialWhenSmall = owners.isParallel();
  }
  if (v.isPush() && t.from && owners.owners == OwnerList::NodeAgents)
    owners.frontierTest = OwnerFrontierTest::FrontierBits;
  else if (v.isPush() && t.from && v.input != FrontierRepr::SparseQueue &&
           owners.owners != OwnerList::NodeFrontierParts)
    owners.frontierTest = OwnerFrontierTest::Member;
  nest.outputAdd = outputAddOf(v);
  const OwnerList list = owners.owners;
  bool agents = list == OwnerList::NodeAgents || list == OwnerList::NodeAgentFrontier;
  nest.declaresEdgeArrays = !v.segments && !(v.numa && v.numa->merge) && !agents;
  bool walksParts = list == OwnerList::NodeFrontierParts ||
                    (v.isPush() && list == OwnerList::NodeAgents);
  nest.readsInput = v.input != FrontierRepr::None && !walksParts;
  // Without deduplication a destination is added once per edge reaching it.
  nest.capacity = t.deduplicate || v.outputUnique          ? OutputCapacity::Vertices
                  : v.input == FrontierRepr::SparseQueue    ? OutputCapacity::FrontierEdges
                                                            : OutputCapacity::AllEdges;

  if (v.accumulation && v.accumulation->perSource) {
    LoopOp values = op(LoopOp::SourceValues);
    values.shape = owners.isParallel() ? LoopShape::Static : LoopShape::Serial;
    nest.ops.push_back(values);
  }
  LoopOp edges = edgeLoopOf(t, v, analysis, owners);
  if (owners.owners == OwnerList::NodeSubgraphVertices) {
    nest.ops.push_back(mergeRegionOf(t, v, std::move(owners), std::move(edges)));
  } else {
    owners.ops = perOwnerOps(t, v, std::move(edges), nest.outputAdd);
    if (segmented) {
      LoopOp segments = op(LoopOp::Segments);
      segments.ops.push_back(std::move(owners));
      nest.ops.push_back(std::move(segments));
    } else {
      nest.ops.push_back(std::move(owners));
    }
  }
  return nest;
}

/// The owner loop runs on every thread however small its frontier.
void keepEveryThread(LoopNest &nest) { nest.owners().serialWhenSmall = false; }

/// Bucket fusion drains the current bucket after the sparse push's owner
/// loop, in the same parallel region: where that loop walks the frontier's
/// list in vertex tasks. (A hybrid's dense variant runs without it.)
bool addBucketDrain(const EdgeTraversalExpr &t, VariantPlan &v, DiagnosticEngine &diags) {
  if (!t.bucketFusion || v.variant != Variant::SparsePush)
    return true;
  LoopOp &owners = v.nest.owners();
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
  LoopOp drain = owners;
  drain.kind = LoopOp::BucketDrain;
  if (!owners.isParallel()) {
    v.nest.ops.push_back(std::move(drain));
    return true;
  }
  // A parallel region holding the loop, which does not wait, then the drain.
  LoopOp region = op(LoopOp::ParallelRegion);
  owners.nowait = true;
  region.ops = {std::move(owners), std::move(drain)};
  v.nest.ops.back() = std::move(region);
  return true;
}

/// A traversal that is the round of a plain ordered loop (the
/// priority-update pass found it) that declares its frontier (so nothing
/// reads it after the loop) runs the whole loop in one parallel region where
/// its one variant is a sparse push in dynamic vertex tasks and nothing is
/// set up or finished around its loops (no NUMA, deferred reductions,
/// replicas, fused apply or accounting).
bool runsRoundsInOneRegion(const EdgeTraversalExpr &t, const VariantPlan &v) {
  const LoopOp &owners = v.nest.owners();
  return t.orderedLoop && llvm::isa<VarDeclStmt>(*t.orderedLoop->body.front()) &&
         t.variants.size() == 1 && v.variant == Variant::SparsePush &&
         owners.owners == OwnerList::FrontierList && owners.shape == LoopShape::Dynamic &&
         !v.numa && !v.accounting && t.deferred.empty() && t.replicaReads.empty() &&
         !t.fusedVertexApply;
}

/// The owner loop becomes the rounds of the ordered loop, each round's
/// owners its tasks (and its drain, if any, each round's end).
void runRoundsInOneRegion(LoopNest &nest) {
  nest.roundsInOneRegion = true;
  keepEveryThread(nest); // the threads are there anyway
  LoopOp rounds = nest.owners();
  rounds.kind = LoopOp::Rounds;
  rounds.nowait = false;
  nest.ops = {std::move(rounds)};
  nest.declaresEdgeArrays = false; // the rounds' function declares its own
  nest.readsInput = false;         // the rounds take the frontier in their queue
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
        runRoundsInOneRegion(v.nest);
        module.orderedLoops[t->orderedLoop] = t;
      }
    }
  for (VertexTraversalExpr *u : module.vertexTraversals)
    u->serialWhenSmall = u->loop.parallelization != Parallelization::Serial;
  return ok;
}

const Pass polyc::loopNestPass = {
    "loop-nest",
    "each variant's loop ops: owner and edge loops, folds, regions, merge phases",
    TargetSet::all(), polyc::runLoopNestPass};
