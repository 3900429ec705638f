//===- vertex_placement.cpp - Where a VertexArray's pages live ----------===//
#include "polyrt/numa.h"
#include "polyrt/numa_memory.h"
#include "polyrt/numa_partition.h"
#include "polyrt/vertex_array.h"

#include <numa.h>
#include <numaif.h>
#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace polyrt::detail {

void *allocatePlaced(size_t bytes, int64_t n, size_t elementSize, Placement placement) {
  if (bytes == 0)
    return nullptr;
  const Topology &topo = topology();
  if (placement == Placement::NodeLocal) {
    // The vertex-balanced partition over the topology's nodes, on whole
    // pages whatever the element size when the array is large enough.
    int nodes = static_cast<int>(std::min<int64_t>(topo.nodes, std::max<int64_t>(n, 1)));
    VertexId granule = n >= int64_t{kPlacementGranule} * nodes ? kPlacementGranule
                                                               : kTraversalGranule;
    Partition p = partitionVertices(static_cast<VertexId>(n), nullptr, nodes,
                                    PartitionStrategy::VertexBalanced, -1, granule);
    std::vector<size_t> byteBounds;
    for (VertexId b : p.bounds)
      byteBounds.push_back(static_cast<size_t>(b) * elementSize);
    return allocatePartitioned(bytes, byteBounds);
  }
  // Interleaved: every real node's pages in turn (one node: ordinary memory).
  void *memory = allocateOnNode(bytes, 0);
  if (topo.realNodes > 1 && numa_available() >= 0) {
    unsigned long mask[16] = {};
    for (int k = 0; k < std::min(topo.realNodes, int(sizeof mask * 8)); ++k)
      mask[k / (8 * sizeof(unsigned long))] |= 1UL << (k % (8 * sizeof(unsigned long)));
    if (mbind(memory, bytes, MPOL_INTERLEAVE, mask, sizeof mask * 8, MPOL_MF_MOVE) != 0) {
      freeNodeMemory(memory, bytes);
      throw Error(std::string("cannot interleave vertex data over the NUMA nodes: ") +
                  std::strerror(errno));
    }
  }
  return memory;
}

void freePlaced(void *memory, size_t bytes) { freeNodeMemory(memory, bytes); }

void *allocateLargeArray(size_t bytes) {
  return bytes >= kLargeArrayBytes ? allocateLarge(bytes) : nullptr;
}

} // namespace polyrt::detail
