//===- frontier_builders_test.cpp - Output frontiers --------------------===//
#include "polyrt/frontier_builders.h"
#include "test_util.h"

#include <memory>
#include <random>

using namespace polyrt;
using namespace polyrt::test;

namespace {

/// Every one of n vertices added 8 times from 4 threads: with dedup each
/// appears once. The builder is reusable after finish(): the claims were
/// released. make(n) returns a builder with dedup on.
template <typename Make> void checkDedupUnderOpenMP(Make make) {
  const VertexId n = 100000; // many flushes of a sliding queue's buffers
  withThreads(4, [&] {
    auto b = make(n);
#pragma omp parallel for schedule(dynamic, 64)
    for (int64_t i = 0; i < 8 * int64_t{n}; ++i)
      b->add(static_cast<VertexId>((i * 7919) % n));
    VertexSubset s = b->finish();
    EXPECT_EQ(s.size(), n);
    EXPECT_EQ(sorted(s.sparse()), iota(n));
#pragma omp parallel for
    for (VertexId v = 0; v < 10; ++v) {
      b->add(v);
      b->add(v);
    }
    EXPECT_EQ(sorted(b->finish().sparse()), iota(10));
    EXPECT_EQ(b->finish().size(), 0);
    return 0;
  });
}

/// 30000 adds of 50 vertices from 3 threads, dedup off: all kept.
/// make(n, adds) returns a builder with dedup off.
template <typename Make> void checkNoDedupKeepsEveryAdd(Make make) {
  withThreads(3, [&] {
    auto b = make(50, 30000);
#pragma omp parallel for
    for (int i = 0; i < 30000; ++i)
      b->add(i % 50);
    VertexSubset s = b->finish();
    EXPECT_EQ(s.size(), 30000);
    std::vector<int> count(50, 0);
    for (VertexId v : s.sparse())
      ++count[v];
    for (int c : count)
      EXPECT_EQ(c, 600);
    return 0;
  });
}

TEST(SparseFrontierBuilder, DedupUnderOpenMP) {
  checkDedupUnderOpenMP([](VertexId n) { return std::make_unique<SparseFrontierBuilder>(n, true); });
}

TEST(SparseFrontierBuilder, NoDedupKeepsEveryAdd) {
  checkNoDedupKeepsEveryAdd(
      [](VertexId n, int64_t) { return std::make_unique<SparseFrontierBuilder>(n, false); });
}

/// Dedup::AtFinish: the same adds as checkDedupUnderOpenMP without claims,
/// repeats dropped by finish(); serially the first occurrences keep their order.
template <typename Make> void checkDedupAtFinish(Make make) {
  withThreads(4, [&] {
    const VertexId n = 100000;
    auto b = make(n, 8 * int64_t{n});
#pragma omp parallel for schedule(dynamic, 64)
    for (int64_t i = 0; i < 8 * int64_t{n}; ++i)
      b->add(static_cast<VertexId>((i * 7919) % n));
    VertexSubset s = b->finish();
    EXPECT_EQ(s.size(), n);
    EXPECT_EQ(sorted(s.sparse()), iota(n));
    return 0;
  });
  auto serial = make(10, 10);
  for (VertexId v : {5, 3, 5, 9, 3})
    serial->add(v);
  EXPECT_ELEMENTS(serial->finish().sparse(), 5, 3, 9);
  auto again = make(10, 10); // the pooled flags came back clean
  for (VertexId v : {3, 5, 3})
    again->add(v);
  EXPECT_ELEMENTS(again->finish().sparse(), 3, 5);
}

TEST(SparseFrontierBuilder, DedupAtFinish) {
  checkDedupAtFinish([](VertexId n, int64_t) {
    return std::make_unique<SparseFrontierBuilder>(n, Dedup::AtFinish);
  });
}

TEST(SlidingQueueBuilder, DedupAtFinish) {
  checkDedupAtFinish([](VertexId n, int64_t capacity) {
    return std::make_unique<SlidingQueueBuilder>(n, capacity, Dedup::AtFinish);
  });
}

TEST(SparseFrontierBuilder, SerialUseKeepsOrder) {
  SparseFrontierBuilder b(10, true);
  for (VertexId v : {5, 3, 5, 9})
    b.add(v);
  EXPECT_ELEMENTS(b.finish().sparse(), 5, 3, 9);
}

TEST(SparseFrontierBuilder, ConcatenatesInThreadOrder) {
  const VertexId n = 200000; // past the serial cutoff: the parallel copy
  withThreads(4, [&] {
    SparseFrontierBuilder b(n, false);
#pragma omp parallel for schedule(static)
    for (VertexId v = 0; v < n; ++v)
      b.add(v);
    EXPECT_EQ(asVector(b.finish().sparse()), iota(n));
    return 0;
  });
}

// Rounds of adds with duplicates, as a BFS does: each round's output is its
// distinct vertices, so the pooled flags come back clean every time, and the
// pool allocates no new arrays once it holds one of this size.
TEST(SparseFrontierBuilder, PoolReuseAcrossRounds) {
  const VertexId n = 50000;
  std::mt19937 rng(5);
  int64_t allocationsBefore = -1;
  for (int round = 0; round < 200; ++round) {
    std::vector<VertexId> adds;
    int count = static_cast<int>(rng() % 3000);
    for (int i = 0; i < count; ++i)
      adds.push_back(static_cast<VertexId>(rng() % n));
    std::vector<VertexId> expected = sorted(adds);
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    VertexSubset out = withThreads(3, [&] {
      SparseFrontierBuilder b(n, true);
#pragma omp parallel for schedule(dynamic, 16)
      for (int i = 0; i < count; ++i) {
        b.add(adds[i]);
        b.add(adds[(i * 7) % count]);
      }
      return b.finish();
    });
    ASSERT_EQ(sorted(out.sparse()), expected) << "round " << round;
    if (round == 0)
      allocationsBefore = detail::dedupFlagAllocations();
  }
  EXPECT_EQ(detail::dedupFlagAllocations(), allocationsBefore);
}

TEST(SparseFrontierBuilder, UnfinishedBuilderReleasesItsClaims) {
  const VertexId n = 777;
  {
    SparseFrontierBuilder b(n, true);
    for (VertexId v = 0; v < n; v += 2)
      b.add(v);
  } // destroyed without finish(): the flags go back clean
  SparseFrontierBuilder b(n, true);
  for (VertexId v = 0; v < n; ++v)
    b.add(v);
  EXPECT_EQ(b.finish().size(), n);
}

TEST(SparseFrontierBuilder, TwoBuildersOfOneSizeAtOnce) {
  SparseFrontierBuilder a(100, true), b(100, true);
  a.add(5);
  b.add(5); // separate flag arrays
  a.add(5);
  EXPECT_ELEMENTS(a.finish().sparse(), 5);
  EXPECT_ELEMENTS(b.finish().sparse(), 5);
}

TEST(SlidingQueueBuilder, DedupUnderOpenMP) {
  checkDedupUnderOpenMP([](VertexId n) { return std::make_unique<SlidingQueueBuilder>(n, n, true); });
}

TEST(SlidingQueueBuilder, NoDedupKeepsEveryAdd) {
  checkNoDedupKeepsEveryAdd([](VertexId n, int64_t adds) {
    return std::make_unique<SlidingQueueBuilder>(n, adds, false);
  });
}

TEST(SlidingQueueBuilder, SerialUseKeepsOrder) {
  SlidingQueueBuilder b(10, 10, true);
  for (VertexId v : {5, 3, 5, 9})
    b.add(v);
  EXPECT_ELEMENTS(b.finish().sparse(), 5, 3, 9);
  SlidingQueueBuilder big(20000, 20000, false); // order kept across flushes
  for (VertexId v = 0; v < 20000; ++v)
    big.add(v);
  EXPECT_EQ(asVector(big.finish().sparse()), iota(20000));
}

TEST(SlidingQueueBuilder, RoundsReuseTheirArrays) {
  // A BFS on a grid builds thousands of queues with room for |V| ids: after
  // the first, each takes a spare array rather than mapping a new one.
  const VertexId n = 50000;
  int64_t allocationsBefore = 0;
  for (int round = 0; round < 10; ++round) {
    SlidingQueueBuilder b(n, n, false);
    for (VertexId v = round; v < n; v += 1000)
      b.add(v);
    EXPECT_EQ(b.finish().size(), (n - round + 999) / 1000) << "round " << round;
    if (round == 0)
      allocationsBefore = detail::idArrayAllocations();
  }
  EXPECT_EQ(detail::idArrayAllocations(), allocationsBefore);
  {
    SlidingQueueBuilder small(n, 10, false); // a larger spare array serves too
    small.add(7);
    EXPECT_ELEMENTS(small.finish().sparse(), 7);
  }
  SlidingQueueBuilder large(n, n, false); // and comes back with all its room
  large.add(8);
  EXPECT_ELEMENTS(large.finish().sparse(), 8);
  EXPECT_EQ(detail::idArrayAllocations(), allocationsBefore);
}

TEST(SlidingQueueBuilder, AFullRoundHandsItsQueueOverAsTheFrontier) {
  // A round that fills an eighth of its room or more returns the queue
  // itself; the builder takes another. As in a BFS, each round's frontier
  // lives while the next is built: after two rounds, the arrays dropped by
  // the frontiers serve the later ones.
  const VertexId n = 50000;
  int64_t allocationsBefore = 0;
  VertexSubset previous;
  for (int round = 0; round < 10; ++round) {
    SlidingQueueBuilder b(n, n, false);
    std::vector<VertexId> expected;
    for (VertexId v = round; v < n; v += 2) {
      b.add(v); // serial adds keep their order
      expected.push_back(v);
    }
    VertexSubset next = b.finish();
    ASSERT_EQ(asVector(next.sparse()), expected) << "round " << round;
    previous = std::move(next);
    if (round == 1)
      allocationsBefore = detail::idArrayAllocations();
  }
  EXPECT_EQ(detail::idArrayAllocations(), allocationsBefore);
  SlidingQueueBuilder reused(n, n, false); // a builder used again after a hand-over
  for (int round = 0; round < 2; ++round) {
    for (VertexId v = round; v < n; v += 4)
      reused.add(v);
    EXPECT_EQ(reused.finish().size(), (n - round + 3) / 4) << "round " << round;
  }
  reused.add(7);
  EXPECT_ELEMENTS(reused.finish().sparse(), 7);
}

TEST(SlidingQueueBuilder, CapacityExceeded) {
  withThreads(4, [&] {
    SlidingQueueBuilder b(100, 9000, false);
#pragma omp parallel for
    for (int i = 0; i < 20000; ++i)
      b.add(i % 100);
    EXPECT_CONTAINS(errorOf([&] { b.finish(); }),
                    "SlidingQueueBuilder: 20000 vertices were added to a queue with room for 9000");
    for (VertexId v = 0; v < 5; ++v)
      b.add(v);
    EXPECT_EQ(b.finish().size(), 5); // usable after the error
    // With dedup: the claims of the dropped ids are released too.
    const VertexId n = 30000;
    SlidingQueueBuilder d(n, 10000, true);
#pragma omp parallel for
    for (VertexId v = 0; v < n; ++v)
      d.add(v);
    EXPECT_CONTAINS(errorOf([&] { d.finish(); }), "room for 10000");
    SparseFrontierBuilder after(n, true); // may get d's flag array
    for (VertexId v = 0; v < n; ++v)
      after.add(v);
    EXPECT_EQ(after.finish().size(), n);
    SlidingQueueBuilder exact(100, 100, false); // a full queue is fine
    for (VertexId v = 0; v < 100; ++v)
      exact.add(v);
    EXPECT_EQ(exact.finish().size(), 100);
    return 0;
  });
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

TEST(DenseFrontierBuilder, AddSharedAndGivenCount) {
  withThreads(4, [&] {
    DenseFrontierBuilder b(5000);
    int64_t added = 0;
#pragma omp parallel for
    for (int i = 0; i < 40000; ++i)
      if (i % 8 == 0)
        b.addShared(i % 5000); // 5000 adds of 625 vertices, racing
    for (VertexId v = 0; v < 5000; v += 8)
      ++added;
    VertexSubset s = b.finish(added);
    EXPECT_EQ(s.size(), 625);
    EXPECT_FALSE(s.hasSparse());
    EXPECT_EQ(s.sparse().size(), 625u);
    EXPECT_TRUE(s.contains(4992));
    EXPECT_FALSE(s.contains(4993));
    EXPECT_EQ(b.finish().size(), 0); // spent
    return 0;
  });
}

TEST(BitvectorFrontierBuilder, ParallelAddsWithDuplicates) {
  for (VertexId n : {0, 1, 64, 100, 300001}) {
    SCOPED_TRACE(n);
    std::vector<VertexId> expected;
    for (VertexId v = 0; v < n; ++v)
      if (v % 3 != 1)
        expected.push_back(v);
    withThreads(4, [&] {
      BitvectorFrontierBuilder b(n);
#pragma omp parallel for schedule(dynamic, 100)
      for (int64_t i = 0; i < 3 * int64_t{n}; ++i)
        if (i % n % 3 != 1)
          b.add(static_cast<VertexId>(i % n));
      VertexSubset s = b.finish();
      EXPECT_TRUE(s.hasBits());
      EXPECT_EQ(s.size(), static_cast<int64_t>(expected.size()));
      EXPECT_EQ(asVector(s.sparse()), expected);
      EXPECT_EQ(b.finish().size(), 0);
      BitvectorFrontierBuilder c(n);
      if (n > 0)
        c.add(n - 1);
      EXPECT_EQ(c.finish(n > 0 ? 1 : 0).size(), n > 0 ? 1 : 0);
      return 0;
    });
  }
}

// A pull whose threads take whole 64-vertex blocks (dynamic chunks of a
// multiple of 64) may set bits with plain stores.
TEST(BitvectorFrontierBuilder, AddToOwnWordInWholeBlocks) {
  for (VertexId n : {0, 1, 64, 100, 300001}) {
    SCOPED_TRACE(n);
    std::vector<VertexId> expected;
    for (VertexId v = 0; v < n; ++v)
      if (v % 5 != 2)
        expected.push_back(v);
    withThreads(4, [&] {
      BitvectorFrontierBuilder b(n);
#pragma omp parallel for schedule(dynamic, 128)
      for (int64_t i = 0; i < n; ++i)
        if (i % 5 != 2)
          b.addToOwnWord(static_cast<VertexId>(i));
      VertexSubset s = b.finish();
      EXPECT_EQ(s.size(), static_cast<int64_t>(expected.size()));
      EXPECT_EQ(asVector(s.sparse()), expected);
      return 0;
    });
  }
}

} // namespace
