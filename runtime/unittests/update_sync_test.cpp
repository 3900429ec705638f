//===- update_sync_test.cpp - Locks, coarsened transactions, node buffers -===//
//
// ctest runs these twice: on this machine as it is (no RTM here, so htm
// falls back to atomics; one node) and with POLYRT_HTM=software and
// POLYRT_NUMA_NODES=3, where batches run as transactions of the software
// stand-in (aborting, retrying and falling back) and three node buffers merge.
//
//===----------------------------------------------------------------------===//
#include "polyrt/coarsened_updates.h"
#include "polyrt/node_merge_buffers.h"
#include "polyrt/striped_locks.h"
#include "test_util.h"

#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

using namespace polyrt;

namespace {

constexpr int kThreads = 4;
constexpr int64_t kElements = 1000;
constexpr int64_t kUpdates = 200000;

bool softwareRequested() {
  const char *value = std::getenv("POLYRT_HTM");
  return value && std::strcmp(value, "software") == 0;
}

/// Update i goes to element (i * 7919) % kElements, from whichever thread.
int64_t elementOf(int64_t i) { return (i * 7919) % kElements; }

std::vector<int64_t> expectedSums() {
  std::vector<int64_t> sums(kElements, 0);
  for (int64_t i = 0; i < kUpdates; ++i)
    sums[elementOf(i)] += i % 5;
  return sums;
}

TEST(StripedLocks, PlainUpdatesUnderTheElementsLockAddUpExactly) {
  std::vector<int64_t> sums(kElements, 0);
  int64_t increased = 0;
#pragma omp parallel for num_threads(kThreads) reduction(+ : increased)
  for (int64_t i = 0; i < kUpdates; ++i)
    increased += underLockOf(&sums[elementOf(i)], [&](int64_t &element) {
      int64_t before = element;
      element += i % 5;
      return element != before;
    });
  EXPECT_EQ(sums, expectedSums());
  EXPECT_EQ(increased, kUpdates - kUpdates / 5); // i % 5 == 0 adds nothing
}

TEST(Htm, TheModeIsWhatTheEnvironmentAndTheProcessorAllow) {
  if (softwareRequested()) {
    EXPECT_EQ(htm::mode(), htm::Mode::Software);
  } else if (!htm::processorHasRtm()) {
    EXPECT_EQ(htm::mode(), htm::Mode::Fallback);
  }
  EXPECT_NE(std::string(htm::describe(htm::mode())), "");
}

TEST(CoarsenedUpdates, SumsAreExactAndEveryUpdateIsAccountedFor) {
  std::vector<int64_t> sums(kElements, 0);
  CoarsenedUpdates<int64_t, AddUpdate> updates;
  updates.prepare(16);
  // The team generated code runs with: every thread has its slot.
  const int threads = omp_get_max_threads();
#pragma omp parallel for num_threads(threads)
  for (int64_t i = 0; i < kUpdates; ++i)
    updates.add(&sums[elementOf(i)], i % 5);
  updates.flush();
  EXPECT_EQ(sums, expectedSums());
  CoarseningStats s = updates.stats();
  if (htm::mode() == htm::Mode::Fallback) {
    EXPECT_EQ(s.commits + s.fallbacks + s.aborts + s.direct, 0); // plain atomics, uncounted
  } else {
    // Full batches of 16, plus at most one partial batch per thread.
    EXPECT_EQ(s.direct, 0);
    EXPECT_GE(s.commits + s.fallbacks, kUpdates / 16);
    EXPECT_LE(s.commits + s.fallbacks, kUpdates / 16 + threads);
    EXPECT_LE(s.fallbacks * htm::kAttempts, s.aborts);
  }
}

TEST(CoarsenedUpdates, AThreadWithoutASlotUpdatesAtomically) {
  std::vector<int64_t> sums(kElements, 0);
  CoarsenedUpdates<int64_t, AddUpdate> updates;
  updates.prepare(16);
  // A team larger than any prepare() sizes for: threads past the slots
  // cannot batch, and their updates are made (and counted) directly.
  const int threads = std::max({omp_get_max_threads(), omp_get_num_procs(), kThreads}) + 2;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t i = 0; i < kUpdates; ++i)
    updates.add(&sums[elementOf(i)], i % 5);
  updates.flush();
  EXPECT_EQ(sums, expectedSums());
  if (htm::mode() != htm::Mode::Fallback) {
    EXPECT_GT(updates.stats().direct, 0);
  }
}

TEST(CoarsenedUpdates, AnAbortedBatchIsTriedAgainThenMadeAtomically) {
  if (htm::mode() != htm::Mode::Software)
    GTEST_SKIP() << "runs with POLYRT_HTM=software (ctest: polyrt.UpdateSync.stand-in)";
  std::vector<double> lows(4, 100.0);
  CoarsenedUpdates<double, MinUpdate> updates;
  updates.prepare(4);
  htm::abortNextSoftwareTransactions(htm::kAttempts - 1);
  for (int i = 0; i < 4; ++i) // one full batch: aborts twice, commits the third time
    updates.add(&lows[i], 10.0 - i);
  EXPECT_EQ(updates.stats().aborts, htm::kAttempts - 1);
  EXPECT_EQ(updates.stats().commits, 1);
  htm::abortNextSoftwareTransactions(htm::kAttempts);
  for (int i = 0; i < 4; ++i) // every attempt aborts: the updates go atomic
    updates.add(&lows[i], 5.0 + i);
  EXPECT_EQ(updates.stats().fallbacks, 1);
  updates.add(&lows[0], 1.0); // a partial batch waits for the flush
  EXPECT_EQ(lows[0], 5.0);
  updates.flush();
  EXPECT_EQ(lows, (std::vector<double>{1.0, 6.0, 7.0, 7.0}));
  EXPECT_EQ(updates.stats().commits, 2);
}

TEST(CoarsenedUpdates, ACoarseningBelowOneIsAnError) {
  CoarsenedUpdates<int, MaxUpdate> updates;
  EXPECT_THROW(updates.prepare(0), Error);
}

TEST(NodeMergeBuffers, EveryNodesBufferFoldsIntoTheTargetAndStartsAgainEmpty) {
  std::vector<int64_t> sums(kElements, 1);
  NodeMergeBuffers<int64_t, AddUpdate> merge;
  for (int round = 0; round < 2; ++round) {
    merge.prepare(sums.data(), kElements);
#pragma omp parallel for num_threads(kThreads)
    for (int64_t i = 0; i < kUpdates; ++i)
      merge.add(&sums[elementOf(i)], i % 5);
    EXPECT_EQ(sums[0], round == 0 ? 1 : 1 + expectedSums()[0]) << "untouched until the fold";
    merge.fold();
  }
  std::vector<int64_t> expected = expectedSums();
  for (int64_t &x : expected)
    x = 2 * x + 1;
  EXPECT_EQ(sums, expected);
  EXPECT_EQ(merge.buffers(), topology().nodes);
  for (int k = 0; k < merge.buffers(); ++k)
    for (int64_t i = 0; i < kElements; ++i)
      ASSERT_EQ(merge.buffer(k)[i], 0) << "node " << k << ", element " << i;
}

TEST(NodeMergeBuffers, MinBuffersStartAtTheIdentity) {
  std::vector<float> lows(3, 2.0f);
  NodeMergeBuffers<float, MinUpdate> merge;
  merge.prepare(lows.data(), 3);
#pragma omp parallel for num_threads(kThreads)
  for (int i = 0; i < 300; ++i)
    merge.add(&lows[i % 3], i % 3 == 2 ? 5.0f : float(i % 3) - 1.0f);
  merge.fold();
  EXPECT_EQ(lows, (std::vector<float>{-1.0f, 0.0f, 2.0f}));
}

} // namespace
