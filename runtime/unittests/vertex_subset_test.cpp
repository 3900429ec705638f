//===- vertex_subset_test.cpp - Frontiers -------------------------------===//
#include "polyrt/edge_list.h"
#include "polyrt/vertex_subset.h"
#include "test_util.h"

#include <set>

using namespace polyrt;
using namespace polyrt::test;

namespace {

std::vector<VertexId> sorted(std::vector<VertexId> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(VertexSubset, AllAndNone) {
  VertexSubset all(5, true);
  EXPECT_EQ(all.size(), 5);
  EXPECT_TRUE(all.hasDense());
  EXPECT_TRUE(all.contains(4));
  EXPECT_ELEMENTS(all.sparse(), 0, 1, 2, 3, 4);
  VertexSubset none(5, false);
  EXPECT_EQ(none.size(), 0);
  EXPECT_TRUE(none.empty());
  EXPECT_FALSE(none.contains(0));
  EXPECT_EQ(none.universe(), 5);
  VertexSubset def;
  EXPECT_TRUE(def.empty());
}

TEST(VertexSubset, SparseToDense) {
  VertexSubset s = VertexSubset::fromSparse(10, {7, 2, 9});
  EXPECT_TRUE(s.hasSparse());
  EXPECT_FALSE(s.hasDense());
  EXPECT_EQ(s.size(), 3);
  const uint8_t *d = s.dense();
  EXPECT_TRUE(s.hasDense());
  for (VertexId v = 0; v < 10; ++v)
    EXPECT_EQ(d[v] != 0, v == 7 || v == 2 || v == 9) << v;
  EXPECT_EQ(s.size(), 3);
}

TEST(VertexSubset, DenseToSparse) {
  std::vector<uint8_t> flags(10, 0);
  flags[1] = flags[4] = flags[8] = 1;
  VertexSubset s = VertexSubset::fromDense(10, flags);
  EXPECT_EQ(s.size(), 3);
  EXPECT_FALSE(s.hasSparse());
  EXPECT_ELEMENTS(s.sparse(), 1, 4, 8);
  EXPECT_CONTAINS(errorOf([] { VertexSubset::fromDense(3, std::vector<uint8_t>(2)); }),
                  "2 flags for 3 vertices");
}

TEST(VertexSubset, LargeConversionsBothWays) {
  const VertexId n = 1 << 20;
  std::vector<uint8_t> flags(n, 0);
  std::vector<VertexId> expected;
  for (VertexId v = 0; v < n; v += 3)
    if ((v * 2654435761u) % 7 < 3) {
      flags[v] = 1;
      expected.push_back(v);
    }
  VertexSubset s = withThreads(4, [&] {
    VertexSubset x = VertexSubset::fromDense(n, flags);
    x.sparse();
    return x;
  });
  EXPECT_EQ(s.size(), static_cast<int64_t>(expected.size()));
  EXPECT_EQ(s.sparse(), expected); // sorted, in parallel
  VertexSubset back = VertexSubset::fromSparse(n, expected);
  const uint8_t *d = withThreads(4, [&] { return back.dense(); });
  EXPECT_TRUE(std::equal(flags.begin(), flags.end(), d));
  EXPECT_EQ(back.size(), static_cast<int64_t>(expected.size()));
}

TEST(VertexSubset, DuplicatesInSparse) {
  VertexSubset s = VertexSubset::fromSparse(4, {1, 1, 2});
  EXPECT_EQ(s.size(), 3); // counts the duplicate
  EXPECT_TRUE(s.contains(1));
  EXPECT_EQ(s.size(), 3); // still the sparse count
  std::vector<uint8_t> flags(s.dense(), s.dense() + 4);
  EXPECT_EQ(VertexSubset::fromDense(4, flags).size(), 2);
}

TEST(VertexSubset, AddVertex) {
  VertexSubset s(6, false);
  s.addVertex(3);
  s.addVertex(3);
  s.addVertex(0);
  EXPECT_EQ(s.size(), 2);
  EXPECT_TRUE(s.contains(3));
  EXPECT_FALSE(s.contains(1));
  EXPECT_EQ(sorted(s.sparse()), (std::vector<VertexId>{0, 3}));
  VertexSubset d = VertexSubset::fromDense(6, std::vector<uint8_t>(6, 0));
  d.addVertex(5);
  EXPECT_EQ(d.size(), 1);
  EXPECT_ELEMENTS(d.sparse(), 5);
  d.addVertex(2); // both forms kept in step
  EXPECT_EQ(d.size(), 2);
  EXPECT_EQ(sorted(d.sparse()), (std::vector<VertexId>{2, 5}));
  EXPECT_CONTAINS(errorOf([&] { s.addVertex(6); }), "vertex 6 is outside the set's range [0, 6)");
  EXPECT_CONTAINS(errorOf([&] { s.addVertex(-1); }), "outside");
}

TEST(SparseFrontierBuilder, DedupUnderOpenMP) {
  const VertexId n = 100000;
  withThreads(4, [&] {
    SparseFrontierBuilder b(n, true);
#pragma omp parallel for schedule(dynamic, 64)
    for (int64_t i = 0; i < 8 * int64_t{n}; ++i)
      b.add(static_cast<VertexId>((i * 7919) % n)); // every vertex 8 times
    VertexSubset s = b.finish();
    EXPECT_EQ(s.size(), n);
    std::vector<VertexId> ids = sorted(s.sparse());
    for (VertexId v = 0; v < n; ++v)
      if (ids[v] != v) {
        ADD_FAILURE() << "vertex " << v << " missing or duplicated";
        break;
      }
    // The builder is empty and reusable; claims were released.
#pragma omp parallel for
    for (VertexId v = 0; v < 10; ++v) {
      b.add(v);
      b.add(v);
    }
    EXPECT_EQ(b.finish().size(), 10);
    EXPECT_EQ(b.finish().size(), 0);
    return 0;
  });
}

TEST(SparseFrontierBuilder, NoDedupKeepsEveryAdd) {
  withThreads(3, [&] {
    SparseFrontierBuilder b(50, false);
#pragma omp parallel for
    for (int i = 0; i < 3000; ++i)
      b.add(i % 50);
    VertexSubset s = b.finish();
    EXPECT_EQ(s.size(), 3000);
    std::vector<int> count(50, 0);
    for (VertexId v : s.sparse())
      ++count[v];
    for (int c : count)
      EXPECT_EQ(c, 60);
    EXPECT_EQ(s.dense()[49], 1);
    return 0;
  });
}

TEST(SparseFrontierBuilder, SerialUseKeepsOrder) {
  SparseFrontierBuilder b(10, true);
  for (VertexId v : {5, 3, 5, 9})
    b.add(v);
  EXPECT_ELEMENTS(b.finish().sparse(), 5, 3, 9);
}

TEST(DenseFrontierBuilder, Collects) {
  withThreads(4, [&] {
    DenseFrontierBuilder b(1000);
#pragma omp parallel for
    for (VertexId v = 0; v < 1000; ++v)
      if (v % 10 == 0)
        b.add(v);
    VertexSubset s = b.finish();
    EXPECT_EQ(s.size(), 100);
    EXPECT_TRUE(s.contains(990));
    EXPECT_FALSE(s.contains(991));
    EXPECT_EQ(b.finish().size(), 0); // reset after finish
    return 0;
  });
}

TEST(FrontierWork, SparseAndDense) {
  // Degrees: 0:2, 1:1, 2:0, 3:3
  Graph<NoWeight> g(4, {0, 2, 3, 3, 6}, {1, 2, 0, 0, 1, 2}, {}, true);
  VertexSubset s = VertexSubset::fromSparse(4, {0, 3});
  EXPECT_EQ(frontierWork(s, g), 2 + 3 + 2);
  std::vector<uint8_t> flags = {0, 1, 1, 1};
  VertexSubset d = VertexSubset::fromDense(4, flags);
  EXPECT_EQ(frontierWork(d, g), 1 + 0 + 3 + 3);
  VertexSubset empty(4, false);
  EXPECT_EQ(frontierWork(empty, g), 0);
}

TEST(FrontierWork, LargeMatchesSerialSum) {
  EdgeList el = generateKronecker(15, 8, 4);
  Graph<NoWeight> g = buildGraph<NoWeight>(el, 1 << 15, false);
  std::vector<VertexId> ids;
  int64_t expected = 0;
  for (VertexId v = 0; v < g.numVertices(); v += 2) {
    ids.push_back(v);
    expected += g.outDegree(v) + 1;
  }
  VertexSubset s = VertexSubset::fromSparse(g.numVertices(), ids);
  EXPECT_EQ(withThreads(4, [&] { return frontierWork(s, g); }), expected);
  std::vector<uint8_t> flags(s.dense(), s.dense() + g.numVertices());
  VertexSubset d = VertexSubset::fromDense(g.numVertices(), flags);
  EXPECT_EQ(withThreads(4, [&] { return frontierWork(d, g); }), expected);
}

} // namespace
