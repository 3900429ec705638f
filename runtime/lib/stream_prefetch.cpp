//===- stream_prefetch.cpp - Timing a loop with and without prefetches ---===//
#include "polyrt/stream_prefetch.h"

#include "detail/environment.h"
#include "polyrt/program.h"

#include <omp.h>

#include <cstdlib>
#include <iostream>
#include <string>

namespace polyrt {

StreamPrefetchSetting streamPrefetchSetting() {
  static const StreamPrefetchSetting setting = [] {
    switch (detail::environmentChoice("POLYRT_STREAM_PREFETCH", {"timed", "on", "off"})) {
    case 1: return StreamPrefetchSetting::On;
    case 2: return StreamPrefetchSetting::Off;
    default: return StreamPrefetchSetting::Timed;
    }
  }();
  return setting;
}

bool StreamPrefetchChoice::beginCall() {
  switch (streamPrefetchSetting()) {
  case StreamPrefetchSetting::On: return true;
  case StreamPrefetchSetting::Off: return false;
  case StreamPrefetchSetting::Timed: break;
  }
  if (decided() || omp_in_parallel())
    return prefetches();
  if (calls_++ == 0)
    return false; // the warm-up call
  // Each timed call follows a call in its own mode: a call's time depends on
  // the mode of the call before, and alternating modes chose prefetching
  // where it cost
  // (docs/benchmark-log/2026-11-29-0330-walked-prefix-block-order-static-bfs.md).
  // The order
  // without, (with), with, with, (without), without puts a slow phase of the
  // machine on both sides; the calls in parentheses are not timed.
  struct TrialCall {
    bool prefetches, timed;
  };
  static constexpr TrialCall kOrder[] = {{false, true}, {true, false}, {true, true},
                                         {true, true},  {false, false}, {false, true}};
  static_assert(sizeof kOrder / sizeof kOrder[0] == kTrials + 2);
  const TrialCall &call = kOrder[(calls_ - 2) % (kTrials + 2)];
  current_ = call.prefetches;
  timing_ = call.timed;
  if (timing_)
    start_ = std::chrono::steady_clock::now();
  return current_;
}

void StreamPrefetchChoice::endCall() {
  if (!timing_)
    return;
  timing_ = false;
  recordTrial(current_, std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
}

void StreamPrefetchChoice::recordTrial(bool prefetched, double seconds) {
  if (decided())
    return;
  seconds_[prefetched ? 1 : 0] += seconds;
  ++trials_;
  const bool givesUp = trials_ == 2 && seconds_[1] > kGiveUp * seconds_[0];
  if (trials_ < kTrials && !givesUp)
    return;
  choice_ = !givesUp && seconds_[1] < kMargin * seconds_[0] ? 1 : 0;
  if (verbose())
    std::cerr << "polyrt: stream prefetch in " << loop_ << ": " << (choice_ ? "on" : "off") << " ("
              << seconds_[1] << " s with, " << seconds_[0] << " s without, over " << trials_ / 2
              << (trials_ / 2 == 1 ? " call" : " calls") << " each)" << std::endl;
}

} // namespace polyrt
