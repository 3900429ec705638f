//===- parallel.h - Parallel building blocks (internal) -----------------===//
//
// Prefix sums and helpers shared by the CSR builder, the transpose, the
// frontier conversions and the loaders. Not installed for generated code.
//
//===----------------------------------------------------------------------===//
#ifndef POLYRT_DETAIL_PARALLEL_H
#define POLYRT_DETAIL_PARALLEL_H

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace polyrt::detail {

/// Below this many elements a loop runs serially (thread start-up costs more).
constexpr int64_t kSerialCutoff = 1 << 14;

/// out[0] = 0, out[i+1] = in[0] + ... + in[i] for i < n: an exclusive prefix
/// sum with the total in out[n]. out must hold n+1 elements; in and out may
/// not alias. Two passes over blocks, one block per thread.
template <typename In, typename Out>
void prefixSum(const In *in, int64_t n, Out *out) {
  if (n < kSerialCutoff) {
    Out sum = 0;
    for (int64_t i = 0; i < n; ++i) {
      out[i] = sum;
      sum += static_cast<Out>(in[i]);
    }
    out[n] = sum;
    return;
  }
  int blocks = omp_get_max_threads();
  std::vector<Out> blockSum(blocks + 1, 0);
#pragma omp parallel num_threads(blocks)
  {
    int b = omp_get_thread_num();
    int nb = omp_get_num_threads();
    int64_t lo = n * b / nb, hi = n * (b + 1) / nb;
    Out sum = 0;
    for (int64_t i = lo; i < hi; ++i)
      sum += static_cast<Out>(in[i]);
    blockSum[b + 1] = sum;
#pragma omp barrier
#pragma omp single
    for (int i = 0; i < nb; ++i)
      blockSum[i + 1] += blockSum[i];
    // (implicit barrier after single)
    sum = blockSum[b];
    for (int64_t i = lo; i < hi; ++i) {
      out[i] = sum;
      sum += static_cast<Out>(in[i]);
    }
    if (b == nb - 1)
      out[n] = sum;
  }
}

/// The range [lo, hi) of block b out of nb over n items.
inline int64_t blockBegin(int64_t n, int64_t b, int64_t nb) { return n * b / nb; }

} // namespace polyrt::detail

#endif
