//===- node_frontier.h - A frontier held node by node (configApplyFrontier) ===//
//
// Polymer keeps each NUMA node's part of a frontier with the node and picks
// its form per node: a list of members where the part is small, a bitmap of
// the node's range where it is large. polyrt's form of that:
//
//   NodeFrontierParts  the per-node parts of one frontier: node k's form
//                      (a list of its members, a bitmap, or a byte per
//                      vertex of its range), its size and its work (members
//                      plus their out-degrees). A VertexSubset carries them
//                      beside its bitvector, which always holds every member
//                      (the bits of a listed part too: membership tests and
//                      pulls read it with no conversion).
//   NodeFrontierBuilder a traversal's output: each added vertex claims its
//                      bit (no duplicates) and joins its owner node's list
//                      in the adding thread's buffer; finish() decides each
//                      node's form from its work and returns the subset.
//   nodeFrontierParts  the parts of a subset for a partition: the ones it
//                      carries when they are for that partition, else built
//                      once from its bitvector (a frontier the program made).
//
// A traversal that walks the parts hands NodeWork one item range per node
// (itemBounds): a listed node's items are its list, a dense node's its
// vertex range, and member() turns an item into a vertex.
//
// adaptive decides per node: dense when the part's work exceeds the node's
// out-edges over `threshold` (20 by default, Polymer's and Ligra's |E|/20
// applied to each node's share), listed otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NODE_FRONTIER_H
#define POLYRT_NODE_FRONTIER_H

#include "polyrt/numa_partition.h"
#include "polyrt/types.h"
#include "polyrt/vertex_bits.h"
#include "polyrt/vertex_subset.h"

#include <omp.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace polyrt {

/// configApplyFrontier's structures.
enum class FrontierStructure { BoolArray, Bitvector, SparseQueue, Adaptive };
/// The adaptive threshold when the schedule gives none.
constexpr int64_t kDefaultFrontierThreshold = 20;

class NodeFrontierParts {
public:
  enum class Form : uint8_t { List, Bits, Bytes };
  struct Part {
    Form form = Form::List;
    VertexId begin = 0, end = 0; // the node's range
    int64_t firstItem = 0;       // where its items start (itemBounds)
    int64_t size = 0, work = 0;
    std::vector<VertexId> list;  // List: the members
    std::vector<uint8_t> bytes;  // Bytes: one per vertex of [begin, end)
  };

  int nodes() const { return static_cast<int>(parts_.size()); }
  const Part &part(int node) const { return parts_[node]; }
  /// The partition's boundaries these parts follow.
  const std::vector<VertexId> &bounds() const { return bounds_; }
  /// nodes() + 1 entries: node k's items are [itemBounds[k], itemBounds[k + 1]).
  const std::vector<int64_t> &itemBounds() const { return itemBounds_; }
  bool allListed() const;
  int64_t size() const;
  int64_t work() const;
  /// Every listed part's members, node after node.
  IdList concatenatedLists() const;

  /// Item `item` of node `node`: the vertex, and whether it is a member
  /// (a listed item always is; a dense part's vertex when its bit or byte is
  /// set). `bits` is the subset's bitvector.
  bool member(int node, int64_t item, const uint64_t *bits, VertexId &v) const {
    const Part &p = parts_[node];
    if (p.form == Form::List) {
      v = p.list[item - p.firstItem];
      return true;
    }
    v = static_cast<VertexId>(p.begin + (item - p.firstItem));
    if (p.form == Form::Bytes)
      return p.bytes[v - p.begin] != 0;
    return bitIsSet(bits, v);
  }

  /// Builds the parts of the members in `bits` (n vertices), each node's
  /// form decided as `how` and `threshold` say; lists are in vertex order.
  static std::shared_ptr<const NodeFrontierParts>
  fromBits(const uint64_t *bits, const Partition &partition, const EdgeOffset *outOffsets,
           FrontierStructure how, int64_t threshold);

private:
  friend class NodeFrontierBuilder;
  std::vector<VertexId> bounds_;
  std::vector<int64_t> itemBounds_;
  std::vector<Part> parts_;

  /// Sets each part's form from its size and work, fills bytes where the
  /// form asks for them, and numbers the items.
  void decide(const uint64_t *bits, const EdgeOffset *outOffsets, FrontierStructure how,
              int64_t threshold);
};

/// The output frontier of a traversal under configApplyFrontier. add() may
/// be called from one parallel region of at most omp_get_max_threads()
/// threads (or serially); finish() outside it, once: the subset takes the
/// builder's bits.
class NodeFrontierBuilder {
public:
  NodeFrontierBuilder(VertexId n, const Partition &partition, const EdgeOffset *outOffsets,
                      FrontierStructure how, int64_t threshold);

  void add(VertexId v) {
    uint64_t mask = bitMaskOf(v);
    std::atomic_ref<uint64_t> word(bits_[bitWordOf(v)]);
    if ((word.load(std::memory_order_relaxed) & mask) ||
        (word.fetch_or(mask, std::memory_order_relaxed) & mask))
      return; // already a member
    Lane &lane = lanes_[omp_get_thread_num()];
    int node = partition_->ownerOf(v);
    lane.lists[node].push_back(v);
    lane.work[node] += 1 + (outOffsets_[v + 1] - outOffsets_[v]);
  }

  VertexSubset finish();

private:
  struct alignas(64) Lane {
    std::vector<std::vector<VertexId>> lists; // per node
    std::vector<int64_t> work;                // per node
  };
  VertexId n_;
  const Partition *partition_;
  const EdgeOffset *outOffsets_;
  FrontierStructure how_;
  int64_t threshold_;
  std::vector<uint64_t> bits_;
  std::vector<Lane> lanes_;
};

/// The parts of `s` for `partition`: those it carries if they follow the
/// same boundaries, else built from its bitvector and attached to it (so
/// the next traversal over the same subset finds them).
const NodeFrontierParts &nodeFrontierParts(VertexSubset &s, const Partition &partition,
                                           const EdgeOffset *outOffsets, FrontierStructure how,
                                           int64_t threshold);

/// Checks configApplyFrontier's threshold read at run time (at least 1).
int64_t checkedFrontierThreshold(int64_t threshold);

} // namespace polyrt

#endif
