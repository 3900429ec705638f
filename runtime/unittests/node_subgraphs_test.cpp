//===- node_subgraphs_test.cpp - Every edge once, with its owner node ---===//
#include "polyrt/edge_list.h"
#include "polyrt/node_subgraphs.h"
#include "test_util.h"

#include <map>
#include <tuple>

using namespace polyrt;

namespace {

template <typename W> using Edge = std::tuple<VertexId, VertexId, double>;

template <typename W> double weightOf(const W *weights, EdgeOffset e) {
  if constexpr (Graph<W>::kWeighted)
    return static_cast<double>(weights[e]);
  else
    return 0;
}

template <typename W> std::multiset<Edge<W>> edgesOf(const Graph<W> &g) {
  std::multiset<Edge<W>> edges;
  for (VertexId u = 0; u < g.numVertices(); ++u)
    for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e)
      edges.insert({u, g.outNeighbors()[e], weightOf(g.outWeights(), e)});
  return edges;
}

template <typename W>
void checkSplit(Graph<W> &g, int nodes, SubgraphSide side, int64_t segments = 1,
                SegmentSplit how = SegmentSplit::VertexCount) {
  Partition p = partitionVertices(g.numVertices(), g.outOffsets(), nodes,
                                  PartitionStrategy::EdgeBalanced);
  const NodeSubgraphs<W> &parts = nodeSubgraphs(g, p, side, segments, how);
  ASSERT_EQ(static_cast<int64_t>(parts.parts.size()), nodes * segments);
  std::multiset<Edge<W>> seen;
  VertexId lastSplit = -1; // segments of a node follow each other
  for (size_t pi = 0; pi < parts.parts.size(); ++pi) {
    const int k = parts.nodeOf(pi);
    const NodeSubgraph<W> &part = parts.parts[pi];
    VertexId lowest = g.numVertices(), highest = -1;
    for (int64_t i = 0; i < part.numVertices(); ++i) {
      if (i > 0) {
        EXPECT_LT(part.vertices[i - 1], part.vertices[i]);
      }
      EXPECT_LT(part.offsets[i], part.offsets[i + 1]) << "an empty group";
      for (EdgeOffset e = part.offsets[i]; e < part.offsets[i + 1]; ++e) {
        VertexId grouped = part.vertices[i], split = part.neighbors[e];
        EXPECT_EQ(p.ownerOf(split), k); // the node owns the split endpoint
        lowest = std::min(lowest, split);
        highest = std::max(highest, split);
        double w = weightOf(part.weights.data(), e);
        if (side == SubgraphSide::Pull)
          seen.insert({split, grouped, w});
        else
          seen.insert({grouped, split, w});
      }
    }
    if (highest >= 0) {
      EXPECT_GT(lowest, lastSplit) << "part " << pi << " overlaps the one before";
      lastSplit = highest;
    }
  }
  EXPECT_EQ(seen, edgesOf(g)) << nodes << " nodes";
}

TEST(NodeSubgraphs, EveryEdgeOnceOnTheNodeOfItsSplitEndpoint) {
  EdgeList el = generateKronecker(10, 8, 3);
  Graph<NoWeight> directed = buildGraph<NoWeight>(el, 1 << 10, false);
  Graph<int32_t> weighted = buildGraph<int32_t>(el, 1 << 10, false);
  Graph<NoWeight> undirected = buildGraph<NoWeight>(el, 1 << 10, true);
  for (int nodes : {1, 2, 3, 4, 8})
    for (SubgraphSide side : {SubgraphSide::Pull, SubgraphSide::Push}) {
      checkSplit(directed, nodes, side);
      checkSplit(weighted, nodes, side);
      checkSplit(undirected, nodes, side);
      checkSplit(weighted, nodes, side, 3);
      checkSplit(directed, nodes, side, 2, SegmentSplit::EdgeCount);
    }
}

TEST(NodeSubgraphs, CachedPerPartition) {
  Graph<NoWeight> g = buildGraph<NoWeight>(generateKronecker(8, 8, 5), 1 << 8, false);
  Partition two = partitionVertices(g.numVertices(), nullptr, 2, PartitionStrategy::VertexBalanced);
  Partition four = partitionVertices(g.numVertices(), nullptr, 4, PartitionStrategy::VertexBalanced);
  const auto *a = &nodeSubgraphs(g, two, SubgraphSide::Pull);
  EXPECT_EQ(a, &nodeSubgraphs(g, two, SubgraphSide::Pull));
  EXPECT_NE(a, &nodeSubgraphs(g, four, SubgraphSide::Pull));
  EXPECT_NE(a, &nodeSubgraphs(g, two, SubgraphSide::Push));
  EXPECT_NE(a, &nodeSubgraphs(g, two, SubgraphSide::Pull, 2));
  EXPECT_THROW(nodeSubgraphs(g, two, SubgraphSide::Pull, 0), Error);
  forgetNodeSubgraphs(g);
  Partition other = partitionVertices(10, nullptr, 2, PartitionStrategy::VertexBalanced);
  EXPECT_THROW(nodeSubgraphs(g, other, SubgraphSide::Pull), Error);
}

} // namespace
