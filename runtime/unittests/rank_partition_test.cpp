//===- rank_partition_test.cpp - Which rank owns which vertex ------------===//
#include "polyrt/rank_partition.h"
#include "test_util.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace polyrt;
using namespace polyrt::dist;

namespace {

/// Every vertex has exactly one owner: the rank ownerOf names, which owns
/// it and lists it among ownedVertex(r, 0 .. ownedCount(r)), ascending.
void expectOneOwnerEach(const RankPartition &split) {
  const VertexId n = split.numVertices();
  std::vector<int> owners(n, -1);
  for (int r = 0; r < split.ranks; ++r) {
    VertexId last = -1;
    for (int64_t i = 0; i < split.ownedCount(r); ++i) {
      VertexId v = split.ownedVertex(r, i);
      ASSERT_GT(v, last) << "rank " << r;
      ASSERT_LT(v, n) << "rank " << r;
      ASSERT_LT(v, split.limit(r)) << "rank " << r;
      ASSERT_EQ(owners[v], -1) << v;
      owners[v] = r;
      last = v;
    }
  }
  for (VertexId v = 0; v < n; ++v) {
    ASSERT_NE(owners[v], -1) << v;
    ASSERT_EQ(split.ownerOf(v), owners[v]) << v;
    for (int r = 0; r < split.ranks; ++r)
      ASSERT_EQ(split.owns(r, v), r == owners[v]) << "vertex " << v << ", rank " << r;
  }
  for (int r = 0; r < split.ranks; ++r) {
    EXPECT_FALSE(split.owns(r, -1));
    EXPECT_FALSE(split.owns(r, n));
    EXPECT_FALSE(split.owns(r, n + r));
  }
}

std::vector<EdgeOffset> noEdges(VertexId n) { return std::vector<EdgeOffset>(n + 1, 0); }

// Hash's loops step past a rank's last vertex: that step must be an id.
// 10 vertices over 4 ranks: 0,4,8 / 1,5,9 / 2,6 / 3,7.
TEST(RankPartition, HashOwnsEveryPthVertex) {
  std::vector<EdgeOffset> offsets = noEdges(10);
  RankPartition split = makeRankPartition(10, offsets.data(), 4, Strategy::Hash, -1);
  EXPECT_TRUE(split.listed());
  EXPECT_TRUE(split.bounds.empty());
  EXPECT_EQ(split.ownedList(1), split.members.data() + 3);
  EXPECT_EQ(split.ownedCount(0), 3);
  EXPECT_EQ(split.ownedCount(1), 3);
  EXPECT_EQ(split.ownedCount(2), 2);
  EXPECT_EQ(split.ownedCount(3), 2);
  EXPECT_EQ(split.ownedVertex(1, 2), 9);
  EXPECT_EQ(split.ownedVertex(3, 1), 7);
  EXPECT_EQ(split.ownerOf(6), 2);
  EXPECT_TRUE(split.owns(2, 6));
  EXPECT_FALSE(split.owns(2, 7));
  expectOneOwnerEach(split);
}

// Any n from the ranks up, multiples of p or not, far below the 4096-vertex
// granule the chunk strategies use.
TEST(RankPartition, HashAtEveryCount) {
  for (int ranks : {1, 2, 3, 4, 7})
    for (VertexId n : {ranks, ranks + 1, 2 * ranks - 1, 100, 4095, 4097}) {
      if (n < ranks)
        continue;
      SCOPED_TRACE(testing::Message() << n << " vertices, " << ranks << " ranks");
      std::vector<EdgeOffset> offsets = noEdges(n);
      RankPartition split = makeRankPartition(n, offsets.data(), ranks, Strategy::Hash, -1);
      int64_t total = 0;
      for (int r = 0; r < ranks; ++r) {
        EXPECT_GE(split.ownedCount(r), 1);
        total += split.ownedCount(r);
      }
      EXPECT_EQ(total, n);
      expectOneOwnerEach(split);
    }
}

// Metis: the owners given, each rank's list in increasing order; one rank
// needs none.
TEST(RankPartition, MetisOwnsWhatItIsGiven) {
  std::vector<EdgeOffset> offsets = noEdges(6);
  RankPartition split =
      makeRankPartition(6, offsets.data(), 3, Strategy::Metis, -1, {2, 0, 2, 1, 0, 2});
  EXPECT_TRUE(split.listed());
  EXPECT_EQ(split.ownedCount(0), 2);
  EXPECT_EQ(split.ownedCount(2), 3);
  EXPECT_EQ(split.ownedVertex(0, 1), 4);
  EXPECT_EQ(split.ownedVertex(2, 2), 5);
  EXPECT_EQ(split.first(1), 3);
  EXPECT_EQ(split.limit(1), 6);
  EXPECT_TRUE(split.owns(2, 2));
  EXPECT_FALSE(split.owns(1, 4));
  expectOneOwnerEach(split);
  RankPartition one = makeRankPartition(6, offsets.data(), 1, Strategy::Metis, -1);
  EXPECT_EQ(one.ownedCount(0), 6);
  EXPECT_EQ(test::errorOf([&] {
              makeRankPartition(6, offsets.data(), 3, Strategy::Metis, -1, {0, 1, 2, 3, 0, 0});
            }),
            "vertex 3's rank 3 is not below the 3 ranks");
}

// A partition file: METIS's format, checked line by line.
TEST(RankPartition, PartitionFileErrorsNameTheLine) {
  const std::string path = ::testing::TempDir() + "/polyrt-partition-test.part.3";
  auto write = [&](const char *text) {
    std::FILE *f = std::fopen(path.c_str(), "w");
    std::fputs(text, f);
    std::fclose(f);
  };
  write("2\n0\n1\n");
  EXPECT_EQ(readPartitionFile(path, 3, 3), (std::vector<int32_t>{2, 0, 1}));
  write("2\n0\n1"); // (no newline at the end)
  EXPECT_EQ(readPartitionFile(path, 3, 3), (std::vector<int32_t>{2, 0, 1}));
  write("2\n3\n1\n");
  EXPECT_EQ(test::errorOf([&] { readPartitionFile(path, 3, 3); }),
            path + ":2: the rank is not below the 3 ranks");
  write("2\n\n1\n");
  EXPECT_EQ(test::errorOf([&] { readPartitionFile(path, 3, 3); }),
            path + ":2: expected a rank, found an empty line");
  write("2\n-1\n1\n");
  EXPECT_EQ(test::errorOf([&] { readPartitionFile(path, 3, 3); }),
            path + ":2: expected a rank, found '-'");
  write("2\n0\n");
  EXPECT_EQ(test::errorOf([&] { readPartitionFile(path, 3, 3); }),
            path + ": 2 lines for the graph's 3 vertices (one rank per vertex)");
  write("2\n0\n1\n1\n");
  EXPECT_EQ(test::errorOf([&] { readPartitionFile(path, 3, 3); }),
            path + ":4: more lines than the graph's 3 vertices");
  write("99999999999999999999\n");
  EXPECT_EQ(test::errorOf([&] { readPartitionFile(path, 3, 3); }),
            path + ":1: the rank is not below the 3 ranks");
  std::remove(path.c_str());
  EXPECT_EQ(test::errorOf([&] { readPartitionFile(path, 3, 3); }),
            path + ": cannot open the partition file (No such file or directory); "
                   "configDistribution(\"metis\") over 3 ranks reads it: `polyrt-gen metis "
                   "--ranks 3` writes one");
}

// A chunk strategy below the granule: one rank owns everything, the others
// nothing.
TEST(RankPartition, ChunkRanksWithNoVertex) {
  std::vector<EdgeOffset> offsets = noEdges(1000);
  RankPartition split = makeRankPartition(1000, offsets.data(), 3, Strategy::VertexBalanced, -1);
  EXPECT_FALSE(split.listed());
  EXPECT_EQ(split.ownedList(0), nullptr);
  const int all = split.ownerOf(0);
  for (int r = 0; r < 3; ++r) {
    EXPECT_EQ(split.ownedCount(r), r == all ? 1000 : 0) << r;
    EXPECT_EQ(split.owns(r, 0), r == all) << r;
    EXPECT_EQ(split.owns(r, 999), r == all) << r;
  }
  EXPECT_EQ(split.ownedVertex(all, 999), 999);
  expectOneOwnerEach(split);
}

TEST(RankPartition, FewerVerticesThanRanksIsAnError) {
  std::vector<EdgeOffset> offsets = noEdges(3);
  for (Strategy how : {Strategy::Hash, Strategy::ChunkAlpha})
    EXPECT_RUNTIME_ERROR(makeRankPartition(3, offsets.data(), 4, how, -1),
                         "cannot split 3 vertices over 4 ranks");
}

// The grid: r = the largest divisor of p up to sqrt(p), numbered by column.
TEST(RankPartition, CartesianGridShapes) {
  const int expectedRows[] = {0, 1, 1, 1, 2, 1, 2, 1, 2, 3, 2, 1, 3, 1, 2, 3, 4};
  for (int p = 1; p <= 16; ++p) {
    SCOPED_TRACE(testing::Message() << p << " ranks");
    EXPECT_EQ(cartesianRows(p), expectedRows[p]);
    // Degrees that leave no rank empty: 4096 vertices per rank, one edge each.
    const VertexId n = 4096 * 2 * p;
    std::vector<EdgeOffset> offsets(n + 1);
    for (VertexId v = 0; v <= n; ++v)
      offsets[v] = v;
    RankPartition grid = makeRankPartition(n, offsets.data(), p, Strategy::Cartesian, -1);
    RankPartition chunk = makeRankPartition(n, offsets.data(), p, Strategy::ChunkAlpha, -1);
    EXPECT_EQ(grid.bounds, chunk.bounds); // chunk-alpha's owners exactly
    EXPECT_FALSE(grid.listed());
    expectOneOwnerEach(grid);
    const int rows = grid.rows();
    ASSERT_EQ(rows, expectedRows[p]);
    ASSERT_EQ(p % rows, 0);
    EXPECT_EQ(chunk.rows(), 1);
    VertexId columnStart = 0;
    for (int k = 0; k < p; ++k) {
      EXPECT_EQ(grid.rowOf(k), k % rows) << k;
      EXPECT_EQ(grid.columnOf(k), k / rows) << k;
      // The column's range: its ranks' owned ranges, one after another.
      EXPECT_EQ(grid.columnFirst(k), grid.bounds[(k / rows) * rows]) << k;
      EXPECT_EQ(grid.columnLimit(k), grid.bounds[(k / rows) * rows + rows]) << k;
      EXPECT_LE(grid.columnFirst(k), grid.first(k)) << k;
      EXPECT_GE(grid.columnLimit(k), grid.limit(k)) << k;
      EXPECT_EQ(grid.pulledCount(k), int64_t{grid.columnLimit(k)} - grid.columnFirst(k)) << k;
      EXPECT_GT(grid.ownedCount(k), 0) << k;
      if (grid.rowOf(k) == 0) { // the columns cover [0, n) in order
        EXPECT_EQ(grid.columnFirst(k), columnStart) << k;
        columnStart = grid.columnLimit(k);
      }
      // Every other strategy: the column is the rank's own range.
      EXPECT_EQ(chunk.rowOf(k), 0);
      EXPECT_EQ(chunk.columnOf(k), k);
      EXPECT_EQ(chunk.columnFirst(k), chunk.first(k));
      EXPECT_EQ(chunk.columnLimit(k), chunk.limit(k));
    }
    EXPECT_EQ(columnStart, n);
    // A source belongs to the row of its owner.
    for (VertexId u = 0; u < n; u += 997)
      for (int row = 0; row < rows; ++row) {
        EXPECT_EQ(grid.inRow(row, u), grid.ownerOf(u) % rows == row) << u;
        EXPECT_TRUE(chunk.inRow(0, u));
      }
  }
}

// Hash: one row, and the pulled set is the owned set (strided).
TEST(RankPartition, HashPullsItsOwnVertices) {
  std::vector<EdgeOffset> offsets = noEdges(10);
  RankPartition split = makeRankPartition(10, offsets.data(), 4, Strategy::Hash, -1);
  EXPECT_EQ(split.rows(), 1);
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(split.columnFirst(k), split.first(k));
    EXPECT_EQ(split.columnLimit(k), split.limit(k));
    EXPECT_EQ(split.pulledCount(k), split.ownedCount(k));
  }
}

} // namespace
