//===- frontier_builders.h - Collecting a traversal's output frontier ---===//
//
// Each builder collects the vertices a traversal adds and returns them as a
// VertexSubset. add() may be called from inside one OpenMP parallel region
// (or serially); finish() is called outside it. Builders that keep per-thread
// buffers index them by omp_get_thread_num() and size them by
// omp_get_max_threads() at construction: use them from one non-nested
// parallel region of at most that many threads at a time.
//
//   SparseFrontierBuilder   per-thread lists, concatenated by finish()
//   SlidingQueueBuilder     one shared array filled through per-thread
//                           buffers (GAPBS's SlidingQueue + QueueBuffer)
//   DenseFrontierBuilder    one byte per vertex
//   BitvectorFrontierBuilder one bit per vertex
//
// Deduplication (the sparse builders' dedup flag) claims each vertex in an
// n-byte flag array with a compare-and-swap. The flag arrays come from a
// process-wide pool: a builder takes a clean array at construction, clears
// the flags of exactly the vertices it output, and gives the array back when
// it is destroyed, so a round costs O(output), not O(n).
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_FRONTIER_BUILDERS_H
#define POLYRT_FRONTIER_BUILDERS_H

#include "polyrt/atomics.h"
#include "polyrt/types.h"
#include "polyrt/vertex_bits.h"
#include "polyrt/vertex_subset.h"

#include <omp.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace polyrt {

/// How a sparse builder keeps a vertex from appearing twice in its output.
enum class Dedup {
  OnAdd,    // claim each vertex in a flag array as it is added (GraphIt's default)
  AtFinish, // add freely; finish() drops repeats, keeping first occurrences
  None,     // keep what is added: the caller adds each vertex at most once
};

namespace detail {
/// Claims v in a dedup flag array: true for the first caller only. Tests
/// before the compare-and-swap, so repeated adds skip the locked instruction.
inline bool claimVertex(uint8_t *flags, VertexId v) {
  return std::atomic_ref<uint8_t>(flags[v]).load(std::memory_order_relaxed) == 0 &&
         compareAndSwap<uint8_t>(&flags[v], 0, 1);
}
/// How many flag arrays the pool has allocated so far (for tests).
int64_t dedupFlagAllocations();
} // namespace detail

/// Output of a push traversal as per-thread lists. With dedup on, a vertex
/// added twice appears once. finish() concatenates the lists in thread order
/// (serial use keeps the order of the adds) and leaves the builder empty and
/// reusable.
class SparseFrontierBuilder {
public:
  SparseFrontierBuilder(VertexId n, Dedup dedup);
  SparseFrontierBuilder(VertexId n, bool dedup)
      : SparseFrontierBuilder(n, dedup ? Dedup::OnAdd : Dedup::None) {}
  ~SparseFrontierBuilder();
  SparseFrontierBuilder(const SparseFrontierBuilder &) = delete;
  SparseFrontierBuilder &operator=(const SparseFrontierBuilder &) = delete;

  void add(VertexId v) { addFrom(omp_get_thread_num(), v); }
  /// add(v) by the thread numbered `thread` in the team (omp_get_thread_num()),
  /// for loops that look their number up once rather than per addition.
  void addFrom(int thread, VertexId v) {
    if (claimed_ && !detail::claimVertex(claimed_, v))
      return;
    perThread_[thread].ids.push_back(v);
  }
  VertexSubset finish();

private:
  struct alignas(64) Buffer { // one cache line apart: no false sharing
    IdList ids;
  };
  VertexId n_;
  uint8_t *claimed_ = nullptr; // pooled dedup flags; null when dedup is off
  bool dedupAtFinish_;
  int buffers_;
  std::unique_ptr<Buffer[]> perThread_;
};

/// Output of a push traversal in one shared array of `capacity` ids: add()
/// appends to a per-thread buffer of kLocalSize ids that is flushed into the
/// array with one atomic fetch_add. capacity bounds the number of ids added
/// (after dedup): n suffices with dedup on; without dedup, the out-degree sum
/// of the input frontier (frontierWork(frontier, g) bounds it). Exceeding it makes finish() throw Error (the ids
/// past it are dropped, never written out of bounds). finish() leaves the
/// builder empty and reusable, also when it throws.
class SlidingQueueBuilder {
public:
  static constexpr int kLocalSize = 4096;

  SlidingQueueBuilder(VertexId n, int64_t capacity, Dedup dedup);
  SlidingQueueBuilder(VertexId n, int64_t capacity, bool dedup)
      : SlidingQueueBuilder(n, capacity, dedup ? Dedup::OnAdd : Dedup::None) {}
  ~SlidingQueueBuilder();
  SlidingQueueBuilder(const SlidingQueueBuilder &) = delete;
  SlidingQueueBuilder &operator=(const SlidingQueueBuilder &) = delete;

  void add(VertexId v) { addFrom(omp_get_thread_num(), v); }
  /// add(v) by the thread numbered `thread` in the team (omp_get_thread_num()),
  /// for loops that look their number up once rather than per addition.
  void addFrom(int thread, VertexId v) {
    if (claimed_ && !detail::claimVertex(claimed_, v))
      return;
    Local &local = local_[thread];
    local.ids[local.size++] = v;
    if (local.size == kLocalSize)
      flush(local);
  }
  VertexSubset finish();

private:
  struct alignas(64) Local {
    int size = 0;
    VertexId ids[kLocalSize];
  };
  void flush(Local &local);

  VertexId n_;
  int64_t capacity_;
  uint8_t *claimed_ = nullptr;
  bool dedupAtFinish_;
  int threads_;
  /// Room for capacity_ ids, unset until added. finish() hands it over as
  /// the frontier when the round filled at least 1/kHandOverShare of it.
  IdList queue_;
  static constexpr int64_t kHandOverShare = 8;
  std::unique_ptr<Local[]> local_;
  alignas(64) std::atomic<int64_t> tail_{0}; // ids reserved in queue_
  std::atomic<int64_t> overflowAt_{INT64_MAX}; // first reservation that failed
};

/// Output as one byte per vertex. add() is a plain store, for pull
/// traversals where the thread that owns a vertex writes it; addShared() is
/// for push traversals where threads race on the same vertex. finish() counts
/// the members in parallel; finish(count) takes the count from the caller
/// (say an OpenMP reduction over the adds that changed a byte). One round per
/// builder: after finish() it holds nothing (a second finish() returns the
/// empty set; add() must not be called).
class DenseFrontierBuilder {
public:
  explicit DenseFrontierBuilder(VertexId n);
  void add(VertexId v) { flags_[v] = 1; }
  void addShared(VertexId v) {
    std::atomic_ref<uint8_t> flag(flags_[v]);
    if (flag.load(std::memory_order_relaxed) == 0)
      flag.store(1, std::memory_order_relaxed);
  }
  VertexSubset finish();
  VertexSubset finish(int64_t count);

private:
  VertexId n_;
  std::vector<uint8_t> flags_;
};

/// Output as one bit per vertex: add() sets the bit with a relaxed atomic
/// fetch_or (skipped when the bit is set already), from any thread. finish()
/// counts with popcount in parallel; finish(count) takes the caller's count.
/// One round per builder, like DenseFrontierBuilder.
class BitvectorFrontierBuilder {
public:
  explicit BitvectorFrontierBuilder(VertexId n);
  void add(VertexId v) {
    uint64_t mask = bitMaskOf(v);
    std::atomic_ref<uint64_t> word(words_[bitWordOf(v)]);
    if ((word.load(std::memory_order_relaxed) & mask) == 0)
      word.fetch_or(mask, std::memory_order_relaxed);
  }
  /// add() for a caller that is the only writer of v's word (v / 64) while
  /// the builder is filled: a pull whose threads take whole 64-vertex blocks
  /// of destinations. A plain read-modify-write instead of a locked one.
  void addToOwnWord(VertexId v) { words_[bitWordOf(v)] |= bitMaskOf(v); }
  VertexSubset finish();
  VertexSubset finish(int64_t count);

private:
  VertexId n_;
  std::vector<uint64_t> words_;
};

} // namespace polyrt

#endif
