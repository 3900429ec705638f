//===- vertex_subset_test.cpp - Frontiers -------------------------------===//
#include "polyrt/edge_list.h"
#include "polyrt/loaded_graphs.h"
#include "polyrt/vertex_subset.h"
#include "test_util.h"

#include <limits>
#include <random>
#include <set>
#include <type_traits>

using namespace polyrt;
using namespace polyrt::test;

namespace {

std::vector<uint8_t> flagsOf(VertexId n, const std::vector<VertexId> &ids) {
  std::vector<uint8_t> flags(n, 0);
  for (VertexId v : ids)
    flags[v] = 1;
  return flags;
}

std::vector<uint64_t> wordsOf(VertexId n, const std::vector<VertexId> &ids) {
  std::vector<uint64_t> words((int64_t{n} + 63) / 64, 0);
  for (VertexId v : ids)
    words[v / 64] |= uint64_t{1} << (v % 64);
  return words;
}

/// Every form of s holds exactly ids (sorted, distinct).
void expectForms(VertexSubset &s, const std::vector<VertexId> &ids) {
  VertexId n = s.universe();
  EXPECT_EQ(s.size(), static_cast<int64_t>(ids.size()));
  EXPECT_EQ(sorted(s.sparse()), ids);
  std::vector<uint8_t> flags = flagsOf(n, ids);
  EXPECT_TRUE(std::equal(flags.begin(), flags.end(), s.dense()));
  std::vector<uint64_t> words = wordsOf(n, ids);
  EXPECT_TRUE(std::equal(words.begin(), words.end(), s.bits()));
  for (VertexId v : {VertexId{0}, n / 2, n - 1})
    if (v >= 0 && v < n) {
      EXPECT_EQ(s.contains(v), flags[v] != 0) << v;
    }
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
  EXPECT_EQ(asVector(s.sparse()), expected); // sorted, in parallel
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
  // With no graph of 6 vertices loaded the range is given as numbers
  // (loaded_graphs_test.cpp has the message naming a graph file).
  forgetLoadedGraphs();
  EXPECT_EQ(errorOf([&] { s.addVertex(6); }), "addVertex: index 6 is outside [0, 6)");
  EXPECT_EQ(errorOf([&] { s.addVertex(-1); }), "addVertex: index -1 is outside [0, 6)");
}

static_assert(std::is_nothrow_move_constructible_v<VertexSubset> &&
              std::is_nothrow_move_assignable_v<VertexSubset>);

// Every form converts to the other two, for sizes around word boundaries and
// large enough for the parallel paths, empty and full sets included.
TEST(VertexSubset, AllConversionsFromEachForm) {
  for (VertexId n : {0, 1, 63, 64, 65, 130, (1 << 20) + 37})
    for (int percent : {0, 3, 50, 100}) {
      SCOPED_TRACE("n=" + std::to_string(n) + " percent=" + std::to_string(percent));
      std::vector<VertexId> ids = randomMembers(n, percent, n * 7 + percent);
      int64_t k = static_cast<int64_t>(ids.size());
      withThreads(4, [&] {
        VertexSubset fromSparse = VertexSubset::fromSparse(n, ids);
        VertexSubset fromSparse2 = VertexSubset::fromSparse(n, ids); // bits first
        fromSparse2.bits();
        VertexSubset fromDense = VertexSubset::fromDense(n, flagsOf(n, ids), k);
        VertexSubset fromDense2 = VertexSubset::fromDense(n, flagsOf(n, ids), k);
        fromDense2.bits();
        VertexSubset fromBits = VertexSubset::fromBits(n, wordsOf(n, ids), k);
        VertexSubset fromBits2 = VertexSubset::fromBits(n, wordsOf(n, ids), k);
        fromBits2.dense();
        for (VertexSubset *s : {&fromSparse, &fromSparse2, &fromDense, &fromDense2, &fromBits,
                                &fromBits2})
          expectForms(*s, ids);
        return 0;
      });
    }
}

TEST(VertexSubset, OnlyTheFormAskedForIsBuilt) {
  VertexSubset b = VertexSubset::fromBits(100, wordsOf(100, {3, 64, 99}), 3);
  EXPECT_TRUE(b.hasBits());
  EXPECT_FALSE(b.hasSparse());
  EXPECT_FALSE(b.hasDense());
  EXPECT_TRUE(b.contains(64)); // read from the bits
  EXPECT_FALSE(b.contains(65));
  EXPECT_FALSE(b.hasDense());
  EXPECT_ELEMENTS(b.sparse(), 3, 64, 99);
  EXPECT_FALSE(b.hasDense());
  VertexSubset s = VertexSubset::fromSparse(100, {5});
  EXPECT_TRUE(s.contains(5)); // builds the (smaller) bit form
  EXPECT_TRUE(s.hasBits());
  EXPECT_FALSE(s.hasDense());
  VertexSubset d = VertexSubset::fromDense(100, flagsOf(100, {7}));
  EXPECT_TRUE(d.contains(7));
  EXPECT_FALSE(d.hasBits());
  EXPECT_FALSE(d.hasSparse());
}

TEST(VertexSubset, FromBitsAndFromDenseWithCount) {
  EXPECT_CONTAINS(errorOf([] { VertexSubset::fromBits(65, std::vector<uint64_t>(1), 0); }),
                  "1 words for 65 vertices (needs 2)");
  EXPECT_CONTAINS(errorOf([] { VertexSubset::fromBits(3, {uint64_t{1} << 3}, 1); }),
                  "bits set past vertex 2");
  EXPECT_CONTAINS(errorOf([] { VertexSubset::fromDense(3, std::vector<uint8_t>(4), 0); }),
                  "4 flags for 3 vertices");
  VertexSubset d = VertexSubset::fromDense(4, {0, 2, 0, 1}, 2); // any nonzero byte
  EXPECT_EQ(d.size(), 2);
  EXPECT_ELEMENTS(d.sparse(), 1, 3);
  EXPECT_EQ(d.bits()[0], 0b1010u);
  VertexSubset empty = VertexSubset::fromBits(0, {}, 0);
  EXPECT_TRUE(empty.empty());
  EXPECT_TRUE(empty.sparse().empty());
}

TEST(VertexSubset, DuplicatesInSparseToBits) {
  std::vector<VertexId> ids;
  for (int i = 0; i < 50000; ++i)
    ids.push_back(i % 1000);
  VertexSubset s = VertexSubset::fromSparse(1000, ids);
  EXPECT_EQ(s.size(), 50000); // the list's length
  const uint64_t *words = withThreads(4, [&] { return s.bits(); });
  for (VertexId v = 0; v < 1000; ++v)
    EXPECT_TRUE((words[v / 64] >> (v % 64)) & 1) << v;
}

TEST(VertexSubset, AddVertexKeepsEveryForm) {
  VertexSubset s = VertexSubset::fromSparse(200, {10, 150});
  s.dense();
  s.bits();
  s.addVertex(70);
  s.addVertex(150);
  expectForms(s, {10, 70, 150});
  VertexSubset b = VertexSubset::fromBits(70, wordsOf(70, {69}), 1);
  b.addVertex(0);
  EXPECT_FALSE(b.hasDense());
  expectForms(b, {0, 69});
}

TEST(VertexSubset, MovesAndCopies) {
  VertexSubset a = VertexSubset::fromSparse(10, {1, 2});
  const VertexId *data = a.sparse().data();
  VertexSubset b = std::move(a);
  EXPECT_EQ(b.sparse().data(), data); // moved, not copied
  VertexSubset c(10, false);
  c = std::move(b);
  EXPECT_EQ(c.size(), 2);
  VertexSubset d = c;
  d.addVertex(9);
  EXPECT_EQ(c.size(), 2);
  EXPECT_EQ(d.size(), 3);
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
  VertexSubset b = VertexSubset::fromBits(4, {0b1110}, 3);
  EXPECT_EQ(frontierWork(b, g), 1 + 0 + 3 + 3);
  EXPECT_FALSE(b.hasDense());
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
  std::vector<uint64_t> words(s.bits(), s.bits() + (g.numVertices() + 63) / 64);
  VertexSubset b = VertexSubset::fromBits(g.numVertices(), words, d.size());
  EXPECT_EQ(withThreads(4, [&] { return frontierWork(b, g); }), expected);
}

// The question stops once past the limit, over a list, a bitvector or bytes
// alike (then nothing is recorded: the sum is partial); a whole sum is
// recorded for the next question. A list and a bitvector are summed as they
// are, and so are bytes of more vertices than the limit allows at the average
// degree; fewer become the list first (the push that likely follows needs it).
TEST(FrontierWork, EveryFormStopsOncePastTheLimitAndRecordsWholeSums) {
  EdgeList el = generateKronecker(17, 8, 4);
  Graph<NoWeight> g = buildGraph<NoWeight>(el, 1 << 17, false);
  const VertexId n = g.numVertices();
  std::vector<VertexId> ids;
  int64_t expected = 0;
  for (VertexId v = 0; v < n; ++v) {
    ids.push_back(v);
    expected += g.outDegree(v) + 1;
  }
  const std::vector<uint8_t> flags(n, 1);
  const std::vector<uint64_t> words = wordsOf(n, ids);
  for (int form = 0; form < 3; ++form)
    for (int threads : {1, 4}) {
      SCOPED_TRACE("form " + std::to_string(form) + ", threads " + std::to_string(threads));
      VertexSubset s = form == 0   ? VertexSubset::fromSparse(n, ids) // 8 blocks of 2^14
                       : form == 1 ? VertexSubset::fromBits(n, words, n)
                                   : VertexSubset::fromDense(n, flags, n);
      // (The size alone answers a limit below it: ask past it.)
      EXPECT_TRUE(withThreads(threads, [&] { return frontierWorkExceeds(s, g, n + 1); }));
      EXPECT_EQ(s.recordedWork(g.outOffsets()), -1) << "a partial sum is not recorded";
      EXPECT_EQ(s.hasSparse(), form == 0);
      EXPECT_EQ(s.hasBits(), form == 1);
      EXPECT_EQ(s.hasDense(), form == 2);
      EXPECT_FALSE(withThreads(threads, [&] { return frontierWorkExceeds(s, g, 2 * expected); }));
      EXPECT_EQ(s.recordedWork(g.outOffsets()), expected);
      EXPECT_TRUE(frontierWorkExceeds(s, g, expected - 1));
      EXPECT_FALSE(frontierWorkExceeds(s, g, expected));
    }
  // Bytes of a few vertices, asked about a limit their count at the average
  // degree stays within and the graph's degree bounds leave open (Kronecker:
  // 0 to thousands): the list.
  std::vector<uint8_t> few(n, 0);
  few[3] = few[n - 1] = 1;
  const int64_t fewWork = g.outDegree(3) + g.outDegree(n - 1) + 2;
  const int64_t limit = 2 * ((g.numEdges() + n - 1) / n + 1);
  ASSERT_LE(2 * (g.minOutDegree() + 1), limit);
  ASSERT_GT(2 * (g.maxOutDegree() + 1), limit);
  VertexSubset s = VertexSubset::fromDense(n, few, 2);
  EXPECT_EQ(frontierWorkExceeds(s, g, limit), fewWork > limit);
  EXPECT_TRUE(s.hasSparse());
  EXPECT_EQ(s.recordedWork(g.outOffsets()), fewWork);
}

// Where the graph's smallest and largest degree settle the question, no
// degree is read: nothing is recorded and no list is built. Between them
// the degrees are summed as before.
TEST(FrontierWork, DegreeBoundsDecideWithoutReadingDegrees) {
  Graph<NoWeight> grid = buildGraph<NoWeight>(generateGrid(4, 4, 1), 16, true); // degrees 2-4
  const std::vector<VertexId> ids = {0, 5, 6, 15}; // degrees 2, 4, 4, 2: work 16
  for (int form = 0; form < 2; ++form) {
    SCOPED_TRACE(form == 0 ? "bits" : "bytes");
    auto subset = [&] {
      if (form == 0)
        return VertexSubset::fromBits(16, wordsOf(16, ids), 4);
      std::vector<uint8_t> flags(16, 0);
      for (VertexId v : ids)
        flags[v] = 1;
      return VertexSubset::fromDense(16, flags, 4);
    };
    VertexSubset s = subset();
    EXPECT_TRUE(frontierWorkExceeds(s, grid, 11)); // at least 4 * 3 = 12
    EXPECT_FALSE(frontierWorkExceeds(s, grid, 20)); // at most 4 * 5 = 20
    EXPECT_EQ(s.recordedWork(grid.outOffsets()), -1);
    EXPECT_FALSE(s.hasSparse());
    EXPECT_TRUE(frontierWorkExceeds(s, grid, 15)); // between: summed, 16
    EXPECT_EQ(s.recordedWork(grid.outOffsets()), 16);
    VertexSubset again = subset();
    EXPECT_FALSE(frontierWorkExceeds(again, grid, 16));
  }
  VertexSubset empty(16, false);
  EXPECT_FALSE(frontierWorkExceeds(empty, grid, 0));
  // Products past int64_t: a graph of 2^40 edges is not needed, a limit near
  // the top with a large frontier is (the bounds are compared by division).
  VertexSubset all(16, true);
  EXPECT_FALSE(frontierWorkExceeds(all, grid, std::numeric_limits<int64_t>::max()));
}

// A long list becomes bits with each thread setting its own words, for any
// split of the words (odd thread counts, more threads than words in some
// ranges) and beyond the scanning threads' limit with locked adds.
TEST(VertexSubset, LongListsToBitsForEveryThreadCount) {
  const VertexId n = (1 << 18) + 37;
  std::vector<VertexId> ids;
  for (int64_t i = 0; i < 100000; ++i)
    ids.push_back(static_cast<VertexId>((i * 2654435761u) % n)); // repeats some
  std::vector<VertexId> distinct = sorted(ids);
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  const std::vector<uint64_t> expected = wordsOf(n, distinct);
  for (int threads : {1, 2, 3, 7, 8, 9, 16}) {
    VertexSubset s = VertexSubset::fromSparse(n, ids);
    const uint64_t *words = withThreads(threads, [&] { return s.bits(); });
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), words)) << threads << " threads";
  }
}

// A recorded work answers the hybrid's question without a pass (and without
// building the sparse form), but only for the graph it was recorded for and
// only until the subset changes.
TEST(FrontierWork, RecordedWorkDecidesForItsGraphOnly) {
  // Degrees: 0:2, 1:1, 2:0, 3:3
  Graph<NoWeight> g(4, {0, 2, 3, 3, 6}, {1, 2, 0, 0, 1, 2}, {}, true);
  Graph<NoWeight> other(4, {0, 2, 3, 3, 6}, {1, 2, 0, 0, 1, 2}, {}, true);
  VertexSubset b = VertexSubset::fromBits(4, {0b1001}, 2); // {0, 3}: work 7
  EXPECT_EQ(b.recordedWork(g.outOffsets()), -1);
  b.recordWork(g.outOffsets(), 100); // deliberately not the true work
  EXPECT_EQ(b.recordedWork(g.outOffsets()), 100);
  EXPECT_TRUE(frontierWorkExceeds(b, g, 50));
  EXPECT_FALSE(b.hasSparse());
  EXPECT_EQ(b.recordedWork(other.outOffsets()), -1);
  EXPECT_FALSE(frontierWorkExceeds(b, other, 7)); // computed: 7
  EXPECT_TRUE(frontierWorkExceeds(b, other, 6));
  VertexSubset copy = b;
  EXPECT_EQ(copy.recordedWork(g.outOffsets()), 100);
  b.addVertex(1);
  EXPECT_EQ(b.recordedWork(g.outOffsets()), -1);
  EXPECT_FALSE(frontierWorkExceeds(b, g, 9)); // computed: 9
  EXPECT_TRUE(frontierWorkExceeds(b, g, 8));
}

} // namespace
