//===- numa_merge.h - The NUMA merge form of a pull ---------------------===//
//
// What a pull lowered in the merge form calls (the merge-reduce pass): the
// GraphIt NUMA thesis's per-node subgraphs, buffers and merge. Node k owns
// a range of vertices; its subgraph holds the in-edges whose sources it
// owns, grouped by destination, so its walk reads only its own sources'
// data and writes only its own buffer (one entry per destination listed,
// filled from the fold's identity). After a barrier the threads of each
// node fold every node's buffer into the destinations the node owns.
//
//   static polyrt::NumaMerge<double, polyrt::NoWeight> numa;  // per variant
//   numa.prepare(g, polyrt::PartitionStrategy::EdgeBalanced, -1, 64,
//                polyrt::WorkStealing::IntraNode, polyrt::BarrierKind::Omp);
//   #pragma omp parallel num_threads(numa.teamSize())
//   {
//     while (numa.nextWalk(thread, begin, end, node))  ... positions of node's list
//     numa.barrier(thread);
//     while (numa.nextMerge(thread, begin, end)) {     ... destinations
//       numa.seek(begin, cursor);
//       for (dst = begin; dst < end; ++dst)
//         for (k = 0; k < numa.nodes(); ++k)
//           if (numa.take(k, dst, cursor[k], partial)) fold(partial);
//     }
//   }
//
// prepare runs serially; the partition, the subgraphs (cached by the
// runtime, see node_subgraphs.h) and the buffers are kept across calls on
// the same graph.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NUMA_MERGE_H
#define POLYRT_NUMA_MERGE_H

#include "polyrt/graph.h"
#include "polyrt/hierarchical_barrier.h"
#include "polyrt/node_subgraphs.h"
#include "polyrt/node_work.h"
#include "polyrt/numa.h"
#include "polyrt/numa_memory.h"
#include "polyrt/numa_partition.h"

#include <omp.h>

#include <algorithm>
#include <vector>

namespace polyrt {

/// configBarrier: OpenMP's barrier, or Polymer's per-node-then-global one.
enum class BarrierKind { Omp, Hierarchical };

template <typename T, typename W> class NumaMerge {
public:
  void prepare(Graph<W> &g, PartitionStrategy how, double alpha, int64_t chunk,
               WorkStealing stealing, BarrierKind barrier) {
    g.buildInEdges();
    const Topology &topo = topology();
    const EdgeOffset *offsets = g.inOffsets();
    if (g.numVertices() != n_ || offsets != offsets_ || how != how_ || alpha != alpha_ ||
        partition_.nodes() != topo.nodes) {
      // Balanced by in-edges: what a pull walks.
      partition_ = partitionVertices(g.numVertices(), offsets, topo.nodes, how, alpha);
      n_ = g.numVertices(), offsets_ = offsets, how_ = how, alpha_ = alpha;
      reportPartition(partition_, offsets, "NUMA pull (merge form)");
    }
    parts_ = &nodeSubgraphs(g, partition_, SubgraphSide::Pull);
    const int nodes = partition_.nodes();
    buffers_.resize(nodes);
    walkBase_.assign(nodes + 1, 0);
    for (int k = 0; k < nodes; ++k) {
      int64_t listed = parts_->nodes[k].numVertices();
      if (buffers_[k].size() < listed)
        buffers_[k] = NodeBlock<T>(listed, k);
      walkBase_[k + 1] = walkBase_[k] + listed;
    }
    mergeBounds_.assign(partition_.bounds.begin(), partition_.bounds.end());
    omp_set_dynamic(0); // the chunks are made for exactly this team
    teamSize_ = topo.threads;
    walk_.reset(walkBase_, topo.threadNode, chunk, stealing);
    merge_.reset(mergeBounds_, topo.threadNode, chunk, stealing);
    hierarchical_ = barrier == BarrierKind::Hierarchical;
    if (hierarchical_)
      barrier_.reset(topo.threadNode);
  }

  int teamSize() const { return teamSize_; }
  int nodes() const { return partition_.nodes(); }

  /// The next chunk of node `node`'s destination list, as positions.
  bool nextWalk(int thread, int64_t &begin, int64_t &end, int &node) {
    if (!walk_.next(thread, begin, end, node))
      return false;
    begin -= walkBase_[node];
    end -= walkBase_[node];
    return true;
  }
  const VertexId *destinations(int node) const { return parts_->nodes[node].vertices.data(); }
  const EdgeOffset *offsets(int node) const { return parts_->nodes[node].offsets.data(); }
  const VertexId *sources(int node) const { return parts_->nodes[node].neighbors.data(); }
  const W *weights(int node) const { return parts_->nodes[node].weights.data(); }
  T *buffer(int node) { return buffers_[node].data(); }

  void barrier(int thread) {
    if (hierarchical_) {
      barrier_.wait(thread);
    } else {
#pragma omp barrier
    }
  }

  /// The next chunk of destinations to merge.
  bool nextMerge(int thread, int64_t &begin, int64_t &end) {
    int node;
    return merge_.next(thread, begin, end, node);
  }
  /// cursor[k] = the first position of node k's list at or after v.
  void seek(int64_t v, int64_t *cursor) const {
    for (int k = 0; k < nodes(); ++k) {
      const VertexId *list = destinations(k);
      cursor[k] = std::lower_bound(list, list + parts_->nodes[k].numVertices(), v) - list;
    }
  }
  /// Node k's partial result for dst, if its list has dst at cursor (which
  /// then moves past it).
  bool take(int k, VertexId dst, int64_t &cursor, T &partial) const {
    const auto &part = parts_->nodes[k];
    if (cursor >= part.numVertices() || part.vertices[cursor] != dst)
      return false;
    partial = buffers_[k][cursor++];
    return true;
  }

private:
  Partition partition_;
  VertexId n_ = -1;
  const EdgeOffset *offsets_ = nullptr;
  PartitionStrategy how_ = PartitionStrategy::VertexBalanced;
  double alpha_ = 0;
  const NodeSubgraphs<W> *parts_ = nullptr;
  std::vector<NodeBlock<T>> buffers_;
  std::vector<int64_t> walkBase_, mergeBounds_;
  NodeWork walk_, merge_;
  HierarchicalBarrier barrier_;
  bool hierarchical_ = false;
  int teamSize_ = 1;
};

} // namespace polyrt

#endif
