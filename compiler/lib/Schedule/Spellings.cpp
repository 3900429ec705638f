//===- Spellings.cpp - Schedule option names as users write them ---------===//
#include "polyc/Schedule/Schedule.h"

using namespace polyc;

const char *polyc::spelling(Direction d) {
  switch (d) {
  case Direction::SparsePush: return "SparsePush";
  case Direction::DensePush: return "DensePush";
  case Direction::DensePull: return "DensePull";
  case Direction::SparsePushDensePull: return "SparsePush-DensePull";
  case Direction::SparsePushDensePush: return "SparsePush-DensePush";
  }
  return "?";
}

const char *polyc::spelling(Parallelization p) {
  switch (p) {
  case Parallelization::Serial: return "serial";
  case Parallelization::StaticVertex: return "static-vertex-parallel";
  case Parallelization::DynamicVertex: return "dynamic-vertex-parallel";
  case Parallelization::EdgeAwareDynamicVertex: return "edge-aware-dynamic-vertex-parallel";
  case Parallelization::EdgeParallel: return "edge-parallel";
  }
  return "?";
}
