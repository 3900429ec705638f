//===- hierarchical_barrier.cpp - Per-node, then global, barrier --------===//
#include "polyrt/hierarchical_barrier.h"

#include <sched.h>

#include <algorithm>

namespace polyrt {
namespace {

inline void pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

} // namespace

void HierarchicalBarrier::reset(const std::vector<int> &threadNode) {
  threadNode_ = threadNode;
  int nodes = threadNode.empty() ? 0 : *std::max_element(threadNode.begin(), threadNode.end()) + 1;
  nodes_.reset(new NodeCounter[std::max(nodes, 1)]);
  threads_.reset(new ThreadState[std::max<size_t>(threadNode.size(), 1)]);
  for (int node : threadNode)
    nodes_[node].members++;
  activeNodes_ = 0;
  for (int k = 0; k < nodes; ++k)
    activeNodes_ += nodes_[k].members > 0;
  nodesArrived_.store(0, std::memory_order_relaxed);
  sense_.store(false, std::memory_order_relaxed);
}

void HierarchicalBarrier::wait(int thread) {
  bool mySense = !threads_[thread].sense;
  threads_[thread].sense = mySense;
  NodeCounter &node = nodes_[threadNode_[thread]];
  if (node.arrived.fetch_add(1, std::memory_order_acq_rel) + 1 == node.members) {
    node.arrived.store(0, std::memory_order_relaxed);
    if (nodesArrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == activeNodes_) {
      nodesArrived_.store(0, std::memory_order_relaxed);
      sense_.store(mySense, std::memory_order_release);
      return;
    }
  }
  for (int spins = 0; sense_.load(std::memory_order_acquire) != mySense; ++spins) {
    if (spins < 256)
      pause();
    else
      sched_yield();
  }
}

} // namespace polyrt
