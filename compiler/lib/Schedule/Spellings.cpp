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

const char *lookup(llvm::ArrayRef<OptionValue> values, int value) {
  for (const OptionValue &v : values)
    if (v.value == value)
      return v.spelling;
  return "?";
}

} // namespace

llvm::ArrayRef<OptionValue> polyc::directionValues() { return kDirections; }
llvm::ArrayRef<OptionValue> polyc::parallelizationValues() { return kParallelizations; }

const char *polyc::spelling(Direction d) { return lookup(kDirections, int(d)); }
const char *polyc::spelling(Parallelization p) { return lookup(kParallelizations, int(p)); }
