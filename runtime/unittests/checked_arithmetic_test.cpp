//===- checked_arithmetic_test.cpp - int + - * that stop, not wrap -------===//
#include "polyrt/checked_arithmetic.h"
#include "polyrt/update_ops.h"

#include "test_util.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

using namespace polyrt;

namespace {

constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
constexpr int32_t kMin = std::numeric_limits<int32_t>::min();

TEST(CheckedArithmetic, ResultsThatFitAreCppResults) {
  EXPECT_EQ(add<int32_t>(kMax - 1, 1, "p.gt:1:1"), kMax);
  EXPECT_EQ(add<int32_t>(kMin, kMax, "p.gt:1:1"), -1);
  EXPECT_EQ(subtract<int32_t>(kMin + 1, 1, "p.gt:1:1"), kMin);
  EXPECT_EQ(multiply<int32_t>(46340, 46340, "p.gt:1:1"), 2147395600);
  EXPECT_EQ(multiply<int32_t>(-1, kMax, "p.gt:1:1"), -kMax);
  EXPECT_EQ(negate<int32_t>(kMax, "p.gt:1:1"), -kMax);
  int32_t x = 2000000000;
  addTo(x, 147483647, "p.gt:1:1");
  EXPECT_EQ(x, kMax);
  subtractFrom(x, kMax, "p.gt:1:1");
  EXPECT_EQ(x, 0);
  int32_t y = -3;
  multiplyBy(y, 7, "p.gt:1:1");
  EXPECT_EQ(y, -21);
  EXPECT_EQ(CheckedDivides{"p.gt:1:1"}(-7, 2), -3);
}

TEST(CheckedArithmetic, AtomicAndWideSumsThatFit) {
  int32_t x = kMax - 5;
  writeAddChecked(&x, 5, "p.gt:1:1");
  EXPECT_EQ(x, kMax);
  int32_t sum = -10;
  addWide(sum, int64_t{kMax} + 10, "p.gt:1:1"); // partial sums past int, total inside
  EXPECT_EQ(sum, kMax);
  int32_t deferred = 1;
  AddUpdate::plain(deferred, kMax - 1);
  AddUpdate::atomic(&deferred, -kMax);
  EXPECT_EQ(deferred, 0);
}

TEST(CheckedArithmeticErrorTest, EachOperationNamesThePlaceAndTheOperands) {
  EXPECT_RUNTIME_ERROR(add<int32_t>(2000000000, 2000000000, "sssp.gt:13:19"),
                       "sssp.gt:13:19: integer overflow: 2000000000 \\+ 2000000000 does not fit "
                       "in int");
  EXPECT_RUNTIME_ERROR(subtract<int32_t>(kMin, 1, "p.gt:2:3"),
                       "p.gt:2:3: integer overflow: -2147483648 - 1 does not fit in int");
  EXPECT_RUNTIME_ERROR(multiply<int32_t>(65536, 32768, "p.gt:4:5"),
                       "p.gt:4:5: integer overflow: 65536 \\* 32768 does not fit in int");
  EXPECT_RUNTIME_ERROR(negate<int32_t>(kMin, "p.gt:6:7"),
                       "p.gt:6:7: integer overflow: -\\(-2147483648\\) does not fit in int");
}

TEST(CheckedArithmeticErrorTest, UpdatesInPlaceAtomicallyAndInFunctorsStop) {
  int32_t x = kMax;
  EXPECT_RUNTIME_ERROR(addTo(x, 1, "p.gt:1:2"),
                       "p.gt:1:2: integer overflow: 2147483647 \\+ 1");
  x = kMax;
  EXPECT_RUNTIME_ERROR(writeAddChecked(&x, 1, "p.gt:3:4"),
                       "p.gt:3:4: integer overflow: 2147483647 \\+ 1");
  EXPECT_RUNTIME_ERROR(CheckedMinus{"p.gt:5:6"}(kMin, 1),
                       "p.gt:5:6: integer overflow");
  int32_t sum = 1;
  EXPECT_RUNTIME_ERROR(addWide(sum, int64_t{kMax}, "p.gt:7:8"),
                       "p.gt:7:8: integer overflow: 1 \\+ 2147483647");
  x = kMax; // (an atomic add that overflowed may have stored the wrapped sum)
  EXPECT_RUNTIME_ERROR(AddUpdate::atomic(&x, 1),
                       "a \\+= deferred by configUpdateSync: integer overflow");
}

TEST(CheckedArithmetic, IntegerPowersTruncateAsBefore) {
  EXPECT_EQ(integerPower<int32_t>(2, 10, "p.gt:1:1"), 1024);
  EXPECT_EQ(integerPower<int32_t>(2, -1, "p.gt:1:1"), 0);
  EXPECT_EQ(integerPower<int32_t>(-2, 31, "p.gt:1:1"), kMin);
  EXPECT_EQ(integerPower<uint32_t>(2, 31, "p.gt:1:1"), 2147483648u);
  EXPECT_EQ(integerPower<uint64_t>(2, 63, "p.gt:1:1"), uint64_t{1} << 63);
}

TEST(CheckedArithmeticErrorTest, IntegerPowersThatDoNotFitStop) {
  EXPECT_RUNTIME_ERROR(integerPower<int32_t>(2, 31, "p.gt:9:9"),
                       "p.gt:9:9: integer overflow: 2 \\^ 31 is 2147483648, which does not fit in int");
  EXPECT_RUNTIME_ERROR(integerPower<uint32_t>(-1, 1, "p.gt:9:9"),
                       "does not fit in uint");
  EXPECT_RUNTIME_ERROR(integerPower<int32_t>(-1, 0.5, "p.gt:9:9"),
                       "-1 \\^ 0.5 is not a number, which does not fit in int");
}

} // namespace
