//===- numa_detail.h - Topology internals (for tests) -------------------===//
#ifndef POLYRT_DETAIL_NUMA_DETAIL_H
#define POLYRT_DETAIL_NUMA_DETAIL_H

#include "polyrt/numa.h"

namespace polyrt::detail {

/// Reads the real topology through libnuma and applies envValue, the value of
/// POLYRT_NUMA_NODES (null or empty: no emulation). threads is the OpenMP
/// thread count to distribute (0: omp_get_max_threads()). Throws Error for an
/// envValue that is not an integer in [1, kMaxEmulatedNodes]. topology()
/// calls this once with getenv("POLYRT_NUMA_NODES").
Topology readTopology(const char *envValue, int threads = 0);

constexpr int kMaxEmulatedNodes = 1024;

} // namespace polyrt::detail

#endif
