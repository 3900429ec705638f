//===- atomics_test.cpp - Atomic reductions under contention ------------===//
#include "polyrt/atomics.h"
#include "test_util.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cmath>
#include <vector>

using namespace polyrt;
using namespace polyrt::test;

namespace {

constexpr int kThreads = 8; // more threads than cores: real interleaving
constexpr int kIters = 20000;

TEST(Atomics, WriteMinUnderContention) {
  int32_t target = INT32_MAX;
  int changed = 0;
#pragma omp parallel for num_threads(kThreads) reduction(+ : changed)
  for (int i = 0; i < kThreads * kIters; ++i)
    changed += writeMin(&target, 1000000 - i);
  EXPECT_EQ(target, 1000000 - (kThreads * kIters - 1));
  EXPECT_GE(changed, 1);
  EXPECT_FALSE(writeMin(&target, target)); // equal: no change
  EXPECT_TRUE(writeMin(&target, target - 1));
}

TEST(Atomics, WriteMaxUnderContention) {
  double target = -1;
#pragma omp parallel for num_threads(kThreads)
  for (int i = 0; i < kThreads * kIters; ++i)
    writeMax(&target, std::sin(i) + i * 1e-9);
  double expected = -1;
  for (int i = 0; i < kThreads * kIters; ++i)
    expected = std::max(expected, std::sin(i) + i * 1e-9);
  EXPECT_EQ(target, expected);
  EXPECT_FALSE(writeMax(&target, 0.0));
}

TEST(Atomics, WriteAddDoubleUnderContention) {
  double sum = 0;
  int64_t isum = 0;
#pragma omp parallel for num_threads(kThreads)
  for (int i = 0; i < kThreads * kIters; ++i) {
    writeAdd(&sum, 0.5); // exactly representable: the total is exact
    writeAdd<int64_t>(&isum, 3);
  }
  EXPECT_EQ(sum, 0.5 * kThreads * kIters);
  EXPECT_EQ(isum, int64_t{3} * kThreads * kIters);
  float fsum = 0;
#pragma omp parallel for num_threads(kThreads)
  for (int i = 0; i < 1000; ++i)
    writeAdd(&fsum, 1.0f);
  EXPECT_EQ(fsum, 1000.0f);
}

TEST(Atomics, WriteUpdateAndCas) {
  int64_t product = 1;
#pragma omp parallel for num_threads(kThreads)
  for (int i = 0; i < 40; ++i)
    writeUpdate<int64_t>(&product, 2, [](int64_t a, int64_t b) { return a * b; });
  EXPECT_EQ(product, int64_t{1} << 40);
  uint8_t flag = 0;
  int winners = 0;
#pragma omp parallel for num_threads(kThreads) reduction(+ : winners)
  for (int i = 0; i < kThreads * 100; ++i)
    winners += compareAndSwap<uint8_t>(&flag, 0, 1);
  EXPECT_EQ(winners, 1);
  EXPECT_EQ(flag, 1);
  int x = 0;
  atomicStore(&x, 5);
  EXPECT_EQ(x, 5);
}

// Each thread claims ticket after ticket with compare-and-swap on a shared
// counter: every ticket is won exactly once, whatever the width (the 32- and
// 64-bit integers take polyrt's own asm path on x86-64), and the counter
// ends where the claims do.
template <typename T> void expectEveryTicketClaimedOnce() {
  constexpr int kTickets = 40000; // fits every width tested
  T next = 0;
  std::vector<int> claimed(kTickets, 0);
#pragma omp parallel num_threads(kThreads)
  {
    for (;;) {
      T ticket = std::atomic_ref<T>(next).load(std::memory_order_relaxed);
      if (ticket >= kTickets)
        break;
      if (compareAndSwap<T>(&next, ticket, ticket + 1))
        ++claimed[static_cast<size_t>(ticket)];
    }
  }
  EXPECT_EQ(next, T{kTickets});
  EXPECT_EQ(std::count(claimed.begin(), claimed.end(), 1), kTickets);
}

TEST(Atomics, CompareAndSwapHandsOutEveryTicketOnce) {
  expectEveryTicketClaimedOnce<int32_t>();
  expectEveryTicketClaimedOnce<int64_t>();
  expectEveryTicketClaimedOnce<uint32_t>();
  expectEveryTicketClaimedOnce<uint16_t>(); // std::atomic_ref's path
}

TEST(Atomics, AFailedCompareAndSwapLeavesTheWord) {
  int32_t word = 7;
  EXPECT_FALSE(compareAndSwap<int32_t>(&word, 6, 9));
  EXPECT_EQ(word, 7);
  EXPECT_TRUE(compareAndSwap<int32_t>(&word, 7, 9));
  EXPECT_EQ(word, 9);
  int64_t wide = int64_t{1} << 40;
  EXPECT_FALSE(compareAndSwap<int64_t>(&wide, 0, 2)); // equal low halves are not enough
  EXPECT_TRUE(compareAndSwap<int64_t>(&wide, int64_t{1} << 40, -1));
  EXPECT_EQ(wide, -1);
}

} // namespace
