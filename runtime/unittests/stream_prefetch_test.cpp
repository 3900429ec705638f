//===- stream_prefetch_test.cpp - A loop keeps whichever ran faster ------===//
#include "polyrt/stream_prefetch.h"
#include "test_util.h"

#include <vector>

using namespace polyrt;

namespace {

TEST(StreamPrefetch, PrefetchesWhenTheTrialsWithAreFaster) {
  StreamPrefetchChoice choice;
  choice.recordTrial(false, 0.020);
  choice.recordTrial(true, 0.011);
  choice.recordTrial(false, 0.021);
  EXPECT_FALSE(choice.decided()); // three trials of four
  choice.recordTrial(true, 0.012);
  EXPECT_TRUE(choice.decided());
  EXPECT_TRUE(choice.prefetches());
}

TEST(StreamPrefetch, StaysOffWithinTheMargin) {
  StreamPrefetchChoice choice;
  for (int i = 0; i < StreamPrefetchChoice::kTrials / 2; ++i) {
    choice.recordTrial(false, 0.0100);
    choice.recordTrial(true, 0.0099); // 1% faster: not enough
  }
  EXPECT_TRUE(choice.decided());
  EXPECT_FALSE(choice.prefetches());
}

TEST(StreamPrefetch, StaysOffWhenSlower) {
  StreamPrefetchChoice choice;
  for (int i = 0; i < StreamPrefetchChoice::kTrials / 2; ++i) {
    choice.recordTrial(false, 0.010);
    choice.recordTrial(true, 0.0112); // 12% slower: tried again
  }
  EXPECT_TRUE(choice.decided());
  EXPECT_FALSE(choice.prefetches());
  choice.recordTrial(true, 0.001); // after the decision: ignored
  EXPECT_FALSE(choice.prefetches());
}

// A first call with the prefetches far slower than the first without ends
// the trials there.
TEST(StreamPrefetch, GivesUpAfterOneFarSlowerCall) {
  StreamPrefetchChoice choice;
  choice.recordTrial(false, 0.010);
  choice.recordTrial(true, 0.012); // 20% slower
  EXPECT_TRUE(choice.decided());
  EXPECT_FALSE(choice.prefetches());
  StreamPrefetchChoice close;
  close.recordTrial(false, 0.010);
  close.recordTrial(true, 0.0114); // 14% slower: not yet
  EXPECT_FALSE(close.decided());
}

TEST(StreamPrefetch, WarmsUpThenTimesEachModeAfterItselfThenKeepsItsChoice) {
  if (streamPrefetchSetting() != StreamPrefetchSetting::Timed)
    GTEST_SKIP() << "POLYRT_STREAM_PREFETCH is set";
  StreamPrefetchChoice choice;
  std::vector<bool> asked;
  for (int call = 0; call < 1 + StreamPrefetchChoice::kTrials + 2 + 3; ++call) {
    asked.push_back(choice.beginCall());
    choice.endCall();
  }
  ASSERT_TRUE(choice.decided());
  // These calls do nothing, so their times are noise: the first call with
  // may have been far slower than the first without, which ends the trials.
  // Warm-up, then without, (with), with: the first timed pair.
  std::vector<bool> expected = {false, false, true, true};
  const bool gaveUp = asked[4] == choice.prefetches() && asked[5] == choice.prefetches() &&
                      asked[6] == choice.prefetches() && !choice.prefetches();
  if (!gaveUp) // with, (without), without
    expected.insert(expected.end(), {true, false, false});
  while (expected.size() < asked.size())
    expected.push_back(choice.prefetches());
  EXPECT_EQ(asked, expected);
}

TEST(StreamPrefetch, ChoiceIsNotTimedInsideAParallelRegion) {
  if (streamPrefetchSetting() != StreamPrefetchSetting::Timed)
    GTEST_SKIP() << "POLYRT_STREAM_PREFETCH is set";
  StreamPrefetchChoice choice;
#pragma omp parallel num_threads(2)
  {
    bool prefetched = choice.beginCall();
    choice.endCall();
    EXPECT_FALSE(prefetched);
  }
  EXPECT_FALSE(choice.decided());
}

} // namespace
