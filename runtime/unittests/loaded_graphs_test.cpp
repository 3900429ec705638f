//===- loaded_graphs_test.cpp - Out-of-range vertices named by their graph ===//
#include "polyrt/checked_index.h"
#include "polyrt/io.h"
#include "polyrt/loaded_graphs.h"
#include "polyrt/parallel_errors.h"
#include "polyrt/program.h"
#include "polyrt/vertex_array.h"
#include "polyrt/vertex_subset.h"
#include "test_util.h"

#include <array>
#include <limits>

using namespace polyrt;
using namespace polyrt::test;

namespace {

TEST(LoadedGraphs, LoadGraphRecordsTheFileAsGiven) {
  forgetLoadedGraphs();
  std::string path = writeTemp("three.el", "0 1\n1 2\n");
  Graph<NoWeight> g = loadGraph<NoWeight>(path);
  ASSERT_EQ(g.numVertices(), 3);
  EXPECT_ELEMENTS(loadedGraphsWithVertices(3), path);
  EXPECT_TRUE(loadedGraphsWithVertices(4).empty());
  // Loaded again: still one entry.
  Graph<NoWeight> again = loadGraph<NoWeight>(path);
  EXPECT_ELEMENTS(loadedGraphsWithVertices(3), path);
  // A file that fails to load is not recorded.
  std::string bad = writeTemp("bad.el", "0 x\n");
  EXPECT_FALSE(errorOf([&] { loadGraph<NoWeight>(bad); }).empty());
  EXPECT_ELEMENTS(loadedGraphsWithVertices(3), path);
  forgetLoadedGraphs();
}

TEST(LoadedGraphs, MessagesNameTheGraphWithThatManyVertices) {
  forgetLoadedGraphs();
  recordLoadedGraph("graph.sg", 62);
  EXPECT_EQ(describeVertexOutOfRange(int64_t{64}, 62),
            "vertex 64 is not a vertex of graph.sg (62 vertices)");
  EXPECT_EQ(describeVertexOutOfRange(int64_t{-1}, 62),
            "vertex -1 is not a vertex of graph.sg (62 vertices)");
  EXPECT_EQ(describeVertexOutOfRange(uint64_t{18446744073709551615u}, 62),
            "vertex 18446744073709551615 is not a vertex of graph.sg (62 vertices)");
  // No loaded graph has 10 vertices: the range as numbers.
  EXPECT_EQ(describeVertexOutOfRange(int64_t{64}, 10), "index 64 is outside [0, 10)");
  // A position that is no vertex never names a graph.
  EXPECT_EQ(describeIndexOutOfRange(int64_t{64}, 62), "index 64 is outside [0, 62)");
  // Two files of that size are both named; one vertex is singular.
  recordLoadedGraph("other.el", 62);
  recordLoadedGraph("one.el", 1);
  EXPECT_EQ(describeVertexOutOfRange(int64_t{62}, 62),
            "vertex 62 is not a vertex of graph.sg or other.el (62 vertices)");
  EXPECT_EQ(describeVertexOutOfRange(int64_t{1}, 1), "vertex 1 is not a vertex of one.el (1 vertex)");
  forgetLoadedGraphs();
}

TEST(LoadedGraphs, AddVertexNamesTheGraph) {
  forgetLoadedGraphs();
  recordLoadedGraph("graph.sg", 62);
  VertexSubset s(62, false);
  EXPECT_EQ(errorOf([&] { s.addVertex(64); }),
            "addVertex: vertex 64 is not a vertex of graph.sg (62 vertices)");
  EXPECT_EQ(errorOf([&] { s.addVertex(std::numeric_limits<VertexId>::max()); }),
            "addVertex: vertex 2147483647 is not a vertex of graph.sg (62 vertices)");
  forgetLoadedGraphs();
}

TEST(CheckedIndex, InRangeIsThePlainElement) {
  VertexArray<int32_t> parent(4, -1);
  checkedAt(parent, 2, "p.gt:1:1") = 7;
  EXPECT_EQ(parent[2], 7);
  EXPECT_EQ(&checkedAt(parent, int64_t{3}, "p.gt:1:1"), &parent[3]);
  EXPECT_EQ(&checkedAt(parent, uint64_t{0}, "p.gt:1:1"), &parent[0]);
  const VertexArray<int32_t> &constant = parent;
  EXPECT_EQ(checkedAt(constant, 2, "p.gt:1:1"), 7);
  std::array<double, 3> slots{0.5, 1.5, 2.5};
  checkedSlotAt(slots, 1u, "p.gt:1:1") += 1.0;
  EXPECT_EQ(slots[1], 2.5);
  // Nested: latent[v][i].
  VertexArray<std::array<double, 3>> latent(2, slots);
  EXPECT_EQ(checkedSlotAt(checkedAt(latent, 1, "p.gt:2:1"), 2, "p.gt:2:1"), 2.5);
}

TEST(CheckedIndexErrorTest, AVertexOutsideStopsTheProgramNamingTheGraph) {
  forgetLoadedGraphs();
  recordLoadedGraph("graph.sg", 62);
  VertexArray<int32_t> SP(62, 0);
  EXPECT_RUNTIME_ERROR(checkedAt(SP, 64, "sssp.gt:20:5") = 0,
                       "sssp.gt:20:5: vertex 64 is not a vertex of graph.sg \\(62 vertices\\)");
  EXPECT_RUNTIME_ERROR(checkedAt(SP, -1, "sssp.gt:20:5") = 0,
                       "sssp.gt:20:5: vertex -1 is not a vertex of graph.sg \\(62 vertices\\)");
  EXPECT_RUNTIME_ERROR(checkedAt(SP, std::numeric_limits<int32_t>::max(), "sssp.gt:20:5") = 0,
                       "sssp.gt:20:5: vertex 2147483647 is not a vertex of graph.sg");
  forgetLoadedGraphs();
}

TEST(CheckedIndexErrorTest, AStartVertexOutsideIsNamedAsTheStartVertex) {
  forgetLoadedGraphs();
  recordLoadedGraph("graph.sg", 62);
  VertexSubset frontier(62, false);
  addStartVertex(frontier, 61, "bfs.gt:23:24");
  EXPECT_TRUE(frontier.contains(61));
  EXPECT_EQ(frontier.size(), 1);
  EXPECT_RUNTIME_ERROR(addStartVertex(frontier, 64, "bfs.gt:23:24"),
                       "bfs.gt:23:24: start vertex 64 is not a vertex of graph.sg \\(62 vertices\\)");
  EXPECT_RUNTIME_ERROR(addStartVertex(frontier, int64_t{1} << 40, "bfs.gt:23:24"), "bfs.gt:23:24: start vertex 1099511627776 is not");
  VertexSubset unloaded(5, false); // new vertexset{V}(5), no graph of 5 vertices
  EXPECT_RUNTIME_ERROR(addStartVertex(unloaded, -1, "p.gt:3:4"),
                       "p.gt:3:4: start vertex -1 is outside \\[0, 5\\)");
  forgetLoadedGraphs();
}

TEST(CheckedIndexErrorTest, OtherVectorsGiveTheRange) {
  forgetLoadedGraphs();
  recordLoadedGraph("graph.sg", 3);
  std::array<int32_t, 3> slots{};
  // A fixed vector of 3 slots is no graph of 3 vertices.
  EXPECT_RUNTIME_ERROR(checkedSlotAt(slots, 3, "p.gt:4:2") = 1,
                       "p.gt:4:2: index 3 is outside \\[0, 3\\)");
  VertexArray<int32_t> sized(5, 0); // sized by new vertexset{V}(5), no graph
  EXPECT_RUNTIME_ERROR(checkedAt(sized, 5, "p.gt:5:2") = 1,
                       "p.gt:5:2: index 5 is outside \\[0, 5\\)");
  forgetLoadedGraphs();
}

TEST(CheckedIndexDeathTest, AStandaloneProgramStopsFromInsideAParallelLoop) {
  // A forked child cannot start OpenMP threads when the parent has a pool
  // already: run the test again in a new process instead.
  const std::string style = GTEST_FLAG_GET(death_test_style);
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  forgetLoadedGraphs();
  VertexArray<int32_t> values(8, 0);
  char name[] = "prog";
  char *argv[] = {name, nullptr};
  auto body = [&] {
#pragma omp parallel for
    for (int i = 0; i < 16; ++i)
      checkedAt(values, i, "p.gt:9:9") = i;
  };
  EXPECT_EXIT(runMain(1, argv, body), testing::ExitedWithCode(1),
              "prog: error: p.gt:9:9: index [0-9]+ is outside");
  GTEST_FLAG_SET(death_test_style, style);
}

TEST(CheckedIndexErrorTest, ALibraryThrowsAfterTheParallelLoop) {
  // Outside runMain (a library's kernel in its caller's process), each task
  // catches the error and the loop throws the first again once it is over.
  forgetLoadedGraphs();
  VertexArray<int32_t> values(8, 0);
  auto body = [&] {
    ParallelErrors errors;
#pragma omp parallel for
    for (int i = 0; i < 16; ++i) {
      try {
        checkedAt(values, i, "p.gt:9:9") = i;
      } catch (...) {
        errors.capture();
      }
    }
    errors.rethrow();
  };
  EXPECT_RUNTIME_ERROR(body(), "^p.gt:9:9: index (8|9|1[0-5]) is outside \\[0, 8\\)$");
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(values[i], i); // every task in range ran
}

} // namespace
