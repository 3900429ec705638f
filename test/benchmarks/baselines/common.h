//===- common.h - What the hand-written baseline kernels share ----------===//
//
// The baselines of scripts/bench.sh (see docs/benchmarks.md). Each kernel is
// plain C++/OpenMP written the way GAPBS writes its kernels; polyrt is used
// only to load the graph (so both sides read the same file the same way) and
// for its clock. This header holds the harness glue (loading, arguments,
// reporting the kernel time, printing one value per vertex exactly as the
// polyc-generated program prints it) and GAPBS-style building blocks: a
// sliding queue with per-thread buffers and a bitmap.
//
// Protocol (the same for the polyc programs, through
// test/benchmarks/programs/report.cpp): the answer goes to stdout, one value
// per line in vertex order; stderr gets one line "kernel_seconds: <s>".
//
//===----------------------------------------------------------------------===//
#ifndef BENCH_BASELINES_COMMON_H
#define BENCH_BASELINES_COMMON_H

#include "polyrt/graph.h"
#include "polyrt/io.h"
#include "polyrt/timer.h"
#include "polyrt/types.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace bench {

using polyrt::EdgeOffset;
using polyrt::Graph;
using polyrt::NoWeight;
using polyrt::VertexId;

/// A frontier step whose work (vertices plus edges) is below this runs on one
/// thread: starting a parallel region and its barrier costs more than that
/// (high-diameter graphs such as grids have thousands of tiny rounds). The
/// same granularity idea as GBBS's parallel_for; it does not change the
/// algorithm, only which thread runs a small round.
constexpr int64_t kSerialWork = 4096;

/// Runs body, turning any exception into "<name>: error: ..." and status 1.
inline int run(const char *name, const std::function<void()> &body) {
  try {
    body();
  } catch (const std::exception &e) {
    std::cout.flush();
    std::fprintf(stderr, "%s: error: %s\n", name, e.what());
    return 1;
  }
  return 0;
}

/// argv[i] as a vertex of g (the source of BFS and SSSP).
template <typename W> VertexId sourceArgument(int argc, char **argv, int i, const Graph<W> &g) {
  if (i >= argc)
    throw polyrt::Error("usage: " + std::string(argv[0]) + " <graph> <source vertex>");
  char *end = nullptr;
  long v = std::strtol(argv[i], &end, 10);
  if (*argv[i] == '\0' || *end != '\0' || v < 0 || v >= g.numVertices())
    throw polyrt::Error(std::string("bad source vertex '") + argv[i] + "'");
  return static_cast<VertexId>(v);
}

template <typename W> Graph<W> loadGraph(int argc, char **argv) {
  if (argc < 2)
    throw polyrt::Error("usage: " + std::string(argv[0]) + " <graph> [source vertex]");
  return polyrt::loadGraph<W>(argv[1]);
}

/// Times kernel() on the monotonic clock and reports it on stderr.
template <typename F> void timeKernel(F &&kernel) {
  double start = polyrt::now();
  kernel();
  double seconds = polyrt::now() - start;
  std::fprintf(stderr, "kernel_seconds: %.6f\n", seconds);
}

/// One value per line with std::cout's default formatting, as the generated
/// programs print (`print x;` is `std::cout << x << '\n'`).
template <typename T> void printPerVertex(const T *values, int64_t n) {
  std::ios::sync_with_stdio(false);
  for (int64_t v = 0; v < n; ++v)
    std::cout << values[v] << '\n';
  std::cout.flush();
}

// Relaxed atomic access to plain arrays: what GAPBS does with plain loads and
// compare_and_swap, without the data race in C++ terms (on x86 these are
// ordinary moves, except the compare-and-swap).
template <typename T> inline T load(const T &x) {
  return std::atomic_ref<T>(const_cast<T &>(x)).load(std::memory_order_relaxed);
}
template <typename T> inline void store(T &x, T value) {
  std::atomic_ref<T>(x).store(value, std::memory_order_relaxed);
}
template <typename T> inline bool compareAndSwap(T &x, T expected, T desired) {
  return std::atomic_ref<T>(x).compare_exchange_strong(expected, desired,
                                                       std::memory_order_relaxed);
}
/// x = min(x, value) atomically; true when this call lowered x.
template <typename T> inline bool writeMin(T &x, T value) {
  std::atomic_ref<T> ref(x);
  T old = ref.load(std::memory_order_relaxed);
  while (value < old)
    if (ref.compare_exchange_weak(old, value, std::memory_order_relaxed))
      return true;
  return false;
}

/// GAPBS's SlidingQueue: one array, the current window [begin, end) is the
/// frontier, threads append the next one through QueueBuffers.
template <typename T> class SlidingQueue {
public:
  explicit SlidingQueue(size_t capacity) : shared_(new T[capacity]) {}
  void pushBack(T value) { shared_[tail_++] = value; } // serial
  bool empty() const { return begin_ == end_; }
  size_t size() const { return end_ - begin_; }
  const T *begin() const { return shared_.get() + begin_; }
  const T *end() const { return shared_.get() + end_; }
  /// The appended elements become the window.
  void slideWindow() {
    begin_ = end_;
    end_ = tail_;
  }
  void reset() { begin_ = end_ = tail_ = 0; }

private:
  template <typename> friend class QueueBuffer;
  std::unique_ptr<T[]> shared_;
  size_t begin_ = 0, end_ = 0;
  std::atomic<size_t> tail_{0};
};

/// A thread's append buffer for a SlidingQueue (GAPBS's QueueBuffer).
template <typename T> class QueueBuffer {
public:
  explicit QueueBuffer(SlidingQueue<T> &queue, size_t capacity = 16384)
      : queue_(queue), capacity_(capacity), local_(new T[capacity]) {}
  ~QueueBuffer() { flush(); }
  void pushBack(T value) {
    if (size_ == capacity_)
      flush();
    local_[size_++] = value;
  }
  void flush() {
    if (size_ == 0)
      return;
    size_t at = queue_.tail_.fetch_add(size_, std::memory_order_relaxed);
    std::copy(local_.get(), local_.get() + size_, queue_.shared_.get() + at);
    size_ = 0;
  }

private:
  SlidingQueue<T> &queue_;
  size_t capacity_, size_ = 0;
  std::unique_ptr<T[]> local_;
};

/// GAPBS's Bitmap: one bit per vertex in 64-bit words.
class Bitmap {
public:
  explicit Bitmap(size_t bits) : words_((bits + 63) / 64), data_(new uint64_t[words_]) {}
  void reset() {
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < words_; ++i)
      data_[i] = 0;
  }
  void setBit(size_t pos) { data_[pos / 64] |= uint64_t(1) << (pos % 64); }
  void setBitAtomic(size_t pos) {
    std::atomic_ref<uint64_t>(data_[pos / 64])
        .fetch_or(uint64_t(1) << (pos % 64), std::memory_order_relaxed);
  }
  bool getBit(size_t pos) const { return (data_[pos / 64] >> (pos % 64)) & 1; }
  void swap(Bitmap &other) {
    std::swap(words_, other.words_);
    std::swap(data_, other.data_);
  }

private:
  size_t words_;
  std::unique_ptr<uint64_t[]> data_;
};

} // namespace bench

#endif
