//===- print_test.cpp - printLine prints what std::cout << x would ---------===//
#include "polyrt/print.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>

namespace {

/// What printLine(value) writes to std::cout.
template <typename T> std::string printed(const T &value) {
  std::ostringstream captured;
  std::streambuf *saved = std::cout.rdbuf(captured.rdbuf());
  polyrt::printLine(value);
  std::cout.rdbuf(saved);
  return captured.str();
}

/// What `std::cout << value << '\n'` writes, with the stream's defaults.
template <typename T> std::string streamed(const T &value) {
  std::ostringstream out;
  out << value << '\n';
  return out.str();
}

TEST(PrintLine, IntegersAsTheStreamPrintsThem) {
  for (int32_t x : {0, 1, -1, 42, std::numeric_limits<int32_t>::min(),
                    std::numeric_limits<int32_t>::max()})
    EXPECT_EQ(printed(x), streamed(x));
  for (int64_t x : {int64_t{4294967296}, std::numeric_limits<int64_t>::min()})
    EXPECT_EQ(printed(x), streamed(x));
  for (uint64_t x : {uint64_t{0}, std::numeric_limits<uint64_t>::max()})
    EXPECT_EQ(printed(x), streamed(x));
  EXPECT_EQ(printed(uint32_t{4000000000u}), "4000000000\n");
}

TEST(PrintLine, FloatingPointAsTheStreamsDefaultSixDigits) {
  const double inf = std::numeric_limits<double>::infinity();
  for (double x : {0.0, -0.0, 0.85, 1e-7, 1e300, -2.5e-300, 123456789.0, 0.1 + 0.2, 1.0 / 3,
                   100000.0, 1000000.0, 4.9e-324, inf, -inf, std::nan("")})
    EXPECT_EQ(printed(x), streamed(x)) << x;
  for (float x : {0.85f, 1.0f / 3, 3.4e38f, 1e-45f})
    EXPECT_EQ(printed(x), streamed(x)) << x;
  EXPECT_EQ(printed(0.85), "0.85\n");
  EXPECT_EQ(printed(1e-7), "1e-07\n");
}

TEST(PrintLine, BoolsAndStrings) {
  EXPECT_EQ(printed(true), "1\n");
  EXPECT_EQ(printed(false), "0\n");
  EXPECT_EQ(printed(std::string("tab\tquote\"")), "tab\tquote\"\n");
  EXPECT_EQ(printed("literal"), "literal\n");
  EXPECT_EQ(printed(std::string("with\0nul", 8)), std::string("with\0nul\n", 9));
}

} // namespace
