//===- numa.h - NUMA topology, real or emulated -------------------------===//
//
// The topology is read once through libnuma. POLYRT_NUMA_NODES=N emulates N
// nodes on any machine: OpenMP threads are grouped into N virtual nodes (thread
// t belongs to node t * N / threads) and allocation falls back to the real
// nodes. Later NUMA passes give each (virtual) node one partition.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NUMA_H
#define POLYRT_NUMA_H

#include <string>
#include <vector>

namespace polyrt {

struct Topology {
  int realNodes = 1;     // what libnuma reports (1 when NUMA is unavailable)
  int nodes = 1;         // nodes the program partitions for
  bool emulated = false; // nodes came from POLYRT_NUMA_NODES
  int threads = 1;       // OpenMP threads
  std::vector<int> threadNode; // node of each OpenMP thread
  std::vector<int> cpusPerNode; // real nodes' CPU counts (empty when emulated)
  std::string describe() const; // one line for reports
};

/// The process's topology; the first call reads it (thread-safe).
/// Throws Error for a malformed POLYRT_NUMA_NODES.
const Topology &topology();

} // namespace polyrt

#endif
