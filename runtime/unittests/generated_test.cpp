//===- generated_test.cpp - generated.h's helpers for generated code -----===//
#include "polyrt/generated.h"
#include "test_util.h"

#include <omp.h>

using namespace polyrt;

namespace {

// Vertex 0 has 200 out-edges (duplicates): more than an int8_t counts, which
// stands in for a degree past 2^31 that an int cannot count.
Graph<NoWeight> hubWith200Edges() {
  std::vector<EdgeOffset> offsets = {0, 200, 200};
  std::vector<VertexId> neighbors(200, 1);
  return Graph<NoWeight>(2, std::move(offsets), std::move(neighbors), {}, true);
}

TEST(GeneratedDegrees, DegreesThatFitAreCounted) {
  Graph<NoWeight> g = hubWith200Edges();
  VertexArray<int32_t> degrees = outDegrees(g);
  EXPECT_EQ(degrees[0], 200);
  EXPECT_EQ(degrees[1], 0);
  EXPECT_EQ(outDegreeAsInt(g, 0), 200);
}

TEST(GeneratedDegreesErrorTest, ADegreeTheTypeCannotCountStopsTheProgram) {
  Graph<NoWeight> g = hubWith200Edges();
  EXPECT_RUNTIME_ERROR(outDegrees<int8_t>(g),
                       "vertex 0 has 200 out-edges, more than an int can count");
}

TEST(GeneratedDegreesErrorTest, AVertexOutsideTheGraphStopsTheProgram) {
  Graph<NoWeight> g = hubWith200Edges();
  EXPECT_EQ(outDegreeAsInt(g, 0), 200);
  EXPECT_RUNTIME_ERROR(outDegreeAsInt(g, static_cast<VertexId>(g.numVertices())),
                       "getOutDegree: (vertex|index) [0-9]+ is");
  EXPECT_RUNTIME_ERROR(outNeighbors(g, -1), "getNgh: (vertex|index) -1 is");
}

TEST(GeneratedDegrees, AComparedDegreeIsTheWholeDegree) {
  Graph<NoWeight> g = hubWith200Edges();
  EXPECT_EQ(comparedOutDegree(g, 0), int64_t{200});
  EXPECT_EQ(comparedOutDegree(g, 1, QueryVertex::InRange), int64_t{0});
}

TEST(GeneratedDegreesErrorTest, AComparedDegreeStillChecksItsVertex) {
  Graph<NoWeight> g = hubWith200Edges();
  EXPECT_RUNTIME_ERROR(comparedOutDegree(g, 2),
                       "getOutDegree: (vertex|index) 2 is");
}

TEST(GeneratedDivide, TruncatesTowardZeroAsCpp) {
  EXPECT_EQ(divide<int32_t>(7, 2, "p.gt:1:1"), 3);
  EXPECT_EQ(divide<int32_t>(-7, 2, "p.gt:1:1"), -3);
  EXPECT_EQ(divide<int32_t>(std::numeric_limits<int32_t>::min(), 1, "p.gt:1:1"),
            std::numeric_limits<int32_t>::min());
  EXPECT_EQ(divide<uint64_t>(std::numeric_limits<uint64_t>::max(), 1, "p.gt:1:1"),
            std::numeric_limits<uint64_t>::max());
}

TEST(GeneratedDivideErrorTest, ZeroDivisorStopsTheProgramNamingThePlace) {
  EXPECT_RUNTIME_ERROR(divide<int32_t>(1, 0, "prog.gt:3:9"),
                       "prog.gt:3:9: integer division by zero");
  EXPECT_RUNTIME_ERROR(divide<uint32_t>(1, 0, "prog.gt:4:1"),
                       "prog.gt:4:1: integer division by zero");
}

TEST(GeneratedDivideErrorTest, LowestValueByMinusOneStopsTheProgram) {
  EXPECT_RUNTIME_ERROR(divide<int32_t>(std::numeric_limits<int32_t>::min(), -1, "prog.gt:5:2"), "prog.gt:5:2: integer overflow");
}

// An integer sum large enough to be split over the threads gives the serial
// total with any number of them; a float sum keeps the serial order (its
// rounding would otherwise depend on the thread count).
TEST(GeneratedSum, IntegerSumIsTheSameOnAnyThreadCount) {
  const int savedThreads = omp_get_max_threads();
  const int64_t n = 1'000'003;
  VertexArray<uint64_t> counts(n, 0);
  uint64_t expected = 0;
  for (int64_t i = 0; i < n; ++i) {
    counts[i] = static_cast<uint64_t>(i % 97) * 1'000'000'007ull;
    expected += counts[i];
  }
  for (int threads : {1, 2, 3, 8}) {
    omp_set_num_threads(threads);
    EXPECT_EQ(sum(counts), expected) << threads << " threads";
  }
  VertexArray<float> values(n, 0.0f);
  float serial = 0.0f;
  for (int64_t i = 0; i < n; ++i) {
    values[i] = 1.0f / static_cast<float>(i % 1000 + 1);
    serial += values[i];
  }
  for (int threads : {1, 2, 3, 8}) {
    omp_set_num_threads(threads);
    EXPECT_EQ(sum(values), serial) << threads << " threads";
  }
  omp_set_num_threads(savedThreads);
}

} // namespace
