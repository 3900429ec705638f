//===- Verifier.cpp - What every pass must leave true ---------------------===//
//
// The emitter trusts the IR: it prints a plain store where the IR says a
// thread owns an element, walks a frontier list where the IR says the input
// is one, and so on. A pass that breaks one of these invariants would make
// the emitter write wrong code silently, so --verify-each (on in the test
// suites) runs this after every pass and stops with an internal error at
// the first violation. Decisions not made yet (an empty variant list before
// the direction pass, an empty loop nest before the loop-nest pass) are not
// violations.
//
//===----------------------------------------------------------------------===//
#include "polyc/IR/IR.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstdint>
#include <limits>
#include <set>
#include <sstream>
#include <tuple>

using namespace polyc;

namespace {

class Verifier {
public:
  explicit Verifier(const Module &module) : module(module) {}
  std::string run();

private:
  const Module &module;
  std::ostringstream problem;

  bool fail(const std::string &where, const std::string &what) {
    if (problem.tellp() == 0)
      problem << where << ": " << what;
    return false;
  }
  bool verify(const EdgeTraversalExpr &t);
  bool verify(const EdgeTraversalExpr &t, const VariantPlan &v, const std::string &where);
  bool verifyNest(const EdgeTraversalExpr &t, const VariantPlan &v, const std::string &where);
  bool verifyOps(const std::vector<LoopOp> &ops, const LoopOp *parent, const std::string &where);
  bool verifyMirrorOverlap(const LoopOp &op, const std::string &where);
  void verifyOverlappedRefreshes();
  void verifyOwnedSums();
  void verifyPartials();
  bool verify(const VertexTraversalExpr &u);
  bool verifyWrites(const std::vector<WriteInfo> &writes, const LoopPlan &loop,
                    const std::string &where, const EdgeTraversalExpr *t, bool agents = false);
  bool verifyDeferred(const WriteInfo &w, const EdgeTraversalExpr &t, const std::string &where);
};

bool isDenseForm(FrontierRepr r) { return r == FrontierRepr::BoolArray || r == FrontierRepr::Bitvector; }

/// An htm or merge write names the traversal's deferred reduction of its
/// vector, made the same way, and reports no change (nothing is known until
/// the updates are applied).
bool Verifier::verifyDeferred(const WriteInfo &w, const EdgeTraversalExpr &t,
                              const std::string &where) {
  if (w.deferredTo < 0 || static_cast<size_t>(w.deferredTo) >= t.deferred.size())
    return fail(where, "a deferred write to '" + w.target + "' without its reduction");
  const DeferredReduction &d = t.deferred[w.deferredTo];
  if (d.how != w.sync || !d.vector || d.vector->name != w.target || d.op != w.stmt->op)
    return fail(where, "a deferred write to '" + w.target + "' named by another reduction");
  if (d.op != AssignOp::Add && d.op != AssignOp::Min && d.op != AssignOp::Max)
    return fail(where, "a deferred write to '" + w.target + "' that is not a reduction");
  if (w.tracked || t.trackedVector == d.vector)
    return fail(where, "a deferred write to '" + w.target + "', which applyModified tracks");
  return true;
}

bool Verifier::verifyWrites(const std::vector<WriteInfo> &writes, const LoopPlan &loop,
                            const std::string &where, const EdgeTraversalExpr *t, bool agents) {
  bool parallel = loop.parallelization != Parallelization::Serial || agents;
  // Agents give one owner's edges to several nodes.
  bool ownersWhole = loop.parallelization != Parallelization::EdgeParallel && !agents;
  for (const WriteInfo &w : writes) {
    if (!w.stmt)
      return fail(where, "a write without its statement");
    // The one thing the emitter cannot check for itself: a plain store in a
    // parallel loop is a data race unless this thread owns the element.
    if (w.sync == WriteSync::Plain && parallel && !(ownersWhole && w.indexedByOwner))
      return fail(where, "a plain write to '" + w.target + "' that other threads may share");
    if (w.sync == WriteSync::Claim && (!w.expected || !w.tracked))
      return fail(where, "a claim of '" + w.target + "' without the value it claims from");
    if (w.sync == WriteSync::Lock && w.expected && !w.tracked)
      return fail(where, "a claim under a lock of '" + w.target + "', which is not tracked");
    bool deferred = w.sync == WriteSync::Htm || w.sync == WriteSync::Merge;
    if ((w.sync == WriteSync::Lock || deferred) && !t)
      return fail(where, "configUpdateSync's synchronisation outside an edge traversal");
    if (deferred != (w.deferredTo >= 0))
      return fail(where, "a write to '" + w.target + "' names a deferred reduction or lacks one");
    if (deferred && !verifyDeferred(w, *t, where))
      return false;
  }
  return true;
}

/// Two copies of one loop, apart from the edge loops' prefetch.
bool sameLoop(LoopOp a, LoopOp b) {
  auto clear = [](LoopOp &op) { op.prefetchesAhead = false; };
  LoopNest::forEachOp(a, clear);
  LoopNest::forEachOp(b, clear);
  return a == b;
}

/// configDistribution's mirror overlap: a pull over the rank's vertices
/// walks its own sources' runs into the element, then (its awaited
/// refreshes finished) the runs from mirrors, from the element on.
bool Verifier::verifyMirrorOverlap(const LoopOp &op, const std::string &where) {
  const std::optional<DistributionPlan> &plan = module.distribution;
  if (!plan || plan->listsOwners() || !plan->splitsSources)
    return fail(where, "a mirror overlap without a chunk distribution whose parts cut their "
                       "in-lists at the rank's range");
  if (op.awaited.empty())
    return fail(where, "a mirror overlap that awaits no refresh");
  auto shaped = [](const LoopOp &loop, OwnerList owners) {
    return loop.kind == LoopOp::OwnerLoop && loop.owners == owners && loop.walksVertexTasks() &&
           loop.ops.size() >= 2 && loop.ops[0].kind == LoopOp::FoldPrologue &&
           loop.ops[1].kind == LoopOp::EdgeLoop;
  };
  if (op.ops.size() != 2 || !shaped(op.ops[0], OwnerList::RankRange) ||
      !shaped(op.ops[1], OwnerList::RankMirroredVertices))
    return fail(where, "a mirror overlap that is not two fold loops, over the rank's vertices "
                       "and over those with edges from mirrors");
  const LoopOp &own = op.ops[0], &rest = op.ops[1];
  FoldRegister first = own.ops[0].fold, then = rest.ops[0].fold;
  if (own.ops[1].bounds != EdgeBounds::RankSources || own.ops.size() < 3 ||
      own.ops[2].kind != LoopOp::DeferToMirrors ||
      rest.ops[1].bounds != EdgeBounds::OtherRankSources ||
      (first != FoldRegister::Stored && first != FoldRegister::StoredIfChanged &&
       first != FoldRegister::Resting) ||
      then != (first == FoldRegister::Resting ? FoldRegister::Reset : first))
    return fail(where, "a mirror overlap whose first loop does not defer its owners with edges "
                       "from mirrors after their own sources' run, or whose second does not go "
                       "on from the stored part over the mirrors' runs");
  return true;
}

/// Each refresh begun before a traversal is the last exchange there, and
/// the traversal's pull finishes it; each overlap finishes one begun so.
void Verifier::verifyOverlappedRefreshes() {
  if (!module.distribution)
    return;
  std::set<std::pair<const EdgeTraversalExpr *, const VarDecl *>> begun, finished;
  for (const auto &[stmt, exchanges] : module.distribution->before)
    for (const RankExchange &x : exchanges)
      if (x.overlapped) {
        if (x.kind != RankExchange::RefreshMirrors || &x != &exchanges.back() ||
            x.combining != MessageCombining::Mirrors || x.communication != Communication::Ring)
          fail("rank exchanges", "a begun exchange that is not the last refresh of mirrors by "
                                 "the ring before its statement");
        begun.insert({x.traversal, x.target});
      }
  for (const auto &[stmt, exchanges] : module.distribution->after)
    for (const RankExchange &x : exchanges)
      if (x.overlapped)
        fail("rank exchanges", "a refresh begun after its statement");
  for (const EdgeTraversalExpr *t : module.edgeTraversals)
    for (const VariantPlan &v : t->variants)
      v.nest.forEach([&](const LoopOp &op) {
        for (const VarDecl *vector : op.awaited)
          finished.insert({t, vector});
      });
  if (begun != finished)
    fail("rank exchanges", "a refresh begun that no pull finishes, or one finished that was "
                           "not begun");
}

/// Partial sums exist only under the Cartesian cut, and each traversal's
/// destinations cleared before it are folded into their owners after it,
/// with the same fold, and no others (docs/distributed.md, "The Cartesian cut").
void Verifier::verifyPartials() {
  if (!module.distribution)
    return;
  using Key = std::tuple<const Stmt *, const VarDecl *, const EdgeTraversalExpr *, AssignOp>;
  std::set<Key> cleared, folded;
  const DistributionPlan &plan = *module.distribution;
  for (const auto *side : {&plan.before, &plan.after})
    for (const auto &[stmt, exchanges] : *side)
      for (const RankExchange &x : exchanges) {
        bool clears = x.kind == RankExchange::ClearPartials;
        if (!clears && x.kind != RankExchange::FoldPartials)
          continue;
        if (plan.how != Distribution::Cartesian || !x.traversal ||
            clears != (side == &plan.before))
          fail("rank exchanges", "partial sums outside the Cartesian cut, or cleared after "
                                 "(folded before) their traversal");
        (clears ? cleared : folded).insert({stmt, x.target, x.traversal, x.fold});
      }
  if (cleared != folded)
    fail("rank exchanges", "partial sums cleared and not folded into their owners, or the "
                           "reverse");
}

/// A sum the ranks add up from their own elements (polyrt::dist::sumOwned)
/// is vec.sum() of a vector with copies on every rank, of a type it sums.
void Verifier::verifyOwnedSums() {
  if (!module.distribution)
    return;
  const DistributionPlan &plan = *module.distribution;
  for (const MethodCallExpr *sum : plan.ownedSums) {
    auto *name = llvm::dyn_cast<NameExpr>(sum->receiver.get());
    if (sum->methodKind != Method::Sum || !name ||
        llvm::find(plan.vectors, name->decl) == plan.vectors.end() ||
        !DistributionPlan::sumsOverRanks(sum->type))
      fail("the call '" + sum->method + "'", "only the sum of a distributed int, uint_64 or "
                                             "double vector is summed over ranks");
  }
}

/// The structure of a loop program: per-owner ops only in an owner's
/// visit, which has one edge loop (an exchange: one combine); regions,
/// versions and phases made as the printer expects them.
bool Verifier::verifyOps(const std::vector<LoopOp> &ops, const LoopOp *parent,
                         const std::string &where) {
  for (const LoopOp &op : ops) {
    bool inVisit = parent && parent->visitsOwners();
    if (op.isPerOwner() != inVisit)
      return fail(where, "a per-owner op outside an owner's visit, or a loop inside one");
    if (op.visitsOwners()) {
      size_t edges = llvm::count_if(op.ops, [](const LoopOp &o) { return o.kind == LoopOp::EdgeLoop; });
      size_t combines =
          llvm::count_if(op.ops, [](const LoopOp &o) { return o.kind == LoopOp::CombineParts; });
      if (op.kind == LoopOp::Exchange ? edges != 0 || combines != 1 : edges != 1 || combines != 0)
        return fail(where, "an owner's visit without exactly one edge loop (an exchange: one "
                           "combine of the parts and no edge loop)");
    }
    auto prefetches = [](const LoopOp &copy) {
      bool found = false;
      auto note = [&](const LoopOp &o) { found |= o.prefetchesAhead; };
      LoopNest::forEachOp(copy, note);
      return found;
    };
    if (op.kind == LoopOp::Versioned &&
        (op.ops.size() != 2 ||
         (op.ops[0].kind != LoopOp::OwnerLoop && op.ops[0].kind != LoopOp::MirrorOverlap) ||
         !sameLoop(op.ops[0], op.ops[1]) || !prefetches(op.ops[0]) || prefetches(op.ops[1])))
      return fail(where, "versioned copies that are not two copies of one owner loop (or "
                         "mirror overlap), the first prefetching");
    if (op.kind == LoopOp::MirrorOverlap && !verifyMirrorOverlap(op, where))
      return false;
    if (op.visitsOwners()) {
      const LoopOp *prologue = nullptr, *epilogue = nullptr;
      for (const LoopOp &o : op.ops) {
        if (o.kind == LoopOp::FoldPrologue)
          prologue = &o;
        if (o.kind == LoopOp::FoldEpilogue)
          epilogue = &o;
      }
      bool walk = op.owners == OwnerList::NodeSubgraphVertices && op.kind == LoopOp::OwnerLoop;
      if ((prologue && epilogue && prologue->fold != epilogue->fold) ||
          (epilogue && !prologue) || (prologue && (prologue->fold == FoldRegister::IntoBuffer) != walk) ||
          (prologue && !epilogue && prologue->fold != FoldRegister::Resting &&
           prologue->fold != FoldRegister::Reset))
        return fail(where, "a register fold whose prologue and epilogue do not match");
    }
    if (op.nowait != (op.kind == LoopOp::OwnerLoop && parent &&
                      parent->kind == LoopOp::ParallelRegion && parent->team == RegionTeam::Threads))
      return fail(where, "a loop without a wait outside a parallel region of threads, or one "
                         "there that waits");
    if (op.kind == LoopOp::ParallelRegion && op.team == RegionTeam::Threads &&
        (op.ops.size() != 2 || op.ops[0].kind != LoopOp::OwnerLoop ||
         op.ops[1].kind != LoopOp::BucketDrain || !op.ops[0].isParallel()))
      return fail(where, "a parallel region of threads other than a parallel owner loop then "
                         "its bucket drain");
    bool mergeTeam = parent && parent->kind == LoopOp::ParallelRegion &&
                     parent->team == RegionTeam::MergeTeam;
    if ((op.kind == LoopOp::Barrier || op.kind == LoopOp::Exchange) != (mergeTeam && &op != &ops[0]))
      return fail(where, "a barrier or exchange outside the merge team's later phases, or "
                         "another op there");
    if (op.kind == LoopOp::ParallelRegion && op.team == RegionTeam::MergeTeam &&
        (op.ops.size() != 3 || op.ops[0].kind != LoopOp::OwnerLoop ||
         op.ops[0].owners != OwnerList::NodeSubgraphVertices || op.ops[1].kind != LoopOp::Barrier ||
         op.ops[2].kind != LoopOp::Exchange))
      return fail(where, "the merge team's phases are not its walk, a barrier and the exchange");
    if (!verifyOps(op.ops, &op, where))
      return false;
  }
  return true;
}

bool Verifier::verifyNest(const EdgeTraversalExpr &t, const VariantPlan &v,
                          const std::string &where) {
  const LoopNest &nest = v.nest;
  if (nest.ops.empty())
    return true;
  if (!verifyOps(nest.ops, nullptr, where))
    return false;
  std::vector<const LoopOp *> visits, edgeLoops, folds;
  nest.forEach([&](const LoopOp &op) {
    if (op.kind == LoopOp::OwnerLoop || op.kind == LoopOp::Rounds)
      visits.push_back(&op);
    if (op.kind == LoopOp::EdgeLoop)
      edgeLoops.push_back(&op);
    if (op.kind == LoopOp::FoldPrologue || op.kind == LoopOp::FoldEpilogue)
      folds.push_back(&op);
  });
  const bool versioned = nest.find(LoopOp::Versioned) != nullptr;
  const bool overlaps = nest.find(LoopOp::MirrorOverlap) != nullptr;
  if (visits.size() != (versioned ? 2u : 1u) * (overlaps ? 2u : 1u))
    return fail(where, "the loop nest does not have one owner loop (two versioned copies; a "
                       "mirror overlap's two loops)");
  if (overlaps && (v.variant != Variant::DensePull || t.toFilter || !v.accumulation ||
                   v.accumulation->sumsFloats()))
    return fail(where, "a mirror overlap outside a pull folding into its destinations' registers "
                       "without a filter (not reassociating a float sum)");
  // The runs from the rank's sources and from mirrors, and the reset, only
  // in a mirror overlap's loops (verifyMirrorOverlap places them there).
  size_t overlapOps = 0, rankRuns = 0, resets = 0, overlapResets = 0, defers = 0, mirrored = 0;
  nest.forEach([&](const LoopOp &op) {
    overlapOps += op.kind == LoopOp::MirrorOverlap;
    defers += op.kind == LoopOp::DeferToMirrors;
    mirrored += op.kind == LoopOp::OwnerLoop && op.owners == OwnerList::RankMirroredVertices;
    rankRuns += op.kind == LoopOp::EdgeLoop && (op.bounds == EdgeBounds::RankSources ||
                                                op.bounds == EdgeBounds::OtherRankSources);
    resets += op.kind == LoopOp::FoldPrologue && op.fold == FoldRegister::Reset;
    if (op.kind == LoopOp::MirrorOverlap)
      overlapResets += op.ops[1].ops[0].fold == FoldRegister::Reset;
  });
  if (rankRuns != 2 * overlapOps || resets != overlapResets || defers != overlapOps ||
      mirrored != overlapOps)
    return fail(where, "an edge loop over a rank's runs, a deferral to mirrors, a loop over the "
                       "vertices with edges from mirrors or a reset fold outside a mirror "
                       "overlap");
  const LoopOp &owners = nest.owners();
  // (The rounds drain inside themselves: no drain op of their own.)
  if ((nest.find(LoopOp::BucketDrain) != nullptr) !=
          (nest.drainsCurrentBucket && !nest.roundsInOneRegion) ||
      (nest.find(LoopOp::Rounds) != nullptr) != nest.roundsInOneRegion)
    return fail(where, "a bucket drain or rounds op that the nest's bucket fusion and rounds do "
                       "not name, or the reverse");
  bool segmented = nest.find(LoopOp::Segments) != nullptr;
  bool mergeForm = v.numa && v.numa->merge;
  if (segmented != (v.segments.has_value() && !mergeForm))
    return fail(where, "the loop nest's segment loop does not match the variant's cache blocking");
  if ((nest.find(LoopOp::SourceValues) != nullptr) !=
      (v.accumulation && v.accumulation->perSource))
    return fail(where, "per-source values without a fold whose value reads the source alone, "
                       "or the reverse");

  for (const LoopOp *edges : edgeLoops) {
    if (edges->stop != EdgeStop::None &&
        (v.numa || v.segments || v.loop.parallelization == Parallelization::EdgeParallel))
      return fail(where, "an early stop on a loop other than the edge loop over an owner's "
                         "whole neighbour list");
    if (edges->partialSums != 1 &&
        (edges->partialSums < 1 || v.isPush() || !v.accumulation ||
         v.accumulation->fold->op != AssignOp::Add ||
         v.accumulation->fold->target->type.kind != Type::Double || v.accumulation->tracksChange ||
         v.accumulation->readsFoldedAtSource || v.numa || v.segments ||
         edges->stop != EdgeStop::None || !owners.walksVertexTasks()))
      return fail(where, "partial sums outside a pull's plain double += register fold in "
                         "whole-owner tasks");
    if ((edges->bounds == EdgeBounds::SplitRange) != (owners.shape == LoopShape::EdgeRanges) ||
        (edges->hoistsEnd && edges->bounds != EdgeBounds::OwnerList))
      return fail(where, "an edge loop's bounds do not fit its owner loop's tasks");
    if ((edges->testsSourceInFrontier && (v.isPush() || !t.from)) ||
        (edges->storesBeforeSelfLoop && (!v.accumulation || !v.accumulation->readsFoldedAtSource)) ||
        (edges->exit == EdgeExit::FirstUpdate && !t.earlyExit) ||
        (edges->exit == EdgeExit::FilterFails && !t.toFilter) ||
        (edges->exit != EdgeExit::None && (v.isPush() || v.accumulation)))
      return fail(where, "an edge loop's body tests or exits on what its traversal does not have");
  }
  if (versioned) {
    bool fits = (owners.owners == OwnerList::AllVertices ||
                 owners.owners == OwnerList::RankRange ||
                 owners.owners == OwnerList::RankColumnRange ||
                 owners.owners == OwnerList::RankListedVertices) &&
                owners.walksVertexTasks() && !v.numa &&
                !nest.roundsInOneRegion && !nest.drainsCurrentBucket;
    for (const LoopOp *edges : edgeLoops)
      fits = fits && edges->stop == EdgeStop::None;
    if (!fits)
      return fail(where, "a prefetch ahead outside the edge loop of an owner loop over every "
                         "vertex's whole list");
  }
  for (const LoopOp *edges : edgeLoops)
    if (edges->prefetchesAhead && !versioned)
      return fail(where, "a prefetch ahead outside a versioned copy of the loop");
  if (folds.empty() == v.accumulation.has_value())
    return fail(where, "a register fold without its prologue and epilogue, or the reverse");

  nest.forEach([&](const LoopOp &loop) {
    if (loop.prefetchesOwnerOffsets &&
        (loop.kind != LoopOp::OwnerLoop || loop.owners != OwnerList::FrontierList ||
         loop.shape != LoopShape::Dynamic || nest.roundsInOneRegion || nest.drainsCurrentBucket))
      fail(where, "an owner-offsets prefetch outside a loop over a frontier list in "
                  "dynamic chunks");
  });
  if (problem.tellp() != 0)
    return false;

  const bool exports = hasExportFunctions(*module.program);
  nest.forEach([&](const LoopOp &loop) {
    if (loop.catchesErrors && (!loop.runsTasks() || !loop.isParallel()))
      fail(where, "an op other than a parallel loop's tasks catches its tasks' errors");
  });
  if (problem.tellp() != 0)
    return false;
  if (owners.catchesErrors && !exports)
    return fail(where, "a loop of a program without export functions catches its tasks' errors "
                       "(stopProgram ends such a program)");
  if (const LoopOp *exchange = nest.exchange();
      exchange && exchange->catchesErrors != owners.catchesErrors)
    return fail(where, "the merge phase and the owner loop disagree on catching errors");

  bool merging = v.numa && v.numa->merge;
  if (merging && (v.variant != Variant::DensePull || !v.accumulation))
    return fail(where, "a NUMA merge without a pull's register fold to split");
  if (merging != (nest.exchange() != nullptr))
    return fail(where, "a merge phase without the merge form, or the reverse");
  // configDistribution: a pull walks only its rank's destinations (the distribution pass).
  const OwnerList nodeRanges = module.distribution && !v.isPush() && v.numa
                                   ? OwnerList::RankNodeRanges
                                   : OwnerList::NodeRanges;
  if (nest.exchange() && (nest.exchange()->owners != nodeRanges ||
                          nest.exchange()->shape != LoopShape::NodeChunks))
    return fail(where, "the merge phase must walk every node's own range (of this rank's "
                       "vertices, distributed)");
  OwnerList expected = segmented                            ? OwnerList::SegmentDestinations
                       : merging                            ? OwnerList::NodeSubgraphVertices
                       : v.numa && v.numa->agents && v.input == FrontierRepr::SparseQueue
                           ? OwnerList::NodeAgentFrontier
                       : v.numa && v.numa->agents ? OwnerList::NodeAgents
                       : v.numa && v.numa->readsNodeParts ? OwnerList::NodeFrontierParts
                       : v.numa && v.input == FrontierRepr::SparseQueue ? OwnerList::NodeFrontierList
                       : v.numa                             ? nodeRanges
                       : v.input == FrontierRepr::SparseQueue ? OwnerList::FrontierList
                                                            : OwnerList::AllVertices;
  // configDistribution: a pull walks only its rank's destinations.
  if (expected == OwnerList::AllVertices && !v.isPush() && module.distribution)
    expected = module.distribution->pullOwners();
  if (owners.owners != expected)
    return fail(where, "the owner loop walks a list the variant's input does not give");
  if ((owners.shape == LoopShape::NodeChunks) != (owners.owners == OwnerList::NodeRanges ||
                                                  owners.owners == OwnerList::RankNodeRanges ||
                                                  owners.owners == OwnerList::NodeSubgraphVertices ||
                                                  owners.owners == OwnerList::NodeFrontierList ||
                                                  owners.owners == OwnerList::NodeFrontierParts ||
                                                  owners.owners == OwnerList::NodeAgents ||
                                                  owners.owners == OwnerList::NodeAgentFrontier))
    return fail(where, "node ranges are walked in node chunks, and only they are");
  if (!v.numa && owners.isParallel() != (v.loop.parallelization != Parallelization::Serial))
    return fail(where, "the owner loop's shape disagrees with the parallelization");
  if ((owners.shape == LoopShape::EdgeRanges) !=
      (v.loop.parallelization == Parallelization::EdgeParallel))
    return fail(where, "edge ranges without an edge-parallel schedule, or the reverse");
  if (owners.serialWhenSmall && !(owners.owners == OwnerList::FrontierList && owners.isParallel()))
    return fail(where, "only a parallel walk of the frontier list can stay serial when small");
  if (v.output == FrontierRepr::None && nest.outputAdd != OutputAdd::Add)
    return fail(where, "an output add without an output");
  if (nest.outputAdd == OutputAdd::AddShared && v.output != FrontierRepr::BoolArray)
    return fail(where, "a shared add to an output that is not a bool array");
  if (nest.outputAdd == OutputAdd::AddFromThread &&
      (!v.isPush() || (v.output != FrontierRepr::SparseQueue &&
                       v.output != FrontierRepr::SlidingQueue)))
    return fail(where, "an add naming its thread outside a push into per-thread lists");
  if (nest.outputAdd == OutputAdd::AddToOwnWord) {
    bool wholeWords = owners.shape == LoopShape::Serial ||
                      ((owners.shape == LoopShape::Dynamic || owners.shape == LoopShape::NodeChunks) &&
                       !owners.grain.fromArgv() && owners.grain.value % 64 == 0);
    if (v.output != FrontierRepr::Bitvector || v.isPush() || segmented || !wholeWords)
      return fail(where, "a plain add to a bitvector word that another thread may share");
  }
  if (nest.outputAdd != OutputAdd::AddShared && v.output == FrontierRepr::BoolArray &&
      (v.isPush() || owners.shape == LoopShape::EdgeRanges))
    return fail(where, "a bool-array output several threads write needs shared adds");
  if (nest.drainsCurrentBucket &&
      (!t.priorityQueue || !t.bucketFusion || v.variant != Variant::SparsePush ||
       owners.owners != OwnerList::FrontierList || !owners.walksVertexTasks()))
    return fail(where, "a bucket drain outside a fused priority traversal's push over the "
                       "frontier list in vertex tasks");
  if (nest.roundsInOneRegion &&
      (!t.orderedLoop || t.variants.size() != 1 || v.variant != Variant::SparsePush ||
       owners.owners != OwnerList::FrontierList || owners.shape != LoopShape::Dynamic ||
       owners.serialWhenSmall || v.numa))
    return fail(where, "rounds in one region outside an ordered loop's one sparse push in "
                       "dynamic vertex tasks");
  return true;
}

bool Verifier::verify(const EdgeTraversalExpr &t, const VariantPlan &v, const std::string &where) {
  if (v.input != FrontierRepr::None) {
    if (!t.from)
      return fail(where, "reads an input frontier the traversal does not have");
    if (v.readsSparseInput() ? v.input != FrontierRepr::SparseQueue : !isDenseForm(v.input))
      return fail(where, std::string("reads its input as ") + spelling(v.input) +
                             ", which its loop cannot walk");
  }
  if (v.output != FrontierRepr::None && !t.producesFrontier())
    return fail(where, "builds an output frontier the traversal does not produce");
  if (v.input == FrontierRepr::NodeParts)
    return fail(where, "reads node parts as its input form (they are walked by the owner loop)");
  if ((v.output == FrontierRepr::NodeParts) != (t.producesFrontier() && t.nodeFrontier.has_value()))
    return fail(where, "an output held node by node without configApplyFrontier, or the reverse");
  if (v.numa && v.numa->readsNodeParts && !(t.nodeFrontier && v.isPush() && t.from))
    return fail(where, "walks node parts of a frontier that is not held node by node");
  if (v.segments && (v.variant != Variant::DensePull ||
                     v.loop.parallelization == Parallelization::EdgeParallel))
    return fail(where, "cache blocking outside an owner-parallel DensePull");
  if (v.accumulation) {
    if (!v.accumulation->fold)
      return fail(where, "a register fold without its fold");
    if (v.isPush() &&
        (t.from || v.numa || v.segments || v.accumulation->perSource ||
         v.accumulation->tracksChange || v.accumulation->combinesAtomically ||
         v.accumulation->restingValue || v.accumulation->readsFoldedAtSource ||
         v.loop.parallelization == Parallelization::EdgeParallel))
      return fail(where, "a push's register fold other than a plain fold over every vertex's "
                         "whole out-edges");
    if (!v.isPush() && v.accumulation->guard)
      return fail(where, "a pull's register fold under a guard");
    AssignOp op = v.accumulation->fold->op;
    if (v.accumulation->tracksChange && !t.trackedVector)
      return fail(where, "a tracked register fold without a tracked vector");
    bool agents = ownersShared(t, v);
    if (v.accumulation->combinesAtomically != agents)
      return fail(where, agents ? "agents with a register stored as if it owned its destination"
                                : "a register combined atomically outside agents");
    if (agents && op != AssignOp::Add && op != AssignOp::Min && op != AssignOp::Max)
      return fail(where, "agents combining a fold other than +=, min= or max=");
    if (agents && v.accumulation->tracksChange && op != AssignOp::Min && op != AssignOp::Max)
      return fail(where, "agents tracking a fold other than min= or max=");
    if (v.accumulation->restingValue &&
        (!t.fusedVertexApply || t.variants.size() != 1 || v.numa || agents ||
         v.accumulation->readsFoldedAtSource))
      return fail(where, "a fold target kept out of memory without a fused apply that sets it "
                         "back, in a variant other than the only one, or one that reads it");
    if (v.accumulation->addsToSum &&
        (op != AssignOp::Add || v.accumulation->tracksChange || agents || v.numa ||
         v.segments || v.accumulation->restingValue || module.summedVectors.empty()))
      return fail(where, "a fold added to a running sum other than a plain += of a register "
                         "owned by its thread");
    if (v.accumulation->intersectsWalkedPrefix &&
        (!v.isPush() || v.accumulation->perSource || !v.walksStoredLists()))
      return fail(where, "an intersection given the edge's index where the edge loop is not a "
                         "push walking each source's whole list, one edge at a time");
  }
  if (v.sourceElementInRegister &&
      (!v.isPush() || v.numa || v.segments || v.accumulation || !t.updatesPriority ||
       !t.priorityRepeatsHarmless()))
    return fail(where, "a source's element read once per source in a variant other than a "
                       "plain push of a priority update whose repeats are harmless");
  if (v.outputUnique && !llvm::any_of(v.writes, [](const WriteInfo &w) {
        return w.sync == WriteSync::Claim || (w.sync == WriteSync::Lock && w.expected);
      }))
    return fail(where, "an output called unique without a claim");
  bool defers = llvm::any_of(v.writes, [](const WriteInfo &w) { return w.deferredTo >= 0; });
  if (defers && (v.accumulation || t.fusedVertexApply))
    return fail(where, "deferred updates with a register fold or a fused vertex apply, which "
                       "would read the vector before they are applied");
  if (v.numa && v.numa->agents &&
      (v.segments || v.numa->merge || v.numa->readsNodeParts || t.fusedVertexApply))
    return fail(where, "agents with segments, the merge form, node parts or a fused vertex "
                       "apply, each of which needs whole owners");
  if (t.concurrent && (v.numa || v.segments || (v.accumulation && v.accumulation->perSource)))
    return fail(where, "inside a par_for with NUMA, segments or a per-source cache, state that "
                       "concurrent calls would share");
  if (!verifyWrites(v.writes, v.loop, where, &t, ownersShared(t, v)) ||
      !verifyNest(t, v, where))
    return false;
  if (v.numa && !v.nest.ops.empty()) {
    // The one-node loops must be a valid nest for the variant without NUMA.
    VariantPlan single = oneNodeVariant(v);
    if (single.nest.ops.empty())
      return fail(where, "a NUMA variant without its one-node loops");
    if (!verifyWrites(single.writes, single.loop, where + " at one node", &t))
      return false;
    return verifyNest(t, single, where + " at one node");
  }
  return true;
}

bool Verifier::verify(const EdgeTraversalExpr &t) {
  std::string where = "traversal '" + t.name + "'";
  if (t.name.empty() || !t.applyFunc || !t.edges)
    return fail(where, "a traversal without a name, an edgeset or an applied function");
  if (t.fusedVertexApply && t.fusedVertexApply->fusedInto != &t)
    return fail(where, "fuses a vertex apply that does not name it back");
  for (const VarDecl *vector : t.replicaReads) {
    auto placed = module.placements.find(vector);
    if (placed == module.placements.end() || placed->second != DataPlacement::Replicated)
      return fail(where, "reads '" + vector->name + "' from replicas it does not have");
    // Replicas are a snapshot taken when the traversal starts.
    if (t.trackedVector == vector)
      return fail(where, "reads replicas of '" + vector->name + "', which it tracks");
    for (const VariantPlan &v : t.variants)
      for (const WriteInfo &w : v.writes)
        if (w.target == vector->name)
          return fail(where, "reads replicas of '" + vector->name + "', which it writes");
  }
  if (t.variants.empty())
    return true; // before the direction pass
  llvm::SmallVector<Variant, 2> expected = variantsOf(t.direction);
  if (t.variants.size() != expected.size())
    return fail(where, "its variants are not those of its direction");
  for (size_t i = 0; i < expected.size(); ++i)
    if (t.variants[i].variant != expected[i])
      return fail(where, "its variants are not those of its direction, in order");
  if (t.isHybrid() && !t.from)
    return fail(where, "a hybrid without an input frontier to choose by");
  if (t.hybridVertexThreshold && !t.isHybrid())
    return fail(where, "a vertex threshold without a hybrid to choose by it");
  for (const VariantPlan &v : t.variants)
    if (!verify(t, v, where + ", variant " + spelling(v.variant)))
      return false;
  return true;
}

bool Verifier::verify(const VertexTraversalExpr &u) {
  std::string where = "traversal '" + u.name + "'";
  if (u.name.empty() || !u.func || !u.set)
    return fail(where, "a traversal without a name, a set or a function");
  if (u.fusedInto && u.fusedInto->fusedVertexApply != &u)
    return fail(where, "is fused into a pull that does not run it");
  if (u.listedOwners != (u.ownedVertices && module.distribution &&
                         module.distribution->listsOwners()))
    return fail(where, "walks its rank's vertices as a list where the partition gives a range, "
                       "or the other way round");
  if (u.serialWhenSmall && u.loop.parallelization == Parallelization::Serial)
    return fail(where, "a serial loop marked serial-when-small");
  if (u.catchesErrors && (u.loop.parallelization == Parallelization::Serial ||
                          !hasExportFunctions(*module.program)))
    return fail(where, "catches its tasks' errors, but is serial or in a program without "
                       "export functions");
  if (const std::optional<NeighborValueRead> &read = u.prefetchedNeighborValue) {
    const VarDecl *values = read->values;
    if (!read->neighbor || read->neighbor->methodKind != Method::GetOutNeighbor || !values ||
        values->storage != VarDecl::Global || values->type.kind != Type::Vector ||
        !values->type.value || !values->type.value->isNumeric())
      return fail(where, "prefetches something other than a global vector's value at a "
                         "getOutNeighbor");
    if (u.fusedInto || u.concurrent || fusedGroupOf(module, values) ||
        module.summedVectors.count(values))
      return fail(where, "prefetches a neighbour's value in a loop of its own that it does not "
                         "run, or of a vector not stored as one");
  }
  return verifyWrites(u.writes, u.loop, where, nullptr, u.concurrent);
}

std::string Verifier::run() {
  std::set<std::string> names;
  for (const EdgeTraversalExpr *t : module.edgeTraversals) {
    if (!names.insert(t->name).second)
      fail("traversal '" + t->name + "'", "two traversals share this name");
    verify(*t);
  }
  for (const VertexTraversalExpr *u : module.vertexTraversals) {
    if (!names.insert(u->name).second)
      fail("traversal '" + u->name + "'", "two traversals share this name");
    verify(*u);
  }
  // An edgeset placed on the nodes keeps no edges of its own there: every
  // variant walking it must walk agents' parts the placement builds.
  for (const EdgePlacement &placement : module.edgesOnNodes)
    for (const EdgeTraversalExpr *t : module.edgeTraversals) {
      auto *name = llvm::dyn_cast<NameExpr>(t->edges.get());
      if (!name || name->decl != placement.edges)
        continue;
      for (const VariantPlan &v : t->variants)
        if (!v.numa || !v.numa->agents ||
            !llvm::is_contained(placement.parts, AgentParts{v.isPush(), v.numa->partition,
                                                            v.numa->alpha}))
          fail("traversal '" + t->name + "'",
               "it walks '" + placement.edges->name +
                   "', whose edges are placed on the nodes, without the agents' parts built there");
    }
  std::set<const VarDecl *> fused;
  for (const FusedFieldGroup &g : module.fusedFields) {
    if (g.fields.size() < 2 || g.name.empty())
      fail("fused fields '" + g.name + "'", "a group needs a name and two fields");
    for (const VarDecl *field : g.fields)
      if (!fused.insert(field).second)
        fail("fused fields '" + g.name + "'", "'" + field->name + "' is in two groups");
  }
  for (const AssignStmt *a : module.movedAssignments)
    if (a->op != AssignOp::Assign || a->target->type.kind != Type::VertexSet ||
        !llvm::isa<NameExpr>(a->value.get()))
      fail("a moved assignment", "only `set = local` can be a move");
  // An unchecked query asks the edgeset about the parameter its reason names.
  for (const auto &[query, why] : module.inRangeVertexQueries) {
    auto *receiver = llvm::dyn_cast<NameExpr>(query->receiver.get());
    auto *vertex =
        query->args.empty() ? nullptr : llvm::dyn_cast<NameExpr>(query->args[0].get());
    if ((query->methodKind != Method::GetOutDegree &&
         query->methodKind != Method::GetOutNeighbor) ||
        !why.func || !receiver || receiver->decl != why.edges || !vertex ||
        vertex->decl != why.param)
      fail("the query '" + query->method + "'",
           "its vertex is taken as in range without being the parameter its reason names");
  }
  // An unchecked operation is int arithmetic whose proven range is an int's.
  for (const auto &[operation, range] : module.overflowFreeArithmetic) {
    auto *binary = llvm::dyn_cast<BinaryExpr>(operation);
    auto *unary = llvm::dyn_cast<UnaryExpr>(operation);
    bool arithmetic = (binary && (binary->op == BinaryOp::Add || binary->op == BinaryOp::Sub ||
                                  binary->op == BinaryOp::Mul)) ||
                      (unary && unary->op == UnaryOp::Neg);
    if (!arithmetic || operation->type.kind != Type::Int || range.lo > range.hi ||
        range.lo < std::numeric_limits<int32_t>::min() ||
        range.hi > std::numeric_limits<int32_t>::max())
      fail("an overflow-free operation", "only int + - * and negation with a range that fits "
                                         "an int skip the overflow check");
  }
  for (const MethodCallExpr *degree : module.comparedOutDegrees)
    if (degree->methodKind != Method::GetOutDegree)
      fail("the query '" + degree->method + "'", "only getOutDegree is compared unconverted");
  verifyOverlappedRefreshes();
  verifyOwnedSums();
  verifyPartials();
  return problem.str();
}

} // namespace

VariantPlan polyc::oneNodeVariant(const VariantPlan &v) {
  VariantPlan single = v;
  single.numa.reset();
  if (!v.numa)
    return single;
  single.nest = v.numa->oneNode;
  if (v.numa->oneNodeInput)
    single.input = *v.numa->oneNodeInput;
  if (v.numa->oneNodeOutput)
    single.output = *v.numa->oneNodeOutput;
  if (v.numa->agents) {
    if (v.numa->oneNodeWrites)
      single.writes = *v.numa->oneNodeWrites;
    single.accumulation = v.numa->oneNodeAccumulation;
  }
  return single;
}

std::string polyc::verifyModule(const Module &module) { return Verifier(module).run(); }
