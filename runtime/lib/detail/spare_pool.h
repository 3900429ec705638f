//===- spare_pool.h - Large arrays kept for reuse --------------------------===//
//
// Traversals make and drop arrays as large as the graph round after round
// (dedup flags, frontier id lists): thousands of rounds on a grid. Allocating
// each anew maps and unmaps megabytes per round and touches fresh pages; a
// pool hands back one dropped a moment ago instead.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_SPARE_POOL_H
#define POLYRT_DETAIL_SPARE_POOL_H

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

namespace polyrt::detail {

/// Spare arrays of T. acquire(size) takes the smallest spare array with room
/// for `size` elements and at most kMostWaste times that (a short list does
/// not hold on to an array the next round needs whole), or makes a new one without touching its pages (calloc
/// when the arrays must come back all zero, malloc otherwise); release gives
/// it back as acquire's caller found it. Each array's room is stored just
/// before it, so the pool knows it whatever the caller asked for. The pool
/// keeps the few most recently returned arrays and frees the others.
template <typename T, bool kZeroed> class SparePool {
public:
  T *acquire(int64_t size) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      size_t best = free_.size();
      for (size_t i = 0; i < free_.size(); ++i)
        if (roomOf(free_[i]) >= size && roomOf(free_[i]) / kMostWaste <= size &&
            (best == free_.size() || roomOf(free_[i]) < roomOf(free_[best])))
          best = i;
      if (best < free_.size()) {
        T *data = free_[best];
        free_.erase(free_.begin() + static_cast<std::ptrdiff_t>(best));
        return data;
      }
    }
    allocations_.fetch_add(1, std::memory_order_relaxed);
    const int64_t room = std::max<int64_t>(size, 1);
    const size_t bytes = kHeader + static_cast<size_t>(room) * sizeof(T);
    auto *block = static_cast<char *>(kZeroed ? std::calloc(bytes, 1) : std::malloc(bytes));
    if (!block)
      throw std::bad_alloc();
    std::memcpy(block, &room, sizeof room);
    return reinterpret_cast<T *>(block + kHeader);
  }
  void release(T *data) {
    std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(data);
    if (free_.size() > kKept) {
      std::free(blockOf(free_.front()));
      free_.erase(free_.begin());
    }
  }
  int64_t allocations() const { return allocations_.load(std::memory_order_relaxed); }
  ~SparePool() {
    for (T *data : free_)
      std::free(blockOf(data));
  }

private:
  static constexpr size_t kKept = 4;
  static constexpr int64_t kMostWaste = 8;
  // The room, in a header as large as malloc's alignment, so the array keeps it.
  static constexpr size_t kHeader = alignof(std::max_align_t);
  static char *blockOf(T *data) { return reinterpret_cast<char *>(data) - kHeader; }
  static int64_t roomOf(T *data) {
    int64_t room;
    std::memcpy(&room, blockOf(data), sizeof room);
    return room;
  }
  std::mutex mutex_;
  std::vector<T *> free_;
  std::atomic<int64_t> allocations_{0};
};

} // namespace polyrt::detail

#endif
