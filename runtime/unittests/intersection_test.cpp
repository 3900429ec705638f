//===- intersection_test.cpp - configIntersection's methods --------------===//
#include "polyrt/intersection.h"
#include "polyrt/edge_list.h"
#include "polyrt/generated.h"
#include "test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>
#include <set>
#include <utility>
#include <vector>

using namespace polyrt;
using namespace polyrt::test;

namespace {

uint64_t reference(const std::vector<VertexId> &a, const std::vector<VertexId> &b,
                   VertexId bound) {
  std::vector<VertexId> both;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
  return std::count_if(both.begin(), both.end(), [&](VertexId v) { return v < bound; });
}

constexpr IntersectionMethod kMethods[] = {
    IntersectionMethod::Merge,     IntersectionMethod::Naive,
    IntersectionMethod::Hiroshi,   IntersectionMethod::MultiSkip,
    IntersectionMethod::BinarySearch, IntersectionMethod::Combined};

} // namespace

// Lists of very different and similar lengths, empty ones, and bounds below,
// inside and above the values: every method gives set_intersection's count.
TEST(Intersection, EveryMethodCountsWhatBothListsHold) {
  const int percents[] = {0, 1, 5, 50, 100};
  uint64_t seed = 1;
  for (int pa : percents)
    for (int pb : percents) {
      std::vector<VertexId> a = randomMembers(3000, pa, seed++), b = randomMembers(3000, pb, seed++);
      for (VertexId bound : {0, 1, 17, 1500, 2999, 3000, 100000}) {
        uint64_t expected = reference(a, b, bound);
        for (IntersectionMethod m : kMethods)
          EXPECT_EQ(countCommon(a.data(), a.data() + a.size(), b.data(), b.data() + b.size(),
                                bound, m),
                    expected)
              << "method " << int(m) << ", " << pa << "% and " << pb << "%, bound " << bound;
      }
    }
}

// Lists whose last values reach the bound exactly take the merge without end
// tests (a triangle count's every call): the walks stop at the bound.
TEST(Intersection, MergeOfListsReachingTheBound) {
  std::vector<VertexId> a = {1, 3, 5, 9}, b = {0, 3, 4, 9};
  for (VertexId bound : {0, 3, 4, 9})
    EXPECT_EQ(countCommon(a.data(), a.data() + a.size(), b.data(), b.data() + b.size(), bound,
                          IntersectionMethod::Merge),
              reference(a, b, bound))
        << "bound " << bound;
  std::vector<VertexId> shortList = {9};
  EXPECT_EQ(countCommon(shortList.data(), shortList.data() + 1, b.data(), b.data() + b.size(), 9,
                        IntersectionMethod::Merge),
            0u);
}


// Handed the index of b in a's list (a triangle count's push), the count is
// intersectNeighbor's on every edge of random graphs: undirected ones (the
// walk without end tests), directed ones (b's list may end below a's
// values), multigraphs with self-loops (entries before the edge may be b
// itself) and undirected graphs from arrays that are not symmetric (never
// checked, so walked with end tests), by every method.
TEST(Intersection, CountBeforeTheEdgeIsTheNeighbourCount) {
  std::mt19937_64 random(7);
  for (int round = 0; round < 16; ++round) {
    const VertexId n = 40;
    const bool directed = round % 4 == 1, repeats = round % 4 == 2, unchecked = round % 4 == 3;
    EdgeList edges;
    std::set<std::pair<VertexId, VertexId>> seen; // simple graphs: each pair once
    for (int k = 0; k < 300; ++k) {
      VertexId u = static_cast<VertexId>(random() % n), v = static_cast<VertexId>(random() % n);
      if (!directed && !repeats && u > v)
        std::swap(u, v);
      if (!repeats && (u == v || !seen.insert({u, v}).second))
        continue;
      edges.push_back({u, v, 1});
      if (repeats && k % 5 == 0)
        edges.push_back({u, v, 1});
    }
    Graph<NoWeight> g = buildGraph<NoWeight>(edges, n, /*symmetrize=*/!directed && !unchecked);
    if (unchecked) // the directed graph's arrays, named undirected
      g = undirectedFromArrays(g);
    EXPECT_EQ(g.outListsRepeat(), repeats);
    EXPECT_EQ(g.outListsSymmetric(), !directed && !unchecked);
    for (VertexId a = 0; a < n; ++a)
      for (EdgeOffset e = g.outOffsets()[a]; e < g.outOffsets()[a + 1]; ++e) {
        const VertexId b = g.outNeighbors()[e];
        for (IntersectionMethod m : kMethods)
          ASSERT_EQ(neighborIntersectionCountBeforeEdge(g, a, b, e, m),
                    neighborIntersectionCount(g, a, b, m))
              << "round " << round << ", edge " << a << " -> " << b << " at " << e << ", method "
              << int(m);
      }
  }
}
