//===- node_replicas.h - Read-only copies of a vector, one per node -----===//
//
// configDataPlacement(vector, "replicated"): besides the vector itself (the
// primary, interleaved, where every write goes), each node keeps a copy in
// its own memory, and a traversal that reads the vector without writing it
// reads its thread's node's copy: random reads of read-mostly data become
// local. The copies are refreshed from the primary when such a traversal
// starts, so they never lag behind a write made before it.
//
// On one node (none emulated) there are no copies: local() is the primary.
// Emulated nodes get real copies, so that the copying path is what tests run.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NODE_REPLICAS_H
#define POLYRT_NODE_REPLICAS_H

#include "polyrt/numa.h"
#include "polyrt/numa_memory.h"
#include "polyrt/vertex_array.h"

#include <type_traits>
#include <vector>

namespace polyrt {

namespace detail {
/// The calling thread's node for reads through replicas; -1 until looked up.
/// Constant-initialised, so reading it is one thread-local load.
inline thread_local int replicaReaderNode = -1;
} // namespace detail

/// The node of the calling OpenMP thread under topology().threadNode,
/// looked up once per thread: reads through a replica happen per edge. Any
/// node's copy holds the same values, so a thread that a later team numbers
/// differently reads correct data, only perhaps remote.
inline int cachedThreadNode() {
  int node = detail::replicaReaderNode;
  if (node < 0)
    node = detail::replicaReaderNode = nodeOfCallingThread();
  return node;
}

template <typename T> class NodeReplicas {
  static_assert(std::is_trivially_copyable_v<T>, "replicas are copied bytewise");

public:
  /// Copies every element of primary into each node's copy, in parallel:
  /// with T threads the static schedule gives thread t the copy of node
  /// t * N / T, which is the node it runs on.
  void refresh(const VertexArray<T> &primary) {
    const int nodes = topology().nodes;
    const int64_t n = primary.size();
    primary_ = primary.data();
    if (nodes == 1 && !topology().emulated)
      return;
    if (copies_.size() != static_cast<size_t>(nodes) || (nodes && copies_[0].size() != n)) {
      copies_.clear();
      for (int k = 0; k < nodes; ++k)
        copies_.emplace_back(n, k);
      pointers_.assign(nodes, nullptr);
      for (int k = 0; k < nodes; ++k)
        pointers_[k] = copies_[k].data();
    }
    const T *from = primary.data();
#pragma omp parallel for collapse(2) schedule(static)
    for (int k = 0; k < nodes; ++k)
      for (int64_t i = 0; i < n; ++i)
        copies_[k][i] = from[i];
  }

  /// The copy the calling thread reads: its node's (refresh() first).
  const T *local() const {
    return pointers_.empty() ? primary_ : pointers_[cachedThreadNode()];
  }

  int copies() const { return static_cast<int>(copies_.size()); }
  const T *copy(int node) const { return copies_[node].data(); }

private:
  std::vector<NodeBlock<T>> copies_;
  std::vector<const T *> pointers_; // copies_[k].data(), read per edge
  const T *primary_ = nullptr;
};

} // namespace polyrt

#endif
