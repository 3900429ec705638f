//===- vertex_subset_impl.h - Inline parts of vertex_subset.h -----------===//
//
// Included at the end of vertex_subset.h. Kept small: the parallel loops live
// in lib/vertex_subset.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_VERTEX_SUBSET_IMPL_H
#define POLYRT_VERTEX_SUBSET_IMPL_H

#include "polyrt/atomics.h"

#include <omp.h>

#include <atomic>

namespace polyrt {

inline void SparseFrontierBuilder::add(VertexId v) {
  if (dedup_) {
    // Test before the compare-and-swap: most repeated adds see the flag set
    // and skip the locked instruction.
    if (std::atomic_ref<uint8_t>(claimed_[v]).load(std::memory_order_relaxed) != 0 ||
        !compareAndSwap<uint8_t>(&claimed_[v], 0, 1))
      return;
  }
  perThread_[omp_get_thread_num()].ids.push_back(v);
}

namespace detail {
/// frontierWork over a CSR offset array (n+1 entries).
int64_t frontierWork(VertexSubset &s, const EdgeOffset *outOffsets);
} // namespace detail

template <typename G> int64_t frontierWork(VertexSubset &s, const G &g) {
  return detail::frontierWork(s, g.outOffsets());
}

} // namespace polyrt

#endif
