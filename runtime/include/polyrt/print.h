//===- print.h - The language's print statement ---------------------------===//
//
// `print x;` writes x and a newline to std::cout exactly as
// `std::cout << x << '\n'` would, but formats numbers with std::to_chars
// (no locale, no stream state) and writes the line with one call: ostream's
// number formatting cost a tenth of an SSSP run that prints every distance.
// Floating-point values print as the stream's default does, %g with six
// significant digits; bools as 1 and 0.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_PRINT_H
#define POLYRT_PRINT_H

#include <charconv>
#include <iostream>
#include <string>
#include <string_view>
#include <type_traits>

namespace polyrt {

namespace detail {
inline void writeLine(char *begin, char *end) {
  *end++ = '\n';
  std::cout.write(begin, end - begin);
}
} // namespace detail

template <typename T> void printLine(const T &value) {
  using Plain = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<Plain, bool>) {
    std::cout.write(value ? "1\n" : "0\n", 2);
  } else if constexpr (std::is_integral_v<Plain> && sizeof(Plain) > 1) {
    char text[32];
    detail::writeLine(text, std::to_chars(text, text + sizeof text - 1, value).ptr);
  } else if constexpr (std::is_floating_point_v<Plain>) {
    char text[64];
    detail::writeLine(text, std::to_chars(text, text + sizeof text - 1, value,
                                          std::chars_format::general, 6)
                                .ptr);
  } else if constexpr (std::is_convertible_v<const T &, std::string_view>) {
    std::string_view text = value;
    std::cout.write(text.data(), static_cast<std::streamsize>(text.size())).put('\n');
  } else {
    std::cout << value << '\n';
  }
}

} // namespace polyrt

#endif
