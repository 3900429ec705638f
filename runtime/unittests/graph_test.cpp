//===- graph_test.cpp - Graph: validation, in-edges, transpose ----------===//
#include "polyrt/edge_list.h"
#include "polyrt/graph.h"
#include "polyrt/io.h"
#include "test_util.h"


using namespace polyrt;
using namespace polyrt::test;

namespace {

/// 0->1, 0->2, 1->2, 2->0 (weights 10, 20, 30, 40).
Graph<int32_t> smallWeighted() {
  return Graph<int32_t>(3, {0, 2, 3, 4}, {1, 2, 2, 0}, {10, 20, 30, 40}, true);
}

TEST(Graph, DefaultIsEmpty) {
  Graph<NoWeight> g;
  EXPECT_EQ(g.numVertices(), 0);
  EXPECT_EQ(g.numEdges(), 0);
  ASSERT_NE(g.outOffsets(), nullptr);
  EXPECT_EQ(g.outOffsets()[0], 0);
}

TEST(Graph, ConstructorKeepsCSR) {
  Graph<int32_t> g = smallWeighted();
  EXPECT_EQ(g.numVertices(), 3);
  EXPECT_EQ(g.numEdges(), 4);
  EXPECT_TRUE(g.directed());
  EXPECT_EQ(g.outDegree(0), 2);
  EXPECT_ELEMENTS(outList(g, 0), 1, 2);
  EXPECT_ELEMENTS(outWeightList(g, 0), 10, 20);
  EXPECT_FALSE(g.hasInEdges());
}

// The degree bounds frontierWorkExceeds decides from: of the CSR given, of
// a transpose's, and of a graph without vertices.
TEST(Graph, KnowsItsSmallestAndLargestOutDegree) {
  Graph<int32_t> g = smallWeighted(); // out-degrees 2, 1, 1
  EXPECT_EQ(g.minOutDegree(), 1);
  EXPECT_EQ(g.maxOutDegree(), 2);
  Graph<int32_t> t = g.transpose(); // in-degrees 1, 1, 2
  EXPECT_EQ(t.minOutDegree(), 1);
  EXPECT_EQ(t.maxOutDegree(), 2);
  Graph<NoWeight> grid = buildGraph<NoWeight>(generateGrid(3, 4, 1), 12, true);
  EXPECT_EQ(grid.minOutDegree(), 2); // corners
  EXPECT_EQ(grid.maxOutDegree(), 4); // inside
  Graph<NoWeight> isolated(3, {0, 0, 2, 2}, {0, 2}, {}, true);
  EXPECT_EQ(isolated.minOutDegree(), 0);
  EXPECT_EQ(isolated.maxOutDegree(), 2);
  Graph<NoWeight> empty;
  EXPECT_EQ(empty.minOutDegree(), 0);
  EXPECT_EQ(empty.maxOutDegree(), 0);
}

TEST(Graph, UnweightedHasNoWeights) {
  Graph<NoWeight> g(2, {0, 1, 1}, {1}, {}, true);
  EXPECT_EQ(g.outWeights(), nullptr);
  EXPECT_FALSE(Graph<NoWeight>::kWeighted);
  EXPECT_TRUE(Graph<float>::kWeighted);
}

// A CSR handed in with unsorted lists (a .sg file not written by GAPBS or
// polyrt) is sorted, weights with their edges, duplicates in their order:
// merges and loops that stop at the owner read the lists as sorted.
TEST(Graph, ConstructorSortsNeighbourLists) {
  Graph<int32_t> g(3, {0, 4, 4, 6}, {2, 0, 2, 1, 1, 0}, {20, 5, 21, 10, 7, 8}, true);
  EXPECT_ELEMENTS(outList(g, 0), 0, 1, 2, 2);
  EXPECT_ELEMENTS(outWeightList(g, 0), 5, 10, 20, 21);
  EXPECT_ELEMENTS(outList(g, 2), 0, 1);
  EXPECT_ELEMENTS(outWeightList(g, 2), 8, 7);
  g.setInEdges({0, 2, 4, 6}, {2, 0, 2, 0, 0, 0}, {8, 5, 7, 10, 20, 21});
  EXPECT_ELEMENTS(inList(g, 1), 0, 2);
  EXPECT_EQ(g.inWeights()[2], 10);
  EXPECT_EQ(g.inWeights()[3], 7);
  Graph<NoWeight> u(2, {0, 3, 3}, {1, 0, 1}, {}, false);
  EXPECT_ELEMENTS(outList(u, 0), 0, 1, 1);
}

// Whether a list names a neighbour twice is found as the CSR is installed,
// sorted or not, and the transpose (where the repeat is reversed) keeps it.
TEST(Graph, KnowsWhetherAListRepeatsANeighbour) {
  EXPECT_FALSE(Graph<NoWeight>(3, {0, 2, 3, 3}, {1, 2, 0}, {}, true).outListsRepeat());
  EXPECT_FALSE(Graph<NoWeight>(3, {0, 2, 3, 3}, {2, 1, 0}, {}, true).outListsRepeat());
  // 1 ends vertex 0's list and starts vertex 1's: not a repeat.
  EXPECT_FALSE(Graph<NoWeight>(2, {0, 2, 4}, {0, 1, 1, 0}, {}, true).outListsRepeat());
  Graph<NoWeight> sorted(3, {0, 3, 3, 3}, {0, 1, 1}, {}, true);
  EXPECT_TRUE(sorted.outListsRepeat());
  Graph<int32_t> unsorted(3, {0, 1, 4, 4}, {2, 2, 0, 2}, {1, 2, 3, 4}, true);
  EXPECT_TRUE(unsorted.outListsRepeat());
  EXPECT_TRUE(unsorted.transpose().outListsRepeat());
  EXPECT_FALSE(Graph<NoWeight>().outListsRepeat());
}

// Only graphs whose every edge polyrt stored both ways, or checked a file
// for, are known symmetric: an undirected graph from the caller's arrays
// may not be (the triangle count's walk without end tests relies on it).
TEST(Graph, KnowsWhetherItsListsAreSymmetric) {
  const EdgeList edges = {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {3, 0, 1}};
  Graph<NoWeight> symmetrized = buildGraph<NoWeight>(edges, 4, /*symmetrize=*/true);
  EXPECT_TRUE(symmetrized.outListsSymmetric());
  EXPECT_TRUE(symmetrized.transpose().outListsSymmetric());
  EXPECT_TRUE(Graph<NoWeight>(symmetrized).outListsSymmetric());
  EXPECT_FALSE(buildGraph<NoWeight>(edges, 4, /*symmetrize=*/false).outListsSymmetric());
  // Symmetric lists, but named undirected by the caller: not checked.
  EXPECT_FALSE(Graph<NoWeight>(2, {0, 1, 2}, {1, 0}, {}, false).outListsSymmetric());
  EXPECT_FALSE(Graph<NoWeight>().outListsSymmetric());

  std::string path = tempPath("symmetric.sg");
  writeSerializedGraph(symmetrized, path);
  EXPECT_TRUE(loadGraph<NoWeight>(path).outListsSymmetric());
  writeSerializedGraph(buildGraph<NoWeight>(edges, 4, /*symmetrize=*/false), path);
  EXPECT_FALSE(loadGraph<NoWeight>(path).outListsSymmetric());
}

TEST(Graph, ConstructorRejectsBadNeighbour) {
  EXPECT_CONTAINS(errorOf([] { Graph<NoWeight>(2, {0, 1, 2}, {1, 2}, {}, true); }), "neighbour id 2 is outside [0, 2)");
  EXPECT_CONTAINS(errorOf([] { Graph<NoWeight>(2, {0, 1, 2}, {-1, 0}, {}, true); }), "neighbour id -1");
}

TEST(Graph, ConstructorRejectsMalformedOffsets) {
  EXPECT_CONTAINS(errorOf([] { Graph<NoWeight>(2, {0, 1}, {1}, {}, true); }), "offsets has 2 entries for 2 vertices");
  EXPECT_CONTAINS(errorOf([] { Graph<NoWeight>(2, {0, 2, 1}, {1}, {}, true); }), "offsets decrease at vertex 1");
  EXPECT_CONTAINS(errorOf([] { Graph<NoWeight>(1, {0, 2}, {0}, {}, true); }), "offsets end at 2 but there are 1 neighbours");
  EXPECT_CONTAINS(errorOf([] { Graph<NoWeight>(1, {1, 1}, {0}, {}, true); }), "offsets must start at 0");
  EXPECT_CONTAINS(errorOf([] { Graph<int32_t>(2, {0, 1, 1}, {1}, {}, true); }), "0 weights for 1 edges");
}

TEST(Graph, BuildInEdgesDirected) {
  Graph<int32_t> g = smallWeighted();
  g.buildInEdges();
  ASSERT_TRUE(g.hasInEdges());
  EXPECT_ELEMENTS(inList(g, 0), 2);
  EXPECT_ELEMENTS(inList(g, 1), 0);
  EXPECT_ELEMENTS(inList(g, 2), 0, 1);
  EXPECT_EQ(g.inDegree(2), 2);
  EXPECT_EQ(g.inWeights()[g.inOffsets()[2]], 20);
  EXPECT_EQ(g.inWeights()[g.inOffsets()[2] + 1], 30);
  const VertexId *before = g.inNeighbors();
  g.buildInEdges(); // idempotent
  EXPECT_EQ(before, g.inNeighbors());
}

TEST(Graph, UndirectedInEdgesAreOutEdges) {
  EdgeList el = {{0, 1, 5}, {1, 2, 6}};
  Graph<int32_t> g = buildGraph<int32_t>(el, 3, true);
  EXPECT_FALSE(g.directed());
  EXPECT_TRUE(g.hasInEdges());
  g.buildInEdges();
  EXPECT_EQ(g.inOffsets(), g.outOffsets());
  EXPECT_EQ(g.inNeighbors(), g.outNeighbors());
  EXPECT_EQ(g.inWeights(), g.outWeights());
  EXPECT_ELEMENTS(inList(g, 1), 0, 2);
  EXPECT_CONTAINS(errorOf([&] { g.setInEdges({0, 0, 0, 0}, {}, {}); }), "undirected");
}

TEST(Graph, TransposeSwapsDirections) {
  Graph<int32_t> g = smallWeighted();
  Graph<int32_t> t = g.transpose(); // without in-edges: computed
  EXPECT_ELEMENTS(outList(t, 2), 0, 1);
  EXPECT_ELEMENTS(outWeightList(t, 2), 20, 30);
  ASSERT_TRUE(t.hasInEdges());
  EXPECT_ELEMENTS(inList(t, 0), 1, 2); // t's CSC is g's CSR
  g.buildInEdges();
  Graph<int32_t> t2 = g.transpose(); // with in-edges: swapped
  EXPECT_EQ(edgesOf(t), edgesOf(t2));
  EXPECT_EQ(edgesOf(t.transpose()), edgesOf(g));
}

TEST(Graph, TransposeOfUndirectedIsItself) {
  EdgeList el = {{0, 1, 1}, {2, 1, 1}};
  Graph<NoWeight> g = buildGraph<NoWeight>(el, 3, true);
  Graph<NoWeight> t = g.transpose();
  EXPECT_FALSE(t.directed());
  EXPECT_EQ(edgesOf(t), edgesOf(g));
}

TEST(Graph, TransposeKeepsDuplicatesAndSelfLoops) {
  EdgeList el = {{0, 0, 1}, {0, 1, 7}, {0, 1, 3}, {2, 1, 1}, {1, 1, 2}};
  Graph<int32_t> g = buildGraph<int32_t>(el, 3, false);
  Graph<int32_t> t = g.transpose();
  EXPECT_EQ(t.numEdges(), 5);
  EXPECT_ELEMENTS(outList(t, 1), 0, 0, 1, 2);
  EXPECT_ELEMENTS(outWeightList(t, 1), 7, 3, 2, 1); // duplicates in CSR order
  EXPECT_TRUE(sameGraph(t.transpose(), g));
}

TEST(Graph, SetInEdgesValidates) {
  Graph<NoWeight> g(2, {0, 1, 1}, {1}, {}, true);
  EXPECT_CONTAINS(errorOf([&] { g.setInEdges({0, 0, 2}, {0, 0}, {}); }), "2 in-edges for 1 out-edges");
  EXPECT_CONTAINS(errorOf([&] { g.setInEdges({0, 0, 1}, {5}, {}); }), "neighbour id 5");
  g.setInEdges({0, 0, 1}, {0}, {});
  EXPECT_ELEMENTS(inList(g, 1), 0);
}

TEST(Graph, ParallelTransposeMatchesSerial) {
  EdgeList el = generateKronecker(12, 8, 3);
  Graph<float> g = buildGraph<float>(el, 1 << 12, false);
  Graph<float> serial = withThreads(1, [&] { return g.transpose(); });
  Graph<float> parallel = withThreads(4, [&] { return g.transpose(); });
  EXPECT_TRUE(sameGraph(serial, parallel));
  // Against a reference: the in-edges are exactly the reversed out-edges.
  auto reversed = edgesOf(g);
  for (auto &[u, v, w] : reversed)
    std::swap(u, v);
  std::sort(reversed.begin(), reversed.end());
  auto got = edgesOf(parallel);
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, reversed);
}

} // namespace
