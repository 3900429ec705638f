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
//     while (numa.nextWalk(thread, begin, end, part))  ... positions of a part's list
//     numa.barrier(thread);
//     while (numa.nextMerge(thread, begin, end)) {     ... destinations
//       numa.seek(begin, cursor);
//       for (dst = begin; dst < end; ++dst)
//         for (k = 0; k < numa.parts(); ++k)
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
  /// segments > 1 cuts the sources further (cache blocking inside the
  /// nodes: configApplyNumSSG with configApplyNUMA): each node's range into
  /// ceil(segments / nodes) pieces, which its threads walk in order.
  void prepare(Graph<W> &g, PartitionStrategy how, double alpha, int64_t chunk,
               WorkStealing stealing, BarrierKind barrier, int64_t segments = 1,
               SegmentSplit split = SegmentSplit::VertexCount) {
    if (segments < 1)
      throw Error("the number of segments must be at least 1, not " + std::to_string(segments));
    g.buildInEdges();
    const Topology &topo = topology();
    // Balanced by in-edges: what a pull walks.
    partition_ = &partitions_.get(g.numVertices(), g.inOffsets(), topo.nodes, how, alpha,
                                  "NUMA pull (merge form)", first_, last_);
    const int64_t perNode = (segments + partition_->nodes() - 1) / partition_->nodes();
    parts_ = &nodeSubgraphs(g, *partition_, SubgraphSide::Pull, perNode, split);
    const int parts = static_cast<int>(parts_->parts.size());
    buffers_.resize(parts);
    walkBase_.assign(parts + 1, 0);
    partNode_.resize(parts);
    for (int i = 0; i < parts; ++i) {
      int64_t listed = parts_->parts[i].numVertices();
      partNode_[i] = parts_->nodeOf(i);
      if (buffers_[i].size() < listed)
        buffers_[i] = NodeBlock<T>(listed, partNode_[i]);
      walkBase_[i + 1] = walkBase_[i] + listed;
    }
    mergeBounds_ = partition_->boundsWithin(first_, last_);
    omp_set_dynamic(0); // the chunks are made for exactly this team
    teamSize_ = topo.threads;
    walk_.reset(walkBase_, partNode_, topo.threadNode, chunk, stealing);
    merge_.reset(mergeBounds_, topo.threadNode, chunk, stealing);
    hierarchical_ = barrier == BarrierKind::Hierarchical;
    if (hierarchical_)
      barrier_.reset(topo.threadNode);
  }

  /// Makes prepare split and merge only [first, last): an MPI rank's own
  /// vertices (partitionWithin; docs/distributed.md). Called before it.
  void ownVertices(VertexId first, VertexId last) { first_ = first, last_ = last; }

  int teamSize() const { return teamSize_; }
  const Partition &partition() const { return *partition_; }
  int nodeOf(int part) const { return partNode_[part]; }
  /// The parts: one per node, or one per segment of each node.
  int parts() const { return static_cast<int>(buffers_.size()); }

  /// The next chunk of a part's destination list, as positions, and the part.
  bool nextWalk(int thread, int64_t &begin, int64_t &end, int &part) {
    if (!walk_.next(thread, begin, end, part))
      return false;
    begin -= walkBase_[part];
    end -= walkBase_[part];
    return true;
  }
  const VertexId *destinations(int part) const { return parts_->parts[part].vertices.data(); }
  const EdgeOffset *offsets(int part) const { return parts_->parts[part].offsets.data(); }
  const VertexId *sources(int part) const { return parts_->parts[part].neighbors.data(); }
  const W *weights(int part) const { return parts_->parts[part].weights.data(); }
  T *buffer(int part) { return buffers_[part].data(); }

  void barrier(int thread) {
    if (hierarchical_) {
      barrier_.wait(thread);
    } else {
#pragma omp barrier
    }
  }

  /// The next chunk of destinations to merge (and the node owning them).
  bool nextMerge(int thread, int64_t &begin, int64_t &end) {
    int node;
    return merge_.next(thread, begin, end, node);
  }
  bool nextMerge(int thread, int64_t &begin, int64_t &end, int &node) {
    return merge_.next(thread, begin, end, node);
  }
  /// cursor[k] = the first position of part k's list at or after v.
  void seek(int64_t v, int64_t *cursor) const {
    for (int k = 0; k < parts(); ++k) {
      const VertexId *list = destinations(k);
      cursor[k] = std::lower_bound(list, list + parts_->parts[k].numVertices(), v) - list;
    }
  }
  /// Part k's partial result for dst, if its list has dst at cursor (which
  /// then moves past it).
  bool take(int k, VertexId dst, int64_t &cursor, T &partial) const {
    const auto &part = parts_->parts[k];
    if (cursor >= part.numVertices() || part.vertices[cursor] != dst)
      return false;
    partial = buffers_[k][cursor++];
    return true;
  }

private:
  PartitionCache partitions_;
  const Partition *partition_ = nullptr;
  VertexId first_ = 0, last_ = -1; // ownVertices
  const NodeSubgraphs<W> *parts_ = nullptr;
  std::vector<NodeBlock<T>> buffers_;
  std::vector<int64_t> walkBase_, mergeBounds_;
  std::vector<int> partNode_;
  NodeWork walk_, merge_;
  HierarchicalBarrier barrier_;
  bool hierarchical_ = false;
  int teamSize_ = 1;
};

} // namespace polyrt

#endif
