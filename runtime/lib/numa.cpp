//===- numa.cpp - NUMA topology, real or emulated -----------------------===//
#include "polyrt/numa.h"

#include "detail/numa_detail.h"
#include "polyrt/types.h"

#include <numa.h>
#include <omp.h>

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace polyrt {
namespace {

std::string plural(long count, const char *word) {
  return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

int parseNodeCount(const char *text) {
  int value = 0;
  const char *end = text + std::strlen(text);
  auto [ptr, ec] = std::from_chars(text, end, value);
  if (ec != std::errc() || ptr != end || value < 1 || value > detail::kMaxEmulatedNodes)
    throw Error("POLYRT_NUMA_NODES must be a whole number of NUMA nodes to emulate, from 1 to " +
                std::to_string(detail::kMaxEmulatedNodes) + ", not '" + text + "'");
  return value;
}

} // namespace

namespace detail {

Topology readTopology(const char *envValue, int threads) {
  Topology topo;
  topo.threads = threads > 0 ? threads : omp_get_max_threads();
  if (numa_available() >= 0) {
    struct bitmask *cpus = numa_allocate_cpumask();
    int maxNode = numa_max_node();
    for (int node = 0; node <= maxNode; ++node) {
      if (!numa_bitmask_isbitset(numa_all_nodes_ptr, node))
        continue;
      numa_bitmask_clearall(cpus);
      if (numa_node_to_cpus(node, cpus) == 0)
        topo.cpusPerNode.push_back(static_cast<int>(numa_bitmask_weight(cpus)));
    }
    numa_free_cpumask(cpus);
  }
  if (topo.cpusPerNode.empty()) // no NUMA support: one node with every CPU
    topo.cpusPerNode.push_back(omp_get_num_procs());
  topo.realNodes = static_cast<int>(topo.cpusPerNode.size());
  if (envValue && *envValue) {
    topo.nodes = parseNodeCount(envValue);
    topo.emulated = true;
  } else {
    topo.nodes = topo.realNodes;
  }
  topo.threadNode.resize(topo.threads);
  for (int t = 0; t < topo.threads; ++t)
    topo.threadNode[t] = static_cast<int>(int64_t{t} * topo.nodes / topo.threads);
  return topo;
}

} // namespace detail

std::string Topology::describe() const {
  // Built with += only (GCC 12 warns falsely on "literal" + std::string).
  std::string text = "NUMA: ";
  text += plural(realNodes, "real node");
  text += " (";
  int totalCpus = 0;
  for (size_t i = 0; i < cpusPerNode.size(); ++i) {
    if (i)
      text += '+';
    text += std::to_string(cpusPerNode[i]);
    totalCpus += cpusPerNode[i];
  }
  text += totalCpus == 1 ? " CPU)" : " CPUs)";
  if (emulated) {
    text += "; emulating ";
    text += plural(nodes, "node");
    text += " over ";
    text += plural(threads, "thread");
  } else {
    text += "; ";
    text += plural(threads, "thread");
    text += " over ";
    text += plural(nodes, "node");
  }
  return text;
}

const Topology &topology() {
  static const Topology topo = detail::readTopology(std::getenv("POLYRT_NUMA_NODES"));
  return topo;
}

int nodeOfCallingThread() {
  const Topology &topo = topology();
  int t = omp_get_thread_num();
  return t < static_cast<int>(topo.threadNode.size()) ? topo.threadNode[t] : 0;
}

} // namespace polyrt
