//===- MirrorOverlapPass.cpp - A pull's own edges while its mirrors travel -===//
//
// configDistribution with the ring (configCommunication's default) and
// mirror combining: a DensePull that folds into its destination's register
// begins the refresh of the vector it reads at sources, walks the edges from
// the rank's own vertices while the mirrors' values travel, waits for them,
// then walks the edges from mirrors: Gemini's overlap of the dense mode's
// messages with computation. The fold is reassociated (two runs per owner),
// as partial sums already do, so a float sum is left alone
// (Accumulation::sumsFloats). docs/distributed.md, "The model".
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Pass.h"

#include "llvm/ADT/STLExtras.h"

using namespace polyc;

namespace {

/// The exchanges before `t`'s statement, when they hold one refresh that
/// may be begun there; `at` is its place among them.
std::vector<RankExchange> *overlappableRefresh(DistributionPlan &plan,
                                               const EdgeTraversalExpr &t, size_t &at) {
  std::vector<RankExchange> *found = nullptr;
  int refreshes = 0;
  for (auto *side : {&plan.before, &plan.after})
    for (auto &[stmt, exchanges] : *side)
      for (size_t i = 0; i < exchanges.size(); ++i) {
        const RankExchange &x = exchanges[i];
        if (x.traversal != &t)
          continue;
        if (x.kind != RankExchange::RefreshMirrors)
          return nullptr; // a fold into sources: its snapshot and fold stay around the pull
        ++refreshes;
        found = &exchanges;
        at = i;
      }
  // Two would need two exchanges in flight at once, which MPI_THREAD_SERIALIZED forbids.
  if (refreshes != 1 || (*found)[at].combining != MessageCombining::Mirrors ||
      (*found)[at].communication != Communication::Ring)
    return nullptr;
  return found;
}

/// An owner loop that folds each owner's edges into its register, nothing else.
bool foldsOnly(const LoopOp &loop) {
  if (loop.kind != LoopOp::OwnerLoop || loop.owners != OwnerList::RankRange ||
      !loop.walksVertexTasks() || loop.frontierTest != OwnerFrontierTest::None)
    return false;
  const std::vector<LoopOp> &ops = loop.ops;
  if (ops.size() < 2 || ops[0].kind != LoopOp::FoldPrologue || ops[1].kind != LoopOp::EdgeLoop)
    return false;
  FoldRegister fold = ops[0].fold;
  if (fold != FoldRegister::Stored && fold != FoldRegister::StoredIfChanged &&
      fold != FoldRegister::Resting)
    return false;
  const LoopOp &edges = ops[1];
  if (edges.bounds != EdgeBounds::OwnerList || edges.stop != EdgeStop::None ||
      edges.exit != EdgeExit::None || edges.storesBeforeSelfLoop)
    return false;
  size_t next = 2;
  if (fold != FoldRegister::Resting) {
    if (ops.size() <= next || ops[next].kind != LoopOp::FoldEpilogue)
      return false;
    ++next;
  }
  if (next < ops.size() && ops[next].kind == LoopOp::FusedApply)
    ++next;
  return next == ops.size();
}

/// The owner loop as two: every owner folds its run from the rank's own
/// vertices, and one without edges from mirrors ends its visit as before;
/// one with them stores the part, which the second loop, over those owners
/// only, takes up once the mirrors have arrived.
LoopOp overlapped(const LoopOp &loop, const VarDecl *awaited) {
  const FoldRegister fold = loop.ops[0].fold;
  LoopOp own = loop, rest = loop;
  own.ops[1].bounds = EdgeBounds::RankSources;
  own.ops[1].hoistsEnd = rest.ops[1].hoistsEnd = false; // (a run's end is a local anyway)
  LoopOp defer;
  defer.kind = LoopOp::DeferToMirrors;
  own.ops.insert(own.ops.begin() + 2, defer);
  rest.owners = OwnerList::RankMirroredVertices;
  rest.ops[0].fold = fold == FoldRegister::Resting ? FoldRegister::Reset : fold;
  rest.ops[1].bounds = EdgeBounds::OtherRankSources;
  LoopOp overlap;
  overlap.kind = LoopOp::MirrorOverlap;
  overlap.awaited = {awaited};
  overlap.ops = {std::move(own), std::move(rest)};
  return overlap;
}

bool run(Module &module, DiagnosticEngine &) {
  // (Hash, metis: a rank's vertices are no range to cut the lists at;
  // Cartesian: a pull's destinations are its column's, and its sources its row's.)
  if (!module.distribution || module.distribution->listsOwners() ||
      module.distribution->how == Distribution::Cartesian)
    return true;
  DistributionPlan &plan = *module.distribution;
  for (EdgeTraversalExpr *t : module.edgeTraversals) {
    if (t->variants.size() != 1 || t->variants[0].variant != Variant::DensePull || t->toFilter)
      continue; // (a filter may read what the first run stores)
    VariantPlan &v = t->variants[0];
    size_t at = 0;
    std::vector<RankExchange> *before = overlappableRefresh(plan, *t, at);
    if (!before || !v.accumulation || v.accounting || v.numa || v.segments ||
        v.accumulation->sumsFloats())
      continue;
    std::vector<LoopOp> &ops = v.nest.ops;
    bool versioned = ops.size() == 1 && ops[0].kind == LoopOp::Versioned;
    std::vector<LoopOp> &loops = versioned ? ops[0].ops : ops;
    if (loops.empty() || !llvm::all_of(loops, foldsOnly) || (!versioned && loops.size() != 1))
      continue;
    RankExchange refresh = (*before)[at];
    for (LoopOp &loop : loops)
      loop = overlapped(loop, refresh.target);
    // Begun last, so that no other exchange calls MPI while it is under way.
    refresh.overlapped = true;
    before->erase(before->begin() + static_cast<std::ptrdiff_t>(at));
    before->push_back(refresh);
    plan.splitsSources = true;
  }
  return true;
}

} // namespace

const Pass polyc::mirrorOverlapPass = {
    "mirror-overlap",
    "configDistribution: a pull walks its own sources' edges while mirrors travel",
    TargetSet::all(), run};
