//===- neighbor_prefetch_test.cpp - A neighbour's value, prefetched where far ===//
#include "polyrt/edge_list.h"
#include "polyrt/neighbor_prefetch.h"
#include "test_util.h"

#include <vector>

using namespace polyrt;

namespace {

template <typename W> bool farApart(const Graph<W> &g, int64_t position, size_t cacheBytes) {
  return neighborValuesFarApart(g.outOffsets(), g.outNeighbors(), g.numVertices(), position,
                                sizeof(int32_t), cacheBytes);
}

constexpr size_t kCache = 64 * 1024; // 16384 int values; a quarter: 4096 ids

TEST(NeighborPrefetch, RandomNeighboursAreFar) {
  // 2^16 vertices of 4 bytes: four times the cache.
  Graph<NoWeight> g = buildGraph<NoWeight>(generateUniform(16, 8, 3), 1 << 16, true);
  EXPECT_TRUE(farApart(g, 0, kCache));
  EXPECT_TRUE(farApart(g, 1, kCache));
}

TEST(NeighborPrefetch, AGridsNeighboursAreNear) {
  // Rows of 256: every neighbour within 256 ids of its vertex.
  Graph<NoWeight> g = buildGraph<NoWeight>(generateGrid(256, 256, 3), 256 * 256, true);
  EXPECT_FALSE(farApart(g, 0, kCache));
  EXPECT_FALSE(farApart(g, 1, kCache));
  // With rows longer than a quarter of the cache, the row above is far: it
  // is the first neighbour of the three rows under the first, whose first
  // is the left one; the second is the left or the right one.
  Graph<NoWeight> wide = buildGraph<NoWeight>(generateGrid(4, 16384, 3), 4 * 16384, true);
  EXPECT_TRUE(farApart(wide, 0, kCache));
  EXPECT_FALSE(farApart(wide, 1, kCache));
}

TEST(NeighborPrefetch, ValuesThatFitTheCacheAreNotPrefetched) {
  Graph<NoWeight> g = buildGraph<NoWeight>(generateUniform(16, 8, 3), 1 << 16, true);
  EXPECT_FALSE(farApart(g, 0, (size_t{1} << 16) * sizeof(int32_t)));
  EXPECT_TRUE(farApart(g, 0, (size_t{1} << 16) * sizeof(int32_t) - 1));
}

TEST(NeighborPrefetch, APositionNoListReachesIsNeverFar) {
  Graph<NoWeight> g = buildGraph<NoWeight>(generateUniform(16, 2, 3), 1 << 16, true);
  EXPECT_FALSE(farApart(g, 1000, kCache));
  EXPECT_FALSE(farApart(g, -1, kCache));
  Graph<NoWeight> empty;
  EXPECT_FALSE(farApart(empty, 0, 0));
}

TEST(NeighborPrefetch, PrefetchesTheNeighbourOfTheVertexAhead) {
  // An 8x8 grid: lists of 2 to 4 neighbours. Positions inside, at and past
  // the lists' ends, and negative ones, which no list has.
  Graph<NoWeight> g = buildGraph<NoWeight>(generateGrid(8, 8, 1), 64, true);
  std::vector<int32_t> values(64, 7);
  for (int64_t position : {int64_t{0}, int64_t{2}, int64_t{3}, int64_t{4}, int64_t{-1},
                           int64_t{1} << 40}) {
    NeighborValuePrefetch prefetch(g, position, values.data());
    for (VertexId v = 0; v < g.numVertices(); ++v) {
      const int64_t next = v + kNeighborValueDistance;
      const int64_t expected = next < g.numVertices() && position >= 0 &&
                                       position < g.outDegree(static_cast<VertexId>(next))
                                   ? g.outNeighbors()[g.outOffsets()[next] + position]
                                   : -1;
      EXPECT_EQ(prefetch.neighborAhead(v), expected) << "vertex " << v << ", position " << position;
      prefetch.prefetchAhead(v);
    }
  }
  EXPECT_EQ(values, std::vector<int32_t>(64, 7));
}

} // namespace
