//===- atomics.h - Atomic reductions on vertex data ---------------------===//
#ifndef POLYRT_ATOMICS_H
#define POLYRT_ATOMICS_H

#include <atomic>

namespace polyrt {

/// *addr = min(*addr, value) atomically; true when *addr changed.
template <typename T> inline bool writeMin(T *addr, T value) {
  std::atomic_ref<T> ref(*addr);
  T old = ref.load(std::memory_order_relaxed);
  while (value < old)
    if (ref.compare_exchange_weak(old, value, std::memory_order_relaxed))
      return true;
  return false;
}

/// *addr = max(*addr, value) atomically; true when *addr changed.
template <typename T> inline bool writeMax(T *addr, T value) {
  std::atomic_ref<T> ref(*addr);
  T old = ref.load(std::memory_order_relaxed);
  while (value > old)
    if (ref.compare_exchange_weak(old, value, std::memory_order_relaxed))
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
  return std::atomic_ref<T>(*addr).compare_exchange_strong(expected, desired,
                                                           std::memory_order_relaxed);
}

} // namespace polyrt

#endif
