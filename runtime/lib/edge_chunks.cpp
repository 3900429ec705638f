//===- edge_chunks.cpp - Dividing traversals by edges -------------------===//
#include "polyrt/edge_chunks.h"

#include "detail/parallel.h"

namespace polyrt {
namespace {

/// Chunk boundaries over items [0, count) where work(i) is the work before
/// item i: strictly increasing, work(0) = 0. Boundary j is the first item
/// whose work reaches j * grain; boundaries that coincide are merged.
template <typename Index, typename Work>
std::vector<Index> boundariesByWork(Index count, int64_t grain, Work work) {
  grain = std::max<int64_t>(grain, 1);
  int64_t total = work(count);
  int64_t chunks = (total + grain - 1) / grain;
  std::vector<Index> b(chunks + 1);
#pragma omp parallel for schedule(static) if (chunks > detail::kSerialCutoff)
  for (int64_t j = 0; j < chunks; ++j) {
    Index lo = 0, hi = count; // the first item in [lo, hi] with work >= j * grain
    while (lo < hi) {
      Index mid = lo + (hi - lo) / 2;
      if (work(mid) < j * grain)
        lo = mid + 1;
      else
        hi = mid;
    }
    b[j] = lo;
  }
  b[chunks] = count;
  b.erase(std::unique(b.begin(), b.end()), b.end());
  return b;
}

} // namespace

std::vector<VertexId> edgeBalancedBoundaries(const EdgeOffset *offsets, VertexId n,
                                             int64_t grainEdges) {
  return boundariesByWork<VertexId>(
      n, grainEdges, [&](VertexId v) { return offsets[v] - offsets[0] + v; });
}

std::vector<int64_t> edgeBalancedBoundaries(const std::vector<VertexId> &frontier,
                                            const EdgeOffset *offsets, int64_t grainEdges) {
  FrontierEdgePrefix p(frontier, offsets);
  return boundariesByWork<int64_t>(static_cast<int64_t>(frontier.size()), grainEdges,
                                   [&](int64_t i) { return p[i] + i; });
}

FrontierEdgePrefix::FrontierEdgePrefix(const std::vector<VertexId> &frontier,
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
