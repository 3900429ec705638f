//===- generators_test.cpp - Synthetic graphs ---------------------------===//
#include "polyrt/edge_list.h"
#include "test_util.h"

#include <set>

using namespace polyrt;
using namespace polyrt::test;

namespace {

bool sameEdges(const EdgeList &a, const EdgeList &b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const Edge &x, const Edge &y) {
           return x.src == y.src && x.dst == y.dst && x.weight == y.weight;
         });
}

void expectInRange(const EdgeList &el, VertexId n) {
  for (const Edge &e : el) {
    ASSERT_GE(e.src, 0);
    ASSERT_LT(e.src, n);
    ASSERT_GE(e.dst, 0);
    ASSERT_LT(e.dst, n);
    ASSERT_GE(e.weight, 1);
    ASSERT_LE(e.weight, 255);
  }
}

TEST(Generators, KroneckerSizesAndRange) {
  EdgeList el = generateKronecker(12, 16, 1);
  EXPECT_EQ(el.size(), 16u << 12);
  expectInRange(el, 1 << 12);
}

TEST(Generators, KroneckerIsSkewedAndPermuted) {
  EdgeList el = generateKronecker(14, 16, 7);
  std::vector<int64_t> degree(1 << 14, 0);
  for (const Edge &e : el)
    ++degree[e.src];
  int64_t maxDegree = *std::max_element(degree.begin(), degree.end());
  EXPECT_GT(maxDegree, 50 * 16); // power-law-ish: far above the average
  // Without the permutation vertex 0 would be the hub; with it, it is not
  // (the hub is wherever the permutation sends 0).
  EXPECT_LT(degree[0], maxDegree);
  std::set<int32_t> weights;
  for (const Edge &e : el)
    weights.insert(e.weight);
  EXPECT_EQ(weights.size(), 255u); // all of [1, 255] show up
}

TEST(Generators, DeterministicForSeedAndThreadCount) {
  EdgeList one = withThreads(1, [] { return generateKronecker(13, 40, 99); }); // > 1 block
  EdgeList four = withThreads(4, [] { return generateKronecker(13, 40, 99); });
  EXPECT_TRUE(sameEdges(one, four));
  EdgeList again = generateKronecker(13, 40, 99);
  EXPECT_TRUE(sameEdges(one, again));
  EXPECT_FALSE(sameEdges(one, generateKronecker(13, 40, 100)));
  EdgeList u1 = withThreads(1, [] { return generateUniform(13, 40, 5); });
  EdgeList u3 = withThreads(3, [] { return generateUniform(13, 40, 5); });
  EXPECT_TRUE(sameEdges(u1, u3));
}

TEST(Generators, UniformSizesAndRange) {
  EdgeList el = generateUniform(10, 4, 3);
  EXPECT_EQ(el.size(), 4u << 10);
  expectInRange(el, 1 << 10);
  std::set<VertexId> sources;
  for (const Edge &e : el)
    sources.insert(e.src);
  EXPECT_GT(sources.size(), 900u); // spread over (almost) every vertex
}

TEST(Generators, Grid) {
  EdgeList el = generateGrid(3, 4, 1);
  EXPECT_EQ(el.size(), 3u * 3 + 2u * 4);
  expectInRange(el, 12);
  Graph<NoWeight> g = buildGraph<NoWeight>(el, 12, false);
  EXPECT_ELEMENTS(outList(g, 0), 1, 4);   // right, down
  EXPECT_ELEMENTS(outList(g, 3), 7);      // last column: down only
  EXPECT_ELEMENTS(outList(g, 8), 9);      // last row: right only
  EXPECT_EQ(g.outDegree(11), 0);
  EXPECT_EQ(generateGrid(1, 1, 1).size(), 0u);
  EXPECT_EQ(generateGrid(1, 5, 1).size(), 4u);
}

TEST(Generators, Errors) {
  EXPECT_CONTAINS(errorOf([] { generateKronecker(31, 16, 1); }), "scale must be in [0, 30]");
  EXPECT_CONTAINS(errorOf([] { generateUniform(-1, 16, 1); }), "scale must be in [0, 30]");
  EXPECT_CONTAINS(errorOf([] { generateKronecker(4, -1, 1); }), "degree must not be negative");
  EXPECT_CONTAINS(errorOf([] { generateGrid(0, 5, 1); }), "at least 1");
  EXPECT_CONTAINS(errorOf([] { generateGrid(100000, 100000, 1); }), "too many for 32-bit vertex ids");
  EXPECT_EQ(generateKronecker(0, 3, 1).size(), 3u); // one vertex, three self-loops
}

} // namespace
