//===- edge_chunks.cpp - Dividing traversals by edges -------------------===//
#include "polyrt/edge_chunks.h"

#include "detail/parallel.h"

#include <omp.h>

namespace polyrt {
namespace {

/// Chunk boundaries over items [0, count) where work(i) is the work before
/// item i: strictly increasing, work(0) = 0. Boundary j is the first item
/// whose work reaches j * grain; boundaries that coincide are merged. Each
/// thread takes a run of consecutive boundaries and finds each by galloping
/// forward from the previous one (a few nearby probes instead of a binary
/// search over the whole array).
template <typename Index, typename Work>
std::vector<Index> boundariesByWork(Index count, int64_t grain, Work work) {
  grain = std::max<int64_t>(grain, 1);
  int64_t total = work(count);
  int64_t chunks = (total + grain - 1) / grain;
  std::vector<Index> b(chunks + 1);
  int parts = chunks > detail::kSerialCutoff ? omp_get_max_threads() : 1;
#pragma omp parallel for schedule(static) if (parts > 1)
  for (int p = 0; p < parts; ++p) {
    int64_t lo = 0; // every item before lo has less work than the target
    for (int64_t j = detail::blockBegin(chunks, p, parts); j < detail::blockBegin(chunks, p + 1, parts);
         ++j) {
      int64_t target = j * grain, hi = lo;
      for (int64_t step = 1; hi < count && work(hi) < target; step *= 2) {
        lo = hi + 1;
        hi = std::min<int64_t>(count, hi + step);
      }
      while (lo < hi) { // the first item in [lo, hi] with work >= target
        int64_t mid = lo + (hi - lo) / 2;
        if (work(mid) < target)
          lo = mid + 1;
        else
          hi = mid;
      }
      b[j] = static_cast<Index>(lo);
    }
  }
  b[chunks] = count;
  b.erase(std::unique(b.begin(), b.end()), b.end());
  return b;
}

} // namespace

std::vector<VertexId> edgeBalancedBoundaries(const EdgeOffset *offsets, VertexId n,
                                             int64_t grainEdges) {
  return boundariesByWork<VertexId>(
      n, grainEdges, [&](int64_t v) { return offsets[v] - offsets[0] + v; });
}

std::vector<int64_t> edgeBalancedBoundaries(std::span<const VertexId> frontier,
                                            const EdgeOffset *offsets, int64_t grainEdges) {
  FrontierEdgePrefix p(frontier, offsets);
  return boundariesByWork<int64_t>(static_cast<int64_t>(frontier.size()), grainEdges,
                                   [&](int64_t i) { return p[i] + i; });
}

FrontierEdgePrefix::FrontierEdgePrefix(std::span<const VertexId> frontier,
                                       const EdgeOffset *offsets) {
  int64_t k = static_cast<int64_t>(frontier.size());
  std::vector<int64_t> degrees(k);
#pragma omp parallel for schedule(static) if (k > detail::kSerialCutoff)
  for (int64_t i = 0; i < k; ++i)
    degrees[i] = offsets[frontier[i] + 1] - offsets[frontier[i]];
  prefix_.resize(k + 1);
  detail::prefixSum(degrees.data(), k, prefix_.data());
}

} // namespace polyrt
