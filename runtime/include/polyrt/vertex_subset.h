//===- vertex_subset.h - Frontiers --------------------------------------===//
//
// A VertexSubset is a set of vertices of a graph with n vertices, held in up
// to three forms at once, each built on demand (in parallel) from another:
//   sparse  a list of ids (push traversals read it);
//   dense   one byte per vertex (pull traversals read it);
//   bits    one bit per vertex: (n+63)/64 words, bit v%64 of word v/64.
// A conversion runs only when the form asked for is missing. A sparse subset
// never holds duplicates unless it was built with deduplication off.
// The frontier builders (frontier_builders.h) produce subsets.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_VERTEX_SUBSET_H
#define POLYRT_VERTEX_SUBSET_H

#include "polyrt/id_list.h"
#include "polyrt/types.h"
#include "polyrt/vertex_bits.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

namespace polyrt {

class NodeFrontierParts; // node_frontier.h

class VertexSubset {
public:
  VertexSubset() = default;
  /// All n vertices (all=true, held dense) or none (held sparse).
  VertexSubset(VertexId n, bool all);
  VertexSubset(const VertexSubset &) = default;
  VertexSubset &operator=(const VertexSubset &) = default;
  VertexSubset(VertexSubset &&) noexcept = default;
  VertexSubset &operator=(VertexSubset &&) noexcept = default;

  /// ids must lie in [0, n); duplicates are kept (and counted by size()).
  static VertexSubset fromSparse(VertexId n, IdList ids);
  static VertexSubset fromSparse(VertexId n, std::initializer_list<VertexId> ids) {
    return fromSparse(n, IdList(ids));
  }
  /// A copy of ids (polyrt's own frontiers are built as IdLists, which are
  /// moved in).
  static VertexSubset fromSparse(VertexId n, const std::vector<VertexId> &ids) {
    return fromSparse(n, IdList(ids.begin(), ids.end()));
  }
  /// flags has n entries; any nonzero byte marks a member. Counts them.
  static VertexSubset fromDense(VertexId n, std::vector<uint8_t> flags);
  /// The same with the number of members already known (no counting pass).
  static VertexSubset fromDense(VertexId n, std::vector<uint8_t> flags, int64_t count);
  /// words has (n+63)/64 entries, the bits past n zero; count = set bits.
  static VertexSubset fromBits(VertexId n, std::vector<uint64_t> words, int64_t count);

  VertexId universe() const { return n_; }
  /// Number of members (counts duplicates of a non-deduplicated sparse set).
  int64_t size() const { return count_; }
  bool empty() const { return count_ == 0; }

  bool hasSparse() const { return hasSparse_; }
  bool hasDense() const { return hasDense_; }
  bool hasBits() const { return hasBits_; }
  const IdList &sparse(); // builds the sparse form if needed
  const uint8_t *dense();                // builds the dense form if needed
  const uint64_t *bits();                // builds the bitvector if needed
  /// Reads the dense or bit form, whichever exists (builds bits if neither).
  inline bool contains(VertexId v);

  /// Serial insertion (addVertex in the language); ignores vertices present.
  /// Keeps every form it has in step; throws Error for v outside [0, n).
  void addVertex(VertexId v);

  /// The subset's frontierWork over the graph with these out-offsets, as the
  /// traversal that built it counted it while adding each member once, so
  /// that a hybrid's next choice of direction costs no pass over the subset.
  /// Copies keep it; addVertex forgets it.
  void recordWork(const EdgeOffset *outOffsets, int64_t work) {
    workOffsets_ = outOffsets;
    work_ = work;
  }
  /// The recorded work for that graph, or -1 when none was recorded for it.
  int64_t recordedWork(const EdgeOffset *outOffsets) const {
    return outOffsets == workOffsets_ ? work_ : -1;
  }
  bool hasRecordedWork() const { return workOffsets_ != nullptr; }

  /// The per-node parts a configApplyFrontier traversal built this subset
  /// with, or null (node_frontier.h). Copies share them; addVertex drops them.
  const std::shared_ptr<const NodeFrontierParts> &nodeParts() const { return nodeParts_; }
  /// Attaches parts that describe exactly the members of this subset.
  void attachNodeParts(std::shared_ptr<const NodeFrontierParts> parts) {
    nodeParts_ = std::move(parts);
  }

private:
  VertexId n_ = 0;
  // At least one form is always present; the empty set starts sparse.
  bool hasSparse_ = true, hasDense_ = false, hasBits_ = false;
  int64_t count_ = 0; // size(): the sparse list's length if built from one
  IdList sparse_;
  std::vector<uint8_t> dense_;
  std::vector<uint64_t> bits_;
  const EdgeOffset *workOffsets_ = nullptr; // recordWork's graph, if any
  int64_t work_ = -1;
  std::shared_ptr<const NodeFrontierParts> nodeParts_;
};

/// Sum of out-degrees of the members plus their number: what the hybrid
/// directions compare against |E|/20 to choose push or pull. Reads the sparse
/// form when the subset has one (duplicates count), else a dense form. G is
/// any graph with outOffsets(), e.g. Graph<W>.
template <typename G> int64_t frontierWork(VertexSubset &s, const G &g);
/// A frontier whose work (frontierWork) is at most this is traversed by one
/// thread: starting a parallel region costs more than such a round, and
/// high-diameter graphs (grids) have thousands of them. It changes which
/// thread runs a small round, never what the round computes. 4096 until
/// BFS's push prefetched its sources' offsets (the owner-prefetch pass): with
/// that, rounds of 2048-4096 gain from the second thread
/// (docs/benchmark-log/2026-11-28-1450-bfs-grid-push-prefetch.md).
constexpr int64_t kSerialWork = 2048;

/// Whether frontierWork(s, g) > limit, as the hybrids ask it: without
/// summing degrees when the size alone decides, with the graph's smallest
/// and largest degree (Graph::minOutDegree, maxOutDegree), or the work was
/// recorded, and otherwise over the sparse form, which a small frontier is
/// about to be pushed from anyway.
template <typename G> bool frontierWorkExceeds(VertexSubset &s, const G &g, int64_t limit);

} // namespace polyrt

#include "polyrt/vertex_subset_impl.h"

#endif
