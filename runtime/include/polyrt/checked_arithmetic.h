//===- checked_arithmetic.h - The language's int + - * that stop, not wrap -===//
//
// GraphIt's `int` is 32-bit, and C++ leaves its overflow undefined: in
// practice a wrapped, wrong number (shortest paths with weights near 2e9
// printed negative). polyc's language defines it instead: an `int` `+`, `-`,
// `*`, unary `-` or compound assignment whose result does not fit stops the
// program with a message naming the place in the program (docs/language.md).
// The generated C++ calls these for every such operation; each is the
// machine's add plus a jump on its overflow flag, which the kernels measured
// did not notice. Unsigned types wrap as in C and are not checked. Integer
// division by zero (any integer type) stops the program the same way.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_CHECKED_ARITHMETIC_H
#define POLYRT_CHECKED_ARITHMETIC_H

#include "polyrt/atomics.h"

#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace polyrt {

/// Stops the program (from any thread): "WHERE: integer overflow: A OP B
/// does not fit in int" (for unary minus, A is 0 and OP is "-").
[[noreturn, gnu::cold]] void integerOverflow(const char *where, char operation, int64_t a, int64_t b);

template <typename T> inline T add(T a, T b, const char *where) {
  static_assert(std::is_integral_v<T> && std::is_signed_v<T>);
  T sum;
  if (__builtin_add_overflow(a, b, &sum)) [[unlikely]]
    integerOverflow(where, '+', a, b);
  return sum;
}

template <typename T> inline T subtract(T a, T b, const char *where) {
  static_assert(std::is_integral_v<T> && std::is_signed_v<T>);
  T difference;
  if (__builtin_sub_overflow(a, b, &difference)) [[unlikely]]
    integerOverflow(where, '-', a, b);
  return difference;
}

template <typename T> inline T multiply(T a, T b, const char *where) {
  static_assert(std::is_integral_v<T> && std::is_signed_v<T>);
  T product;
  if (__builtin_mul_overflow(a, b, &product)) [[unlikely]]
    integerOverflow(where, '*', a, b);
  return product;
}

template <typename T> inline T negate(T a, const char *where) {
  return subtract<T>(T(0), a, where);
}

/// The language's integer `a / b` (truncating, as C++): a zero divisor, or
/// the one quotient that overflows (the lowest value divided by -1), stops
/// the program with a message naming `where` (the program's file:line:col),
/// from any thread, instead of dying of SIGFPE.
[[noreturn, gnu::cold]] void integerDivisionFailed(const char *where, bool byZero);
template <typename T> inline T divide(T a, T b, const char *where) {
  static_assert(std::is_integral_v<T>);
  if (b == 0) [[unlikely]]
    integerDivisionFailed(where, true);
  if constexpr (std::is_signed_v<T>)
    if (b == -1 && a == std::numeric_limits<T>::min()) [[unlikely]]
      integerDivisionFailed(where, false);
  return a / b;
}

/// The language's integer `a ^ b`: std::pow's value truncated toward zero
/// (`2 ^ -1` is 0), which must fit T (any integer type): a conversion C++
/// leaves undefined otherwise.
[[noreturn, gnu::cold]] void integerPowerOverflow(const char *where, double a, double b,
                                                  double power, const char *type);
template <typename T> inline T integerPower(double a, double b, const char *where) {
  static_assert(std::is_integral_v<T>);
  const double power = std::trunc(std::pow(a, b));
  // 2^(bits) is exact in a double; NaN fails both comparisons.
  constexpr double limit = std::is_signed_v<T> ? 0x1p31 * (sizeof(T) == 8 ? 0x1p32 : 1.0)
                                               : 0x1p32 * (sizeof(T) == 8 ? 0x1p32 : 1.0);
  constexpr double lowest = std::is_signed_v<T> ? -limit : 0.0;
  if (!(power >= lowest && power < limit)) [[unlikely]]
    integerPowerOverflow(where, a, b, power,
                         std::is_signed_v<T> ? "int" : sizeof(T) == 8 ? "uint_64" : "uint");
  return static_cast<T>(power);
}

/// `x += v`, `x -= v`, `x *= v` on an int.
template <typename T> inline void addTo(T &target, std::type_identity_t<T> value, const char *where) {
  target = add(target, value, where);
}
template <typename T> inline void subtractFrom(T &target, std::type_identity_t<T> value, const char *where) {
  target = subtract(target, value, where);
}
template <typename T> inline void multiplyBy(T &target, std::type_identity_t<T> value, const char *where) {
  target = multiply(target, value, where);
}

/// `target += value` for an int target and a sum taken in 64 bits (the
/// threads' partial sums of a summed vector): the total must fit the int.
template <typename T> inline void addWide(T &target, int64_t value, const char *where) {
  static_assert(std::is_same_v<T, int32_t>);
  const int64_t sum = int64_t{target} + value;
  if (sum != static_cast<T>(sum)) [[unlikely]]
    integerOverflow(where, '+', target, value);
  target = static_cast<T>(sum);
}

/// A sum taken in 64 bits (vec.sum() of an int vector) as the int it must
/// be: one that does not fit stops the program.
[[noreturn, gnu::cold]] void sumOverflow(const char *where, int64_t sum);
inline int32_t sumToInt(int64_t sum, const char *where) {
  if (sum != static_cast<int32_t>(sum)) [[unlikely]]
    sumOverflow(where, sum);
  return static_cast<int32_t>(sum);
}

/// A uint, uint_64, float or double value stored in an int (assignment,
/// initialisation, argument passing): a value outside int's range, or NaN,
/// stops the program ("value X does not fit in int") where C++ would wrap
/// or leave it undefined; a floating value in range is truncated toward
/// zero, as C++ converts it.
[[noreturn, gnu::cold]] void intConversionOverflow(const char *where, uint64_t value);
[[noreturn, gnu::cold]] void intConversionOverflow(const char *where, int64_t value);
[[noreturn, gnu::cold]] void intConversionOverflow(const char *where, double value);
template <typename From> inline int32_t toInt(From value, const char *where) {
  static_assert(std::is_arithmetic_v<From>);
  if constexpr (std::is_floating_point_v<From>) {
    // -2^31 - 1 and 2^31 are exact in a double; NaN fails both comparisons.
    if (!(value > -0x1p31 - 1.0 && value < 0x1p31)) [[unlikely]]
      intConversionOverflow(where, static_cast<double>(value));
  } else if constexpr (std::is_unsigned_v<From>) {
    if (value > static_cast<From>(std::numeric_limits<int32_t>::max())) [[unlikely]]
      intConversionOverflow(where, static_cast<uint64_t>(value));
  } else if constexpr (sizeof(From) > sizeof(int32_t)) {
    if (value != static_cast<int32_t>(value)) [[unlikely]]
      intConversionOverflow(where, static_cast<int64_t>(value));
  }
  return static_cast<int32_t>(value);
}

/// The checked operations as functors, for the runtime's compare-and-swap
/// loops (writeUpdate, updateTracked, atomicUpdateTracked).
struct CheckedPlus {
  const char *where;
  template <typename T> T operator()(T a, T b) const { return add(a, b, where); }
};
struct CheckedMinus {
  const char *where;
  template <typename T> T operator()(T a, T b) const { return subtract(a, b, where); }
};
struct CheckedMultiplies {
  const char *where;
  template <typename T> T operator()(T a, T b) const { return multiply(a, b, where); }
};
struct CheckedDivides {
  const char *where;
  template <typename T> T operator()(T a, T b) const { return divide(a, b, where); }
};

/// *addr += value atomically on an int: one fetch-and-add, and the old value
/// it returns tells whether the sum fitted. (The element has wrapped when it
/// did not, but the program stops before anything reads it.)
template <typename T> inline void writeAddChecked(T *addr, std::type_identity_t<T> value,
                                                const char *where) {
  const T old = std::atomic_ref<T>(*addr).fetch_add(value, std::memory_order_relaxed);
  T sum;
  if (__builtin_add_overflow(old, value, &sum)) [[unlikely]]
    integerOverflow(where, '+', old, value);
}

} // namespace polyrt

#endif
