//===- atomics.h - Atomic reductions on vertex data ---------------------===//
#ifndef POLYRT_ATOMICS_H
#define POLYRT_ATOMICS_H

#include "polyrt/thread_sanitizer.h"

#include <atomic>
#include <type_traits>

namespace polyrt {

namespace detail {

/// compare_exchange_strong with relaxed order: true when *addr was expected
/// and is now desired; otherwise expected becomes *addr. g++ treats every
/// std::atomic operation, relaxed or not, as a barrier to the compiler, so
/// a loop whose body updates a word reloads everything it reads from
/// globals after each update: in Afforest's sampling, the graph's offset and
/// neighbour arrays and the round's position, one more dependent load before
/// the next vertex's random reads
/// (docs/benchmark-log/2026-11-29-0620-cas-bit-indices-frontier-handover.md).
/// On x86-64 the same `lock cmpxchg`
/// is written as an asm statement that names only the word it updates: the
/// hardware's ordering is the same, and relaxed order promises nothing about
/// other words.
template <typename T> inline bool compareExchangeRelaxed(T *addr, T &expected, T desired) {
// (Under ThreadSanitizer every update goes through std::atomic_ref, which it
// sees; it does not see inside an asm statement.)
#if defined(__x86_64__) && defined(__GNUC__) && !defined(POLYRT_TSAN)
  if constexpr (std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8)) {
    bool swapped;
    __asm__ __volatile__("lock cmpxchg %[desired], %[word]"
                         : [word] "+m"(*addr), "+a"(expected), "=@ccz"(swapped)
                         : [desired] "r"(desired)
                         : "cc");
    return swapped;
  }
#endif
  return std::atomic_ref<T>(*addr).compare_exchange_strong(expected, desired,
                                                           std::memory_order_relaxed);
}

} // namespace detail

/// *addr = min(*addr, value) atomically; true when *addr changed.
template <typename T> inline bool writeMin(T *addr, T value) {
  std::atomic_ref<T> ref(*addr);
  T old = ref.load(std::memory_order_relaxed);
  while (value < old)
    if (detail::compareExchangeRelaxed(addr, old, value))
      return true;
  return false;
}

/// *addr = max(*addr, value) atomically; true when *addr changed.
template <typename T> inline bool writeMax(T *addr, T value) {
  std::atomic_ref<T> ref(*addr);
  T old = ref.load(std::memory_order_relaxed);
  while (value > old)
    if (detail::compareExchangeRelaxed(addr, old, value))
      return true;
  return false;
}

/// *addr += value atomically (integers and floating point).
template <typename T> inline void writeAdd(T *addr, T value) {
  std::atomic_ref<T>(*addr).fetch_add(value, std::memory_order_relaxed);
}

/// *addr op= value atomically for op in - * / (a CAS loop).
template <typename T, typename Op> inline void writeUpdate(T *addr, T value, Op op) {
  std::atomic_ref<T> ref(*addr);
  T old = ref.load(std::memory_order_relaxed);
  while (!ref.compare_exchange_weak(old, op(old, value), std::memory_order_relaxed)) {
  }
}

/// A racy-but-defined store of a value several threads may write.
template <typename T> inline void atomicStore(T *addr, T value) {
  std::atomic_ref<T>(*addr).store(value, std::memory_order_relaxed);
}

/// Compare-and-swap: true when *addr was expected and is now desired.
template <typename T> inline bool compareAndSwap(T *addr, T expected, T desired) {
  return detail::compareExchangeRelaxed(addr, expected, desired);
}

} // namespace polyrt

#endif
