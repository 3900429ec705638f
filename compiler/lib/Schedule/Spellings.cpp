//===- Spellings.cpp - Schedule option values as users write them --------===//
#include "polyc/Schedule/Schedule.h"

using namespace polyc;

namespace {

constexpr OptionValue kDirections[] = {
    {"SparsePush", int(Direction::SparsePush), true},
    {"DensePush", int(Direction::DensePush), false},
    {"DensePull", int(Direction::DensePull), true},
    {"SparsePush-DensePull", int(Direction::SparsePushDensePull), true},
    {"SparsePush-DensePush", int(Direction::SparsePushDensePush), false},
};

constexpr OptionValue kParallelizations[] = {
    {"serial", int(Parallelization::Serial), true},
    {"dynamic-vertex-parallel", int(Parallelization::DynamicVertex), true},
    {"static-vertex-parallel", int(Parallelization::StaticVertex), false},
    {"edge-aware-dynamic-vertex-parallel", int(Parallelization::EdgeAwareDynamicVertex), false},
    {"edge-parallel", int(Parallelization::EdgeParallel), false},
};

constexpr OptionValue kFrontierReprs[] = {
    {"sparse-queue", int(FrontierRepr::SparseQueue), true},
    {"sliding-queue", int(FrontierRepr::SlidingQueue), false},
    {"bool-array", int(FrontierRepr::BoolArray), true},
    {"bitvector", int(FrontierRepr::Bitvector), false},
};

constexpr OptionValue kSegmentings[] = {
    {"fixed-vertex-count", int(Segmenting::FixedVertexCount), false},
    {"edge-aware-vertex-count", int(Segmenting::EdgeAwareVertexCount), false},
};

constexpr OptionValue kVariants[] = {
    {"SparsePush", int(Variant::SparsePush), true},
    {"DensePush", int(Variant::DensePush), true},
    {"DensePull", int(Variant::DensePull), true},
};

const char *lookup(llvm::ArrayRef<OptionValue> values, int value) {
  for (const OptionValue &v : values)
    if (v.value == value)
      return v.spelling;
  return "?";
}

} // namespace

llvm::ArrayRef<OptionValue> polyc::directionValues() { return kDirections; }
llvm::ArrayRef<OptionValue> polyc::parallelizationValues() { return kParallelizations; }
llvm::ArrayRef<OptionValue> polyc::frontierReprValues() { return kFrontierReprs; }
llvm::ArrayRef<OptionValue> polyc::segmentingValues() { return kSegmentings; }
llvm::ArrayRef<OptionValue> polyc::variantValues() { return kVariants; }

const char *polyc::spelling(Direction d) { return lookup(kDirections, int(d)); }
const char *polyc::spelling(Parallelization p) { return lookup(kParallelizations, int(p)); }
const char *polyc::spelling(FrontierRepr r) {
  return r == FrontierRepr::None ? "none" : lookup(kFrontierReprs, int(r));
}
const char *polyc::spelling(Segmenting s) { return lookup(kSegmentings, int(s)); }
const char *polyc::spelling(Variant v) { return lookup(kVariants, int(v)); }
