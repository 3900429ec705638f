//===- update_ops.h - The reductions an update can defer -----------------===//
//
// configUpdateSync "htm" and "merge" do not apply an update where the
// applied function makes it: they keep it and apply it later (in a batch,
// or folded from a node's buffer), which is correct because a reduction's
// order does not matter. Each reduction is a type naming its identity, its
// plain form (for one writer, or inside a transaction) and its atomic form.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_UPDATE_OPS_H
#define POLYRT_UPDATE_OPS_H

#include "polyrt/atomics.h"
#include "polyrt/checked_arithmetic.h"

#include <limits>
#include <type_traits>

namespace polyrt {

/// An int sum that does not fit stops the program, as the language's `+=`
/// does (checked_arithmetic.h); the place is the traversal's, not known here.
struct AddUpdate {
  static constexpr const char *kWhere = "a += deferred by configUpdateSync";
  template <typename T> static constexpr T identity() { return T(0); }
  template <typename T> static void plain(T &x, T value) {
    if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
      addTo(x, value, kWhere);
    else
      x += value;
  }
  template <typename T> static void atomic(T *x, T value) {
    if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
      writeAddChecked(x, value, kWhere);
    else
      writeAdd(x, value);
  }
};

struct MinUpdate {
  template <typename T> static constexpr T identity() {
    return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::max();
  }
  template <typename T> static void plain(T &x, T value) {
    if (value < x)
      x = value;
  }
  template <typename T> static void atomic(T *x, T value) { writeMin(x, value); }
};

struct MaxUpdate {
  template <typename T> static constexpr T identity() {
    return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::lowest();
  }
  template <typename T> static void plain(T &x, T value) {
    if (value > x)
      x = value;
  }
  template <typename T> static void atomic(T *x, T value) { writeMax(x, value); }
};

} // namespace polyrt

#endif
