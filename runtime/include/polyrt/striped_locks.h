//===- striped_locks.h - configUpdateSync "lock" ------------------------===//
//
// A write several threads may make to one element is made under a lock
// chosen by the element's address: a fixed table of spin locks, one per
// cache line, so that the table stays small whatever the graph and two
// elements share a lock only when their addresses collide modulo the table.
// Consecutive elements of a vector (consecutive vertices) take consecutive
// locks. The body runs with plain reads and writes, as in a serial program.
//
//   polyrt::underLockOf(&new_rank[dst], [&](double &element) { element += contrib[src]; });
//   changed |= polyrt::underLockOf(&dist[dst], [&](int32_t &element) {
//     return polyrt::reduceMin(element, value);
//   });
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_STRIPED_LOCKS_H
#define POLYRT_STRIPED_LOCKS_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace polyrt {

namespace detail {

struct alignas(64) SpinLock {
  std::atomic<bool> held{false};

  void lock() {
    for (;;) {
      if (!held.exchange(true, std::memory_order_acquire))
        return;
      while (held.load(std::memory_order_relaxed)) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
      }
    }
  }
  void unlock() { held.store(false, std::memory_order_release); }
};

/// 4096 locks of 64 bytes: 256 KiB, allocated once per program.
constexpr size_t kLockStripes = 4096;
inline SpinLock lockStripes[kLockStripes];

template <typename T> SpinLock &stripeOf(const T *element) {
  // Elements of up to 8 bytes: neighbours take neighbouring stripes.
  constexpr unsigned shift = sizeof(T) >= 8 ? 3 : sizeof(T) >= 4 ? 2 : sizeof(T) >= 2 ? 1 : 0;
  return lockStripes[(reinterpret_cast<uintptr_t>(element) >> shift) % kLockStripes];
}

} // namespace detail

/// Runs body(*element) holding element's stripe lock; returns what it returns.
template <typename T, typename Body> auto underLockOf(T *element, Body body) {
  detail::SpinLock &lock = detail::stripeOf(element);
  lock.lock();
  if constexpr (std::is_void_v<decltype(body(*element))>) {
    body(*element);
    lock.unlock();
  } else {
    auto result = body(*element);
    lock.unlock();
    return result;
  }
}

} // namespace polyrt

#endif
