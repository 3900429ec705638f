//===- relabel_test.cpp - Vertices renumbered by degree -----------------===//
#include "polyrt/edge_list.h"
#include "polyrt/relabel.h"
#include "test_util.h"

#include <set>
#include <utility>

using namespace polyrt;

namespace {

template <typename W> std::set<std::pair<EdgeOffset, EdgeOffset>> degreePairs(const Graph<W> &g) {
  // Every edge as the pair of its endpoints' degrees: unchanged by renumbering.
  std::set<std::pair<EdgeOffset, EdgeOffset>> pairs;
  for (VertexId u = 0; u < g.numVertices(); ++u)
    for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e)
      pairs.insert({g.outDegree(u), g.outDegree(g.outNeighbors()[e])});
  return pairs;
}

TEST(Relabel, SkewedUndirectedGraphByDecreasingDegree) {
  Graph<NoWeight> g = buildGraph<NoWeight>(generateKronecker(10, 16, 3), 1 << 10, true);
  ASSERT_TRUE(worthRelabelling(g));
  Graph<NoWeight> r = relabelByDegree(g);
  EXPECT_EQ(r.numVertices(), g.numVertices());
  EXPECT_EQ(r.numEdges(), g.numEdges());
  EXPECT_FALSE(r.directed());
  for (VertexId v = 1; v < r.numVertices(); ++v)
    EXPECT_GE(r.outDegree(v - 1), r.outDegree(v));
  for (VertexId v = 0; v < r.numVertices(); ++v)
    for (EdgeOffset e = r.outOffsets()[v] + 1; e < r.outOffsets()[v + 1]; ++e)
      EXPECT_LE(r.outNeighbors()[e - 1], r.outNeighbors()[e]);
  EXPECT_EQ(degreePairs(r), degreePairs(g));
  // Renaming the ids keeps every edge's reverse; a graph from the caller's
  // arrays, never checked, stays unchecked.
  EXPECT_TRUE(r.outListsSymmetric());
  EXPECT_FALSE(relabelByDegree(test::undirectedFromArrays(g)).outListsSymmetric());
}

TEST(Relabel, WeightsFollowTheirEdges) {
  Graph<int32_t> g = buildGraph<int32_t>(generateKronecker(9, 16, 5), 1 << 9, true);
  ASSERT_TRUE(worthRelabelling(g));
  Graph<int32_t> r = relabelByDegree(g);
  int64_t before = 0, after = 0;
  for (EdgeOffset e = 0; e < g.numEdges(); ++e) {
    before += g.outWeights()[e];
    after += r.outWeights()[e];
  }
  EXPECT_EQ(before, after);
}

TEST(Relabel, OthersUnchanged) {
  Graph<NoWeight> directed = buildGraph<NoWeight>(generateKronecker(10, 16, 3), 1 << 10, false);
  EXPECT_FALSE(worthRelabelling(directed));
  Graph<NoWeight> same = relabelByDegree(directed);
  EXPECT_TRUE(std::equal(directed.outNeighbors(), directed.outNeighbors() + directed.numEdges(),
                         same.outNeighbors()));
  Graph<NoWeight> sparse = buildGraph<NoWeight>(generateKronecker(10, 2, 3), 1 << 10, true);
  EXPECT_FALSE(worthRelabelling(sparse)); // average degree below 10
}

} // namespace
