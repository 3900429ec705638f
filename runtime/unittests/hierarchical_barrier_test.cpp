//===- hierarchical_barrier_test.cpp - Nobody passes before everyone -----===//
#include "polyrt/hierarchical_barrier.h"
#include "test_util.h"

#include <atomic>

using namespace polyrt;

namespace {

TEST(HierarchicalBarrier, PhasesNeverOverlap) {
  for (int nodes : {1, 2, 3, 4, 8})
    for (int threads : {1, 2, 5}) {
      std::vector<int> map(threads);
      for (int t = 0; t < threads; ++t)
        map[t] = static_cast<int>(int64_t{t} * nodes / threads);
      HierarchicalBarrier barrier(map);
      std::vector<std::atomic<int>> round(threads);
      std::atomic<int> early{0};
      const int rounds = 300;
#pragma omp parallel num_threads(threads)
      {
        int t = omp_get_thread_num();
        for (int r = 1; r <= rounds; ++r) {
          round[t].store(r);
          barrier.wait(t);
          for (int u = 0; u < threads; ++u)
            if (round[u].load() < r)
              early++; // someone passed before u arrived
          barrier.wait(t); // nobody starts round r + 1 while others check round r
        }
      }
      EXPECT_EQ(early.load(), 0) << nodes << " nodes, " << threads << " threads";
    }
}

} // namespace
