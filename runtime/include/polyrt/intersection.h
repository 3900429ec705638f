//===- intersection.h - Counting the members two sorted lists share ------===//
//
// GraphIt's triangle counting intersects neighbour lists; configIntersection
// picks the method. Every method counts the values below `bound` that both
// sorted, duplicate-free lists hold, so all give the same number; they differ
// in how they skip: Merge walks both lists in step (polyc's default), Naive
// compares every pair, Hiroshi compares blocks of four before stepping
// (Inoue et al.'s branch-light merge), MultiSkip gallops through the longer
// list, BinarySearch looks each value of the shorter list up in the longer,
// Combined merges lists of similar length and binary-searches otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_INTERSECTION_H
#define POLYRT_INTERSECTION_H

#include "polyrt/graph.h"

#include <algorithm>
#include <cstdint>

namespace polyrt {

enum class IntersectionMethod { Merge, Naive, Hiroshi, MultiSkip, BinarySearch, Combined };

namespace detail {

inline uint64_t mergeCount(const VertexId *a, const VertexId *aEnd, const VertexId *b,
                           const VertexId *bEnd) {
  uint64_t count = 0;
  while (a != aEnd && b != bEnd) {
    if (*a < *b)
      ++a;
    else if (*b < *a)
      ++b;
    else {
      ++count;
      ++a;
      ++b;
    }
  }
  return count;
}

/// mergeCount of the values below `bound`, without searching for the bound
/// first: a is walked up to it while b follows (GAPBS's triangle count; the
/// two binary searches would cost more than the short walks they save). In
/// triangle counting a is the owner's list, read again for each of its
/// edges and so in cache, and b another vertex's, read cold: b is read only
/// as far as a's values reach. (Walking b and following with a read the
/// whole of b below the bound, which was slower.)
inline uint64_t mergeCountBelow(const VertexId *a, const VertexId *aEnd, const VertexId *b,
                                const VertexId *bEnd, VertexId bound) {
  uint64_t count = 0;
  if (a != aEnd && b != bEnd && aEnd[-1] >= bound && bEnd[-1] >= bound) {
    // Both lists hold a value at or above the bound, so neither walk can run
    // off its end: no end tests (GAPBS's loop, which relies on the graph
    // being undirected for this). In triangle counting, an edge (u, v) with
    // v < u has v in u's list and u in v's, so this is every call; the tests
    // cost 1.4x on a 2D grid, where each merge is a step or two.
    for (; *a < bound; ++a) {
      const VertexId w = *a;
      while (*b < w)
        ++b;
      count += *b == w;
    }
    return count;
  }
  for (; a != aEnd && *a < bound; ++a) {
    const VertexId w = *a;
    while (b != bEnd && *b < w)
      ++b;
    if (b == bEnd)
      break;
    count += *b == w;
  }
  return count;
}

/// The merge of every value of a (sorted) with b, when b holds a value at
/// least a's last: a walked by count, b following without an end test (a
/// triangle count handed a's values below the bound as a range,
/// neighborIntersectionCountBeforeEdge).
inline uint64_t mergeCountFollowing(const VertexId *a, const VertexId *aEnd, const VertexId *b) {
  uint64_t count = 0;
  for (; a != aEnd; ++a) {
    const VertexId w = *a;
    while (*b < w)
      ++b;
    count += *b == w;
  }
  return count;
}

inline uint64_t naiveCount(const VertexId *a, const VertexId *aEnd, const VertexId *b,
                           const VertexId *bEnd) {
  uint64_t count = 0;
  for (const VertexId *x = a; x != aEnd; ++x)
    for (const VertexId *y = b; y != bEnd; ++y)
      count += *x == *y;
  return count;
}

inline uint64_t hiroshiCount(const VertexId *a, const VertexId *aEnd, const VertexId *b,
                             const VertexId *bEnd) {
  uint64_t count = 0;
  while (aEnd - a >= 4 && bEnd - b >= 4) {
    if (a[3] < b[0]) {
      a += 4;
    } else if (b[3] < a[0]) {
      b += 4;
    } else if (*a < *b) {
      ++a;
    } else if (*b < *a) {
      ++b;
    } else {
      ++count;
      ++a;
      ++b;
    }
  }
  return count + mergeCount(a, aEnd, b, bEnd);
}

/// Each value of the short list found in the long one by galloping from
/// where the last search ended.
inline uint64_t gallopCount(const VertexId *shortList, const VertexId *shortEnd,
                            const VertexId *longList, const VertexId *longEnd) {
  uint64_t count = 0;
  for (; shortList != shortEnd && longList != longEnd; ++shortList) {
    size_t step = 1;
    while (longList + step < longEnd && longList[step] < *shortList)
      step *= 2;
    const VertexId *hi = std::min(longList + step + 1, longEnd);
    longList = std::lower_bound(longList + step / 2, hi, *shortList);
    if (longList != longEnd && *longList == *shortList)
      ++count;
  }
  return count;
}

inline uint64_t binarySearchCount(const VertexId *shortList, const VertexId *shortEnd,
                                  const VertexId *longList, const VertexId *longEnd) {
  uint64_t count = 0;
  for (; shortList != shortEnd; ++shortList)
    count += std::binary_search(longList, longEnd, *shortList);
  return count;
}

/// countCommon's methods that find the bound in both lists first.
inline uint64_t countCommonSkipping(const VertexId *a, const VertexId *aEnd, const VertexId *b,
                                    const VertexId *bEnd, VertexId bound,
                                    IntersectionMethod method) {
  aEnd = std::lower_bound(a, aEnd, bound);
  bEnd = std::lower_bound(b, bEnd, bound);
  if (aEnd - a > bEnd - b) { // the shorter list first
    std::swap(a, b);
    std::swap(aEnd, bEnd);
  }
  switch (method) {
  case IntersectionMethod::Merge: return detail::mergeCount(a, aEnd, b, bEnd);
  case IntersectionMethod::Naive: return detail::naiveCount(a, aEnd, b, bEnd);
  case IntersectionMethod::Hiroshi: return detail::hiroshiCount(a, aEnd, b, bEnd);
  case IntersectionMethod::MultiSkip: return detail::gallopCount(a, aEnd, b, bEnd);
  case IntersectionMethod::BinarySearch: return detail::binarySearchCount(a, aEnd, b, bEnd);
  case IntersectionMethod::Combined:
    // Binary search pays off once the long list is much longer.
    return (bEnd - b) > 32 * (aEnd - a) ? detail::binarySearchCount(a, aEnd, b, bEnd)
                                        : detail::mergeCount(a, aEnd, b, bEnd);
  }
  return 0;
}

/// countCommon as a call (intersection.cpp), for a caller whose merge
/// would pay for the inlined other methods in registers
/// (neighborIntersectionCountBeforeEdge). Pure: a caller's loop need not
/// read its graph's arrays again after a call.
[[gnu::pure]] uint64_t countCommonOutOfLine(const VertexId *a, const VertexId *aEnd,
                                            const VertexId *b, const VertexId *bEnd,
                                            VertexId bound, IntersectionMethod method);
} // namespace detail

/// How many values below `bound` the sorted, duplicate-free lists a and b
/// share, by `method`. Always inlined: a triangle count calls it once per
/// edge, and on a grid the call cost as much as the merge (g++ kept it out
/// of line for the size of the methods it did not use).
[[gnu::always_inline]] inline uint64_t countCommon(const VertexId *a, const VertexId *aEnd,
                                                   const VertexId *b, const VertexId *bEnd,
                                                   VertexId bound, IntersectionMethod method) {
  if (method == IntersectionMethod::Merge)
    return detail::mergeCountBelow(a, aEnd, b, bEnd, bound);
  return detail::countCommonSkipping(a, aEnd, b, bEnd, bound, method);
}

} // namespace polyrt

#endif
