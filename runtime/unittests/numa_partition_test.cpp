//===- numa_partition_test.cpp - Vertex ranges per node -----------------===//
#include "polyrt/numa_partition.h"
#include "test_util.h"

#include <algorithm>
#include <random>

using namespace polyrt;

namespace {

std::vector<EdgeOffset> offsetsOf(const std::vector<EdgeOffset> &degrees) {
  std::vector<EdgeOffset> offsets(degrees.size() + 1, 0);
  for (size_t i = 0; i < degrees.size(); ++i)
    offsets[i + 1] = offsets[i] + degrees[i];
  return offsets;
}

/// A skewed degree sequence: a few vertices hold most edges.
std::vector<EdgeOffset> skewedDegrees(int64_t n) {
  std::mt19937_64 rng(7);
  std::vector<EdgeOffset> d(n);
  for (int64_t i = 0; i < n; ++i)
    d[i] = static_cast<EdgeOffset>(1000.0 / (1 + (rng() % 1000))) + (i < n / 8 ? 40 : 0);
  return d;
}

double maxOverMean(const Partition &p, const EdgeOffset *offsets) {
  double mean = double(offsets[p.numVertices()]) / p.nodes(), worst = 0;
  for (int k = 0; k < p.nodes(); ++k)
    worst = std::max(worst, double(offsets[p.end(k)] - offsets[p.begin(k)]) / mean);
  return worst;
}

TEST(NumaPartition, BoundsInvariants) {
  for (VertexId n : {1, 5, 63, 64, 65, 1000, 4096, 100001})
    for (int nodes : {1, 2, 3, 4, 8})
      for (auto how : {PartitionStrategy::VertexBalanced, PartitionStrategy::EdgeBalanced,
                       PartitionStrategy::ChunkAlpha}) {
        if (nodes > n)
          continue;
        std::vector<EdgeOffset> offsets = offsetsOf(skewedDegrees(n));
        Partition p = partitionVertices(n, offsets.data(), nodes, how);
        ASSERT_EQ(p.nodes(), nodes);
        EXPECT_EQ(p.bounds.front(), 0);
        EXPECT_EQ(p.bounds.back(), n);
        for (int k = 0; k < nodes; ++k) {
          EXPECT_LE(p.begin(k), p.end(k));
          if (k > 0) {
            EXPECT_TRUE(p.begin(k) % 64 == 0 || p.begin(k) == n) << p.begin(k);
          }
        }
        for (VertexId v : {VertexId(0), VertexId(n / 2), VertexId(n - 1)}) {
          int owner = p.ownerOf(v);
          EXPECT_LE(p.begin(owner), v);
          EXPECT_LT(v, p.end(owner));
        }
      }
}

TEST(NumaPartition, EdgeBalancedEvensEdgesWhereVertexBalancedDoesNot) {
  const VertexId n = 1 << 18;
  std::vector<EdgeOffset> offsets = offsetsOf(skewedDegrees(n));
  for (int nodes : {2, 4, 8}) {
    double byVertices =
        maxOverMean(partitionVertices(n, offsets.data(), nodes, PartitionStrategy::VertexBalanced),
                    offsets.data());
    double byEdges =
        maxOverMean(partitionVertices(n, offsets.data(), nodes, PartitionStrategy::EdgeBalanced),
                    offsets.data());
    EXPECT_LT(byEdges, 1.02) << nodes;
    EXPECT_GT(byVertices, 1.2) << nodes;
  }
  // Chunk-alpha weighs vertices too: its edges fall between the two, nearer
  // vertex balance as alpha grows.
  auto edgesWith = [&](double alpha) {
    return maxOverMean(
        partitionVertices(n, offsets.data(), 4, PartitionStrategy::ChunkAlpha, alpha), offsets.data());
  };
  double vertexOnly = maxOverMean(
      partitionVertices(n, offsets.data(), 4, PartitionStrategy::VertexBalanced), offsets.data());
  EXPECT_LT(edgesWith(0), 1.02);
  EXPECT_LT(edgesWith(1), edgesWith(24));
  EXPECT_LE(edgesWith(24), vertexOnly + 0.01);
  EXPECT_EQ(defaultPartitionAlpha(4), 24.0);
}

TEST(NumaPartition, PlacementGranuleGivesWholePages) {
  const VertexId n = 100000;
  std::vector<EdgeOffset> offsets = offsetsOf(skewedDegrees(n));
  for (int nodes : {2, 3, 8}) {
    Partition p = partitionVertices(n, offsets.data(), nodes, PartitionStrategy::EdgeBalanced, -1,
                                    kPlacementGranule);
    for (int k = 1; k < nodes; ++k)
      EXPECT_EQ(p.begin(k) % kPlacementGranule, 0) << p.begin(k);
    EXPECT_EQ(p.bounds.back(), n);
  }
  EXPECT_THROW(partitionVertices(n, nullptr, 2, PartitionStrategy::VertexBalanced, -1, 0), Error);
}

// Inside an MPI rank (docs/distributed.md): only the rank's vertices are
// split, on the graph's granule multiples; the ends go to the first and last node.
TEST(NumaPartition, WithinARangeSplitsOnlyTheRange) {
  const VertexId n = 100000;
  std::vector<EdgeOffset> degrees = skewedDegrees(n);
  for (VertexId v = 0; v < n; ++v)
    if (v < 20480 || v >= 61440)
      degrees[v] = 0; // another rank's vertices: this rank holds none of their in-edges
  std::vector<EdgeOffset> offsets = offsetsOf(degrees);
  for (int nodes : {2, 3, 4})
    for (auto how : {PartitionStrategy::VertexBalanced, PartitionStrategy::EdgeBalanced,
                     PartitionStrategy::ChunkAlpha}) {
      Partition p = partitionWithin(n, 20480, 61440, offsets.data(), nodes, how);
      ASSERT_EQ(p.nodes(), nodes);
      EXPECT_EQ(p.bounds.front(), 0);
      EXPECT_EQ(p.bounds.back(), n);
      for (int k = 1; k < nodes; ++k) {
        EXPECT_GE(p.bounds[k], 20480) << k;
        EXPECT_LE(p.bounds[k], 61440) << k;
        EXPECT_LE(p.bounds[k - 1], p.bounds[k]);
        EXPECT_TRUE(p.bounds[k] % kTraversalGranule == 0 || p.bounds[k] == 61440) << k;
      }
      // Each node gets a share of the range, not of the whole graph.
      for (int k = 0; k < nodes; ++k) {
        int64_t mine = std::min<int64_t>(p.end(k), 61440) - std::max<int64_t>(p.begin(k), 20480);
        EXPECT_GT(mine, 0) << k;
      }
      if (how == PartitionStrategy::EdgeBalanced) {
        EXPECT_LT(maxOverMean(p, offsets.data()), 1.1);
      }
    }
  // Offsets not from 0 at the range (a rank's CSC starts past others' vertices).
  Partition whole = partitionWithin(n, 0, -1, offsets.data(), 2, PartitionStrategy::EdgeBalanced);
  EXPECT_EQ(whole.bounds,
            partitionVertices(n, offsets.data(), 2, PartitionStrategy::EdgeBalanced).bounds);
  // Fewer vertices than nodes: all on node 0; an empty range likewise.
  Partition tiny = partitionWithin(n, 4096, 4097, offsets.data(), 3, PartitionStrategy::ChunkAlpha);
  EXPECT_EQ(tiny.bounds, (std::vector<VertexId>{0, 4097, 4097, n}));
  Partition none = partitionWithin(n, 8192, 8192, offsets.data(), 2, PartitionStrategy::ChunkAlpha);
  EXPECT_EQ(none.bounds, (std::vector<VertexId>{0, 8192, n}));
  EXPECT_THROW(partitionWithin(n, 10, 5, offsets.data(), 2, PartitionStrategy::ChunkAlpha), Error);
  EXPECT_THROW(partitionWithin(n, 0, n + 1, offsets.data(), 2, PartitionStrategy::ChunkAlpha),
               Error);
}

TEST(NumaPartition, Errors) {
  std::vector<EdgeOffset> offsets(4, 0);
  EXPECT_THROW(partitionVertices(3, offsets.data(), 4, PartitionStrategy::EdgeBalanced), Error);
  EXPECT_THROW(partitionVertices(3, offsets.data(), 0, PartitionStrategy::VertexBalanced), Error);
  // No edges at all: balanced by vertices.
  Partition p = partitionVertices(3, offsets.data(), 3, PartitionStrategy::EdgeBalanced);
  EXPECT_EQ(p.bounds.back(), 3);
  EXPECT_CONTAINS(p.describe(offsets.data()), "node 2: |V|");
}

} // namespace
