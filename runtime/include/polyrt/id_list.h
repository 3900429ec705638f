//===- id_list.h - Lists of vertex ids that frontiers hand over -----------===//
//
// A sparse frontier's ids are an IdList: a std::vector whose allocator makes
// no pass of zeros and recycles large arrays.
//   - resize() leaves new ids unset. SlidingQueueBuilder sizes its queue for
//     every vertex a round may add, fills part of it and hands it over as
//     the frontier, with no copy into a zeroed std::vector
//     (docs/benchmark-log/2026-11-29-0620-cas-bit-indices-frontier-handover.md).
//   - An array of kPooledIdBytes or more comes from spare ones dropped
//     earlier (detail/spare_pool.h), and goes back there when its list is
//     dropped. A BFS on a grid builds thousands of queues with room for |V|
//     ids; each takes the array of a frontier dropped a moment ago, its
//     pages already mapped, rather than mapping new ones.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_ID_LIST_H
#define POLYRT_ID_LIST_H

#include "polyrt/types.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace polyrt {

namespace detail {

/// Arrays of ids from this many bytes up are pooled.
constexpr size_t kPooledIdBytes = size_t{64} << 10;

/// An array for `count` ids from the pool (count * sizeof(VertexId) >=
/// kPooledIdBytes), and its return.
VertexId *acquireIdArray(size_t count);
void releaseIdArray(VertexId *ids) noexcept;
/// How many arrays the pool has allocated so far (for tests).
int64_t idArrayAllocations();

/// std::allocator's interface. An element made without a value is left
/// uninitialised; large arrays come from the pool.
template <typename T> struct IdAllocator {
  using value_type = T;
  IdAllocator() = default;
  template <typename U> IdAllocator(const IdAllocator<U> &) noexcept {}

  T *allocate(size_t count) {
    if constexpr (std::is_same_v<T, VertexId>)
      if (pooled(count))
        return acquireIdArray(count);
    return std::allocator<T>().allocate(count);
  }
  void deallocate(T *p, size_t count) noexcept {
    if constexpr (std::is_same_v<T, VertexId>)
      if (pooled(count))
        return releaseIdArray(p);
    std::allocator<T>().deallocate(p, count);
  }
  template <typename U> void construct(U *p) noexcept { ::new (static_cast<void *>(p)) U; }
  template <typename U, typename... Args> void construct(U *p, Args &&...args) {
    ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
  }
  template <typename U> bool operator==(const IdAllocator<U> &) const noexcept { return true; }

private:
  /// Whether an array of `count` elements comes from (and returns to) the
  /// pool: allocate and deallocate must agree.
  static bool pooled(size_t count) { return count * sizeof(T) >= kPooledIdBytes; }
};

} // namespace detail

using IdList = std::vector<VertexId, detail::IdAllocator<VertexId>>;

} // namespace polyrt

#endif
