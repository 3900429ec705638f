//===- text_graph_meaning_test.cpp - Undirected text graphs, vertex counts ===//
//
// What a text graph means beyond its edge lines: POLYRT_SYMMETRIZE and SNAP's
// "# Undirected graph" header make it undirected; SNAP's "# Nodes: N" header
// and Matrix Market's size line keep trailing isolated vertices, which the
// .el writer's header keeps through a round trip.
//
//===----------------------------------------------------------------------===//
#include "detail/file.h"
#include "polyrt/edge_list.h"
#include "polyrt/io.h"
#include "test_util.h"

using namespace polyrt;
using namespace polyrt::test;

namespace {

// Each undirected edge once, as NetworkX's write_edgelist writes it.
const char *kOnce = "1 0\n2 1\n4 3\n";

TEST(TextGraphMeaning, AnEdgeListLoadsVerbatimUnlessSymmetrizeIsSet) {
  std::string path = writeTemp("once.el", kOnce);
  Graph<NoWeight> verbatim = loadGraph<NoWeight>(path);
  EXPECT_TRUE(verbatim.directed());
  EXPECT_EQ(verbatim.outDegree(1), 1);
  ScopedEnv on("POLYRT_SYMMETRIZE", "1");
  Graph<NoWeight> g = loadGraph<NoWeight>(path);
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(g.numEdges(), 6);
  EXPECT_ELEMENTS(outList(g, 1), 0, 2);
  EXPECT_ELEMENTS(outList(g, 3), 4);
}

TEST(TextGraphMeaning, SymmetrizeKeepsASelfLoopOnceAndWeights) {
  ScopedEnv on("POLYRT_SYMMETRIZE", "1");
  Graph<int32_t> g = loadGraph<int32_t>(writeTemp("w.wel", "0 1 5\n2 2 7\n"));
  EXPECT_FALSE(g.directed());
  EXPECT_ELEMENTS(outList(g, 1), 0);
  EXPECT_ELEMENTS(outWeightList(g, 1), 5);
  EXPECT_ELEMENTS(outList(g, 2), 2);
}

TEST(TextGraphMeaning, SymmetrizeAppliesToEveryDirectedFormat) {
  ScopedEnv on("POLYRT_SYMMETRIZE", "1");
  Graph<int32_t> gr = loadGraph<int32_t>(writeTemp("g.gr", "p sp 3 2\na 1 2 4\na 3 2 6\n"));
  EXPECT_FALSE(gr.directed());
  EXPECT_ELEMENTS(outList(gr, 1), 0, 2);
  EXPECT_ELEMENTS(outWeightList(gr, 1), 4, 6);
  Graph<NoWeight> mtx = loadGraph<NoWeight>(
      writeTemp("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 3\n"));
  EXPECT_FALSE(mtx.directed());
  EXPECT_ELEMENTS(outList(mtx, 2), 0);
}

TEST(TextGraphMeaning, ASnapUndirectedHeaderIsHonouredUnlessSymmetrizeIsZero) {
  std::string path = writeTemp("snap.txt", std::string("# Undirected graph: snap.txt\n# nothing\n") + kOnce);
  Graph<NoWeight> g = loadGraph<NoWeight>(path);
  EXPECT_FALSE(g.directed());
  EXPECT_ELEMENTS(outList(g, 1), 0, 2);
  // Only the header counts: the same words after the first edge are a comment.
  Graph<NoWeight> late = loadGraph<NoWeight>(writeTemp("late.txt", std::string(kOnce) + "# Undirected graph\n"));
  EXPECT_TRUE(late.directed());
  ScopedEnv off("POLYRT_SYMMETRIZE", "0");
  EXPECT_TRUE(loadGraph<NoWeight>(path).directed());
}

TEST(TextGraphMeaning, ABadSymmetrizeValueIsAnError) {
  ScopedEnv bad("POLYRT_SYMMETRIZE", "yes");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(writeTemp("bad.el", "0 1\n")); }),
                  "POLYRT_SYMMETRIZE must be auto, 1 or 0, not 'yes'");
}

TEST(TextGraphMeaning, ASnapNodesHeaderKeepsTrailingIsolatedVertices) {
  Graph<NoWeight> g = loadGraph<NoWeight>(writeTemp("g.txt", "# Nodes: 7 Edges: 3\n1 0\n2 1\n4 3\n"));
  EXPECT_EQ(g.numVertices(), 7);
  EXPECT_EQ(g.numEdges(), 3);
  // SNAP's N counts the vertices that occur, and its ids may go beyond: a floor.
  Graph<NoWeight> sparse = loadGraph<NoWeight>(writeTemp("s.txt", "# Nodes: 3 Edges: 2\n0 10\n10 5\n"));
  EXPECT_EQ(sparse.numVertices(), 11);
}

TEST(TextGraphMeaning, ANodesHeaderIsAClaimTheEdgesMustJustify) {
  std::string far = writeTemp("far.el", "# Nodes: 5000000 Edges: 1\n0 1\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(far); }),
                  "far.el: its '# Nodes:' line (line 1) declares 5000000 vertices, so the graph "
                  "would have 5000000 vertices, but its 1 edge touches at most 2");
  std::string huge = writeTemp("huge.el", "# Nodes: 3000000000\n0 1\n");
  EXPECT_CONTAINS(errorOf([&] { loadGraph<NoWeight>(huge); }),
                  "huge.el: its '# Nodes:' line (line 1) declares 3000000000 vertices: polyrt "
                  "uses 32-bit vertex ids");
  ScopedEnv allow("POLYRT_ALLOW_ISOLATED_VERTICES", "1");
  EXPECT_EQ(loadGraph<NoWeight>(far).numVertices(), 5000000);
}

TEST(TextGraphMeaning, AMatrixMarketSizeLineKeepsTrailingIsolatedVertices) {
  Graph<NoWeight> g = loadGraph<NoWeight>(
      writeTemp("g.mtx", "%%MatrixMarket matrix coordinate pattern general\n6 6 1\n1 2\n"));
  EXPECT_EQ(g.numVertices(), 6);
}

TEST(TextGraphMeaning, TrailingIsolatedVerticesSurviveAnEdgeListRoundTrip) {
  EdgeList edges{{1, 0, 3}, {2, 1, 4}};
  for (bool undirected : {false, true}) {
    Graph<int32_t> g = buildGraph<int32_t>(edges, 6, undirected);
    std::string sg = tempPath("iso.wsg"), el = tempPath("iso.wel");
    writeGraph(g, sg);
    writeGraph(loadGraph<int32_t>(sg), el);
    Graph<int32_t> back = loadGraph<int32_t>(el);
    EXPECT_EQ(back.numVertices(), 6);
    EXPECT_EQ(edgesOf(back), edgesOf(g));
  }
  // Without trailing isolated vertices the file is edge lines only, as
  // GAPBS's reader (which stops at a comment) takes it.
  std::string el = tempPath("plain.el");
  writeGraph(buildGraph<NoWeight>(edges, 3, false), el);
  EXPECT_EQ(detail::readFile(el), "1 0\n2 1\n");
}

} // namespace
