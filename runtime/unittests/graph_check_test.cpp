//===- graph_check_test.cpp - In-edges against out-edges ----------------===//
#include "detail/graph_check.h"
#include "polyrt/edge_list.h"
#include "test_util.h"

using namespace polyrt;
using namespace polyrt::detail;
using namespace polyrt::test;

namespace {

/// A directed graph with the given CSR and a CSC installed as is.
template <typename W>
Graph<W> withInEdges(VertexId n, std::vector<EdgeOffset> out, std::vector<VertexId> outNbrs,
                     std::vector<W> outWeights, std::vector<EdgeOffset> in,
                     std::vector<VertexId> inNbrs, std::vector<W> inWeights) {
  Graph<W> g(n, std::move(out), std::move(outNbrs), std::move(outWeights), true);
  g.setInEdges(std::move(in), std::move(inNbrs), std::move(inWeights));
  return g;
}

/// Checks with several keys (the verdict must not depend on it), thread
/// counts and both ways of counting degrees; returns the one result after
/// asserting they agree.
template <typename W> TransposeCheck check(const Graph<W> &g) {
  TransposeCheck first = checkTranspose(g, 1);
  for (uint64_t key : {uint64_t{0}, uint64_t{0x9e3779b97f4a7c15}, ~uint64_t{0}})
    for (int threads : {1, 2, 4})
      for (Counting counting : {Counting::PerThread, Counting::ByTargetRange}) {
      TransposeCheck c =
          withThreads(threads, [&] { return checkTranspose(g, key, counting); });
      EXPECT_EQ(c.degreesAgree, first.degreesAgree);
      EXPECT_EQ(c.checksumsAgree, first.checksumsAgree);
      EXPECT_EQ(c.problem, first.problem);
    }
  EXPECT_EQ(checkTranspose(g).problem, first.problem); // a random key
  EXPECT_EQ(findTransposeMismatch(g), first.problem);  // the exact comparison alone
  return first;
}

TEST(GraphCheck, ConsistentGraphsPass) {
  EdgeList el = generateKronecker(12, 8, 3); // 32k edges: the parallel paths
  el.push_back({5, 5, 1});                   // a self-loop
  el.push_back({7, 9, 2});                   // a duplicate edge ...
  el.push_back({7, 9, 3});                   // ... with another weight
  for (bool sym : {false, true}) {
    Graph<NoWeight> g = buildGraph<NoWeight>(el, 1 << 12, sym);
    Graph<int32_t> gi = buildGraph<int32_t>(el, 1 << 12, sym);
    Graph<float> gf = buildGraph<float>(el, 1 << 12, sym);
    if (!sym) {
      EXPECT_TRUE(check(g).ok()); // directed, no in-edges: nothing to compare
      g.buildInEdges();
      gi.buildInEdges();
      gf.buildInEdges();
    }
    for (const TransposeCheck &c : {check(g), check(gi), check(gf)}) {
      EXPECT_TRUE(c.degreesAgree);
      EXPECT_TRUE(c.checksumsAgree);
      EXPECT_EQ(c.problem, "");
    }
  }
  EXPECT_TRUE(check(Graph<NoWeight>()).ok()); // no vertices
  EXPECT_TRUE(check(Graph<NoWeight>(4, {0, 0, 0, 0, 0}, {}, {}, false)).ok());
}

TEST(GraphCheck, DuplicateWeightsInAnyOrder) {
  // 0->1 twice (weights 5 and 6); 1's in-list holds them the other way round.
  auto g = withInEdges<int32_t>(2, {0, 2, 2}, {1, 1}, {5, 6}, {0, 0, 2}, {0, 0}, {6, 5});
  EXPECT_TRUE(check(g).ok());
}

TEST(GraphCheck, AsymmetricUndirected) {
  // 0->1 without 1->0: the degrees already disagree.
  TransposeCheck c = check(Graph<NoWeight>(3, {0, 1, 1, 1}, {1}, {}, false));
  EXPECT_FALSE(c.degreesAgree);
  EXPECT_EQ(c.problem, "says undirected but vertex 0 has an out-edge to 1 and 1 none to 0");

  // A triangle 0->1->2->0: every degree agrees, only the neighbours differ.
  c = check(Graph<NoWeight>(3, {0, 1, 2, 3}, {1, 2, 0}, {}, false));
  EXPECT_TRUE(c.degreesAgree);
  EXPECT_FALSE(c.checksumsAgree);
  EXPECT_EQ(c.problem, "says undirected but vertex 0 has an out-edge to 1 and 1 none to 0");

  // 0->1 twice, 1->0 once.
  c = check(Graph<NoWeight>(2, {0, 2, 3}, {1, 1, 0}, {}, false));
  EXPECT_FALSE(c.degreesAgree);
  EXPECT_EQ(c.problem, "says undirected but vertex 0 has 2 out-edges to 1 and 1 has only 1 to 0");

  // The edge 3->1 is the one missing its reverse: named from its source.
  c = check(Graph<NoWeight>(4, {0, 1, 2, 3, 4}, {1, 0, 3, 1}, {}, false));
  EXPECT_EQ(c.problem, "says undirected but vertex 3 has an out-edge to 1 and 1 none to 3");

  // Both directions present, with different weights.
  c = check(Graph<int32_t>(2, {0, 1, 2}, {1, 0}, {5, 6}, false));
  EXPECT_TRUE(c.degreesAgree);
  EXPECT_FALSE(c.checksumsAgree);
  EXPECT_EQ(c.problem, "says undirected but vertex 0 has an out-edge to 1 with weight 5 and 1 none "
                       "to 0 with that weight");
  c = check(Graph<double>(2, {0, 1, 2}, {1, 0}, {0.25, 0.5}, false));
  EXPECT_EQ(c.problem, "says undirected but vertex 0 has an out-edge to 1 with weight 0.25 and 1 "
                       "none to 0 with that weight");
}

TEST(GraphCheck, InEdgesNotTheTranspose) {
  // Out-edges 0->1, 0->2, 2->1; the true in-lists: 1: {0, 2}, 2: {0}.
  std::vector<EdgeOffset> out{0, 2, 2, 3};
  std::vector<VertexId> outNbrs{1, 2, 1};
  EXPECT_TRUE(check(withInEdges<NoWeight>(3, out, outNbrs, {}, {0, 0, 2, 3}, {0, 2, 0}, {})).ok());

  // 1's in-list names 0 twice instead of 0 and 2: degrees agree.
  TransposeCheck c = check(withInEdges<NoWeight>(3, out, outNbrs, {}, {0, 0, 2, 3}, {0, 0, 0}, {}));
  EXPECT_TRUE(c.degreesAgree);
  EXPECT_FALSE(c.checksumsAgree);
  EXPECT_EQ(c.problem, "its in-edges are not the transpose of its out-edges (vertex 1 has 2 in-edges "
                       "from 0, but 0 has only 1 out-edge to 1)");

  // 0->2 stored as an in-edge of 1: degrees disagree.
  c = check(withInEdges<NoWeight>(3, out, outNbrs, {}, {0, 0, 3, 3}, {0, 0, 2}, {}));
  EXPECT_FALSE(c.degreesAgree);
  EXPECT_EQ(c.problem, "its in-edges are not the transpose of its out-edges (vertex 1 has 2 in-edges "
                       "from 0, but 0 has only 1 out-edge to 1)");

  // 2's in-edge from 0 claims to come from 1, which has no out-edges.
  c = check(withInEdges<NoWeight>(3, out, outNbrs, {}, {0, 0, 2, 3}, {0, 2, 1}, {}));
  EXPECT_TRUE(c.degreesAgree);
  EXPECT_EQ(c.problem, "its in-edges are not the transpose of its out-edges (vertex 0 has an "
                       "out-edge to 2, but 2 has no in-edge from 0)");

  // The in-edges are the out-edges (an undirected graph stored as directed).
  c = check(withInEdges<NoWeight>(3, out, outNbrs, {}, out, outNbrs, {}));
  EXPECT_FALSE(c.ok());

  // A weight that differs between the two copies of an edge.
  c = check(withInEdges<int32_t>(3, out, outNbrs, {7, 8, 9}, {0, 0, 2, 3}, {0, 2, 0}, {7, 9, 1}));
  EXPECT_TRUE(c.degreesAgree);
  EXPECT_FALSE(c.checksumsAgree);
  EXPECT_EQ(c.problem, "its in-edges are not the transpose of its out-edges (vertex 2 has an "
                       "in-edge from 0 with weight 1, but 0 has no out-edge to 2 with weight 1)");
}

TEST(GraphCheck, OneChangedNeighborInALargeGraph) {
  // A 2^12-vertex Kronecker graph whose CSC has one neighbour replaced:
  // found by the checksum (the degrees agree), named by the exact comparison.
  Graph<NoWeight> base = buildGraph<NoWeight>(generateKronecker(12, 8, 11), 1 << 12, false);
  base.buildInEdges();
  VertexId n = base.numVertices();
  std::vector<EdgeOffset> in(base.inOffsets(), base.inOffsets() + n + 1);
  std::vector<VertexId> inNbrs(base.inNeighbors(), base.inNeighbors() + base.numEdges());
  VertexId v = 0;
  while (in[v + 1] - in[v] < 3) // a vertex with a few in-edges
    ++v;
  EdgeOffset e = in[v] + 1;
  VertexId wrong = inNbrs[e] == 0 ? 1 : 0;
  inNbrs[e] = wrong;
  std::vector<EdgeOffset> out(base.outOffsets(), base.outOffsets() + n + 1);
  std::vector<VertexId> outNbrs(base.outNeighbors(), base.outNeighbors() + base.numEdges());
  auto g = withInEdges<NoWeight>(n, out, outNbrs, {}, in, inNbrs, {});
  TransposeCheck c = check(g);
  EXPECT_TRUE(c.degreesAgree);
  EXPECT_FALSE(c.checksumsAgree);
  EXPECT_CONTAINS(c.problem, "its in-edges are not the transpose of its out-edges (vertex ");
  EXPECT_FALSE(c.ok());
}

} // namespace
