//===- numa_partition.h - The vertex range split over NUMA nodes --------===//
//
// A NUMA traversal gives each (real or emulated) node one contiguous range
// of vertices: the node owns their per-vertex data, walks their edges and
// holds their part of every per-node structure. Three ways to cut the range:
//
//   VertexBalanced  equal vertex counts
//   EdgeBalanced    equal edge counts (Polymer), counted in the direction
//                   the traversal walks: in-edges for a pull, out-edges for
//                   a push
//   ChunkAlpha      equal alpha * |V_i| + |E_i| (Gemini); alpha defaults to
//                   8 * (N - 1) for N nodes
//
// Boundaries fall on multiples of a granule: 64 vertices (whole bitvector
// words) for traversals, so a node never shares a frontier word with
// another; 4096 for placing vertex data, so that a node's slice of an array
// of any element size is whole pages. The last boundary is n. Node ranges
// may be empty when the graph has fewer than granule * N vertices.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NUMA_PARTITION_H
#define POLYRT_NUMA_PARTITION_H

#include "polyrt/types.h"

#include <string>
#include <vector>

namespace polyrt {

enum class PartitionStrategy { VertexBalanced, EdgeBalanced, ChunkAlpha };

/// Where node boundaries may fall (see above).
constexpr VertexId kTraversalGranule = 64;
constexpr VertexId kPlacementGranule = 4096;

/// The alpha ChunkAlpha uses when the schedule names none: 8 * (N - 1).
double defaultPartitionAlpha(int nodes);

struct Partition {
  /// nodes() + 1 entries: node k owns [bounds[k], bounds[k + 1]); bounds[0]
  /// is 0, the last is n, every other one a multiple of the granule,
  /// non-decreasing.
  std::vector<VertexId> bounds;

  int nodes() const { return static_cast<int>(bounds.size()) - 1; }
  VertexId begin(int node) const { return bounds[node]; }
  VertexId end(int node) const { return bounds[node + 1]; }
  VertexId numVertices() const { return bounds.back(); }
  /// The node owning v (0 <= v < n): a search over the boundaries.
  int ownerOf(VertexId v) const;
  /// The boundaries cut to [first, last) (last < 0: n): the ranges of
  /// vertices a loop over partitionWithin's range walks per node.
  std::vector<int64_t> boundsWithin(VertexId first, VertexId last) const;
  /// One line per node, "node k: |V| ..., |E| ..., imbalance ...", the
  /// imbalance being the node's edges over the mean; offsets as given to
  /// partitionVertices (null: vertices only). For POLYRT_VERBOSE=1.
  std::string describe(const EdgeOffset *offsets) const;
};

/// Splits [0, n) into `nodes` ranges. offsets (n + 1 entries) are the CSR or
/// CSC offsets whose degrees are balanced; VertexBalanced ignores them (may
/// be null). alpha < 0 means defaultPartitionAlpha(nodes). Throws Error when
/// nodes < 1 or nodes > n ("cannot split N vertices over M NUMA nodes").
Partition partitionVertices(VertexId n, const EdgeOffset *offsets, int nodes,
                            PartitionStrategy how, double alpha = -1,
                            VertexId granule = kTraversalGranule);

/// partitionVertices over [first, last) alone: inside an MPI rank, which
/// owns those vertices (Gemini's second level; docs/distributed.md). The
/// interior boundaries fall inside the range, on multiples of the granule
/// (or at last); node 0 also holds [0, first) and the last node [last, n),
/// where the caller walks nothing. A range of fewer vertices than nodes
/// goes to node 0 whole. last < 0 means n; [0, n) is partitionVertices.
Partition partitionWithin(VertexId n, VertexId first, VertexId last, const EdgeOffset *offsets,
                          int nodes, PartitionStrategy how, double alpha = -1,
                          VertexId granule = kTraversalGranule);

/// A traversal's partition, kept across its calls: remade (and reported
/// with POLYRT_VERBOSE=1 as `what`) only when an input changed. The same
/// graph walked again keeps it; a stale one could only balance worse, as
/// its ranges always cover [0, n). [first, last): partitionWithin's.
class PartitionCache {
public:
  const Partition &get(VertexId n, const EdgeOffset *offsets, int nodes, PartitionStrategy how,
                       double alpha, const char *what, VertexId first = 0, VertexId last = -1);

private:
  Partition partition_;
  VertexId n_ = -1;
  const EdgeOffset *offsets_ = nullptr;
  PartitionStrategy how_ = PartitionStrategy::VertexBalanced;
  double alpha_ = 0;
  VertexId first_ = 0, last_ = -1;
};

/// With POLYRT_VERBOSE=1, prints "polyrt: <what>: " and p.describe(offsets)
/// to stderr; otherwise nothing.
void reportPartition(const Partition &p, const EdgeOffset *offsets, const char *what);

} // namespace polyrt

#endif
