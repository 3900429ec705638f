//===- timer.h - Wall-clock timers --------------------------------------===//
#ifndef POLYRT_TIMER_H
#define POLYRT_TIMER_H

namespace polyrt {

/// startTimer()/stopTimer() of the language: seconds since the last start.
void startTimer();
double stopTimer();

/// Seconds on a monotonic clock.
double now();

} // namespace polyrt

#endif
