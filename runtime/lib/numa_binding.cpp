//===- numa_binding.cpp - OpenMP threads bound to their nodes' CPUs -----===//
//
// Each OpenMP thread t belongs to node threadNode[t] for the whole run. On a
// machine with several real nodes it is bound to that node's CPUs, taken
// from libnuma's node-to-CPU map: OpenMP place numbers are not node numbers
// (OMP_PLACES=sockets on one socket with two nodes gives one place). With
// emulated nodes the grouping alone is the binding: every thread keeps
// every CPU.
//
//===----------------------------------------------------------------------===//
#include "polyrt/numa.h"

#include <numa.h>
#include <omp.h>
#include <sched.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

namespace polyrt {
namespace {

/// The CPUs of real node `node`, as a list.
std::vector<int> cpusOfNode(int node) {
  std::vector<int> cpus;
  if (numa_available() < 0)
    return cpus;
  struct bitmask *mask = numa_allocate_cpumask();
  if (numa_node_to_cpus(node, mask) == 0)
    for (unsigned c = 0; c < mask->size; ++c)
      if (numa_bitmask_isbitset(mask, c))
        cpus.push_back(static_cast<int>(c));
  numa_free_cpumask(mask);
  return cpus;
}

std::string listOf(const std::vector<int> &values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i) {
    // Runs as a-b.
    size_t j = i;
    while (j + 1 < values.size() && values[j + 1] == values[j] + 1)
      ++j;
    if (!text.empty())
      text += ',';
    text += std::to_string(values[i]);
    if (j > i)
      text += (j == i + 1 ? "," : "-") + std::to_string(values[j]);
    i = j;
  }
  return text.empty() ? "none" : text;
}

struct BindingState {
  std::once_flag once;
  bool bound = false;
};

BindingState &bindingState() {
  static BindingState state;
  return state;
}

} // namespace

bool threadsBoundToNodes() {
  BindingState &state = bindingState();
  std::call_once(state.once, [&] {
    const Topology &topo = topology();
    if (topo.emulated || topo.realNodes < 2 || numa_available() < 0)
      return;
    std::vector<std::vector<int>> cpus(topo.nodes);
    for (int k = 0; k < topo.nodes; ++k)
      cpus[k] = cpusOfNode(k);
    bool ok = true;
#pragma omp parallel num_threads(topo.threads) reduction(&& : ok)
    {
      int t = omp_get_thread_num();
      const std::vector<int> &mine = cpus[topo.threadNode[t]];
      cpu_set_t set;
      CPU_ZERO(&set);
      for (int c : mine)
        CPU_SET(c, &set);
      ok = !mine.empty() && sched_setaffinity(0, sizeof set, &set) == 0;
    }
    state.bound = ok;
  });
  return state.bound;
}

std::string describeBinding() {
  const Topology &topo = topology();
  bool bound = threadsBoundToNodes();
  std::string text;
  for (int k = 0; k < topo.nodes; ++k) {
    std::vector<int> threads;
    for (int t = 0; t < topo.threads; ++t)
      if (topo.threadNode[t] == k)
        threads.push_back(t);
    text += "node " + std::to_string(k) + ": threads " + listOf(threads);
    if (threads.empty())
      text += " (served by thread " +
              std::to_string(std::min(topo.threads - 1,
                                      static_cast<int>(int64_t{k} * topo.threads / topo.nodes))) +
              ")";
    if (bound)
      text += ", CPUs " + listOf(cpusOfNode(k));
    text += '\n';
  }
  if (!bound)
    text += topo.emulated || topo.realNodes < 2
                ? "threads are grouped into nodes, not bound (one real node or emulated nodes)\n"
                : "threads could not be bound to their nodes' CPUs\n";
  return text;
}

} // namespace polyrt
