//===- numa_loop.cpp - The owner loop of a NUMA traversal ---------------===//
#include "polyrt/numa_loop.h"

#include "polyrt/numa.h"

#include <omp.h>

namespace polyrt {

void NumaOwnerLoop::prepare(VertexId n, const EdgeOffset *offsets, PartitionStrategy how,
                            double alpha, int64_t chunk, WorkStealing stealing) {
  if (chunk < 1)
    throw Error("a NUMA traversal's chunk must be at least 1 vertex, not " +
                std::to_string(chunk));
  const Topology &topo = topology();
  // The same graph walked again: keep the partition (a stale one could only
  // balance worse; its ranges always cover [0, n)).
  if (n != n_ || offsets != offsets_ || how != how_ || alpha != alpha_ ||
      partition_.nodes() != topo.nodes) {
    partition_ = partitionVertices(n, offsets, topo.nodes, how, alpha);
    n_ = n, offsets_ = offsets, how_ = how, alpha_ = alpha;
    bounds_.assign(partition_.bounds.begin(), partition_.bounds.end());
    reportPartition(partition_, offsets, "NUMA traversal");
  }
  omp_set_dynamic(0);
  teamSize_ = topo.threads;
  work_.reset(bounds_, topo.threadNode, chunk, stealing);
}

} // namespace polyrt
