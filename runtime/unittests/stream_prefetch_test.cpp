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
    choice.recordTrial(true, 0.017);
  }
  EXPECT_FALSE(choice.prefetches());
  choice.recordTrial(true, 0.001); // after the decision: ignored
  EXPECT_FALSE(choice.prefetches());
}

TEST(StreamPrefetch, WarmsUpThenAlternatesThenKeepsItsChoice) {
  if (streamPrefetchSetting() != StreamPrefetchSetting::Timed)
    GTEST_SKIP() << "POLYRT_STREAM_PREFETCH is set";
  StreamPrefetchChoice choice;
  std::vector<bool> asked;
  for (int call = 0; call < 1 + StreamPrefetchChoice::kTrials + 3; ++call) {
    asked.push_back(choice.beginCall());
    choice.endCall();
  }
  ASSERT_TRUE(choice.decided());
  std::vector<bool> expected = {false, false, true, false, true};
  for (int call = 0; call < 3; ++call)
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
