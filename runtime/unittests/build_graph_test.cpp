//===- build_graph_test.cpp - CSR construction from edge lists ----------===//
#include "polyrt/edge_list.h"
#include "test_util.h"


#include <map>
#include <random>

using namespace polyrt;
using namespace polyrt::test;

namespace {

TEST(BuildGraph, KeepsSelfLoopsAndDuplicates) {
  EdgeList el = {{1, 1, 1}, {0, 2, 1}, {0, 2, 1}, {0, 1, 1}, {2, 2, 1}};
  Graph<NoWeight> g = buildGraph<NoWeight>(el, 3, false);
  EXPECT_EQ(g.numEdges(), 5);
  EXPECT_TRUE(g.directed());
  EXPECT_ELEMENTS(outList(g, 0), 1, 2, 2);
  EXPECT_ELEMENTS(outList(g, 1), 1);
  EXPECT_ELEMENTS(outList(g, 2), 2);
}

TEST(BuildGraph, IsolatedVertices) {
  EdgeList el = {{1, 3, 1}};
  Graph<NoWeight> g = buildGraph<NoWeight>(el, 6, false);
  EXPECT_EQ(g.numVertices(), 6);
  for (VertexId v : {0, 2, 3, 4, 5})
    EXPECT_EQ(g.outDegree(v), 0) << v;
  EXPECT_EQ(g.outOffsets()[6], 1);
}

TEST(BuildGraph, EmptyGraphs) {
  Graph<NoWeight> none = buildGraph<NoWeight>({}, 0, false);
  EXPECT_EQ(none.numVertices(), 0);
  EXPECT_EQ(none.numEdges(), 0);
  Graph<double> lonely = buildGraph<double>({}, 4, true);
  EXPECT_EQ(lonely.numVertices(), 4);
  EXPECT_FALSE(lonely.directed());
}

TEST(BuildGraph, SortsNeighboursStablyWithWeights) {
  // Duplicates of 0->1 keep their input order (weights 9, 3, 5).
  EdgeList el = {{0, 2, 1}, {0, 1, 9}, {0, 0, 4}, {0, 1, 3}, {0, 1, 5}};
  Graph<int32_t> g = buildGraph<int32_t>(el, 3, false);
  EXPECT_ELEMENTS(outList(g, 0), 0, 1, 1, 1, 2);
  EXPECT_ELEMENTS(outWeightList(g, 0), 4, 9, 3, 5, 1);
  Graph<double> d = buildGraph<double>(el, 3, false);
  EXPECT_ELEMENTS(outWeightList(d, 0), 4.0, 9.0, 3.0, 5.0, 1.0);
}

TEST(BuildGraph, Symmetrize) {
  EdgeList el = {{0, 1, 7}, {1, 2, 8}, {2, 2, 9}};
  Graph<int32_t> g = buildGraph<int32_t>(el, 3, true);
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(g.numEdges(), 6); // every edge twice, the self-loop too
  EXPECT_ELEMENTS(outList(g, 0), 1);
  EXPECT_ELEMENTS(outList(g, 1), 0, 2);
  EXPECT_ELEMENTS(outWeightList(g, 1), 7, 8);
  EXPECT_ELEMENTS(outList(g, 2), 1, 2, 2);
}

TEST(BuildGraph, RejectsOutOfRangeIds) {
  EXPECT_CONTAINS(errorOf([] { buildGraph<NoWeight>({{0, 3, 1}}, 3, false); }), "edge (0, 3) has a vertex id outside [0, 3)");
  EXPECT_CONTAINS(errorOf([] { buildGraph<NoWeight>({{-1, 0, 1}}, 3, true); }), "outside [0, 3)");
}

TEST(BuildGraph, ConvertsWeights) {
  Graph<float> g = buildGraph<float>({{0, 1, 200}}, 2, false);
  EXPECT_EQ(g.outWeights()[0], 200.0f);
}

TEST(BuildGraph, CountVertices) {
  EXPECT_EQ(countVertices({}), 0);
  EXPECT_EQ(countVertices({{3, 1, 1}, {0, 7, 1}}), 8);
}

/// A random multigraph, large enough for the parallel paths, against a
/// straightforward reference.
TEST(BuildGraph, LargeMatchesReferenceForAnyThreadCount) {
  std::mt19937 rng(42);
  const VertexId n = 50000;
  EdgeList el(400000);
  for (Edge &e : el)
    e = Edge{static_cast<VertexId>(rng() % n), static_cast<VertexId>(rng() % (n / 10)),
             static_cast<int32_t>(rng() % 4)};
  for (bool sym : {false, true}) {
    std::vector<std::vector<std::pair<VertexId, int32_t>>> ref(n);
    for (const Edge &e : el) {
      ref[e.src].emplace_back(e.dst, e.weight);
      if (sym)
        ref[e.dst].emplace_back(e.src, e.weight);
    }
    for (auto &list : ref) { // a stable sort by id: sort by (id, position)
      std::vector<std::tuple<VertexId, size_t, int32_t>> keyed;
      for (size_t i = 0; i < list.size(); ++i)
        keyed.emplace_back(list[i].first, i, list[i].second);
      std::sort(keyed.begin(), keyed.end());
      for (size_t i = 0; i < list.size(); ++i)
        list[i] = {std::get<0>(keyed[i]), std::get<2>(keyed[i])};
    }
    Graph<int32_t> one = withThreads(1, [&] { return buildGraph<int32_t>(el, n, sym); });
    Graph<int32_t> four = withThreads(4, [&] { return buildGraph<int32_t>(el, n, sym); });
    EXPECT_TRUE(sameGraph(one, four)) << "symmetrize=" << sym;
    bool same = true;
    for (VertexId v = 0; v < n && same; ++v) {
      std::vector<std::pair<VertexId, int32_t>> got;
      for (EdgeOffset e = four.outOffsets()[v]; e < four.outOffsets()[v + 1]; ++e)
        got.emplace_back(four.outNeighbors()[e], four.outWeights()[e]);
      same = got == ref[v];
      EXPECT_TRUE(same) << "vertex " << v << " symmetrize=" << sym;
    }
  }
}

} // namespace
