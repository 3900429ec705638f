//===- numa_memory.h - Memory bound to NUMA nodes -----------------------===//
//
// Node-local data is bound with mbind before it is first touched: first
// touch alone is not enough, because a transparent huge page lands whole on
// the node of the thread that touches it first. Emulated nodes (see numa.h)
// map to real node (k % realNodes); without libnuma, or on one real node,
// binding is skipped and the memory is ordinary anonymous memory.
//
//   NodeBlock<T>        n elements on one node (a node's buffer, a node's
//                       part of a per-node subgraph)
//   PartitionedArray<T> one contiguous array whose slice [bounds[k],
//                       bounds[k+1]) lives on node k: Polymer's "contiguous
//                       virtual, discrete physical" vertex data. Slices are
//                       bound page by page; a page that straddles two slices
//                       goes to the node owning its first element.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_NUMA_MEMORY_H
#define POLYRT_NUMA_MEMORY_H

#include "polyrt/types.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace polyrt {

/// The real node backing (possibly emulated) node `node`.
int realNodeOf(int node);

/// bytes of zeroed anonymous memory (mmap), bound to node's real node
/// (mbind, MPOL_BIND) before any page is touched. Throws Error when the
/// mapping fails. Never returns null for bytes > 0.
void *allocateOnNode(size_t bytes, int node);
/// bytes mapped once, [byteBounds[k], byteBounds[k+1]) bound to node k's
/// real node. Inner boundaries are rounded up to a page: a page that
/// straddles two slices goes to the node owning its first byte.
void *allocatePartitioned(size_t bytes, const std::vector<size_t> &byteBounds);
void freeNodeMemory(void *memory, size_t bytes);

/// Arrays of at least this many bytes are worth huge pages (allocateLarge).
inline constexpr size_t kLargeArrayBytes = size_t{2} << 20;
/// bytes of zeroed anonymous memory on 2 MB boundaries, advised to the
/// kernel as transparent huge pages (madvise MADV_HUGEPAGE, which the usual
/// "madvise" setting honours) unless POLYRT_HUGE_PAGES=off: a per-vertex
/// array read at random (a relaxation's distance, a peel's degree) then
/// misses the TLB a 512th as often. Freed with freeNodeMemory.
void *allocateLarge(size_t bytes);
/// POLYRT_HUGE_PAGES: on (the default) or off; anything else is an Error
/// (runMain asks first, to report it before the program starts).
bool hugePagesEnabled();

/// The node each page of [memory, memory + bytes) lives on now (move_pages
/// status: -ENOENT etc. for a page not yet present, as a negative number).
/// For tests and POLYRT_VERBOSE reports.
std::vector<int> pageNodes(const void *memory, size_t bytes);

template <typename T> class NodeBlock {
public:
  NodeBlock() = default;
  NodeBlock(int64_t n, int node)
      : n_(n), data_(n ? static_cast<T *>(allocateOnNode(sizeof(T) * n, node)) : nullptr) {}
  NodeBlock(const NodeBlock &) = delete;
  NodeBlock &operator=(const NodeBlock &) = delete;
  NodeBlock(NodeBlock &&o) noexcept : n_(o.n_), data_(o.data_) { o.n_ = 0, o.data_ = nullptr; }
  NodeBlock &operator=(NodeBlock &&o) noexcept {
    if (this != &o) {
      release();
      n_ = o.n_, data_ = o.data_;
      o.n_ = 0, o.data_ = nullptr;
    }
    return *this;
  }
  ~NodeBlock() { release(); }

  T &operator[](int64_t i) { return data_[i]; }
  const T &operator[](int64_t i) const { return data_[i]; }
  T *data() { return data_; }
  const T *data() const { return data_; }
  int64_t size() const { return n_; }

private:
  void release() {
    if (data_)
      freeNodeMemory(data_, sizeof(T) * n_);
  }
  int64_t n_ = 0;
  T *data_ = nullptr; // zeroed memory: T must be trivially constructible
};

} // namespace polyrt

#endif
