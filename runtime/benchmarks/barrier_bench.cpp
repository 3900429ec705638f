//===- barrier_bench.cpp - Hierarchical barrier against OpenMP's ---------===//
//
//   polyrt-barrier-bench [ROUNDS]
//
// Times back-to-back barriers of one parallel region (the thread count is
// OpenMP's: OMP_NUM_THREADS) with the threads grouped into 1, 2, 4 and 8
// emulated nodes, the hierarchical barrier against `#pragma omp barrier`,
// each the median of 5 repetitions of ROUNDS barriers (default 100000),
// interleaved; prints nanoseconds per barrier and the ratio. A benchmark,
// not a test: numbers depend on the machine and on what else runs.
//
//===----------------------------------------------------------------------===//
#include "polyrt/hierarchical_barrier.h"
#include "polyrt/timer.h"

#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double timeOmp(int threads, long rounds) {
  double start = polyrt::now();
#pragma omp parallel num_threads(threads)
  for (long r = 0; r < rounds; ++r) {
#pragma omp barrier
  }
  return (polyrt::now() - start) / rounds * 1e9;
}

double timeHierarchical(int threads, int nodes, long rounds) {
  std::vector<int> map(threads);
  for (int t = 0; t < threads; ++t)
    map[t] = static_cast<int>(int64_t{t} * nodes / threads);
  polyrt::HierarchicalBarrier barrier(map);
  double start = polyrt::now();
#pragma omp parallel num_threads(threads)
  {
    int t = omp_get_thread_num();
    for (long r = 0; r < rounds; ++r)
      barrier.wait(t);
  }
  return (polyrt::now() - start) / rounds * 1e9;
}

} // namespace

int main(int argc, char **argv) {
  long rounds = argc > 1 ? std::atol(argv[1]) : 100000;
  if (rounds < 1) {
    std::fprintf(stderr, "polyrt-barrier-bench: ROUNDS must be a positive number\n");
    return 2;
  }
  int threads = omp_get_max_threads();
  std::printf("%d threads, %ld barriers per repetition, median of 5\n", threads, rounds);
  std::printf("nodes  hierarchical ns  omp ns  ratio\n");
  for (int nodes : {1, 2, 4, 8}) {
    std::vector<double> h, o;
    for (int rep = 0; rep < 5; ++rep) {
      h.push_back(timeHierarchical(threads, nodes, rounds));
      o.push_back(timeOmp(threads, rounds));
    }
    double hm = median(h), om = median(o);
    std::printf("%5d  %15.0f  %6.0f  %5.2f\n", nodes, hm, om, hm / om);
  }
  return 0;
}
