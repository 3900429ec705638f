//===- segmented_graph_test.cpp - Cache-blocked in-edges ----------------===//
#include "polyrt/edge_list.h"
#include "polyrt/segmented_graph.h"
#include "test_util.h"

#include <optional>

using namespace polyrt;
using namespace polyrt::test;

namespace {

using Edge3 = std::tuple<VertexId, VertexId, double>; // (src, dst, weight)

/// Checks sg against g's CSC: the segments tile [0, n); each segment's
/// arrays are well formed and hold only sources of its range; and for every
/// destination, its sources over the segments in order are the CSC list
/// stably sorted by segment (so CSC order within a segment), weights included.
template <typename W>
void expectSegmentsOf(const Graph<W> &g, const SegmentedGraph<W> &sg, int64_t numSegments) {
  VertexId n = g.numVertices();
  ASSERT_EQ(static_cast<int64_t>(sg.segments.size()), numSegments);
  std::vector<std::vector<std::pair<VertexId, double>>> bySegmentOrder(n);
  VertexId begin = 0;
  for (const auto &seg : sg.segments) {
    ASSERT_EQ(seg.srcBegin, begin);
    ASSERT_TRUE(seg.srcEnd > seg.srcBegin || n == 0);
    begin = seg.srcEnd;
    ASSERT_EQ(seg.offsets.size(), seg.dsts.size() + 1);
    ASSERT_EQ(seg.offsets.front(), 0);
    ASSERT_EQ(seg.offsets.back(), static_cast<EdgeOffset>(seg.srcs.size()));
    ASSERT_EQ(seg.weights.size(), Graph<W>::kWeighted ? seg.srcs.size() : 0u);
    for (size_t i = 0; i < seg.dsts.size(); ++i) {
      if (i > 0) {
        ASSERT_LT(seg.dsts[i - 1], seg.dsts[i]);
      }
      ASSERT_LT(seg.offsets[i], seg.offsets[i + 1]) << "destination without edges";
      for (EdgeOffset e = seg.offsets[i]; e < seg.offsets[i + 1]; ++e) {
        ASSERT_GE(seg.srcs[e], seg.srcBegin);
        ASSERT_LT(seg.srcs[e], seg.srcEnd);
        double w = 0;
        if constexpr (Graph<W>::kWeighted)
          w = static_cast<double>(seg.weights[e]);
        bySegmentOrder[seg.dsts[i]].emplace_back(seg.srcs[e], w);
      }
    }
  }
  ASSERT_EQ(begin, n);
  auto segmentOf = [&](VertexId src) {
    return std::partition_point(sg.segments.begin(), sg.segments.end(),
                                [&](const auto &seg) { return seg.srcEnd <= src; }) -
           sg.segments.begin();
  };
  for (VertexId v = 0; v < n; ++v) {
    std::vector<std::pair<VertexId, double>> expected;
    for (EdgeOffset e = g.inOffsets()[v]; e < g.inOffsets()[v + 1]; ++e) {
      double w = 0;
      if constexpr (Graph<W>::kWeighted)
        w = static_cast<double>(g.inWeights()[e]);
      expected.emplace_back(g.inNeighbors()[e], w);
    }
    std::stable_sort(expected.begin(), expected.end(), [&](const auto &a, const auto &b) {
      return segmentOf(a.first) < segmentOf(b.first);
    });
    ASSERT_EQ(bySegmentOrder[v], expected) << "destination " << v;
  }
}

TEST(SegmentedGraph, SmallExample) {
  // Edges (src -> dst): 0->2, 1->2, 3->2, 2->0, 3->0, 1->3
  EdgeList el = {{0, 2, 1}, {1, 2, 2}, {3, 2, 3}, {2, 0, 4}, {3, 0, 5}, {1, 3, 6}};
  Graph<int32_t> g = buildGraph<int32_t>(el, 4, false);
  const SegmentedGraph<int32_t> &sg = segmentedInEdges(g, 2, SegmentSplit::VertexCount);
  ASSERT_EQ(sg.segments.size(), 2u);
  const auto &a = sg.segments[0], &b = sg.segments[1]; // sources [0, 2) and [2, 4)
  EXPECT_EQ(a.srcBegin, 0);
  EXPECT_EQ(a.srcEnd, 2);
  EXPECT_ELEMENTS(a.dsts, 2, 3);
  EXPECT_ELEMENTS(a.offsets, 0, 2, 3);
  EXPECT_ELEMENTS(a.srcs, 0, 1, 1);
  EXPECT_ELEMENTS(a.weights, 1, 2, 6);
  EXPECT_ELEMENTS(b.dsts, 0, 2);
  EXPECT_ELEMENTS(b.offsets, 0, 2, 3);
  EXPECT_ELEMENTS(b.srcs, 2, 3, 3);
  EXPECT_ELEMENTS(b.weights, 4, 5, 3);
  EXPECT_EQ(&segmentedInEdges(g, 2, SegmentSplit::VertexCount), &sg); // cached
  expectSegmentsOf(g, segmentedInEdges(g, 4, SegmentSplit::EdgeCount), 4);
  forgetSegmentedGraphs(g);
}

template <typename W> void checkRandomGraphs() {
  for (uint64_t seed : {1, 2}) {
    for (bool symmetrize : {false, true}) {
      EdgeList el = seed == 1 ? generateKronecker(11, 6, seed) : generateUniform(11, 6, seed);
      Graph<W> g = buildGraph<W>(el, 1 << 11, symmetrize);
      for (int64_t count : {int64_t{1}, int64_t{3}, int64_t{16}, int64_t{1000}, int64_t{2048}})
        for (SegmentSplit how : {SegmentSplit::VertexCount, SegmentSplit::EdgeCount}) {
          SCOPED_TRACE("seed " + std::to_string(seed) + " segments " + std::to_string(count) +
                       (how == SegmentSplit::EdgeCount ? " by edges" : " by vertices") +
                       (symmetrize ? " undirected" : " directed"));
          const SegmentedGraph<W> &sg =
              withThreads(4, [&]() -> const SegmentedGraph<W> & {
                return segmentedInEdges(g, count, how);
              });
          expectSegmentsOf(g, sg, count);
          if (how == SegmentSplit::EdgeCount) {
            EdgeOffset maxDegree = 0;
            for (VertexId v = 0; v < g.numVertices(); ++v)
              maxDegree = std::max(maxDegree, g.outDegree(v));
            for (const auto &seg : sg.segments)
              EXPECT_LE(static_cast<EdgeOffset>(seg.srcs.size()),
                        g.numEdges() / count + maxDegree + 1);
          }
        }
      forgetSegmentedGraphs(g);
    }
  }
}

TEST(SegmentedGraph, RandomGraphsUnweighted) { checkRandomGraphs<NoWeight>(); }
TEST(SegmentedGraph, RandomGraphsInt) { checkRandomGraphs<int32_t>(); }
TEST(SegmentedGraph, RandomGraphsFloat) { checkRandomGraphs<float>(); }
TEST(SegmentedGraph, RandomGraphsDouble) { checkRandomGraphs<double>(); }

TEST(SegmentedGraph, SameForAnyThreadCount) {
  Graph<float> g = buildGraph<float>(generateKronecker(12, 8, 7), 1 << 12, false);
  auto build = [&](int threads) {
    forgetSegmentedGraphs(g);
    SegmentedGraph<float> copy = withThreads(threads, [&] {
      return segmentedInEdges(g, 10, SegmentSplit::EdgeCount);
    });
    return copy;
  };
  SegmentedGraph<float> one = build(1), four = build(4);
  ASSERT_EQ(one.segments.size(), four.segments.size());
  for (size_t s = 0; s < one.segments.size(); ++s) {
    EXPECT_EQ(one.segments[s].dsts, four.segments[s].dsts);
    EXPECT_EQ(one.segments[s].offsets, four.segments[s].offsets);
    EXPECT_EQ(one.segments[s].srcs, four.segments[s].srcs);
    EXPECT_EQ(one.segments[s].weights, four.segments[s].weights);
  }
  forgetSegmentedGraphs(g);
}

// A CSC read from a file need not be sorted, and the graph sorts it when set
// (graph.h): a destination's sources from one segment, interleaved with
// another's in the file, still form one entry, in order.
TEST(SegmentedGraph, UnsortedInEdges) {
  // Out-edges: 5->0, 1->0, 6->0, 0->0, 2->0, 7->1
  Graph<NoWeight> g(8, {0, 1, 2, 3, 3, 3, 4, 5, 6}, {0, 0, 0, 0, 0, 1}, {}, true);
  g.setInEdges({0, 5, 6, 6, 6, 6, 6, 6, 6}, {5, 1, 6, 0, 2, 7}, {});
  const SegmentedGraph<NoWeight> &sg = segmentedInEdges(g, 2, SegmentSplit::VertexCount);
  EXPECT_ELEMENTS(sg.segments[0].dsts, 0);
  EXPECT_ELEMENTS(sg.segments[0].srcs, 0, 1, 2);
  EXPECT_ELEMENTS(sg.segments[1].dsts, 0, 1);
  EXPECT_ELEMENTS(sg.segments[1].srcs, 5, 6, 7);
  EXPECT_ELEMENTS(sg.segments[1].offsets, 0, 2, 3);
  expectSegmentsOf(g, segmentedInEdges(g, 3, SegmentSplit::EdgeCount), 3);
  forgetSegmentedGraphs(g);
}

TEST(SegmentedGraph, CountErrorsAndEdgeCases) {
  Graph<NoWeight> g = buildGraph<NoWeight>({{0, 1, 1}, {1, 2, 1}}, 3, false);
  EXPECT_CONTAINS(errorOf([&] { segmentedInEdges(g, 0, SegmentSplit::VertexCount); }),
                  "the number of segments must be between 1 and the number of vertices (3); it "
                  "is 0");
  EXPECT_CONTAINS(errorOf([&] { segmentedInEdges(g, 4, SegmentSplit::EdgeCount); }), "it is 4");
  EXPECT_CONTAINS(errorOf([&] { segmentedInEdges(g, -2, SegmentSplit::EdgeCount); }), "it is -2");
  expectSegmentsOf(g, segmentedInEdges(g, 3, SegmentSplit::EdgeCount), 3); // one source each
  forgetSegmentedGraphs(g);
  Graph<NoWeight> empty;
  const SegmentedGraph<NoWeight> &sg = segmentedInEdges(empty, 1, SegmentSplit::VertexCount);
  ASSERT_EQ(sg.segments.size(), 1u);
  EXPECT_TRUE(sg.segments[0].dsts.empty());
  EXPECT_ELEMENTS(sg.segments[0].offsets, 0);
  forgetSegmentedGraphs(empty);
  Graph<NoWeight> noEdges(5, {0, 0, 0, 0, 0, 0}, {}, {}, true);
  expectSegmentsOf(noEdges, segmentedInEdges(noEdges, 5, SegmentSplit::EdgeCount), 5);
  forgetSegmentedGraphs(noEdges);
}

TEST(SegmentedGraph, CacheNoticesANewGraphAtTheSameAddress) {
  std::optional<Graph<NoWeight>> slot;
  slot.emplace(buildGraph<NoWeight>({{0, 1, 1}}, 2, false));
  EXPECT_ELEMENTS(segmentedInEdges(*slot, 1, SegmentSplit::VertexCount).segments[0].dsts, 1);
  slot.emplace(buildGraph<NoWeight>({{1, 0, 1}, {0, 0, 1}, {1, 2, 1}}, 3, false));
  EXPECT_ELEMENTS(segmentedInEdges(*slot, 1, SegmentSplit::VertexCount).segments[0].dsts, 0, 2);
  forgetSegmentedGraphs(*slot);
}

} // namespace
