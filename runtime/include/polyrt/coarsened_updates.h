//===- coarsened_updates.h - configUpdateSync "htm" ---------------------===//
//
// Atomic Active Messages' coarsening: each thread keeps the updates its
// applied function makes to one vector, and when it holds `coarsening` of
// them commits them all in one transaction with plain reads and writes. A
// batch that aborts is tried again (htm::kAttempts in all), then its updates
// are made one atomic operation each. The traversal flushes what is left
// when its loop ends. Deferring is correct because the updates are a
// reduction that nothing in the traversal reads (the update-sync pass checks).
//
//   static polyrt::CoarsenedUpdates<double, polyrt::AddUpdate> polyc_htm_s1_new_rank;
//   polyc_htm_s1_new_rank.prepare(16);                      // serially, first
//   polyc_htm_s1_new_rank.add(&new_rank[dst], contrib[src]); // in the loop
//   polyc_htm_s1_new_rank.flush();                          // serially, last
//
// Without transactions (htm::Mode::Fallback) add() is the atomic operation.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_COARSENED_UPDATES_H
#define POLYRT_COARSENED_UPDATES_H

#include "polyrt/htm.h"
#include "polyrt/numa.h"
#include "polyrt/types.h"
#include "polyrt/update_ops.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

namespace polyrt {

/// What the batches of one vector did, summed over threads.
struct CoarseningStats {
  int64_t commits = 0;   // batches committed as one transaction
  int64_t aborts = 0;    // attempts that aborted
  int64_t fallbacks = 0; // batches whose updates went atomic
  int64_t direct = 0;    // updates made atomically by a thread without a slot
};

template <typename T, typename Op> class CoarsenedUpdates {
public:
  void prepare(int64_t coarsening) {
    if (coarsening < 1)
      throw Error("an htm coarsening must be at least 1, not " + std::to_string(coarsening));
    mode_ = htm::mode();
    coarsening_ = coarsening;
    size_t threads = std::max({omp_get_max_threads(), omp_get_num_procs(), topology().threads});
    if (slots_.size() < threads)
      slots_.resize(threads);
    for (Slot &s : slots_)
      s.pending.resize(coarsening);
  }

  void add(T *element, T value) {
    // Without transactions the update is the atomic itself, at the atomic's
    // cost: no thread lookup, no count.
    if (mode_ == htm::Mode::Fallback) {
      Op::atomic(element, value);
      return;
    }
    size_t t = omp_get_thread_num();
    if (t >= slots_.size()) { // a team larger than prepare() saw: no slot
      Op::atomic(element, value);
      unslotted_.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    Slot &s = slots_[t];
    s.pending[s.count++] = {element, value};
    if (s.count == coarsening_)
      commit(s);
  }

  /// Commits every thread's last, partial batch; call outside parallel code.
  void flush() {
    for (Slot &s : slots_)
      if (s.count)
        commit(s);
  }

  CoarseningStats stats() const {
    CoarseningStats total;
    total.direct = unslotted_.load(std::memory_order_relaxed);
    for (const Slot &s : slots_) {
      total.commits += s.stats.commits;
      total.aborts += s.stats.aborts;
      total.fallbacks += s.stats.fallbacks;
      total.direct += s.stats.direct;
    }
    return total;
  }

private:
  struct Update {
    T *element;
    T value;
  };
  struct alignas(64) Slot {
    std::vector<Update> pending;
    int64_t count = 0;
    CoarseningStats stats;
  };

  void commit(Slot &s) {
    for (int attempt = 0; attempt < htm::kAttempts; ++attempt) {
      bool committed = mode_ == htm::Mode::Hardware ? commitInHardware(s) : commitInSoftware(s);
      if (committed) {
        ++s.stats.commits;
        s.count = 0;
        return;
      }
      ++s.stats.aborts;
    }
    for (int64_t i = 0; i < s.count; ++i)
      Op::atomic(s.pending[i].element, s.pending[i].value);
    ++s.stats.fallbacks;
    s.count = 0;
  }

#if defined(__x86_64__) || defined(__i386__)
  // The builtins behind <immintrin.h>'s _xbegin and _xend, without the
  // header's compile time; ~0u is _XBEGIN_STARTED.
  __attribute__((target("rtm"))) static bool commitInHardware(Slot &s) {
    if (__builtin_ia32_xbegin() != ~0u)
      return false;
    for (int64_t i = 0; i < s.count; ++i)
      Op::plain(*s.pending[i].element, s.pending[i].value);
    __builtin_ia32_xend();
    return true;
  }
#else
  static bool commitInHardware(Slot &) { return false; }
#endif

  /// The stand-in's batch holds a lock other batches respect, but threads
  /// whose batch fell back write beside it: its writes stay atomic.
  static bool commitInSoftware(Slot &s) {
    if (!htm::beginSoftwareTransaction())
      return false;
    for (int64_t i = 0; i < s.count; ++i)
      Op::atomic(s.pending[i].element, s.pending[i].value);
    htm::endSoftwareTransaction();
    return true;
  }

  std::vector<Slot> slots_;
  std::atomic<int64_t> unslotted_{0};
  int64_t coarsening_ = htm::kDefaultCoarsening;
  htm::Mode mode_ = htm::Mode::Fallback;
};

} // namespace polyrt

#endif
