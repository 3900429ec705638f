//===- intersection.cpp - The general intersection count, as a call -------===//
#include "polyrt/intersection.h"

namespace polyrt::detail {

uint64_t countCommonOutOfLine(const VertexId *a, const VertexId *aEnd, const VertexId *b,
                              const VertexId *bEnd, VertexId bound, IntersectionMethod method) {
  return countCommon(a, aEnd, b, bEnd, bound, method);
}

} // namespace polyrt::detail
