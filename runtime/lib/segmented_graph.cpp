//===- segmented_graph.cpp - Cache-blocked in-edges ---------------------===//
//
// The CSC split by source range (detail/edge_splitter.h), cached per graph.
//
//===----------------------------------------------------------------------===//
#include "polyrt/segmented_graph.h"

#include "polyrt/edge_chunks.h"

#include "detail/edge_splitter.h"
#include "detail/graph_cache.h"

#include <omp.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>

namespace polyrt {
namespace {

/// Source boundaries: segment s holds sources [b[s], b[s+1]).
std::vector<VertexId> sourceBoundaries(const EdgeOffset *outOffsets, VertexId n, int64_t count,
                                       SegmentSplit how) {
  std::vector<VertexId> b(count + 1);
  b[count] = n;
  EdgeOffset m = outOffsets[n];
  for (int64_t s = 1; s < count; ++s) {
    if (how == SegmentSplit::VertexCount) {
      b[s] = static_cast<VertexId>(int64_t{n} * s / count);
    } else {
      // The first source whose out-edges start at or past s/count of them,
      // kept strictly increasing with room for the segments after it.
      EdgeOffset target = m / count * s + m % count * s / count; // m * s / count
      auto v = static_cast<VertexId>(std::lower_bound(outOffsets, outOffsets + n + 1, target) -
                                     outOffsets);
      b[s] = std::clamp<VertexId>(v, b[s - 1] + 1, static_cast<VertexId>(n - (count - s)));
    }
  }
  return b;
}

/// Keyed by the segment count and the split.
using SegmentKey = std::pair<int64_t, SegmentSplit>;
template <typename W> detail::GraphCache<W, SegmentKey, SegmentedGraph<W>> &cache() {
  static detail::GraphCache<W, SegmentKey, SegmentedGraph<W>> instance;
  return instance;
}

} // namespace

template <typename W>
const SegmentedGraph<W> &segmentedInEdges(Graph<W> &g, int64_t numSegments, SegmentSplit how) {
  VertexId n = g.numVertices();
  if (numSegments < 1 || numSegments > std::max<int64_t>(n, 1))
    throw Error("the number of segments must be between 1 and the number of vertices (" +
                std::to_string(n) + "); it is " + std::to_string(numSegments));
  g.buildInEdges();
  return cache<W>().get(g, SegmentKey{numSegments, how}, [&] {
    std::vector<VertexId> bounds = sourceBoundaries(g.outOffsets(), n, numSegments, how);
    return detail::EdgeSplitter<W>(n, g.inOffsets(), g.inNeighbors(), g.inWeights(),
                                   std::move(bounds))
        .build();
  });
}

template <typename W> void forgetSegmentedGraphs(const Graph<W> &g) { cache<W>().forget(g); }

#define POLYRT_INSTANTIATE(W)                                                               \
  template const SegmentedGraph<W> &segmentedInEdges<W>(Graph<W> &, int64_t, SegmentSplit);  \
  template void forgetSegmentedGraphs<W>(const Graph<W> &);
POLYRT_FOR_EACH_WEIGHT(POLYRT_INSTANTIATE)
#undef POLYRT_INSTANTIATE

} // namespace polyrt
