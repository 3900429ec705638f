//===- hierarchical_barrier.h - Per-node, then global, barrier ----------===//
//
// Polymer's barrier for the phases of a NUMA traversal: the threads of a
// node arrive at their node's counter (one cache line per node, touched
// only by that node's threads); the last of each node arrives at one
// counter across nodes; the last of all flips a global sense that everyone
// spins on. Fewer threads write any one line than with one global counter,
// which is what matters across sockets. Sense reversal makes it reusable
// back to back. Spinning yields after a while so that more threads than
// cores (tests run 5 threads on 2 cores) still make progress.
//
// Construct (or reset) serially from the team's thread-to-node map; call
// wait(thread) from every thread of that team inside the parallel region.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_HIERARCHICAL_BARRIER_H
#define POLYRT_HIERARCHICAL_BARRIER_H

#include <atomic>
#include <memory>
#include <vector>

namespace polyrt {

class HierarchicalBarrier {
public:
  HierarchicalBarrier() = default;
  explicit HierarchicalBarrier(const std::vector<int> &threadNode) { reset(threadNode); }
  /// threadNode[t]: the node of thread t; the team has threadNode.size()
  /// threads. Nodes without threads take no part.
  void reset(const std::vector<int> &threadNode);
  void wait(int thread);

private:
  struct alignas(64) NodeCounter {
    std::atomic<int> arrived{0};
    int members = 0;
  };
  struct alignas(64) ThreadState {
    bool sense = false;
  };
  std::unique_ptr<NodeCounter[]> nodes_;
  std::unique_ptr<ThreadState[]> threads_;
  std::vector<int> threadNode_;
  int activeNodes_ = 0;
  alignas(64) std::atomic<int> nodesArrived_{0};
  alignas(64) std::atomic<bool> sense_{false};
};

} // namespace polyrt

#endif
