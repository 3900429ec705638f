//===- numa_loop.h - The owner loop of a NUMA traversal -----------------===//
//
// What a variant lowered by configApplyNUMA calls: the vertices its outer
// loop walks split into one range per (real or emulated) node, and the
// threads of each node taking chunks of their own node's range first:
//
//   static polyrt::NumaOwnerLoop nodes;          // one per traversal variant
//   nodes.prepare(g.numVertices(), offsets, polyrt::PartitionStrategy::EdgeBalanced,
//                 -1, 64, polyrt::WorkStealing::IntraNode);
//   #pragma omp parallel num_threads(nodes.teamSize())
//   {
//     int64_t begin, end;
//     while (nodes.next(omp_get_thread_num(), begin, end))
//       for (int64_t i = begin; i < end; ++i) ... vertex i and its edges ...
//   }
//
// prepare runs serially before the region. The partition is kept across
// calls (PartitionCache); with POLYRT_VERBOSE=1 its per-node sizes are
// printed when it is made.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NUMA_LOOP_H
#define POLYRT_NUMA_LOOP_H

#include "polyrt/graph.h"
#include "polyrt/node_frontier.h"
#include "polyrt/node_subgraphs.h"
#include "polyrt/node_work.h"
#include "polyrt/numa_partition.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace polyrt {

/// The order in which a node's threads walk its agent subgraph: Polymer's
/// rolling order (from the node's own vertices on, then the agents before
/// them, so that nodes start on different nodes' vertices), or increasing
/// (every node from vertex 0, as Polymer's released code does).
/// POLYRT_AGENT_ORDER=rolling (the default) or increasing; read once.
/// Throws Error for another value.
enum class AgentOrder { Rolling, Increasing };
AgentOrder agentOrder();

/// The degrees an agent partition balances: the parts' edges, in-edges
/// pushing (built here if missing), out-edges pulling.
template <typename W> const EdgeOffset *agentBalancedOffsets(Graph<W> &g, SubgraphSide side) {
  if (side == SubgraphSide::Pull)
    return g.outOffsets();
  g.buildInEdges();
  return g.inOffsets();
}

class NumaOwnerLoop {
public:
  /// Partitions [0, n) over the topology's nodes (balancing the degrees in
  /// offsets, n + 1 entries) unless the last call had the same arguments,
  /// and hands the ranges to the team in chunks of `chunk` vertices. Throws
  /// Error for a chunk below 1 or a partition that cannot be made.
  void prepare(VertexId n, const EdgeOffset *offsets, PartitionStrategy how, double alpha,
               int64_t chunk, WorkStealing stealing);
  /// Makes prepare split and walk only [first, last): an MPI rank's own
  /// vertices (partitionWithin; docs/distributed.md). Called before it.
  void ownVertices(VertexId first, VertexId last) { first_ = first, last_ = last; }
  /// The same over a list of vertices (a sparse push's frontier): the list
  /// is regrouped by owner node, in order within each node (list()), and
  /// each node's threads take chunks of its own group first.
  void prepareList(VertexId n, const EdgeOffset *offsets, std::span<const VertexId> list,
                   PartitionStrategy how, double alpha, int64_t chunk, WorkStealing stealing);
  /// The same over the per-node parts of a frontier (configApplyFrontier):
  /// the frontier's parts for this partition (node_frontier.h; built from
  /// it once if it carries none), each node's threads taking chunks of its
  /// own part's items first. Returns the parts.
  const NodeFrontierParts &prepareParts(VertexSubset &frontier, VertexId n,
                                        const EdgeOffset *offsets, PartitionStrategy how,
                                        double alpha, FrontierStructure structure,
                                        int64_t threshold, int64_t chunk, WorkStealing stealing);
  /// Agents (configApplyAgents, Polymer): the traversal's edges split by
  /// the node owning the endpoint whose data is touched at random (the
  /// destination when pushing, the source when pulling), grouped by the
  /// other endpoint (node_subgraphs.h); node k's items are the vertices its
  /// part lists (a remote one is an agent: its edge range in the part), so
  /// every node walks local edges only, in agentOrder(). The partition
  /// balances the parts' edges: in-edges pushing, out-edges pulling.
  /// Returns the parts.
  template <typename W>
  const NodeSubgraphs<W> &prepareAgents(Graph<W> &g, SubgraphSide side, PartitionStrategy how,
                                        double alpha, int64_t chunk, WorkStealing stealing) {
    partition_ = &partitionFor(g.numVertices(), agentBalancedOffsets(g, side), how, alpha, chunk);
    const NodeSubgraphs<W> &parts = nodeSubgraphs(g, *partition_, side);
    std::vector<int64_t> counts, rolls;
    bool rolling = agentOrder() == AgentOrder::Rolling;
    for (size_t k = 0; k < parts.parts.size(); ++k) {
      const NodeSubgraph<W> &part = parts.parts[k];
      counts.push_back(part.numVertices());
      // Where the node's own vertices start in its increasing list.
      const VertexId *listed = part.vertices.data();
      rolls.push_back(rolling ? std::lower_bound(listed, listed + part.numVertices(),
                                                 partition_->begin(static_cast<int>(k))) -
                                    listed
                              : 0);
    }
    startWork(counts, stealing, chunk, rolls);
    return parts;
  }
  /// Agents walked from a sparse frontier: the same parts, and every node's
  /// items are the whole list (a push's frontier), each looked up in the
  /// node's part (NodeSubgraph::find), so that a round costs the frontier,
  /// not every listed vertex. Returns the parts.
  template <typename W>
  const NodeSubgraphs<W> &prepareAgentList(Graph<W> &g, SubgraphSide side, PartitionStrategy how,
                                           double alpha, int64_t chunk, WorkStealing stealing,
                                           std::span<const VertexId> list) {
    partition_ = &partitionFor(g.numVertices(), agentBalancedOffsets(g, side), how, alpha, chunk);
    const NodeSubgraphs<W> &parts = nodeSubgraphs(g, *partition_, side);
    startWork(std::vector<int64_t>(parts.parts.size(), static_cast<int64_t>(list.size())),
              stealing, chunk);
    return parts;
  }
  /// The first item of node k's range (prepareAgents: of its part's list).
  int64_t firstItem(int node) const { return bounds_[node]; }
  /// The regrouped list of the last prepareList.
  const VertexId *list() const { return list_.data(); }
  /// The next chunk [begin, end) for OpenMP thread `thread`; false when none
  /// is left for it.
  bool next(int thread, int64_t &begin, int64_t &end) {
    int node;
    return work_.next(thread, begin, end, node);
  }
  /// The same, with the node whose range the chunk is of (stolen work
  /// belongs to another node than the thread's).
  bool next(int thread, int64_t &begin, int64_t &end, int &node) {
    return work_.next(thread, begin, end, node);
  }
  const Partition &partition() const { return *partition_; }
  /// The team the chunks are made for: every thread of the topology. A
  /// smaller team would leave chunks untaken, so prepare turns OpenMP's
  /// dynamic team sizes off.
  int teamSize() const { return teamSize_; }

private:
  const Partition &partitionFor(VertexId n, const EdgeOffset *offsets, PartitionStrategy how,
                                double alpha, int64_t chunk);
  /// Hands out node k's counts[k] items (numbered on from node 0's), from
  /// its item rolls[k] on, then those before it (none given: from 0).
  void startWork(const std::vector<int64_t> &counts, WorkStealing stealing, int64_t chunk,
                 const std::vector<int64_t> &rolls = {});
  PartitionCache partitions_;
  const Partition *partition_ = nullptr;
  VertexId first_ = 0, last_ = -1; // ownVertices
  std::vector<int64_t> bounds_;
  std::vector<WorkRange> ranges_;
  std::vector<VertexId> list_;
  int teamSize_ = 1;
  NodeWork work_;
};

} // namespace polyrt

#endif
