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
  std::vector<int> cpusPerNode; // CPU count of each real node (also when emulated)
  std::string describe() const; // one line for reports
};

/// The process's topology; the first call reads it (thread-safe) with the
/// OpenMP thread count of that moment (omp_get_max_threads()). Throws Error
/// for a malformed POLYRT_NUMA_NODES (not an integer in 1..1024); a later
/// call tries again. Without emulation threads are assumed to be placed on
/// the real nodes in order (OMP_PROC_BIND=close), hence the same formula.
const Topology &topology();

/// The node of the calling OpenMP thread (its number in the current team
/// under threadNode; 0 outside the threads the topology counted).
int nodeOfCallingThread();

/// Binds each OpenMP thread to the CPUs of its node (libnuma's node-to-CPU
/// map, not OpenMP places) when there are several real nodes and no
/// emulation; once per process, the first call does it. Returns whether the
/// threads are bound. runMain calls it before the program's body.
bool threadsBoundToNodes();
/// One line per node: its threads (a node without threads is served by
/// thread node * T / N), and its CPUs when bound. For POLYRT_VERBOSE=1.
std::string describeBinding();

} // namespace polyrt

#endif
