//===- node_work.h - Chunks of per-node ranges handed to a team ---------===//
//
// A NUMA traversal runs in one OpenMP parallel region. Its items (vertices)
// are split into one range per node; NodeWork hands them out in chunks so
// that a node's threads work on their own node's range first. How much
// threads help each other is configWorkStealing's choice:
//
//   None       each thread takes only its own static share of its node
//   IntraNode  a node's threads take chunks of the node's range dynamically
//   MiniChunk  each thread takes its own share first, then steals chunks
//              from the other threads of its node (Gemini)
//   InterNode  as MiniChunk, then steals from other nodes' threads last
//
// Whatever the method, every item is handed out exactly once, including
// the ranges of nodes that have no thread (more emulated nodes than
// threads): such a node's range goes to its home thread, node * T / N.
// Shares start on multiples of 64 items so that a chunk of a multiple of 64
// never splits a bitvector word between threads.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NODE_WORK_H
#define POLYRT_NODE_WORK_H

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace polyrt {

enum class WorkStealing { None, IntraNode, MiniChunk, InterNode };

/// Items [begin, end) of node `node`'s work, reported as `id` by next().
struct WorkRange {
  int64_t begin, end;
  int node, id;
};

/// The thread that serves node `node` when no thread belongs to it.
int homeThread(int node, int nodes, int threads);

class NodeWork {
public:
  /// Serially, before the region. nodeBounds has nodes + 1 non-decreasing
  /// entries; threadNode[t] is the node of thread t (the team has
  /// threadNode.size() threads). chunk >= 1. Reuses its storage.
  void reset(const std::vector<int64_t> &nodeBounds, const std::vector<int> &threadNode,
             int64_t chunk, WorkStealing stealing);
  /// The same with several ranges per node, taken in order: range r is
  /// [rangeBounds[r], rangeBounds[r+1]) and belongs to node rangeNode[r]
  /// (a node's segments, each a range).
  void reset(const std::vector<int64_t> &rangeBounds, const std::vector<int> &rangeNode,
             const std::vector<int> &threadNode, int64_t chunk, WorkStealing stealing);
  /// The same with the ranges given whole: a node's ranges are taken in the
  /// order listed, wherever they lie (Polymer's rolling order lists a
  /// node's range from its own vertices on, then the part before them).
  void reset(const std::vector<WorkRange> &ranges, const std::vector<int> &threadNode,
             int64_t chunk, WorkStealing stealing);
  /// Inside the region: the next chunk [begin, end) for `thread`, and the
  /// range it belongs to (the node, with one range per node; the range's id
  /// when given whole); false when nothing is left for it.
  bool next(int thread, int64_t &begin, int64_t &end, int &range);

private:
  /// A range handed out from the front, one chunk per fetch_add.
  struct alignas(64) Lane {
    std::atomic<int64_t> cursor{0};
    int64_t end = 0;
    int range = 0, node = 0;
  };
  struct alignas(64) Position {
    size_t lane = 0; // index into this thread's lane list: earlier ones are empty
  };
  std::unique_ptr<Lane[]> lanes_;
  size_t laneCapacity_ = 0, numLanes_ = 0;
  std::vector<size_t> laneListBegin_; // per thread, into laneList_ (threads + 1)
  std::vector<int> laneList_;         // each thread's lanes, in the order it takes them
  std::unique_ptr<Position[]> position_;
  size_t positionCapacity_ = 0;
  int64_t chunk_ = 64;
  std::vector<int> identity_; // rangeNode when each node has one range
};

} // namespace polyrt

#endif
