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
  partition_ = &partitions_.get(n, offsets, topo.nodes, how, alpha, "NUMA traversal");
  bounds_.assign(partition_->bounds.begin(), partition_->bounds.end());
  omp_set_dynamic(0);
  teamSize_ = topo.threads;
  work_.reset(bounds_, topo.threadNode, chunk, stealing);
}

} // namespace polyrt
