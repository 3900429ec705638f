//===- edge_chunks_test.cpp - Edge-balanced work division ---------------===//
#include "polyrt/edge_chunks.h"
#include "polyrt/edge_list.h"
#include "test_util.h"

#include <random>

using namespace polyrt;
using namespace polyrt::test;

namespace {

Graph<NoWeight> kron(int scale, uint64_t seed) {
  return buildGraph<NoWeight>(generateKronecker(scale, 8, seed), VertexId{1} << scale, false);
}

/// b splits [0, count) into non-empty chunks, each holding less than grain
/// work besides its last item; work(i) is item i's work.
template <typename Index, typename Work>
void expectBalanced(const std::vector<Index> &b, int64_t count, int64_t grain, Work work) {
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(b.front(), 0);
  EXPECT_EQ(b.back(), count);
  int64_t total = 0;
  for (int64_t i = 0; i < count; ++i)
    total += work(i);
  EXPECT_LE(static_cast<int64_t>(b.size()) - 1, (total + grain - 1) / grain);
  for (size_t c = 0; c + 1 < b.size(); ++c) {
    ASSERT_LT(b[c], b[c + 1]) << "chunk " << c;
    int64_t sum = 0;
    for (int64_t i = b[c]; i < b[c + 1] - 1; ++i)
      sum += work(i);
    EXPECT_LT(sum, grain) << "chunk " << c;
  }
}

TEST(EdgeBalancedBoundaries, WholeGraph) {
  for (uint64_t seed : {1, 2, 3}) {
    Graph<NoWeight> g = kron(12, seed);
    const EdgeOffset *off = g.outOffsets();
    auto work = [&](int64_t v) { return off[v + 1] - off[v] + 1; };
    for (int64_t grain : std::vector<int64_t>{1, 7, 1000, 100000, int64_t{1} << 40}) {
      SCOPED_TRACE(grain);
      std::vector<VertexId> b = withThreads(4, [&] {
        return edgeBalancedBoundaries(off, g.numVertices(), grain);
      });
      expectBalanced(b, g.numVertices(), grain, work);
    }
  }
  // A grain of 1 makes every vertex a chunk; a huge grain one chunk.
  std::vector<EdgeOffset> offsets = {0, 5, 5, 5, 9};
  EXPECT_ELEMENTS(edgeBalancedBoundaries(offsets.data(), 4, 1), 0, 1, 2, 3, 4);
  EXPECT_ELEMENTS(edgeBalancedBoundaries(offsets.data(), 4, 0), 0, 1, 2, 3, 4);
  EXPECT_ELEMENTS(edgeBalancedBoundaries(offsets.data(), 4, 100), 0, 4);
  EXPECT_ELEMENTS(edgeBalancedBoundaries(offsets.data(), 4, 7), 0, 2, 4); // work 7 + 6
  EdgeOffset none = 0;
  EXPECT_ELEMENTS(edgeBalancedBoundaries(&none, 0, 10), 0);
}

TEST(EdgeBalancedBoundaries, FrontierList) {
  Graph<NoWeight> g = kron(13, 9);
  const EdgeOffset *off = g.outOffsets();
  std::mt19937 rng(4);
  std::vector<VertexId> frontier;
  for (int i = 0; i < 30000; ++i) // past the serial cutoff; duplicates too
    frontier.push_back(static_cast<VertexId>(rng() % g.numVertices()));
  auto work = [&](int64_t i) { return off[frontier[i] + 1] - off[frontier[i]] + 1; };
  for (int64_t grain : std::vector<int64_t>{1, 64, 5000, int64_t{1} << 40}) {
    SCOPED_TRACE(grain);
    std::vector<int64_t> b =
        withThreads(4, [&] { return edgeBalancedBoundaries(frontier, off, grain); });
    expectBalanced(b, static_cast<int64_t>(frontier.size()), grain, work);
  }
  EXPECT_ELEMENTS(edgeBalancedBoundaries(std::vector<VertexId>{}, off, 10), 0);
}

TEST(FrontierEdgePrefix, PrefixAndSourceIndex) {
  // Degrees: 0:2, 1:0, 2:0, 3:3
  std::vector<EdgeOffset> off = {0, 2, 2, 2, 5};
  std::vector<VertexId> frontier = {3, 1, 0, 2, 3};
  FrontierEdgePrefix p(frontier, off.data());
  EXPECT_ELEMENTS(p.prefix(), 0, 3, 3, 5, 5, 8);
  EXPECT_EQ(p.numEdges(), 8);
  std::vector<int64_t> owner;
  for (int64_t e = 0; e < p.numEdges(); ++e)
    owner.push_back(p.sourceIndexOfEdge(e));
  EXPECT_ELEMENTS(owner, 0, 0, 0, 2, 2, 4, 4, 4); // degree-0 entries skipped
  FrontierEdgePrefix empty(std::vector<VertexId>{}, off.data());
  EXPECT_EQ(empty.numEdges(), 0);
}

TEST(SourceOfEdge, EveryPosition) {
  Graph<NoWeight> g = kron(10, 5);
  const EdgeOffset *off = g.outOffsets();
  for (VertexId v = 0; v < g.numVertices(); ++v)
    for (EdgeOffset e = off[v]; e < off[v + 1]; ++e)
      ASSERT_EQ(sourceOfEdge(off, g.numVertices(), e), v) << e;
}

// The edge-parallel loop of the header's comment visits every edge of the
// frontier once, in both of its forms.
TEST(FrontierEdgePrefix, EdgeParallelLoopVisitsEachEdgeOnce) {
  Graph<NoWeight> g = kron(11, 3);
  const EdgeOffset *offsets = g.outOffsets();
  VertexId n = g.numVertices();
  std::vector<VertexId> sources;
  for (VertexId v = 0; v < n; v += 3)
    sources.push_back(v);
  for (int64_t grain : std::vector<int64_t>{1, 5, 64, 100000}) {
    std::vector<int> visits(g.numEdges(), 0);
    withThreads(4, [&] {
      FrontierEdgePrefix p(sources, offsets);
      int64_t k = static_cast<int64_t>(sources.size());
#pragma omp parallel for schedule(dynamic, 1)
      for (int64_t e0 = 0; e0 < p.numEdges(); e0 += grain) {
        int64_t e1 = std::min(e0 + grain, p.numEdges());
        for (int64_t i = p.sourceIndexOfEdge(e0); i < k && p[i] < e1; ++i) {
          VertexId src = sources[i];
          EdgeOffset first = offsets[src] + (std::max(e0, p[i]) - p[i]);
          EdgeOffset last = offsets[src] + (std::min(e1, p[i + 1]) - p[i]);
          for (EdgeOffset e = first; e < last; ++e)
            std::atomic_ref<int>(visits[e]).fetch_add(1);
        }
      }
      return 0;
    });
    for (VertexId v = 0; v < n; ++v)
      for (EdgeOffset e = offsets[v]; e < offsets[v + 1]; ++e)
        ASSERT_EQ(visits[e], v % 3 == 0 ? 1 : 0) << "grain " << grain << " edge " << e;
    // Whole graph: the CSR positions are the edge numbers.
    std::vector<int> all(g.numEdges(), 0);
    for (EdgeOffset e0 = 0; e0 < g.numEdges(); e0 += grain) {
      EdgeOffset e1 = std::min<EdgeOffset>(e0 + grain, g.numEdges());
      for (VertexId v = sourceOfEdge(offsets, n, e0); v < n && offsets[v] < e1; ++v)
        for (EdgeOffset e = std::max(e0, offsets[v]); e < std::min(e1, offsets[v + 1]); ++e)
          ++all[e];
    }
    EXPECT_EQ(std::count(all.begin(), all.end(), 1), g.numEdges());
  }
}

} // namespace
