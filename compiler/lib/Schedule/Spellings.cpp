//===- Spellings.cpp - Schedule option values as users write them --------===//
//
// One table per option: the spellings the validator accepts, the value each
// stands for and whether polyc lowers it yet. spelling() prints the first
// (non-alias) row of a value. Aliases are GraphIt's spellings of the same
// value; they are accepted and never listed in "valid values are ...".
//
//===----------------------------------------------------------------------===//
#include "polyc/Schedule/Schedule.h"

#include "llvm/Support/ErrorHandling.h"

#include <vector>

using namespace polyc;

namespace {

constexpr OptionValue kDirections[] = {
    {"SparsePush", int(Direction::SparsePush), true},
    {"DensePush", int(Direction::DensePush), true},
    {"DensePull", int(Direction::DensePull), true},
    {"SparsePush-DensePull", int(Direction::SparsePushDensePull), true},
    {"SparsePush-DensePush", int(Direction::SparsePushDensePush), true},
    // GraphIt's name for the same hybrid ("dense forward").
    {"DensePush-SparsePush", int(Direction::SparsePushDensePush), true, true},
};

constexpr OptionValue kParallelizations[] = {
    {"serial", int(Parallelization::Serial), true},
    {"dynamic-vertex-parallel", int(Parallelization::DynamicVertex), true},
    {"static-vertex-parallel", int(Parallelization::StaticVertex), true},
    {"edge-aware-dynamic-vertex-parallel", int(Parallelization::EdgeAwareDynamicVertex), true},
    {"edge-parallel", int(Parallelization::EdgeParallel), true},
};

constexpr OptionValue kFrontierReprs[] = {
    {"sparse-queue", int(FrontierRepr::SparseQueue), true},
    {"sliding-queue", int(FrontierRepr::SlidingQueue), true},
    {"bool-array", int(FrontierRepr::BoolArray), true},
    {"bitvector", int(FrontierRepr::Bitvector), true},
    {"sparse_queue", int(FrontierRepr::SparseQueue), true, true},
    {"sliding_queue", int(FrontierRepr::SlidingQueue), true, true},
    {"bool_array", int(FrontierRepr::BoolArray), true, true},
    {"boolmap", int(FrontierRepr::BoolArray), true, true},
    {"bitmap", int(FrontierRepr::Bitvector), true, true},
};

constexpr OptionValue kSegmentings[] = {
    {"fixed-vertex-count", int(Segmenting::FixedVertexCount), true},
    {"edge-aware-vertex-count", int(Segmenting::EdgeAwareVertexCount), true},
};

constexpr OptionValue kVariants[] = {
    {"SparsePush", int(Variant::SparsePush), true},
    {"DensePush", int(Variant::DensePush), true},
    {"DensePull", int(Variant::DensePull), true},
};

constexpr OptionValue kVertexSetRoles[] = {
    {"both", int(VertexSetRole::Both), true},
    {"src-vertexset", int(VertexSetRole::Source), true},
    {"dst-vertexset", int(VertexSetRole::Destination), true},
};

constexpr OptionValue kDeduplication[] = {
    {"enable", 1, true},          {"disable", 0, true},
    {"enabled", 1, true, true},   {"disabled", 0, true, true},
    {"on", 1, true, true},        {"off", 0, true, true},
};

constexpr OptionValue kSetApply[] = {
    {"sliding_queue", int(SetApplyOption::SlidingQueue), true},
    {"sliding-queue", int(SetApplyOption::SlidingQueue), true, true},
    {"pull_edge_based_load_balance", int(SetApplyOption::PullEdgeBasedLoadBalance), true},
};

constexpr OptionValue kNumaParallelizations[] = {
    {"serial", int(NumaParallelization::Serial), true},
    {"static-parallel", int(NumaParallelization::StaticParallel), true},
    {"dynamic-parallel", int(NumaParallelization::DynamicParallel), true},
};

constexpr OptionValue kNumaPartitions[] = {
    {"vertex-balanced", int(NumaPartition::VertexBalanced), true},
    {"edge-balanced", int(NumaPartition::EdgeBalanced), true},
    {"chunk-alpha", int(NumaPartition::ChunkAlpha), true},
};

constexpr OptionValue kDataPlacements[] = {
    {"interleaved", int(DataPlacement::Interleaved), true},
    {"node-local", int(DataPlacement::NodeLocal), true},
    {"replicated", int(DataPlacement::Replicated), true},
};

constexpr OptionValue kFrontierStructures[] = {
    {"bool-array", int(FrontierStructure::BoolArray), true},
    {"bitvector", int(FrontierStructure::Bitvector), true},
    {"sparse-queue", int(FrontierStructure::SparseQueue), true},
    {"adaptive", int(FrontierStructure::Adaptive), true},
};

constexpr OptionValue kBarriers[] = {
    {"omp", int(BarrierKind::Omp), true},
    {"hierarchical", int(BarrierKind::Hierarchical), true},
};

constexpr OptionValue kWorkStealing[] = {
    {"none", int(WorkStealing::None), true},
    {"intra-node", int(WorkStealing::IntraNode), true},
    {"mini-chunk", int(WorkStealing::MiniChunk), true},
    {"inter-node", int(WorkStealing::InterNode), true},
};

constexpr OptionValue kUpdateSyncs[] = {
    {"atomic", int(UpdateSync::Atomic), true},
    {"lock", int(UpdateSync::Lock), true},
    {"merge", int(UpdateSync::Merge), true},
    {"htm", int(UpdateSync::Htm), true},
};

constexpr OptionValue kAgents[] = {
    {"on", 1, true},           {"off", 0, true},
    {"enable", 1, true, true}, {"disable", 0, true, true},
};

constexpr OptionValue kPriorityUpdates[] = {
    {"eager_priority_update", int(PriorityUpdate::EagerPriorityUpdate), true},
    {"eager_priority_update_with_merge", int(PriorityUpdate::EagerPriorityUpdateWithMerge), true},
    {"lazy_priority_update", int(PriorityUpdate::LazyPriorityUpdate), true},
    {"constant_sum_reduce_before_update", int(PriorityUpdate::ConstantSumReduceBeforeUpdate),
     true},
};

constexpr OptionValue kIntersections[] = {
    {"HiroshiIntersection", int(IntersectionMethod::Hiroshi), true},
    {"MultiSkipIntersection", int(IntersectionMethod::MultiSkip), true},
    {"MultiskipIntersection", int(IntersectionMethod::MultiSkip), true, true}, // GraphIt's tests
    {"NaiveIntersection", int(IntersectionMethod::Naive), true},
    {"CombinedIntersection", int(IntersectionMethod::Combined), true},
    {"BinarySearchIntersection", int(IntersectionMethod::BinarySearch), true},
};

// The distribution options: all accepted here; the pass lowering them
// reports what it cannot do, at the call.
constexpr OptionValue kDistributions[] = {
    {"chunk-alpha", int(Distribution::ChunkAlpha), true},
    {"edge-balanced", int(Distribution::EdgeBalanced), true},
    {"vertex-balanced", int(Distribution::VertexBalanced), true},
    {"hash", int(Distribution::Hash), true},
    {"cartesian", int(Distribution::Cartesian), true},
    {"metis", int(Distribution::Metis), true},
};

constexpr OptionValue kMessageCombinings[] = {
    {"mirrors", int(MessageCombining::Mirrors), true},
    {"batched", int(MessageCombining::Batched), true},
    {"per-update", int(MessageCombining::PerUpdate), true},
};

constexpr OptionValue kCommunications[] = {
    {"ring", int(Communication::Ring), true},
    {"alltoallv", int(Communication::Alltoallv), true},
};

const char *lookup(llvm::ArrayRef<OptionValue> values, int value) {
  for (const OptionValue &v : values)
    if (v.value == value && !v.alias)
      return v.spelling;
  return "?";
}

} // namespace

llvm::ArrayRef<OptionValue> polyc::directionValues() { return kDirections; }
llvm::ArrayRef<OptionValue> polyc::parallelizationValues() { return kParallelizations; }
llvm::ArrayRef<OptionValue> polyc::frontierReprValues() { return kFrontierReprs; }
llvm::ArrayRef<OptionValue> polyc::segmentingValues() { return kSegmentings; }
llvm::ArrayRef<OptionValue> polyc::variantValues() { return kVariants; }

// The dense rows of kFrontierReprs, aliases included, with their flags: a
// flag flipped there holds here too.
llvm::ArrayRef<OptionValue> polyc::denseFrontierReprValues() {
  static const std::vector<OptionValue> dense = [] {
    std::vector<OptionValue> rows;
    for (const OptionValue &v : kFrontierReprs)
      if (v.value == int(FrontierRepr::BoolArray) || v.value == int(FrontierRepr::Bitvector))
        rows.push_back(v);
    return rows;
  }();
  return dense;
}

llvm::ArrayRef<OptionValue> polyc::vertexSetRoleValues() { return kVertexSetRoles; }
llvm::ArrayRef<OptionValue> polyc::deduplicationValues() { return kDeduplication; }
llvm::ArrayRef<OptionValue> polyc::setApplyValues() { return kSetApply; }
llvm::ArrayRef<OptionValue> polyc::numaParallelizationValues() { return kNumaParallelizations; }
llvm::ArrayRef<OptionValue> polyc::numaPartitionValues() { return kNumaPartitions; }
llvm::ArrayRef<OptionValue> polyc::dataPlacementValues() { return kDataPlacements; }
llvm::ArrayRef<OptionValue> polyc::frontierStructureValues() { return kFrontierStructures; }
llvm::ArrayRef<OptionValue> polyc::barrierValues() { return kBarriers; }
llvm::ArrayRef<OptionValue> polyc::workStealingValues() { return kWorkStealing; }
llvm::ArrayRef<OptionValue> polyc::updateSyncValues() { return kUpdateSyncs; }
llvm::ArrayRef<OptionValue> polyc::agentsValues() { return kAgents; }
llvm::ArrayRef<OptionValue> polyc::priorityUpdateValues() { return kPriorityUpdates; }
llvm::ArrayRef<OptionValue> polyc::intersectionValues() { return kIntersections; }
llvm::ArrayRef<OptionValue> polyc::distributionValues() { return kDistributions; }
llvm::ArrayRef<OptionValue> polyc::messageCombiningValues() { return kMessageCombinings; }
llvm::ArrayRef<OptionValue> polyc::communicationValues() { return kCommunications; }

const char *polyc::spelling(Direction d) { return lookup(kDirections, int(d)); }
const char *polyc::spelling(NumaPartition p) { return lookup(kNumaPartitions, int(p)); }
const char *polyc::spelling(WorkStealing w) { return lookup(kWorkStealing, int(w)); }
const char *polyc::spelling(DataPlacement p) { return lookup(kDataPlacements, int(p)); }
const char *polyc::spelling(IntersectionMethod m) { return lookup(kIntersections, int(m)); }
const char *polyc::spelling(PriorityUpdate p) { return lookup(kPriorityUpdates, int(p)); }
const char *polyc::spelling(UpdateSync u) { return lookup(kUpdateSyncs, int(u)); }
const char *polyc::spelling(FrontierStructure f) { return lookup(kFrontierStructures, int(f)); }
const char *polyc::spelling(Distribution d) { return lookup(kDistributions, int(d)); }
const char *polyc::spelling(MessageCombining m) { return lookup(kMessageCombinings, int(m)); }
const char *polyc::spelling(Communication c) { return lookup(kCommunications, int(c)); }
const char *polyc::spelling(Parallelization p) { return lookup(kParallelizations, int(p)); }
const char *polyc::spelling(FrontierRepr r) {
  return r == FrontierRepr::None        ? "none"
         : r == FrontierRepr::NodeParts ? "node-parts"
                                        : lookup(kFrontierReprs, int(r));
}
const char *polyc::spelling(Segmenting s) { return lookup(kSegmentings, int(s)); }
const char *polyc::spelling(Variant v) { return lookup(kVariants, int(v)); }
const char *polyc::spelling(VertexSetRole r) { return lookup(kVertexSetRoles, int(r)); }

llvm::SmallVector<Variant, 2> polyc::variantsOf(Direction d) {
  switch (d) {
  case Direction::SparsePush: return {Variant::SparsePush};
  case Direction::DensePush: return {Variant::DensePush};
  case Direction::DensePull: return {Variant::DensePull};
  case Direction::SparsePushDensePull: return {Variant::SparsePush, Variant::DensePull};
  case Direction::SparsePushDensePush: return {Variant::SparsePush, Variant::DensePush};
  }
  llvm_unreachable("a Direction outside the enum");
}
