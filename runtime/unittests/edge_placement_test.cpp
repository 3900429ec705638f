//===- edge_placement_test.cpp - Edges moved to their nodes at load -----===//
//
// Run once on the machine's topology (one node here: nothing moves) and once
// more with three emulated nodes (CMakeLists.txt), where the graph's own
// edges are consumed by the split and released.
//
//===----------------------------------------------------------------------===//
#include "polyrt/edge_list.h"
#include "polyrt/edge_placement.h"
#include "polyrt/numa.h"
#include "polyrt/numa_loop.h"
#include "polyrt/numa_merge.h"
#include "test_util.h"

using namespace polyrt;

namespace {

template <typename W>
void expectSameParts(const NodeSubgraphs<W> &a, const NodeSubgraphs<W> &b) {
  ASSERT_EQ(a.parts.size(), b.parts.size());
  for (size_t k = 0; k < a.parts.size(); ++k) {
    const NodeSubgraph<W> &x = a.parts[k], &y = b.parts[k];
    ASSERT_EQ(x.numVertices(), y.numVertices());
    ASSERT_EQ(x.numEdges(), y.numEdges());
    for (int64_t i = 0; i < x.numVertices(); ++i) {
      EXPECT_EQ(x.vertices[i], y.vertices[i]);
      EXPECT_EQ(x.offsets[i + 1], y.offsets[i + 1]);
    }
    for (EdgeOffset e = 0; e < x.numEdges(); ++e) {
      EXPECT_EQ(x.neighbors[e], y.neighbors[e]);
      if constexpr (Graph<W>::kWeighted) {
        EXPECT_EQ(x.weights[e], y.weights[e]);
      }
    }
  }
}

/// g placed with both sides, against the parts of an untouched copy.
template <typename W> void checkPlacement(bool undirected, PartitionStrategy how) {
  EdgeList el = generateKronecker(10, 8, 7);
  Graph<W> placed = buildGraph<W>(el, 1 << 10, undirected);
  Graph<W> copy = buildGraph<W>(el, 1 << 10, undirected);
  std::vector<EdgeOffset> offsets(placed.outOffsets(), placed.outOffsets() + placed.numVertices() + 1);
  const EdgeOffset edges = placed.numEdges();
  placeEdgesOnNodes(placed, {{SubgraphSide::Push, how, -1}, {SubgraphSide::Pull, how, -1}});
  const int nodes = topology().nodes;
  if (nodes == 1) { // the one-node loops read the graph itself
    EXPECT_FALSE(placed.neighborsReleased());
    return;
  }
  EXPECT_TRUE(placed.neighborsReleased());
  EXPECT_EQ(placed.numEdges(), edges);
  EXPECT_TRUE(std::equal(offsets.begin(), offsets.end(), placed.outOffsets()));
  for (SubgraphSide side : {SubgraphSide::Push, SubgraphSide::Pull}) {
    // The lookup a traversal's NumaOwnerLoop makes finds the parts built at load.
    NumaOwnerLoop loop;
    const NodeSubgraphs<W> &atLoad = loop.prepareAgents(placed, side, how, -1, 64,
                                                         WorkStealing::IntraNode);
    copy.buildInEdges();
    Partition p = partitionVertices(copy.numVertices(), agentBalancedOffsets(copy, side), nodes,
                                    how);
    expectSameParts(atLoad, nodeSubgraphs(copy, p, side));
  }
  // What was not built before the release cannot be built after it.
  Partition other = partitionVertices(placed.numVertices(), nullptr, nodes + 1,
                                      PartitionStrategy::VertexBalanced);
  EXPECT_THROW(nodeSubgraphs(placed, other, SubgraphSide::Push), Error);
  EXPECT_THROW(placed.transpose(), Error);
  forgetNodeSubgraphs(placed);
  forgetNodeSubgraphs(copy);
}

TEST(EdgePlacement, PartsAtLoadEqualPartsBuiltOnFirstUse) {
  checkPlacement<NoWeight>(false, PartitionStrategy::EdgeBalanced);
  checkPlacement<NoWeight>(true, PartitionStrategy::EdgeBalanced);
  checkPlacement<int32_t>(false, PartitionStrategy::VertexBalanced);
  checkPlacement<double>(true, PartitionStrategy::ChunkAlpha);
}

// A merge form's parts built at load are the ones its prepare looks up:
// prepare then builds nothing (the cache hands back the very same parts).
TEST(EdgePlacement, MergePartsAtLoadAreTheOnesPrepareFinds) {
  EdgeList el = generateKronecker(10, 8, 7);
  Graph<double> g = buildGraph<double>(el, 1 << 10, false);
  const std::vector<MergeParts> parts = {{PartitionStrategy::EdgeBalanced, -1, 1, SegmentSplit::VertexCount},
                                         {PartitionStrategy::ChunkAlpha, -1, 4, SegmentSplit::EdgeCount}};
  buildMergeParts(g, parts);
  const int nodes = topology().nodes;
  if (nodes == 1) // the one-node loops read the graph itself
    return;
  for (const MergeParts &request : parts) {
    Partition p = partitionVertices(g.numVertices(), g.inOffsets(), nodes, request.how);
    const int64_t perNode = (request.segments + nodes - 1) / nodes;
    const NodeSubgraphs<double> *atLoad =
        &nodeSubgraphs(g, p, SubgraphSide::Pull, perNode, request.split);
    NumaMerge<double, double> merge;
    merge.prepare(g, request.how, -1, 64, WorkStealing::IntraNode, BarrierKind::Omp,
                  request.segments, request.split);
    EXPECT_EQ(&nodeSubgraphs(g, merge.partition(), SubgraphSide::Pull, perNode, request.split),
              atLoad);
    EXPECT_EQ(merge.parts(), static_cast<int>(atLoad->parts.size()));
  }
  forgetNodeSubgraphs(g);
}

TEST(EdgePlacement, ReleasedGraphKeepsItsDegrees) {
  Graph<NoWeight> g = buildGraph<NoWeight>(generateKronecker(8, 8, 2), 1 << 8, false);
  const EdgeOffset edges = g.numEdges();
  const EdgeOffset degree = g.outDegree(3);
  g.releaseNeighbors();
  EXPECT_TRUE(g.neighborsReleased());
  EXPECT_EQ(g.numEdges(), edges);
  EXPECT_EQ(g.outDegree(3), degree);
  EXPECT_THROW(g.buildInEdges(), Error); // no CSC was built before
}

TEST(NodeSubgraphs, UndirectedSidesShareOneCopy) {
  Graph<NoWeight> g = buildGraph<NoWeight>(generateKronecker(8, 8, 4), 1 << 8, true);
  Partition p = partitionVertices(g.numVertices(), g.outOffsets(), 3,
                                  PartitionStrategy::EdgeBalanced);
  EXPECT_EQ(&nodeSubgraphs(g, p, SubgraphSide::Pull), &nodeSubgraphs(g, p, SubgraphSide::Push));
  forgetNodeSubgraphs(g);
}

TEST(NodeSubgraphs, FindsListedVerticesOnly) {
  Graph<NoWeight> g = buildGraph<NoWeight>(generateKronecker(8, 8, 6), 1 << 8, false);
  Partition p = partitionVertices(g.numVertices(), nullptr, 2, PartitionStrategy::VertexBalanced);
  for (const NodeSubgraph<NoWeight> &part : nodeSubgraphs(g, p, SubgraphSide::Push).parts) {
    std::vector<bool> listed(g.numVertices());
    for (int64_t i = 0; i < part.numVertices(); ++i) {
      listed[part.vertices[i]] = true;
      EXPECT_EQ(part.find(part.vertices[i]), i);
    }
    for (VertexId v = 0; v < g.numVertices(); ++v)
      if (!listed[v]) {
        EXPECT_EQ(part.find(v), -1);
      }
  }
  forgetNodeSubgraphs(g);
}

} // namespace
