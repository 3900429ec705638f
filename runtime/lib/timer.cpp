//===- timer.cpp - Wall-clock timers ------------------------------------===//
#include "polyrt/timer.h"

#include <atomic>
#include <chrono>

namespace polyrt {
namespace {
// Seconds on the monotonic clock at the last startTimer() (program start
// until then, so stopTimer() without startTimer() is the time since start).
std::atomic<double> timerStart{now()};
} // namespace

double now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

void startTimer() { timerStart.store(now(), std::memory_order_relaxed); }

double stopTimer() { return now() - timerStart.load(std::memory_order_relaxed); }

} // namespace polyrt
