//===- numa_loop.cpp - The owner loop of a NUMA traversal ---------------===//
#include "polyrt/numa_loop.h"

#include "detail/environment.h"
#include "polyrt/numa.h"

#include <omp.h>

#include <cstdlib>
#include <string>

namespace polyrt {

void NumaOwnerLoop::prepare(VertexId n, const EdgeOffset *offsets, PartitionStrategy how,
                            double alpha, int64_t chunk, WorkStealing stealing) {
  if (chunk < 1)
    throw Error("a NUMA traversal's chunk must be at least 1 vertex, not " +
                std::to_string(chunk));
  const Topology &topo = topology();
  partition_ = &partitions_.get(n, offsets, topo.nodes, how, alpha, "NUMA traversal", first_,
                                last_);
  bounds_ = partition_->boundsWithin(first_, last_);
  omp_set_dynamic(0);
  teamSize_ = topo.threads;
  work_.reset(bounds_, topo.threadNode, chunk, stealing);
}

void NumaOwnerLoop::prepareList(VertexId n, const EdgeOffset *offsets,
                                std::span<const VertexId> list, PartitionStrategy how,
                                double alpha, int64_t chunk, WorkStealing stealing) {
  if (chunk < 1)
    throw Error("a NUMA traversal's chunk must be at least 1 vertex, not " +
                std::to_string(chunk));
  const Topology &topo = topology();
  partition_ = &partitions_.get(n, offsets, topo.nodes, how, alpha, "NUMA traversal");
  // A counting sort by owner node, stable: each node's vertices in list order.
  const int nodes = partition_->nodes();
  bounds_.assign(nodes + 1, 0);
  std::vector<int> owner(list.size());
  for (size_t i = 0; i < list.size(); ++i) {
    owner[i] = partition_->ownerOf(list[i]);
    ++bounds_[owner[i] + 1];
  }
  for (int k = 0; k < nodes; ++k)
    bounds_[k + 1] += bounds_[k];
  list_.resize(list.size());
  std::vector<int64_t> cursor(bounds_.begin(), bounds_.end() - 1);
  for (size_t i = 0; i < list.size(); ++i)
    list_[cursor[owner[i]]++] = list[i];
  omp_set_dynamic(0);
  teamSize_ = topo.threads;
  work_.reset(bounds_, topo.threadNode, chunk, stealing);
}

const NodeFrontierParts &NumaOwnerLoop::prepareParts(VertexSubset &frontier, VertexId n,
                                                     const EdgeOffset *offsets,
                                                     PartitionStrategy how, double alpha,
                                                     FrontierStructure structure,
                                                     int64_t threshold, int64_t chunk,
                                                     WorkStealing stealing) {
  if (chunk < 1)
    throw Error("a NUMA traversal's chunk must be at least 1 vertex, not " +
                std::to_string(chunk));
  const Topology &topo = topology();
  partition_ = &partitions_.get(n, offsets, topo.nodes, how, alpha, "NUMA traversal");
  const NodeFrontierParts &parts =
      nodeFrontierParts(frontier, *partition_, offsets, structure, threshold);
  bounds_ = parts.itemBounds();
  omp_set_dynamic(0);
  teamSize_ = topo.threads;
  work_.reset(bounds_, topo.threadNode, chunk, stealing);
  return parts;
}

const Partition &NumaOwnerLoop::partitionFor(VertexId n, const EdgeOffset *offsets,
                                             PartitionStrategy how, double alpha, int64_t chunk) {
  if (chunk < 1)
    throw Error("a NUMA traversal's chunk must be at least 1 vertex, not " +
                std::to_string(chunk));
  return partitions_.get(n, offsets, topology().nodes, how, alpha, "NUMA traversal");
}

void NumaOwnerLoop::startWork(const std::vector<int64_t> &counts, WorkStealing stealing,
                              int64_t chunk, const std::vector<int64_t> &rolls) {
  const Topology &topo = topology();
  bounds_.assign(counts.size() + 1, 0);
  for (size_t k = 0; k < counts.size(); ++k)
    bounds_[k + 1] = bounds_[k] + counts[k];
  omp_set_dynamic(0);
  teamSize_ = topo.threads;
  ranges_.clear();
  for (size_t k = 0; k < counts.size(); ++k) {
    int node = static_cast<int>(k);
    int64_t roll = rolls.empty() ? 0 : rolls[k];
    ranges_.push_back({bounds_[k] + roll, bounds_[k + 1], node, node});
    if (roll > 0)
      ranges_.push_back({bounds_[k], bounds_[k] + roll, node, node});
  }
  work_.reset(ranges_, topo.threadNode, chunk, stealing);
}

AgentOrder agentOrder() {
  static const AgentOrder order =
      detail::environmentChoice("POLYRT_AGENT_ORDER", {"rolling", "increasing"}) == 0
          ? AgentOrder::Rolling
          : AgentOrder::Increasing;
  return order;
}

} // namespace polyrt
