//===- stream_prefetch.h - Prefetching the neighbour stream ahead -------===//
//
// A loop over every vertex's whole edge list reads the neighbour array as
// one stream and, through it, per-vertex data at random (PageRank's pull:
// `contrib[neighbors[e]]`). Where those random reads miss the L2 but hit
// the L3, they fill the core's miss buffers, the hardware prefetcher lets
// the stream fall behind, and the two costs add up; prefetching the stream
// kStreamDistance edges ahead overlaps them. Where the random reads go to
// memory the same prefetches can cost
// (docs/benchmark-log/2026-11-28-1225-pagerank-stream-prefetch.md). Which case a graph is
// depends on the machine's caches as much as on the graph, so each loop
// times its first calls both ways and keeps the faster
// (StreamPrefetchChoice).
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_STREAM_PREFETCH_H
#define POLYRT_STREAM_PREFETCH_H

#include "polyrt/types.h"

#include <chrono>
#include <cstdint>

namespace polyrt {

/// How far ahead on the neighbour stream a loop prefetches: 256 ids, 1 KB,
/// 16 cache lines.
inline constexpr int64_t kStreamDistance = 256;

/// Prefetches the neighbour kStreamDistance edges past edge `e` into every
/// cache level (prefetcht0). Called on every edge: a test for the start of a
/// cache line costs a branch that mispredicts where lists are short. A
/// prefetch does not fault, so the address may lie past the array. The
/// non-temporal hint (prefetchnta, as the line is read once) slowed a grid's
/// pull where the hardware prefetcher had the stream already, and was no
/// faster anywhere (docs/benchmark-log/2026-11-29-0930-symmetric-graphs-stream-prefetch-t0.md).
inline void prefetchStreamAhead(const VertexId *neighbors, EdgeOffset e) {
  __builtin_prefetch(reinterpret_cast<const void *>(reinterpret_cast<uintptr_t>(neighbors + e) +
                                                    kStreamDistance * sizeof(VertexId)),
                     0, 3);
}

/// POLYRT_STREAM_PREFETCH: timed (the default), on or off for every loop.
enum class StreamPrefetchSetting { Timed, On, Off };
StreamPrefetchSetting streamPrefetchSetting();

/// One loop's choice whether to prefetch its neighbour stream, by timing:
/// its first call runs without (it may build the CSC, or touch pages for
/// the first time), the next six run without, with, with, with, without,
/// without, timing the four that follow a call in their own mode, and the
/// loop then prefetches if the two timed calls with took less than kMargin
/// of the two without. If the first timed call with took more than kGiveUp
/// of the first without, the loop stops there and does not prefetch: where the
/// prefetches lose they can lose much, and a second such call would cost as
/// much again. A loop whose calls differ in work (a
/// frontier, a filter) cannot be judged so; the stream-prefetch pass gives a
/// choice only to loops over every owner's whole list. Calls made inside a
/// parallel region (none, as generated) use the choice so far and are not
/// timed.
class StreamPrefetchChoice {
public:
  static constexpr int kTrials = 4;
  static constexpr double kMargin = 0.97;
  static constexpr double kGiveUp = 1.15;

  /// `loop` names the loop in POLYRT_VERBOSE's report (its traversal's label).
  explicit StreamPrefetchChoice(const char *loop = "the loop") : loop_(loop) {}

  /// Whether this call prefetches; starts its clock when it is a trial.
  bool beginCall();
  /// Stops the clock of a trial that beginCall started.
  void endCall();

  /// Records a trial's time, as endCall does (tests drive it directly).
  void recordTrial(bool prefetched, double seconds);
  bool decided() const { return choice_ >= 0; }
  bool prefetches() const { return choice_ == 1; }

private:
  const char *loop_;
  int calls_ = 0;
  int trials_ = 0;
  double seconds_[2] = {0, 0}; // summed trial times, without and with
  int choice_ = -1;            // -1 while undecided, then 0 or 1
  bool timing_ = false, current_ = false;
  std::chrono::steady_clock::time_point start_;
};

} // namespace polyrt

#endif
