//===- node_merge_buffers.h - configUpdateSync "merge" ------------------===//
//
// Each node keeps a buffer the size of the target vector, in its own memory,
// filled with the reduction's identity. During the traversal a thread folds
// its updates into its node's buffer (atomically, among the node's threads:
// a local cache line instead of a remote one); after the traversal every
// element folds each node's buffer into the vector and resets it to the
// identity. As with the NUMA merge form of a pull, nodes never write each
// other's memory until the merge. Correct because the updates are a
// reduction that nothing in the traversal reads (the update-sync pass checks).
//
//   static polyrt::NodeMergeBuffers<double, polyrt::AddUpdate> polyc_merge_s1_new_rank;
//   polyc_merge_s1_new_rank.prepare(new_rank.data(), new_rank.size()); // serially
//   polyc_merge_s1_new_rank.add(&new_rank[dst], contrib[src]);         // in the loop
//   polyc_merge_s1_new_rank.fold();                                    // serially, last
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NODE_MERGE_BUFFERS_H
#define POLYRT_NODE_MERGE_BUFFERS_H

#include "polyrt/node_replicas.h"
#include "polyrt/numa.h"
#include "polyrt/numa_memory.h"
#include "polyrt/update_ops.h"

#include <vector>

namespace polyrt {

template <typename T, typename Op> class NodeMergeBuffers {
public:
  void prepare(T *target, int64_t n) {
    const int nodes = topology().nodes;
    target_ = target;
    if (buffers_.size() != static_cast<size_t>(nodes) || buffers_[0].size() != n) {
      buffers_.clear();
      pointers_.clear();
      for (int k = 0; k < nodes; ++k) {
        buffers_.emplace_back(n, k);
        pointers_.push_back(buffers_.back().data());
      }
      const T identity = Op::template identity<T>();
#pragma omp parallel for collapse(2) schedule(static)
      for (int k = 0; k < nodes; ++k)
        for (int64_t i = 0; i < n; ++i)
          buffers_[k][i] = identity;
    }
  }

  /// Folds value into the calling thread's node's entry for *element.
  void add(T *element, T value) {
    Op::atomic(pointers_[cachedThreadNode()] + (element - target_), value);
  }

  /// Folds every node's buffer into the target and resets it.
  void fold() {
    const int nodes = static_cast<int>(buffers_.size());
    const int64_t n = nodes ? buffers_[0].size() : 0;
    const T identity = Op::template identity<T>();
    T *target = target_;
    T *const *buffers = pointers_.data();
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n; ++i)
      for (int k = 0; k < nodes; ++k) {
        Op::plain(target[i], buffers[k][i]);
        buffers[k][i] = identity;
      }
  }

  int buffers() const { return static_cast<int>(buffers_.size()); }
  const T *buffer(int node) const { return buffers_[node].data(); }

private:
  std::vector<NodeBlock<T>> buffers_;
  std::vector<T *> pointers_;
  T *target_ = nullptr;
};

} // namespace polyrt

#endif
